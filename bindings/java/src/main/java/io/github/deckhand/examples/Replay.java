package io.github.deckhand.examples;

import io.github.deckhand.Deckhand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@code replay FILE}: prints what {@code deckhand replay FILE} prints (one line of JSON, the
 * library's dh_record_replay_json) and exits as it does: 0 when every line is legal, 1 when a line
 * is refused, 2 when the record cannot be read (missing, not a file, over 64 MiB), with the CLI's
 * JSON for that. "-" reads standard input.
 */
public final class Replay {
  private Replay() {}

  /** The most the CLI reads (src/cli/cli_util.hpp). */
  static final long CAP = 64L << 20;

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: replay FILE (- = standard input)");
      System.exit(2);
    }
    PrintStream out = System.out;
    int status = run(args[0], out, System.err, System.in);
    out.flush();
    System.exit(status);
  }

  /** Replays {@code path} writing the JSON line to {@code out}; returns the exit status. */
  public static int run(String path, OutputStream out, PrintStream err, InputStream stdin)
      throws IOException {
    String name = path.equals("-") ? "standard input" : quote(path);
    byte[] record;
    try {
      if (!path.equals("-") && !Files.isRegularFile(Path.of(path))) {
        String why =
            Files.exists(Path.of(path)) ? "not a regular file" : "No such file or directory";
        return refused(out, "unreadable_input", "cannot read " + name + ": " + why);
      }
      InputStream in = path.equals("-") ? stdin : Files.newInputStream(Path.of(path));
      try {
        record = readCapped(in);
      } finally {
        if (in != stdin) in.close();
      }
    } catch (NoSuchFileException e) {
      return refused(
          out, "unreadable_input", "cannot read " + name + ": No such file or directory");
    } catch (AccessDeniedException e) {
      return refused(out, "unreadable_input", "cannot read " + name + ": Permission denied");
    } catch (IOException e) {
      return refused(out, "unreadable_input", "reading " + name + " failed");
    }
    if (record == null) {
      return refused(
          out, "input_too_large", name + " is larger than 64 MiB, the most deckhand reads");
    }
    byte[] json;
    try {
      json = Deckhand.replayJson(record);
    } catch (IllegalArgumentException e) {
      // The C ABI takes the record as NUL-terminated text: a NUL byte cannot reach it.
      err.println("replay: " + e.getMessage() + "; the C ABI cannot take it");
      return 1;
    }
    out.write(json);
    out.write('\n');
    out.flush();
    String text = new String(json, StandardCharsets.UTF_8);
    return text.startsWith("{\"ok\": true") ? 0 : 1;
  }

  /** The whole input, or null when it is longer than CAP. */
  private static byte[] readCapped(InputStream in) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    byte[] chunk = new byte[1 << 16];
    long total = 0;
    int got;
    while ((got = in.read(chunk)) > 0) {
      total += got;
      if (total > CAP) return null;
      buf.write(chunk, 0, got);
    }
    return buf.toByteArray();
  }

  private static int refused(OutputStream out, String code, String detail) throws IOException {
    String message = code + ": " + detail;
    String line =
        "{\"ok\": false, \"line\": 0, \"code\": "
            + json(code)
            + ", \"message\": "
            + json(message)
            + "}\n";
    out.write(line.getBytes(StandardCharsets.UTF_8));
    out.flush();
    return 2;
  }

  /**
   * 'text' as the CLI quotes a path: control characters, backslash and apostrophe escaped (\\n,
   * \\t, \\r, \\xHH), other characters kept (paths of up to 96 bytes).
   */
  private static String quote(String s) {
    StringBuilder b = new StringBuilder("'");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'' || c == '\\') b.append('\\').append(c);
      else if (c == '\n') b.append("\\n");
      else if (c == '\t') b.append("\\t");
      else if (c == '\r') b.append("\\r");
      else if (c < 0x20 || c == 0x7f) b.append(String.format("\\x%02x", (int) c));
      else b.append(c);
    }
    return b.append('\'').toString();
  }

  private static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
