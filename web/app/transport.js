// The table screen talks to a table through a transport, one of two:
//
//   LocalTransport   a dh.Table in the page: your seat human, the others the library's bots,
//                    ticked on a browser timer (bots take botMs to think);
//   OnlineTransport  a room of the table server (docs/server.md) through colyseus.js.
//
// Both give the screen the same things: start(listener) calls listener(update) with
// { snapshot, events, legal } after every change (snapshot = { seq, view, table } for your
// seat, events = the table events new since the last update, legal = your legal actions
// now); act(text) resolves once applied or rejects with the library's refusal ({ reason,
// message }); seat, players, gameName, names; record(), hint(), review() where they exist
// (null otherwise); close().
import { freshNonce } from "./fair.js";
import { reviewHand } from "./review.js";

export class LocalTransport {
  constructor(dh, { gameName, players, options, levels, name, seed, botMs, decisionMs, dealMs, hintLevel }) {
    this.dh = dh;
    this.kind = "offline";
    this.canHint = this.canReview = this.canRecord = true;
    this.gameName = gameName;
    this.seat = 0;
    this.hintLevel = hintLevel ?? "basic";
    this.table = new dh.Table(gameName, {
      players, options, seed: seed >>> 0, botMs, dealMs, standin: "basic",
      ...(decisionMs ? { decisionMs } : {}),
    });
    this.players = this.table.players;
    this.names = Array.from({ length: this.players }, (_, s) =>
      s === this.seat ? name || "You" : `Bot ${s + 1}`); // as the lobby numbers the seats, and online
    this.table.seatHuman(this.seat);
    for (let s = 0; s < this.players; ++s) if (s !== this.seat) this.table.seatBot(s, levels[s]);
    this.t0 = performance.now();
    this.last = 0;
    this.lastSeq = 0;
    this.timer = 0;
    this.hintBot = null;
  }

  // The table's clock: ms since the table was made, never going back.
  now() {
    this.last = Math.max(this.last, Math.floor(performance.now() - this.t0));
    return this.last;
  }

  start(listener) {
    this.listener = listener;
    this.table.tick(this.now());
    this.emit();
  }

  emit() {
    const events = this.table.events(this.seat, this.lastSeq);
    if (events.length) this.lastSeq = events.at(-1).seq;
    const snapshot = this.table.snapshot(this.seat);
    const legal = this.table.mayAct.includes(this.seat) ? this.table.legalActions(this.seat) : [];
    this.schedule();
    this.listener?.({ snapshot, events, legal, clockNow: this.now() });
  }

  // The browser timer: the next move due (a bot's, a stand-in's, the next deal).
  schedule() {
    clearTimeout(this.timer);
    const due = this.table.nextDueMs;
    if (due == null || this.closed) return;
    this.timer = setTimeout(() => {
      if (this.closed) return;
      this.table.tick(Math.max(this.now(), due));
      this.emit();
    }, Math.max(0, due - this.now()));
  }

  async act(text) {
    this.table.act(this.seat, text, this.now()); // a refusal throws, the table unchanged
    this.emit();
  }

  // The library's hint for your seat: { action, alternatives, reason } (the expert's search
  // within 16 deals and 250 ms; docs/bots.md "Hints"), or null when you have nothing to do now.
  async hint() {
    this.hintBot ??= new this.dh.Bot(this.gameName, { level: this.hintLevel, seed: 1, samples: 16, timeMs: 250 });
    const game = this.table.game();
    try {
      return this.hintBot.hint(game, this.seat);
    } catch (error) {
      if (error instanceof this.dh.WrongSeat) return null;
      throw error;
    } finally {
      game.free();
    }
  }

  record() {
    return this.table.record();
  }

  // Each of your card plays in the last hand against the open-hand best (as `deckhand analyze`).
  review(onProgress) {
    return reviewHand(this.dh, this.table.record(), this.seat, onProgress);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.hintBot?.free();
    this.table.free();
  }
}

// The table server's client (docs/server.md). colyseus.js is loaded on first use.
async function colyseus() {
  if (!window.Colyseus) {
    await new Promise((resolve, reject) => {
      const script = Object.assign(document.createElement("script"),
        { src: new URL("../node_modules/colyseus.js/dist/colyseus.js", import.meta.url).href });
      script.onload = resolve;
      script.onerror = () => reject(new Error("could not load colyseus.js"));
      document.head.append(script);
    });
  }
  return window.Colyseus;
}

const SEAT_KEY = "deckhand.seat";        // sessionStorage: { endpoint, code, seat, seatToken, name } of this tab
const LAST_KEY = "deckhand.lastTable";   // localStorage: the same, for a reload in a new tab

export function savedSeat() {
  for (const [store, key] of [[sessionStorage, SEAT_KEY], [localStorage, LAST_KEY]]) {
    try {
      const saved = JSON.parse(store.getItem(key) ?? "null");
      if (saved?.code && saved?.seatToken) return saved;
    } catch { /* a damaged entry: none */ }
  }
  return null;
}
export function forgetSeat() {
  sessionStorage.removeItem(SEAT_KEY);
  localStorage.removeItem(LAST_KEY);
}
const httpOf = (endpoint) => endpoint.replace(/^ws/, "http").replace(/\/$/, "");

// The table server (docs/server.md "The protocol"): welcome, snapshot, events, turn, seats,
// error from the server; act, nonce, sync, leave to it.
export class OnlineTransport {
  // how: { create: { game, players, options, seats, table }, name } or { code, name, seatToken? }
  constructor(endpoint, how) {
    this.kind = "online";
    this.canHint = this.canReview = true; // the server's hint and review (docs/server.md)
    this.canRecord = true;
    this.endpoint = endpoint;
    this.how = how;
    this.seat = null;
    this.names = [];
    this.seatInfo = [];
    this.seatToken = how.seatToken ?? null;
    this.lastSeq = 0;
    this.queued = [];
    this.pending = new Map();
    this.asks = new Map(); // hint and review requests by id, answered by their own message
    this.nextId = 1;
  }

  async start(listener, onConnection = () => {}) {
    this.listener = listener;
    this.onConnection = onConnection;
    const { Client } = await colyseus();
    this.client = new Client(httpOf(this.endpoint));
    this.setConnection("connecting");
    const room = this.how.create
      ? await this.client.create("table", { name: this.how.name || "Player", views: true, ...this.how.create })
      : await this.client.joinById(this.how.code, { name: this.how.name || "Player", views: true, ...(this.seatToken ? { seatToken: this.seatToken } : {}) });
    this.attach(room);
  }

  attach(room) {
    this.room = room;
    room.onMessage("welcome", (w) => {
      this.seat = w.seat ?? null;
      this.code = w.code;
      this.seatToken = w.token ?? this.seatToken;
      this.players = w.players;
      this.gameName = w.game;
      this.seatsChanged(w.seats);
      const saved = { endpoint: this.endpoint, code: this.code, seat: this.seat, seatToken: this.seatToken, name: this.how.name };
      if (this.seatToken) {
        sessionStorage.setItem(SEAT_KEY, JSON.stringify(saved));
        localStorage.setItem(LAST_KEY, JSON.stringify(saved));
      }
      this.setConnection("connected");
    });
    room.onMessage("snapshot", (snapshot) => {
      this.snapshot = snapshot;
      this.lastSeq = snapshot.seq;
      this.queued = [];
    });
    room.onMessage("events", ({ events }) => {
      const fresh = events.filter((e) => e.seq > this.lastSeq);
      if (!fresh.length) return;
      this.lastSeq = fresh.at(-1).seq;
      for (const e of fresh) {
        // fair deals: a fresh crypto-random nonce for each commitment
        if (e.type === "commit" && this.seat != null) room.send("nonce", { nonce: freshNonce(32) });
        if (e.type === "game_over") this.fetchRecord();
      }
      this.queued.push(...fresh);
      // my action went through
      if (fresh.some((e) => e.type === "action" && e.seat === this.seat && e.by === "human")) {
        for (const p of this.pending.values()) p.resolve();
        this.pending.clear();
      }
    });
    room.onMessage("turn", (turn) => {
      if (!this.snapshot) return;
      this.snapshot = { seq: turn.seq, view: turn.view ?? this.snapshot.view, table: turn.table ?? this.snapshot.table };
      const events = this.queued;
      this.queued = [];
      this.lastLegal = turn.legal ?? [];
      this.listener?.({ snapshot: this.snapshot, events, legal: turn.legal ?? [], clockNow: turn.nowMs });
    });
    room.onMessage("seats", ({ seats }) => {
      this.seatsChanged(seats);
      if (this.snapshot) this.listener?.({ snapshot: this.snapshot, events: [], legal: this.lastLegal ?? [], clockNow: undefined });
    });
    for (const type of ["hint", "review"]) {
      room.onMessage(type, (answer) => {
        const ask = this.asks.get(answer.id);
        this.asks.delete(answer.id);
        ask?.resolve(answer);
      });
    }
    room.onMessage("error", (error) => {
      const ask = this.asks.get(error.id);
      if (ask) {
        this.asks.delete(error.id);
        ask.reject(error);
        return;
      }
      const p = this.pending.get(error.id);
      if (p) {
        this.pending.delete(error.id);
        p.reject({ ...error, statusName: error.code });
      } else this.listener?.({ error });
    });
    room.onLeave((code) => {
      if (this.closed || code === 1000) return;
      this.reconnect();
    });
  }

  seatsChanged(seats = []) {
    this.seatInfo = seats;
    this.names = seats.map((s) => s.name || (s.holder === "bot" ? `Bot ${s.seat + 1}` : ""));
  }

  setConnection(state) {
    this.connection = state;
    this.onConnection?.(state);
  }

  // A lost connection (a dropped network, a server restart): Colyseus's reconnection first,
  // then the invite code with the seat token, trying until one works.
  async reconnect() {
    this.setConnection("reconnecting");
    for (let wait = 300; !this.closed; wait = Math.min(wait * 2, 3000)) {
      try {
        const room = this.seatToken
          ? await this.client.joinById(this.code, { name: this.how.name || "Player", views: true, seatToken: this.seatToken })
          : await this.client.reconnect(this.room.reconnectionToken);
        this.attach(room);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  act(text) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.room.send("act", { action: text, id });
    });
  }

  async fetchRecord() {
    try {
      const response = await fetch(`${httpOf(this.endpoint)}/history/${this.code}`);
      if (response.ok) this.finished = await response.json();
    } catch { /* not yet: the button asks again */ }
  }
  async record() {
    if (!this.finished) await this.fetchRecord();
    return this.finished?.record ?? null;
  }
  ask(type) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.asks.set(id, { resolve, reject });
      this.room.send(type, { id });
    });
  }
  // The library bot's hint for your seat on your turn: { action, alternatives, reason }.
  hint() {
    return this.ask("hint");
  }
  // Your plays in the last hand that is over against the open-hand best. A refusal (the
  // server's "unsupported" for a game with no solver) is thrown: the screen shows its words.
  async review() {
    return (await this.ask("review")).plays;
  }
  close() {
    this.closed = true;
    forgetSeat();
    this.room?.leave(true);
  }
}

// The open tables of a server (the lobby's list): GET /tables.
export async function openTables(endpoint) {
  const response = await fetch(`${httpOf(endpoint)}/tables`);
  if (!response.ok) throw new Error(`GET /tables: ${response.status}`);
  return (await response.json()).tables;
}
