package io.github.deckhand;

import java.nio.charset.StandardCharsets;

/** The library as a whole: its version and the replay of a record. */
public final class Deckhand {
  private Deckhand() {}

  /** The version of the library in use ("0.2.0"). */
  public static String version() {
    return Native.string(Native.LIB.dh_version());
  }

  /** major * 10000 + minor * 100 + patch of the library in use. */
  public static int versionNumber() {
    return Native.LIB.dh_version_number();
  }

  /** The JSON of `deckhand replay` for a record (docs/cli.md): read its "ok". */
  public static String replayJson(String record) {
    return new String(replayJson(Args.text(record, "record")), StandardCharsets.UTF_8);
  }

  /**
   * The same for a record given as its raw bytes (a file's, which may hold bytes that are not
   * UTF-8: they reach the library as they are, as the CLI reads them), giving the JSON's bytes. A
   * NUL byte cannot be passed through the C ABI's text: IllegalArgumentException.
   */
  public static byte[] replayJson(byte[] record) {
    java.util.Objects.requireNonNull(record, "record");
    for (int i = 0; i < record.length; i++) {
      if (record[i] == 0)
        throw new IllegalArgumentException("record: contains a NUL byte (at " + i + ")");
    }
    byte[] r = Native.cstr(record);
    return Native.readBytes(
        (len, buf, cap) -> Native.LIB.dh_record_replay_json(len, buf, cap, r), true);
  }
}
