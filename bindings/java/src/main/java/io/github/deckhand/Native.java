package io.github.deckhand;

import com.sun.jna.IntegerType;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.ByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The C ABI (capi/include/deckhand.h) through JNA: the library, its signatures and the conventions
 * (outputs first, sized buffers, {@code dh_error}). Package-private: the public classes check every
 * argument before they call in here.
 */
final class Native {
  private Native() {}

  static final int DH_OK = 0;
  static final int DH_E_BUFFER_TOO_SMALL = -3;

  /** size_t, whose width depends on the platform (32 bits on armeabi-v7a). */
  public static final class SizeT extends IntegerType {
    private static final long serialVersionUID = 1L;

    public SizeT() {
      this(0);
    }

    public SizeT(long value) {
      super(com.sun.jna.Native.SIZE_T_SIZE, value, true);
    }
  }

  /** size_t* (an output count or length). */
  public static final class SizeTByReference extends ByReference {
    public SizeTByReference() {
      super(com.sun.jna.Native.SIZE_T_SIZE);
      if (com.sun.jna.Native.SIZE_T_SIZE == 8) getPointer().setLong(0, 0);
      else getPointer().setInt(0, 0); // 32-bit platforms (armeabi-v7a)
    }

    public long value() {
      return com.sun.jna.Native.SIZE_T_SIZE == 8
          ? getPointer().getLong(0)
          : Integer.toUnsignedLong(getPointer().getInt(0));
    }
  }

  /** dh_error: the caller sets size, the library fills the rest. */
  @Structure.FieldOrder({"size", "status", "reason", "line", "code", "message"})
  public static final class DhError extends Structure {
    public int size;
    public int status;
    public int reason;
    public int line;
    public byte[] code = new byte[40];
    public byte[] message = new byte[200];

    public DhError() {
      size = size();
    }
  }

  @Structure.FieldOrder({
    "size",
    "min_players",
    "max_players",
    "option_count",
    "phase_count",
    "action_kind_count",
    "name",
    "description",
    "limit_option",
    "unattended_limit",
    "lower_is_better"
  })
  public static final class DhGameInfo extends Structure {
    public int size;
    public int min_players;
    public int max_players;
    public int option_count;
    public int phase_count;
    public int action_kind_count;
    public Pointer name;
    public Pointer description;
    public Pointer limit_option;
    public int unattended_limit;
    public int lower_is_better;

    public DhGameInfo() {
      size = size();
    }
  }

  @Structure.FieldOrder({"size", "name", "values", "default_value", "rule", "description"})
  public static final class DhOptionInfo extends Structure {
    public int size;
    public Pointer name;
    public Pointer values;
    public Pointer default_value;
    public Pointer rule;
    public Pointer description;

    public DhOptionInfo() {
      size = size();
    }
  }

  @Structure.FieldOrder({"size", "kind", "name", "syntax"})
  public static final class DhActionKindInfo extends Structure {
    public int size;
    public int kind;
    public Pointer name;
    public Pointer syntax;

    public DhActionKindInfo() {
      size = size();
    }
  }

  /** The functions of deckhand.h this binding calls (text as NUL-terminated UTF-8 bytes). */
  interface Lib extends Library {
    Pointer dh_version();

    int dh_version_number();

    Pointer dh_status_name(int status);

    Pointer dh_status_message(int status);

    int dh_catalog_game_count(SizeTByReference out);

    int dh_catalog_game(DhGameInfo out, SizeT index);

    int dh_catalog_find_game(SizeTByReference out, byte[] name);

    int dh_catalog_option(DhOptionInfo out, SizeT game, SizeT index);

    int dh_catalog_phase(PointerByReference out, SizeT game, SizeT index);

    int dh_catalog_action_kind(DhActionKindInfo out, SizeT game, SizeT index);

    int dh_catalog_json(SizeTByReference outLen, byte[] buf, SizeT cap);

    int dh_game_new(
        PointerByReference out,
        byte[] name,
        Pointer options,
        SizeT nOptions,
        int players,
        int firstDealer,
        DhError err);

    void dh_game_free(Pointer game);

    int dh_game_clone(PointerByReference out, Pointer game, DhError err);

    int dh_game_copy(Pointer dst, Pointer src, DhError err);

    int dh_game_reset(Pointer game, DhError err);

    int dh_game_name(PointerByReference out, Pointer game);

    int dh_game_players(IntByReference out, Pointer game);

    int dh_game_deal_seed(Pointer game, long seed, DhError err);

    int dh_game_deal_text(Pointer game, byte[] cards, DhError err);

    int dh_game_reshuffle_seed(Pointer game, long seed, DhError err);

    int dh_game_reshuffle_text(Pointer game, byte[] stock, DhError err);

    int dh_game_needs_reshuffle(IntByReference out, Pointer game);

    int dh_game_apply_text(Pointer game, int seat, byte[] action, DhError err);

    int dh_game_is_legal_text(Pointer game, int seat, byte[] action, DhError err);

    int dh_game_format_action(
        SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game, byte[] action);

    int dh_game_to_act(IntByReference out, Pointer game);

    int dh_game_awaiting_deal(IntByReference out, Pointer game);

    int dh_game_is_over(IntByReference out, Pointer game);

    int dh_game_phase(PointerByReference out, Pointer game);

    int dh_game_legal_actions_text(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game);

    int dh_game_legal_count(SizeTByReference out, Pointer game);

    int dh_game_apply_legal(SizeTByReference out, Pointer game, SizeT index, DhError err);

    int dh_game_view_text(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game, int seat);

    int dh_game_view_json(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game, int seat);

    int dh_game_scores(SizeTByReference out, long[] scores, SizeT cap, Pointer game);

    int dh_game_winners(SizeTByReference out, int[] seats, SizeT cap, Pointer game);

    int dh_game_last_deltas(SizeTByReference out, long[] deltas, SizeT cap, Pointer game);

    int dh_game_last_hand_json(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game);

    int dh_game_serialize(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game);

    int dh_game_deserialize(PointerByReference out, byte[] bytes, SizeT len, DhError err);

    int dh_game_keeps_history(IntByReference out, Pointer game);

    int dh_game_record(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer game);

    int dh_record_replay(PointerByReference out, byte[] record, DhError err);

    int dh_record_replay_json(SizeTByReference outLen, byte[] buf, SizeT cap, byte[] record);

    int dh_record_replay_json_n(
        SizeTByReference outLen, byte[] buf, SizeT cap, byte[] record, SizeT len);

    int dh_quote(SizeTByReference outLen, byte[] buf, SizeT cap, byte[] text, SizeT len);

    int dh_game_random_playout(
        SizeTByReference outActions, Pointer game, long seed, SizeT maxActions, DhError err);

    int dh_bot_new(
        PointerByReference out,
        byte[] gameName,
        byte[] level,
        long seed,
        Pointer options,
        SizeT nOptions,
        DhError err);

    void dh_bot_free(Pointer bot);

    int dh_bot_choose(byte[] out, Pointer bot, Pointer game, int seat, DhError err);

    int dh_table_new(
        PointerByReference out,
        byte[] name,
        int players,
        Pointer options,
        SizeT nOptions,
        Pointer tableOptions,
        SizeT nTableOptions,
        long seed,
        DhError err);

    void dh_table_free(Pointer table);

    int dh_table_clone(PointerByReference out, Pointer table, DhError err);

    int dh_table_seat_human(Pointer table, int seat, DhError err);

    int dh_table_seat_bot(Pointer table, int seat, byte[] level, DhError err);

    int dh_table_leave(Pointer table, int seat, long nowMs, DhError err);

    int dh_table_act(Pointer table, int seat, byte[] action, long nowMs, DhError err);

    int dh_table_nonce(Pointer table, int seat, byte[] hex, long nowMs, DhError err);

    int dh_table_tick(Pointer table, long nowMs, DhError err);

    int dh_table_players(IntByReference out, Pointer table);

    int dh_table_holder(IntByReference out, Pointer table, int seat);

    int dh_table_to_act(IntByReference out, Pointer table);

    int dh_table_may_act(SizeTByReference out, int[] seats, SizeT cap, Pointer table);

    int dh_table_deadline_ms(LongByReference out, Pointer table);

    int dh_table_next_due_ms(LongByReference out, Pointer table);

    int dh_table_is_over(IntByReference out, Pointer table);

    int dh_table_scores(SizeTByReference out, long[] scores, SizeT cap, Pointer table);

    int dh_table_seq(LongByReference out, Pointer table);

    int dh_table_legal_actions_text(
        SizeTByReference outLen, byte[] buf, SizeT cap, Pointer table, int seat);

    int dh_table_events_json(
        SizeTByReference outLen,
        byte[] buf,
        SizeT cap,
        Pointer table,
        int seat,
        long since,
        DhError err);

    int dh_table_snapshot_json(
        SizeTByReference outLen, byte[] buf, SizeT cap, Pointer table, int seat, DhError err);

    int dh_table_record(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer table, DhError err);

    int dh_table_game(PointerByReference out, Pointer table, DhError err);

    int dh_table_serialize(SizeTByReference outLen, byte[] buf, SizeT cap, Pointer table);

    int dh_table_deserialize(PointerByReference out, byte[] bytes, SizeT len, DhError err);
  }

  /**
   * The library: jna.library.path, the system property deckhand.lib.dir, the environment variable
   * DECKHAND_LIB_DIR, else ../../build/python (what `make native` builds, seen from bindings/java),
   * else the system's library path (an Android app's jniLibs).
   */
  static final Lib LIB = load();

  private static Lib load() {
    String dir = System.getProperty("deckhand.lib.dir");
    if (dir == null || dir.isEmpty()) dir = System.getenv("DECKHAND_LIB_DIR");
    if (dir == null || dir.isEmpty()) {
      File fallback = new File("../../build/python");
      if (fallback.isDirectory()) dir = fallback.getAbsolutePath();
    }
    if (dir != null && !dir.isEmpty()) NativeLibrary.addSearchPath("deckhand", dir);
    try {
      return com.sun.jna.Native.load("deckhand", Lib.class);
    } catch (UnsatisfiedLinkError e) {
      throw new UnsatisfiedLinkError(
          "deckhand: cannot load libdeckhand ("
              + e.getMessage()
              + "); set -Ddeckhand.lib.dir=DIR or DECKHAND_LIB_DIR to the directory holding"
              + " it (make native builds build/python/libdeckhand.so)");
    }
  }

  // ---- conversions ----

  static SizeT size(long v) {
    return new SizeT(v);
  }

  static final SizeT ZERO = new SizeT(0);

  /** A NUL-terminated C string (text already checked by Args). */
  static byte[] cstr(byte[] utf8) {
    return Arrays.copyOf(utf8, utf8.length + 1);
  }

  static String string(Pointer p) {
    return p == null ? null : p.getString(0, StandardCharsets.UTF_8.name());
  }

  static String cText(byte[] nulTerminated) {
    int n = 0;
    while (n < nulTerminated.length && nulTerminated[n] != 0) n++;
    return new String(nulTerminated, 0, n, StandardCharsets.UTF_8);
  }

  /** An array of C strings (const char* const*) kept alive by the returned holder. */
  static final class CStrings {
    final Memory array;
    final Memory[] items;
    final int count;

    CStrings(List<byte[]> strings) {
      count = strings.size();
      items = new Memory[count];
      array = count == 0 ? null : new Memory((long) count * com.sun.jna.Native.POINTER_SIZE);
      for (int i = 0; i < count; i++) {
        byte[] s = strings.get(i);
        items[i] = new Memory(s.length + 1L);
        items[i].write(0, s, 0, s.length);
        items[i].setByte(s.length, (byte) 0);
        array.setPointer((long) i * com.sun.jna.Native.POINTER_SIZE, items[i]);
      }
    }

    Pointer pointer() {
      return array;
    }

    SizeT size() {
      return Native.size(count);
    }
  }

  // ---- errors ----

  static String statusName(int status) {
    return string(LIB.dh_status_name(status));
  }

  static DeckhandException error(int status, DhError err) {
    if (err != null && err.status == status) {
      return new DeckhandException(
          Status.of(status), cText(err.code), err.reason, cText(err.message), err.line);
    }
    return new DeckhandException(Status.of(status), "", 0, statusName(status), 0);
  }

  static void check(int status) {
    if (status != DH_OK) throw error(status, null);
  }

  static void check(int status, DhError err) {
    if (status != DH_OK) throw error(status, err);
  }

  // ---- sized outputs ----

  interface TextCall {
    int call(SizeTByReference outLen, byte[] buf, SizeT cap);
  }

  interface TextCallErr {
    int call(SizeTByReference outLen, byte[] buf, SizeT cap, DhError err);
  }

  /** Raw bytes of a sized text or byte output (text: without its terminating NUL). */
  static byte[] readBytes(TextCall fn, boolean text) {
    SizeTByReference need = new SizeTByReference();
    int status = fn.call(need, null, ZERO);
    while (true) {
      if (status != DH_OK && status != DH_E_BUFFER_TOO_SMALL) throw error(status, null);
      long n = need.value();
      if (n > Integer.MAX_VALUE - 8)
        throw new OutOfMemoryError("deckhand: output of " + n + " bytes");
      byte[] buf = new byte[(int) Math.max(n, 1)];
      status = fn.call(need, buf, size(n));
      if (status == DH_OK) {
        int len = (int) Math.min(need.value(), buf.length);
        if (text) {
          // Text ends at its NUL, as in the other bindings (not at *out_len - 1 taken on trust).
          int end = 0;
          while (end < len && buf[end] != 0) end++;
          len = end;
        }
        return Arrays.copyOf(buf, len);
      }
    }
  }

  static String readText(TextCall fn) {
    return new String(readBytes(fn, true), StandardCharsets.UTF_8);
  }

  static String readTextErr(TextCallErr fn) {
    return readText(
        (len, buf, cap) -> {
          DhError err = new DhError();
          int status = fn.call(len, buf, cap, err);
          if (status != DH_OK && status != DH_E_BUFFER_TOO_SMALL) throw error(status, err);
          return status;
        });
  }

  interface LongsCall {
    int call(SizeTByReference out, long[] buf, SizeT cap);
  }

  interface IntsCall {
    int call(SizeTByReference out, int[] buf, SizeT cap);
  }

  static long[] readLongs(LongsCall fn) {
    SizeTByReference count = new SizeTByReference();
    int status = fn.call(count, null, ZERO);
    if (status != DH_OK && status != DH_E_BUFFER_TOO_SMALL) throw error(status, null);
    long[] buf = new long[(int) Math.max(count.value(), 1)];
    check(fn.call(count, buf, size(count.value())));
    return Arrays.copyOf(buf, (int) count.value());
  }

  static int[] readInts(IntsCall fn) {
    SizeTByReference count = new SizeTByReference();
    int status = fn.call(count, null, ZERO);
    if (status != DH_OK && status != DH_E_BUFFER_TOO_SMALL) throw error(status, null);
    int[] buf = new int[(int) Math.max(count.value(), 1)];
    check(fn.call(count, buf, size(count.value())));
    return Arrays.copyOf(buf, (int) count.value());
  }
}
