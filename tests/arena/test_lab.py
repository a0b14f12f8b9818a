"""The variant lab (``ludus lab``): it finds a planted advantage, claims none where there is none,
plays the same deals in every variant, resumes from its journal, and refuses bad input whole."""

from __future__ import annotations

import json
import random
import sys

import pytest
from click.testing import CliRunner

from ludus.arena import SerialBackend, make_backend
from ludus.arena.journal import Journal
from ludus.arena.lab import Lab, bootstrap, holm, z_test
from ludus.cli import app
from ludus.core import registry
from ludus.core.errors import OptionError

from . import lab_toy


@pytest.fixture
def toy(monkeypatch):
    """The game of tests/arena/lab_toy.py, registered as ``lab-toy`` for the test's duration."""
    monkeypatch.setitem(registry._GAMES, "lab-toy", f"{lab_toy.__name__}:LabToy")
    return "lab-toy"


def by_label(report, label):
    return next(v for v in report.variants if v["label"] == label)


def first_seat_row(report):
    return next(c for c in report.comparisons if c["metric"] == "first to move wins")


def test_a_planted_first_seat_advantage_is_found(toy):
    report = Lab(toy, {"edge": [0, 20]}, specs=["random"], games=600, seed=2).run()
    planted, fair = by_label(report, "edge=20"), by_label(report, "edge=0")
    assert planted["first_seat"]["interval"][0] > 0.5              # the interval excludes a fair game
    lo, hi = fair["first_seat"]["interval"]
    assert lo < 0.5 < hi
    row = first_seat_row(report)
    assert row["test"] == "z" and row["significant"] and row["p_holm"] < 0.05
    assert 0.1 < report.paired[0]["rate"] < 0.3          # the rolls between 50 and 70 go the other way
    # both seatings of a deal play the same game (the agents change nothing): 600 games weigh as 300
    assert 1.9 < planted["first_seat"]["design_effect"] < 2.1
    # the edge goes to whoever moves first, a seat drawn from the seed: the seats stay even
    for seat in planted["seats"]:
        assert seat["interval"][0] < 0.5 < seat["interval"][1]


def test_no_difference_is_claimed_where_there_is_none(toy):
    report = Lab(toy, {"colour": ["red", "blue"]}, specs=["random"], games=600, seed=2).run()
    assert report.comparisons and not any(c["significant"] for c in report.comparisons)
    assert report.paired == [{"a": "colour=red", "b": "colour=blue", "option": "colour", "games": 600,
                              "other_result": 0, "rate": 0.0}]     # the same deals, played alike
    for variant in report.variants:
        lo, hi = variant["first_seat"]["interval"]
        assert lo < 0.5 < hi


def test_a_longer_game_is_found_by_the_bootstrap(toy):
    report = Lab(toy, {"bell": [25, 50]}, specs=["random"], games=400, seed=2).run()
    row = next(c for c in report.comparisons if c["metric"] == "length (decisions)")
    assert row["test"] == "bootstrap" and row["significant"] and row["difference"] < 0
    assert by_label(report, "bell=25")["length"]["median"] > by_label(report, "bell=50")["length"]["median"]
    assert report.rounds_name == "turn"
    ends = {e["reason"] for e in by_label(report, "bell=25")["ends"]}
    assert ends == {"the bell", "N decisions"}
    assert not first_seat_row(report)["significant"]


def test_every_variant_plays_the_same_deals_in_every_seat_rotation(toy):
    lab = Lab(toy, {"edge": [0, 20], "colour": ["red", "blue"]}, specs=["random"], games=5, seed=4)
    plans = [[(u.unit.deal, u.unit.rotation, u.unit.deal_seed, u.unit.seats, u.unit.agent_seeds)
              for u in lab.units() if u.variant == v] for v in range(len(lab.variants))]
    assert len(plans) == 4 and all(plan == plans[0] for plan in plans)
    assert len(plans[0]) == 6                                # 5 games rounded up to both seatings
    assert {seats for _, _, _, seats, _ in plans[0]} == {(0, 1), (1, 0)}
    report = lab.run()
    # edge 0 and edge 20 on the same deals: a game the first mover won fairly it wins with the edge
    for g0, g20 in zip((g for g in report.games if g.variant == 0), (g for g in report.games if g.variant == 2),
                       strict=True):
        assert g0.deal_seed == g20.deal_seed and g0.first == g20.first
        if g0.returns[g0.first] > 0:
            assert g20.returns[g20.first] > 0


def test_only_variants_one_option_apart_are_compared_and_holm_counts_them_all(toy):
    report = Lab(toy, {"edge": [0, 20], "colour": ["red", "blue"]}, specs=["random"], games=50, seed=3).run()
    pairs = {(c["a"], c["b"]) for c in report.comparisons}
    assert pairs == {("edge=0 colour=red", "edge=0 colour=blue"), ("edge=0 colour=red", "edge=20 colour=red"),
                     ("edge=0 colour=blue", "edge=20 colour=blue"), ("edge=20 colour=red", "edge=20 colour=blue")}
    adjusted = holm([c["p"] for c in report.comparisons])
    assert [c["p_holm"] for c in report.comparisons] == [round(p, 6) for p in adjusted]


def test_the_weaker_of_two_agents_is_named_with_its_win_rate():
    report = Lab("claim", {"dragon": ["last-card", "last-dragon"]}, specs=["heuristic", "random"], games=30,
                 seed=5).run()
    assert report.weaker == "random"
    for variant in report.variants:
        assert variant["weaker"]["rate"] < 0.5
        assert {a["agent"] for a in variant["agents"]} == {"heuristic", "random"}
    assert any(c["metric"] == "random wins" for c in report.comparisons)


def test_a_stopped_lab_resumes_to_the_same_report(toy, tmp_path):
    lab = Lab(toy, {"edge": [0, 20]}, specs=["random"], games=20, seed=6)
    whole = lab.run()
    journal = Journal(tmp_path / "games.jsonl", lab.header())
    part = [g for g in whole.games if g.index % 3]
    journal.append(part)

    class Counting(SerialBackend):
        played = 0

        def run(self, game_id, options, units, on_done=None, play=None):
            Counting.played += len(units)
            return super().run(game_id, options, units, on_done, play)

    resumed = lab.run(Counting(), journal=Journal(tmp_path / "games.jsonl", lab.header()))
    assert Counting.played == len(whole.games) - len(part)
    assert resumed.to_dict() == whole.to_dict()
    other = Lab(toy, {"edge": [0, 5]}, specs=["random"], games=20, seed=6)
    with pytest.raises(OptionError, match="another run"):
        other.run(journal=Journal(tmp_path / "games.jsonl", other.header()))


@pytest.mark.parametrize(("vary", "fixed", "said"), [
    ({"nope": ["a", "b"]}, {}, "has no option nope; its options are: edge"),
    ({"edge": [0, 7]}, {}, "edge=7 is not accepted; edge takes one of: 0, 5, 20"),
    ({"edge": [0]}, {}, "needs two values or more"),
    ({"edge": [0, "0"]}, {}, "names 0 twice"),
    ({"edge": [0, 20]}, {"edge": 5}, "both varied and fixed"),
    ({}, {}, "at least one option to vary"),
])
def test_bad_variations_are_refused_saying_what_is_accepted(toy, vary, fixed, said):
    with pytest.raises(OptionError, match=said):
        Lab(toy, vary, fixed=fixed, specs=["random"])


def test_a_combination_the_game_refuses_is_named():
    with pytest.raises(OptionError, match="the variant edition=2024 orgies=2 is refused: .*orgies"):
        Lab("caesar-cleopatra", {"edition": ["classic", "2024"], "orgies": [3, 2]})


def test_agents_must_fit_every_variant_s_seats():
    with pytest.raises(OptionError, match="players=3 has 3 seats but 2 agents"):
        Lab("claim", {"players": [2, 3]}, specs=["heuristic", "random"])


def test_z_test_and_bootstrap_agree_with_known_cases():
    assert z_test(50, 100, 50, 100) == 1.0
    assert z_test(0, 100, 0, 100) == 1.0                     # nothing to compare: no difference claimed
    assert abs(z_test(60, 100, 40, 100) - 0.0047) < 0.0002   # z = 2.83
    rng = random.Random(0)
    same = [[float(x % 7), float(x % 5)] for x in range(150)]          # two games per deal
    diff, (lo, hi), p = bootstrap(same, same, rng)
    assert diff == 0 and lo <= 0 <= hi and p > 0.5
    diff, (lo, hi), p = bootstrap(same, [[x + 2 for x in deal] for deal in same], rng)
    assert abs(diff - 2) < 1e-9 and 0 < lo < 2 < hi and p < 0.01


def test_the_differences_fit_80_columns_each_pair_named_once(toy):
    """Every cell whole at 80 columns: no value cut to an ellipsis, the pair above its measures."""
    from rich.console import Console

    from ludus.arena.lab_report import differences_table

    report = Lab(toy, {"edge": [0, 20], "colour": ["red", "blue"]}, specs=["random"], games=20, seed=2).run()
    console = Console(width=80, record=True, color_system=None)
    console.print(differences_table(report))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert "…" not in "\n".join(lines) and max(map(len, lines)) <= 80
    assert "edge: 0 → 20 · with colour=red" in lines and "colour: red → blue · with edge=20" in lines
    row = next(line for line in lines if line.split()[:4] == ["first", "to", "move", "wins"])
    assert row.split()[-1] in ("no", "significant") and "%" in row
    assert sum(line.startswith(" first to move wins") for line in lines) == len(
        {(c["option"], c["with"]) for c in report.comparisons})


# -- the command line ---------------------------------------------------------------------


def test_the_command_writes_the_report_and_resumes(run, toy, tmp_path):
    out = tmp_path / "lab"
    args = ("lab", toy, "--vary", "edge=0,20", "-n", "40", "--agents", "random", "--out", str(out))
    result = run(*args, "--seed", "3", "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert "Who wins" in result.output and "Differences" in result.output and "first to move wins" in result.output
    for name in ("results.json", "variants.csv", "comparisons.csv", "games.csv", "games.jsonl",
                 "seats.png", "lengths.png", "ends.png"):
        assert (out / name).exists(), name
    data = json.loads((out / "results.json").read_text())
    assert [v["label"] for v in data["variants"]] == ["edge=0", "edge=20"]
    assert data["tests"]["proportions"].startswith("two-proportion z-test")
    again = run(*args, "--backend", "pool")       # no --seed: the journal's
    assert again.exit_code == 0, again.output
    assert "All 80 games are in" in again.output and "nothing left to play" in again.output
    assert json.loads((out / "results.json").read_text()) == data


def test_without_matplotlib_the_plots_are_skipped_with_a_note(run, toy, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out = tmp_path / "lab"
    result = run("lab", toy, "--vary", "colour=red,blue", "-n", "4", "--seed", "1", "--agents", "random",
                 "--backend", "serial", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "skipped: matplotlib is not installed" in result.output
    assert (out / "results.json").exists() and not (out / "seats.png").exists()


@pytest.mark.parametrize(("args", "said"), [
    (("--vary", "edge=0,20", "--vary", "nope=1,2"), "lab-toy has no option nope; its options are: edge (0|5|20), "
                                                     "bell (25|50), colour (red|blue)"),
    (("--vary", "colour=red,green"), "option colour='green' is not accepted; colour takes one of: 'red', 'blue'"),
    (("--vary", "colour"), "is malformed; write it as option=value1,value2, e.g. --vary colour=red,blue"),
    (("--vary", "nope"), "is malformed; write it as option=value1,value2, e.g. --vary edge=0,5"),
    (("--vary", "edge=0,20", "-o", "bell"), "option 'bell' is malformed; write it as name=value, e.g. edge=5"),
    (("--vary", "edge=0,20", "--vary", "edge=5,20"), "--vary names 'edge' twice"),
    (("--vary", "edge=0,20", "-o", "edge=5"), "both varied and fixed"),
    ((), "at least one option to vary, e.g. --vary edge=0,5"),
    (("--vary", "edge=0,20", "--agents", "random,random,random"), "has 2 seats but 3 agents"),
])
def test_bad_vary_is_refused_naming_the_valid_ones_and_nothing_is_written(run, toy, tmp_path, args, said):
    out = tmp_path / "lab"
    result = run("lab", toy, *args, "--agents", "random", "--backend", "serial", "--out", str(out)) \
        if "--agents" not in args else run("lab", toy, *args, "--backend", "serial", "--out", str(out))
    assert result.exit_code == 2
    assert said in result.output
    assert not out.exists()


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_every_backend_gives_the_serial_report(backend):
    if backend == "ray":
        pytest.importorskip("ray", reason="ray is not installed (pip install -e '.[ray]')")
    lab = Lab("claim", {"dragon": ["last-card", "last-dragon"]}, specs=["heuristic", "random"], games=6, seed=8)
    with make_backend(backend, workers=2) as runner:
        assert lab.run(runner).to_dict() == lab.run().to_dict()


@pytest.mark.parametrize("args, shown", [
    (["caesar-cleopatra", "--vary", "edition=classic,2024", "--vary", "majority=rulebook,half", "-n", "4"],
     ["How games end", "every patrician", "Holm p"]),
    (["claim", "-o", "players=3", "--vary", "dragon=last-card,last-dragon", "--agents", "heuristic,random,random",
      "-n", "6"], ["dragon=last-card", "dragon=last-dragon", "random wins"]),
])
def test_the_report_fits_80_columns_without_cutting_anything(args, shown):
    """Caesar & Cleopatra's long reasons for ending and four variants, or three seats and a
    weaker agent beside long option values, on an 80-column screen: nothing is cut off with an
    ellipsis, every variant is named whole, and no line runs past 80."""
    result = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["lab", *args, "--seed", "3", "--backend", "serial"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert all(text in out for text in shown), out
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_plots_are_drawn_when_a_later_variant_has_more_seats(run, tmp_path):
    """players=2,3: the seats plot names the third seat, which only the second variant has."""
    pytest.importorskip("matplotlib")
    out = tmp_path / "lab"
    result = run("lab", "claim", "--vary", "players=2,3", "-n", "6", "--seed", "1", "--backend", "serial",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert all((out / name).exists() for name in ("seats.png", "lengths.png", "ends.png"))


def test_games_rounded_up_to_the_seat_rotations_are_said_so(run, toy):
    result = run("lab", toy, "--vary", "edge=0,20", "-n", "5", "--agents", "random", "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert "6 games each (rounded up from 5: every deal is played in every seat rotation)" in " ".join(
        result.output.split())


def test_a_seat_s_fair_share_is_its_side_s_with_partners():
    """4-player Claim: seats win with their partner, so a seat's fair share is one of two sides;
    the first mover's rate is compared only between variants with the same fair share."""
    report = Lab("claim", {"players": [2, 4]}, specs=["random"], games=4, seed=1).run()
    assert [v["fair_share"] for v in report.variants] == [0.5, 0.5]
    report = Lab("claim", {"players": [3, 4]}, specs=["random"], games=4, seed=1).run()
    assert [v["fair_share"] for v in report.variants] == [round(1 / 3, 4), 0.5]
    assert "first to move wins" not in {c["metric"] for c in report.comparisons}
