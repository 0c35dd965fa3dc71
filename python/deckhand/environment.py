"""Reinforcement-learning environments over the C ABI's encoders (docs/python.md,
docs/observations.md): DeckhandEnv follows PettingZoo's AEC API (it subclasses
pettingzoo.AECEnv when PettingZoo is installed, and needs it not); VectorEnv steps n games
with one C call per step. Both can seat the library's bots (opponents=...) in every seat but
the learner's, which may rotate per episode: the bots' decisions are made and applied by the
library (dh_bot_choose, dh_game_apply) before the learner is asked again.

Experimental: these stand on the C ABI's experimental tier (dh_rl_*, dh_batch_*), whose
observation and action layouts may change in any release (docs/python.md, docs/abi.md)."""

import ctypes
import os
from ctypes import POINTER, byref, c_char_p, c_int32, c_size_t, c_void_p

import numpy as np

from . import _args as A
from . import _native as N
from ._native import lib
from .bots import Bot
from .errors import InvalidArgument
from .game import Game, game_info, option_strings
from .spaces import Box, Dict, Discrete

try:
    from pettingzoo import AECEnv as _AECBase
except ImportError:  # PettingZoo is optional: the same API without it
    _AECBase = object

PETTINGZOO = _AECBase is not object

_MASK64 = (1 << 64) - 1

# The C batch that plays bots (experimental, newer than the other dh_batch_* calls).
_BATCH_BOTS = hasattr(lib, "dh_batch_seat_bots")


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


# Bot seeds: the generator of an environment seeded s deals from s; the bot k seats to the
# learner's left draws from SplitMix64 started at s xor (k times this odd constant).
_BOT_SALT = 0xD1B54A32D192ED03
ROTATE = "rotate"


def _opponent_levels(opponents, players):
    """The bot level of each seat to the learner's left: entry k-1 sits k seats after it."""
    if isinstance(opponents, str):
        return [opponents] * (players - 1)
    if not isinstance(opponents, (list, tuple)):
        raise TypeError(f"opponents: a bot level such as 'basic', or a list of {players - 1} "
                        f"levels (the seats to the learner's left, nearest first), not "
                        f"{type(opponents).__name__}")
    if len(opponents) != players - 1:
        raise ValueError(f"opponents: {players - 1} levels for a {players}-player game (one "
                         f"per seat to the learner's left, nearest first), not {len(opponents)}")
    for k, level in enumerate(opponents):
        if not isinstance(level, str):
            raise TypeError(f"opponents[{k}]: a bot level such as 'basic', not "
                            f"{type(level).__name__}")
    return list(opponents)


def _learner_rule(learner_seat, players):
    """None for a seat that rotates, else the learner's fixed seat."""
    if isinstance(learner_seat, str):
        if learner_seat != ROTATE:
            raise ValueError(f"learner_seat: a seat 0..{players - 1} or 'rotate', not "
                             f"{learner_seat!r}")
        return None
    return A.integer(learner_seat, "learner_seat", 0, players - 1)


class _Seated:
    """One game whose seats but the learner's are played by library bots. Episode e of a
    game started with first=f puts the learner in seat (f + e) % players when it rotates.
    The bots decide and their actions are applied by the library (dh_bot_choose,
    dh_game_apply): the learner is asked only when its own seat decides."""

    __slots__ = ("game", "players", "levels", "bot_options", "fixed", "first", "learner",
                 "episode", "stream", "bots", "steps", "mark", "_seat", "_action", "_err",
                 "_scores", "_count", "_offer")

    def __init__(self, game, levels, bot_options, fixed, first=0):
        self.game = game
        self.players = game.players
        self.levels = levels
        self.bot_options = bot_options
        self.fixed = fixed
        self.first = first
        self.learner = fixed if fixed is not None else first % self.players
        self.episode = 0
        self.stream = None
        self.bots = None
        self.steps = 0
        self.mark = 0
        self._seat = c_int32()
        self._action = N.DhAction()
        self._err = N.new_error()
        self._scores = (ctypes.c_int64 * self.players)()
        self._count = c_size_t()
        self._offer = c_int32(-1)

    def start(self, seed):
        """Seeds the deals and makes the bots anew from `seed`; episodes count from 0."""
        self.stream = seed
        self.episode = 0
        name = self.game.name
        self.bots = [None] + [
            Bot(name, level, seed=splitmix64((seed ^ (_BOT_SALT * k)) & _MASK64)[1],
                **self.bot_options) for k, level in enumerate(self.levels, 1)]

    def new_episode(self):
        """A new game, played by the bots up to the learner's first decision. Episodes
        that end before the learner decides (none in the catalog's games) are skipped."""
        for _ in range(1000):
            if self.fixed is None:
                self.learner = (self.first + self.episode) % self.players
            self.episode += 1
            self.game.reset()
            self.steps = 0
            self.mark = self.score()
            if self.advance():
                return
        raise RuntimeError("1000 episodes ended before the learner's seat decided")

    def score(self):
        N.check(lib.dh_game_scores(byref(self._count), self._scores, self.players,
                                   self.game._h))
        return self._scores[self.learner]

    def reward(self):
        """The learner's score change since the last call (or the episode's start: what the
        bots scored before its first decision counts in its first step's reward)."""
        now = self.score()
        change, self.mark = now - self.mark, now
        return change

    def apply(self, index):
        """The learner's action index (known to be legal), then the bots' decisions up to
        its next one; False when the game ended."""
        self._offer.value = -1
        status = lib.dh_rl_apply_choice(self.game._h, byref(self._offer), index,
                                        byref(self._err))
        if status:
            N.raise_for(status, self._err)
        self.steps += 1
        return self.advance()

    def advance(self):
        """Deals and lets the bots play until the learner decides (True) or the game is
        over (False)."""
        g = self.game._h
        seat_ref, action_ref, err_ref = byref(self._seat), byref(self._action), byref(self._err)
        while True:
            N.check(lib.dh_game_to_act(seat_ref, g))
            seat = self._seat.value
            if seat == self.learner:
                return True
            if seat < 0:
                if self.game.is_over:
                    return False
                self.stream, deal_seed = splitmix64(self.stream)
                self.game.deal(seed=deal_seed)
                continue
            bot = self.bots[(seat - self.learner) % self.players]
            if bot._h is None:  # a library without dh_bot_*: "random" is played in Python
                self.game.apply(seat, bot.choose(self.game, seat))
                continue
            status = lib.dh_bot_choose(action_ref, bot._h, g, seat, err_ref)
            if status:
                N.raise_for(status, self._err)
            status = lib.dh_game_apply(g, action_ref, err_ref)
            if status:
                N.raise_for(status, self._err)


def _seating(game, opponents, learner_seat, opponent_options, first=0):
    """A _Seated over `game`, or None without opponents (then learner_seat and
    opponent_options must be left out)."""
    if opponents is None:
        if learner_seat is not None or opponent_options:
            raise ValueError("learner_seat and opponent_options seat bots: give opponents= "
                             "too (a bot level such as 'basic')")
        return None
    levels = _opponent_levels(opponents, game.players)
    fixed = _learner_rule(0 if learner_seat is None else learner_seat, game.players)
    options = dict(opponent_options or {})
    for level in set(levels):  # an unknown level or budget is refused here, named
        Bot(game.name, level, 0, **options)
    return _Seated(game, levels, options, fixed, first)


class DeckhandEnv(_AECBase):
    """One game as a PettingZoo AEC environment. Agents are "player_0" ..; the agent to
    decide is agent_selection. observe(agent) gives {"observation": float32 array,
    "action_mask": int8 array}, and for Toonerville "action_features" (float32, one row per
    action index); step(index) takes an action index. Chance (the deals) comes from the seed
    given to reset. Rewards are score changes when a hand is scored (Toonerville: minus the
    penalty points). Toonerville's buy (T6) is offered in turn order as decisions of the
    game itself: the agent is always the game's seat to act (docs/observations.md).

    With opponents (a bot level, or one per seat to the learner's left), the library's bots
    play every seat but the learner's: agents is the learner's agent alone, each of its
    steps is followed by the bots' decisions up to its next one, and its reward is its
    seat's score change over them (and its first step's, what the bots scored before it).
    learner_seat is its seat, or "rotate": seat e % players
    in episode e after a seeded reset. max_steps then counts the learner's steps."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, name, players=None, options=None, max_steps=None, render_mode=None,
                 opponents=None, learner_seat=None, opponent_options=None):
        self.game = Game(name, players=players, options=env_options(name, options))
        self.metadata = dict(self.metadata, name=f"deckhand_{self.game.name}")
        self.render_mode = render_mode
        self.max_steps = None if max_steps is None else A.integer(max_steps, "max_steps", 0,
                                                                  A.UINT64[1])
        self._seated = _seating(self.game, opponents, learner_seat, opponent_options)
        self.observation_size, self.action_size, self.feature_size = self.game.rl_spec()
        self._reward_sign = float(self.game.reward_sign())
        # The experimental calls' offer argument: always -1 (offers are in the game's state).
        self._offer = -1
        self.possible_agents = [f"player_{s}" for s in range(self.game.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._stream = None
        self.agents = []
        self.rewards, self._cumulative_rewards, self.infos = {}, {}, {}
        self.terminations, self.truncations = {}, {}
        self.agent_selection = None
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

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    @property
    def learner_seat(self):
        """With opponents: the learner's seat in this episode; else None."""
        return None if self._seated is None else self._seated.learner

    def __str__(self):
        return self.metadata["name"]

    def agent_iter(self, max_iter=2**63):
        """The agent to step, until every agent has left (or max_iter of them): PettingZoo's
        loop, `for agent in env.agent_iter(): obs, reward, term, trunc, info = env.last();
        env.step(None if term or trunc else choice)`."""
        max_iter = A.integer(max_iter, "max_iter", 0, A.UINT64[1])
        if PETTINGZOO:
            return super().agent_iter(max_iter)
        return _AgentIter(self, max_iter)

    def _deal_until_acting(self):
        while self.game.awaiting_deal:
            self._stream, deal_seed = splitmix64(self._stream)
            self.game.deal(seed=deal_seed)

    def reset(self, seed=None, options=None):
        """A new game. With a seed its deals (and its bots) are that seed's; without one the
        deals go on from the previous episode's generator (a random seed the first time)."""
        if seed is not None:
            seed = A.uint64(seed, "seed")
        self._offer = -1
        if self._seated is None:
            if seed is not None:
                self._stream = seed
            elif self._stream is None:
                self._stream = _random_seed()
            self.game.reset()
            self._deal_until_acting()
            self.agents = list(self.possible_agents)
        else:
            if seed is not None or self._seated.bots is None:
                self._seated.start(_random_seed() if seed is None else seed)
            self._seated.new_episode()
            self.agents = [self.possible_agents[self._seated.learner]]
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
        if agent not in self._cumulative_rewards:
            raise ValueError("last: no agent is left (every agent has stepped None); call "
                             "reset()")
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if agent not in self.terminations:
            raise ValueError("step: no agent is left (every agent has stepped None); call "
                             "reset()")
        if self.terminations[agent] or self.truncations[agent]:
            # PettingZoo's dead step: a finished agent steps with None and leaves, and the
            # others' rewards of the last step are cleared.
            if action is not None:
                raise ValueError(f"{agent} is done: step(None) removes it")
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
                del d[agent]
            for a in self.rewards:
                self.rewards[a] = 0.0
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        action = A.index(action, "action")
        before = self.game.scores if self._seated is None else None
        self._offer = self.game.apply_choice(action, self._offer)
        self.num_steps += 1
        if self._seated is not None and not self.game.is_over:
            self._seated.advance()
        self._cumulative_rewards[agent] = 0.0
        if self._seated is not None:
            self.rewards[agent] = float(self._seated.reward()) * self._reward_sign + 0.0
            self._cumulative_rewards[agent] = self.rewards[agent]
        else:
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
        elif self._seated is None:
            self._deal_until_acting()
        decider = self.game.decider(self._offer)
        if (decider is not None and not any(self.truncations.values())
                and self.possible_agents[decider] in self.agents):
            self.agent_selection = self.possible_agents[decider]
        else:
            self.agent_selection = self.agents[0]

    def render(self):
        seat = self._seat[self.agent_selection] if self.agents else None
        return self.game.view_text(seat)

    def close(self):
        pass


class _AgentIter:
    """agent_iter() without PettingZoo: agent_selection while agents are left."""

    def __init__(self, env, max_iter):
        self.env, self.left = env, max_iter

    def __iter__(self):
        return self

    def __next__(self):
        if not self.env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return self.env.agent_selection


def env(name, players=None, options=None, max_steps=None, render_mode=None, opponents=None,
        learner_seat=None, opponent_options=None):
    """The AEC environment of a game (docs/python.md); with opponents, the library's bots
    play the other seats."""
    return DeckhandEnv(name, players=players, options=options, max_steps=max_steps,
                       render_mode=render_mode, opponents=opponents,
                       learner_seat=learner_seat, opponent_options=opponent_options)


class VectorEnv(A.NotCopyable):
    """n games of one kind stepped together: one C call advances every game by one action
    (for its deciding seat, to_act), and a game that ends starts again by itself. Game i of
    a VectorEnv seeded s plays as env(...) reset with seed s + i and then reset without a
    seed. legal_indices (int32, n rows of action_size) and legal_counts (int32, n) list each
    game's legal indices: row i's first legal_counts[i] (for a uniform random choice that
    costs the same however wide the mask). For Toonerville, action_features is float32 (n,
    action indices, features per action). All are written again by each reset and step,
    like the arrays those return.

    With opponents (a bot level such as "basic", or a list of levels for the seats to the
    learner's left, nearest first), the library's bots play every seat but the learner's
    (learner_seat: a seat, default 0, or "rotate": game i's episode e puts it in seat
    (i + e) % players); step takes the learners' actions only, rewards are float32 (n,) of
    the learners' seats, to_act (also learner_seats) is each game's learner, and max_steps
    counts the learner's steps. opponent_options are the bots' budgets (samples=N,
    time_ms=N). These games are stepped one by one (bots' decisions by dh_bot_choose), not
    by the C batch."""

    def __new__(cls, name=None, n=None, *args, opponents=None, **kwargs):
        if opponents is not None and cls is VectorEnv:
            cls = _BotBatchVectorEnv if _BATCH_BOTS else _SeatedVectorEnv
        return object.__new__(cls)

    def __init__(self, name, n, players=None, options=None, seed=None, max_steps=None,
                 opponents=None, learner_seat=None, opponent_options=None):
        self._h = None
        if learner_seat is not None or opponent_options:
            raise ValueError("learner_seat and opponent_options seat bots: give opponents= "
                             "too (a bot level such as 'basic')")
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


class _BotBatchVectorEnv(VectorEnv):
    """VectorEnv(name, n, opponents=...) on the C batch: the batch itself plays each game's
    bots up to its learner's next decision (dh_batch_seat_bots), one C call per step."""

    def __init__(self, name, n, players=None, options=None, seed=None, max_steps=None,
                 opponents=None, learner_seat=None, opponent_options=None):
        super().__init__(name, n, players=players, options=options, seed=seed,
                         max_steps=max_steps)
        levels = _opponent_levels(opponents, self.players)
        fixed = _learner_rule(0 if learner_seat is None else learner_seat, self.players)
        level_bytes = [A.text(level, f"opponents[{k}]") for k, level in enumerate(levels)]
        opts = A.option_bytes(dict(opponent_options or {}), "opponent_options")
        N.call_err(lib.dh_batch_seat_bots, self._h,
                   (c_char_p * max(len(level_bytes), 1))(*level_bytes), len(level_bytes),
                   -1 if fixed is None else fixed, (c_char_p * max(len(opts), 1))(*opts),
                   len(opts))
        self.learner_seats = self.to_act
        self._rewards = np.empty(self.n, dtype=np.float32)

    def step(self, actions):
        """One action index per game, for its learner; returns (obs, mask, rewards,
        terminated, truncated) with rewards float32 (n,): the learner's (docs/python.md)."""
        obs, mask, rewards, terminated, truncated = super().step(actions)
        np.sum(rewards, axis=1, out=self._rewards)  # the other seats' are 0
        return obs, mask, self._rewards, terminated, truncated


class _SeatedVectorEnv(VectorEnv):
    """VectorEnv(name, n, opponents=...) in Python over games and bots (dh_bot_choose), for
    a library without dh_batch_seat_bots; the tests' reference for the C batch."""

    def __init__(self, name, n, players=None, options=None, seed=None, max_steps=None,
                 opponents=None, learner_seat=None, opponent_options=None):
        self._h = None
        n = A.size(n, "n")
        if n < 1 or n > 1 << 24:  # the C batch's bounds and words
            raise InvalidArgument(-2, "DH_E_INVALID_ARGUMENT", "bad_batch_size", 0,
                                  "bad_batch_size: a batch holds 1 to 16777216 games", 0)
        self.max_steps = 0 if max_steps is None else A.uint32(max_steps, "max_steps")
        seed = None if seed is None else A.uint64(seed, "seed")
        opts = env_options(name, options)
        first = _seating(Game(name, players=players, options=opts), opponents, learner_seat,
                         opponent_options)
        self._tables = [first] + [
            _Seated(Game(name, players=players, options=opts), first.levels, first.bot_options,
                    first.fixed, i) for i in range(1, n)]
        self.n = n
        game = first.game
        self.observation_size, self.action_size, self.feature_size = game.rl_spec()
        self.players = game.players
        self._reward_sign = float(game.reward_sign())
        self.seed = seed
        self.to_act = np.full(self.n, -1, dtype=np.int32)
        self.learner_seats = self.to_act
        self.legal_indices = np.zeros((self.n, self.action_size), dtype=np.int32)
        self.legal_counts = np.zeros(self.n, dtype=np.int32)
        self.action_features = None
        if self.feature_size:
            self.action_features = np.zeros((self.n, self.action_size, self.feature_size),
                                            dtype=np.float32)
        self._buffers = (np.empty((self.n, self.observation_size), dtype=np.float32),
                         np.empty((self.n, self.action_size), dtype=np.int8),
                         np.empty(self.n, dtype=np.float32),
                         np.empty(self.n, dtype=np.bool_), np.empty(self.n, dtype=np.bool_))
        self._mask = np.zeros((self.n, self.action_size), dtype=np.int8)  # what step checks
        self._feature_cap = self.action_size * self.feature_size
        self._positions = np.arange(self.action_size, dtype=np.int32)
        self._rows()

    def __del__(self):
        pass

    def _rows(self):
        """ctypes pointers to each game's row of the output arrays (made once: the arrays
        are the VectorEnv's own)."""
        obs, mask = self._buffers[:2]
        o, m = obs.ctypes.data, mask.ctypes.data
        f = None if self.action_features is None else self.action_features.ctypes.data
        fsize = self.action_size * self.feature_size * 4
        self._row_ptrs = [(c_void_p(o + i * obs.strides[0]), c_void_p(m + i * mask.strides[0]),
                           None if f is None else c_void_p(f + i * fsize))
                          for i in range(self.n)]
        li = self.legal_indices
        self._legal_ptrs = [ctypes.cast(c_void_p(li.ctypes.data + i * li.strides[0]),
                                        POINTER(c_int32)) for i in range(self.n)]

    def _write(self, i):
        """Game i's learner observation, mask, features and legal indices into row i."""
        table = self._tables[i]
        seat = table.learner
        g = table.game._h
        obs_p, mask_p, features_p = self._row_ptrs[i]
        self.to_act[i] = seat
        N.check(lib.dh_rl_observe_offer(obs_p, self.observation_size, g, seat, -1))
        count = table._count
        N.check(lib.dh_rl_choices(byref(count), mask_p, self.action_size, features_p,
                                  0 if features_p is None else self._feature_cap, g, -1))
        if features_p is not None:  # a listed game: choices 0 .. count-1
            self.legal_counts[i] = count.value
            self.legal_indices[i, :count.value] = self._positions[:count.value]
        else:  # every legal action has its index, written by the library into row i
            N.check(lib.dh_rl_legal_indices(byref(count), self._legal_ptrs[i],
                                            self.action_size, g))
            self.legal_counts[i] = count.value

    def reset(self, seed=None):
        """Every game new, each played by its bots up to the learner's first decision;
        returns (obs, mask) of the learners' seats (to_act, learner_seats). The arrays are
        the VectorEnv's own, overwritten by the next call."""
        if seed is None:
            seed = self.seed if self.seed is not None else _random_seed()
        seed = A.uint64(seed, "seed")
        self.seed = None
        obs, mask = self._buffers[:2]
        for i, table in enumerate(self._tables):
            table.start((seed + i) & _MASK64)
            table.new_episode()
            self._write(i)
        self._mask[:] = mask
        return obs, mask

    def step(self, actions):
        """One action index per game, for its learner; returns (obs, mask, rewards,
        terminated, truncated): rewards float32 (n,), the learner's score change (times the
        reward sign) over its action and the bots' that followed (in an episode's first step,
        also what the bots scored before the learner's first decision). A game that ended starts
        its next episode (with rotation, the learner's next seat) and obs, mask and to_act
        are of it. A game whose index is not legal moves no game: InvalidArgument
        bad_action_index, line = its number + 1."""
        actions = _action_array(actions, self.n)
        legal = actions < self.action_size
        legal &= self._mask[np.arange(self.n), np.minimum(actions, self.action_size - 1)] == 1
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            raise InvalidArgument(-2, "DH_E_INVALID_ARGUMENT", "bad_action_index", 0,
                                  f"bad_action_index: game {bad}'s learner (seat "
                                  f"{self.to_act[bad]}) has no legal action of index "
                                  f"{actions[bad]}", bad + 1)
        obs, mask, rewards, terminated, truncated = self._buffers
        sign = self._reward_sign
        limit = self.max_steps
        for i, (table, action) in enumerate(zip(self._tables, actions.tolist())):
            over = not table.apply(action)
            rewards[i] = table.reward() * sign + 0.0
            cut = not over and 0 < limit <= table.steps
            terminated[i] = over
            truncated[i] = cut
            if over or cut:
                table.new_episode()
            self._write(i)
        self._mask[:] = mask
        return obs, mask, rewards, terminated, truncated

    def game(self, index):
        """A copy of game `index` as it is now."""
        index = A.size(index, "index")
        if index >= self.n:
            raise IndexError(f"index: game {index} of a VectorEnv of {self.n}")
        return self._tables[index].game.copy()



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
