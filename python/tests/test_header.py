"""The ctypes binding (deckhand/_native.py) against capi/include/deckhand.h as a C parser
reads it (tests/bindings/deckhand_header.py): every function's result and parameter types,
every struct's fields, offsets and size, the status codes, and no function used but not
declared. A difference fails here rather than as a crash or a wrong value at run time."""

import ctypes
import pathlib
import re
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "bindings"))
pytest.importorskip("pycparser", reason="python3-pycparser (make python installs it)")
import deckhand_header  # noqa: E402

from deckhand import _native, bots  # noqa: E402,F401  (bots declares the dh_bot_* it uses)
from deckhand._native import lib  # noqa: E402

PACKAGE = pathlib.Path(_native.__file__).parent

HEADER = deckhand_header.describe("lp64")

SCALARS = {
    "int": ctypes.c_int, "char": ctypes.c_char, "int8_t": ctypes.c_int8,
    "uint8_t": ctypes.c_uint8, "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64, "size_t": ctypes.c_size_t,
    "float": ctypes.c_float, "double": ctypes.c_double,
}
BYTES = {"char", "int8_t", "uint8_t"}  # c_char_p may stand for a pointer to these


def struct_class(name):
    """The binding's Structure for a header struct: dh_rl_spec is DhRlSpec."""
    return getattr(_native, "".join(part.title() for part in name.split("_")), None)


def mismatch(c_type, py_type):
    """Why the ctypes type `py_type` cannot stand for the C type `c_type`, or None."""
    kind = c_type[0]
    if kind == "void":
        return None if py_type is None else f"{py_type.__name__} for void"
    if kind == "scalar":
        want = SCALARS[c_type[1]]
        shown = getattr(py_type, "__name__", py_type)
        return None if py_type is want else f"{shown} for {c_type[1]}"
    if kind == "pointer":
        target = c_type[1]
        if py_type is ctypes.c_void_p:  # any pointer, passed as an address (numpy buffers)
            return None
        if py_type is ctypes.c_char_p and target[0] == "scalar" and target[1] in BYTES:
            return None
        if isinstance(py_type, type) and issubclass(py_type, ctypes._Pointer):
            inner = py_type._type_
            if target[0] == "struct":
                cls = struct_class(target[1])
                return None if cls is not None and inner is cls else \
                    f"POINTER({inner.__name__}) for {target[1]}*"
            why = mismatch(target, inner)
            return None if why is None else f"POINTER({why})"
        return f"{getattr(py_type, '__name__', py_type)} for a pointer to {target}"
    return f"{py_type} for {c_type}"


def used_functions():
    """Every lib.dh_* the package's modules name."""
    used = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r"\blib\.(dh_\w+)", path.read_text()))
    assert used, "the scan found no lib.dh_* use"
    return used


def test_every_function_used_is_declared_to_ctypes():
    """An undeclared function would be called with ctypes' guesses (int arguments, an int
    result): a 64-bit seed or a pointer cut to 32 bits."""
    undeclared = sorted(n for n in used_functions() if getattr(lib, n).argtypes is None)
    assert undeclared == []


def test_every_signature_matches_the_header():
    wrong = []
    for name in sorted(used_functions() | set(_native._SIGNATURES)):
        declared = HEADER["functions"].get(name)
        if declared is None:
            wrong.append(f"{name}: not declared in deckhand.h")
            continue
        fn = getattr(lib, name)
        result, args = fn.restype, fn.argtypes or []
        why = mismatch(declared["result"], result)
        if why:
            wrong.append(f"{name}: result {why}")
        if len(args) != len(declared["params"]):
            wrong.append(f"{name}: {len(args)} argtypes, deckhand.h has "
                         f"{len(declared['params'])} parameters")
            continue
        for i, (c_type, py_type) in enumerate(zip(declared["params"], args)):
            why = mismatch(c_type, py_type)
            if why:
                wrong.append(f"{name}: parameter {i + 1}: {why}")
    assert not wrong, "\n".join(wrong)


def test_every_struct_matches_the_header():
    classes = [c for c in vars(_native).values()
               if isinstance(c, type) and issubclass(c, ctypes.Structure)
               and c.__name__.startswith("Dh")]
    assert classes
    for cls in classes:
        name = re.sub(r"(?<!^)([A-Z])", r"_\1", cls.__name__).lower()
        layout = HEADER["structs"].get(name)
        assert layout is not None, f"{cls.__name__}: deckhand.h has no struct {name}"
        ours = [(f[0], getattr(cls, f[0]).offset, getattr(cls, f[0]).size) for f in cls._fields_]
        theirs = [(f["name"], f["offset"], f["size"]) for f in layout["fields"]]
        assert ours == theirs, f"{cls.__name__} (name, offset, size) against {name}"
        assert ctypes.sizeof(cls) == layout["size"], cls.__name__
        for field, c_type in zip(cls._fields_, (f["type"] for f in layout["fields"])):
            if c_type[0] == "scalar":
                assert field[1] is SCALARS[c_type[1]], f"{cls.__name__}.{field[0]}"


def test_status_codes_match_the_header():
    statuses = HEADER["statuses"]
    ours = {}
    for path in PACKAGE.glob("*.py"):
        for name, value in re.findall(r"^(DH_(?:OK|E_[A-Z_]+)) = (-?\d+)$", path.read_text(), re.M):
            ours[f"{path.name}: {name}"] = (int(value), statuses.get(name))
    assert ours and all(v == h for v, h in ours.values()), ours
    # every status has its exception class, named in its docstring
    documented = set(re.findall(r"\b(DH_E_[A-Z_]+)\b", (PACKAGE / "errors.py").read_text()))
    assert sorted(k for k in statuses if k != "DH_OK" and k not in documented) == []


def test_experimental_functions_are_the_documented_ones():
    """What the package uses from the header's experimental tier is what docs/python.md
    lists as experimental (docs/abi.md: the tiers)."""
    experimental = sorted(n for n in used_functions() | set(_native._SIGNATURES)
                          if n in HEADER["functions"] and not HEADER["functions"][n]["stable"])
    documented = set(re.findall(r"`(dh_\w+)`", (REPO / "docs" / "python.md").read_text()))
    assert experimental and sorted(set(experimental) - documented) == []
