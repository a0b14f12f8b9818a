"""Phase 2 and the faction powers that act on collecting (K17-K20, K25-K27)."""

from __future__ import annotations

import pytest

import ludus

from .helpers import legal, names, of, play, position, seat, zone

CLAIM2_PLUS = "gnomes,giants,dwarves,doppelgangers,trolls"


def collected(events) -> list[tuple]:
    return [(e.player, sorted(e.cards), e.where) for e in of(events, "CardsCollected")]


# -- K17 phase 2 begins ------------------------------------------------------------------------------


def test_K17_follower_piles_become_hands_and_the_last_winner_leads():
    s = position(hands={0: ["trolls 5"], 1: ["trolls 2"]}, prizes=["giants 9"], deck=["seers 4"],
                 followers={0: ["gnomes 1", "dragons 3"], 1: ["gnomes 3", "dragons 8"]},
                 known={0: ["gnomes 1"]})
    events = play(s, "trolls 5", "trolls 2")
    assert names(events)[-1] == "PhaseTwoBegins" and of(events, "PhaseTwoBegins")[0].leader == 0
    assert s.phase == 2 and s.current_player == 0
    obs = s.observe(None)
    assert obs["phase"] == 2 and obs["deck_size"] == 0 and obs["prizes"] == []
    assert seat(s, 0, 0)["hand"] == ["gnomes 1", "giants 9", "dragons 3"]
    assert seat(s, 1, 1)["hand"] == ["gnomes 3", "dragons 8", "seers 4"]
    assert all(x["follower_pile_size"] == 0 and x["hand_size"] == 3 for x in obs["seats"])
    # what everyone saw taken is still known, now in the hand
    assert seat(s, 0, 1)["known_cards"] == ["gnomes 1", "giants 9"]
    assert "hand" not in seat(s, 0, 1)


def test_K17_with_three_players_rank_one_leads_phase_two():
    s = position(3, hands={0: ["trolls 5"], 1: ["trolls 7"], 2: ["trolls 2"]},
                 prizes=["giants 9", "gnomes 9"], deck=["dwarves 4"])
    events = play(s, "trolls 5", "trolls 7", "trolls 2", "take gnomes 9")
    assert of(events, "PhaseTwoBegins")[0].leader == 1 and s.current_player == 1
    assert [len(h) for h in s.hands] == [1, 1, 1]


# -- K18 phase-2 tricks ----------------------------------------------------------------------------


def test_K18_phase_two_same_trick_rules_winner_scores_the_trick_score_piles_public():
    s = position(phase=2, hands={0: ["seers 5", "giants 1"], 1: ["seers 2", "giants 9"]})
    play(s, "seers 5")
    assert legal(s) == {"seers 2"}, "the follow rule holds in phase 2 (K11)"
    events = play(s, "seers 2")
    assert collected(events) == [(0, ["seers 2", "seers 5"], "score")]
    for viewer in (None, 0, 1):
        assert seat(s, 0, viewer)["score_pile"] == ["seers 2", "seers 5"]
    assert s.current_player == 0
    assert names(play(s, "giants 1", "giants 9"))[-1] == "GameOver"


def test_K18_three_players_the_winner_collects_every_card():
    s = position(3, phase=2, hands={0: ["trolls 5", "gnomes 1"], 1: ["trolls 7", "gnomes 3"],
                                    2: ["undead 2", "gnomes 5"]})
    events = play(s, "trolls 5", "trolls 7", "undead 2")
    # one Troll per trick (K27): Troll 5 waits; the Undead goes to the winner like any card
    assert collected(events) == [(1, ["trolls 7", "undead 2"], "score")]
    assert s.observe(None)["trolls_waiting"] == ["trolls 5"]


# -- K19 Undead ----------------------------------------------------------------------------------


def test_K19_undead_played_in_phase_one_go_to_the_winners_score_pile():
    """Undead from both players go to the winner; an Undead prize is a prize."""
    s = position(factions="claim", hands={0: ["undead 3", "goblins 1"], 1: ["undead 7", "goblins 2"]},
                 prizes=["undead 9"])
    events = play(s, "undead 3", "undead 7")
    assert collected(events) == [(1, ["undead 3", "undead 7"], "score")]
    assert zone(s, "seat 1 score") == ["undead 3", "undead 7"]
    assert zone(s, "seat 1 followers") == ["undead 9"], "the Undead prize goes to the follower pile"
    assert seat(s, 1, None)["score_pile"] == ["undead 3", "undead 7"]


def test_K19_an_undead_played_off_faction_by_the_loser_goes_to_the_winner():
    s = position(factions="claim", hands={0: ["goblins 4", "goblins 1"], 1: ["undead 9", "knights 2"]})
    play(s, "goblins 4", "undead 9")
    assert zone(s, "seat 0 score") == ["undead 9"] and zone(s, "seat 1 score") == []
    assert "goblins 4" in zone(s, "discard")


def test_K19_three_players_undead_go_to_rank_one():
    s = position(3, hands={0: ["undead 1", "trolls 1"], 1: ["undead 5", "trolls 2"], 2: ["dragons 9", "trolls 3"]})
    events = play(s, "undead 1", "undead 5", "dragons 9")
    assert collected(events) == [(1, ["undead 1", "undead 5"], "score")]
    assert "dragons 9" in zone(s, "discard")


def test_K19_undead_have_no_power_in_phase_two():
    s = position(factions="claim", phase=2, hands={0: ["undead 3", "goblins 1"], 1: ["undead 7", "goblins 2"]})
    play(s, "undead 3", "undead 7")
    assert zone(s, "seat 1 score") == ["undead 3", "undead 7"]


# -- K20 Dwarves -----------------------------------------------------------------------------------


def test_K20_dwarves_go_to_the_loser_in_phase_two():
    """Dwarf and Dwarf: the loser takes both."""
    s = position(factions="claim", phase=2, hands={0: ["dwarves 3", "goblins 1"], 1: ["dwarves 7", "goblins 2"]})
    events = play(s, "dwarves 3", "dwarves 7")
    assert of(events, "TrickWon")[0].winner == 1
    assert collected(events) == [(0, ["dwarves 3", "dwarves 7"], "score")]
    assert zone(s, "seat 1 score") == [] and s.current_player == 1


def test_K20_dwarf_and_goblin_the_winner_takes_the_goblin_the_loser_the_dwarf():
    s = position(factions="claim", phase=2, hands={0: ["goblins 3", "undead 1"], 1: ["dwarves 9", "undead 2"]})
    events = play(s, "goblins 3", "dwarves 9")
    assert of(events, "TrickWon")[0].winner == 0
    assert zone(s, "seat 0 score") == ["goblins 3"] and zone(s, "seat 1 score") == ["dwarves 9"]
    assert sorted(collected(events)) == [(0, ["goblins 3"], "score"), (1, ["dwarves 9"], "score")]


def test_K20_dwarves_have_no_power_in_phase_one():
    s = position(factions="claim", hands={0: ["dwarves 3", "goblins 1"], 1: ["dwarves 7", "goblins 2"]})
    play(s, "dwarves 3", "dwarves 7")
    assert zone(s, "seat 0 score") == zone(s, "seat 1 score") == []
    assert {"dwarves 3", "dwarves 7"} <= set(zone(s, "discard"))


@pytest.mark.parametrize("players", [3, 4])
def test_K20_with_more_players_dwarves_go_to_the_lowest_ranked(players):
    hands = {0: ["dwarves 5", "trolls 0"], 1: ["dwarves 8", "trolls 1"], 2: ["gnomes 1", "trolls 2"],
             3: ["dwarves 0", "trolls 3"]}
    hands = {q: h for q, h in hands.items() if q < players}
    s = position(players, phase=2, hands=hands)
    moves = ["dwarves 5", "dwarves 8", "gnomes 1", "dwarves 0"][:players]
    events = play(s, *moves)
    ranks = of(events, "TrickWon")[0].ranking
    assert ranks == ((1, 0, 3, 2) if players == 4 else (1, 0, 2))
    lowest = ranks[-1]
    dwarves = sorted(m for m in moves if m.startswith("dwarves"))
    assert zone(s, f"seat {lowest} score") == dwarves
    assert zone(s, "seat 1 gnomes") == ["gnomes 1"]
    if players == 4:
        # rank 4 is seat 2, not the winner's partner (seat 3 played the Dwarf 0 and ranks third)
        assert zone(s, "seat 3 score") == [] and zone(s, "seat 1 score") == []


# -- K25 Gnomes ----------------------------------------------------------------------------------


def test_K25_gnomes_collected_in_phase_two_go_face_up_to_the_gnome_area():
    s = position(phase=2, hands={0: ["gnomes 3", "trolls 1"], 1: ["gnomes 5", "trolls 2"]})
    events = play(s, "gnomes 3", "gnomes 5")
    assert collected(events) == [(1, ["gnomes 3", "gnomes 5"], "gnomes")]
    assert zone(s, "seat 1 gnomes") == ["gnomes 3", "gnomes 5"] and zone(s, "seat 1 score") == []
    for viewer in (None, 0, 1):
        assert seat(s, 1, viewer)["gnome_area"] == ["gnomes 3", "gnomes 5"]
    # at the end surviving Gnomes join the score pile (K29)
    play(s, "trolls 2", "trolls 1")
    assert s.is_terminal and zone(s, "seat 1 gnomes") == []
    assert zone(s, "seat 1 score") == ["gnomes 3", "gnomes 5", "trolls 2"]


def test_K25_gnomes_in_phase_one_are_ordinary_cards():
    s = position(hands={0: ["gnomes 3", "trolls 1"], 1: ["gnomes 5", "trolls 2"]}, prizes=["gnomes 9"])
    play(s, "gnomes 3", "gnomes 5")
    assert zone(s, "seat 1 gnomes") == [] and zone(s, "seat 1 followers") == ["gnomes 9"]
    assert {"gnomes 3", "gnomes 5"} <= set(zone(s, "discard"))


# -- K26 Giants ----------------------------------------------------------------------------------


def test_K26_seed_example_a_giant_5_smashes_the_opponents_gnome_5():
    s = position(phase=2, hands={0: ["giants 5", "trolls 1"], 1: ["giants 1", "trolls 2"]},
                 gnomes={1: ["gnomes 5", "gnomes 3"]})
    events = play(s, "giants 5", "giants 1")
    assert [(e.player, e.victim, e.value) for e in of(events, "GnomeSmashed")] == [(0, 1, 5)]
    assert zone(s, "seat 1 gnomes") == ["gnomes 3"]
    assert zone(s, "removed") == ["gnomes 5"], "the removed Gnome leaves the game"
    assert zone(s, "seat 0 score") == ["giants 1", "giants 5"], "the Giants go to the score pile"
    assert s.observe(None)["removed"] == ["gnomes 5"]


def test_K26_one_giant_removes_only_one_of_two_matching_gnomes():
    s = position(phase=2, hands={0: ["giants 5", "trolls 1"], 1: ["seers 1", "trolls 2"]},
                 gnomes={1: ["gnomes 5", "gnomes 5"]})
    play(s, "giants 5", "seers 1")
    assert zone(s, "seat 1 gnomes") == ["gnomes 5"]


def test_K26_two_giants_each_smash_only_their_own_value():
    s = position(phase=2, hands={0: ["giants 3", "trolls 1"], 1: ["giants 7", "trolls 2"]},
                 gnomes={0: ["gnomes 5", "gnomes 3"], 1: ["gnomes 3", "gnomes 5", "gnomes 7", "gnomes 1"]})
    events = play(s, "giants 3", "giants 7")
    assert sorted((e.victim, e.value) for e in of(events, "GnomeSmashed")) == [(0, 3)]
    s = position(phase=2, hands={0: ["giants 7", "trolls 1"], 1: ["giants 3", "trolls 2"]},
                 gnomes={1: ["gnomes 3", "gnomes 5", "gnomes 7", "gnomes 1"]})
    events = play(s, "giants 7", "giants 3")
    assert sorted((e.victim, e.value) for e in of(events, "GnomeSmashed")) == [(1, 3), (1, 7)]
    assert zone(s, "seat 1 gnomes") == ["gnomes 1", "gnomes 5"]


def test_K26_two_equal_giants_smash_two_equal_gnomes():
    s = position(phase=2, hands={0: ["giants 1", "trolls 1"], 1: ["giants 1", "trolls 2"]},
                 gnomes={1: ["gnomes 1", "gnomes 1", "gnomes 1"]})
    play(s, "giants 1", "giants 1")
    assert zone(s, "seat 1 gnomes") == ["gnomes 1"] and zone(s, "removed") == ["gnomes 1", "gnomes 1"]


def test_K26_never_the_collectors_own_gnomes_nor_gnomes_in_hand():
    s = position(phase=2, hands={0: ["giants 5", "gnomes 5"], 1: ["seers 1", "gnomes 5"]},
                 gnomes={0: ["gnomes 5"]})
    events = play(s, "giants 5", "seers 1")
    assert not of(events, "GnomeSmashed")
    assert zone(s, "seat 0 gnomes") == ["gnomes 5"] and seat(s, 1, 1)["hand"] == ["gnomes 5"]


def test_K26_giants_have_no_power_in_phase_one():
    s = position(hands={0: ["giants 5", "trolls 1"], 1: ["seers 1", "trolls 2"]})
    events = play(s, "giants 5", "seers 1")
    assert not of(events, "GnomeSmashed")


def test_K26_three_players_two_matching_opponents_the_collector_chooses():
    s = position(3, phase=2, hands={0: ["giants 5", "trolls 1"], 1: ["giants 1", "trolls 2"],
                                    2: ["undead 0", "trolls 3"]},
                 gnomes={1: ["gnomes 5"], 2: ["gnomes 5", "gnomes 1"]})
    events = play(s, "giants 5", "giants 1", "undead 0")
    # Giant 1: only seat 2 has a Gnome 1 (removed at once); Giant 5: seats 1 and 2 -> a decision
    assert [(e.victim, e.value) for e in of(events, "GnomeSmashed")] == [(2, 1)]
    assert s.current_player == 0 and s.observe(None)["step"] == "choose-smash"
    assert s.observe(0)["smash_values"] == [5]
    assert legal(s) == {"smash 1", "smash 2"}
    for target, why in [("smash 0", "a Giant removes an opponent's Gnome, never its winner's own"),
                        ("smash 3", "there is no seat 3 at this table")]:
        with pytest.raises(ludus.IllegalAction, match=rf"{why}; the Giant removes the gnomes 5 of "
                                                      r"seat 1 or seat 2 \(K26\)"):
            play(s, target)
    events = play(s, "0: smash 2")
    assert [(e.player, e.victim, e.value) for e in of(events, "GnomeSmashed")] == [(0, 2, 5)]
    assert zone(s, "seat 1 gnomes") == ["gnomes 5"] and zone(s, "seat 2 gnomes") == []
    assert s.current_player == 0 and s.observe(None)["step"] == "play"


def test_K26_three_players_one_matching_opponent_no_decision():
    s = position(3, phase=2, hands={0: ["giants 5", "trolls 1"], 1: ["undead 1", "trolls 2"],
                                    2: ["undead 0", "trolls 3"]}, gnomes={2: ["gnomes 5"]})
    events = play(s, "giants 5", "undead 1", "undead 0")
    assert [(e.victim, e.value) for e in of(events, "GnomeSmashed")] == [(2, 5)]
    assert s.observe(None)["step"] == "play"


def test_K26_four_players_never_a_partners_gnome():
    hands = {0: ["giants 5", "trolls 0"], 1: ["undead 1", "trolls 1"], 2: ["undead 2", "trolls 2"],
             3: ["undead 3", "trolls 3"]}
    s = position(4, phase=2, hands=hands, gnomes={2: ["gnomes 5"]})
    events = play(s, "giants 5", "undead 1", "undead 2", "undead 3")
    assert not of(events, "GnomeSmashed") and zone(s, "seat 2 gnomes") == ["gnomes 5"]
    s = position(4, phase=2, hands=hands, gnomes={2: ["gnomes 5"], 3: ["gnomes 5"]})
    events = play(s, "giants 5", "undead 1", "undead 2", "undead 3")
    assert [(e.victim, e.value) for e in of(events, "GnomeSmashed")] == [(3, 5)]
    s = position(4, phase=2, hands=hands, gnomes={1: ["gnomes 5"], 2: ["gnomes 5"], 3: ["gnomes 5"]})
    play(s, "giants 5", "undead 1", "undead 2", "undead 3")
    assert legal(s) == {"smash 1", "smash 3"}, "both opponents match; the partner is never a target"
    play(s, "smash 1")
    assert zone(s, "seat 1 gnomes") == [] and zone(s, "seat 3 gnomes") == ["gnomes 5"]
    assert zone(s, "seat 2 gnomes") == ["gnomes 5"]


def test_K26_the_smash_applies_after_the_trick_is_placed_and_on_the_last_trick():
    s = position(phase=2, hands={0: ["giants 3"], 1: ["gnomes 3"]}, gnomes={1: ["gnomes 3"]})
    events = play(s, "giants 3", "gnomes 3")
    # seat 0 wins both: the Gnome 3 of the trick goes to its own area, seat 1's Gnome 3 is smashed,
    # then the game ends and surviving Gnomes score (K29)
    assert names(events)[-2:] == ["GnomeSmashed", "GameOver"]
    assert zone(s, "seat 0 score") == ["giants 3", "gnomes 3"] and zone(s, "seat 1 score") == []


# -- K27 Trolls --------------------------------------------------------------------------------------


def test_K27_the_rule_books_example_willy_collects_troll_3_and_troll_1_waits():
    """Tommy (seat 0) leads Troll 1, Willy (seat 1) follows with Troll 3 and wins: Willy collects
    Troll 3, Troll 1 is set aside, and the next trick's winner collects it."""
    s = position(phase=2, hands={0: ["trolls 1", "seers 5"], 1: ["trolls 3", "seers 2"]})
    events = play(s, "0: trolls 1", "1: trolls 3")
    assert of(events, "TrickWon")[0].winner == 1 and collected(events) == [(1, ["trolls 3"], "score")]
    assert zone(s, "seat 1 score") == ["trolls 3"] and zone(s, "trolls waiting") == ["trolls 1"]
    assert of(events, "TrollsWaiting")[0].cards == ("trolls 1",)
    assert [s.observe(p)["trolls_waiting"] for p in (None, 0, 1)] == [["trolls 1"]] * 3, "waiting is public"
    play(s, "1: seers 2", "0: seers 5")
    assert zone(s, "seat 0 score") == ["seers 2", "seers 5", "trolls 1"] and zone(s, "trolls waiting") == []


def test_K27_troll_chain():
    """Trolls 1, 3 and 0 in one trick, then no Trolls, then Trolls 7 and 2 with Troll 0 waiting."""
    s = position(3, phase=2, hands={0: ["trolls 1", "undead 0", "trolls 2", "gnomes 1"],
                                    1: ["trolls 3", "undead 5", "dwarves 0", "gnomes 3"],
                                    2: ["trolls 0", "undead 1", "trolls 7", "gnomes 5"]})
    play(s, "trolls 1", "trolls 3", "trolls 0")           # seat 1 takes Troll 3; Trolls 1, 0 wait
    assert zone(s, "seat 1 score") == ["trolls 3"] and zone(s, "trolls waiting") == ["trolls 0", "trolls 1"]
    play(s, "1: undead 5", "2: undead 1", "0: undead 0")   # no Trolls: seat 1 takes the highest waiting
    assert zone(s, "seat 1 score") == ["trolls 1", "trolls 3", "undead 0", "undead 1", "undead 5"]
    assert zone(s, "trolls waiting") == ["trolls 0"]
    events = play(s, "1: dwarves 0", "2: trolls 7", "0: trolls 2")  # Troll 0 waiting, Trolls 7 and 2 played
    assert of(events, "TrickWon")[0].winner == 1, "Dwarf led: Trolls are off-faction"
    assert "trolls 7" in zone(s, "seat 1 score")
    assert zone(s, "trolls waiting") == ["trolls 0", "trolls 2"]
    events = play(s, "1: gnomes 3", "2: gnomes 5", "0: gnomes 1")
    # the last trick: seat 2 takes Troll 2; Troll 0 still waits and is discarded (K29)
    assert "trolls 2" in zone(s, "seat 2 score")
    assert s.is_terminal and zone(s, "trolls waiting") == [] and "trolls 0" in zone(s, "discard")


def test_K27_two_players_highest_of_the_pool():
    s = position(phase=2, hands={0: ["trolls 2", "seers 5"], 1: ["trolls 7", "seers 2"]},
                 trolls_waiting=["trolls 1"])
    play(s, "trolls 2", "trolls 7")
    assert zone(s, "seat 1 score") == ["trolls 7"] and zone(s, "trolls waiting") == ["trolls 1", "trolls 2"]
    play(s, "seers 2", "seers 5")
    assert zone(s, "seat 0 score") == ["seers 2", "seers 5", "trolls 2"]
    assert zone(s, "trolls waiting") == [], "the last trick's leftovers are discarded"
    assert "trolls 1" in zone(s, "discard") and s.is_terminal


def test_K27_a_waiting_troll_higher_than_the_tricks_own_is_the_one_taken():
    s = position(phase=2, hands={0: ["trolls 2", "seers 5"], 1: ["trolls 5", "seers 2"]},
                 trolls_waiting=["trolls 8"])
    play(s, "0: trolls 2", "1: trolls 5")
    assert zone(s, "seat 1 score") == ["trolls 8"]
    assert zone(s, "trolls waiting") == ["trolls 2", "trolls 5"]


def test_K27_a_doppelganger_on_a_troll_lead_is_not_a_troll():
    s = position(factions=CLAIM2_PLUS, phase=2, hands={0: ["trolls 3", "gnomes 1"],
                                                       1: ["doppelgangers 5", "gnomes 3"]},
                 trolls_waiting=["trolls 1"])
    play(s, "trolls 3", "doppelgangers 5")
    assert zone(s, "seat 1 score") == ["doppelgangers 5", "trolls 3"]
    assert zone(s, "trolls waiting") == ["trolls 1"]


def test_K27_trolls_have_no_power_in_phase_one():
    s = position(hands={0: ["trolls 1", "seers 5"], 1: ["trolls 3", "seers 2"]})
    play(s, "trolls 1", "trolls 3")
    assert zone(s, "trolls waiting") == [] and {"trolls 1", "trolls 3"} <= set(zone(s, "discard"))
