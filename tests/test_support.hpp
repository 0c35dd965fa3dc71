// What the rule tests share: doctest printers for the lists they compare, so that a failed
// check shows the actions or numbers themselves, and the check that a refusal is the same
// through every entry point and changes nothing.
#pragma once

#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "deckhand/error.hpp"

namespace deckhand::testing {

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
