// Toonerville Rook's environment (docs/observations.md): the observation and the ordered and
// capped list of the deciding seat's actions with a feature vector each. The buy (T6) is
// offered in the state itself: the deciding seat is the game's to_act.
#include "../rl/rl.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "../rl/writer.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::rl {

// Toonerville Rook (docs/observations.md), a listed game: melds are combinatorial, so an
// action index is a position in an ordered list of the deciding seat's actions, capped at
// kActionCap, and each position has kFeatureSize floats describing its action. The offer of
// a declined discard (T6) is the state's: the seat offered it is to_act, choosing buy or pass.
namespace tv {
inline constexpr int kActionCap = 64;
inline constexpr int kFeatureSize = 75;
inline constexpr int kObservationSize = 932;

// `seat`'s observation (T14), which shows the seat the discard is offered to.
void observe(const Game& game, int seat, float* out);
// The deciding seat's choices in index order into out[0 .. return) (room for kActionCap);
// `legal` is scratch for the game's legal actions.
size_t choices(const Game& game, std::vector<ActionCode>* legal, ActionCode* out);
// The features of list[0 .. count) into out[0 .. count * kFeatureSize), and zeros in the rows
// from count to clear_to (kActionCap: all of them; a batch passes its previous count).
void features(const Game& game, const ActionCode* list, size_t count, float* out,
              size_t clear_to = kActionCap);
static_assert(kActionCap <= kMaxChoices);
// Applies a choice of the list.
Reason apply(Game& game, const ActionCode& choice, Error* err);
}  // namespace tv

}  // namespace deckhand::rl

namespace deckhand::rl::tv {
namespace {

namespace tr = deckhand::toonerville;
constexpr int P = tr::kMaxPlayers;  // seat blocks: always five, zeros past the players
constexpr int kFaces = kRookFaces;
constexpr int kPerMeld = P + 2 + kRookColours + kRookNumbers + 1;
// The fields before the melds, then 25 meld slots (docs/observations.md).
static_assert(282 + tr::kMaxTableMelds * kPerMeld == kObservationSize);

const tr::State& state_of(const Game& game) {
  return *static_cast<const tr::State*>(game.state_data());
}

// One float per face: the count of each in `cards`.
void write_counts(Writer& w, const FaceCounts& cards) {
  for (int f = 0; f < kFaces; ++f) w.value(float(cards.n[f]));
}

// The order of the list (docs/observations.md): take or buy, draw or pass, down, swaps,
// discards, lay-offs. Discards come before the lay-offs, the most numerous, so that a turn
// can always end within the cap; a lay-off cut off comes back as the hand shrinks.
int rank_of(const ActionCode& a) {
  switch (tr::ActionKind(a.kind)) {
    case tr::ActionKind::take:
    case tr::ActionKind::buy:
      return 0;
    case tr::ActionKind::draw:
    case tr::ActionKind::pass:
      return 1;
    case tr::ActionKind::down:
      return 2;
    case tr::ActionKind::swap:
      return 3;
    case tr::ActionKind::discard:
      return 4;
    case tr::ActionKind::layoff:
      return 5;
  }
  return 6;
}
constexpr int kRanks = 6;

// The cards the action moves (out of the hand, or for take and buy the top discard into it),
// with their number and penalty points (T12), counted as they are added: a count over all
// 57 faces per choice was a tenth of a batch step.
struct Moved {
  FaceCounts cards;
  int count = 0;
  int points = 0;
  void add(RookFace f) {
    cards.add(f);
    ++count;
    points += penalty_points(f);
  }
  void add(const FaceCounts& more) {
    for (int f = 0; f < kFaces; ++f)
      for (int k = 0; k < more.n[f]; ++k) add(RookFace(f));
  }
};

Moved cards_moved(const tr::State& s, const ActionCode& a) {
  Moved cards;
  switch (tr::ActionKind(a.kind)) {
    case tr::ActionKind::take:
    case tr::ActionKind::buy:
      if (s.pile_count) cards.add(s.pile[s.pile_count - 1]);
      break;
    case tr::ActionKind::down:
      for (int m = 0; m < a.arg; ++m) {
        tr::Meld meld;
        FaceCounts melded;
        if (tr::unpack_meld(&a.cards[4 * m], &meld, nullptr) == Reason::ok)
          tr::add_meld_cards(meld, &melded);
        cards.add(melded);
      }
      break;
    case tr::ActionKind::layoff:
      for (int k = 0; k < a.count; ++k)
        cards.add(a.cards[k] & tr::kRookAt ? kRook : RookFace(a.cards[k]));
      break;
    case tr::ActionKind::swap:
    case tr::ActionKind::discard:
      cards.add(a.cards[0]);
      break;
    default:
      break;
  }
  return cards;
}

}  // namespace

void observe(const Game& game, int seat, float* out) {
  const tr::State& s = state_of(game);
  const tr::View v = tr::view(s, seat);  // T14: only what this seat sees
  const int n = tr::players(s);
  auto rel = [&](int other) { return relative(uint8_t(other), seat, n); };
  Writer w(out);
  write_counts(w, v.hand);
  w.one_hot(4, int(v.phase));
  w.one_hot(tr::kRounds, v.round - 1);
  w.one_hot(P, rel(v.dealer));
  // The seat whose turn it is, and the seat offered the declined discard (T6).
  w.one_hot(P, v.pending_draw ? rel(v.pending_draw - 1) : rel(v.to_act));
  w.one_hot(P, v.pending_draw && v.to_act != tr::kNoSeat ? rel(v.to_act) : -1);
  for (int r = 0; r < P; ++r) {
    if (r >= n) {
      for (int k = 0; k < 4; ++k) w.value(0.0f);
      continue;
    }
    const int other = (seat + r) % n;
    w.value(v.hand_sizes[other] / 20.0f);
    w.value(float((v.down >> other) & 1));
    w.value(v.buys[other] / 5.0f);
    w.value(float(v.scores[other]) / 100.0f);
  }
  w.one_hot(kFaces, v.pile_count ? v.pile[v.pile_count - 1] : -1);
  FaceCounts pile;
  for (int k = 0; k < v.pile_count; ++k) pile.add(v.pile[k]);
  write_counts(w, pile);
  w.value(v.pile_count / 50.0f);
  w.value(v.stock_count / 100.0f);
  w.value(float(v.bought));
  w.one_hot(kFaces, v.taken_face == kNoRookFace ? -1 : v.taken_face);
  w.value(float(v.rooks_owed));
  for (int m = 0; m < tr::kMaxTableMelds; ++m) {
    const bool on_table = m < v.meld_count;
    const tr::Meld meld = on_table ? v.melds[m] : tr::Meld{};
    w.one_hot(P, on_table ? rel(v.meld_owner[m]) : -1);
    w.value(float(meld.is_run()));
    w.value(float(meld.is_set()));
    w.one_hot(kRookColours, meld.is_run() ? meld.colour : -1);
    for (int number = 1; number <= kRookNumbers; ++number)
      w.value(float(on_table && number >= meld.low && number <= meld.high));
    w.value(float(meld.rooks));
  }
  assert(w.position() == kObservationSize);
}

size_t choices(const Game& game, std::vector<ActionCode>* legal, ActionCode* out) {
  const size_t n = legal_codes(game, legal);
  // A stable bucket order by rank, in one pass per rank (no sort buffer to allocate).
  size_t kept = 0;
  for (int rank = 0; rank < kRanks && kept < size_t(kActionCap); ++rank)
    for (size_t k = 0; k < n && kept < size_t(kActionCap); ++k)
      if (rank_of((*legal)[k]) == rank) out[kept++] = (*legal)[k];
  return kept;
}

void features(const Game& game, const ActionCode* list, size_t count, float* out, size_t clear_to) {
  const tr::State& s = state_of(game);
  const int n = tr::players(s);
  // Every float of a used row is written; rows past the count that may hold an earlier
  // list's are zeroed.
  if (clear_to > count)
    std::memset(out + count * kFeatureSize, 0, sizeof(float) * (clear_to - count) * kFeatureSize);
  const int hand_size = count ? s.hands[list[0].seat].total() : 0;
  for (size_t i = 0; i < count; ++i) {
    const ActionCode& a = list[i];
    Writer w(out + i * kFeatureSize);
    w.one_hot(8, a.kind);
    const Moved moved = cards_moved(s, a);
    float* faces = w.zeros(kFaces);  // a few cards at most: set those
    for (uint64_t held = moved.cards.held(); held; held &= held - 1) {
      const int f = std::countr_zero(held);
      faces[f] = float(moved.cards.n[f]);
    }
    const auto kind = tr::ActionKind(a.kind);
    const bool on_meld = kind == tr::ActionKind::layoff || kind == tr::ActionKind::swap;
    const tr::Meld* meld = on_meld && a.arg < s.meld_count ? &s.melds[a.arg] : nullptr;
    w.one_hot(P, meld ? relative(s.meld_owner[a.arg], a.seat, n) : -1);
    w.value(float(meld && meld->is_run()));
    w.value(float(meld && meld->is_set()));
    const bool rook_on_run = kind == tr::ActionKind::layoff && (a.cards[0] & tr::kRookAt);
    w.value(rook_on_run ? (a.cards[0] & ~tr::kRookAt) / float(kRookNumbers) : 0.0f);
    const bool leaves_hand = kind != tr::ActionKind::take && kind != tr::ActionKind::buy;
    w.value(leaves_hand ? moved.points / 100.0f : 0.0f);
    w.value(float(leaves_hand && moved.count > 0 && moved.count == hand_size));
    assert(w.position() == kFeatureSize);
  }
}

Reason apply(Game& game, const ActionCode& choice, Error* err) {
  return game.apply(choice, err);
}

}  // namespace deckhand::rl::tv

namespace deckhand::rl {
namespace {
const Listed kListed = {tv::choices, tv::features, tv::apply};
}  // namespace
extern const Encoder kToonervilleEncoder;
const Encoder kToonervilleEncoder = {
    {tv::kObservationSize, tv::kActionCap, tv::kFeatureSize}, tv::observe, nullptr, &kListed};
}  // namespace deckhand::rl
