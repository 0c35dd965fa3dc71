package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/** Compiles and runs the README's example as written (its first ```java block). */
class ReadmeExampleTest {
  @Test
  void theReadmeExampleRunsAsWritten() throws Exception {
    String readme = Files.readString(Support.repo().resolve("bindings/java/README.md"));
    int start = readme.indexOf("```java\n");
    assertTrue(start >= 0, "a ```java block in the README");
    String code = readme.substring(start + 8, readme.indexOf("```", start + 8));
    Path dir = Files.createTempDirectory("deckhand-readme");
    Path source = dir.resolve("Example.java");
    Files.writeString(source, code);
    String classpath =
        String.join(
            File.pathSeparator,
            Path.of(Game.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString(),
            Path.of(
                    com.sun.jna.Native.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "a JDK's compiler");
    int rc = javac.run(null, null, null, "-cp", classpath, "-d", dir.toString(), source.toString());
    assertEquals(0, rc, "the example compiles");
    PrintStream stdout = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (URLClassLoader loader =
        new URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      loader
          .loadClass("Example")
          .getMethod("main", String[].class)
          .invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(stdout);
    }
    String printed = out.toString(StandardCharsets.UTF_8).strip();
    Catalog.GameInfo first = Catalog.games().get(0);
    assertTrue(printed.startsWith(first.name() + " ["), printed);
    assertEquals(first.minPlayers(), printed.split(",").length, printed);
    for (File f : List.of(dir.toFile().listFiles())) f.delete();
    Files.delete(dir);
  }
}
