"""Shared fixtures of the arena tests."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ludus.cli import app


@pytest.fixture
def run():
    """Invoke the ``ludus`` app, 120 columns wide: ``run("tournament", "claim", "--agents", ...)``."""
    def invoke(*args: str):
        return CliRunner(env={"COLUMNS": "120"}).invoke(app, list(args), catch_exceptions=False)
    return invoke
