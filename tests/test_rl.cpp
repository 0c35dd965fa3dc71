// The reinforcement-learning C ABI (dh_rl_*, dh_batch_*; docs/observations.md): sizes, buffer
// and argument refusals, masks against the legal actions, and batches that refuse a bad step
// without moving, repeat themselves from a seed, and start finished games again.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#define DH_EXPERIMENTAL  // the reinforcement-learning calls are in that tier
#include "deckhand.h"

namespace {

dh_game* new_game(const char* name, int players = 0);

// A game of the catalog with a fixed action index space (no features per action), its sizes
// as dh_rl_spec_of gives them.
struct Sizes {
  std::string name;
  int observation;
  int actions;
  int players;
  std::string short_game;  // its play limit at 1, which ends games soon
};
std::vector<Sizes> fixed_games() {
  std::vector<Sizes> out;
  size_t games = 0;
  REQUIRE(dh_catalog_game_count(&games) == DH_OK);
  for (size_t i = 0; i < games; ++i) {
    dh_game_info info = DH_GAME_INFO_INIT;
    REQUIRE(dh_catalog_game(&info, i) == DH_OK);
    dh_game* g = new_game(info.name, info.min_players);
    dh_rl_spec spec = DH_RL_SPEC_INIT;
    REQUIRE(dh_rl_spec_of(&spec, g) == DH_OK);
    dh_game_free(g);
    if (spec.action_feature_size == 0)
      out.push_back({info.name, spec.observation_size, spec.action_space_size, info.min_players,
                     std::string(info.limit_option) + "=1"});
  }
  REQUIRE(!out.empty());
  return out;
}

dh_game* new_game(const char* name, int players) {
  dh_game* g = nullptr;
  REQUIRE(dh_game_new(&g, name, nullptr, 0, players, 0, nullptr) == DH_OK);
  return g;
}

std::vector<uint8_t> bytes_of(const dh_game* g) {
  size_t n = 0;
  dh_game_serialize(&n, nullptr, 0, g);
  std::vector<uint8_t> out(n);
  REQUIRE(dh_game_serialize(&n, out.data(), n, g) == DH_OK);
  return out;
}

struct Batch {
  dh_batch* b = nullptr;
  size_t n;
  Sizes sizes;
  std::vector<float> obs, rewards;
  std::vector<uint8_t> mask, terminated, truncated;
  std::vector<int32_t> to_act;
  Batch(const Sizes& s, size_t games, uint32_t max_steps = 0) : n(games), sizes(s) {
    dh_error err = DH_ERROR_INIT;
    const char* option = s.short_game.c_str();
    REQUIRE(dh_batch_new(&b, s.name.c_str(), &option, 1, 0, n, max_steps, &err) == DH_OK);
    obs.resize(n * size_t(s.observation));
    mask.resize(n * size_t(s.actions));
    rewards.resize(n * size_t(s.players));
    terminated.resize(n);
    truncated.resize(n);
    to_act.resize(n);
  }
  ~Batch() { dh_batch_free(b); }
  int reset(uint64_t seed) {
    return dh_batch_reset(b, seed, obs.data(), mask.data(), to_act.data(), nullptr);
  }
  int step(const std::vector<int32_t>& actions, dh_error* err = nullptr) {
    return dh_batch_step(b, actions.data(), obs.data(), mask.data(), rewards.data(),
                         terminated.data(), truncated.data(), to_act.data(), err);
  }
  // A legal index of each game, varied with `turn` (always the first one never ends a game:
  // everyone passes and Ghost Hand Euchre redeals, G5).
  std::vector<int32_t> some_legal(int turn) const {
    std::vector<int32_t> a(n, -1);
    for (size_t i = 0; i < n; ++i) {
      const uint8_t* row = &mask[i * size_t(sizes.actions)];
      int count = 0;
      for (int k = 0; k < sizes.actions; ++k) count += row[k];
      if (count == 0) continue;
      int wanted = int((size_t(turn) * 7 + i) % size_t(count));
      for (int k = 0; k < sizes.actions; ++k)
        if (row[k] && wanted-- == 0) {
          a[i] = k;
          break;
        }
    }
    return a;
  }
};

}  // namespace

TEST_CASE("rl: the documented sizes (docs/observations.md)") {
  const auto sizes_of = [](const char* name) {
    dh_game* g = new_game(name);
    dh_rl_spec spec = DH_RL_SPEC_INIT;
    REQUIRE(dh_rl_spec_of(&spec, g) == DH_OK);
    dh_game_free(g);
    return std::pair<int, int>(spec.observation_size, spec.action_space_size);
  };
  CHECK(sizes_of("ghost-euchre") == std::pair<int, int>(282, 34));
  CHECK(sizes_of("sheepshead") == std::pair<int, int>(540, 633));
}

TEST_CASE("rl: sizes, buffers and refusals") {
  for (const Sizes& s : fixed_games()) {
    CAPTURE(s.name);
    dh_game* g = new_game(s.name.c_str());
    REQUIRE(dh_game_deal_seed(g, 3, nullptr) == DH_OK);
    std::vector<float> obs(size_t(s.observation) + 1, -7.0f);
    CHECK(dh_rl_observe(obs.data(), obs.size() - 2, g, 0) == DH_E_BUFFER_TOO_SMALL);
    CHECK(dh_rl_observe(obs.data(), obs.size(), g, 9) == DH_E_INVALID_ARGUMENT);
    REQUIRE(dh_rl_observe(obs.data(), obs.size(), g, 0) == DH_OK);
    CHECK(obs.back() == -7.0f);  // nothing past observation_size
    for (size_t k = 0; k + 1 < obs.size(); ++k) CHECK(std::isfinite(obs[k]));
    std::vector<uint8_t> mask(size_t(s.actions));
    size_t count = 0;
    CHECK(dh_rl_action_mask(&count, mask.data(), mask.size() - 1, g) == DH_E_BUFFER_TOO_SMALL);
    REQUIRE(dh_rl_action_mask(&count, mask.data(), mask.size(), g) == DH_OK);
    size_t legal = 0;
    dh_game_legal_count(&legal, g);
    size_t ones = 0;
    for (uint8_t m : mask) ones += m;
    CHECK(count == legal);
    CHECK(ones == legal);
    std::vector<int32_t> indices(legal);
    size_t listed = 0;
    CHECK(dh_rl_legal_indices(&listed, nullptr, 0, g) == DH_E_BUFFER_TOO_SMALL);
    REQUIRE(dh_rl_legal_indices(&listed, indices.data(), indices.size(), g) == DH_OK);
    CHECK(listed == legal);
    for (int32_t index : indices) CHECK(mask[size_t(index)] == 1);
    // An index that is not legal is refused and changes nothing.
    int refused = 0;
    while (mask[size_t(refused)]) ++refused;
    const std::vector<uint8_t> before = bytes_of(g);
    dh_error err = DH_ERROR_INIT;
    CHECK(dh_rl_apply_index(g, refused, &err) == DH_E_INVALID_ARGUMENT);
    CHECK(std::string(err.code) == "bad_action_index");
    CHECK(dh_rl_apply_index(g, -1, nullptr) == DH_E_INVALID_ARGUMENT);
    CHECK(bytes_of(g) == before);
    dh_game_free(g);
  }
  dh_batch* b = nullptr;
  CHECK(dh_batch_new(&b, "ghost-euchre", nullptr, 0, 0, 0, 0, nullptr) == DH_E_INVALID_ARGUMENT);
  const char* history[] = {"history=on"};
  CHECK(dh_batch_new(&b, "ghost-euchre", history, 1, 0, 2, 0, nullptr) == DH_E_BAD_OPTION);
  CHECK(b == nullptr);
}

TEST_CASE("rl: a batch refuses a bad step whole, repeats from a seed, and restarts games") {
  for (const Sizes& s : fixed_games()) {
    CAPTURE(s.name);
    Batch a(s, 8), b(s, 8);
    CHECK(a.step(std::vector<int32_t>(8, 0)) == DH_E_WRONG_PHASE);  // before any reset
    REQUIRE(a.reset(42) == DH_OK);
    REQUIRE(b.reset(42) == DH_OK);
    size_t ended = 0;
    for (int step = 0; step < 3000; ++step) {
      CHECK(a.obs == b.obs);
      CHECK(a.mask == b.mask);
      std::vector<int32_t> actions = a.some_legal(step);
      for (int32_t x : actions) REQUIRE(x >= 0);
      if (step == 5) {
        // Game 3 given an index it cannot take: no game moves.
        std::vector<std::vector<uint8_t>> before;
        for (size_t i = 0; i < a.n; ++i) {
          const dh_game* g = nullptr;
          REQUIRE(dh_batch_game(&g, a.b, i) == DH_OK);
          before.push_back(bytes_of(g));
        }
        std::vector<int32_t> bad = actions;
        bad[3] = s.actions;
        dh_error err = DH_ERROR_INIT;
        CHECK(a.step(bad, &err) == DH_E_INVALID_ARGUMENT);
        CHECK(err.line == 4);
        for (size_t i = 0; i < a.n; ++i) {
          const dh_game* g = nullptr;
          dh_batch_game(&g, a.b, i);
          CHECK(bytes_of(g) == before[i]);
        }
      }
      REQUIRE(a.step(actions) == DH_OK);
      REQUIRE(b.step(actions) == DH_OK);
      CHECK(a.rewards == b.rewards);
      for (size_t i = 0; i < a.n; ++i) {
        ended += a.terminated[i];
        CHECK(a.to_act[i] >= 0);  // a finished game was dealt again at once
      }
    }
    CHECK(ended > 0);
  }
}

TEST_CASE("rl: a batch with bots asks only each game's learner, in every seat by rotation") {
  for (const Sizes& s : fixed_games()) {
    CAPTURE(s.name);
    const size_t n = 3;
    Batch a(s, n);
    const size_t others = size_t(s.players - 1);
    std::vector<const char*> levels(others, "basic");
    levels[0] = "random";
    dh_error err = DH_ERROR_INIT;
    // Refused, and nothing changes: a level too many, an unknown level, a seat out of range.
    std::vector<const char*> too_many(others + 1, "basic");
    CHECK(dh_batch_seat_bots(a.b, too_many.data(), too_many.size(), 0, nullptr, 0, &err) ==
          DH_E_BAD_OPTION);
    std::vector<const char*> unknown(others, "grandmaster");
    CHECK(dh_batch_seat_bots(a.b, unknown.data(), others, 0, nullptr, 0, &err) == DH_E_BAD_OPTION);
    CHECK(std::string(err.message).find("grandmaster") != std::string::npos);
    CHECK(dh_batch_seat_bots(a.b, levels.data(), others, s.players, nullptr, 0, &err) ==
          DH_E_INVALID_ARGUMENT);
    CHECK(dh_batch_seat_bots(nullptr, levels.data(), others, 0, nullptr, 0, &err) ==
          DH_E_NULL_ARGUMENT);
    CHECK(dh_batch_seat_bots(a.b, nullptr, others, 0, nullptr, 0, &err) == DH_E_NULL_ARGUMENT);
    CHECK(dh_batch_seat_bots(a.b, levels.data(), others, 0, nullptr, 1, &err) ==
          DH_E_NULL_ARGUMENT);
    const char* not_key_value = "samples";
    CHECK(dh_batch_seat_bots(a.b, levels.data(), others, 0, &not_key_value, 1, &err) ==
          DH_E_BAD_OPTION);
    REQUIRE(dh_batch_seat_bots(a.b, levels.data(), others, -1, nullptr, 0, &err) == DH_OK);
    REQUIRE(a.reset(7) == DH_OK);
    std::vector<std::vector<int32_t>> seats(n);
    for (size_t i = 0; i < n; ++i) seats[i].push_back(a.to_act[i]);
    for (int step = 0; step < 4000; ++step) {
      for (size_t i = 0; i < n; ++i) {
        const dh_game* g = nullptr;
        REQUIRE(dh_batch_game(&g, a.b, i) == DH_OK);
        int32_t seat = -1;
        REQUIRE(dh_game_to_act(&seat, g) == DH_OK);
        CHECK(seat == a.to_act[i]);  // never a bot's decision
      }
      const std::vector<int32_t> learners = a.to_act;
      REQUIRE(a.step(a.some_legal(step)) == DH_OK);
      for (size_t i = 0; i < n; ++i) {
        for (int p = 0; p < s.players; ++p)
          if (p != learners[i]) CHECK(a.rewards[i * size_t(s.players) + size_t(p)] == 0.0f);
        if (a.terminated[i]) seats[i].push_back(a.to_act[i]);
      }
    }
    for (size_t i = 0; i < n; ++i) {
      REQUIRE(seats[i].size() > size_t(s.players));
      for (size_t e = 0; e <= size_t(s.players); ++e)
        CHECK(seats[i][e] == int32_t((i + e) % size_t(s.players)));
    }
  }
}

TEST_CASE("rl: max_steps truncates an episode") {
  Batch a(fixed_games()[0], 2, 10);
  REQUIRE(a.reset(1) == DH_OK);
  for (int step = 1; step <= 10; ++step) {
    REQUIRE(a.step(a.some_legal(step)) == DH_OK);
    CHECK(a.truncated[0] == (step == 10 ? 1 : 0));
  }
}

// Toonerville, a listed game: choices capped at 64 with 75 features each, and the buy (T6)
// offered in turn order after the seat to act declines the discard, in the game's state.
TEST_CASE("rl: Toonerville's choices and the buy offered in turn order (T6)") {
  dh_game* g = new_game("toonerville", 4);
  dh_rl_spec spec = DH_RL_SPEC_INIT;
  REQUIRE(dh_rl_spec_of(&spec, g) == DH_OK);
  CHECK(spec.observation_size == 932);
  CHECK(spec.action_space_size == 64);
  CHECK(spec.action_feature_size == 75);
  REQUIRE(dh_game_deal_seed(g, 7, nullptr) == DH_OK);
  std::vector<uint8_t> mask(64);
  std::vector<float> features(64 * 75), obs(932);
  size_t count = 0;
  // The seat to act (seat 1, left of dealer 0) may take or draw: two choices.
  REQUIRE(dh_rl_choices(&count, mask.data(), 64, features.data(), features.size(), g, -1) == DH_OK);
  CHECK(count == 2);
  CHECK(features[0] == 1.0f);       // choice 0: take
  CHECK(features[75 + 1] == 1.0f);  // choice 1: draw
  CHECK(mask[2] == 0);
  int32_t seat = -1;
  CHECK(dh_rl_agent(&seat, g, -1) == DH_OK);
  CHECK(seat == 1);
  CHECK(dh_rl_agent(&seat, g, 1) == DH_E_INVALID_ARGUMENT);  // offers are in the state
  CHECK(dh_rl_choices(&count, mask.data(), 63, features.data(), features.size(), g, -1) ==
        DH_E_BUFFER_TOO_SMALL);
  // Declining offers the discard to seat 2, then 3, then 0, each the game's seat to act;
  // passing on all of them draws.
  int32_t offer = -1;
  dh_error err = DH_ERROR_INIT;
  REQUIRE(dh_rl_apply_choice(g, &offer, 1, &err) == DH_OK);
  CHECK(offer == -1);
  CHECK(dh_rl_agent(&seat, g, -1) == DH_OK);
  CHECK(seat == 2);
  int32_t to_act_now = -1;
  REQUIRE(dh_game_to_act(&to_act_now, g) == DH_OK);
  CHECK(to_act_now == 2);
  REQUIRE(dh_rl_observe_offer(obs.data(), obs.size(), g, 0, -1) == DH_OK);
  CHECK(obs[57 + 4 + 11 + 5 + 5 + 2] == 1.0f);  // seat 0 sees the offer to seat 2
  CHECK(obs[57 + 4 + 11 + 5 + 1] == 1.0f);      // and that it is seat 1's turn
  REQUIRE(dh_rl_observe(obs.data(), obs.size(), g, 0) == DH_OK);
  CHECK(obs[57 + 4 + 11 + 5 + 5 + 2] == 1.0f);  // the same without the offer argument
  REQUIRE(dh_rl_choices(&count, mask.data(), 64, features.data(), features.size(), g, -1) == DH_OK);
  CHECK(count == 2);
  CHECK(features[2] == 1.0f);       // buy
  CHECK(features[75 + 7] == 1.0f);  // pass
  const std::vector<uint8_t> before = bytes_of(g);
  CHECK(dh_rl_apply_choice(g, &offer, 2, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(std::string(err.code) == "bad_action_index");
  int32_t stale = 1;
  CHECK(dh_rl_apply_choice(g, &stale, 0, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(std::string(err.code) == "bad_offer");
  CHECK(bytes_of(g) == before);
  REQUIRE(dh_rl_apply_choice(g, &offer, 1, &err) == DH_OK);
  CHECK((dh_rl_agent(&seat, g, -1) == DH_OK && seat == 3));
  REQUIRE(dh_rl_apply_choice(g, &offer, 1, &err) == DH_OK);
  CHECK((dh_rl_agent(&seat, g, -1) == DH_OK && seat == 0));
  dh_game* bought = nullptr;
  REQUIRE(dh_game_clone(&bought, g, nullptr) == DH_OK);
  REQUIRE(dh_rl_apply_choice(g, &offer, 1, &err) == DH_OK);
  CHECK(offer == -1);
  const char* phase = nullptr;
  REQUIRE(dh_game_phase(&phase, g) == DH_OK);
  CHECK(std::string(phase) == "play");  // seat 1 drew
  CHECK((dh_rl_agent(&seat, g, -1) == DH_OK && seat == 1));
  // Seat 0 buys instead: it gets the discard and a penalty card, then seat 1 draws.
  REQUIRE(dh_rl_apply_choice(bought, &offer, 0, &err) == DH_OK);
  CHECK(offer == -1);
  REQUIRE(dh_rl_observe_offer(obs.data(), obs.size(), bought, 0, -1) == DH_OK);
  CHECK(obs[57 + 4 + 11 + 15] == 14 / 20.0f);  // its hand: 12 dealt, the discard, a penalty
  REQUIRE(dh_game_phase(&phase, bought) == DH_OK);
  CHECK(std::string(phase) == "play");
  dh_game_free(bought);
  dh_game_free(g);

  // A batch writes every game's features; other games' batches have none.
  dh_batch* batch = nullptr;
  REQUIRE(dh_batch_new(&batch, "toonerville", nullptr, 0, 3, 2, 0, nullptr) == DH_OK);
  std::vector<float> bobs(2 * 932), rewards(2 * 3);
  std::vector<uint8_t> bmask(2 * 64), term(2), trunc(2);
  std::vector<int32_t> to_act(2);
  REQUIRE(dh_batch_reset(batch, 1, bobs.data(), bmask.data(), to_act.data(), nullptr) == DH_OK);
  const float* bf = nullptr;
  REQUIRE(dh_batch_features(&bf, batch) == DH_OK);
  CHECK(bf[0] == 1.0f);                 // game 0, choice 0: take
  CHECK(bf[64 * 75 + 75 + 1] == 1.0f);  // game 1, choice 1: draw
  const int32_t actions[2] = {1, 2};    // game 1 has no choice 2: nothing moves
  CHECK(dh_batch_step(batch, actions, bobs.data(), bmask.data(), rewards.data(), term.data(),
                      trunc.data(), to_act.data(), nullptr) == DH_E_INVALID_ARGUMENT);
  const int32_t declines[2] = {1, 1};
  REQUIRE(dh_batch_step(batch, declines, bobs.data(), bmask.data(), rewards.data(), term.data(),
                        trunc.data(), to_act.data(), nullptr) == DH_OK);
  CHECK(to_act[0] == 2);  // the buy is offered to seat 2, after seat 1 declined
  CHECK(bf[2] == 1.0f);
  dh_batch_free(batch);
  dh_batch* euchre = nullptr;
  REQUIRE(dh_batch_new(&euchre, "ghost-euchre", nullptr, 0, 0, 1, 0, nullptr) == DH_OK);
  CHECK(dh_batch_features(&bf, euchre) == DH_E_UNSUPPORTED);
  dh_batch_free(euchre);
}

// The reward sign is the catalog's lower_is_better, turned into a factor; a caller of the
// first layout (size 0) is not given it.
TEST_CASE("rl: the reward sign follows the catalog's lower_is_better") {
  size_t games = 0;
  REQUIRE(dh_catalog_game_count(&games) == DH_OK);
  for (size_t i = 0; i < games; ++i) {
    dh_game_info info = DH_GAME_INFO_INIT;
    REQUIRE(dh_catalog_game(&info, i) == DH_OK);
    CAPTURE(std::string(info.name));
    dh_game* g = new_game(info.name, info.min_players);
    dh_rl_spec spec = DH_RL_SPEC_INIT;
    REQUIRE(dh_rl_spec_of(&spec, g) == DH_OK);
    CHECK(spec.reward_sign == (info.lower_is_better ? -1 : 1));
    dh_rl_spec first{};
    first.reward_sign = 7;
    REQUIRE(dh_rl_spec_of(&first, g) == DH_OK);
    CHECK(first.observation_size == spec.observation_size);
    CHECK(first.reward_sign == 7);
    dh_game_free(g);
  }
}
