"""The action cards of the classic edition (C23-C28)."""

from __future__ import annotations

import random

import pytest

import ludus

from .helpers import cc, draw_until, legal, names, of, play, position, seat, side


def phase(state) -> str:
    return state.observe(None)["phase"]


# -- C23 Assassin ------------------------------------------------------------------------------


def test_C23_assassin_discards_one_opponent_face_up_card_at_any_group():
    board = {"senators": ("up 5", "3 up 4"), "censors": ("", "up 2 2"), "aediles": ("", "1")}
    s = position(hands=("1 2 assassin", "5"), board=board, voc_deck="orgy")
    targets = {a for a in legal(s) if a.startswith("assassin")}
    assert targets == {"assassin 4 senators", "assassin 2 censors"}, (
        "only the opponent's face-up cards: not own cards, not face-down cards")
    events = play(s, "assassin 2 censors", "allow")
    removed = of(events, "InfluenceRemoved")[0]
    assert (removed.player, removed.group, removed.values, removed.reason) == (
        1, "censors", ("2",), "assassin")
    assert side(s, "censors", 1)["face_up"] == ["2"]
    assert seat(s, 1)["discard"] == {"2": 1}
    assert seat(s, 0)["discard"] == {"assassin": 1}
    assert phase(s) == "place" and s.current_player == 0


# -- C24 Spy -----------------------------------------------------------------------------------


def _spy_position(caesar_piles=None):
    return position(hands=("1 2 3 spy", "2 4 4 P veto"), piles=(None, caesar_piles), voc_deck="orgy")


def test_C24_spy_sees_the_hand_opponent_discards_the_chosen_card_and_draws():
    s = _spy_position()
    events = play(s, "spy", "allow")
    spied = of(events, "HandSpied")[0]
    assert sorted(spied.seen_by(0).hand) == sorted(("P", "2", "4", "4", "veto"))
    assert spied.seen_by(1).hand is not None, "the owner knows the own hand"
    assert spied.seen_by(None).hand is None, "a spectator does not see the hand"
    assert s.current_player == 0 and phase(s) == "spy-pick"
    assert legal(s) == {"take P", "take 2", "take 4", "take veto"}
    events = play(s, "take 4")
    assert [(e.player, e.card, e.reason) for e in of(events, "CardDiscarded")] == [(1, "4", "spy")]
    # The opponent at once draws one card from the pile of their choice.
    assert s.current_player == 1 and phase(s) == "draw-one"
    assert legal(s) == {"draw influence", "draw action"}
    play(s, "draw action")
    assert seat(s, 1)["hand_size"] == 5 and s.current_player == 0 and phase(s) == "place"
    # The spy keeps what it saw: the four cards left of the seen hand.
    assert sorted(s.observe(0)["seats"][1]["hand_known"]) == sorted(["P", "2", "4", "veto"])
    assert "hand_known" not in s.observe(None)["seats"][1]
    # ... for the rest of the turn and after it.
    play(s, "down 1 senators")
    draw_until(s)
    assert s.current_player == 1
    assert sorted(s.observe(0)["seats"][1]["hand_known"]) == sorted(["P", "2", "4", "veto"])
    for r in range(20):
        w = s.resample(0, random.Random(r))
        assert w.hand_inf[1][0] >= 1 and w.hand_inf[1][2] >= 1 and w.hand_inf[1][4] >= 1
        assert w.hand_act[1][5] >= 1


def test_C24_spy_can_take_an_action_card_and_no_draw_when_piles_are_empty():
    s = _spy_position(caesar_piles={"influence": "", "action": ""})
    play(s, "spy", "allow", "take veto")
    assert s.current_player == 0 and phase(s) == "place"
    assert seat(s, 1)["hand_size"] == 4 and seat(s, 1)["discard"]["veto"] == 2


def test_C24_spy_needs_a_non_empty_opponent_hand():
    s = position(hands=("1 2 spy", ""), voc_deck="orgy")
    assert "spy" not in legal(s)


# -- C25 Castling ------------------------------------------------------------------------------


def test_C25_castling_takes_both_groups_cards_and_puts_them_back_face_down():
    board = {"senators": ("3 up 5", "4 4 4"), "censors": ("2", "1")}
    s = position(hands=("1 castling", "1"), board=board, voc_deck="orgy")
    events = play(s, "castling senators censors", "allow")
    taken = of(events, "CastlingTaken")[0]
    assert (taken.groups, taken.count) == (("senators", "censors"), 3)
    assert phase(s) == "castling" and s.current_player == 0
    assert s.observe(0)["castling"] == {"groups": ["senators", "censors"], "cards_left": 3,
                                        "cards": ["2", "3", "5"]}
    assert "cards" not in s.observe(1)["castling"]
    assert side(s, "senators", 0) == {"face_up": [], "face_down": 0}
    assert legal(s) == {f"castle {v} {g}" for v in "235" for g in ("senators", "censors")}
    # Any split, one group may be left empty; every card goes back face down.
    events = play(s, "castle 5 censors", "castle 3 censors")
    assert events[0].seen_by(1).value is None and events[0].seen_by(0).value == "5"
    play(s, "castle 2 censors")
    assert side(s, "senators", 0, viewer=0) == {"face_up": [], "face_down": 0, "face_down_values": []}
    assert side(s, "censors", 0, viewer=0)["face_down_values"] == ["2", "3", "5"]
    assert side(s, "censors", 0, viewer=1) == {"face_up": [], "face_down": 3}
    assert side(s, "senators", 1, viewer=1)["face_down_values"] == ["4", "4", "4"], "opponent untouched"
    assert phase(s) == "place" and s.current_player == 0


def test_C25_castling_respects_the_limits():
    # Cleopatra takes 6 cards; the Censors hold 3 of Caesar's: 5 there at most (C13),
    # so at least one goes back to the Senators.
    board = {"senators": ("1 1 1 up 2 2", ""), "censors": ("3", "4 4 4")}
    s = position(hands=("5 castling", ""), board=board, voc_deck="orgy")
    play(s, "castling senators censors", "allow")
    for v in ("1", "1", "1", "2", "2"):
        play(s, f"castle {v} censors")
    assert legal(s) == {"castle 3 senators"}
    with pytest.raises(ludus.IllegalAction, match="C25"):
        play(s, "castle 3 censors")
    play(s, "castle 3 senators")
    assert side(s, "censors", 0)["face_down"] == 5


def test_C25_castling_respects_the_eight_card_limit():
    board = {"senators": ("1 1 1", ""), "praetors": ("2", "3 3 3 3 3")}
    s = position(hands=("5 castling", ""), board=board, voc_deck="orgy")
    play(s, "castling senators praetors", "allow")
    play(s, "castle 1 praetors", "castle 1 praetors", "castle 1 praetors")
    assert legal(s) == {"castle 2 senators"}, "8 cards at the Praetors: the last goes elsewhere"


def test_C25_castling_needs_two_groups_with_patricians_and_an_own_card():
    board = {"senators": ("3", ""), "praetors": ("", "4")}
    s = position(hands=("1 castling", "1"), board=board, won={"censors": (1, 2)}, voc_deck="orgy")
    castlings = {a for a in legal(s) if a.startswith("castling")}
    assert castlings == {"castling senators praetors", "castling senators quaestors",
                         "castling senators aediles"}
    with pytest.raises(ludus.IllegalAction, match="censors is exhausted"):
        play(s, "castling senators censors")
    with pytest.raises(ludus.IllegalAction):
        play(s, "castling praetors quaestors")   # no own card at either group


@pytest.mark.parametrize("split", [("censors", "censors", "censors", "senators", "senators"),
                                   ("senators",) * 5])
def test_C25_castling_between_two_face_up_cards_leaves_room_for_the_second(split):
    # Castling keeps the free room of its two groups (C14): the second face-up card still fits.
    board = {"senators": ("1 1 1 1", "2 2 2"), "censors": ("", "3 3 3 3 3"),
             "praetors": ("2 2 2 2 2", ""), "quaestors": ("3 3 3 3 3", "")}
    s = position(hands=("5 4 castling", ""), board=board, won={"aediles": (2, 1)}, voc_deck="orgy")
    play(s, "up 5 senators")
    assert phase(s) == "second-up" and "castling senators censors" in legal(s)
    play(s, "castling senators censors", "allow")
    for g, v in zip(split, ("1", "1", "1", "1", "5"), strict=True):
        play(s, f"castle {v} {g}")
    assert phase(s) == "second-up"
    assert {a for a in legal(s) if a.startswith("up 4")}, "room is left for the second card"
    assert side(s, "senators", 0, viewer=1)["face_up"] == [], "the face-up 5 went back face down"
    play(s, next(a for a in legal(s) if a.startswith("up 4")))
    assert phase(s) == "refill"


# -- C26 Scout ---------------------------------------------------------------------------------


def test_C26_scout_turns_the_opponents_face_down_cards_face_up_for_good():
    board = {"senators": ("1", "2 5 up 4"), "praetors": ("", "3")}
    s = position(hands=("1 2 scout", "1"), board=board, voc_deck="orgy orgy")
    assert {a for a in legal(s) if a.startswith("scout")} == {"scout senators", "scout praetors"}
    events = play(s, "scout senators", "allow")
    shown = of(events, "CardsRevealed")[0]
    assert (shown.player, shown.group, sorted(shown.values)) == (1, "senators", ["2", "5"])
    assert side(s, "senators", 1) == {"face_up": ["2", "4", "5"], "face_down": 0}
    assert side(s, "senators", 0, viewer=0)["face_down_values"] == ["1"], "own cards untouched"
    play(s, "down 2 aediles")
    draw_until(s)
    play(s, "passive", "done")
    assert side(s, "senators", 1) == {"face_up": ["2", "4", "5"], "face_down": 0}, "they stay up"


@pytest.mark.parametrize("placed", ["5 2 up 4", "2 5 up 4"])
def test_C25_events_show_a_groups_cards_in_value_order_not_as_they_lie(placed):
    """Castling puts cards back face down unseen, so the order they lie in at a group is hidden:
    revealed, they are named in value order, whatever the order they were placed in."""
    s = position(hands=("1 2 scout", "1"), board={"senators": ("1", placed)}, voc_deck="orgy orgy")
    shown = of(play(s, "scout senators", "allow"), "CardsRevealed")[0]
    assert shown.values == ("2", "5")


# -- C27 Wrath of the Gods ---------------------------------------------------------------------


@pytest.mark.parametrize("wrath", ["all", "face-up"])
def test_C27_wrath_discards_the_cards_of_both_sides(wrath):
    board = {"senators": ("3 up 5", "4 up 2"), "praetors": ("1", "2"), "censors": ("", "up 3")}
    s = position(cc(wrath=wrath), hands=("1 wrath", "1"), board=board, voc_deck="orgy")
    targets = {a for a in legal(s) if a.startswith("wrath")}
    if wrath == "all":
        assert targets == {"wrath senators", "wrath praetors", "wrath censors"}
    else:
        assert targets == {"wrath senators", "wrath censors"}, "face-down cards alone: no effect"
    events = play(s, "wrath senators", "allow")
    removed = {e.player: sorted(e.values) for e in of(events, "InfluenceRemoved")}
    if wrath == "all":
        assert removed == {0: ["3", "5"], 1: ["2", "4"]}
        assert side(s, "senators", 0) == side(s, "senators", 1) == {"face_up": [], "face_down": 0}
    else:
        assert removed == {0: ["5"], 1: ["2"]}
        assert side(s, "senators", 0) == side(s, "senators", 1) == {"face_up": [], "face_down": 1}
    assert seat(s, 1)["discard"] == ({"2": 1, "4": 1} if wrath == "all" else {"2": 1})
    assert s.observe(None)["groups"][0]["patricians_left"] == 5


# -- C28 Veto ----------------------------------------------------------------------------------


def test_C28_veto_only_as_a_reaction():
    s = position(hands=("1 2 veto veto", "1 scout"), board={"senators": ("1", "")}, voc_deck="orgy")
    assert not {a for a in legal(s) if "veto" in a}
    with pytest.raises(ludus.IllegalAction):
        play(s, "veto")
    play(s, "down 1 praetors")
    assert legal(s) == {"done"}, "a Veto is no action card to play in one's own turn"
    play(s, "done")
    draw_until(s)
    play(s, "done")
    # Caesar's Scout: Cleopatra may veto it.
    assert s.current_player == 1
    play(s, "scout senators")
    assert s.current_player == 0 and legal(s) == {"veto", "allow"}
    assert names(play(s, "veto")) == ["ActionAnswered"]
    # A Veto cannot be vetoed: Cleopatra draws, then Caesar goes on with his placement.
    assert s.current_player == 0 and legal(s) == {"draw influence", "draw action"}
    play(s, "draw influence")
    assert s.current_player == 1 and phase(s) == "place"
    assert {a.split()[0] for a in legal(s)} <= {"down", "up"}
