// The Play panel: one human seat against the library's bots (a level to choose, a hint for
// the human's move), the house rules as controls built from games(), legal moves clickable,
// refusals explained with the library's reason.
import { botMove, makeBots } from "./bots.js";
import { cardElement, fillCards, scoreTable, seatName } from "./cards.js";

const YOU = 0;

// A small seeded generator (xorshift32), so that one seed gives one game's deals (and the
// bots' seeds: together, the whole game).
function generator(seed) {
  let state = (seed >>> 0) || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

// A control for one option of games(): a list for named values ("reject|penalize"), a
// number for a range ("1..10000"), a text box with suggestions for both ("unlimited|1..1000").
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
    input = Object.assign(document.createElement("input"), { type: "text", size: 10 });
    input.placeholder = option.values;
  }
  input.value = option.default;
  input.name = option.name;
  input.dataset.option = option.name;
  const label = document.createElement("label");
  label.title = `${option.rule}: ${option.description} (${option.values})`;
  label.append(`${option.name} `, input);
  return label;
}

export function setUpPlay(dh, { delay }) {
  const $ = (id) => document.getElementById(id);
  const games = dh.games();
  let game = null;
  let bots = []; // one per seat, the human's for its hints
  let random = Math.random;
  let timer = 0;
  const log = [];

  // The action a click on a card in hand makes: the game's action kind written "<name> <card>"
  // in the catalog (play, or Toonerville's discard).
  function cardVerb(name) {
    const info = games.find((g) => g.name === name);
    return info.action_kinds.find((k) => k.syntax === `${k.name} <card>`)?.name ?? "play";
  }

  function fillSetup() {
    const info = games.find((g) => g.name === $("game-name").value);
    $("players").replaceChildren();
    for (let n = info.min_players; n <= info.max_players; ++n) $("players").add(new Option(n, n));
    $("players").value = String(info.min_players === info.max_players ? info.min_players : 4);
    $("players").disabled = info.min_players === info.max_players;
    // house rules only: the engine's options (history) are not the game's
    const rules = info.options.filter((o) => o.rule !== "engine");
    $("house-rules").replaceChildren($("house-rules").firstElementChild, ...rules.map(optionControl));
  }

  function showRefusal(error) {
    const box = $("refusal");
    box.hidden = false;
    box.dataset.reason = error.reason ?? "";
    // the message begins with the reason's name (or the argument's), shown in bold
    const name = error.reason || error.statusName || error.message.split(":")[0];
    const rest = error.message.startsWith(`${name}: `) ? error.message.slice(name.length + 2)
      : error.message;
    box.replaceChildren("Refused — ", Object.assign(document.createElement("strong"),
      { textContent: name }), `: ${rest}`);
  }
  function clearRefusal() {
    $("refusal").hidden = true;
    $("refusal").textContent = "";
  }

  // The human's action (Toonerville's buy or pass too, when it is offered the discard, T6).
  function humanAct(action) {
    act(YOU, action);
  }

  // A bot's turn: its move.
  function botTurn(seat) {
    const move = botMove(game, bots, seat);
    act(move.seat, move.action);
  }

  // The human seat's bot's choice, shown and its move button marked.
  function hint() {
    if (!game || game.isOver || game.toAct !== YOU) return;
    const choice = bots[YOU].choose(game, YOU);
    $("hint-text").textContent = `Hint (${bots[YOU].level}): ${choice}`;
    $("hint-text").dataset.action = choice;
    for (const button of $("moves").children)
      button.classList.toggle("hinted", button.dataset.action === choice);
  }
  function clearHint() {
    $("hint-text").textContent = "";
    delete $("hint-text").dataset.action;
  }

  // Bots of the chosen level for the game's seats (on a new game, or when the level changes).
  function seatBots() {
    for (const bot of bots) bot.free();
    bots = makeBots(dh, game.name, game.players, $("bot-level").value, Number($("seed").value));
  }

  // Applies an action; a refusal is shown with its reason, anything else is a bug.
  function act(seat, action) {
    try {
      game.apply(seat, action);
    } catch (error) {
      // typed text the package refuses before the library sees it (a NUL, a lone surrogate)
      // is a RangeError: shown like a refusal
      if (!(error instanceof dh.DeckhandError || error instanceof RangeError)) throw error;
      if (seat !== YOU) throw error; // a bot's choice comes from the legal moves
      showRefusal(error);
      return;
    }
    if (seat === YOU) {
      clearRefusal();
      $("action-text").value = "";
    }
    log.push(`${seatName(seat, YOU)}: ${action}`);
    clearHint();
    advance();
  }

  // Runs the bots and the deals until it is the human's turn or the game is over.
  function advance() {
    clearTimeout(timer);
    render();
    if (game.isOver) return;
    if (game.awaitingDeal) {
      timer = setTimeout(() => {
        const seed = Math.floor(random() * 2 ** 32);
        game.deal({ seed });
        log.push(`deal seed ${seed}`);
        advance();
      }, delay);
      return;
    }
    const seat = game.toAct;
    if (seat != null && seat !== YOU) timer = setTimeout(() => botTurn(seat), delay);
  }

  function newGame(event) {
    event?.preventDefault();
    clearTimeout(timer);
    const options = {};
    for (const input of $("house-rules").querySelectorAll("[data-option]"))
      options[input.dataset.option] = input.value.trim();
    let created;
    try {
      created = new dh.Game($("game-name").value, { players: Number($("players").value), options });
    } catch (error) {
      if (!(error instanceof dh.DeckhandError)) throw error;
      showRefusal(error);
      return;
    }
    game?.free();
    game = created;
    seatBots();
    random = generator(Number($("seed").value));
    log.length = 0;
    $("action-text").value = "";
    clearRefusal();
    clearHint();
    advance();
  }

  function render() {
    const view = game.view(YOU);
    const toAct = game.toAct;
    $("table").dataset.game = game.name;
    $("table").dataset.phase = game.phase;
    $("table").dataset.toAct = toAct ?? "";
    const offered = view.offered_to != null;
    $("table").dataset.offer = offered && toAct === YOU ? "buy" : "";
    $("status").textContent = game.isOver
      ? `Game over. Winner${game.winners.length > 1 ? "s" : ""}: ${game.winners.map((s) => seatName(s, YOU)).join(", ")}`
      : game.awaitingDeal ? "Dealing…"
      : offered && toAct === YOU ? `${seatName(view.declined_by, YOU)} draws from the stock: buy the top discard (${view.discards.at(-1)}) with a card from the stock?`
      : `${game.name}, ${game.phase}: ${toAct === YOU ? "your turn" : `${seatName(toAct, YOU)} to act`}`;

    const scores = game.scores;
    $("seats").replaceChildren(...scores.map((score, seat) => {
      const el = document.createElement("div");
      el.className = "seat" + (seat === toAct ? " to-act" : "");
      const sizes = view.hand_sizes ? `, ${view.hand_sizes[seat]} cards` : "";
      el.textContent = `${seatName(seat, YOU)}${seat === view.dealer ? " (dealer)" : ""}: ${score}${sizes}`;
      return el;
    }));
    renderCenter(view);

    // the human's moves on its turn (offered a declined discard: buy and pass)
    const legal = toAct === YOU ? game.legalMoves() : [];
    $("hint").disabled = legal.length === 0;
    fillCards($("hand"), view.hand ?? []);
    for (const card of $("hand").children) {
      if (legal.some((move) => move.action.split(" ").includes(card.dataset.card)))
        card.classList.add("playable");
      card.addEventListener("click", () => humanAct(`${cardVerb(game.name)} ${card.dataset.card}`));
    }
    $("moves").replaceChildren(...legal.map((move) => {
      const button = Object.assign(document.createElement("button"),
        { type: "button", className: "move", textContent: move.action });
      button.dataset.action = move.action;
      button.addEventListener("click", () => humanAct(move.action));
      return button;
    }));

    const result = dh.replay(game.record());
    $("play-scores").replaceChildren(scoreTable(result, game.players));
    $("view-text").textContent = game.viewText(YOU);
    $("log").replaceChildren(...log.slice(-40).map((line) =>
      Object.assign(document.createElement("li"), { textContent: line })));
  }

  // The trick in progress (Euchre, Sheepshead), or the pile and the melds (Toonerville).
  function renderCenter(view) {
    const center = $("center");
    center.replaceChildren();
    if (view.tricks) {
      const trick = view.tricks.at(-1);
      const facts = [view.bid && `bid ${view.bid} by seat ${view.declarer}`,
        view.trump && `trump ${view.trump}`, view.contract && view.contract !== "none" &&
        `${view.contract}${view.picker != null ? ` (picker seat ${view.picker})` : ""}`,
        view.called && `called ${view.called}`].filter(Boolean);
      center.append(Object.assign(document.createElement("p"), { textContent: facts.join(" · ") }));
      if (trick) {
        const row = document.createElement("div");
        row.className = "trick";
        trick.cards.forEach((card, seat) => {
          const place = document.createElement("figure");
          place.append(cardElement(card), Object.assign(document.createElement("figcaption"),
            { textContent: seatName(seat, YOU) }));
          row.append(place);
        });
        center.append(row);
      }
    } else if (view.discards) {
      const pile = document.createElement("div");
      pile.className = "pile";
      pile.append(`stock ${view.stock_count} · discard pile: `,
        view.discards.length ? cardElement(view.discards.at(-1)) : "empty",
        ` · round ${view.round}: ${view.contract.runs} runs, ${view.contract.sets} sets`);
      center.append(pile);
      for (const meld of view.melds) {
        const row = document.createElement("div");
        row.className = "meld cards";
        // a meld's cards are one string, as the record writes them ("5R 6R ROOK 8R")
        row.append(`meld ${meld.id} (${meld.kind}, seat ${meld.owner}) `,
          ...meld.cards.split(" ").map(cardElement));
        center.append(row);
      }
    }
  }

  for (const info of games) $("game-name").add(new Option(info.name, info.name));
  $("game-name").addEventListener("change", fillSetup);
  $("setup").addEventListener("submit", newGame);
  $("action-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("action-text").value.trim();
    if (text) humanAct(text);
  });
  $("hint").addEventListener("click", hint);
  $("bot-level").addEventListener("change", () => {
    if (!game) return;
    seatBots();
    clearHint();
  });
  fillSetup();
  newGame();
}
