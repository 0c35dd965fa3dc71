// The C ABI's self-play path (internal header). dh_game_legal_actions and dh_game_apply each
// call one of these and return what it returns, so that they compile to tail calls and the
// call into the game is the only frame between the caller and the rules: per action, the
// C ABI then costs little more than the C++ API (docs/performance.md).
#pragma once

#include <cstddef>

#include "deckhand/game.hpp"

namespace deckhand::detail {

// The C status of a reason (deckhand.h's DH_OK, DH_E_*), defined by the C ABI
// (capi/src/deckhand_c.cpp), the one table of them.
int c_status(Reason r);
// DH_E_BUFFER_TOO_SMALL (the C ABI checks that the two agree).
inline constexpr int kCBufferTooSmall = -3;

// Every game behind a dh_game is one of these (all are GameAdapter<Rules>).
class CGame : public Game {
 public:
  // Writes the count of legal actions to *out_count, and their codes to out when they fit in
  // `room` (0 when out is null); returns DH_OK or DH_E_BUFFER_TOO_SMALL (out of memory:
  // DH_E_INTERNAL, nothing written).
  virtual int c_legal_actions(size_t* out_count, ActionCode* out, size_t room) const noexcept = 0;
  // Applies `code` with no error object; returns DH_OK or the refusal's C status (out of
  // memory: DH_E_INTERNAL; nothing changed).
  virtual int c_apply(const ActionCode& code) noexcept = 0;
};

}  // namespace deckhand::detail
