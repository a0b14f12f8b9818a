"""Playing and winning tricks, and the powers that act on them (K10-K15, K21-K24)."""

from __future__ import annotations

import pytest

import ludus

from .helpers import legal, names, of, play, position, seat, zone

KG_3P = "knights,goblins,undead,dwarves,doppelgangers,dragons,trolls"   # a 7-faction deck with Knights


def ranking(events) -> tuple:
    return of(events, "TrickWon")[0].ranking


# -- K10 leading and following in seat order --------------------------------------------------------


def test_K10_the_leader_plays_any_card_and_the_others_follow_in_seat_order():
    s = position(3, hands={0: ["trolls 1", "gnomes 3"], 1: ["trolls 2", "undead 4"],
                           2: ["dragons 5", "dwarves 6"]}, leader=2)
    assert s.current_player == 2
    assert legal(s) == {"dragons 5", "dwarves 6"}, "the leader may lead any card of the hand"
    with pytest.raises(ludus.IllegalAction, match="not seat 0's turn; seat 2 is to move"):
        play(s, "0: trolls 1")
    events = play(s, "2: dragons 5")
    assert of(events, "CardPlayed")[0].player == 2 and s.current_player == 0
    play(s, "0: trolls 1")
    assert s.current_player == 1
    events = play(s, "1: trolls 2")
    assert [e.player for e in of(events, "CardPlayed")] == [1]
    assert of(events, "TrickWon")[0].winner == 2


# -- K11 the follow rule ----------------------------------------------------------------------------


def test_K11_must_follow_or_play_a_doppelganger():
    """Lead-faction cards and a Doppelganger may be played, nothing else."""
    s = position(factions="claim", hands={0: ["goblins 3", "undead 1", "undead 2", "undead 3"],
                                          1: ["goblins 5", "goblins 0", "doppelgangers 2", "knights 9"]})
    play(s, "goblins 3")
    assert legal(s) == {"goblins 5", "goblins 0", "doppelgangers 2"}
    with pytest.raises(ludus.IllegalAction, match=r"goblins were led and seat 1 holds goblins: play "
                                                  r"goblins or a doppelganger \(K11\)"):
        play(s, "knights 9")


def test_K11_a_led_doppelganger_is_followed_by_doppelgangers_without_naming_them_twice():
    s = position(factions="claim", hands={0: ["doppelgangers 3", "undead 1"], 1: ["doppelgangers 5", "knights 9"]})
    play(s, "doppelgangers 3")
    with pytest.raises(ludus.IllegalAction, match=r"doppelgangers were led and seat 1 holds doppelgangers: play "
                                                  r"doppelgangers \(K11\)"):
        play(s, "knights 9")


def test_K11_the_refusal_offers_no_doppelganger_where_the_deck_has_none():
    s = position(hands={0: ["gnomes 3", "trolls 1"], 1: ["gnomes 5", "seers 2"]})
    play(s, "gnomes 3")
    with pytest.raises(ludus.IllegalAction, match=r"gnomes were led and seat 1 holds gnomes: play gnomes \(K11\)"):
        play(s, "seers 2")


def test_K11_without_the_led_faction_any_card_may_be_played():
    s = position(factions="claim", hands={0: ["undead 3", "goblins 1"],
                                          1: ["goblins 5", "knights 9"]})
    play(s, "undead 3")
    assert legal(s) == {"goblins 5", "knights 9"}
    events = play(s, "knights 9")
    assert of(events, "CardPlayed")[0].followed is False
    assert of(events, "TrickWon")[0].winner == 0, "an off-faction card loses to the led card"


def test_K11_a_led_doppelganger_makes_doppelgangers_the_led_faction():
    """The follower must play a Doppelganger if it holds one."""
    s = position(factions="claim", hands={0: ["doppelgangers 0", "goblins 1"],
                                          1: ["doppelgangers 4", "goblins 9"]})
    play(s, "doppelgangers 0")
    assert legal(s) == {"doppelgangers 4"}
    assert s.observe(None)["led_faction"] == "doppelgangers"


def test_K11_a_led_doppelganger_without_doppelgangers_to_follow_any_card_and_the_leader_wins():
    """The follower has no Doppelganger: any card, and the leader wins."""
    s = position(factions="claim", hands={0: ["doppelgangers 0", "goblins 1"],
                                          1: ["knights 9", "goblins 9"]})
    play(s, "doppelgangers 0")
    assert legal(s) == {"knights 9", "goblins 9"}
    events = play(s, "goblins 9")
    assert of(events, "TrickWon")[0].winner == 0
    assert seat(s, 1)["lacks"] == ["doppelgangers"]


def test_K11_three_players_each_follows_the_led_faction_not_the_previous_card():
    s = position(3, hands={0: ["trolls 1", "gnomes 3"], 1: ["dragons 2", "gnomes 5"],
                           2: ["trolls 5", "dragons 6"]})
    play(s, "trolls 1", "dragons 2")
    assert legal(s) == {"trolls 5"}, "seat 2 holds Trolls: the led faction, not the Dragon before it"


# -- K12 ranking ------------------------------------------------------------------------------------


def test_K12_knights_beat_goblins_whatever_the_values():
    """Goblin 9 led, Knight 2 wins; Knight 5 led, Goblin 9 loses."""
    s = position(factions="claim", hands={0: ["goblins 9", "knights 5"], 1: ["knights 2", "goblins 8"]})
    # seat 1 holds a Goblin, so it may not play the Knight on Goblins (K23)
    play(s, "goblins 9")
    assert "knights 2" not in legal(s)
    s = position(factions="claim", hands={0: ["goblins 9", "knights 5"], 1: ["knights 2", "undead 8"]})
    events = play(s, "goblins 9", "knights 2")
    assert of(events, "TrickWon")[0].winner == 1
    assert s.current_player == 1
    s = position(factions="claim", hands={0: ["knights 5", "undead 1"], 1: ["goblins 9", "undead 8"]})
    events = play(s, "knights 5", "goblins 9")
    assert of(events, "TrickWon")[0].winner == 0


def test_K12_followers_rank_by_value():
    s = position(factions="claim", hands={0: ["dwarves 3", "undead 1"], 1: ["dwarves 7", "undead 8"]})
    assert of(play(s, "dwarves 3", "dwarves 7"), "TrickWon")[0].winner == 1
    s = position(factions="claim", hands={0: ["dwarves 7", "undead 1"], 1: ["dwarves 3", "undead 8"]})
    assert of(play(s, "dwarves 7", "dwarves 3"), "TrickWon")[0].winner == 0


def test_K12_a_doppelganger_counts_as_the_led_faction_and_a_tie_goes_to_the_leader():
    """Goblin 3 led and Doppelganger 3 played: the leader wins."""
    s = position(factions="claim", hands={0: ["goblins 3", "undead 1"], 1: ["doppelgangers 3", "goblins 8"]})
    events = play(s, "goblins 3", "doppelgangers 3")
    assert of(events, "TrickWon")[0].winner == 0
    assert of(events, "CardPlayed")[1].followed is True
    s = position(factions="claim", hands={0: ["goblins 3", "undead 1"], 1: ["doppelgangers 4", "goblins 8"]})
    assert of(play(s, "goblins 3", "doppelgangers 4"), "TrickWon")[0].winner == 1


def test_K12_equal_goblin_zeros_the_leader_wins():
    s = position(factions="claim", hands={0: ["goblins 0", "undead 1"], 1: ["goblins 0", "undead 8"]},
                 leader=1)
    assert of(play(s, "goblins 0", "goblins 0"), "TrickWon")[0].winner == 1


def test_K12_three_players_knights_then_followers_then_the_rest():
    s = position(3, factions=KG_3P, hands={0: ["goblins 3", "trolls 1"], 1: ["doppelgangers 9", "trolls 2"],
                                           2: ["knights 2", "trolls 3"]})
    events = play(s, "goblins 3", "doppelgangers 9", "knights 2")
    assert ranking(events) == (2, 1, 0), "Knight 2 > Doppelganger 9 (as a Goblin) > Goblin 3"


def test_K12_three_or_four_players_rank_off_faction_cards_by_value_then_earlier():
    """Several off-faction cards, equal values, earlier-played ties."""
    s = position(4, factions=KG_3P, hands={0: ["dwarves 2", "trolls 0"], 1: ["goblins 9", "trolls 1"],
                                           2: ["knights 2", "undead 3"], 3: ["dragons 9", "undead 5"]})
    events = play(s, "dwarves 2", "goblins 9", "knights 2", "dragons 9")
    # Dwarf 2 follows; the rest is off-faction: Goblin 9 and Dragon 9 tie (seat 1 played earlier),
    # and a Knight off a Goblin lead is just a 2 (Q10).
    assert ranking(events) == (0, 1, 3, 2)
    assert of(events, "TrickWon")[0].winner == 0


def test_K12_three_players_equal_followers_rank_by_play_order():
    s = position(3, hands={0: ["doppelgangers 5", "trolls 1"], 1: ["gnomes 5", "trolls 2"],
                           2: ["gnomes 5", "trolls 3"]}, leader=1)
    events = play(s, "1: gnomes 5", "2: gnomes 5", "0: doppelgangers 5")
    assert ranking(events) == (1, 2, 0)


def test_K12_four_players_followers_above_higher_off_faction_cards():
    s = position(4, hands={0: ["trolls 1", "undead 0"], 1: ["dragons 9", "undead 1"],
                           2: ["trolls 0", "undead 2"], 3: ["gnomes 9", "undead 3"]})
    events = play(s, "trolls 1", "dragons 9", "trolls 0", "gnomes 9")
    assert ranking(events) == (0, 2, 1, 3)


# -- K13 prizes --------------------------------------------------------------------------------------


def test_K13_two_players_winner_takes_the_face_up_prize_loser_the_unseen_top_card():
    s = position(hands={0: ["trolls 5", "trolls 1"], 1: ["trolls 7", "seers 1"]}, prizes=["giants 9"],
                 deck=["dragons 1", "dragons 2", "gnomes 3"])
    events = play(s, "trolls 5", "trolls 7")
    assert names(events) == ["CardPlayed", "CardPlayed", "TrickWon", "PrizeTaken", "DeckCardTaken",
                             "PrizesRevealed"]
    assert (of(events, "PrizeTaken")[0].player, of(events, "PrizeTaken")[0].card) == (1, "giants 9")
    taken = of(events, "DeckCardTaken")[0]
    assert taken.player == 0
    assert taken.seen_by(0).card == "gnomes 3", "the loser sees the card it takes"
    assert taken.seen_by(1).card is None and taken.seen_by(None).card is None, "the winner does not"
    assert seat(s, 1, 1)["follower_pile"] == ["giants 9"]
    assert seat(s, 0, 0)["follower_pile"] == ["gnomes 3"]
    assert seat(s, 0, 1)["known_cards"] == [] and seat(s, 1, 0)["known_cards"] == ["giants 9"]


def test_K13_three_players_rank_one_chooses_rank_two_takes_the_other_rank_three_the_top_card():
    s = position(3, hands={0: ["trolls 5", "trolls 1"], 1: ["trolls 7", "undead 1"],
                           2: ["trolls 2", "undead 2"]},
                 prizes=["giants 9", "dragons 0"], deck=["dwarves 1", "dwarves 2", "dwarves 3", "gnomes 3"])
    events = play(s, "trolls 5", "trolls 7", "trolls 2")
    assert ranking(events) == (1, 0, 2)
    assert s.current_player == 1 and s.observe(None)["step"] == "choose-prize"
    assert legal(s) == {"take giants 9", "take dragons 0"}, "no deck card without a Seer"
    with pytest.raises(ludus.IllegalAction):
        play(s, "0: take giants 9")
    events = play(s, "1: take dragons 0")
    assert [(e.player, e.card) for e in of(events, "PrizeTaken")] == [(1, "dragons 0"), (0, "giants 9")]
    taken = of(events, "DeckCardTaken")
    assert [(e.player, e.seen_by(2).card, e.seen_by(1).card) for e in taken] == [(2, "gnomes 3", None)]
    assert s.current_player == 1 and s.observe(None)["prizes"] == ["dwarves 3", "dwarves 2"]


def test_K13_four_players_ranks_three_and_four_take_the_top_deck_cards_in_turn():
    s = position(4, hands={q: [f"trolls {q}", f"undead {q}"] for q in range(4)},
                 prizes=["giants 9", "dragons 0"],
                 deck=["dwarves 1", "dwarves 2", "dwarves 3", "dwarves 4", "gnomes 3", "gnomes 5"])
    events = play(s, "trolls 0", "trolls 1", "trolls 2", "trolls 3", "take giants 9")
    assert ranking(events) == (3, 2, 1, 0)
    assert [(e.player, e.card) for e in of(events, "PrizeTaken")] == [(3, "giants 9"), (2, "dragons 0")]
    assert [(e.player, e.seen_by(e.player).card) for e in of(events, "DeckCardTaken")] == [
        (1, "gnomes 5"), (0, "gnomes 3")]
    assert zone(s, "seat 0 followers") == ["gnomes 3"] and zone(s, "seat 1 followers") == ["gnomes 5"]


# -- K14 played cards -----------------------------------------------------------------------------


def test_K14_played_cards_are_discarded_in_phase_one():
    s = position(factions="claim", hands={0: ["goblins 4", "undead 1"], 1: ["knights 7", "undead 8"]},
                 discard=[])
    before = zone(s, "discard")
    play(s, "goblins 4", "knights 7")
    assert zone(s, "discard") == sorted(before + ["goblins 4", "knights 7"])
    assert sorted(s.observe(None)["discard"]) == zone(s, "discard")
    assert zone(s, "seat 0 score") == zone(s, "seat 1 score") == []


# -- K15 next leader ------------------------------------------------------------------------------


@pytest.mark.parametrize("phase", [1, 2])
def test_K15_the_trick_winner_leads_the_next_trick(phase):
    s = position(phase=phase, hands={0: ["trolls 3", "trolls 1"], 1: ["trolls 7", "seers 1"]})
    play(s, "trolls 3", "trolls 7")
    assert s.current_player == 1 and s.observe(None)["leader"] == 1
    play(s, "seers 1", "trolls 1")
    assert s.is_terminal if phase == 2 else s.current_player == 1


# -- K21 Dragons --------------------------------------------------------------------------------------


@pytest.mark.parametrize("phase", [1, 2])
def test_K21_seed_example_a_dragon_played_last_leads_the_next_trick(phase):
    """Tommy leads Gnome 5; Willy cannot follow and plays Dragon 1; Tommy wins, Willy leads."""
    s = position(phase=phase, hands={0: ["gnomes 5", "trolls 1"], 1: ["dragons 1", "seers 1"]})
    events = play(s, "gnomes 5", "dragons 1")
    assert of(events, "TrickWon")[0].winner == 0
    assert s.current_player == 1 and s.observe(None)["leader"] == 1
    assert s.observe(None)["next_leader"] == 1
    if phase == 1:
        assert zone(s, "seat 0 followers") == [s.observe(0)["seats"][0]["follower_pile"][0]]
        assert seat(s, 0, 0)["known_cards"] != [] , "the winner still took the prize"
    else:
        assert zone(s, "seat 0 score") == ["dragons 1"], "the winner still gets the cards"
        assert zone(s, "seat 0 gnomes") == ["gnomes 5"]


def test_K21_two_dragons_the_second_one_leads():
    s = position(hands={0: ["dragons 8", "trolls 1"], 1: ["dragons 2", "seers 1"]})
    events = play(s, "dragons 8", "dragons 2")
    assert of(events, "TrickWon")[0].winner == 0 and s.current_player == 1


def test_K21_a_led_dragon_does_nothing():
    s = position(factions="gnomes,giants,dragons,doppelgangers,trolls",
                 hands={0: ["dragons 3", "trolls 1"], 1: ["doppelgangers 7", "trolls 2"]})
    events = play(s, "dragons 3", "doppelgangers 7")
    assert of(events, "TrickWon")[0].winner == 1 and s.current_player == 1


def test_K21_a_doppelganger_as_a_dragon_has_no_power():
    s = position(factions="gnomes,giants,dragons,doppelgangers,trolls",
                 hands={0: ["dragons 8", "trolls 1"], 1: ["doppelgangers 2", "trolls 2"]})
    play(s, "dragons 8", "doppelgangers 2")
    assert s.current_player == 0


def test_K21_three_players_a_dragon_that_is_not_the_last_card_does_nothing():
    hands = {0: ["trolls 5", "gnomes 1"], 1: ["dragons 1", "gnomes 3"], 2: ["trolls 7", "gnomes 5"]}
    s = position(3, hands=hands)
    events = play(s, "trolls 5", "dragons 1", "trolls 7", "take " + s.observe(None)["prizes"][0])
    assert of(events, "TrickWon")[0].winner == 2 and s.current_player == 2
    hands = {0: ["trolls 5", "gnomes 1"], 1: ["trolls 7", "gnomes 3"], 2: ["dragons 1", "gnomes 5"]}
    s = position(3, hands=hands)
    events = play(s, "trolls 5", "trolls 7", "dragons 1", "take " + s.observe(None)["prizes"][0])
    assert of(events, "TrickWon")[0].winner == 1 and s.current_player == 2, "the last card leads"


def test_K21_option_last_dragon_the_last_dragon_played_leads_even_if_cards_followed():
    hands = {0: ["trolls 5", "gnomes 1"], 1: ["dragons 1", "gnomes 3"], 2: ["trolls 7", "gnomes 5"]}
    s = position(3, hands=hands, dragon="last-dragon")
    events = play(s, "trolls 5", "dragons 1", "trolls 7", "take " + s.observe(None)["prizes"][0])
    assert of(events, "TrickWon")[0].winner == 2 and s.current_player == 1
    # two Dragons, neither last: the later one
    hands = {0: ["dragons 5", "gnomes 1"], 1: ["dragons 1", "gnomes 3"], 2: ["doppelgangers 9", "gnomes 5"]}
    s = position(3, hands=hands, dragon="last-dragon")
    events = play(s, "dragons 5", "dragons 1", "doppelgangers 9", "take " + s.observe(None)["prizes"][0])
    assert of(events, "TrickWon")[0].winner == 2 and s.current_player == 1


def test_K21_option_last_dragon_a_led_dragon_counts():
    kwargs = dict(factions="gnomes,giants,dragons,doppelgangers,trolls",
                  hands={0: ["dragons 3", "trolls 1"], 1: ["doppelgangers 7", "trolls 2"]})
    s = position(dragon="last-dragon", **kwargs)
    play(s, "dragons 3", "doppelgangers 7")
    assert s.current_player == 0, "the leader's Dragon is the last Dragon played"
    s = position(dragon="last-card", **kwargs)
    play(s, "dragons 3", "doppelgangers 7")
    assert s.current_player == 1


@pytest.mark.parametrize("dragon", ["last-card", "last-dragon"])
def test_K21_two_players_the_options_agree_when_the_dragon_follows(dragon):
    s = position(hands={0: ["gnomes 5", "trolls 1"], 1: ["dragons 1", "seers 1"]}, dragon=dragon)
    play(s, "gnomes 5", "dragons 1")
    assert s.current_player == 1


def test_K21_a_dragon_on_the_last_trick_of_phase_one_decides_the_phase_two_leader():
    """The Dragon player of the last phase-1 trick leads phase 2 (K17)."""
    s = position(hands={0: ["gnomes 5"], 1: ["dragons 1"]}, followers={0: ["trolls 1"], 1: ["trolls 2"]})
    assert s.observe(None)["deck_size"] == 1
    events = play(s, "gnomes 5", "dragons 1")
    assert of(events, "TrickWon")[0].winner == 0
    assert of(events, "PhaseTwoBegins")[0].leader == 1
    assert s.phase == 2 and s.current_player == 1 and s.observe(None)["leader"] == 1
    # without the Dragon the winner leads phase 2
    s = position(hands={0: ["gnomes 5"], 1: ["seers 1"]}, followers={0: ["trolls 1"], 1: ["trolls 2"]})
    events = play(s, "gnomes 5", "seers 1")
    assert of(events, "PhaseTwoBegins")[0].leader == 0 and s.current_player == 0


def test_K21_phase_two_dragon_leads_with_three_players():
    s = position(3, phase=2, hands={0: ["gnomes 5", "trolls 1"], 1: ["gnomes 7", "trolls 2"],
                                    2: ["dragons 0", "trolls 3"]})
    events = play(s, "gnomes 5", "gnomes 7", "dragons 0")
    assert of(events, "TrickWon")[0].winner == 1 and s.current_player == 2


# -- K22 Doppelgangers -----------------------------------------------------------------------------


def test_K22_a_doppelganger_may_be_played_though_the_player_could_follow_and_wins_as_the_led_faction():
    s = position(factions="claim", hands={0: ["undead 4", "goblins 1"], 1: ["undead 2", "doppelgangers 6"]})
    play(s, "undead 4")
    assert legal(s) == {"undead 2", "doppelgangers 6"}
    events = play(s, "doppelgangers 6")
    assert of(events, "TrickWon")[0].winner == 1
    # ...but it never takes the Undead power: it is discarded, the Undead goes to the winner (K19)
    assert zone(s, "seat 1 score") == ["undead 4"]
    assert "doppelgangers 6" in zone(s, "discard")


def test_K22_a_doppelganger_on_a_dwarf_lead_goes_to_the_winner_as_a_doppelganger():
    s = position(factions="claim", phase=2, hands={0: ["dwarves 3", "goblins 1"],
                                                   1: ["doppelgangers 6", "goblins 2"]})
    play(s, "dwarves 3", "doppelgangers 6")
    assert zone(s, "seat 1 score") == ["doppelgangers 6"], "the winner gets the Doppelganger"
    assert zone(s, "seat 0 score") == ["dwarves 3"], "the Dwarf goes to the loser (K20)"
    s = position(factions="claim", phase=2, hands={0: ["dwarves 7", "goblins 1"],
                                                   1: ["doppelgangers 6", "goblins 2"]})
    play(s, "dwarves 7", "doppelgangers 6")
    assert zone(s, "seat 0 score") == ["doppelgangers 6"], "not a Dwarf: it does not go to the loser"
    assert zone(s, "seat 1 score") == ["dwarves 7"]


def test_K22_a_doppelganger_on_a_gnome_lead_is_no_gnome_and_on_a_giant_lead_no_giant():
    f = "gnomes,giants,dragons,doppelgangers,trolls"
    s = position(factions=f, phase=2, hands={0: ["gnomes 3", "trolls 1"], 1: ["doppelgangers 6", "trolls 2"]})
    play(s, "gnomes 3", "doppelgangers 6")
    assert zone(s, "seat 1 gnomes") == ["gnomes 3"] and zone(s, "seat 1 score") == ["doppelgangers 6"]
    s = position(factions=f, phase=2, hands={0: ["giants 3", "trolls 1"], 1: ["doppelgangers 7", "trolls 2"]},
                 gnomes={0: ["gnomes 7", "gnomes 3"]})
    events = play(s, "giants 3", "doppelgangers 7")
    assert zone(s, "seat 1 score") == ["doppelgangers 7", "giants 3"]
    # seat 1 collected the Giant 3: it smashes seat 0's Gnome 3; the Doppelganger 7 smashes nothing
    assert [(e.player, e.victim, e.value) for e in of(events, "GnomeSmashed")] == [(1, 0, 3)]
    assert zone(s, "seat 0 gnomes") == ["gnomes 7"]


# -- K23 Knights, K24 Goblins ------------------------------------------------------------------------


def test_K23_a_player_holding_goblins_must_follow_goblins_not_play_a_knight():
    s = position(factions="claim", phase=2, hands={0: ["goblins 9", "undead 1", "undead 2"],
                                                   1: ["knights 9", "goblins 0", "doppelgangers 0"]})
    play(s, "goblins 9")
    assert legal(s) == {"goblins 0", "doppelgangers 0"}
    with pytest.raises(ludus.IllegalAction, match="goblins were led and seat 1 holds goblins"):
        play(s, "knights 9")


def test_K23_knights_beat_goblins_in_phase_two_and_score_as_knights():
    s = position(factions="claim", phase=2, hands={0: ["goblins 9", "undead 1"], 1: ["knights 2", "undead 2"]})
    events = play(s, "goblins 9", "knights 2")
    assert of(events, "TrickWon")[0].winner == 1
    assert zone(s, "seat 1 score") == ["goblins 9", "knights 2"]


def test_K24_goblins_have_no_power():
    s = position(factions="claim", phase=2, hands={0: ["goblins 5", "undead 1"], 1: ["goblins 2", "undead 2"]})
    events = play(s, "goblins 5", "goblins 2")
    assert names(events) == ["CardPlayed", "CardPlayed", "TrickWon", "CardsCollected"]
    assert zone(s, "seat 0 score") == ["goblins 2", "goblins 5"] and s.current_player == 0
