"""Reinforcement-learning environments over the C ABI's encoders (docs/python.md,
docs/observations.md): DeckhandEnv follows PettingZoo's AEC conventions without depending on
it; VectorEnv steps n games with one C call per step.

Experimental: these stand on the C ABI's experimental tier (dh_rl_*, dh_batch_*), whose
observation and action layouts may change in any release (docs/python.md, docs/abi.md)."""

import ctypes
import os
from ctypes import byref, c_char_p, c_size_t, c_void_p

import numpy as np

from . import _args as A
from . import _native as N
from ._native import lib
from .game import Game, game_info, option_strings
from .spaces import Box, Dict, Discrete

_MASK64 = (1 << 64) - 1


def splitmix64(state):
    """One SplitMix64 step: (new state, output). The deal seeds of an environment seeded s
    are the outputs of the generator started at s (the C batch uses the same)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def _random_seed():
    return int.from_bytes(os.urandom(8), "little")


def env_options(name, options, add_history=True):
    """The options an environment's games are made with: the caller's, plus history=off
    unless it names history (the environment needs no record; the C batch adds it itself),
    and the game's play limit (the catalog's limit_option) at the catalog's value for
    unattended play unless it names it (without one a Sheepshead session, a Toonerville round
    or a Ghost Hand Euchre game may never end)."""
    A.text(name, "name")
    opts = option_strings(options)
    keys = {o.split("=", 1)[0].strip().lower() for o in opts}
    if add_history and "history" not in keys:
        opts.append("history=off")
    info = game_info(name)
    if info and info["limit_option"] not in keys:
        opts.append(f"{info['limit_option']}={info['unattended_limit']}")
    return opts


def _ptr(array):
    return array.ctypes.data_as(c_void_p)


def _view(address, ctype, shape, owner):
    """A numpy array over memory the library owns (a VectorEnv's batch outputs). The array
    keeps `owner` alive (through the ctypes array it views): the batch is not freed while an
    array over its memory is still held."""
    count = int(np.prod(shape))
    cells = (ctype * count).from_address(address.value)
    cells._owner = owner
    return np.ctypeslib.as_array(cells).reshape(shape)


class DeckhandEnv:
    """One game as a PettingZoo-style AEC environment. Agents are "player_0" ..; the agent
    to decide is agent_selection. observe(agent) gives {"observation": float32 array,
    "action_mask": int8 array}, and for Toonerville "action_features" (float32, one row per
    action index); step(index) takes an action index. Chance (the deals) comes from the seed
    given to reset. Rewards are score changes when a hand is scored (Toonerville: minus the
    penalty points). Toonerville's buy (T6) is offered in turn order as decisions of the
    game itself: the agent is always the game's seat to act (docs/observations.md)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, name, players=None, options=None, max_steps=None, render_mode=None):
        self.game = Game(name, players=players, options=env_options(name, options))
        self.metadata = dict(self.metadata, name=f"deckhand_{self.game.name}")
        self.render_mode = render_mode
        self.max_steps = None if max_steps is None else A.integer(max_steps, "max_steps", 0,
                                                                  A.UINT64[1])
        self.observation_size, self.action_size, self.feature_size = self.game.rl_spec()
        self._reward_sign = float(self.game.reward_sign())
        # The experimental calls' offer argument: always -1 (offers are in the game's state).
        self._offer = -1
        self.possible_agents = [f"player_{s}" for s in range(self.game.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._stream = None
        self.agents = []
        spaces = {
            "observation": Box(-np.inf, np.inf, (self.observation_size,), np.float32),
            "action_mask": Box(0, 1, (self.action_size,), np.int8)}
        if self.feature_size:
            spaces["action_features"] = Box(-np.inf, np.inf,
                                            (self.action_size, self.feature_size), np.float32)
        self._obs_space = Dict(spaces)
        self._act_space = Discrete(self.action_size)

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def _deal_until_acting(self):
        while self.game.awaiting_deal:
            self._stream, deal_seed = splitmix64(self._stream)
            self.game.deal(seed=deal_seed)

    def reset(self, seed=None, options=None):
        """A new game. With a seed its deals are that seed's; without one the deals go on
        from the previous episode's generator (a random seed the first time)."""
        if seed is not None:
            self._stream = A.uint64(seed, "seed")
        elif self._stream is None:
            self._stream = _random_seed()
        self.game.reset()
        self._offer = -1
        self._deal_until_acting()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.num_steps = 0
        self.agent_selection = self.possible_agents[self.game.decider(self._offer)]

    def observe(self, agent):
        """The agent's observation and, when it decides now, its mask (and Toonerville's
        action features); zeros for an agent that does not decide."""
        seat = self._agent_seat(agent)
        obs = np.empty(self.observation_size, dtype=np.float32)
        N.check(lib.dh_rl_observe_offer(_ptr(obs), obs.size, self.game._h, seat, self._offer))
        mask = np.zeros(self.action_size, dtype=np.int8)
        features = np.zeros((self.action_size, self.feature_size), dtype=np.float32)
        if self.game.decider(self._offer) == seat and agent in self.agents and not (
                self.terminations[agent] or self.truncations[agent]):
            count = c_size_t()
            N.check(lib.dh_rl_choices(byref(count), _ptr(mask), mask.size, _ptr(features),
                                      features.size, self.game._h, self._offer))
        out = {"observation": obs, "action_mask": mask}
        if self.feature_size:
            out["action_features"] = features
        return out

    def _agent_seat(self, agent):
        if not isinstance(agent, str):
            raise TypeError(f"agent: a str such as 'player_0', not {type(agent).__name__}")
        seat = self._seat.get(agent)
        if seat is None:
            raise ValueError(f"agent: {agent!r} is not one of {self.possible_agents}")
        return seat

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # PettingZoo's dead step: a finished agent steps with None and leaves.
            if action is not None:
                raise ValueError(f"{agent} is done: step(None) removes it")
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
                del d[agent]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        action = A.index(action, "action")
        before = self.game.scores
        self._offer = self.game.apply_choice(action, self._offer)
        self.num_steps += 1
        self._cumulative_rewards[agent] = 0.0
        after = self.game.scores
        for a in self.agents:
            change = after[self._seat[a]] - before[self._seat[a]]
            self.rewards[a] = float(change) * self._reward_sign
            self._cumulative_rewards[a] += self.rewards[a]
        if self.game.is_over:
            for a in self.agents:
                self.terminations[a] = True
        elif self.max_steps is not None and self.num_steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self._deal_until_acting()
        decider = self.game.decider(self._offer)
        if decider is not None and not any(self.truncations.values()):
            self.agent_selection = self.possible_agents[decider]
        else:
            self.agent_selection = self.agents[0]

    def render(self):
        seat = self._seat[self.agent_selection] if self.agents else None
        return self.game.view_text(seat)

    def close(self):
        pass


def env(name, players=None, options=None, max_steps=None, render_mode=None):
    """The AEC environment of a game (docs/python.md)."""
    return DeckhandEnv(name, players=players, options=options, max_steps=max_steps,
                       render_mode=render_mode)


class VectorEnv(A.NotCopyable):
    """n games of one kind stepped together: one C call advances every game by one action
    (for its deciding seat, to_act), and a game that ends starts again by itself. Game i of
    a VectorEnv seeded s plays as env(...) reset with seed s + i and then reset without a
    seed. legal_indices (int32, n rows of action_size) and legal_counts (int32, n) list each
    game's legal indices: row i's first legal_counts[i] (for a uniform random choice that
    costs the same however wide the mask). For Toonerville, action_features is float32 (n,
    action indices, features per action). All are written again by each reset and step,
    like the arrays those return."""

    def __init__(self, name, n, players=None, options=None, seed=None, max_steps=None):
        self._h = None
        opts = [A.text(o, "options") for o in env_options(name, options, add_history=False)]
        players = 0 if players is None else A.integer(players, "players", 0, A.INT32[1])
        n = A.size(n, "n")
        max_steps = 0 if max_steps is None else A.uint32(max_steps, "max_steps")
        seed = None if seed is None else A.uint64(seed, "seed")
        arr = (c_char_p * max(len(opts), 1))(*opts)
        handle = c_void_p()
        N.call_err(lib.dh_batch_new, byref(handle), name.encode(), arr, len(opts), players, n,
                   max_steps)
        self._h = handle
        self.n = n
        first = self.game(0)
        self.observation_size, self.action_size, self.feature_size = first.rl_spec()
        self.players = first.players
        self.action_features = None
        if self.feature_size:
            address = c_void_p()
            N.check(lib.dh_batch_features(byref(address), self._h))
            self.action_features = _view(address, ctypes.c_float,
                                         (self.n, self.action_size, self.feature_size), self)
        indices, counts = c_void_p(), c_void_p()
        N.check(lib.dh_batch_legal(byref(indices), byref(counts), self._h))
        self.legal_indices = _view(indices, ctypes.c_int32, (self.n, self.action_size), self)
        self.legal_counts = _view(counts, ctypes.c_int32, (self.n,), self)
        self.seed = seed
        self.to_act = np.full(self.n, -1, dtype=np.int32)
        self._buffers = None

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value:
            lib.dh_batch_free(h)
            self._h = None

    def _outputs(self):
        # The arrays step() and reset() return are the VectorEnv's own, written again by the
        # next call (fresh megabyte-sized arrays each step would cost more than the step).
        if self._buffers is None:
            self._buffers = (np.empty((self.n, self.observation_size), dtype=np.float32),
                             np.empty((self.n, self.action_size), dtype=np.int8),
                             np.empty((self.n, self.players), dtype=np.float32),
                             np.empty(self.n, dtype=np.bool_), np.empty(self.n, dtype=np.bool_))
        return self._buffers

    def reset(self, seed=None):
        """Every game new; returns (obs, mask): float32 (n, observation_size) of each game's
        seat to act, int8 (n, action_size). Like step's, these arrays are the VectorEnv's
        own and the next reset or step overwrites them: copy what you keep."""
        if seed is None:
            seed = self.seed if self.seed is not None else _random_seed()
        seed = A.uint64(seed, "seed")
        self.seed = None  # a later reset() without a seed draws a fresh one
        obs, mask = self._outputs()[:2]
        N.call_err(lib.dh_batch_reset, self._h, seed, _ptr(obs), _ptr(mask),
                   _ptr(self.to_act))
        return obs, mask

    def step(self, actions):
        """One action index per game; returns (obs, mask, rewards, terminated, truncated):
        rewards float32 (n, players), terminated and truncated bool (n,). For a game that
        ended, obs and mask are its new episode's. The arrays are overwritten by the next
        call: copy what you keep."""
        actions = _action_array(actions, self.n)
        obs, mask, rewards, terminated, truncated = self._outputs()
        N.call_err(lib.dh_batch_step, self._h, _ptr(actions), _ptr(obs), _ptr(mask),
                   _ptr(rewards), _ptr(terminated), _ptr(truncated), _ptr(self.to_act))
        return obs, mask, rewards, terminated, truncated

    def game(self, index):
        """A copy of game `index` as it is now (a Game: views, scores, legal actions)."""
        handle = c_void_p()
        N.check(lib.dh_batch_game(byref(handle), self._h, A.size(index, "index")))
        clone = c_void_p()
        N.call_err(lib.dh_game_clone, byref(clone), handle)
        return Game._adopt(clone)


_NO_COPY = ("cannot copy or pickle a deckhand.VectorEnv: its games are a C handle the "
            "library cannot clone; make another VectorEnv(name, n, ...) and reset it with the "
            "same seed, or copy single games with env.game(i)")
VectorEnv._no_copy = _NO_COPY


def _action_array(actions, n):
    """step's actions as a contiguous int32 array of n indices: an integer array or sequence
    (not bool, float or text), each in 0..2**31-1 (numpy's cast would wrap 2**32 to 0)."""
    if isinstance(actions, (str, bytes)):
        raise TypeError(f"actions: {n} action indices, not {type(actions).__name__}")
    try:
        array = np.asarray(actions)
    except (ValueError, TypeError) as e:
        raise TypeError(f"actions: {n} action indices ({e})") from None
    if array.dtype.kind not in "iu":
        if array.dtype.kind == "O" and all(isinstance(a, int) and not isinstance(a, bool)
                                           for a in array.ravel()):
            pass  # Python ints too big for int64: refused by range below
        else:
            raise TypeError(f"actions: integers, not an array of {array.dtype}")
    if array.shape != (n,):
        raise ValueError(f"step: {n} actions, got shape {array.shape}")
    if n and (array.min() < 0 or array.max() > A.INT32[1]):
        raise ValueError(f"actions: each in 0..{A.INT32[1]}, got {array.min()}..{array.max()}")
    return np.ascontiguousarray(array, dtype=np.int32)
