"""The code of docs/python.md runs as written, its blocks in order as one session."""

import os
import re

import pytest

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "python.md")


def test_docs_python_blocks_run():
    if not os.path.isfile(DOC):
        pytest.skip("docs/python.md is not beside the tests")
    with open(DOC, encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert len(blocks) >= 3
    session = {}
    for index, block in enumerate(blocks):
        exec(compile(block, f"docs/python.md block {index}", "exec"), session)
