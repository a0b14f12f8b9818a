"""The Seize Rome heuristic: what its plays are worth, and what the ISMCTS leaf values."""

from __future__ import annotations

import pytest

from ludus.games.seize_rome.heuristic import leaf_values, play_values
from ludus.games.seize_rome.positions import play, position


def test_the_leaf_counts_regions_the_round_would_give():
    """Seat 0 leads red on the board: if the round ended now it would take red from seat 1."""
    even = position(hands={0: ["blue 3"], 1: ["green 3"]}, controllers={"red": 1, "yellow": 0})
    ahead = position(hands={0: ["blue 3"], 1: ["green 3"]}, controllers={"red": 1, "yellow": 0},
                     board={"red": {0: ["red 5"], 1: ["red 2"]}})
    assert leaf_values(even) == [0.0, 0.0]
    assert leaf_values(ahead)[0] == pytest.approx(2 / 4)   # one region more, one less, of the 4 needed
    assert leaf_values(ahead)[1] == pytest.approx(-2 / 4)


def test_the_leaf_values_strength_kept_in_hand():
    """Same board, same regions: the seat holding more card points is better placed."""
    rich = position(hands={0: ["red 6", "blue 6", "green 4", "wild"], 1: ["red 1"]}, controllers={"red": 0, "blue": 1})
    values = leaf_values(rich)
    assert values[0] == pytest.approx((17 - 1) / 10 / 4)
    assert values[1] == pytest.approx(-values[0])


def test_the_leaf_is_bounded_and_exact_at_the_end():
    s = position(hands={0: ["red 6", "blue 6", "green 6", "purple 6"], 1: ["purple 1"]}, to_move=1, quiet=1,
                 controllers={"red": 0, "blue": 0, "green": 0}, board={"yellow": {0: ["yellow 3"]}})
    assert leaf_values(s) == [1.0, -1.0]   # four regions ahead and 23 hand points more: capped
    play(s, "draw")   # a second turn without a play ends the round: yellow makes four for seat 0
    assert s.is_terminal and leaf_values(s) == s.returns() == [1.0, -1.0]


@pytest.mark.parametrize("tie", ["clear", "keep"])
def test_S11_a_region_already_held_is_worth_defending_as_much_as_any_unless_a_tie_keeps_it(tie):
    """Red is seat 0's, blue nobody's, both empty this round. With tie=clear (the default) a tie
    would lose red as surely as blue stays unwon, so red 3 and blue 3 are worth the same; with
    tie=keep a tie keeps red, so strength there is worth less."""
    s = position(tie=tie, hands={0: ["red 3", "blue 3"]}, controllers={"red": 0})
    value = play_values(s, 0)
    red, blue = (value(s.game.parse_action(m)) for m in ("play red 3", "play blue 3"))
    assert blue > 0
    if tie == "clear":
        assert red == pytest.approx(blue)
    else:
        assert red < blue


def test_S11_per_round_control_takes_nothing_from_anyone_and_keeps_nothing():
    """With control=per-round every region is won anew at the round's end, so red being seat 1's
    (or seat 0's, even where a tie would keep it under persistent control) from an earlier round
    adds nothing to a play there: red 3 is worth what blue 3 is, on the same empty board. Under
    persistent control taking red from seat 1 is worth more."""
    for owner in (0, 1):
        s = position(control="per-round", tie="keep", hands={0: ["red 3", "blue 3"]}, controllers={"red": owner})
        value = play_values(s, 0)
        red, blue = (value(s.game.parse_action(m)) for m in ("play red 3", "play blue 3"))
        assert blue > 0 and red == pytest.approx(blue)
    s = position(hands={0: ["red 3", "blue 3"]}, controllers={"red": 1})
    value = play_values(s, 0)
    assert value(s.game.parse_action("play red 3")) > value(s.game.parse_action("play blue 3"))


def test_S11_per_round_the_regions_led_elsewhere_count_towards_the_win():
    """Per round, what brings seat 0 to the regions needed is what it leads on this round's board,
    not what it held before: leading three regions now makes a fourth worth more than holding
    three from an earlier round does."""
    lead = {c: {0: [f"{c} 6"]} for c in ("red", "blue", "green")}
    leading = position(control="per-round", hands={0: ["yellow 3"]}, board=lead)
    holding = position(control="per-round", hands={0: ["yellow 3"]},
                       controllers={"red": 0, "blue": 0, "green": 0})
    worth = [play_values(s, 0)(s.game.parse_action("play yellow 3")) for s in (leading, holding)]
    assert worth[0] > worth[1] > 0
