// The app in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core): the
// lobby, the card table against the library's bots for every game of the catalog (played by
// clicks on the hints), a refused move explained, a hand played by keyboard alone, the phone
// viewport, the hand review, the end of a game, an axe-core check, fair deals verified with Web
// Crypto, and the record checker. Screenshots go to build/web/screenshots/ (docs/web.md).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import * as esm from "../dist/index.mjs";
import { serve } from "../serve.mjs";
import { hasSolver } from "./support.mjs";

// The games come from the package's catalog: a new game is played with no edit here.
const dh = await esm.load();
const CATALOG = dh.games();
const GAMES = CATALOG.map((info) => info.name);
const SOLVED = CATALOG.filter((info) => hasSolver(dh, info)).map((info) => info.name);
// The first game with a solver and a fixed number of players (the review, keyboard play).
const TRICKS = CATALOG.find((info) => SOLVED.includes(info.name) && info.min_players === info.max_players).name;

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(web, "..");
const shots = join(root, "build/web/screenshots");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const AXE = join(web, "node_modules/axe-core/axe.min.js");

let server, browser, page, base;
const pageErrors = [];

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await serve(web, 0);
  base = `http://127.0.0.1:${server.address().port}/app/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // root in a container has no user namespaces for Chromium's sandbox
    args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
  });
  page = await openPage({ width: 1200, height: 900 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

// Bots think for 40 ms, the next deal comes 600 ms after a hand's end.
async function openPage(viewport) {
  const p = await browser.newPage({ viewport });
  p.on("pageerror", (error) => pageErrors.push(error.stack ?? error.message));
  await p.goto(`${base}?delay=40&dealMs=600`);
  await p.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  return p;
}
// (the cards' slides finished first: a screenshot shows the table at rest)
async function shot(name, p = page) {
  await p.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await p.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

// Text a newcomer would not read: card codes ("AD", "10B"), seats by number ("seat 2"), rule
// numbers ("G7", "(T6)"), the library's codes ("must_follow_suit", "DH_E_ILLEGAL"), JSON,
// true/false.
const JARGON = /\b([2-9TJQKA][CDHS]|\d{1,2}[BGRY]|ROOK)\b|\bseat \d|\b[GST]\d+\b|\b[a-z]+_[a-z_]+\b|DH_E_|[{}]|\b(true|false)\b/;
const assertWords = (text, what) => assert.doesNotMatch(text, JARGON, `${what} in words: ${text}`);

// The status line names whoever is to act: "Your turn: ..." on yours, else the player's name
// (the screen's state and the line read at one instant); in words.
async function checkStatus(p = page) {
  const { status, mine, actor, over } = await p.evaluate(() => {
    const screen = window.deckhandApp.screen;
    const toAct = screen.tableState.to_act;
    return { status: document.getElementById("status").textContent, mine: screen.legal.length > 0,
      actor: toAct == null ? null : screen.name(toAct), over: !!(screen.tableState.over || screen.view.over) };
  });
  if (over) return;
  // (an offer answered ahead of your turn says so: it is not your turn)
  if (mine) assert.match(status, /^Your (turn|answer, ahead of your turn): \w/);
  else if (actor) assert.ok(status.includes(actor), `the status names ${actor}: ${status}`);
  assertWords(status, "the status line");
}

// Nothing of the table screen sticks out of a phone's screen (the cards' slides finished).
async function checkInsidePhone(p) {
  // One synchronous evaluation: the slides are finished and the boxes measured with no event
  // in between (a bot's card arriving between two evaluations starts a slide from its seat).
  const { width, outside, overlaps } = await p.evaluate(() => {
    document.getAnimations().forEach((a) => a.finish());
    const outside = [...document.querySelectorAll("#table-screen *")].filter((e) => {
      const box = e.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && e.checkVisibility() && (box.left < -1 || box.right > innerWidth + 1);
    }).map((e) => `${e.tagName}.${e.className} ${e.textContent.slice(0, 30)}: ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`);
    // the cards of the trick lie clear of the seats' plates (each readable)
    const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => [e.textContent, e.getBoundingClientRect()]);
    const cross = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const overlaps = boxes("#trick .played .card").flatMap(([card, a]) => boxes("#seats .seat").filter(([, b]) => cross(a, b)).map(([seat]) => `${card} over ${seat}`));
    return { width: document.documentElement.scrollWidth, outside, overlaps };
  });
  assert.ok(width <= 390, `the page fits the phone's width (${width})`);
  assert.deepEqual(outside, [], "every element inside the phone's screen");
  assert.deepEqual(overlaps, [], "the trick's cards clear of the seats");
}

// From the lobby: a game of `name` against bots of `level`, house rules `rules` ({ option: value }).
async function startOffline(name, { p = page, level = "basic", rules = {}, players = null, seed = 1 } = {}) {
  if (await p.isVisible("#btn-leave")) await p.click("#btn-leave");
  await p.click("#tab-lobby");
  await p.check(`.game-pick input[value="${name}"]`);
  if (players && await p.isEnabled("#players")) await p.selectOption("#players", String(players));
  for (const select of await p.locator("#seats-setup select").all()) await select.selectOption(level);
  if (Object.keys(rules).length) await p.click("#rules-box summary");
  for (const [key, value] of Object.entries(rules)) await p.fill(`#opt-${key}`, String(value));
  await p.click("summary:has-text('Table settings')");
  await p.fill("#seed", String(seed));
  await p.click("summary:has-text('Table settings')");
  await p.click("#play-offline");
  await p.waitForSelector(`#table-screen[data-game="${name}"]`);
}

// The screen's own state, read from the page's table (for checks against the DOM).
const tableState = (p = page) => p.evaluate(() => {
  const t = window.deckhandApp.screen.transport.table;
  return { view: t.snapshot(0).view, legal: t.mayAct.includes(0) ? t.legalActions(0) : [], over: t.isOver, seq: t.seq };
});

// Waits until it is your turn (or the hand/game is over); true when it is your turn.
async function yourTurn(p = page, timeout = 15000) {
  await p.waitForFunction(() => {
    const s = document.getElementById("table-screen");
    return s.dataset.myTurn === "true" || !document.getElementById("hand-over").hidden ||
      document.getElementById("over-dialog").open;
  }, null, { timeout });
  return (await p.getAttribute("#table-screen", "data-my-turn")) === "true";
}

// One move of yours as the hint says, made by clicks: the hinted card or button; a move of
// several cards by choosing them and then its button; anything else typed.
// Null when the turn went by before the hint came (an offer's time up under load).
async function playHint(p = page) {
  await p.click("#btn-hint");
  await p.waitForFunction(() => document.getElementById("hint-text").dataset.action ||
    document.getElementById("hint-text").textContent.startsWith("No hint"));
  const action = await p.getAttribute("#hint-text", "data-action");
  if (!action) return null;
  // the reason the library's search gives, after the action in words
  // (or, with one legal action, that it is the only one; the action not said twice)
  assert.match(await p.textContent("#hint-text"), /^Hint: .+ — (.+\bdeals\b|[Ii]t is the only legal action$)/);
  const { legal } = await tableState(p);
  assert.ok(legal.includes(action) || await p.evaluate((a) => { const g = window.deckhandApp.screen.transport.table.game(); try { return g.isLegal(0, a); } finally { g.free(); } }, action), `the hint ${action} is legal`);
  const cards = action.split(" ").filter((w) => /^([2-9TJQKA][CDHS]|\d{1,2}[BGRY]|ROOK)$/.test(w));
  const seq = (await tableState(p)).seq;
  if (await p.locator(`#actions button.action[data-action="${action}"]`).count()) {
    await p.click(`#actions button.action[data-action="${action}"]`);
  } else if (cards.length === 1) {
    await p.click(`#hand button[data-card="${cards[0]}"]`);
    if (await p.isVisible("#choices")) await p.click(`#choices button[data-action="${action}"]`);
  } else if (cards.length > 1 && new Set(cards).size === cards.length && !action.includes("|")) {
    for (const c of cards) await p.click(`#hand button[data-card="${c}"]:not(.selected)`);
    await p.click(`#actions button.action[data-action="${action}"]`);
  } else {
    await p.click("details.typed summary");
    await p.fill("#action-text", action);
    await p.press("#action-text", "Enter");
    await p.click("details.typed summary");
  }
  await p.waitForFunction((before) => window.deckhandApp.screen.transport.table.seq > before, seq);
  return action;
}

// The hand shown is the seat's hand, nothing more: every card of view.hand once, and no other
// face-up card in the hand.
async function checkHandShown(p = page) {
  const { view } = await tableState(p);
  const shown = await p.locator("#hand button.card").evaluateAll((cards) => cards.map((c) => c.dataset.card));
  assert.deepEqual([...shown].sort(), [...(view.hand ?? [])].sort());
}

test("the lobby offers every game of the catalog with its house rules described", async () => {
  for (const info of CATALOG) {
    await page.check(`.game-pick input[value="${info.name}"]`);
    // the catalog's description, without the rule numbers of RULES.md ("(G1-G11)")
    const described = await page.textContent("#game-description");
    assert.ok(info.description.startsWith(described) && described.length > 20, described);
    assert.doesNotMatch(described, /\([A-Z]\d/);
    for (const option of info.options.filter((o) => o.rule !== "engine"))
      assert.match(await page.textContent("#house-rules"), new RegExp(option.description.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  }
  await page.check(`.game-pick input[value="${GAMES[0]}"]`);
  await page.fill("#player-name", "Ada");
  await shot("lobby");
  const phone = await openPage({ width: 390, height: 844 });
  await shot("lobby-phone", phone);
  await phone.close();
});

// The typed action's example is this game's: its card codes are among your legal actions now
// (never another game's codes), else the catalog's syntax of this game.
async function checkActionExample(name, p = page) {
  const placeholder = await p.getAttribute("#action-text", "placeholder");
  const { legal } = await tableState(p);
  assert.ok(placeholder, "the typed action has an example");
  for (const code of placeholder.match(/\b([2-9TJQKA][CDHS]|\d{1,2}[BGRY]|ROOK)\b/g) ?? [])
    assert.ok(legal.some((a) => a.split(" ").includes(code)), `${name}: the example's ${code} is one of your legal actions: ${placeholder}`);
  if (!legal.length) assert.equal(placeholder, CATALOG.find((g) => g.name === name).action_kinds.map((k) => k.syntax).join(" · "));
}

// A hand's result in words: no factor that changes nothing ("multiplier: 1"), no "yes"/"no".
const checkResultWords = (text) => {
  assert.doesNotMatch(text, /\b(multiplier|doubled|bumped): 1\b|: (yes|no)\b/, `the result in players' words: ${text}`);
  assertWords(text, "the hand's result");
};

for (const name of GAMES) {
  test(`${name}: a hand against the bots, played by the hints, on desktop and phone`, async () => {
    await startOffline(name, { players: CATALOG.find((g) => g.name === name).min_players });
    let moves = 0;
    for (; moves < 60 && (await yourTurn()); ++moves) {
      await checkHandShown();
      await checkStatus();
      await checkMeldNames();
      if (moves === 4) await shot(`table-${name}`);
      if (moves < 3) await checkActionExample(name);
      await playHint();
      await checkStatus();
    }
    assert.ok(moves > 0);
    if (await page.isVisible("#hand-over")) checkResultWords(await page.textContent("#hand-over .details"));
    const state = await tableState();
    assert.ok(state.seq > 10);
    // the seats, the dealer, the seat to act
    assert.equal(await page.locator("#seats .seat").count(), state.view.players ?? state.view.scores.length);
    assert.equal(await page.locator("#seats .dealer-chip").count(), 1);
    // the same game on a phone
    const phone = await openPage({ width: 390, height: 844 });
    await startOffline(name, { p: phone, players: CATALOG.find((g) => g.name === name).min_players });
    for (let i = 0; i < 4 && (await yourTurn(phone)); ++i) {
      await playHint(phone);
      await checkInsidePhone(phone);
    }
    // the phone's screenshot on your turn, when there is one still
    await yourTurn(phone);
    await checkStatus(phone);
    await checkInsidePhone(phone);
    await shot(`table-${name}-phone`, phone);
    await phone.close();
    assert.deepEqual(pageErrors, []);
  });
}

test("the lobby seats the library's ladder, beginner to expert, and an expert table plays", async () => {
  if (await page.isVisible("#btn-leave")) await page.click("#btn-leave");
  await page.click("#tab-lobby");
  await page.check(`.game-pick input[value="${TRICKS}"]`);
  const offered = await page.locator("#seats-setup select").first().evaluate((s) => [...s.options].map((o) => [o.value, o.textContent]));
  for (const [level, words] of [["1", /beginner/], ["2", /casual/], ["basic", /club player/], ["4", /strong/], ["5", /expert/]])
    assert.ok(offered.some(([v, t]) => v === level && words.test(t)), `the lobby offers level ${level}: ${JSON.stringify(offered)}`);
  await startOffline(TRICKS, { level: "5", seed: 6 });
  const levels = await page.evaluate(() => window.deckhandApp.screen.transport.table.snapshot(null).table.seats.map((s) => s.level));
  assert.deepEqual(levels.slice(1), levels.slice(1).map(() => "5"), "the other seats are expert bots");
  assert.match(await page.getAttribute('section.seat[data-seat="1"]', "aria-label"), /bot · expert/, "the plate says the level in words");
  let moves = 0;
  for (; moves < 4 && (await yourTurn(page, 20000)); ++moves) await playHint();
  assert.equal(moves, 4, "the expert bots answered: your turn came round again");
});

test("a refused move says why in the library's words and changes nothing", async () => {
  await startOffline(TRICKS, { seed: 3 });
  // until a card may be refused: your turn in the card play with a card you may not play
  for (let i = 0; i < 60; ++i) {
    if (!(await yourTurn())) continue;
    const { view, legal } = await tableState();
    const illegal = (view.hand ?? []).find((c) => !legal.some((a) => a.split(" ").includes(c)));
    if (legal.some((a) => a.split(" ").length === 2 && view.hand.includes(a.split(" ")[1])) && illegal) {
      const before = await tableState();
      assert.ok(await page.locator(`#hand button.dimmed[data-card="${illegal}"]`).count(), "the illegal card is dimmed");
      assert.match(await page.getAttribute(`#hand button[data-card="${illegal}"]`, "aria-label"), /not playable/);
      await page.click(`#hand button[data-card="${illegal}"]`, { force: true }); // aria-disabled, still clickable
      await page.waitForSelector("#refusal:not([hidden])");
      const text = await page.textContent("#refusal");
      const reason = await page.getAttribute("#refusal", "data-reason");
      assert.ok(reason, "the refusal carries the library's reason");
      assert.ok(!text.includes(reason), `words, not the code: ${text}`);
      assert.match(text, /^Not allowed — [a-z ]+: \w+/); // the reason in words, then the message
      assertWords(text.replace(/×$/, ""), "the refusal");
      assert.equal((await tableState()).seq, before.seq);
      await shot("refused");
      return;
    }
    await playHint();
  }
  assert.fail("no refusable card came up");
});

test("a hand played with the keyboard alone, then its review", async () => {
  await startOffline(TRICKS, { seed: 5 });
  let moves = 0;
  while (await yourTurn()) {
    // Tab until a playable card or an action button has the focus, then Enter
    let found = false;
    for (let i = 0; i < 80 && !found; ++i) {
      await page.keyboard.press("Tab");
      found = await page.evaluate(() => document.activeElement?.matches("#hand button.playable, #actions button.action"));
    }
    assert.ok(found, "a move is reachable by Tab");
    const label = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    assert.ok(label && !/undefined/.test(label), `a spoken label: ${label}`);
    const seq = (await tableState()).seq;
    await page.keyboard.press("Enter");
    await page.waitForFunction((b) => window.deckhandApp.screen.transport.table.seq > b, seq);
    ++moves;
  }
  assert.ok(moves >= 3);
  await page.waitForSelector("#hand-over:not([hidden])");
  assertWords(await page.textContent("#hand-over .summary"), "the hand's result");
  // the review: each of your card plays against the open-hand best
  await page.click("#btn-review");
  await page.waitForSelector(".review-list li", { timeout: 60000 });
  assert.ok(await page.locator(".review-list li").count() > 0);
  assertWords(await page.textContent("#review"), "the review");
  await shot("hand-review");
  assert.deepEqual(pageErrors, []);
});

test("a game to its end: the result and the record to download", async () => {
  const info = CATALOG.find((g) => g.name === TRICKS);
  await startOffline(TRICKS, { rules: { [info.limit_option]: 1 }, seed: 2 });
  for (let i = 0; i < 80 && (await yourTurn(page, 20000)); ++i) {
    if (await page.evaluate(() => document.getElementById("over-dialog").open)) break;
    await playHint();
  }
  await page.waitForFunction(() => document.getElementById("over-dialog").open, null, { timeout: 20000 });
  assert.match(await page.textContent("#over-dialog .result"), /wins?/);
  assert.doesNotMatch(await page.textContent("#over-dialog .result"), /\b(null|undefined|NaN)\b/, "the result in words");
  const download = page.waitForEvent("download");
  await page.click("#btn-record");
  const file = await (await download).path();
  const record = readFileSync(file, "utf8");
  assert.ok(dh.replay(record).ok && dh.replay(record).over, "the downloaded record replays to the game's end");
  await shot("game-end");
  await page.click("#over-dialog .close");
});

// During an offer exactly one seat has the turn (the seat to act: its ring, "turn to answer"),
// every other seat that may still answer says in words that it is deciding (yours: that you
// may answer now), and a seat that answered ahead of its turn is not deciding any more.
async function checkOfferSeats(p = page) {
  const { toAct, mayAct, answered, plates, me } = await p.evaluate(() => {
    const screen = window.deckhandApp.screen;
    return { toAct: screen.tableState.to_act, mayAct: screen.tableState.may_act ?? [], answered: [...screen.answered], me: screen.transport.seat,
      plates: [...document.querySelectorAll("#seats .seat")].map((plate) => ({ seat: Number(plate.dataset.seat),
        turn: plate.classList.contains("to-act"), ring: !!plate.querySelector(".ring"), deciding: plate.classList.contains("deciding"),
        tag: plate.querySelector(".turn-tag")?.textContent ?? "" })) };
  });
  assert.deepEqual(plates.filter((x) => x.turn).map((x) => x.seat), [toAct], "one seat has the turn: the seat to act");
  assert.deepEqual(plates.filter((x) => x.ring).map((x) => x.seat), [toAct], "one clock ring");
  for (const plate of plates) {
    const deciding = plate.seat !== toAct && mayAct.includes(plate.seat) && !answered.includes(plate.seat);
    assert.equal(plate.deciding, deciding, `seat ${plate.seat} deciding`);
    if (plate.seat === toAct) assert.equal(plate.tag, plate.seat === me ? "your turn to answer" : "turn to answer");
    else assert.equal(plate.tag, deciding ? (plate.seat === me ? "you may answer now" : "deciding on the offer") : "");
  }
}

test("a hand's result in players' words: no neutral factor, the outcome said", async () => {
  const details = await page.evaluate(() => {
    const screen = window.deckhandApp.screen;
    // Sheepshead's result JSON as the library gives it (docs/cli.md): a called hand won, one
    // doubled and lost, a leaster
    const base = { contract: "called", picker: 1, partner: 3, called: "AS", unknown: null, bury_points: 3, picker_side_points: 74,
      picker_side_tricks: 3, won: true, multiplier: 1, doubled: 1, bumped: 1, leaster_winner: null, blind_points: 0,
      points: [18, 0, 0, 71, 28], tricks: [1, 0, 0, 3, 2], deltas: [-1, 2, -1, 1, -1] };
    return [base, { ...base, won: false, multiplier: 2, doubled: 2 },
      { ...base, contract: "leaster", picker: null, partner: null, called: null, won: false, leaster_winner: 2, blind_points: 11 }]
      .map((result) => screen.resultDetails(result, 5).join(" · "));
  });
  for (const text of details) checkResultWords(text);
  assert.match(details[0], /the picker's side won/);
  assert.doesNotMatch(details[0], /stakes|doubled|bumped/);
  assert.match(details[1], /the picker's side lost.*stakes ×2.*stakes doubled \(×2\)/);
  assert.doesNotMatch(details[2], /picker's side (won|lost)/, "a leaster has no picker's side");
  assert.match(details[2], /leaster won by: .*points in the blind: 11/);
});

test("the Rook says on its face and to a screen reader that it is wild", async () => {
  const rook = await page.evaluate(async () => {
    const { cardElement } = await import("./cards.js");
    const card = cardElement("ROOK");
    document.body.append(card);
    const seen = { text: card.innerText, label: card.getAttribute("aria-label") };
    card.remove();
    return seen;
  });
  assert.match(rook.text, /Rook/);
  assert.match(rook.text, /wild/i);
  assert.match(rook.label, /Rook, wild/);
});

test("the buy offer with its countdown", async () => {
  const name = CATALOG.find((g) => !SOLVED.includes(g.name)).name;
  await startOffline(name, { players: 4, seed: 4 });
  for (let i = 0; i < 150; ++i) {
    if (!(await yourTurn(page, 20000))) {
      await page.waitForTimeout(700); // the next round's deal
      continue;
    }
    if ((await page.getAttribute("#table-screen", "data-offer")) === "buy") {
      assert.ok(await page.isVisible("#offer-bar"));
      await checkStatus();
      assertWords(await page.textContent("#offer-bar"), "the offer");
      assert.ok(await page.locator('#actions button[data-action="buy"]').count());
      await checkOfferSeats();
      await shot("buy-offer");
      // the same offer with every seat that may still buy deciding at once (as when they are
      // slower than the bots here): one turn, the others deciding in words; one that answered
      // ahead of its turn no longer deciding, its answer in its bubble
      const planted = await page.evaluate(() => {
        const screen = window.deckhandApp.screen;
        const real = screen.tableState;
        const seats = Array.from({ length: real.players }, (_, s) => s).filter((s) => s !== screen.view.declined_by);
        screen.tableState = { ...real, may_act: [real.to_act, ...seats.filter((s) => s !== real.to_act)] };
        screen.renderSeats();
        screen.renderStatus();
        const all = { tags: [...document.querySelectorAll("#seats .seat .turn-tag")].map((t) => t.textContent),
          turns: document.querySelectorAll("#seats .seat.to-act, #seats .seat:has(.ring)").length, status: document.getElementById("status").textContent };
        const early = seats.find((s) => s !== real.to_act && s !== screen.transport.seat);
        screen.onEvent({ type: "answered", seat: early });
        screen.renderSeats();
        const plate = document.querySelector(`#seats .seat[data-seat="${early}"]`);
        const answered = { deciding: plate.classList.contains("deciding"), tag: plate.querySelector(".turn-tag")?.textContent ?? "",
          bubble: plate.querySelector(".bubble")?.textContent ?? "" };
        screen.answered.delete(early);
        screen.tableState = real;
        screen.render([]);
        return { all, answered, deciders: seats.length - 1 };
      });
      assert.equal(planted.all.turns, 1, "exactly one seat has the turn");
      assert.equal(planted.all.tags.filter((t) => /turn to answer/.test(t)).length, 1, planted.all.tags.join(", "));
      assert.equal(planted.all.tags.filter((t) => /^(deciding on the offer|you may answer now)$/.test(t)).length, planted.deciders, planted.all.tags.join(", "));
      assert.match(planted.all.status, /turn|deciding/);
      assertWords(planted.all.status, "the status line");
      assert.deepEqual(planted.answered, { deciding: false, tag: "", bubble: "Answered" });
      await checkOfferSeats();
      await page.click('#actions button[data-action="buy"]');
      return;
    }
    await playHint();
  }
  assert.fail("no buy offer came up");
});

// The melds are named as players name them ("set of 10s", "green run 3 to 7"), never by the
// library's ids ("set #0"): on the table and on the buttons that lay off on them.
async function checkMeldNames(p = page) {
  const names = await p.locator("#melds .meld-tag, #actions button.action").allTextContents();
  for (const name of names) {
    assert.doesNotMatch(name, /#\d/, `a meld by its cards, not its id: ${name}`);
    assertWords(name, "a meld's name");
  }
  // each name true to the meld's cards: a set's number on all its cards but the Rook, a run's
  // colour on all of them and as many numbers as cards
  const melds = await p.locator("#melds .meld").evaluateAll((rows) => rows.map((row) => ({
    name: row.querySelector(".meld-tag").textContent, cards: [...row.querySelectorAll(".card")].map((c) => c.dataset.card) })));
  for (const { name, cards } of melds) {
    const naturals = cards.filter((c) => c !== "ROOK");
    const set = /set of (\d+)s$/.exec(name);
    const run = /(black|green|red|yellow) run (\d+) to (\d+)$/.exec(name);
    assert.ok(set || run, `a set or a run: ${name}`);
    if (set) assert.ok(naturals.every((c) => c.slice(0, -1) === set[1]), `${name}: ${cards}`);
    else {
      assert.ok(naturals.every((c) => c.at(-1) === run[1][0].toUpperCase()), `${name}: ${cards}`);
      assert.equal(Number(run[3]) - Number(run[2]) + 1, cards.length, `${name}: ${cards}`);
    }
  }
  return melds.length;
}

test("on a phone, a buy offer with melds on the table leaves your hand and buttons on the screen", async () => {
  const name = CATALOG.find((g) => !SOLVED.includes(g.name)).name;
  const phone = await openPage({ width: 390, height: 844 });
  await startOffline(name, { p: phone, players: 3, seed: 1 });
  for (let i = 0; i < 150; ++i) {
    if (!(await yourTurn(phone, 20000))) {
      await phone.waitForTimeout(700); // the next round's deal
      continue;
    }
    const melds = await checkMeldNames(phone);
    if ((await phone.getAttribute("#table-screen", "data-offer")) === "buy" && melds > 0) {
      await phone.evaluate(() => { document.getAnimations().forEach((a) => a.finish()); scrollTo(0, 0); });
      // without scrolling: every card of the hand and the offer's buttons inside 390x844
      const outside = await phone.evaluate(() => [...document.querySelectorAll("#hand .card, #actions button")]
        .map((e) => [e.textContent, e.getBoundingClientRect()])
        .filter(([, box]) => box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth)
        .map(([text, box]) => `${text} at ${Math.round(box.top)}..${Math.round(box.bottom)}`));
      assert.deepEqual(outside, [], "the hand and the buttons on the phone's screen without scrolling");
      assert.ok(await phone.locator("#hand .card").count() > 0);
      assert.ok(await phone.locator('#actions button[data-action="buy"]').count());
      await checkInsidePhone(phone);
      await shot("buy-offer-phone", phone);
      await phone.close();
      return;
    }
    await playHint(phone);
  }
  assert.fail("no buy offer with melds on the table came up on the phone");
});

test("axe-core finds no serious accessibility violations in the lobby and at the table", async () => {
  const serious = async () => {
    await page.addScriptTag({ path: AXE });
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  };
  await page.click("#btn-leave").catch(() => {});
  await page.click("#tab-lobby");
  assert.deepEqual(await serious(), []);
  await startOffline(TRICKS);
  await yourTurn();
  assert.deepEqual(await serious(), []);
});

test("fair deals: a revealed seed is checked against its commitment with Web Crypto", async () => {
  const salt = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
  const seed = 18363971414914884509n;
  const le = Buffer.alloc(8);
  le.writeBigUInt64LE(seed);
  const commitment = createHash("sha256").update(Buffer.concat([Buffer.from(salt, "hex"), le])).digest("hex");
  const check = (s) => page.evaluate(async ([c, s2, salt2]) => {
    const { verifyReveal } = await import("./fair.js");
    return verifyReveal(c, { seed: s2, salt: salt2 });
  }, [commitment, s, salt]);
  assert.equal(await check(String(seed)), true);
  assert.equal(await check(String(seed + 1n)), false);
  // at the table: one line, "fair deal ✔ verified", the commitment folded behind it
  if (!(await page.isVisible("#table-screen"))) await startOffline(TRICKS);
  const fair = await page.evaluate(async ([c, s, salt2]) => {
    const screen = window.deckhandApp.screen;
    screen.onEvent({ type: "commit", deal: 1, commitment: c });
    screen.renderFair();
    const before = document.querySelector("#fair summary").textContent;
    screen.onEvent({ type: "reveal", deal: 1, seed: s, salt: salt2 });
    await new Promise((done) => { const wait = () => (screen.fair.get(1).verified != null ? done() : setTimeout(wait, 20)); wait(); });
    const box = document.getElementById("fair");
    return { before, after: box.querySelector("summary").textContent, shown: box.querySelector(".fair-deal").checkVisibility(), text: box.textContent };
  }, [commitment, String(seed), salt]);
  assert.match(fair.before, /committed before the deal/);
  assert.equal(fair.after, "Fair deal ✔ verified");
  assert.equal(fair.shown, false, "the commitment folded");
  assert.ok(fair.text.includes(commitment.slice(0, 16)));
  await page.click("#fair summary");
  assert.ok(await page.isVisible("#fair .fair-deal.ok"), "the commitment shown on request");
  // the record checker verifies a record's commitments
  await page.click("#btn-leave").catch(() => {});
  await page.click("#tab-validate");
  const record = `deckhand 1\ngame ${GAMES[0]}\ncommit 1 ${commitment}\nreveal 1 ${seed} ${salt}\ncommit 2 ${commitment}\nreveal 2 ${seed + 1n} ${salt}\n`;
  await page.$eval("#record", (area, value) => { area.value = value; }, record);
  await page.click("#validate-button");
  await page.waitForSelector("#record-fair[data-checked='2']");
  assert.equal(await page.getAttribute("#record-fair", "data-failed"), "1");
  assert.match(await page.textContent("#record-fair"), /deal 1: the revealed seed matches.*deal 2: the revealed seed does NOT match/s);
});

test("the validator highlights the first refused line with its reason", async () => {
  const lines = readFileSync(join(root, "tests/cli/one_hand.rec"), "utf8").split("\n");
  const at = lines.findIndex((line) => /^\d+ play /.test(line));
  lines[at] = lines[at].replace(/play \S+/, "play ZZ");
  const refusedLine = at + 1;
  await page.click("#tab-validate");
  // dropped as a file
  await page.evaluate((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "planted.rec", { type: "text/plain" }));
    document.getElementById("record").dispatchEvent(
      new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, lines.join("\n"));
  // (the list of the test before stays until the dropped file is read)
  await page.waitForFunction((n) => document.querySelectorAll("#record-lines li").length === n, lines.join("\n").replace(/\n$/, "").split("\n").length);
  const refused = page.locator("#record-lines li.refused");
  assert.equal(await refused.count(), 1);
  assert.equal(await refused.getAttribute("data-line"), String(refusedLine));
  assert.match(await refused.textContent(), /play ZZ.*invalid_card/s);
  assert.equal(await page.textContent("#verdict"), `Refused at line ${refusedLine}: invalid_card`);
  // the view after the last line that replays, for seat 0
  assert.equal(await page.getAttribute("#step", "max"), String(refusedLine - 1));
  await page.selectOption("#view-seat", "0");
  assert.match(await page.textContent("#step-view"), /seat 0/);
  assert.ok(await page.locator("#step-hand .card").count() > 0);
  await shot("validate-refused");
});

test("the validator scores a valid record per hand and shows any line's view", async () => {
  const text = readFileSync(join(root, "tests/cli/toonerville_3p.rec"), "utf8");
  const expected = JSON.parse(readFileSync(join(root, "tests/cli/toonerville_3p.json"), "utf8"));
  await page.click("#tab-validate");
  // pasted (page.fill types the 12 kB slowly)
  await page.$eval("#record", (area, value) => { area.value = value; }, text);
  await page.click("#validate-button");
  assert.match(await page.textContent("#verdict"), /^Valid: /);
  assert.equal(await page.locator("#record-lines li.refused").count(), 0);
  assert.equal(await page.locator("#record-scores tbody tr").count(), expected.hands.length);
  const totals = await page.locator("#record-scores tfoot td").allTextContents();
  assert.deepEqual(totals.slice(1).map(Number), expected.scores);
  // an earlier line: seat 1's view then
  await page.selectOption("#view-seat", "1");
  await page.locator("#record-lines li").nth(5).click();
  assert.equal(await page.inputValue("#step"), "6");
  assert.match(await page.textContent("#step-view"), /seat 1/);
  await shot("validate-valid");
  assert.deepEqual(pageErrors, []);
});
