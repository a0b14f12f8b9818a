"""docs/rl.md lists every field of every game's tensors where its defaults put them."""

from __future__ import annotations

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
