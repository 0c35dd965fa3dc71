// The Validate panel: a record pasted or dropped, its first refused line highlighted with the
// reason, the per-hand scores, and any seat's view after any line.
import { fillCards, scoreTable } from "./cards.js";
import { verifyRecordDeals } from "./fair.js";

export function setUpValidate(dh) {
  const $ = (id) => document.getElementById(id);
  let lines = [];
  let lastGood = 0; // the lines that replay: all of them, or those before the refused one

  // The game after the first `count` lines, or null when they do not make a game yet (the
  // headers are not all there).
  function gameAfter(count) {
    try {
      return dh.Game.fromRecord(lines.slice(0, count).join("\n") + "\n");
    } catch (error) {
      if (!(error instanceof dh.DeckhandError)) throw error;
      return null;
    }
  }

  // The record's fair deals: each revealed seed against its commitment (Web Crypto).
  async function checkFairDeals(text) {
    const deals = await verifyRecordDeals(text);
    const box = $("record-fair");
    box.dataset.checked = String(deals.length);
    box.dataset.failed = String(deals.filter((d) => d.ok === false).length);
    box.replaceChildren(...(deals.length ? [Object.assign(document.createElement("h2"), { textContent: "Fair deals" })] : []),
      ...deals.map((d) => Object.assign(document.createElement("p"), {
        className: d.ok ? "valid" : d.ok === false ? "invalid" : "",
        textContent: `deal ${d.deal}: ${d.ok ? "the revealed seed matches its commitment" : d.ok === false ? "the revealed seed does NOT match its commitment" : d.commitment ? "committed, never revealed" : "revealed without a commitment"}`,
      })));
  }

  function validate() {
    checkFairDeals($("record").value);
    lines = $("record").value.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
    const result = dh.replay(lines.join("\n") + "\n");
    lastGood = result.ok ? lines.length : Math.max(result.line - 1, 0);
    const verdict = $("verdict");
    verdict.className = result.ok ? "valid" : "invalid";
    verdict.textContent = result.ok
      ? `Valid: ${lines.length} lines of ${result.game}, ${result.hands.length} hands scored` +
        (result.over ? `, game over (winners: seats ${result.winners.join(", ")})` : "")
      : `Refused at line ${result.line}: ${result.code}`;

    $("record-lines").replaceChildren(...lines.map((text, i) => {
      const item = document.createElement("li");
      item.textContent = text || " ";
      item.dataset.line = String(i + 1);
      if (!result.ok && i + 1 === result.line) {
        item.className = "refused";
        item.append(Object.assign(document.createElement("div"),
          { className: "reason", textContent: result.message }));
      } else if (i + 1 <= lastGood) {
        item.addEventListener("click", () => showStep(i + 1));
      }
      return item;
    }));
    if (!result.ok && result.line > lines.length) {
      $("record-lines").append(Object.assign(document.createElement("li"),
        { className: "refused", textContent: result.message }));
    }

    // the scores of the lines that replay
    const good = result.ok ? result : dh.replay(lines.slice(0, lastGood).join("\n") + "\n");
    const game = gameAfter(lastGood);
    const players = game ? game.players : 0;
    game?.free();
    $("record-scores").replaceChildren(good.ok && game ? scoreTable(good, players) : "");
    $("view-seat").replaceChildren(new Option("spectator", "-1"),
      ...Array.from({ length: players }, (_, s) => new Option(`seat ${s}`, s)));
    $("step").max = String(Math.max(lastGood, 1));
    showStep(lastGood);
  }

  function showStep(count) {
    $("step").value = String(count);
    $("step-number").value = String(count);
    for (const item of $("record-lines").children)
      item.classList.toggle("current", item.dataset.line === String(count));
    const game = gameAfter(count);
    if (!game) {
      fillCards($("step-hand"), []);
      $("step-view").textContent = count === 0 ? "" : "(no game yet after this line)";
      return;
    }
    try {
      const seat = Number($("view-seat").value || -1);
      fillCards($("step-hand"), game.view(seat).hand ?? []);
      $("step-view").textContent = game.viewText(seat);
    } finally {
      game.free();
    }
  }

  $("validate-button").addEventListener("click", validate);
  $("step").addEventListener("input", () => showStep(Number($("step").value)));
  $("view-seat").addEventListener("change", () => showStep(Number($("step").value)));
  const record = $("record");
  record.addEventListener("dragover", (event) => event.preventDefault());
  record.addEventListener("drop", async (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    record.value = await file.text();
    validate();
  });
}
