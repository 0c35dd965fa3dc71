// The app in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core): it
// loads from a local static server, plays a whole hand by clicks, explains a refusal,
// validates a record with a planted error, and plays every game. Screenshots go to
// build/web/screenshots/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import * as esm from "../dist/index.mjs";
import { serve } from "../serve.mjs";
import { hasSolver } from "./support.mjs";

// The games come from the package's catalog: a new game is played with no edit here.
const dh = await esm.load();
const GAMES = dh.games().map((info) => info.name);
// The games with an open-hand solver (the strong level's hints).
const SOLVED = dh.games().filter((info) => hasSolver(dh, info)).map((info) => info.name);

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(web, "..");
const shots = join(root, "build/web/screenshots");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

let server, browser, page;
const pageErrors = [];

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await serve(web, 0);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // root in a container has no user namespaces for Chromium's sandbox
    args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
  });
  page = await browser.newPage({ viewport: { width: 1200, height: 1100 } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/app/?delay=0`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

async function newGame(name, seed = 1, level = "basic") {
  await page.click("#tab-play");
  await page.selectOption("#game-name", name);
  await page.fill("#seed", String(seed));
  await page.selectOption("#bot-level", level);
  await page.click("#new-game");
  await page.waitForSelector(`#table[data-game="${name}"]`);
}

// Waits until it is the human seat's turn (seat 0; a Toonerville discard offered to it, T6,
// too), or `done()` holds in the page; true for the turn.
async function waitForTurn(done) {
  const handle = await page.waitForFunction(
    (doneSource) => new Function(`return (${doneSource})()`)() ? "done"
      : document.querySelector('#table[data-to-act="0"] #moves button, #table[data-offer=buy] #moves button')
        ? "turn" : false,
    done.toString(), { timeout: 20000 });
  return (await handle.jsonValue()) === "turn";
}

const handsScored = () => page.locator("#play-scores tbody tr").count();

test("play a whole hand of Ghost Hand Euchre by clicking", async () => {
  await newGame("ghost-euchre", 3);
  let clicks = 0;
  let ruleRefusal = null;
  while (await waitForTurn(() => document.querySelectorAll("#play-scores tbody tr").length > 0)) {
    // cards in the hand during play, the last listed move otherwise (a bid, so that a hand
    // is played rather than thrown in)
    const playable = page.locator("#hand .card.playable");
    const inPlay = (await page.getAttribute("#table", "data-phase")) === "play";
    const unplayable = page.locator("#hand .card:not(.playable)");
    if (inPlay && !ruleRefusal && await unplayable.count()) {
      // once: a card the rules refuse now (G7: follow suit)
      await unplayable.first().click();
      await page.waitForSelector("#refusal:not([hidden])");
      ruleRefusal = await page.getAttribute("#refusal", "data-reason");
      await shot("refusal-rules");
    }
    if (inPlay && await playable.count())
      await playable.first().click();
    else
      await page.locator("#moves button").last().click();
    assert.ok(++clicks < 200, "a hand takes fewer clicks");
    if (clicks === 4) await shot("play-ghost-euchre");
  }
  assert.equal(await handsScored(), 1);
  const cells = await page.locator("#play-scores tbody tr td").allTextContents();
  const totals = await page.locator("#play-scores tfoot td").allTextContents();
  assert.deepEqual(cells.slice(1).map(Number), totals.slice(1).map(Number),
    "after one hand, the totals are its deltas");
  assert.ok(cells.slice(1).some((cell) => Number(cell) !== 0), "a scored hand moves the scores");
  assert.ok(clicks >= 5, `the human played the hand (${clicks} clicks)`);
  assert.equal(ruleRefusal, "must_follow_suit", "a card that does not follow suit is refused");
  await shot("play-hand-scored");
  assert.deepEqual(pageErrors, []);
});

test("a refused move is explained with the library's reason, and changes nothing", async () => {
  // a seed whose first turn of the human is in the bidding (the bots may end it before)
  for (let seed = 1; ; ++seed) {
    await newGame("ghost-euchre", seed);
    await waitForTurn(() => false);
    if ((await page.getAttribute("#table", "data-phase")) === "bidding") break;
    assert.ok(seed < 20, "a seed in 20 lets the human bid");
  }
  const status = await page.textContent("#status");
  assert.ok(await page.locator("#refusal").isHidden());
  await page.locator("#hand .card").first().click(); // playing a card while bidding
  await page.waitForSelector("#refusal:not([hidden])");
  assert.equal(await page.getAttribute("#refusal", "data-reason"), "wrong_phase");
  assert.match(await page.textContent("#refusal"), /wrong_phase: cannot play during the bidding/);
  assert.equal(await page.textContent("#status"), status, "the game did not move");
  await shot("refusal");
  await page.fill("#action-text", "bid eleven");
  await page.press("#action-text", "Enter");
  await page.waitForSelector("#refusal[data-reason=malformed_action]");
  // text the package refuses itself (a NUL would cut it in C): shown, not a page error
  await page.evaluate(() => { document.getElementById("action-text").value = "pass\0bid 4"; });
  await page.press("#action-text", "Enter");
  await page.waitForSelector("#refusal[data-reason='']:not([hidden])");
  assert.match(await page.textContent("#refusal"), /action: a NUL character/);
  assert.equal(await page.textContent("#status"), status, "the game did not move");
  // a legal move clears the refusal
  await page.locator("#moves button").first().click();
  assert.ok(await page.locator("#refusal").isHidden());
  assert.deepEqual(pageErrors, []);
});

test("every game plays in the browser, against the bots", async () => {
  for (const name of GAMES) {
    const clicks = 12;
    await newGame(name, 9);
    for (let i = 0; i < clicks; ++i) {
      assert.ok(await waitForTurn(() => false));
      if (i === 0) {
        assert.ok(await page.locator("#hand .card").count() > 0, `${name}: the hand is drawn`);
        await shot(`play-${name}`);
      }
      await page.locator("#moves button").first().click();
    }
  }
  assert.deepEqual(pageErrors, []);
});

test("a hand against the basic bots, played by the hints", async () => {
  await newGame("ghost-euchre", 5, "basic");
  let hints = 0;
  while (await waitForTurn(() => document.querySelectorAll("#play-scores tbody tr").length > 0)) {
    await page.click("#hint");
    const choice = await page.getAttribute("#hint-text", "data-action");
    assert.match(await page.textContent("#hint-text"), /^Hint \(basic\): /);
    // the hint is one of the legal moves, marked
    const hinted = page.locator("#moves button.hinted");
    assert.equal(await hinted.count(), 1, `the hint ${choice} is a listed move`);
    assert.equal(await hinted.getAttribute("data-action"), choice);
    if (++hints === 2) await shot("hint");
    await hinted.click();
    assert.ok(hints < 100, "a hand takes fewer moves");
  }
  assert.equal(await handsScored(), 1);
  assert.ok(hints >= 5, `the human played the hand by hints (${hints})`);
  assert.deepEqual(pageErrors, []);
});

test("Toonerville: the human is offered the buy when a bot draws (T6), and the strong bots play", async () => {
  await newGame("toonerville", 2, "basic");
  let offers = 0;
  let boughtFirst = false; // a bot bought the discard the human declined by drawing
  for (let turn = 0; turn < 300 && (offers < 2 || !boughtFirst); ++turn) {
    assert.ok(await waitForTurn(() => false));
    // the human's draw, the offer's passes, then a bot's buy (the human's draw follows it)
    const logged = (await page.locator("#log li").allTextContents()).join("\n");
    if (/seat 0 \(you\): draw\n(seat [1-4]: pass\n)*seat [1-4]: buy/.test(logged)) boughtFirst = true;
    if (await page.getAttribute("#table", "data-offer") === "buy") {
      assert.match(await page.textContent("#status"), /draws from the stock: buy the top discard/);
      const answers = await page.locator("#moves button").allTextContents();
      assert.deepEqual(answers, ["buy", "pass"]);
      await page.click("#hint");
      assert.match(await page.getAttribute("#hint-text", "data-action"), /^(buy|pass)$/);
      if (++offers === 1) await shot("toonerville-buy-offer");
      await page.locator("#moves button", { hasText: offers === 1 ? "buy" : "pass" }).click();
      if (offers === 1) {
        // the human's buy applied at once (the seats nearer the drawer passed)
        const log = await page.locator("#log li").allTextContents();
        assert.ok(log.some((line) => /: buy$/.test(line)), `a buy in the log: ${log.slice(-3)}`);
      }
    } else if (await page.locator('#moves button[data-action="draw"]').count()) {
      // the human draws: the discard is offered to the bots' seats first (T6)
      await page.click('#moves button[data-action="draw"]');
    } else {
      await page.locator("#moves button").first().click();
    }
  }
  assert.ok(offers >= 1, "a bot's draw offered the human a buy");
  assert.ok(boughtFirst, "a bot bought when the human drew, and the human then drew");
  // the strong level, for a few moves of each trick-taking game (small budget)
  for (const name of SOLVED) {
    await newGame(name, 4, "strong");
    for (let i = 0; i < 4; ++i) {
      assert.ok(await waitForTurn(() => false));
      await page.click("#hint");
      assert.match(await page.textContent("#hint-text"), /^Hint \(strong\): /);
      await page.locator("#moves button.hinted").click();
    }
  }
  assert.deepEqual(pageErrors, []);
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
  await page.waitForSelector("#record-lines li");
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
