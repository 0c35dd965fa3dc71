// The list of games: the one place outside a game's own folder that names it. A plain list,
// not self-registering statics (a static library would drop those objects unreferenced).
#include "games.hpp"

namespace deckhand {

namespace ghost_euchre {
const GameDescriptor& descriptor();
}
namespace sheepshead {
const GameDescriptor& descriptor();
}
namespace toonerville {
const GameDescriptor& descriptor();
}

std::span<const GameDescriptor* const> game_descriptors() {
  static const GameDescriptor* const list[] = {
      &ghost_euchre::descriptor(),
      &sheepshead::descriptor(),
      &toonerville::descriptor(),
  };
  return list;
}

}  // namespace deckhand
