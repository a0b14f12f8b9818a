"""``ludus --help`` and ``ludus games``."""

from __future__ import annotations


def test_help_lists_the_commands(run):
    result = run("--help")
    assert result.exit_code == 0
    for command in ("play", "simulate", "replay", "games"):
        assert command in result.output


def test_games_lists_options_and_values(run):
    result = run("games")
    assert result.exit_code == 0
    out = result.output
    assert "caesar-cleopatra" in out and "Caesar & Cleopatra" in out
    for text in ("wrath", "all | face-up", "stalemate_turns", "philosopher", "any | difference"):
        assert text in out


def test_games_includes_a_registered_game(run, toy):
    result = run("games")
    assert "toy" in result.output and "target" in result.output and "5 | 7" in result.output
