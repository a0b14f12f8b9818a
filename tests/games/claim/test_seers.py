"""Seers (K28), with two, three and four players, on the last phase-1 trick too."""

from __future__ import annotations

import pytest

import ludus

from .helpers import legal, names, of, play, position, seat, zone

SEER_DOPPEL = "gnomes,giants,seers,doppelgangers,trolls"


def seer_position(**kwargs):
    """Seat 0 leads Seer 5 and wins against Seer 2; the prize is Giant 9, the top card Dragon 7."""
    base = dict(hands={0: ["seers 5", "trolls 1"], 1: ["seers 2", "trolls 2"]}, prizes=["giants 9"],
                deck=["gnomes 1", "gnomes 3", "dragons 7"])
    base.update(kwargs)
    return position(**base)


def test_K28_a_seer_winner_privately_sees_the_top_card_and_chooses():
    s = seer_position()
    events = play(s, "seers 5", "seers 2")
    looked = of(events, "SeerLooked")[0]
    assert looked.player == 0 and looked.seen_by(0).card == "dragons 7"
    assert looked.seen_by(1).card is None and looked.seen_by(None).card is None
    assert s.current_player == 0 and s.observe(None)["step"] == "choose-prize"
    assert legal(s) == {"take giants 9", "take deck"}
    assert s.observe(0)["seer_sees"] == "dragons 7"
    assert "seer_sees" not in s.observe(1) and "seer_sees" not in s.observe(None)
    with pytest.raises(ludus.IllegalAction):
        play(s, "1: take deck")


def test_K28_taking_the_deck_card_the_loser_takes_the_face_up_prize():
    s = seer_position()
    events = play(s, "seers 5", "seers 2", "take deck")
    taken = of(events, "DeckCardTaken")[0]
    assert taken.player == 0 and taken.seen_by(0).card == "dragons 7" and taken.seen_by(1).card is None
    assert [(e.player, e.card) for e in of(events, "PrizeTaken")] == [(1, "giants 9")]
    assert zone(s, "seat 0 followers") == ["dragons 7"] and zone(s, "seat 1 followers") == ["giants 9"]
    assert seat(s, 1, 0)["known_cards"] == ["giants 9"] and seat(s, 0, 1)["known_cards"] == []
    assert s.current_player == 0 and s.observe(None)["prizes"] == ["gnomes 3"]


def test_K28_taking_the_face_up_prize_the_loser_takes_the_card_the_seer_saw():
    s = seer_position()
    events = play(s, "seers 5", "seers 2", "take giants 9")
    taken = of(events, "DeckCardTaken")[0]
    assert taken.player == 1 and taken.seen_by(0).card == "dragons 7", "the Seer knows who took it"
    assert taken.seen_by(None).card is None
    assert zone(s, "seat 1 followers") == ["dragons 7"]
    assert seat(s, 1, 0)["seen_by_your_seer"] == ["dragons 7"]
    assert "seen_by_your_seer" not in seat(s, 1, 1) and "seen_by_your_seer" not in seat(s, 1, None)
    assert seat(s, 1, None)["known_cards"] == []
    for viewer in (0, 1, None):   # K16: that the Seer saw the card go there is public, not the card
        assert seat(s, 1, viewer)["taken_under_a_seer"] == [{"seer": 0, "cards": 1}]
        assert "taken_under_a_seer" not in seat(s, 0, viewer)


def test_K28_a_seer_that_follows_and_wins_has_the_power():
    s = seer_position(hands={0: ["seers 2", "trolls 1"], 1: ["seers 5", "trolls 2"]})
    play(s, "seers 2", "seers 5")
    assert s.current_player == 1 and legal(s) == {"take giants 9", "take deck"}


def test_K28_only_the_winning_card_counts():
    s = seer_position(hands={0: ["trolls 5", "trolls 1"], 1: ["seers 9", "seers 2"]})
    events = play(s, "trolls 5", "seers 9")
    assert not of(events, "SeerLooked") and of(events, "PrizeTaken")[0].player == 0


def test_K28_a_doppelganger_as_a_seer_has_no_power():
    s = position(factions=SEER_DOPPEL, hands={0: ["seers 2", "trolls 1"], 1: ["doppelgangers 5", "trolls 2"]})
    events = play(s, "seers 2", "doppelgangers 5")
    assert of(events, "TrickWon")[0].winner == 1
    assert not of(events, "SeerLooked") and s.observe(None)["step"] == "play"


def test_K28_seers_have_no_power_in_phase_two():
    s = position(phase=2, hands={0: ["seers 5", "trolls 1"], 1: ["seers 2", "trolls 2"]})
    events = play(s, "seers 5", "seers 2")
    assert not of(events, "SeerLooked") and zone(s, "seat 0 score") == ["seers 2", "seers 5"]


@pytest.mark.parametrize("choice", ["take deck", "take giants 9"])
def test_K28_a_seer_on_the_last_phase_one_trick(choice):
    """One card lies under the prize, so the swap still works."""
    s = position(hands={0: ["seers 5"], 1: ["seers 2"]}, prizes=["giants 9"], deck=["dragons 7"],
                 followers={0: ["trolls 1"], 1: ["trolls 2"]})
    events = play(s, "seers 5", "seers 2")
    assert of(events, "SeerLooked")[0].seen_by(0).card == "dragons 7"
    events = play(s, choice)
    assert names(events)[-1] == "PhaseTwoBegins" and s.phase == 2
    mine, theirs = (["dragons 7"], ["giants 9"]) if choice == "take deck" else (["giants 9"], ["dragons 7"])
    assert sorted(seat(s, 0, 0)["hand"]) == sorted(["trolls 1"] + mine)
    assert sorted(seat(s, 1, 1)["hand"]) == sorted(["trolls 2"] + theirs)


def three_player_seer(players=3, **kwargs):
    hands = {0: ["dragons 5", "trolls 0"], 1: ["seers 7", "trolls 1"], 2: ["dragons 2", "trolls 2"],
             3: ["dragons 1", "trolls 3"]}
    hands = {q: h for q, h in hands.items() if q < players}
    deck = ["undead 0", "undead 1", "undead 2", "undead 3", "gnomes 3", "gnomes 5"][6 - (2 * players - 2):]
    return position(players, factions="gnomes,giants,dragons,seers,trolls,undead,dwarves",
                    hands=hands, prizes=["giants 9", "giants 1"], deck=deck, **kwargs)


@pytest.mark.parametrize("players", [3, 4])
def test_K28_more_players_the_seer_takes_the_deck_card_rank_two_chooses_a_face_up_card(players):
    s = three_player_seer(players)
    moves = ["dragons 5", "seers 7", "dragons 2", "dragons 1"][:players]
    events = play(s, *moves)
    assert not of(events, "SeerLooked"), "a Seer played off the led Dragons does not win"
    # the Seer leads and wins:
    s = three_player_seer(players, leader=1)
    order = {1: "seers 7", 2: "dragons 2", 3: "dragons 1", 0: "dragons 5"}
    events = play(s, *[f"{q}: {order[q]}" for q in [1, 2, 3, 0] if q < players])
    ranks = of(events, "TrickWon")[0].ranking
    assert ranks[0] == 1 and of(events, "SeerLooked")[0].seen_by(1).card == "gnomes 5"
    assert legal(s) == {"take giants 9", "take giants 1", "take deck"}
    events = play(s, "1: take deck")
    assert s.observe(None)["step"] == "second-prize" and s.current_player == ranks[1]
    assert legal(s) == {"take giants 9", "take giants 1"}, "no deck card for rank 2"
    with pytest.raises(ludus.IllegalAction, match="only a trick won with a Seer"):
        play(s, "take deck")
    events = play(s, f"{ranks[1]}: take giants 1")
    assert [(e.player, e.card) for e in of(events, "PrizeTaken")] == [(ranks[1], "giants 1"),
                                                                     (ranks[2], "giants 9")]
    assert zone(s, "seat 1 followers") == ["gnomes 5"]
    if players == 4:
        taken = of(events, "DeckCardTaken")
        assert [(e.player, e.seen_by(e.player).card, e.seen_by(1).card) for e in taken] == [
            (ranks[3], "gnomes 3", None)], "rank 4 takes the next deck card, unseen by the Seer"


@pytest.mark.parametrize("players", [3, 4])
def test_K28_more_players_the_seer_takes_a_face_up_card_rank_three_gets_the_seen_card(players):
    s = three_player_seer(players, leader=1)
    order = {1: "seers 7", 2: "dragons 2", 3: "dragons 1", 0: "dragons 5"}
    events = play(s, *[f"{q}: {order[q]}" for q in [1, 2, 3, 0] if q < players])
    ranks = of(events, "TrickWon")[0].ranking
    events = play(s, "take giants 9")
    assert [(e.player, e.card) for e in of(events, "PrizeTaken")] == [(1, "giants 9"), (ranks[1], "giants 1")]
    taken = of(events, "DeckCardTaken")
    assert (taken[0].player, taken[0].seen_by(1).card) == (ranks[2], "gnomes 5")
    assert seat(s, ranks[2], 1)["seen_by_your_seer"] == ["gnomes 5"]
    for viewer in [None] + [q for q in range(players) if q not in (1, ranks[2])]:
        assert taken[0].seen_by(viewer).card is None
        assert "seen_by_your_seer" not in seat(s, ranks[2], viewer)
    for viewer in [None, *range(players)]:
        assert seat(s, ranks[2], viewer)["taken_under_a_seer"] == [{"seer": 1, "cards": 1}]
    if players == 4:
        assert (taken[1].player, taken[1].seen_by(1).card) == (ranks[3], None)


@pytest.mark.parametrize("players", [3, 4])
def test_K28_more_players_a_seer_on_the_last_phase_one_trick(players):
    hands = {q: [f"trolls {q}"] for q in range(players)}
    hands[1] = ["seers 7"]
    deck = ["undead 1", "undead 2"][: players - 2]
    s = position(players, hands=hands, prizes=["giants 9", "giants 1"], deck=deck,
                 factions="gnomes,giants,dragons,seers,trolls,undead,dwarves", leader=1)
    play(s, *[f"{q}: {hands[q][0]}" for q in [1, 2, 3, 0] if q < players])
    assert s.observe(1)["seer_sees"] == deck[-1]
    events = play(s, "take deck", "take giants 9")
    assert s.phase == 2 and names(events)[-1] == "PhaseTwoBegins"
    assert seat(s, 1, 1)["hand"] == [deck[-1]]
    assert all(x["hand_size"] == 1 for x in s.observe(None)["seats"])
