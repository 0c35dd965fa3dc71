// The registry of games behind deckhand::make_game (internal header). Each game folder
// provides a factory and a restorer; src/common/game.cpp lists them.
#pragma once

#include "deckhand/game.hpp"

namespace deckhand {

// The options the engine itself takes, the same for every game; make_game takes them out of
// the option list before the game sees it.
struct EngineOptions {
  bool history = true;  // history=on|off
};

namespace ghost_euchre {
const GameSpec& ghost_euchre_spec();
std::unique_ptr<Game> make_ghost_euchre(const OptionList& options, const EngineOptions& engine,
                                        int first_dealer, Error* err);
std::unique_ptr<Game> restore_ghost_euchre(const uint8_t* bytes, size_t len, Error* err);
}  // namespace ghost_euchre
namespace sheepshead {
const GameSpec& sheepshead_spec();
std::unique_ptr<Game> make_sheepshead(const OptionList& options, const EngineOptions& engine,
                                      int first_dealer, Error* err);
std::unique_ptr<Game> restore_sheepshead(const uint8_t* bytes, size_t len, Error* err);
}  // namespace sheepshead
namespace toonerville {
const GameSpec& toonerville_spec();
std::unique_ptr<Game> make_toonerville(const OptionList& options, const EngineOptions& engine,
                                       int players, int first_dealer, Error* err);
std::unique_ptr<Game> restore_toonerville(const uint8_t* bytes, size_t len, Error* err);
}  // namespace toonerville
}  // namespace deckhand
