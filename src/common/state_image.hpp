// What every game's state shares (internal header): the checksummed byte image used for
// serialization, and the pure-transition wrapper that checks invariants in debug builds.
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"
#include "endian.hpp"

namespace deckhand::detail {

uint64_t image_checksum(const uint8_t* bytes, size_t n);

// Image layout: 4 magic bytes, a u32 format version, the state's bytes, a u64 checksum of them,
// every multi-byte field little-endian: the same bytes on every platform. `byte_order` swaps
// a state's multi-byte fields between native and little-endian order (called on big-endian
// machines only; each game lists its fields).
template <typename State>
inline constexpr size_t kImageSize = sizeof(State) + 16;

// A card set's bits between native and little-endian order (see swap_field).
inline void swap_field(CardSet& c) {
  c = CardSet(le(c.bits()));
}
template <size_t N>
void swap_field(CardSet (&a)[N]) {
  for (CardSet& c : a) swap_field(c);
}

template <typename State>
size_t write_image(const State& s, const char (&magic)[5], uint32_t version,
                   void (*byte_order)(State*), uint8_t* buf, size_t cap) {
  static_assert(std::has_unique_object_representations_v<State>,
                "state bytes must be padding-free");
  if (!buf || cap < kImageSize<State>) return 0;
  std::memcpy(buf, magic, 4);
  store_le32(buf + 4, version);
  if constexpr (kBigEndian) {
    State ordered = s;
    byte_order(&ordered);
    std::memcpy(buf + 8, &ordered, sizeof s);
  } else {
    (void)byte_order;
    std::memcpy(buf + 8, &s, sizeof s);
  }
  store_le64(buf + 8 + sizeof s, image_checksum(buf + 8, sizeof s));
  return kImageSize<State>;
}

// Reads an image and runs the game's invariant checker on it; *out changes only on success.
template <typename State>
Reason read_image(const uint8_t* buf, size_t len, const char (&magic)[5], uint32_t version,
                  void (*byte_order)(State*), const char* game,
                  Reason (*check)(const State&, Error*), State* out, Error* err) {
  if (!buf) return fail(err, Reason::corrupt_state, "no bytes given");
  if (len != kImageSize<State>)
    return fail(err, Reason::corrupt_state, "a %s state is %zu bytes, not %zu", game,
                kImageSize<State>, len);
  if (std::memcmp(buf, magic, 4) != 0)
    return fail(err, Reason::corrupt_state, "not a %s state (bad magic)", game);
  const uint32_t found = load_le32(buf + 4);
  if (found != version)
    return fail(err, Reason::corrupt_state,
                "%s state format version %u is not supported (expected %u)", game, found, version);
  if (load_le64(buf + 8 + sizeof(State)) != image_checksum(buf + 8, sizeof(State)))
    return fail(err, Reason::corrupt_state, "checksum mismatch");
  State s;
  std::memcpy(static_cast<void*>(&s), buf + 8, sizeof s);
  if constexpr (kBigEndian)
    byte_order(&s);
  else
    (void)byte_order;
  if (Reason r = check(s, err); r != Reason::ok) return r;
  *out = s;
  return Reason::ok;
}

// Scores stay within +-kScoreLimit, so no sequence of hands overflows an int32 score. A hand
// moves a score by at most 48 points (Sheepshead) or 36 (Ghost Hand Euchre): reaching the
// limit takes over 20 million hands of one-sided loss, yet the hand counter (uint32) allows
// 4 billion, so scoring never leaves the range (Ghost Hand Euchre saturates each score;
// Sheepshead leaves all scores as they are rather than break S15's zero sum), and
// check_invariants refuses scores beyond it.
inline constexpr int32_t kScoreLimit = 1'000'000'000;
inline bool score_in_range(int64_t score) {
  return score >= -kScoreLimit && score <= kScoreLimit;
}
inline int32_t add_score(int32_t score, int32_t delta) {
  const int64_t sum = int64_t(score) + delta;
  return int32_t(sum < -kScoreLimit ? -kScoreLimit : sum > kScoreLimit ? kScoreLimit : sum);
}

// Deal and hand counters stop at their maximum rather than wrap to zero (a deal then still
// counts as one more hand for the checks that compare them).
inline void count_up(uint32_t* counter) {
  *counter += *counter != UINT32_MAX;
}

// Why a seat may not act now: the game is over, the seat does not exist, the phase is wrong,
// or another seat is to act (checked in that order). Out of line: refusals are rare.
Reason refuse_turn(bool over, int seat, int players, bool right_phase, const char* phase,
                   int to_act, const char* what, Error* err);

// The check every player action starts with: the phase is `phase` and `seat` is to act.
template <typename State, typename Phase>
inline Reason turn_check(const State& s, int seat, Phase phase, int players, const char* what,
                         const char* (*phase_name)(Phase), Error* err) {
  if (s.phase == phase && seat == s.to_act)
      [[likely]]  // to_act is a real seat in every acting phase
    return Reason::ok;
  return refuse_turn(s.phase == Phase::over, seat, players, s.phase == phase, phase_name(s.phase),
                     s.to_act, what, err);
}

// A deal is a chance event between hands: refused once the game is over, and while a hand
// (number `hand_number`, in phase `phase`) is still being played.
inline Reason deal_allowed(bool over, bool between_hands, const char* phase, uint32_t hand_number,
                           Error* err) {
  if (over) return fail(err, Reason::game_over, "the game is over; no more deals");
  if (!between_hands)
    return fail(err, Reason::wrong_phase,
                "cannot deal during the %s phase: hand %u is still being played", phase,
                hand_number);
  return Reason::ok;
}

// Debug builds: a transition that breaks an invariant is a bug in deckhand; say which.
void report_broken_invariant(const char* game, const Error& e);

template <typename State>
inline void debug_check(const State& s, Reason (*check)(const State&, Error*), const char* game) {
#ifndef NDEBUG
  Error e;
  if (check(s, &e) != Reason::ok) {
    report_broken_invariant(game, e);
    assert(false && "invariant broken");
  }
#else
  (void)s, (void)check, (void)game;
#endif
}

// A pure transition: runs an in-place step on a copy and publishes it only on success.
template <typename State, typename Step>
Reason pure_transition(const State& s, State* out, Reason (*check)(const State&, Error*),
                       const char* game, Step step) {
  State next = s;
  const Reason r = step(&next);
  if (r == Reason::ok) {
    debug_check(next, check, game);
    *out = next;
  }
  return r;
}

// The play limits that make automated games end (G10 max_hands, S15 hands, T13 max_turns):
// a whole number of hands or turns from 0 (no limit) to kMaxPlayLimit.
inline constexpr uint32_t kMaxPlayLimit = 1000000;
// Parses one into *out, or refuses with bad_option naming `option` and the value.
Reason parse_play_limit(const char* option, std::string_view value, uint32_t* out, Error* err);

}  // namespace deckhand::detail
