// Drawing what both panels show: cards, a row of cards, and the per-hand score table.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const ROOK_COLOURS = { B: "black", G: "green", R: "red", Y: "yellow" };

// A card as an element: French cards ("TH", "9C") with their suit's colour, Rook cards
// ("14Y", "ROOK") on their colour; "unknown" face down; null an empty place (not played yet).
export function cardElement(code) {
  const el = document.createElement("span");
  el.className = "card";
  if (code == null || code === "unknown") {
    el.classList.add(code == null ? "empty" : "back");
    el.title = code == null ? "not played yet" : "the unknown card";
    return el;
  }
  el.dataset.card = code;
  el.title = code;
  if (code === "ROOK") {
    el.classList.add("rook");
    el.textContent = "Rook";
  } else if (/^\d+[BGRY]$/.test(code)) {
    el.classList.add("rook-deck", ROOK_COLOURS[code.at(-1)]);
    el.textContent = code.slice(0, -1);
  } else {
    const suit = code.at(-1);
    el.classList.add(suit === "D" || suit === "H" ? "red" : "black");
    el.textContent = (code[0] === "T" ? "10" : code.slice(0, -1)) + (SUITS[suit] ?? suit);
  }
  return el;
}

export function fillCards(container, codes) {
  container.replaceChildren(...codes.map(cardElement));
}

// The scores of each scored hand and the totals, from a replay result ({ hands, scores }).
export function scoreTable(result, players) {
  const table = document.createElement("table");
  table.className = "scores";
  const head = table.createTHead().insertRow();
  for (const text of ["hand", ...Array.from({ length: players }, (_, s) => `seat ${s}`)]) {
    const th = document.createElement("th");
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
