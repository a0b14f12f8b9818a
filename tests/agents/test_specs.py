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
    ("random:seed", "takes no parameters level"),
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


class _Game:
    id = "claim"


def test_a_game_module_that_is_missing_is_none_and_a_broken_one_raises(monkeypatch):
    assert registry.game_module(_Game, "no_such_part") is None
    assert registry.game_module(_Game, "heuristic").__name__ == "ludus.games.claim.heuristic"

    def broken(name):
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")   # an import inside the module

    monkeypatch.setattr(registry.importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError, match="numpy"):
        registry.game_module(_Game, "heuristic")
