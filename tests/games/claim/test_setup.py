"""Cards, decks, options and setup (K1-K9)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import ludus

from .helpers import claim, legal, names, of, play, position, seat, zone

SINGLES = ("undead", "dwarves", "doppelgangers", "dragons", "trolls", "seers")
PAIRS = (("knights", "goblins"), ("gnomes", "giants"))


def faction_values(game) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for name in game.all_cards():
        f, v = name.split()
        out.setdefault(f, []).append(int(v))
    return {f: sorted(v) for f, v in out.items()}


# -- K1 cards ------------------------------------------------------------------------------------


def test_K1_equal_cards_are_one_action_and_each_card_is_kept_apart():
    game = claim(factions="claim")
    assert Counter(game.all_cards())["goblins 0"] == 5, "equal (faction, value) pairs exist"
    s = position(factions="claim", hands={0: ["goblins 0", "goblins 0", "goblins 0", "knights 4"],
                                          1: ["undead 1", "undead 2", "undead 3", "undead 4"]})
    assert sorted(legal(s)) == ["goblins 0", "knights 4"], "three Goblin 0s make one action"
    play(s, "goblins 0")
    assert seat(s, 0, 0)["hand"] == ["goblins 0", "goblins 0", "knights 4"], "only one of them left"
    action = game.parse_action("goblins 0")
    assert str(action) == "goblins 0" and game.action_from_id(game.action_id(action)) == action
    assert game.parse_action("gob 0") == game.parse_action("play goblin 0") == action


# -- K2, K3 the two boxes --------------------------------------------------------------------------


def test_K2_claim_factions_and_values():
    values = faction_values(claim(factions="claim"))
    assert values == {
        "goblins": [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        "knights": [2, 3, 4, 5, 6, 7, 8, 9],
        "undead": list(range(10)),
        "dwarves": list(range(10)),
        "doppelgangers": list(range(10)),
    }
    assert sum(map(len, values.values())) == 52


def test_K3_claim2_factions_and_values():
    values = faction_values(claim(factions="claim2"))
    assert values == {
        "gnomes": [1, 1, 1, 3, 3, 3, 5, 5, 5, 7, 7, 7, 9],
        "giants": [1, 1, 3, 3, 5, 5, 7, 7, 9],
        "dragons": list(range(10)),
        "trolls": list(range(10)),
        "seers": list(range(10)),
    }
    assert sum(map(len, values.values())) == 52


# -- K4, K5 pairs, singles and the factions option ---------------------------------------------------


def test_K4_every_pair_with_any_three_singles_makes_a_two_player_deck():
    for pair in PAIRS:
        for singles in itertools.combinations(SINGLES, 3):
            game = claim(factions=list(pair + singles))
            assert len(game.all_cards()) == 52, (pair, singles)
            assert set(faction_values(game)) == set(pair + singles)


def test_K4_every_pair_with_any_five_singles_makes_a_three_or_four_player_deck():
    for players in (3, 4):
        for pair in PAIRS:
            for singles in itertools.combinations(SINGLES, 5):
                game = claim(players=players, factions=",".join(pair + singles))
                assert len(game.all_cards()) == 72 and len(set(faction_values(game))) == 7


def test_K5_default_decks():
    assert set(faction_values(claim())) == {"gnomes", "giants", "dragons", "trolls", "seers"}
    assert claim().options.factions == "default"
    many = {"gnomes", "giants", "dragons", "trolls", "undead", "dwarves", "doppelgangers"}
    for players in (3, 4):
        game = claim(players=players)
        assert set(faction_values(game)) == many and len(game.all_cards()) == 72
        assert game.new_state(seed=1).observe(None)["factions"] == [
            "undead", "dwarves", "doppelgangers", "gnomes", "giants", "dragons", "trolls"]


def test_K5_named_decks_and_explicit_lists():
    assert set(faction_values(claim(factions="claim"))) == {
        "goblins", "knights", "undead", "dwarves", "doppelgangers"}
    assert set(faction_values(claim(factions="claim2"))) == {
        "gnomes", "giants", "dragons", "trolls", "seers"}
    as_list = claim(factions=["Knights", "goblins", "DRAGONS", "trolls", "seers"])
    as_text = claim(factions="knights, Goblins,dragons,troll,seers")
    assert as_list.options == as_text.options, "a list or a comma-separated string, any case"
    singular = claim(players=3, factions="gnome,giant,dwarf,troll,undead,doppelganger,dragon")
    assert set(faction_values(singular)) == {"gnomes", "giants", "dwarves", "trolls", "undead",
                                             "doppelgangers", "dragons"}
    assert singular.parse_action("dwarf 3") == singular.parse_action("dwarves 3")
    assert set(faction_values(as_list)) == {"knights", "goblins", "dragons", "trolls", "seers"}
    assert len(as_list.all_cards()) == 52
    # the option value is canonical and JSON-able, so records replay
    s = as_text.new_state(seed=3)
    play(s, s.legal_actions()[0])
    assert ludus.replay(s.record()).observe(0) == s.observe(0)


@pytest.mark.parametrize("players, factions", [
    (2, "knights,goblins,gnomes,giants,dragons"),        # both pairs
    (2, "knights,dragons,trolls,seers,undead"),          # half a pair
    (2, "gnomes,giants,dragons,trolls"),                 # too few singles
    (2, "gnomes,giants,dragons,trolls,seers,undead"),    # too many singles
    (2, "undead,dwarves,doppelgangers,dragons,trolls"),  # no pair
    (3, "claim"),
    (4, "claim2"),
    (3, "gnomes,giants,dragons,trolls,seers"),           # a 2-player deck
    (4, "gnomes,giants,knights,goblins,dragons,trolls,seers"),
    (3, "gnomes,giants,undead,dwarves,doppelgangers,dragons,trolls,seers"),
])
def test_K5_other_combinations_are_refused_stating_the_rule(players, factions):
    with pytest.raises(ludus.OptionError) as err:
        claim(players=players, factions=factions)
    message = str(err.value)
    singles = 3 if players == 2 else 5
    assert "exactly one pair (knights+goblins or gnomes+giants)" in message
    assert f"plus {singles} of the singles" in message
    assert "undead, dwarves, doppelgangers, dragons, trolls, seers" in message


@pytest.mark.parametrize("factions", ["knights,goblins,dragons,trolls,elves", "", "goblins,goblins",
                                      42, "knights,goblins,dragons,trolls,seers,seers"])
def test_K5_unreadable_faction_lists_are_refused(factions):
    with pytest.raises(ludus.OptionError, match="factions"):
        claim(factions=factions)


# -- K6 players and teams ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K6_players(players):
    game = claim(players=players)
    assert game.num_players == players
    obs = game.new_state(seed=0).observe(None)
    assert obs["players"] == players and len(obs["seats"]) == players
    assert obs["teams"] == ([[0, 2], [1, 3]] if players == 4 else None)


@pytest.mark.parametrize("players", [1, 5, "two"])
def test_K6_other_player_counts_are_refused(players):
    with pytest.raises(ludus.OptionError, match="players"):
        claim(players=players)


def test_K6_four_players_play_in_teams_of_opposite_seats():
    # Partners share results (K34): seats 0 and 2 against 1 and 3.
    s = position(4, phase=2, hands={0: ["dragons 9"], 1: ["dragons 1"], 2: ["dragons 2"], 3: ["dragons 3"]},
                 score={0: ["trolls 1"], 2: ["trolls 2", "undead 1"], 1: ["undead 2"]})
    play(s, "dragons 9", "dragons 1", "dragons 2", "dragons 3")
    assert s.is_terminal
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


# -- K7 the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("players, hand, deck", [(2, 13, 26), (3, 12, 36), (4, 9, 36)])
def test_K7_deal_sizes(players, hand, deck):
    game = claim(players=players)
    for seed in range(3):
        s = game.new_state(seed=seed)
        obs = s.observe(None)
        prizes = 1 if players == 2 else 2
        assert [x["hand_size"] for x in obs["seats"]] == [hand] * players
        assert obs["deck_size"] + len(obs["prizes"]) == deck
        assert len(obs["prizes"]) == prizes
        assert hand * players + deck == len(game.all_cards())
        for q in range(players):
            assert len(seat(s, q, q)["hand"]) == hand


def test_K7_the_deal_is_a_seeded_shuffle():
    game = claim()
    hands = [tuple(game.new_state(seed=k).observe(0)["seats"][0]["hand"]) for k in range(6)]
    assert hands[0] == tuple(game.new_state(seed=0).observe(0)["seats"][0]["hand"])
    assert len(set(hands)) == 6


@pytest.mark.parametrize("players, tricks", [(2, 13), (3, 12), (4, 9)])
def test_K7_phase_one_lasts_one_trick_per_card_in_hand(players, tricks):
    """26 + 26 / 36 + 36 over 12 / 36 + 36 over 9; phase-2 hands of 13, 12, 9."""
    s = claim(players=players).new_state(seed=players)
    done = 0
    while s.phase == 1:
        events = play(s, s.legal_actions()[0])
        done += len(of(events, "TrickWon"))
    assert done == tricks
    obs = s.observe(None)
    assert obs["deck_size"] == 0 and obs["prizes"] == []
    assert [x["hand_size"] for x in obs["seats"]] == [tricks] * players
    assert all(x["follower_pile_size"] == 0 for x in obs["seats"])


# -- K8 first leader -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K8_first_leader_seat(players):
    for q in range(players):
        for value in (q, str(q)):
            s = claim(players=players, first_leader=value).new_state(seed=5)
            assert s.current_player == q and s.observe(None)["leader"] == q


def test_K8_first_leader_random_is_seeded():
    game = claim(players=4)
    assert game.options.first_leader == "random"
    leaders = [game.new_state(seed=k).current_player for k in range(40)]
    assert leaders == [game.new_state(seed=k).current_player for k in range(40)]
    assert set(leaders) == {0, 1, 2, 3}


@pytest.mark.parametrize("players, value", [(2, 2), (2, "3"), (3, 3), (4, 4), (2, "youngest"), (2, -1)])
def test_K8_first_leader_must_be_a_seat(players, value):
    with pytest.raises(ludus.OptionError, match="first_leader"):
        claim(players=players, first_leader=value)


# -- K9 prizes -------------------------------------------------------------------------------------


def test_K9_two_players_reveal_the_top_deck_card():
    s = position(hands={0: ["trolls 5", "trolls 6"], 1: ["seers 1", "seers 2"]}, prizes=["gnomes 9"],
                 deck=["dragons 1", "dragons 2", "dragons 3"])
    assert s.observe(1)["prizes"] == ["gnomes 9"]
    events = play(s, "trolls 5", "seers 1")
    assert names(events)[-1] == "PrizesRevealed"
    # the loser took the top card (dragons 3); the next one is the new prize
    assert of(events, "PrizesRevealed")[0].cards == ("dragons 2",)
    assert s.observe(0)["prizes"] == ["dragons 2"] and s.observe(0)["deck_size"] == 1
    assert zone(s, "seat 1 followers") == ["dragons 3"]


@pytest.mark.parametrize("players", [3, 4])
def test_K9_three_or_four_players_reveal_the_top_two(players):
    h = {q: [f"dragons {q}", f"dragons {q + 5}"] for q in range(players)}
    deck = [f"trolls {v}" for v in range(2 * players - 2)]
    s = position(players, hands=h, prizes=["undead 1", "undead 2"], deck=deck)
    assert s.observe(None)["prizes"] == ["undead 1", "undead 2"]
    events = play(s, *[f"dragons {q}" for q in range(players)])
    events += play(s, "take undead 1")
    revealed = of(events, "PrizesRevealed")[0].cards
    assert sorted(revealed) == sorted(f"trolls {v}" for v in range(players - 2, players))
    assert s.observe(None)["deck_size"] == players - 2
