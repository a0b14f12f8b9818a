"""The end of the game: the win (S14), exhaustion (S15), the round cap (S16), and a new round (S17)."""

from __future__ import annotations

import pytest

import ludus

from .helpers import hand, names, of, play, position, rome


def last_turn(players: int = 2, **kwargs):
    """A position whose next draw ends the round (``players - 1`` quiet turns so far); draw it."""
    kwargs.setdefault("hands", {q: [] for q in range(players)})
    kwargs.setdefault("pile", ["wild"] * 5)
    s = position(players, quiet=players - 1, **kwargs)
    return s, play(s, "draw")


# -- S14 the win -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players, regions, needed", [
    (2, 5, 4), (3, 5, 3), (4, 5, 3),                       # the guide: 4 of 5 with two, 3 of 5 with more
    (2, 3, 3), (3, 3, 2), (4, 3, 2), (2, 4, 4), (3, 4, 3), (2, 6, 5), (4, 6, 4),
    (2, 7, 5), (3, 7, 4), (2, 8, 6), (4, 8, 5),
])
def test_S14_auto_regions_to_win(players, regions, needed):
    """auto: floor(R/2) + 2 capped at R with two players, floor(R/2) + 1 with three or four."""
    game = rome(players=players, regions=regions)
    assert game.options.regions_to_win == "auto" and game.regions_to_win == needed
    assert game.new_state(seed=0).observe(None)["regions_to_win"] == needed


@pytest.mark.parametrize("value, needed", [(1, 1), ("2", 2), (3, 3), ("5", 5), ("auto", 4)])
def test_S14_explicit_regions_to_win(value, needed):
    assert rome(regions_to_win=value).regions_to_win == needed


def test_S14_regions_to_win_above_the_regions_in_play_is_refused():
    with pytest.raises(ludus.OptionError, match="more than the 5 regions in play"):
        rome(regions_to_win=6)
    assert rome(regions=6, regions_to_win=6).regions_to_win == 6
    with pytest.raises(ludus.OptionError, match="more than the 3 regions in play"):
        rome(regions=3, regions_to_win="8")
    for bad in (0, 9, "most"):
        with pytest.raises(ludus.OptionError):
            rome(regions_to_win=bad)


def test_S14_a_seat_controlling_regions_to_win_regions_wins():
    s, events = last_turn(round=4, controllers={"red": 0, "blue": 0, "green": 0, "yellow": 1},
                          board={"yellow": {0: ["yellow 5"], 1: ["yellow 2"]}})
    assert s.is_terminal and s.returns() == [1.0, -1.0] and s.scores() == [4, 0]
    assert names(events)[-2:] == ["RoundEnded", "GameOver"] and events[-1].returns == (1.0, -1.0)
    assert s.current_player is None and s.legal_actions() == []
    assert s.observe(1)["over"] and s.observe(1)["returns"] == [1.0, -1.0]
    assert s.observe(None)["end_reason"] == "control of 4 regions"


def test_S14_three_of_five_win_with_three_players():
    s, _ = last_turn(3, round=2, controllers={"red": 2, "blue": 2},
                     board={"green": {2: ["green 1"]}})
    assert s.returns() == [-1.0, -1.0, 1.0]


def test_S14_three_of_five_is_not_enough_with_two_players():
    s, _ = last_turn(round=2, controllers={"red": 0, "blue": 0}, board={"green": {0: ["green 1"]}})
    assert not s.is_terminal and s.scores() == [3, 0] and s.round == 3


def test_S14_several_qualify_the_most_regions_wins():
    s, _ = last_turn(3, regions=7, regions_to_win=3, round=2, controllers={"red": 0, "blue": 0},
                     board={"green": {0: ["green 1"]}, "white": {0: ["white 1"]}, "yellow": {1: ["yellow 6"]},
                            "purple": {1: ["purple 6"]}, "orange": {1: ["orange 6"]}})
    assert s.scores() == [4, 3, 0] and s.returns() == [1.0, -1.0, -1.0]   # seat 1's 18 strength does not count


def test_S14_several_qualify_with_as_many_regions_the_strength_of_the_round_decides():
    """Both control two regions; seat 1's total strength this round, lost regions included, is higher."""
    s, _ = last_turn(3, regions_to_win=2,
                     board={"red": {0: ["red 6"], 1: ["red 1"]}, "blue": {0: ["blue 3"]},
                            "green": {1: ["green 6"]}, "yellow": {1: ["yellow 3"]}})
    assert s.scores() == [2, 2, 0]
    assert s.returns() == [-1.0, 1.0, -1.0]          # 9 against 6 + 3 + 1 = 10


def test_S14_several_still_tied_get_0_and_the_others_minus_1():
    s, events = last_turn(3, regions_to_win=2,
                          board={"red": {0: ["red 6"]}, "blue": {0: ["blue 3"]},
                                 "green": {1: ["green 6"]}, "yellow": {1: ["yellow 3"]}})
    assert s.scores() == [2, 2, 0] and s.returns() == [0.0, 0.0, -1.0]
    assert events[-1].returns == (0.0, 0.0, -1.0)
    s2, _ = last_turn(regions_to_win=2, board={"red": {0: ["red 6"]}, "blue": {0: ["blue 3"]},
                                               "green": {1: ["green 6"]}, "yellow": {1: ["wild", "yellow 2"]}})
    assert s2.returns() == [0.0, 0.0]


def test_S14_the_win_is_checked_at_the_end_of_a_round_only():
    s = position(round=2, controllers={"red": 0, "blue": 0, "green": 0}, hands={0: ["yellow 6"], 1: []})
    play(s, "play yellow 6")
    assert not s.is_terminal and s.current_player == 1 and s.scores() == [3, 0]


# -- S15 exhaustion ------------------------------------------------------------------------------

@pytest.mark.parametrize("played_cards", ["bottom", "discard"])
def test_S15_the_pile_running_out_in_a_round_ends_the_game_before_the_played_cards_return(played_cards):
    """The round's last draw takes the pile's last card; the round is resolved (seat 0 takes red)
    and, nobody having won, the game ends: the played cards neither go under the pile nor out."""
    s, events = last_turn(played_cards=played_cards, pile=["purple 1"], round=3,
                          controllers={"blue": 1}, board={"red": {0: ["red 1", "wild"]}, "green": {1: ["green 2"]}})
    assert s.is_terminal and s.returns() == [0.0, 0.0] and s.end_reason == "the pile ran out"
    assert s.controllers[:3] == [0, 1, 1] and s.scores() == [1, 2]
    assert names(events)[-2:] == ["RoundEnded", "GameOver"] and not of(events, "CardsReturned")
    assert s.zones()["pile"] == [] and "red 1" not in s.zones()["discard"]
    assert sorted(s.zones()["table"]) == ["green 2", "red 1", "wild"]   # left face up where they were played
    assert s.observe(None)["last_round"]["cards"][0] == [["red 1", "wild"], []]


def test_S15_deck_out_ends_round_false_the_round_goes_on_and_then_the_game_ends():
    s = position(deck_out_ends_round="false", hands={0: ["red 1"], 1: ["blue 1", "blue 2"]}, pile=["green 1"])
    play(s, "0: draw", "1: play blue 1", "0: play red 1")
    assert not s.is_terminal and s.pile == [] and s.round == 1   # the pile is empty, the round goes on (S8)
    events = play(s, "1: play blue 2", "0: pass", "1: pass")
    assert s.is_terminal and s.end_reason == "the pile ran out" and s.controllers[:2] == [0, 1]
    assert not of(events, "CardsReturned") and sorted(s.zones()["table"]) == ["blue 1", "blue 2", "red 1"]


def test_S15_discard_an_empty_pile_after_the_played_cards_ends_the_game():
    """No draw of the round emptied the pile; the bonus for red takes its last card and the played
    cards leave the game (S13): the pile is empty after S13, so the game ends."""
    s = position(played_cards="discard", quiet=1, hands={0: [], 1: []}, pile=["purple 1", "purple 2"],
                 board={"red": {0: ["red 3"]}})
    events = play(s, "draw")
    assert [e.card for e in of(events, "CardDrawn") if e.bonus] == ["purple 1"]
    assert of(events, "CardsReturned")[0].where == "discard" and "red 3" in s.zones()["discard"]
    assert s.is_terminal and s.end_reason == "the pile ran out" and s.zones()["table"] == []


def test_S15_bottom_a_bonus_draw_taking_the_last_card_does_not_end_the_game():
    """The same with played_cards=bottom: the played card goes under the empty pile and play goes on."""
    s = position(quiet=1, hands={0: [], 1: []}, pile=["purple 1", "purple 2"], board={"red": {0: ["red 3"]}})
    play(s, "draw")
    assert not s.is_terminal and s.zones()["pile"] == ["red 3"] and s.round == 2


def test_S15_exhaustion_draw_ignores_who_controls_more():
    s, _ = last_turn(pile=["purple 1"], round=3, controllers={"red": 0, "blue": 0})
    assert s.game.options.exhaustion == "draw"
    assert s.returns() == [0.0, 0.0] and s.scores() == [2, 0]


def test_S15_exhaustion_most_regions_the_leader_wins():
    s, _ = last_turn(exhaustion="most-regions", pile=["purple 1"], round=3,
                     controllers={"red": 0, "blue": 0, "green": 1})
    assert s.returns() == [1.0, -1.0] and s.end_reason == "the pile ran out"


def test_S15_exhaustion_most_regions_equal_leaders_get_0_others_minus_1():
    s, _ = last_turn(4, exhaustion="most-regions", pile=["purple 1"], round=3,
                     controllers={"red": 0, "blue": 3, "green": 2}, board={"green": {3: ["green 1"]}})
    assert s.scores() == [1, 0, 0, 2] and s.returns() == [-1.0, -1.0, -1.0, 1.0]
    t, _ = last_turn(4, exhaustion="most-regions", pile=["purple 1"], round=3,
                     controllers={"red": 0, "blue": 3, "green": 2})
    assert t.scores() == [1, 0, 1, 1] and t.returns() == [0.0, -1.0, 0.0, 0.0]
    u, _ = last_turn(exhaustion="most-regions", pile=["purple 1"])
    assert u.returns() == [0.0, 0.0]                    # nobody controls anything: all equal


@pytest.mark.parametrize("played_cards", ["bottom", "discard"])
def test_S15_a_win_comes_before_exhaustion(played_cards):
    s, events = last_turn(played_cards=played_cards, pile=["purple 1"], round=3,
                          controllers={"red": 0, "blue": 0, "green": 0}, board={"yellow": {0: ["yellow 1"]}})
    assert s.returns() == [1.0, -1.0] and s.end_reason == "control of 4 regions"
    assert of(events, "CardsReturned")[0].where == played_cards and s.zones()["table"] == []


# -- S16 the round cap ---------------------------------------------------------------------------

@pytest.mark.parametrize("max_rounds", [10, 20, 30, 50, 100])
def test_S16_the_game_ends_after_max_rounds_as_by_exhaustion(max_rounds):
    s, _ = last_turn(max_rounds=max_rounds, round=max_rounds, controllers={"red": 0},
                     board={"blue": {1: ["blue 1"]}, "green": {1: ["green 1"]}})
    assert s.is_terminal and s.returns() == [0.0, 0.0] and s.round == max_rounds
    assert s.end_reason == f"{max_rounds} rounds were played"
    assert sorted(s.zones()["table"]) == ["blue 1", "green 1"]   # as S15: before S13
    t, _ = last_turn(max_rounds=max_rounds, round=max_rounds, exhaustion="most-regions", controllers={"red": 0},
                     board={"blue": {1: ["blue 1"]}, "green": {1: ["green 1"]}})
    assert t.returns() == [-1.0, 1.0]
    u, _ = last_turn(max_rounds=max_rounds, round=max_rounds - 1, controllers={"red": 0})
    assert not u.is_terminal and u.round == max_rounds


def test_S16_default_is_thirty_rounds_and_other_values_are_refused():
    assert rome().options.max_rounds == 30
    with pytest.raises(ludus.OptionError):
        rome(max_rounds=7)


def test_S16_a_seeded_game_stops_by_its_cap():
    """Everybody only draws: rounds pass, the pile never empties (no bonus, nothing played)."""
    game = rome(max_rounds=10, deck_out_ends_round="false")
    s = game.new_state(seed=3)
    while not s.is_terminal:
        s.apply(next(a for a in s.legal_actions() if a.kind != 0))   # draw, or pass once the pile is empty
    assert s.round == 10 and s.returns() == [0.0, 0.0] and s.end_reason == "10 rounds were played"
    assert len(s.pile) == 26 - 2 * 10           # two draws a round; the pile never ran out


# -- S17 a new round -----------------------------------------------------------------------------

def test_S17_hands_are_kept_control_stays_the_round_starter_plays_first():
    s = position(3, first_player=1, to_move=2, quiet=1, round=2, controllers={"red": 0, "blue": 2},
                 hands={0: ["green 1", "wild"], 1: ["yellow 2"], 2: ["green 6", "purple 1"]},
                 pile=["purple 2", "purple 3", "purple 4"], board={"green": {2: ["green 5"]}})
    events = play(s, "2: draw", "0: draw")
    assert of(events, "RoundEnded") and s.round == 3
    assert hand(s, 0) == ["green 1", "purple 3", "wild"] and hand(s, 1) == ["yellow 2"]
    assert hand(s, 2) == ["green 6", "purple 1", "purple 2", "purple 4"]     # drawn, and the bonus for green
    assert s.controllers == [0, 2, 2, None, None]
    assert s.current_player == 1 and s.observe(None)["turns_without_play"] == 0
    assert s.observe(None)["regions"][2]["face_down"] == [0, 0, 0]


def test_S17_with_per_round_control_the_controllers_stay_until_the_next_resolution():
    s = position(control="per-round", round=2, controllers={"red": 0, "blue": 1},
                 hands={0: ["green 1"], 1: []}, pile=["wild"] * 4)
    play(s, "0: draw", "1: draw")
    assert s.round == 3 and s.controllers == [None] * 5                  # cleared, nobody won anything
    t = position(control="per-round", round=2, hands={0: ["green 1"], 1: []}, pile=["wild"] * 4)
    play(t, "0: play green 1", "1: draw", "0: draw")
    assert t.round == 3 and t.controllers == [None, None, 0, None, None]
    play(t, "0: draw")
    assert t.round == 3 and t.controllers[2] == 0 and t.current_player == 1   # control stays through round 3
