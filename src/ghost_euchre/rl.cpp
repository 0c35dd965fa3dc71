// Ghost Hand Euchre's observation and action index (docs/observations.md).
#include "../rl/rl.hpp"

#include <cassert>

#include "../rl/writer.hpp"
#include "deckhand/ghost_euchre.hpp"

namespace deckhand::rl {
namespace {

namespace ge = deckhand::ghost_euchre;
constexpr int P = ge::kPlayers;
constexpr int kObservationSize = 282;

// The auction log's "what" (ghost_euchre.hpp: 0 pass, 3..5 bid, 6 moon, 7 swap) as 0..5.
int auction_slot(uint8_t what) {
  return what == ge::kAuctionPass ? 0 : what == ge::kAuctionSwap ? 5 : what - 2;
}

void observe(const Game& game, int seat, float* out) {
  const auto& state = *static_cast<const ge::State*>(game.state_data());
  const ge::View v = ge::view(state, seat);  // G11: only what this seat sees
  auto rel = [&](uint8_t s) { return relative(s, seat, P); };
  Writer w(out);
  w.cards(kNineToAceRanks, v.hand);
  w.cards(kNineToAceRanks, v.dead_hand);
  w.one_hot(5, int(v.phase));
  w.one_hot(P, rel(v.dealer));
  w.one_hot(P, rel(v.to_act));
  w.one_hot(P, rel(v.spare_owner));
  for (int k = 0; k < 6; ++k) {
    const bool said = k < v.auction_len;
    w.one_hot(P, said ? rel(uint8_t(v.auction[k] >> 4)) : -1);
    w.one_hot(6, said ? auction_slot(v.auction[k] & 15) : -1);
  }
  w.one_hot(4, v.high_bid >= 3 ? v.high_bid - 3 : -1);
  w.one_hot(P, rel(v.declarer));
  w.one_hot(4, v.trump < 4 ? v.trump : -1);
  const bool in_play = v.phase == ge::Phase::play;
  w.one_hot(P, in_play && v.tricks_done < ge::kTricks ? rel(v.leaders[v.tricks_done]) : -1);
  // Cards of the current trick, then those of the completed tricks, by who played them.
  CardSet current[P], before[P];
  split_plays(v.played, v.tricks_done, seat, current, before, [](bool, int, uint8_t) {});
  for (int r = 0; r < P; ++r) w.cards(kNineToAceRanks, current[r]);
  for (int r = 0; r < P; ++r) w.cards(kNineToAceRanks, before[r]);
  for (int r = 0; r < P; ++r) w.value(v.tricks_won[(seat + r) % P] / float(ge::kTricks));
  const float target = v.options.target > 0 ? float(v.options.target) : 1.0f;
  for (int r = 0; r < P; ++r) w.value(float(v.scores[(seat + r) % P]) / target);
  w.value(float(v.tiebreak));
  w.value(v.tricks_done / float(ge::kTricks));
  assert(w.position() == kObservationSize);
}

// ghost_euchre::action_from_index's order: swap, pass, bid 3, 4, 5, moon, trump C D H S, then
// the play of each of the 24 cards in code order.
int index_of(const ActionCode& a) {
  switch (ge::ActionKind(a.kind)) {
    case ge::ActionKind::swap:
      return 0;
    case ge::ActionKind::pass:
      return 1;
    case ge::ActionKind::bid:
      return a.arg - 1;
    case ge::ActionKind::trump:
      return 6 + a.arg;
    case ge::ActionKind::play:
      return 10 + (a.arg >> 3) * 6 + (a.arg & 7) - 2;
  }
  return -1;
}

}  // namespace

extern const Encoder kGhostEuchreEncoder;
const Encoder kGhostEuchreEncoder = {{kObservationSize, ge::kActionSpaceSize}, observe, index_of};

}  // namespace deckhand::rl
