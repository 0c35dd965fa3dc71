// Helpers shared by the command-line tool's game modules.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/game.hpp"
#include "deckhand/text.hpp"

namespace deckhand::cli {

// The most the tool reads from one input: a record (a file, or standard input for "-") and one
// line typed in `play`. Reading stops just past the cap, so endless input is refused at once.
constexpr size_t kInputCap = size_t(64) << 20;
constexpr const char* kInputCapText = "64 MiB";

// Reads a file, or standard input for "-", into *out. On failure *why says what went wrong
// ("unreadable_input: ..." or "input_too_large: ...", the code first as in library messages).
enum class ReadStatus { ok, unreadable, too_large };
ReadStatus read_input(const std::string& path, std::string* out, std::string* why);

// Writes `game` as a record to DIR/NAME.rec, replays that file and prints the replay JSON;
// 0 when the replay reproduces the game byte for byte, else 1.
int write_and_replay(const Game& game, const std::string& out_dir);

// The library's text helpers (deckhand/text.hpp), so that the tool splits, matches and
// quotes text as the library does.
using text::iequals;
using text::parse_int;
using text::parse_u64;
using text::split_on;
using text::split_words;
using text::trim;
// A level or name as the tool compares and prints it (ASCII letters in lower case).
inline std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// Input in apostrophes for a message, control characters and bytes that are not UTF-8 escaped
// visibly, so no terminal escape gets out (the library's text::quote, as a std::string).
inline std::string quote(std::string_view s) {
  return text::quote(s).c_str();
}
// s as a JSON string, quotes included.
inline std::string json_string(std::string_view s) {
  return text::Json().value(s).take();
}
// The JSON array of to_json(x) (each already JSON) for the x in items.
template <typename Range, typename ToJson>
std::string json_array(const Range& items, ToJson to_json) {
  std::string out = "[";
  for (const auto& x : items) out += (out.size() > 1 ? ", " : "") + std::string(to_json(x));
  return out + "]";
}

// Canonical card list ("9C JD AS").
std::string cards_text(CardSet set);

// Narration from the player's side: "you" for the viewer's own seat (Narration::viewer), else
// "seat 2"; and the verb to go with it ("pass" after "you", "passes" after "seat 2").
inline std::string who(int seat, int viewer) {
  return seat == viewer ? std::string("you") : fmt::format("seat {}", seat);
}
inline const char* verb(int seat, int viewer, const char* second_person, const char* third_person) {
  return seat == viewer ? second_person : third_person;
}

// "seat 1 and seat 3" for a bit mask of seats.
std::string seat_list(uint32_t mask, int players);

// "max_hands=100 (simulate's default limit; set it with --option max_hands=N)", or
// "max_hands=20" when --option set it, for the report.
inline std::string limit_note(const OptionList& given, const char* limit, std::string_view value) {
  for (const auto& given_option : given)
    if (iequals(given_option.first, limit)) return fmt::format("{}={}", limit, value);
  return fmt::format("{}={} (simulate's default limit; set it with --option {}=N)", limit, value,
                     limit);
}

}  // namespace deckhand::cli
