// Sheepshead's observation and action index (docs/observations.md).
#include "../rl/rl.hpp"

#include <cassert>

#include "../rl/writer.hpp"
#include "deckhand/sheepshead.hpp"

namespace deckhand::rl {
namespace {

namespace sh = deckhand::sheepshead;
constexpr int P = sh::kPlayers;
constexpr int kObservationSize = 540;
// The index space: pick, pass, alone, the play of each card (32), the bury of each pair
// (496), the plain call of each fail ace and ten (6), the call of each fail ace with each
// card as the unknown (3 x 32).
constexpr int kPlayBase = 3;
constexpr int kBuryBase = kPlayBase + 32;
constexpr int kCallBase = kBuryBase + 32 * 31 / 2;
constexpr int kUnknownCallBase = kCallBase + 6;
constexpr int kActionSpaceSize = kUnknownCallBase + 3 * 32;

// The fail suits (S2: diamonds are trump) as 0..2: clubs, hearts, spades.
int fail_slot(Suit s) {
  return s == Suit::clubs ? 0 : s == Suit::hearts ? 1 : s == Suit::spades ? 2 : -1;
}

void observe(const Game& game, int seat, float* out) {
  const auto& state = *static_cast<const sh::State*>(game.state_data());
  const sh::View v = sh::view(state, seat);  // S13: only what this seat sees
  auto rel = [&](uint8_t s) { return relative(s, seat, P); };
  Writer w(out);
  w.cards(kPiquetRanks, v.hand);
  w.cards(kPiquetRanks, v.blind);
  w.cards(kPiquetRanks, v.bury);
  w.one_hot(6, int(v.phase));
  w.one_hot(4, int(v.contract));
  w.one_hot(P, rel(v.dealer));
  w.one_hot(P, rel(v.to_act));
  w.one_hot(P, rel(v.picker));
  w.one_hot(P, rel(v.partner));
  w.one_hot(32, v.called < 32 ? v.called : -1);
  w.one_hot(32, v.unknown < 32 ? v.unknown : -1);
  w.value(float(v.called_led));
  w.value(v.passes / float(P - 1));
  const bool in_play = v.phase == sh::Phase::play;
  w.one_hot(P, in_play && v.tricks_done < sh::kTricks ? rel(v.leaders[v.tricks_done]) : -1);
  // Cards of the current trick, then those of the completed tricks, by who played them; the
  // unknown played face down (S7) is its own slot.
  CardSet current[P], before[P];
  bool face_down_now[P] = {}, face_down_before[P] = {};
  split_plays(v.played, v.tricks_done, seat, current, before,
              [&](bool in_progress, int r, uint8_t code) {
                if (code == sh::kFaceDown)
                  (in_progress ? face_down_now : face_down_before)[r] = true;
              });
  for (int r = 0; r < P; ++r) {
    w.cards(kPiquetRanks, current[r]);
    w.value(float(face_down_now[r]));
  }
  for (int r = 0; r < P; ++r) {
    w.cards(kPiquetRanks, before[r]);
    w.value(float(face_down_before[r]));
  }
  for (int r = 0; r < P; ++r) w.value(v.tricks_won[(seat + r) % P] / float(sh::kTricks));
  for (int r = 0; r < P; ++r) w.value(float(v.scores[(seat + r) % P]) / 10.0f);
  w.value(float(v.doubled));
  w.value(v.pending_doublers > 0 ? 1.0f : 0.0f);
  w.value(v.tricks_done / float(sh::kTricks));
  assert(w.position() == kObservationSize);
}

int index_of(const ActionCode& a) {
  switch (sh::ActionKind(a.kind)) {
    case sh::ActionKind::pick:
      return 0;
    case sh::ActionKind::pass:
      return 1;
    case sh::ActionKind::alone:
      return 2;
    case sh::ActionKind::play:
      return kPlayBase + a.arg;
    case sh::ActionKind::bury: {
      const int lo = a.arg, hi = a.cards[0];  // deckhand.h: the second card is the higher
      return kBuryBase + hi * (hi - 1) / 2 + lo;
    }
    case sh::ActionKind::call: {
      const Card called(a.arg);
      const int suit = fail_slot(called.suit());
      if (a.count == 0) return kCallBase + suit * 2 + (called.rank() == Rank::ace ? 0 : 1);
      return kUnknownCallBase + suit * 32 + a.cards[0];
    }
  }
  return -1;
}

}  // namespace

extern const Encoder kSheepsheadEncoder;
const Encoder kSheepsheadEncoder = {{kObservationSize, kActionSpaceSize}, observe, index_of};

}  // namespace deckhand::rl
