"""The ladder's levels 1 to 5 and the heuristic levels' options through deckhand.Bot
(docs/bots.md, "The ladder")."""

import pytest

import deckhand
from deckhand.errors import BadOption


@pytest.mark.parametrize("level", ["1", "2", "3", "4", "5"])
def test_ladder_levels_are_accepted(level):
    bot = deckhand.Bot("sheepshead", level, 3, samples=2)
    assert bot.level == level


def test_a_level_as_a_number_is_a_type_error():
    with pytest.raises(TypeError):
        deckhand.Bot("sheepshead", 3, 1)


def test_bad_levels_and_options_are_refused_with_words():
    with pytest.raises(BadOption, match="1 to 5"):
        deckhand.Bot("ghost-euchre", "6", 1)
    with pytest.raises(BadOption, match="schmearer, miser, fail-leader, called-suit-leader"):
        deckhand.Bot("sheepshead", "2", 1, persona="bogus")
    with pytest.raises(BadOption, match="heuristic levels"):
        deckhand.Bot("sheepshead", "4", 1, lapse=10)
    assert deckhand.Bot("sheepshead", "1", 1, persona="schmearer", lapse=50)
    with pytest.raises(BadOption, match="searching levels"):
        deckhand.Bot("sheepshead", "basic", 1, habit=10)
    with pytest.raises(BadOption, match="0..100"):
        deckhand.Bot("ghost-euchre", "4", 1, habit=101)
    assert deckhand.Bot("ghost-euchre", "strong", 1, habit=0)


def test_a_habit_of_100_plays_basic_move_for_move():
    def moves(level, **options):
        game = deckhand.Game("ghost-euchre")
        game.deal(seed=4)
        bot = deckhand.Bot("ghost-euchre", level, 9, **options)
        out = []
        while game.to_act is not None and len(out) < 30:
            out.append(bot.choose(game))
            game.apply(game.to_act, out[-1])
        return out

    assert moves("expert", habit=100, samples=2) == moves("basic")
    assert moves("4", samples=2) != moves("strong", samples=2)
    assert moves("4", samples=2) == moves("strong", samples=2, habit=50)


def test_a_beginner_plays_legal_moves_the_same_for_a_seed():
    def moves(seed):
        game = deckhand.Game("sheepshead")
        game.deal(seed=11)
        bot = deckhand.Bot("sheepshead", "1", seed, persona="miser")
        out = []
        while game.to_act is not None and len(out) < 40:
            action = bot.choose(game)
            assert action in game.legal_actions()
            out.append(action)
            game.apply(game.to_act, action)
        return out

    assert moves(5) == moves(5)
