"""The position helper itself (ludus.games.caesar_cleopatra.positions)."""

from __future__ import annotations

import pytest

import ludus

from ..common import check_in_play
from .helpers import GROUPS, cc, check_consistent, legal, play, position


def _positions():
    yield position()
    yield position(hands=("1 2 3 spy veto", "P 4 4 castling"), to_move=1,
                   board={"senators": ("3 up 5", "2 2 up 1"), "aediles": ("P", "")},
                   won={"censors": (2, 1), "praetors": (1, 0)}, discards=("assassin 4", "1"),
                   seen=("4", None), voc_deck="quaestors orgy")
    yield position(cc(action_deck="shuffled", orgies=2), hands=("5 5", ""),
                   piles=({"influence": "1 2", "action": "spy"}, None), discards=(None, "veto"))


@pytest.mark.parametrize("index", range(3))
def test_positions_are_consistent_and_stay_so_in_play(index):
    """Conservation and sound knowledge at the start and along random continuations, and the
    resampled worlds look the same to the seat they were drawn for."""
    check_in_play(list(_positions())[index], check_consistent, every=15, max_steps=150, must_end=False)


def test_position_fills_piles_and_discards():
    s = position(hands=("1 2", ""), piles=({"influence": "3 4", "action": ""}, None))
    assert s.observe(0)["seats"][0]["influence_pile"] == 2
    assert play(s, "down 1 senators", "draw influence")[-1].card == "3", "top card first"
    discard = s.observe(None)["seats"][0]["discard"]
    assert discard["veto"] == 2 and discard["5"] == 7 and discard["P"] == 2
    assert s.observe(None)["seats"][1]["influence_pile"] == 37


def test_position_seen_cards_are_known():
    s = position(hands=("1", "3 3 spy"), seen=("3 spy", None))
    assert sorted(s.observe(0)["seats"][1]["hand_known"]) == ["3", "spy"]
    assert s.observe(1)["seats"][0]["hand_known"] == []


@pytest.mark.parametrize("kwargs, match", [
    ({"hands": ("1 1 1 1 1 1", "")}, "at most 5"),
    ({"board": {"senators": ("5 5 5 5", "")}, "hands": ("5 5 5 5", "")}, "no 5 left"),
    ({"board": {"senators": ("1 1 1 1 1 1", "")}}, "at most 5"),
    ({"board": {"senators": ("1 1 1 1 1", "2 2 2 2")}}, "at most 8"),
    ({"board": {"censors": ("1", "")}, "won": {"censors": (3, 0)}}, "exhausted"),
    ({"won": {"censors": (3, 1)}}, "3 patricians"),
    ({"voc_deck": "senators senators"}, "not in the game"),
    ({"voc_deck": "censors", "won": {"censors": (3, 0)}}, "not in the game"),
    ({"hands": ("dragon", "")}, "not"),
    ({"board": {"forum": ("1", "")}}, "not a group"),
    ({"bonus": ("censors", None)}, "bonus"),
    ({"piles": ({"influence": "1"}, None), "discards": ("", None)}, "nowhere"),
    ({"phase": "votes"}, "start of a turn"),
    ({"to_move": 2}, "to_move"),
    ({"seen": ("4", None), "hands": ("", "1")}, "cannot have seen"),
])
def test_position_refuses_impossible_tables(kwargs, match):
    with pytest.raises(ValueError, match=match):
        position(**kwargs)


def test_position_accepts_prefixes_mappings_and_options():
    s = position({"wrath": "face-up"}, board={"sen": ({"up": "4", "down": "1 2"}, ""), 4: ("", "3")},
                 hands={"caesar": "1"})
    assert s.game.options.wrath == "face-up"
    assert s.observe(0)["groups"][0]["sides"][0]["face_up"] == ["4"]
    assert s.observe(0)["groups"][4]["sides"][1]["face_down"] == 1
    assert s.observe(None)["seats"][1]["hand_size"] == 1
    assert legal(s) == {"passive"}
    assert [g["name"] for g in s.observe(None)["groups"]] == list(GROUPS)


def test_play_accepts_actions_and_semicolons_and_stops_at_an_illegal_move():
    s = position(hands=("1 2 3", ""), voc_deck="orgy")
    events = play(s, s.game.parse_action("up 1 senators"), "up 2 praetors; draw influence")
    assert [type(e).__name__ for e in events][:2] == ["InfluencePlaced", "InfluencePlaced"]
    with pytest.raises(ludus.IllegalAction):
        play(s, "done")
