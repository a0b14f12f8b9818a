"""Illegal input: every refused move or option raises the right error and changes nothing."""

from __future__ import annotations

import pytest

import ludus
from ludus.games.seize_rome.notation import DRAW_ACTION, PASS_ACTION, WILD_INTO

from .helpers import card, fingerprint, legal, off_colour, play, position, region, rome


def refused(state, action, match: str, player=None) -> None:
    before = fingerprint(state)
    with pytest.raises(ludus.IllegalAction, match=match):
        state.apply(action, player=player)
    assert fingerprint(state) == before


def test_S6_a_coloured_card_into_another_region_is_illegal_and_the_message_says_what_is_right():
    s = position(hands={0: ["red 5", "wild"]})
    before = fingerprint(s)
    with pytest.raises(ludus.IllegalAction) as err:
        s.apply(off_colour("red 5", "blue"))
    message = str(err.value)
    assert message.startswith("red 5 cannot go into the blue region: a coloured card goes only into its own region")
    assert "red 5 goes into red ('play red 5')" in message and "Legal now:" in message
    assert "play red 5" in message and "play wild blue" in message
    assert fingerprint(s) == before
    assert isinstance(err.value, ValueError)


def test_S6_a_card_of_a_colour_out_of_play_is_not_sent_to_its_own_region():
    """With 5 regions (S1), a hand-built play of an orange card (the sixth colour) is refused
    without pointing to an orange region the game does not have."""
    s = rome(players=2, regions=5).new_state(seed=1)
    before = fingerprint(s)
    with pytest.raises(ludus.IllegalAction) as err:
        s.apply(off_colour("orange 1", "red"), player=s.current_player)
    message = str(err.value)
    assert "orange is not in play: only the first 5 regions are (red, " in message
    assert "goes into orange" not in message and fingerprint(s) == before


def test_S6_an_off_colour_play_of_a_card_not_held_offers_no_play_of_it():
    """The refusal of red 5 into blue does not send red 5 to red when the seat lacks it: it says
    the seat holds none, and the legal moves follow."""
    s = position(hands={0: ["blue 1", "wild"]})
    before = fingerprint(s)
    with pytest.raises(ludus.IllegalAction) as err:
        s.apply(off_colour("red 5", "blue"))
    message = str(err.value)
    assert "besides, seat 0 holds no red 5" in message and "Legal now:" in message
    assert "goes into red" not in message and fingerprint(s) == before


def test_a_move_of_the_wrong_seat_is_refused():
    s = position(hands={0: ["red 5"], 1: ["blue 1"]})
    refused(s, s.game.parse_action("play blue 1"), "not seat 1's turn; seat 0 is to move", player=1)
    refused(s, DRAW_ACTION, "not seat 1's turn", player=1)
    with pytest.raises(ludus.IllegalAction, match="not seat 1's turn"):
        play(s, "1: draw")
    assert s.current_player == 0 and len(s.history) == 0


def test_S6_a_pass_while_the_pile_has_cards_is_refused_without_voluntary_pass():
    s = position(hands={0: ["red 5"]})
    refused(s, PASS_ACTION, "pass only when the pile is empty")
    refused(s, PASS_ACTION, "voluntary_pass=true allows it", player=0)


def test_S6_a_draw_from_an_empty_pile_is_refused():
    s = position(deck_out_ends_round="false", hands={0: ["red 5"]}, pile=[])
    refused(s, DRAW_ACTION, "the pile is empty")


def test_S6_a_card_the_seat_does_not_hold_is_refused():
    s = position(hands={0: ["red 5"], 1: ["red 4"]})
    refused(s, s.game.parse_action("play red 4"), "seat 0 holds no red 4")
    refused(s, WILD_INTO[region("green")], "seat 0 holds no wild")


def test_S1_a_region_not_in_play_is_refused():
    s = position(regions=3, hands={0: ["wild", "red 1"]})
    refused(s, s.game.parse_action("play wild yellow"), "only the first 3 regions are in play")
    assert "play wild green" in legal(s) and "play wild yellow" not in legal(s)
    with pytest.raises(ValueError, match="yellow is not in play"):
        position(regions=3, hands={0: ["yellow 1"]})


def test_things_that_are_not_actions_are_refused():
    s = position(hands={0: ["red 5"]})
    refused(s, "play red 5", r"not a Seize Rome \(card game\) action")
    refused(s, (0, card("red 5"), region("red"), 1), r"not a Seize Rome \(card game\) action")
    for text in ("play pink 5", "play red 9", "fold", "play b 3"):
        with pytest.raises(ludus.IllegalAction):
            s.game.parse_action(text)


def test_no_move_after_the_game_is_over():
    s = position(hands={0: [], 1: []}, quiet=1, played_cards="discard", pile=["red 1"])
    play(s, "draw")
    assert s.is_terminal
    refused(s, DRAW_ACTION, "the game is over")


@pytest.mark.parametrize("options, match", [
    ({"colours": 5}, "has no option colours"),
    ({"region": 5}, "has no option region"),
    ({"regions": 2}, "regions"),
    ({"regions": 9}, "regions"),
    ({"wilds": 13}, "wilds"),
    ({"wild_value": 0}, "wild_value"),
    ({"wild_value": 7}, "wild_value"),
    ({"players": 5}, "players"),
    ({"first_player": "dealer"}, "first_player"),
    ({"round_starter": "random"}, "round_starter"),
    ({"voluntary_pass": "sometimes"}, "voluntary_pass"),
    ({"deck_out_ends_round": "maybe"}, "deck_out_ends_round"),
    ({"control": "forever"}, "control"),
    ({"tie": "split"}, "tie"),
    ({"played_cards": "top"}, "played_cards"),
    ({"regions_to_win": "all"}, "regions_to_win"),
    ({"exhaustion": "sudden-death"}, "exhaustion"),
    ({"max_rounds": 0}, "max_rounds"),
])
def test_unknown_options_and_values_are_option_errors(options, match):
    with pytest.raises(ludus.OptionError, match=match):
        rome(**options)
    with pytest.raises(ludus.OptionError):
        position(**options)


def test_every_option_value_is_accepted():
    values = {"regions": [3, 4, 5, 6, 7, 8], "wilds": list(range(13)), "wild_value": [1, 2, 3, 4, 5, 6],
              "players": [2, 3, 4], "first_player": ["random", 0, 1], "round_starter": ["fixed", "rotate"],
              "voluntary_pass": ["false", "true"], "deck_out_ends_round": ["true", "false"],
              "control": ["persistent", "per-round"], "tie": ["keep", "clear"], "played_cards": ["bottom", "discard"],
              "regions_to_win": ["auto", 1, 2, 3, 4, 5], "exhaustion": ["draw", "most-regions"],
              "max_rounds": [10, 20, 30, 50, 100]}
    for name, vs in values.items():
        for v in vs:
            game = rome(**{name: v})
            assert str(getattr(game.options, name)) == str(v)
            game.new_state(seed=0)
