"""What a tournament writes: results.json, games.csv, ratings.csv, ratings.png."""

from __future__ import annotations

import csv
import json
import sys

import pytest

from ludus.arena import Tournament, report


@pytest.fixture(scope="module")
def result():
    return Tournament("claim", ["heuristic", "random", "random"], games=6, seed=3).run()


def test_results_json(tmp_path, result):
    report.write_json(result, tmp_path / "results.json")
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["game"] == "claim" and data["seed"] == 3 and data["seats"] == 2
    assert [a["name"] for a in data["agents"]] == ["heuristic", "random", "random#2"]
    assert data["games_per_table"] == 6 and data["deals"] == 3 and len(data["deal_seeds"]) == 3
    assert data["tables"] == [[0, 1], [0, 2], [1, 2]]
    assert len(data["games"]) == 18
    ratings = data["ratings"]
    assert [r["rank"] for r in ratings] == [1, 2, 3]
    assert ratings[0]["rating"] >= ratings[1]["rating"] >= ratings[2]["rating"]
    assert all(r["lo"] <= r["rating"] <= r["hi"] and r["games"] == 12 for r in ratings)
    assert sum(r["rating"] for r in ratings) == pytest.approx(0, abs=1e-3)
    for r in ratings:
        assert r["wins"] + r["draws"] + r["losses"] == r["games"]
    # pairwise: points of both sides add up to their meetings; counted from the games
    pw = {(p["agent"], p["opponent"]): p for p in data["pairwise"]}
    assert len(pw) == 6
    for (a, b), p in pw.items():
        assert p["meetings"] == 6
        assert p["points"] + pw[(b, a)]["points"] == 6
        wins = sum(1 for g in data["games"] if set(g["agents"]) == {a, b}
                   and g["returns"][g["agents"].index(a)] > g["returns"][g["agents"].index(b)])
        draws = sum(1 for g in data["games"] if set(g["agents"]) == {a, b} and g["returns"][0] == g["returns"][1])
        assert p["points"] == wins + draws / 2
    game = data["games"][0]
    assert set(game) == {"index", "table", "deal", "rotation", "deal_seed", "agents", "returns", "scores", "length"}
    assert game["length"] > 0 and len(game["returns"]) == 2


def test_games_csv(tmp_path, result):
    report.write_games_csv(result, tmp_path / "games.csv")
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert len(rows) == 18
    assert list(rows[0]) == ["game", "table", "deal", "rotation", "deal_seed", "length", "end",
                             "seat0_agent", "seat0_return", "seat0_score", "seat1_agent", "seat1_return", "seat1_score"]
    for row, g in zip(rows, result.games, strict=True):
        assert int(row["game"]) == g.index and int(row["deal_seed"]) == g.deal_seed
        assert [row["seat0_agent"], row["seat1_agent"]] == [result.tournament.names[a] for a in g.seats]
        assert float(row["seat0_return"]) == g.returns[0]
    # rotation 1 swaps the seats of rotation 0 on the same deal
    assert (rows[0]["deal_seed"], rows[0]["seat0_agent"]) == (rows[1]["deal_seed"], rows[1]["seat1_agent"])
    assert {row["end"] for row in rows} == {"played to its end"}     # Claim ends one way


def test_games_csv_says_how_each_game_ended(tmp_path):
    """Caesar & Cleopatra ends in several ways: each row names its game's, numbers masked as the lab does."""
    result = Tournament("caesar-cleopatra", ["random", "random"], games=6, seed=3).run()
    report.write_games_csv(result, tmp_path / "games.csv")
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert [row["end"] for row in rows] == [g.end for g in result.games]
    assert {"every patrician has been won", "neither player has an influence card left"} <= {r["end"] for r in rows}


def test_ratings_csv(tmp_path, result):
    report.write_ratings_csv(result, tmp_path / "ratings.csv")
    rows = list(csv.DictReader((tmp_path / "ratings.csv").open()))
    assert [r["agent"] for r in rows] == [result.tournament.names[i] for i in result.ranking()]
    assert list(rows[0]) == ["rank", "agent", "rating", "lo", "hi", "se", "games", "wins", "draws", "losses",
                             "win_rate"]
    assert all(float(r["lo"]) <= float(r["rating"]) <= float(r["hi"]) for r in rows)


def test_plot_png(tmp_path, result):
    pytest.importorskip("matplotlib")
    assert report.plot(result, tmp_path / "ratings.png")
    assert (tmp_path / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_skipped_without_matplotlib(tmp_path, result, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # import matplotlib -> ImportError
    notes = report.write_all(result, tmp_path)
    assert notes == [report.PLOT_MISSING]
    assert not (tmp_path / "ratings.png").exists()
    assert {p.name for p in tmp_path.iterdir()} == {"results.json", "games.csv", "ratings.csv"}


def test_multi_player_scoring_is_pairwise():
    t = Tournament("seize-rome", ["heuristic", "random", "random"], games=3, seed=2, options={"players": 3})
    r = t.run()
    assert len(r.games) == 3 and all(len(g.seats) == 3 for g in r.games)
    # every game gives 3 pairwise comparisons, one per pair of seats
    assert sum(r.meetings[i][j] for i in range(3) for j in range(i + 1, 3)) == 3 * 3
    for g in r.games:
        assert sorted(g.seats) == [0, 1, 2]


def test_the_progress_bar_shows_the_rate_and_the_time_left(monkeypatch):
    """A resumed run of 10 games with 2 already played: 2 more in 20 s leave 6, about a minute."""
    import io

    from rich.console import Console

    clock = iter([100.0, 120.0, 150.0])
    monkeypatch.setattr(report.time, "perf_counter", lambda: next(clock))
    with report.ProgressBar(10, Console(file=io.StringIO()), already=2) as bar:
        bar([None, None])
        assert bar.progress.tasks[0].fields["rate"] == "10.0 s/game · 1 min left"
        assert bar.progress.tasks[0].completed == 4
        bar([None] * 6)
        assert bar.progress.tasks[0].fields["rate"] == "6.2 s/game"     # done: no time left shown


@pytest.mark.parametrize(("seconds", "text"), [(40, "40 s"), (719, "12 min"), (3 * 3600 + 300, "3 h 05 min")])
def test_durations_read_as_people_say_them(seconds, text):
    assert report._duration(seconds) == text


def test_the_pace_of_games_reads_in_the_unit_that_fits():
    """A game of more than a second is shown in seconds per game: "0 games/s" said nothing."""
    from ludus.arena.report import pace

    assert pace(40, 329.3) == "8.2 s/game"
    assert pace(36, 1.44) == "25.0 games/s"
    assert pace(30, 0.0131) == "2290 games/s"
