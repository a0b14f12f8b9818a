"""Reviewing a saved game: each of a seat's decisions searched from that seat's view."""

from __future__ import annotations

import json

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
    assert reviews and all(r.agrees and r.gap == 0 for r in reviews)


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
    assert all(-1 <= r.best_value <= 1 and r.gap >= 0 for r in reviews)
    assert any(not r.agrees for r in reviews)


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
    path.write_text(json.dumps(_record("claim", ["heuristic", "random"])))
    result = run("review", str(path), "--seat", "1", "--agent", JUDGE)
    assert result.exit_code == 0, result.output
    assert "The search agreed with" in result.output and "phase 1 · trick" in result.output
    refused = run("review", str(path), "--seat", "0", "--agent", "random")
    assert refused.exit_code == 2 and "a review needs a searching agent" in refused.output
