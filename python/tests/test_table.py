"""deckhand.Table (docs/tables.md): whole games of every game of the catalog through tables
mixing bots, scripted humans, leaves, returns and timeouts; per-seat streams; snapshots;
persistence; determinism; refusals; argument checks; copies."""

import copy
import pickle

import pytest

import deckhand
from conftest import GAMES, fewest_players, short


def new_table(name, seed=7, players=None, **kw):
    return deckhand.Table(name, players=players or fewest_players(name), options=short(name, 1),
                          seed=seed, **kw)


def seat_all(t, humans):
    for s in range(t.players):
        if s in humans:
            t.seat_human(s)
        else:
            t.seat_bot(s, "basic")


def first(actions, t):
    return actions[0]


def varied(actions, t):
    """Not always the first: a table of humans that all pass first would redeal forever."""
    return actions[(t.seq * 7919) % len(actions)]


def human_step(t, now, silent=(), choose=first):
    """A scripted human (not in `silent`) that may act takes its first legal action (or
    what `choose` picks)."""
    for s in t.may_act:
        if t.holder(s) == "human" and s not in silent:
            actions = t.legal_actions(s)
            assert actions, f"seat {s} may act but has no legal action"
            t.act(s, choose(actions, t), now)
            return True
    return False


def drive(t, now=0, steps=20000, silent=(), until=None, choose=first):
    """Plays: ticks, lets the scripted humans act, else jumps to the next due time. Returns
    the time reached (the game is over, or `until` said stop)."""
    for _ in range(steps):
        t.tick(now)
        if t.is_over or (until is not None and until(t, now)):
            return now
        if human_step(t, now, silent, choose):
            now += 5
            continue
        due = t.next_due_ms
        assert due is not None, f"stuck: nobody acts and nothing is due at {now}: {t!r}"
        assert due > now, f"tick({now}) left a move due at {due}"
        now = due
    raise AssertionError(f"no end after {steps} steps: {t!r}")


def check_stream(events, seq):
    assert events, "an empty stream"
    assert [e["seq"] for e in events] == list(range(1, seq + 1))
    times = [e["time_ms"] for e in events]
    assert times == sorted(times)
    for e in events:
        assert isinstance(e["type"], str)


def viewers(t):
    return [None] + list(range(t.players))


@pytest.mark.parametrize("name", GAMES)
def test_whole_game_one_human_and_bots(name):
    t = new_table(name)
    assert t.to_act is None and t.seq == 0 or t.seq >= 0
    seat_all(t, humans={0})
    drive(t)
    assert t.is_over and t.to_act is None and t.may_act == []
    g = t.game()
    assert isinstance(g, deckhand.Game) and g.is_over and g.scores == t.scores
    assert len(t.scores) == t.players
    for v in viewers(t):
        events = t.events(v)
        check_stream(events, t.seq)
        assert events[-1]["type"] == "game_over"
        assert events[-1]["scores"] == t.scores
        assert any(e["type"] == "deal" for e in events)
        assert any(e["type"] == "hand_end" for e in events)
        by = {e["by"] for e in events if e["type"] == "action"}
        assert by == {"human", "bot"}
    # every seat's stream tells the same actions in the same order (public forms aside)
    count = {len([e for e in t.events(v) if e["type"] == "action"]) for v in viewers(t)}
    assert len(count) == 1


@pytest.mark.parametrize("name", GAMES)
def test_all_humans_timeouts_leave_and_return(name):
    players = fewest_players(name)
    t = new_table(name, seed=11, decision_ms=1000)
    seat_all(t, humans=set(range(players)))
    assert all(t.holder(s) == "human" for s in range(players))
    # seat 1 never answers: its clock runs out and a stand-in moves for it
    silent = {1}
    now = drive(t, silent=silent, choose=varied, until=lambda t, now: t.seq > 12)
    assert not t.is_over
    t.leave(0, now)
    assert t.holder(0) == "away" and 0 not in [s for s in t.may_act if t.holder(s) == "human"]
    left = now
    now = drive(t, now, silent=silent, choose=varied,
                until=lambda t, n: n > left + 3000)
    assert not t.is_over, "the game ended while seat 0 was away: make it longer"
    t.seat_human(0)
    assert t.holder(0) == "human"
    now = drive(t, now, silent=silent, choose=varied)
    assert t.is_over
    events = t.events(None)
    check_stream(events, t.seq)
    timeouts = [e for e in events if e["type"] == "timeout"]
    assert timeouts and {e["seat"] for e in timeouts} >= {1}
    for e in timeouts:
        follow = next(x for x in events if x["seq"] > e["seq"] and x["type"] == "action")
        assert follow["seat"] == e["seat"] and follow["by"] == "stand-in"
    seat_events = [(e["seat"], e["holder"]) for e in events if e["type"] == "seat"]
    assert (0, "away") in seat_events
    assert seat_events.count((0, "human")) >= 2  # joined, then returned
    assert t.record().strip()


@pytest.mark.parametrize("name", GAMES)
def test_spectator_stream_has_no_private_cards(name):
    t = new_table(name, seed=3)
    seat_all(t, humans={0})
    drive(t)
    private_types = {"deal", "cards"}
    spectator = t.events(None)
    assert any(e["type"] == "deal" for e in spectator)
    for e in spectator:
        if e["type"] in private_types:
            assert "hand" not in e and "cards" not in e, e
    for s in range(t.players):
        mine = t.events(s)
        deals = [e for e in mine if e["type"] == "deal"]
        assert deals and all(isinstance(e["hand"], list) and e["hand"] for e in deals)
        for e in mine:
            if e["type"] == "cards":
                assert ("cards" in e) == (e["seat"] == s), e
            if e["type"] == "deal":
                assert "hand" in e


@pytest.mark.parametrize("name", GAMES)
def test_snapshot_and_events_since_is_the_whole_stream(name):
    t = new_table(name, seed=5)
    seat_all(t, humans={0})
    marks = []

    def stop(t, now):
        marks.append(now)
        for v in viewers(t):
            snap = t.snapshot(v)
            assert set(snap) >= {"seq", "view", "table"}
            assert snap["seq"] == t.seq
            assert snap["table"]["players"] == t.players
            assert snap["table"]["over"] == t.is_over
            assert snap["table"]["to_act"] == (-1 if t.to_act is None else t.to_act)
            assert snap["view"] == t.game().view(v)
            full = t.events(v)
            since = t.events(v, snap["seq"])
            assert full[:snap["seq"]] + since == full
            assert since == []
            if snap["seq"] > 3:  # a client that saw the first 3 events
                assert t.events(v, 3) == full[3:]
        return False

    drive(t, until=stop)
    assert len(marks) > 3


def play_script(t, now, steps):
    """A fixed sequence of calls: `steps` rounds of tick + human acts."""
    for _ in range(steps):
        t.tick(now)
        if t.is_over:
            break
        if not human_step(t, now):
            due = t.next_due_ms
            if due is None:
                break
            now = due
        else:
            now += 5
    return now


@pytest.mark.parametrize("name", GAMES)
def test_serialize_mid_game_gives_the_same_future(name):
    t = new_table(name, seed=9, decision_ms=2000, bot_ms=300)
    seat_all(t, humans={0})
    now = play_script(t, 0, 25)
    data = t.serialize()
    assert isinstance(data, bytes) and data
    u = deckhand.Table.deserialize(data)
    assert u.serialize() == data
    assert u.seq == t.seq and u.to_act == t.to_act and u.scores == t.scores
    assert u.deadline_ms == t.deadline_ms and u.next_due_ms == t.next_due_ms
    for v in viewers(t):
        assert u.events(v) == t.events(v)
        assert u.snapshot(v) == t.snapshot(v)
    a, b = play_script(t, now, 200), play_script(u, now, 200)
    assert a == b
    for v in viewers(t):
        assert u.events(v) == t.events(v)
    assert u.serialize() == t.serialize()
    # pickling goes through serialize
    p = pickle.loads(pickle.dumps(t))
    assert isinstance(p, deckhand.Table) and p.serialize() == t.serialize()


def test_an_expert_seat_and_stand_in_survive_the_image():
    name = GAMES[0]
    t = new_table(name, seed=4, standin="expert")
    t.seat_human(0)
    for s in range(1, t.players):
        t.seat_bot(s, "expert")
    u = deckhand.Table.deserialize(t.serialize())
    assert u.serialize() == t.serialize()
    assert [u.holder(s) for s in range(1, u.players)] == ["bot"] * (u.players - 1)
    assert [e.get("level") for e in u.events(0) if e["type"] == "seat" and e["seat"] > 0] == \
        ["expert"] * (u.players - 1)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_calls_give_the_same_bytes(name):
    def run(seed):
        t = new_table(name, seed=seed, decision_ms=500, bot_ms=100)
        seat_all(t, humans={0})
        play_script(t, 1000, 60)
        return t.serialize(), t.events(0)

    one, two = run(42), run(42)
    assert one == two
    assert run(43)[0] != one[0]


def started_table(name, humans=None):
    t = new_table(name, seed=1)
    seat_all(t, humans=set(range(t.players)) if humans is None else humans)
    t.tick(0)
    return t


@pytest.mark.parametrize("name", GAMES)
def test_refusals_raise_the_classes_of_game_apply(name):
    # before every seat is held: nothing is dealt
    t = new_table(name)
    t.seat_human(0)
    with pytest.raises(deckhand.WrongPhase) as e:
        t.act(0, "pass", 0)
    assert e.value.reason == "not_started"
    with pytest.raises(deckhand.InvalidArgument) as e:
        t.seat_human(0)
    assert e.value.reason == "seat_taken"
    with pytest.raises(deckhand.WrongSeat) as e:
        t.leave(1, 0)  # nobody holds it
    assert e.value.reason == "not_seated"
    with pytest.raises(deckhand.InvalidArgument):
        t.seat_human(t.players)  # past the table

    t = started_table(name)
    seat = t.to_act
    assert seat is not None
    other = (seat + 1) % t.players
    action = t.legal_actions(seat)[0]
    assert t.legal_actions(other) == [] or other in t.may_act
    if other not in t.may_act:
        # out of turn: refused as Game.apply refuses it
        g = t.game()
        with pytest.raises(deckhand.WrongSeat) as game_error:
            g.apply(other, action)
        # a refused act leaves the table as tick(now_ms) would (it makes the due moves)
        ticked = t.copy()
        ticked.tick(10)
        with pytest.raises(deckhand.WrongSeat) as e:
            t.act(other, action, 10)
        assert e.value.reason == game_error.value.reason
        assert t.serialize() == ticked.serialize()
    with pytest.raises(deckhand.ParseError):
        t.act(seat, "no such action at all", 10)
    t.act(seat, action, 100)
    t.tick(100)
    before = t.serialize()
    with pytest.raises(deckhand.InvalidArgument) as e:
        t.tick(99)
    assert e.value.reason == "time_backwards"
    with pytest.raises(deckhand.InvalidArgument) as e:
        t.act(t.may_act[0], t.legal_actions(t.may_act[0])[0], 50)
    assert e.value.reason == "time_backwards"
    assert t.serialize() == before
    # a bot's seat is not a human's to act for
    b = started_table(name, humans=set())
    with pytest.raises(deckhand.WrongSeat) as e:
        b.act(0, "pass", 0)
    assert e.value.reason == "not_seated"
    # after the end
    drive(t, 100, choose=varied)
    with pytest.raises(deckhand.GameOver):
        t.act(0, action, 10 ** 9)
    assert t.events(0, t.seq) == []


@pytest.mark.parametrize("name", GAMES)
def test_events_deal_keeps_the_current_deal_and_refuses_older(name):
    t = deckhand.Table(name, players=fewest_players(name), options=short(name, 3), seed=2,
                       events="deal", bot_ms=100, deal_ms=500)
    seat_all(t, humans=set())
    seen = {"seq": t.snapshot(None)["seq"], "deals": 0}

    def second_deal(t, now):
        new = t.events(None, seen["seq"])  # a client that keeps up never loses events
        seen["seq"] = t.seq
        seen["deals"] += len([e for e in new if e["type"] == "deal"])
        return seen["deals"] >= 2 and any(e["type"] == "action" for e in new)

    drive(t, until=second_deal)
    if t.is_over:
        pytest.skip("one deal only")
    with pytest.raises(deckhand.InvalidArgument) as e:
        t.events(None, 0)
    assert e.value.reason == "events_dropped"
    snap = t.snapshot(None)
    assert snap["seq"] == t.seq and t.events(None, snap["seq"]) == []


def test_bad_table_and_arguments_are_refused_before_the_call():
    name = GAMES[0]
    with pytest.raises(deckhand.UnknownGame):
        deckhand.Table("no-such-game")
    with pytest.raises(deckhand.BadOption):
        new_table(name, standin="nobody")
    with pytest.raises(deckhand.BadOption):
        new_table(name, events="some")
    with pytest.raises(deckhand.InvalidArgument):
        deckhand.Table(name, players=99)
    for kw in ({"seed": -1}, {"seed": 1 << 64}, {"seed": True}, {"decision_ms": 1.0},
               {"decision_ms": True}, {"players": False}, {"players": 2.0}, {"standin": 3},
               {"bot_ms": "5"}, {"options": 5}):
        with pytest.raises((TypeError, ValueError)):
            deckhand.Table(name, **kw)
    with pytest.raises(ValueError):
        new_table(name, standin="basic\0")
    with pytest.raises(ValueError):
        new_table(name, decision_ms=-1)
    t = new_table(name)
    for call in (lambda: t.seat_human(True), lambda: t.seat_human(-1),
                 lambda: t.seat_human(1 << 31), lambda: t.seat_bot(0, b"basic"),
                 lambda: t.seat_bot(0, "ba\0sic"), lambda: t.leave(0, 1.5),
                 lambda: t.leave(0, 1 << 63), lambda: t.act(0, "pass\0", 0),
                 lambda: t.act(0, None, 0), lambda: t.act(0, "pass", True),
                 lambda: t.tick(-(1 << 63) - 1), lambda: t.tick(2.0), lambda: t.tick("1"),
                 lambda: t.events(0, -1), lambda: t.events(True), lambda: t.snapshot(-1),
                 lambda: t.holder(False), lambda: t.legal_actions(0.0),
                 lambda: deckhand.Table.deserialize("text")):
        with pytest.raises((TypeError, ValueError)):
            call()
    assert t.seq == 0 and t.holder(0) == "empty"
    with pytest.raises(deckhand.CorruptData):
        deckhand.Table.deserialize(b"not a table")
    data = bytearray(t.serialize())
    data[len(data) // 2] ^= 0x40
    with pytest.raises(deckhand.CorruptData):
        deckhand.Table.deserialize(bytes(data))


def test_copies_are_independent():
    name = GAMES[0]
    t = new_table(name, seed=4)
    seat_all(t, humans={0})
    play_script(t, 0, 10)
    before = t.serialize()
    for c in (copy.copy(t), copy.deepcopy(t), t.copy()):
        assert c.serialize() == before
        drive(c, 10 ** 6)
        assert c.is_over
        assert t.serialize() == before
    c = copy.copy(t)
    del t
    drive(c, 10 ** 6)
    assert c.is_over and c.events(None)[-1]["type"] == "game_over"


@pytest.mark.parametrize("name", GAMES)
def test_record_replays_and_names_the_table_events(name):
    t = new_table(name, seed=6, decision_ms=1000, standin="quickest")
    seat_all(t, humans={0, 1} if t.players > 1 else {0})
    drive(t, silent={1})
    text = t.record()
    result = deckhand.replay(text)
    assert result["ok"], result
    replayed = deckhand.Game.from_record(text)
    assert replayed.scores == t.scores
    assert text != t.game().record()  # the table's own events as comments


def test_empty_seats_wait_and_bots_move_after_their_delay():
    name = GAMES[0]
    t = new_table(name, bot_ms=250)
    assert [t.holder(s) for s in range(t.players)] == ["empty"] * t.players
    for s in range(t.players - 1):
        t.seat_bot(s, "random")
    t.tick(10 ** 6)
    assert t.to_act is None and t.next_due_ms is None and t.deadline_ms is None
    t.seat_bot(t.players - 1, "strong")
    t.tick(10 ** 6)
    due = t.next_due_ms
    assert due is not None and due >= 10 ** 6
    seq = t.seq
    t.tick(due - 1)
    assert t.seq == seq
    t.tick(due)
    assert t.seq > seq


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("standin", ["quickest", "random", "strong", "expert"])
def test_every_standin_moves_for_a_silent_seat(name, standin):
    t = new_table(name, seed=8, decision_ms=700, standin=standin)
    seat_all(t, humans=set(range(t.players)))
    drive(t, silent={1}, choose=varied, until=lambda t, now: t.seq > 40)
    events = t.events(1)
    stand_in = [e for e in events if e["type"] == "action" and e["by"] == "stand-in"]
    assert stand_in and all(e["seat"] == 1 for e in stand_in)
    assert len(stand_in) == len([e for e in events if e["type"] == "timeout"])


SECRET = "00112233445566778899aabbccddeeff0123456789abcdeffedcba9876543210"


@pytest.mark.parametrize("name", GAMES)
def test_fair_deals_commit_nonces_reveal_and_the_record_checks(name):
    t = new_table(name, seed=3, fair_secret=SECRET, nonce_ms=500)
    seat_all(t, humans={0, 1})
    t.tick(10)
    commit = [e for e in t.events(None) if e["type"] == "commit"]
    assert commit and commit[0]["deal"] == 1 and len(commit[0]["commitment"]) == 64
    window = t.snapshot(0)["table"]["nonce_window"]
    assert window == {"deal": 1, "commitment": commit[0]["commitment"], "ends_ms": 500,
                      "sent": []}
    assert t.snapshot(0)["table"]["deal_commitment"] is None  # not dealt yet
    before = t.serialize()
    for call in (lambda: t.nonce(0, None, 20), lambda: t.nonce(0, b"0011223344556677", 20),
                 lambda: t.nonce(0, 5, 20), lambda: t.nonce(0, "0011223344556677\0", 20),
                 lambda: t.nonce(True, "0011223344556677", 20),
                 lambda: t.nonce(0, "0011223344556677", 2.0)):
        with pytest.raises((TypeError, ValueError)):
            call()
    with pytest.raises(deckhand.ParseError) as bad:
        t.nonce(0, "0011", 20)
    assert bad.value.reason == "malformed_action"
    with pytest.raises(deckhand.WrongSeat):
        t.nonce(t.players - 1, "0011223344556677", 20)  # a bot's seat
    with pytest.raises(deckhand.InvalidArgument):
        t.nonce(0, "0011223344556677", 5)  # time_backwards
    assert t.serialize() == before
    t.nonce(0, "0011223344556677", 20)
    with pytest.raises(deckhand.WrongPhase):
        t.nonce(0, "0011223344556677", 21)
    # Restored mid-window, the copy goes on as the table does.
    back = deckhand.Table.deserialize(t.serialize())
    for table in (t, back):
        table.nonce(1, "AABBCCDDEEFF00112233", 30)
    assert back.serialize() == t.serialize()
    nonces = [(e["seat"], e["nonce"]) for e in t.events(1) if e["type"] == "nonce"]
    assert nonces == [(0, "0011223344556677"), (1, "aabbccddeeff00112233")]
    # Dealt: the deal in play's commitment stays in the snapshot for a client that reconnects.
    assert t.snapshot(1)["table"]["deal_commitment"] == {"deal": 1,
                                                         "commitment": commit[0]["commitment"]}
    drive(t, 30)
    assert t.is_over
    reveals = [e for e in t.events(None) if e["type"] == "reveal"]
    assert reveals[0]["deal"] == 1 and reveals[0]["seed"].isdigit()
    text = t.record()
    assert "\ncommit 1 " in text and "\nreveal 1 " in text and SECRET not in text
    result = deckhand.replay(text)
    assert result["ok"], result
    assert result["fair"]["committed"] == result["fair"]["revealed"] >= 1
    # A tampered nonce is refused at the reveal that shows it.
    lines = text.splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith("nonce 1 "))
    lines[at] = lines[at][:-1] + ("0" if lines[at][-1] != "0" else "1")
    refused = deckhand.replay("\n".join(lines) + "\n")
    assert not refused["ok"] and refused["code"] == "fair_deal_mismatch"
    assert lines[refused["line"] - 1].startswith("reveal 1 ")


def test_fair_secret_and_nonce_options_are_checked():
    name = GAMES[0]
    for bad in ("", "00", SECRET + "00", SECRET[:-1] + "g"):
        with pytest.raises(deckhand.BadOption):
            new_table(name, fair_secret=bad)
    with pytest.raises(TypeError):
        new_table(name, fair_secret=5)
    with pytest.raises(ValueError):
        new_table(name, nonce_ms=-1)
    t = new_table(name)
    seat_all(t, humans={0})
    with pytest.raises(deckhand.WrongPhase):
        t.nonce(0, "0011223344556677", 0)
    assert "nonce_window" not in t.snapshot(0)["table"]
    assert "deal_commitment" not in t.snapshot(0)["table"]


def test_ladder_levels_seat_and_stand_in_and_survive_the_image():
    name = GAMES[0]
    t = new_table(name, seed=4, standin="2")
    t.seat_human(0)
    for s in range(1, t.players):
        t.seat_bot(s, ["1", "5", "3", "4"][s - 1])
    u = deckhand.Table.deserialize(t.serialize())
    assert u.serialize() == t.serialize()
    assert [e.get("level") for e in u.events(0) if e["type"] == "seat" and e["seat"] > 0] == \
        ["1", "5", "3", "4"][: u.players - 1]
    with pytest.raises(deckhand.BadOption, match="1 to 5"):
        new_table(name, standin="6")
