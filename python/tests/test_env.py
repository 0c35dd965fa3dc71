"""The environment contract: masks, episodes, seeding, VectorEnv, and no leaks."""

import random

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

import deckhand
import deckhand.environment
from conftest import CATALOG, GAMES, short, table_size

RL_GAMES = GAMES
# Games with a fixed action index space (no features per action: not a listed game).
FIXED_GAMES = tuple(n for n in GAMES
                    if deckhand.Game(n, players=table_size(n)).rl_spec()[2] == 0)


def make_env(name, **kwargs):
    return deckhand.env(name, players=table_size(name), **kwargs)


def masked_choice(rng, mask):
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("name", FIXED_GAMES)
def test_the_mask_is_exactly_the_legal_actions(name):
    rng = random.Random(1)
    g = deckhand.Game(name, players=table_size(name), options=short(name, 3))
    for _ in range(300):
        if g.is_over:
            break
        if g.awaiting_deal:
            g.deal(seed=rng.getrandbits(64))
            continue
        mask = g.action_mask()
        # Each masked index leads to the state of one legal action, each legal action to the
        # state of one masked index.
        by_index = set()
        for index in np.flatnonzero(mask):
            twin = g.copy()
            twin.apply_index(int(index))
            by_index.add(twin.serialize())
        by_text = set()
        for seat, text in g.legal_moves():
            twin = g.copy()
            twin.apply(seat, text)
            by_text.add(twin.serialize())
        assert by_index == by_text and len(by_index) == int(mask.sum()) == g.legal_count
        # An unmasked index is refused and changes nothing.
        refused = int(rng.choice(np.flatnonzero(mask == 0)))
        before = g.serialize()
        with pytest.raises(deckhand.InvalidArgument) as e:
            g.apply_index(refused)
        assert e.value.reason == "bad_action_index" and g.serialize() == before
        g.apply_index(masked_choice(rng, mask))


@pytest.mark.parametrize("name", RL_GAMES)
def test_episodes_end_by_the_default_limits_and_every_agent_leaves(name):
    rng = np.random.default_rng(2)
    env = make_env(name)
    env.reset(seed=5)
    assert env.agents == env.possible_agents
    total = {a: 0.0 for a in env.possible_agents}
    for _ in range(20000):
        if not env.agents:
            break
        obs, reward, terminated, truncated, info = env.last()
        total[env.agent_selection] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env.observation_space(env.agent_selection).contains(obs)
        env.step(masked_choice(rng, obs["action_mask"]))
    # Each agent's rewards, collected through last(), add up to its final score (minus
    # Toonerville's penalty points).
    assert env.agents == [] and env.game.is_over
    sign = -1.0 if CATALOG[name]["lower_is_better"] else 1.0
    assert [total[a] for a in env.possible_agents] == [sign * s for s in env.game.scores]


@pytest.mark.parametrize("name", RL_GAMES)
def test_the_limits_are_the_games_own_options_and_the_callers_win(name):
    limit, default = CATALOG[name]["limit_option"], CATALOG[name]["unattended_limit"]
    option = dict(o.split("=") for o in deckhand.environment.env_options(name, None))
    assert option[limit] == str(default) and option["history"] == "off"
    option = dict(o.split("=") for o in deckhand.environment.env_options(name, {limit: 0}))
    assert option[limit] == "0"
    # A short limit ends the game: two hands, or Toonerville's 11 rounds of 2 turns.
    env = make_env(name, options=short(name))
    rng = np.random.default_rng(4)
    env.reset(seed=3)
    steps = 0
    while not any(env.terminations.values()):
        env.step(masked_choice(rng, env.last()[0]["action_mask"]))
        steps += 1
    assert env.game.is_over and not any(env.truncations.values()) and steps < 1000


def test_max_steps_truncates():
    env = deckhand.env("ghost-euchre", max_steps=7)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(7):
        env.step(masked_choice(rng, env.last()[0]["action_mask"]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def play(env, seed, steps):
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    trace = []
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        seen = obs["observation"].copy()
        if "action_features" in obs:
            seen = np.concatenate([seen, obs["action_features"].ravel()])
        trace.append((env.agent_selection, seen, reward))
        env.step(masked_choice(rng, obs["action_mask"]))
    return trace


@pytest.mark.parametrize("name", RL_GAMES)
def test_seeding_is_deterministic(name):
    a, b = play(make_env(name), 9, 400), play(make_env(name), 9, 400)
    assert len(a) == len(b)
    for (agent_a, obs_a, r_a), (agent_b, obs_b, r_b) in zip(a, b):
        assert agent_a == agent_b and r_a == r_b and np.array_equal(obs_a, obs_b)
    c = play(make_env(name), 10, 400)
    assert any(not np.array_equal(x[1], y[1]) for x, y in zip(a, c))


@pytest.mark.parametrize("name", RL_GAMES)
def test_vector_env_equals_single_envs_with_the_same_seeds(name):
    n, seed = 4, 77
    options = short(name)
    vec = deckhand.VectorEnv(name, n, players=table_size(name), options=options, seed=seed)
    envs = [make_env(name, options=options) for _ in range(n)]
    for i, e in enumerate(envs):
        e.reset(seed=seed + i)
    obs, mask = vec.reset()
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(600):
        for i, e in enumerate(envs):
            single = e.observe(e.agent_selection)
            assert vec.to_act[i] == e.possible_agents.index(e.agent_selection)
            assert np.array_equal(obs[i], single["observation"])
            assert np.array_equal(mask[i], single["action_mask"])
            legal = vec.legal_indices[i, :vec.legal_counts[i]]
            assert sorted(legal) == list(np.flatnonzero(mask[i]))
            if vec.action_features is not None:
                assert np.array_equal(vec.action_features[i], single["action_features"])
        actions = np.array([masked_choice(rng, m) for m in mask])
        obs, mask, rewards, terminated, truncated = vec.step(actions)
        for i, e in enumerate(envs):
            e.step(int(actions[i]))
            assert list(rewards[i]) == [e.rewards[a] for a in e.possible_agents]
            assert terminated[i] == all(e.terminations.values())
            assert not truncated[i]
            if terminated[i]:
                ended += 1
                e.reset()
    assert ended > 0


def test_vector_env_refuses_an_illegal_index_and_moves_nothing():
    vec = deckhand.VectorEnv("ghost-euchre", 3, seed=4)
    obs, mask = vec.reset()
    before = [vec.game(i).serialize() for i in range(3)]
    actions = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(deckhand.InvalidArgument) as e:
        vec.step(actions)
    assert e.value.reason == "bad_action_index" and e.value.line == 2
    assert [vec.game(i).serialize() for i in range(3)] == before


def test_spaces():
    env = deckhand.env("sheepshead")
    space = env.observation_space("player_0")
    assert space["observation"].shape == (env.observation_size,)
    assert space["action_mask"].dtype == np.int8
    assert env.action_space("player_0").n == env.action_size
    assert "action_features" not in space.spaces
    tv = deckhand.env("toonerville", players=4)
    space = tv.observation_space("player_0")
    assert space["observation"].shape == (932,) and space["action_mask"].shape == (64,)
    assert space["action_features"].shape == (64, 75)
    tv.reset(seed=1)
    assert space.contains(tv.observe(tv.agent_selection))


# ---- leak test: swapping cards a seat cannot see leaves its observation identical ----

EUCHRE = [r + s for s in "CDHS" for r in "9TJQKA"]
PIQUET = [r + s for s in "CDHS" for r in "789TJQKA"]


def deal_text(holdings):
    return "; ".join(f"{who}: {' '.join(cards)}" for who, cards in holdings.items())


def seen_by(view):
    """Every card named anywhere in a seat's view: what it may know."""
    seen = set()

    def walk(x):
        if isinstance(x, str) and len(x) == 2 and x[1] in "CDHS":
            seen.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(view)
    return seen


def play_randomly(g, rng, steps):
    """Up to `steps` random legal actions (any seat's), while a seat is to act; the moves."""
    moves = []
    for _ in range(steps):
        if g.to_act is None:
            break
        move = rng.choice(g.legal_moves())
        g.apply(*move)
        moves.append(move)
    return moves


def replay_actions(name, holdings, moves):
    g = deckhand.Game(name, options={"history": "off"})
    g.deal(cards=deal_text(holdings))
    for seat, text in moves:
        g.apply(seat, text)
    return g


def check_swapping_unseen_cards(name, deck, holders, size, seed, steps, data):
    """Deals `deck` (`size` cards to each holder but the last, which takes the rest), plays
    up to `steps` random actions, and checks that exchanging two cards a seat cannot see
    leaves that seat's observation identical."""
    rng = random.Random(seed)
    cards = deck[:]
    rng.shuffle(cards)
    holdings = {h: cards[i * size:(i + 1) * size] for i, h in enumerate(holders[:-1])}
    holdings[holders[-1]] = cards[len(holders[:-1]) * size:]
    g = replay_actions(name, holdings, [])
    moves = play_randomly(g, rng, steps)
    assume(g.to_act is not None)
    for seat in range(g.players):
        seen = seen_by(g.view(seat))
        hidden = [(h, c) for h in holders for c in holdings[h]
                  if c not in seen and h != str(seat)]
        pairs = [(a, b) for a in hidden for b in hidden if a[0] < b[0]]
        if not pairs:
            continue
        (ha, ca), (hb, cb) = data.draw(st.sampled_from(pairs))
        swapped = {h: list(cs) for h, cs in holdings.items()}
        swapped[ha][swapped[ha].index(ca)] = cb
        swapped[hb][swapped[hb].index(cb)] = ca
        try:
            other = replay_actions(name, swapped, moves)
        except deckhand.DeckhandError:
            continue  # the swap made a past action illegal: not the same history
        assert np.array_equal(other.observe(seat), g.observe(seat)), (seat, ca, cb)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30), data=st.data())
def test_ghost_euchre_swapping_unseen_cards_leaves_the_observation_identical(seed, steps,
                                                                            data):
    check_swapping_unseen_cards("ghost-euchre", EUCHRE, ["0", "1", "2", "ghost"], 6, seed,
                                steps, data)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30), data=st.data())
def test_sheepshead_swapping_unseen_cards_leaves_the_observation_identical(seed, steps, data):
    check_swapping_unseen_cards("sheepshead", PIQUET, ["0", "1", "2", "3", "4", "blind"], 6,
                                seed, steps, data)


# ---- Toonerville: choices, the buy offered in turn order (T6, in the state), and no leaks ----

# The kinds of the features' one-hot (docs/observations.md), in order.
TV_KINDS = ["take", "draw", "buy", "down", "layoff", "swap", "discard", "pass"]
TV_RANK = {"take": 0, "buy": 0, "draw": 1, "pass": 1, "down": 2, "swap": 3, "discard": 4,
           "layoff": 5}


def kinds_of(features, count):
    return [TV_KINDS[int(np.argmax(row[:8]))] for row in features[:count]]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_toonerville_choices_are_the_legal_actions_of_the_deciding_seat(players):
    rng = random.Random(players)
    g = deckhand.Game("toonerville", players=players, options={"max_turns": 12})
    offers = 0
    for _ in range(1500):
        if g.is_over:
            break
        if g.awaiting_deal:
            g.deal(seed=rng.getrandbits(64))
            continue
        mask, features = g.choices()
        count = int(mask.sum())
        assert count >= 1 and mask[:count].all()  # choices fill the first indices
        assert not features[count:].any()
        kinds = kinds_of(features, count)
        assert [TV_RANK[k] for k in kinds] == sorted(TV_RANK[k] for k in kinds)
        assert g.decider() == g.to_act  # the offer (T6) is in the state
        own = g.legal_moves()
        assert all(seat == g.to_act for seat, _ in own)
        assert count == min(len(own), 64)
        if g.view(None)["offered_to"] is not None:  # the declined discard: buy or pass
            assert kinds == ["buy", "pass"]
            offers += 1
        meaning = g.legal_indices()
        assert sorted(meaning) == list(range(count))
        for index, (seat, text) in meaning.items():
            assert kinds[index] == text.split()[0]
            by_index, by_text = g.copy(), g.copy()
            by_index.apply_index(index)
            by_text.apply(seat, text)
            assert by_index.serialize() == by_text.serialize()
        before = g.serialize()
        with pytest.raises(deckhand.InvalidArgument):
            g.apply_choice(count)
        with pytest.raises(deckhand.InvalidArgument):
            g.apply_choice(0, g.to_act)  # offers are not passed in any more
        assert g.serialize() == before
        index = rng.choice(range(count))
        seat = g.to_act
        assert g.apply_choice(index) == -1
        if kinds[index] == "draw" and g.to_act not in (None, seat):
            # offered to the seats that may buy, nearest first
            assert g.view(None)["declined_by"] == seat
            assert g.legal_actions() == ["buy", "pass"]
    assert g.is_over
    assert offers > 0


def test_toonerville_lists_past_the_cap_lose_only_lay_offs():
    # Random play with random buys grows hands until a seat has more than 64 actions (found
    # with this seed; rare: at most 1 decision in 800). The first 64 in the documented order
    # are the choices: everything but lay-offs is among them.
    rng = random.Random(0)
    g = deckhand.Game("toonerville", players=5, options={"max_turns": 300, "history": "off"})
    for _ in range(20000):
        if g.awaiting_deal:
            g.deal(seed=rng.getrandbits(64))
            continue
        own = [text for seat, text in g.legal_moves() if seat == g.to_act]
        if len(own) > 64:
            break
        g.apply(*rng.choice(g.legal_moves()))
    assert len(own) > 64, "no list past the cap: choose another seed"
    mask, features = g.choices()
    assert mask.sum() == 64
    chosen = {text for seat, text in g.legal_indices().values()}
    assert len(chosen) == 64
    assert {text.split()[0] for text in own if text not in chosen} == {"layoff"}
    kinds = kinds_of(features, 64)
    assert [TV_RANK[k] for k in kinds] == sorted(TV_RANK[k] for k in kinds)


ROOK_DECK = [f"{n}{c}" for c in "BGRY" for n in range(1, 15)] + ["ROOK"]


def toonerville_round(hands, upcard, stock, moves):
    g = deckhand.Game("toonerville", players=len(hands), options={"history": "off"})
    g.deal(cards="; ".join(f"{s}: {' '.join(h)}" for s, h in enumerate(hands))
           + f"; upcard: {upcard}; stock: {' '.join(stock)}")
    for seat, text in moves:
        g.apply(seat, text)
    return g


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
def test_toonerville_swapping_unseen_cards_leaves_observation_and_features_identical(
        seed, steps, data):
    # T14: a seat never sees another hand or the stock's order. Swap two cards among the
    # other hands and the part of the stock nobody has drawn yet, replay the same actions,
    # and the seat's observation (and its choices' features) must not change.
    rng = random.Random(seed)
    players = rng.choice([3, 4, 5])
    cards = ROOK_DECK * players
    rng.shuffle(cards)
    hands = [cards[12 * s:12 * (s + 1)] for s in range(players)]
    upcard, stock = cards[12 * players], cards[12 * players + 1:]
    g = toonerville_round(hands, upcard, stock, [])
    moves = play_randomly(g, rng, steps)
    assume(g.to_act is not None)
    drawn = len(stock) - g.view(0)["stock_count"]
    offer = -1  # an offer of the discard (T6) is in the state itself
    for seat in range(players):
        # Hidden now: dealt cards of the other seats whose face they still hold, and the
        # stock nobody has drawn. A few swaps among them.
        holding = {o: set(g.view(o)["hand"]) for o in range(players)}
        hidden = [(o, k) for o in range(players) if o != seat
                  for k in range(12) if hands[o][k] in holding[o]]
        hidden += [("stock", k) for k in range(drawn, len(stock))]
        picks = data.draw(st.lists(st.sampled_from(hidden), min_size=2, max_size=8,
                                   unique=True))
        where = {o: list(h) for o, h in enumerate(hands)}
        where["stock"] = list(stock)
        for (a, i), (b, j) in zip(picks[::2], picks[1::2]):
            where[a][i], where[b][j] = where[b][j], where[a][i]
        try:
            other = toonerville_round([where[o] for o in range(players)], upcard,
                                      where["stock"], moves)
        except deckhand.DeckhandError:
            continue  # the swap made a past action illegal: not the same history
        assert np.array_equal(other.observe(seat, offer), g.observe(seat, offer))
        if g.decider(offer) == seat:
            mask, features = g.choices(offer)
            other_mask, other_features = other.choices(offer)
            assert np.array_equal(mask, other_mask)
            assert np.array_equal(features, other_features)


# ---- the documented index layouts (docs/observations.md), written out independently ----

def card_code(text):
    return "CDHS".index(text[1]) * 8 + "789TJQKA".index(text[0])


def euchre_index(text):
    words = text.split()
    if words[0] in ("swap", "pass"):
        return ["swap", "pass"].index(words[0])
    if words[0] == "bid":
        return {"3": 2, "4": 3, "5": 4, "moon": 5}[words[1]]
    if words[0] == "trump":
        return 6 + "CDHS".index(words[1][0].upper())
    return 10 + EUCHRE.index(words[1])


def sheepshead_index(text):
    words = text.split()
    if words[0] in ("pick", "pass", "alone"):
        return ["pick", "pass", "alone"].index(words[0])
    if words[0] == "play":
        return 3 + card_code(words[1])
    if words[0] == "bury":
        lo, hi = sorted(card_code(w) for w in words[1:3])
        return 35 + hi * (hi - 1) // 2 + lo
    fail = "CHS".index(words[1][1])
    if len(words) == 2:
        return 531 + fail * 2 + (0 if words[1][0] == "A" else 1)
    return 537 + fail * 32 + card_code(words[3])


def check_action_indices(name, index_of):
    """Every legal action's index is index_of(its text), as docs/observations.md lays out."""
    for seed in range(60):
        rng = random.Random(seed)
        g = deckhand.Game(name, options={"history": "off"})
        g.deal(seed=seed)
        while g.to_act is not None:
            moves = g.legal_moves()
            mask = g.action_mask()
            assert sorted(index_of(t) for _, t in moves) == list(np.flatnonzero(mask))
            assert g.legal_indices() == {index_of(t): (seat, t) for seat, t in moves}
            g.apply(*rng.choice(moves))


def test_ghost_euchre_action_indices_follow_the_documented_layout():
    check_action_indices("ghost-euchre", euchre_index)


def test_sheepshead_action_indices_follow_the_documented_layout():
    check_action_indices("sheepshead", sheepshead_index)


def test_sheepshead_ten_calls_have_their_own_indices():
    # S7: a picker holding all three fail aces calls a ten.
    picker = ["AC", "AH", "AS", "7C", "8C", "9C"]
    blind = ["7H", "8H"]
    rest = [c for c in PIQUET if c not in picker + blind]
    holdings = {"0": rest[0:6], "1": picker, "2": rest[6:12], "3": rest[12:18],
                "4": rest[18:24], "blind": blind}
    g = deckhand.Game("sheepshead", options={"history": "off"})
    g.deal(cards=deal_text(holdings))
    g.apply(1, "pick")
    g.apply(1, "bury 7H 8H")
    texts = [t for _, t in g.legal_moves()]
    assert "call TC" in texts
    assert sorted(sheepshead_index(t) for t in texts) == list(np.flatnonzero(g.action_mask()))


def test_euchre_observation_fields_sit_where_documented():
    g = deckhand.Game("ghost-euchre", options={"history": "off"})
    g.deal(cards="0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; "
                 "ghost: 9S TS JS QS KS AS")
    g.apply(1, "bid 3")
    g.apply(2, "pass")
    g.apply(0, "pass")
    g.apply(1, "trump D")
    g.apply(1, "play AD")
    for seat in range(3):
        obs = g.observe(seat)
        rel = (1 - seat) % 3                      # seat 1 counted from the observer
        assert obs[130 + rel * 24 + EUCHRE.index("AD")] == 1          # the trick in progress
        assert obs[130:202].sum() == 1 and obs[202:274].sum() == 0
        assert obs[120 + rel] == 1 and obs[120:123].sum() == 1         # declarer
        assert obs[123 + 1] == 1                                      # trump D
        assert obs[48 + 3] == 1                                       # phase: play
        assert obs[56 + (2 - seat) % 3] == 1                          # seat 2 to act
        hand = [EUCHRE[k] for k in np.flatnonzero(obs[0:24])]
        assert hand == [c for c in g.view(seat)["hand"]]
