"""Regression tests of issue 28, items 2 and 4: handle-owning objects copy safely or refuse,
and every argument is checked before the C call (deckhand/_args.py)."""

import copy
import gc
import pickle

import pytest

import deckhand
from deckhand import Bot, Game, selfplay

np = pytest.importorskip("numpy")


def dealt():
    g = Game("ghost-euchre")
    g.deal(seed=7)
    return g


def state(g):
    return g.serialize(), g.record()


# ---- item 2: copies ----
@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, pickle.dumps])
def test_bot_refuses_copies(how):
    bot = Bot("ghost-euchre", "basic", seed=3)
    with pytest.raises(TypeError, match="Bot.*make another Bot"):
        how(bot)
    g = dealt()
    assert bot.choose(g) in g.legal_actions()  # the bot is untouched
    del bot
    gc.collect()


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, pickle.dumps])
def test_vector_env_refuses_copies(how):
    venv = deckhand.VectorEnv("ghost-euchre", 2, seed=1)
    venv.reset()
    with pytest.raises(TypeError, match="VectorEnv.*make another VectorEnv"):
        how(venv)
    venv.step(venv.legal_indices[:, 0].copy())
    del venv
    gc.collect()


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy,
                                 lambda g: pickle.loads(pickle.dumps(g))])
def test_game_copies_are_independent(how):
    g = dealt()
    c = how(g)
    assert c.serialize() == g.serialize()
    c.apply_legal(0)
    assert c.serialize() != g.serialize()
    del g
    gc.collect()
    c.apply_legal(0)


def test_deckhand_env_deepcopy_and_pickle_are_independent():
    e = deckhand.env("ghost-euchre")
    e.reset(seed=4)
    for d in (copy.deepcopy(e), pickle.loads(pickle.dumps(e))):
        assert d.game is not e.game
        assert d.game.serialize() == e.game.serialize()


# ---- item 4: the reproducers ----
def test_view_of_seat_2_to_the_32_is_refused_not_seat_0():
    g = dealt()
    with pytest.raises(ValueError, match="seat"):
        g.view(2 ** 32)
    with pytest.raises(ValueError):
        g.view_text(2 ** 32)


@pytest.mark.parametrize("k", [0, 1, 2])
def test_apply_for_seat_2_to_the_32_plus_k_is_refused(k):
    g = dealt()
    before = state(g)
    seat = g.to_act
    action = g.legal_actions()[0]
    with pytest.raises(ValueError, match="seat"):
        g.apply(2 ** 32 + seat, action)
    assert state(g) == before


def test_text_with_nul_is_refused_not_cut():
    g = dealt()
    before = state(g)
    action = g.legal_actions()[0]
    with pytest.raises(ValueError, match="NUL"):
        g.apply(g.to_act, action + "\0junk")
    with pytest.raises(ValueError, match="NUL"):
        Game("ghost-euchre\0x")
    with pytest.raises(ValueError, match="NUL"):
        Game.from_record(g.record() + "\0")
    assert state(g) == before


@pytest.mark.parametrize("bad", [float("inf"), float("-inf"), float("nan"), 1.5, 2 ** 64,
                                 -(2 ** 63)])
def test_hostile_numbers_raise_value_error_not_overflow(bad):
    g = dealt()
    before = state(g)
    calls = [lambda: g.view(bad), lambda: g.apply(bad, "pass"), lambda: g.apply_legal(bad),
             lambda: g.check(bad, "pass"), lambda: g.is_legal(bad, "pass"),
             lambda: g.apply_index(bad), lambda: g.observe(bad), lambda: g.decider(bad),
             lambda: g.apply_choice(bad), lambda: g.deal(seed=bad),
             lambda: Game("toonerville", players=bad),
             lambda: Bot("ghost-euchre", seed=bad), lambda: Bot("ghost-euchre").choose(g, bad)]
    for call in calls:
        with pytest.raises(ValueError) as info:
            call()
        assert type(info.value) is ValueError, info.value
    assert state(g) == before


@pytest.mark.parametrize("bad", [True, "0", b"0", [0], None.__class__, 1.0])
def test_wrong_types_raise_type_error(bad):
    g = dealt()
    before = state(g)
    for call in (lambda: g.view(bad), lambda: g.apply(bad, "pass"),
                 lambda: g.apply_legal(bad), lambda: g.deal(seed=bad)):
        with pytest.raises(TypeError):
            call()
    assert state(g) == before


def test_numpy_integers_are_accepted():
    g = dealt()
    seat = g.to_act
    assert g.view(np.int64(seat)) == g.view(seat)
    assert g.view(np.uint8(seat)) == g.view(seat)
    g.apply_legal(np.int32(0))
    with pytest.raises(ValueError):
        g.view(np.uint64(2 ** 32))
    with pytest.raises(ValueError):
        g.view(np.float64(1.5))


def test_text_must_be_str_and_utf8():
    g = dealt()
    with pytest.raises(TypeError, match="action"):
        g.apply(0, b"pass")
    with pytest.raises(ValueError, match="UTF-8"):
        g.apply(0, "pass\ud800")
    with pytest.raises(TypeError, match="data"):
        Game.deserialize("text")
    assert Game.deserialize(bytearray(g.serialize())).serialize() == g.serialize()
    assert Game.deserialize(memoryview(g.serialize())).serialize() == g.serialize()


@pytest.mark.parametrize("options,error", [
    (12345, TypeError), ("renege=penalize", TypeError), ({"renege"}, TypeError),
    ([1, 2], TypeError), ({"renege": 1.5}, TypeError), ({"renege": None}, TypeError),
    ({1: "x"}, TypeError), (["renege=penalize\0x"], ValueError), ({"renege": "a\0"}, ValueError),
])
def test_options_are_checked(options, error):
    with pytest.raises(error, match="options"):
        Game("ghost-euchre", options=options)


def test_options_forms_accepted():
    for options in ({"renege": "penalize", "target": 10, "history": False},
                    ["renege=penalize"], ("renege=penalize",), None):
        Game("ghost-euchre", options=options)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_buy_winner_seats_checked():
    g = Game("toonerville", players=4)
    g.deal(seed=5)
    with pytest.raises(ValueError, match="seats"):
        g.buy_winner([33])
    with pytest.raises(ValueError, match="seats"):
        g.buy_winner([2 ** 32 + 1])
    with pytest.raises(TypeError, match="seats"):
        g.buy_winner(3)
    with pytest.raises(TypeError):
        g.buy_winner([True])


def test_vector_env_arguments_checked():
    with pytest.raises(ValueError, match="n"):
        deckhand.VectorEnv("ghost-euchre", -1)
    with pytest.raises(ValueError):
        deckhand.VectorEnv("ghost-euchre", 2, max_steps=2 ** 32)
    with pytest.raises(TypeError):
        deckhand.VectorEnv("ghost-euchre", 2.0)
    with pytest.raises(ValueError, match="NUL"):
        deckhand.VectorEnv("ghost-euchre\0", 2)
    venv = deckhand.VectorEnv("ghost-euchre", 2, seed=1)
    venv.reset()
    with pytest.raises(ValueError, match="actions"):
        venv.step([2 ** 32, 2 ** 32])  # numpy's int32 cast would wrap to 0
    with pytest.raises(ValueError, match="actions"):
        venv.step(np.array([-1, 0]))
    with pytest.raises(TypeError, match="actions"):
        venv.step(np.array([0.0, 0.0]))
    with pytest.raises(TypeError, match="actions"):
        venv.step([True, False])
    with pytest.raises(ValueError, match="shape"):
        venv.step([0, 0, 0])
    with pytest.raises(ValueError):
        venv.reset(seed=-1)
    with pytest.raises(ValueError):
        venv.game(2 ** 64)
    venv.step(np.array(venv.legal_indices[:, 0], dtype=np.int64))


def test_deckhand_env_arguments_checked():
    e = deckhand.env("ghost-euchre")
    e.reset(seed=1)
    with pytest.raises(ValueError, match="agent"):
        e.observe("player_9")
    with pytest.raises(TypeError, match="agent"):
        e.observe(0)
    with pytest.raises(ValueError):
        e.step(float("inf"))
    with pytest.raises(ValueError):
        e.reset(seed=float("nan"))
    with pytest.raises(TypeError):
        deckhand.env(7)


def test_selfplay_spec_arguments_checked():
    base = dict(game="ghost-euchre", games=3, seats="random,random,random")
    with pytest.raises(ValueError):
        selfplay.make_spec(**dict(base, seed=1.5))
    with pytest.raises(TypeError):
        selfplay.make_spec(**dict(base, games="3"))
    with pytest.raises(ValueError):
        selfplay.make_spec(**dict(base, games=float("inf")))
    with pytest.raises(TypeError):
        selfplay.make_spec(**dict(base, game=None))
    with pytest.raises(TypeError):
        selfplay.make_spec(**dict(base, seats=5))


def test_vector_env_arrays_keep_the_batch_alive():
    venv = deckhand.VectorEnv("toonerville", 2, players=3, seed=1)
    venv.reset()
    indices, counts, features = venv.legal_indices, venv.legal_counts, venv.action_features
    expected = (indices.copy(), counts.copy(), features.copy())
    del venv
    gc.collect()
    Game("ghost-euchre").deal(seed=1)  # reuse of freed memory would show below
    assert (indices == expected[0]).all() and (counts == expected[1]).all()
    assert (features == expected[2]).all()
