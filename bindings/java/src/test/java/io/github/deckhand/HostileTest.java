package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The shared hostile-input suite, tests/hostile/cases.json (docs/hostile-input.md), through the
 * Java binding. Java is statically typed: a case whose argument has a type the Java method does not
 * declare (text or a double where an int seat is, a number where text is, an integer past int's or
 * long's range, JS undefined) cannot be written as a call, since javac refuses it; such a case is
 * skipped with that reason. Expectations in Java: "type" with null is NullPointerException, "value"
 * IllegalArgumentException (never the library's error: the value did not reach C), "error:STATUS" a
 * DeckhandException of that status. Every refused call must leave the setup game's serialize()
 * bytes and record text as they were.
 */
class HostileTest {
  /** Thrown while converting an argument that Java cannot express. */
  static final class Inexpressible extends Exception {
    private static final long serialVersionUID = 1L;

    Inexpressible(String why) {
      super(why);
    }
  }

  private static final Object UNDEFINED = new Object();
  private static final Object GAME = new Object();

  private JsonObject table;

  @TestFactory
  Stream<DynamicTest> hostileCases() throws IOException {
    table =
        JsonParser.parseString(Files.readString(Support.repo().resolve("tests/hostile/cases.json")))
            .getAsJsonObject();
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonElement e : table.getAsJsonArray("cases")) {
      JsonObject c = e.getAsJsonObject();
      tests.add(DynamicTest.dynamicTest(c.get("id").getAsString(), () -> run(c)));
    }
    return tests.stream();
  }

  private Game setup(String name) {
    JsonObject s = table.getAsJsonObject("setups").getAsJsonObject(name);
    int players = s.has("players") ? s.get("players").getAsInt() : 0;
    Game g = new Game(s.get("game").getAsString(), players);
    if (s.has("deal")) g.deal(s.get("deal").getAsLong());
    return g;
  }

  private void run(JsonObject c) throws Exception {
    if (c.has("only")) {
      List<String> only = new ArrayList<>();
      for (JsonElement o : c.getAsJsonArray("only")) only.add(o.getAsString());
      Assumptions.assumeTrue(
          only.contains("java"), "a case only for " + only + " (their own types or methods)");
    }
    try (Game game = setup(c.get("setup").getAsString())) {
      List<Object> args = new ArrayList<>();
      for (JsonElement a : c.getAsJsonArray("args")) args.add(decode(a, game));
      byte[] image = game.serialize();
      String record = game.keepsHistory() ? game.record() : null;
      String expect = c.get("expect").getAsString();
      Throwable thrown = null;
      try {
        call(c.get("call").getAsString(), args, game, c.has("omit_ok"));
      } catch (Inexpressible skip) {
        Assumptions.abort("not expressible in Java: " + skip.getMessage());
      } catch (RuntimeException e) {
        thrown = e;
      }
      check(expect, thrown);
      if (thrown != null) {
        assertArrayEquals(image, game.serialize(), "a refused call changed the game's image");
        if (record != null)
          assertEquals(record, game.record(), "a refused call changed the record");
      }
    }
  }

  private static void check(String expect, Throwable thrown) {
    String got =
        thrown == null ? "success" : thrown.getClass().getSimpleName() + ": " + thrown.getMessage();
    switch (expect) {
      case "ok" -> assertNull(thrown, () -> "expected success, got " + got);
      case "type" ->
          assertTrue(
              thrown instanceof NullPointerException,
              () -> "expected NullPointerException, got " + got);
      case "value" ->
          assertTrue(
              thrown instanceof IllegalArgumentException,
              () -> "expected IllegalArgumentException, got " + got);
      case "error" ->
          assertTrue(
              thrown instanceof DeckhandException,
              () -> "expected a DeckhandException, got " + got);
      default -> {
        assertTrue(expect.startsWith("error:"), expect);
        assertTrue(
            thrown instanceof DeckhandException, () -> "expected " + expect + ", got " + got);
        assertEquals(expect.substring(6), ((DeckhandException) thrown).statusName(), got);
      }
    }
  }

  // ---- the table's encoding ----

  private static Object decode(JsonElement v, Game game) {
    if (v.isJsonNull()) return null;
    if (v.isJsonPrimitive()) {
      var p = v.getAsJsonPrimitive();
      if (p.isBoolean()) return p.getAsBoolean();
      if (p.isString()) return p.getAsString();
      String s = p.getAsString();
      return s.contains(".") || s.contains("e") || s.contains("E")
          ? (Object) p.getAsDouble()
          : new BigInteger(s);
    }
    if (v.isJsonArray()) {
      List<Object> out = new ArrayList<>();
      for (JsonElement x : v.getAsJsonArray()) out.add(decode(x, game));
      return out;
    }
    JsonObject o = v.getAsJsonObject();
    if (o.has("int")) return new BigInteger(o.get("int").getAsString());
    if (o.has("float")) {
      String f = o.get("float").getAsString();
      return switch (f) {
        case "nan" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> Double.parseDouble(f);
      };
    }
    if (o.has("undefined")) return UNDEFINED;
    if (o.has("repeat")) return o.get("repeat").getAsString().repeat(o.get("times").getAsInt());
    if (o.has("bytes_hex")) return HexFormat.of().parseHex(o.get("bytes_hex").getAsString());
    if (o.has("object")) return GAME;
    if (o.has("image")) {
      byte[] img = game.serialize();
      if (o.has("flip")) {
        JsonArray f = o.getAsJsonArray("flip");
        int at = f.get(0).getAsInt();
        if (at < 0) at += img.length;
        img[at] ^= (byte) f.get(1).getAsInt();
        return img;
      }
      return Arrays.copyOf(img, o.get("truncate").getAsInt());
    }
    if (o.has("repeat_list")) {
      List<Object> out = new ArrayList<>();
      Object item = decode(o.get("repeat_list"), game);
      for (int i = 0; i < o.get("times").getAsInt(); i++) out.add(item);
      return out;
    }
    if (o.has("numbered_list")) {
      List<Object> out = new ArrayList<>();
      String t = o.get("numbered_list").getAsString();
      for (int i = 0; i < o.get("times").getAsInt(); i++)
        out.add(t.replace("{}", Integer.toString(i)));
      return out;
    }
    Map<String, Object> map = new LinkedHashMap<>();
    for (var e : o.entrySet()) map.put(e.getKey(), decode(e.getValue(), game));
    return map;
  }

  // ---- a value as the Java type a parameter declares ----

  private static String kind(Object v) {
    if (v == UNDEFINED) return "JS undefined";
    if (v == GAME) return "a Game";
    if (v instanceof BigInteger) return "an integer";
    if (v instanceof Double) return "a double";
    if (v instanceof String) return "a String";
    if (v instanceof Boolean) return "a boolean";
    if (v instanceof byte[]) return "a byte[]";
    if (v instanceof List) return "a List";
    if (v instanceof Map) return "a Map";
    return "null";
  }

  private static int asInt(Object v, String param) throws Inexpressible {
    if (v instanceof BigInteger b) {
      if (b.bitLength() < 32) return b.intValue();
      throw new Inexpressible(
          b
              + " is not an int ("
              + param
              + " is an int; (int) would be the caller's own truncation)");
    }
    if (v == null) throw new Inexpressible(param + " is an int, which cannot be null");
    throw new Inexpressible("javac refuses " + kind(v) + " where " + param + " is an int");
  }

  private static long asLong(Object v, String param) throws Inexpressible {
    if (v instanceof BigInteger b) {
      if (b.bitLength() < 64) return b.longValue();
      throw new Inexpressible(b + " is not a long (" + param + ")");
    }
    if (v == null) throw new Inexpressible(param + " is a long, which cannot be null");
    throw new Inexpressible("javac refuses " + kind(v) + " where " + param + " is a long");
  }

  /**
   * A seed (uint64_t) as a Java program writes one that may be 2^63 or more: its decimal text
   * through Long.parseUnsignedLong, which refuses a negative number or one of 2^64 and up
   * (NumberFormatException, an IllegalArgumentException: "value").
   */
  private static long asSeed(Object v) throws Inexpressible {
    if (v instanceof BigInteger b) return Long.parseUnsignedLong(b.toString());
    return asLong(v, "seed");
  }

  private static String asString(Object v, String param) throws Inexpressible {
    if (v == null || v instanceof String) return (String) v;
    throw new Inexpressible("javac refuses " + kind(v) + " where " + param + " is a String");
  }

  private static byte[] asBytes(Object v, String param) throws Inexpressible {
    if (v == null || v instanceof byte[]) return (byte[]) v;
    throw new Inexpressible("javac refuses " + kind(v) + " where " + param + " is a byte[]");
  }

  private static Object arg(List<Object> args, int i, boolean omitOk) throws Inexpressible {
    Object v = i < args.size() ? args.get(i) : null;
    if (v == UNDEFINED)
      throw new Inexpressible(
          "Java has no undefined" + (omitOk ? "" : " and the case may not omit it"));
    return v;
  }

  private static void call(String name, List<Object> a, Game game, boolean omitOk)
      throws Inexpressible {
    switch (name) {
      case "new_game" -> {
        String gameName = asString(arg(a, 0, omitOk), "name");
        Object p = arg(a, 1, omitOk);
        int players = p == null ? 0 : asInt(p, "players");
        Object options = arg(a, 2, omitOk);
        if (options == null || options instanceof Map) {
          Map<String, String> map = new LinkedHashMap<>();
          if (options != null) {
            for (var e : ((Map<?, ?>) options).entrySet()) {
              Object value = e.getValue();
              // an option value is text in Java: an integer is written as its digits
              if (value instanceof BigInteger) value = value.toString();
              map.put((String) e.getKey(), asString(value, "an option's value"));
            }
          }
          new Game(gameName, players, map).close();
        } else if (options instanceof List<?> list) {
          List<String> strings = new ArrayList<>();
          for (Object o : list) strings.add(asString(o, "an option"));
          new Game(gameName, players, strings).close();
        } else {
          throw new Inexpressible(
              "javac refuses " + kind(options) + " where options is a Map or a List");
        }
      }
      case "view" -> {
        Object s = arg(a, 0, omitOk);
        if (s == null) game.viewJson();
        else game.viewJson(asInt(s, "seat"));
      }
      case "view_text" -> {
        Object s = arg(a, 0, omitOk);
        if (s == null) game.viewText();
        else game.viewText(asInt(s, "seat"));
      }
      case "apply" ->
          game.apply(asInt(arg(a, 0, omitOk), "seat"), asString(arg(a, 1, omitOk), "action"));
      case "check" ->
          game.check(asInt(arg(a, 0, omitOk), "seat"), asString(arg(a, 1, omitOk), "action"));
      case "is_legal" ->
          game.isLegal(asInt(arg(a, 0, omitOk), "seat"), asString(arg(a, 1, omitOk), "action"));
      case "apply_legal" -> game.applyLegal(asInt(arg(a, 0, omitOk), "index"));
      case "deal" -> game.deal(asSeed(arg(a, 0, omitOk)));
      case "deal_cards" -> game.dealCards(asString(arg(a, 0, omitOk), "cards"));
      case "deserialize" -> Game.deserialize(asBytes(arg(a, 0, omitOk), "data")).close();
      case "from_record" -> Game.fromRecord(asString(arg(a, 0, omitOk), "record")).close();
      case "bot_new" -> {
        String g = asString(arg(a, 0, omitOk), "gameName");
        String level = asString(arg(a, 1, omitOk), "level");
        long seed = asSeed(arg(a, 2, omitOk));
        new Bot(g, level, seed).close();
      }
      case "bot_choose" -> {
        int seat = asInt(arg(a, 0, omitOk), "seat");
        try (Bot bot = new Bot(game.name())) {
          bot.choose(game, seat);
        }
      }
      case "buy_winner" ->
          throw new Inexpressible(
              "the Java binding has no buyWinner: dh_game_buy_winner was deprecated before it"
                  + " existed (the game offers the discard itself)");
      default -> throw new Inexpressible("no Java method for the call " + name);
    }
  }
}
