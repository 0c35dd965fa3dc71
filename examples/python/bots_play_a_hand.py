"""Four lines of setup and a loop: library bots play one hand of any game, then the record
of it is replayed. Run: python3 examples/python/bots_play_a_hand.py [GAME] [PLAYERS]"""
import sys

import deckhand

name = sys.argv[1] if len(sys.argv) > 1 else "sheepshead"
players = int(sys.argv[2]) if len(sys.argv) > 2 else None
game = deckhand.Game(name, players=players)
bots = [deckhand.Bot(name, level="basic", seed=seat) for seat in range(game.players)]

game.deal(seed=2026)
while not game.last_deltas and not game.is_over:
    if game.awaiting_deal:           # a thrown-in deal: deal again
        game.deal(seed=len(game.record()))
        continue
    seat = game.to_act
    action = bots[seat].choose(game, seat)
    print(f"seat {seat}: {action}")
    game.apply(seat, action)

print("this hand:", game.last_deltas, "totals:", game.scores)
result = deckhand.replay(game.record())  # the JSON `deckhand replay` prints, as a dict
print("the record replays:", result["ok"], "scores", result["scores"])
