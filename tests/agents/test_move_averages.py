"""Move averages (``rollout=mast``): a rollout policy the search learns as it goes."""

from __future__ import annotations

import random

import pytest

import ludus
from ludus import agents
from ludus.agents.move_averages import MoveAverages
from ludus.core.errors import OptionError


def test_every_move_of_an_iteration_gets_its_seats_result():
    averages = MoveAverages(0.0, random.Random(1))
    averages.note(0, "a")
    averages.note(1, "x")
    averages.credit([1.0, -1.0])
    averages.note(0, "b")
    averages.credit([-1.0, 1.0])
    averages.note(0, "a")
    averages.credit([0.0, 0.0])
    assert averages.totals == {(0, "a"): 1.0, (1, "x"): -1.0, (0, "b"): -1.0}
    assert averages.counts == {(0, "a"): 2, (1, "x"): 1, (0, "b"): 1}
    assert averages.made == []


def test_a_rollout_plays_the_best_average_and_an_untried_move_counts_as_even():
    averages = MoveAverages(0.0, random.Random(2))
    for move, result in (("good", 1.0), ("bad", -1.0), ("meh", 0.5)):
        averages.note(0, move)
        averages.note(1, move)
        averages.credit([result, -result])
    assert {averages.choose(["bad", "good", "meh"], 0) for _ in range(20)} == {"good"}
    assert averages.choose(["bad", "new"], 0) == "new"
    assert averages.choose(["good", "bad"], 1) == "bad"        # seat 1's results are its own
    averages.made.clear()
    averages.choose(["meh", "bad"], 0)
    assert averages.made == [(0, "meh")]                       # the rollout's moves are credited too


def test_epsilon_is_how_often_a_rollout_plays_at_random():
    averages = MoveAverages(0.3, random.Random(3))
    averages.note(0, "good")
    averages.credit([1.0])
    picks = [averages.choose(["good", "b", "c", "d"], 0) for _ in range(4000)]
    share = picks.count("good") / len(picks)
    assert 0.7 + 0.3 / 4 - 0.03 < share < 0.7 + 0.3 / 4 + 0.03


def test_a_playout_asks_the_chooser_for_every_move():
    game = ludus.make("claim")
    state = game.new_state(4)
    state.stop_tracking()
    asked = []

    def first(legal, player):
        asked.append((player, list(legal)))
        return legal[0]

    state.playout(random.Random(1), choose=first)
    assert state.is_terminal
    assert [legal[0] for _, legal in asked] == state.history[-len(asked):]
    assert len(asked) >= 52


@pytest.mark.parametrize("game_id", ["claim", "seize-rome", "caesar-cleopatra"])
def test_a_mast_search_plays_a_legal_move_the_same_way_twice(game_id):
    game = ludus.make(game_id)
    state = game.new_state(5)
    bot = agents.make("random", game, seed=1)
    while len(state.legal_actions()) < 2:
        state.apply(bot.act(state.perspective(state.current_player)))
    view = state.perspective(state.current_player)
    moves = {agents.make("ismcts:iterations=80,rollout=mast,epsilon=0.3,seed=7", game).act(view) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(state.legal_actions())


@pytest.mark.parametrize("spec, words", [
    ("ismcts:epsilon=0.2", "with rollout=mast"), ("ismcts:rollout=heuristic,epsilon=0.2", "with rollout=mast"),
    ("ismcts:rollout=mast,epsilon=1.5", "from 0 to 1"), ("ismcts:rollout=mast,epsilon=-0.1", "from 0 to 1"),
    ("ismcts:rollout=mast,epsilon=lots", "epsilon=0.2"), ("ismcts:rollout=best", "random, heuristic or mast"),
])
def test_bad_mast_parameters_are_refused(spec, words):
    with pytest.raises(OptionError, match=words):
        agents.make(spec, ludus.make("claim"))


@pytest.mark.parametrize("game_id", ["claim", "seize-rome"])
def test_a_mast_search_credits_the_moves_it_made_in_the_tree(game_id, monkeypatch):
    """The root's moves are made in the tree, never in a rollout: that the averages hold them is
    what shows the tree's moves are credited, as MAST wants."""
    from ludus.agents import ismcts

    kept = []

    class Kept(MoveAverages):
        def __init__(self, *args):
            super().__init__(*args)
            kept.append(self)

    monkeypatch.setattr(ismcts, "MoveAverages", Kept)
    game = ludus.make(game_id)
    state = game.new_state(6)
    view = state.perspective(state.current_player)
    bot = agents.make("ismcts:iterations=60,rollout=mast,seed=1", game)
    bot.act(view)
    (averages,) = kept
    seat = state.current_player
    root_moves = {m for s, m in averages.counts if s == seat} & set(state.legal_actions())
    assert root_moves == set(state.legal_actions())
    assert sum(averages.counts[(seat, m)] for m in root_moves) >= 60
    assert bot._averages is None          # a search's averages end with it
