// The C ABI's batched random playout (deckhand.h: dh_game_random_playout): many random
// actions for one call, for bindings where each call across the boundary costs (WebAssembly
// from JavaScript) and for playout bots.
#include "deckhand/rng.hpp"
#include "handle.hpp"

using deckhand::Error;
using deckhand::Reason;
using deckhand::capi::from_reason;
using deckhand::capi::guarded;
using deckhand::capi::report;

extern "C" {

int dh_game_random_playout(size_t* out_actions, dh_game* game, uint64_t seed, size_t max_actions,
                           dh_error* err) {
  if (!out_actions) return deckhand::capi::null_arg(err, "out_actions");
  if (!game) return deckhand::capi::null_arg(err, "game");
  *out_actions = 0;
  return guarded(err, [&] {
    deckhand::Game& g = *game->game;
    deckhand::PortableRng rng{seed};
    Error e;
    while (*out_actions < max_actions && !g.over()) {
      // Chance events draw their seeds from the same generator, so one seed fixes the
      // whole playout: deals, and the reshuffles of an explicitly dealt Toonerville round
      // (T13), which refuses draws until it has a seed.
      Reason r = Reason::ok;
      if (g.awaiting_deal())
        r = g.deal_seed(rng.next(), &e);
      else if (g.needs_reshuffle())
        r = g.reshuffle_seed(rng.next(), &e);
      else if (const size_t n = g.legal_count(); n == 0)
        return report(err, DH_E_INTERNAL, Reason::internal_error, "internal_error",
                      "internal_error: no legal action, yet the game is neither over nor "
                      "awaiting a deal");
      else if ((r = g.apply_legal(size_t(rng.bounded(n)), &e)) == Reason::ok)
        ++*out_actions;
      if (r != Reason::ok) return from_reason(err, r, e);
    }
    return err ? report(err, DH_OK, Reason::ok, "", "") : DH_OK;
  });
}

}  // extern "C"
