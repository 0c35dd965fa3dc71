package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import io.github.deckhand.examples.Replay;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The replay example agrees with `deckhand replay FILE` (stdout bytes and exit code) on every
 * record under tests/, in this JVM; the bindings/java/replay script on a few.
 */
class ReplayTest {
  record Outcome(byte[] stdout, int exit) {
    @Override
    public String toString() {
      return "exit " + exit + ": " + new String(stdout, java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  static List<Path> records() throws IOException {
    try (Stream<Path> s = Files.walk(Support.repo().resolve("tests"))) {
      return s.filter(p -> p.toString().endsWith(".rec")).sorted().collect(Collectors.toList());
    }
  }

  static Outcome run(List<String> command) throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    String repo = System.getProperty("deckhand.maven.repo");
    if (repo != null) b.environment().put("MAVEN_REPO", repo); // where the script finds JNA
    Process p = b.start();
    p.getOutputStream().close();
    byte[] out;
    try (InputStream in = p.getInputStream()) {
      out = in.readAllBytes();
    }
    return new Outcome(out, p.waitFor());
  }

  static Outcome cli(String path) throws IOException, InterruptedException {
    return run(List.of(Support.cli().toString(), "replay", path));
  }

  static Outcome inProcess(String path) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Replay.run(path, out, new PrintStream(err), InputStream.nullInputStream());
    return new Outcome(out.toByteArray(), exit);
  }

  @TestFactory
  Stream<DynamicTest> everyRecordAgreesWithTheCli() throws IOException {
    List<Path> recs = records();
    assertTrue(recs.size() >= 10, "records under tests/: " + recs.size());
    List<DynamicTest> tests = new ArrayList<>();
    for (Path rec : recs) {
      tests.add(
          DynamicTest.dynamicTest(
              Support.repo().relativize(rec).toString(),
              () -> {
                Outcome want = cli(rec.toString());
                Outcome got = inProcess(rec.toString());
                assertEquals(want.exit(), got.exit(), () -> "CLI " + want + " Java " + got);
                assertArrayEquals(
                    want.stdout(), got.stdout(), () -> "CLI " + want + " Java " + got);
              }));
    }
    return tests.stream();
  }

  @Test
  void unreadableInputsAgreeWithTheCli() throws Exception {
    for (String path :
        List.of(
            Support.repo().resolve("no-such.rec").toString(),
            Support.repo().resolve("tests").toString())) {
      Outcome want = cli(path);
      Outcome got = inProcess(path);
      assertEquals(want.exit(), got.exit(), () -> "CLI " + want + " Java " + got);
      assertArrayEquals(want.stdout(), got.stdout(), () -> "CLI " + want + " Java " + got);
    }
  }

  @Test
  void madeRecordsAgreeWithTheCli() throws Exception {
    List<byte[]> made = new ArrayList<>();
    made.add(new byte[0]);
    made.add("deckhand 1\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    made.add(new byte[] {'d', 'e', 'c', 'k', (byte) 0xff, (byte) 0xc3, '\n'});
    for (Catalog.GameInfo info : Catalog.games()) {
      try (Game g = new Game(info.name(), info.maxPlayers(), Support.unattended(info, 1))) {
        g.randomPlayout(11, 1_000_000);
        byte[] rec = g.record().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        made.add(rec);
        made.add(java.util.Arrays.copyOf(rec, rec.length * 2 / 3)); // cut mid-line
        byte[] bad = rec.clone();
        bad[rec.length / 2] = (byte) 0xfe; // a byte that is not UTF-8
        made.add(bad);
      }
    }
    Path dir = Files.createTempDirectory("deckhand-replay");
    try {
      for (int i = 0; i < made.size(); i++) {
        Path f = dir.resolve("made_" + i + ".rec");
        Files.write(f, made.get(i));
        Outcome want = cli(f.toString());
        Outcome got = inProcess(f.toString());
        assertEquals(want.exit(), got.exit(), () -> f + ": CLI " + want + " Java " + got);
        assertArrayEquals(want.stdout(), got.stdout(), () -> f + ": CLI " + want + " Java " + got);
        Files.delete(f);
      }
      // standard input through the script
      Path script = Support.repo().resolve("bindings/java/replay");
      Path rec = records().get(0);
      ProcessBuilder b =
          new ProcessBuilder(script.toString(), "-")
              .redirectInput(rec.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD);
      String repo = System.getProperty("deckhand.maven.repo");
      if (repo != null) b.environment().put("MAVEN_REPO", repo);
      Process p = b.start();
      byte[] out = p.getInputStream().readAllBytes();
      assertEquals(cli(rec.toString()).exit(), p.waitFor());
      assertArrayEquals(cli(rec.toString()).stdout(), out);
    } finally {
      Files.delete(dir);
    }
  }

  @Test
  void theReplayScriptAgreesWithTheCli() throws Exception {
    Path script = Support.repo().resolve("bindings/java/replay");
    List<Path> recs = records();
    List<String> some = new ArrayList<>();
    some.add(recs.get(0).toString());
    some.add(recs.get(recs.size() / 2).toString());
    some.add(recs.get(recs.size() - 1).toString());
    for (Path p : recs) if (p.getFileName().toString().startsWith("bad_")) some.add(p.toString());
    some.add(Support.repo().resolve("no-such.rec").toString());
    for (String path : some) {
      Outcome want = cli(path);
      Outcome got = run(List.of(script.toString(), path));
      assertEquals(want.exit(), got.exit(), () -> path + ": CLI " + want + " script " + got);
      assertArrayEquals(
          want.stdout(), got.stdout(), () -> path + ": CLI " + want + " script " + got);
    }
  }

  @Test
  void aRecordWithANulByteIsReplayedAsTheCliReadsIt() throws Exception {
    Path tmp = Files.createTempFile("deckhand", ".rec");
    try {
      Files.write(tmp, "deckhand 1\ngame x\0y\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      Outcome want = cli(tmp.toString());
      Outcome got = inProcess(tmp.toString());
      assertEquals(1, got.exit());
      assertArrayEquals(want.stdout(), got.stdout(), () -> "CLI " + want + " Java " + got);
    } finally {
      Files.delete(tmp);
    }
  }

  /**
   * The shared fixture tests/replay/compare.sh: awkward names (long, control and C1 characters,
   * apostrophes, bytes that are not UTF-8), a FIFO, a symlink loop, a path through a file, records
   * holding NUL bytes, CRLF lines... through bindings/java/replay and the CLI.
   */
  @Test
  void theSharedReplayCasesMatchTheCli() throws Exception {
    ProcessBuilder b =
        new ProcessBuilder(
                "bash",
                Support.repo().resolve("tests/replay/compare.sh").toString(),
                Support.cli().toString(),
                Support.repo().resolve("bindings/java/replay").toString())
            .redirectErrorStream(true);
    String repo = System.getProperty("deckhand.maven.repo");
    if (repo != null) b.environment().put("MAVEN_REPO", repo);
    Process p = b.start();
    p.getOutputStream().close();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    assertEquals(0, p.waitFor(), out);
  }
}
