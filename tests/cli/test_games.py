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


def test_games_fits_80_columns_and_shows_ranges_and_levels():
    """Nothing is cut off at 80 columns and no word is split (Claim's example deck is one long
    word); a long run of numbers reads as a range, the default first; every level is listed with
    the bot it stands for."""
    from click.testing import CliRunner

    from ludus.cli import app

    out = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["games"]).output
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    wilds = next(line for line in out.splitlines() if line.lstrip().startswith("wilds"))
    assert "6 | 0–12" in wilds
    assert "knights,goblins,dragons,trolls,seers" in out
    leader = next(line for line in out.splitlines() if line.lstrip().startswith("first_leader"))
    assert "random | 0–3" in leader
    players = next(line for line in out.splitlines() if line.lstrip().startswith("players"))
    assert "2 | 3 | 4" in players
    assert "bots by level" in out and "ismcts:iterations=1000" in out
