// What the web tests share: facts a test needs about a game that the catalog does not hold,
// found by asking the game itself.

// Whether the game has an open-hand solver (game.solve): Unsupported says it has none.
export function hasSolver(dh, info) {
  const game = new dh.Game(info.name, { players: info.min_players });
  game.deal(1);
  try {
    game.solve();
    return true;
  } catch (e) {
    return !(e instanceof dh.Unsupported);
  } finally {
    game.free();
  }
}
