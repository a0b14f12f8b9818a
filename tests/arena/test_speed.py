"""``ludus.arena.speed`` and ``ludus bench``: what is counted is the work really done (tiny
budgets; speed itself is measured in bench/, never asserted)."""

from __future__ import annotations

import random

import pytest

import ludus
from ludus.arena.speed import playout_rate, random_playout, search_positions, search_rate


@pytest.mark.parametrize("game_id", ludus.game_ids())
def test_a_random_playout_counts_the_decisions_of_a_whole_game(game_id):
    game = ludus.make(game_id)
    decisions = random_playout(game, random.Random(5))
    rng = random.Random(5)                   # the same game, move by move
    state = game.new_state(seed=rng.getrandbits(31))
    moves = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    assert decisions == moves > 0
    assert random_playout(game, random.Random(5), validate=True) == moves
    assert random_playout(game, random.Random(5), search=True) == moves


def test_playout_rate_plays_whole_games_until_the_budget():
    rate = playout_rate(ludus.make("claim"), seconds=0.05)
    assert rate.runs >= 1 and rate.work >= 26 * rate.runs   # a 2-player Claim game: 26 tricks, 2 cards each
    assert rate.seconds >= 0.05 and rate.per_s == rate.work / rate.seconds


def test_search_rate_searches_each_position_once_and_counts_real_iterations():
    game = ludus.make("seize-rome")
    states = search_positions(game, games=1, every=6)
    assert states and all(len(s.legal_actions()) > 1 for s in states)
    rate = search_rate(game, "ismcts:iterations=40,seed=1", states)
    assert rate.runs == len(states)
    assert 16 * len(states) <= rate.work <= 40 * len(states)   # a search may stop once its choice is settled
    again = search_rate(game, "ismcts:iterations=40,seed=1", states[:3], seconds=0.05)
    assert again.runs >= 3 and again.runs % 3 == 0 and again.seconds >= 0.05     # whole rounds


def test_search_rate_is_none_for_a_search_the_game_cannot_run():
    game = ludus.make("caesar-cleopatra")                       # no heuristic rollout policy
    assert search_rate(game, "ismcts:iterations=10,rollout=heuristic", search_positions(game)) is None


def test_bench_command_measures_every_game_asked(run):
    result = run("bench", "claim", "-o", "players=3", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    assert "claim" in result.output and "players=3" in result.output and "iterations/s" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (("claim", "seize-rome", "-o", "players=3"), "name exactly one GAME"),
    (("-o", "players=3"), "name exactly one GAME"),
    (("poker",), "unknown game 'poker'"),
    (("claim", "-o", "players=9"), "players takes one of: 2, 3, 4"),
    (("claim", "--seconds", "0"), "--seconds"),
])
def test_bench_command_refuses_bad_input(run, args, message):
    result = run("bench", *args)
    assert result.exit_code == 2 and message in result.output
