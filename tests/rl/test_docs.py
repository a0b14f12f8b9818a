"""docs/rl.md lists every field of every game's tensors where its defaults put them, and each of
its python blocks runs as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import ludus  # noqa: E402
from ludus import envs  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game_id", ludus.game_ids())
def test_the_environment_card_lists_every_field(game_id):
    enc = envs.encoder(ludus.make(game_id))
    text = DOC.read_text()
    missing = [name for name, (start, stop, _) in enc.layout["information_state"].items()
               if f"| {start}-{stop - 1} | `{name}` |" not in text]
    assert not missing, f"docs/rl.md lacks, or places elsewhere, the {game_id} fields {missing}"
    sizes = f"information state {enc.information_state_shape[0]}, {enc.num_actions} action ids, version {enc.version}"
    assert sizes in text


def python_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", DOC.read_text(), re.S | re.M)


@pytest.mark.parametrize("number", range(len(python_blocks())))
def test_each_python_block_runs_as_written(number):
    """Each block on its own, in a fresh interpreter: a reader copies one block, not the page,
    so each must import what it uses. Its loops of 1000 are cut to 20 to keep the test short."""
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    code = python_blocks()[number].replace("range(1000)", "range(20)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=DOC.parents[1])
    assert done.returncode == 0, f"docs/rl.md's python block {number + 1} fails:\n{code}\n{done.stderr[-3000:]}"
