"""Votes of confidence: exhaustion and resolution (C29, C30; C19/C20 bring the votes about)."""

from __future__ import annotations

import pytest

from .helpers import cc, draw_until, names, of, play, position, seat, side


def vote(board, group, game=None, won=None):
    """Cleopatra places a 1 elsewhere; the flipped VoC card makes ``group`` vote."""
    s = position(game, hands=("1", ""), board=board, voc_deck=group, won=won,
                 bonus=("quaestors", "quaestors"))
    elsewhere = "aediles" if group != "aediles" else "senators"
    events = play(s, f"down 1 {elsewhere}") + draw_until(s)
    votes = of(events, "VoteHeld")
    assert len(votes) == 1 and votes[0].group == group
    return s, votes[0], events


def test_C29_exhausted_group_card_leaves_and_its_cards_are_discarded():
    board = {"censors": ("3 4", "2 up 1")}
    s, v, events = vote(board, "censors", won={"censors": (1, 1)})
    assert v.winner == 0 and v.sums == (7, 3)
    assert v.discarded == (("4",), ("1",))
    assert names(events)[-4:] == ["VoteHeld", "GroupExhausted", "InfluenceRemoved", "InfluenceRemoved"]
    removed = of(events, "InfluenceRemoved")
    assert [(e.player, e.values, e.reason) for e in removed] == [(0, ("3",), "exhausted"),
                                                                  (1, ("2",), "exhausted")]
    g = s.observe(None)["groups"][3]
    assert g["patricians_left"] == 0 and g["won"] == [2, 1]
    assert side(s, "censors", 0) == side(s, "censors", 1) == {"face_up": [], "face_down": 0}
    assert seat(s, 0)["discard"] == {"3": 1, "4": 1}
    assert seat(s, 1)["discard"] == {"1": 1, "2": 1}
    voc = s.observe(None)["voc"]
    assert voc["out"] == ["censors"] and "censors" not in voc["deck"] + voc["discard"]
    assert s.current_player == 1 and not s.is_terminal


def test_C29_exceptional_vote_exhausts_a_group_whose_card_was_still_in_the_deck():
    board = {"aediles": ("5 5 5 5", "1 1 1")}
    s = position(hands=("4 2", ""), board=board, won={"aediles": (2, 0)}, voc_deck="aediles orgy")
    events = play(s, "down 4 aediles") + draw_until(s)
    assert names(events)[-5:] == ["VoteHeld", "GroupExhausted", "InfluenceRemoved",
                                  "InfluenceRemoved", "VoCFlipped"]
    assert of(events, "VoteHeld")[0].exceptional
    assert of(events, "VoCFlipped")[0].card == "orgy", "the exhausted group's card had left the deck"
    voc = s.observe(None)["voc"]
    assert voc["out"] == ["aediles"] and voc["deck"] == ["orgy-reshuffle"]


def test_C30_3_C30_4_C30_5_C30_7_higher_sum_wins_top_patrician_and_discards_by_sums():
    s, v, _ = vote({"senators": ("5 2 up 3", "4 4 1")}, "senators")
    assert sorted(v.cards[0]) == ["2", "3", "5"] and sorted(v.cards[1]) == ["1", "4", "4"]
    assert v.sums == (10, 9) and v.winner == 0 and not v.philosopher
    assert v.discarded == (("5",), ("1",)), "higher side its highest, lower side its lowest"
    assert s.observe(None)["groups"][0]["won"] == [1, 0]
    assert s.observe(None)["groups"][0]["patricians_left"] == 4
    # C30.7: all other cards stay, face up.
    assert side(s, "senators", 0) == {"face_up": ["2", "3"], "face_down": 0}
    assert side(s, "senators", 1) == {"face_up": ["4", "4"], "face_down": 0}
    assert s.scores() == [2, 0]   # the patrician, and every Senator awarded so far (C32)


def test_C30_2_equal_sums_nothing_happens_and_cards_stay_face_up():
    s, v, events = vote({"senators": ("3 up 2", "5"), "praetors": ("1", "")}, "senators")
    assert v.sums == (5, 5) and v.winner is None and v.discarded == ((), ())
    assert s.observe(None)["groups"][0]["won"] == [0, 0]
    assert side(s, "senators", 0) == {"face_up": ["2", "3"], "face_down": 0}
    assert side(s, "senators", 1) == {"face_up": ["5"], "face_down": 0}
    assert not of(events, "InfluenceRemoved")


def test_C30_2_equal_sums_with_a_philosopher_keep_it_too():
    s, v, _ = vote({"senators": ("P 4", "4")}, "senators")
    assert v.winner is None
    assert side(s, "senators", 0)["face_up"] == ["P", "4"]


def test_C30_2_zero_zero_is_a_tie():
    s, v, _ = vote({}, "praetors")
    assert v.sums == (0, 0) and v.winner is None
    assert s.observe(None)["groups"][1]["patricians_left"] == 5


def test_C30_1_empty_side_sums_zero_and_philosopher_counts_zero():
    s, v, _ = vote({"praetors": ("2 3", "")}, "praetors")
    assert v.sums == (5, 0) and v.winner == 0 and v.discarded == (("3",), ())
    s, v, _ = vote({"praetors": ("P", "1")}, "praetors")
    assert v.sums == (0, 1)


@pytest.mark.parametrize("philosopher", ["any", "difference"])
def test_C30_3_C30_5_C30_6_philosopher_reverses_the_vote_lower_sum_wins(philosopher):
    s, v, _ = vote({"senators": ("5 4 P", "3 2")}, "senators", game=cc(philosopher=philosopher))
    assert v.sums == (9, 5)
    assert v.winner == 1 and v.philosopher, "one P against none reverses under both options"
    # Discards by sums, not by who won: the higher (Cleopatra) its highest, the winner its
    # lowest; then every Philosopher at the group.
    assert v.discarded == (("5", "P"), ("2",))
    assert side(s, "senators", 0)["face_up"] == ["4"]
    assert side(s, "senators", 1)["face_up"] == ["3"]
    assert s.observe(None)["groups"][0]["won"] == [0, 1]
    assert seat(s, 0)["discard"] == {"P": 1, "5": 1}


@pytest.mark.parametrize("philosopher, winner", [("any", 1), ("difference", 0)])
def test_C30_3_C30_6_philosopher_option_one_each_side(philosopher, winner):
    s, v, _ = vote({"senators": ("5 P", "3 P")}, "senators", game=cc(philosopher=philosopher))
    assert v.sums == (5, 3) and v.winner == winner and v.philosopher == (philosopher == "any")
    assert v.discarded == (("5", "P"), ("3", "P")), "every P goes after a decisive vote"
    assert side(s, "senators", 0)["face_up"] == side(s, "senators", 1)["face_up"] == []


@pytest.mark.parametrize("philosopher", ["any", "difference"])
def test_C30_3_philosopher_two_against_one_reverses_in_both_options(philosopher):
    s, v, _ = vote({"senators": ("5 P P", "3 P")}, "senators", game=cc(philosopher=philosopher))
    assert v.winner == 1 and v.philosopher
    assert sorted(v.discarded[0]) == ["5", "P", "P"] and sorted(v.discarded[1]) == ["3", "P"]


def test_C30_5_C30_6_philosopher_side_without_numbered_card_discards_only_the_philosopher():
    s, v, _ = vote({"praetors": ("4 up 1", "P")}, "praetors")
    assert v.sums == (5, 0) and v.winner == 1
    assert v.discarded == (("4",), ("P",))
    assert side(s, "praetors", 0)["face_up"] == ["1"]
    assert side(s, "praetors", 1)["face_up"] == []


def test_C30_5_one_of_the_highest_cards_only():
    s, v, _ = vote({"quaestors": ("5 5 2", "1 1")}, "quaestors")
    assert v.discarded == (("5",), ("1",))
    assert side(s, "quaestors", 0)["face_up"] == ["2", "5"]
    assert side(s, "quaestors", 1)["face_up"] == ["1"]


def test_C30_1_vote_reveals_face_down_cards_to_everyone():
    s, v, _ = vote({"senators": ("4 4 1", "3 3 3")}, "senators")
    assert v.sums == (9, 9) and v.winner is None
    for viewer in (0, 1, None):
        assert side(s, "senators", 1, viewer)["face_up"] == ["3", "3", "3"]
        assert side(s, "senators", 0, viewer)["face_up"] == ["1", "4", "4"]
        assert side(s, "senators", 0, viewer)["face_down"] == side(s, "senators", 1, viewer)["face_down"] == 0
