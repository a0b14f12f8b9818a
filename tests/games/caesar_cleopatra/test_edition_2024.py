"""The 2024 edition (``edition="2024"``): rules N1-N10, each with its scenarios, and the worked
example of the official fragment of its rule book. Where a 2024 point is not in N1-N10 the classic
rule stands; the classic tests cover those rules.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

import ludus
from ludus.core.narration import Line
from ludus.games.caesar_cleopatra import terminal
from ludus.games.caesar_cleopatra.cards import ACTION_NAMES, START_CARD_2024

from .helpers import GROUPS, cc, check_consistent, draw_until, legal, names, of, play, position, seat, side

START = ACTION_NAMES[START_CARD_2024]   # the start card (provisionally the Veto, N4)
ALL_ACTION_CARDS = {"assassin": 4, "spy": 2, "castling": 2, "scout": 2, "wrath": 1, "veto": 2}


def cc24(**options):
    return cc(edition="2024", **options)


def pos(**kw):
    """A 2024 position; ``options`` (a dict) adds other options."""
    return position({"edition": "2024", **kw.pop("options", {})}, **kw)


def phase(state) -> str:
    return state.observe(None)["phase"]


def bag(state) -> dict:
    return state.observe(None)["bust_bag"]


def placements(state) -> set[str]:
    return {a for a in legal(state) if a.split()[0] in ("down", "up")}


def hand_size(state, p: int) -> int:
    return seat(state, p)["hand_size"]


def opening(state) -> list:
    """Play both openings (1-5 in board order); return the events."""
    events = []
    for _ in range(10):
        events += play(state, f"open {sorted(legal(state))[0].split()[1]}")
    return events


# -- N1 --------------------------------------------------------------------------------------


def test_N1_hand_of_six_refilled_after_the_vote_one_card_at_a_time():
    s = pos(hands=("1 2 3 4 5 veto", "1 veto"), board={"senators": ("5", "1")}, next_bust="white")
    events = play(s, "down 3 praetors", "done")
    # The bust and its vote come first; only then the refill, one decision per card.
    assert names(events)[-2:] == ["BustDrawn", "VoteHeld"]
    assert not of(events, "CardDrawn")
    assert phase(s) == "refill" and s.current_player == 0 and hand_size(s, 0) == 5
    assert legal(s) == {"draw influence", "draw action"}
    drawn = play(s, "draw action")
    assert names(drawn) == ["CardDrawn"] and hand_size(s, 0) == 6
    # Back to six: the turn is over, no action decision after the refill (N10).
    assert s.current_player == 1 and phase(s) == "place"
    # Caesar, short of cards, draws five; with an empty pile the draw is a decision with one choice.
    s = pos(to_move=1, hands=("", "2 3"), piles=(None, {"influence": "4 4"}),
            discards=(None, None), next_bust="grey")
    play(s, "down 2 senators", "up 3 praetors")
    assert phase(s) == "refill" and legal(s) == {"draw influence"}
    play(s, "draw influence", "draw influence")
    # Both piles empty: the hand stays short and the turn ends (C18's rule).
    assert hand_size(s, 1) == 2 and s.current_player == 0


def test_N1_a_dealt_game_starts_with_six_cards_in_hand():
    s = cc24().new_state(seed=4)
    assert phase(s) == "opening", "no arranging in 2024 (N4)"
    opening(s)
    for p in (0, 1):
        assert hand_size(s, p) == 6
        assert seat(s, p, viewer=p)["hand"] == ["1", "2", "3", "4", "5", START]


# -- N2 --------------------------------------------------------------------------------------


def test_N2_one_card_down_and_or_one_up():
    s = pos(hands=("3 veto", ""), next_bust="grey")
    # One influence card is enough for either kind (the classic needs two for face up).
    assert placements(s) == {f"{k} 3 {g}" for k in ("down", "up") for g in GROUPS}
    # Down first, then optionally one up: here no influence card is left, so the turn goes on.
    one = s.clone()
    play(one, "up 3 senators")
    assert phase(one) == "after-place", "a Veto in hand: the optional action step (nothing to play)"
    assert legal(one) == {"done"}

    s = pos(hands=("1 2 3 4 5 veto", ""), next_bust="grey")
    down_first = s.clone()
    play(down_first, "down 3 senators")
    assert phase(down_first) == "add-up"
    assert legal(down_first) == {f"up {v} {g}" for v in "1245" for g in GROUPS} | {"done"}
    with pytest.raises(ludus.IllegalAction, match="only be face up"):
        play(down_first, "down 4 praetors")
    play(down_first, "up 4 senators")     # the two may go to the same group
    assert side(down_first, "senators", 0, viewer=1) == {"face_up": ["4"], "face_down": 1}
    assert phase(down_first) == "after-place"
    with pytest.raises(ludus.IllegalAction, match="placement is over"):
        play(down_first, "up 5 praetors")  # never a third card

    up_first = s.clone()
    play(up_first, "up 5 praetors")
    assert phase(up_first) == "add-down"
    assert placements(up_first) == {f"down {v} {g}" for v in "1234" for g in GROUPS}
    with pytest.raises(ludus.IllegalAction, match="only be face down"):
        play(up_first, "up 4 praetors")
    play(up_first, "down 1 aediles")
    assert side(up_first, "praetors", 0, viewer=1)["face_up"] == ["5"]
    assert side(up_first, "aediles", 0, viewer=1)["face_down"] == 1

    only_one = s.clone()   # one card alone is a whole placement
    play(only_one, "up 5 praetors", "done")
    assert phase(only_one) == "refill"


def test_N2_limits_stay_five_a_side_and_eight_a_group():
    s = pos(hands=("1 2 3 4 5 veto", ""),
            board={"senators": ("1 1 1 up 2", ""),      # Cleopatra: room for one more
                   "praetors": ("3 3 3", "4 4 4 4"),    # 7 at the group: room for one
                   "censors": ("5 5 5 up 5 5", "")},    # full side
            next_bust="grey")
    assert {a.split()[2] for a in placements(s)} == {"senators", "praetors", "quaestors", "aediles"}
    play(s, "down 1 senators")
    assert {a.split()[2] for a in placements(s)} == {"praetors", "quaestors", "aediles"}
    play(s, "up 2 quaestors")
    assert side(s, "quaestors", 0)["face_up"] == ["2"]
    # No influence card in hand: no placement, so only the passive turn (C14).
    s = pos(hands=("spy veto", "1"), next_bust="grey")
    assert legal(s) == {"passive"}


# -- N3 --------------------------------------------------------------------------------------


def _n3():
    return pos(hands=("3 4 wrath veto", "1 2 veto"), board={"quaestors": ("", "up 2 5")}, next_bust="grey")


def test_N3_action_card_before_the_placement():
    s = _n3()
    assert "wrath quaestors" in legal(s)
    play(s, "wrath quaestors", "allow")
    assert phase(s) == "place" and s.current_player == 0
    assert "passive" not in legal(s) and not any(a.startswith("wrath") for a in legal(s))
    play(s, "down 3 senators")
    assert phase(s) == "add-up" and "done" in legal(s)
    play(s, "up 4 senators")
    # The turn's action is used: no action step after the placement; on to the vote and bust.
    assert phase(s) == "refill"


def test_N3_action_card_after_the_first_card_ends_the_placement():
    s = _n3()
    play(s, "down 3 senators")
    assert "wrath quaestors" in legal(s), "offered with the second card"
    events = play(s, "wrath quaestors", "allow")
    assert names(events)[-1] == "BustDrawn", "the placement is over: straight to the vote and bust"
    assert phase(s) == "refill" and s.observe(0)["seats"][0]["hand"] == ["4", "veto"]
    # ... and after both cards, the action step.
    s = _n3()
    play(s, "down 3 senators", "up 4 praetors")
    assert phase(s) == "after-place"
    assert legal(s) == {"wrath quaestors", "wrath senators", "wrath praetors", "done"}
    play(s, "wrath quaestors", "allow")
    assert phase(s) == "refill"
    # Never between the two cards: after an action card no second card is offered.
    s = _n3()
    play(s, "up 4 praetors", "wrath quaestors", "allow")
    with pytest.raises(ludus.IllegalAction):
        play(s, "down 3 senators")


def test_N3_a_vetoing_player_draws_back_to_six_at_once():
    # Caesar holds five cards (his piles are not short): the Veto leaves four; he draws two.
    s = pos(hands=("3 4 wrath veto", "1 2 3 4 veto"), board={"quaestors": ("", "up 2 5")},
            next_bust="grey")
    events = play(s, "wrath quaestors")
    assert s.current_player == 1 and legal(s) == {"veto", "allow"}
    events += play(s, "veto")
    assert phase(s) == "draw-one" and s.current_player == 1 and hand_size(s, 1) == 4
    play(s, "draw influence")
    assert phase(s) == "draw-one" and hand_size(s, 1) == 5
    play(s, "draw action")
    assert hand_size(s, 1) == 6
    # The vetoed card still used up the turn's action (C17); back to Cleopatra's placement.
    assert s.current_player == 0 and phase(s) == "place"
    assert not any(a.startswith("wrath") for a in legal(s))
    assert side(s, "quaestors", 1)["face_up"] == ["2", "5"], "the Wrath was cancelled"


def test_N3_a_spied_player_draws_back_to_six_too():
    s = pos(hands=("3 spy veto", "1 2 3 4 5 veto"), next_bust="grey")
    play(s, "spy", "allow", "take 5")
    assert s.current_player == 1 and phase(s) == "draw-one" and hand_size(s, 1) == 5
    play(s, "draw influence")
    assert s.current_player == 0 and hand_size(s, 1) == 6


# -- N4 --------------------------------------------------------------------------------------


def test_N4_start_veto_and_a_shuffled_pile_of_the_other_twelve():
    game = cc24()
    owned = Counter(card for owner, card in game.all_cards() if owner == "caesar")
    assert {c: n for c, n in owned.items() if c in ALL_ACTION_CARDS} == ALL_ACTION_CARDS
    piles = set()
    for seed in range(4):
        s = game.new_state(seed=seed)
        assert phase(s) == "opening"
        for p in (0, 1):
            zones = s.zones()
            who = ("cleopatra", "caesar")[p]
            pile = [card for _, card in zones[f"{who} action pile"]]
            expected = Counter(ALL_ACTION_CARDS)
            expected[START] -= 1
            assert Counter(pile) == expected and len(pile) == 12
            assert seat(s, p)["action_pile"] == 12 and seat(s, p)["hand_action_cards"] == 1
            assert seat(s, p, viewer=p)["hand"].count(START) == 1
            assert "action_pile_order" not in seat(s, p, viewer=p), "a shuffled pile is unknown"
            piles.add(tuple(pile))
        # Everybody knows the opponent starts with the Veto in hand (the start card is public).
        assert START in seat(s, 1, viewer=0)["hand_known"]
        check_consistent(s)
    assert len(piles) > 4, "the action piles are shuffled"
    # The classic opening stands: one each of 1-5 face down, one per group, chosen by the player.
    s = game.new_state(seed=0)
    for v in "54321":
        play(s, f"open {v}")
    assert [side(s, g, 0, viewer=0)["face_down_values"] for g in GROUPS] == [["5"], ["4"], ["3"], ["2"], ["1"]]


@pytest.mark.parametrize("options, match", [
    ({"action_deck": "shuffled"}, "action_deck"),
    ({"action_deck": "arranged", "orgies": 2}, "orgies"),
    ({"orgies": 2, "action_deck": "shuffled"}, "action_deck and orgies"),
])
def test_N4_classic_only_options_are_refused_with_2024(options, match):
    with pytest.raises(ludus.OptionError, match=match):
        cc24(**options)


def test_N4_options_that_do_apply_to_2024():
    assert cc24(discard_by="totals").options.discard_by == "totals"
    assert cc24(wrath="face-up", philosopher="difference", majority="half", stalemate_turns=6)
    # A record lists every option, defaults included: it replays.
    s = cc24().new_state(seed=1)
    rng = random.Random(1)
    for _ in range(80):
        s.apply(rng.choice(s.legal_actions()))
    again = ludus.replay(json.loads(json.dumps(s.record())))
    assert again.observe(None) == s.observe(None)
    with pytest.raises(ludus.OptionError, match="discard_by"):
        cc(discard_by="totals")


# -- N5 --------------------------------------------------------------------------------------


def test_N5_a_coloured_bust_makes_its_group_vote_and_stays_beside_it():
    s = pos(hands=("1 2 veto", ""), board={"censors": ("4", "3")}, next_bust="pink")
    assert bag(s)["in_bag"] == ["white", "blue", "yellow", "pink", "green", "grey", "black"]
    events = play(s, "down 1 senators", "done")
    drawn = of(events, "BustDrawn")
    assert [(e.player, e.bust) for e in drawn] == [(0, "pink")]
    vote = of(events, "VoteHeld")[0]
    assert vote.group == "censors" and vote.winner == 0 and not vote.exceptional
    assert bag(s)["drawn"] == ["pink"] and "pink" not in bag(s)["in_bag"]
    draw_until(s)
    assert bag(s)["drawn"] == ["pink"], "it stays out of the bag until the black bust"


def test_N5_grey_bust_no_vote_set_aside():
    s = pos(hands=("1 2 veto", ""), board={"censors": ("4", "3")}, drawn="green", next_bust="grey")
    events = play(s, "down 1 senators", "done")
    assert [e.bust for e in of(events, "BustDrawn")] == ["grey"] and not of(events, "VoteHeld")
    assert bag(s)["drawn"] == ["green", "grey"]
    assert bag(s)["in_bag"] == ["white", "blue", "yellow", "pink", "black"]


def test_N5_black_bust_no_vote_and_every_bust_back_into_the_bag():
    s = pos(hands=("1 2 veto", ""), board={"censors": ("4", "3")}, drawn="green grey white",
            next_bust="black")
    events = play(s, "down 1 senators", "done")
    assert names(events)[-2:] == ["BustDrawn", "BustsReturned"] and not of(events, "VoteHeld")
    assert of(events, "BustsReturned")[0].bag_size == 7
    assert bag(s)["drawn"] == [] and len(bag(s)["in_bag"]) == 7


def test_N5_each_draw_is_a_fresh_chance_event():
    seen = Counter()
    for seed in range(60):
        s = pos(seed=seed, hands=("1 veto", ""), drawn="green")
        events = play(s, "down 1 senators", "done")
        seen[of(events, "BustDrawn")[0].bust] += 1
    assert set(seen) == {"white", "blue", "yellow", "pink", "grey", "black"}, seen
    # Deterministic for a seed, and the same draws when replayed.
    game = cc24()
    a, b = game.new_state(seed=7), game.new_state(seed=7)
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not a.is_terminal:
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
        assert a.observe(None) == b.observe(None)


def test_N5_the_bag_is_public_and_resampling_keeps_it():
    s = cc24().new_state(seed=2)
    rng = random.Random(2)
    while s.turn < 6:
        s.apply(rng.choice(s.legal_actions()))
    truth = bag(s)
    assert s.observe(0)["bust_bag"] == s.observe(1)["bust_bag"] == truth
    for p in (0, 1):
        for k in range(10):
            world = s.resample(p, random.Random(k))
            assert bag(world) == truth
            assert sorted(world.zones()["bust bag"]) == sorted(s.zones()["bust bag"])
    assert "voc" not in s.observe(None)


# -- N6 --------------------------------------------------------------------------------------


def test_N6_exhausted_group_loses_its_bust_drawn_beside_it():
    # The pink bust makes the Censors vote; the last Censor is won: the pink bust, standing
    # beside the group, leaves the game.
    s = pos(hands=("1 2 veto", ""), board={"censors": ("4", "3")}, won={"censors": (2, 0)},
            next_bust="pink")
    events = play(s, "down 1 senators", "done")
    exhausted = of(events, "GroupExhausted")
    assert [(e.group, e.bust) for e in exhausted] == [("censors", "pink")]
    assert exhausted[0].to_dict()["bust"] == "pink"
    assert bag(s)["out"] == ["pink"] and "pink" not in bag(s)["drawn"] + bag(s)["in_bag"]


def test_N6_exhausted_group_loses_its_bust_from_the_bag():
    # An exceptional vote (8 cards) exhausts the Aediles while their bust is still in the bag.
    s = pos(hands=("1 2 veto", ""), board={"aediles": ("5 5 5 5", "1 1 1")}, won={"aediles": (2, 0)})
    assert "green" in bag(s)["in_bag"]
    events = play(s, "down 1 aediles", "done", "done")   # the second: no action card in the vote
    assert of(events, "VoteHeld")[0].exceptional and of(events, "GroupExhausted")[0].bust == "green"
    assert names(events).index("GroupExhausted") < names(events).index("BustDrawn")
    assert bag(s)["out"] == ["green"] and "green" not in bag(s)["in_bag"] + bag(s)["drawn"]
    # ... and a black bust later returns every drawn bust but never the green one.
    s = pos(hands=("1 veto", ""), won={"aediles": (3, 0)}, drawn="white grey", next_bust="black")
    assert bag(s)["out"] == ["green"]
    play(s, "down 1 senators", "done")
    assert bag(s)["in_bag"] == ["white", "blue", "yellow", "pink", "grey", "black"]
    with pytest.raises(ValueError, match="out of the game"):
        pos(won={"aediles": (3, 0)}, drawn="green")


# -- N7 --------------------------------------------------------------------------------------


def test_N7_no_bust_on_the_start_players_very_first_turn():
    s = cc24().new_state(seed=5)
    opening(s)
    assert s.current_player == 0 and bag(s)["no_draw_this_turn"]
    events = play(s, "down 1 senators", "done") + draw_until(s)
    assert not of(events, "BustDrawn") and not of(events, "VoteHeld")
    assert len(bag(s)["in_bag"]) == 7 and s.current_player == 1
    assert not bag(s)["no_draw_this_turn"]
    events = play(s, "down 1 senators", "done")
    assert len(of(events, "BustDrawn")) == 1, "Caesar's first turn draws a bust"
    draw_until(s)
    events = play(s, "down 2 senators", "done")
    assert len(of(events, "BustDrawn")) == 1, "and so does Cleopatra's second"


def test_N7_a_passive_first_turn_uses_it_up_too():
    s = cc24().new_state(seed=5)
    opening(s)
    play(s, "passive", "done")
    assert s.current_player == 1 and not bag(s)["no_draw_this_turn"]
    play(s, "passive", "done")
    events = play(s, "down 1 senators", "done")
    assert len(of(events, "BustDrawn")) == 1
    # A position on turn 1 is the start player's first turn; it cannot be Caesar's.
    first = pos(turn=1, hands=("1 veto", ""))
    assert not of(play(first, "down 1 senators", "done"), "BustDrawn")
    with pytest.raises(ValueError, match="turn 1"):
        pos(turn=1, to_move=1)


# -- N8 --------------------------------------------------------------------------------------


def test_N8_worked_example_of_the_fragment():
    """Cleopatra draws the green bust: the Aediles vote. Caesar 3+3+4 = 10, Cleopatra 5+2 = 7:
    Caesar takes the top Aedile and discards his 4; Cleopatra discards her 2."""
    s = pos(hands=("1 2 3 4 5 veto", "1 2 3 4 5 veto"), board={"aediles": ("5 up 2", "3 3 up 4")},
            next_bust="green")
    events = play(s, "down 1 senators", "done")
    assert [e.bust for e in of(events, "BustDrawn")] == ["green"]
    (vote,) = of(events, "VoteHeld")
    assert vote.group == "aediles"
    assert sorted(vote.cards[0]) == ["2", "5"] and sorted(vote.cards[1]) == ["3", "3", "4"]
    assert vote.sums == (7, 10) and vote.winner == 1 and not vote.philosopher
    assert vote.discarded == (("2",), ("4",))
    g = s.observe(None)["groups"][4]
    assert g["won"] == [0, 1] and g["patricians_left"] == 2
    # The other cards stay, face up.
    assert side(s, "aediles", 0) == {"face_up": ["5"], "face_down": 0}
    assert side(s, "aediles", 1) == {"face_up": ["3", "3"], "face_down": 0}
    assert seat(s, 0)["discard"] == {"2": 1} and seat(s, 1)["discard"] == {"4": 1}
    assert bag(s)["drawn"] == ["green"]


@pytest.mark.parametrize("discard_by, discarded", [
    # Cleopatra P+1+5 = 6 against Caesar 3+5 = 8: the Philosopher makes the lower sum win.
    ("outcome", (("5", "P"), ("3",))),   # the winner its highest, the loser its lowest (N8)
    ("totals", (("1", "P"), ("5",))),    # the higher sum its highest, the lower its lowest (C30.5)
])
def test_N8_discard_by_with_a_philosopher(discard_by, discarded):
    options = {} if discard_by == "outcome" else {"discard_by": discard_by}
    s = pos(options=options, hands=("1 veto", ""), board={"senators": ("P 1 5", "3 5")}, next_bust="white")
    (vote,) = of(play(s, "down 1 aediles", "done"), "VoteHeld")
    assert vote.sums == (6, 8) and vote.philosopher and vote.winner == 0
    assert vote.discarded == discarded
    assert s.observe(None)["groups"][0]["won"] == [1, 0]


def test_N8_without_a_philosopher_both_readings_agree():
    for options in ({}, {"discard_by": "totals"}):
        s = pos(options=options, hands=("1 veto", ""), board={"senators": ("2 4", "3 5 1")}, next_bust="white")
        (vote,) = of(play(s, "down 1 aediles", "done"), "VoteHeld")
        assert vote.winner == 1 and vote.discarded == (("2",), ("5",))


def test_N8_ties_change_nothing():
    s = pos(hands=("1 veto", ""), board={"senators": ("2 up 4", "3 3")}, next_bust="white")
    (vote,) = of(play(s, "down 1 aediles", "done"), "VoteHeld")
    assert vote.winner is None and vote.discarded == ((), ())
    assert side(s, "senators", 0)["face_up"] == ["2", "4"]


# -- N9 --------------------------------------------------------------------------------------


def test_N9_passive_turn_draws_no_bust():
    s = pos(hands=("1 2 3 4 5 veto", "1 veto"), drawn="grey")
    before = bag(s)
    events = play(s, "passive", "discard 1", "discard 2", "done", "draw action")
    assert not of(events, "BustDrawn") and of(events, "PassiveTurn")[0].exchanged == 2
    assert bag(s) == before and hand_size(s, 0) == 6 and s.current_player == 1
    assert s.observe(None)["pure_passes"] == 0, "an exchange is not a pure pass (C22)"


def test_N9_end_and_scoring_as_in_the_classic_edition():
    # The 21st patrician ends the game at once, mid-turn: no refill.
    won = {"senators": (3, 2), "praetors": (5, 0), "quaestors": (1, 4), "censors": (2, 1), "aediles": (0, 2)}
    s = pos(hands=("1 veto", ""), won=won, board={"aediles": ("5", "1")}, bonus=("quaestors", "senators"),
            next_bust="green")
    events = play(s, "down 1 aediles", "done")
    assert s.is_terminal and names(events)[-1] == "GameOver"
    # Cleopatra 3+5+1+2+1 = 12 patricians, majorities senators, praetors (+all), censors: 12+3+1 = 16;
    # Caesar 2+0+4+1+2 = 9 patricians, majorities quaestors, aediles: 9+2 = 11; no bonus met.
    assert s.scores() == [16, 11] and s.returns() == [1.0, -1.0]
    # Stalemate guard: the fourth pure pass in a row ends the game.
    s = pos(hands=("1 veto", "1 veto"), pure_passes=3)
    play(s, "passive", "done")
    assert s.is_terminal and "pure passes" in s.observe(None)["end_reason"]


# -- N10 -------------------------------------------------------------------------------------


def test_N10_order_of_an_active_turn():
    """[action] -> placement -> exceptional votes at 8, in board order -> bust -> refill."""
    s = pos(hands=("3 4 5 scout veto", "1 veto"),
            board={"praetors": ("2 2 2", "1 1 1 1"),        # 7: one more makes 8
                   "censors": ("3 3 3", "4 4 4 4"),         # 7: one more makes 8
                   "quaestors": ("", "2")},
            next_bust="white")
    events = play(s, "scout quaestors", "allow", "down 4 censors", "up 5 praetors")
    events += draw_until(s)
    order = [type(e).__name__ for e in events if type(e).__name__ != "InfluenceRemoved"]
    assert order == ["ActionCardPlayed", "ActionAnswered", "CardsRevealed", "InfluencePlaced",
                     "InfluencePlaced", "VoteHeld", "VoteHeld", "BustDrawn", "VoteHeld"] + ["CardDrawn"] * 4
    votes = of(events, "VoteHeld")
    assert [(v.group, v.exceptional) for v in votes] == [("praetors", True), ("censors", True),
                                                         ("senators", False)]
    assert s.current_player == 1 and hand_size(s, 0) == 6


def test_N10_no_action_step_after_the_refill():
    s = pos(hands=("3 veto", ""), piles=({"influence": "", "action": "assassin assassin spy"}, None),
            board={"senators": ("", "up 2")}, next_bust="grey")
    play(s, "down 3 praetors", "done")
    draw_until(s, "action")
    # The drawn Assassin could be played (a face-up 2 is there), but the turn has ended.
    assert s.current_player == 1 and phase(s) == "place"


def test_N10_the_vote_window_then_the_bust_then_the_refill():
    # C19 in 2024: the window comes after the placement's exceptional reveal, before the count;
    # the refill stays at the end of the turn (no extra refill after the vote).
    s = pos(hands=("2 3 4 5 assassin veto", "1"), board={"senators": ("1 1 1", "2 5 1 1")},
            next_bust="grey")
    play(s, "down 2 senators", "done")
    assert phase(s) == "vote-action" and s.observe(None)["voting"] == "senators"
    events = play(s, "assassin 5 senators", "allow")
    assert names(events)[-2:] == ["VoteHeld", "BustDrawn"]
    assert of(events, "VoteHeld")[0].winner == 0 and phase(s) == "refill"
    events = draw_until(s)
    assert len(events) == 2 and hand_size(s, 0) == 6 and s.current_player == 1


def test_N10_C14_an_action_card_first_may_open_the_room_the_placement_needs():
    board = {"senators": ("1 1 1 1 1", ""), "praetors": ("2 2 2 2 2", ""),
             "quaestors": ("3 3 3 3 3", ""), "aediles": ("4 4 4 4", "1 1 1 up 1")}
    s = pos(hands=("5 5 assassin veto", "veto"), board=board, won={"censors": (2, 1)}, next_bust="grey")
    assert "assassin 1 aediles" in legal(s) and not [a for a in legal(s) if a.startswith(("down", "up"))]
    play(s, "assassin 1 aediles", "allow")
    assert legal(s) >= {"down 5 aediles", "up 5 aediles"}
    # vetoed: nothing is placed; the votes, the bust and the refill follow
    t = pos(hands=("5 5 assassin veto", "veto"), board=board, won={"censors": (2, 1)}, next_bust="grey")
    events = play(t, "assassin 1 aediles", "veto")
    while t.current_player == 1:                  # N3: Caesar draws back to six at once
        events += play(t, "draw influence")
    assert "NoPlacement" in names(events) and names(events)[-1] == "BustDrawn"
    assert phase(t) == "refill" and t.current_player == 0


# -- knowledge, notation, terminal -----------------------------------------------------------


def test_2024_positions_stay_consistent_in_random_play():
    for seed in range(4):
        s = pos(seed=seed, hands=("1 2 3 castling spy veto", "P 4 assassin scout wrath veto"),
                board={"senators": ("3 up 5", "2 2 up 1"), "aediles": ("P", "")},
                won={"censors": (2, 1)}, drawn="green grey")
        rng = random.Random(seed)
        for _ in range(250):
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
            check_consistent(s)
            for p in (0, 1):
                world = s.resample(p, rng)
                assert world.observe(p) == s.observe(p)


def test_2024_notation_is_the_classic_notation():
    game = cc24()
    assert game.num_actions == cc().num_actions == 182
    s = pos(hands=("1 2 veto", ""), next_bust="grey")
    for a in s.legal_actions():
        assert game.parse_action(str(a)) == a


def test_2024_terminal_shows_the_bust_bag_and_hand_of_six():
    from rich.console import Console

    s = pos(hands=("1 2 3 4 5 veto", "1 veto"), drawn="white grey", won={"censors": (3, 0)},
            next_bust="green", board={"aediles": ("5 2", "3 3 4")})
    console = Console(width=200, record=True)
    console.print(terminal.render(s.observe(0)))
    text = console.export_text()
    assert "Bust bag (4): blue yellow green black" in text
    assert "drawn: white (beside the Senators), grey (beside the bag)" in text
    assert "out of the game: pink" in text
    assert "bust in the bag" in text and "Vote deck" not in text
    assert "one card face down and/or one face up" in terminal.decision(s.observe(0), s.legal_actions())
    events = play(s, "down 1 senators")
    assert "face up" in terminal.decision(s.observe(0), s.legal_actions())
    events += play(s, "done")
    lines = [terminal.narrate(e.seen_by(1), 1) for e in events]
    assert Line("Cleopatra drew the green bust (Aediles) from the bag: the Aediles vote.", "strong") in lines
    assert terminal.decision(s.observe(0), s.legal_actions()).startswith("Refill your hand to 6")
    first = cc24().new_state(seed=1)
    opening(first)
    console = Console(width=120, record=True)
    console.print(terminal.render(first.observe(0)))
    assert "no bust this turn" in console.export_text()


@pytest.mark.parametrize("edition", ["classic", "2024"])
def test_help_tells_how_a_turn_goes_in_the_games_edition(edition):
    """The terminal's help describes the turn of the edition being played, not the other's."""
    s = ludus.make("caesar-cleopatra", edition=edition).new_state(seed=1)
    text = terminal.help_text(s.observe(0), s.legal_actions())
    words = " ".join(text.split())
    assert ("bust from the bag" in words) == (edition == "2024")
    assert ("refill your hand to 5" in words) == (edition == "classic")
    assert all(len(line) < 80 for line in re.sub(r"\[/?[a-z ]+\]", "", text).splitlines())
