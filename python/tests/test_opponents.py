"""Environments with the library's bots in the other seats (opponents=...), agent_iter(),
and PettingZoo's own api_test for each game of the catalog."""

import os
import subprocess
import sys

import numpy as np
import pytest

import deckhand
import deckhand.environment as E
from conftest import CATALOG, GAMES, short, table_size

MASK64 = (1 << 64) - 1


def bot_seed(seed, k):
    """The documented seed of the bot k seats to the learner's left (docs/python.md)."""
    return E.splitmix64((seed ^ (0xD1B54A32D192ED03 * k)) & MASK64)[1]


def reference(name, seed, learner, levels, options, choose, decisions):
    """The same game played by hand: a Game, deals from the seed's generator, Bots seeded as
    documented in the other seats. Returns what the learner should see: (observation, mask,
    reward since its previous decision) at each of its decisions, the reward of its last
    step, and whether the game ended."""
    players = table_size(name)
    g = deckhand.Game(name, players=players, options=E.env_options(name, options))
    bots = {(learner + k) % players: deckhand.Bot(name, level, seed=bot_seed(seed, k))
            for k, level in enumerate(levels, 1)}
    stream, seen, sign = seed, [], float(g.reward_sign())
    last = g.scores[learner]
    while not g.is_over and len(seen) < decisions:
        if g.awaiting_deal:
            stream, deal = E.splitmix64(stream)
            g.deal(seed=deal)
            continue
        seat = g.to_act
        if seat != learner:
            g.apply(seat, bots[seat].choose(g, seat))
            continue
        mask, _ = g.choices()
        now = g.scores[learner]
        seen.append((g.observe(learner), mask, (now - last) * sign))
        last = now
        g.apply_choice(choose(mask))
    final = (g.scores[learner] - last) * sign
    # What the bots scored before the learner's first decision is part of its first step's
    # reward (PettingZoo's api_test wants no reward at reset).
    if len(seen) > 1:
        seen[1] = seen[1][:2] + (seen[1][2] + seen[0][2],)
    elif seen:
        final += seen[0][2]
    if seen:
        seen[0] = seen[0][:2] + (0.0,)
    return seen, final, g.is_over


# The C batch (dh_batch_seat_bots: VectorEnv when the library has it) and the loop in Python
# over dh_bot_choose (a library without it), held to the same contract.
VECTORS = [pytest.param(deckhand.VectorEnv, id="c-batch"),
           pytest.param(E._SeatedVectorEnv, id="python-loop")]


def chooser(seed):
    rng = np.random.default_rng(seed)
    return lambda mask: int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("name", GAMES)
def test_the_learner_sees_what_a_game_played_by_hand_against_the_same_bots_shows(name):
    # Each observation is the learner's own decision, and each reward its seat's score
    # change over its action and the bots' that followed.
    players = table_size(name)
    levels = ["basic", "random"] + ["basic"] * (players - 3)
    for learner in range(players):
        seed = 40 + learner
        env = deckhand.env(name, players=players, options=short(name, 1), opponents=levels,
                           learner_seat=learner)
        env.reset(seed=seed)
        want, final, over = reference(name, seed, learner, levels, short(name, 1),
                                      chooser(learner), 10_000)
        assert over
        pick = chooser(learner)
        agent = f"player_{learner}"
        for obs_want, mask_want, reward_want in want:
            assert env.agents == [agent] and env.agent_selection == agent
            assert env.game.to_act == learner
            obs, reward, terminated, truncated, _ = env.last()
            assert not terminated and not truncated
            assert np.array_equal(obs["observation"], obs_want)
            assert np.array_equal(obs["action_mask"], mask_want)
            assert reward == reward_want
            env.step(pick(obs["action_mask"]))
        obs, reward, terminated, truncated, _ = env.last()
        assert terminated and reward == final and env.game.is_over
        env.step(None)
        assert env.agents == []


@pytest.mark.parametrize("name", GAMES)
def test_rewards_add_up_to_the_learners_final_score(name):
    players = table_size(name)
    env = deckhand.env(name, players=players, options=short(name, 2), opponents="basic",
                       learner_seat="rotate")
    pick = chooser(5)
    env.reset(seed=11)
    sign = -1.0 if CATALOG[name]["lower_is_better"] else 1.0
    for episode in range(players):
        total = 0.0
        seat = env.learner_seat
        assert seat == episode % players
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            total += reward
            env.step(None if terminated or truncated else pick(obs["action_mask"]))
        assert total == sign * env.game.scores[seat]
        env.reset()


@pytest.mark.parametrize("vector", VECTORS)
@pytest.mark.parametrize("name", GAMES)
def test_a_vector_env_with_bots_plays_as_single_envs_with_the_same_seeds(name, vector):
    n, seed, players = 3, 900, table_size(name)
    options = short(name, 1)
    vec = vector(name, n, players=players, options=options, seed=seed,
                             opponents="basic", learner_seat=1)
    envs = [deckhand.env(name, players=players, options=options, opponents="basic",
                         learner_seat=1) for _ in range(n)]
    for i, e in enumerate(envs):
        e.reset(seed=seed + i)
    obs, mask = vec.reset()
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(300):
        for i, e in enumerate(envs):
            single = e.observe(e.agent_selection)
            assert vec.to_act[i] == 1 and vec.game(i).to_act == 1
            assert np.array_equal(obs[i], single["observation"])
            assert np.array_equal(mask[i], single["action_mask"])
            legal = vec.legal_indices[i, :vec.legal_counts[i]]
            assert sorted(legal) == list(np.flatnonzero(mask[i]))
            if vec.action_features is not None:
                assert np.array_equal(vec.action_features[i], single["action_features"])
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in mask])
        obs, mask, rewards, terminated, truncated = vec.step(actions)
        assert rewards.shape == (n,)
        for i, e in enumerate(envs):
            e.step(int(actions[i]))
            assert rewards[i] == e.rewards["player_1"]
            assert terminated[i] == e.terminations["player_1"] and not truncated[i]
            if terminated[i]:
                ended += 1
                e.step(None)
                e.reset()
    assert ended > 0


@pytest.mark.parametrize("vector", VECTORS)
@pytest.mark.parametrize("name", GAMES)
def test_rotation_puts_the_learner_in_every_seat_and_the_bots_decide_the_rest(name, vector):
    players = table_size(name)
    n = 2
    vec = vector(name, n, players=players, options=short(name, 1), seed=3,
                             opponents="random", learner_seat="rotate")
    obs, mask = vec.reset()
    assert list(vec.to_act) == [i % players for i in range(n)]
    seats = {i: [int(vec.to_act[i])] for i in range(n)}
    first = [True] * n  # an episode's first step also has what the bots scored before it
    rng = np.random.default_rng(0)
    for _ in range(20000):
        before = [vec.game(i).scores for i in range(n)]
        actions = np.array([int(rng.choice(vec.legal_indices[i, :vec.legal_counts[i]]))
                            for i in range(n)])
        learners = vec.to_act.copy()
        obs, mask, rewards, terminated, truncated = vec.step(actions)
        for i in range(n):
            assert vec.game(i).to_act == vec.to_act[i]  # never another seat's decision
            if terminated[i]:
                seats[i].append(int(vec.to_act[i]))
                first[i] = True
                continue
            if not first[i]:
                sign = -1.0 if CATALOG[name]["lower_is_better"] else 1.0
                after = vec.game(i).scores
                assert rewards[i] == sign * (after[learners[i]] - before[i][learners[i]])
            first[i] = False
        if all(len(s) > players for s in seats.values()):
            break
    for i in range(n):
        assert seats[i][:players + 1] == [(i + e) % players for e in range(players + 1)]


def test_opponents_are_refused_with_what_was_wrong():
    players = table_size(GAMES[0])
    name = GAMES[0]
    with pytest.raises(deckhand.BadOption) as e:
        deckhand.env(name, players=players, opponents="grandmaster")
    assert "grandmaster" in str(e.value)
    with pytest.raises(ValueError, match=f"{players - 1} levels"):
        deckhand.VectorEnv(name, 2, players=players, opponents=["basic"] * players)
    with pytest.raises(TypeError, match="opponents"):
        deckhand.env(name, players=players, opponents=3)
    with pytest.raises(ValueError, match="learner_seat"):
        deckhand.env(name, players=players, opponents="basic", learner_seat=players)
    with pytest.raises(ValueError, match="rotate"):
        deckhand.env(name, players=players, opponents="basic", learner_seat="spin")
    with pytest.raises(ValueError, match="opponents="):
        deckhand.VectorEnv(name, 2, players=players, learner_seat=1)
    with pytest.raises(ValueError, match="opponents="):
        deckhand.env(name, players=players, learner_seat=1)
    with pytest.raises(deckhand.BadOption):
        deckhand.env(name, players=players, opponents="strong",
                     opponent_options={"samples": 0})
    # The same refusal as the C batch's for a batch of no games.
    for opponents in (None, "basic"):
        with pytest.raises(deckhand.InvalidArgument) as e:
            deckhand.VectorEnv(name, 0, players=players, opponents=opponents)
        assert e.value.reason == "bad_batch_size"


@pytest.mark.parametrize("vector", VECTORS)
def test_an_illegal_index_moves_no_game_of_a_vector_env_with_bots(vector):
    name = GAMES[0]
    vec = vector(name, 3, players=table_size(name), seed=4, opponents="basic")
    obs, mask = vec.reset()
    before = [vec.game(i).serialize() for i in range(3)]
    actions = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(deckhand.InvalidArgument) as e:
        vec.step(actions)
    assert e.value.reason == "bad_action_index" and e.value.line == 2
    actions[1] = vec.action_size
    with pytest.raises(deckhand.InvalidArgument):
        vec.step(actions)
    assert [vec.game(i).serialize() for i in range(3)] == before


@pytest.mark.parametrize("name", GAMES)
def test_the_c_batch_with_bots_plays_as_the_python_loop(name):
    if not E._BATCH_BOTS:
        pytest.skip("this library has no dh_batch_seat_bots")
    players, n = table_size(name), 5
    kwargs = dict(players=players, options=short(name, 1), seed=123, max_steps=40,
                  opponents=["basic"] + ["random"] * (players - 2), learner_seat="rotate")
    c, py = deckhand.VectorEnv(name, n, **kwargs), E._SeatedVectorEnv(name, n, **kwargs)
    assert type(c).__name__ == "_BotBatchVectorEnv"
    for a, b in zip(c.reset(), py.reset()):
        assert np.array_equal(a, b)
    rng = np.random.default_rng(8)
    ends = 0
    for _ in range(400):
        assert np.array_equal(c.to_act, py.to_act)
        assert np.array_equal(c.legal_counts, py.legal_counts)
        for i in range(n):
            k = c.legal_counts[i]
            assert sorted(c.legal_indices[i, :k]) == sorted(py.legal_indices[i, :k])
        if c.action_features is not None:
            assert np.array_equal(c.action_features, py.action_features)
        actions = np.array([int(rng.choice(c.legal_indices[i, :c.legal_counts[i]]))
                            for i in range(n)])
        out_c, out_py = c.step(actions), py.step(actions)
        for a, b in zip(out_c, out_py):
            assert np.array_equal(a, b)
        ends += int(out_c[3].sum() + out_c[4].sum())
    assert ends > n


def test_the_c_batch_refuses_bad_bots_and_stays_as_it_was():
    if not E._BATCH_BOTS:
        pytest.skip("this library has no dh_batch_seat_bots")
    name = GAMES[0]
    players = table_size(name)
    with pytest.raises(deckhand.BadOption) as e:
        deckhand.VectorEnv(name, 2, players=players, opponents="grandmaster")
    assert "grandmaster" in str(e.value)
    with pytest.raises(deckhand.BadOption):
        deckhand.VectorEnv(name, 2, players=players, opponents="strong",
                           opponent_options={"samples": 0})
    vec = deckhand.VectorEnv(name, 2, players=players, opponents="basic", seed=1)
    for levels, seat in ((["basic"] * players, 0), (["nobody"] * (players - 1), 0),
                         (["basic"] * (players - 1), players)):
        arr = (E.c_char_p * len(levels))(*[lv.encode() for lv in levels])
        err = deckhand._native.new_error()
        status = E.lib.dh_batch_seat_bots(vec._h, arr, len(levels), seat, None, 0,
                                          E.byref(err))
        assert status != 0 and err.message
    # still the bots it was given, and still stepping
    obs, mask = vec.reset()
    assert list(vec.to_act) == [0, 0]


def test_max_steps_counts_the_learners_steps():
    name = GAMES[0]
    env = deckhand.env(name, players=table_size(name), opponents="basic", max_steps=5)
    env.reset(seed=2)
    pick = chooser(1)
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else pick(obs["action_mask"]))
        steps += 1
    assert steps == 6 and env.agents == []


@pytest.mark.parametrize("name", GAMES)
def test_agent_iter_walks_every_agent_out(name):
    env = deckhand.env(name, players=table_size(name), options=short(name, 1))
    env.reset(seed=1)
    pick = chooser(2)
    left = []
    for agent in env.agent_iter():
        assert agent == env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            left.append(agent)
        env.step(None if terminated or truncated else pick(obs["action_mask"]))
    assert sorted(left) == sorted(env.possible_agents) and env.game.is_over
    env.reset(seed=1)
    assert len(list(env.agent_iter(3))) == 3  # max_iter bounds it (nobody steps here)


def test_without_pettingzoo_the_environments_are_the_same_api():
    # A fresh interpreter in which importing PettingZoo and Gymnasium fails.
    code = """
import sys
sys.modules["pettingzoo"] = None
sys.modules["gymnasium"] = None
import deckhand, deckhand.environment as E
assert not E.PETTINGZOO and E.DeckhandEnv.__bases__ == (object,)
name = deckhand.games()[0]["name"]
env = deckhand.env(name, players=deckhand.games()[0]["min_players"], opponents="basic")
env.reset(seed=1)
n = 0
for agent in env.agent_iter():
    obs, reward, term, trunc, info = env.last()
    env.step(None if term or trunc else int(obs["action_mask"].nonzero()[0][0]))
    n += 1
assert env.agents == [] and n > 1 and env.num_agents == 0
print("ok", type(env.action_space("player_0")).__module__)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok", "deckhand.spaces"]


def pettingzoo_or_skip():
    try:
        import pettingzoo.test  # noqa: F401
    except ImportError:
        if os.environ.get("DECKHAND_EXPECT_PETTINGZOO"):
            raise
        pytest.skip("PettingZoo is not installed (make python-test installs it, pinned, "
                    "from python/tests/requirements.txt)")
    import pettingzoo
    return pettingzoo


# PettingZoo warns (it does not fail) for every dict observation of an environment not on its
# own list of names: advice for environments without action masks.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("seating", [{}, {"opponents": "basic", "learner_seat": "rotate"}],
                         ids=["every-seat", "against-bots"])
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name, seating):
    pettingzoo = pettingzoo_or_skip()
    from pettingzoo.test import api_test
    import gymnasium
    env = deckhand.env(name, players=table_size(name), **seating)
    assert isinstance(env, pettingzoo.AECEnv)
    assert isinstance(env.observation_space("player_0"), gymnasium.spaces.Dict)
    assert isinstance(env.action_space("player_0"), gymnasium.spaces.Discrete)
    api_test(env, num_cycles=300)
