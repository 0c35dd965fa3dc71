package io.github.deckhand;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A game plus its seats, clocks, stand-ins and per-seat event streams (dh_table_*, docs/tables.md).
 * A table reads no clock: every call that can change it takes the caller's time {@code nowMs} (any
 * epoch, never going backwards). Every method that fails throws and leaves the table unchanged.
 * Close it when done. Not thread-safe: one thread at a time.
 */
public final class Table extends Handle {
  /** Who holds a seat ({@link #holder(int)}). */
  public enum Holder {
    EMPTY,
    HUMAN,
    AWAY,
    BOT
  }

  private final Native.DhError err = new Native.DhError();

  private Table(Pointer handle) {
    super(handle, Native.LIB::dh_table_free);
  }

  /**
   * A table of game {@code name} for {@code players} (0: the game's default) with the game's
   * default options and the table's defaults, its deals derived from {@code seed}.
   */
  public Table(String name, int players, long seed) {
    this(name, players, Map.of(), Map.of(), seed);
  }

  /**
   * options: the game's, as {@link Game} takes them; tableOptions: the table's own (decision_ms,
   * bank_ms, bot_ms, offer_ms, deal_ms: milliseconds; standin: random, basic, strong or quickest;
   * events: all or deal). Either may be null.
   */
  public Table(
      String name,
      int players,
      Map<String, String> options,
      Map<String, String> tableOptions,
      long seed) {
    this(create(name, players, options, tableOptions, seed));
  }

  private static Pointer create(
      String name,
      int players,
      Map<String, String> options,
      Map<String, String> tableOptions,
      long seed) {
    byte[] n = Args.cText(name, "name");
    Args.players(players);
    Args.seed(seed, "seed");
    Native.CStrings opts = new Native.CStrings(Args.options(options, "options"));
    Native.CStrings topts = new Native.CStrings(Args.options(tableOptions, "tableOptions"));
    PointerByReference out = new PointerByReference();
    Native.DhError e = new Native.DhError();
    Native.check(
        Native.LIB.dh_table_new(
            out, n, players, opts.pointer(), opts.size(), topts.pointer(), topts.size(), seed, e),
        e);
    Reference.reachabilityFence(opts); // its strings live until the call returned
    Reference.reachabilityFence(topts); // its strings live until the call returned
    return out.getValue();
  }

  /** Table options in a fluent form: {@code Table.options().decisionMs(30000).standin("basic")}. */
  public static TableOptions options() {
    return new TableOptions();
  }

  /** The table's own options as a map for the constructor. */
  public static final class TableOptions {
    private final Map<String, String> map = new LinkedHashMap<>();

    private TableOptions set(String key, long ms) {
      Args.nonNegative(ms, key);
      map.put(key, Long.toString(ms));
      return this;
    }

    public TableOptions decisionMs(long ms) {
      return set("decision_ms", ms);
    }

    public TableOptions bankMs(long ms) {
      return set("bank_ms", ms);
    }

    public TableOptions botMs(long ms) {
      return set("bot_ms", ms);
    }

    public TableOptions offerMs(long ms) {
      return set("offer_ms", ms);
    }

    public TableOptions dealMs(long ms) {
      return set("deal_ms", ms);
    }

    public TableOptions standin(String level) {
      Args.text(level, "standin");
      map.put("standin", level);
      return this;
    }

    public TableOptions events(String which) {
      Args.text(which, "events");
      map.put("events", which);
      return this;
    }

    public Map<String, String> toMap() {
      return Map.copyOf(map);
    }
  }

  // ---- persistence and copies ----

  /** The whole table (game, seats, clocks, events) as checksummed bytes. */
  public byte[] serialize() {
    try {
      Pointer h = ptr();
      return Native.readBytes(
          (len, buf, cap) -> Native.LIB.dh_table_serialize(len, buf, cap, h), false);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Restores {@link #serialize()}'s bytes (CORRUPT for anything else). */
  public static Table deserialize(byte[] data) {
    Args.data(data, "data");
    PointerByReference out = new PointerByReference();
    Native.DhError e = new Native.DhError();
    Native.check(Native.LIB.dh_table_deserialize(out, data, Native.size(data.length), e), e);
    return new Table(out.getValue());
  }

  /** An independent copy (dh_table_clone). */
  public Table copy() {
    try {
      PointerByReference out = new PointerByReference();
      Native.DhError e = new Native.DhError();
      Native.check(Native.LIB.dh_table_clone(out, ptr(), e), e);
      return new Table(out.getValue());
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  // ---- seats ----

  /**
   * A human takes an empty seat, or its own seat back after leaving (INVALID_ARGUMENT, reason
   * seat_taken, for a seat a human or a bot holds).
   */
  public void seatHuman(int seat) {
    try {
      Args.seat(seat, "seat");
      Native.check(Native.LIB.dh_table_seat_human(ptr(), seat, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** A bot of {@code level} ({@link Bot#LEVELS}) takes an empty or away seat. */
  public void seatBot(int seat, String level) {
    try {
      Args.seat(seat, "seat");
      byte[] l = Args.cText(level, "level");
      Native.check(Native.LIB.dh_table_seat_bot(ptr(), seat, l, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * The human at {@code seat} leaves at {@code nowMs} (WRONG_SEAT, not_seated, when no human holds
   * it); a stand-in moves for it until it returns.
   */
  public void leave(int seat, long nowMs) {
    try {
      Args.seat(seat, "seat");
      Native.check(Native.LIB.dh_table_leave(ptr(), seat, nowMs, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  // ---- play ----

  /**
   * {@code seat}, held by a human, does {@code action} at {@code nowMs}, after the moves due by
   * then.
   */
  public void act(int seat, String action, long nowMs) {
    try {
      Args.seat(seat, "seat");
      byte[] a = Args.cText(action, "action");
      Native.check(Native.LIB.dh_table_act(ptr(), seat, a, nowMs, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * Fair deals (docs/tables.md#fair-deals): {@code seat}, held by a human, sends its nonce (16 to
   * 128 hex digits) for the deal whose commitment is open, at {@code nowMs}.
   */
  public void nonce(int seat, String hex, long nowMs) {
    try {
      Args.seat(seat, "seat");
      byte[] h = Args.cText(hex, "nonce");
      Native.check(Native.LIB.dh_table_nonce(ptr(), seat, h, nowMs, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** Makes every move due by {@code nowMs} (bots, stand-ins, timeouts, deals). */
  public void tick(long nowMs) {
    try {
      Native.check(Native.LIB.dh_table_tick(ptr(), nowMs, err), err);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  // ---- queries ----

  private final IntByReference intCell = new IntByReference();
  private final LongByReference longCell = new LongByReference();

  public int players() {
    try {
      Native.check(Native.LIB.dh_table_players(intCell, ptr()));
      return intCell.getValue();
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public Holder holder(int seat) {
    try {
      Args.seat(seat, "seat");
      Native.check(Native.LIB.dh_table_holder(intCell, ptr(), seat));
      int h = intCell.getValue();
      return h >= 0 && h < Holder.values().length ? Holder.values()[h] : Holder.EMPTY;
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The seat that decides now; empty before the first deal, between hands, once over. */
  public OptionalInt toAct() {
    try {
      Native.check(Native.LIB.dh_table_to_act(intCell, ptr()));
      int s = intCell.getValue();
      return s < 0 ? OptionalInt.empty() : OptionalInt.of(s);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * The seats that may act now: the seat to act, or during an offer every seat that may still
   * answer it, in the rules' order.
   */
  public int[] mayAct() {
    try {
      Pointer h = ptr();
      return Native.readInts((n, buf, cap) -> Native.LIB.dh_table_may_act(n, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The deadline of the seat to act; empty when there is none. */
  public OptionalLong deadlineMs() {
    try {
      Native.check(Native.LIB.dh_table_deadline_ms(longCell, ptr()));
      long v = longCell.getValue();
      return v < 0 ? OptionalLong.empty() : OptionalLong.of(v);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** When the next move is due with no call (what a server sets its timer to), or empty. */
  public OptionalLong nextDueMs() {
    try {
      Native.check(Native.LIB.dh_table_next_due_ms(longCell, ptr()));
      long v = longCell.getValue();
      return v < 0 ? OptionalLong.empty() : OptionalLong.of(v);
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public boolean isOver() {
    try {
      Native.check(Native.LIB.dh_table_is_over(intCell, ptr()));
      return intCell.getValue() != 0;
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  public long[] scores() {
    try {
      Pointer h = ptr();
      return Native.readLongs((n, buf, cap) -> Native.LIB.dh_table_scores(n, buf, cap, h));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The sequence number of the latest change (0 before any). */
  public long seq() {
    try {
      Native.check(Native.LIB.dh_table_seq(longCell, ptr()));
      return longCell.getValue();
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** The action texts {@code seat} may take now; empty when none. */
  public List<String> legalActions(int seat) {
    Args.seat(seat, "seat");
    return legal(seat);
  }

  /** What a spectator may do now (nothing). */
  public List<String> legalActions() {
    return legal(-1);
  }

  private List<String> legal(int seat) {
    try {
      Pointer h = ptr();
      String text =
          Native.readText(
              (len, buf, cap) -> Native.LIB.dh_table_legal_actions_text(len, buf, cap, h, seat));
      return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * The events after {@code since} as {@code seat} may see them: a JSON array (docs/tables.md).
   * INVALID_ARGUMENT (events_dropped) when {@code since} is older than the events kept: take a
   * snapshot.
   */
  public String eventsJson(int seat, long since) {
    Args.seat(seat, "seat");
    return events(seat, since);
  }

  /** The events after {@code since} as a spectator sees them. */
  public String eventsJson(long since) {
    return events(-1, since);
  }

  private String events(int seat, long since) {
    try {
      Args.nonNegative(since, "since");
      Pointer h = ptr();
      return Native.readTextErr(
          (len, buf, cap, e) -> Native.LIB.dh_table_events_json(len, buf, cap, h, seat, since, e));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * {"seq": N, "view": ..., "table": {...}} for {@code seat}: what a client that reconnects takes,
   * before the events after its seq.
   */
  public String snapshotJson(int seat) {
    Args.seat(seat, "seat");
    return snapshot(seat);
  }

  public String snapshotJson() {
    return snapshot(-1);
  }

  private String snapshot(int seat) {
    try {
      Pointer h = ptr();
      return Native.readTextErr(
          (len, buf, cap, e) -> Native.LIB.dh_table_snapshot_json(len, buf, cap, h, seat, e));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /**
   * The game's record with the table's events as comment lines (UNSUPPORTED for a history=off
   * game).
   */
  public String record() {
    try {
      Pointer h = ptr();
      return Native.readTextErr(
          (len, buf, cap, e) -> Native.LIB.dh_table_record(len, buf, cap, h, e));
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  /** A copy of the table's whole game (for the host, never for a client). */
  public Game game() {
    try {
      PointerByReference out = new PointerByReference();
      Native.DhError e = new Native.DhError();
      Native.check(Native.LIB.dh_table_game(out, ptr(), e), e);
      return Game.adopt(out.getValue());
    } finally {
      Reference.reachabilityFence(this); // no Cleaner frees the handle mid-call
    }
  }

  @Override
  public String toString() {
    if (isClosed()) return "Table(closed)";
    return "Table(players="
        + players()
        + ", seq="
        + seq()
        + ", toAct="
        + toAct()
        + ", over="
        + isOver()
        + ", scores="
        + Arrays.toString(scores())
        + ")";
  }
}
