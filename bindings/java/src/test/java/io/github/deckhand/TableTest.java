package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * A table of every game: a scripted human at seat 0 (a legal action drawn from a seeded generator,
 * at once), the library's bots at the other seats, the clock the test's own.
 */
class TableTest {
  @TestFactory
  Stream<DynamicTest> aScriptedHumanAndBotsPlayATableToItsEnd() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Catalog.GameInfo info : Catalog.games())
      tests.add(DynamicTest.dynamicTest(info.name(), () -> play(info)));
    return tests.stream();
  }

  private static void play(Catalog.GameInfo info) {
    Map<String, String> tableOptions =
        Table.options().botMs(200).dealMs(500).standin("basic").toMap();
    try (Table t =
        new Table(info.name(), info.minPlayers(), Support.unattended(info, 1), tableOptions, 42)) {
      int players = t.players();
      assertEquals(info.minPlayers(), players);
      t.seatHuman(0);
      assertEquals(Table.Holder.HUMAN, t.holder(0));
      assertEquals(Table.Holder.EMPTY, t.holder(1));
      DeckhandException notStarted =
          assertThrows(DeckhandException.class, () -> t.act(0, "pass", 0));
      assertEquals(Status.WRONG_PHASE, notStarted.status());
      assertEquals("not_started", notStarted.reason());
      for (int s = 1; s < players; s++) t.seatBot(s, Bot.LEVELS.get(s % 2 == 1 ? 1 : 0));
      assertEquals(Table.Holder.BOT, t.holder(1));
      DeckhandException taken = assertThrows(DeckhandException.class, () -> t.seatHuman(1));
      assertEquals("seat_taken", taken.reason());

      long now = 0;
      int humanActions = 0;
      long seenSeq = 0;
      List<JsonObject> humanEvents = new ArrayList<>();
      java.util.Random script = new java.util.Random(7);
      long actedAt =
          -1; // the seq before the human's last act: an answer to an offer may change nothing yet
      for (int step = 0; step < 100_000 && !t.isOver(); step++) {
        boolean acted = false;
        for (int seat : t.mayAct()) {
          if (seat == 0 && t.seq() != actedAt) {
            List<String> legal = t.legalActions(0);
            assertFalse(legal.isEmpty());
            actedAt = t.seq();
            t.act(0, legal.get(script.nextInt(legal.size())), now);
            humanActions++;
            acted = true;
            break;
          }
        }
        if (!acted) {
          long due = t.nextDueMs().orElse(now + 1000);
          now = Math.max(now, due);
          t.tick(now);
        }
        for (JsonElement e : JsonParser.parseString(t.eventsJson(0, seenSeq)).getAsJsonArray()) {
          JsonObject o = e.getAsJsonObject();
          assertTrue(o.get("seq").getAsLong() > seenSeq);
          seenSeq = o.get("seq").getAsLong();
          humanEvents.add(o);
        }
      }
      assertTrue(
          t.isOver(),
          () ->
              "the table ended: "
                  + t
                  + " mayAct "
                  + java.util.Arrays.toString(t.mayAct())
                  + " due "
                  + t.nextDueMs()
                  + " "
                  + t.snapshotJson().substring(0, 600));
      assertTrue(humanActions > 0);
      assertEquals("game_over", humanEvents.get(humanEvents.size() - 1).get("type").getAsString());
      assertEquals(t.seq(), seenSeq);
      assertEquals(players, t.scores().length);
      assertTrue(t.toAct().isEmpty());

      JsonObject snap = JsonParser.parseString(t.snapshotJson(0)).getAsJsonObject();
      assertEquals(t.seq(), snap.get("seq").getAsLong());
      JsonParser.parseString(t.snapshotJson());
      JsonArray spectator = JsonParser.parseString(t.eventsJson(0)).getAsJsonArray();
      assertFalse(spectator.isEmpty());

      try (Game g = t.game();
          Game replayed = Game.fromRecord(t.record());
          Table back = Table.deserialize(t.serialize());
          Table copy = t.copy()) {
        assertTrue(g.isOver());
        assertArrayEquals(g.serialize(), replayed.serialize());
        assertArrayEquals(t.serialize(), back.serialize());
        assertArrayEquals(t.serialize(), copy.serialize());
        assertArrayEquals(t.scores(), g.scores());
      }
    }
  }

  @Test
  void leavingHandsTheSeatToAStandIn() {
    Catalog.GameInfo info = Catalog.games().get(0);
    try (Table t = new Table(info.name(), info.minPlayers(), 5)) {
      for (int s = 0; s < t.players(); s++) t.seatHuman(s);
      t.leave(1, 10);
      assertEquals(Table.Holder.AWAY, t.holder(1));
      DeckhandException e = assertThrows(DeckhandException.class, () -> t.leave(1, 20));
      assertEquals(Status.WRONG_SEAT, e.status());
      DeckhandException back = assertThrows(DeckhandException.class, () -> t.tick(5));
      assertEquals("time_backwards", back.reason());
      t.seatHuman(1);
      assertEquals(Table.Holder.HUMAN, t.holder(1));
      assertThrows(IllegalArgumentException.class, () -> t.seatHuman(-1));
      assertThrows(IllegalArgumentException.class, () -> t.act(0, "x\0", 30));
      assertThrows(NullPointerException.class, () -> t.seatBot(0, null));
      assertEquals(
          Status.INVALID_ARGUMENT,
          assertThrows(DeckhandException.class, () -> t.holder(99)).status());
    }
  }
}
