"""Round resolution: reveal and strength (S9), round winners (S10), control (S11), the control
bonus (S12) and the played cards (S13)."""

from __future__ import annotations

from collections import Counter

import pytest

from .helpers import COLOURS, area, hand, of, play, position, under


def resolve(**kwargs):
    """A position whose next draw ends the round (two players, one quiet turn so far); draw it."""
    kwargs.setdefault("hands", {0: [], 1: []})
    kwargs.setdefault("pile", ["orange 1", "orange 2", "orange 3", "orange 4"][:kwargs.pop("pile_size", 4)])
    kwargs.setdefault("regions", 6)       # orange is the sixth region: its cards make the pile
    s = position(quiet=1, **kwargs)
    return s, play(s, "draw")


# -- S9 reveal and strength ------------------------------------------------------------------------

def test_S9_all_regions_are_revealed_in_board_order_with_each_seats_sum():
    s, events = resolve(board={"red": {0: ["red 2", "wild", "red 6"], 1: ["red 5", "red 4"]},
                               "green": {1: ["wild"]}})
    revealed = of(events, "RegionRevealed")
    assert [e.region for e in revealed] == list(COLOURS[:6])
    red, blue, green = revealed[:3]
    assert red.cards == (("red 2", "wild", "red 6"), ("red 5", "red 4")) and red.strengths == (9, 9)
    assert blue.cards == ((), ()) and blue.strengths == (0, 0)
    assert green.strengths == (0, 1) and green.winner == 1
    last = s.observe(None)["last_round"]
    assert last["cards"][:3] == [[["red 2", "wild", "red 6"], ["red 5", "red 4"]], [[], []], [[], list(green.cards[1])]]
    del last["cards"]
    assert last == {"round": 1, "winners": [None, None, 1, None, None, None],
                    "strengths": [[9, 9], [0, 0], [0, 1], [0, 0], [0, 0], [0, 0]]}


@pytest.mark.parametrize("wild_value", [1, 2, 5])
def test_S9_a_wild_counts_wild_value(wild_value):
    s, events = resolve(wild_value=wild_value, board={"blue": {0: ["wild", "blue 1"], 1: ["wild"]}})
    assert of(events, "RegionRevealed")[1].strengths == (wild_value + 1, wild_value)


# -- S10 the round winner --------------------------------------------------------------------------

def test_S10_the_single_highest_strength_wins_the_region():
    s = position(3, hands={0: [], 1: [], 2: []}, quiet=2,
                 board={"red": {0: ["red 3"], 1: ["red 4"], 2: ["red 1", "wild"]},
                        "blue": {0: ["blue 6"], 1: ["blue 2", "blue 4"]},
                        "green": {2: ["green 1"]}})
    red, blue, green = of(play(s, "draw"), "RegionRevealed")[:3]
    assert red.strengths == (3, 4, 2) and red.winner == 1
    assert blue.strengths == (6, 6, 0) and blue.winner is None           # equal highest: no winner
    assert green.winner == 2                                             # alone, strength 1 > 0
    assert s.controllers[:3] == [1, None, 2]


def test_S10_a_region_nobody_played_into_has_no_winner():
    s, events = resolve()
    assert all(e.winner is None and e.strengths == (0, 0) for e in of(events, "RegionRevealed"))
    assert s.controllers == [None] * 6


# -- S11 control ---------------------------------------------------------------------------------

def test_S11_persistent_a_round_winner_replaces_the_controller_others_keep_theirs():
    s, events = resolve(tie="keep", round=3, controllers={"red": 1, "blue": 1, "green": 0},
                        board={"red": {0: ["red 2"]}, "green": {0: ["green 1"], 1: ["wild"]}})
    assert s.controllers[:3] == [0, 1, 0]   # red taken; blue (nobody played) and green (tied) kept
    assert [e.controller for e in of(events, "RegionRevealed")][:3] == [0, 1, 0]


def test_S11_a_winner_who_already_controls_stays_controller():
    s, _ = resolve(round=2, controllers={"red": 0}, board={"red": {0: ["red 2"], 1: ["red 1"]}})
    assert s.controllers[0] == 0


def test_S11_tie_keep_a_tie_keeps_the_controller():
    s, _ = resolve(tie="keep", round=2, controllers={"red": 1, "blue": 0},
                   board={"red": {0: ["red 3"], 1: ["red 1", "red 2"]}, "blue": {0: ["wild"], 1: ["blue 1"]}})
    assert s.controllers[:2] == [1, 0]


def test_S11_tie_clears_by_default_a_region_where_nobody_played_keeps_its_controller():
    s, events = resolve(round=2, controllers={"red": 1, "blue": 0, "green": 1},
                        board={"red": {0: ["red 3"], 1: ["red 1", "red 2"]}, "blue": {0: ["blue 5"]}})
    assert s.game.options.tie == "clear"
    assert s.controllers[:3] == [None, 0, 1]   # red tied: cleared; blue won; green: nobody played, kept
    assert of(events, "RegionRevealed")[0].controller is None


def test_S11_tie_clear_only_a_tie_for_the_highest_strength_clears():
    """Three seats: 4, 4 and 5 in red is a win, not a tie; 3, 3 and 1 in blue ties above 0."""
    s = position(3, hands={0: [], 1: [], 2: []}, quiet=2, round=2, controllers={"red": 0, "blue": 2},
                 board={"red": {0: ["red 4"], 1: ["wild", "red 3"], 2: ["red 5"]},
                        "blue": {0: ["blue 3"], 1: ["blue 1", "blue 2"], 2: ["wild"]}})
    play(s, "draw")
    assert s.controllers[:2] == [2, None]


def test_S11_per_round_control_is_cleared_only_this_rounds_winners_control():
    s, events = resolve(control="per-round", round=2, controllers={"red": 1, "blue": 0, "green": 1, "yellow": 0},
                        board={"red": {0: ["red 3"], 1: ["red 1", "red 2"]}, "blue": {0: ["blue 5"]},
                               "yellow": {1: ["yellow 2"]}})
    assert s.controllers == [None, 0, None, 1, None, None]
    assert s.observe(None)["controlled"] == [1, 1]


def test_S11_per_round_and_tie_clear_together():
    s, _ = resolve(control="per-round", tie="clear", round=2, controllers={"red": 0},
                   board={"red": {0: ["red 1"], 1: ["wild"]}})
    assert s.controllers[0] is None


# -- S12 the control bonus -----------------------------------------------------------------------

def test_S12_each_round_winner_draws_in_board_order_while_the_pile_lasts():
    """Seat 1 wins red and green, seat 0 blue; two cards remain after the ending draw."""
    s, events = resolve(pile_size=3, board={"red": {1: ["red 1"]}, "blue": {0: ["blue 1"]},
                                            "green": {1: ["green 1"]}})
    bonus = [e for e in of(events, "CardDrawn") if e.bonus]
    assert [(e.player, e.card) for e in bonus] == [(1, "orange 2"), (0, "orange 1")]   # green: pile empty
    assert s.observe(None)["bonus_cards_drawn"] == [1, 1]
    assert "orange 2" in hand(s, 1) and hand(s, 0) == ["orange 1", "orange 3"]
    assert len(s.pile) == 3 and s.pile_unseen == 0   # only the played cards, under the pile (S13)


def test_S12_bonus_also_when_the_winner_already_controlled_the_region():
    s, events = resolve(round=2, controllers={"red": 0, "blue": 1}, bonus_drawn={0: 2, 1: 1},
                        board={"red": {0: ["red 1"]}, "blue": {1: ["blue 4"]}})
    bonus = [e for e in of(events, "CardDrawn") if e.bonus]
    assert [e.player for e in bonus] == [0, 1] and s.observe(None)["bonus_cards_drawn"] == [3, 2]
    assert s.controllers[:2] == [0, 1]


def test_S12_bonus_draws_seen_by_others_as_a_card_drawn():
    s, events = resolve(board={"red": {1: ["red 1"]}})
    bonus = [e for e in of(events, "CardDrawn") if e.bonus][0]
    assert bonus.seen_by(1).card == "orange 3" and bonus.seen_by(0).card is None
    assert bonus.seen_by(None).card is None and bonus.seen_by(0).bonus


# -- S13 the played cards ------------------------------------------------------------------------
# (a position given its pile sets the other cards aside in the discard: compare before and after)

def test_S13_bottom_played_cards_go_shuffled_under_the_pile():
    played = ["red 1", "red 2", "red 3", "red 4", "red 5", "red 6", "wild"]
    orders = set()
    for seed in range(12):
        s = position(seed=seed, quiet=1, hands={0: [], 1: []}, pile=["green 1", "green 2", "green 3", "green 4"],
                     board={"red": {0: played[:3], 1: played[3:6]}, "blue": {0: ["wild"]}})
        aside = s.zones()["discard"]
        events = play(s, "draw")
        # the round's draw took green 4, the bonus draws green 3 (red, seat 1) and green 2 (blue, seat 0)
        assert s.zones()["pile"][-1] == "green 1" and s.pile_unseen == 1
        assert sorted(under(s)) == sorted(played) and len(s.pile) == 8
        assert s.zones()["discard"] == aside and of(events, "CardsReturned")[0].count == 7
        assert of(events, "CardsReturned")[0].where == "bottom"
        assert s.observe(None)["pile"] == {"size": 8, "never_seen_on_top": 1, "revealed_below": 7,
                                           "next_layer": {"cards": played, "left": 7},
                                           "layers_beneath": []}
        orders.add(tuple(under(s)))
    assert len(orders) > 6        # shuffled (by the game's chance, so the same seed, the same order)


def test_S13_discard_played_cards_leave_the_game():
    s = position(played_cards="discard", quiet=1, hands={0: [], 1: []},
                 pile=["green 1", "green 2", "green 3", "green 4"],
                 board={"red": {0: ["red 1", "wild"], 1: ["red 6"]}})
    aside = Counter(s.zones()["discard"])
    events = play(s, "draw")
    assert Counter(s.zones()["discard"]) - aside == Counter(["red 1", "red 6", "wild"])
    assert s.zones()["pile"] == ["green 1", "green 2"] and s.pile_unseen == 2   # one draw, one bonus
    assert of(events, "CardsReturned")[0].where == "discard"
    assert "red 6" in s.observe(None)["discard"] and s.observe(None)["pile"]["revealed_below"] == 0
    assert area(s, "red")["face_down"] == [0, 0] and not s.is_terminal


@pytest.mark.parametrize("options", [{}, {"control": "per-round"}, {"tie": "clear", "players": 3}])
def test_S9_S11_round_result_foretells_the_resolution(options):
    """``round_result`` (what the search's evaluation reads) gives, before a round ends, exactly
    the strengths, winners and controllers that resolving it then produces."""
    import random

    import ludus

    game = ludus.make("seize-rome", **options)
    checked = 0
    for seed in range(40):
        s = game.new_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            before, foretold = s.round, s.round_result()
            s.apply(rng.choice(s.legal_actions()))
            if s.round != before or s.is_terminal and s.last_round and s.last_round.round == before:
                strengths, winners, controllers = foretold
                assert s.last_round.strengths == strengths and s.last_round.winners == winners
                assert s.controllers == controllers
                checked += 1
    assert checked > 100


# -- the round worked through in docs/seize-rome.md -------------------------------------------------

ROUND = ["0: play red 5", "1: play wild red", "0: play blue 4", "1: play blue 1", "0: draw", "1: play blue 3",
         "0: draw", "1: play green 6", "0: draw", "1: draw"]


def _worked(**kwargs):
    s = position(round=3, first_player=0, controllers={"red": 1, "blue": 1, "yellow": 0},
                 hands={0: ["red 5", "blue 4", "purple 2"], 1: ["wild", "blue 1", "blue 3", "green 6", "red 2"]},
                 seed=1, **kwargs)
    return s, play(s, *ROUND)


def test_S8_S17_the_round_of_the_rules_reference():
    s, events = _worked()
    assert len(of(events, "RoundEnded")) == 1
    revealed = of(events, "RegionRevealed")
    assert [e.strengths for e in revealed] == [(5, 1), (4, 4), (0, 6), (0, 0), (0, 0)]
    assert s.controllers == [0, None, 1, 0, None]          # taken, cleared by the tie, won, kept, nobody's
    assert [e.player for e in of(events, "CardDrawn") if e.bonus] == [0, 1]
    assert len(s.pile) == 28 and of(events, "CardsReturned")[0].count == 6
    assert s.round == 4 and s.current_player == 0 and s.scores() == [2, 1]


@pytest.mark.parametrize("exhaustion, returns", [("draw", [0.0, 0.0]), ("most-regions", [1.0, -1.0])])
def test_S15_the_round_of_the_rules_reference_with_four_cards_in_the_pile(exhaustion, returns):
    s, events = _worked(exhaustion=exhaustion, pile=["purple 1", "purple 3", "purple 4", "purple 5"])
    assert s.controllers == [0, None, 1, 0, None] and not [e for e in of(events, "CardDrawn") if e.bonus]
    assert s.is_terminal and s.returns() == returns and len(s.zones()["table"]) == 6
