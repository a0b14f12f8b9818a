"""The named levels (beginner … master) and the heuristic's blunder dial the weak ones are made of."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import pytest

import ludus
from ludus.agents import BlunderingAgent, make
from ludus.agents.levels import LEVEL_NAMES
from ludus.arena import Tournament
from ludus.arena.backends import LocalBackend
from ludus.core.parts import Parts

LADDER = dict(zip(LEVEL_NAMES, ["random", "heuristic:blunder=0.5", "heuristic", "ismcts:iterations=20",
                                "ismcts:iterations=80"], strict=True))


@pytest.fixture
def claim(monkeypatch):
    """Claim declaring a ladder of the test's own, so these tests do not hang on the calibrated one."""
    game = ludus.make("claim")
    monkeypatch.setattr(type(game), "parts", dataclasses.replace(game.parts, levels=LADDER))
    return game


def test_a_level_is_the_spec_its_game_declares(claim):
    assert isinstance(make("beginner", claim), ludus.agents.RandomAgent)
    casual = make("Casual", claim)
    assert isinstance(casual, BlunderingAgent) and casual.rate == 0.5
    assert make("master:seed=4", claim).iterations == 80 and make("master:seed=4", claim).seed == 4


def test_a_level_takes_only_a_seed_and_says_what_it_is(claim):
    with pytest.raises(ludus.OptionError, match="'ismcts:iterations=80', which you may give with your changes"):
        make("master:iterations=5", claim)


def test_a_game_without_levels_names_what_to_choose_instead():
    from tests.cli import toy_game

    with pytest.raises(ludus.OptionError, match="has no calibrated levels .* choose random, heuristic or ismcts"):
        make("club", toy_game.Toy())


def test_a_game_declares_the_five_levels_in_order_or_none():
    assert Parts().levels == {}
    with pytest.raises(ValueError, match="beginner, casual, club, strong, master, in this order"):
        Parts(levels={"club": "heuristic"})
    with pytest.raises(ValueError, match="in this order"):
        Parts(levels=dict(reversed(LADDER.items())))


def _decisions(game, count: int):
    """Perspectives of the seat to move along random games: positions with a real choice."""
    rng = random.Random(5)
    out = []
    seed = 0
    while len(out) < count:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_terminal and len(out) < count:
            p = state.current_player
            if len(state.legal_actions()) > 1:
                out.append(state.perspective(p))
            state.apply_trusted(rng.choice(state.legal_actions()))
    return out


def test_blunder_zero_is_the_heuristic_itself():
    game = ludus.make("seize-rome")
    for view in _decisions(game, 40):
        assert make("heuristic:blunder=0,seed=3", game).act(view) == make("heuristic:seed=3", game).act(view)


def test_blunder_one_plays_every_legal_move_alike():
    game = ludus.make("claim")
    view = _decisions(game, 1)[0]
    legal = view.legal_actions()
    counts = Counter(make(f"heuristic:blunder=1,seed={s}", game).act(view) for s in range(3000))
    assert set(counts) == set(legal)
    expected = 3000 / len(legal)
    assert all(abs(n - expected) < 5 * expected ** 0.5 for n in counts.values()), counts


def test_blunder_rate_is_the_share_of_random_moves():
    """At rate 0.3 a move is the heuristic's unless the coin (3 in 10) says random, and a random
    move is the heuristic's 1 time in k: the share of moves that agree is 0.7 + 0.3·E[1/k]."""
    game = ludus.make("claim")
    views = _decisions(game, 600)
    agree = expected = 0.0
    for i, view in enumerate(views):
        mine = make(f"heuristic:seed={i}", game).act(view)
        agree += make(f"heuristic:blunder=0.3,seed={i}", game).act(view) == mine
        expected += 0.7 + 0.3 / len(view.legal_actions())
    spread = (0.3 * 0.7 * len(views)) ** 0.5
    assert abs(agree - expected) < 4 * spread, (agree, expected)


@pytest.mark.parametrize("spec,message", [
    ("heuristic:blunder=1.5", "is not a chance from 0 to 1"),
    ("heuristic:blunder=-0.1", "is not a chance from 0 to 1"),
    ("heuristic:blunder=often", "is not a chance from 0 to 1, e.g. blunder=0.3"),
    ("heuristic:blunder=0.2,depth=3", "heuristic takes blunder=P and seed=N, not depth"),
    ("random:blunder=0.2", "takes no parameters blunder"),
])
def test_a_bad_blunder_says_what_would_be_right(spec, message):
    with pytest.raises(ludus.OptionError, match=message):
        make(spec, ludus.make("claim"))


# -- the calibrated ladders ---------------------------------------------------------------------

# Games a neighbouring pair plays: deals from both seats, fixed seeds, so each check is
# deterministic. Enough that a level within its calibrated distance of the next (about two
# thirds of the points expected) falls to half or below less than one time in a hundred; where
# the upper level's games are slow (Caesar & Cleopatra's master: some 13 CPU s a game) fewer,
# the distance there being larger.
GAMES_A_PAIR = {("caesar-cleopatra", "master"): 24}


def _pairs():
    for game_id in ludus.game_ids():
        if ludus.make(game_id).parts.levels:
            for lower, upper in itertools.pairwise(LEVEL_NAMES):
                yield pytest.param(game_id, lower, upper, id=f"{game_id}-{lower}-{upper}")


@pytest.mark.parametrize("game_id,lower,upper", list(_pairs()))
def test_neighbouring_levels_keep_their_order(game_id, lower, upper):
    """Each level beats the one below it: a change to the heuristic, the search or a game's rules
    that swaps two neighbours fails here, on a small budget, before a recalibration would show it."""
    games = GAMES_A_PAIR.get((game_id, upper), 40)
    result = Tournament(game_id, [lower, upper], games=games, seed=2026).run(LocalBackend(2))
    score = result.score_rate(1, 0)
    assert score > 0.5, f"{game_id}: {upper} scored {score:.0%} of {games} games against {lower}"
