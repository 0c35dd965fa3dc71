// The `expert` level (src/bots/expert_search.hpp, docs/bots.md "expert"):
//   - its inference weights favour the deals that make the other seats' decisions likely: in
//     Ghost Hand Euchre, a seat's bid (the weighted share of samples on which the basic policy
//     makes that same bid, judged here from the sampled hand apart from the weights' own
//     replay, is far above the uniform share); in Sheepshead, seats that passed hold fewer
//     trumps in the weighted samples than in the uniform ones;
//   - its choices are legal and the same for the same seed (through deckhand::Game).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre_bots.hpp"
#include "deckhand/sheepshead_bots.hpp"
#include "ghost_euchre/bots.hpp"
#include "sheepshead/bots.hpp"
#include "toonerville/bots.hpp"

using namespace deckhand;
namespace ge = deckhand::ghost_euchre;
namespace sh = deckhand::sheepshead;
namespace tv = deckhand::toonerville;

TEST_CASE("expert: a bid makes the hands that bid it likelier in the weighted samples") {
  double uniform_hits = 0, uniform_all = 0, weighted_hits = 0, weighted_all = 0;
  int scenarios = 0;
  for (uint64_t seed = 1; seed < 200 && scenarios < 8; ++seed) {
    ge::State dealt = ge::new_game();
    REQUIRE(ge::deal_seed(dealt, seed, &dealt, nullptr) == Reason::ok);
    // Seat 1 speaks first (dealer 0); a deal where it bids without swapping, and seat 2 then
    // passes or bids without swapping, leaves the dealer (seat 0) to decide.
    ge::Action legal[ge::kMaxLegalActions];
    ge::State s = dealt;
    PortableRng rng(seed);
    const ge::Action first =
        bots::euchre_bot(ge::view(s, 1), legal, ge::legal_actions(s, legal), rng);
    if (first.kind != ge::ActionKind::bid) continue;
    REQUIRE(ge::advance(&s, first, nullptr) == Reason::ok);
    const int n2 = ge::legal_actions(s, legal);
    ge::Action second = legal[0];
    for (int i = 0; i < n2; ++i)
      if (legal[i].kind == ge::ActionKind::pass) second = legal[i];
    REQUIRE(ge::advance(&s, second, nullptr) == Reason::ok);
    if (ge::to_act(s) != 0) continue;
    ++scenarios;
    bots::detail::EuchreSampler sampler;
    REQUIRE(sampler.init(s, 0));
    PortableRng draw(seed * 7);
    for (int k = 0; k < 300; ++k) {
      ge::State world;
      sampler.sample(draw, &world);
      // Would seat 1 have made its bid with the sampled hand? (The deal as dealt, seat 1's
      // and seat 2's hands and the ghost hand taken from the sample.)
      ge::State at_bid = dealt;
      at_bid.hands[1] = world.hands[1];
      at_bid.hands[2] = world.hands[2];
      at_bid.spare = world.spare;
      PortableRng r(seed);
      const bool same = bots::euchre_bot(ge::view(at_bid, 1), legal,
                                         ge::legal_actions(at_bid, legal), r) == first;
      const double w = bots::detail::euchre_inference_weight(world, 0);
      CHECK(w > 0);
      uniform_hits += same;
      uniform_all += 1;
      weighted_hits += same * w;
      weighted_all += w;
    }
  }
  REQUIRE(scenarios == 8);
  const double uniform = uniform_hits / uniform_all, weighted = weighted_hits / weighted_all;
  MESSAGE("share of samples on which basic bids as seat 1 did: uniform ", uniform, ", weighted ",
          weighted);
  CHECK(weighted > uniform + 0.25);
  CHECK(weighted > 0.6);
}

TEST_CASE("expert: seats that passed hold fewer trumps in the weighted samples") {
  const CardSet trumps =
      CardSet::suit(Suit::diamonds) | CardSet::rank(Rank::queen) | CardSet::rank(Rank::jack);
  double uniform = 0, uniform_n = 0, weighted = 0, weighted_n = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    sh::State s = sh::new_game();
    REQUIRE(sh::deal_seed(s, seed, &s, nullptr) == Reason::ok);
    // Seats 1, 2 and 3 pass (whatever their cards), seat 4 decides.
    sh::Action legal[sh::kMaxLegalActions];
    for (int p = 1; p <= 3; ++p) {
      const int n = sh::legal_actions(s, legal);
      bool passed = false;
      for (int i = 0; i < n && !passed; ++i)
        if (legal[i].kind == sh::ActionKind::pass)
          passed = sh::advance(&s, legal[i], nullptr) == Reason::ok;
      REQUIRE(passed);
    }
    REQUIRE(sh::to_act(s) == 4);
    bots::detail::SheepsheadSampler sampler;
    REQUIRE(sampler.init(s, 4));
    PortableRng draw(seed);
    for (int k = 0; k < 300; ++k) {
      sh::State world;
      REQUIRE(sampler.sample(draw, &world));
      const double w = bots::detail::sheepshead_inference_weight(world, 4);
      double held = 0;
      for (int p = 1; p <= 3; ++p) held += (world.hands[p] & trumps).size();
      uniform += held, uniform_n += 1;
      weighted += held * w, weighted_n += w;
    }
  }
  uniform /= uniform_n;
  weighted /= weighted_n;
  MESSAGE("trumps held by the three seats that passed: uniform ", uniform, ", weighted ", weighted);
  CHECK(weighted < uniform - 0.5);
}

TEST_CASE("expert: legal choices, the same for the same seed") {
  for (const GameSpec& spec : game_specs()) {
    const char* name = spec.name;
    std::vector<std::string> runs;
    for (int run = 0; run < 3; ++run) {
      Error err;
      std::unique_ptr<Game> game = make_game(name, {}, spec.min_players, 0, &err);
      INFO(err.message);
      REQUIRE(game);
      REQUIRE(game->deal_seed(11, &err) == Reason::ok);
      const uint64_t seed = run == 2 ? 6 : 5;
      std::unique_ptr<bots::Bot> expert =
          bots::make_bot(name, "expert", seed, {{"samples", "3"}}, &err);
      std::unique_ptr<bots::Bot> basic = bots::make_bot(name, "basic", 1, {}, &err);
      REQUIRE(expert);
      REQUIRE(basic);
      CHECK(expert->level() == bots::Level::expert);
      std::string trace;
      for (int step = 0; step < 120 && !game->over() && !game->awaiting_deal(); ++step) {
        const int seat = game->to_act();
        if (seat < 0) break;
        ActionCode a;
        bots::Bot& bot = seat == 0 ? *expert : *basic;
        REQUIRE(bot.choose(*game, seat, &a, &err) == Reason::ok);
        CHECK(game->check(a, &err) == Reason::ok);
        trace += game->format_action(a) + ";";
        REQUIRE(game->apply(a, &err) == Reason::ok);
      }
      runs.push_back(trace);
    }
    CHECK(runs[0] == runs[1]);
    MESSAGE(std::string(name), ": the expert's game with seed 5 ",
            std::string(runs[0] == runs[2] ? "equals" : "differs from"), std::string(" seed 6's"));
  }
}

namespace {

// Plays `name` by basic bots from deal `seed` for `moves` actions (fewer if the hand ends).
std::unique_ptr<Game> position(const GameSpec& spec, uint64_t seed, int moves) {
  const char* name = spec.name;
  Error err;
  std::unique_ptr<Game> game = make_game(name, {}, spec.min_players, 0, &err);
  REQUIRE(game);
  REQUIRE(game->deal_seed(seed, &err) == Reason::ok);
  std::unique_ptr<bots::Bot> basic = bots::make_bot(name, "basic", seed, {}, &err);
  for (int m = 0; m < moves && game->to_act() >= 0; ++m) {
    ActionCode a;
    REQUIRE(basic->choose(*game, game->to_act(), &a, &err) == Reason::ok);
    REQUIRE(game->apply(a, &err) == Reason::ok);
  }
  return game;
}

std::string fixed(const char* format, double v) {
  char text[32];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

}  // namespace

TEST_CASE(
    "hints: every legal action with a value and interval, the best chosen, a reason of facts") {
  int checked = 0, in_play = 0;
  for (const GameSpec& spec : game_specs()) {
    const char* name = spec.name;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      std::unique_ptr<Game> game = position(spec, seed, int(seed % 4) * 3 + 2);
      const int seat = game->to_act();
      if (seat < 0) continue;
      std::vector<ActionCode> legal(game->legal_count());
      legal.resize(game->legal_actions(legal.data(), legal.size()));
      Error err;
      std::unique_ptr<bots::Bot> bot =
          bots::make_bot(name, seed % 2 ? "expert" : "basic", seed, {{"samples", "4"}}, &err);
      bots::Hint hint;
      REQUIRE(bot->hint(*game, seat, &hint, &err) == Reason::ok);
      INFO(name, " seed ", seed, ": ", hint.reason);
      // Every legal action, in order, with a value inside its interval.
      REQUIRE(hint.alternatives.size() == legal.size());
      size_t best = 0;
      for (size_t i = 0; i < legal.size(); ++i) {
        CHECK(game->format_action(hint.alternatives[i].action) == game->format_action(legal[i]));
        CHECK(hint.alternatives[i].text == game->format_action(legal[i]));
        CHECK(hint.alternatives[i].low <= hint.alternatives[i].value);
        CHECK(hint.alternatives[i].value <= hint.alternatives[i].high);
        if (hint.alternatives[i].value > hint.alternatives[best].value) best = i;
      }
      CHECK(hint.text == game->format_action(hint.action));
      CHECK(hint.alternatives[best].value ==
            doctest::Approx(
                hint.alternatives[size_t(std::find_if(hint.alternatives.begin(),
                                                      hint.alternatives.end(),
                                                      [&](const bots::HintAlternative& a) {
                                                        return a.text == hint.text;
                                                      }) -
                                         hint.alternatives.begin())]
                    .value));
      // The reason names the action and what the search measured of it.
      CHECK(hint.reason.rfind(hint.text, 0) == 0);
      if (legal.size() > 1) {
        const bool penalty = spec.lower_is_better;  // the reason in penalty points
        const double shown =
            penalty ? -hint.alternatives[best].value : hint.alternatives[best].value;
        CHECK(hint.reason.find(fixed(penalty ? "%.1f" : "%+.2f", shown)) != std::string::npos);
        CHECK(hint.reason.find("deals") != std::string::npos);
        CHECK(hint.reason.find("the next best") != std::string::npos);
        if (!penalty && hint.reason.find("takes this trick on") != std::string::npos) {
          ++in_play;
          // The cards that took the trick from it, named, unless no other seat ever did.
          const size_t at = hint.reason.find("when it loses the trick, ");
          if (at == std::string::npos) {
            CHECK(hint.reason.find("no other seat took this trick") != std::string::npos);
            CHECK(hint.reason.find("takes this trick on 100%") != std::string::npos);
          } else {
            const std::string card = hint.reason.substr(at + 25, 2);
            bool known = false;
            for (int c = 0; c < 32; ++c) known = known || card == card_name(Card(uint8_t(c)));
            CHECK_MESSAGE(known, card);
          }
        }
        ++checked;
      } else {
        CHECK(hint.reason.find("only legal action") != std::string::npos);
      }
      // JSON, as the C ABI and the bindings give it.
      const std::string json = bots::hint_json(hint);
      CHECK(json.rfind("{\"action\":", 0) == 0);
      CHECK(json.find("\"ci95\": [") != std::string::npos);
      CHECK(json.find("\"reason\":") != std::string::npos);
    }
  }
  CHECK(checked >= 15);
  CHECK(in_play >= 3);
}

namespace {

// The card-counting clause of a hint's reason, checked against the position: the chosen card,
// the cards on the table, the cards higher than it that are played or still out (from the
// seat's hand and what it has seen), counted here apart from the hint's own code.
struct Counted {
  const TrickRanking* r = nullptr;
  CardSet deck, known, played;
  bool leading = false, has_best = false;
  Card best;
};

int check_counting(const std::string& reason, const std::string& action, const Counted& c) {
  const std::string card_text = action.substr(action.find(' ') + 1);
  Card card;
  for (Card x : c.deck)
    if (card_text == card_name(x)) card = x;
  INFO(reason);
  REQUIRE(reason.rfind(action + ": " + card_text, 0) == 0);
  if (!c.leading && c.has_best && !c.r->beats(card, c.best)) {
    CHECK(reason.find(card_text + " cannot take the trick: " + card_name(c.best) +
                      " on the table is higher") != std::string::npos);
    return 1;
  }
  CardSet higher, trumps;
  for (Card x : c.deck) {
    if (c.r->effective_suit(x) == kTrumpSuit) trumps.add(x);
    if (x != card && c.r->beats(x, card)) higher.add(x);
  }
  const CardSet out = higher - c.known - c.played;
  if (out.empty()) {
    CHECK(reason.find(card_text + " takes the trick") != std::string::npos);
    for (Card x : higher) CHECK(reason.find(card_name(x)) != std::string::npos);
  } else {
    CHECK(reason.find(card_text + " can be beaten: " + std::to_string(out.size()) +
                      " higher card") != std::string::npos);
    if (out.size() <= 5)
      for (Card x : out) CHECK(reason.find(card_name(x)) != std::string::npos);
  }
  if (c.leading && c.r->effective_suit(card) == kTrumpSuit) {
    const int left = (trumps - c.known - c.played).size();
    CHECK(reason.find(left ? "leads trump to pull the last " + std::to_string(left)
                           : std::string("no other trump out")) != std::string::npos);
  }
  return 1;
}

// Plays `name` with basic bots from deal `seed` until the seat to act is in the play at trick
// `trick` or later; false if the hand ends first.
bool play_to_trick(Game& game, uint64_t seed, int trick, const std::function<int()>& tricks_done,
                   const std::function<bool()>& in_play) {
  Error err;
  std::unique_ptr<bots::Bot> basic = bots::make_bot(game.name(), "basic", seed, {}, &err);
  REQUIRE(game.deal_seed(seed, &err) == Reason::ok);
  while (game.to_act() >= 0 && !(in_play() && tricks_done() >= trick)) {
    ActionCode a;
    REQUIRE(basic->choose(game, game.to_act(), &a, &err) == Reason::ok);
    REQUIRE(game.apply(a, &err) == Reason::ok);
    if (game.hands_scored() > 0) return false;
  }
  return game.to_act() >= 0;
}

}  // namespace

TEST_CASE("hint: Ghost Hand Euchre's reason counts the cards higher than the one it plays") {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Error err;
    auto game = make_game("ghost-euchre", {}, 3, 0, &err);
    REQUIRE(game);
    const auto& s = *static_cast<const ge::State*>(game->state_data());
    if (!play_to_trick(
            *game, seed, int(seed % 5), [&] { return int(s.tricks_done); },
            [&] { return s.phase == ge::Phase::play; }))
      continue;
    const int seat = game->to_act();
    auto bot = bots::make_bot("ghost-euchre", "expert", seed, {{"samples", "4"}}, &err);
    bots::Hint hint;
    REQUIRE(bot->hint(*game, seat, &hint, &err) == Reason::ok);
    const ge::View v = ge::view(s, seat);
    Counted c;
    c.r = &ge::ranking_for(Suit(v.trump)), c.deck = kEuchreDeck, c.known = v.hand | v.dead_hand;
    c.leading = v.in_trick == 0;
    for (int t = 0; t <= v.tricks_done; ++t)
      for (int p = 0; p < ge::kPlayers; ++p)
        if (v.played[t][p] != kNoCard) c.played.add(Card(v.played[t][p]));
    for (int i = 0; i < v.in_trick; ++i) {
      const Card x(v.played[v.tricks_done][(v.leaders[v.tricks_done] + i) % ge::kPlayers]);
      if (!c.has_best || c.r->beats(x, c.best)) c.best = x, c.has_best = true;
    }
    checked += check_counting(hint.reason, hint.text, c);
  }
  CHECK(checked > 25);
}

TEST_CASE("hint: Sheepshead's reason counts the cards higher than the one it plays") {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Error err;
    auto game = make_game("sheepshead", {}, 5, 0, &err);
    REQUIRE(game);
    const auto& s = *static_cast<const sh::State*>(game->state_data());
    if (!play_to_trick(
            *game, seed, 2 + int(seed % 3), [&] { return int(s.tricks_done); },
            [&] { return s.phase == sh::Phase::play; }))
      continue;
    const int seat = game->to_act();
    auto bot = bots::make_bot("sheepshead", "expert", seed, {{"samples", "4"}}, &err);
    bots::Hint hint;
    REQUIRE(bot->hint(*game, seat, &hint, &err) == Reason::ok);
    const sh::View v = sh::view(s, seat);
    Counted c;
    c.r = &sh::ranking(), c.deck = kPiquetDeck, c.known = v.hand | v.blind | v.bury;
    c.leading = v.in_trick == 0;
    for (int t = 0; t <= v.tricks_done; ++t)
      for (int p = 0; p < sh::kPlayers; ++p)
        if (v.played[t][p] != kNoCard && v.played[t][p] != sh::kFaceDown)
          c.played.add(Card(v.played[t][p]));
    for (int i = 0; i < v.in_trick; ++i) {
      const int p = (v.leaders[v.tricks_done] + i) % sh::kPlayers;
      const uint8_t code = v.played[v.tricks_done][p];
      if (code == sh::kFaceDown || (p == v.picker && code == v.unknown)) continue;
      if (!c.has_best || c.r->beats(Card(code), c.best)) c.best = Card(code), c.has_best = true;
    }
    checked += check_counting(hint.reason, hint.text, c);
  }
  CHECK(checked > 25);
}

namespace {

// Toonerville's counting clause checked against the state, counted here apart from the
// clause's code: the seat's hand, the pile below its top, the top, and the natural cards (or
// Rooks) in the melds, read from each meld's fields.
struct TvCount {
  int copies = 0, held = 0, gone = 0, top = 0, out = 0;
};

int tv_meld_copies(const tv::Meld& m, RookFace face) {
  if (is_rook(face)) return m.rooks;
  int k = 0;
  if (m.is_set() && m.low == face_number(face)) k = m.naturals[face_colour(face)];
  if (m.is_run() && m.colour == face_colour(face) && face_number(face) >= m.low &&
      face_number(face) <= m.high && !((m.rooks_at >> (face_number(face) - 1)) & 1))
    k = 1;
  return k;
}

TvCount tv_count(const tv::State& s, int seat, const std::vector<RookFace>& faces) {
  TvCount c;
  for (RookFace f : faces) {
    c.copies += players(s);
    c.held += s.hands[seat].count(f);
    for (int i = 0; i < int(s.pile_count) - 1; ++i) c.gone += s.pile[i] == f;
    c.top += s.pile_count > 0 && s.pile[s.pile_count - 1] == f;
    for (int m = 0; m < s.meld_count; ++m) c.gone += tv_meld_copies(s.melds[m], f);
  }
  c.out = c.copies - c.held - c.gone - c.top;
  return c;
}

std::string tv_are(int k) {
  return k == 0 ? "none are" : std::to_string(k) + (k == 1 ? " is" : " are");
}

bool tv_has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Checks the clause for a card a discard (on_top false) or the pile's top (true) concerns:
// the set counts of its number, or the run counts of its neighbours in its colour. Returns 1.
int check_tv_counts(const std::string& clause, const tv::State& s, int seat, RookFace face,
                    bool on_top) {
  INFO(clause);
  const tv::Contract contract = tv::contract(s);
  const int number = face_number(face), colour = face_colour(face);
  const std::string group =
      is_rook(face) ? std::string(" Rooks") : " natural " + std::to_string(number) + "s";
  const bool set = tv_has(clause, group + " you hold");
  const bool run = tv_has(clause, " run (" + std::to_string(players(s)) + " copies of each): ");
  CHECK(set != run);
  if (is_rook(face) || contract.runs == 0) CHECK(set);
  if (contract.sets == 0 && !is_rook(face)) CHECK(run);
  if (set) {
    std::vector<RookFace> faces;
    if (is_rook(face))
      faces.push_back(kRook);
    else
      for (int k = 0; k < kRookColours; ++k) faces.push_back(rook_face(k, number));
    const TvCount c = tv_count(s, seat, faces);
    if (on_top) {
      CHECK(c.top == 1);
      CHECK(tv_has(clause, "of the " + std::to_string(c.copies - 1) + " other" + group +
                               " you hold " + std::to_string(c.held) + ", " + tv_are(c.gone) +
                               " gone"));
    } else {
      CHECK(tv_has(clause, "of the " + std::to_string(c.copies) + group + " you hold " +
                               std::to_string(c.held) + " with it, " + tv_are(c.gone) + " gone"));
      CHECK(tv_has(clause, "1 is on the pile's top") == (c.top == 1));
    }
    CHECK(tv_has(clause, " and " + tv_are(c.out) + " still out"));
    return 1;
  }
  const char* colours[] = {"black", "green", "red", "yellow"};
  CHECK(tv_has(clause, std::string("for a ") + colours[colour] + " run"));
  for (int d : {-1, 1}) {
    if (number + d < 1 || number + d > kRookNumbers) continue;
    const RookFace n = rook_face(colour, number + d);
    const TvCount c = tv_count(s, seat, {n});
    CHECK(tv_has(clause, std::string(rook_face_name(n)) + " " + std::to_string(c.held) +
                             " yours, " + std::to_string(c.gone) + " gone, " +
                             (c.top && !on_top ? "1 on the pile's top, " : "") +
                             std::to_string(c.out) + " still out"));
  }
  return 1;
}

// The melds that take `face` and who is down, as the clause names them.
void check_tv_lay_off(const std::string& clause, const tv::State& s, int seat, RookFace face) {
  INFO(clause);
  int first = -1, takers = 0;
  for (int m = 0; m < s.meld_count; ++m)
    if (tv::can_lay_off(s.melds[m], face)) first = first < 0 ? m : first, ++takers;
  if (takers == 0) {
    CHECK(tv_has(clause, s.meld_count ? "no meld on the table takes it" : "no meld is down yet"));
    return;
  }
  const std::string owner = s.meld_owner[first] == seat
                                ? std::string("your ")
                                : "seat " + std::to_string(s.meld_owner[first]) + "'s ";
  CHECK(tv_has(clause, "it can be laid off on " + owner));
  CHECK(tv_has(clause, "(meld " + std::to_string(first) + ")"));
  int others = 0;
  for (int p = 0; p < players(s); ++p) others += p != seat && tv::is_down(s, p);
  CHECK(tv_has(clause, others ? std::to_string(others) + " other seat" : "no other seat is down"));
}

}  // namespace

TEST_CASE("hint: Toonerville's reason counts the copies of the card it concerns") {
  int discards = 0, tops = 0, down_discards = 0, downs = 0, layoffs = 0, runs = 0, hints = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    Error err;
    const int n = 3 + int(seed % 3);
    auto game = make_game("toonerville", {}, n, 0, &err);
    REQUIRE(game);
    REQUIRE(game->deal_seed(seed, &err) == Reason::ok);
    const auto& s = *static_cast<const tv::State*>(game->state_data());
    auto basic = bots::make_bot("toonerville", "basic", seed, {}, &err);
    // Rounds 1 to 4 (sets; a run and a set; runs), early and late in the round.
    const int moves = 10 + int(seed * 37 % 400);
    for (int m = 0; m < moves && game->to_act() >= 0; ++m) {
      ActionCode a;
      REQUIRE(basic->choose(*game, game->to_act(), &a, &err) == Reason::ok);
      REQUIRE(game->apply(a, &err) == Reason::ok);
      if (game->to_act() < 0 && !tv::is_over(s))
        REQUIRE(game->deal_seed(seed + 1000 * m, &err) == Reason::ok);
    }
    const int seat = tv::to_act(s);
    if (seat < 0) continue;
    const tv::View v = tv::view(s, seat);
    std::vector<tv::Action> legal(size_t(tv::kMaxLegalActions));
    legal.resize(size_t(tv::legal_actions(s, legal.data())));
    for (const tv::Action& a : legal) {
      const std::string clause = bots::detail::toonerville_count_reason(v, a);
      INFO("seed ", seed, ", ", tv::format_action(a), ": ", clause);
      REQUIRE(!clause.empty());
      switch (a.kind) {
        case tv::ActionKind::discard:
          if (tv::is_down(s, seat)) {
            ++down_discards;
          } else {
            discards += check_tv_counts(clause, s, seat, a.bytes[0], false);
            runs += tv_has(clause, " run (");
          }
          check_tv_lay_off(clause, s, seat, a.bytes[0]);
          CHECK(tv_has(clause, "held at the round's end it costs you " +
                                   std::to_string(is_rook(a.bytes[0])             ? 25
                                                  : face_number(a.bytes[0]) >= 10 ? 10
                                                                                  : 5) +
                                   " penalty points"));
          break;
        case tv::ActionKind::take:
        case tv::ActionKind::buy:
        case tv::ActionKind::pass:
        case tv::ActionKind::draw: {
          if (s.pile_count == 0 || (a.kind == tv::ActionKind::draw && s.bought)) break;
          const RookFace top = s.pile[s.pile_count - 1];
          CHECK(clause.rfind(std::string(rook_face_name(top)) + " is on the pile; ", 0) == 0);
          if (tv::is_down(s, seat))
            check_tv_lay_off(clause, s, seat, top);
          else
            tops += check_tv_counts(clause, s, seat, top, true);
          if (a.kind == tv::ActionKind::draw)
            CHECK(tv_has(clause, std::to_string(s.stock_count) + " card"));
          break;
        }
        case tv::ActionKind::layoff: {
          ++layoffs;
          const RookFace face = a.bytes[0] & tv::kRookAt ? kRook : a.bytes[0];
          CHECK(tv_has(clause, std::string(rook_face_name(face)) + " goes on "));
          CHECK(tv_has(clause, "(meld " + std::to_string(a.target) +
                                   "): " + std::to_string(penalty_points(face)) +
                                   " penalty points out of your hand"));
          break;
        }
        case tv::ActionKind::down: {
          ++downs;
          FaceCounts kept = s.hands[seat];
          int laid = 0;
          for (int i = 0; i < a.target; ++i) {
            tv::Meld m;
            REQUIRE(tv::unpack_meld(a.bytes + 4 * i, &m, &err) == Reason::ok);
            RookFace faces[64];
            const int k = tv::meld_faces(m, faces);
            laid += k;
            for (int j = 0; j < k; ++j) REQUIRE(kept.remove(faces[j]));
          }
          CHECK(tv_has(clause, " down with " + std::to_string(laid) + " cards"));
          if (!kept.empty())
            CHECK(tv_has(clause, "keeping " + std::to_string(kept.total()) +
                                     (kept.total() == 1 ? " card" : " cards") + " worth " +
                                     std::to_string(penalty_points(kept)) + " penalty points"));
          break;
        }
        case tv::ActionKind::swap:
          CHECK(tv_has(clause, "takes the Rook's place in "));
          break;
      }
    }
    // The hint's reason: the action, then the clause for it, then the search's values.
    if (seed % 6 == 0) {
      auto bot = bots::make_bot("toonerville", "expert", seed, {{"samples", "2"}}, &err);
      bots::Hint hint;
      REQUIRE(bot->hint(*game, seat, &hint, &err) == Reason::ok);
      if (legal.size() > 1) {
        tv::Action best;
        REQUIRE(tv::parse_action(hint.text, seat, &best, &err) == Reason::ok);
        CHECK(hint.reason.rfind(hint.text + ": " + bots::detail::toonerville_count_reason(v, best) +
                                    "; the round costs you ",
                                0) == 0);
        ++hints;
      }
    }
  }
  CHECK(discards > 120);
  CHECK(runs > 20);
  CHECK(tops > 20);
  CHECK(down_discards > 20);
  CHECK(downs > 0);
  CHECK(layoffs > 0);
  CHECK(hints >= 5);
}
