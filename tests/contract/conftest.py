"""Parametrisation of the contract suite, built at collection time from ``ludus.game_ids()``.

A test that takes ``case`` runs once per game × option set (defaults, then each non-default
option value alone); ``default_case`` and ``option_case`` split those into each game's
defaults and its other option sets; a test that takes ``game_id`` runs once per game. A test
that takes ``case`` and ``seed`` runs with seeds ``0..d-1`` for a game's defaults and
``0..o-1`` for its other option sets, where ``@pytest.mark.seeds(d, o)`` gives the counts
(``CHEAP_SEEDS`` if unmarked).
"""

from __future__ import annotations

import pytest

import ludus

from .helpers import CHEAP_SEEDS, build_cases

CASES = build_cases()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "seeds(defaults, others): how many seeds a contract test runs per option set")


def pytest_generate_tests(metafunc):
    names = metafunc.fixturenames
    if "game_id" in names:
        metafunc.parametrize("game_id", ludus.game_ids())
    if "case" in names and "seed" in names:
        marker = metafunc.definition.get_closest_marker("seeds")
        defaults, others = marker.args if marker else CHEAP_SEEDS
        params = [
            pytest.param(case, seed, id=f"{case}-seed{seed}")
            for case in CASES
            for seed in range(others if case.options else defaults)
        ]
        metafunc.parametrize(("case", "seed"), params)
    elif "case" in names:
        metafunc.parametrize("case", CASES, ids=str)
    if "default_case" in names:
        metafunc.parametrize("default_case", [c for c in CASES if not c.options], ids=str)
    if "option_case" in names:
        metafunc.parametrize("option_case", [c for c in CASES if c.options], ids=str)
