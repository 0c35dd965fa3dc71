"""What capi/include/deckhand.h declares, read by a C parser, for the bindings' checks.

The header is preprocessed by the C compiler (cc -E) against stand-in <stddef.h> and
<stdint.h> that keep the fixed-width type names, then parsed by pycparser; the status codes
come from the preprocessor's own list of macros (cc -dM). Struct layouts are computed for a
data model: "lp64" (64-bit Linux, the Python package) or "ilp32" (wasm32, the web package).

    python3 tests/bindings/deckhand_header.py [--model lp64|ilp32]   # prints the JSON

python/tests/test_header.py and web/test/header.test.mjs compare the bindings with it.
"""

import argparse
import json
import os
import re
import subprocess
import tempfile

from pycparser import c_ast, c_parser

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "capi",
                      "include", "deckhand.h")

# Stand-ins for the system headers: the type names stay as written in deckhand.h.
_STDDEF = "typedef unsigned long size_t;\n"
_STDINT = "".join(f"typedef int {name};\n" for name in (
    "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t"))
_VERSION = "#define DH_VERSION_MAJOR 0\n#define DH_VERSION_MINOR 0\n#define DH_VERSION_PATCH 0\n"

# (size, alignment) of each scalar in each data model.
_SCALARS = {
    "char": 1, "signed char": 1, "unsigned char": 1, "int8_t": 1, "uint8_t": 1,
    "int16_t": 2, "uint16_t": 2, "short": 2, "int": 4, "unsigned int": 4, "int32_t": 4,
    "uint32_t": 4, "float": 4, "int64_t": 8, "uint64_t": 8, "double": 8, "long long": 8,
}
_POINTER_SIZE = {"lp64": 8, "ilp32": 4}


def _preprocess(experimental, macros=False):
    with tempfile.TemporaryDirectory() as stubs:
        for name, text in (("stddef.h", _STDDEF), ("stdint.h", _STDINT),
                           ("deckhand_version.h", _VERSION)):
            with open(os.path.join(stubs, name), "w") as f:
                f.write(text)
        # Without __GNUC__ the header's attribute macros (DH_API, DH_DEPRECATED) are empty.
        command = ["cc", "-E", "-P", "-nostdinc", "-I", stubs, "-U__GNUC__", "-U__clang__",
                   "-xc", HEADER]
        if macros:
            command.insert(2, "-dM")
        if experimental:
            command.insert(2, "-DDH_EXPERIMENTAL")
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _type(node):
    """A declared type as a tree: ("scalar", name), ("pointer", T), ("array", T, n),
    ("struct", name) or ("void",)."""
    if isinstance(node, c_ast.PtrDecl):
        return ("pointer", _type(node.type))
    if isinstance(node, c_ast.ArrayDecl):
        return ("array", _type(node.type), int(node.dim.value))
    if isinstance(node, c_ast.TypeDecl):
        return _type(node.type)
    if isinstance(node, c_ast.IdentifierType):
        name = " ".join(node.names)
        if name == "void":
            return ("void",)
        if name.startswith("dh_"):
            return ("struct", name)
        return ("scalar", name)
    if isinstance(node, c_ast.Struct):
        return ("struct", node.name)
    raise ValueError(f"deckhand.h: a type this reader does not know: {node}")


def _params(decl):
    params = decl.type.args.params if decl.type.args else []
    types = [_type(p.type) for p in params if not isinstance(p, c_ast.EllipsisParam)]
    return [] if types == [("void",)] else types


def _declarations(experimental):
    ast = c_parser.CParser().parse(_preprocess(experimental), filename="deckhand.h")
    functions, structs = {}, {}
    for node in ast.ext:
        if isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.FuncDecl):
            functions[node.name] = {"result": _type(node.type.type), "params": _params(node)}
        elif isinstance(node, c_ast.Typedef) and isinstance(node.type.type, c_ast.Struct):
            struct = node.type.type
            if struct.decls is not None:
                structs[node.name] = [(d.name, _type(d.type)) for d in struct.decls]
    return functions, structs


def _size_align(t, structs, model):
    kind = t[0]
    if kind == "scalar":
        if t[1] in ("size_t", "long", "unsigned long"):
            return _POINTER_SIZE[model], _POINTER_SIZE[model]
        return _SCALARS[t[1]], _SCALARS[t[1]]
    if kind == "pointer":
        return _POINTER_SIZE[model], _POINTER_SIZE[model]
    if kind == "array":
        size, align = _size_align(t[1], structs, model)
        return size * t[2], align
    if kind == "struct":
        layout = _layout(structs[t[1]], structs, model)
        return layout["size"], layout["align"]
    raise ValueError(f"no size for {t}")


def _layout(fields, structs, model):
    offset, align_max, out = 0, 1, []
    for name, t in fields:
        size, align = _size_align(t, structs, model)
        offset = (offset + align - 1) // align * align
        out.append({"name": name, "type": t, "offset": offset, "size": size})
        offset += size
        align_max = max(align_max, align)
    return {"fields": out, "size": (offset + align_max - 1) // align_max * align_max,
            "align": align_max}


def describe(model="lp64"):
    """Every function (its result and parameter types, and whether it is stable: declared
    without DH_EXPERIMENTAL), every struct with a body (fields, offsets, sizes in `model`),
    and the status codes (DH_OK, DH_E_*)."""
    functions, structs = _declarations(experimental=True)
    stable, _ = _declarations(experimental=False)
    for name, f in functions.items():
        f["stable"] = name in stable
    statuses = {}
    for line in _preprocess(experimental=True, macros=True).splitlines():
        m = re.fullmatch(r"#define (DH_OK|DH_E_[A-Z_]+) \(?(-?\d+)\)?", line.strip())
        if m:
            statuses[m.group(1)] = int(m.group(2))
    return {"model": model, "functions": functions, "statuses": statuses,
            "structs": {name: _layout(fields, structs, model) for name, fields in structs.items()}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(_POINTER_SIZE), default="lp64")
    print(json.dumps(describe(parser.parse_args().model), indent=1))


if __name__ == "__main__":
    main()
