// The app online: browser contexts (one per player, each its own storage) playing together
// through the table server (server/, docs/server.md) started here on 127.0.0.1 with an SQLite
// file: a whole hand of a three-player trick game, each context seeing only its own cards
// (checked against the DOM of the others), a reload mid-trick that comes back to the same
// seat and hand, and the server killed (SIGKILL) and started again mid-hand, every context
// resuming without a click.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
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

async function player(name) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 850 } });
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(`${name}: ${error.stack ?? error.message}`));
  await page.goto(`http://127.0.0.1:${http.address().port}/app/?delay=150&dealMs=1500&server=http://127.0.0.1:${port}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.fill("#player-name", name);
  return page;
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
const handOver = (page) => page.isVisible("#hand-over");
const cardsPlayed = (page) => page.locator("#trick .played").count();

test(`three browsers play a hand of ${GAME} through the server; a reload and a server restart resume`, async () => {
  const [ann, bob, cy] = [await player("Ann"), await player("Bob"), await player("Cy")];
  await ann.check(`.game-pick input[value="${GAME}"]`);
  for (const select of await ann.locator("#seats-setup select").all()) await select.selectOption("human");
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
  await ann.screenshot({ path: join(shots, "online-ann.png"), fullPage: true });

  let reloaded = false, restarted = false;
  for (let i = 0; i < 200; ++i) {
    if ((await Promise.all(pages.map(handOver))).every(Boolean)) break;
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
  assert.ok(reloaded, "a reload mid-trick was tried");
  assert.ok(restarted, "a server restart mid-hand was tried");
  for (const p of pages) await p.waitForSelector("#hand-over:not([hidden])", { timeout: 20000 });
  await ann.screenshot({ path: join(shots, "online-hand-over.png"), fullPage: true });
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
// basic bots after them; the catalog's limit option set to 12 (a short game, or round).
async function onlineTable(game, names, bots) {
  const pages = [];
  for (const name of names) pages.push(await player(name));
  const [host] = pages;
  const info = CATALOG.find((g) => g.name === game);
  await host.check(`.game-pick input[value="${game}"]`);
  if (await host.isEnabled("#players")) await host.selectOption("#players", String(names.length + bots));
  const selects = await host.locator("#seats-setup select").all();
  for (const [i, select] of selects.entries()) await select.selectOption(i < names.length - 1 ? "human" : "basic");
  await host.click("#rules-box summary");
  await host.fill(`#opt-${info.limit_option}`, "12");
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
test(`${FIVE}: two browsers and three bots play a hand through the server`, { skip: !FIVE }, async () => {
  const pages = await onlineTable(FIVE, ["Ann", "Bob"], 3);
  await checkPrivacy(pages);
  for (let i = 0; i < 120 && !(await Promise.all(pages.map(handOver))).every(Boolean); ++i) {
    await typedMove(pages);
    if (i % 10 === 0) await checkPrivacy(pages);
  }
  for (const p of pages) await p.waitForSelector("#hand-over:not([hidden])", { timeout: 20000 });
  await pages[0].screenshot({ path: join(shots, `online-${FIVE}.png`), fullPage: true });
  for (const p of pages) await p.context().close();
  assert.deepEqual(pageErrors, []);
});

const DRAW = CATALOG.find((g) => !hasSolver(dh, g) && g.min_players <= 3 && g.max_players >= 3)?.name;
test(`${DRAW}: three browsers play a round with a buy through the server`, { skip: !DRAW }, async () => {
  const pages = await onlineTable(DRAW, ["Ann", "Bob", "Cy"], 0);
  let bought = false;
  for (let i = 0; i < 200 && !(await Promise.all(pages.map(handOver))).every(Boolean); ++i) {
    if (await typedMove(pages) === "buy") {
      bought = true;
      await pages[0].waitForTimeout(300);
      await checkPrivacy(pages);
    }
  }
  assert.ok(bought, "a player bought a declined discard");
  for (const p of pages) await p.waitForSelector("#hand-over:not([hidden])", { timeout: 20000 });
  await pages[0].screenshot({ path: join(shots, `online-${DRAW}.png`), fullPage: true });
  for (const p of pages) await p.context().close();
  assert.deepEqual(pageErrors, []);
});
