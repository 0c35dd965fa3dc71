// The C ABI's self-play path (internal header). dh_game_legal_actions and dh_game_apply each
// call one of these and return what it returns, so that they compile to tail calls and the
// call into the game is the only frame between the caller and the rules: per action, the
// C ABI then costs little more than the C++ API (docs/performance.md).
#pragma once

#include <cstddef>
#include <cstring>

#include "deckhand.h"
#include "deckhand/game.hpp"

namespace deckhand::detail {

// The C status of a reason (deckhand.h's DH_OK, DH_E_*), defined by the C ABI
// (capi/src/deckhand_c.cpp), the one table of them.
int c_status(Reason r);
// DH_E_BUFFER_TOO_SMALL (the C ABI checks that the two agree).
inline constexpr int kCBufferTooSmall = -3;

// A success into a caller's dh_error (deckhand.h: status, reason and line 0, code "ok",
// message ""): a few stores, where the error object's 256 bytes would cost more than the
// action. The texts' bytes past their terminating NUL are left as they were.
void report_ok_within_size(dh_error* err) noexcept;  // an older caller's smaller dh_error
// Whether a caller's dh_error has every field of this header's (size 0: the first layout).
inline bool has_every_field(const dh_error* err) noexcept {
  return err->size == 0 || err->size >= sizeof(dh_error);
}
inline void report_ok_in_full(dh_error* err) noexcept {
  err->status = 0;
  err->reason = 0;
  err->line = 0;
  std::memcpy(err->code, "ok\0", 4);
  err->message[0] = '\0';
}
inline void report_ok(dh_error* err) noexcept {
  if (!has_every_field(err)) [[unlikely]]
    return report_ok_within_size(err);
  report_ok_in_full(err);
}
// dh_game_apply's failure with a dh_error (status: the refusal's, or DH_E_INTERNAL when
// recording the action ran out of memory): the failed call changed nothing, so the C ABI
// applies the code again through the reporting path to fill *err with the reason and its
// message. Out of line: the self-play path pays nothing for it.
int report_apply_failure(Game& game, const ActionCode& code, int status, dh_error* err) noexcept;

// Every game behind a dh_game is one of these (all are GameAdapter<Rules>).
class CGame : public Game {
 public:
  // Writes the count of legal actions to *out_count, and their codes to out when they fit in
  // `room` (0 when out is null); returns DH_OK or DH_E_BUFFER_TOO_SMALL (out of memory:
  // DH_E_INTERNAL, nothing written).
  virtual int c_legal_actions(size_t* out_count, ActionCode* out, size_t room) const noexcept = 0;
  // Applies `code`; returns DH_OK or the refusal's C status (out of memory: DH_E_INTERNAL;
  // nothing changed), and fills *err when err is not null (report_ok,
  // report_apply_failure).
  virtual int c_apply(const ActionCode& code, dh_error* err) noexcept = 0;
};

}  // namespace deckhand::detail
