// The deckhand JavaScript API over the C ABI compiled to WebAssembly (capi/include/deckhand.h;
// docs/web.md). web/build.mjs places this file after emscripten's factory,
// createDeckhandWasm, and adds the CommonJS or ES module exports.
"use strict";

// ---- Errors: one class per C ABI status, all under DeckhandError --------------------------

class DeckhandError extends Error {
  // status: the C ABI status (a negative number), statusName its name ("DH_E_ILLEGAL"),
  // reason: the rule-level reason ("must_follow_suit"; "" when none), reasonNumber its stable
  // number (docs/reasons.md), message: the library's readable message, line: for records, the
  // 1-based line refused (else 0).
  constructor(status, statusName, reason, reasonNumber, message, line) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.statusName = statusName;
    this.reason = reason;
    this.reasonNumber = reasonNumber;
    this.line = line;
  }
}

const errorClasses = {};
function defineError(status, name) {
  const cls = { [name]: class extends DeckhandError {} }[name];
  errorClasses[status] = cls;
  return cls;
}
const NullArgument = defineError(-1, "NullArgument");
const InvalidArgument = defineError(-2, "InvalidArgument");
const BufferTooSmall = defineError(-3, "BufferTooSmall");
const UnknownGame = defineError(-4, "UnknownGame");
const BadOption = defineError(-5, "BadOption");
const ParseError = defineError(-6, "ParseError");
const IllegalAction = defineError(-7, "IllegalAction");
const WrongSeat = defineError(-8, "WrongSeat");
const WrongPhase = defineError(-9, "WrongPhase");
const GameOver = defineError(-10, "GameOver");
const CorruptData = defineError(-11, "CorruptData");
const RecordError = defineError(-12, "RecordError");
const InternalError = defineError(-13, "InternalError");
const Unsupported = defineError(-14, "Unsupported");

// Status codes (deckhand.h); web/test/header.test.mjs checks every DH_ constant here.
const DH_OK = 0;
const DH_E_BUFFER_TOO_SMALL = -3;
const DH_E_ILLEGAL = -7;
const DH_E_WRONG_SEAT = -8;
const DH_E_WRONG_PHASE = -9;
const DH_E_GAME_OVER = -10;
// Refusals by the rules or the turn: isLegal answers false for these instead of throwing.
const REFUSALS = new Set([DH_E_ILLEGAL, DH_E_WRONG_SEAT, DH_E_WRONG_PHASE, DH_E_GAME_OVER]);

// The structs the binding reads and writes in the module's memory, as deckhand.h lays them
// out in wasm32: each struct's size and the [offset, size] of the fields used.
// web/test/header.test.mjs compares them with the header.
const LAYOUT = {
  dh_error: {
    size: 256,
    fields: { size: [0, 4], status: [4, 4], reason: [8, 4], line: [12, 4], code: [16, 40],
      message: [56, 200] },
  },
  dh_action: { size: 32, fields: { seat: [0, 1] } },
};
const ERROR_SIZE = LAYOUT.dh_error.size;
const [ERROR_STATUS] = LAYOUT.dh_error.fields.status;
const [ERROR_REASON] = LAYOUT.dh_error.fields.reason;
const [ERROR_LINE] = LAYOUT.dh_error.fields.line;
const [ERROR_CODE, ERROR_CODE_BYTES] = LAYOUT.dh_error.fields.code;
const [ERROR_MESSAGE, ERROR_MESSAGE_BYTES] = LAYOUT.dh_error.fields.message;
const ACTION_SIZE = LAYOUT.dh_action.size;
const [ACTION_SEAT] = LAYOUT.dh_action.fields.seat;

// ---- Argument checks ----------------------------------------------------------------------

// Every public function checks its arguments with these before its first call into the
// module, so that a refused argument changes nothing. A value of the wrong type is a
// TypeError; one of the right type that is out of range or not representable (NaN, ±Infinity,
// a fraction, a NUL or a lone surrogate in text) a RangeError. Messages name the argument.
const INT32_MAX = 2 ** 31 - 1;
const UINT32_MAX = 2 ** 32 - 1;
const UINT64_MAX = (1n << 64n) - 1n;

// A value as a message shows it: its type, and its value when short.
function shown(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "undefined": return "undefined";
    case "string": return value.length <= 40 ? `the string ${JSON.stringify(value)}` : "a string";
    case "number": return String(value);
    case "bigint": return `${value}n`;
    case "boolean": return `the boolean ${value}`;
    case "object": return value instanceof Uint8Array ? "a Uint8Array" : "an object";
    default: return `a ${typeof value}`;
  }
}

function isPlainObject(value) {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// An integer from min to max given as a number (not a string, boolean or bigint).
function intArg(name, value, min, max) {
  if (typeof value !== "number") throw new TypeError(`${name}: a number, not ${shown(value)}`);
  if (!Number.isInteger(value)) throw new RangeError(`${name}: a whole number, not ${value}`);
  if (value < min || value > max)
    throw new RangeError(`${name}: ${min} to ${max}, not ${value}`);
  return value;
}
// A seat (int32_t, not negative) and an index or count (size_t: 32 bits in wasm32).
const seatArg = (name, value) => intArg(name, value, 0, INT32_MAX);
const sizeArg = (name, value) => intArg(name, value, 0, UINT32_MAX);
// A viewer: a seat, or -1, null or undefined for a spectator.
const viewerArg = (seat) => (seat == null ? -1 : intArg("seat", seat, -1, INT32_MAX));

// A generator seed (uint64_t): a number up to 2^53 - 1 (beyond it numbers round: pass a
// bigint) or a bigint up to 2^64 - 1; never negative.
function seedArg(name, value) {
  if (typeof value === "bigint") {
    if (value < 0n || value > UINT64_MAX)
      throw new RangeError(`${name}: 0 to 2^64 - 1, not ${value}n`);
    return value;
  }
  if (typeof value !== "number")
    throw new TypeError(`${name}: a number or a bigint, not ${shown(value)}`);
  if (!Number.isInteger(value)) throw new RangeError(`${name}: a whole number, not ${value}`);
  if (value < 0) throw new RangeError(`${name}: 0 to 2^64 - 1, not ${value}`);
  if (value > Number.MAX_SAFE_INTEGER)
    throw new RangeError(`${name}: ${value} is beyond 2^53 - 1, where numbers round; ` +
      "pass a bigint");
  return BigInt(value);
}

// Lone surrogates: UTF-8 cannot encode them (TextEncoder would write U+FFFD instead).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function isWellFormed(text) {
  return typeof text.isWellFormed === "function" ? text.isWellFormed()
    : !LONE_SURROGATE.test(text);
}

// Text for the C ABI: a string without NUL (C would end it there) or lone surrogates.
function textArg(name, value) {
  if (typeof value !== "string") throw new TypeError(`${name}: a string, not ${shown(value)}`);
  const nul = value.indexOf("\0");
  if (nul >= 0) throw new RangeError(`${name}: a NUL character at index ${nul}`);
  if (!isWellFormed(value))
    throw new RangeError(`${name}: a lone surrogate (text that is not valid Unicode)`);
  return value;
}

// Bytes: a Uint8Array (a Buffer is one), an ArrayBuffer, or an array of numbers 0 to 255.
function bytesArg(name, value) {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (Array.isArray(value))
    return Uint8Array.from(value, (byte, i) => intArg(`${name}[${i}]`, byte, 0, 255));
  throw new TypeError(`${name}: a Uint8Array, an ArrayBuffer or an array of bytes, ` +
    `not ${shown(value)}`);
}

// An options bag ({ players, options }): undefined or null for none, else a plain object
// whose keys are among `keys`.
function bagArg(name, value, keys) {
  if (value == null) return {};
  if (!isPlainObject(value))
    throw new TypeError(`${name}: an object { ${keys.join(", ")} }, not ${shown(value)}`);
  for (const key of Object.keys(value)) {
    if (!keys.includes(key))
      throw new TypeError(`${name}: no property ${JSON.stringify(key)} (it takes ` +
        `${keys.join(", ")})`);
  }
  return value;
}

// Options as the C ABI's "key=value" strings, from an object (values strings, whole numbers
// or booleans: true is "on") or an array of "key=value" strings; null or undefined: none.
function optionsArg(name, options) {
  if (options == null) return [];
  if (Array.isArray(options)) return options.map((text, i) => textArg(`${name}[${i}]`, text));
  if (!isPlainObject(options))
    throw new TypeError(`${name}: an object or an array of 'key=value' strings, ` +
      `not ${shown(options)}`);
  return Object.entries(options).map(([key, value]) => {
    textArg(`${name} key ${JSON.stringify(key)}`, key);
    const what = `${name}.${key}`;
    if (typeof value === "boolean") return `${key}=${value ? "on" : "off"}`;
    if (typeof value === "number") {
      if (!Number.isSafeInteger(value))
        throw new RangeError(`${what}: a whole number, not ${value}`);
      return `${key}=${value}`;
    }
    if (typeof value === "string") return `${key}=${textArg(what, value)}`;
    throw new TypeError(`${what}: a string, a number or a boolean, not ${shown(value)}`);
  });
}

// An optional whole number written into an option string (the library checks its range).
function optionNumberArg(name, value) {
  if (typeof value !== "number") throw new TypeError(`${name}: a number, not ${shown(value)}`);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name}: a whole number, not ${value}`);
  return value;
}

// ---- The binding --------------------------------------------------------------------------

// Everything that talks to one instance of the module; load() makes one.
function bind(M) {
  const textEncoder = new TextEncoder();
  const textDecoder = new TextDecoder();
  // Memory can grow during any call, which replaces the buffer: views are taken afresh.
  const u8 = () => M.HEAPU8;
  // (pointers from malloc and the fields read are 4-byte aligned; wasm is little-endian)
  const i32At = (ptr) => M.HEAP32[ptr >> 2];
  const u32At = (ptr) => M.HEAPU32[ptr >> 2];

  // Scratch cells that live as long as the module: one dh_error, output slots, and a text
  // buffer that grows to the largest text read so far.
  const errPtr = M._malloc(ERROR_SIZE);
  const outPtr = M._malloc(16);
  const actionPtr = M._malloc(ACTION_SIZE); // a dh_action a call writes
  let bufPtr = M._malloc(4096);
  let bufCap = 4096;
  function bufferOf(size) {
    if (size > bufCap) {
      M._free(bufPtr);
      bufCap = Math.max(size, bufCap * 2);
      bufPtr = M._malloc(bufCap);
      if (!bufPtr) {
        bufCap = 0; // the next call asks again
        throw outOfMemory();
      }
    }
    return bufPtr;
  }

  // The binding's own allocations fail as the library's do (DH_E_INTERNAL).
  function outOfMemory() {
    return new InternalError(-13, "DH_E_INTERNAL", "internal_error", 0,
      "internal_error: out of memory", 0);
  }
  function allocate(size) {
    const ptr = M._malloc(size);
    if (!ptr) throw outOfMemory();
    return ptr;
  }

  function statusName(status) {
    return M.UTF8ToString(M._dh_status_name(status));
  }

  // The dh_error before a call: its size, and a status no call leaves there (errorOf reads
  // the fields only when the call wrote its status).
  function resetError() {
    M.HEAPU32[errPtr >> 2] = ERROR_SIZE;
    M.HEAP32[(errPtr + ERROR_STATUS) >> 2] = 1;
    return errPtr;
  }

  // The error of a failed call: from the dh_error it filled, or from the status alone for
  // calls that take none.
  function errorOf(status, withError) {
    const cls = errorClasses[status] || DeckhandError;
    const name = statusName(status);
    if (withError && i32At(errPtr + ERROR_STATUS) === status) {
      return new cls(status, name, M.UTF8ToString(errPtr + ERROR_CODE, ERROR_CODE_BYTES),
        i32At(errPtr + ERROR_REASON), M.UTF8ToString(errPtr + ERROR_MESSAGE, ERROR_MESSAGE_BYTES),
        i32At(errPtr + ERROR_LINE));
    }
    const message = M.UTF8ToString(M._dh_status_message(status));
    return new cls(status, name, "", 0, `${name}: ${message}`, 0);
  }

  // Runs fn(err) for a call that takes a dh_error; throws its error on failure.
  function callErr(fn) {
    const status = fn(resetError());
    if (status !== DH_OK) throw errorOf(status, true);
    return status;
  }
  function check(status) {
    if (status !== DH_OK) throw errorOf(status, false);
  }

  // Copies a string (checked by textArg) into the module's memory for the length of fn(ptr).
  function withString(text, fn) {
    const bytes = textEncoder.encode(text);
    const ptr = allocate(bytes.length + 1);
    try {
      u8().set(bytes, ptr);
      u8()[ptr + bytes.length] = 0;
      return fn(ptr);
    } finally {
      M._free(ptr);
    }
  }
  function withStrings(texts, fn) {
    const ptrs = [];
    const array = allocate(Math.max(texts.length, 1) * 4);
    try {
      for (const text of texts) {
        const bytes = textEncoder.encode(text);
        const ptr = allocate(bytes.length + 1);
        ptrs.push(ptr);
        u8().set(bytes, ptr);
        u8()[ptr + bytes.length] = 0;
      }
      ptrs.forEach((ptr, i) => { M.HEAPU32[(array >> 2) + i] = ptr; });
      return fn(array, texts.length);
    } finally {
      ptrs.forEach((ptr) => M._free(ptr));
      M._free(array);
    }
  }

  // Calls a C function that writes into a caller's buffer with the (out_len, buf, cap, ...)
  // convention, `width` bytes per item, into the scratch buffer (grown and called again
  // when too small); returns the items written.
  function callSized(width, fn, ...args) {
    let status = fn(outPtr, bufPtr, Math.floor(bufCap / width), ...args);
    if (status === DH_E_BUFFER_TOO_SMALL) {
      bufferOf(u32At(outPtr) * width);
      status = fn(outPtr, bufPtr, Math.floor(bufCap / width), ...args);
    }
    check(status);
    return u32At(outPtr);
  }
  function readText(fn, ...args) {
    const length = callSized(1, fn, ...args); // with the terminating NUL
    return textDecoder.decode(u8().subarray(bufPtr, bufPtr + length - 1));
  }
  // (the call first: it may move the buffer)
  function readBytes(fn, ...args) {
    const length = callSized(1, fn, ...args);
    return u8().slice(bufPtr, bufPtr + length);
  }
  function readArray(width, fn, ...args) {
    const count = callSized(width, fn, ...args);
    return { ptr: bufPtr, count };
  }
  function readInt64s(fn, game) {
    const { ptr, count } = readArray(8, fn, game);
    const view = new DataView(M.HEAPU8.buffer);
    return Array.from({ length: count }, (_, i) => Number(view.getBigInt64(ptr + 8 * i, true)));
  }
  function readInt32s(fn, game) {
    const { ptr, count } = readArray(4, fn, game);
    const view = new DataView(M.HEAPU8.buffer);
    return Array.from({ length: count }, (_, i) => view.getInt32(ptr + 4 * i, true));
  }

  // Frees a game's handle when its Game is collected and free() was never called. The
  // collector cannot run inside a synchronous loop: code that makes games in one must free
  // them (free(), or `using` where the runtime has Symbol.dispose).
  const finalizer = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((handle) => M._dh_game_free(handle)) : null;

  // The handle of a live Game (a TypeError for a freed one or anything else: no handle is
  // taken from a look-alike object).
  function handleOf(game) {
    if (!(game instanceof Game)) throw new TypeError("not a Game");
    if (!game._h) throw new TypeError("this Game was freed (free() or dispose)");
    return game._h;
  }

  class Game {
    // new Game("ghost-euchre", { players, options, firstDealer }): options as an object
    // ({ renege: "penalize", max_hands: 5 }) or "key=value" strings.
    constructor(name, settings = undefined) {
      textArg("name", name);
      const { players, options, firstDealer } =
        bagArg("settings", settings, ["players", "options", "firstDealer"]);
      const playerCount = players == null ? 0 : seatArg("players", players);
      const dealer = firstDealer == null ? 0 : seatArg("firstDealer", firstDealer);
      const opts = optionsArg("options", options);
      withString(name, (namePtr) => withStrings(opts, (array, count) =>
        callErr((err) => M._dh_game_new(outPtr, namePtr, array, count, playerCount, dealer,
          err))));
      this._own(u32At(outPtr));
    }

    _own(handle) {
      this._h = handle;
      if (finalizer) finalizer.register(this, handle, this);
    }

    static _adopt(handle) {
      const game = Object.create(Game.prototype);
      game._own(handle);
      return game;
    }

    // Releases the game's memory in the module now (otherwise when the Game is collected,
    // which a synchronous loop never lets happen: free the games you make in one). Once
    // freed, every method and property throws a TypeError; free() again does nothing.
    free() {
      if (!(this instanceof Game)) throw new TypeError("not a Game");
      if (this._h) {
        if (finalizer) finalizer.unregister(this);
        M._dh_game_free(this._h);
        this._h = 0;
      }
    }

    get _handle() {
      return handleOf(this);
    }

    // ---- construction from data ----
    // Replays a record (docs/records.md) into a new game; a refused line throws its error
    // with .line set.
    static fromRecord(text) {
      textArg("text", text);
      withString(text, (ptr) => callErr((err) => M._dh_record_replay(outPtr, ptr, err)));
      return Game._adopt(u32At(outPtr));
    }

    // Restores bytes from serialize() (any game: the bytes say which).
    static deserialize(bytes) {
      const data = bytesArg("bytes", bytes);
      const ptr = allocate(Math.max(data.length, 1));
      try {
        u8().set(data, ptr);
        callErr((err) => M._dh_game_deserialize(outPtr, ptr, data.length, err));
      } finally {
        M._free(ptr);
      }
      return Game._adopt(u32At(outPtr));
    }

    // The whole game as checksummed bytes, the same on every platform.
    serialize() {
      return readBytes(M._dh_game_serialize, handleOf(this));
    }

    copy() {
      callErr((err) => M._dh_game_clone(outPtr, handleOf(this), err));
      return Game._adopt(u32At(outPtr));
    }

    // Back to a new game with the same options and first dealer.
    reset() {
      callErr((err) => M._dh_game_reset(handleOf(this), err));
    }

    // ---- chance ----
    // deal({ seed }) deals from a seed (docs/deals.md; deal(seed) too), deal({ cards }) the
    // cards written as in a record ("0: 9C TC ...; 1: ...; ...").
    deal(how) {
      this._chance("deal", how, "cards", M._dh_game_deal_seed, M._dh_game_deal_text);
    }

    // Toonerville (T13): the reshuffle of an explicitly dealt round, from { seed } or as
    // { stock: "stock: c c ..." }.
    reshuffle(how) {
      this._chance("reshuffle", how, "stock", M._dh_game_reshuffle_seed,
        M._dh_game_reshuffle_text);
    }

    // how: a seed (number or bigint), { seed } or { [textName]: text }.
    _chance(what, how, textName, seedFn, textFn) {
      const handle = handleOf(this);
      if (typeof how === "number" || typeof how === "bigint") how = { seed: how };
      else if (!isPlainObject(how)) {
        throw new TypeError(`${what}: a seed, { seed } or { ${textName} }, ` +
          `not ${shown(how)}`);
      }
      const { seed, [textName]: text } = bagArg(what, how, ["seed", textName]);
      if ((seed == null) === (text == null))
        throw new TypeError(`${what}: give exactly one of seed or ${textName}`);
      if (seed != null) {
        const seed64 = seedArg("seed", seed);
        callErr((err) => seedFn(handle, seed64, err));
      } else {
        textArg(textName, text);
        withString(text, (ptr) => callErr((err) => textFn(handle, ptr, err)));
      }
    }

    get needsReshuffle() {
      return this._int32(M._dh_game_needs_reshuffle) === 1;
    }

    // Deprecated (deckhand.h): Toonerville's offer of a declined discard (T6) is in the game's
    // state: the seat offered it is toAct, with "buy" and "pass". Of the seats asking to buy,
    // the one whose buy the game accepts now, nearest after the seat to act, or null.
    buyWinner(seats) {
      const handle = handleOf(this);
      if (seats == null || typeof seats === "string" ||
          typeof seats[Symbol.iterator] !== "function")
        throw new TypeError(`seats: an array (or iterable) of seats, not ${shown(seats)}`);
      // a seat the game does not have is refused here: the C ABI would ignore its bit
      const last = Math.min(this.players, 32) - 1;
      let mask = 0;
      let i = 0;
      for (const seat of seats) mask |= 2 ** intArg(`seats[${i++}]`, seat, 0, last);
      check(M._dh_game_buy_winner(outPtr, handle, mask));
      const seat = i32At(outPtr);
      return seat < 0 ? null : seat;
    }

    // ---- actions ----
    // Applies one action text ("bid 4", "play JS") for `seat`; throws the refusal.
    apply(seat, action) {
      const handle = handleOf(this);
      seatArg("seat", seat);
      textArg("action", action);
      withString(action, (ptr) =>
        callErr((err) => M._dh_game_apply_text(handle, seat, ptr, err)));
    }

    // Throws the error `action` would be refused with now; changes nothing.
    check(seat, action) {
      const handle = handleOf(this);
      seatArg("seat", seat);
      textArg("action", action);
      withString(action, (ptr) =>
        callErr((err) => M._dh_game_is_legal_text(handle, seat, ptr, err)));
    }

    // True when `seat` may take `action` now; false for a refusal by the rules or the turn.
    // Malformed text throws ParseError, a seat out of range InvalidArgument.
    isLegal(seat, action) {
      const handle = handleOf(this);
      seatArg("seat", seat);
      textArg("action", action);
      const status = withString(action, (ptr) =>
        M._dh_game_is_legal_text(handle, seat, ptr, resetError()));
      if (status === DH_OK) return true;
      if (REFUSALS.has(status)) return false;
      throw errorOf(status, true);
    }

    // Action texts the seat to act may take (Toonerville, offered a declined discard: "buy"
    // and "pass"), in the library's order; [] when no seat acts.
    legalActions() {
      const text = readText(M._dh_game_legal_actions_text, handleOf(this));
      return text.split("\n").filter((line) => line !== "");
    }

    // The legal actions of the seat to act as { seat, action } pairs.
    legalMoves() {
      const { count } = readArray(ACTION_SIZE, M._dh_game_legal_actions, handleOf(this));
      const codes = u8().slice(bufPtr, bufPtr + count * ACTION_SIZE);
      return this._formatActions(codes).map((action, i) =>
        ({ seat: codes[i * ACTION_SIZE + ACTION_SEAT], action }));
    }

    // The texts of dh_action structs, `codes` holding them one after another (a copy: the
    // scratch buffer is reused by each formatting).
    _formatActions(codes) {
      const one = allocate(ACTION_SIZE);
      try {
        const texts = [];
        for (let i = 0; i < codes.length / ACTION_SIZE; ++i) {
          u8().set(codes.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE), one);
          texts.push(readText(M._dh_game_format_action, handleOf(this), one));
        }
        return texts;
      } finally {
        M._free(one);
      }
    }

    get legalCount() {
      check(M._dh_game_legal_count(outPtr, handleOf(this)));
      return u32At(outPtr);
    }

    // Applies the index-th legal action (legalActions() order); returns how many legal
    // actions there are after it.
    applyLegal(index) {
      const handle = handleOf(this);
      sizeArg("index", index);
      callErr((err) => M._dh_game_apply_legal(outPtr, handle, index, err));
      return u32At(outPtr);
    }

    // Uniformly random legal actions in one call until the game is over or maxActions were
    // applied, dealing (and reshuffling, T13) from seeds drawn from `seed`; returns the
    // actions applied (experimental: dh_game_random_playout).
    randomPlayout(seed, maxActions) {
      const handle = handleOf(this);
      const seed64 = seedArg("seed", seed);
      sizeArg("maxActions", maxActions);
      callErr((err) => M._dh_game_random_playout(outPtr, handle, seed64, maxActions, err));
      return u32At(outPtr);
    }

    // ---- analysis (experimental) ----
    // A deal consistent with what `seat` has seen (docs/bots.md): a new history=off Game whose
    // view for that seat is this game's, the hidden cards placed uniformly at random among
    // the placements that match the seat's knowledge; the same seed gives the same deal.
    sampleConsistent(seat, seed) {
      const handle = handleOf(this);
      seatArg("seat", seat);
      const seed64 = seedArg("seed", seed);
      callErr((err) => M._dh_game_sample_consistent(outPtr, handle, seat, seed64, err));
      return Game._adopt(u32At(outPtr));
    }

    // Open-hand values of the seat to act's legal plays (every hand known: solve a
    // sampleConsistent() deal for a seat's own view), as [{ action, value }] in legalActions()
    // order: the hand's score change for that seat if it plays the card and everyone then
    // plays best (docs/bots.md). Ghost Hand Euchre and Sheepshead in their play phase only:
    // Unsupported for Toonerville, WrongPhase outside the play, GameOver once over.
    solve() {
      let cap = 16;
      for (;;) {
        const actions = allocate(cap * ACTION_SIZE);
        try {
          const values = allocate(cap * 8);
          try {
            const status = M._dh_solve_card_values(outPtr, actions, values, cap, handleOf(this),
              resetError());
            const count = u32At(outPtr);
            if (status === DH_E_BUFFER_TOO_SMALL && count > cap) {
              cap = count;
              continue;
            }
            if (status !== DH_OK) throw errorOf(status, true);
            const read = new DataView(M.HEAPU8.buffer);
            const numbers = Array.from({ length: count },
              (_, i) => Number(read.getBigInt64(values + 8 * i, true)));
            const texts = this._formatActions(u8().slice(actions, actions + count * ACTION_SIZE));
            return texts.map((action, i) => ({ action, value: numbers[i] }));
          } finally {
            M._free(values);
          }
        } finally {
          M._free(actions);
        }
      }
    }

    // ---- queries ----
    _int32(fn) {
      check(fn(outPtr, handleOf(this)));
      return i32At(outPtr);
    }
    _string(fn) {
      check(fn(outPtr, handleOf(this)));
      return M.UTF8ToString(u32At(outPtr));
    }

    get name() { return this._string(M._dh_game_name); }
    get players() { return this._int32(M._dh_game_players); }
    // The seat to act, or null (awaiting a deal, or the game is over).
    get toAct() {
      const seat = this._int32(M._dh_game_to_act);
      return seat < 0 ? null : seat;
    }
    get awaitingDeal() { return this._int32(M._dh_game_awaiting_deal) === 1; }
    get isOver() { return this._int32(M._dh_game_is_over) === 1; }
    get keepsHistory() { return this._int32(M._dh_game_keeps_history) === 1; }
    get phase() { return this._string(M._dh_game_phase); }
    get scores() { return readInt64s(M._dh_game_scores, handleOf(this)); }
    get winners() { return readInt32s(M._dh_game_winners, handleOf(this)); }
    // Score changes of the last scored hand per seat ([] before the first).
    get lastDeltas() { return readInt64s(M._dh_game_last_deltas, handleOf(this)); }

    // The itemised result of the last scored hand (null before the first).
    lastHand() {
      return JSON.parse(readText(M._dh_game_last_hand_json, handleOf(this)));
    }

    // What `seat` sees (rules G11, S13, T14) as an object; null or -1 is a spectator.
    view(seat = null) {
      const handle = handleOf(this);
      return JSON.parse(readText(M._dh_game_view_json, handle, viewerArg(seat)));
    }
    viewText(seat = null) {
      const handle = handleOf(this);
      return readText(M._dh_game_view_text, handle, viewerArg(seat));
    }

    // The game as a record; Unsupported for a history=off game.
    record() {
      const status = M._dh_game_record(outPtr, 0, 0, handleOf(this));
      if (status !== DH_OK && status !== DH_E_BUFFER_TOO_SMALL) {
        const name = statusName(status);
        throw status === -14
          ? new Unsupported(status, name, "no_history", 0,
            "no_history: the game was created with history=off and keeps no record", 0)
          : errorOf(status, false);
      }
      return readText(M._dh_game_record, handleOf(this));
    }

    toString() {
      return `<deckhand.Game ${this.name} players=${this.players} phase=${this.phase} ` +
        `toAct=${this.toAct} scores=${this.scores}>`;
    }
  }

  // Frees a bot's handle when its Bot is collected and free() was never called.
  const botFinalizer = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((handle) => M._dh_bot_free(handle)) : null;

  // A bot of the library (experimental: dh_bot_new, dh_bot_choose; docs/bots.md) for one
  // game, deciding for any seat from that seat's view alone.
  class Bot {
    // new Bot("sheepshead", { level, seed, samples, timeMs, lapse, persona, habit }): level "random",
    // "basic", "strong" or "expert", or the ladder's "1" to "5" (docs/bots.md); samples and
    // timeMs are the searching levels' budget per decision (consistent deals, and a time limit
    // in ms after which it stops sampling; the other levels ignore them); lapse (the percent of
    // decisions taken on a human lapse) and persona (a game's convention: Sheepshead's
    // "schmearer", say) are the heuristic levels' (1, 2, 3, basic); habit (the percent of
    // decisions taken on habit, basic's choice unsearched) the searching levels' (4, 5, strong,
    // expert); the library checks them all.
    constructor(gameName, settings = undefined) {
      textArg("gameName", gameName);
      const { level: levelGiven, seed, samples, timeMs, lapse, persona, habit } = bagArg(
        "settings", settings, ["level", "seed", "samples", "timeMs", "lapse", "persona", "habit"]);
      const level = textArg("level", levelGiven ?? "basic");
      const seed64 = seedArg("seed", seed ?? 0);
      const opts = [];
      if (samples != null) opts.push(`samples=${optionNumberArg("samples", samples)}`);
      if (timeMs != null) opts.push(`time_ms=${optionNumberArg("timeMs", timeMs)}`);
      if (lapse != null) opts.push(`lapse=${optionNumberArg("lapse", lapse)}`);
      if (persona != null) opts.push(`persona=${textArg("persona", persona)}`);
      if (habit != null) opts.push(`habit=${optionNumberArg("habit", habit)}`);
      withString(gameName, (namePtr) => withString(level, (levelPtr) => withStrings(opts,
        (array, count) => callErr((err) =>
          M._dh_bot_new(outPtr, namePtr, levelPtr, seed64, array, count, err)))));
      this._h = u32At(outPtr);
      this.level = level;
      if (botFinalizer) botFinalizer.register(this, this._h, this);
    }

    // Releases the bot's memory in the module now (otherwise when the Bot is collected; free
    // the bots made in a synchronous loop). Once freed, choose() throws a TypeError.
    free() {
      if (!(this instanceof Bot)) throw new TypeError("not a Bot");
      if (this._h) {
        if (botFinalizer) botFinalizer.unregister(this);
        M._dh_bot_free(this._h);
        this._h = 0;
      }
    }

    // What `seat` (the seat to act when omitted) does now in `game`, as action text: one of
    // the seat to act's legal actions (Toonerville, offered a declined discard, T6: "buy" or
    // "pass"); null for another seat. A game waiting for a deal or a reshuffle throws
    // WrongPhase, one that is over GameOver.
    choose(game, seat = null) {
      if (!(this instanceof Bot)) throw new TypeError("not a Bot");
      if (!this._h) throw new TypeError("this Bot was freed (free() or dispose)");
      if (!(game instanceof Game)) throw new TypeError(`game: a Game, not ${shown(game)}`);
      const handle = handleOf(game);
      if (seat != null) seatArg("seat", seat);
      // with no seat to act (a deal due, or the game over) any seat gets the game's error
      const chooser = seat ?? game.toAct ?? 0;
      const status = M._dh_bot_choose(actionPtr, this._h, handle, chooser, resetError());
      if (status === DH_E_WRONG_SEAT) return null;
      if (status !== DH_OK) throw errorOf(status, true);
      return readText(M._dh_game_format_action, handleOf(game), actionPtr);
    }

    // What `seat` (the seat to act when omitted) should do now, and why: { action,
    // alternatives: [{ action, value, ci95: [low, high] }] (every legal action; higher is
    // better), reason }. The expert's search whatever the level, within the bot's budget
    // (docs/bots.md, "Hints"). Another seat throws WrongSeat; refusals otherwise as choose.
    hint(game, seat = null) {
      if (!(this instanceof Bot)) throw new TypeError("not a Bot");
      if (!this._h) throw new TypeError("this Bot was freed (free() or dispose)");
      if (!(game instanceof Game)) throw new TypeError(`game: a Game, not ${shown(game)}`);
      const handle = handleOf(game);
      if (seat != null) seatArg("seat", seat);
      const asked = seat ?? game.toAct ?? 0;
      const bot = this._h;
      return JSON.parse(readTextErr((len, buf, cap) =>
        M._dh_bot_hint_json(len, buf, cap, bot, handle, asked, resetError())));
    }
  }

  // The JSON of `deckhand replay` for a record (docs/cli.md), as text: the same bytes as the
  // command prints, without its newline.
  function replayJson(text) {
    textArg("text", text);
    return withString(text, (ptr) => readText((len, buf, cap) =>
      M._dh_record_replay_json(len, buf, cap, ptr)));
  }

  // ---- Tables (deckhand.h "Tables", docs/tables.md) ----

  // A table clock (int64_t now_ms): a whole number of ms as a safe-integer number, or a
  // bigint within int64_t; passed to the module as a bigint.
  const INT64_MIN = -(1n << 63n);
  const INT64_MAX = (1n << 63n) - 1n;
  function nowArg(name, value) {
    if (typeof value === "bigint") {
      if (value < INT64_MIN || value > INT64_MAX)
        throw new RangeError(`${name}: -2^63 to 2^63 - 1, not ${value}n`);
      return value;
    }
    if (typeof value !== "number")
      throw new TypeError(`${name}: a number or a bigint, not ${shown(value)}`);
    if (!Number.isInteger(value)) throw new RangeError(`${name}: a whole number, not ${value}`);
    if (!Number.isSafeInteger(value))
      throw new RangeError(`${name}: ${value} is beyond 2^53 - 1, where numbers round; ` +
        "pass a bigint");
    return BigInt(value);
  }
  // An event sequence number (uint64_t): a whole number from 0, or a bigint.
  function seqArg(name, value) {
    return seedArg(name, value);
  }

  // Reads a text a sized call with a dh_error writes: fn(outLen, buf, cap) returns the status.
  function readTextErr(fn) {
    let status = fn(outPtr, bufPtr, bufCap);
    if (status === DH_E_BUFFER_TOO_SMALL) {
      bufferOf(u32At(outPtr));
      status = fn(outPtr, bufPtr, bufCap);
    }
    if (status !== DH_OK) throw errorOf(status, true);
    const length = u32At(outPtr);
    return textDecoder.decode(u8().subarray(bufPtr, bufPtr + length - 1));
  }
  const int64At = (ptr) => new DataView(M.HEAPU8.buffer).getBigInt64(ptr, true);
  const uint64At = (ptr) => new DataView(M.HEAPU8.buffer).getBigUint64(ptr, true);

  const HOLDERS = ["empty", "human", "away", "bot"];

  const tableFinalizer = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((handle) => M._dh_table_free(handle)) : null;

  function tableHandleOf(table) {
    if (!(table instanceof Table)) throw new TypeError("not a Table");
    if (!table._h) throw new TypeError("this Table was freed (free() or dispose)");
    return table._h;
  }

  const TABLE_NUMBERS = { decisionMs: "decision_ms", bankMs: "bank_ms", botMs: "bot_ms",
    offerMs: "offer_ms", dealMs: "deal_ms", nonceMs: "nonce_ms" };
  const TABLE_TEXTS = { standin: "standin", events: "events", fairSecret: "fair_secret" };

  class Table {
    // new Table("ghost-euchre", { players, options, seed, decisionMs, bankMs, botMs, offerMs,
    // dealMs, standin, events, fairSecret, nonceMs }): options are the game's (as Game takes
    // them), the rest the table's own (docs/tables.md; fairSecret: 64 hex digits, fair deals).
    constructor(name, settings = undefined) {
      textArg("name", name);
      const bag = bagArg("settings", settings, ["players", "options", "seed",
        ...Object.keys(TABLE_NUMBERS), ...Object.keys(TABLE_TEXTS)]);
      const playerCount = bag.players == null ? 0 : seatArg("players", bag.players);
      const opts = optionsArg("options", bag.options);
      const seed64 = seedArg("seed", bag.seed ?? 0);
      const tableOpts = [];
      for (const [key, option] of Object.entries(TABLE_NUMBERS)) {
        if (bag[key] != null) tableOpts.push(`${option}=${optionNumberArg(key, bag[key])}`);
      }
      for (const [key, option] of Object.entries(TABLE_TEXTS)) {
        if (bag[key] != null) tableOpts.push(`${option}=${textArg(key, bag[key])}`);
      }
      withString(name, (namePtr) => withStrings(opts, (array, count) =>
        withStrings(tableOpts, (tarray, tcount) => callErr((err) =>
          M._dh_table_new(outPtr, namePtr, playerCount, array, count, tarray, tcount, seed64,
            err)))));
      this._own(u32At(outPtr));
    }

    _own(handle) {
      this._h = handle;
      if (tableFinalizer) tableFinalizer.register(this, handle, this);
    }

    static _adopt(handle) {
      const table = Object.create(Table.prototype);
      table._own(handle);
      return table;
    }

    // Releases the table's memory in the module now; afterwards every method throws a
    // TypeError; free() again does nothing.
    free() {
      if (!(this instanceof Table)) throw new TypeError("not a Table");
      if (this._h) {
        if (tableFinalizer) tableFinalizer.unregister(this);
        M._dh_table_free(this._h);
        this._h = 0;
      }
    }

    static deserialize(bytes) {
      const data = bytesArg("bytes", bytes);
      const ptr = allocate(Math.max(data.length, 1));
      try {
        u8().set(data, ptr);
        callErr((err) => M._dh_table_deserialize(outPtr, ptr, data.length, err));
      } finally {
        M._free(ptr);
      }
      return Table._adopt(u32At(outPtr));
    }

    serialize() {
      return readBytes(M._dh_table_serialize, tableHandleOf(this));
    }

    copy() {
      callErr((err) => M._dh_table_clone(outPtr, tableHandleOf(this), err));
      return Table._adopt(u32At(outPtr));
    }

    // ---- seats and moves ----
    seatHuman(seat) {
      const handle = tableHandleOf(this);
      seatArg("seat", seat);
      callErr((err) => M._dh_table_seat_human(handle, seat, err));
    }

    // level: "random", "basic" (the default), "strong", "expert", or the ladder's "1" to "5".
    seatBot(seat, level = "basic") {
      const handle = tableHandleOf(this);
      seatArg("seat", seat);
      textArg("level", level);
      withString(level, (ptr) => callErr((err) => M._dh_table_seat_bot(handle, seat, ptr, err)));
    }

    leave(seat, nowMs) {
      const handle = tableHandleOf(this);
      seatArg("seat", seat);
      const now64 = nowArg("nowMs", nowMs);
      callErr((err) => M._dh_table_leave(handle, seat, now64, err));
    }

    act(seat, action, nowMs) {
      const handle = tableHandleOf(this);
      seatArg("seat", seat);
      textArg("action", action);
      const now64 = nowArg("nowMs", nowMs);
      withString(action, (ptr) =>
        callErr((err) => M._dh_table_act(handle, seat, ptr, now64, err)));
    }

    // Fair deals (fairSecret): `seat`'s nonce, 16 to 128 hex digits, for the deal committed now.
    nonce(seat, nonce, nowMs) {
      const handle = tableHandleOf(this);
      seatArg("seat", seat);
      textArg("nonce", nonce);
      const now64 = nowArg("nowMs", nowMs);
      withString(nonce, (ptr) =>
        callErr((err) => M._dh_table_nonce(handle, seat, ptr, now64, err)));
    }

    tick(nowMs) {
      const handle = tableHandleOf(this);
      const now64 = nowArg("nowMs", nowMs);
      callErr((err) => M._dh_table_tick(handle, now64, err));
    }

    // ---- what each seat is told ----
    // The events after `since` as `seat` (null: a spectator) sees them.
    events(seat = null, since = 0) {
      const handle = tableHandleOf(this);
      const viewer = viewerArg(seat);
      const since64 = seqArg("since", since);
      return JSON.parse(readTextErr((len, buf, cap) =>
        M._dh_table_events_json(len, buf, cap, handle, viewer, since64, resetError())));
    }

    // { seq, view, table } for `seat` (null: a spectator).
    snapshot(seat = null) {
      const handle = tableHandleOf(this);
      const viewer = viewerArg(seat);
      return JSON.parse(readTextErr((len, buf, cap) =>
        M._dh_table_snapshot_json(len, buf, cap, handle, viewer, resetError())));
    }

    // The game's record with the table's events as comments.
    record() {
      const handle = tableHandleOf(this);
      return readTextErr((len, buf, cap) =>
        M._dh_table_record(len, buf, cap, handle, resetError()));
    }

    // A copy of the table's whole game (for the host).
    game() {
      callErr((err) => M._dh_table_game(outPtr, tableHandleOf(this), err));
      return Game._adopt(u32At(outPtr));
    }

    // ---- queries ----
    _int32(fn) {
      check(fn(outPtr, tableHandleOf(this)));
      return i32At(outPtr);
    }

    get players() { return this._int32(M._dh_table_players); }
    // "empty", "human", "away" or "bot".
    holder(seat) {
      const handle = tableHandleOf(this);
      seatArg("seat", seat);
      check(M._dh_table_holder(outPtr, handle, seat));
      return HOLDERS[i32At(outPtr)] ?? i32At(outPtr);
    }
    get toAct() {
      const seat = this._int32(M._dh_table_to_act);
      return seat < 0 ? null : seat;
    }
    get mayAct() { return readInt32s(M._dh_table_may_act, tableHandleOf(this)); }
    get deadlineMs() {
      check(M._dh_table_deadline_ms(outPtr, tableHandleOf(this)));
      const ms = Number(int64At(outPtr));
      return ms === -1 ? null : ms;
    }
    get nextDueMs() {
      check(M._dh_table_next_due_ms(outPtr, tableHandleOf(this)));
      const ms = Number(int64At(outPtr));
      return ms === -1 ? null : ms;
    }
    get isOver() { return this._int32(M._dh_table_is_over) === 1; }
    get scores() { return readInt64s(M._dh_table_scores, tableHandleOf(this)); }
    get seq() {
      check(M._dh_table_seq(outPtr, tableHandleOf(this)));
      return Number(uint64At(outPtr));
    }
    // What `seat` (null: a spectator) may do now as action texts.
    legalActions(seat = null) {
      const handle = tableHandleOf(this);
      const viewer = viewerArg(seat);
      return readText(M._dh_table_legal_actions_text, handle, viewer)
        .split("\n").filter((line) => line !== "");
    }

    toString() {
      return `<deckhand.Table players=${this.players} toAct=${this.toAct} seq=${this.seq}>`;
    }
  }

  // `using game = new dh.Game(...)` (explicit resource management) frees at the end of the
  // block where the runtime has Symbol.dispose (Node 20 defines it; its value there is
  // Symbol.for("nodejs.dispose")).
  if (typeof Symbol.dispose === "symbol") {
    Object.defineProperty(Game.prototype, Symbol.dispose, {
      value: function dispose() { this.free(); }, writable: true, configurable: true,
    });
    Object.defineProperty(Bot.prototype, Symbol.dispose, {
      value: function dispose() { this.free(); }, writable: true, configurable: true,
    });
    Object.defineProperty(Table.prototype, Symbol.dispose, {
      value: function dispose() { this.free(); }, writable: true, configurable: true,
    });
  }

  return {
    Game,
    Bot,
    Table,
    replay: (text) => JSON.parse(replayJson(text)),
    replayJson,
    // Every game of the library: name, min_players, max_players, description, options
    // (name, values, default, rule, description), phases and action_kinds, as
    // `deckhand games --json` prints them.
    games: () => JSON.parse(readText(M._dh_catalog_json)).games,
    version: M.UTF8ToString(M._dh_version()),
    // The module's memory in bytes (it grows and never shrinks): for measuring.
    memoryBytes: () => M.HEAPU8.buffer.byteLength,
    DeckhandError, NullArgument, InvalidArgument, BufferTooSmall, UnknownGame, BadOption,
    ParseError, IllegalAction, WrongSeat, WrongPhase, GameOver, CorruptData, RecordError,
    InternalError, Unsupported,
  };
}

let loading = null;

// Resolves to the API once the WebAssembly module is ready (one module per page or
// process: later calls get the same API).
function load() {
  if (!loading) loading = createDeckhandWasm({}).then(bind);
  return loading;
}
