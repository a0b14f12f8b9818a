"""The end of the game: scoring and results (K29-K34)."""

from __future__ import annotations

import pytest

import ludus

from .helpers import names, of, play, position, zone


def final(players: int, last: list[str], *, leader: int = 0, **kwargs):
    """Play the last phase-2 trick (``last``: the cards in play order from ``leader``)."""
    order = [(leader + i) % players for i in range(players)]
    s = position(players, phase=2, leader=leader, hands={q: [c] for q, c in zip(order, last, strict=True)},
                 **kwargs)
    events = play(s, *last)
    assert s.is_terminal and names(events)[-1] == "GameOver"
    return s, events


def winners(s) -> dict:
    return {f: w for f, w in s.observe(None)["faction_winners"].items()}


# -- K29 -------------------------------------------------------------------------------------------


def test_K29_gnomes_join_the_score_piles_and_waiting_trolls_are_discarded():
    """Trolls waiting at the end score for nobody."""
    s, events = final(2, ["seers 1", "seers 2"], gnomes={0: ["gnomes 1", "gnomes 3"], 1: ["gnomes 9"]},
                      trolls_waiting=["trolls 4", "trolls 8"], score={1: ["trolls 1"]})
    # the winner of the last trick takes the highest waiting Troll (K27); Troll 4 is discarded
    assert zone(s, "seat 0 score") == ["gnomes 1", "gnomes 3"]
    assert zone(s, "seat 1 score") == ["gnomes 9", "seers 1", "seers 2", "trolls 1", "trolls 8"]
    assert zone(s, "seat 0 gnomes") == zone(s, "seat 1 gnomes") == zone(s, "trolls waiting") == []
    assert "trolls 4" in zone(s, "discard")
    assert [e.cards for e in of(events, "TrollsDiscarded")] == [("trolls 4",)]      # said, not silent
    # the Gnomes count for the majority: 2 Gnomes beat 1
    assert winners(s)["gnomes"] == 0 and winners(s)["trolls"] == 1


# -- K30 faction majority ------------------------------------------------------------------------------


def test_K30_most_cards_wins_the_faction():
    s, _ = final(2, ["seers 1", "seers 2"], score={0: ["dragons 0", "dragons 1"], 1: ["dragons 9"]})
    assert winners(s)["dragons"] == 0 and winners(s)["seers"] == 1
    assert winners(s)["trolls"] is None, "no cards: nobody wins it"


def test_K30_equal_counts_highest_card_then_the_next():
    s, _ = final(2, ["seers 1", "seers 2"],
                 score={0: ["dragons 9", "dragons 1", "giants 7", "giants 5", "trolls 7", "trolls 0"],
                        1: ["dragons 8", "dragons 7", "giants 7", "giants 3", "trolls 8"]})
    w = winners(s)
    assert w["dragons"] == 0, "9 beats 8"
    assert w["giants"] == 0, "7 = 7, then 5 beats 3"
    assert w["trolls"] == 0, "2 cards beat 1 card, however high"


def test_K30_identical_lists_nobody_wins():
    s, _ = final(2, ["seers 1", "seers 2"],
                 score={0: ["giants 7", "giants 1"], 1: ["giants 7", "giants 1"]},
                 gnomes={0: ["gnomes 5", "gnomes 5"], 1: ["gnomes 5", "gnomes 3"]})
    assert winners(s)["giants"] is None and winners(s)["gnomes"] == 0


def test_K30_a_doppelganger_always_scores_as_a_doppelganger():
    s, _ = final(2, ["dwarves 1", "doppelgangers 5"], factions="claim", score={0: ["dwarves 5"], 1: ["dwarves 9"]})
    # seat 1 wins with the Doppelganger as a Dwarf; the Dwarf goes to the loser (K20)
    assert zone(s, "seat 0 score") == ["dwarves 1", "dwarves 5"]
    assert zone(s, "seat 1 score") == ["doppelgangers 5", "dwarves 9"]
    w = winners(s)
    assert w["dwarves"] == 0, "two Dwarves against one: the Doppelganger is no Dwarf when scoring"
    assert w["doppelgangers"] == 1


def test_K30_three_players_ties_for_most_by_highest_card():
    s, _ = final(3, ["seers 1", "seers 2", "seers 3"], factions="gnomes,giants,dragons,trolls,seers,undead,dwarves",
                 score={0: ["trolls 9"], 1: ["trolls 1", "trolls 2"], 2: ["trolls 3", "trolls 0"]})
    assert winners(s)["trolls"] == 2, "seats 1 and 2 tie on two cards; Troll 3 beats Troll 2"
    s, _ = final(3, ["seers 1", "seers 2", "seers 3"], factions="gnomes,giants,dragons,trolls,seers,undead,dwarves",
                 score={0: ["giants 7", "giants 1"], 1: ["giants 7", "giants 1"], 2: ["giants 9"]})
    assert winners(s)["giants"] is None, "the two leaders' lists are identical"


def test_K30_seed_game_scores_every_deck_faction():
    s = ludus.make("claim", players=3).new_state(seed=4)
    while not s.is_terminal:
        play(s, s.legal_actions()[-1])
    obs = s.observe(None)
    assert sorted(obs["faction_winners"]) == sorted(obs["factions"])
    assert obs["factions_won"] == s.scores()
    assert sum(s.scores()) == sum(1 for w in obs["faction_winners"].values() if w is not None)


# -- K31 two players -----------------------------------------------------------------------------


def test_K31_more_factions_wins_three_of_five_is_enough():
    s, events = final(2, ["seers 1", "seers 2"],
                      score={0: ["dragons 1", "trolls 1", "giants 1"], 1: ["gnomes 1", "gnomes 3"]})
    # seat 1 wins seers (the last trick) and gnomes: 3 - 2
    assert s.scores() == [3, 2] and s.returns() == [1.0, -1.0]
    over = of(events, "GameOver")[0]
    assert over.factions_won == (3, 2) and over.returns == (1.0, -1.0)
    assert s.observe(1)["returns"] == [1.0, -1.0] and s.observe(None)["factions_won"] == [3, 2]


def test_K31_equal_counts_are_a_draw_goblin_zero_against_goblin_zero():
    """Nobody wins Goblins on 0 against 0, and 2-2 is a draw."""
    s, _ = final(2, ["dwarves 9", "dwarves 1"], factions="claim",
                 score={0: ["goblins 0", "knights 5", "undead 1"], 1: ["goblins 0", "doppelgangers 3"]})
    w = winners(s)
    assert w == {"goblins": None, "knights": 0, "undead": 0, "dwarves": 1, "doppelgangers": 1}
    assert zone(s, "seat 1 score") == ["doppelgangers 3", "dwarves 1", "dwarves 9", "goblins 0"]
    assert s.scores() == [2, 2] and s.returns() == [0.0, 0.0]


def test_K31_returns_are_zero_before_the_end():
    s = position(hands={0: ["seers 1"], 1: ["seers 2"]})
    assert s.returns() == [0.0, 0.0] and "returns" not in s.observe(None)


# -- K32 three players -------------------------------------------------------------------------------


def test_K32_most_factions_wins():
    s, _ = final(3, ["undead 9", "undead 8", "undead 7"], score={1: ["trolls 1"], 2: ["dragons 1", "gnomes 1"]})
    assert s.scores() == [1, 1, 2] and s.returns() == [-1.0, -1.0, 1.0]


@pytest.mark.parametrize("seat1_doppelgangers, expected", [
    (["doppelgangers 0", "doppelgangers 1", "doppelgangers 2", "doppelgangers 3"], [-1.0, 1.0, -1.0]),
    (["doppelgangers 0", "doppelgangers 1"], [1.0, -1.0, -1.0]),
])
def test_K32_tie_most_cards_in_any_one_faction_won_or_not(seat1_doppelgangers, expected):
    # After the last trick seat 0 has Undead 7, 8, 9 (won) and Troll 9 (won): 2 factions, at most 3.
    # Seat 1 wins Gnomes and Giants: 2 factions; its largest faction is Doppelgangers, which it
    # does not win (seat 2 holds 5).
    s, _ = final(3, ["undead 9", "undead 8", "undead 7"],
                 score={0: ["trolls 9"], 1: ["gnomes 1", "giants 1"] + seat1_doppelgangers,
                        2: [f"doppelgangers {v}" for v in range(4, 9)]})
    assert s.scores() == [2, 2, 1]
    assert s.returns() == expected


def test_K32_then_the_sum_of_values_in_the_factions_won():
    # both leaders: 2 factions, 3 cards at most; seat 0's won factions sum 7+8+9+9 = 33,
    # seat 1's 1+3+5 + 1 = 10
    s, _ = final(3, ["undead 9", "undead 8", "undead 7"],
                 score={0: ["trolls 9"], 1: ["gnomes 1", "gnomes 3", "gnomes 5", "giants 1"]})
    assert s.scores() == [2, 2, 0] and s.returns() == [1.0, -1.0, -1.0]


def test_K32_then_a_shared_win_and_K34_sharers_get_plus_one():
    # seat 1's won factions sum 9+7+7 + 9+1 = 33 as well
    s, events = final(3, ["undead 9", "undead 8", "undead 7"],
                      score={0: ["trolls 9"], 1: ["gnomes 9", "gnomes 7", "gnomes 7", "giants 9", "giants 1"]})
    assert s.scores() == [2, 2, 0]
    assert s.returns() == [1.0, 1.0, -1.0]
    assert of(events, "GameOver")[0].returns == (1.0, 1.0, -1.0)


def test_K34_all_three_share_all_get_zero():
    s, _ = final(3, ["undead 9", "undead 8", "undead 7"],
                 score={0: ["trolls 9"], 1: ["gnomes 9", "gnomes 7", "gnomes 7", "giants 9", "giants 1"],
                        2: ["doppelgangers 9", "doppelgangers 8", "doppelgangers 7", "dragons 9"]})
    assert s.scores() == [2, 2, 2]
    assert s.returns() == [0.0, 0.0, 0.0]


# -- K33 four players -------------------------------------------------------------------------------


def four_player_end(extra_for_seat_2=()):
    # The last trick: Trolls 0-3; seat 3 wins and takes Troll 3, the rest wait and are discarded.
    return final(4, ["trolls 0", "trolls 1", "trolls 2", "trolls 3"],
                 score={0: ["undead 1", "dwarves 5"], 1: ["undead 9"], 2: ["undead 2", *extra_for_seat_2]},
                 gnomes={0: ["gnomes 7"], 1: ["gnomes 9"], 2: ["gnomes 7"], 3: ["gnomes 1"]})


def test_K33_partners_pool_their_piles_equal_points_is_a_draw():
    s, _ = four_player_end()
    w = winners(s)
    # Undead: team 0+2 has 2 cards (1, 2) against seat 1's single 9: the pooled count wins.
    # Gnomes: 2 against 2, team 1+3 holds the 9. Trolls: team 1+3. Dwarves: team 0+2.
    assert w["undead"] == 0 and w["gnomes"] == 1 and w["trolls"] == 1 and w["dwarves"] == 0
    assert w["dragons"] is None
    assert s.scores() == [2, 2, 2, 2]
    assert s.returns() == [0.0, 0.0, 0.0, 0.0]


def test_K33_the_team_with_more_points_wins_and_K34_partners_share_the_result():
    s, events = four_player_end(extra_for_seat_2=["doppelgangers 0"])
    assert s.scores() == [3, 2, 3, 2]
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]
    assert of(events, "GameOver")[0].factions_won == (3, 2, 3, 2)


@pytest.mark.parametrize("players, last, score, returns, won", [
    (2, ["seers 1", "seers 2"], {0: ["dragons 1", "trolls 1", "giants 1"]}, [1.0, -1.0], [3, 1]),
    (2, ["seers 2", "seers 1"], {1: ["dragons 1"]}, [0.0, 0.0], [1, 1]),
    # one faction each; seat 2's three Undead break the tie (K32)
    (3, ["undead 7", "undead 8", "undead 9"], {0: ["trolls 1"], 1: ["dragons 1"]}, [-1.0, -1.0, 1.0], [1, 1, 1]),
    (4, ["undead 0", "undead 1", "undead 2", "undead 3"], {1: ["dragons 1"]}, [-1.0, 1.0, -1.0, 1.0], [0, 2, 0, 2]),
])
def test_K34_returns_per_seat_team_mates_share_and_factions_won_are_reported(players, last, score, returns, won):
    s, events = final(players, last, score=score)
    assert s.returns() == returns and s.scores() == won
    over = of(events, "GameOver")[0]
    assert list(over.returns) == returns and list(over.factions_won) == won
    obs = s.observe(None)
    assert obs["returns"] == returns and obs["factions_won"] == won and obs["over"]
