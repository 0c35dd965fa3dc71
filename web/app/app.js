// The app's start: loads the package (served next to the app as ../dist/), then the lobby,
// the table screen and the record checker. ?delay=MS sets the bots' thinking time (the tests
// use a short one); #join=CODE in the address opens an online table's invite.
import { load } from "../dist/index.mjs";
import { withoutRuleNumbers } from "./cards.js";
import { TableScreen, displayName } from "./table.js";
import { LocalTransport, OnlineTransport, forgetSeat, openTables, savedSeat } from "./transport.js";
import { setUpValidate } from "./validate.js";
import { BOT_LEVELS } from "./bots.js";

const dh = await load();
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const games = dh.games();

$("version").textContent = `library ${dh.version}`;
function showPanel(name) {
  for (const tab of document.querySelectorAll(".tab")) {
    tab.classList.toggle("active", tab.dataset.panel === name);
    tab.setAttribute("aria-current", tab.dataset.panel === name ? "page" : "false");
  }
  $("lobby").hidden = name !== "lobby";
  $("validate").hidden = name !== "validate";
  $("table-screen").hidden = name !== "table";
}
for (const tab of document.querySelectorAll(".tab"))
  tab.addEventListener("click", () => (tab.dataset.panel === "lobby" && screen.transport ? showPanel("table") : showPanel(tab.dataset.panel)));

// ---------------------------------------------------------------- the lobby
let gameName = games[0].name;

// A control for one option of games(): a list for named values, a number for a range, a text
// box for both; its description beside it.
function optionControl(option) {
  const words = option.values.split("|").filter((v) => !v.includes(".."));
  const ranges = option.values.split("|").filter((v) => v.includes(".."));
  let input;
  if (ranges.length === 0) {
    input = document.createElement("select");
    for (const word of words) input.add(new Option(word, word));
  } else if (words.length === 0 && ranges.length === 1) {
    const [low, high] = ranges[0].split("..");
    input = Object.assign(document.createElement("input"), { type: "number", min: low, max: high });
  } else {
    input = Object.assign(document.createElement("input"), { type: "text", size: 10, placeholder: option.values });
  }
  input.value = option.default;
  input.dataset.option = option.name;
  input.id = `opt-${option.name}`;
  const label = document.createElement("label");
  label.className = "option";
  label.htmlFor = input.id;
  label.append(Object.assign(document.createElement("strong"), { textContent: option.name.replace(/_/g, " ") }),
    Object.assign(document.createElement("small"), { textContent: ` ${option.description}` }));
  const row = document.createElement("div");
  row.className = "option-row";
  row.append(label, input);
  return row;
}

function fillGames() {
  $("game-choice").replaceChildren(...games.map((info) => {
    const label = document.createElement("label");
    label.className = "game-pick";
    const radio = Object.assign(document.createElement("input"), { type: "radio", name: "game", value: info.name, checked: info.name === gameName });
    radio.addEventListener("change", () => {
      gameName = info.name;
      fillSetup();
    });
    label.append(radio, ` ${displayName(info)}`);
    return label;
  }));
}

function fillSetup() {
  const info = games.find((g) => g.name === gameName);
  $("game-description").textContent = withoutRuleNumbers(info.description);
  const keep = Number($("players").value);
  $("players").replaceChildren();
  for (let n = info.min_players; n <= info.max_players; ++n) $("players").add(new Option(`${n}`, n));
  $("players").value = String(keep >= info.min_players && keep <= info.max_players ? keep : info.min_players);
  $("players").disabled = info.min_players === info.max_players;
  fillSeats();
  // house rules only: the engine's options (history) are not the game's
  const rules = info.options.filter((o) => o.rule !== "engine");
  $("house-rules").replaceChildren(...rules.map(optionControl));
}

function fillSeats() {
  const n = Number($("players").value);
  const rows = [];
  for (let s = 1; s < n; ++s) {
    const select = document.createElement("select");
    select.id = `seat-level-${s}`;
    select.dataset.seat = s;
    select.add(new Option("a friend (online)", "human"));
    for (const [level, words] of BOT_LEVELS) select.add(new Option(`a bot (${words})`, level));
    select.value = "basic";
    const label = Object.assign(document.createElement("label"), { htmlFor: select.id, textContent: `Player ${s + 1} ` });
    const row = document.createElement("div");
    row.append(label, select);
    rows.push(row);
  }
  $("seats-setup").replaceChildren($("seats-setup").firstElementChild, ...rows);
}

function chosenOptions() {
  const options = {};
  for (const input of $("house-rules").querySelectorAll("[data-option]")) options[input.dataset.option] = input.value.trim();
  return options;
}
function chosenLevels(online) {
  const n = Number($("players").value);
  return Array.from({ length: n }, (_, s) => {
    if (s === 0) return "human";
    const v = $(`seat-level-${s}`)?.value ?? "basic";
    return v === "human" && !online ? "basic" : v;
  });
}
function lobbyError(message) {
  $("lobby-error").hidden = !message;
  $("lobby-error").textContent = message ?? "";
}

// ---------------------------------------------------------------- the table
const screen = new TableScreen($("table-screen"), {
  catalog: games,
  onLeave() {
    screen.detach();
    forgetSeat();
    history.replaceState(null, "", location.pathname + location.search);
    showPanel("lobby");
  },
});

async function play(transport) {
  showPanel("table");
  try {
    await screen.attach(transport);
  } catch (error) {
    screen.detach();
    showPanel("lobby");
    lobbyError(`${error.message ?? error}`);
  }
}

$("players").addEventListener("change", fillSeats);
$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  localStorage.setItem("deckhand.name", $("player-name").value);
  let transport;
  try {
    transport = new LocalTransport(dh, {
      gameName, players: Number($("players").value), options: chosenOptions(),
      levels: chosenLevels(false), name: $("player-name").value.trim(), seed: Number($("seed").value),
      botMs: Number(params.get("delay") ?? $("bot-ms").value), decisionMs: Number($("decision-ms").value),
      dealMs: Number(params.get("dealMs") ?? 2500),
      hintLevel: chosenLevels(false).find((l) => l !== "human") ?? "basic",
    });
  } catch (error) {
    if (!(error instanceof dh.DeckhandError)) throw error;
    lobbyError(error.message);
    $("rules-box").open = true;
    return;
  }
  lobbyError(null);
  play(transport);
});

const endpoint = () => $("server-url").value.trim();
$("create-online").addEventListener("click", () => {
  const levels = chosenLevels(true);
  play(new OnlineTransport(endpoint(), {
    name: $("player-name").value.trim(),
    create: { game: gameName, players: Number($("players").value), options: chosenOptions(),
      seats: levels.map((l) => (l === "human" ? "human" : { bot: l })),
      table: { botMs: Number(params.get("delay") ?? $("bot-ms").value), dealMs: Number(params.get("dealMs") ?? 2500),
        decisionMs: Number($("decision-ms").value) } },
  }));
});
$("join-online").addEventListener("click", () => {
  const code = $("invite-code").value.trim();
  if (!code) return lobbyError("Type the invite code your friend sent you.");
  play(new OnlineTransport(endpoint(), { name: $("player-name").value.trim(), code }));
});
$("list-tables").addEventListener("click", async () => {
  try {
    const rooms = await openTables(endpoint());
    $("open-tables").replaceChildren(...rooms.map((room) => {
      const item = document.createElement("li");
      const join = Object.assign(document.createElement("button"), { type: "button", textContent: `Join ${room.code}` });
      join.addEventListener("click", () => play(new OnlineTransport(endpoint(), { name: $("player-name").value.trim(), code: room.code })));
      const info = games.find((g) => g.name === room.game);
      item.append(`${displayName(info) ?? room.game} · ${room.players} players · ${room.free} free seat${room.free === 1 ? "" : "s"} `, join);
      return item;
    }));
    if (!rooms.length) $("open-tables").replaceChildren(Object.assign(document.createElement("li"), { textContent: "No open tables." }));
    lobbyError(null);
  } catch (error) {
    lobbyError(`No server at ${endpoint()}: ${error.message ?? error}`);
  }
});

$("player-name").value = localStorage.getItem("deckhand.name") ?? "";
if (params.get("server")) $("server-url").value = params.get("server");
fillGames();
fillSetup();
setUpValidate(dh);
$("loading").remove();
showPanel("lobby");
document.body.dataset.ready = "true";

// A reload at an online table goes back to the same seat; an invite link joins.
const saved = savedSeat();
const invite = new URLSearchParams(location.hash.slice(1)).get("join");
if (saved && (!invite || invite === saved.code)) {
  play(new OnlineTransport(saved.endpoint, { name: saved.name, code: saved.code, seatToken: saved.seatToken }));
} else if (invite) {
  $("invite-code").value = invite;
}
window.deckhandApp = { dh, screen, play, LocalTransport };
