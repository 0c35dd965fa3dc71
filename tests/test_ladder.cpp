// The ladder (docs/bots.md, "The ladder"): levels "1" to "5" beside the level names, the
// options lapse= and persona= and their refusals, the human lapses of levels 1 and 2 and the
// Sheepshead personas, each checked against what it promises, written apart from the code.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre_bots.hpp"
#include "deckhand/sheepshead_bots.hpp"
#include "ghost_euchre/bots.hpp"
#include "sheepshead/bots.hpp"

using namespace deckhand;
namespace ge = deckhand::ghost_euchre;
namespace sh = deckhand::sheepshead;

namespace {

// The actions `level` chooses in every seat of a game of `name` dealt from `seed` (at most
// `moves`), as text. With `ask_out_of_turn`, the bot is first asked for a seat that is not to act
// before each move, and must refuse without changing what it chooses next.
std::string play(const char* name, const char* level, uint64_t seed, const OptionList& options,
                 int moves = 80, bool ask_out_of_turn = false) {
  Error err;
  std::unique_ptr<Game> game = make_game(name, {}, find_game_spec(name)->min_players, 0, &err);
  REQUIRE(game);
  REQUIRE(game->deal_seed(seed, &err) == Reason::ok);
  std::unique_ptr<bots::Bot> bot = bots::make_bot(name, level, seed, options, &err);
  INFO(err.message);
  REQUIRE(bot);
  std::string trace;
  for (int m = 0; m < moves && !game->over() && !game->awaiting_deal() && game->to_act() >= 0;
       ++m) {
    ActionCode a;
    if (ask_out_of_turn)
      REQUIRE(bot->choose(*game, (game->to_act() + 1) % game->players(), &a, &err) ==
              Reason::wrong_seat);
    REQUIRE(bot->choose(*game, game->to_act(), &a, &err) == Reason::ok);
    REQUIRE(game->check(a, &err) == Reason::ok);
    trace += game->format_action(a) + ";";
    REQUIRE(game->apply(a, &err) == Reason::ok);
  }
  return trace;
}

std::string refusal(const char* game, const char* level, const OptionList& options) {
  Error err;
  CHECK_FALSE(bots::make_bot(game, level, 1, options, &err));
  CHECK(err.reason == Reason::bad_option);
  return err.message;
}

}  // namespace

TEST_CASE("ladder: levels 1 to 5 are basic with lapses, basic, strong on habit, expert") {
  const bots::Level expected[] = {bots::Level::basic, bots::Level::basic, bots::Level::basic,
                                  bots::Level::strong, bots::Level::expert};
  for (const GameSpec& spec : game_specs()) {
    for (int i = 0; i < 5; ++i) {
      Error err;
      auto bot = bots::make_bot(spec.name, bots::kLadder[i], 3, {{"samples", "2"}}, &err);
      INFO(spec.name, " level ", bots::kLadder[i], ": ", err.message);
      REQUIRE(bot);
      CHECK(bot->level() == expected[i]);
    }
    // 3 is basic, move for move; 4 is strong with its game's habit (below) and 5 expert, the
    // same seed.
    CHECK(play(spec.name, "3", 5, {}) == play(spec.name, "basic", 5, {}));
    CHECK(play(spec.name, "4", 5, {{"samples", "2"}, {"habit", "0"}}, 30) ==
          play(spec.name, "strong", 5, {{"samples", "2"}}, 30));
    CHECK(play(spec.name, "4", 5, {{"samples", "2"}}, 30) !=
          play(spec.name, "strong", 5, {{"samples", "2"}}, 30));
    // habit=100: every decision basic's own, move for move (the habit has a generator of its own).
    CHECK(play(spec.name, "expert", 5, {{"habit", "100"}}) == play(spec.name, "basic", 5, {}));
    CHECK(play(spec.name, "strong", 5, {{"habit", "100"}}) == play(spec.name, "basic", 5, {}));
    CHECK(play(spec.name, "5", 5, {{"samples", "2"}}, 30) ==
          play(spec.name, "expert", 5, {{"samples", "2"}}, 30));
    // 1 and 2 lapse: the same seed, the same game; lapse=0 is basic again.
    CHECK(play(spec.name, "1", 5, {}) == play(spec.name, "1", 5, {}));
    CHECK(play(spec.name, "2", 5, {{"lapse", "0"}}) == play(spec.name, "basic", 5, {}));
    CHECK(play(spec.name, "basic", 5, {{"lapse", "35"}}) == play(spec.name, "2", 5, {}));
  }
}

namespace {

// Level 4 is strong with its game's share of decisions on habit (docs/bots.md, "The ladder").
bool level4_plays_habit(const char* game, const char* habit, int moves = 30) {
  return play(game, "4", 5, {{"samples", "2"}}, moves) ==
         play(game, "strong", 5, {{"samples", "2"}, {"habit", habit}}, moves);
}

}  // namespace

TEST_CASE("ladder: Ghost Hand Euchre's level 4 plays half its decisions on habit") {
  CHECK(level4_plays_habit("ghost-euchre", "50"));
}

TEST_CASE("ladder: Sheepshead's level 4 plays half its decisions on habit") {
  CHECK(level4_plays_habit("sheepshead", "50"));
}

TEST_CASE("ladder: Toonerville's level 4 plays 30% of its decisions on habit") {
  CHECK(level4_plays_habit("toonerville", "30", 200));
  CHECK_FALSE(level4_plays_habit("toonerville", "50", 200));
}

TEST_CASE("ladder: a refused question leaves level 4's habit where it was") {
  CHECK(play("ghost-euchre", "4", 7, {{"samples", "2"}}, 30, true) ==
        play("ghost-euchre", "4", 7, {{"samples", "2"}}, 30));
  CHECK(play("sheepshead", "4", 7, {{"samples", "2"}}, 30, true) ==
        play("sheepshead", "4", 7, {{"samples", "2"}}, 30));
}

TEST_CASE("ladder: bad levels and options are refused with words") {
  CHECK(refusal("ghost-euchre", "6", {}).find("no bot level '6'") != std::string::npos);
  CHECK(refusal("ghost-euchre", "0", {}).find("1 to 5") != std::string::npos);
  CHECK(refusal("sheepshead", "", {}).find("no bot level") != std::string::npos);
  CHECK(refusal("sheepshead", "4", {{"lapse", "10"}}).find("not level '4'") != std::string::npos);
  CHECK(refusal("sheepshead", "basic", {{"habit", "10"}}).find("searching levels") !=
        std::string::npos);
  CHECK(refusal("ghost-euchre", "3", {{"habit", "10"}}).find("not level '3'") != std::string::npos);
  CHECK(refusal("toonerville", "5", {{"habit", "101"}}).find("'habit'='101'") != std::string::npos);
  CHECK(refusal("toonerville", "strong", {{"habit", "-1"}}).find("0..100") != std::string::npos);
  CHECK(refusal("ghost-euchre", "4", {{"habits", "1"}}).find("habit)") != std::string::npos);
  CHECK(refusal("sheepshead", "expert", {{"persona", "miser"}}).find("heuristic levels") !=
        std::string::npos);
  CHECK(refusal("sheepshead", "random", {{"persona", "miser"}}).find("not level 'random'") !=
        std::string::npos);
  CHECK(refusal("sheepshead", "2", {{"lapse", "101"}}).find("0..100") != std::string::npos);
  CHECK(refusal("sheepshead", "2", {{"lapse", "x"}}).find("lapse") != std::string::npos);
  const std::string bogus = refusal("sheepshead", "1", {{"persona", "bogus"}});
  CHECK(bogus.find("'bogus'") != std::string::npos);
  CHECK(bogus.find("schmearer, miser, fail-leader, called-suit-leader") != std::string::npos);
  CHECK(refusal("ghost-euchre", "basic", {{"persona", "miser"}}).find("has no personas") !=
        std::string::npos);
  CHECK(refusal("sheepshead", "1", {{"persona", "miser"}, {"persona", "miser"}})
            .find("given twice") != std::string::npos);
  Error err;
  CHECK(bots::make_bot("sheepshead", " 2 ", 1, {{"persona", " Fail-Leader "}}, &err));
  CHECK(bots::game_personas("sheepshead").size() == 4);
  CHECK(bots::game_personas("ghost-euchre").empty());
}

TEST_CASE("ladder: a Ghost Hand Euchre lapse bids on hope and forgets the trick's later cards") {
  int hope_bids = 0, forgot = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    ge::State s = ge::new_game();
    REQUIRE(ge::deal_seed(s, seed, &s, nullptr) == Reason::ok);
    ge::Action legal[ge::kMaxLegalActions];
    PortableRng rng(seed);
    for (int step = 0; step < 60 && ge::to_act(s) >= 0; ++step) {
      const int seat = ge::to_act(s);
      const int n = ge::legal_actions(s, legal);
      const ge::View v = ge::view(s, seat);
      PortableRng r1(seed * 31 + uint64_t(step)), r2 = r1;
      const ge::Action lapse = bots::detail::euchre_lapse(v, legal, n, r1);
      if (s.phase == ge::Phase::bidding) {
        // The lapse bids at least what basic bids (never swaps a hand basic would bid).
        const ge::Action basic = bots::euchre_bot(v, legal, n, r2);
        const int lapse_bid = lapse.kind == ge::ActionKind::bid ? int(lapse.arg) : 0;
        const int basic_bid = basic.kind == ge::ActionKind::bid ? int(basic.arg) : 0;
        CHECK(lapse_bid >= basic_bid);
        hope_bids += lapse_bid > basic_bid;
      } else if (s.phase == ge::Phase::play && v.in_trick == 2) {
        // The third card: chosen as if only the lead were on the table.
        ge::View only_lead = v;
        only_lead.in_trick = 1;
        const ge::Action expected = bots::euchre_bot(only_lead, legal, n, r2);
        CHECK(lapse.arg == expected.arg);
        PortableRng r3(seed * 31 + uint64_t(step));
        forgot += bots::euchre_bot(v, legal, n, r3).arg != lapse.arg;
      }
      REQUIRE(ge::advance(&s, bots::euchre_bot(v, legal, n, rng), nullptr) == Reason::ok);
    }
  }
  MESSAGE("hope bids ", hope_bids, ", third cards changed by the lapse ", forgot);
  CHECK(hope_bids > 20);
  CHECK(forgot > 0);
}

namespace {

int trumps(CardSet hand) {
  return (hand & sh::ranking().suit_cards[kTrumpSuit]).size();
}

// Sheepshead hands played by basic bots; `visit` sees every decision's state, view and legal
// actions before basic's action is applied.
template <typename Visit>
void sheepshead_hands(int hands, Visit visit) {
  for (uint64_t seed = 1; seed <= uint64_t(hands); ++seed) {
    sh::State s = sh::new_game();
    REQUIRE(sh::deal_seed(s, seed, &s, nullptr) == Reason::ok);
    sh::Action legal[sh::kMaxLegalActions];
    PortableRng rng(seed);
    for (int step = 0; step < 80 && sh::to_act(s) >= 0; ++step) {
      const int seat = sh::to_act(s);
      const int n = sh::legal_actions(s, legal);
      const sh::View v = sh::view(s, seat);
      visit(s, v, legal, n, seed * 977 + uint64_t(step));
      REQUIRE(sh::advance(&s, bots::sheepshead_bot(v, legal, n, rng), nullptr) == Reason::ok);
    }
  }
}

}  // namespace

TEST_CASE("ladder: a Sheepshead lapse picks on hope, leads its best card, forgets its partner") {
  int hope_picks = 0, best_leads = 0;
  sheepshead_hands(300, [&](const sh::State& s, const sh::View& v, const sh::Action* legal, int n,
                            uint64_t seed) {
    PortableRng r1(seed);
    const sh::Action lapse = bots::detail::sheepshead_lapse(v, legal, n, r1);
    if (s.phase == sh::Phase::picking) {
      const bool queen = !(v.hand & CardSet::rank(Rank::queen)).empty();
      const int t = trumps(v.hand);
      if (t >= 3 || (t == 2 && queen)) {
        CHECK(lapse.kind == sh::ActionKind::pick);
        hope_picks += t < 4;
      }
    } else if (s.phase == sh::Phase::play && v.in_trick == 0) {
      // Its strongest card: a trump above every fail card, then by power.
      const TrickRanking& r = sh::ranking();
      const auto key = [&](uint8_t c) {
        return (r.effective_suit(Card(c)) == kTrumpSuit ? 100 : 0) + r.power[c];
      };
      for (int i = 0; i < n; ++i) CHECK(key(lapse.a) >= key(legal[i].a));
      best_leads += v.seat != v.picker;
    } else if (s.phase == sh::Phase::play && v.in_trick > 1) {
      sh::View forgot = v;
      if (forgot.partner != forgot.seat) forgot.partner = sh::kNoSeat;
      forgot.in_trick = 1;
      PortableRng r2(seed);
      CHECK(lapse.a == bots::sheepshead_bot(forgot, legal, n, r2).a);
    }
  });
  MESSAGE("hope picks ", hope_picks, ", defenders' best-card leads ", best_leads);
  CHECK(hope_picks > 10);
  CHECK(best_leads > 50);
}

TEST_CASE("ladder: the Sheepshead personas play their habit where it applies, basic elsewhere") {
  int applied[5] = {};
  const TrickRanking& r = sh::ranking();
  sheepshead_hands(400, [&](const sh::State& s, const sh::View& v, const sh::Action* legal, int n,
                            uint64_t seed) {
    if (s.phase != sh::Phase::play || n < 2 || v.contract == sh::Contract::leaster) return;
    PortableRng rb(seed);
    const sh::Action basic = bots::sheepshead_bot(v, legal, n, rb);
    const bool picker_side = v.seat == v.picker || v.seat == v.partner;
    // The trick so far, apart from the persona's own reading: who holds it, who has played.
    const int t = v.tricks_done;
    int holder = -1;
    bool picker_in = false;
    Card top;
    for (int i = 0; i < v.in_trick; ++i) {
      const int p = (v.leaders[t] + i) % sh::kPlayers;
      picker_in = picker_in || p == v.picker;
      const uint8_t c = v.played[t][p];
      if (c == sh::kFaceDown || (p == v.picker && c == v.unknown)) continue;
      if (holder < 0 || r.beats(Card(c), top)) top = Card(c), holder = p;
    }
    int most = 0, fewest = 100;
    for (int i = 0; i < n; ++i) {
      most = std::max(most, sh::card_points(Card(legal[i].a)));
      fewest = std::min(fewest, sh::card_points(Card(legal[i].a)));
    }
    for (int persona = 1; persona <= 4; ++persona) {
      const sh::Action a = bots::detail::sheepshead_persona(v, legal, n, persona, basic);
      bool applies = false;
      if (persona == 1) {
        applies = !picker_side && v.in_trick > 0 && picker_in && holder >= 0 &&
                  holder != v.picker && holder != v.partner;
        if (applies) CHECK(sh::card_points(Card(a.a)) == most);
      } else if (persona == 2) {
        const bool holder_friend =
            holder >= 0 && holder != v.seat &&
            (picker_side ? holder == v.picker || holder == v.partner
                         : v.partner != sh::kNoSeat && holder != v.picker && holder != v.partner);
        applies = v.in_trick > 0 && holder_friend;
        if (applies) CHECK(sh::card_points(Card(a.a)) == fewest);
      } else if (persona == 3) {
        bool fail = false;
        for (int i = 0; i < n; ++i) fail |= r.effective_suit(Card(legal[i].a)) != kTrumpSuit;
        applies = v.seat == v.picker && v.in_trick == 0 && fail;
        if (applies) CHECK(r.effective_suit(Card(a.a)) != kTrumpSuit);
      } else {
        bool called_suit = false;
        const uint8_t suit = v.called == kNoCard ? uint8_t(255) : r.effective_suit(Card(v.called));
        for (int i = 0; i < n; ++i) called_suit |= r.effective_suit(Card(legal[i].a)) == suit;
        applies =
            !picker_side && v.in_trick == 0 && v.called != kNoCard && !v.called_led && called_suit;
        if (applies) CHECK(r.effective_suit(Card(a.a)) == suit);
      }
      if (!applies) CHECK(a.a == basic.a);
      applied[persona] += applies && a.a != basic.a;
    }
  });
  MESSAGE("cards changed: schmearer ", applied[1], ", miser ", applied[2], ", fail-leader ",
          applied[3], ", called-suit-leader ", applied[4]);
  for (int persona = 1; persona <= 4; ++persona) CHECK(applied[persona] > 10);
}

// The ratings of `deckhand arena --ladder` (src/cli/ladder_fit.hpp).
#include "cli/ladder_fit.hpp"

TEST_CASE("ladder: the Bradley-Terry fit finds known strengths, its intervals cover them") {
  const double truth[] = {0, 100, 250, 400};
  const auto p_beats = [&](size_t i, size_t j) {
    return 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
  };
  // The expected table: the fit is the truth (up to the prior's half a tie per pair).
  std::vector<std::vector<double>> wins(4, std::vector<double>(4, 0.0));
  for (size_t i = 0; i < 4; ++i)
    for (size_t j = 0; j < 4; ++j)
      if (i != j) wins[i][j] = 20000 * p_beats(i, j);
  std::vector<cli::LadderRating> r;
  REQUIRE(cli::fit_bradley_terry(wins, &r));
  for (size_t i = 0; i < 4; ++i) {
    CHECK(r[i].elo == doctest::Approx(truth[i]).epsilon(0.01));
    CHECK(r[i].low <= r[i].elo);
    CHECK(r[i].high >= r[i].elo);
  }
  CHECK(r[0].low == 0);
  CHECK(r[3].high - r[3].low < 15);  // 20,000 games a pair: a few Elo either side
  // Simulated tables of 300 games a pair: the 95% intervals cover the truth about 95% of the
  // time (of the 3 x 200 intervals, at least 88%).
  PortableRng rng(7);
  int covered = 0, total = 0;
  for (int rep = 0; rep < 200; ++rep) {
    for (auto& row : wins) std::fill(row.begin(), row.end(), 0.0);
    for (size_t i = 0; i < 4; ++i)
      for (size_t j = i + 1; j < 4; ++j)
        for (int g = 0; g < 300; ++g) {
          const bool i_wins = double(rng.bounded(1000000)) / 1e6 < p_beats(i, j);
          (i_wins ? wins[i][j] : wins[j][i]) += 1;
        }
    REQUIRE(cli::fit_bradley_terry(wins, &r));
    for (size_t i = 1; i < 4; ++i) covered += r[i].low <= truth[i] && truth[i] <= r[i].high;
    total += 3;
  }
  MESSAGE("coverage ", covered, " of ", total);
  CHECK(covered >= total * 88 / 100);
  CHECK(covered < total);  // intervals that always cover are too wide
  // A side that won every game still gets a finite rating, above the other.
  REQUIRE(cli::fit_bradley_terry({{0, 0}, {50, 0}}, &r));
  CHECK(std::isfinite(r[1].elo));
  CHECK(r[1].low > 0);
  // Bad tables are refused.
  CHECK_FALSE(cli::fit_bradley_terry({{0, 1}}, &r));
  CHECK_FALSE(cli::fit_bradley_terry({{0, -1}, {1, 0}}, &r));
  CHECK_FALSE(cli::fit_bradley_terry({{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}, &r));  // 2 met nobody
}

TEST_CASE("ladder: the fit's steps are the neighbours' differences, their intervals the step's") {
  // A chain 0 - 1 - 2 - 3: 0 and 1 met a few hundred times, 1 - 2 and 2 - 3 a great many. The
  // ratings of 2 and 3 carry the uncertainty of 1 against the anchor, so their intervals are
  // wide and overlap, while their step is known closely.
  const double truth[] = {0, 100, 130, 150};
  const double games[] = {400, 40000, 40000};
  const auto p_beats = [&](size_t i, size_t j) {
    return 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
  };
  std::vector<std::vector<double>> wins(4, std::vector<double>(4, 0.0));
  for (size_t i = 0; i + 1 < 4; ++i) {
    wins[i][i + 1] = games[i] * p_beats(i, i + 1);
    wins[i + 1][i] = games[i] * p_beats(i + 1, i);
  }
  std::vector<cli::LadderRating> r, steps;
  REQUIRE(cli::fit_bradley_terry(wins, &r, &steps));
  REQUIRE(steps.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(steps[i].elo == doctest::Approx(r[i + 1].elo - r[i].elo));
    CHECK(steps[i].elo == doctest::Approx(truth[i + 1] - truth[i]).epsilon(0.02));
    CHECK(steps[i].low < steps[i].elo);
    CHECK(steps[i].high > steps[i].elo);
  }
  // The first step is the anchor's own interval of level 1.
  CHECK(steps[0].low == doctest::Approx(r[1].low));
  CHECK(steps[0].high == doctest::Approx(r[1].high));
  // 2 and 3: their own intervals overlap, the step between them is well above zero and far
  // narrower.
  CHECK(r[2].high > r[3].low);
  CHECK(steps[2].low > 0);
  CHECK(steps[2].high - steps[2].low < (r[3].high - r[3].low) / 3);
  // Simulated tables of 300 games a pair, every pair met: the steps' 95% intervals cover
  // the true steps about 95% of the time (at least 88% of 3 x 200).
  const double spread[] = {0, 60, 90, 180};
  const auto p_spread = [&](size_t i, size_t j) {
    return 1 / (1 + std::pow(10.0, (spread[j] - spread[i]) / 400));
  };
  PortableRng rng(11);
  int covered = 0, total = 0;
  for (int rep = 0; rep < 200; ++rep) {
    for (auto& row : wins) std::fill(row.begin(), row.end(), 0.0);
    for (size_t i = 0; i < 4; ++i)
      for (size_t j = i + 1; j < 4; ++j)
        for (int g = 0; g < 300; ++g) {
          const bool i_wins = double(rng.bounded(1000000)) / 1e6 < p_spread(i, j);
          (i_wins ? wins[i][j] : wins[j][i]) += 1;
        }
    REQUIRE(cli::fit_bradley_terry(wins, &r, &steps));
    for (size_t i = 0; i < 3; ++i) {
      const double step = spread[i + 1] - spread[i];
      covered += steps[i].low <= step && step <= steps[i].high;
    }
    total += 3;
  }
  MESSAGE("steps covered ", covered, " of ", total);
  CHECK(covered >= total * 88 / 100);
  CHECK(covered < total);
}
