// Text helpers of the library: splitting and matching words as the record and action parsers
// do, decimal numbers, quoting input safely in messages, and a small JSON writer. Public so
// that the tools built on the library (the `deckhand` command, src/cli/) read and write text
// exactly as the library does instead of keeping copies.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace deckhand::text {

// Splits on runs of ASCII white space; no empty tokens.
std::vector<std::string_view> split_words(std::string_view s);
// Splits on one separator character, trimming white space around each piece.
std::vector<std::string_view> split_on(std::string_view s, char separator);
std::string_view trim(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
// A decimal integer in [lo, hi], the whole string; false otherwise.
bool parse_int(std::string_view s, int64_t lo, int64_t hi, int64_t* out);
bool parse_u64(std::string_view s, uint64_t* out);

// The length of the longest prefix of s[0..len) that does not end inside a UTF-8 sequence,
// for cutting text to a buffer without splitting a character.
size_t utf8_cut(const char* s, size_t len);

// The length (1-4) of the well-formed UTF-8 character at s[0] (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF), within `available` bytes; 0 if there is none.
int utf8_char_length(const char* s, size_t available);

// Input text (a record line, an action word, a card, an option, a name) as messages quote
// it: in apostrophes, with NUL and every other control character, backslash and apostrophe
// escaped visibly (\n, \t, \r, \\, \', \x00, \u0085 for a C1 control), each byte that is not
// UTF-8 as \xHH, whole characters kept, and cut after kMaxText bytes with "..." after the
// closing apostrophe. So a message stays short, printable and valid UTF-8 whatever the input
// held (the C ABI copies messages into fixed buffers; the replay JSON must stay valid).
// Use: fail(err, reason, "no game named %s", text::quote(name).c_str()).
class Quoted {
 public:
  static constexpr size_t kMaxText = 96;
  explicit Quoted(std::string_view s);
  const char* c_str() const { return text_; }

 private:
  char text_[kMaxText + 6];  // apostrophes, "...", NUL
};
inline Quoted quote(std::string_view s) {
  return Quoted(s);
}

// Whether `s` is exactly one JSON value (RFC 8259: white space around it allowed, strings of
// well-formed UTF-8, nesting at most `max_depth` deep). For JSON the library stores and splices
// back, such as a table image's hand results, which a crafted image could otherwise corrupt.
bool is_json(std::string_view s, int max_depth = 64);

// A minimal JSON writer: the caller produces well-formed nesting; commas are automatic.
class Json {
 public:
  Json& begin_object();
  Json& end_object();
  Json& begin_array();
  Json& end_array();
  Json& key(std::string_view k);
  Json& value(std::string_view s);
  Json& value(const char* s) { return value(std::string_view(s)); }
  Json& value(int64_t n);
  Json& value(int n) { return value(int64_t(n)); }
  Json& value(bool b);
  Json& null();
  // Inserts already-formed JSON (an object, array or literal) as one value.
  Json& raw(std::string_view json);
  // A seat number, or null for a negative seat / 0xFF.
  Json& seat(int seat);
  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void comma();
  std::string out_;
  bool need_comma_ = false;
};

}  // namespace deckhand::text
