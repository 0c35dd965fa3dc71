package io.github.deckhand;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One of the library's bots (dh_bot_*) for one game, deciding from its seat's view alone. The same
 * seed and the same calls give the same choices; one bot may serve several seats. Close it when
 * done. Not thread-safe: one thread at a time per bot.
 */
public final class Bot extends Handle {
  /**
   * The levels deckhand.h documents: a uniformly random legal action, simple heuristics, sampling
   * and open-hand solving, the same with inference; then the ladder's "1" (beginner) to "5"
   * (expert).
   */
  public static final List<String> LEVELS =
      List.of("random", "basic", "strong", "expert", "1", "2", "3", "4", "5");

  private final Native.DhError err = new Native.DhError();
  private final byte[] action = new byte[32];

  /** A "basic" bot with seed 0. */
  public Bot(String gameName) {
    this(gameName, "basic", 0, Map.of());
  }

  public Bot(String gameName, String level, long seed) {
    this(gameName, level, seed, Map.of());
  }

  /**
   * options: the level's budget (samples=N, time_ms=N; levels that do not search ignore them). An
   * unknown level is BAD_OPTION, an unknown game UNKNOWN_GAME.
   */
  public Bot(String gameName, String level, long seed, Map<String, String> options) {
    super(create(gameName, level, seed, options), Native.LIB::dh_bot_free);
  }

  private static Pointer create(
      String gameName, String level, long seed, Map<String, String> options) {
    byte[] g = Args.cText(gameName, "gameName");
    byte[] l = Args.cText(level, "level");
    Args.seed(seed, "seed");
    Native.CStrings opts = new Native.CStrings(Args.options(options, "options"));
    PointerByReference out = new PointerByReference();
    Native.DhError e = new Native.DhError();
    Native.check(Native.LIB.dh_bot_new(out, g, l, seed, opts.pointer(), opts.size(), e), e);
    Reference.reachabilityFence(opts); // its strings live until the call returned
    return out.getValue();
  }

  /**
   * What the seat to act does now in {@code game}, as action text for {@link Game#apply}. A game
   * waiting for a deal or a reshuffle throws WRONG_PHASE, one that is over GAME_OVER, a game of
   * another kind UNKNOWN_GAME.
   */
  public String choose(Game game) {
    Objects.requireNonNull(game, "game");
    OptionalInt seat = game.toAct();
    return chooseFor(game, seat.isPresent() ? seat.getAsInt() : 0, true);
  }

  /** What {@code seat} does now: empty when it is not that seat's turn. */
  public Optional<String> choose(Game game, int seat) {
    Objects.requireNonNull(game, "game");
    Args.seat(seat, "seat");
    String s = chooseFor(game, seat, false);
    return Optional.ofNullable(s);
  }

  private String chooseFor(Game game, int seat, boolean toAct) {
    try {
      Pointer g = game.ptr();
      int status = Native.LIB.dh_bot_choose(action, ptr(), g, seat, err);
      if (status == Status.WRONG_SEAT.code() && !toAct && game.toAct().orElse(-1) != seat) {
        return null; // not this seat's turn
      }
      Native.check(status, err);
      return Native.readText(
          (len, buf, cap) -> Native.LIB.dh_game_format_action(len, buf, cap, g, action));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
      Reference.reachabilityFence(game);
    }
  }
}
