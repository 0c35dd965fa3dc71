#include "text.hpp"

#include <cctype>
#include <charconv>

namespace deckhand::text {

namespace {
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
}  // namespace

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

std::vector<std::string_view> split_on(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == separator) {
      parts.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  return parts;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool parse_int(std::string_view s, int64_t lo, int64_t hi, int64_t* out) {
  if (s.empty()) return false;
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || v < lo || v > hi) return false;
  *out = v;
  return true;
}

bool parse_u64(std::string_view s, uint64_t* out) {
  if (s.empty() || s[0] == '-' || s[0] == '+') return false;
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return false;
  *out = v;
  return true;
}

namespace {
// Length of the UTF-8 sequence a lead byte starts (0 for a continuation or invalid byte).
int utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return lead >= 0xC2 ? 2 : 0;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return lead <= 0xF4 ? 4 : 0;
  return 0;
}

// Whether s[0..n) holds one whole, valid sequence of n bytes starting at s[0].
bool utf8_complete(const unsigned char* s, size_t available, int n) {
  if (n == 0 || size_t(n) > available) return false;
  for (int i = 1; i < n; ++i)
    if ((s[i] & 0xC0) != 0x80) return false;
  return true;
}
}  // namespace

size_t utf8_cut(const char* text, size_t len) {
  const auto* s = reinterpret_cast<const unsigned char*>(text);
  size_t start = len;
  for (int back = 0; back < 4 && start > 0; ++back) {  // find the last lead byte
    --start;
    if ((s[start] & 0xC0) != 0x80) break;
  }
  if (start == len) return len;
  const int n = utf8_length(s[start]);
  return utf8_complete(s + start, len - start, n) && start + size_t(n) == len ? len : start;
}

void Json::comma() {
  if (need_comma_) out_ += ", ";
  need_comma_ = true;
}
Json& Json::begin_object() {
  comma();
  out_ += '{';
  need_comma_ = false;
  return *this;
}
Json& Json::end_object() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}
Json& Json::begin_array() {
  comma();
  out_ += '[';
  need_comma_ = false;
  return *this;
}
Json& Json::end_array() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}
Json& Json::key(std::string_view k) {
  value(k);
  out_ += ": ";
  need_comma_ = false;
  return *this;
}
Json& Json::value(std::string_view s) {
  comma();
  out_ += '"';
  int skip = 0;  // bytes of a multi-byte character already copied
  for (const char& c : s) {
    if (skip > 0) {
      --skip;
      continue;
    }
    switch (c) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\t':
        out_ += "\\t";
        break;
      case '\r':
        out_ += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x80) {
          // Valid UTF-8 passes through; anything else becomes U+FFFD, so the JSON stays UTF-8.
          const auto* u = reinterpret_cast<const unsigned char*>(&c);
          const size_t rest = size_t(s.data() + s.size() - &c);
          const int n = utf8_length(*u);
          if (utf8_complete(u, rest, n)) {
            out_.append(&c, size_t(n));
            skip = n - 1;
          } else {
            out_ += "\\ufffd";
          }
        } else if (static_cast<unsigned char>(c) < 0x20) {
          static const char hex[] = "0123456789abcdef";
          out_ += "\\u00";
          out_ += hex[(c >> 4) & 15];
          out_ += hex[c & 15];
        } else {
          out_ += c;
        }
    }
  }
  out_ += '"';
  return *this;
}
Json& Json::value(int64_t n) {
  comma();
  out_ += std::to_string(n);
  return *this;
}
Json& Json::value(bool b) {
  comma();
  out_ += b ? "true" : "false";
  return *this;
}
Json& Json::null() {
  comma();
  out_ += "null";
  return *this;
}
Json& Json::raw(std::string_view json) {
  comma();
  out_ += json;
  return *this;
}
Json& Json::seat(int seat) {
  return (seat < 0 || seat == 0xFF) ? null() : value(seat);
}

}  // namespace deckhand::text
