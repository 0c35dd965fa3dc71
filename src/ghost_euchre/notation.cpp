// Ghost Hand Euchre action and deal text (DESIGN.md "Game records"): `swap`, `pass`,
// `bid 3|4|5|moon`, `trump C|D|H|S`, `play <card>`; deals as `0: …; 1: …; 2: …; ghost: …`.
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

using text::iequals;

std::string format_action(Action a) {
  switch (a.kind) {
    case ActionKind::swap: return "swap";
    case ActionKind::pass: return "pass";
    case ActionKind::bid: return std::string("bid ") + detail::bid_word(a.arg);
    case ActionKind::trump: return std::string("trump ") + suit_letter(Suit(a.arg & 3));
    case ActionKind::play: return std::string("play ") + card_name(Card(a.arg));
  }
  return "?";
}

Reason parse_action(std::string_view line, int seat, Action* out, Error* err) {
  const auto words = text::split_words(line);
  if (words.empty()) return fail(err, Reason::malformed_action, "empty action");
  const std::string_view verb = words[0];
  auto arity = [&](size_t n) -> Reason {
    if (words.size() == n) return Reason::ok;
    return fail(err, Reason::malformed_action, "'%.*s' takes %zu word(s) after it, got %zu", int(verb.size()),
                verb.data(), n - 1, words.size() - 1);
  };
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
        return fail(err, Reason::invalid_bid, "bid %lld does not exist: bids are 3, 4, 5 or moon (G3)",
                    static_cast<long long>(level));
      a.arg = uint8_t(level);
    } else {
      return fail(err, Reason::malformed_action, "'%.*s' is not a bid (3, 4, 5 or moon)", int(words[1].size()),
                  words[1].data());
    }
  } else if (iequals(verb, "trump")) {
    if (Reason r = arity(2); r != Reason::ok) return r;
    Suit s;
    bool ok = parse_suit(words[1], &s);
    for (int i = 0; !ok && i < kSuitCount; ++i)
      if (iequals(words[1], suit_word(Suit(i)))) s = Suit(i), ok = true;
    if (!ok)
      return fail(err, Reason::malformed_action, "'%.*s' is not a suit (C, D, H or S)", int(words[1].size()),
                  words[1].data());
    a.kind = ActionKind::trump;
    a.arg = uint8_t(s);
  } else if (iequals(verb, "play")) {
    if (Reason r = arity(2); r != Reason::ok) return r;
    Card c;
    if (!parse_card(words[1], &c) || !kEuchreDeck.has(c))
      return fail(err, Reason::invalid_card, "'%.*s' is not a Euchre card (9 to A of C, D, H, S)",
                  int(words[1].size()), words[1].data());
    a.kind = ActionKind::play;
    a.arg = c.code;
  } else {
    return fail(err, Reason::malformed_action, "unknown action '%.*s' (swap, pass, bid, trump, play)",
                int(verb.size()), verb.data());
  }
  *out = a;
  return Reason::ok;
}

std::string format_deal(const CardSet hands[kPlayers], CardSet ghost) {
  std::string out;
  char buf[100];
  for (int p = 0; p <= kPlayers; ++p) {
    format_cards(p < kPlayers ? hands[p] : ghost, buf);
    if (p) out += "; ";
    out += p < kPlayers ? std::to_string(p) : std::string("ghost");
    out += ": ";
    out += buf;
  }
  return out;
}

Reason parse_deal(std::string_view deal_text, CardSet hands[kPlayers], CardSet* ghost, Error* err) {
  CardSet holdings[kPlayers + 1];
  bool named[kPlayers + 1] = {};
  for (std::string_view part : text::split_on(deal_text, ';')) {
    const size_t colon = part.find(':');
    if (colon == std::string_view::npos)
      return fail(err, Reason::malformed_deal, "'%.*s' is not 'holder: cards'", int(part.size()), part.data());
    const std::string_view holder = text::trim(part.substr(0, colon));
    int h;
    if (iequals(holder, "ghost")) {
      h = kPlayers;
    } else if (holder.size() == 1 && holder[0] >= '0' && holder[0] < '0' + kPlayers) {
      h = holder[0] - '0';
    } else {
      return fail(err, Reason::malformed_deal, "unknown holder '%.*s' (0, 1, 2 or ghost)", int(holder.size()),
                  holder.data());
    }
    if (named[h])
      return fail(err, Reason::malformed_deal, "holder '%.*s' is named twice", int(holder.size()), holder.data());
    named[h] = true;
    for (std::string_view word : text::split_words(part.substr(colon + 1))) {
      Card c;
      if (!parse_card(word, &c) || !kEuchreDeck.has(c))
        return fail(err, Reason::malformed_deal, "'%.*s' is not a Euchre card", int(word.size()), word.data());
      if (holdings[h].has(c)) return fail(err, Reason::malformed_deal, "%s is dealt twice", card_name(c));
      holdings[h].add(c);
    }
  }
  for (int h = 0; h <= kPlayers; ++h)
    if (!named[h])
      return fail(err, Reason::malformed_deal, "the deal does not name %s%s", h < kPlayers ? "seat " : "the ghost",
                  h < kPlayers ? std::to_string(h).c_str() : "");
  for (int p = 0; p < kPlayers; ++p) hands[p] = holdings[p];
  *ghost = holdings[kPlayers];
  return Reason::ok;
}

}  // namespace deckhand::ghost_euchre
