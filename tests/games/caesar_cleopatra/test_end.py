"""End of the game and scoring (C31-C33)."""

from __future__ import annotations

import pytest

import ludus

from .helpers import cc, draw_until, names, of, play, position

ALL_BUT_ONE = {"senators": (3, 2), "praetors": (2, 3), "quaestors": (4, 1), "censors": (2, 1),
               "aediles": (1, 1)}


def test_C31_game_ends_at_once_with_the_21st_patrician():
    s = position(hands=("2 3", "4"), board={"aediles": ("5", "1")}, won=ALL_BUT_ONE,
                 voc_deck="aediles", bonus=("praetors", "senators"))
    assert {a.split()[-1] for a in map(str, s.legal_actions()) if a != "passive"} == {"aediles"}
    events = play(s, "down 2 aediles") + draw_until(s)
    assert names(events)[-4:] == ["VoteHeld", "GroupExhausted", "InfluenceRemoved", "GameOver"]
    assert s.is_terminal and s.current_player is None and s.legal_actions() == []
    obs = s.observe(None)
    assert obs["over"] and obs["end_reason"] == "every patrician has been won"
    # Cleopatra: 3+1 senators, 2 praetors (bonus not met: 2 < 3), 4+1 quaestors, 2+1 censors,
    # 2+1 aediles. Caesar: 2 senators, 3+1 praetors, 1 quaestor, 1 censor, 1 aedile.
    assert s.scores() == [17, 9]
    assert s.returns() == [1.0, -1.0]
    assert of(events, "GameOver")[0].winner == 0
    with pytest.raises(ludus.IllegalAction, match="over"):
        play(s, "passive")


def test_C31_the_21st_patrician_in_an_exceptional_vote_ends_before_the_flip():
    won = dict(ALL_BUT_ONE, aediles=(0, 2))
    s = position(hands=("2 3", "4"), board={"aediles": ("5 5 5 5", "1 1 1")}, won=won, voc_deck="orgy")
    events = play(s, "down 2 aediles") + draw_until(s)
    assert s.is_terminal and not of(events, "VoCFlipped")
    assert of(events, "VoteHeld")[0].exceptional and names(events)[-1] == "GameOver"


def test_C31_no_influence_card_left_in_hands_or_piles_ends_the_game_at_the_end_of_a_turn():
    empty = {"influence": "", "action": ""}
    s = position(hands=("3", "spy"), board={"senators": ("", "1")}, piles=(empty, empty),
                 voc_deck="senators", won={"praetors": (0, 1)})
    events = play(s, "down 3 senators")
    # Cleopatra's last card is down, but the turn goes on: refill (nothing), the vote, then the end.
    assert names(events)[-3:] == ["VoCFlipped", "VoteHeld", "GameOver"]
    assert s.is_terminal and s.observe(None)["end_reason"] == "neither player has an influence card left"
    # one patrician each, each the only one awarded from its group so far (C32: +1)
    assert s.scores() == [2, 2] and s.returns() == [0.0, 0.0]


def test_C31_one_player_out_of_influence_cards_does_not_end_the_game():
    empty = {"influence": "", "action": ""}
    s = position(hands=("3", "2"), piles=(empty, empty), voc_deck="orgy")
    play(s, "down 3 senators")
    assert not s.is_terminal and s.current_player == 1
    assert [str(a) for a in s.legal_actions()] == [f"down 2 {g}" for g in
                                                   ("senators", "praetors", "quaestors", "censors",
                                                    "aediles")] + ["passive"]


WON = {"senators": (3, 1), "censors": (2, 0), "aediles": (1, 1)}


@pytest.mark.parametrize("majority, points", [("half", [8, 2]), ("rulebook", [7, 2])])
def test_C32_points_majority_option_on_groups_still_in_play(majority, points):
    s = position(cc(majority=majority), won=WON, bonus=("quaestors", "quaestors"))
    # half: Senators 3 of 5 and Censors 2 of 3 are majorities (+1 each), nobody holds a whole group.
    # rulebook: no majority point before a group is fully awarded; Cleopatra holds every Censor
    # awarded so far (+1); Senators and Aediles are shared.
    assert s.scores() == points
    assert [s.points(p, with_bonus=False) for p in (0, 1)] == points


@pytest.mark.parametrize("majority", ["half", "rulebook"])
def test_C32_points_on_exhausted_groups_and_bonus(majority):
    won = {"praetors": (4, 1), "censors": (3, 0), "aediles": (0, 3), "senators": (3, 0)}
    s = position(cc(majority=majority), won=won, bonus=("senators", "praetors"))
    # Cleopatra: praetors 4+1, censors 3+1+1, senators 3+1 (half) / 3+1 all-so-far (seed),
    # bonus Senators met (+2). Caesar: praetors 1, aediles 3+1+1; bonus Praetors not met.
    assert [s.points(0), s.points(1)] == [16, 6]
    assert s.scores() == [14, 6], "before the end, scores() leaves the secret bonus goals out"
    assert s.observe(0)["seats"][0]["points"] == 16
    assert s.observe(1)["seats"][0]["points_public"] == 14, "the bonus goal is secret until the end"


@pytest.mark.parametrize("majority, points", [("half", [4, 1]), ("rulebook", [3, 1])])
def test_C32_majority_of_a_group_not_yet_exhausted(majority, points):
    s = position(cc(majority=majority), won={"quaestors": (3, 1)}, bonus=("senators", "senators"))
    assert s.scores() == points


def _stalemate(game=None, **kw):
    s = position(game, pure_passes=3, hands=("1", "1"), **kw)
    play(s, "passive", "done")
    assert s.is_terminal
    return s


def test_C33_most_points_wins():
    s = _stalemate(won={"senators": (1, 0)}, bonus=("praetors", "praetors"))
    assert s.returns() == [1.0, -1.0]


def test_C33_equal_points_more_patricians_wins():
    won = {"senators": (3, 0), "praetors": (0, 1), "quaestors": (0, 1), "censors": (0, 1),
           "aediles": (0, 1)}
    # scored by group size (majority=half) to keep the sums short: 3 + 1 against 4
    s = _stalemate({"majority": "half"}, won=won, bonus=("praetors", "senators"))
    assert s.scores() == [4, 4]
    assert s.returns() == [-1.0, 1.0]
    assert s.observe(None)["returns"] == [-1.0, 1.0]


def test_C33_equal_points_and_patricians_is_a_draw():
    s = _stalemate(won={"senators": (2, 0), "praetors": (0, 2)}, bonus=("quaestors", "quaestors"))
    assert s.scores() == [3, 3] and s.returns() == [0.0, 0.0]   # 2 + 1 each (C32: all so far)
