// What the rule tests share: doctest printers for reasons and the lists they compare, so that
// a failed check shows the reasons, actions or numbers themselves; the French-card helpers of
// the trick-taking games; setting an option; and the check that a refusal is the same through
// every entry point and changes nothing.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"

// For checks that run millions of times (the property tests): doctest counts them only when
// they fail, which keeps the suite fast.
#define ENSURE(cond, ...)                         \
  do {                                            \
    if (!(cond)) FAIL(#cond, " — ", __VA_ARGS__); \
  } while (0)

// DECKHAND_PROPERTY_DIVISOR=N (make cross-test, under emulation): the property tests play 1/N
// of their games or hands (at least one), and the checks that rare events were seen at all
// (CHECK_SEEN) are skipped, as so few games need not meet them.
inline int property_divisor() {
  static const int divisor = [] {
    const char* text = std::getenv("DECKHAND_PROPERTY_DIVISOR");
    const int d = text ? std::atoi(text) : 1;
    return d < 1 ? 1 : d;
  }();
  return divisor;
}
inline int property_count(int n) {
  const int k = n / property_divisor();
  return k < 1 ? 1 : k;
}
#define CHECK_SEEN(cond)                      \
  do {                                        \
    if (property_divisor() == 1) CHECK(cond); \
  } while (0)

// Reasons print by name in failed checks.
namespace deckhand {
inline doctest::String toString(Reason r) {
  return reason_name(r);
}
}  // namespace deckhand

namespace deckhand::testing {

// The words of `text`, split at spaces.
inline std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// A French card ("9H", "TD") and a set of them ("9H TD AS"); the test fails on a typo.
inline Card card(std::string_view text) {
  Card c;
  INFO("card " << std::string(text));
  REQUIRE(parse_card(text, &c));
  return c;
}
inline CardSet cards(std::string_view text) {
  CardSet set;
  for (std::string_view w : words(text)) set.add(card(w));
  return set;
}

// Whether the game's set_option (found by the Options type's namespace) takes key=value.
template <typename Options>
bool set_opt(Options* o, std::string_view key, std::string_view value) {
  Error err;
  return set_option(o, key, value, &err) == Reason::ok;
}
// `o` with key=value set; the test fails, with the refusal's message, if it is refused.
template <typename Options>
Options with(std::string_view key, std::string_view value, Options o) {
  Error err;
  const Reason r = set_option(&o, key, value, &err);
  INFO(std::string(key) << "=" << std::string(value) << ": " << err.message);
  REQUIRE(r == Reason::ok);
  return o;
}

// Byte-for-byte equality of two values of a type without padding (states, views): what the
// tests mean by "the same state".
template <typename T>
bool same_bytes(const T& a, const T& b) {
  static_assert(std::has_unique_object_representations_v<T>);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Whether s is well-formed UTF-8 without a control character (C0, DEL or C1), as every
// message must be. Decodes on its own, apart from the code under test in src/common/text.cpp.
inline bool printable_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const auto lead = static_cast<unsigned char>(s[i]);
    const int n = lead < 0x80       ? 1
                  : lead >> 5 == 6  ? 2
                  : lead >> 4 == 14 ? 3
                  : lead >> 3 == 30 ? 4
                                    : 0;
    if (n == 0 || i + size_t(n) > s.size()) return false;
    uint32_t code = n == 1 ? lead : lead & (0x7Fu >> n);
    for (int k = 1; k < n; ++k) {
      const auto next = static_cast<unsigned char>(s[i + size_t(k)]);
      if (next >> 6 != 2) return false;
      code = code << 6 | (next & 0x3Fu);
    }
    static constexpr uint32_t kShortest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kShortest[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    if (code < 0x20 || (code >= 0x7F && code <= 0x9F)) return false;
    i += size_t(n);
  }
  return true;
}

// The action must be refused with `expected` by apply, advance and check alike (found in the
// game's namespace), leaving every byte of the state as it was. Returns the message
// ("<reason>: detail").
template <typename State, typename Action>
std::string expect_refused(const State& s, const Action& a, Reason expected) {
  State out = s;
  Error err;
  CHECK(apply(s, a, &out, &err) == expected);
  CHECK(err.reason == expected);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  State in_place = s;
  Error err2;
  CHECK(advance(&in_place, a, &err2) == expected);
  CHECK(std::memcmp(&in_place, &s, sizeof s) == 0);
  Error err3;
  CHECK(check(s, a, &err3) == expected);
  const std::string message = err.message;
  CHECK(message.rfind(std::string(reason_name(expected)) + ": ", 0) == 0);
  return message;
}

}  // namespace deckhand::testing

namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string out = "{";
    for (const std::string& x : v) out += (out.size() > 1 ? ", " : "") + x;
    return (out + "}").c_str();
  }
};
template <>
struct StringMaker<std::vector<int>> {
  static String convert(const std::vector<int>& v) {
    std::string out = "{";
    for (int x : v) out += (out.size() > 1 ? ", " : "") + std::to_string(x);
    return (out + "}").c_str();
  }
};
}  // namespace doctest
