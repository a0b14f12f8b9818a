"""bench/vs_flat_mc.py, the flat Monte Carlo baseline ISMCTS is measured against: it plays legal
moves from the seat's own view, beats random play, and scores sides as the strength runs do."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import random
import sys

import ludus
from ludus.arena.journal import code_version

_PATH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "vs_flat_mc.py"
_spec = importlib.util.spec_from_file_location("vs_flat_mc", _PATH)
flat = importlib.util.module_from_spec(_spec)
sys.modules["vs_flat_mc"] = flat
_spec.loader.exec_module(flat)


def test_a_game_scores_one_half_or_nothing_for_the_ismcts_seat():
    assert flat.score({"returns": [1.0, -1.0], "ismcts_seat": 0}) == 1.0
    assert flat.score({"returns": [1.0, -1.0], "ismcts_seat": 1}) == 0.0
    assert flat.score({"returns": [0.5, 0.5, -1.0], "ismcts_seat": 1}) == 0.5


def test_flat_monte_carlo_plays_only_legal_moves_through_whole_games():
    for game_id in ("claim", "seize-rome", "caesar-cleopatra"):
        game = ludus.make(game_id)
        state = game.new_state(seed=4)
        agents = [flat.FlatMonteCarlo(game, seed=p, time_limit=0.002) for p in range(game.num_players)]
        while not state.is_terminal:
            p = state.current_player
            state.apply(agents[p].act(state.perspective(p)), player=p)   # refused if illegal


def test_flat_monte_carlo_beats_random_play():
    """A baseline worth measuring against: it must be a player, not a random mover (a flat
    Monte Carlo that ignored its averages would score about half)."""
    game = ludus.make("claim")
    wins = 0
    for seed in range(20):
        state = game.new_state(seed=seed)
        me = seed % 2
        agent, other = flat.FlatMonteCarlo(game, seed=seed, tries=60), random.Random(seed)
        while not state.is_terminal:
            p = state.current_player
            state.apply(agent.act(state.perspective(p)) if p == me else other.choice(state.legal_actions()))
        wins += flat.score({"returns": state.returns(), "ismcts_seat": me})
    assert wins >= 17       # 18 (deterministic: fixed tries); always the lowest card scores 13


def test_with_a_phase_the_baseline_moves_in_that_phase_only(monkeypatch):
    """--phase N: flat Monte Carlo plays its seat in phase N; ISMCTS plays it in the other."""
    seen = []
    act = flat.FlatMonteCarlo.act

    def noting(self, perspective):
        seen.append(perspective.observation["phase"])
        return act(self, perspective)

    monkeypatch.setattr(flat.FlatMonteCarlo, "act", noting)
    for phase in (1, 2):
        seen.clear()
        line = flat.play({"game": "claim", "options": {}, "seed": 3, "ismcts_seat": 0, "time": 0.002,
                          "phase": phase})
        assert seen and set(seen) == {phase}
        assert line["phase"] == phase                # logged, so a resumed run keeps it apart


def test_the_report_gives_each_seats_score_and_the_commits_that_played():
    lines = [{"returns": [1.0, -1.0], "ismcts_seat": 0, "code": "abc1234"},
             {"returns": [1.0, -1.0], "ismcts_seat": 1, "code": "abc1234"},
             {"returns": [0.0, 0.0], "ismcts_seat": 1}]           # logged before lines had a commit
    assert flat.report(lines, 3) == ["  played with: abc1234 (2 games), not recorded (1 games)",
                                     "  from seat 0: 100.0% of 1", "  from seat 1: 25.0% of 2"]


def test_a_run_logs_the_commit_of_each_game_and_resumes_past_it(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    args = ["seize-rome", "--time", "0.002", "-n", "2", "--log", str(log)]
    flat.main(args)
    lines = [json.loads(text) for text in log.read_text().splitlines()]
    assert len(lines) == 2 and all(line["code"] == code_version() for line in lines)
    assert "played with: " + code_version() + " (2 games)" in capsys.readouterr().out
    flat.main(args)                                   # nothing left to play: the log is kept as is
    assert len(log.read_text().splitlines()) == 2
