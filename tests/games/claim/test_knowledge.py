"""What each seat knows (K16): observations, events, and resampled worlds.

The resample checks track what a seat has seen from the events it was shown, independently of
the engine's own knowledge fields: prizes seen taken, cards its Seer saw go to another seat,
and factions a seat showed it lacked by not following.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from .helpers import claim, of, play, position, seat

FACTION_NAMES = ("goblins", "knights", "undead", "dwarves", "doppelgangers",
                 "gnomes", "giants", "dragons", "trolls", "seers")


def canon(obs) -> str:
    return json.dumps(obs, sort_keys=True)


class Witness:
    """What one seat learnt from the events it was shown (K16), kept apart from the engine."""

    def __init__(self, seat_: int, players: int):
        self.seat = seat_
        self.n = players
        self.phase = 1
        self.holds = [Counter() for _ in range(players)]   # cards each seat must still hold
        self.lacks = [set() for _ in range(players)]       # factions absent from the hand
        self.led = None

    def see(self, events) -> None:
        for e in events:
            e = e.seen_by(self.seat)
            if e is None:
                continue
            kind = type(e).__name__
            if kind == "CardPlayed":
                if self.led is None:
                    self.led = e.card.split()[0]
                elif not e.followed:
                    self.lacks[e.player].add(self.led)
                if self.phase == 2 and self.holds[e.player][e.card]:
                    self.holds[e.player][e.card] -= 1
            elif kind == "TrickWon":
                self.led = None
            elif kind in ("PrizeTaken", "DeckCardTaken") and e.player != self.seat and e.card is not None:
                self.holds[e.player][e.card] += 1   # a face-up prize, or a card its Seer saw
            elif kind == "PhaseTwoBegins":
                self.phase = 2
                self.lacks = [set() for _ in range(self.n)]

    def check(self, world) -> None:
        for q in range(self.n):
            if q == self.seat:
                continue
            zone = world.zones()[f"seat {q} followers" if self.phase == 1 else f"seat {q} hand"]
            missing = self.holds[q] - Counter(zone)
            assert not missing, f"seat {self.seat}'s world deals {dict(missing)} away from seat {q}"
            hand = world.zones()[f"seat {q} hand"]
            bad = [c for c in hand if c.split()[0] in self.lacks[q]]
            assert not bad, f"seat {self.seat}'s world gives seat {q} {bad}; it lacks {self.lacks[q]}"


# -- observe ------------------------------------------------------------------------------------


def test_K16_observe_shows_own_hand_and_follower_pile_and_of_others_only_the_taken_prizes():
    s = position(hands={0: ["trolls 5", "trolls 1", "seers 0"], 1: ["trolls 7", "seers 1", "seers 3"]},
                 prizes=["giants 9"], deck=["gnomes 1", "dragons 0", "dragons 2", "gnomes 9", "dragons 9"])
    play(s, "trolls 5", "trolls 7")      # seat 1 takes Giant 9 face up; seat 0 the Dragon 9 unseen
    mine, theirs = s.observe(0)["seats"]
    assert mine["hand"] == ["trolls 1", "seers 0"] and mine["follower_pile"] == ["dragons 9"]
    assert "hand" not in theirs and "follower_pile" not in theirs
    assert theirs["hand_size"] == 2 and theirs["follower_pile_size"] == 1
    assert theirs["known_cards"] == ["giants 9"]
    assert s.observe(1)["seats"][0]["known_cards"] == [], "the deck card was taken unseen"
    assert s.observe(1)["seats"][1]["follower_pile"] == ["giants 9"]
    spectator = s.observe(None)
    assert all("hand" not in x and "follower_pile" not in x for x in spectator["seats"])
    assert spectator["seats"][1]["known_cards"] == ["giants 9"]
    text = canon(s.observe(1))
    assert "dragons 9" not in text and "trolls 1" not in text and "seers 0" not in text
    # the public parts are the same for everyone
    for key in ("prizes", "deck_size", "discard", "trick", "last_trick", "leader"):
        assert s.observe(0)[key] == s.observe(1)[key] == spectator[key]


def test_K16_a_seer_peek_is_shown_only_to_the_seer():
    s = position(hands={0: ["seers 5", "trolls 1"], 1: ["seers 2", "trolls 2"]}, prizes=["giants 9"],
                 deck=["gnomes 1", "gnomes 3", "dragons 7"])
    play(s, "seers 5", "seers 2")
    assert s.observe(0)["seer_sees"] == "dragons 7"
    assert "dragons 7" not in canon(s.observe(1)) and "dragons 7" not in canon(s.observe(None))
    play(s, "take giants 9")
    assert s.observe(0)["seats"][1]["seen_by_your_seer"] == ["dragons 7"]
    assert "dragons 7" not in canon(s.observe(None))
    assert s.observe(1)["seats"][1]["follower_pile"] == ["dragons 7"], "the taker sees its own card"


def test_K16_failing_to_follow_is_public_a_doppelganger_shows_nothing():
    s = position(factions="claim", hands={0: ["goblins 3", "goblins 1", "undead 1"],
                                          1: ["doppelgangers 1", "knights 4", "undead 2"]})
    events = play(s, "goblins 3", "doppelgangers 1")
    assert of(events, "CardPlayed")[1].followed is True
    assert s.observe(None)["seats"][1]["lacks"] == []
    s = position(factions="claim", hands={0: ["goblins 3", "goblins 1", "undead 1"],
                                          1: ["doppelgangers 1", "knights 4", "undead 2"]})
    play(s, "goblins 3", "knights 4")
    for viewer in (None, 0, 1):
        assert s.observe(viewer)["seats"][1]["lacks"] == ["goblins"]


def test_K16_voids_end_with_phase_one():
    s = position(hands={0: ["gnomes 5"], 1: ["trolls 1"]}, prizes=["gnomes 9"], deck=["gnomes 7"],
                 followers={0: ["trolls 0"], 1: ["gnomes 1"]})
    play(s, "gnomes 5", "trolls 1")
    assert s.phase == 2 and seat(s, 1)["lacks"] == []
    assert "gnomes 1" in seat(s, 1, 1)["hand"], "the new hand may hold the faction it lacked"


# -- resample ---------------------------------------------------------------------------------------


def _hands(players):
    if players == 2:
        return {"factions": "claim",
                "hands": {0: ["goblins 3", "goblins 6", "undead 4", "dwarves 1"],
                          1: ["knights 5", "undead 7", "dwarves 2", "doppelgangers 8"]}}
    return {"hands": {0: ["trolls 3", "trolls 6", "undead 4", "dwarves 1"]}}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K16_resample_keeps_what_each_seat_saw_over_many_worlds(players):
    """From a hand-set position, played on at random: every resampled world of every seat keeps
    the prizes it saw taken, the cards its Seer saw go elsewhere and the voids it saw."""
    s = position(players, seed=players, **_hands(players))
    rng = random.Random(players)
    witnesses = [Witness(p, players) for p in range(players)]
    step = 0
    while not s.is_terminal:
        events = s.apply(rng.choice(s.legal_actions()))
        for w in witnesses:
            w.see(events)
        step += 1
        truth = {p: canon(s.observe(p)) for p in range(players)}
        for p, w in enumerate(witnesses):
            for k in range(6 if step % 3 == 0 else 1):
                world = s.resample(p, random.Random(1000 * step + k))
                assert canon(world.observe(p)) == truth[p]
                w.check(world)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_K16_resample_in_seeded_games(players, seed):
    s = claim(players=players).new_state(seed=seed)
    rng = random.Random(seed)
    witnesses = [Witness(p, players) for p in range(players)]
    step = 0
    moved = [False] * players
    while not s.is_terminal:
        events = s.apply(rng.choice(s.legal_actions()))
        for w in witnesses:
            w.see(events)
        step += 1
        if step % 4:
            continue
        for p, w in enumerate(witnesses):
            for k in range(3):
                world = s.resample(p, random.Random(step * 10 + k))
                w.check(world)
                others = [q for q in range(players) if q != p]
                moved[p] = moved[p] or any(
                    sorted(world.zones()[f"seat {q} hand"]) != sorted(s.zones()[f"seat {q} hand"])
                    for q in others)
    assert all(moved), "resampled worlds never differed from the truth: hidden cards leak"


def test_K16_a_prize_seen_taken_stays_with_its_taker_in_every_world():
    s = position(hands={0: ["trolls 5", "trolls 1", "seers 0"], 1: ["trolls 7", "seers 1", "seers 3"]},
                 prizes=["giants 9"], deck=["gnomes 1", "dragons 0", "dragons 2", "gnomes 9", "gnomes 3"])
    play(s, "trolls 5", "trolls 7")
    gnome_3_with_1 = 0
    for k in range(200):
        w = s.resample(0, random.Random(k))
        assert w.zones()["seat 1 followers"] == ["giants 9"]
        assert sorted(w.zones()["seat 0 followers"]) == ["gnomes 3"], "a seat's own cards stay"
        w1 = s.resample(1, random.Random(k))
        assert w1.zones()["seat 1 followers"] == ["giants 9"]
        gnome_3_with_1 += w1.zones()["seat 0 followers"] == ["gnomes 3"]
    assert gnome_3_with_1 < 100, "seat 1 never saw seat 0's deck card: its worlds must vary it"


def test_K16_a_seer_keeps_the_card_it_saw_with_its_taker_others_do_not_know_it():
    s = position(hands={0: ["seers 5", "trolls 1", "trolls 0"], 1: ["seers 2", "trolls 2", "trolls 3"]},
                 prizes=["giants 9"], deck=["gnomes 1", "gnomes 3", "gnomes 5", "gnomes 7", "dragons 7"])
    play(s, "seers 5", "seers 2", "take giants 9")
    varied = set()
    for k in range(100):
        w0 = s.resample(0, random.Random(k))
        assert w0.zones()["seat 1 followers"] == ["dragons 7"]
        assert w0.observe(0)["seats"][1]["seen_by_your_seer"] == ["dragons 7"]
        w1 = s.resample(1, random.Random(k))
        assert w1.zones()["seat 1 followers"] == ["dragons 7"]
        # the spectator view of the world looks the same: the Seer's knowledge is not public
        assert canon(w1.observe(None)) == canon(s.observe(None))
        varied.add(tuple(w1.zones()["deck"]))
    assert len(varied) > 1


def test_K16_a_seer_deciding_keeps_the_top_card_in_its_own_worlds_only():
    s = position(hands={0: ["seers 5", "trolls 1", "trolls 0"], 1: ["seers 2", "trolls 2", "trolls 3"]},
                 prizes=["giants 9"], deck=["gnomes 1", "gnomes 3", "gnomes 5", "gnomes 7", "dragons 7"])
    play(s, "seers 5", "seers 2")
    tops = Counter()
    for k in range(100):
        assert s.resample(0, random.Random(k)).zones()["deck"][-1] == "dragons 7"
        w1 = s.resample(1, random.Random(k))
        tops[w1.zones()["deck"][-1]] += 1
        assert w1.observe(0)["seer_sees"] == w1.zones()["deck"][-1], "in seat 1's world the Seer sees its top"
    assert len(tops) > 1


def test_K16_resample_never_deals_a_faction_a_seat_showed_it_lacks():
    s = position(factions="claim", hands={0: ["goblins 3", "goblins 1", "undead 1", "dwarves 9"],
                                          1: ["knights 4", "undead 2", "undead 3", "dwarves 0"]})
    play(s, "goblins 3", "knights 4")
    for k in range(300):
        w = s.resample(0, random.Random(k))
        hand = w.zones()["seat 1 hand"]
        assert len(hand) == 3 and not [c for c in hand if c.startswith("goblins")]
        followers = w.zones()["seat 1 followers"]
        assert len(followers) == 1


def test_K16_a_shown_void_does_not_push_that_faction_to_the_bottom_of_the_deck():
    """Worlds deal the lacked faction's cards to the deck, but in no particular place in it: the
    next prize is of that faction about as often as the deck holds it (it used to be never)."""
    s = position(factions="claim", hands={0: ["goblins 3", "goblins 1", "undead 1", "dwarves 9"],
                                          1: ["knights 4", "undead 2", "undead 3", "dwarves 0"]})
    play(s, "goblins 3", "knights 4")
    on_top = in_deck = 0
    for k in range(1000):
        deck = s.resample(0, random.Random(k)).zones()["deck"]
        on_top += deck[-1].startswith("goblins")
        in_deck += sum(c.startswith("goblins") for c in deck) / len(deck)
    assert in_deck > 100
    assert abs(on_top - in_deck) < 60, (on_top, in_deck)


def test_K16_phase_two_known_cards_stay_in_the_hand_until_played():
    s = position(phase=2, hands={0: ["gnomes 5", "trolls 1", "trolls 2"], 1: ["giants 9", "seers 1", "seers 2"]},
                 known={1: ["giants 9"]})
    for k in range(50):
        assert "giants 9" in s.resample(0, random.Random(k)).zones()["seat 1 hand"]
    play(s, "gnomes 5", "giants 9")
    assert s.observe(0)["seats"][1]["known_cards"] == []
    for k in range(50):
        w = s.resample(0, random.Random(k))
        assert "giants 9" not in w.zones()["seat 1 hand"]
        assert not [c for c in w.zones()["seat 1 hand"] if c.startswith("gnomes")], "it lacked Gnomes"


def test_K16_a_card_both_taken_face_up_and_seen_by_a_seer_is_forgotten_once_when_played():
    """Seat 1 took one Gnome 3 face up and seat 0's Seer saw it get the other: after it plays a
    Gnome 3, seat 0 still knows it holds one (equal cards are interchangeable)."""
    s = position(3, phase=2, hands={0: ["trolls 2", "trolls 3", "trolls 4"],
                                    1: ["gnomes 3", "gnomes 3", "dragons 7"],
                                    2: ["trolls 1", "trolls 5", "trolls 6"]},
                 known={1: ["gnomes 3"]}, peeked={(0, 1): ["gnomes 3"]}, leader=1)
    play(s, "1: gnomes 3")
    assert s.observe(2)["seats"][1]["known_cards"] == []
    assert s.observe(0)["seats"][1]["seen_by_your_seer"] == ["gnomes 3"]
    for k in range(50):
        assert "gnomes 3" in s.resample(0, random.Random(k)).zones()["seat 1 hand"]


def test_K16_a_third_seat_learns_nothing_from_what_another_seers_card_became():
    """Seat 0's Seer saw seat 1 take a card; seat 2 knows only that. Whether seat 1 has since
    played that very card is hidden from seat 2, so two games that differ only there give seat 2
    the same worlds, Seer knowledge of the others included."""
    def game(seen):
        s = position(3, phase=2, hands={0: ["trolls 2", "trolls 3"], 1: ["dragons 5", "dragons 7"],
                                        2: ["dragons 1", "trolls 4"]}, peeked={(0, 1): [seen]}, leader=1)
        play(s, "1: dragons 5")
        return s

    a, b = game("dragons 5"), game("dragons 7")   # in a, seat 1 has just played the card seat 0 saw
    assert canon(a.observe(2)) == canon(b.observe(2))
    assert a.observe(0)["seats"][1].get("seen_by_your_seer") is None
    assert b.observe(0)["seats"][1]["seen_by_your_seer"] == ["dragons 7"]
    seen_kept = Counter()
    for k in range(60):
        wa, wb = a.resample(2, random.Random(k)), b.resample(2, random.Random(k))
        assert wa.zones() == wb.zones() and wa.peeked == wb.peeked
        seen_kept[len(wa.observe(0)["seats"][1].get("seen_by_your_seer", []))] += 1
    assert set(seen_kept) == {0, 1}, "in seat 2's worlds the seen card may or may not be the one played"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_K16_with_two_players_phase_two_hides_nothing(seed):
    """With 2 players all 52 cards are dealt or turned up in phase 1 (K5, K7, K13), so in phase 2
    a seat knows the other's hand exactly — every card it has not seen — and every world it
    deals is the true one. (With 3 or 4 players cards stay hidden: worlds differ.)"""
    s = claim().new_state(seed=seed)
    rng = random.Random(seed)
    while s.phase == 1:
        s.apply(rng.choice(s.legal_actions()))
    while not s.is_terminal:
        truth = {zone: sorted(cards) for zone, cards in s.zones().items()}
        for p in (0, 1):
            for k in range(3):
                world = s.resample(p, random.Random(k))
                assert {zone: sorted(cards) for zone, cards in world.zones().items()} == truth
        s.apply(rng.choice(s.legal_actions()))
