// The app online: browser contexts (one per player, each its own storage) playing together
// through the table server (server/, docs/server.md) started here on 127.0.0.1 with an SQLite
// file: a whole game of each game of the catalog, three browsers at each table, each as short
// as the catalog's limit option allows, to its end dialog and the record downloaded. The
// three-player trick game: each context seeing only its own cards (checked against the DOM of
// the others), a hint and a review from the server, a reload mid-trick that comes back to the
// same seat and hand, and the server killed (SIGKILL) and started again mid-hand, every
// context resuming without a click.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import * as esm from "../dist/index.mjs";
import { serve } from "../serve.mjs";
import { hasSolver } from "./support.mjs";

const dh = await esm.load();
const CATALOG = dh.games();
// a trick game of three fixed seats, from the catalog
const GAME = CATALOG.find((g) => g.min_players === 3 && g.max_players === 3 && hasSolver(dh, g)).name;

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(web, "..");
const shots = join(root, "build/web/screenshots");
const BIN = join(root, "server/bin/deckhand-server.mjs");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const db = join(mkdtempSync(join(tmpdir(), "deckhand-web-online-")), "tables.db");

let http, browser, port, server;
const pageErrors = [];

const freePort = () => new Promise((ok, fail) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
  s.on("error", fail);
});

// deckhand-server on `port` with the test's database; resolves once it listens.
function startServer() {
  const proc = spawn(process.execPath, [BIN, "--port", String(port), "--db", db], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no server in 20 s:\n${out}`)), 20000);
    const on = (d) => {
      out += d;
      if (/listening on/.test(out)) {
        clearTimeout(timer);
        ok(proc);
      }
    };
    proc.stdout.on("data", on);
    proc.stderr.on("data", on);
    proc.on("exit", (code) => fail(new Error(`server exited ${code}:\n${out}`)));
  });
}

before(async () => {
  mkdirSync(shots, { recursive: true });
  http = await serve(web, 0);
  port = await freePort();
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
    args: process.getuid?.() === 0 ? ["--no-sandbox"] : [] });
});

after(async () => {
  await browser?.close();
  http?.close();
  server?.kill("SIGKILL");
});

async function player(name, { dealMs = 1500 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 850 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(`${name}: ${error.stack ?? error.message}`));
  await page.goto(`http://127.0.0.1:${http.address().port}/app/?delay=150&dealMs=${dealMs}&server=http://127.0.0.1:${port}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.fill("#player-name", name);
  return page;
}
// A screenshot of the page at rest (the cards' slides finished).
async function shot(page, file) {
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await page.screenshot({ path: join(shots, file), fullPage: true });
}
const handOf = (page) => page.locator("#hand button.card").evaluateAll((cs) => cs.map((c) => c.dataset.card));
// every face-up card the page shows outside the public places (the trick, the last trick, the
// discard pile, the melds)
const shownCards = (page) => page.evaluate(() => [...document.querySelectorAll("#table-screen [data-card]")]
  .filter((c) => !c.closest("#trick, #last-trick, #pile, #melds")).map((c) => c.dataset.card));

// Each context shows its own hand and none of the cards in the other hands: each page's hand
// and the face-up cards it shows elsewhere (outside the public places) read at one instant.
async function checkPrivacy(pages) {
  const states = await Promise.all(pages.map((p) => p.evaluate(() => ({
    hand: [...document.querySelectorAll("#hand [data-card]")].map((c) => c.dataset.card),
    seen: [...document.querySelectorAll("#table-screen [data-card]")]
      .filter((c) => !c.closest("#hand, #trick, #last-trick, #pile, #melds")).map((c) => c.dataset.card),
  }))));
  for (let i = 0; i < pages.length; ++i) {
    assert.ok(states[i].hand.length > 0, `player ${i} sees a hand`);
    for (let j = 0; j < pages.length; ++j) {
      if (j === i) continue;
      // (a deck may hold two cards alike: one the player holds too tells nothing)
      for (const card of states[j].hand) {
        if (states[i].hand.includes(card)) continue;
        assert.ok(!states[i].seen.includes(card) , `player ${i} sees ${card} of player ${j}'s hand`);
      }
    }
  }
}

// One move for whichever context may act (its first action button, else its first playable
// card); false when nobody may act now.
async function oneMove(pages) {
  for (const page of pages) {
    if ((await page.getAttribute("#table-screen", "data-my-turn")) !== "true") continue;
    const action = page.locator("#actions button.action").last(); // a bid rather than a pass: the hand gets played
    if (await action.count()) await action.click();
    else await page.locator("#hand button.playable").first().click();
    await page.waitForTimeout(150);
    return true;
  }
  await page0Wait(pages[0]);
  return false;
}
const page0Wait = (page) => page.waitForTimeout(200);
const gameOver = (page) => page.evaluate(() => document.getElementById("over-dialog").open);

// Your hand is drawn in the library's order (the view's hand_sorted: trumps together).
async function checkHandOrder(page) {
  const { shown, sorted } = await page.evaluate(() => ({
    shown: [...document.querySelectorAll("#hand [data-card]")].map((c) => c.dataset.card),
    sorted: window.deckhandApp.screen.view.hand_sorted,
  }));
  assert.deepEqual(shown, sorted, "the hand in the view's hand_sorted order");
}

// The end of the game in every page: the result dialog, and the record it downloads (the
// server's, once the game is over) replays to the game's end with the dialog's winners.
async function checkGameEnd(pages, game) {
  for (const p of pages) await p.waitForFunction(() => document.getElementById("over-dialog").open, null, { timeout: 30000 });
  const records = [];
  for (const [i, p] of pages.entries()) {
    assert.match(await p.textContent("#over-dialog .result"), /wins?/);
    assert.doesNotMatch(await p.textContent("#over-dialog .result"), /\b(null|undefined|NaN)\b/, "the result in words");
    const download = p.waitForEvent("download");
    await p.click("#btn-record");
    const record = readFileSync(await (await download).path(), "utf8");
    const replayed = dh.replay(record);
    assert.ok(replayed.ok && replayed.over, `page ${i}: the downloaded record replays to the game's end`);
    assert.equal(replayed.game, game);
    records.push(record);
  }
  return records;
}
const handOver = (page) => page.isVisible("#hand-over");
const cardsPlayed = (page) => page.locator("#trick .played").count();

test(`three browsers play a game of ${GAME} through the server: hint, review, a reload and a server restart resume`, async () => {
  // (the next deal 4 s after a hand: time to ask for the review of the hand just over)
  const [ann, bob, cy] = [await player("Ann", { dealMs: 4000 }), await player("Bob"), await player("Cy")];
  await ann.check(`.game-pick input[value="${GAME}"]`);
  for (const select of await ann.locator("#seats-setup select").all()) await select.selectOption("human");
  // the whole game: two hands (a review of the first during the second)
  await ann.click("#rules-box summary");
  await ann.fill(`#opt-${CATALOG.find((g) => g.name === GAME).limit_option}`, "2");
  await ann.click("#create-online");
  await ann.waitForSelector("#invite[data-code]");
  const code = await ann.getAttribute("#invite", "data-code");
  // Bob finds the table in the open tables' list, Cy types the invite code
  await bob.click("#list-tables");
  await bob.click(`#open-tables button:has-text("${code}")`);
  await cy.fill("#invite-code", code);
  await cy.click("#join-online");
  const pages = [ann, bob, cy];
  for (const p of pages) await p.waitForSelector(`#table-screen[data-game="${GAME}"] #hand button.card`, { timeout: 20000 });
  // every seat named for everybody
  const names = ["Ann", "Bob", "Cy"];
  for (const [i, p] of pages.entries()) {
    for (const name of names.filter((_, j) => j !== i)) assert.match(await p.textContent("#seats"), new RegExp(name));
  }
  await checkPrivacy(pages);
  // a deck of unique cards: no card in two hands
  const hands = (await Promise.all(pages.map(handOf))).flat();
  assert.equal(new Set(hands).size, hands.length, `hands overlap: ${hands}`);
  await shot(ann, "online-ann.png");

  let reloaded = false, restarted = false, hinted = false;
  for (let i = 0; i < 200; ++i) {
    if ((await Promise.all(pages.map(handOver))).every(Boolean)) break;
    if (!hinted && (await ann.getAttribute("#table-screen", "data-my-turn")) === "true" &&
        (await ann.getAttribute("#table-screen", "data-phase")) === "play") {
      // the server's hint (the library bot's) for Ann's turn: one of her legal actions, marked
      await ann.click("#btn-hint");
      await ann.waitForSelector("#hint-text[data-action]", { timeout: 20000 });
      const action = await ann.getAttribute("#hint-text", "data-action");
      assert.ok((await ann.evaluate(() => window.deckhandApp.screen.legal)).includes(action), action);
      assert.match(await ann.textContent("#hint-text"), /^Hint: .+ — .+/);
      await checkHandOrder(ann);
      hinted = true;
    }
    await oneMove(pages);
    const played = await cardsPlayed(bob);
    if (!reloaded && played === 1 && (await bob.getAttribute("#table-screen", "data-phase")) === "play") {
      // a reload mid-trick: the same seat, the same hand, nothing to click
      await checkPrivacy(pages);
      const before = await handOf(bob);
      await bob.reload();
      await bob.waitForSelector(`#table-screen[data-game="${GAME}"] #hand button.card`, { timeout: 20000 });
      assert.deepEqual(await handOf(bob), before);
      assert.equal(await cardsPlayed(bob), 1);
      reloaded = true;
    } else if (reloaded && !restarted && played === 2) {
      // the server killed mid-hand and started again: every context comes back by itself
      const hands = await Promise.all(pages.map(handOf));
      server.kill("SIGKILL");
      await new Promise((r) => server.once("exit", r));
      server = await startServer();
      for (const p of pages) {
        await p.waitForFunction(() => document.getElementById("table-screen").dataset.connection === "connected", null, { timeout: 30000 });
      }
      assert.deepEqual(await Promise.all(pages.map(handOf)), hands);
      restarted = true;
    }
  }
  assert.ok(hinted, "a hint was asked for");
  assert.ok(reloaded, "a reload mid-trick was tried");
  assert.ok(restarted, "a server restart mid-hand was tried");
  for (const p of pages) await p.waitForSelector("#hand-over:not([hidden])", { timeout: 20000 });
  // fair deals through the server: every page checked deal 1's reveal against its commitment
  // with Web Crypto, Bob's reloaded page and every page after the restart too (they learn the
  // commitment of the deal in play from the snapshot)
  for (const p of pages) {
    await p.waitForFunction(() => window.deckhandApp.screen.fair.get(1)?.verified === true, null, { timeout: 10000 });
    assert.match(await p.textContent("#fair summary"), /^Fair deals? ✔ verified/);
  }
  // Cy's review of the hand from the server: her own plays against the open-hand best
  await cy.click("#btn-review");
  await shot(ann, "online-hand-over.png");
  await cy.waitForSelector("#review .review-list li", { timeout: 30000 });
  const reviewed = await cy.locator("#review .review-list li").count();
  const cySeat = await cy.evaluate(() => window.deckhandApp.screen.transport.seat);
  await shot(cy, "online-review.png");
  await cy.click("#btn-close-hand");
  // the second hand to the end of the game
  for (let i = 0; i < 200 && !(await Promise.all(pages.map(gameOver))).every(Boolean); ++i) await oneMove(pages);
  const [record] = await checkGameEnd(pages, GAME);
  // the review listed each card Cy played in the first hand (the record's lines of that hand)
  const lines = record.split("\n");
  const deals = lines.flatMap((l, i) => (l.startsWith("deal ") ? [i] : []));
  const cyPlays = lines.slice(deals[0], deals[1]).filter((l) => l.startsWith(`${cySeat} play `));
  assert.ok(cyPlays.length > 0);
  assert.equal(reviewed, cyPlays.length, `the review lists Cy's ${cyPlays.length} plays`);
  await shot(ann, "online-game-end.png");
  for (const p of pages) await p.context().close();
  assert.deepEqual(pageErrors, []);
});

// One move typed by whichever context may act, from the legal actions its screen holds:
// a buy when offered, else a discard, a draw, else the last (a bid rather than a pass).
async function typedMove(pages) {
  for (const page of pages) {
    const legal = await page.evaluate(() => window.deckhandApp.screen.legal ?? []);
    if (!legal.length) continue;
    const pick = legal.find((a) => a === "buy") ?? legal.find((a) => a.startsWith("discard ")) ??
      legal.find((a) => a === "draw") ?? legal.at(-1);
    await page.evaluate(() => { document.querySelector("details.typed").open = true; });
    await page.fill("#action-text", pick);
    await page.press("#action-text", "Enter");
    await page.waitForTimeout(120);
    return pick;
  }
  await pages[0].waitForTimeout(200);
  return null;
}

// A table of `game` created by the first of `names`, the others joining, `bots` seats of
// basic bots after them; the catalog's limit option set to `limit` (a short game, or round).
async function onlineTable(game, names, bots, limit) {
  const pages = [];
  for (const name of names) pages.push(await player(name, { dealMs: 300 }));
  const [host] = pages;
  const info = CATALOG.find((g) => g.name === game);
  await host.check(`.game-pick input[value="${game}"]`);
  if (await host.isEnabled("#players")) await host.selectOption("#players", String(names.length + bots));
  const selects = await host.locator("#seats-setup select").all();
  for (const [i, select] of selects.entries()) await select.selectOption(i < names.length - 1 ? "human" : "basic");
  await host.click("#rules-box summary");
  await host.fill(`#opt-${info.limit_option}`, String(limit));
  await host.click("#create-online");
  await host.waitForSelector("#invite[data-code]");
  const code = await host.getAttribute("#invite", "data-code");
  for (const p of pages.slice(1)) {
    await p.fill("#invite-code", code);
    await p.click("#join-online");
  }
  for (const p of pages) await p.waitForSelector(`#table-screen[data-game="${game}"] #hand button.card`, { timeout: 20000 });
  return pages;
}

const FIVE = CATALOG.find((g) => g.min_players === 5 && g.max_players === 5)?.name;
test(`${FIVE}: three browsers and two bots play a whole game (one hand) through the server`, { skip: !FIVE }, async () => {
  const pages = await onlineTable(FIVE, ["Ann", "Bob", "Cy"], 2, 1);
  await checkPrivacy(pages);
  let pointsSeen = false;
  for (let i = 0; i < 200 && !(await Promise.all(pages.map(gameOver))).every(Boolean); ++i) {
    await typedMove(pages);
    // (while the hand is in play: after its last trick the hands are empty until the end)
    if (i % 10 === 0 && (await Promise.all(pages.map(handOf))).every((hand) => hand.length)) {
      await checkPrivacy(pages);
      for (const p of pages) if (await p.locator("#hand [data-card]").count()) await checkHandOrder(p);
    }
    // each seat's card points taken, from the view, on its plate (and by side once picked)
    // (the view and the page read at one instant)
    const { view, plates, facts } = await pages[0].evaluate(() => ({
      view: window.deckhandApp.screen.view,
      plates: [...document.querySelectorAll("#seats .seat")].map((p) => p.textContent),
      facts: document.getElementById("facts").textContent,
    }));
    if (!pointsSeen && view.points_taken?.some((x) => x > 0) && view.phase === "play") {
      assert.equal(plates.length, view.points_taken.length);
      assert.ok(view.points_taken.every((x) => plates.some((t) => t.includes(`points taken ${x}`))), `${view.points_taken}: ${plates}`);
      if (typeof view.picker === "number") assert.match(facts, /points taken/);
      await shot(pages[0], `online-${FIVE}-points.png`);
      pointsSeen = true;
    }
  }
  assert.ok(pointsSeen, "card points taken shown during the play");
  await checkGameEnd(pages, FIVE);
  await shot(pages[0], `online-${FIVE}.png`);
  for (const p of pages) await p.context().close();
  assert.deepEqual(pageErrors, []);
});

const DRAW = CATALOG.find((g) => !hasSolver(dh, g) && g.min_players <= 3 && g.max_players >= 3)?.name;
test(`${DRAW}: three browsers play a whole game with buys through the server (each round cut short)`, { skip: !DRAW }, async () => {
  // the catalog's limit option at 3: every round ends after its third turn
  const pages = await onlineTable(DRAW, ["Ann", "Bob", "Cy"], 0, 3);
  let bought = false;
  for (let i = 0; i < 800 && !(await Promise.all(pages.map(gameOver))).every(Boolean); ++i) {
    if (await typedMove(pages) === "buy" && !bought) {
      bought = true;
      await pages[0].waitForTimeout(300);
      await checkPrivacy(pages);
      for (const p of pages) await checkHandOrder(p);
      await shot(pages[0], `online-${DRAW}.png`);
    }
  }
  assert.ok(bought, "a player bought a declined discard");
  await checkGameEnd(pages, DRAW);
  await shot(pages[0], `online-${DRAW}-end.png`);
  // Review my play: the server refuses (unsupported: the game has no open-hand solver) and the
  // page says so in the library's words, the game by its name, without the code
  const [ann] = pages;
  await ann.click("#over-dialog .close");
  await ann.click("#btn-review");
  await ann.waitForFunction(() => /^No review: /.test(document.getElementById("review").textContent), null, { timeout: 20000 });
  const info = CATALOG.find((g) => g.name === DRAW);
  const probe = new dh.Game(DRAW, { players: 3 });
  probe.deal(1);
  const refusal = (() => {
    try {
      probe.solve();
    } catch (e) {
      return e;
    } finally {
      probe.free();
    }
  })();
  assert.ok(refusal instanceof dh.Unsupported);
  const words = refusal.message.replace(`${refusal.reason}: `, "").replace(info.name, info.description.split(":")[0]);
  assert.equal(await ann.textContent("#review"), `No review: ${words.charAt(0).toUpperCase()}${words.slice(1)}`);
  await shot(ann, `online-${DRAW}-no-review.png`);
  for (const p of pages) await p.context().close();
  assert.deepEqual(pageErrors, []);
});
