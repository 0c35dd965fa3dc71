"""The code of docs/python.md and docs/tables.md runs as written, each document's blocks in
order as one session."""

import os
import re

import pytest

DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs")


@pytest.mark.parametrize("doc, fewest", [("python.md", 3), ("tables.md", 2)])
def test_docs_python_blocks_run(doc, fewest):
    path = os.path.join(DOCS, doc)
    if not os.path.isfile(path):
        pytest.skip(f"docs/{doc} is not beside the tests")
    with open(path, encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert len(blocks) >= fewest
    session = {}
    for index, block in enumerate(blocks):
        exec(compile(block, f"docs/{doc} block {index}", "exec"), session)
