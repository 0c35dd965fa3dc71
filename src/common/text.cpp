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

int utf8_char_length(const char* text, size_t available) {
  if (available == 0) return 0;
  const auto* s = reinterpret_cast<const unsigned char*>(text);
  if (s[0] < 0x80) return 1;
  int n = 0;
  unsigned char second_lo = 0x80, second_hi = 0xBF;  // the second byte's range (RFC 3629)
  if (s[0] >= 0xC2 && s[0] <= 0xDF) {
    n = 2;
  } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
    n = 3;
    if (s[0] == 0xE0) second_lo = 0xA0;  // shorter forms are overlong
    if (s[0] == 0xED) second_hi = 0x9F;  // D800-DFFF are surrogates
  } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
    n = 4;
    if (s[0] == 0xF0) second_lo = 0x90;  // overlong
    if (s[0] == 0xF4) second_hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;  // a continuation byte, C0, C1 or F5-FF
  }
  if (available < size_t(n) || s[1] < second_lo || s[1] > second_hi) return 0;
  for (int i = 2; i < n; ++i)
    if ((s[i] & 0xC0) != 0x80) return 0;
  return n;
}

size_t utf8_cut(const char* text, size_t len) {
  const auto* s = reinterpret_cast<const unsigned char*>(text);
  size_t start = len;
  for (int back = 0; back < 4 && start > 0; ++back) {  // find the last lead byte
    --start;
    if ((s[start] & 0xC0) != 0x80) break;
  }
  if (start == len) return len;
  const int n = utf8_char_length(text + start, len - start);
  return n > 0 && start + size_t(n) == len ? len : start;
}

namespace {
constexpr char kHex[] = "0123456789abcdef";

// How `quote` shows the character (or stray byte) at s[0]; sets *used to the bytes it takes.
std::string_view quoted_piece(const char* s, size_t available, size_t* used, char buf[8]) {
  const unsigned char c = static_cast<unsigned char>(s[0]);
  *used = 1;
  switch (c) {
    case '\n':
      return "\\n";
    case '\t':
      return "\\t";
    case '\r':
      return "\\r";
    case '\\':
      return "\\\\";
    case '\'':
      return "\\'";
    default:
      break;
  }
  const int n = utf8_char_length(s, available);
  if (n == 0 || c < 0x20 || c == 0x7F) {  // a control character or a byte that is not UTF-8
    buf[0] = '\\', buf[1] = 'x', buf[2] = kHex[c >> 4], buf[3] = kHex[c & 15];
    return {buf, 4};
  }
  *used = size_t(n);
  if (c == 0xC2 && static_cast<unsigned char>(s[1]) < 0xA0) {  // a C1 control, U+0080-U+009F
    const unsigned char low = static_cast<unsigned char>(s[1]);
    buf[0] = '\\', buf[1] = 'u', buf[2] = '0', buf[3] = '0', buf[4] = kHex[low >> 4];
    buf[5] = kHex[low & 15];
    return {buf, 6};
  }
  return {s, size_t(n)};
}
}  // namespace

Quoted::Quoted(std::string_view s) {
  size_t out = 0;
  text_[out++] = '\'';
  size_t i = 0;
  while (i < s.size()) {
    char buf[8];
    size_t used;
    const std::string_view piece = quoted_piece(s.data() + i, s.size() - i, &used, buf);
    if (out - 1 + piece.size() > kMaxText) break;
    piece.copy(text_ + out, piece.size());
    out += piece.size();
    i += used;
  }
  text_[out++] = '\'';
  if (i < s.size()) {
    for (int k = 0; k < 3; ++k) text_[out++] = '.';
  }
  text_[out] = '\0';
}

namespace {

// A recursive-descent reader of the JSON grammar that only says whether the text fits it.
class JsonChecker {
 public:
  JsonChecker(std::string_view s, int max_depth) : s_(s), depth_left_(max_depth) {}
  bool whole() {
    space();
    if (!value()) return false;
    space();
    return at_ == s_.size();
  }

 private:
  bool more() const { return at_ < s_.size(); }
  char peek() const { return more() ? s_[at_] : '\0'; }
  bool eat(char c) {
    if (peek() != c || !more()) return false;
    ++at_;
    return true;
  }
  void space() {
    while (more() && (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n' || s_[at_] == '\r'))
      ++at_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }
  bool digits() {
    const size_t start = at_;
    while (more() && s_[at_] >= '0' && s_[at_] <= '9') ++at_;
    return at_ > start;
  }
  bool number() {
    eat('-');
    if (eat('0')) {
      if (more() && s_[at_] >= '0' && s_[at_] <= '9') return false;
    } else if (!digits()) {
      return false;
    }
    if (eat('.') && !digits()) return false;
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (!eat('+')) eat('-');
      if (!digits()) return false;
    }
    return true;
  }
  static bool hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
  bool string() {
    if (!eat('"')) return false;
    while (more()) {
      const auto c = static_cast<unsigned char>(s_[at_]);
      if (c == '"') return ++at_, true;
      if (c < 0x20) return false;
      if (c == '\\') {
        ++at_;
        const char e = peek();
        if (!more()) return false;
        if (e == 'u') {
          for (int k = 1; k <= 4; ++k)
            if (at_ + size_t(k) >= s_.size() || !hex(s_[at_ + size_t(k)])) return false;
          at_ += 5;
        } else if (std::string_view("\"\\/bfnrt").find(e) != std::string_view::npos) {
          ++at_;
        } else {
          return false;
        }
        continue;
      }
      const int n = utf8_char_length(s_.data() + at_, s_.size() - at_);
      if (n == 0) return false;
      at_ += size_t(n);
    }
    return false;
  }
  // Members of an object or elements of an array, up to the closing bracket.
  bool items(char close, bool keyed) {
    if (--depth_left_ < 0) return false;
    space();
    if (eat(close)) return ++depth_left_, true;
    for (;;) {
      space();
      if (keyed) {
        if (!string()) return false;
        space();
        if (!eat(':')) return false;
        space();
      }
      if (!value()) return false;
      space();
      if (eat(close)) return ++depth_left_, true;
      if (!eat(',')) return false;
    }
  }
  bool value() {
    switch (peek()) {
      case '{':
        return ++at_, items('}', true);
      case '[':
        return ++at_, items(']', false);
      case '"':
        return string();
      case 't':
        return literal("true");
      case 'f':
        return literal("false");
      case 'n':
        return literal("null");
      default:
        return number();
    }
  }

  std::string_view s_;
  size_t at_ = 0;
  int depth_left_;
};

}  // namespace

bool is_json(std::string_view s, int max_depth) {
  return JsonChecker(s, max_depth).whole();
}

namespace {

// The characters a JSON string takes as they are: printable ASCII but the quote and backslash.
struct PlainChars {
  bool is[256];
  constexpr PlainChars() : is() {
    for (int c = 0x20; c < 0x7f; ++c) is[c] = c != '"' && c != '\\';
  }
};
constexpr PlainChars kPlain;

}  // namespace

void Json::comma() {
  if (need_comma_) out_.append(", ", 2);
  need_comma_ = true;
}
Json& Json::begin_object() {
  if (out_.empty()) out_.reserve(256);  // one allocation for most documents, not five
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
  if (out_.empty()) out_.reserve(256);
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
  // A short plain key (most are) goes in with its separators as one append.
  char text[64];
  if (k.size() <= sizeof text - 6) {
    size_t n = 0;
    if (need_comma_) text[n++] = ',', text[n++] = ' ';
    text[n++] = '"';
    for (char c : k) {
      if (!kPlain.is[static_cast<unsigned char>(c)]) {
        n = 0;
        break;
      }
      text[n++] = c;
    }
    if (n) {
      text[n++] = '"', text[n++] = ':', text[n++] = ' ';
      out_.append(text, n);
      need_comma_ = false;
      return *this;
    }
  }
  value(k);
  out_.append(": ", 2);
  need_comma_ = false;
  return *this;
}
Json& Json::value(std::string_view s) {
  comma();
  out_ += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    // Runs of printable ASCII other than the two escaped characters go in whole.
    size_t run = i;
    while (run < s.size() && kPlain.is[static_cast<unsigned char>(s[run])]) ++run;
    if (run > i) {
      out_.append(s.data() + i, run - i);
      if (run == s.size()) break;
      i = run;
    }
    const char c = s[i];
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
          // Well-formed UTF-8 passes through; anything else becomes U+FFFD, so the JSON stays
          // UTF-8.
          const int n = utf8_char_length(s.data() + i, s.size() - i);
          if (n > 0) {
            out_.append(s.data() + i, size_t(n));
            i += size_t(n) - 1;
          } else {
            out_ += "\\ufffd";
          }
        } else if (static_cast<unsigned char>(c) < 0x20) {
          out_ += "\\u00";
          out_ += kHex[(c >> 4) & 15];
          out_ += kHex[c & 15];
        } else {
          out_ += c;
        }
    }
  }
  out_ += '"';
  return *this;
}
Json& Json::value(int64_t n) {
  char text[2 + 24] = {',', ' '};  // the separator and the number in one append
  const auto end = std::to_chars(text + 2, text + sizeof text, n).ptr;
  const size_t from = need_comma_ ? 0 : 2;
  out_.append(text + from, size_t(end - text) - from);
  need_comma_ = true;
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
