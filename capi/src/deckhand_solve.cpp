// The C ABI's open-hand solver (deckhand.h: dh_solve_card_values) over deckhand/solve.hpp.
#include <cstdio>
#include <cstring>
#include <memory>

#include "../../src/common/games.hpp"
#include "deckhand/solve.hpp"
#include "handle.hpp"

using deckhand::Error;
using deckhand::Reason;
using deckhand::capi::from_reason;
using deckhand::capi::guarded;
using deckhand::capi::report;

namespace {

// One solver per thread, made at the first call: its table (5 MB) is reused by every later
// call on the thread (positions are stored under their exact keys, so nothing goes stale).
deckhand::solve::Solver& thread_solver() {
  thread_local std::unique_ptr<deckhand::solve::Solver> solver;
  if (!solver) solver = std::make_unique<deckhand::solve::Solver>();
  return *solver;
}

}  // namespace

extern "C" {

int dh_solve_card_values(size_t* out_count, dh_action* actions, int64_t* values, size_t cap,
                         const dh_game* game, dh_error* err) {
  if (!out_count) return deckhand::capi::null_arg(err, "out_count");
  if (!game) return deckhand::capi::null_arg(err, "game");
  return guarded(err, [&] {
    const deckhand::Game& g = *game->game;
    deckhand::solve::CardValue found[deckhand::solve::kMaxPlays];
    int count = 0;
    Error e;
    const deckhand::GameExtensions& extensions = deckhand::extensions_of(g);
    if (!extensions.solve) {
      char message[160];
      std::snprintf(message, sizeof message,
                    "unsupported: %s has no open-hand solver (only trick-taking games do)",
                    g.name());
      return report(err, DH_E_UNSUPPORTED, Reason::ok, "unsupported", message);
    }
    const Reason r = extensions.solve(thread_solver(), g, found, &count, &e);
    if (r != Reason::ok) return from_reason(err, r, e);
    *out_count = size_t(count);
    if (size_t(count) > cap || !actions || !values) {
      char message[120];
      std::snprintf(message, sizeof message,
                    "buffer_too_small: %d plays, room for %zu (actions and values both needed)",
                    count, actions && values ? cap : size_t(0));
      return report(err, DH_E_BUFFER_TOO_SMALL, Reason::ok, "buffer_too_small", message);
    }
    // The solver lists the plays in legal-action order: pair them with their codes.
    deckhand::ActionCode codes[deckhand::solve::kMaxPlays];
    if (g.legal_actions(codes, deckhand::solve::kMaxPlays) != size_t(count))
      return report(err, DH_E_INTERNAL, Reason::internal_error, "internal_error",
                    "internal_error: the solver and the game list different plays");
    for (int i = 0; i < count; ++i) {
      std::memcpy(&actions[i], &codes[i], sizeof codes[i]);
      values[i] = found[i].value;
    }
    return from_reason(err, Reason::ok, e);
  });
}

}  // extern "C"
