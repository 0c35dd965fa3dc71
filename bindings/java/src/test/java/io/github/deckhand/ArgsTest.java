package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Arguments the binding refuses before any C call, beyond the shared table: the Java forms of
 * options, null anywhere, text Java can hold but UTF-8 cannot, and closed handles. Each refusal
 * leaves the game as it was.
 */
class ArgsTest {
  private static final Catalog.GameInfo INFO = Catalog.games().get(0);

  private static void unchanged(Game g, Runnable call, Class<? extends Throwable> expected) {
    byte[] before = g.serialize();
    String record = g.record();
    assertThrows(expected, call::run);
    assertArrayEquals(before, g.serialize());
    assertEquals(record, g.record());
  }

  /** Seeds are uint64_t: 2^63 and up pass as negative longs, printed unsigned in the record. */
  @Test
  void seedsTakeAllSixtyFourBits() {
    long top = Long.parseUnsignedLong("18446744073709551615");
    long half = Long.parseUnsignedLong("9223372036854775808");
    try (Game a = new Game(INFO.name(), 0);
        Game b = new Game(INFO.name(), 0);
        Game c = new Game(INFO.name(), 0)) {
      a.deal(top);
      assertTrue(a.record().contains("deal seed 18446744073709551615\n"), a.record());
      b.deal(half);
      assertTrue(b.record().contains("deal seed " + Long.toUnsignedString(half) + "\n"));
      c.deal(Long.MAX_VALUE);
      assertFalse(java.util.Arrays.equals(a.serialize(), c.serialize()));
      try (Game replayed = Game.fromRecord(a.record())) {
        assertArrayEquals(a.serialize(), replayed.serialize());
      }
    }
    new Bot(INFO.name(), "basic", top).close();
  }

  @Test
  void optionsInEveryForm() {
    Map<String, String> nullValue = new HashMap<>();
    nullValue.put("history", null);
    Map<String, String> nullKey = new HashMap<>();
    nullKey.put(null, "on");
    assertThrows(NullPointerException.class, () -> new Game(INFO.name(), 0, nullValue));
    assertThrows(NullPointerException.class, () -> new Game(INFO.name(), 0, nullKey));
    assertThrows(
        IllegalArgumentException.class, () -> new Game(INFO.name(), 0, Map.of("history", "on\0")));
    assertThrows(
        IllegalArgumentException.class, () -> new Game(INFO.name(), 0, List.of("history=\ud800")));
    List<String> withNull = new ArrayList<>(Arrays.asList("history=on", null));
    assertThrows(NullPointerException.class, () -> new Game(INFO.name(), 0, withNull));
    DeckhandException twice =
        assertThrows(
            DeckhandException.class,
            () -> new Game(INFO.name(), 0, List.of("history=on", "HISTORY = off")));
    assertEquals(Status.BAD_OPTION, twice.status());
    try (Game g = new Game(INFO.name(), 0, (Map<String, String>) null)) {
      assertTrue(g.keepsHistory());
    }
    try (Game g = new Game(INFO.name(), 0, (List<String>) null)) {
      assertTrue(g.keepsHistory());
    }
  }

  @Test
  void refusedArgumentsLeaveTheGameAsItWas() {
    try (Game g = new Game(INFO.name(), INFO.minPlayers())) {
      g.deal(3);
      int seat = g.toAct().orElseThrow();
      unchanged(g, () -> g.apply(seat, null), NullPointerException.class);
      unchanged(g, () -> g.apply(seat, "\udc00"), IllegalArgumentException.class);
      unchanged(g, () -> g.apply(Integer.MIN_VALUE, "pass"), IllegalArgumentException.class);
      unchanged(g, () -> g.applyLegal(Integer.MIN_VALUE), IllegalArgumentException.class);
      unchanged(g, () -> g.dealCards(null), NullPointerException.class);
      // 2^63 is a seed (uint64_t): it reaches the library, which has no reshuffle to make here.
      unchanged(g, () -> g.reshuffle(Long.MIN_VALUE), DeckhandException.class);
      unchanged(g, () -> g.reshuffleStock("stock:\0"), IllegalArgumentException.class);
      unchanged(g, () -> g.randomPlayout(1, -1), IllegalArgumentException.class);
      unchanged(g, () -> g.copyFrom(null), NullPointerException.class);
      unchanged(g, () -> g.viewText(-1), IllegalArgumentException.class);
      try (Bot bot = new Bot(INFO.name())) {
        unchanged(g, () -> bot.choose(null), NullPointerException.class);
        unchanged(g, () -> bot.choose(g, -5), IllegalArgumentException.class);
        int other = (seat + 1) % g.players();
        assertTrue(bot.choose(g, other).isEmpty(), "not that seat's turn");
        assertTrue(bot.choose(g, seat).isPresent());
        DeckhandException past =
            assertThrows(DeckhandException.class, () -> bot.choose(g, g.players() + 1));
        assertEquals(Status.INVALID_ARGUMENT, past.status());
      }
    }
    assertThrows(NullPointerException.class, () -> Game.deserialize(null));
    assertThrows(NullPointerException.class, () -> Game.fromRecord(null));
    assertThrows(NullPointerException.class, () -> Deckhand.replayJson((String) null));
    assertThrows(IllegalArgumentException.class, () -> new Bot(INFO.name(), "basic\0", 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Bot(INFO.name(), "strong", 0, Map.of("samples", "1\0")));
  }

  @Test
  void tableArguments() {
    assertThrows(IllegalArgumentException.class, () -> new Table(INFO.name(), -1, 0));
    new Table(INFO.name(), 0, -1).close(); // the seed 2^64 - 1
    assertThrows(IllegalArgumentException.class, () -> Table.options().decisionMs(-1));
    assertThrows(NullPointerException.class, () -> Table.options().standin(null));
    DeckhandException bad =
        assertThrows(
            DeckhandException.class,
            () -> new Table(INFO.name(), 0, null, Map.of("no_such_table_option", "1"), 0));
    assertEquals(Status.BAD_OPTION, bad.status());
    try (Table t = new Table(INFO.name(), 0, 1)) {
      byte[] before = t.serialize();
      assertThrows(IllegalArgumentException.class, () -> t.eventsJson(0, -1));
      assertThrows(IllegalArgumentException.class, () -> t.legalActions(-1));
      assertThrows(IllegalArgumentException.class, () -> t.snapshotJson(-2));
      assertThrows(NullPointerException.class, () -> Table.deserialize(null));
      assertEquals(
          Status.CORRUPT,
          assertThrows(DeckhandException.class, () -> Table.deserialize(new byte[8])).status());
      assertArrayEquals(before, t.serialize());
    }
  }

  @Test
  void aCopyIsIndependentAndOutlivesItsSource() {
    Game a = new Game(INFO.name(), INFO.minPlayers());
    a.deal(5);
    Game b = a.copy();
    a.applyLegal(0);
    assertFalse(Arrays.equals(a.serialize(), b.serialize()));
    a.close();
    assertEquals(INFO.name(), b.name());
    b.close();
  }
}
