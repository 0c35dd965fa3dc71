// The C ABI's reinforcement-learning calls (deckhand.h: dh_rl_*, dh_batch_*) over src/rl/.
#include <cstring>
#include <string>
#include <vector>

#include "../../src/rl/rl.hpp"
#include "handle.hpp"

using deckhand::Error;
using deckhand::Reason;
using deckhand::capi::from_reason;
using deckhand::capi::guarded;
using deckhand::capi::report;

struct dh_batch {
  std::vector<dh_game*> handles;
  std::unique_ptr<deckhand::rl::Batch> batch;
  ~dh_batch() {
    for (dh_game* h : handles) dh_game_free(h);
  }
};

namespace {

int no_encoder(dh_error* err, const deckhand::Game& game) {
  char message[160];
  std::snprintf(message, sizeof message,
                "no_encoder: %s has no observation encoder or action index", game.name());
  return report(err, DH_E_UNSUPPORTED, Reason::ok, "no_encoder", message);
}

}  // namespace

extern "C" {

int dh_rl_spec_of(dh_rl_spec* out, const dh_game* game) {
  if (!out || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  const size_t room = out->size == 0 ? sizeof *out : out->size;
  if (room >= offsetof(dh_rl_spec, observation_size) + sizeof(int32_t))
    out->observation_size = enc->spec.observation_size;
  if (room >= offsetof(dh_rl_spec, action_space_size) + sizeof(int32_t))
    out->action_space_size = enc->spec.action_space_size;
  return DH_OK;
}

int dh_rl_observe(float* obs, size_t cap, const dh_game* game, int32_t seat) {
  if (!obs || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  if (seat < 0 || seat >= game->game->players()) return DH_E_INVALID_ARGUMENT;
  if (cap < size_t(enc->spec.observation_size)) return DH_E_BUFFER_TOO_SMALL;
  enc->observe(*game->game, seat, obs);
  return DH_OK;
}

int dh_rl_action_mask(size_t* out_count, uint8_t* mask, size_t cap, const dh_game* game) {
  if (!out_count || !mask || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  if (cap < size_t(enc->spec.action_space_size)) return DH_E_BUFFER_TOO_SMALL;
  return guarded(nullptr, [&] {
    *out_count = deckhand::rl::action_mask(*enc, *game->game, mask, &game->action_scratch);
    return DH_OK;
  });
}

int dh_rl_apply_index(dh_game* game, int32_t index, dh_error* err) {
  if (!game)
    return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                  "null_argument: game is NULL");
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return no_encoder(err, *game->game);
  return guarded(err, [&] {
    Error e;
    return from_reason(err, deckhand::rl::apply_index(*enc, *game->game, index, &e), e);
  });
}

int dh_rl_legal_indices(size_t* out_count, int32_t* indices, size_t cap, const dh_game* game) {
  if (!out_count || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  return guarded(nullptr, [&] {
    std::vector<deckhand::ActionCode>& codes = game->action_scratch;
    const size_t n = deckhand::rl::legal_codes(*game->game, &codes);
    *out_count = n;
    if (n > cap || (!indices && n > 0)) return DH_E_BUFFER_TOO_SMALL;
    for (size_t k = 0; k < n; ++k) indices[k] = enc->index_of(codes[k]);
    return DH_OK;
  });
}

int dh_batch_new(dh_batch** out, const char* name, const char* const* options, size_t n_options,
                 int32_t players, size_t n, uint32_t max_steps, dh_error* err) {
  if (out) *out = nullptr;
  if (!out || !name || (n_options && !options))
    return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                  "null_argument: out, name or options is NULL");
  if (n == 0 || n > (size_t(1) << 24))
    return report(err, DH_E_INVALID_ARGUMENT, Reason::ok, "bad_batch_size",
                  "bad_batch_size: a batch holds 1 to 16777216 games");
  return guarded(err, [&] {
    std::vector<const char*> list(options, options + n_options);
    list.push_back("history=off");
    auto batch = std::make_unique<dh_batch>();
    batch->handles.reserve(n);
    std::vector<deckhand::Game*> games;
    for (size_t i = 0; i < n; ++i) {
      dh_game* h = nullptr;
      if (int status = dh_game_new(&h, name, list.data(), list.size(), players, 0, err))
        return status;
      batch->handles.push_back(h);
      games.push_back(h->game.get());
    }
    const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*games[0]);
    if (!enc) return no_encoder(err, *games[0]);
    batch->batch = std::make_unique<deckhand::rl::Batch>(std::move(games), *enc, max_steps);
    *out = batch.release();
    return report(err, DH_OK, Reason::ok, "ok", "");
  });
}

void dh_batch_free(dh_batch* batch) {
  delete batch;
}

int dh_batch_game(const dh_game** out, const dh_batch* batch, size_t index) {
  if (!out || !batch) return DH_E_NULL_ARGUMENT;
  if (index >= batch->handles.size()) return DH_E_INVALID_ARGUMENT;
  *out = batch->handles[index];
  return DH_OK;
}

int dh_batch_reset(dh_batch* batch, uint64_t seed, float* obs, uint8_t* mask, int32_t* to_act,
                   dh_error* err) {
  if (!batch || !obs || !mask)
    return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                  "null_argument: batch, obs or mask is NULL");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, batch->batch->reset(seed, obs, mask, to_act, &e), e);
  });
}

int dh_batch_step(dh_batch* batch, const int32_t* actions, float* obs, uint8_t* mask,
                  float* rewards, uint8_t* terminated, uint8_t* truncated, int32_t* to_act,
                  dh_error* err) {
  if (!batch || !actions || !obs || !mask || !rewards || !terminated || !truncated)
    return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                  "null_argument: a batch, action or output array is NULL");
  return guarded(err, [&] {
    Error e;
    size_t bad = 0;
    const Reason r =
        batch->batch->step(actions, obs, mask, rewards, terminated, truncated, to_act, &bad, &e);
    if (r == Reason::bad_action_index)
      return report(err, DH_E_INVALID_ARGUMENT, r, "bad_action_index", e.message, int(bad + 1));
    return from_reason(err, r, e);
  });
}

}  // extern "C"
