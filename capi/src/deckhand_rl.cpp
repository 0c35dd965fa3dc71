// The C ABI's reinforcement-learning calls (deckhand.h: dh_rl_*, dh_batch_*) over src/rl/.
#include <cstring>
#include <string>
#include <vector>

#include "../../src/common/text.hpp"
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

// The experimental calls' `offer`: -1 only, since 0.3 offers are in the games' states (T6)
// and the seat to act decides.
bool offer_valid(int32_t offer) {
  return offer == -1;
}

}  // namespace

extern "C" {

int dh_rl_spec_of(dh_rl_spec* out, const dh_game* game) {
  if (!out || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  // A size of 0 is the first layout, which ends at action_feature_size.
  const size_t room = out->size == 0 ? offsetof(dh_rl_spec, reward_sign) : out->size;
  if (room >= offsetof(dh_rl_spec, observation_size) + sizeof(int32_t))
    out->observation_size = enc->spec.observation_size;
  if (room >= offsetof(dh_rl_spec, action_space_size) + sizeof(int32_t))
    out->action_space_size = enc->spec.action_space_size;
  if (room >= offsetof(dh_rl_spec, action_feature_size) + sizeof(int32_t))
    out->action_feature_size = enc->spec.action_feature_size;
  if (room >= offsetof(dh_rl_spec, reward_sign) + sizeof(int32_t))
    out->reward_sign = int32_t(deckhand::rl::reward_sign(*game->game));
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
  if (!game) return deckhand::capi::null_arg(err, "game");
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
    if (enc->index_of) {
      for (size_t k = 0; k < n; ++k) indices[k] = enc->index_of(codes[k]);
      return DH_OK;
    }
    // A listed game: the position of each legal action in the choices with no buy offered.
    const std::vector<deckhand::ActionCode> legal(codes.begin(), codes.begin() + long(n));
    deckhand::ActionCode list[deckhand::rl::kMaxChoices];
    const size_t count = enc->listed->choices(*game->game, &codes, list);
    for (size_t k = 0; k < n; ++k) {
      indices[k] = -1;
      for (size_t c = 0; c < count; ++c)
        if (list[c] == legal[k]) indices[k] = int32_t(c);
    }
    return DH_OK;
  });
}

// The decision calls (deckhand.h): `offer` must be -1; for a fixed-index game they are
// dh_rl_observe, dh_rl_action_mask and dh_rl_apply_index.
int dh_rl_agent(int32_t* out_seat, const dh_game* game, int32_t offer) {
  if (!out_seat || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  if (!offer_valid(offer)) return DH_E_INVALID_ARGUMENT;
  *out_seat = game->game->to_act();
  return DH_OK;
}

int dh_rl_observe_offer(float* obs, size_t cap, const dh_game* game, int32_t seat, int32_t offer) {
  if (!obs || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  if (!offer_valid(offer)) return DH_E_INVALID_ARGUMENT;
  if (enc->index_of) return dh_rl_observe(obs, cap, game, seat);
  if (seat < 0 || seat >= game->game->players()) return DH_E_INVALID_ARGUMENT;
  if (cap < size_t(enc->spec.observation_size)) return DH_E_BUFFER_TOO_SMALL;
  enc->observe(*game->game, seat, obs);
  return DH_OK;
}

int dh_rl_choices(size_t* out_count, uint8_t* mask, size_t mask_cap, float* features,
                  size_t features_cap, const dh_game* game, int32_t offer) {
  if (!out_count || !mask || !game) return DH_E_NULL_ARGUMENT;
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return DH_E_UNSUPPORTED;
  if (!offer_valid(offer)) return DH_E_INVALID_ARGUMENT;
  if (enc->index_of) return dh_rl_action_mask(out_count, mask, mask_cap, game);
  if (!features) return DH_E_NULL_ARGUMENT;
  const size_t cap = size_t(enc->spec.action_space_size);
  if (mask_cap < cap || features_cap < cap * size_t(enc->spec.action_feature_size))
    return DH_E_BUFFER_TOO_SMALL;
  return guarded(nullptr, [&] {
    deckhand::ActionCode list[deckhand::rl::kMaxChoices];
    const size_t n = game->game->to_act() >= 0
                         ? enc->listed->choices(*game->game, &game->action_scratch, list)
                         : 0;
    std::memset(mask, 0, cap);
    std::memset(mask, 1, n);
    enc->listed->features(*game->game, list, n, features, cap);
    *out_count = n;
    return DH_OK;
  });
}

int dh_rl_apply_choice(dh_game* game, int32_t* offer, int32_t index, dh_error* err) {
  if (!game || !offer)
    return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                  "null_argument: game or offer is NULL");
  const deckhand::rl::Encoder* enc = deckhand::rl::encoder_for(*game->game);
  if (!enc) return no_encoder(err, *game->game);
  if (!offer_valid(*offer)) {
    char message[120];
    std::snprintf(message, sizeof message,
                  "bad_offer: offer %d is not -1 (the offer of a discard is in the game's state)",
                  int(*offer));
    return report(err, DH_E_INVALID_ARGUMENT, Reason::ok, "bad_offer", message);
  }
  if (enc->index_of) return dh_rl_apply_index(game, index, err);
  return guarded(err, [&] {
    Error e;
    deckhand::ActionCode list[deckhand::rl::kMaxChoices];
    const size_t n = game->game->to_act() >= 0
                         ? enc->listed->choices(*game->game, &game->action_scratch, list)
                         : 0;
    if (index < 0 || size_t(index) >= n) {
      char message[120];
      std::snprintf(message, sizeof message,
                    "bad_action_index: the deciding seat has %zu choices; %d is not one", n,
                    int(index));
      return report(err, DH_E_INVALID_ARGUMENT, Reason::bad_action_index, "bad_action_index",
                    message);
    }
    const Reason r = enc->listed->apply(*game->game, list[index], &e);
    if (r == Reason::ok) *offer = -1;
    return from_reason(err, r, e);
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

int dh_batch_features(const float** out, const dh_batch* batch) {
  if (!out || !batch) return DH_E_NULL_ARGUMENT;
  if (batch->batch->encoder().index_of) return DH_E_UNSUPPORTED;
  *out = batch->batch->features();
  return DH_OK;
}

int dh_batch_legal(const int32_t** out_indices, const int32_t** out_counts, const dh_batch* batch) {
  if (!out_indices || !out_counts || !batch) return DH_E_NULL_ARGUMENT;
  *out_indices = batch->batch->legal_indices();
  *out_counts = batch->batch->legal_counts();
  return DH_OK;
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

int dh_batch_seat_bots(dh_batch* batch, const char* const* levels, size_t n_levels,
                       int32_t learner_seat, const char* const* options, size_t n_options,
                       dh_error* err) {
  if (!batch || (n_levels && !levels) || (n_options && !options))
    return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                  "null_argument: batch, levels or options is NULL");
  return guarded(err, [&] {
    std::vector<std::string> list;
    for (size_t k = 0; k < n_levels; ++k) {
      if (!levels[k])
        return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                      "null_argument: a level is NULL");
      list.emplace_back(levels[k]);
    }
    deckhand::OptionList opts;
    Error e;
    for (size_t k = 0; k < n_options; ++k) {
      std::string key, value;
      if (!options[k])
        return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument",
                      "null_argument: an option string is NULL");
      if (!deckhand::split_option(options[k], &key, &value)) {
        deckhand::fail(&e, Reason::bad_option, "bot option %s is not key=value",
                       deckhand::text::quote(options[k]).c_str());
        return from_reason(err, e.reason, e);
      }
      opts.emplace_back(key, value);
    }
    return from_reason(
        err, batch->batch->seat_bots(std::move(list), std::move(opts), learner_seat, &e), e);
  });
}

}  // extern "C"
