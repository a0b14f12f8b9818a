"""Reviewing a saved game: each of a seat's decisions searched from that seat's view."""

from __future__ import annotations

import json
import re

import pytest

import ludus
from ludus import OptionError, RecordError
from ludus.agents import make
from ludus.arena import play_game
from ludus.arena.review import review_game

JUDGE = "ismcts:iterations=60,seed=1"


def _record(game_id: str, specs: list[str], seed: int = 4, **options) -> dict:
    game = ludus.make(game_id, **options)
    return play_game(game, [make(s, game, seed=i) for i, s in enumerate(specs)], seed).record()


@pytest.mark.parametrize("game_id", ["caesar-cleopatra", "claim", "seize-rome"])
def test_a_game_played_by_the_judge_itself_is_all_agreement(game_id):
    """The same deterministic search from the same view picks the same move: a review of its own
    games agrees everywhere, which shows each decision is searched from the seat's view then."""
    record = _record(game_id, [JUDGE, "random"])
    reviews = list(review_game(record, 0, JUDGE))
    assert reviews and all(r.agrees and not r.far_behind for r in reviews)
    assert any(r.searched for r in reviews)


def test_every_decision_with_a_choice_is_reviewed_once_in_order():
    record = _record("claim", ["random", "heuristic"])
    state = ludus.make("claim").new_state(seed=record["seed"])
    choices = []
    for i, text in enumerate(record["actions"]):
        if state.current_player == 1 and len(state.legal_actions()) > 1:
            choices.append((i, text, len(state.legal_actions())))
        state.apply(state.game.parse_action(text))
    seen = []
    reviews = list(review_game(record, 1, JUDGE, on_position=lambda k, n: seen.append((k, n))))
    assert [(r.decision, str(r.played), r.choices) for r in reviews] == choices
    assert seen == [(k, len(choices)) for k in range(len(choices))]
    assert all(r.searched and -1 <= r.best_value <= 1 and r.best_visits >= r.played_visits >= 1 for r in reviews)
    assert any(not r.agrees for r in reviews)


def test_a_move_is_far_behind_only_when_the_search_tried_its_choice_four_times_as_often():
    from ludus.arena.review import Review

    def review(played: int, best: int, same: bool = False) -> Review:
        return Review(0, 40, 1000, "a", 0.0, played, "a" if same else "b", 0.1, best)

    assert review(12, 48).far_behind and not review(13, 48).far_behind     # 48 = 4 x 12
    assert not review(38, 38).far_behind                                   # a tie on visits is no verdict
    assert not review(100, 100, same=True).far_behind
    assert not Review(0, 10, 0, "a", None, 0, "b", None, 0).far_behind     # by rule: not searched


def test_a_move_the_search_values_as_its_own_is_no_disagreement():
    from ludus.arena.review import Review

    won = Review(0, 5, 1000, "a", 1.0, 20, "b", 1.0, 900)        # both +1.00: a won position
    assert won.agrees and not won.far_behind
    assert Review(0, 5, 1000, "a", 0.996, 20, "b", 0.999, 900).agrees   # equal as shown
    assert not Review(0, 5, 1000, "a", 0.40, 20, "b", 0.55, 900).agrees


def test_moves_the_game_makes_by_rule_are_marked_not_searched():
    """Caesar & Cleopatra's search arranges the action pile by a rule: those decisions carry the
    rule's move and no values, and the first placement after them is searched."""
    record = _record("caesar-cleopatra", ["random", "random"])
    reviews = list(review_game(record, 0, JUDGE))
    by_rule = [r for r in reviews if not r.searched]
    assert by_rule and all(str(r.played).startswith("arrange") for r in by_rule)
    assert all(r.played_value is None and r.best_value is None and r.iterations == 0 for r in by_rule)
    assert reviews[len(by_rule)].searched


@pytest.mark.parametrize(("seat", "spec", "message"), [
    (2, JUDGE, "has seats 0 to 1, not 2"),
    (0, "heuristic", "a review needs a searching agent"),
    (0, "ismcts:depth=-1", "depth must be 0 or more"),
])
def test_bad_input_is_refused_before_any_search(seat, spec, message):
    with pytest.raises(OptionError, match=message):
        review_game(_record("claim", ["random", "random"]), seat, spec)


def test_a_tampered_record_is_refused():
    record = _record("claim", ["random", "random"])
    record["actions"][3] = "smash 7"
    with pytest.raises(RecordError):
        review_game(record, 0, JUDGE)


def test_review_command(run, tmp_path):
    path = tmp_path / "game.json"
    record = _record("claim", ["heuristic", "random"])
    path.write_text(json.dumps(record))
    result = run("review", str(path), "--seat", "1", "--agent", JUDGE)
    assert result.exit_code == 0, result.output
    assert "Seat 1: " in result.output and "The search agreed with" in result.output
    assert "Phase 1 · trick" in result.output and "the same" not in result.output      # disagreements only
    every = run("review", str(path), "--seat", "1", "--agent", JUDGE, "--all")
    assert every.output.count("the same") == int(re.search(r"agreed with (\d+) of", every.output).group(1))
    refused = run("review", str(path), "--seat", "0", "--agent", "random")
    assert refused.exit_code == 2 and "a review needs a searching agent" in refused.output


def test_review_command_by_seat_name_with_rule_made_moves(run, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record("caesar-cleopatra", ["random", "random"])))
    result = run("review", str(path), "--seat", "cleopatra", "--agent", JUDGE, "--all")
    assert result.exit_code == 0, result.output
    assert "Cleopatra: " in result.output and "Turn 1 · Cleopatra" in result.output
    # Cleopatra also decides in Caesar's turns (a veto, a draw): those rows carry his name, as in replay
    assert re.search(r"Turn \d+ · Caesar", result.output)
    assert re.search(r"arrange \w+ \(by rule\) +not searched", result.output) and "by a rule" in result.output


def test_review_command_on_a_record_cut_short_with_nothing_to_review(run, tmp_path):
    record = _record("claim", ["random", "random"])
    record["actions"] = record["actions"][:1]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(record))
    seat = 1 - ludus.make("claim").new_state(seed=record["seed"]).current_player     # the seat that did not move
    result = run("review", str(path), "--seat", str(seat), "--agent", JUDGE)
    assert result.exit_code == 0, result.output
    assert "0 decisions with a choice" in result.output and "Nothing to review" in result.output
    assert "The record ends before the game does." in result.output


def test_review_command_where_every_decision_is_made_by_rule_says_there_is_nothing_to_judge(run, tmp_path):
    """Caesar & Cleopatra's arrangement is all a seat decides early on: the summary counts those
    decisions as made by rule and says nothing was judged, not that N decisions were and weren't."""
    record = _record("caesar-cleopatra", ["random", "random"])
    record["actions"] = record["actions"][:20]
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(record))
    result = run("review", str(path), "--seat", "0", "--agent", JUDGE)
    assert result.exit_code == 0, result.output
    assert re.search(r"Cleopatra: 10 decisions with a choice, all made by rule · judge", result.output)
    assert "Nothing to judge: the game's search makes them by a rule" in result.output
    assert "--all lists them" in result.output
    assert "The search agreed" not in result.output and "not reviewed" not in result.output
    mixed = _record("caesar-cleopatra", ["random", "random"])
    path.write_text(json.dumps(mixed))
    result = run("review", str(path), "--seat", "0", "--agent", JUDGE)
    assert re.search(r"decisions with a choice, \d+ made by rule · judge", result.output)
    assert re.search(r"No verdict on the \d+ decisions made by rule", result.output)


def test_ctrl_c_during_a_review_keeps_the_decisions_reviewed_so_far(run, tmp_path, monkeypatch):
    from ludus.agents.ismcts import ISMCTSAgent

    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record("claim", ["random", "random"])))
    searched = ISMCTSAgent.analyse
    calls = []

    def then_stop(self, perspective):
        calls.append(1)
        if len(calls) > 3:
            raise KeyboardInterrupt
        return searched(self, perspective)

    monkeypatch.setattr(ISMCTSAgent, "analyse", then_stop)
    result = run("review", str(path), "--seat", "0", "--agent", JUDGE, "--all")
    assert result.exit_code == 130
    assert re.search(r"3 of \d+ decisions with a choice reviewed", result.output)
    assert "reviewed so far" in result.output
    calls.clear()
    calls.extend([1, 1, 1])                                    # the next search stops at once
    first = run("review", str(path), "--seat", "0", "--agent", JUDGE)
    assert first.exit_code == 130 and re.search(r"0 of \d+ decisions with a choice reviewed", first.output)
    assert "Nothing to review" not in first.output


def test_a_judge_given_without_a_seed_gives_the_same_review_every_time():
    record = _record("claim", ["random", "random"])
    first, second = (list(review_game(record, 0, "ismcts:iterations=40")) for _ in range(2))
    assert [(r.best, r.agrees) for r in first] == [(r.best, r.agrees) for r in second]
    same = list(review_game(record, 0, "ismcts:iterations=40,seed=1"))      # seed 1 is what it stands for
    assert [(r.best, r.agrees) for r in first] == [(r.best, r.agrees) for r in same]
