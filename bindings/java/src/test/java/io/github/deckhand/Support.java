package io.github.deckhand;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** What the tests share: the repository's root and a bot game of any game. */
final class Support {
  private Support() {}

  static Path repo() {
    String r = System.getProperty("deckhand.repo");
    return Path.of(r != null ? r : "../..").toAbsolutePath().normalize();
  }

  static Path cli() {
    String dir = System.getProperty("deckhand.lib.dir");
    return Path.of(dir != null ? dir : repo().resolve("build/python").toString())
        .resolve("deckhand");
  }

  /** The options that bound a game for unattended play, as the catalog names them. */
  static Map<String, String> unattended(Catalog.GameInfo info, int limit) {
    Map<String, String> options = new HashMap<>();
    if (info.limitOption() != null && !info.limitOption().isEmpty())
      options.put(info.limitOption(), Integer.toString(limit));
    return options;
  }

  /** Plays {@code game} to its end with one bot per seat; returns the actions applied. */
  static int playOut(Game game, Bot[] bots, long seed) {
    int actions = 0;
    long deal = seed;
    while (!game.isOver()) {
      if (game.awaitingDeal()) {
        game.deal(deal++);
      } else if (game.needsReshuffle()) {
        game.reshuffle(deal++);
      } else {
        int seat = game.toAct().orElseThrow();
        String action = bots[seat].choose(game);
        game.apply(seat, action);
        actions++;
      }
    }
    return actions;
  }
}
