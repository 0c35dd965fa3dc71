// Sheepshead action and deal text (docs/records.md): `pick`, `pass`,
// `bury <c> <c>`, `call <c>`, `call <c> unknown <c>`, `alone`, `play <c>`; deals as
// `0: …; 1: …; 2: …; 3: …; 4: …; blind: c c`.
#include "../common/deal_text.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::sheepshead {

using text::iequals;

std::string format_action(Action a) {
  switch (a.kind) {
    case ActionKind::pick:
      return "pick";
    case ActionKind::pass:
      return "pass";
    case ActionKind::alone:
      return "alone";
    case ActionKind::bury:
      return std::string("bury ") + card_name(Card(a.a)) + " " + card_name(Card(a.b));
    case ActionKind::call:
      return std::string("call ") + card_name(Card(a.a)) +
             (a.b == kNoCard ? std::string() : std::string(" unknown ") + card_name(Card(a.b)));
    case ActionKind::play:
      return std::string("play ") + card_name(Card(a.a));
  }
  return "?";
}

Reason parse_action(std::string_view line, int seat, Action* out, Error* err) {
  const auto words = text::split_words(line);
  if (words.empty()) return fail(err, Reason::malformed_action, "empty action");
  const std::string_view verb = words[0];
  auto card_at = [&](size_t i, Card* c) -> Reason {
    if (parse_card(words[i], c)) return Reason::ok;
    return fail(err, Reason::invalid_card, "%s is not a card (7 to A of C, D, H, S)",
                text::quote(words[i]).c_str());
  };
  auto arity = [&](size_t n) { return deckhand::detail::expect_words(words, n, err); };
  Action a;
  a.seat = uint8_t(seat);
  if (iequals(verb, "pick") || iequals(verb, "pass") || iequals(verb, "alone")) {
    if (Reason r = arity(1); r != Reason::ok) return r;
    a.kind = iequals(verb, "pick")   ? ActionKind::pick
             : iequals(verb, "pass") ? ActionKind::pass
                                     : ActionKind::alone;
  } else if (iequals(verb, "bury")) {
    if (Reason r = arity(3); r != Reason::ok) return r;
    Card x, y;
    if (Reason r = card_at(1, &x); r != Reason::ok) return r;
    if (Reason r = card_at(2, &y); r != Reason::ok) return r;
    if (x == y)
      return fail(err, Reason::malformed_action, "bury takes two different cards, not %s twice",
                  card_name(x));
    a.kind = ActionKind::bury;
    a.a = x.code < y.code ? x.code : y.code;
    a.b = x.code < y.code ? y.code : x.code;
  } else if (iequals(verb, "call")) {
    if (words.size() != 2 && !(words.size() == 4 && iequals(words[2], "unknown")))
      return fail(err, Reason::malformed_action,
                  "write 'call <card>' or 'call <card> unknown <card>'");
    Card c;
    if (Reason r = card_at(1, &c); r != Reason::ok) return r;
    a.kind = ActionKind::call;
    a.a = c.code;
    if (words.size() == 4) {
      Card u;
      if (Reason r = card_at(3, &u); r != Reason::ok) return r;
      a.b = u.code;
    }
  } else if (iequals(verb, "play")) {
    if (Reason r = arity(2); r != Reason::ok) return r;
    Card c;
    if (Reason r = card_at(1, &c); r != Reason::ok) return r;
    a.kind = ActionKind::play;
    a.a = c.code;
  } else {
    return fail(err, Reason::malformed_action,
                "unknown action %s (pick, pass, bury, call, alone, play)",
                text::quote(verb).c_str());
  }
  *out = a;
  return Reason::ok;
}

std::string format_deal(const CardSet hands[kPlayers], CardSet blind) {
  CardSet holdings[kPlayers + 1];
  for (int p = 0; p < kPlayers; ++p) holdings[p] = hands[p];
  holdings[kPlayers] = blind;
  return deckhand::detail::format_holdings(holdings, kPlayers, "blind");
}

Reason parse_deal(std::string_view deal_text, CardSet hands[kPlayers], CardSet* blind, Error* err) {
  CardSet holdings[kPlayers + 1];
  if (Reason r = deckhand::detail::parse_holdings(deal_text, kPlayers, "blind", kPiquetDeck,
                                                  holdings, err);
      r != Reason::ok)
    return r;
  for (int p = 0; p < kPlayers; ++p) hands[p] = holdings[p];
  *blind = holdings[kPlayers];
  return Reason::ok;
}

}  // namespace deckhand::sheepshead
