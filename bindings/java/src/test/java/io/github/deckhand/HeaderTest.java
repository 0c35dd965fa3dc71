package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every function Native.Lib declares against capi/include/deckhand.h as
 * tests/bindings/deckhand_header.py reads it (python3 with pycparser, as for the Rust and Go
 * bindings): it exists, with the same number of parameters, and each Java type is one JNA passes as
 * that C type (int for int32_t, long for a 64-bit integer, SizeT for size_t, DhError for dh_error*,
 * byte[] or Pointer for text and bytes, ...).
 */
class HeaderTest {
  private static JsonObject header() throws Exception {
    Process p =
        new ProcessBuilder(
                "python3", Support.repo().resolve("tests/bindings/deckhand_header.py").toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    p.getOutputStream().close();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(0, p.waitFor(), "tests/bindings/deckhand_header.py (python3 with pycparser)");
    return JsonParser.parseString(out).getAsJsonObject();
  }

  /** The Java types JNA passes as the C type {@code t} (the header script's form). */
  private static Set<Class<?>> javaTypes(JsonElement t) {
    JsonArray a = t.getAsJsonArray();
    String kind = a.get(0).getAsString();
    if (kind.equals("void")) return Set.of(void.class);
    if (kind.equals("scalar")) {
      return switch (a.get(1).getAsString()) {
        case "int", "int32_t", "uint32_t" -> Set.of(int.class);
        case "int64_t", "uint64_t" -> Set.of(long.class);
        case "size_t" -> Set.of(Native.SizeT.class);
        default -> Set.of();
      };
    }
    JsonArray to = a.get(1).getAsJsonArray();
    String toKind = to.get(0).getAsString();
    if (toKind.equals("pointer")) return Set.of(PointerByReference.class, Pointer.class);
    String name = to.get(1).getAsString();
    if (toKind.equals("scalar")) {
      return switch (name) {
        case "char", "uint8_t" -> Set.of(byte[].class, Pointer.class, String.class);
        case "size_t" -> Set.of(Native.SizeTByReference.class);
        case "int32_t" -> Set.of(IntByReference.class, int[].class, Pointer.class);
        case "int64_t", "uint64_t" -> Set.of(LongByReference.class, long[].class, Pointer.class);
        case "float" -> Set.of(float[].class, Pointer.class);
        default -> Set.of(Pointer.class);
      };
    }
    return switch (name) {
      case "dh_error" -> Set.of(Native.DhError.class);
      case "dh_game_info" -> Set.of(Native.DhGameInfo.class);
      case "dh_option_info" -> Set.of(Native.DhOptionInfo.class);
      case "dh_action_kind_info" -> Set.of(Native.DhActionKindInfo.class);
      case "dh_action" -> Set.of(byte[].class, Pointer.class);
      default -> Set.of(Pointer.class); // the handles
    };
  }

  @Test
  void everyDeclarationIsTheHeaders() throws Exception {
    JsonObject functions = header().getAsJsonObject("functions");
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (Method m : Native.Lib.class.getDeclaredMethods()) {
      JsonObject f = functions.getAsJsonObject(m.getName());
      if (f == null) {
        wrong.add(m.getName() + ": not in deckhand.h");
        continue;
      }
      JsonArray params = f.getAsJsonArray("params");
      Class<?>[] types = m.getParameterTypes();
      if (params.size() != types.length) {
        wrong.add(m.getName() + ": " + types.length + " parameters, the header " + params.size());
        continue;
      }
      if (!javaTypes(f.get("result")).contains(m.getReturnType()))
        wrong.add(
            m.getName()
                + ": returns "
                + m.getReturnType().getSimpleName()
                + ", C "
                + f.get("result"));
      for (int i = 0; i < types.length; i++) {
        if (!javaTypes(params.get(i)).contains(types[i]))
          wrong.add(
              m.getName()
                  + " parameter "
                  + (i + 1)
                  + ": "
                  + types[i].getSimpleName()
                  + ", C "
                  + params.get(i));
      }
      ++checked;
    }
    assertTrue(checked > 50, "declarations checked: " + checked);
    assertEquals(List.of(), wrong);
  }
}
