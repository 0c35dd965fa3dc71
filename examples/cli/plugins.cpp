// The list of the command-line tool's game plug-ins: the one place in the tool that names the
// games (each plug-in file names its own).
#include "plugin.hpp"

namespace deckhand::cli {

const GamePlugin& euchre_plugin();
const GamePlugin& sheepshead_plugin();
const GamePlugin& toonerville_plugin();

std::span<const GamePlugin* const> plugins() {
  static const GamePlugin* const list[] = {&euchre_plugin(), &sheepshead_plugin(),
                                           &toonerville_plugin()};
  return list;
}

const GamePlugin* find_plugin(std::string_view game) {
  const GameSpec* spec = find_game_spec(game);
  for (const GamePlugin* plugin : plugins())
    if (spec && std::string_view(plugin->game) == spec->name) return plugin;
  return nullptr;
}

}  // namespace deckhand::cli
