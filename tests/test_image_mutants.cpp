// The state mutator (issue 28): serialized games of every game of the list, taken at every
// phase a seeded random game passes through, with and without history, are mutated — a bit
// flipped, a byte replaced, a run of bytes overwritten — and their checksums recomputed so
// that every mutant reaches the state checker. Each mutant goes through the three restoring
// paths (the C++ deserialize_game, the C ABI's dh_game_deserialize and
// dh_game_deserialize_into), which must agree on accepting it; an accepted mutant must then
// serialize back to itself and play on, dealing and giving reshuffles when due, to the end of
// its hand or a step bound, with every action it lists taken and no refusal (debug builds
// assert the invariants after every transition; `make sanitize` runs this under ASan and
// UBSan). DECKHAND_MUTANTS sets the number of mutants per game (default
// 100,000, the figure).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/game_adapter.hpp"
#include "common/state_image.hpp"
#define DH_EXPERIMENTAL
#include "deckhand.h"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "test_support.hpp"

using namespace deckhand;

namespace {

int mutants_per_game() {
  const char* text = std::getenv("DECKHAND_MUTANTS");
  const int n = text ? std::atoi(text) : 0;
  return n > 0 ? n : 100000;
}

// Uniform in [0, n).
size_t below(PortableRng& rng, size_t n) {
  return size_t(rng.bounded(n));
}

// One random step of a game: a deal, a reshuffle or a legal action. False when it is over.
bool step(Game& game, PortableRng& rng, std::vector<ActionCode>& legal) {
  if (game.over()) return false;
  if (game.needs_reshuffle()) {
    REQUIRE(game.reshuffle_seed(rng.next(), nullptr) == Reason::ok);
    return true;
  }
  if (game.awaiting_deal()) {
    REQUIRE(game.deal_seed(rng.next(), nullptr) == Reason::ok);
    return true;
  }
  const size_t n = game.legal_actions(legal.data(), legal.size());
  REQUIRE(n > 0);
  REQUIRE(n <= legal.size());
  Error err;
  REQUIRE_MESSAGE(game.apply(legal[below(rng, n)], &err) == Reason::ok, err.message);
  return true;
}

// The games' serialized bytes at each phase change of a seeded random game (and a few steps
// into each), until it has passed `bound` steps: the mutator's starting points.
std::vector<std::vector<uint8_t>> images_of(Game& game, uint64_t seed, int bound) {
  std::vector<std::vector<uint8_t>> images;
  std::vector<ActionCode> legal(4096);
  PortableRng rng(seed);
  std::string phase;
  int since_change = 0;
  images.push_back(game.serialize());
  for (int i = 0; i < bound; ++i) {
    if (!step(game, rng, legal)) break;
    ++since_change;
    if (game.phase_name() != phase || since_change == 3) {
      if (game.phase_name() != phase) since_change = 0;
      phase = game.phase_name();
      images.push_back(game.serialize());
    }
  }
  images.push_back(game.serialize());
  return images;
}

// Recomputes the checksums a mutant's edits broke: the state image's own (bytes 8 ..
// 8 + state), and for bytes with history the blob's last eight bytes.
void fix_checksums(std::vector<uint8_t>& bytes, size_t head, bool history) {
  const size_t state = head - 16;
  const uint64_t sum = detail::image_checksum(bytes.data() + 8, state);
  std::memcpy(bytes.data() + 8 + state, &sum, 8);
  if (history && bytes.size() >= 8) {
    const uint64_t blob = detail::blob_checksum(bytes.data(), bytes.size() - 8);
    std::memcpy(bytes.data() + bytes.size() - 8, &blob, 8);
  }
}

void mutate(std::vector<uint8_t>& bytes, size_t head, PortableRng& rng) {
  // Most edits land in the state (the checker's work); some in the history after it.
  const size_t limit = below(rng, 4) ? head - 8 : bytes.size();
  const size_t at = 8 + below(rng, limit - 8);  // the magic and the version stay
  switch (below(rng, 4)) {
    case 0:
      bytes[at] ^= uint8_t(1u << below(rng, 8));
      break;
    case 1:
      bytes[at] = uint8_t(rng.next());
      break;
    case 2:  // a small value: counters and seats
      bytes[at] = uint8_t(below(rng, 8));
      break;
    default: {
      const size_t end = std::min(limit, at + 1 + below(rng, 8));
      for (size_t i = at; i < end; ++i) bytes[i] = uint8_t(rng.next());
    }
  }
}

// A C ABI game's serialized bytes.
std::vector<uint8_t> c_bytes(const dh_game* game) {
  std::vector<uint8_t> out(4096);
  size_t len = 0;
  while (dh_game_serialize(&len, out.data(), out.size(), game) == DH_E_BUFFER_TOO_SMALL)
    out.resize(len);
  out.resize(len);
  return out;
}

struct Counts {
  long mutants = 0, accepted = 0;
};

// An accepted game plays on: bytes back to themselves, views for every seat, then random
// steps to the end of its hand (the next deal) or the step bound, none refused.
void play_on(Game& game, PortableRng& rng, const std::vector<uint8_t>& bytes) {
  REQUIRE(game.serialize() == bytes);
  for (int seat = -1; seat < game.players(); ++seat) (void)game.view_json(seat);
  std::vector<ActionCode> legal(4096);
  const uint32_t hands = game.hands_scored();
  for (int i = 0; i < 400 && game.hands_scored() == hands; ++i)
    if (!step(game, rng, legal)) break;
  Error err;
  const std::vector<uint8_t> end = game.serialize();
  auto back = deserialize_game(end.data(), end.size(), &err);
  REQUIRE_MESSAGE(back != nullptr, err.message);
}

void run_mutants(const GameSpec& spec, int players, bool history, int budget, Counts* counts) {
  OptionList options;
  if (!history) options.emplace_back("history", "off");
  auto game = make_game(spec.name, options, players, 0, nullptr);
  REQUIRE(game != nullptr);
  std::vector<std::vector<uint8_t>> starts;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    game->reset();
    for (auto& image : images_of(*game, seed * 7919, history ? 150 : 600))
      starts.push_back(std::move(image));
  }
  // The state image's size: bytes without history are the image and four bytes.
  auto plain = make_game(spec.name, {{"history", "off"}}, players, 0, nullptr);
  const size_t state_head = plain->serialize().size() - 4;
  dh_game* target = nullptr;
  REQUIRE(dh_game_new(&target, spec.name, nullptr, 0, players, 0, nullptr) == DH_OK);
  PortableRng rng(0x5eed0000u + uint64_t(players) * 2 + history);
  for (int i = 0; i < budget; ++i) {
    std::vector<uint8_t> bytes = starts[below(rng, starts.size())];
    const int edits = 1 + int(below(rng, 3));
    for (int e = 0; e < edits; ++e) mutate(bytes, state_head, rng);
    fix_checksums(bytes, state_head, history);
    ++counts->mutants;
    Error err;
    std::unique_ptr<Game> restored = deserialize_game(bytes.data(), bytes.size(), &err);
    dh_game* c_game = nullptr;
    const int c_status = dh_game_deserialize(&c_game, bytes.data(), bytes.size(), nullptr);
    const std::vector<uint8_t> before = c_bytes(target);
    const int into_status = dh_game_deserialize_into(target, bytes.data(), bytes.size(), nullptr);
    CAPTURE(i);
    REQUIRE((restored != nullptr) == (c_status == DH_OK));
    REQUIRE((c_status == DH_OK) == (into_status == DH_OK));
    if (into_status != DH_OK) {  // refused as corrupt, with a message, and nothing changed
      REQUIRE(c_status == DH_E_CORRUPT);
      REQUIRE(into_status == DH_E_CORRUPT);
      REQUIRE(err.reason == Reason::corrupt_state);
      REQUIRE(err.message[0] != '\0');
      REQUIRE(c_bytes(target) == before);
    }
    if (c_game) dh_game_free(c_game);
    if (!restored) continue;
    ++counts->accepted;
    play_on(*restored, rng, bytes);
  }
  dh_game_free(target);
}

}  // namespace

TEST_CASE("state images: mutants behind recomputed checksums are refused, or play on whole") {
  const int budget = mutants_per_game();
  for (const GameSpec& spec : game_specs()) {
    Counts counts;
    for (int players = spec.min_players; players <= spec.max_players; ++players)
      for (bool history : {false, true}) {
        CAPTURE(spec.name);
        CAPTURE(players);
        CAPTURE(history);
        const int share = budget / (2 * (spec.max_players - spec.min_players + 1));
        run_mutants(spec, players, history, share > 0 ? share : 1, &counts);
      }
    MESSAGE(std::string(spec.name) << ": " << counts.mutants << " mutants, " << counts.accepted
                                   << " accepted, each played on");
    CHECK(counts.mutants >= budget - 6);
  }
}
