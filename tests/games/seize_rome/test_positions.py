"""The position helper itself (ludus.games.seize_rome.positions)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import ludus

from ..common import check_in_play
from .helpers import area, canon, card, cards, check_consistent, hand, play, position, region


def _positions():
    yield position()
    yield position(3, hands={0: ["red 5", "wild"], 2: []}, board={"red": {1: ["red 1", "wild"]}},
                   controllers={"blue": 2}, round=3, to_move=1, quiet=2, bonus_drawn={2: 1}, seed=3)
    yield position(4, regions=3, wilds=12, hands={q: ["wild"] * 2 for q in range(4)}, round_starter="rotate")
    yield position(hands={0: ["green 1"], 1: ["red 5", "yellow 1"]}, pile=["blue 3", "wild"], pile_unseen=0,
                   from_bottom={1: ["red 5"]}, round=2, discard=["green 6"], played_cards="discard")
    yield position(deck_out_ends_round="false", voluntary_pass="true", hands={0: [], 1: ["red 2"]}, pile=[],
                   board={"blue": {0: ["blue 2"]}})
    yield position(2, regions=8, wild_value=3, tie="clear", control="per-round", exhaustion="most-regions",
                   max_rounds=10, round=9, controllers={"black": 1, "white": 1}, regions_to_win=5)


@pytest.mark.parametrize("index", range(6))
def test_positions_are_consistent_and_stay_so_in_play(index):
    """Conservation and sound knowledge at the start and along random continuations to the end;
    resampled worlds look the same to the seat they were drawn for and are consistent too."""
    check_in_play(list(_positions())[index], check_consistent, every=7)


def test_unspecified_cards_fill_the_hands_left_out_and_the_pile():
    s = position(hands={0: ["red 1", "red 2"]}, seed=7)
    assert s.observe(None)["hand_sizes"] == [2, 5] and len(s.pile) == 36 - 7 and s.discard == []
    assert s.pile_unseen == len(s.pile) and s.current_player == 0 and s.round == 1
    assert position(hands={0: ["red 1"]}, seed=7).zones() == position(hands={0: ["red 1"]}, seed=7).zones()
    assert position(hands={0: ["red 1"]}, seed=1).zones() != position(hands={0: ["red 1"]}, seed=2).zones()


def test_a_given_pile_is_the_pile_exactly_and_the_rest_goes_to_the_discard():
    s = position(hands={0: ["red 1"], 1: []}, pile=["blue 1", "wild"], discard=["green 6"])
    assert s.zones()["pile"] == ["blue 1", "wild"] and s.zones()["discard"][0] == "green 6"
    assert len(s.discard) == 36 - 3 and s.game.options.played_cards == "bottom"


def test_cards_are_written_as_in_the_notation():
    assert card("red 5") == 4 and card("wild") == 48 and card("Blu 1") == 6 and card(17) == 17
    assert cards("red 5, wild") == [4, 48] and cards(None) == [] and cards(["yellow 6"]) == [23]
    assert region("green") == 2 and region("bla") == 7 and region(3) == 3
    for bad in ("red 7", "play draw", "pink 1", "draw"):
        with pytest.raises(ValueError):
            card(bad)
    with pytest.raises(ValueError, match="not a region"):
        region("b")


def test_the_options_reach_the_game():
    s = position(4, regions=6, wilds=3, wild_value=2, first_player=2, round_starter="rotate", tie="clear",
                 voluntary_pass="true", played_cards="discard", regions_to_win=2, exhaustion="most-regions")
    assert s.game.options.regions == 6 and s.regions == 6 and s.wild_value == 2 and s.tie_clears
    assert s.current_player == 2 == s.observe(None)["starter"] and s.to_win == 2 and not s.round_fixed
    assert s.voluntary_pass and not s.to_bottom and s.exhaustion_most
    assert Counter(c for cs in s.zones().values() for c in cs)["wild"] == 3


def test_the_board_and_control_are_public_the_knowledge_sound():
    s = position(3, board={"red": {0: ["red 2"], 2: ["wild", "red 6"]}}, controllers={"green": 1}, round=2)
    assert area(s, "red")["face_down"] == [1, 0, 2] and area(s, "green")["controller"] == 1
    assert area(s, "red", 2)["yours"] == ["red 6", "wild"] and "red 2" not in hand(s, 0)


def test_play_checks_the_seat_when_named():
    s = position(hands={0: ["red 3"], 1: ["blue 5"]})
    with pytest.raises(ludus.IllegalAction, match="not seat 1's turn"):
        play(s, "1: play blue 5")
    events = play(s, "0: play red 3; 1: play blue 5")
    assert [type(e).__name__ for e in events] == ["CardPlayed", "CardPlayed"]


@pytest.mark.parametrize("kwargs, match", [
    ({"hands": {0: ["red 1", "red 1"]}}, "red 1 for seat 0's hand: that card is used up"),
    ({"hands": {0: ["wild"] * 7}}, "all 6 wilds are used"),
    ({"hands": {0: ["white 1"]}}, "white is not in play"),
    ({"board": {"red": {0: ["blue 1"]}}}, "blue 1 cannot lie in the red region"),
    ({"board": {"white": {0: ["wild"]}}}, "white is not in play"),
    ({"board": {"red": {3: ["red 1"]}}}, "not seats"),
    ({"hands": {2: []}}, "not seats"),
    ({"hands": ["red 1"]}, "a dict"),
    ({"controllers": {"red": 2}}, "not a seat"),
    ({"controllers": {"red": 0, "blue": 0, "green": 0, "yellow": 0}}, "enough to win"),
    ({"quiet": 2}, "quiet=2"),
    ({"to_move": 2}, "to_move=2 is not a seat"),
    ({"round": 0}, "rounds run from 1"),
    ({"round": 31}, "rounds run from 1"),
    ({"pile": []}, "the pile is never empty"),
    ({"pile": ["red 1"], "pile_unseen": 2}, "the pile holds 1 cards"),
    ({"pile": ["red 1"], "pile_unseen": 1, "from_bottom": {1: ["red 2"]}}, "only once the unseen top is gone"),
    ({"hands": {1: ["red 3"]}, "from_bottom": {1: ["red 2"]}, "pile_unseen": 0}, "does not hold"),
    ({"bonus_drawn": {0: -1}}, "bonus_drawn counts cards"),
    ({"hands": {0: ["red 8"]}}, "not a card"),
])
def test_impossible_descriptions_are_refused(kwargs, match):
    with pytest.raises(ValueError, match=match):
        position(**kwargs)


def test_a_bad_option_is_an_option_error():
    with pytest.raises(ludus.OptionError):
        position(tie="split")
    with pytest.raises(ludus.OptionError, match="too small"):
        position(4, regions=3, wilds=0)


def test_trusted_play_reaches_the_same_states_as_checked_play():
    """``apply_trusted`` builds no events; the rules must not depend on them."""
    for index, start in enumerate(_positions()):
        checked, trusted = start.clone(), start.clone()
        rng = random.Random(index)
        while not checked.is_terminal:
            action = rng.choice(checked.legal_actions())
            checked.apply(action)
            trusted.apply_trusted(action)
            assert checked.zones() == trusted.zones()
            assert canon(checked.observe(None)) == canon(trusted.observe(None))
        assert trusted.is_terminal and checked.returns() == trusted.returns()
