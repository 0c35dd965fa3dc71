package io.github.deckhand;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One game behind a C ABI handle. Every method that fails throws {@link DeckhandException} (the
 * library refused) or {@link IllegalArgumentException} / {@link NullPointerException} (the argument
 * was refused before the call), and leaves the game unchanged.
 *
 * <p>Close it (try-with-resources) when done; a Cleaner frees a forgotten one eventually. Not
 * thread-safe: use one game from one thread at a time ({@link #copy()} it per thread).
 */
public final class Game extends Handle {
  private final Native.DhError err = new Native.DhError();
  private final Native.SizeTByReference count = new Native.SizeTByReference();

  private Game(Pointer handle) {
    super(handle, Native.LIB::dh_game_free);
  }

  /** A new game of that name (the catalog's names) with its default players and options. */
  public Game(String name) {
    this(name, 0, Map.of(), 0);
  }

  /** players: 0 for the game's default (required where the game has a range). */
  public Game(String name, int players) {
    this(name, players, Map.of(), 0);
  }

  /** options: {name: value} as the catalog lists them ("history" too), may be null. */
  public Game(String name, int players, Map<String, String> options) {
    this(name, players, options, 0);
  }

  public Game(String name, int players, Map<String, String> options, int firstDealer) {
    this(create(name, players, Args.options(options, "options"), firstDealer));
  }

  /** options as "key=value" strings. */
  public Game(String name, int players, List<String> options) {
    this(create(name, players, Args.optionList(options, "options"), 0));
  }

  private static Pointer create(String name, int players, List<byte[]> options, int firstDealer) {
    byte[] n = Args.cText(name, "name");
    Args.players(players);
    Args.seat(firstDealer, "firstDealer");
    Native.CStrings opts = new Native.CStrings(options);
    PointerByReference out = new PointerByReference();
    Native.DhError e = new Native.DhError();
    Native.check(
        Native.LIB.dh_game_new(out, n, opts.pointer(), opts.size(), players, firstDealer, e), e);
    Reference.reachabilityFence(opts); // its strings live until the call returned
    return out.getValue();
  }

  static Game adopt(Pointer handle) {
    return new Game(handle);
  }

  // ---- from data ----

  /**
   * Replays a record (docs/records.md) into a new game; a refused line throws with {@link
   * DeckhandException#line()} set.
   */
  public static Game fromRecord(String record) {
    byte[] r = Args.cText(record, "record");
    PointerByReference out = new PointerByReference();
    Native.DhError e = new Native.DhError();
    Native.check(Native.LIB.dh_record_replay(out, r, e), e);
    return new Game(out.getValue());
  }

  /** Restores bytes of {@link #serialize()} (any game: the bytes say which). */
  public static Game deserialize(byte[] data) {
    Args.data(data, "data");
    PointerByReference out = new PointerByReference();
    Native.DhError e = new Native.DhError();
    Native.check(Native.LIB.dh_game_deserialize(out, data, Native.size(data.length), e), e);
    return new Game(out.getValue());
  }

  /** The whole game as checksummed bytes, the same on every platform. */
  public byte[] serialize() {
    try {
      Pointer h = ptr();
      return Native.readBytes(
          (len, buf, cap) -> Native.LIB.dh_game_serialize(len, buf, cap, h), false);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** An independent copy (dh_game_clone). */
  public Game copy() {
    try {
      PointerByReference out = new PointerByReference();
      Native.DhError e = new Native.DhError();
      Native.check(Native.LIB.dh_game_clone(out, ptr(), e), e);
      return new Game(out.getValue());
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Makes this game a copy of {@code source}, reusing its memory (dh_game_copy). */
  public void copyFrom(Game source) {
    try {
      java.util.Objects.requireNonNull(source, "source");
      Native.check(Native.LIB.dh_game_copy(ptr(), source.ptr(), err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
      Reference.reachabilityFence(source);
    }
  }

  /** Back to a new game with the same options and first dealer. */
  public void reset() {
    try {
      Native.check(Native.LIB.dh_game_reset(ptr(), err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  // ---- chance ----

  /**
   * Deals the next hand from a seed (docs/deals.md): the C ABI's uint64_t as the long's 64 bits, so
   * seeds from 2^63 up are negative longs ({@code Long.parseUnsignedLong}, {@code
   * Long.toUnsignedString}).
   */
  public void deal(long seed) {
    try {
      Args.seed(seed, "seed");
      Native.check(Native.LIB.dh_game_deal_seed(ptr(), seed, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Deals the next hand from explicit cards, written as in a record ("0: 9C TC ...; ..."). */
  public void dealCards(String cards) {
    try {
      byte[] c = Args.cText(cards, "cards");
      Native.check(Native.LIB.dh_game_deal_text(ptr(), c, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** A reshuffle of an explicitly dealt round from a seed (games that have one). */
  public void reshuffle(long seed) {
    try {
      Args.seed(seed, "seed");
      Native.check(Native.LIB.dh_game_reshuffle_seed(ptr(), seed, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** A reshuffle given as the new stock text ("stock: c c ..."). */
  public void reshuffleStock(String stock) {
    try {
      byte[] s = Args.cText(stock, "stock");
      Native.check(Native.LIB.dh_game_reshuffle_text(ptr(), s, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public boolean needsReshuffle() {
    try {
      return flag(Native.LIB.dh_game_needs_reshuffle(cell(), ptr()));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  // ---- actions ----

  /** Applies one action text ("bid 4", "play JS") for {@code seat}. */
  public void apply(int seat, String action) {
    try {
      Args.seat(seat, "seat");
      byte[] a = Args.cText(action, "action");
      Native.check(Native.LIB.dh_game_apply_text(ptr(), seat, a, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Throws what {@code action} would be refused with now; changes nothing. */
  public void check(int seat, String action) {
    try {
      Args.seat(seat, "seat");
      byte[] a = Args.cText(action, "action");
      Native.check(Native.LIB.dh_game_is_legal_text(ptr(), seat, a, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * True when {@code seat} may take {@code action} now; false when the rules or the turn refuse it;
   * malformed text throws (PARSE), a seat out of range too (INVALID_ARGUMENT).
   */
  public boolean isLegal(int seat, String action) {
    try {
      Args.seat(seat, "seat");
      byte[] a = Args.cText(action, "action");
      int status = Native.LIB.dh_game_is_legal_text(ptr(), seat, a, err);
      if (status == Native.DH_OK) return true;
      if (status <= -7 && status >= -10) return false;
      throw Native.error(status, err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The action texts the seat to act may take, in the library's order; empty when no seat acts. */
  public List<String> legalActions() {
    try {
      Pointer h = ptr();
      String text =
          Native.readText(
              (len, buf, cap) -> Native.LIB.dh_game_legal_actions_text(len, buf, cap, h));
      return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public int legalCount() {
    try {
      Native.check(Native.LIB.dh_game_legal_count(count, ptr()));
      return (int) count.value();
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * Applies the index-th legal action ({@link #legalActions()} order); returns how many legal
   * actions there are after it.
   */
  public int applyLegal(int index) {
    try {
      Args.index(index, "index");
      Native.check(Native.LIB.dh_game_apply_legal(count, ptr(), Native.size(index), err), err);
      return (int) count.value();
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * Plays uniformly random legal actions from {@code seed} until the game is over or {@code
   * maxActions} were applied (deals included, not counted); returns the actions applied.
   */
  public long randomPlayout(long seed, long maxActions) {
    try {
      Args.seed(seed, "seed");
      Args.nonNegative(maxActions, "maxActions");
      Native.SizeTByReference out = new Native.SizeTByReference();
      Native.check(
          Native.LIB.dh_game_random_playout(out, ptr(), seed, Native.size(maxActions), err), err);
      return out.value();
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  // ---- queries ----

  private final IntByReference intCell = new IntByReference();

  private IntByReference cell() {
    return intCell;
  }

  private boolean flag(int status) {
    Native.check(status);
    return intCell.getValue() != 0;
  }

  public String name() {
    try {
      PointerByReference out = new PointerByReference();
      Native.check(Native.LIB.dh_game_name(out, ptr()));
      return Native.string(out.getValue());
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public int players() {
    try {
      Native.check(Native.LIB.dh_game_players(cell(), ptr()));
      return intCell.getValue();
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The seat to act; empty while a deal is due or once the game is over. */
  public OptionalInt toAct() {
    try {
      Native.check(Native.LIB.dh_game_to_act(cell(), ptr()));
      int s = intCell.getValue();
      return s < 0 ? OptionalInt.empty() : OptionalInt.of(s);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public boolean awaitingDeal() {
    try {
      return flag(Native.LIB.dh_game_awaiting_deal(cell(), ptr()));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public boolean isOver() {
    try {
      return flag(Native.LIB.dh_game_is_over(cell(), ptr()));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public boolean keepsHistory() {
    try {
      return flag(Native.LIB.dh_game_keeps_history(cell(), ptr()));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The current phase's name (the catalog lists each game's). */
  public String phase() {
    try {
      PointerByReference out = new PointerByReference();
      Native.check(Native.LIB.dh_game_phase(out, ptr()));
      return Native.string(out.getValue());
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Running totals per seat. */
  public long[] scores() {
    try {
      Pointer h = ptr();
      return Native.readLongs((n, buf, cap) -> Native.LIB.dh_game_scores(n, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Winning seats (empty while the game goes on). */
  public int[] winners() {
    try {
      Pointer h = ptr();
      return Native.readInts((n, buf, cap) -> Native.LIB.dh_game_winners(n, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Score changes of the last scored hand per seat (empty before the first). */
  public long[] lastDeltas() {
    try {
      Pointer h = ptr();
      return Native.readLongs((n, buf, cap) -> Native.LIB.dh_game_last_deltas(n, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The itemised result of the last scored hand as JSON ("null" before the first). */
  public String lastHandJson() {
    try {
      Pointer h = ptr();
      return Native.readText(
          (len, buf, cap) -> Native.LIB.dh_game_last_hand_json(len, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** What {@code seat} sees, as JSON (rules G11, S13); INVALID_ARGUMENT past the players. */
  public String viewJson(int seat) {
    Args.seat(seat, "seat");
    return view(seat, true);
  }

  /** What a spectator sees, as JSON. */
  public String viewJson() {
    return view(-1, true);
  }

  public String viewText(int seat) {
    Args.seat(seat, "seat");
    return view(seat, false);
  }

  public String viewText() {
    return view(-1, false);
  }

  private String view(int seat, boolean json) {
    try {
      Pointer h = ptr();
      return Native.readText(
          (len, buf, cap) ->
              json
                  ? Native.LIB.dh_game_view_json(len, buf, cap, h, seat)
                  : Native.LIB.dh_game_view_text(len, buf, cap, h, seat));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The game as a record; UNSUPPORTED (reason no_history) for a history=off game. */
  public String record() {
    try {
      Pointer h = ptr();
      Native.SizeTByReference need = new Native.SizeTByReference();
      int status = Native.LIB.dh_game_record(need, null, Native.ZERO, h);
      if (status == Status.UNSUPPORTED.code()) {
        throw new DeckhandException(
            Status.UNSUPPORTED,
            "no_history",
            0,
            "no_history: the game was created with history=off and keeps no record",
            0);
      }
      return Native.readText((len, buf, cap) -> Native.LIB.dh_game_record(len, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  @Override
  public String toString() {
    if (isClosed()) return "Game(closed)";
    return "Game("
        + name()
        + ", players="
        + players()
        + ", phase="
        + phase()
        + ", toAct="
        + toAct()
        + ", scores="
        + Arrays.toString(scores())
        + ")";
  }
}
