"""Agent spec strings, and how agents find their game's modules."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents import make
from ludus.agents.base import parse_spec
from ludus.core import registry


def test_a_level_may_come_with_parameters():
    assert parse_spec("ismcts:hard,seed=3") == ("ismcts", {"level": "hard", "seed": "3"})
    agent = make("ismcts:hard,seed=3", ludus.make("claim"))
    assert agent.time_limit == 1.0 and agent.seed == 3


def test_names_and_levels_are_case_blind():
    assert parse_spec(" ISMCTS:Hard ") == ("ismcts", {"level": "hard"})
    assert make("Ismcts:EASY", ludus.make("claim")).iterations == 200


@pytest.mark.parametrize("spec,hint", [
    ("ismcts:iterations=50,hard", "a level such as 'hard' comes first"),
    ("ismcts:hard,=3", "'=3' is not key=value"),
    ("random:seed", "random has no levels"),
    ("heuristic:blunder", "heuristic takes blunder=P and seed=N"),
    ("ismcts:iterations=5,iterations=6", "gives 'iterations' twice; give each parameter once"),
    ("ismcts:hard,level=easy", "gives 'level' twice"),
])
def test_malformed_specs_say_what_would_be_right(spec, hint):
    with pytest.raises(ludus.OptionError, match=hint):
        make(spec, ludus.make("claim"))


def test_unseeded_searches_differ_and_seeded_ones_agree():
    """Without a seed each ISMCTS agent searches with its own generator (as random and heuristic
    agents do); with one, two agents search alike."""
    game = ludus.make("claim")
    state = game.new_state(3)
    view = state.perspective(state.current_player)
    unseeded = {make("ismcts:iterations=10", game)._search_seed(view) for _ in range(4)}
    seeded = {make("ismcts:iterations=10,seed=8", game)._search_seed(view) for _ in range(4)}
    assert len(unseeded) == 4 and len(seeded) == 1


def test_a_game_declares_its_parts_and_a_misspelt_one_fails_where_it_is_declared():
    from ludus.core.parts import SearchHooks, TerminalFace

    game = ludus.make("claim")
    assert make("heuristic", game).__class__ is game.parts.heuristic
    assert game.parts.search.rollout_policy is not None and game.parts.terminal.narrate is not None
    with pytest.raises(TypeError, match="leaf_value"):
        SearchHooks(leaf_value=len)            # not leaf_values: refused at once, not ignored later
    with pytest.raises(TypeError):
        TerminalFace(render=print)             # narrate is required


def test_a_game_without_a_heuristic_says_so():
    from tests.cli import toy_game

    with pytest.raises(ludus.OptionError, match="has no heuristic agent"):
        make("heuristic", toy_game.Toy())


def test_a_game_of_another_package_is_found_by_its_entry_point(monkeypatch):
    import importlib.metadata

    class Point:        # as importlib.metadata lists it for [project.entry-points."ludus.games"]
        name, value = "toy", "tests.cli.toy_game:Toy"

    assert "toy" not in ludus.game_ids()
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group: [Point] if group == registry.ENTRY_POINTS else [])
    monkeypatch.setattr(registry, "_plugins", registry._plugins.__wrapped__)   # read anew
    assert "toy" in ludus.game_ids() and ludus.make("toy").id == "toy"
