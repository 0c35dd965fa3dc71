// Random-game property tests for Toonerville Rook (CONTRIBUTING.md): whole 11-round
// games of 3, 4 and 5 players between the example bots, with random detours (a random legal
// action now and then, so buys, swaps and odd discards happen), random options and first
// dealers, a third of the games dealt explicitly (their reshuffles given as `reshuffle seed`
// or `reshuffle stock:` lines, T13). More than 1,000 rounds per run. At every state:
//   - every card of the n decks is in exactly one place and every meld on the table is a
//     valid run or set (check_invariants: T1, T4),
//   - every listed action applies; on a sample of states, every action of the action space
//     (take, draw, a buy by each seat, a discard of each face, a swap of each face on each
//     meld, a lay-off of each face on each meld at each end) applies exactly when it is
//     listed, and a refused action leaves the state untouched,
//   - serialize -> deserialize gives the identical state,
//   - a seat's view does not change when another hand and the stock exchange a card, nor
//     when the stock is reordered (T14);
// per round that each seat's penalty points are T12's of the cards it held (0 for the seat
// that went out); and per game that a Game mirroring the moves as text writes a record that
// replays to the same bytes and survives a deserialize_game round trip.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/toonerville.hpp"
#include "deckhand/toonerville_bots.hpp"
#include "test_support.hpp"
#include "toonerville/internal.hpp"

using namespace deckhand;
using namespace deckhand::toonerville;

namespace {

constexpr int kGamesPerHalf = 48;  // 11 rounds each: more than 1,000 rounds per run
constexpr int kMaxActionsPerRound = 50000;

bool listed(const Action* legal, int n, const Action& a) {
  for (int i = 0; i < n; ++i)
    if (legal[i] == a) return true;
  return false;
}

// The action space the full check walks (down is checked through the listed arrangement).
int action_space(const State& s, Action* out) {
  int n = 0;
  const int seat = s.to_act;
  out[n++] = take_action(seat);
  out[n++] = draw_action(seat);
  for (int p = 0; p < players(s); ++p) out[n++] = buy_action(p);
  for (int p = 0; p < players(s); ++p) out[n++] = pass_action(p);
  for (int f = 0; f < kRookFaces; ++f) {
    out[n++] = discard_action(seat, RookFace(f));
    for (int m = 0; m < s.meld_count; ++m) {
      if (f != kRook) out[n++] = swap_action(seat, m, RookFace(f));
      if (f == kRook && s.melds[m].is_run()) {  // listed with the number it takes
        for (int number : {s.melds[m].low - 1, s.melds[m].high + 1})
          if (number >= 1 && number <= kRookNumbers)
            out[n++] = layoff_action(seat, m, kRook, number);
      } else {
        out[n++] = layoff_action(seat, m, RookFace(f));
      }
    }
  }
  return n;
}

void check_state(const State& s, bool full, PortableRng& rng) {
  Error e;
  ENSURE(check_invariants(s, &e) == Reason::ok, e.message);
  // Serialization round trip.
  uint8_t bytes[kSerializedSize];
  ENSURE(serialize(s, bytes, sizeof bytes) == kSerializedSize, "serialize");
  State back;
  ENSURE(deserialize(bytes, sizeof bytes, &back, &e) == Reason::ok, e.message);
  ENSURE(testing::same_bytes(s, back), "round trip changed the state");
  // The legal list applies; on full checks, nothing else in the action space does.
  static Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  State next;
  for (int i = 0; i < n; ++i) {
    ENSURE(apply(s, legal[i], &next, &e) == Reason::ok, format_action(legal[i]),
           " refused: ", e.message);
  }
  if (full) {
    static Action space[2 + 2 * kMaxPlayers + kRookFaces * kMaxTableMelds * 3 + kRookFaces];
    const int k = action_space(s, space);
    for (int i = 0; i < k; ++i) {
      const bool ok = apply(s, space[i], &next, nullptr) == Reason::ok;
      // T6's direct buy, the form of records before the offer was in the state: accepted
      // from any seat that may buy before the seat to act draws, and never listed.
      const bool direct_buy = space[i].kind == ActionKind::buy && s.phase == Phase::draw &&
                              !s.pending_draw && space[i].seat != s.to_act &&
                              ((buyers(s) >> space[i].seat) & 1);
      if (direct_buy) {
        ENSURE(ok, "a direct buy by a seat that may buy is refused");
        continue;
      }
      if (ok != listed(legal, n, space[i]))
        FAIL("seat ", int(space[i].seat), " '", format_action(space[i]), "' applies=", ok,
             " but listed=", !ok, " in round ", int(s.round), " phase ",
             std::string(phase_name(s.phase)));
    }
    // `down` is listed exactly when the contract finder (no pre-filter) finds a way (T7, T11).
    if (s.phase == Phase::play && !is_down(s, s.to_act) && s.rooks_owed == 0) {
      const FaceCounts& hand = s.hands[s.to_act];
      const bool can = s.round == kRounds ? find_whole_hand(hand, nullptr)
                                          : find_contract(hand, contract(s), nullptr);
      bool has_down = false;
      for (int i = 0; i < n; ++i) has_down |= legal[i].kind == ActionKind::down;
      ENSURE(has_down == can, "round ", int(s.round), ": down listed=", has_down,
             " but the finder says ", can);
    }
    // A refused action (a swap on a meld that does not exist) changes nothing.
    State copy = s;
    if (s.phase == Phase::play)
      (void)advance(&copy, swap_action(s.to_act, kMaxTableMelds - 1, RookFace(0)), nullptr);
    ENSURE(testing::same_bytes(copy, s), "a refused action changed the state");
  }
  // T14: another seat's hand and the stock order never show (detail::swap_hidden, the
  // descriptor's hook).
  const int watcher = int(rng.bounded(uint64_t(players(s))));
  State hidden;
  if (!detail::swap_hidden(s, watcher, rng.next(), &hidden)) return;
  const View a = view(s, watcher), b = view(hidden, watcher);
  ENSURE(testing::same_bytes(a, b), "seat ", watcher,
         " sees another seat's hand or the stock order");
}

struct Tally {
  int rounds = 0, games = 0, buys = 0, swaps = 0, layoffs = 0, reshuffles = 0, stock_outs = 0;
  int explicit_reshuffles = 0, turn_limits = 0, offers_checked = 0;
  int players_seen[kMaxPlayers + 1] = {};
};

void play_game(uint64_t seed, Tally* tally) {
  PortableRng rng(seed);
  Options o;
  o.players = uint8_t(3 + rng.bounded(3));
  o.round11_deal = rng.bounded(4) == 0 ? 12 : 14;
  o.rook_swap = rng.bounded(3) == 0 ? RookSwap::new_meld : RookSwap::table;
  o.max_buys = uint16_t(rng.bounded(3) == 0 ? 1 + rng.bounded(3) : 0);
  const int dealer = int(rng.bounded(o.players));
  const bool explicit_deals = rng.bounded(3) == 0;
  const bool long_rounds = rng.bounded(5) == 0;
  // T13 max_turns now and then (not in long rounds, which must reach a reshuffle).
  o.max_turns = !long_rounds && rng.bounded(4) == 0 ? uint32_t(5 + rng.bounded(60)) : 0;
  State s = new_game(o, dealer);
  OptionList options = {{"round11_deal", std::to_string(o.round11_deal)},
                        {"rook_swap", o.rook_swap == RookSwap::table ? "table" : "new_meld"},
                        {"max_buys", o.max_buys ? std::to_string(o.max_buys) : "unlimited"},
                        {"max_turns", std::to_string(o.max_turns)}};
  Error e;
  std::unique_ptr<Game> game = make_game("toonerville", options, o.players, dealer, &e);
  REQUIRE_MESSAGE(game, e.message);
  tally->players_seen[o.players]++;
  int actions_in_round = 0;
  while (!is_over(s)) {
    check_state(s, rng.bounded(6) == 0, rng);
    if (s.phase == Phase::deal) {
      const uint64_t deal_seed_value = rng.next();
      State dealt;
      REQUIRE(deal_seed(s, deal_seed_value, &dealt, &e) == Reason::ok);
      if (!explicit_deals) {
        REQUIRE(game->deal_seed(deal_seed_value, &e) == Reason::ok);
        s = dealt;
      } else {
        // The same cards as an explicit deal (hands, upcard, stock top first).
        std::string text;
        for (int p = 0; p < o.players; ++p) {
          char buf[kMaxCards * 5];
          format_rook_faces(dealt.hands[p], buf, sizeof buf);
          text += std::to_string(p) + ": " + buf + "; ";
        }
        text += std::string("upcard: ") + rook_face_name(dealt.pile[0]) + "; stock:";
        for (int i = dealt.stock_count - 1; i >= 0; --i)
          text += std::string(" ") + rook_face_name(dealt.stock[i]);
        REQUIRE_MESSAGE(game->deal_text(text, &e) == Reason::ok, e.message);
        std::string bytes;
        REQUIRE(parse_deal(text, o.players, &bytes, &e) == Reason::ok);
        REQUIRE(deal_bytes(s, bytes, &s, &e) == Reason::ok);
        dealt.has_rng = 0;
        std::memset(dealt.rng, 0, sizeof dealt.rng);
        ENSURE(testing::same_bytes(s, dealt),
               "an explicit deal differs from the seeded one it copies");
      }
      actions_in_round = 0;
      continue;
    }
    if (needs_reshuffle(s)) {
      ENSURE(game->needs_reshuffle(), "the Game disagrees on needs_reshuffle");
      if (rng.bounded(2)) {
        const uint64_t r = rng.next();
        REQUIRE(reshuffle_seed(s, r, &s, &e) == Reason::ok);
        REQUIRE(game->reshuffle_seed(r, &e) == Reason::ok);
      } else {
        RookFace order[kMaxCards];
        const int k = s.pile_count - 1;
        std::memcpy(order, s.pile, size_t(k));
        rng.shuffle(order, k);
        std::string text = "stock:";
        for (int i = 0; i < k; ++i) text += std::string(" ") + rook_face_name(order[i]);
        REQUIRE_MESSAGE(reshuffle_stock(s, order, k, &s, &e) == Reason::ok, e.message);
        REQUIRE_MESSAGE(game->reshuffle_text(text, &e) == Reason::ok, e.message);
        tally->explicit_reshuffles++;
      }
      continue;
    }
    Action a;
    static Action legal[kMaxLegalActions];
    const int n = legal_actions(s, legal);
    if (n == 0)
      FAIL("no legal action in round ", int(s.round), ":\n", view_text(view(s, s.to_act)), " owed ",
           int(s.rooks_owed), " taken ", int(s.taken_face));
    a = legal[rng.bounded(uint64_t(n))];
    // A random detour now and then; a random buy only rarely, as hands that buy without
    // measure can no longer go out and the round never ends (T13 ends a round only when no
    // card is left anywhere).
    if (rng.bounded(8) == 0 && (a.kind != ActionKind::buy || rng.bounded(8) == 0)) {
    } else {
      REQUIRE(bots::toonerville_bot_table(s, rng, &a));
    }
    // In "long" games nobody goes down before the stock has run out once, so that T13's
    // reshuffles (by the round's generator, or given by the record) happen in every run.
    if (long_rounds && a.kind == ActionKind::down && s.reshuffles == 0 && !s.rooks_owed) {
      for (int i = 0; i < n; ++i)
        if (legal[i].kind == ActionKind::discard) a = legal[i];
    }
    const State before = s;
    REQUIRE_MESSAGE(advance(&s, a, &e) == Reason::ok, format_action(a), ": ", e.message);
    const std::string text = format_action(a);
    REQUIRE_MESSAGE(game->apply_text(a.seat, text, &e) == Reason::ok, text, ": ", e.message);
    // T6: in the middle of an offer (or a draw waiting for its reshuffle) the record and the
    // image give back this very state.
    if (s.pending_draw && rng.bounded(64) == 0) {
      ENSURE(testing::same_bytes(s, *static_cast<const State*>(game->state_data())),
             "the Game left the pure state");
      const ReplayResult replayed = replay_record(game->record());
      REQUIRE_MESSAGE(replayed.ok, replayed.error.message);
      ENSURE(testing::same_bytes(s, *static_cast<const State*>(replayed.final_game->state_data())),
             "a record written mid-offer replays elsewhere");
      const std::vector<uint8_t> image = game->serialize();
      auto restored = deserialize_game(image.data(), image.size(), &e);
      REQUIRE_MESSAGE(restored, e.message);
      ENSURE(restored->serialize() == image, "an image taken mid-offer restores elsewhere");
      tally->offers_checked++;
    }
    tally->buys += a.kind == ActionKind::buy;
    tally->swaps += a.kind == ActionKind::swap;
    tally->layoffs += a.kind == ActionKind::layoff;
    if (++actions_in_round >= kMaxActionsPerRound) {
      std::string hands;
      for (int p = 0; p < o.players; ++p) {
        char buf[kMaxCards * 5];
        format_rook_faces(s.hands[p], buf, sizeof buf);
        hands += std::to_string(p) + ": " + buf + "\n";
      }
      FAIL("round ", int(s.round), " does not end:\n", view_text(view(s, -1)), hands);
    }
    if (s.hands_scored != before.hands_scored) {
      tally->rounds++;
      tally->reshuffles += s.last.reshuffles;
      const RoundResult& r = s.last;
      if (r.went_out == kNoSeat && a.kind == ActionKind::discard) {
        tally->turn_limits++;  // T13 max_turns: the round's last turn ended with this discard
        ENSURE(o.max_turns && before.turns + 1 == o.max_turns,
               "a round cut short before max_turns");
      } else if (r.went_out == kNoSeat) {
        tally->stock_outs++;
      }
      for (int p = 0; p < o.players; ++p) {
        FaceCounts left = before.hands[p];  // a round's last discard is not in hand (T13)
        if (p == a.seat && a.kind == ActionKind::discard) left.remove(a.bytes[0]);
        // T6/T13: a buy whose penalty card was the last card leaves nothing for the draw
        // after it, which ends the round: the buyer scores both cards it took.
        if (p == a.seat && a.kind == ActionKind::buy) {
          left.add(before.pile[before.pile_count - 1]);
          if (before.stock_count) left.add(before.stock[before.stock_count - 1]);
        }
        const int expected = p == r.went_out ? 0 : penalty_points(left);
        ENSURE(r.deltas[p] == expected, "seat ", p, " scored ", r.deltas[p], " not ", expected,
               " (T12)");
      }
      if (r.went_out != kNoSeat)
        ENSURE(is_down(before, r.went_out) || a.kind == ActionKind::down,
               "went out without being down (T10)");
    }
  }
  tally->games++;
  // The mirrored Game: same state bytes, a record that replays to them, a serialized round trip.
  const std::vector<uint8_t> bytes = game->serialize();
  uint8_t image[kSerializedSize];
  serialize(s, image, sizeof image);
  ENSURE(std::memcmp(bytes.data(), image, sizeof image) == 0, "the Game's state differs");
  ReplayResult replay = replay_record(game->record());
  REQUIRE_MESSAGE(replay.ok, "line ", replay.line, ": ", replay.error.message);
  ENSURE(replay.final_game->serialize() == bytes, "the record does not replay to the game");
  ENSURE(replay.hand_deltas.size() == size_t(kRounds), "11 scored rounds");
  std::unique_ptr<Game> restored = deserialize_game(bytes.data(), bytes.size(), &e);
  REQUIRE_MESSAGE(restored, e.message);
  ENSURE(restored->serialize() == bytes, "deserialize_game round trip");
  ENSURE(!game->winners().empty(), "a finished game has winners");
}

void run_half(uint64_t first_seed) {
  Tally t;
  const int games = property_count(kGamesPerHalf);
  for (int g = 0; g < games; ++g) play_game(first_seed + uint64_t(g), &t);
  MESSAGE("games ", t.games, ", rounds ", t.rounds, " (3/4/5 players: ", t.players_seen[3], "/",
          t.players_seen[4], "/", t.players_seen[5], " games), buys ", t.buys, ", swaps ", t.swaps,
          ", lay-offs ", t.layoffs, ", reshuffles ", t.reshuffles, " (", t.explicit_reshuffles,
          " given as stock), rounds ended by the stock ", t.stock_outs, ", by max_turns ",
          t.turn_limits, ", mid-offer records and images checked ", t.offers_checked);
  CHECK(t.rounds == games * kRounds);
  CHECK_SEEN(t.offers_checked > 0);
  CHECK_SEEN(t.players_seen[3] > 0);
  CHECK_SEEN(t.players_seen[4] > 0);
  CHECK_SEEN(t.players_seen[5] > 0);
  CHECK_SEEN(t.buys > 0);
  CHECK_SEEN(t.layoffs > 0);
  CHECK_SEEN(t.reshuffles > 0);
  CHECK_SEEN(t.turn_limits > 0);
}

}  // namespace

TEST_CASE("Toonerville random games, first half") {
  run_half(1000);
}

TEST_CASE("Toonerville random games, second half") {
  run_half(2000);
}
