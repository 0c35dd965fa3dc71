package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A whole game of every game of the catalog (its limit option at the catalog's unattended value),
 * at every player count, played by the library's bots; its record, image and copies checked on the
 * way.
 */
class GamePlayTest {
  @TestFactory
  Stream<DynamicTest> botsPlayAWholeGameOfEveryGame() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Catalog.GameInfo info : Catalog.games()) {
      for (int players = info.minPlayers(); players <= info.maxPlayers(); players++) {
        int n = players;
        tests.add(DynamicTest.dynamicTest(info.name() + " " + n + "p", () -> playWhole(info, n)));
      }
    }
    return tests.stream();
  }

  private static void playWhole(Catalog.GameInfo info, int players) {
    try (Game game =
        new Game(info.name(), players, Support.unattended(info, info.unattendedLimit()))) {
      Bot[] bots = new Bot[players];
      for (int s = 0; s < players; s++)
        bots[s] = new Bot(info.name(), s % 2 == 0 ? "basic" : "random", s);
      try {
        int actions = Support.playOut(game, bots, 1);
        assertTrue(actions > 0);
      } finally {
        for (Bot b : bots) b.close();
      }
      assertTrue(game.isOver());
      assertEquals(players, game.scores().length);
      assertTrue(game.winners().length > 0);
      assertTrue(game.toAct().isEmpty());
      assertTrue(game.legalActions().isEmpty());
      assertEquals(players, game.lastDeltas().length);
      // the view, the record, the image and a copy
      JsonParser.parseString(game.viewJson(0));
      JsonParser.parseString(game.viewJson());
      JsonParser.parseString(game.lastHandJson());
      assertFalse(game.viewText(players - 1).isEmpty());
      byte[] image = game.serialize();
      try (Game replayed = Game.fromRecord(game.record());
          Game restored = Game.deserialize(image);
          Game copy = game.copy()) {
        assertArrayEquals(image, replayed.serialize());
        assertArrayEquals(image, restored.serialize());
        assertArrayEquals(image, copy.serialize());
        assertArrayEquals(game.scores(), restored.scores());
      }
      String replay = Deckhand.replayJson(game.record());
      assertTrue(replay.startsWith("{\"ok\": true"), replay);
      assertEquals(
          Arrays.toString(game.scores()).replace(" ", ""),
          JsonParser.parseString(replay).getAsJsonObject().get("scores").toString());
    }
  }

  @TestFactory
  Stream<DynamicTest> randomPlayoutsAndLegalIndices() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Catalog.GameInfo info : Catalog.games()) {
      tests.add(
          DynamicTest.dynamicTest(
              info.name(),
              () -> {
                try (Game a =
                        new Game(info.name(), info.minPlayers(), Support.unattended(info, 2));
                    Game b = a.copy()) {
                  long n = a.randomPlayout(9, 1_000_000);
                  assertTrue(n > 0 && a.isOver());
                  b.copyFrom(a);
                  assertArrayEquals(a.serialize(), b.serialize());
                  b.reset();
                  assertTrue(b.awaitingDeal());
                  b.deal(3);
                  int count = b.legalCount();
                  assertEquals(count, b.legalActions().size());
                  while (!b.isOver() && !b.awaitingDeal()) b.applyLegal(b.legalCount() - 1);
                }
              }));
    }
    return tests.stream();
  }

  @org.junit.jupiter.api.Test
  void distinctHandlesOnDistinctThreadsAtOnce() throws Exception {
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 4; t++) {
      long seed = t;
      Thread thread =
          new Thread(
              () -> {
                try {
                  for (Catalog.GameInfo info : Catalog.games()) {
                    for (int i = 0; i < 20; i++) {
                      try (Game g =
                              new Game(
                                  info.name(), info.minPlayers(), Support.unattended(info, 1));
                          Game twin = g.copy()) {
                        g.randomPlayout(seed * 100 + i, 1_000_000);
                        twin.randomPlayout(seed * 100 + i, 1_000_000);
                        assertArrayEquals(g.serialize(), twin.serialize());
                      }
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) thread.join();
    assertTrue(failures.isEmpty(), () -> failures.toString());
  }
}
