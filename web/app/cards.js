// Cards as the app draws them, their spoken names, a hand in the library's order, and the
// per-hand score table. Card codes are the records' (docs/records.md): French cards "TH",
// "9C" (rank then suit letter), Rook cards "14Y" (number then colour letter) and "ROOK".

export const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven" };
// Rook colours carry a letter and a shape too, so that nobody needs to tell the colours apart.
const ROOK = {
  B: { name: "black", shape: "■" }, G: { name: "green", shape: "▲" },
  R: { name: "red", shape: "●" }, Y: { name: "yellow", shape: "◆" },
};

const CARD = "[2-9TJQKA][CDHS]|\\d{1,2}[BGRY]|ROOK";
const ONE_CARD = new RegExp(`^(${CARD})$`);
const CARDS_IN_TEXT = new RegExp(`\\b(${CARD})\\b`, "g");
export const isCard = (text) => ONE_CARD.test(text);
// A text without the rule numbers of docs (RULES.md: "G7", "(T6)", "(G1-G11)"), which a player
// does not read.
export const withoutRuleNumbers = (text) => text
  .replace(/;\s*[A-Z]\d+[a-z]?(?:[-–][A-Z]?\d+[a-z]?)?(?=\))/g, "")
  .replace(/\s*\([A-Z]\d+[a-z]?(?:[-–,]\s*[A-Z]?\d+[a-z]?)*\)/g, "");
// The card codes in a text (the library's messages: "AD held, diamonds led") as cards ("A♦").
export const cardsInText = (text) => text.replace(CARDS_IN_TEXT, (code) => shortCard(code));

// "queen of clubs", "14 yellow", "the Rook, wild" (the Rook stands for any card in a meld, T4).
export function cardName(code) {
  if (code == null) return "no card yet";
  if (code === "unknown") return "a face-down card";
  if (code === "ROOK") return "the Rook, wild";
  const rook = /^(\d+)([BGRY])$/.exec(code);
  if (rook) return `${rook[1]} ${ROOK[rook[2]].name}`;
  const suit = code.at(-1);
  return `${RANK_NAMES[code[0]] ?? code.slice(0, -1)} of ${SUIT_NAMES[suit] ?? suit}`;
}

// A hand as players hold it is the library's: each view's `hand_sorted` (the trumps together,
// docs/cli.md). Views of a library without it keep their own order (`hand`).
export const sortedHand = (view) => view.hand_sorted ?? view.hand ?? [];

// A card as an element: face up with its rank and suit symbol (Rook cards with their colour's
// letter and shape), "unknown" face down, null an empty place.
export function cardElement(code, { label } = {}) {
  const el = document.createElement("span");
  el.className = "card";
  if (code == null || code === "unknown") {
    el.classList.add(code == null ? "empty" : "back");
    el.setAttribute("aria-label", label ?? cardName(code));
    el.setAttribute("role", "img");
    return el;
  }
  el.dataset.card = code;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label ?? cardName(code));
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  if (code === "ROOK") {
    el.classList.add("rook");
    corner.textContent = "Rook";
    pip.textContent = "★";
    // (what the star means, on the card itself)
    const wild = document.createElement("span");
    wild.className = "wild";
    wild.setAttribute("aria-hidden", "true");
    wild.textContent = "wild";
    el.append(wild);
  } else if (/^\d+[BGRY]$/.test(code)) {
    const colour = ROOK[code.at(-1)];
    el.classList.add("rook-deck", colour.name);
    corner.textContent = `${code.slice(0, -1)}${code.at(-1)}`;
    pip.textContent = colour.shape;
  } else {
    const suit = code.at(-1);
    el.classList.add(suit === "D" || suit === "H" ? "red" : "black", `suit-${suit}`);
    corner.textContent = (code[0] === "T" ? "10" : code.slice(0, -1)) + (SUITS[suit] ?? suit);
    pip.textContent = SUITS[suit] ?? suit;
  }
  el.append(corner, pip);
  return el;
}

export function fillCards(container, codes) {
  container.replaceChildren(...codes.map((code) => cardElement(code)));
}

// An action text in words: "bid 3" -> "Bid 3", "trump C" -> "Trump ♣", "play QC" -> "Play Q♣".
export function actionLabel(action) {
  const words = action.split(" ").map((w) =>
    isCard(w) ? shortCard(w) : SUITS[w] && w.length === 1 ? `${SUITS[w]} (${SUIT_NAMES[w]})` : w);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
export function shortCard(code) {
  if (code === "ROOK") return "Rook";
  if (/^\d+[BGRY]$/.test(code)) return `${code.slice(0, -1)}${ROOK[code.at(-1)].shape}${code.at(-1)}`;
  return (code[0] === "T" ? "10" : code.slice(0, -1)) + (SUITS[code.at(-1)] ?? code.at(-1));
}
// A meld as players name it, from the view's kind and cards (a run's cards in order, the Rook
// wild): "set of 13s", "green run 3 to 7". The view's "run "/"set " word in front is skipped.
export function meldName(kind, cards) {
  const codes = cards.split(" ").filter(isCard);
  const naturals = codes.map((code, at) => ({ at, rook: /^(\d+)([BGRY])$/.exec(code) }))
    .filter((c) => codes[c.at] !== "ROOK");
  const numbers = [...new Set(naturals.map((c) => (c.rook ? c.rook[1] : shortCard(codes[c.at]).slice(0, -1))))];
  if (kind === "set") return numbers.length === 1 ? `set of ${numbers[0]}s` : "set";
  const colours = [...new Set(naturals.map((c) => c.rook?.[2]).filter(Boolean))];
  const first = naturals.find((c) => c.rook);
  if (kind !== "run" || colours.length !== 1 || !first) return kind;
  const low = Number(first.rook[1]) - first.at;
  return `${ROOK[colours[0]].name} run ${low} to ${low + codes.length - 1}`;
}
// An action as a screen reader says it: "play queen of clubs".
export function actionSpoken(action) {
  return action.split(" ").map((w) => (isCard(w) ? cardName(w) : SUIT_NAMES[w] ?? w)).join(" ");
}

// The scores of each scored hand and the totals, from a replay result ({ hands, scores }).
export function scoreTable(result, players, names = null) {
  const table = document.createElement("table");
  table.className = "scores";
  const head = table.createTHead().insertRow();
  for (const text of ["hand", ...Array.from({ length: players }, (_, s) => names?.[s] ?? `seat ${s}`)]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  result.hands.forEach((hand, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = String(i + 1);
    for (const delta of hand.deltas) row.insertCell().textContent = delta > 0 ? `+${delta}` : String(delta);
  });
  const total = table.createTFoot().insertRow();
  total.insertCell().textContent = "total";
  for (const score of result.scores) total.insertCell().textContent = String(score);
  return table;
}

// "seat 2 (you)" style names.
export function seatName(seat, you) {
  return seat === you ? `seat ${seat} (you)` : `seat ${seat}`;
}
