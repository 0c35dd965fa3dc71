// What the rule tests share: doctest printers for the lists they compare, so that a failed
// check shows the actions or numbers themselves.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

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
