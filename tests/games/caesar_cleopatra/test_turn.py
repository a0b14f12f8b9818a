"""An active or passive turn: placement, limits, timing, refill, votes, passive turns (C12-C22)."""

from __future__ import annotations

import pytest

import ludus
from ludus.games.caesar_cleopatra import terminal

from .helpers import GROUPS, cc, check_consistent, draw_until, legal, names, of, play, position, seat, side

ALL_UP = {f"up {v} {g}" for v in "P12345" for g in GROUPS}


def phase(state) -> str:
    return state.observe(None)["phase"]


def placements(state) -> set[str]:
    return {a for a in legal(state) if a.split()[0] in ("down", "up")}


# -- C12 ---------------------------------------------------------------------------------------


def test_C12_one_card_face_down_or_two_face_up():
    s = position(hands=("1 2 3 4 5", "1 2"), voc_deck="orgy")
    assert {f"down {v} {g}" for v in "12345" for g in GROUPS} | {
        f"up {v} {g}" for v in "12345" for g in GROUPS} == placements(s)
    # One card face down ends the placement (no action card in hand: straight to the refill).
    one = s.clone()
    events = play(one, "down 3 senators")
    assert names(events) == ["InfluencePlaced"] and not events[0].face_up
    assert phase(one) == "refill" and legal(one) == {"draw influence", "draw action"}
    # After a first face-up card the second must be face up too: nothing else is offered.
    play(s, "up 3 senators")
    assert phase(s) == "second-up" and s.current_player == 0
    assert legal(s) == {f"up {v} {g}" for v in "1245" for g in GROUPS}
    with pytest.raises(ludus.IllegalAction, match="face up too"):
        play(s, "down 4 praetors")
    with pytest.raises(ludus.IllegalAction):
        play(s, "done")
    play(s, "up 4 praetors")  # two groups
    assert phase(s) == "refill"
    assert side(s, "senators", 0, viewer=1)["face_up"] == ["3"]
    assert side(s, "praetors", 0, viewer=1)["face_up"] == ["4"]
    with pytest.raises(ludus.IllegalAction):
        play(s, "up 5 aediles")  # never a third card
    # Both face-up cards may go to one group.
    same = position(hands=("1 2 3 4 5", ""), voc_deck="orgy")
    play(same, "up 3 senators", "up 4 senators")
    assert side(same, "senators", 0, viewer=None)["face_up"] == ["3", "4"]


# -- C13 ---------------------------------------------------------------------------------------


def test_C13_limit_five_per_side_eight_per_group():
    s = position(
        hands=("1 2 3 4 5", ""),
        board={"senators": ("1 1 1 up 2 2", ""),        # Cleopatra's side is full (5)
               "praetors": ("5 5 5", "1 1 1 1 1"),       # 8 at the group: full
               "quaestors": ("4 4 4", "2 2 2 2")},       # 7 at the group: room for one
        voc_deck="orgy")
    at = {g: {a for a in placements(s) if a.endswith(g)} for g in GROUPS}
    assert not at["senators"] and not at["praetors"]
    assert at["quaestors"] == {f"{w} {v} quaestors" for w in ("down", "up") for v in "12345"}
    assert len(at["censors"]) == len(at["aediles"]) == 10
    with pytest.raises(ludus.IllegalAction, match="C13"):
        play(s, "down 1 senators")
    with pytest.raises(ludus.IllegalAction, match="C13"):
        play(s, "down 1 praetors")
    # One face-up card fills the Quaestors: the second must go elsewhere.
    play(s, "up 1 quaestors")
    assert not {a for a in legal(s) if a.endswith("quaestors")}
    assert legal(s) == {f"up {v} {g}" for v in "2345" for g in ("censors", "aediles")}


# -- C14 ---------------------------------------------------------------------------------------


def test_C14_no_influence_card_means_passive_only():
    s = position(hands=("spy wrath veto", "1 2"), board={"senators": ("", "up 3")}, voc_deck="orgy")
    assert legal(s) == {"passive"}
    with pytest.raises(ludus.IllegalAction, match="holds no influence card.* must be passive"):
        play(s, "wrath senators")   # a target with an effect: the reason is C14, not the target


def test_C14_one_influence_card_cannot_go_face_up():
    s = position(hands=("3 spy", "1 2"), voc_deck="orgy")
    assert not {a for a in legal(s) if a.startswith("up")}
    assert {f"down 3 {g}" for g in GROUPS} <= legal(s)


def test_C14_room_for_one_card_only_allows_no_face_up_pair():
    board = {"senators": ("1 1 1 1 1", ""), "praetors": ("2 2 2 2 2", ""),
             "quaestors": ("3 3 3 3 3", ""), "aediles": ("4 4 4 4", "1 1 1")}
    s = position(hands=("5 5 wrath", ""), board=board, won={"censors": (2, 1)}, voc_deck="orgy")
    assert legal(s) == {"down 5 aediles", "passive", "wrath senators", "wrath praetors",
                        "wrath quaestors", "wrath aediles"}
    with pytest.raises(ludus.IllegalAction, match="C14"):
        play(s, "up 5 aediles")


def test_C14_no_room_anywhere_an_action_card_that_makes_room_opens_the_active_turn():
    # No room for Cleopatra anywhere: her side holds 5 at three groups, the Aediles hold 8.
    board = {"senators": ("1 1 1 1 1", ""), "praetors": ("2 2 2 2 2", ""),
             "quaestors": ("3 3 3 3 3", ""), "aediles": ("4 4 4 4", "1 1 1 up 1")}
    s = position(hands=("5 5 wrath assassin spy", ""), board=board, won={"censors": (2, 1)},
                 voc_deck="orgy")
    # Only the Aediles can get room for her: a Wrath there (any Wrath elsewhere empties a group
    # of hers too, which also makes room), or the Assassin on Caesar's face-up 1 there. The Spy
    # takes nothing off the board: it cannot start the turn.
    assert legal(s) == {"passive", "wrath senators", "wrath praetors", "wrath quaestors",
                        "wrath aediles", "assassin 1 aediles"}
    play(s, "assassin 1 aediles", "allow")
    assert phase(s) == "place" and legal(s) == {"down 5 aediles"}, "the placement is mandatory now"
    play(s, "down 5 aediles")
    assert phase(s) == "refill"


def test_C14_an_assassin_cannot_open_a_group_where_the_own_side_is_full():
    board = {"senators": ("1 1 1 1 1", "up 2 2 2"), "praetors": ("2 2 2 2 2", ""),
             "quaestors": ("3 3 3 3 3", ""), "aediles": ("4 4 4 4 4", "")}
    s = position(hands=("5 assassin", ""), board=board, won={"censors": (2, 1)}, voc_deck="orgy")
    assert legal(s) == {"passive"}
    with pytest.raises(ludus.IllegalAction, match="C14"):
        play(s, "assassin 2 senators")


def test_C14_a_full_tied_board_is_broken_by_an_assassin():
    # Every live group full and tied: their votes change nothing, and no card can be placed.
    board = {"senators": ("up 2 2 2 2", "up 2 2 2 2"), "praetors": ("up 3 3 3 3", "up 3 3 3 3")}
    won = {"quaestors": (3, 2), "censors": (2, 1), "aediles": (1, 2)}
    s = position(hands=("5 assassin", "1"), board=board, won=won, voc_deck="orgy")
    assert legal(s) == {"passive", "assassin 2 senators", "assassin 3 praetors"}
    events = play(s, "assassin 2 senators", "allow", "down 5 senators")
    events += draw_until(s)
    # After the refill the Senators hold 8 again and vote: 2+2+2+2+5 = 13 against 6.
    vote = of(events, "VoteHeld")[0]
    assert vote.group == "senators" and vote.exceptional and vote.sums == (13, 6) and vote.winner == 0
    assert s.observe(None)["groups"][0]["won"] == [1, 0] and s.current_player == 1


def test_C14_castling_keeps_the_room_of_its_two_groups():
    # Each own card Castling takes out frees a place, each it puts back takes one: the room of
    # the two groups is the same before and after, whatever the split.
    board = {"senators": ("1 1 1", "2 2 2 2 2"), "praetors": ("3", "4 4")}
    s = position(hands=("5 castling", ""), board=board, voc_deck="orgy")
    before = sum(s._rooms(0))
    play(s, "castling senators praetors", "allow")
    while phase(s) == "castling":
        play(s, str(sorted(s.legal_actions(), key=str)[0]))
        assert sum(s._rooms(0)) >= before - sum(s.castle_buf)
    assert sum(s._rooms(0)) == before


def test_C14_a_vetoed_opener_places_nothing_and_the_turn_goes_on():
    board = {"senators": ("1 1 1 1 1", ""), "praetors": ("2 2 2 2 2", ""),
             "quaestors": ("3 3 3 3 3", ""), "aediles": ("4 4 4 4", "1 1 1 up 1")}
    s = position(hands=("5 5 assassin", "veto"), board=board, won={"censors": (2, 1)},
                 voc_deck="aediles orgy")
    events = play(s, "assassin 1 aediles", "veto", "draw influence")
    assert names(events)[-1] == "NoPlacement" and events[-1].player == 0
    assert phase(s) == "refill" and s.current_player == 0, "on to the refill: no dead end"
    events = draw_until(s)
    # then the Aediles, still at 8, vote (no window: the turn's action card is spent), the VoC
    # card (the Aediles again), and Caesar's turn
    assert [(e.group, e.exceptional) for e in of(events, "VoteHeld")] == [("aediles", True),
                                                                          ("aediles", False)]
    assert s.current_player == 1 and s.observe(None)["groups"][4]["won"] == [2, 0]


# -- C15 ---------------------------------------------------------------------------------------


def test_C15_exhausted_group_accepts_no_influence():
    s = position(hands=("3 4 castling", ""), board={"senators": ("2", "")},
                 won={"censors": (2, 1)}, voc_deck="orgy")
    assert s.observe(None)["groups"][3]["patricians_left"] == 0
    assert not {a for a in legal(s) if "censors" in a}
    assert {"down 3 aediles", "up 4 aediles", "castling senators aediles"} <= legal(s)
    with pytest.raises(ludus.IllegalAction, match="censors has no patricians left"):
        play(s, "down 3 censors")


# -- C16 ---------------------------------------------------------------------------------------


def _timing_position(caesar_hand="1 2"):
    return position(hands=("3 4 5 scout assassin", caesar_hand),
                    board={"senators": ("", "2 up 4")}, voc_deck="orgy")


def test_C16_action_card_before_the_placement():
    s = _timing_position()
    assert {"scout senators", "assassin 4 senators"} <= legal(s)
    assert "assassin 2 senators" not in legal(s), "a face-down card is no Assassin target"
    play(s, "scout senators", "allow")
    assert phase(s) == "place" and s.current_player == 0
    assert legal(s) == placements(s), "no second action card, and no passive turn once active"
    play(s, "down 3 praetors")
    assert phase(s) == "refill", "the action is used: no decision after the placement"


def test_C16_action_card_between_two_face_up_cards():
    s = _timing_position()
    play(s, "up 3 praetors")
    assert {"scout senators", "assassin 4 senators"} <= legal(s)
    play(s, "assassin 4 senators", "allow")
    assert phase(s) == "second-up"
    assert legal(s) <= ALL_UP
    play(s, "up 4 praetors")
    assert phase(s) == "refill"


def test_C16_action_card_after_the_placement_and_after_the_refill():
    s = _timing_position()
    play(s, "down 3 praetors")
    assert phase(s) == "after-place"
    assert legal(s) == {"scout senators", "assassin 4 senators", "done"}
    play(s, "done", "draw influence")
    assert phase(s) == "after-refill" and s.current_player == 0
    assert legal(s) == {"scout senators", "assassin 4 senators", "done"}
    events = play(s, "assassin 4 senators", "allow")
    # The action card left the hand: refill again before the votes (C18).
    assert phase(s) == "refill" and seat(s, 0)["hand_size"] == 4
    events = play(s, "draw influence")
    assert names(events)[-2:] == ["CardDrawn", "VoCFlipped"] and s.current_player == 1


def test_C16_at_most_one_action_card_per_turn():
    s = _timing_position()
    play(s, "scout senators", "allow", "down 3 praetors")
    draw_until(s)
    assert s.current_player == 1, "no action decision after the refill once the action is used"
    assert seat(s, 0)["hand_action_cards"] == 1


def test_C16_each_action_card_needs_a_target_where_it_has_an_effect():
    board = {"senators": ("", "2"), "praetors": ("up 5", "")}
    s = position(hands=("3 assassin spy scout wrath", ""), board=board, voc_deck="orgy")
    actions = legal(s) - placements(s) - {"passive"}
    # No Assassin (no opponent face-up card), no Spy (empty opponent hand).
    assert actions == {"scout senators", "wrath senators", "wrath praetors"}
    c = position(hands=("3 castling", "4"), board=board, voc_deck="orgy")
    assert legal(c) - placements(c) - {"passive"} == {
        "castling senators praetors", "castling praetors quaestors", "castling praetors censors",
        "castling praetors aediles"}
    with pytest.raises(ludus.IllegalAction, match="target"):
        play(s, "scout praetors")


def test_C16_only_veto_cards_in_hand_give_a_done_only_decision():
    s = position(hands=("3 veto", "1"), voc_deck="orgy")
    play(s, "down 3 senators")
    assert phase(s) == "after-place" and legal(s) == {"done"}


# -- C17 ---------------------------------------------------------------------------------------


def test_C17_opponent_without_veto_gets_an_allow_only_decision():
    s = _timing_position(caesar_hand="1 2")
    events = play(s, "assassin 4 senators")
    assert names(events) == ["ActionCardPlayed"]
    assert (events[0].card, events[0].target) == ("assassin", "4 at senators")
    assert s.current_player == 1 and phase(s) == "veto" and legal(s) == {"allow"}
    for viewer in (0, 1):   # C16: the card is played naming its target; both sides see it
        assert s.observe(viewer)["pending_action"] == {"player": 0, "card": "assassin", "target": "4 at senators"}
    with pytest.raises(ludus.IllegalAction, match="no Veto"):
        play(s, "veto")
    events = play(s, "allow")
    assert names(events) == ["ActionAnswered", "InfluenceRemoved"]
    assert side(s, "senators", 1)["face_up"] == []


def test_C17_veto_cancels_both_cards_discarded_vetoer_draws_action_used():
    s = _timing_position(caesar_hand="1 veto")
    play(s, "assassin 4 senators")
    assert legal(s) == {"veto", "allow"}
    events = play(s, "veto")
    assert names(events) == ["ActionAnswered"] and events[0].vetoed
    assert side(s, "senators", 1)["face_up"] == ["4"], "the Assassin was cancelled"
    assert seat(s, 0)["discard"] == {"assassin": 1}
    assert seat(s, 1)["discard"] == {"veto": 1}
    # The vetoing player at once draws one card from the pile of their choice.
    assert s.current_player == 1 and phase(s) == "draw-one"
    assert legal(s) == {"draw influence", "draw action"}
    events = play(s, "draw action")
    assert names(events) == ["CardDrawn"] and events[0].player == 1
    assert seat(s, 1)["hand_size"] == 2
    # A Veto cannot be vetoed: the game goes straight back to Cleopatra's placement,
    # and the vetoed card used up her action for this turn.
    assert s.current_player == 0 and phase(s) == "place"
    assert legal(s) == placements(s)
    play(s, "down 3 praetors")
    assert phase(s) == "refill"


def test_C17_veto_after_the_refill_then_refill_again():
    s = _timing_position(caesar_hand="1 veto")
    play(s, "down 3 praetors", "done", "draw influence", "scout senators", "veto", "draw influence")
    assert s.current_player == 0 and phase(s) == "refill"
    assert side(s, "senators", 1, viewer=0)["face_down"] == 1
    play(s, "draw influence")
    assert s.current_player == 1 and phase(s) == "place"


@pytest.mark.parametrize("piles, choices, hand", [
    ({"influence": "", "action": "spy"}, {"draw action"}, 2),
    ({"influence": "3", "action": ""}, {"draw influence"}, 2),
    ({"influence": "", "action": ""}, None, 1),
])
def test_C17_vetoer_draw_with_empty_piles(piles, choices, hand):
    s = position(hands=("3 4 5 scout assassin", "1 veto"), board={"senators": ("", "2 up 4")},
                 piles=(None, piles), voc_deck="orgy")
    play(s, "assassin 4 senators", "veto")
    if choices is None:
        assert s.current_player == 0 and phase(s) == "place", "both piles empty: no draw"
    else:
        assert s.current_player == 1 and legal(s) == choices
        play(s, *choices)
    assert seat(s, 1)["hand_size"] == hand


# -- C18 ---------------------------------------------------------------------------------------


def test_C18_refill_one_card_at_a_time_from_the_chosen_pile():
    piles = ({"influence": "1 2 3", "action": "spy veto"}, None)
    s = position(hands=("3 4", ""), piles=piles, voc_deck="orgy")
    play(s, "down 3 senators")
    assert phase(s) == "refill" and legal(s) == {"draw influence", "draw action"}
    events = play(s, "draw action")
    assert (events[0].pile, events[0].card) == ("action", "spy")
    assert events[0].seen_by(1).card is None and events[0].seen_by(1).pile == "action"
    play(s, "draw influence", "draw influence")
    assert seat(s, 0)["hand_size"] == 4 and phase(s) == "refill"
    play(s, "draw influence")
    assert s.observe(0)["seats"][0]["hand"] == ["1", "2", "3", "4", "spy"]
    assert phase(s) == "after-refill", "holding an action card: the optional action decision"


def test_C18_one_empty_pile_one_choice_both_empty_hand_stays_short():
    piles = ({"influence": "1", "action": "spy veto"}, None)
    s = position(hands=("3", ""), piles=piles, voc_deck="orgy")
    play(s, "down 3 senators")
    assert legal(s) == {"draw influence", "draw action"}
    play(s, "draw influence")
    assert legal(s) == {"draw action"}, "the influence pile is empty: a decision with one choice"
    play(s, "draw action", "draw action")
    assert seat(s, 0)["hand_size"] == 3, "both piles empty: the hand stays short"
    assert phase(s) == "after-refill"
    play(s, "done")
    assert s.current_player == 1


def test_C18_action_after_the_refill_refills_again():
    s = position(hands=("3 4 5 1 spy", "1 2"), voc_deck="orgy")
    play(s, "down 3 senators", "done", "draw influence")
    play(s, "spy", "allow", "take 2", "draw influence")
    assert s.current_player == 0 and phase(s) == "refill" and seat(s, 0)["hand_size"] == 4
    play(s, "draw influence")
    assert s.current_player == 1


# -- C19 ---------------------------------------------------------------------------------------


def test_C19_exceptional_votes_at_eight_cards_in_board_order_before_the_flip():
    board = {"senators": ("1 1 1", "1 1 1 1"), "praetors": ("3 3 3", "4 4 4 4")}
    s = position(hands=("5 5 2", ""), board=board, voc_deck="orgy praetors")
    play(s, "up 5 praetors", "up 5 senators")   # placed in reverse board order
    events = draw_until(s)
    votes = of(events, "VoteHeld")
    assert names(events)[-4:] == ["CardDrawn", "VoteHeld", "VoteHeld", "VoCFlipped"]
    assert [(v.group, v.exceptional) for v in votes] == [("senators", True), ("praetors", True)]
    assert votes[0].sums == (8, 4) and votes[0].winner == 0
    assert votes[1].sums == (14, 16) and votes[1].winner == 1
    assert of(events, "VoCFlipped")[0].card == "orgy"
    assert s.current_player == 1, "no decision between the votes"
    assert s.observe(None)["groups"][0]["won"] == [1, 0]
    assert s.observe(None)["groups"][1]["won"] == [0, 1]


def test_C19_a_tied_exceptional_vote_keeps_the_eight_cards_and_votes_again():
    board = {"quaestors": ("2 2 2 2", "up 2 2 2 2")}
    s = position(hands=("3 4", "3 4"), board=board, voc_deck="orgy orgy")
    events = play(s, "down 3 senators") + draw_until(s)
    vote = of(events, "VoteHeld")[0]
    assert (vote.group, vote.exceptional, vote.winner, vote.sums) == ("quaestors", True, None, (8, 8))
    assert side(s, "quaestors", 0)["face_up"] == ["2", "2", "2", "2"]
    events = play(s, "down 3 senators") + draw_until(s)
    assert [v.group for v in of(events, "VoteHeld")] == ["quaestors"]


def _senators_at_eight(caesar_hand="1", **kw):
    """Cleopatra's 2 makes the Senators 8 cards: 1 1 1 2 (5) against Caesar's 2 5 1 1 (9)."""
    s = position(hands=("2 3 4 5 assassin", caesar_hand), board={"senators": ("1 1 1", "2 5 1 1")},
                 voc_deck="orgy", **kw)
    play(s, "down 2 senators", "done", "draw influence", "done")
    return s


def test_C19_an_assassin_during_an_exceptional_vote_changes_its_winner():
    s = _senators_at_eight()
    # The vote's cards are revealed; before the count Cleopatra may play her action card.
    assert phase(s) == "vote-action" and s.current_player == 0
    assert s.observe(None)["voting"] == "senators"
    assert side(s, "senators", 1) == {"face_up": ["1", "1", "2", "5"], "face_down": 0}
    assert legal(s) == {"assassin 1 senators", "assassin 2 senators", "assassin 5 senators", "done"}
    events = play(s, "assassin 5 senators", "allow")
    vote = of(events, "VoteHeld")[0]
    assert (vote.group, vote.exceptional, vote.sums, vote.winner) == ("senators", True, (5, 4), 0)
    assert names(events).index("InfluenceRemoved") < names(events).index("VoteHeld")
    # C18: she refills after that vote, then the VoC card and Caesar's turn.
    assert phase(s) == "refill" and s.current_player == 0 and "voting" not in s.observe(None)
    events = draw_until(s)
    assert names(events)[-1] == "VoCFlipped" and s.current_player == 1
    assert s.observe(None)["groups"][0]["won"] == [1, 0]
    check_consistent(s)


def test_C19_the_reveal_comes_before_the_decision_and_done_counts_the_vote():
    s = position(hands=("2 3 4 5 assassin", "1"), board={"senators": ("1 1 1", "2 5 1 1")},
                 voc_deck="orgy")
    events = play(s, "down 2 senators", "done", "draw influence", "done")
    assert names(events)[-1] == "VoteRevealed"
    assert events[-1].group == "senators" and events[-1].cards == (("1", "1", "1", "2"), ("1", "1", "2", "5"))
    events = play(s, "done")
    vote = of(events, "VoteHeld")[0]
    assert vote.sums == (5, 9) and vote.winner == 1 and s.current_player == 1
    assert "voting" not in s.observe(None)


def test_C19_the_veto_window_applies_during_the_vote():
    s = _senators_at_eight(caesar_hand="1 veto")
    events = play(s, "assassin 5 senators", "veto", "draw influence")
    vote = of(events, "VoteHeld")[0]
    assert vote.sums == (5, 9) and vote.winner == 1, "the vetoed Assassin changed nothing"
    assert phase(s) == "refill" and s.current_player == 0, "Cleopatra refills after the vote"


def test_C19_no_window_once_the_turns_action_card_is_used_or_without_one():
    s = position(hands=("2 3 4 scout assassin", "1"), board={"senators": ("1 1 1", "2 5 1 1"),
                                                             "praetors": ("", "3")},
                 voc_deck="orgy")
    events = play(s, "scout praetors", "allow", "down 2 senators") + draw_until(s)
    assert "VoteRevealed" not in names(events) and of(events, "VoteHeld")[0].winner == 1
    assert s.current_player == 1
    t = position(hands=("2 3 4 5 1", "1"), board={"senators": ("1 1 1", "2 5 1 1")}, voc_deck="orgy")
    events = play(t, "down 2 senators") + draw_until(t)
    assert "VoteRevealed" not in names(events) and t.current_player == 1


def test_C19_a_wrath_during_the_vote_leaves_nothing_to_count():
    s = position(hands=("2 3 4 5 wrath", "1"), board={"senators": ("1 1 1", "2 5 1 1")},
                 voc_deck="orgy")
    play(s, "down 2 senators", "done", "draw influence", "done")
    events = play(s, "wrath senators", "allow")
    vote = of(events, "VoteHeld")[0]
    assert vote.sums == (0, 0) and vote.winner is None
    assert s.observe(None)["groups"][0]["won"] == [0, 0]


def test_C19_castling_during_the_vote_cards_are_revealed_again_for_the_count():
    s = position(hands=("2 3 4 5 castling", "1"), board={"senators": ("1 1 1", "2 5 1 1"),
                                                         "praetors": ("4", "")},
                 voc_deck="orgy")
    play(s, "down 2 senators", "done", "draw influence", "done", "castling senators praetors", "allow")
    assert phase(s) == "castling"
    # Cleopatra moves her 1 1 1 2 and her face-down 4: the 4 to the Senators, the rest away.
    events = play(s, "castle 4 senators", "castle 1 praetors", "castle 1 praetors", "castle 1 praetors",
                  "castle 2 praetors")
    vote = of(events, "VoteHeld")[0]
    assert vote.cards == (("4",), ("1", "1", "2", "5")) and vote.sums == (4, 9) and vote.winner == 1
    assert side(s, "praetors", 0)["face_down"] == 4
    check_consistent(s)


def test_C19_each_group_at_eight_votes_in_board_order_when_its_turn_comes():
    # The window opens at the first group at 8; after it the next group votes without one.
    board = {"senators": ("1 1 1", "2 5 1 1"), "praetors": ("3 3 3 3", "4 4 4 4")}
    s = position(hands=("2 3 4 5 assassin", "1"), board=board, voc_deck="orgy")
    play(s, "down 2 senators", "done", "draw influence", "done")
    assert s.observe(None)["voting"] == "senators"
    events = play(s, "assassin 5 senators", "allow") + draw_until(s)
    assert [(v.group, v.winner) for v in of(events, "VoteHeld")] == [("senators", 0), ("praetors", 1)]


def test_C19_a_group_before_the_vote_that_a_castling_fills_waits_for_a_later_turn():
    # Board order is kept: the Quaestors vote; a Castling in their window brings the Senators,
    # earlier in the order, to 8; they vote at a later turn, not this one.
    s = position(hands=("5 2 3 4 castling", "1"), board={"senators": ("1 1 1", "2 2 2 2"),
                                                         "quaestors": ("4 4", "3 3 3 3 3")},
                 voc_deck="orgy orgy")
    play(s, "down 5 quaestors", "done", "draw influence", "done")
    assert s.observe(None)["voting"] == "quaestors"
    events = play(s, "castling senators quaestors", "allow", "castle 4 senators", "castle 1 senators",
                  "castle 1 senators", "castle 1 senators", "castle 4 quaestors", "castle 5 quaestors")
    events += draw_until(s)
    assert [v.group for v in of(events, "VoteHeld")] == ["quaestors"]
    assert s.current_player == 1 and sum(side(s, "senators", p)["face_down"] for p in (0, 1)) == 8


# -- C20 ---------------------------------------------------------------------------------------


def _one_turn(s) -> list:
    return play(s, "down 1 senators") + draw_until(s)


def test_C20_group_card_votes_and_goes_to_the_discard():
    s = position(hands=("1 2", ""), board={"praetors": ("4", "3")}, voc_deck="praetors orgy",
                 voc_discard=None)
    before = s.observe(None)["voc"]
    assert before["deck"] == ["orgy", "orgy-reshuffle", "praetors"]
    events = _one_turn(s)
    assert names(events)[-2:] == ["VoCFlipped", "VoteHeld"]
    assert of(events, "VoteHeld")[0].group == "praetors" and not of(events, "VoteHeld")[0].exceptional
    voc = s.observe(None)["voc"]
    assert voc["deck"] == ["orgy", "orgy-reshuffle"] and voc["discard"][-1] == "praetors"


def test_C20_plain_orgy_no_vote():
    s = position(hands=("1 2", ""), board={"praetors": ("4", "3")}, voc_deck="orgy praetors")
    events = _one_turn(s)
    assert of(events, "VoCFlipped")[0].card == "orgy" and not of(events, "VoteHeld")
    assert s.observe(None)["voc"]["discard"][-1] == "orgy"
    assert s.observe(None)["groups"][1]["won"] == [0, 0]


@pytest.mark.parametrize("orgies", [3, 2])
def test_C20_orgy_and_reshuffle_makes_a_new_deck(orgies):
    s = position(cc(orgies=orgies), hands=("1 2", ""), voc_deck="orgy-reshuffle")
    assert len(s.observe(None)["voc"]["discard"]) == 4 + orgies
    events = _one_turn(s)
    assert names(events)[-2:] == ["VoCFlipped", "VoCReshuffled"] and not of(events, "VoteHeld")
    assert events[-1].deck_size == 5 + orgies
    voc = s.observe(None)["voc"]
    assert voc["discard"] == [] and len(voc["deck"]) == 5 + orgies
    assert "orgy-reshuffle" in voc["deck"]


def test_C20_the_set_left_in_the_deck_is_public_not_its_order():
    a = position(voc_deck="senators praetors")
    b = position(voc_deck="praetors senators")
    assert a.observe(None)["voc"] == b.observe(None)["voc"]
    assert a.observe(0) == b.observe(0) and a.observe(1) == b.observe(1)
    assert a.observe(None)["voc"]["deck"] == ["orgy-reshuffle", "praetors", "senators"]


# -- C21 ---------------------------------------------------------------------------------------


def test_C21_passive_turn_discard_and_draw_as_many_from_one_pile_no_voc_flip():
    s = position(hands=("1 2 3 spy veto", "1"), board={"senators": ("4", "5")},
                 voc_deck="senators")
    deck = s.observe(None)["voc"]
    play(s, "passive")
    assert phase(s) == "passive-discard"
    assert legal(s) == {"discard 1", "discard 2", "discard 3", "discard spy", "discard veto", "done"}
    events = play(s, "discard 1", "discard spy", "done")
    assert names(events) == ["CardDiscarded", "CardDiscarded", "PassiveTurn"]
    assert [(e.card, e.reason) for e in of(events, "CardDiscarded")] == [("1", "passive"),
                                                                          ("spy", "passive")]
    assert (events[-1].player, events[-1].exchanged) == (0, 2)
    # One decision: both cards come from the pile chosen.
    assert phase(s) == "passive-draw" and legal(s) == {"draw influence", "draw action"}
    events = play(s, "draw action")
    assert [(e.pile, e.player) for e in events] == [("action", 0), ("action", 0)]
    assert s.current_player == 1 and seat(s, 0)["hand_size"] == 5
    assert s.observe(0)["seats"][0]["hand"].count("1") == 0
    assert s.observe(None)["voc"] == deck, "a passive turn flips no VoC card"
    assert side(s, "senators", 0)["face_down"] == 1 and seat(s, 0)["discard"] == {"1": 1, "spy": 1}


def test_C21_a_short_pile_gives_the_rest_from_the_other():
    s = position(hands=("1 2 3", "1"), piles=({"influence": "4 5 2", "action": "spy"}, None))
    play(s, "passive", "discard 1", "discard 2", "done")
    events = play(s, "draw action")
    assert [(e.pile, e.card) for e in events] == [("action", "spy"), ("influence", "4")]
    assert s.observe(0)["seats"][0]["hand"] == ["3", "4", "spy"]


def test_C21_pure_pass():
    s = position(hands=("1 2 3", "1"), voc_deck="senators")
    before = s.observe(0)["seats"][0]["hand"]
    events = play(s, "passive", "done")
    assert names(events) == ["PassiveTurn"] and events[0].exchanged == 0
    assert s.observe(0)["seats"][0]["hand"] == before
    assert s.current_player == 1 and s.observe(None)["pure_passes"] == 1


def test_C21_passive_draws_stop_when_both_piles_are_empty():
    s = position(hands=("1 2 3", "1"), piles=({"influence": "4", "action": ""}, None))
    events = play(s, "passive", "discard 1", "discard 2", "done")
    assert events[-1].exchanged == 2
    assert legal(s) == {"draw influence"}, "one pile empty: a decision with one choice (C18)"
    turn = events[-1]
    events = play(s, "draw influence")
    assert names(events) == ["CardDrawn"]
    assert seat(s, 0)["hand_size"] == 2 and s.current_player == 1
    # The narration counts the discards, and the one card drawn back on its own line.
    told = [terminal.narrate(e.seen_by(1), 1).text for e in (turn, *events)]
    assert told == ["Cleopatra took a passive turn and discarded 2 cards.",
                    "Cleopatra drew a card from the influence pile."]
    t = position(hands=("1 2 3", "1"), piles=({"influence": "", "action": ""}, None))
    events = play(t, "passive", "discard 1", "done")
    assert names(events)[-1] == "PassiveTurn" and t.current_player == 1, "both empty: no draw"
    assert seat(t, 0)["hand_size"] == 2


def test_C21_passive_turn_only_before_committing_to_an_active_turn():
    s = position(hands=("1 2 3 scout", ""), board={"senators": ("", "4")}, voc_deck="orgy")
    assert "passive" in legal(s)
    play(s, "scout senators", "allow")
    assert "passive" not in legal(s)
    t = position(hands=("1 2 3", ""), voc_deck="orgy")
    play(t, "up 1 senators")
    assert "passive" not in legal(t)


# -- C22 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("turns", [None, 2, 4, 6, 8])
def test_C22_stalemate_after_consecutive_pure_passes(turns):
    game = cc() if turns is None else cc(stalemate_turns=turns)
    n = turns or 4
    s = position(game, hands=("1 2", "3 4"), won={"senators": (2, 0)})
    for i in range(n - 1):
        play(s, "passive", "done")
        assert not s.is_terminal and s.observe(None)["pure_passes"] == i + 1
    events = play(s, "passive", "done")
    assert s.is_terminal and names(events)[-1] == "GameOver"
    assert "stalemate" in s.observe(None)["end_reason"]
    # two Senators, every one awarded so far (C32: +1)
    assert s.scores()[0] == 3 and s.returns() == [1.0, -1.0]


def test_C22_an_active_turn_resets_the_pure_pass_count():
    s = position(hands=("1 2", "3 4"), pure_passes=3, voc_deck="orgy orgy")
    play(s, "down 1 senators")
    draw_until(s)
    assert s.observe(None)["pure_passes"] == 0 and not s.is_terminal
    for _ in range(3):
        play(s, "passive", "done")
    assert not s.is_terminal
    play(s, "passive", "done")
    assert s.is_terminal


def test_C22_an_exchange_is_progress_and_resets_the_count():
    s = position(hands=("1 2", "3 4"), pure_passes=3, voc_deck="orgy orgy")
    play(s, "passive", "discard 1", "done", "draw influence")
    assert not s.is_terminal and s.observe(None)["pure_passes"] == 0
    for i in range(3):
        play(s, "passive", "done")
        assert s.observe(None)["pure_passes"] == i + 1
    play(s, "passive", "discard 2", "done", "draw influence")   # Cleopatra exchanges: back to 0
    assert not s.is_terminal and s.observe(None)["pure_passes"] == 0
