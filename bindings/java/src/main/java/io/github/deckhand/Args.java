package io.github.deckhand;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks of every argument passed to the C ABI, made before the C call (issue 28), so that a
 * refused argument reaches no C function and changes nothing: null is {@link NullPointerException},
 * a value outside what the C parameter means (a negative seat, a NUL in text, a lone surrogate)
 * {@link IllegalArgumentException}. Messages name the argument.
 */
final class Args {
  private Args() {}

  static int seat(int value, String name) {
    if (value < 0)
      throw new IllegalArgumentException(name + ": " + value + " is not a seat (0 or more)");
    return value;
  }

  static int index(int value, String name) {
    if (value < 0)
      throw new IllegalArgumentException(name + ": " + value + " is not an index (0 or more)");
    return value;
  }

  static int players(int value) {
    if (value < 0)
      throw new IllegalArgumentException(
          "players: " + value + " (0 for the game's default, else 1 or more)");
    return value;
  }

  /**
   * A seed: deckhand.h's uint64_t as the 64 bits of a long, every value taken (Java has no unsigned
   * long): seeds from 2^63 up are negative longs, written with {@code
   * Long.parseUnsignedLong("18446744073709551615")} and printed with {@code
   * Long.toUnsignedString(seed)}, as records print them.
   */
  static long seed(long value, String name) {
    return value;
  }

  static long nonNegative(long value, String name) {
    if (value < 0) throw new IllegalArgumentException(name + ": " + value + " is negative");
    return value;
  }

  /** `value` as UTF-8 bytes for a C string: not null, no NUL, no lone surrogate. */
  static byte[] text(String value, String name) {
    Objects.requireNonNull(value, name);
    int nul = value.indexOf('\0');
    if (nul >= 0)
      throw new IllegalArgumentException(name + ": contains a NUL character (at " + nul + ")");
    CharsetEncoder enc =
        StandardCharsets.UTF_8
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      ByteBuffer b = enc.encode(CharBuffer.wrap(value));
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(name + ": not encodable as UTF-8 (a lone surrogate)");
    }
  }

  static byte[] cText(String value, String name) {
    return Native.cstr(text(value, name));
  }

  static byte[] data(byte[] value, String name) {
    return Objects.requireNonNull(value, name);
  }

  /** Options as "key=value" UTF-8 strings from a map (null: none). */
  static List<byte[]> options(Map<String, String> options, String name) {
    List<byte[]> out = new ArrayList<>();
    if (options == null) return out;
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = Objects.requireNonNull(e.getKey(), name + ": a null key");
      String value = Objects.requireNonNull(e.getValue(), name + "[" + key + "]: null");
      out.add(text(key + "=" + value, name + "[" + key + "]"));
    }
    return out;
  }

  /** Options given as a list of "key=value" strings (null: none). */
  static List<byte[]> optionList(List<String> options, String name) {
    List<byte[]> out = new ArrayList<>();
    if (options == null) return out;
    for (int i = 0; i < options.size(); i++) {
      out.add(
          text(Objects.requireNonNull(options.get(i), name + "[" + i + "]"), name + "[" + i + "]"));
    }
    return out;
  }
}
