"""The phase-two judge of the search's leaves (judge.py): where it reads, that it is fair to both
sides, that it sees an obvious edge, and that its weights can be fitted again."""

from __future__ import annotations

import random
import runpy
import sys
from pathlib import Path

import pytest

import ludus
from ludus.agents import make as make_agent
from ludus.games.claim import judge
from ludus.games.claim.cards import FACTIONS
from ludus.games.claim.heuristic import SEARCH_HOOKS, count_values, leaf_values
from ludus.games.claim.positions import play, position

SCRIPT = Path(__file__).parents[3] / "scripts" / "train_claim_judge.py"
LOW = ["gnomes 1", "gnomes 1", "gnomes 3", "giants 1", "giants 1", "giants 3", "dragons 0", "dragons 1",
       "trolls 0", "trolls 1", "seers 0", "seers 1", "seers 2"]
HIGH = ["gnomes 9", "gnomes 7", "gnomes 7", "giants 9", "giants 7", "giants 7", "dragons 9", "dragons 8",
        "trolls 9", "trolls 8", "seers 9", "seers 8", "seers 7"]


def test_one_row_of_weights_per_faction_and_feature():
    width = len(judge.features([], [], [], [], True, 0))
    assert len(judge.WEIGHTS) == len(FACTIONS) and all(len(row) == width for row in judge.WEIGHTS)


def test_it_reads_only_the_start_of_a_two_player_phase_two():
    """A random game passes the start once: at the first decision of phase 2 (K17), not before
    (phase 1) nor after the first card of phase 2; never with three or four players."""
    rng = random.Random(4)
    for players in (2, 3, 4):
        s = ludus.make("claim", players=players).new_state(seed=players)
        phases, read = [], []
        while not s.is_terminal:
            phases.append(s.phase)
            if judge.at_phase_two_start(s):
                read.append(len(phases) - 1)
            s.apply(rng.choice(s.legal_actions()))
        assert read == ([phases.index(2)] if players == 2 else [])


def test_the_sides_swapped_the_value_is_negated():
    """Every feature is a difference: the judge cannot favour a seat for its number."""
    rng = random.Random(2)
    for seed in range(20):
        s = ludus.make("claim").new_state(seed=seed)
        while s.phase == 1:
            s.apply(rng.choice(s.legal_actions()))
        assert judge.phase_two_value(s, 0) == pytest.approx(-judge.phase_two_value(s, 1))
        assert leaf_values(s) == pytest.approx([judge.phase_two_value(s, 0), judge.phase_two_value(s, 1)])
        for f in s.factions:
            one = judge.features(s.hands[0], s.hands[1], s.score[0], s.score[1], s.current_player == 0, f)
            two = judge.features(s.hands[1], s.hands[0], s.score[1], s.score[0], s.current_player == 1, f)
            assert one == [-v for v in two]


def test_the_high_cards_of_every_faction_are_judged_a_near_certain_win():
    s = position(phase=2, hands={0: HIGH, 1: LOW}, leader=1)
    assert judge.at_phase_two_start(s)
    assert all(p > 0.8 for p in judge.collect_chances(s, 0))
    assert judge.phase_two_value(s, 0) > 0.95 and judge.phase_two_value(s, 1) < -0.95
    play(s, "1: seers 0")                   # past the start: the old count of cards reads
    assert not judge.at_phase_two_start(s) and leaf_values(s) == count_values(s)


def test_a_search_rolls_out_to_the_judge_and_plays_a_whole_game():
    """The horizon: each rollout from phase 1 stops at the start of phase 2."""
    assert SEARCH_HOOKS.horizon(ludus.make("claim")) is judge.at_phase_two_start
    game = ludus.make("claim")
    s = game.new_state(seed=9)
    agents = [make_agent("ismcts:iterations=30,seed=1", game), make_agent("heuristic", game, seed=2)]
    while not s.is_terminal:
        s.apply(agents[s.current_player].act(s.perspective(s.current_player)), player=s.current_player)
    assert s.phase == 2 and len(s.returns()) == 2


def _reads(monkeypatch) -> dict:
    """Count the leaf readings of Claim's search: by the judge (each checked to be at a phase-2
    start) and by the count of cards."""
    import ludus.games.claim.heuristic as heuristic

    reads = {"judge": 0, "count": 0}
    judged, counted = heuristic.phase_two_value, heuristic.count_values

    def judge_read(w, side):
        assert judge.at_phase_two_start(w)
        reads["judge"] += 1
        return judged(w, side)

    def count_read(w):
        reads["count"] += 1
        return counted(w)

    monkeypatch.setattr(heuristic, "phase_two_value", judge_read)
    monkeypatch.setattr(heuristic, "count_values", count_read)
    return reads


@pytest.mark.parametrize(("spec", "judged", "counted"), [
    ("ismcts:iterations=60,seed=3", True, False),                  # every rollout to the judge
    ("ismcts:iterations=60,seed=3,depth=4", False, True),          # 4 steps come before phase 2
    ("ismcts:iterations=60,seed=3,horizon=off", False, False),     # to the end of the game
    ("ismcts:iterations=60,seed=3,horizon=off,depth=full", False, False),
])
def test_where_a_phase_one_search_reads_its_leaves(monkeypatch, spec, judged, counted):
    reads = _reads(monkeypatch)
    game = ludus.make("claim")
    s = game.new_state(seed=5)
    make_agent(spec, game).act(s.perspective(s.current_player))
    assert (reads["judge"] > 0, reads["count"] > 0) == (judged, counted), reads
    if judged:
        assert reads["judge"] >= 50            # nearly every iteration's rollout


@pytest.mark.parametrize("players", [3, 4])
def test_with_more_players_depth_is_honoured_and_rollouts_otherwise_end_the_game(monkeypatch, players):
    reads = _reads(monkeypatch)
    game = ludus.make("claim", players=players)
    s = game.new_state(seed=5)
    make_agent("ismcts:iterations=40,seed=3", game).act(s.perspective(s.current_player))
    assert reads == {"judge": 0, "count": 0}
    make_agent("ismcts:iterations=40,seed=3,depth=4", game).act(s.perspective(s.current_player))
    assert reads["judge"] == 0 and reads["count"] == 40


def test_the_search_stops_at_the_horizon_unless_told_not_to():
    assert make_agent("ismcts", ludus.make("claim")).horizon is judge.at_phase_two_start
    assert make_agent("ismcts:horizon=off", ludus.make("claim")).horizon is None
    for players in (3, 4):       # no judge: rollouts run on in one go, with no test at every step
        assert make_agent("ismcts", ludus.make("claim", players=players)).horizon is None
    with pytest.raises(ludus.OptionError, match="horizon='sometimes' .* is not on or off"):
        make_agent("ismcts:horizon=sometimes", ludus.make("claim"))


def test_the_training_script_fits_weights_that_name_winners(capsys, monkeypatch):
    pytest.importorskip("numpy")
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), "--games", "600", "--workers", "1", "--check"])
    monkeypatch.setattr(judge, "WEIGHTS", judge.WEIGHTS)         # the script swaps in its fit
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(SCRIPT), run_name="__main__")
    assert done.value.code == 0
    said = capsys.readouterr().out
    judged = float(said.split("the judge names the winner of ")[1].split("%")[0])
    playout = float(said.split("one random playout names the winner of ")[1].split("%")[0])
    assert judged > playout and "wrote" not in said
