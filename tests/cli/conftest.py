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
    """Write the record of a finished random game; returns (path, state, true events)."""

    def write(seed: int = 11):
        state, events = random_game(seed)
        path = tmp_path / f"game-{seed}.json"
        path.write_text(json.dumps(state.record()))
        return path, state, events

    return write


def saved(path) -> dict:
    """The record of a game ``ludus play --save`` wrote (a move log, one line per move)."""
    from ludus.session import Session

    return Session.load(path).record()
