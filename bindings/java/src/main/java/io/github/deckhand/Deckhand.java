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
   * The same for a record given as its raw bytes, NUL bytes and all (a file's, which may hold bytes
   * that are not UTF-8: they reach the library as they are, as the CLI reads them), giving the
   * JSON's bytes: what {@code deckhand replay FILE} prints for a file of these bytes.
   */
  public static byte[] replayJson(byte[] record) {
    java.util.Objects.requireNonNull(record, "record");
    byte[] r = record.length == 0 ? null : record;
    return Native.readBytes(
        (len, buf, cap) ->
            Native.LIB.dh_record_replay_json_n(len, buf, cap, r, Native.size(record.length)),
        true);
  }

  /**
   * Text quoted as the library and the {@code deckhand} tool quote input in their messages: in
   * apostrophes, control characters and bytes that are not UTF-8 escaped visibly, cut after 96
   * bytes with "..." (for a program that names a file as the tool does).
   */
  public static String quote(byte[] text) {
    java.util.Objects.requireNonNull(text, "text");
    byte[] t = text.length == 0 ? null : text;
    return Native.readText(
        (len, buf, cap) -> Native.LIB.dh_quote(len, buf, cap, t, Native.size(text.length)));
  }
}
