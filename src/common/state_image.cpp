#include "state_image.hpp"

#include <cstdio>

#include "text.hpp"

namespace deckhand::detail {

uint64_t image_checksum(const uint8_t* p, size_t n) {
  uint64_t h = 0x6A09E667F3BCC909ull ^ n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const uint64_t w = load_le64(p + i);  // the same sum of the same bytes everywhere
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  for (; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h ^ (h >> 32);
}

Reason refuse_turn(bool over, int seat, int players, bool right_phase, const char* phase,
                   int to_act, const char* what, Error* err) {
  if (over) return fail(err, Reason::game_over, "the game is over; no %s", what);
  if (seat < 0 || seat >= players)
    return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-%d)", seat, players - 1);
  if (!right_phase)
    return fail(err, Reason::wrong_phase, "cannot %s during the %s phase", what, phase);
  return fail(err, Reason::wrong_seat, "seat %d cannot %s: seat %d is to act", seat, what, to_act);
}

Reason parse_play_limit(const char* option, std::string_view value, uint32_t* out, Error* err) {
  int64_t n;
  if (!text::parse_int(value, 0, kMaxPlayLimit, &n))
    return fail(err, Reason::bad_option,
                "option %s takes a whole number from 0 (no limit) to %u, not %s", option,
                unsigned(kMaxPlayLimit), text::quote(value).c_str());
  *out = uint32_t(n);
  return Reason::ok;
}

void report_broken_invariant(const char* game, const Error& e) {
  std::fprintf(stderr, "deckhand: %s invariant broken: %s\n", game, e.message);
}

}  // namespace deckhand::detail
