"""Turns (S6, S7) and the end of a round (S8)."""

from __future__ import annotations

import pytest

import ludus

from .helpers import area, canon, hand, legal, names, of, off_colour, play, position

# -- S6 one action a turn ------------------------------------------------------------------------

def test_S6_coloured_card_only_into_its_region():
    s = position(hands={0: ["red 5", "blue 2"]})
    assert legal(s) == {"play red 5", "play blue 2", "draw"}
    for a in s.legal_actions():
        assert a.kind != 0 or a.card // 6 == a.region
    with pytest.raises(ludus.IllegalAction, match="a coloured card goes only into its own region"):
        s.apply(off_colour("red 5", "blue"))
    play(s, "play red 5")
    assert area(s, "red", 0)["yours"] == ["red 5"] and area(s, "red")["face_down"] == [1, 0]
    assert hand(s, 0) == ["blue 2"] and s.current_player == 1


def test_S6_wild_card_into_any_region():
    s = position(hands={0: ["wild", "wild", "green 3"]})
    assert legal(s) == {"play wild red", "play wild blue", "play wild green", "play wild yellow",
                        "play wild purple", "play green 3", "draw"}
    play(s, "play wild purple", "1: draw", "0: play wild red")
    assert area(s, "purple", 0)["yours"] == ["wild"] and area(s, "red", 0)["yours"] == ["wild"]
    assert hand(s, 0) == ["green 3"]


def test_S6_draw_takes_the_top_card_of_the_pile():
    s = position(hands={0: ["red 1"]}, pile=["blue 1", "blue 2", "green 5"])
    events = play(s, "draw")
    assert hand(s, 0) == ["red 1", "green 5"] and s.zones()["pile"] == ["blue 1", "blue 2"]
    assert names(events) == ["CardDrawn"] and events[0].card == "green 5" and not events[0].bonus
    assert s.current_player == 1


def test_S6_pass_only_when_the_pile_is_empty():
    s = position(hands={0: ["red 1"]})
    assert "pass" not in legal(s)
    with pytest.raises(ludus.IllegalAction, match="pass only when the pile is empty"):
        play(s, "pass")
    # with an empty pile (reachable only with deck_out_ends_round=false) a seat may pass, not draw
    e = position(deck_out_ends_round="false", hands={0: ["red 1"], 1: ["blue 1"]}, pile=[])
    assert legal(e) == {"play red 1", "pass"}
    with pytest.raises(ludus.IllegalAction, match="the pile is empty"):
        play(e, "draw")
    assert names(play(e, "pass")) == ["Passed"] and e.current_player == 1


@pytest.mark.parametrize("value", ["true", True])
def test_S6_voluntary_pass_allows_a_pass_while_the_pile_has_cards(value):
    s = position(voluntary_pass=value, hands={0: ["red 1"], 1: ["blue 1"]}, pile=["green 1", "green 2"])
    assert legal(s) == {"play red 1", "draw", "pass"}
    play(s, "pass")
    assert s.observe(None)["turns_without_play"] == 1 and len(s.pile) == 2 and s.current_player == 1
    assert "pass" not in legal(position(voluntary_pass="false", hands={0: ["red 1"]}))


def test_S6_a_seat_always_has_a_legal_action():
    # an empty hand: draw; an empty hand and an empty pile: pass (and it counts as not playing, S8)
    s = position(deck_out_ends_round="false", hands={0: [], 1: []}, pile=["red 1"])
    assert legal(s) == {"draw"}
    play(s, "draw")                       # the last card; no deck-out with this option
    assert legal(s) == {"pass"} and s.round == 1
    play(s, "pass")                       # two turns without a play: the round ends ...
    assert s.is_terminal and s.end_reason == "the pile ran out"   # ... and no card refills the pile (S15)


# -- S7 what everyone sees of a play ---------------------------------------------------------------

def test_S7_everyone_sees_where_and_how_many_cards_nobody_else_sees_values_or_wilds():
    def after(card: str):
        s = position(3, hands={0: [card, "blue 1"], 1: ["green 1"], 2: ["green 2"]}, seed=2)
        events = play(s, f"play {card}" if card != "wild" else "play wild red")
        return s, events[0]

    red, red_event = after("red 3")
    wild, wild_event = after("wild")
    for viewer in (1, 2, None):
        assert canon(red.observe(viewer)) == canon(wild.observe(viewer))
        assert red_event.seen_by(viewer) == wild_event.seen_by(viewer)
        assert red_event.seen_by(viewer).card is None and red_event.seen_by(viewer).region == "red"
        assert area(red, "red", viewer)["face_down"] == [1, 0, 0]
    assert red_event.seen_by(0).card == "red 3" and wild_event.seen_by(0).card == "wild"
    assert area(red, "red", 0)["yours"] == ["red 3"] and area(wild, "red", 0)["yours"] == ["wild"]


def test_S7_no_limit_on_cards_per_region_or_in_hand():
    s = position(hands={0: ["red 1", "red 2", "red 3"], 1: []})
    play(s, "0: play red 1", "1: draw", "0: play red 2", "1: draw", "0: play red 3")
    assert area(s, "red")["face_down"] == [3, 0] and area(s, "red", 0)["yours"] == ["red 1", "red 2", "red 3"]
    big = position(hands={0: [f"{c} {v}" for c in ("red", "blue") for v in range(1, 7)], 1: []})
    play(big, "0: draw", "1: draw", "0: play red 1", "1: draw")
    assert big.observe(None)["hand_sizes"] == [12, 2] and hand(big, 0)[0] == "red 2"


# -- S8 the end of a round -------------------------------------------------------------------------

def test_S8_round_ends_after_every_player_in_a_row_played_no_card():
    s = position(3, hands={0: ["red 1"], 1: [], 2: ["blue 1"]})
    events = play(s, "0: draw", "1: draw")
    assert s.observe(None)["turns_without_play"] == 2 and not of(events, "RoundEnded")
    play(s, "2: play blue 1")                        # a play in the middle resets the count
    assert s.observe(None)["turns_without_play"] == 0
    events = play(s, "0: draw", "1: draw")
    assert s.round == 1 and not of(events, "RoundEnded") and s.observe(None)["turns_without_play"] == 2
    events = play(s, "2: draw")                      # the third turn in a row without a play
    assert names(events)[-1] == "RoundEnded" and s.round == 2
    assert s.observe(None)["turns_without_play"] == 0 and s.controllers[1] == 2


def test_S8_passes_and_draws_both_count_as_not_playing():
    s = position(voluntary_pass="true", hands={0: ["red 1"], 1: ["blue 1"]})
    events = play(s, "0: pass", "1: draw")
    assert of(events, "RoundEnded") and s.round == 2


def test_S8_the_draw_of_the_last_card_ends_the_round():
    s = position(hands={0: ["red 1"], 1: ["blue 1"]}, pile=["green 1", "green 2"])
    play(s, "0: draw")
    assert s.round == 1 and s.current_player == 1
    events = play(s, "1: play blue 1", "0: draw")    # the last card: deck-out, after this very turn
    assert names(events)[:2] == ["CardPlayed", "CardDrawn"] and of(events, "RoundEnded")
    assert s.controllers[1] == 1 and of(events, "RegionRevealed")[1].winner == 1
    assert s.is_terminal and s.end_reason == "the pile ran out"    # and then the game (S15)


def test_S8_deck_out_ends_round_false_play_goes_on_until_everyone_plays_no_card():
    s = position(deck_out_ends_round="false", hands={0: ["red 1"], 1: ["blue 1"]}, pile=["green 1"])
    play(s, "0: draw")
    assert s.round == 1 and len(s.pile) == 0 and legal(s) == {"play blue 1", "pass"}
    play(s, "1: play blue 1", "0: pass")
    assert s.round == 1
    events = play(s, "1: pass")
    assert of(events, "RoundEnded") and s.controllers[1] == 1
    assert s.is_terminal and s.end_reason == "the pile ran out"    # a draw of the round took the last card (S15)


def test_S8_bonus_draws_never_trigger_the_deck_out():
    """Round 1 ends by two draws; the bonus draw takes the pile's last card; the two played cards
    go under it, and round 2 goes on until a draw takes the last card (which then ends the game,
    S15)."""
    s = position(hands={0: ["red 6"], 1: ["blue 1"]}, pile=["green 1", "green 2", "green 3"])
    events = play(s, "0: play red 6", "1: play blue 1", "0: draw", "1: draw")  # two draws: round over
    bonus = [e for e in of(events, "CardDrawn") if e.bonus]
    assert [(e.player, e.card) for e in bonus] == [(0, "green 1")]   # red first; then the pile is empty
    assert s.round == 2 and len(of(events, "RoundEnded")) == 1 and not s.deck_out
    assert sorted(s.zones()["pile"]) == ["blue 1", "red 6"] and s.current_player == 0
    events = play(s, "0: play green 3", "1: draw")
    assert s.round == 2 and len(s.pile) == 1 and not of(events, "RoundEnded")
    assert of(play(s, "0: draw"), "RoundEnded") and s.round == 2 and s.is_terminal


def test_S8_an_empty_hand_and_an_empty_pile_must_pass_and_the_pass_counts():
    s = position(deck_out_ends_round="false", hands={0: [], 1: ["red 2"]}, pile=[])
    assert legal(s) == {"pass"}
    play(s, "0: pass", "1: play red 2", "0: pass")
    assert s.round == 1
    assert of(play(s, "1: pass"), "RoundEnded")
