// The table screen, the same for offline and online play: it draws what the transport gives
// (your seat's snapshot and events, your legal actions) and sends your actions through it.
// Nothing here knows a game: the view's fields, the catalog (games()) and the events say
// everything (see docs/web.md "The table").
import {
  actionLabel, actionSpoken, cardElement, cardName, cardsInText, isCard, meldName, scoreTable, shortCard, sortedHand,
  SUITS, withoutRuleNumbers,
} from "./cards.js";
import { verifyReveal } from "./fair.js";
import { levelWords } from "./bots.js";

// View fields drawn elsewhere (not listed as facts).
const SKIP = new Set(["game", "seat", "phase", "hand", "to_act", "scores", "over", "winners",
  "last_hand", "last_round", "tricks", "melds", "auction", "players", "hand_number", "dealer",
  "hand_sizes", "tricks_won", "buys", "discards", "stock_count", "offered_to", "declined_by",
  "hand_sorted", "points_taken", "round"]); // (the round is in the title)
// Fields whose value is a seat.
const SEAT_FIELDS = new Set(["declarer", "picker", "partner", "leaster_winner", "went_out"]);
// Per-seat counts shown on the seats' plates.
const PER_SEAT = ["tricks_won", "points_taken", "buys"];

// A game's name as people write it: the catalog description's words before its colon.
export const displayName = (info) => (info?.description.includes(":") ? info.description.split(":")[0] : info?.name);
// Fields whose name alone says little to a newcomer ("down: Ann"), in words.
const FIELD_WORDS = {
  down: "gone down with melds", called: "called card", unknown: "unknown card", bury_points: "points buried", blind_points: "points in the blind",
  picker_side_points: "picker's side points", picker_side_tricks: "picker's side tricks", leaster_winner: "leaster won by",
};
const words = (key) => FIELD_WORDS[key] ?? key.replace(/_/g, " ");
// A hand's result items that need more than their name (the library's view JSON, docs/cli.md):
// factors that change nothing at 1, and outcomes said as such.
const RESULT_WORDS = {
  multiplier: { neutral: 1, say: (v) => `stakes ×${v}` },
  doubled: { neutral: 1, say: (v) => `stakes doubled (×${v})` },
  bumped: { neutral: 1, say: (v) => `loss doubled on the bump (×${v})` },
  won: { yes: "the picker's side won", no: "the picker's side lost", about: "picker" },
  made: { yes: "bid made", no: "bid not made", about: "declarer" },
};
// Verbs written as one word in actions, as people write them.
const VERBS = { layoff: "lay off" };
// A hand's result item that says nothing: a count of 0, or 0 for every seat ("reneges — You: 0,
// Bot 2: 0, Bot 3: 0").
const nothingToSay = (value) => value === 0 || (Array.isArray(value) && value.length > 0 && value.every((v) => v === 0));
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];
const oneOf = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.filter((c) => c != null && c !== false));
  return node;
};

export class TableScreen {
  constructor(root, { catalog, onLeave }) {
    this.root = root;
    this.catalog = catalog;
    this.onLeave = onLeave;
    this.selected = [];
    this.hands = []; // { deltas, result } per scored hand seen
    this.fair = new Map(); // deal -> { commitment, nonces, seed, salt, verified }
    this.lastBySeat = new Map();
    this.received = new Map();
    this.answered = new Set(); // seats that answered an offer ahead of their turn
    this.turnStart = null;
    this.turnKey = "";
    this.animations = localStorage.getItem("deckhand.animations") !== "off" &&
      !matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.build();
  }

  build() {
    const $ = (sel) => this.root.querySelector(sel);
    this.$ = $;
    $("#btn-hint").addEventListener("click", () => this.hint());
    $("#btn-last").addEventListener("click", () => this.toggleLastTrick());
    $("#btn-scores").addEventListener("click", () => this.openDialog("#scores-dialog"));
    $("#btn-leave").addEventListener("click", () => this.onLeave());
    $("#btn-record").addEventListener("click", () => this.download());
    $("#btn-review").addEventListener("click", () => this.review());
    $("#btn-close-hand").addEventListener("click", () => {
      this.reviewing = false;
      $("#hand-over").hidden = true;
    });
    $("#anim-toggle").checked = this.animations;
    $("#anim-toggle").addEventListener("change", (e) => {
      this.animations = e.target.checked;
      localStorage.setItem("deckhand.animations", this.animations ? "on" : "off");
    });
    $("#felt").addEventListener("click", () => document.getAnimations?.().forEach((a) => a.finish()));
    for (const close of this.root.querySelectorAll("dialog .close"))
      close.addEventListener("click", () => close.closest("dialog").close());
    $("#action-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("#action-text").value.trim();
      if (text) this.send(text);
    });
    $("#felt").addEventListener("dragover", (e) => e.preventDefault());
    $("#felt").addEventListener("drop", (e) => {
      e.preventDefault();
      const card = e.dataTransfer.getData("text/x-card");
      if (card) this.cardChosen(card);
    });
    // arrow keys move between the cards of your hand
    $("#hand").addEventListener("keydown", (e) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const cards = [...$("#hand").querySelectorAll("button.card")];
      const at = cards.indexOf(document.activeElement);
      if (at < 0) return;
      e.preventDefault();
      cards[(at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length].focus();
    });
    this.tickClock = this.tickClock.bind(this);
  }

  // A transport to play through (LocalTransport, OnlineTransport).
  async attach(transport) {
    this.transport = transport;
    this.info = null;
    // a new table: nothing of the last one stays
    Object.assign(this, { hands: [], fair: new Map(), handEnded: null, gameOver: null, hinted: null, selected: [], turnActor: null, snapshot: null });
    this.lastBySeat.clear();
    this.received.clear();
    this.answered.clear();
    this.$("#hand-over").hidden = true;
    this.$("#last-trick").hidden = true;
    this.$("#choices").hidden = true;
    this.$("#hint-text").textContent = "";
    this.$("#invite").hidden = true;
    this.clearRefusal();
    if (this.$("#over-dialog").open) this.$("#over-dialog").close();
    this.root.hidden = false;
    this.$("#btn-hint").hidden = !transport.canHint;
    this.$("#connection").textContent = transport.kind === "offline" ? "offline · against bots" : "connecting…";
    await transport.start((update) => this.update(update), (state) => this.connectionChanged(state));
    requestAnimationFrame(this.tickClock);
  }

  connectionChanged(state) {
    if (this.transport.code) {
      this.$("#invite").hidden = false;
      this.$("#invite").dataset.code = this.transport.code;
      this.$("#invite-link").value = `${location.origin}${location.pathname}#join=${this.transport.code}`;
      this.$("#invite-code-shown").textContent = this.transport.code;
    }
    const text = { connected: `online`, reconnecting: "connection lost · reconnecting…", connecting: "connecting…" }[state] ?? state;
    this.$("#connection").textContent = text;
    this.root.dataset.connection = state;
  }

  detach() {
    this.transport?.close();
    this.transport = null;
    this.root.hidden = true;
  }

  name(seat) {
    if (seat == null) return "nobody";
    return seat === this.transport.seat ? "You" : this.transport.names?.[seat] || `Seat ${seat + 1}`;
  }

  // A seat's name inside a sentence: "you" for your own.
  nameIn(seat) {
    return seat === this.transport.seat ? "you" : this.name(seat);
  }

  // The library's and the server's messages in the player's words: without the error code in
  // front ("must_follow_suit: ..."), rule numbers ("G7", "(T6)"), seats by their players' names,
  // card codes as cards, the game by its name.
  inWords(text, code = "") {
    let t = String(text ?? "").replace(/^(hint|review): /, "");
    if (code && t.startsWith(`${code}: `)) t = t.slice(code.length + 2);
    t = withoutRuleNumbers(t.replace(/^[a-z]+(_[a-z]+)*: /, ""))
      .replace(/\b[Ss]eat (\d+)\b/g, (all, n, at) => (Number(n) < (this.tableState?.players ?? 0)
        ? (at === 0 ? this.name(Number(n)) : this.nameIn(Number(n))) : all));
    if (this.info) t = t.replaceAll(this.info.name, displayName(this.info));
    t = cardsInText(t);
    return t.charAt(0).toUpperCase() + t.slice(1);
  }

  // An action as a button or a bubble says it: "Play Q♣", "Take 10▲G", "Lay off 5▲G on Bob's
  // green run 1 to 4" (the meld named by its owner and cards, from the view).
  label(action) {
    const [verb, ...rest] = action.split(" ");
    const kind = this.info?.action_kinds.find((k) => k.name === verb);
    const view = this.view ?? {};
    if (verb === "take" && !rest.length && view.discards?.length) return `Take ${shortCard(view.discards.at(-1))}`;
    if (kind?.syntax.startsWith(`${verb} <meld-id>`) && rest.length) {
      const meld = (view.melds ?? []).find((m) => String(m.id) === rest[0]);
      const said = actionLabel([VERBS[verb] ?? verb, ...rest.slice(1)].join(" "));
      return meld ? `${said} ${verb === "swap" ? "into" : "on"} ${this.nameIn(meld.owner) === "you" ? "your" : `${this.name(meld.owner)}'s`} ${this.meldLabel(meld)}` : actionLabel(action);
    }
    return actionLabel([VERBS[verb] ?? verb, ...rest].join(" "));
  }

  // A meld by its cards ("set of 10s"), told from its owner's other melds of the same name by
  // its place among them ("second set of 10s"), never by the library's id.
  meldLabel(meld) {
    const name = meldName(meld.kind, meld.cards);
    const alike = (this.view?.melds ?? []).filter((m) => m.owner === meld.owner && meldName(m.kind, m.cards) === name);
    const place = alike.findIndex((m) => m.id === meld.id);
    return alike.length < 2 || place < 0 ? name : `${ORDINALS[place] ?? `number ${place + 1}`} ${name}`;
  }

  update({ snapshot, events = [], legal = [], clockNow, error }) {
    if (error) return this.showRefusal(error);
    const view = snapshot.view;
    this.info ??= this.catalog.find((g) => g.name === view.game);
    this.snapshot = snapshot;
    this.view = view;
    // the table's "none" is -1 (or null): null here
    this.tableState = { ...snapshot.table };
    for (const k of ["to_act", "deadline_ms", "next_due_ms"]) if (this.tableState[k] < 0) this.tableState[k] = null;
    this.legal = legal;
    this.clockAt = { table: clockNow ?? snapshot.table.now_ms, page: performance.now() };
    // fair deals: a page that joined or reloaded after a deal's commit event learns the
    // commitment from the snapshot, to check the reveal against it
    for (const c of [snapshot.table.deal_commitment, snapshot.table.nonce_window]) {
      if (c?.commitment) this.fairDeal(c.deal).commitment ??= c.commitment;
    }
    for (const e of events) this.onEvent(e);
    if (view.offered_to == null) this.answered.clear(); // the offer is over
    this.selected = this.selected.filter((c) => view.hand?.includes(c));
    this.render(events);
  }

  onEvent(e) {
    if (e.type === "deal") {
      this.lastBySeat.clear();
      this.received.clear();
      if (!this.reviewing) this.$("#hand-over").hidden = true;
      this.dealSize = e.hand?.length ?? this.dealSize;
      this.$("#hand-over").hidden = true;
    }
    if (e.type === "action") {
      this.lastBySeat.set(e.seat, e.action);
      const got = this.received.get(e.seat);
      if (got) got.pending = false;
    }
    // an offer answered ahead of its turn (T6): the answer to its own seat, "answered" to the rest
    if (e.type === "answered") {
      this.lastBySeat.set(e.seat, e.action ?? "answered");
      this.answered.add(e.seat);
    }
    // (the answer took effect in its turn, or a new deal)
    if (e.type === "action") this.answered.delete(e.seat);
    if (e.type === "deal") this.answered.clear();
    // cards a seat got that it still holds apart (a blind picked up, before its bury)
    if (e.type === "cards") this.received.set(e.seat, { count: e.count, pending: true });
    if (e.type === "hand_end") {
      this.hands.push({ deltas: e.deltas, result: e.result, scores: e.scores });
      this.handEnded = e;
    }
    if (e.type === "game_over") this.gameOver = e;
    if (e.type === "commit") this.fairDeal(e.deal).commitment = e.commitment;
    if (e.type === "nonce") (this.fairDeal(this.currentCommit ?? 0).nonces ??= []).push(e.seat);
    if (e.type === "commit") this.currentCommit = e.deal;
    if (e.type === "reveal") {
      const deal = Object.assign(this.fairDeal(e.deal), { seed: e.seed, salt: e.salt, verified: null });
      // (a commitment this page never saw is not a mismatch: the deal is left unchecked)
      if (deal.commitment != null) {
        verifyReveal(deal.commitment, e).then((ok) => {
          deal.verified = ok;
          this.renderFair();
        });
      }
    }
  }
  fairDeal(k) {
    if (!this.fair.has(k)) this.fair.set(k, { deal: k });
    return this.fair.get(k);
  }

  // ---------------------------------------------------------------- drawing
  render(events) {
    const { view, tableState: table } = this;
    const me = this.transport.seat;
    const root = this.root;
    root.dataset.game = view.game;
    root.dataset.phase = view.phase;
    root.dataset.toAct = view.to_act ?? "";
    root.dataset.myTurn = String(this.legal.length > 0);
    root.dataset.offer = view.offered_to != null && this.legal.length ? "buy" : "";
    this.$("#game-title").textContent = `${displayName(this.info) ?? view.game}${view.hand_number ? ` · hand ${view.hand_number}` : ""}${view.round ? ` · round ${view.round}` : ""}`;

    // a new turn starts its clock ring
    const key = `${table.to_act}|${(table.may_act ?? []).join(",")}|${this.snapshot.seq}`;
    const actor = `${table.to_act}|${(table.may_act ?? []).join(",")}`;
    if (actor !== this.turnActor) {
      this.turnActor = actor;
      this.turnStart = this.clockAt.table;
    }
    this.turnKey = key;

    this.renderSeats(events);
    this.renderCenter(events);
    this.renderObjects();
    this.renderHand();
    this.renderActions();
    this.renderStatus();
    this.renderScores();
    this.renderFair();
    if (this.handEnded && events.some((e) => e.type === "hand_end")) this.showHandOver(this.handEnded);
    if (this.gameOver && events.some((e) => e.type === "game_over")) this.showGameOver(this.gameOver);
  }

  // Where seat `s` sits: you at the bottom, the others clockwise around the table.
  position(s) {
    const n = this.tableState.players;
    const rel = (s - (this.transport.seat ?? 0) + n) % n;
    const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n;
    const spread = innerWidth < 600 ? 33 : 42;
    return { x: 50 + spread * Math.cos(angle), y: 50 + 40 * Math.sin(angle), rel };
  }

  handCount(s) {
    const view = this.view;
    if (view.hand_sizes) return view.hand_sizes[s];
    // trick games: every hand holds the same number of tricks to play; a seat that picked up
    // cards it has not yet put away (a blind before its bury) holds them too
    const me = this.transport.seat;
    const played = (seat) => (view.tricks ?? []).filter((t) => t.cards[seat] != null).length;
    const got = this.received.get(s);
    const mineGot = this.received.get(me);
    const total = (view.hand?.length ?? 0) + played(me) - (mineGot?.pending && mineGot.count < (this.dealSize ?? 99) ? mineGot.count : 0);
    return total - played(s) + (got?.pending && got.count < (this.dealSize ?? 0) ? got.count : 0);
  }

  renderSeats() {
    const { view, tableState: table } = this;
    const me = this.transport.seat;
    const box = this.$("#seats");
    box.replaceChildren();
    for (let s = 0; s < table.players; ++s) {
      const { x, y, rel } = this.position(s);
      const holder = table.seats?.[s]?.holder ?? "human";
      const { turn, deciding } = this.seatTurn(s);
      const acting = turn || deciding;
      const plate = el("section", { className: `seat rel-${rel}${turn ? " to-act" : ""}${deciding ? " deciding" : ""}${s === me ? " me" : ""}` });
      plate.dataset.seat = s;
      plate.style.left = `${x}%`;
      plate.style.top = `${y}%`;
      const level = table.seats?.[s]?.level;
      const connected = this.transport.seatInfo?.[s]?.connected;
      const held = { human: s === me ? "" : connected === false ? "disconnected · waiting" : "online", away: "away · a bot plays for now", bot: `bot · ${level ? levelWords(level) : ""}`, empty: "empty seat" }[holder] ?? holder;
      const status = [held, s === view.dealer ? "dealer" : null].filter(Boolean).join(" · ");
      const facts = PER_SEAT.filter((k) => Array.isArray(view[k])).map((k) => `${words(k)} ${view[k][s]}`);
      const tag = this.turnTag(s, turn, deciding);
      const label = [this.name(s), s === view.dealer ? "dealer" : null, tag, held || null,
        s !== me ? `${this.handCount(s)} cards` : null, ...facts].filter(Boolean).join(", ");
      plate.setAttribute("aria-label", label);
      const avatar = el("div", { className: "avatar" });
      avatar.append(el("span", { className: "initial", ariaHidden: "true" }, this.name(s).slice(0, 1).toUpperCase()));
      if (turn) avatar.append(this.ringSvg());
      if (s === view.dealer) avatar.append(el("span", { className: "dealer-chip", title: "dealer" }, "D"));
      plate.append(avatar, el("div", { className: "who" },
        el("strong", {}, this.name(s)),
        status ? el("small", { className: `holder ${holder}` }, status) : null,
        el("small", { className: "score" }, ...[`score ${table.scores?.[s] ?? view.scores?.[s] ?? 0}`, ...facts]
          .flatMap((fact, i) => [i ? " · " : null, el("span", { className: "count-fact" }, fact)]))));
      // (the words on the plate during an offer, when more than one seat may answer; else the
      // ring says it, and the status line)
      if (tag && view.offered_to != null) plate.append(el("span", { className: `turn-tag ${turn ? "turn" : "early"}`, ariaHidden: "true" }, tag));
      if (s !== me && this.handCount(s) > 0) {
        const count = this.handCount(s);
        const backs = el("div", { className: "backs", ariaHidden: "true" });
        for (let i = 0; i < Math.min(count, 8); ++i) backs.append(el("span", { className: "mini-back" }));
        backs.append(el("span", { className: "count" }, `${count}`));
        plate.append(backs);
      }
      // its last word (Pass, Bid 3), until it is its turn again
      const said = this.lastBySeat.get(s);
      if (said && !acting && !said.split(" ").some(isCard) && view.phase !== "play" && !(table.over || view.over))
        plate.append(el("div", { className: "bubble" }, this.label(said)));
      box.append(plate);
    }
  }

  // Whose turn a seat's plate shows: the seat to act has the turn (its ring, its clock); during
  // an offer the other seats that may answer ahead of their turn are "deciding", until they
  // answered (the `answered` event). Only one seat ever has the turn.
  seatTurn(s) {
    const table = this.tableState;
    const mayAct = table.may_act ?? [];
    const turn = table.to_act != null ? table.to_act === s : mayAct[0] === s;
    return { turn, deciding: !turn && mayAct.includes(s) && !this.answered.has(s) };
  }

  // The words on a seat's plate for its turn: the seat to act only, during an offer also the
  // seats deciding on it, and yours says it is your answer.
  turnTag(s, turn, deciding) {
    const me = s === this.transport.seat;
    const offer = this.view.offered_to != null;
    if (turn) return offer ? (me ? "your turn to answer" : "turn to answer") : me ? "your turn" : "to act";
    if (deciding) return offer ? (me ? "you may answer now" : "deciding on the offer") : me ? "you may act now" : "may act now";
    return null;
  }

  ringSvg() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 36 36");
    svg.setAttribute("class", "ring");
    svg.setAttribute("aria-hidden", "true");
    const circle = document.createElementNS(ns, "circle");
    Object.entries({ cx: 18, cy: 18, r: 16, pathLength: 100 }).forEach(([k, v]) => circle.setAttribute(k, v));
    svg.append(circle);
    return svg;
  }

  // The clock rings run down: the table's deadline (or the next move due: a bot thinking).
  tickClock() {
    if (!this.transport) return;
    const table = this.tableState;
    if (table) {
      const now = this.clockAt.table + (performance.now() - this.clockAt.page);
      const due = table.deadline_ms ?? table.next_due_ms ?? null;
      const left = due == null ? 1 : Math.max(0, Math.min(1, (due - now) / Math.max(1, due - this.turnStart)));
      for (const ring of this.root.querySelectorAll(".ring circle"))
        ring.style.strokeDashoffset = String(100 - left * 100);
      const offer = this.$("#offer-bar");
      if (offer && !offer.hidden) offer.style.setProperty("--left", String(left));
    }
    requestAnimationFrame(this.tickClock);
  }

  renderCenter(events) {
    const view = this.view;
    const center = this.$("#trick");
    center.replaceChildren();
    const trick = view.tricks?.at(-1);
    if (trick) {
      const played = new Set(events.filter((e) => e.type === "action").map((e) => e.seat));
      trick.cards.forEach((card, s) => {
        if (card == null) return;
        const { x, y } = this.position(s);
        const c = cardElement(card, { label: `${this.name(s)} played ${cardName(card)}` });
        const place = el("figure", { className: `played${trick.winner === s ? " winner" : ""}${s === trick.leader ? " led" : ""}` }, c,
          el("figcaption", {}, `${this.name(s)}${trick.winner === s ? " takes it" : ""}`));
        // toward its player's seat, clear of the seats' plates; on a phone (style.css) in a
        // row in the order played, each named
        place.style.left = `${50 + (x - 50) * 0.6}%`;
        place.style.top = `${50 + (y - 50) * 0.6}%`;
        place.style.order = String((s - (trick.leader ?? 0) + trick.cards.length) % trick.cards.length);
        if (this.animations && played.has(s) && events.length < 4) {
          // (the translate property, on top of the place's own transform, on a phone none)
          place.animate([{ translate: `${(x - 50) * 4}px ${(y - 50) * 4}px`, opacity: 0.3 },
            { translate: "0 0", opacity: 1 }], { duration: 220, easing: "ease-out" });
        }
        center.append(place);
      });
      center.setAttribute("aria-label", `the trick: ${trick.cards.map((c, s) => (c ? `${this.name(s)} ${cardName(c)}` : null)).filter(Boolean).join(", ") || "no card yet"}`);
    }
    // the discard pile and the stock (draw games)
    const pile = this.$("#pile");
    pile.replaceChildren();
    if (Array.isArray(view.discards)) {
      const top = view.discards.at(-1);
      pile.append(
        el("figure", { className: "stock" }, cardElement("unknown", { label: `the stock, ${view.stock_count} cards` }),
          el("figcaption", {}, `stock ${view.stock_count}`)),
        el("figure", { className: "discard" }, top ? cardElement(top, { label: `top of the discard pile: ${cardName(top)}` }) : cardElement(null, { label: "the discard pile is empty" }),
          el("figcaption", {}, `discards ${view.discards.length}`)));
    }
    // melds on the table, grouped by owner
    const melds = this.$("#melds");
    melds.replaceChildren();
    if (Array.isArray(view.melds) && view.melds.length) {
      const owners = [...new Set(view.melds.map((m) => m.owner))];
      for (const owner of owners) {
        const group = el("section", { className: "meld-group" }, el("h3", {}, `${this.name(owner)}`));
        for (const meld of view.melds.filter((m) => m.owner === owner)) {
          const row = el("div", { className: "meld" }, el("span", { className: "meld-tag" }, this.meldLabel(meld)));
          for (const card of meld.cards.split(" ")) row.append(cardElement(card));
          group.append(row);
        }
        melds.append(group);
      }
    }
  }

  lastTrick() {
    const done = (this.view.tricks ?? []).filter((t) => t.winner != null);
    return done.at(-1) ?? null;
  }
  toggleLastTrick() {
    const box = this.$("#last-trick");
    if (!box.hidden) {
      box.hidden = true;
      return;
    }
    const trick = this.lastTrick();
    box.replaceChildren(el("h3", {}, trick ? `Last trick, won by ${this.name(trick.winner)}` : "No trick finished yet"));
    if (trick) {
      const row = el("div", { className: "row" });
      trick.cards.forEach((c, s) => row.append(el("figure", {}, cardElement(c), el("figcaption", {}, this.name(s)))));
      box.append(row);
    }
    box.hidden = false;
  }

  // The game's own objects in the view: facts (bid, trump, picker, contract ...) and card piles
  // (ghost hand, blind, bury ...), each named by its field.
  renderObjects() {
    const view = this.view;
    const facts = this.$("#facts");
    facts.replaceChildren();
    for (const [key, value] of Object.entries(view)) {
      if (SKIP.has(key) || value == null || value === false || (Array.isArray(value) && !value.length)) continue;
      let text;
      if (Array.isArray(value) && value.every((v) => typeof v === "string" && (isCard(v) || v === "unknown"))) {
        const pile = el("div", { className: "pile-row" }, el("span", { className: "fact-key" }, words(key)));
        for (const card of value) pile.append(cardElement(card));
        facts.append(el("li", { className: "fact cards-fact" }, pile));
        continue;
      }
      if (SEAT_FIELDS.has(key) && typeof value === "number") text = this.name(value);
      else if (Array.isArray(value) && value.every((v) => typeof v === "number")) text = value.map((s) => this.name(s)).join(", ");
      else if (typeof value === "string" && isCard(value)) text = shortCard(value);
      else if (typeof value === "string" && SUITS[value] && value.length === 1) text = `${SUITS[value]} ${cardName(`A${value}`).slice(7)}`;
      else if (typeof value === "object") text = Object.entries(value).map(([k, v]) => `${v} ${words(k)}`).join(", ");
      else if (value === true) text = "yes";
      else if (key === "contract" || typeof value === "string") text = String(value);
      else if (typeof value === "number" && value === 0) continue;
      else text = String(value);
      const item = el("li", { className: `fact fact-${key}` }, el("span", { className: "fact-key" }, `${words(key)}:`), " ", el("strong", {}, text));
      facts.append(item);
    }
    // card points taken by side, once the view names a picker: the picker with the partner
    // when this seat knows it, and the other seats (each seat's own on its plate)
    if (Array.isArray(view.points_taken) && typeof view.picker === "number") {
      const side = [view.picker, view.partner].filter((s) => typeof s === "number");
      const sum = (seats) => seats.reduce((a, s) => a + view.points_taken[s], 0);
      const others = view.points_taken.map((_, s) => s).filter((s) => !side.includes(s));
      facts.append(el("li", { className: "fact fact-side-points" }, el("span", { className: "fact-key" }, "points taken:"), " ",
        el("strong", {}, `${side.map((s) => this.name(s)).join(" & ")}: ${sum(side)}`), " · ",
        el("strong", {}, `${view.partner == null ? "the rest" : "the others"}: ${sum(others)}`)));
    }
    // the auction so far, when the view keeps one
    if (Array.isArray(view.auction) && view.auction.length && view.phase !== "play") {
      facts.append(el("li", { className: "fact" }, el("span", { className: "fact-key" }, "auction:"), " ",
        view.auction.map((a) => `${this.name(a.seat)}: ${this.label(a.action)}`).join(" · ")));
    }
  }

  // The verb of a card click the rules refuse (to get the library's reason): the catalog's
  // action kind written "<kind> <card>", the one in your legal actions first.
  cardVerb() {
    const kinds = this.info?.action_kinds.filter((k) => k.syntax === `${k.name} <card>`).map((k) => k.name) ?? [];
    return kinds.find((k) => this.legal.some((a) => a.startsWith(`${k} `))) ?? kinds[0] ?? "play";
  }

  // Legal actions naming exactly this one card.
  singleCardActions(card) {
    return this.legal.filter((a) => {
      const cards = a.split(" ").filter(isCard);
      return cards.length === 1 && cards[0] === card;
    });
  }
  multiCardActions() {
    const hand = this.view.hand ?? [];
    return this.legal.filter((a) => a.split(" ").filter((w) => isCard(w) && hand.includes(w)).length > 1);
  }

  renderHand() {
    const view = this.view;
    const hand = this.$("#hand");
    const cards = sortedHand(view);
    const multi = this.multiCardActions();
    hand.replaceChildren();
    const selectable = multi.length > 0;
    // cards are dimmed only when some are playable: with none (a bid, a draw) they all stay
    // plain, the buttons say what you may do
    const anyPlayable = this.legal.length > 0 && cards.some((code) => this.singleCardActions(code).length || multi.some((a) => a.split(" ").includes(code)));
    for (const code of cards) {
      const single = this.singleCardActions(code);
      const inMulti = multi.some((a) => a.split(" ").includes(code));
      const playable = single.length > 0 || inMulti;
      const button = cardElement(code);
      const card = el("button", { type: "button", className: button.className });
      card.append(...button.childNodes);
      card.dataset.card = code;
      card.classList.toggle("playable", playable && this.legal.length > 0);
      card.classList.toggle("dimmed", anyPlayable && !playable);
      // not playable now (still clickable: the library then says why)
      if (this.legal.length > 0 && !playable) card.setAttribute("aria-disabled", "true");
      card.classList.toggle("selected", this.selected.includes(code));
      const state = this.legal.length === 0 ? "" : playable ? ", playable" : ", not playable";
      card.setAttribute("aria-label", `${cardName(code)}${state}${this.selected.includes(code) ? ", selected" : ""}`);
      card.draggable = true;
      card.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/x-card", code));
      card.addEventListener("click", () => this.cardChosen(code));
      if (this.hinted && this.hinted.split(" ").includes(code)) card.classList.add("hinted");
      hand.append(card);
    }
    hand.setAttribute("aria-label", `your hand, ${cards.length} cards${selectable ? "; choose cards, then the action" : ""}`);
  }

  cardChosen(code) {
    const single = this.singleCardActions(code);
    const multi = this.multiCardActions().filter((a) => a.split(" ").includes(code));
    this.$("#choices").hidden = true;
    if (single.length === 1 && multi.length === 0) return this.send(single[0]);
    if (single.length > 1 || (single.length && multi.length)) {
      // several things this card may do (lay it off on a meld, or discard it)
      const box = this.$("#choices");
      box.replaceChildren(el("p", {}, `${shortCard(code)}:`),
        ...single.map((a) => this.actionButton(a)), ...(multi.length ? [el("p", {}, "or choose more cards")] : []));
      box.hidden = false;
      box.querySelector("button")?.focus();
      if (!multi.length) return;
    }
    if (multi.length) {
      const at = this.selected.indexOf(code);
      if (at >= 0) this.selected.splice(at, 1);
      else this.selected.push(code);
      this.renderHand();
      this.renderActions();
      this.$(`#hand button[data-card="${code}"]`)?.focus();
      return;
    }
    // not playable now: ask the library anyway, so that its reason is shown in words
    return this.send(`${this.cardVerb()} ${code}`);
  }

  actionButton(action) {
    const b = el("button", { type: "button", className: "action" }, this.label(action));
    b.dataset.action = action;
    b.setAttribute("aria-label", actionSpoken(action));
    if (this.hinted === action) b.classList.add("hinted");
    b.addEventListener("click", () => this.send(action));
    return b;
  }

  // The typed action's example: two of your legal actions now, else this game's action syntax
  // from the catalog (never another game's codes).
  actionExample() {
    if (this.legal.length) return `e.g. ${[...new Set([this.legal[0], this.legal.at(-1)])].join(" or ")}`;
    return (this.info?.action_kinds ?? []).map((k) => k.syntax).join(" · ");
  }

  renderActions() {
    this.$("#action-text").placeholder = this.actionExample();
    const bar = this.$("#actions");
    bar.replaceChildren();
    // actions naming no card of your hand (pass, bid 3, call AH: a card you do not hold)
    const hand = this.view.hand ?? [];
    const plain = this.legal.filter((a) => !a.split(" ").some((w) => isCard(w) && hand.includes(w)));
    for (const a of plain) bar.append(this.actionButton(a));
    const multi = this.multiCardActions();
    if (multi.length) {
      const sel = [...this.selected].sort().join(" ");
      const matching = multi.filter((a) => a.split(" ").filter(isCard).sort().join(" ") === sel);
      const kinds = [...new Set(multi.map((a) => a.split(" ")[0]))];
      if (matching.length) for (const a of matching) bar.append(this.actionButton(a));
      else bar.append(el("span", { className: "pick-hint" },
        `Choose cards from your hand to ${oneOf(kinds.map((k) => VERBS[k] ?? k))}${this.selected.length ? ` (${this.selected.length} chosen)` : ""}`));
      if (multi.length <= 6 && !matching.length) for (const a of multi) bar.append(this.actionButton(a));
    }
  }

  renderStatus() {
    const { view, tableState: table } = this;
    const me = this.transport.seat;
    let text;
    if (table.over || view.over) text = "The game is over.";
    else if (!table.started) text = "Waiting for players to sit down…";
    else if (view.offered_to != null && this.legal.length) {
      // yours to answer in turn, or ahead of the seat whose turn it is
      const top = view.discards?.at(-1);
      const choice = `buy ${top ? shortCard(top) : "the discard"} or pass`;
      text = table.to_act === me || table.to_act == null ? `Your turn: ${choice}`
        : `Your answer, ahead of your turn: ${choice} (it is ${this.name(table.to_act)}'s turn to answer)`;
    } else if (this.legal.length) {
      // what each kind of your legal actions asks ("play a card", "take the discard (10▲G)")
      const kinds = [...new Set(this.legal.map((a) => a.split(" ")[0]))];
      const top = view.discards?.at(-1);
      // (each kind's prompt is the catalog's: the library says what a kind asks, in words)
      const prompt = (k) => this.info?.action_kinds.find((x) => x.name === k)?.prompt ?? k;
      text = `Your turn: ${oneOf(kinds.map((k) => (k === "take" && top ? `${prompt(k)} (${shortCard(top)})` : prompt(k))))}`;
    } else if (table.to_act != null) {
      // the seat to act; during an offer, the others deciding on it and your answer given
      const deciding = (table.may_act ?? []).filter((s) => this.seatTurn(s).deciding);
      const offer = view.offered_to != null;
      text = table.seats?.[table.to_act]?.holder === "bot" && !deciding.length && !offer ? `${this.name(table.to_act)} is thinking…`
        : `${this.name(table.to_act)}'s turn${offer ? " to answer the offer" : ""}`;
      if (deciding.length) text += ` · ${oneOf(deciding.map((s) => this.name(s)))} ${offer ? "deciding on it too" : "may act too"}`;
      const mine = this.lastBySeat.get(me);
      if (offer && this.answered.has(me)) text += ` · you answered${mine && mine !== "answered" ? `: ${this.label(mine).toLowerCase()}` : ""}`;
    }
    else if (view.phase === "deal" || !this.$("#hand-over").hidden) text = "Hand over: the next deal comes in a moment…";
    else text = "";
    this.$("#status").textContent = text;
    const offer = this.$("#offer-bar");
    offer.hidden = !(view.offered_to != null);
    if (!offer.hidden) {
      const top = view.discards?.at(-1);
      offer.querySelector(".offer-text").textContent = `${this.name(view.declined_by)} did not take ${top ? shortCard(top) : "the discard"}: ` +
        (this.legal.length ? "buy it? You get it with a card from the stock as a penalty." : `offered to ${this.nameIn(view.offered_to)}`);
    }
    this.$("#btn-hint").disabled = this.legal.length === 0;
    this.$("#btn-last").disabled = !this.view.tricks;
  }

  renderScores() {
    const players = this.tableState.players;
    const names = Array.from({ length: players }, (_, s) => this.name(s));
    const scores = this.tableState.scores ?? this.view.scores;
    this.$("#scores-body").replaceChildren(scoreTable({ hands: this.hands, scores }, players, names));
    this.$("#mini-scores").textContent = names.map((n, s) => `${n}: ${scores[s]}`).join(" · ");
  }

  renderFair() {
    const box = this.$("#fair");
    const deals = [...this.fair.values()];
    box.hidden = deals.length === 0;
    // one line saying it all, the commitments behind it (opened as the player left it)
    const open = (box.querySelector("details")?.open ?? false) || deals.some((d) => d.verified === false);
    const checked = deals.filter((d) => d.verified != null);
    const pending = deals.some((d) => d.seed == null);
    const summary = deals.some((d) => d.verified === false) ? "✘ a deal is NOT fair: its seed does not match its commitment"
      : checked.length ? `Fair deal${checked.length > 1 ? "s" : ""} ✔ verified${pending ? " · this deal is checked after the hand" : ""}`
        : "Fair deal: committed before the deal, checked after the hand";
    const folded = el("details", { open }, el("summary", { className: `fair-summary ${deals.some((d) => d.verified === false) ? "bad" : checked.length ? "ok" : ""}` }, summary));
    box.replaceChildren(folded);
    folded.append(...deals.slice(-3).map((d) => {
      const state = d.seed == null ? "committed; the seed is revealed after the hand"
        : d.commitment == null ? "revealed; its commitment came before this page joined, so it is not checked here"
        : d.verified == null ? "checking…" : d.verified ? "✔ verified: the seed matches the commitment" : "✘ the revealed seed does NOT match the commitment";
      return el("p", { className: `fair-deal ${d.verified === true ? "ok" : d.verified === false ? "bad" : ""}` },
        `deal ${d.deal}: commitment ${String(d.commitment ?? "?").slice(0, 16)}… — ${state}`);
    }));
  }

  // ---------------------------------------------------------------- actions
  async send(text) {
    this.$("#choices").hidden = true;
    try {
      await this.transport.act(text);
      this.clearRefusal();
      this.hinted = null;
      this.selected = [];
      this.$("#action-text").value = "";
      this.$("#hint-text").textContent = "";
    } catch (error) {
      if (!(error && (error.reason !== undefined || error.message))) throw error;
      this.showRefusal(error);
    }
  }

  showRefusal(error) {
    const box = this.$("#refusal");
    box.hidden = false;
    box.dataset.reason = error.reason ?? error.code ?? "";
    const name = error.reason || error.statusName || "";
    const rest = this.inWords(error.message, name);
    // the reason in words ("must follow suit"), then the library's message in the player's words
    const why = name && /^[a-z_]+$/.test(name) ? name.replace(/_/g, " ") : "";
    box.replaceChildren(el("strong", {}, `Not allowed${why ? ` — ${why}` : ""}: `), rest,
      el("button", { type: "button", className: "close-refusal", ariaLabel: "dismiss" }, "×"));
    box.querySelector(".close-refusal").addEventListener("click", () => this.clearRefusal());
  }
  clearRefusal() {
    this.$("#refusal").hidden = true;
  }

  // The transport's hint: an action text (offline: the bot's choice) or the library's hint,
  // { action, reason } (online: the server's, docs/server.md).
  async hint() {
    let choice;
    const out = this.$("#hint-text");
    delete out.dataset.action;
    out.textContent = "";
    try {
      choice = await this.transport.hint();
    } catch (error) {
      this.$("#hint-text").textContent = `No hint: ${this.inWords(error.message ?? error, error.code)}`;
      return;
    }
    // (your turn went by meanwhile: an offer answered, its time up)
    if (!choice) {
      out.textContent = "No hint: you have nothing to do now";
      return;
    }
    const action = typeof choice === "string" ? choice : choice.action;
    this.hinted = action;
    // (the library's reason starts with the action: "play 9H: 9H cannot take the trick ...")
    // ("play JC is the only legal action": "it is the only legal action")
    const reason = choice.reason?.startsWith(`${action}: `) ? choice.reason.slice(action.length + 2)
      : choice.reason?.startsWith(`${action} `) ? `it${choice.reason.slice(action.length)}` : choice.reason;
    this.$("#hint-text").textContent = `Hint: ${this.label(action)}${reason ? ` — ${this.inWords(reason)}` : ""}`;
    this.$("#hint-text").dataset.action = action;
    this.renderHand();
    this.renderActions();
  }

  showHandOver(e) {
    const box = this.$("#hand-over");
    const players = this.tableState.players;
    const rows = Array.from({ length: players }, (_, s) => {
      const d = e.deltas[s];
      return el("li", {}, el("strong", {}, this.name(s)), ` ${d > 0 ? "+" : ""}${d} → ${e.scores[s]}`);
    });
    const details = this.resultDetails(e.result ?? {}, players);
    box.querySelector(".summary").replaceChildren(el("h3", {}, "Hand over"), el("ul", {}, ...rows),
      el("p", { className: "details" }, details.join(" · ")));
    this.$("#btn-review").hidden = !this.transport.canReview;
    this.$("#review").replaceChildren();
    this.reviewing = false;
    box.hidden = false;
  }

  // A hand's result (the library's view JSON) as items in players' words: neutral values left
  // out (a factor of 1, a "no" that is not the outcome, zeros), the outcome said ("bid made",
  // "the picker's side won"), the rest "name: value".
  resultDetails(result, players) {
    const items = [];
    for (const [key, value] of Object.entries(result)) {
      if (key === "deltas" || nothingToSay(value)) continue;
      const said = RESULT_WORDS[key];
      if (said?.neutral !== undefined) {
        if (value !== said.neutral && typeof value === "number") items.push(said.say(value));
        continue;
      }
      if (typeof value === "boolean") {
        // an outcome about a side that had no one in this hand (no picker: a leaster) says nothing
        if (said?.about && result[said.about] == null) continue;
        if (said?.yes) items.push(value ? said.yes : said.no);
        else if (value) items.push(words(key));
        continue;
      }
      const text = this.resultValue(key, value, players);
      if (text != null) items.push(`${words(key)}${text.startsWith("per seat ") ? ` — ${text.slice(9)}` : `: ${text}`}`);
    }
    return items;
  }

  // One item of a hand's result in words: per-seat lists by name ("per seat You: 2, Bot 2: 4",
  // written "tricks — You: 2, Bot 2: 4"), seats by name, yes/no, cards as cards; null for
  // nothing to say (none, an empty list).
  resultValue(key, value, players) {
    if (value == null || (Array.isArray(value) && !value.length)) return null;
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (SEAT_FIELDS.has(key) && typeof value === "number") return this.name(value);
    if (Array.isArray(value) && value.length === players && value.every((v) => typeof v === "number"))
      return `per seat ${value.map((v, s) => `${this.name(s)}: ${v}`).join(", ")}`;
    if (Array.isArray(value)) return value.map((v) => (typeof v === "number" ? this.name(v) : cardsInText(String(v)))).join(", ");
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k)} ${(this.resultValue(k, v, players) ?? "none").replace(/^per seat /, "")}`).join(", ");
    return typeof value === "string" ? cardsInText(value) : String(value);
  }

  async review() {
    this.reviewing = true;
    const out = this.$("#review");
    out.replaceChildren(el("p", {}, "Reviewing your plays against the open-hand best…"));
    let result;
    try {
      result = await this.transport.review((done, total) => {
        out.firstChild.textContent = `Reviewing your plays… ${done}/${total}`;
      });
    } catch (error) {
      out.replaceChildren(el("p", {}, `No review: ${this.inWords(error.message ?? error, error.code)}`));
      return;
    }
    if (result === null) {
      out.replaceChildren(el("p", {}, "The library has no open-hand solver for this game, so there is no review."));
      return;
    }
    const lost = result.reduce((a, r) => a + r.loss, 0);
    const below = result.filter((r) => r.loss > 0).length;
    const points = (v) => `${v} point${Math.abs(v) === 1 ? "" : "s"}`;
    // each play against the best with every hand known: what the hand then brings you
    out.replaceChildren(el("h3", {}, below ? `Your ${result.length} plays: ${below} not the best, ${points(lost)} lost`
      : `Your ${result.length} plays: each one the best there was`),
      el("p", { className: "details" }, "Each card you played set against the best play with every hand known: what the hand brings you after it."),
      el("ol", { className: "review-list" }, ...result.map((r) => el("li", { className: r.loss ? "loss" : "best" },
        `${this.label(r.action)}: the hand then brings you ${points(r.value)}`,
        r.loss ? ` — ${points(r.loss)} lost: ${r.best.map((a) => this.label(a)).join(" or ")} (${points(r.bestValue)}) was better` : " — the best"))));
  }

  showGameOver(e) {
    const dialog = this.$("#over-dialog");
    const lower = this.info?.lower_is_better;
    dialog.querySelector(".result").replaceChildren(
      el("p", { className: "winners" }, `${e.winners.map((s) => this.name(s)).join(" and ")} ${e.winners.length > 1 || e.winners.includes(this.transport.seat) ? "win" : "wins"}${e.winners.includes(this.transport.seat) ? "!" : "."}`),
      el("ol", {}, ...e.scores.map((score, s) => ({ score, s })).sort((a, b) => (lower ? a.score - b.score : b.score - a.score))
        .map(({ score, s }) => el("li", {}, `${this.name(s)}: ${score}`))),
      // (in a game of penalty points a newcomer reads the highest score as the winner's)
      ...(lower ? [el("p", {}, "The lowest score wins.")] : []));
    this.$("#btn-record").hidden = !this.transport.canRecord;
    if (!dialog.open) dialog.showModal();
  }

  async download() {
    const text = await this.transport.record();
    if (!text) return;
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: `${this.view.game}.rec` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  openDialog(sel) {
    this.$(sel).showModal();
  }
}
