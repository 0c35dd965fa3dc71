#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "common/state_image.hpp"
#define DH_EXPERIMENTAL
#include "deckhand.h"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/toonerville.hpp"
#include "ghost_euchre/internal.hpp"
#include "sheepshead/internal.hpp"
#include "test_support.hpp"

// State images validated in full: deserialize (through check_invariants) refuses every image
// whose derived fields disagree with the primary ones, or whose counters, seats, cards or
// scores could break later play. Each case takes a real state reached by seeded random play,
// plants one inconsistency, writes it as an image with a correct checksum, and expects
// Reason::corrupt_state from the check that names it (so removing that check fails the case).

using namespace deckhand;
using deckhand::detail::kScoreLimit;

namespace {

// The message of deserialize's refusal of s's image ("" when it accepts the image).
template <typename State>
std::string refusal(const State& s) {
  std::vector<uint8_t> bytes(sizeof(State) + 16);
  REQUIRE(serialize(s, bytes.data(), bytes.size()) == bytes.size());
  State out{};
  Error err;
  const Reason r = deserialize(bytes.data(), bytes.size(), &out, &err);
  if (r == Reason::ok) return "";
  CHECK(r == Reason::corrupt_state);
  return err.message;
}

// Seeded random play from `s` (dealing when a deal is due) until `reached` holds.
template <typename State, typename Action, int kMaxLegal>
State play_until(State s, uint64_t seed, const std::function<bool(const State&)>& reached) {
  std::vector<Action> legal(kMaxLegal);
  for (int step = 0; step < 200000; ++step) {
    if (reached(s)) return s;
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    if (is_over(s)) break;
    if (to_act(s) < 0) {
      REQUIRE(deal_seed(s, seed >> 16, &s, nullptr) == Reason::ok);
      continue;
    }
    const int n = legal_actions(s, legal.data());
    REQUIRE(n > 0);
    REQUIRE(advance(&s, legal[(seed >> 33) % uint64_t(n)], nullptr) == Reason::ok);
  }
  FAIL("the state sought was not reached");
  return s;
}

// One planted inconsistency: the state it starts from, the edit, and the words of the
// refusal that must name it.
template <typename State>
struct Plant {
  const char* what;
  const State* base;
  std::function<void(State&)> edit;
  const char* refusal;
};

template <typename State>
void check_plants(const std::vector<Plant<State>>& plants) {
  for (const Plant<State>& p : plants) {
    const std::string what = p.what;
    CAPTURE(what);
    REQUIRE(refusal(*p.base) == "");
    State s = *p.base;
    p.edit(s);
    const std::string message = refusal(s);
    CHECK_MESSAGE(message.find(p.refusal) != std::string::npos, message);
  }
}

}  // namespace

// --- Ghost Hand Euchre ---

namespace ge_images {

using namespace deckhand::ghost_euchre;

State reach(const Options& o, uint64_t seed, std::function<bool(const State&)> reached) {
  return play_until<State, Action, kMaxLegalActions>(new_game(o), seed, reached);
}

int next(int seat) {
  return (seat + 1) % kPlayers;
}

TEST_CASE("G3-G10 state images: a score at INT32_MIN is refused (it would overflow when scored)") {
  const State between = reach({}, 1, [](const State& s) { return s.hands_scored == 1; });
  State s = between;
  s.scores[0] = INT32_MIN;
  CHECK(refusal(s).find("score limit") != std::string::npos);
  s.scores[0] = -kScoreLimit;  // the limit itself is a score
  CHECK(refusal(s) == "");
}

TEST_CASE("G9 scoring saturates at the score limit instead of overflowing") {
  State s = reach({}, 2, [](const State& x) { return x.phase == Phase::deal && x.hands_scored; });
  for (int32_t& score : s.scores) score = -kScoreLimit;
  REQUIRE(refusal(s) == "");
  const uint32_t before = s.hands_scored;
  s = play_until<State, Action, kMaxLegalActions>(s, 3, [&](const State& x) {
    return x.hands_scored > before && x.last.deltas[x.last.declarer] < 0;
  });
  CHECK(s.scores[s.last.declarer] == -kScoreLimit);
  CHECK(refusal(s) == "");
}

TEST_CASE("G2 deal counters stop at their maximum instead of wrapping") {
  State s = new_game();
  s.hand_number = s.hands_scored = UINT32_MAX;
  s.last = reach({}, 4, [](const State& x) { return x.hands_scored == 1; }).last;
  REQUIRE(refusal(s) == "");
  s = play_until<State, Action, kMaxLegalActions>(
      s, 5, [](const State& x) { return x.phase == Phase::bidding; });
  CHECK(s.hand_number == UINT32_MAX);
  CHECK(refusal(s) == "");
}

TEST_CASE("G1-G10 state images: every derived field is recomputed and compared") {
  Options penalize;
  penalize.renege = Renege::penalize;
  const State fresh = new_game();
  const State bidding = reach({}, 11, [](const State& s) {
    return s.phase == Phase::bidding && s.auction_len >= 1 && s.speakers == 1 && s.hands_scored;
  });
  const State trump = reach({}, 12, [](const State& s) { return s.phase == Phase::trump; });
  const State playing = reach(penalize, 13, [](const State& s) {
    return s.phase == Phase::play && s.tricks_done >= 2 && s.in_trick == 2;
  });
  const State between = reach({}, 14, [](const State& s) {
    return s.phase == Phase::deal && s.hands_scored >= 1 && s.tricks_done == kTricks;
  });
  Options short_game;
  short_game.target = 5;
  const State over = reach(short_game, 15, [](const State& s) { return s.phase == Phase::over; });
  const int first = next(bidding.dealer);
  const std::vector<Plant<State>> plants = {
      {"a score beyond the limit", &between, [](State& s) { s.scores[1] = kScoreLimit + 1; },
       "score limit"},
      {"G3 an auction entry out of turn", &bidding,
       [](State& s) { s.auction[0] = uint8_t((next(s.dealer + 1) << 4) | (s.auction[0] & 15)); },
       "follow the seats in turn"},
      {"G4 a second swap in one turn", &bidding,
       [&](State& s) {
         s.auction[0] = s.auction[1] = uint8_t(first << 4 | kAuctionSwap);
         s.auction_len = 2;
       },
       "a swap G4 does not allow"},
      {"G5 the stuck dealer passed", &bidding,
       [&](State& s) {
         s.options.all_pass = AllPass::stick_dealer;
         s.auction[0] = uint8_t(first << 4);
         s.auction[1] = uint8_t(next(first) << 4);
         s.auction[2] = uint8_t(s.dealer << 4);
         s.auction_len = 3;
       },
       "stuck dealer"},
      {"G3 a bid not higher than the last", &bidding,
       [&](State& s) {
         s.auction[0] = uint8_t(first << 4 | 4);
         s.auction[1] = uint8_t(next(first) << 4 | 3);
         s.auction_len = 2;
       },
       "not higher than the last"},
      {"an auction entry past its length", &bidding, [](State& s) { s.auction[5] = 0x10; },
       "beyond its length"},
      {"G3 a high bid the log does not give", &bidding,
       [](State& s) {
         s.high_bid = 5;
         s.declarer = 0;
       },
       "not what the auction log gives"},
      {"G3 bidding after the auction ended", &trump,
       [](State& s) {
         s.phase = Phase::bidding;
         s.to_act = uint8_t(next(s.to_act));
       },
       "bidding after the auction ended"},
      {"G3 the wrong seat to speak", &bidding, [](State& s) { s.to_act = uint8_t(next(s.to_act)); },
       "wrong seat to speak"},
      {"G6 naming trump before the auction ended", &bidding,
       [](State& s) { s.phase = Phase::trump; }, "has not named a declarer"},
      {"G6 another seat names trump", &trump, [](State& s) { s.to_act = uint8_t(next(s.to_act)); },
       "the declarer must name trump"},
      {"G7 a trick led by the wrong seat", &playing,
       [](State& s) { s.leaders[1] = uint8_t(next(s.leaders[1])); }, "leader is not the winner"},
      {"G7 a card at the wrong seat of the trick", &playing,
       [](State& s) {
         const int t = s.tricks_done, second = next(s.leaders[t]), third = next(second);
         const Card moved(s.played[t][second]), back = s.hands[third].lowest();
         s.played[t][third] = moved.code;
         s.played[t][second] = kNoCard;
         s.hands[third].remove(back);
         s.hands[second].add(back);
       },
       "from its leader onwards"},
      {"G7 a trick credited to the wrong seat", &playing,
       [](State& s) {
         const int w = s.leaders[1], other = next(w);
         s.tricks_won[w]--;
         s.tricks_won[other]++;
       },
       "tricks won are not"},
      {"G8 a renege that was not one", &playing, [](State& s) { s.reneges[s.to_act]++; },
       "reneges are not"},
      {"G7 the wrong seat to play", &playing, [](State& s) { s.to_act = uint8_t(next(s.to_act)); },
       "wrong seat to act in the trick"},
      {"G9 a last hand before any hand", &fresh, [](State& s) { s.last.bid = 3; },
       "before any scored hand"},
      {"G9 a last hand with no hand scored", &between, [](State& s) { s.hands_scored = 0; },
       "a last hand without a scored hand"},
      {"G9 a last hand's deltas edited", &between, [](State& s) { s.last.deltas[0] += 1; },
       "score changes are not what"},
      {"G9 a last hand's tricks edited", &between, [](State& s) { s.last.tricks[0]++; },
       "do not add up to six"},
      {"G10 a tie-break flag out of range", &between, [](State& s) { s.tiebreak = 2; },
       "tie-break flag"},
      {"G10 two winners", &over, [](State& s) { s.winners = 3; }, "one seat alone on top"},
      {"G10 a winner not on top", &over,
       [](State& s) {
         const int w = __builtin_ctz(s.winners);
         s.scores[next(w)] = s.scores[w];
       },
       "one seat alone on top"},
      {"G10 winners before the end", &between, [](State& s) { s.winners = 1; },
       "winners before the game is over"},
      {"a hand in progress counted as scored", &bidding,
       [](State& s) { s.hands_scored = s.hand_number; }, "already counted as scored"},
      {"a hand left half played between hands", &between, [](State& s) { s.tricks_done = 3; },
       "half played"},
      {"the table is not the last hand scored", &between,
       [](State& s) { s.declarer = uint8_t(next(s.declarer)); }, "not the hand on the table"},
      {"a card played twice in the last hand", &between,
       [](State& s) { s.played[0][0] = s.played[1][0]; }, "a card played twice"},
      // Found by fuzz_image: the check of the last hand's cards took "no card" for a card.
      {"a trick of the last hand short of a card", &between,
       [](State& s) { s.played[2][1] = kNoCard; }, "a trick short of a card"},
  };
  check_plants(plants);
}

}  // namespace ge_images

// --- Sheepshead ---

namespace sh_images {

using namespace deckhand::sheepshead;

State reach(const Options& o, uint64_t seed, std::function<bool(const State&)> reached) {
  return play_until<State, Action, kMaxLegalActions>(new_game(o), seed, reached);
}

int next(int seat) {
  return (seat + 1) % kPlayers;
}

bool in_trick(const State& s, Contract c) {
  return s.phase == Phase::play && s.contract == c && s.tricks_done >= 2 && s.in_trick == 2;
}

// Issue 28: a picking-phase image with in_trick = 1 (or tricks_done = 1) was accepted, and
// the first card played then read suit_of[255]. Refused by the C++ deserialize and by both C
// ABI paths (history=off bytes are the state image).
TEST_CASE("S4-S9 state images: trick fields outside the play phase are refused (issue 28)") {
  for (uint8_t k = 0; k < 3; ++k) {
    const Phase want = k == 0 ? Phase::picking : k == 1 ? Phase::burying : Phase::calling;
    const State s0 = reach({}, 5 + k, [&](const State& s) { return s.phase == want; });
    for (int field = 0; field < 2; ++field) {
      CAPTURE(int(k));
      CAPTURE(field);
      State s = s0;
      (field == 0 ? s.in_trick : s.tricks_done) = 1;
      CHECK(refusal(s).find("trick counters set before the play") != std::string::npos);
      std::vector<uint8_t> bytes(sizeof(State) + 16);
      REQUIRE(serialize(s, bytes.data(), bytes.size()) == bytes.size());
      dh_game* g = nullptr;
      CHECK(dh_game_deserialize(&g, bytes.data(), bytes.size(), nullptr) == DH_E_CORRUPT);
      CHECK(g == nullptr);
      const char* off[] = {"history=off"};
      REQUIRE(dh_game_new(&g, "sheepshead", off, 1, 0, 0, nullptr) == DH_OK);
      CHECK(dh_game_deserialize_into(g, bytes.data(), bytes.size(), nullptr) == DH_E_CORRUPT);
      dh_game_free(g);
    }
  }
}

TEST_CASE("S1, S9 state images: card points edited per seat are refused (tricks are replayed)") {
  const State s0 = reach({}, 21, [](const State& s) { return in_trick(s, Contract::called); });
  State s = s0;
  const int w = s.trick_winners[0], other = next(w);
  s.points[w] = uint8_t(s.points[w] - 1);  // the total stays, the seats' shares do not
  s.points[other] = uint8_t(s.points[other] + 1);
  CHECK(refusal(s).find("card points or tricks won") != std::string::npos);
  s = s0;
  s.tricks_won[w]--;
  s.tricks_won[other]++;
  CHECK(refusal(s).find("card points or tricks won") != std::string::npos);
}

TEST_CASE("S11, S15 scoring leaves every score as it is when a hand would cross the limit") {
  State s = reach({}, 22, [](const State& x) { return x.phase == Phase::deal && x.hands_scored; });
  s.scores[0] = -kScoreLimit;
  s.scores[1] = kScoreLimit;
  s.scores[2] = s.scores[3] = s.scores[4] = 0;
  REQUIRE(refusal(s) == "");
  const uint32_t before = s.hands_scored;
  s = play_until<State, Action, kMaxLegalActions>(s, 23, [&](const State& x) {
    return x.hands_scored > before && (x.last.deltas[0] < 0 || x.last.deltas[1] > 0);
  });
  CHECK(s.scores[0] == -kScoreLimit);
  CHECK(s.scores[1] == kScoreLimit);
  CHECK(refusal(s) == "");
}

TEST_CASE("S1-S15 state images: every derived field is recomputed and compared") {
  Options doubler;
  doubler.no_pick = NoPick::doubler;
  Options one_hand;
  one_hand.hands = 1;
  const State fresh = new_game();
  const State picking = reach({}, 31, [](const State& s) {
    return s.phase == Phase::picking && s.passes >= 1 && s.hands_scored;
  });
  const State burying = reach({}, 32, [](const State& s) { return s.phase == Phase::burying; });
  const State calling = reach({}, 33, [](const State& s) { return s.phase == Phase::calling; });
  const State called = reach(
      {}, 34, [](const State& s) { return in_trick(s, Contract::called) && s.called_led == 0; });
  // The called suit not yet led, a trump winning the first trick, the partner not leading it.
  const State early = reach({}, 35, [](const State& s) {
    return s.phase == Phase::play && s.contract == Contract::called && s.called_led == 0 &&
           s.tricks_done >= 1 && s.hands[s.partner].has(Card(s.called)) &&
           s.leaders[0] != s.partner &&
           ranking().effective_suit(Card(s.played[0][s.trick_winners[0]])) == kTrumpSuit;
  });
  const State unknown = reach({}, 36, [](const State& s) {
    return s.phase == Phase::play && s.unknown != kNoCard && s.unknown_played &&
           s.unknown_played < s.tricks_done;
  });
  // An unknown call, and a card of the called suit (not the called card) in another hand.
  const State unknown_held = reach({}, 42, [](const State& s) {
    if (s.phase != Phase::play || s.unknown == kNoCard || s.hands[s.picker].empty()) return false;
    const CardSet suit = ranking().suit_cards[sheepshead::detail::called_suit(s)];
    for (int p = 0; p < kPlayers; ++p)
      if (p != s.picker && !(s.hands[p] & (suit - CardSet::of(Card(s.called)))).empty())
        return true;
    return false;
  });
  const State alone = reach({}, 37, [](const State& s) { return in_trick(s, Contract::alone); });
  const State leaster =
      reach({}, 38, [](const State& s) { return in_trick(s, Contract::leaster); });
  const State doubled =
      reach(doubler, 39, [](const State& s) { return s.phase == Phase::play && s.doubled; });
  const State between = reach({}, 40, [](const State& s) {
    return s.phase == Phase::deal && s.hands_scored >= 1 && s.tricks_done == kTricks;
  });
  const State called_between = reach({}, 43, [](const State& s) {
    return s.phase == Phase::deal && s.last.contract == Contract::called;
  });
  const State over = reach(one_hand, 41, [](const State& s) { return s.phase == Phase::over; });
  const std::vector<Plant<State>> plants = {
      {"a score beyond the limit (zero sum kept)", &between,
       [](State& s) {
         s.scores[0] = -kScoreLimit - 1;
         s.scores[1] = kScoreLimit + 1;
         s.scores[2] = s.scores[3] = s.scores[4] = 0;
       },
       "score limit"},
      // issue 28: these were accepted, and the play that followed indexed suit_of[255].
      {"a trick in progress while picking", &picking, [](State& s) { s.in_trick = 1; },
       "trick counters set before the play"},
      {"a trick in progress while burying", &burying, [](State& s) { s.in_trick = 4; },
       "trick counters set before the play"},
      {"a trick in progress while calling", &calling, [](State& s) { s.in_trick = 2; },
       "trick counters set before the play"},
      {"tricks done while picking", &picking, [](State& s) { s.tricks_done = 1; },
       "trick counters set before the play"},
      // fuzz_image: between hands, a called contract with no partner indexed played[t][255].
      {"a called contract without a partner between hands", &fresh,
       [](State& s) { s.contract = Contract::called; }, "a called hand without its seats"},
      {"S15 a game not over after its hands", &between,
       [](State& s) { s.options.hands = s.hands_scored; }, "exactly after `hands`"},
      {"S15 winners not the top scores", &over, [](State& s) { s.winners ^= 31; },
       "not the top scores"},
      {"S5 pending doublers without the doubler option", &fresh,
       [](State& s) { s.pending_doublers = 1; }, "pending doublers without"},
      {"S10 a last hand with no hand scored", &fresh,
       [](State& s) { s.last.contract = Contract::alone; }, "without a scored hand"},
      {"S10 a last hand result before any hand", &fresh, [](State& s) { s.last.multiplier = 2; },
       "before any scored hand"},
      {"S10 a last hand's multiplier edited", &between, [](State& s) { s.last.multiplier++; },
       "not what its contract and cards give"},
      {"S11 a last hand's score changes edited (still summing to zero)", &between,
       [](State& s) {
         s.last.deltas[0] += 2;
         s.last.deltas[1] -= 2;
       },
       "not what its contract and cards give"},
      {"S10 a last hand's partner who is the picker", &called_between,
       [](State& s) { s.last.partner = s.last.picker; }, "last hand result out of range"},
      {"a last hand's tricks not six", &between, [](State& s) { s.last.tricks[0]++; },
       "do not add up to six"},
      {"a played card out of range between hands", &between, [](State& s) { s.played[0][0] = 40; },
       "played card out of range"},
      {"a hand left half played between hands", &between, [](State& s) { s.tricks_done = 3; },
       "half played"},
      {"a hand played out but not scored", &between,
       [](State& s) {
         s.hands_scored = 0;
         s.last = new_game().last;
       },
       "played out but not scored"},
      {"the table is not the last hand scored", &between, [](State& s) { s.last.hand_number++; },
       "not the hand on the table"},
      {"a hand in progress counted as scored", &picking,
       [](State& s) { s.hands_scored = s.hand_number; }, "already counted as scored"},
      {"S5 a hand's stakes not doubled with a doubler pending", &doubled,
       [](State& s) { s.doubled = 0; }, "stakes disagree"},
      {"S4 a partner before anyone picked", &picking, [](State& s) { s.partner = 0; },
       "before anyone picked"},
      {"S4 the picker not the seat after the passes", &burying, [](State& s) { s.passes++; },
       "seat after the passes"},
      {"S6 a blind the picker does not hold while burying", &burying,
       [](State& s) {
         const CardSet other = s.hands[next(s.picker)];
         s.blind = CardSet::of(other.lowest()) | CardSet::of(other.highest());
       },
       "bury and phase disagree"},
      {"S7 a call before the picker called", &calling,
       [](State& s) { s.called = Card(Rank::ace, Suit::clubs).code; }, "before the picker called"},
      {"S14 a leaster without five passes", &leaster, [](State& s) { s.passes = 4; },
       "a leaster without five passes"},
      {"S7 a partner when the picker plays alone", &alone,
       [](State& s) { s.partner = uint8_t(next(s.picker)); }, "plays alone"},
      {"S7 a called card that is not a fail ace or ten", &called,
       [](State& s) { s.called = Card(Rank::king, Suit::clubs).code; }, "not a fail ace or ten"},
      {"S7 an unknown with unknown=off", &unknown,
       [](State& s) { s.options.unknown = Unknown::off; }, "an unknown card S7 does not allow"},
      {"S7 a partner who does not hold the called card", &called,
       [](State& s) {
         for (int p = next(s.partner); p != s.partner; p = next(p))
           if (p != s.picker) {
             s.partner = uint8_t(p);
             break;
           }
       },
       "not the holder of the called card"},
      {"S4 a called hand's picker not after the passes", &called, [](State& s) { s.passes++; },
       "seat after the passes"},
      {"S9 a trick led by the wrong seat", &called,
       [](State& s) { s.leaders[1] = uint8_t(next(s.leaders[1])); }, "leader is not the winner"},
      {"S9 a trick credited to the wrong winner", &called,
       [](State& s) { s.trick_winners[0] = uint8_t(next(s.trick_winners[0])); },
       "a trick's winner is not"},
      {"a winner of a trick not complete", &called,
       [](State& s) { s.trick_winners[s.tricks_done] = 0; }, "not yet complete"},
      {"S7 the unknown played elsewhere", &unknown,
       [](State& s) { s.unknown_played = uint8_t(s.unknown_played % s.tricks_done + 1); },
       "the unknown is not where it was played"},
      {"S8 the called suit led elsewhere", &called, [](State& s) { s.called_led = 1; },
       "first led elsewhere"},
      {"S8 the called card played before its suit was led", &early,
       [](State& s) {
         // The partner's first card and its called card change places; the trick's trump
         // still wins it, with the called card's points.
         const Card card(s.called), first(s.played[0][s.partner]);
         s.played[0][s.partner] = card.code;
         s.hands[s.partner].remove(card);
         s.hands[s.partner].add(first);
         const int w = s.trick_winners[0];
         s.points[w] = uint8_t(s.points[w] + card_points(card) - card_points(first));
         sheepshead::detail::refresh_playable(&s);
       },
       "the called card was not played when S8 requires"},
      {"S7 an unknown called by a picker holding the called suit", &unknown_held,
       [](State& s) {
         const CardSet suit = ranking().suit_cards[sheepshead::detail::called_suit(s)];
         for (int p = 0; p < kPlayers; ++p) {
           const CardSet mine = s.hands[p] & suit;
           const CardSet others = mine - CardSet::of(Card(s.called));
           if (p == s.picker || others.empty()) continue;
           const Card given = s.hands[s.picker].lowest(), taken = others.lowest();
           s.hands[p].remove(taken);
           s.hands[p].add(given);
           s.hands[s.picker].remove(given);
           s.hands[s.picker].add(taken);
           break;
         }
         sheepshead::detail::refresh_playable(&s);
       },
       "an unknown call by a picker holding the called suit"},
      {"S9 a card at the wrong seat of the trick", &called,
       [](State& s) {
         const int t = s.tricks_done, second = next(s.leaders[t]), third = next(second);
         const Card back = s.hands[third].lowest();
         s.played[t][third] = s.played[t][second];
         s.played[t][second] = kNoCard;
         s.hands[third].remove(back);
         s.hands[second].add(back);
       },
       "from its leader onwards"},
      {"S9 the wrong seat to play", &called, [](State& s) { s.to_act = uint8_t(next(s.to_act)); },
       "wrong seat to act in the trick"},
  };
  check_plants(plants);
}

}  // namespace sh_images

// --- Toonerville ---

namespace tv_images {

using namespace deckhand::toonerville;

State reach(std::function<bool(const State&)> reached) {
  return play_until<State, Action, kMaxLegalActions>(new_game(), 51, reached);
}

TEST_CASE("T3, T10, T12 state images: the dealer, the last round and the winners are derived") {
  const State fresh = new_game();
  // Random play rarely goes out: the seat after the dealer is made the one that went out of
  // round 2, and the game is moved on to its end (T12: the lowest totals win).
  State between = reach([](const State& s) { return s.phase == Phase::deal && s.round == 2; });
  const int out = (between.dealer + 1) % players(between);
  between.scores[out] -= between.last.deltas[out];
  between.last.deltas[out] = 0;
  between.last.went_out = uint8_t(out);
  between.last.down = uint8_t(between.last.down | 1u << out);
  State over = between;
  over.phase = Phase::over;
  over.round = over.last.round = kRounds;
  over.hands_scored = kRounds;
  over.dealer = uint8_t((over.first_dealer + kRounds) % players(over));
  over.winners = 0;
  for (int p = 0; p < players(over); ++p)
    if (over.scores[p] == *std::min_element(over.scores, over.scores + players(over)))
      over.winners = uint8_t(over.winners | 1u << p);
  const std::vector<Plant<State>> plants = {
      {"T3 a dealer the rounds do not give", &between,
       [](State& s) { s.dealer = uint8_t((s.dealer + 1) % players(s)); },
       "the dealer is not the first dealer moved on"},
      {"T12 a last round that is not the last one scored", &between,
       [](State& s) { s.last.round++; }, "the last round result is not the last round"},
      {"T12 a last round before any round", &fresh, [](State& s) { s.last.went_out = 0; },
       "a last round before any round"},
      {"T10 out without being down", &between,
       [](State& s) { s.last.down = uint8_t(s.last.down & ~(1u << s.last.went_out)); },
       "out without being down"},
      {"T12 a last penalty larger than the score", &between,
       [](State& s) {
         const int p = (s.last.went_out + 1) % players(s);
         s.last.deltas[p] = s.scores[p] + 1;
       },
       "penalties or buys out of range"},
      {"T12 winners not the lowest totals", &over,
       [](State& s) { s.winners = uint8_t(s.winners ^ 7); }, "not the lowest totals"},
  };
  check_plants(plants);
}

}  // namespace tv_images
