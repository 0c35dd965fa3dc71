"""Bot.hint (docs/bots.md, "Hints"): the expert's search for the seat to act, as a dict with
"action", "alternatives" (every legal action with "value" and "ci95") and "reason"."""
import pytest

import deckhand
from conftest import GAMES, fewest_players


def position(name, seed, moves):
    game = deckhand.Game(name, players=fewest_players(name))
    game.deal(seed=seed)
    basic = deckhand.Bot(name, "basic", seed)
    for _ in range(moves):
        if game.to_act is None:
            break
        game.apply(game.to_act, basic.choose(game))
    return game


@pytest.mark.parametrize("name", GAMES)
def test_hint_values_every_legal_action_and_says_why(name):
    for seed in range(1, 30):
        game = position(name, seed, 5)
        if game.to_act is not None and len(game.legal_actions()) > 1:
            break
    bot = deckhand.Bot(name, "expert", 7, samples=4)
    hint = bot.hint(game, game.to_act)
    assert set(hint) == {"action", "alternatives", "reason"}
    legal = game.legal_actions()
    assert [a["action"] for a in hint["alternatives"]] == legal
    for alt in hint["alternatives"]:
        low, high = alt["ci95"]
        assert low <= alt["value"] <= high
    best = max(hint["alternatives"], key=lambda a: a["value"])
    assert hint["action"] in legal
    assert next(a["value"] for a in hint["alternatives"] if a["action"] == hint["action"]) == \
        best["value"]
    # built from what the search saw: the action, the deals, the next best by name
    assert hint["reason"].startswith(hint["action"])
    assert "deals" in hint["reason"] and "the next best" in hint["reason"]
    # the same seed and position: the same hint
    assert deckhand.Bot(name, "expert", 7, samples=4).hint(game, game.to_act) == hint


def test_hint_refuses_another_seat():
    game = position("ghost-euchre", 8, 0)
    bot = deckhand.Bot("ghost-euchre", "expert", 1, samples=2)
    with pytest.raises(deckhand.WrongSeat):
        bot.hint(game, (game.to_act + 1) % game.players)
