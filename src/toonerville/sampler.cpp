// Toonerville Rook's consistent deals (bots.hpp, src/bots/consistent.hpp): what a seat knows
// of the hidden cards, and a uniform draw of them.
#include <algorithm>

#include "bots.hpp"

namespace deckhand::bots::detail {

// --- Toonerville Rook (T14: other hands show their size, the stock its size) ---

bool ToonervilleSampler::init(const toonerville::State& s, int seat) {
  namespace tv = toonerville;
  if (seat < 0 || seat >= tv::players(s)) return false;
  base_ = s;
  seat_ = seat;
  pool_.clear();
  if (s.phase != tv::Phase::draw && s.phase != tv::Phase::play) return true;
  // What everyone saw the seat to act take this turn stays in its hand: the Rooks it took by
  // swaps and must still play (T9), and the face it took from the pile (T5).
  known_ = FaceCounts();
  const int actor = tv::to_act(s);
  if (actor >= 0 && actor != seat) {
    known_.add(kRook, std::min<int>(s.rooks_owed, s.hands[actor].rooks()));
    if (s.taken_face != kNoRookFace &&
        s.hands[actor].count(s.taken_face) > known_.count(s.taken_face))
      known_.add(s.taken_face);
  }
  // The hidden faces in face order (as the trick-taking games do for cards).
  FaceCounts hidden;
  for (int p = 0; p < tv::players(s); ++p) {
    if (p == seat) continue;
    for (int f = 0; f < kRookFaces; ++f)
      hidden.add(RookFace(f), s.hands[p].n[f] - (p == actor ? known_.n[f] : 0));
  }
  for (int i = 0; i < s.stock_count; ++i) hidden.add(s.stock[i]);
  for (int f = 0; f < kRookFaces; ++f) pool_.insert(pool_.end(), hidden.n[f], RookFace(f));
  return true;
}

void ToonervilleSampler::sample(PortableRng& rng, toonerville::State* out) const {
  namespace tv = toonerville;
  *out = base_;
  if (pool_.empty()) return;
  std::vector<RookFace> faces = pool_;
  rng.shuffle(faces.data(), int(faces.size()));
  size_t at = 0;
  for (int p = 0; p < tv::players(base_); ++p) {
    if (p == seat_) continue;
    const bool actor = p == tv::to_act(base_);
    const int size = base_.hands[p].total() - (actor ? known_.total() : 0);
    out->hands[p] = actor ? known_ : FaceCounts();
    for (int k = 0; k < size; ++k) out->hands[p].add(faces[at++]);
  }
  std::copy(faces.begin() + std::ptrdiff_t(at), faces.end(), out->stock);
  // T13: later reshuffles are as unknown as the stock.
  if (base_.has_rng)
    for (uint64_t& word : out->rng) word = rng.next() | 1;
}

}  // namespace deckhand::bots::detail
