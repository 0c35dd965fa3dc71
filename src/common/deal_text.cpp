#include "deal_text.hpp"

#include "text.hpp"

namespace deckhand::detail {

Reason parse_holdings(std::string_view deal_text, int players, const char* extra, CardSet deck,
                      CardSet* holdings, Error* err) {
  bool named[64] = {};
  for (int h = 0; h <= players; ++h) holdings[h] = CardSet();
  for (std::string_view part : text::split_on(deal_text, ';')) {
    const size_t colon = part.find(':');
    if (colon == std::string_view::npos)
      return fail(err, Reason::malformed_deal, "%s is not 'holder: cards'",
                  text::quote(part).c_str());
    const std::string_view holder = text::trim(part.substr(0, colon));
    int64_t h;
    if (text::iequals(holder, extra))
      h = players;
    else if (!text::parse_int(holder, 0, players - 1, &h))
      return fail(err, Reason::malformed_deal, "unknown holder %s (0-%d or %s)",
                  text::quote(holder).c_str(), players - 1, extra);
    if (named[h])
      return fail(err, Reason::malformed_deal, "holder %s is named twice",
                  text::quote(holder).c_str());
    named[h] = true;
    for (std::string_view word : text::split_words(part.substr(colon + 1))) {
      Card c;
      if (!parse_card(word, &c) || !deck.has(c))
        return fail(err, Reason::malformed_deal, "%s is not a card of this game",
                    text::quote(word).c_str());
      if (holdings[h].has(c))
        return fail(err, Reason::malformed_deal, "%s is dealt twice", card_name(c));
      holdings[h].add(c);
    }
  }
  for (int h = 0; h <= players; ++h)
    if (!named[h])
      return h < players
                 ? fail(err, Reason::malformed_deal, "the deal does not name seat %d", h)
                 : fail(err, Reason::malformed_deal, "the deal does not name the %s", extra);
  return Reason::ok;
}

Reason expect_words(const std::vector<std::string_view>& words, size_t n, Error* err) {
  if (words.size() == n) return Reason::ok;
  return fail(err, Reason::malformed_action, "%s takes %zu word(s) after it, got %zu",
              text::quote(words[0]).c_str(), n - 1, words.size() - 1);
}

std::string format_holdings(const CardSet* holdings, int players, const char* extra) {
  std::string out;
  char buf[100];
  for (int h = 0; h <= players; ++h) {
    format_cards(holdings[h], buf);
    if (h) out += "; ";
    out += h < players ? std::to_string(h) : std::string(extra);
    out += ": ";
    out += buf;
  }
  return out;
}

}  // namespace deckhand::detail
