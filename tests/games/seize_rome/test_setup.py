"""Components and setup: regions (S1), the deck (S2), players (S3), the deal (S4), who starts (S5)."""

from __future__ import annotations

from collections import Counter

import pytest

import ludus

from .helpers import COLOURS, area, check_consistent, legal, of, play, position, rome

# -- S1 regions ----------------------------------------------------------------------------------

@pytest.mark.parametrize("regions", [3, 4, 5, 6, 7, 8])
def test_S1_only_the_first_n_colours_are_regions_in_board_order(regions):
    s = rome(regions=regions).new_state(seed=1)
    assert [r["colour"] for r in s.observe(None)["regions"]] == list(COLOURS[:regions])
    assert {c.split()[0] for c in s.game.all_cards()} - {"wild"} == set(COLOURS[:regions])
    # a wild card may go into every region in play and no other (S1, S6)
    w = position(regions=regions, hands={0: ["wild"]})
    assert {a for a in legal(w) if a.startswith("play wild")} == {f"play wild {c}" for c in COLOURS[:regions]}


def test_S1_default_is_five_regions():
    assert rome().options.regions == 5
    assert [r["colour"] for r in rome().new_state(seed=0).observe(None)["regions"]] == [
        "red", "blue", "green", "yellow", "purple"]


def test_S1_board_order_is_the_order_regions_resolve_in():
    s = position(regions=8, hands={0: ["black 1"], 1: ["red 1"]}, pile=["white 2"])
    events = play(s, "play black 1", "play red 1", "0: draw")   # the draw of the last card ends the round
    assert [e.region for e in of(events, "RegionRevealed")] == list(COLOURS)


# -- S2 the deck ---------------------------------------------------------------------------------

def test_S2_one_card_of_each_value_per_colour_in_play_plus_the_wilds():
    cards = Counter(rome().all_cards())
    assert sum(cards.values()) == 36 and cards["wild"] == 6
    assert all(cards[f"{c} {v}"] == 1 for c in COLOURS[:5] for v in range(1, 7))
    full = Counter(rome(regions=8).all_cards())
    assert sum(full.values()) == 54 and set(full) == {f"{c} {v}" for c in COLOURS for v in range(1, 7)} | {"wild"}


@pytest.mark.parametrize("wilds", [0, 1, 6, 12])
def test_S2_the_wilds_option_sets_the_number_of_wild_cards(wilds):
    game = rome(wilds=wilds)
    assert Counter(game.all_cards())["wild"] == wilds and len(game.all_cards()) == 30 + wilds
    s = game.new_state(seed=3)
    assert Counter(c for cs in s.zones().values() for c in cs)["wild"] == wilds


def test_S2_wilds_out_of_range_are_refused():
    for bad in (-1, 13, "many"):
        with pytest.raises(ludus.OptionError):
            rome(wilds=bad)


@pytest.mark.parametrize("wild_value, winner", [(1, 1), (2, 1), (3, None), (4, 0), (6, 0)])
def test_S2_wild_value_is_the_strength_of_a_wild_card(wild_value, winner):
    """Seat 0: two wilds in red; seat 1: red 6. Wilds at 3 tie, at 4 or more win."""
    s = position(wild_value=wild_value, hands={0: [], 1: []}, pile=["green 1", "green 2"], quiet=1,
                 board={"red": {0: ["wild", "wild"], 1: ["red 6"]}})
    red = of(play(s, "draw"), "RegionRevealed")[0]
    assert red.strengths == (2 * wild_value, 6) and red.winner == winner
    assert s.controllers[0] == winner


def test_S2_a_deck_too_small_for_the_players_is_an_option_error():
    # 4 players need 5 x 4 + 1 = 21 cards: 3 regions (18) + 3 wilds is enough, + 2 is not
    assert len(rome(players=4, regions=3, wilds=3).all_cards()) == 21
    rome(players=4, regions=3, wilds=3).new_state(seed=0)
    with pytest.raises(ludus.OptionError, match="at least 21 cards"):
        rome(players=4, regions=3, wilds=2)
    # 2 players need 11; 3 players 16: 3 regions without wilds (18) is enough for both
    rome(players=2, regions=3, wilds=0)
    rome(players=3, regions=3, wilds=0).new_state(seed=0)
    with pytest.raises(ludus.OptionError, match="too small for 4 players"):
        rome(players=4, regions=3, wilds=0)


# -- S3 players ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_S3_two_to_four_players(players):
    game = rome(players=players)
    assert game.num_players == players == game.options.players
    s = game.new_state(seed=5)
    assert len(s.observe(None)["hand_sizes"]) == players
    assert all(len(r["face_down"]) == players for r in s.observe(None)["regions"])


@pytest.mark.parametrize("players", [0, 1, 5, "two"])
def test_S3_other_player_counts_are_refused(players):
    with pytest.raises(ludus.OptionError):
        rome(players=players)


def test_S3_unlimited_soldiers_a_seat_may_control_many_regions():
    s = position(regions_to_win="5", round=2, controllers={"red": 0, "blue": 0, "green": 0},
                 hands={0: ["yellow 1"], 1: []}, pile=["purple 1", "purple 2", "purple 3"])
    play(s, "play yellow 1", "draw", "draw")
    assert s.controllers == [0, 0, 0, 0, None] and not s.is_terminal and s.round == 3


# -- S4 the deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_S4_five_cards_each_the_rest_is_the_face_down_pile(players):
    game = rome(players=players)
    s = game.new_state(seed=11)
    obs = s.observe(None)
    assert obs["hand_sizes"] == [5] * players
    assert obs["pile"] == {"size": 36 - 5 * players, "never_seen_on_top": 36 - 5 * players, "revealed_below": 0,
                           "next_layer": None, "layers_beneath": []}
    assert obs["round"] == 1 and obs["controlled"] == [0] * players and obs["discard"] == []
    check_consistent(s)
    assert Counter(c for cs in s.zones().values() for c in cs) == Counter(game.all_cards())


def test_S4_the_shuffle_comes_from_the_seed():
    game = rome()
    assert game.new_state(seed=4).zones() == game.new_state(seed=4).zones()
    assert len({str(game.new_state(seed=k).zones()) for k in range(8)}) == 8


# -- S5 who starts -------------------------------------------------------------------------------

def test_S5_first_player_random_is_seeded():
    game = rome(players=3)
    firsts = [game.new_state(seed=k).current_player for k in range(40)]
    assert set(firsts) == {0, 1, 2}
    assert [game.new_state(seed=k).current_player for k in range(40)] == firsts


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_S5_first_player_may_be_a_seat(seat):
    game = rome(players=4, first_player=seat)
    assert {game.new_state(seed=k).current_player for k in range(10)} == {seat}
    assert rome(players=4, first_player=str(seat)).options.first_player == str(seat)


def test_S5_first_player_must_be_a_seat_of_the_game():
    with pytest.raises(ludus.OptionError, match="not a seat of a 2-player game"):
        rome(first_player=2)
    with pytest.raises(ludus.OptionError):
        rome(first_player="last")


def _end_round(s):
    """Everybody draws (S8: players turns in a row without a play); return the events."""
    events, start = [], s.round
    while s.round == start and not s.is_terminal:
        events += play(s, "draw")
    return events


def test_S5_round_starter_fixed_the_first_player_starts_every_round():
    s = position(3, first_player=1, hands={0: [], 1: [], 2: []})
    assert s.current_player == 1 and s.observe(None)["starter"] == 1
    for expected_round in (2, 3):
        _end_round(s)
        assert s.round == expected_round and s.current_player == 1 and s.observe(None)["starter"] == 1


def test_S5_round_starter_rotate_passes_the_start_to_the_next_seat():
    game_first = rome(players=3, first_player=2, round_starter="rotate").new_state(seed=0)
    assert game_first.current_player == 2
    s = position(3, first_player=2, round_starter="rotate", hands={0: [], 1: [], 2: []})
    assert s.current_player == 2
    for starter in (0, 1, 2, 0):
        _end_round(s)
        assert s.current_player == starter and s.observe(None)["starter"] == starter
    assert area(s, "red")["controller"] is None
