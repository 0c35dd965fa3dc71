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

std::string solvable_games(std::string_view conjunction) {
  std::vector<std::string_view> names;
  for (const GamePlugin* plugin : plugins())
    if (plugin->solve) names.push_back(plugin->game);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += std::string(i == 0                  ? ""
                       : i + 1 == names.size() ? " " + std::string(conjunction) + " "
                                               : ", ") +
           std::string(names[i]);
  return out;
}

}  // namespace deckhand::cli
