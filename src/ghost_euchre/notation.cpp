// Ghost Hand Euchre action and deal text (docs/records.md): `swap`, `pass`,
// `bid 3|4|5|moon`, `trump C|D|H|S`, `play <card>`; deals as `0: …; 1: …; 2: …; ghost: …`.
#include "../common/deal_text.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

using text::iequals;

std::string format_action(Action a) {
  switch (a.kind) {
    case ActionKind::swap:
      return "swap";
    case ActionKind::pass:
      return "pass";
    case ActionKind::bid:
      return std::string("bid ") + detail::bid_word(a.arg);
    case ActionKind::trump:
      return std::string("trump ") + suit_letter(Suit(a.arg & 3));
    case ActionKind::play:
      return std::string("play ") + card_name(Card(a.arg));
  }
  return "?";
}

Reason parse_action(std::string_view line, int seat, Action* out, Error* err) {
  const auto words = text::split_words(line);
  if (words.empty()) return fail(err, Reason::malformed_action, "empty action");
  const std::string_view verb = words[0];
  auto arity = [&](size_t n) { return deckhand::detail::expect_words(words, n, err); };
  Action a;
  a.seat = uint8_t(seat);
  if (iequals(verb, "swap") || iequals(verb, "pass")) {
    if (Reason r = arity(1); r != Reason::ok) return r;
    a.kind = iequals(verb, "swap") ? ActionKind::swap : ActionKind::pass;
  } else if (iequals(verb, "bid")) {
    if (Reason r = arity(2); r != Reason::ok) return r;
    a.kind = ActionKind::bid;
    int64_t level;
    if (iequals(words[1], "moon")) {
      a.arg = kMoon;
    } else if (text::parse_int(words[1], -1000, 1000, &level)) {
      if (level < 3 || level > 5)
        return fail(err, Reason::invalid_bid,
                    "bid %lld does not exist: bids are 3, 4, 5 or moon (G3)",
                    static_cast<long long>(level));
      a.arg = uint8_t(level);
    } else {
      return fail(err, Reason::malformed_action, "%s is not a bid (3, 4, 5 or moon)",
                  text::quote(words[1]).c_str());
    }
  } else if (iequals(verb, "trump")) {
    if (Reason r = arity(2); r != Reason::ok) return r;
    Suit s;
    bool ok = parse_suit(words[1], &s);
    for (int i = 0; !ok && i < kSuitCount; ++i)
      if (iequals(words[1], suit_word(Suit(i)))) s = Suit(i), ok = true;
    if (!ok)
      return fail(err, Reason::malformed_action, "%s is not a suit (C, D, H or S)",
                  text::quote(words[1]).c_str());
    a.kind = ActionKind::trump;
    a.arg = uint8_t(s);
  } else if (iequals(verb, "play")) {
    if (Reason r = arity(2); r != Reason::ok) return r;
    Card c;
    if (!parse_card(words[1], &c) || !kEuchreDeck.has(c))
      return fail(err, Reason::invalid_card, "%s is not a Euchre card (9 to A of C, D, H, S)",
                  text::quote(words[1]).c_str());
    a.kind = ActionKind::play;
    a.arg = c.code;
  } else {
    return fail(err, Reason::malformed_action, "unknown action %s (swap, pass, bid, trump, play)",
                text::quote(verb).c_str());
  }
  *out = a;
  return Reason::ok;
}

std::string format_deal(const CardSet hands[kPlayers], CardSet ghost) {
  CardSet holdings[kPlayers + 1];
  for (int p = 0; p < kPlayers; ++p) holdings[p] = hands[p];
  holdings[kPlayers] = ghost;
  return deckhand::detail::format_holdings(holdings, kPlayers, "ghost");
}

Reason parse_deal(std::string_view deal_text, CardSet hands[kPlayers], CardSet* ghost, Error* err) {
  CardSet holdings[kPlayers + 1];
  if (Reason r = deckhand::detail::parse_holdings(deal_text, kPlayers, "ghost", kEuchreDeck,
                                                  holdings, err);
      r != Reason::ok)
    return r;
  for (int p = 0; p < kPlayers; ++p) hands[p] = holdings[p];
  *ghost = holdings[kPlayers];
  return Reason::ok;
}

}  // namespace deckhand::ghost_euchre
