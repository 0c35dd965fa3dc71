// The encoders' registry, masks and index actions, and batched stepping (rl.hpp).
#include "rl.hpp"

#include <algorithm>
#include <cstring>

#include "../common/games.hpp"
#include "deckhand/rng.hpp"

namespace deckhand::rl {

const Encoder* encoder_for(const Game& game) {
  return extensions_of(game).encoder;
}

float reward_sign(const Game& game) {
  const GameSpec* spec = find_game_spec(game.name());
  return spec && spec->lower_is_better ? -1.0f : 1.0f;
}

size_t legal_codes(const Game& game, std::vector<ActionCode>* codes) {
  size_t n = game.legal_actions(codes->data(), codes->size());
  if (n > codes->size()) {
    codes->resize(n);
    n = game.legal_actions(codes->data(), codes->size());
  }
  return n;
}

namespace {

// The position in the legal list of the action with that index, or -1.
long legal_position(const Encoder& enc, const Game& game, int index,
                    std::vector<ActionCode>* codes) {
  const size_t n = legal_codes(game, codes);
  for (size_t k = 0; k < n; ++k)
    if (enc.index_of((*codes)[k]) == index) return long(k);
  return -1;
}

Reason no_such_index(int index, Error* err) {
  return fail(err, Reason::bad_action_index, "no legal action of the seat to act has index %d now",
              index);
}

}  // namespace

size_t action_mask(const Encoder& enc, const Game& game, uint8_t* mask,
                   std::vector<ActionCode>* codes) {
  std::memset(mask, 0, size_t(enc.spec.action_space_size));
  if (!enc.index_of) {
    ActionCode list[kMaxChoices];
    const size_t n = enc.listed->choices(game, codes, list);
    std::memset(mask, 1, n);
    return n;
  }
  const size_t n = legal_codes(game, codes);
  for (size_t k = 0; k < n; ++k) mask[enc.index_of((*codes)[k])] = 1;
  return n;
}

Reason apply_index(const Encoder& enc, Game& game, int index, Error* err) {
  std::vector<ActionCode> codes(64);
  if (!enc.index_of) {
    ActionCode list[kMaxChoices];
    const size_t n = enc.listed->choices(game, &codes, list);
    if (index < 0 || size_t(index) >= n) return no_such_index(index, err);
    return enc.listed->apply(game, list[index], err);
  }
  const long position = legal_position(enc, game, index, &codes);
  if (position < 0) return no_such_index(index, err);
  return game.apply_legal(size_t(position), err);
}

uint64_t next_deal_seed(uint64_t* stream) {
  return PortableRng::splitmix64(*stream);
}

Batch::Batch(std::vector<Game*> games, const Encoder& enc, uint32_t max_steps)
    : games_(std::move(games)),
      streams_(games_.size()),
      steps_(games_.size()),
      scratch_(64),
      positions_(games_.size() * size_t(enc.spec.action_space_size), int16_t(-1)),
      choices_(enc.index_of ? 0 : games_.size() * size_t(enc.spec.action_space_size)),
      counts_(enc.index_of ? 0 : games_.size()),
      features_(enc.index_of ? 0
                             : games_.size() * size_t(enc.spec.action_space_size *
                                                      enc.spec.action_feature_size)),
      legal_(games_.size() * size_t(enc.spec.action_space_size)),
      legal_counts_(games_.size()),
      enc_(enc),
      max_steps_(max_steps),
      players_(games_.empty() ? 0 : games_[0]->players()),
      reward_sign_(games_.empty() ? 1.0f : reward_sign(*games_[0])) {}

Reason Batch::deal_until_acting(size_t i, Error* err) {
  while (games_[i]->awaiting_deal())
    if (Reason r = games_[i]->deal_seed(next_deal_seed(&streams_[i]), err); r != Reason::ok)
      return r;
  return Reason::ok;
}

Reason Batch::restart(size_t i, Error* err) {
  if (seated_) return restart_seated(i, err);
  games_[i]->reset();
  steps_[i] = 0;
  return deal_until_acting(i, err);
}

namespace {
// The bot k seats to the learner's left of a game whose stream starts at `seed` draws from
// this seed (Python's _Seated uses the same).
constexpr uint64_t kBotSalt = 0xD1B54A32D192ED03ull;
}  // namespace

Reason Batch::seat_bots(std::vector<std::string> levels, OptionList options, int learner_seat,
                        Error* err) {
  if (players_ < 2 || levels.size() != size_t(players_ - 1))
    return fail(err, Reason::bad_option, "%d bot levels for a %d-player game, not %zu",
                players_ - 1, players_, levels.size());
  if (learner_seat < -1 || learner_seat >= players_)
    return fail(err, Reason::bad_seat, "learner seat %d of a %d-player game (-1: rotate)",
                learner_seat, players_);
  for (const std::string& level : levels)
    if (!bots::make_bot(games_[0]->name(), level, 0, options, err)) return err->reason;
  bot_levels_ = std::move(levels);
  bot_options_ = std::move(options);
  learner_rule_ = learner_seat;
  bots_.clear();
  bots_.resize(games_.size() * size_t(players_ - 1));
  learner_.assign(games_.size(), learner_seat < 0 ? 0 : learner_seat);
  episodes_.assign(games_.size(), 0);
  marks_.assign(games_.size(), 0);
  seated_ = true;
  ready_ = false;
  return Reason::ok;
}

Reason Batch::make_bots(size_t i, uint64_t seed, Error* err) {
  const size_t per = size_t(players_ - 1);
  for (size_t k = 1; k <= per; ++k) {
    uint64_t state = seed ^ (kBotSalt * k);
    auto bot = bots::make_bot(games_[i]->name(), bot_levels_[k - 1], next_deal_seed(&state),
                              bot_options_, err);
    if (!bot) return err->reason;
    bots_[i * per + k - 1] = std::move(bot);
  }
  episodes_[i] = 0;
  return Reason::ok;
}

Reason Batch::play_bots(size_t i, bool* learner_decides, Error* err) {
  Game& g = *games_[i];
  const size_t per = size_t(players_ - 1);
  *learner_decides = false;
  for (;;) {
    if (Reason r = deal_until_acting(i, err); r != Reason::ok) return r;
    if (g.over()) return Reason::ok;
    const int seat = g.to_act();
    if (seat == learner_[i]) break;
    if (seat < 0) return fail(err, Reason::wrong_phase, "game %zu waits for a reshuffle", i);
    const size_t k = size_t((seat - learner_[i] + players_) % players_);
    ActionCode code;
    if (Reason r = bots_[i * per + k - 1]->choose(g, seat, &code, err); r != Reason::ok) return r;
    if (Reason r = g.apply(code, err); r != Reason::ok) return r;
  }
  *learner_decides = true;
  return Reason::ok;
}

Reason Batch::restart_seated(size_t i, Error* err) {
  // Episodes that end before the learner decides (none in the catalog's games) are skipped.
  for (int tries = 0; tries < 1000; ++tries) {
    if (learner_rule_ < 0) learner_[i] = int((i + episodes_[i]) % uint64_t(players_));
    ++episodes_[i];
    games_[i]->reset();
    steps_[i] = 0;
    marks_[i] = games_[i]->scores()[size_t(learner_[i])];
    bool decides = false;
    if (Reason r = play_bots(i, &decides, err); r != Reason::ok) return r;
    if (decides) return Reason::ok;
  }
  return fail(err, Reason::internal_error,
              "1000 episodes of game %zu ended before its learner decided", i);
}

void Batch::write_outputs(size_t i, float* obs, uint8_t* mask, int32_t* to_act) {
  const Game& g = *games_[i];
  const size_t obs_size = size_t(enc_.spec.observation_size);
  const size_t space = size_t(enc_.spec.action_space_size);
  if (!enc_.index_of) {
    const int seat = g.to_act();
    if (seat >= 0)
      enc_.observe(g, seat, obs + i * obs_size);
    else
      std::memset(obs + i * obs_size, 0, obs_size * sizeof(float));
    ActionCode* list = &choices_[i * space];
    const size_t n = seat >= 0 ? enc_.listed->choices(g, &scratch_, list) : 0;
    const size_t before = counts_[i];  // the rows the last list used (zeros at first)
    counts_[i] = uint16_t(n);
    std::memset(mask + i * space, 0, space);
    std::memset(mask + i * space, 1, n);
    for (size_t k = 0; k < n; ++k) legal_[i * space + k] = int32_t(k);
    legal_counts_[i] = int32_t(n);
    enc_.listed->features(g, list, n, &features_[i * space * size_t(enc_.spec.action_feature_size)],
                          before);
    if (to_act) to_act[i] = seat;
    return;
  }
  const int seat = g.to_act();
  if (seat >= 0)
    enc_.observe(g, seat, obs + i * obs_size);
  else
    std::memset(obs + i * obs_size, 0, obs_size * sizeof(float));
  uint8_t* row = mask + i * space;
  std::memset(row, 0, space);
  int16_t* where = &positions_[i * space];
  std::fill(where, where + space, int16_t(-1));
  const size_t n = legal_codes(g, &scratch_);
  int32_t* legal = &legal_[i * space];
  for (size_t k = 0; k < n; ++k) {
    const int index = enc_.index_of(scratch_[k]);
    row[index] = 1;
    where[index] = int16_t(k);
    legal[k] = index;
  }
  legal_counts_[i] = int32_t(n);
  if (to_act) to_act[i] = seat;
}

Reason Batch::reset(uint64_t seed, float* obs, uint8_t* mask, int32_t* to_act, Error* err) {
  for (size_t i = 0; i < games_.size(); ++i) {
    streams_[i] = seed + i;
    if (seated_)
      if (Reason r = make_bots(i, seed + i, err); r != Reason::ok) return r;
    if (Reason r = restart(i, err); r != Reason::ok) return r;
    write_outputs(i, obs, mask, to_act);
  }
  ready_ = true;
  return Reason::ok;
}

Reason Batch::step(const int32_t* actions, float* obs, uint8_t* mask, float* rewards,
                   uint8_t* terminated, uint8_t* truncated, int32_t* to_act, size_t* bad_game,
                   Error* err) {
  // Every index is checked before any game moves, so a refused step changes nothing.
  // The positions were noted when the masks were written (reset and every step since).
  if (!ready_) return fail(err, Reason::wrong_phase, "reset the batch before its first step");
  const size_t space = size_t(enc_.spec.action_space_size);
  for (size_t i = 0; i < games_.size(); ++i) {
    const int32_t index = actions[i];
    const bool legal = enc_.index_of ? index >= 0 && size_t(index) < space &&
                                           positions_[i * space + size_t(index)] >= 0
                                     : index >= 0 && index < counts_[i];
    if (!legal) {
      if (bad_game) *bad_game = i;
      return no_such_index(index, err);
    }
  }
  const size_t p = size_t(players_);
  for (size_t i = 0; i < games_.size(); ++i) {
    Game& g = *games_[i];
    const uint32_t scored = g.hands_scored();
    const Reason applied =
        enc_.index_of ? g.apply_legal(size_t(positions_[i * space + size_t(actions[i])]), err)
                      : enc_.listed->apply(g, choices_[i * space + size_t(actions[i])], err);
    if (applied != Reason::ok) return applied;
    ++steps_[i];
    float* reward = rewards + i * p;
    if (seated_) {
      bool decides = false;
      if (Reason r = play_bots(i, &decides, err); r != Reason::ok) return r;
      const size_t learner = size_t(learner_[i]);
      const int64_t now = g.scores()[learner];
      for (size_t s = 0; s < p; ++s) reward[s] = 0.0f;
      reward[learner] = float(now - marks_[i]) * reward_sign_ + 0.0f;
      marks_[i] = now;
    } else if (g.hands_scored() != scored) {
      const std::vector<int64_t> deltas = g.last_deltas();
      for (size_t s = 0; s < p; ++s) reward[s] = float(deltas[s]) * reward_sign_;
    } else {
      for (size_t s = 0; s < p; ++s) reward[s] = 0.0f;
    }
    terminated[i] = g.over() ? 1 : 0;
    truncated[i] = !terminated[i] && max_steps_ > 0 && steps_[i] >= max_steps_ ? 1 : 0;
    const Reason r = terminated[i] || truncated[i] ? restart(i, err) : deal_until_acting(i, err);
    if (r != Reason::ok) return r;
    write_outputs(i, obs, mask, to_act);
  }
  return Reason::ok;
}

}  // namespace deckhand::rl
