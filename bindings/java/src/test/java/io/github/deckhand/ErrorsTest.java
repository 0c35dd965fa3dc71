package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Refusals: the exception's status, reason and message, and the game unchanged. */
class ErrorsTest {
  private static Catalog.GameInfo first() {
    return Catalog.games().get(0);
  }

  private static Game dealt(Catalog.GameInfo info) {
    Game g = new Game(info.name(), info.minPlayers());
    g.deal(7);
    return g;
  }

  @Test
  void wrongSeatAndIllegalActions() {
    for (Catalog.GameInfo info : Catalog.games()) {
      try (Game g = dealt(info)) {
        byte[] before = g.serialize();
        String recordBefore = g.record();
        int seat = g.toAct().orElseThrow();
        String legal = g.legalActions().get(0);
        int other = (seat + 1) % g.players();
        DeckhandException e = assertThrows(DeckhandException.class, () -> g.apply(other, legal));
        assertEquals(Status.WRONG_SEAT, e.status());
        assertEquals("DH_E_WRONG_SEAT", e.statusName());
        assertFalse(e.reason().isEmpty());
        assertTrue(e.getMessage().startsWith(e.reason()), e.getMessage());
        assertFalse(g.isLegal(other, legal));
        assertTrue(g.isLegal(seat, legal));
        g.check(seat, legal);
        DeckhandException p =
            assertThrows(DeckhandException.class, () -> g.apply(seat, "no such action"));
        assertEquals(Status.PARSE, p.status());
        assertThrows(DeckhandException.class, () -> g.isLegal(seat, "no such action"));
        DeckhandException r = assertThrows(DeckhandException.class, () -> g.viewJson(g.players()));
        assertEquals(Status.INVALID_ARGUMENT, r.status());
        assertEquals(
            Status.WRONG_PHASE, assertThrows(DeckhandException.class, () -> g.deal(1)).status());
        assertArrayEquals(before, g.serialize());
        assertEquals(recordBefore, g.record());
      }
    }
  }

  @Test
  void creationRefusals() {
    Catalog.GameInfo info = first();
    DeckhandException u = assertThrows(DeckhandException.class, () -> new Game("no-such-game"));
    assertEquals(Status.UNKNOWN_GAME, u.status());
    assertEquals(-4, u.code());
    DeckhandException o =
        assertThrows(
            DeckhandException.class, () -> new Game(info.name(), 0, Map.of("no_such_option", "1")));
    assertEquals(Status.BAD_OPTION, o.status());
    assertTrue(o.getMessage().contains("no_such_option"), o.getMessage());
    DeckhandException p =
        assertThrows(DeckhandException.class, () -> new Game(info.name(), info.maxPlayers() + 7));
    assertEquals(Status.INVALID_ARGUMENT, p.status());
    DeckhandException b =
        assertThrows(DeckhandException.class, () -> new Bot(info.name(), "godlike", 0));
    assertEquals(Status.BAD_OPTION, b.status());
    assertEquals(
        Status.UNKNOWN_GAME,
        assertThrows(DeckhandException.class, () -> new Bot("no-such-game")).status());
    assertThrows(NullPointerException.class, () -> new Game(null));
    assertThrows(IllegalArgumentException.class, () -> new Game(info.name(), -1));
    assertThrows(IllegalArgumentException.class, () -> new Game(info.name() + "\0"));
    new Bot(info.name(), "basic", -1).close(); // the seed 2^64 - 1 (uint64_t bits)
  }

  @Test
  void recordsAndImages() {
    Catalog.GameInfo info = first();
    DeckhandException r =
        assertThrows(DeckhandException.class, () -> Game.fromRecord("deckhand 1\nnot a line\n"));
    assertEquals(Status.RECORD, r.status());
    assertTrue(r.line() > 0, "line " + r.line());
    DeckhandException c =
        assertThrows(DeckhandException.class, () -> Game.deserialize(new byte[] {1, 2, 3}));
    assertEquals(Status.CORRUPT, c.status());
    try (Game g = new Game(info.name(), 0, List.of("history=off"))) {
      g.deal(1);
      assertFalse(g.keepsHistory());
      DeckhandException u = assertThrows(DeckhandException.class, g::record);
      assertEquals(Status.UNSUPPORTED, u.status());
      assertEquals("no_history", u.reason());
      try (Game back = Game.deserialize(g.serialize())) {
        assertArrayEquals(g.serialize(), back.serialize());
      }
    }
  }

  @Test
  void aClosedHandleRefusesCalls() {
    Game g = new Game(first().name());
    g.close();
    g.close();
    assertTrue(g.isClosed());
    assertThrows(IllegalStateException.class, g::phase);
    assertEquals("Game(closed)", g.toString());
    Bot b = new Bot(first().name());
    b.close();
    try (Game live = dealt(first())) {
      assertThrows(IllegalStateException.class, () -> b.choose(live));
    }
  }

  @Test
  void overGamesRefuseBotsAndActions() {
    Catalog.GameInfo info = first();
    try (Game g = new Game(info.name(), 0, Support.unattended(info, 1));
        Bot bot = new Bot(info.name())) {
      assertEquals(
          Status.WRONG_PHASE, assertThrows(DeckhandException.class, () -> bot.choose(g)).status());
      g.randomPlayout(1, 1_000_000);
      assertTrue(g.isOver());
      assertEquals(
          Status.GAME_OVER, assertThrows(DeckhandException.class, () -> bot.choose(g)).status());
      assertEquals(
          Status.INVALID_ARGUMENT,
          assertThrows(DeckhandException.class, () -> g.applyLegal(0)).status());
    }
  }
}
