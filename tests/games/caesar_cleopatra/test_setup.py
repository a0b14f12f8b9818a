"""Components and setup of Caesar & Cleopatra, classic edition (rules C1-C11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import ludus

from .helpers import GROUPS, cc, legal, names, of, play, position, seat, setup, side

ALL_ACTION_CARDS = {"assassin": 4, "spy": 2, "castling": 2, "scout": 2, "wrath": 1, "veto": 2}


def _owned(game, who: str) -> Counter:
    return Counter(card for owner, card in game.all_cards() if owner == who)


def _seat_cards(state, who: str) -> Counter:
    """Every card of one seat, wherever it lies (from the true zones)."""
    return Counter(card for cards in state.zones().values() for owner, card in cards if owner == who)


# -- components (C1-C5) ----------------------------------------------------------------------


def test_C1_five_groups_in_board_order_with_21_patricians():
    state = cc().new_state(seed=0)
    groups = state.observe(None)["groups"]
    assert [g["name"] for g in groups] == list(GROUPS)
    assert [g["size"] for g in groups] == [5, 5, 5, 3, 3]
    assert [g["patricians_left"] for g in groups] == [5, 5, 5, 3, 3]
    patricians = Counter(card for owner, card in cc().all_cards() if owner == "patrician")
    assert patricians == {"senators": 5, "praetors": 5, "quaestors": 5, "censors": 3, "aediles": 3}
    assert sum(patricians.values()) == 21
    # Interchangeable: a won patrician is only a count per group.
    s = position(won={"senators": (2, 1)})
    assert s.observe(None)["groups"][0]["won"] == [2, 1]
    assert s.observe(None)["groups"][0]["patricians_left"] == 2


def test_C2_each_influence_deck_is_seven_of_each_value_and_two_philosophers():
    game = cc()
    expected = {"P": 2, "1": 7, "2": 7, "3": 7, "4": 7, "5": 7}
    for who in ("cleopatra", "caesar"):
        influence = {c: n for c, n in _owned(game, who).items() if c not in ALL_ACTION_CARDS}
        assert influence == expected
        assert sum(influence.values()) == 37
    # ... and a dealt game holds exactly those cards for each seat.
    state, _ = setup(seed=3)
    for who in ("cleopatra", "caesar"):
        held = _seat_cards(state, who)
        assert {c: n for c, n in held.items() if c not in ALL_ACTION_CARDS} == expected


def test_C3_each_action_deck_is_thirteen_cards():
    game = cc()
    for who in ("cleopatra", "caesar"):
        actions = {c: n for c, n in _owned(game, who).items() if c in ALL_ACTION_CARDS}
        assert actions == ALL_ACTION_CARDS
        assert sum(actions.values()) == 13
    s = cc(action_deck="shuffled").new_state(seed=0)
    assert [seat(s, p)["action_pile"] for p in (0, 1)] == [13, 13]
    s = cc().new_state(seed=0)   # arranged: all 13 still to be ordered
    assert seat(s, 0, viewer=0)["unarranged"] == ALL_ACTION_CARDS


@pytest.mark.parametrize("orgies, plain", [(3, 2), (2, 1)])
def test_C4_vote_of_confidence_deck_and_orgies_option(orgies, plain):
    game = cc(orgies=orgies)
    state = game.new_state(seed=1)
    deck = state.observe(None)["voc"]["deck"]
    assert Counter(deck) == Counter(list(GROUPS) + ["orgy"] * plain + ["orgy-reshuffle"])
    assert len(deck) == 5 + orgies
    assert Counter(c for o, c in game.all_cards() if o == "voc") == Counter(deck)


def test_C5_bonus_goals_six_cards_and_plus_two_at_three_patricians():
    bonus_cards = Counter(c for o, c in cc().all_cards() if o == "bonus")
    assert bonus_cards == {"senators": 2, "praetors": 2, "quaestors": 2}
    # Three Senators won: bonus met (+2). 3 + 1 (every Senator awarded so far, C32) + 2.
    met = position(won={"senators": (3, 0)}, bonus=("senators", "praetors"))
    assert met.points(0) == 6
    assert met.points(0, with_bonus=False) == 4
    # Two Praetors won: not met (2 + 1 for every Praetor awarded so far).
    short = position(won={"praetors": (0, 2)}, bonus=("senators", "praetors"))
    assert short.points(1) == 3
    # The goal counts only the named group: 3 Quaestors do not meet a Senators goal.
    other = position(won={"quaestors": (3, 0)}, bonus=("senators", "senators"))
    assert other.points(0) == 4


# -- setup (C6-C11) --------------------------------------------------------------------------


def test_C6_voc_deck_is_shuffled_by_the_seed():
    orders = [tuple(cc().new_state(seed=seed).voc_deck) for seed in range(12)]
    assert len(set(orders)) > 6, "the VoC deck order should depend on the seed"
    assert tuple(cc().new_state(seed=5).voc_deck) == orders[5], "same seed, same order"
    assert all(Counter(o) == Counter(orders[0]) for o in orders)


def test_C7_two_sets_aside_and_27_cards_shuffled_into_the_pile():
    piles = set()
    for seed in range(4):
        s = cc(action_deck="shuffled").new_state(seed=seed)
        for p in (0, 1):
            assert s.observe(p)["seats"][p]["hand"] == ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5"]
            assert seat(s, p)["influence_pile"] == 27
            assert Counter(s.inf_pile[p]) == {0: 2, 1: 5, 2: 5, 3: 5, 4: 5, 5: 5}
            piles.add(tuple(s.inf_pile[p]))
    assert len(piles) == 8, "each seat's pile is shuffled on its own"


def test_C8_arranged_action_pile_order_is_chosen_and_private():
    game = cc()
    order0 = ["veto", "spy", "assassin", "castling", "veto", "assassin", "scout", "wrath",
              "assassin", "spy", "castling", "scout", "assassin"]
    order1 = sorted(order0)
    s = game.new_state(seed=2)
    seen = []
    # Setup order: Cleopatra arranges (13 decisions), then Caesar; then the openings.
    for p, order in ((0, order0), (1, order1)):
        for i, card in enumerate(order):
            assert s.current_player == p and s.observe(None)["phase"] == "arrange"
            assert all(a.startswith("arrange") for a in legal(s))
            events = play(s, f"arrange {card}")
            seen += events
            # The opponent and spectators see that a card was arranged, not which.
            assert events[0].seen_by(1 - p).card is None and events[0].seen_by(None).card is None
            assert events[0].seen_by(p).card == card
            assert s.observe(p)["seats"][p]["action_pile_order"] == order[:i + 1]
            assert "action_pile_order" not in s.observe(1 - p)["seats"][p]
    assert s.observe(None)["phase"] == "opening" and s.current_player == 0
    with pytest.raises(ludus.IllegalAction):
        play(s, "arrange spy")
    for p in (0, 1):
        for v in "12345":
            assert s.current_player == p
            play(s, f"open {v}")
    # Nobody may look at a pile afterwards, but the owner knows its own order.
    assert s.observe(0)["seats"][0]["action_pile_order"] == order0
    # Drawing from the action pile gives the cards in the chosen order (top first).
    play(s, "down 1 senators")
    assert play(s, "draw action")[0].card == "veto"
    assert s.current_player == 0 and s.observe(None)["phase"] == "after-refill"
    # The own order survives resampling (it is the seat's knowledge); the opponent's does not.
    worlds = [s.resample(0, random.Random(r)) for r in range(20)]
    assert all(w.act_pile[0] == s.act_pile[0] for w in worlds)
    assert len({tuple(w.act_pile[1]) for w in worlds}) > 1


def test_C8_shuffled_action_deck_skips_arranging():
    s = cc(action_deck="shuffled").new_state(seed=2)
    assert s.observe(None)["phase"] == "opening"
    assert legal(s) == {f"open {v}" for v in "12345"}
    assert "action_pile_order" not in s.observe(0)["seats"][0]
    orders = {tuple(cc(action_deck="shuffled").new_state(seed=k).act_pile[0]) for k in range(6)}
    assert len(orders) > 1
    # The seat cannot know the order of a shuffled pile: resampling reshuffles it.
    s, _ = setup(cc(action_deck="shuffled"), seed=2)
    assert len({tuple(s.resample(0, random.Random(r)).act_pile[0]) for r in range(10)}) > 1


def test_C9_one_secret_bonus_goal_each_others_out_unseen():
    goals = set()
    for seed in range(10):
        s = cc().new_state(seed=seed)
        assert sorted(s.bonus + s.bonus_out) == [0, 0, 1, 1, 2, 2]
        assert len(s.bonus_out) == 4
        goals.add(tuple(s.bonus))
        for p in (0, 1):
            assert s.observe(p)["seats"][p]["bonus_goal"] == GROUPS[s.bonus[p]]
            assert "bonus_goal" not in s.observe(p)["seats"][1 - p]
            assert "bonus_goal" not in s.observe(None)["seats"][p]
        assert "bonus out" not in str(s.observe(0)) and "bonus_out" not in str(s.observe(0))
    assert len(goals) > 2


def test_C10_opening_cards_one_value_per_group_in_board_order_hidden():
    s = cc(action_deck="shuffled").new_state(seed=4)
    assert s.current_player == 0
    assert legal(s) == {f"open {v}" for v in "12345"}
    events = play(s, "open 4")
    assert names(events) == ["OpeningCardPlaced"]
    assert events[0].group == "senators" and events[0].value == "4"
    assert events[0].seen_by(1).value is None and events[0].seen_by(None).value is None
    assert side(s, "senators", 0, viewer=0)["face_down_values"] == ["4"]
    assert side(s, "senators", 0, viewer=1) == {"face_up": [], "face_down": 1}
    assert legal(s) == {"open 1", "open 2", "open 3", "open 5"}, "each value once"
    play(s, "open 2", "open 5", "open 1", "open 3")
    assert [side(s, g, 0, viewer=0)["face_down_values"] for g in GROUPS] == [
        ["4"], ["2"], ["5"], ["1"], ["3"]]
    assert s.observe(0)["seats"][0]["hand"] == ["1", "2", "3", "4", "5"]
    # Then Caesar places his five.
    assert s.current_player == 1 and legal(s) == {f"open {v}" for v in "12345"}
    play(s, "open 1", "open 2", "open 3", "open 4", "open 5")
    assert s.observe(1)["seats"][1]["hand"] == ["1", "2", "3", "4", "5"]
    for g in GROUPS:
        assert side(s, g, 1, viewer=0) == {"face_up": [], "face_down": 1}


def test_C11_cleopatra_takes_the_first_turn_then_turns_alternate():
    s, _ = setup(cc(action_deck="shuffled"), seed=1)
    o = s.observe(None)
    assert (s.current_player, o["active"], o["phase"], o["turn"]) == (0, 0, "place", 1)
    play(s, "down 1 senators")
    while s.active == 0:
        play(s, s.legal_actions()[-1] if "done" in legal(s) else s.legal_actions()[0])
    assert s.current_player == 1 and s.observe(None)["turn"] == 2
    play(s, "passive", "done")
    assert s.current_player == 0 and s.observe(None)["turn"] == 3
    assert of(play(s, "passive", "done"), "PassiveTurn")[0].player == 0
    assert s.current_player == 1
