// Fuzz target: action text against games in every phase. The first byte picks the game (bits 0
// and 3 make a number from 0 to 3, taken modulo the catalog's count: every game of the
// catalog), its player count, a seed and how far to play; the rest is lines of
// "<seat> <action>" text, applied in turn. One body serves every game, through the Game
// interface; Debug builds assert each game's invariants after every transition.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/game.hpp"

using deckhand::ActionCode;
using deckhand::Error;
using deckhand::Game;
using deckhand::GameSpec;
using deckhand::Reason;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::vector<GameSpec>& specs = deckhand::game_specs();
  const GameSpec& spec = specs[size_t((data[0] & 1) | (data[0] >> 2 & 2)) % specs.size()];
  const int players =
      spec.min_players + (data[0] >> 1 & 3) % (spec.max_players - spec.min_players + 1);
  std::unique_ptr<Game> game = deckhand::make_game(spec.name, {}, players, 0, nullptr);
  if (!game || game->deal_seed(data[0] >> 1 & 3, nullptr) != Reason::ok) __builtin_trap();
  std::vector<ActionCode> legal;
  for (int steps = data[0] >> 4; steps > 0 && !game->awaiting_deal() && !game->over(); --steps) {
    legal.resize(game->legal_actions(nullptr, 0));
    if (legal.empty() || game->legal_actions(legal.data(), legal.size()) != legal.size() ||
        game->apply(legal[0], nullptr) != Reason::ok)
      __builtin_trap();
  }
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (line.empty()) continue;
    const int seat = line[0] - '0';
    ActionCode a;
    Error err;
    if (game->parse_action(seat, line.substr(1), &a, &err) != Reason::ok) {
      if (err.reason == Reason::ok || std::strlen(err.message) == 0) __builtin_trap();
      continue;
    }
    // Canonical text parses back to the same action.
    ActionCode again;
    if (game->parse_action(seat, game->format_action(a), &again, nullptr) != Reason::ok ||
        std::memcmp(&again, &a, sizeof a) != 0)
      __builtin_trap();
    const std::vector<uint8_t> before = game->serialize();
    if (game->apply(a, &err) != Reason::ok) {
      if (game->serialize() != before) __builtin_trap();  // a refusal changes nothing
      if (err.reason == Reason::ok) __builtin_trap();
    }
  }
  return 0;
}
