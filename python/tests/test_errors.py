"""Every error kind raises its class with the library's reason, and changes nothing."""

import pytest

import deckhand
from conftest import random_game


def dealt_euchre():
    g = deckhand.Game("ghost-euchre")
    g.deal(cards="0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; "
                 "ghost: 9S TS JS QS KS AS")
    return g


def refused(g, cls, call):
    """Runs call(g), which must raise cls, and checks that g is exactly as before."""
    before, moves, view = g.serialize(), g.legal_moves(), g.view(None)
    with pytest.raises(cls) as info:
        call(g)
    assert g.serialize() == before and g.legal_moves() == moves and g.view(None) == view
    e = info.value
    assert isinstance(e, deckhand.DeckhandError)
    assert e.status < 0 and e.status_name.startswith("DH_E_") and e.message
    return e


def test_illegal_action_names_the_rule():
    g = dealt_euchre()
    g.apply(1, "bid 4")
    e = refused(g, deckhand.IllegalAction, lambda g: g.apply(2, "bid 3"))
    assert e.status == -7 and e.status_name == "DH_E_ILLEGAL"
    assert e.reason and e.reason in e.message and e.reason_number > 0


def test_wrong_seat():
    e = refused(dealt_euchre(), deckhand.WrongSeat, lambda g: g.apply(0, "pass"))
    assert e.reason == "wrong_seat"


def test_wrong_phase():
    e = refused(dealt_euchre(), deckhand.WrongPhase, lambda g: g.apply(1, "play 9D"))
    assert e.reason == "wrong_phase"
    refused(dealt_euchre(), deckhand.WrongPhase, lambda g: g.deal(seed=1))
    refused(deckhand.Game("ghost-euchre"), deckhand.WrongPhase, lambda g: g.apply(0, "pass"))


def test_parse_errors_are_value_errors():
    e = refused(dealt_euchre(), deckhand.ParseError, lambda g: g.apply(1, "bid seven"))
    assert isinstance(e, ValueError) and e.status == -6
    refused(deckhand.Game("sheepshead"), deckhand.ParseError, lambda g: g.deal(cards="0: ZZ"))


def test_bad_seat_is_an_invalid_argument():
    e = refused(dealt_euchre(), deckhand.InvalidArgument, lambda g: g.apply(7, "pass"))
    assert e.status == -2
    refused(dealt_euchre(), deckhand.InvalidArgument, lambda g: g.apply_legal(99))
    with pytest.raises(deckhand.InvalidArgument):
        dealt_euchre().is_legal(9, "pass")


def test_game_over():
    g = random_game("ghost-euchre", 3, max_actions=100000)
    assert g.is_over
    e = refused(g, deckhand.GameOver, lambda g: g.apply(0, "pass"))
    assert e.reason == "game_over"
    refused(g, deckhand.GameOver, lambda g: g.deal(seed=1))


def test_unknown_game_and_bad_options():
    with pytest.raises(deckhand.UnknownGame) as e:
        deckhand.Game("go-fish")
    assert e.value.status == -4 and "go-fish" in e.value.message
    with pytest.raises(deckhand.BadOption) as e:
        deckhand.Game("ghost-euchre", options={"renege": "sometimes"})
    assert e.value.reason == "bad_option" and "renege" in e.value.message
    with pytest.raises(deckhand.BadOption):
        deckhand.Game("sheepshead", options=["hands=3", "hands=4"])
    with pytest.raises(deckhand.InvalidArgument):
        deckhand.Game("toonerville", players=9)


def test_corrupt_bytes():
    data = bytearray(random_game("sheepshead", 4, max_actions=30).serialize())
    data[len(data) // 2] ^= 0x40
    with pytest.raises(deckhand.CorruptData) as e:
        deckhand.Game.deserialize(bytes(data))
    assert e.value.status == -11 and e.value.reason == "corrupt_state"
    with pytest.raises(deckhand.CorruptData):
        deckhand.Game.deserialize(b"")


def test_records_name_the_refused_line():
    g = random_game("ghost-euchre", 8, max_actions=20)
    lines = g.record().rstrip("\n").split("\n")
    with pytest.raises(deckhand.RecordError) as e:
        deckhand.Game.from_record("not a record\n")
    assert e.value.status == -12 and e.value.line == 1
    bad = lines + ["0 bid nine"]
    with pytest.raises(deckhand.DeckhandError) as e:
        deckhand.Game.from_record("\n".join(bad) + "\n")
    assert e.value.line == len(bad)
    result = deckhand.replay("\n".join(bad) + "\n")
    assert result["ok"] is False and result["line"] == len(bad)


def test_errors_pickle_with_their_fields():
    import pickle
    try:
        dealt_euchre().apply(0, "pass")
    except deckhand.WrongSeat as e:
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is deckhand.WrongSeat
        assert (again.status, again.reason, again.message, again.line) == (
            e.status, e.reason, e.message, e.line)
