// Random-game property tests for Ghost Hand Euchre (CONTRIBUTING.md): 10,000 whole
// games under random options, checking at every state that
//   - every card is in exactly one place (check_invariants, G1/G2 conservation),
//   - the legal list agrees with apply over the whole action space (G3–G8),
//   - serialize -> deserialize gives the identical state,
//   - a seat's view does not change when two cards hidden from it are exchanged (G11),
// and per game that writing a record and replaying it gives the identical game, and that
// the hand deltas add up to the scores (G9).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"
#include "ghost_euchre/internal.hpp"
#include "test_support.hpp"

using namespace deckhand;
using namespace deckhand::ghost_euchre;

namespace {

constexpr int kGames = 10000;

Options random_options(PortableRng& rng, OptionList* as_text) {
  Options o;
  const char* keys[] = {"swaps", "all_pass", "renege", "declarer_scores", "moon_set", "tiebreak"};
  const char* values[][2] = {
      {"one", "chain"}, {"redeal", "stick_dealer"}, {"reject", "penalize"}, {"tricks", "bid"},
      {"24", "6"},      {"extra_hand", "highest"}};
  for (int i = 0; i < 6; ++i) {
    const int v = int(rng.bounded(2));
    REQUIRE(set_option(&o, keys[i], values[i][v], nullptr) == Reason::ok);
    as_text->emplace_back(keys[i], values[i][v]);
  }
  // Short targets make tie-breaks and game ends frequent.
  const int target = rng.bounded(3) == 0 ? 32 : int(2 + rng.bounded(12));
  REQUIRE(set_option(&o, "target", std::to_string(target), nullptr) == Reason::ok);
  as_text->emplace_back("target", std::to_string(target));
  // G10 max_hands now and then: games that end at the limit, with or without a tie.
  const int max_hands = rng.bounded(4) == 0 ? int(1 + rng.bounded(8)) : 0;
  REQUIRE(set_option(&o, "max_hands", std::to_string(max_hands), nullptr) == Reason::ok);
  as_text->emplace_back("max_hands", std::to_string(max_hands));
  return o;
}

// Two cards hidden from `seat` exchanged (detail::swap_hidden, the descriptor's hook) leave
// its view byte for byte the same (G11).
void check_view_hides(const State& s, int seat, PortableRng& rng) {
  State copy;
  if (!detail::swap_hidden(s, seat, rng.next(), &copy)) return;
  const View before = view(s, seat), after = view(copy, seat);
  ENSURE(testing::same_bytes(before, after), "");
  // The text forms derive from the View bytes; comparing them now and then is enough.
  if (rng.bounded(64) == 0) {
    ENSURE(view_json(before) == view_json(after), "");
    ENSURE(view_text(before) == view_text(after), "");
  }
}

// Random play that still ends games: uniformly random moves let scores drift down forever
// (moons fail, reneges cost 2), so bids are rarer and reneges occasional.
Action pick_action(const State& s, const Action* legal, int n, PortableRng& rng) {
  if (s.phase == Phase::bidding) {
    for (int i = 0; i < n; ++i)
      if (legal[i].kind == ActionKind::pass && rng.bounded(3) != 0) return legal[i];
    if (n > 1 && rng.bounded(4) != 0) {  // prefer the lower bids
      const Action* lowest_bid = nullptr;
      for (int i = 0; i < n; ++i)
        if (legal[i].kind == ActionKind::bid && (!lowest_bid || legal[i].arg < lowest_bid->arg))
          lowest_bid = &legal[i];
      if (lowest_bid) return *lowest_bid;
    }
  }
  if (s.phase == Phase::play && s.options.renege == Renege::penalize && s.in_trick > 0 &&
      rng.bounded(20) != 0) {
    const CardSet follow = ranking_for(Suit(s.trump)).playable(s.hands[s.to_act], led_card(s));
    const Card c = follow.nth(int(rng.bounded(uint64_t(follow.size()))));
    return Action{s.to_act, ActionKind::play, c.code};
  }
  return legal[rng.bounded(uint64_t(n))];
}

void check_state(const State& s, PortableRng& rng) {
  Error err;
  ENSURE(check_invariants(s, &err) == Reason::ok, err.message);

  // Legal list vs apply over the whole action space, for the seat to act.
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  const int seat = to_act(s);
  ENSURE((seat < 0) == (n == 0), "");
  if (seat >= 0) {
    uint64_t listed = 0;
    for (int i = 0; i < kActionSpaceSize; ++i) {
      const Action a = action_from_index(i, seat);
      bool in_list = false;
      for (int k = 0; k < n; ++k) in_list |= legal[k] == a;
      listed |= uint64_t(in_list) << i;
      State out = s;
      const Reason r = apply(s, a, &out, nullptr);
      ENSURE((r == Reason::ok) == in_list, format_action(a));
      if (r != Reason::ok) ENSURE(testing::same_bytes(out, s), "");  // a refusal changes nothing
    }
    ENSURE(std::popcount(listed) == n, "");  // no duplicates in the list
    // A listed action, made by another seat, is refused as out of turn.
    Action other = legal[rng.bounded(uint64_t(n))];
    other.seat = uint8_t((seat + 1 + int(rng.bounded(2))) % kPlayers);
    ENSURE(check(s, other, nullptr) == Reason::wrong_seat, "");
  }

  // Serialization round trip.
  uint8_t bytes[kSerializedSize];
  ENSURE(serialize(s, bytes, sizeof bytes) == kSerializedSize, "");
  State back;
  ENSURE(deserialize(bytes, sizeof bytes, &back, &err) == Reason::ok, "");
  ENSURE(testing::same_bytes(back, s), "");

  // Views hide what they must.
  for (int v = 0; v < kPlayers; ++v) check_view_hides(s, v, rng);
}

}  // namespace

// Half the games each, so that ctest runs the halves on both cores.
void run_games(uint64_t rng_seed, int games) {
  PortableRng rng(rng_seed);
  int64_t states = 0, hands = 0, tiebreaks = 0, reneges = 0, limit_ends = 0;
  for (int g = 0; g < games; ++g) {
    OptionList option_text;
    const Options options = random_options(rng, &option_text);
    const int dealer = int(rng.bounded(kPlayers));
    State s = new_game(options, dealer);
    auto game = make_game("ghost-euchre", option_text, 3, dealer, nullptr);
    REQUIRE(game);
    int64_t totals[kPlayers] = {};
    while (!is_over(s)) {
      check_state(s, rng);
      ++states;
      if (s.phase == Phase::deal) {
        const uint64_t seed = rng.next();
        REQUIRE(deal_seed(s, seed, &s, nullptr) == Reason::ok);
        REQUIRE(game->deal_seed(seed, nullptr) == Reason::ok);
        continue;
      }
      Action legal[kMaxLegalActions];
      const int n = legal_actions(s, legal);
      const Action a = pick_action(s, legal, n, rng);
      const uint32_t scored = s.hands_scored;
      ENSURE(advance(&s, a, nullptr) == Reason::ok, format_action(a));
      // Half the moves go through the text form, as a record or a UI would send them.
      if (rng.bounded(2))
        ENSURE(game->apply_text(a.seat, format_action(a), nullptr) == Reason::ok, "");
      else
        ENSURE(
            game->apply(ActionCode{a.seat, uint8_t(a.kind), a.arg, 0, {}}, nullptr) == Reason::ok,
            "");
      if (s.hands_scored != scored) {
        ++hands;
        for (int p = 0; p < kPlayers; ++p) {
          totals[p] += s.last.deltas[p];
          reneges += s.last.reneges[p];
        }
      }
    }
    check_state(s, rng);
    tiebreaks += s.tiebreak;
    for (int p = 0; p < kPlayers; ++p) REQUIRE(totals[p] == s.scores[p]);
    REQUIRE(s.winners != 0);
    REQUIRE((!s.options.max_hands || s.hands_scored <= s.options.max_hands));
    if (s.options.max_hands && s.hands_scored == s.options.max_hands) {
      ++limit_ends;  // G10: at the limit every seat with the highest total wins
      const int32_t top = std::max({s.scores[0], s.scores[1], s.scores[2]});
      for (int p = 0; p < kPlayers; ++p)
        REQUIRE(((s.winners >> p & 1) != 0) == (s.scores[p] == top));
    }

    // The game object followed the same path; its record replays to the same game.
    const std::vector<uint8_t> bytes = game->serialize();
    uint8_t image[kSerializedSize];
    serialize(s, image, sizeof image);
    REQUIRE(std::memcmp(bytes.data(), image, kSerializedSize) == 0);
    if (g % 10 == 0) {
      const ReplayResult replayed = replay_record(game->record());
      REQUIRE_MESSAGE(replayed.ok, replayed.error.message);
      REQUIRE(replayed.final_game->serialize() == bytes);
      Error err;
      auto restored = deserialize_game(bytes.data(), bytes.size(), &err);
      REQUIRE_MESSAGE(restored, err.message);
      REQUIRE(restored->record() == game->record());
    }
  }
  MESSAGE(games, " games, ", hands, " hands, ", states, " states, ", tiebreaks,
          " tie-break games, ", reneges, " reneges, ", limit_ends, " games at max_hands");
  CHECK_SEEN(tiebreaks > 0);
  CHECK_SEEN(reneges > 0);
  CHECK_SEEN(limit_ends > 0);
}

TEST_CASE(
    "Random games, first half: conservation, legal actions, serialization, views, records "
    "(G1-G11)") {
  run_games(20261129, property_count(kGames / 2));
}

TEST_CASE(
    "Random games, second half: conservation, legal actions, serialization, views, records "
    "(G1-G11)") {
  run_games(1129, property_count(kGames - kGames / 2));
}
