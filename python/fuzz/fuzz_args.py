"""atheris fuzz target of the package's argument paths (issue 28; `make python-fuzz`).

Each input picks a public call and hostile-looking arguments (ints of any size, floats with
NaN/inf, text with NULs and surrogates, bytes, lists, None, bools) and makes the call on a
dealt game. The call may succeed, raise TypeError or ValueError (the binding's checks) or a
DeckhandError (the library's refusal); anything else (OverflowError, AttributeError,
KeyError, MemoryError, a crash) is a finding. A refused call must leave the game's
serialize() bytes unchanged.
"""

import sys

import atheris

with atheris.instrument_imports():
    import deckhand
    from deckhand import Bot, DeckhandError, Game


def value(fdp):
    kind = fdp.ConsumeIntInRange(0, 11)
    if kind == 0:
        return fdp.ConsumeIntInRange(-3, 8)
    if kind == 1:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 12))
    if kind == 2:
        return fdp.ConsumeFloat()
    if kind == 3:
        return fdp.ConsumeUnicodeNoSurrogates(24)
    if kind == 4:
        return fdp.ConsumeUnicode(24)
    if kind == 5:
        return fdp.ConsumeBytes(24)
    if kind == 6:
        return fdp.ConsumeBool()
    if kind == 7:
        return None
    if kind == 8:
        return [fdp.ConsumeIntInRange(-2, 40) for _ in range(fdp.ConsumeIntInRange(0, 3))]
    if kind == 9:
        return {fdp.ConsumeUnicodeNoSurrogates(8): fdp.ConsumeUnicodeNoSurrogates(8)}
    if kind == 10:
        return [fdp.ConsumeUnicodeNoSurrogates(16) for _ in range(fdp.ConsumeIntInRange(0, 3))]
    return 2 ** fdp.ConsumeIntInRange(31, 65) + fdp.ConsumeIntInRange(-2, 2)


SETUPS = []


def setups():
    if not SETUPS:
        for seed, info in enumerate(deckhand.games(), start=5):  # every game of the catalog
            players = min(max(4, info["min_players"]), info["max_players"])
            g = Game(info["name"], players=players)
            g.deal(seed=seed)
            SETUPS.append(g.serialize())
    return SETUPS


CALLS = [
    ("view", 1), ("view_text", 1), ("apply", 2), ("check", 2), ("is_legal", 2),
    ("apply_legal", 1), ("apply_index", 1), ("observe", 2), ("decider", 1), ("choices", 1),
    ("apply_choice", 2), ("buy_winner", 1), ("deal_seed", 1), ("deal_cards", 1),
    ("reshuffle", 1), ("new_game", 3), ("deserialize", 1), ("from_record", 1),
    ("replay", 1), ("bot_new", 3), ("bot_choose", 1),
]


def call(game, what, args):
    if what == "new_game":
        return Game(args[0], players=args[1], options=args[2])
    if what == "deal_seed":
        return game.deal(seed=args[0])
    if what == "deal_cards":
        return game.deal(cards=args[0])
    if what == "reshuffle":
        return game.reshuffle(seed=args[0])
    if what == "deserialize":
        return Game.deserialize(args[0])
    if what == "from_record":
        return Game.from_record(args[0])
    if what == "replay":
        return deckhand.replay(args[0])
    if what == "bot_new":
        return Bot(args[0], level=args[1], seed=args[2])
    if what == "bot_choose":
        return Bot(game.name).choose(game, args[0])
    return getattr(game, what)(*args)


def test_one_input(data):
    fdp = atheris.FuzzedDataProvider(data)
    image = setups()[fdp.ConsumeIntInRange(0, 2)]
    game = Game.deserialize(image)
    what, arity = CALLS[fdp.ConsumeIntInRange(0, len(CALLS) - 1)]
    args = [value(fdp) for _ in range(arity)]
    if what == "new_game" and isinstance(args[0], int) and fdp.ConsumeBool():
        args[0] = "toonerville"
    try:
        call(game, what, args)
    except (TypeError, ValueError, DeckhandError) as e:
        if type(e) not in (TypeError, ValueError) and not isinstance(e, DeckhandError):
            raise  # a subclass such as UnicodeError: not a documented error
        if game.serialize() != image:
            raise AssertionError(f"{what}{tuple(args)!r} was refused ({e!r}) but changed "
                                 "the game")


def main():
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
