// What the C ABI's source files share (internal header): the game handle and the error
// reporting every entry point uses.
#pragma once

#include <memory>
#include <new>
#include <vector>

#define DH_EXPERIMENTAL  // defines the experimental tier too
#include "deckhand.h"
#include "deckhand/game.hpp"

struct dh_game {
  explicit dh_game(std::unique_ptr<deckhand::Game> g) : game(std::move(g)) {}
  std::unique_ptr<deckhand::Game> game;
  // Legal actions gathered for the text form; it lives with the handle so that repeated
  // calls neither fill nor allocate it again (a handle is never used from two threads at
  // once, so a const call may use it too).
  mutable std::vector<deckhand::ActionCode> action_scratch;
};

namespace deckhand::capi {

// Fills the fields of *err that the caller's dh_error has room for (deckhand.h: `size`);
// returns status.
int report(dh_error* err, int status, Reason reason, const char* code, const char* message,
           int line = 0);
// The status of a reason, reported with the message of `e` (DH_OK for Reason::ok).
int from_reason(dh_error* err, Reason r, const Error& e);
// DH_E_NULL_ARGUMENT, reported as "null_argument: <what> is NULL".
int null_arg(dh_error* err, const char* what);

// Runs an entry point's body; nothing throws across the C ABI.
template <typename F>
int guarded(dh_error* err, F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return report(err, DH_E_INTERNAL, Reason::internal_error, "internal_error",
                  "internal_error: out of memory");
  } catch (...) {
    return report(err, DH_E_INTERNAL, Reason::internal_error, "internal_error",
                  "internal_error: unexpected exception");
  }
}

}  // namespace deckhand::capi
