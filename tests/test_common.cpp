// Common pieces: card notation, card sets, the portable generator and shuffle (docs/deals.md,
// with its test vectors), trick rankings, reason names, and the text
// helpers messages and JSON go through (quoting input, strict UTF-8).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/sha256.hpp"
#include "common/text.hpp"
#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/trick.hpp"
#include "test_support.hpp"

using namespace deckhand;

namespace {
using testing::card;

std::string shuffled(CardSet deck_cards, uint64_t seed) {
  std::vector<Card> deck;
  for (Card c : deck_cards) deck.push_back(c);
  PortableRng rng(seed);
  rng.shuffle(deck.data(), int(deck.size()));
  std::string out;
  for (Card c : deck) out += (out.empty() ? "" : " ") + std::string(card_name(c));
  return out;
}
}  // namespace

TEST_CASE("Card notation: rank then suit, case-insensitive in, canonical out") {
  CHECK(card("JS") == Card(Rank::jack, Suit::spades));
  CHECK(card("td") == Card(Rank::ten, Suit::diamonds));
  CHECK(card("10h") == Card(Rank::ten, Suit::hearts));
  CHECK(card("7c") == Card(Rank::seven, Suit::clubs));
  CHECK(std::string(card_name(card("aS"))) == "AS");
  CHECK(std::string(card_name(card("10C"))) == "TC");
  Card untouched(Rank::ace, Suit::clubs);
  for (const char* bad : {"", "J", "JX", "1S", "11S", "10", "JSS", " JS", "6H", "ROOK"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_card(bad, &untouched));
  }
  CHECK(untouched == Card(Rank::ace, Suit::clubs));
  Suit s;
  CHECK(parse_suit("h", &s));
  CHECK(s == Suit::hearts);
  CHECK_FALSE(parse_suit("x", &s));
}

TEST_CASE("CardSet: bitmask operations and canonical formatting") {
  CardSet hand;
  hand.add(card("AS"));
  hand.add(card("9C"));
  hand.add(card("JD"));
  CHECK(hand.size() == 3);
  CHECK(hand.has(card("JD")));
  CHECK_FALSE(hand.has(card("JH")));
  CHECK_FALSE(hand.has(Card()));
  CHECK(hand.lowest() == card("9C"));
  CHECK(hand.highest() == card("AS"));
  CHECK(hand.nth(1) == card("JD"));
  char buf[100];
  format_cards(hand, buf);
  CHECK(std::string(buf) == "9C JD AS");
  hand.remove(card("JD"));
  CHECK(hand.size() == 2);
  CHECK(kEuchreDeck.size() == 24);
  CHECK(kPiquetDeck.size() == 32);
  CHECK((CardSet::suit(Suit::hearts) & kEuchreDeck).size() == 6);
  CHECK(CardSet::rank(Rank::queen).size() == 4);
  int n = 0;
  for (Card c : kEuchreDeck) {
    CHECK(c.rank() >= Rank::nine);
    ++n;
  }
  CHECK(n == 24);
}

TEST_CASE("Portable deals: SplitMix64 and xoshiro256** reference values") {
  uint64_t state = 0;
  CHECK(PortableRng::splitmix64(state) == 0xE220A8397B1DCDAFull);  // published SplitMix64 value
  PortableRng rng0(0);
  CHECK(rng0.next() == 0x99EC5F36CB75F2B4ull);
  CHECK(rng0.next() == 0xBF6E1F784956452Aull);
  PortableRng rng42(42);
  CHECK(rng42.next() == 0x15780B2E0C2EC716ull);
  CHECK(rng42.next() == 0x6104D9866D113A7Eull);
}

TEST_CASE("Portable deals: Lemire bounded and the portable 128-bit product") {
  uint64_t hi, lo;
  PortableRng::multiply(0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFFull, &hi, &lo);
  CHECK(hi == 0xFFFFFFFFFFFFFFFEull);
  CHECK(lo == 1);
  PortableRng rng(7);
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i) {
    const uint64_t v = rng.bounded(6);
    REQUIRE(v < 6);
    counts[v]++;
  }
  for (int c : counts) CHECK((c > 9400 && c < 10600));
  for (int i = 0; i < 100; ++i) CHECK(rng.bounded(1) == 0);
}

TEST_CASE("Portable deals: seed -> shuffled deck test vectors (docs/deals.md)") {
  // Euchre canonical order C D H S, each 9 T J Q K A; the first card is the top.
  CHECK(shuffled(kEuchreDeck, 0) ==
        "JS KH KD 9D 9H QC AD AC QS KC KS TS 9C TC QH TH QD TD 9S AS JD JC AH JH");
  CHECK(shuffled(kEuchreDeck, 1) ==
        "KC 9S AS AH QD KD QC 9C JH AC TD KS QS QH JS TS 9D TC JC TH JD 9H AD KH");
  CHECK(shuffled(kEuchreDeck, 42) ==
        "TC AS 9D 9C KD KH AC KC AD TD QH TH QC QD KS AH 9S 9H QS JS TS JH JD JC");
  CHECK(shuffled(kEuchreDeck, 18446744073709551615ull) ==
        "KH KC TD 9H JD JC JS JH KS TC TS AC 9C QC QD KD 9S 9D AS QS QH AD AH TH");
  // Sheepshead canonical order C D H S, each 7 8 9 T J Q K A.
  CHECK(shuffled(kPiquetDeck, 0) ==
        "KS 9H KC 8H JC 8D KD 7S 8S AD 7H QS 7C AC AS TD QC 7D JS KH 8C 9C QH TS QD 9D 9S JH JD TC "
        "AH TH");
  CHECK(shuffled(kPiquetDeck, 42) ==
        "9D TH 7C 7D AH AC TC AS QC JC KS 8C KH 7S 8H 8D KD JD JS 7H KC AD QD 8S QH 9H QS TS 9S JH "
        "TD 9C");
}

TEST_CASE("Trick ranking: trumps beat plain suits; off-suit cards never win") {
  // A toy ranking: trump is hearts A K Q J T 9; plain A K Q J T 9.
  const Rank plain[] = {Rank::ace, Rank::king, Rank::queen, Rank::jack, Rank::ten, Rank::nine};
  Card trumps[6];
  for (int i = 0; i < 6; ++i) trumps[i] = Card(plain[i], Suit::hearts);
  const TrickRanking r = make_ranking(trumps, 6, plain, 6);
  const Card t1[] = {card("KS"), card("AS"), card("9H")};
  CHECK(r.winner(t1, 3) == 2);  // the lone trump
  const Card t2[] = {card("KS"), card("AC"), card("QS")};
  CHECK(r.winner(t2, 3) == 0);  // the ace of another plain suit does not win
  CardSet hand;
  hand.add(card("9S"));
  hand.add(card("AH"));
  CHECK(r.playable(hand, card("KS")) == CardSet::of(card("9S")));
  CHECK(r.reneges(hand, card("KS"), card("AH")));
  CHECK_FALSE(r.reneges(hand, card("KD"), card("AH")));
}

TEST_CASE("Reasons: stable numbers and names") {
  CHECK(int(Reason::must_follow_suit) == 31);
  CHECK(std::string(reason_name(Reason::must_follow_suit)) == "must_follow_suit");
  Reason r;
  CHECK(reason_from_name("second_swap", &r));
  CHECK(r == Reason::second_swap);
  CHECK_FALSE(reason_from_name("no_such_reason", &r));
  CHECK(std::string(reason_name(Reason(9999))) == "unknown_reason");
  Error e;
  CHECK(fail(&e, Reason::card_not_held, "seat %d does not hold %s", 1, "JS") ==
        Reason::card_not_held);
  CHECK(std::string(e.message) == "card_not_held: seat 1 does not hold JS");
  CHECK(fail(nullptr, Reason::wrong_seat, "x") == Reason::wrong_seat);
}

namespace {
std::string quoted(std::string_view s) {
  return text::quote(s).c_str();
}
}  // namespace

TEST_CASE("text::quote: NUL and control characters escaped visibly, UTF-8 kept whole") {
  CHECK(quoted("bid 4") == "'bid 4'");
  CHECK(quoted("") == "''");
  CHECK(quoted(std::string_view("1\0", 2)) == "'1\\x00'");  // the NUL shows; nothing stops at it
  CHECK(quoted(std::string_view("\0\0", 2)) == "'\\x00\\x00'");
  CHECK(quoted("a\nb\tc\rd") == "'a\\nb\\tc\\rd'");
  CHECK(quoted("\x1b[31mred") == "'\\x1b[31mred'");  // no terminal escape gets through
  CHECK(quoted("\x01\x1f\x7f") == "'\\x01\\x1f\\x7f'");
  CHECK(quoted("it's a\\b") == "'it\\'s a\\\\b'");  // the quote itself stays unambiguous
  // Whole UTF-8 characters pass; C1 controls (U+0080-U+009F) are escaped by code point.
  CHECK(quoted("\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x82\xA1") ==
        "'\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x82\xA1'");
  CHECK(quoted("\xC2\x85\xC2\x9B") == "'\\u0085\\u009b'");
  CHECK(quoted("\xC2\xA0") == "'\xC2\xA0'");  // U+00A0 is no control
}

TEST_CASE("text::quote: bytes that are not UTF-8 (RFC 3629) are shown by value") {
  CHECK(quoted("pl\xE9y") == "'pl\\xe9y'");
  CHECK(quoted("\x80") == "'\\x80'");                             // a lone continuation byte
  CHECK(quoted("\xC0\xAF") == "'\\xc0\\xaf'");                    // overlong '/'
  CHECK(quoted("\xE0\x80\xAF") == "'\\xe0\\x80\\xaf'");           // overlong '/'
  CHECK(quoted("\xED\xA0\x80") == "'\\xed\\xa0\\x80'");           // a surrogate, U+D800
  CHECK(quoted("\xF4\x90\x80\x80") == "'\\xf4\\x90\\x80\\x80'");  // above U+10FFFF
  CHECK(quoted("\xF5\xFF") == "'\\xf5\\xff'");
  CHECK(quoted("ab\xE2\x82") == "'ab\\xe2\\x82'");  // a character cut short at the end
}

TEST_CASE("text::quote: at most kMaxText bytes, cut between characters, then ...") {
  constexpr size_t kMax = text::Quoted::kMaxText;
  CHECK(quoted(std::string(kMax, 'a')) == "'" + std::string(kMax, 'a') + "'");
  CHECK(quoted(std::string(kMax + 1, 'a')) == "'" + std::string(kMax, 'a') + "'...");
  CHECK(quoted(std::string(1000, 'a')) == "'" + std::string(kMax, 'a') + "'...");
  std::string accents, kept;
  for (size_t i = 0; i < kMax / 2 + 1; ++i) accents += "\xC3\xA9";
  for (size_t i = 0; i < kMax / 2; ++i) kept += "\xC3\xA9";
  CHECK(quoted("x" + accents) == "'x" + kept.substr(0, kept.size() - 2) + "'...");
  // An escape is never split: 'a' and 23 four-byte escapes fill 93 bytes; the 24th does not fit.
  std::string expected = "'a";
  for (int i = 0; i < 23; ++i) expected += "\\x00";
  CHECK(quoted("a" + std::string(30, '\0')) == expected + "'...");
}

TEST_CASE("text::quote: any bytes come out as short, printable UTF-8") {
  // Odd rounds: any bytes; even rounds: pieces of escapes, controls and (broken) characters.
  const std::string_view pieces(
      "\0\x1b\x7f\n'\\a\xC2\x85\xC3\xA9\xE2\x82\xAC\xED\xA0\xF0\x9F\xF4\x90", 20);
  PortableRng rng(2026);
  for (int round = 0; round < 5000; ++round) {
    std::string bytes(size_t(rng.bounded(300)), '\0');
    for (char& b : bytes)
      b = round % 2 ? char(rng.bounded(256)) : pieces[size_t(rng.bounded(pieces.size()))];
    const std::string q = quoted(bytes);
    CAPTURE(bytes);
    CHECK(testing::printable_utf8(q));
    CHECK(q.size() <= text::Quoted::kMaxText + 5);
  }
}

TEST_CASE("text: the JSON writer passes only well-formed UTF-8 and escapes control characters") {
  auto json = [](std::string_view s) { return text::Json().value(s).take(); };
  CHECK(json("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\u0001\"");
  CHECK(json(std::string_view("\0", 1)) == "\"\\u0000\"");
  CHECK(json("\xC3\xA9 \xF0\x9F\x82\xA1") == "\"\xC3\xA9 \xF0\x9F\x82\xA1\"");
  CHECK(json("pl\xE9y") == "\"pl\\ufffdy\"");
  CHECK(json("\xED\xA0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");  // a surrogate is not UTF-8
  CHECK(json("\xC0\xAF") == "\"\\ufffd\\ufffd\"");             // nor an overlong form
  CHECK(json("\xF4\x90\x80\x80") == "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
  CHECK(text::utf8_char_length("\xE2\x82\xAC", 3) == 3);
  CHECK(text::utf8_char_length("\xE2\x82\xAC", 2) == 0);
  CHECK(text::utf8_char_length("\xF0\x8F\xBF\xBF", 4) == 0);  // overlong U+FFFF
  CHECK(text::utf8_char_length("\xF4\x8F\xBF\xBF", 4) == 4);  // U+10FFFF
}

TEST_CASE("text::is_json: exactly one JSON value, strings of UTF-8, bounded nesting") {
  for (std::string_view good :
       {"0", "-0", "12.5e-3", "1E9", "true", "false", "null", "\"\"", "\"a\\u00e9\\n\\/\"",
        " {\"a\": [1, {\"b\": null}], \"c\": \"\xC3\xA9\"} ", "[]", "{}", "[[[]]]"})
    CHECK_MESSAGE(text::is_json(good), std::string(good));
  for (std::string_view bad : {"",
                               " ",
                               "01",
                               "1.",
                               ".5",
                               "-",
                               "1e",
                               "+1",
                               "tru",
                               "nul",
                               "\"",
                               "\"\\x\"",
                               "\"\\u12\"",
                               "\"a\nb\"",
                               "\"pl\xE9y\"",
                               "\"\xED\xA0\x80\"",
                               "[1,]",
                               "[1 2]",
                               "{\"a\" 1}",
                               "{1: 2}",
                               "{\"a\": 1,}",
                               "{\"a\": 1",
                               "[1]]",
                               "{} {}",
                               "[1], 2",
                               "{\"a\": 1}}"})
    CHECK_MESSAGE(!text::is_json(bad), std::string(bad));
  CHECK(!text::is_json(std::string_view("[\0]", 3)));
  CHECK(text::is_json(std::string(64, '[') + std::string(64, ']')));
  CHECK(!text::is_json(std::string(65, '[') + std::string(65, ']')));
  CHECK(!text::is_json(std::string(100000, '[')));
}

namespace {
std::string sha_hex(std::string_view s) {
  return detail::to_hex(detail::sha256(s.data(), s.size()));
}
std::string hmac_hex(std::string_view key, std::string_view msg) {
  return detail::to_hex(detail::hmac_sha256(key.data(), key.size(), msg.data(), msg.size()));
}
}  // namespace

TEST_CASE("SHA-256: the FIPS 180-4 / NIST examples, empty input and block boundaries") {
  CHECK(sha_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Two blocks (448 bits: the padding needs a second block).
  CHECK(sha_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(
      sha_hex(
          "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
          "lmnopqrsmnopqrstnopqrstu") ==
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  // 55, 56 and 64 bytes: the length fits, just misses, and a whole block of padding.
  CHECK(sha_hex(std::string(55, 'a')) ==
        "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  CHECK(sha_hex(std::string(56, 'a')) ==
        "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  CHECK(sha_hex(std::string(64, 'a')) ==
        "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
  // One million 'a', fed in uneven pieces (the incremental interface).
  detail::Sha256 h;
  const std::string piece(997, 'a');
  size_t fed = 0;
  for (size_t n = 1; fed < 1000000; n = n % 997 + 13) {
    const size_t take = std::min({n, piece.size(), size_t(1000000) - fed});
    h.update(piece.data(), take);
    fed += take;
  }
  CHECK(detail::to_hex(h.finish()) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  CHECK(detail::digest_le64(detail::sha256("abc", 3)) == 0xeacf018fbf1678baull);
}

TEST_CASE("HMAC-SHA256: the RFC 4231 test cases and an empty key and message") {
  CHECK(hmac_hex(std::string(20, '\x0b'), "Hi There") ==
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  CHECK(hmac_hex("Jefe", "what do ya want for nothing?") ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  CHECK(hmac_hex(std::string(20, '\xaa'), std::string(50, '\xdd')) ==
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
  std::string key4;
  for (int i = 1; i <= 25; ++i) key4 += char(i);
  CHECK(hmac_hex(key4, std::string(50, '\xcd')) ==
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
  // Keys longer than a block are hashed first.
  CHECK(hmac_hex(std::string(131, '\xaa'),
                 "Test Using Larger Than Block-Size Key - Hash Key First") ==
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  CHECK(hmac_hex(std::string(131, '\xaa'),
                 "This is a test using a larger than block-size key and a larger than block-size "
                 "data. The key needs to be hashed before being used by the HMAC algorithm.") ==
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
  CHECK(hmac_hex("", "") == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
}

TEST_CASE("Hex: round trip, either case in, lower case out; odd lengths and non-digits refused") {
  std::string bytes = "unchanged";
  CHECK(detail::from_hex("00fFa5", &bytes));
  CHECK(bytes == std::string("\x00\xff\xa5", 3));
  CHECK(detail::to_hex(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()) == "00ffa5");
  CHECK(detail::from_hex("", &bytes));
  CHECK(bytes.empty());
  bytes = "unchanged";
  for (const char* bad : {"0", "abc", "0g", " 00", "0x00"}) {
    CHECK_FALSE(detail::from_hex(bad, &bytes));
    CHECK(bytes == "unchanged");
  }
}
