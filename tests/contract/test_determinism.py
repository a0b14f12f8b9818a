"""Property 2: determinism and faithful replay.

The same options, seed and actions give identical observations for every seat and the
spectator, identical legal actions and identical returns — in this process and in fresh
interpreters with other hash seeds; ``ludus.replay(state.record())`` (also after a JSON round
trip) rebuilds the very state, at the end and mid-game, and the rebuilt state goes on exactly
like the original.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import ludus

from .conftest import CASES
from .helpers import (
    checkpoints,
    digest,
    end_snapshot,
    game_of,
    random_game,
    snapshot,
    state_after,
    texts,
)


def test_same_seed_and_actions_give_the_same_game(case, seed):
    game = game_of(case)
    first, second = game.new_state(seed=seed), game.new_state(seed=seed)
    every = 5 if not case.options else 20
    for i, action in enumerate(random_game(case, seed)):
        assert texts(first.legal_actions()) == texts(second.legal_actions()), (
            f"{case} seed {seed}: legal actions differ before decision {i}")
        if i % every == 0:
            assert snapshot(first) == snapshot(second), f"{case} seed {seed}: runs differ before decision {i}"
        first.apply(action)
        second.apply(action)
    assert end_snapshot(first) == end_snapshot(second)


def test_replay_of_the_record_rebuilds_the_final_state(case, seed):
    state = state_after(case, seed)
    record = json.loads(json.dumps(state.record()))
    again = ludus.replay(record)
    assert end_snapshot(again) == end_snapshot(state)
    assert again.record() == state.record()


def test_replay_mid_game_goes_on_like_the_original(case, seed):
    """Replaying a prefix restores the future chance too: the rest of the game plays alike."""
    actions = random_game(case, seed)
    for cut in checkpoints(case, seed, 4):
        original = state_after(case, seed, cut)
        again = ludus.replay(json.loads(json.dumps(original.record())))
        assert snapshot(again) == snapshot(original), f"replay differs after {cut} decisions"
        for action in actions[cut:]:
            original.apply(action)
            again.apply(action)
        assert end_snapshot(again) == end_snapshot(original), (
            f"a replay of the first {cut} decisions ends differently from the original")


_CHILD = """
import sys
sys.path.insert(0, {path!r})
import helpers
for game_id, options, seed in {work!r}:
    print(helpers.digest(helpers.Case(game_id, options), seed))
"""


def test_games_are_the_same_in_other_processes(game_id):
    """No dependence on hash randomisation (order of sets of strings) or on process state."""
    work = [(c, 0) for c in CASES if c.game_id == game_id]
    here = [digest(case, seed) for case, seed in work]
    code = _CHILD.format(path=str(Path(__file__).parent),
                         work=[(c.game_id, c.options, s) for c, s in work])
    for hash_seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             timeout=600, check=False)
        assert out.returncode == 0, out.stderr[-3000:]
        there = out.stdout.split()
        assert len(there) == len(work), out.stdout
        for (case, seed), a, b in zip(work, here, there, strict=True):
            assert a == b, f"{case} seed {seed} plays differently with PYTHONHASHSEED={hash_seed}"
