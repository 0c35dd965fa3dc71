package io.github.deckhand.examples;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import io.github.deckhand.Deckhand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code replay FILE}: prints what {@code deckhand replay FILE} prints (one line of JSON, the
 * library's dh_record_replay_json_n) and exits as it does: 0 when every line is legal, 1 when a
 * line is refused, 2 when the record cannot be read (missing, not a regular file, over 64 MiB),
 * with the CLI's JSON for that. "-" reads standard input.
 *
 * <p>The path is taken as bytes: the bindings/java/replay script passes them in hex (system
 * property deckhand.replay.path.hex), since the JVM decodes its arguments and a name that is not
 * UTF-8 would lose bytes. The name is quoted by the library (Deckhand.quote) as the tool quotes it.
 * On Linux the file is found as the tool finds it, through the C library (open with O_PATH: the
 * errors of stat, with strerror's words, and no wait on a FIFO), whatever its name's bytes.
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
    String hex = System.getProperty("deckhand.replay.path.hex");
    byte[] path = hex != null ? fromHex(hex) : args[0].getBytes(jnuCharset());
    PrintStream out = System.out;
    int status = run(path, out, System.err, System.in);
    out.flush();
    System.exit(status);
  }

  /** Replays {@code path} writing the JSON line to {@code out}; returns the exit status. */
  public static int run(String path, OutputStream out, PrintStream err, InputStream stdin)
      throws IOException {
    return run(path.getBytes(jnuCharset()), out, err, stdin);
  }

  /** The same for a path given as its bytes. */
  public static int run(byte[] path, OutputStream out, PrintStream err, InputStream stdin)
      throws IOException {
    boolean isStdin = Arrays.equals(path, new byte[] {'-'});
    String name = isStdin ? "standard input" : Deckhand.quote(path);
    byte[] record;
    if (isStdin) {
      try {
        record = readCapped(stdin);
      } catch (IOException e) {
        return refused(out, "unreadable_input", "reading " + name + " failed");
      }
    } else {
      Opened file = open(path);
      if (file.failure != null)
        return refused(out, "unreadable_input", "cannot read " + name + ": " + file.failure);
      try (InputStream in = Files.newInputStream(file.path)) {
        record = readCapped(in);
      } catch (AccessDeniedException e) {
        return refused(out, "unreadable_input", "cannot read " + name + ": " + strerror(13));
      } catch (IOException e) {
        return refused(out, "unreadable_input", "reading " + name + " failed");
      } finally {
        file.close();
      }
    }
    if (record == null) {
      return refused(
          out, "input_too_large", name + " is larger than 64 MiB, the most deckhand reads");
    }
    byte[] json = Deckhand.replayJson(record);
    out.write(json);
    out.write('\n');
    out.flush();
    String text = new String(json, StandardCharsets.UTF_8);
    return text.startsWith("{\"ok\": true") ? 0 : 1;
  }

  /** The C library's calls that find a file by the bytes of its name (Linux). */
  interface LibC extends Library {
    int open(byte[] path, int flags) throws LastErrorException;

    int close(int fd);

    Pointer strerror(int errnum);
  }

  private static final int O_PATH = 010000000; // Linux, every architecture's value
  private static final int O_CLOEXEC = 02000000;
  private static LibC libc;

  private static synchronized LibC libc() {
    if (libc == null) libc = com.sun.jna.Native.load("c", LibC.class);
    return libc;
  }

  private static String strerror(int errno) {
    if (!Platform.isLinux()) return errno == 13 ? "Permission denied" : "error " + errno;
    return libc().strerror(errno).getString(0, "UTF-8");
  }

  /** A file found for reading: a path to open, or why not (the tool's words). */
  private static final class Opened {
    Path path;
    String failure;
    int fd = -1;

    void close() {
      if (fd >= 0) libc().close(fd);
      fd = -1;
    }
  }

  /**
   * Finds the file as the tool does (stat, then "not a regular file" for anything else: a directory
   * or a FIFO is never opened for reading). On Linux through an O_PATH descriptor, which resolves
   * the name as stat does and never blocks; /proc/self/fd/N then reaches the file.
   */
  private static Opened open(byte[] path) {
    Opened o = new Opened();
    if (Platform.isLinux()) {
      try {
        o.fd = libc().open(Arrays.copyOf(path, path.length + 1), O_PATH | O_CLOEXEC);
      } catch (LastErrorException e) {
        o.failure = strerror(e.getErrorCode());
        return o;
      }
      o.path = Path.of("/proc/self/fd/" + o.fd);
    } else {
      o.path = Path.of(new String(path, jnuCharset()));
    }
    try {
      if (!Files.readAttributes(o.path, java.nio.file.attribute.BasicFileAttributes.class)
          .isRegularFile()) o.failure = "not a regular file";
    } catch (NoSuchFileException e) {
      o.failure = "No such file or directory";
    } catch (AccessDeniedException e) {
      o.failure = "Permission denied";
    } catch (FileSystemException e) {
      String reason = e.getReason() == null ? "" : e.getReason();
      o.failure = reason.replace(" or unable to access attributes of symbolic link", "");
    } catch (IOException e) {
      o.failure = String.valueOf(e.getMessage());
    }
    if (o.failure != null) o.close();
    return o;
  }

  /** The charset the JVM decodes file names and arguments with. */
  private static Charset jnuCharset() {
    String jnu = System.getProperty("sun.jnu.encoding");
    try {
      return jnu == null ? Charset.defaultCharset() : Charset.forName(jnu);
    } catch (IllegalArgumentException e) {
      return Charset.defaultCharset();
    }
  }

  private static byte[] fromHex(String hex) {
    byte[] b = new byte[hex.length() / 2];
    for (int i = 0; i < b.length; i++)
      b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    return b;
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

  /** s as a JSON string as the tool writes one (a quoted name has no control characters). */
  private static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c == '\n') b.append("\\n");
      else if (c == '\t') b.append("\\t");
      else if (c == '\r') b.append("\\r");
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
