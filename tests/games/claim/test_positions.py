"""The position helper itself (ludus.games.claim.positions)."""

from __future__ import annotations

import json
import random

import pytest

import ludus

from ..common import check_in_play
from .helpers import check_consistent, play, position, seat


def _positions():
    yield position()
    yield position(hands={0: ["gnomes 5", "trolls 2"], 1: ["dragons 1", "seers 8"]},
                   prizes=["giants 9"], deck=["seers 0", "trolls 4", "gnomes 3"], leader=1, seed=3)
    yield position(factions="claim", hands={0: ["goblins 3", "undead 1"], 1: ["undead 4", "dwarves 1", "dwarves 2"]},
                   trick=[(0, "goblins 9")], followers={0: ["knights 2"], 1: ["goblins 0"]},
                   known={1: ["goblins 0"]}, score={0: ["undead 9"]})
    yield position(3, hands={2: ["trolls 1", "undead 3", "gnomes 5", "dragons 2"]}, leader=1,
                   trick=[(1, "dwarves 3")], voids={0: "dwarves"}, dragon="last-dragon")
    yield position(4, phase=2, hands={0: ["giants 5", "gnomes 1"], 1: ["undead 1", "trolls 2"]},
                   gnomes={1: ["gnomes 5"], 3: ["gnomes 5", "gnomes 1"]}, trolls_waiting=["trolls 3"],
                   score={2: ["dwarves 4"]}, removed=["gnomes 7"])
    yield position(phase=2, factions="knights,goblins,dragons,trolls,seers", trick=[(1, "goblins 2")],
                   hands={0: ["knights 4", "dragons 3"], 1: ["seers 9"]}, voids={0: ["goblins"]},
                   known={0: ["knights 4"]}, peeked={(1, 0): ["dragons 3"]}, leader=1)


@pytest.mark.parametrize("index", range(6))
def test_positions_are_consistent_and_stay_so_in_play(index):
    """Conservation and sound knowledge at the start and along random continuations to the end;
    resampled worlds look the same to the seat they were drawn for."""
    check_in_play(list(_positions())[index], check_consistent, every=5)


def test_unspecified_cards_fill_the_zones_left_open_and_the_rest_is_discarded():
    s = position(hands={0: ["gnomes 5", "trolls 2", "dragons 0"]}, seed=7)
    obs = s.observe(None)
    assert [x["hand_size"] for x in obs["seats"]] == [3, 3]
    assert len(obs["prizes"]) == 1 and obs["deck_size"] == 5
    assert len(s.discard) == 52 - 6 - 6
    assert seat(s, 0, 0)["hand"] == ["gnomes 5", "dragons 0", "trolls 2"]
    assert position(hands={0: ["gnomes 5"]}, seed=7).zones() == position(hands={0: ["gnomes 5"]}, seed=7).zones()
    assert position(hands={0: ["gnomes 5"]}, seed=1).zones() != position(hands={0: ["gnomes 5"]}, seed=2).zones()


def test_a_trick_in_progress_sets_the_seat_to_move_and_the_voids_it_shows():
    s = position(3, hands={0: ["trolls 1", "undead 3"], 2: ["dragons 1"]}, leader=1,
                 trick=[(1, "dwarves 3"), (2, "gnomes 3")])
    assert s.current_player == 0 and s.observe(None)["leader"] == 1
    assert seat(s, 2)["lacks"] == ["dwarves"] and seat(s, 1)["hand_size"] == 1
    assert [t["card"] for t in s.observe(None)["trick"]] == ["dwarves 3", "gnomes 3"]
    play(s, "0: trolls 1")
    assert s.observe(None)["step"] == "choose-prize"


def test_without_hands_a_full_deal():
    for players, h, deck in ((2, 13, 25), (3, 12, 34), (4, 9, 34)):
        s = position(players)
        obs = s.observe(None)
        assert [x["hand_size"] for x in obs["seats"]] == [h] * players and obs["deck_size"] == deck
        assert s.discard == []
    s = position(3, phase=2, hand_size=4)
    assert [len(x) for x in s.hands] == [4, 4, 4] and len(s.discard) == 72 - 12


def test_the_options_reach_the_game():
    s = position(4, dragon="last-dragon", factions="default", first_leader=2)
    assert s.game.options.dragon == "last-dragon" and s.game.options.first_leader == "2"
    assert not s.dragon_last_card and s.game.num_players == 4


@pytest.mark.parametrize("kwargs, match", [
    ({"hands": {0: ["goblins 3"]}}, "goblins 3 for seat 0's hand: that card is not in this deck"),
    ({"hands": {0: ["dragons 3", "dragons 3"]}}, "dragons 3 for seat 0's hand: that card is used up"),
    ({"hands": {0: ["dragons 3"], 1: ["dragons 4", "dragons 5"]}}, "every hand holds the same number"),
    ({"hands": {0: ["dragons 3"]}, "deck": ["trolls 1", "trolls 2"]}, r"the deck holds 2 x 1 - 1 = 1 cards"),
    ({"hands": {0: ["dragons 3"]}, "prizes": ["trolls 1", "trolls 2"]}, "1 face-up prize"),
    ({"hands": {0: ["dragons 3"]}, "score": {0: ["trolls 1"]}}, "only Undead"),
    ({"hands": {0: ["dragons 3"]}, "gnomes": {0: ["gnomes 1"]}}, "only in phase 2"),
    ({"hands": {0: ["dragons 3"]}, "phase": 2, "deck": ["trolls 1"]}, "only in phase 1"),
    ({"hands": {0: ["dragons 3"]}, "phase": 2, "gnomes": {0: ["trolls 1"]}}, "only Gnomes"),
    ({"hands": {0: ["dragons 3"]}, "phase": 2, "trolls_waiting": ["gnomes 1"]}, "only Trolls wait"),
    ({"hands": {0: ["dragons 3"]}, "followers": {0: ["trolls 1"], 1: []}}, "follower piles are of one size"),
    ({"hands": {0: ["dragons 3"]}, "voids": {0: "dragons"}}, "seat 0 has shown it lacks dragons"),
    ({"hands": {0: ["dragons 3"], 1: ["trolls 2"]}, "trick": [(0, "dragons 4")]}, "every hand holds"),
    ({"hands": {1: ["dragons 3"]}, "trick": [(0, "dragons 4"), (1, "trolls 4")]}, "fewer than 2 cards"),
    ({"players": 3, "hands": {1: ["trolls 1"]}, "trick": [(0, "trolls 4"), (1, "dragons 5")]},
     "seat 1 has shown it lacks trolls but holds trolls 1"),
    ({"players": 3, "hands": {0: ["trolls 1"]}, "trick": [(0, "trolls 4"), (2, "dragons 5")]},
     "card 1 of the trick must be seat 1's"),
    ({"hands": {0: ["dragons 3"]}, "hand_size": 2}, "every hand holds the same number"),
    ({"hands": {0: ["dragons 3"]}, "trick": [(1, "trolls 4")], "leader": 0}, "the leader is seat 0"),
    ({"hands": {0: ["dragons 3"]}, "known": {1: ["trolls 1"]}}, "must hold the known cards"),
    ({"hands": {0: ["dragons 3"]}, "peeked": {(0, 0): ["trolls 1"]}}, r"\(seer, other seat\)"),
    ({"hands": {0: []}}, "at least one card"),
    ({"hand_size": 0}, "at least one card"),
    ({"hands": {5: ["dragons 3"]}}, "not seats"),
    ({"hands": {0: ["dragons 3"]}, "phase": 3}, "phase must be 1 or 2"),
])
def test_impossible_descriptions_are_refused(kwargs, match):
    with pytest.raises(ValueError, match=match):
        position(**kwargs)


def test_an_unknown_option_is_an_option_error():
    with pytest.raises(ludus.OptionError):
        position(dragon="first-dragon")


def test_play_checks_the_seat_when_named():
    s = position(hands={0: ["trolls 3", "seers 1"], 1: ["trolls 5", "seers 2"]})
    with pytest.raises(ludus.IllegalAction, match="not seat 1's turn"):
        play(s, "1: trolls 5")
    events = play(s, "0: trolls 3; 1: trolls 5")
    assert [type(e).__name__ for e in events][:3] == ["CardPlayed", "CardPlayed", "TrickWon"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_trusted_play_reaches_the_same_states_as_checked_play(players):
    """``apply_trusted`` builds no events; the rules must not depend on them."""
    for index, start in enumerate([position(players, seed=players)] + list(_positions())[4:5] * (players == 4)):
        checked, trusted = start.clone(), start.clone()
        rng = random.Random(index)
        while not checked.is_terminal:
            action = rng.choice(checked.legal_actions())
            checked.apply(action)
            trusted.apply_trusted(action)
            assert checked.zones() == trusted.zones()
            assert json.dumps(checked.observe(None), sort_keys=True) == json.dumps(
                trusted.observe(None), sort_keys=True)
            assert checked.current_player == trusted.current_player
        assert trusted.is_terminal and checked.returns() == trusted.returns()
