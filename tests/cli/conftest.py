"""Shared fixtures of the command-line tests."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import ludus
from ludus.cli import app
from ludus.core import registry

from . import toy_game


def engine_replays_records() -> bool:
    """Whether ``ludus.replay(state.record())`` works for caesar-cleopatra in this tree.

    It did not when these tests were written: ``record()`` lists every option, including
    ``discard_by``, which the classic edition refuses when given explicitly (reported).
    Tests that need it are marked xfail while that is so, and run for real once fixed.
    """
    try:
        ludus.replay(ludus.make("caesar-cleopatra").new_state(seed=0).record())
    except ludus.RecordError:
        return False
    return True


REPLAYS = engine_replays_records()
needs_replay = pytest.mark.xfail(
    not REPLAYS, reason="engine bug: caesar-cleopatra records do not replay (record() lists "
    "discard_by, which _check_options refuses)", strict=False)


def invoke(*args: str, input: str | None = None):
    """Run ``ludus ARGS`` with ``input`` on stdin, 120 columns wide (so lines do not wrap)."""
    return CliRunner(env={"COLUMNS": "120"}).invoke(app, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def run():
    """Invoke the ``ludus`` app: ``run("play", "caesar-cleopatra", input="1\\n")``."""
    return invoke


@pytest.fixture
def toy(monkeypatch):
    """Register the toy game (tests/cli/toy_game.py) as ``toy`` for the test's duration."""
    monkeypatch.setitem(registry._GAMES, "toy", f"{toy_game.__name__}:Toy")
    return "toy"


def random_game(seed: int, rng_seed: int = 0):
    """A finished caesar-cleopatra game of random moves, and every event as it truly was."""
    state = ludus.make("caesar-cleopatra").new_state(seed=seed)
    rng = random.Random(rng_seed)
    events = []
    while not state.is_terminal:
        events += state.apply(rng.choice(state.legal_actions()))
    return state, events


@pytest.fixture
def record_file(tmp_path):
    """Write a record of a finished random game; returns (path, state, true events).

    The record names no options (the game's defaults), so that it replays whether or not the
    engine bug of ``engine_replays_records`` is fixed.
    """

    def write(seed: int = 11):
        state, events = random_game(seed)
        record = dict(state.record(), options={})
        path = tmp_path / f"game-{seed}.json"
        path.write_text(json.dumps(record))
        return path, state, events

    return write
