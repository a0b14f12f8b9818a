"""What each seat knows (C34) and what resampling keeps (C35)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import ludus

from .helpers import GROUPS, cc, draw_until, legal, of, play, position, seat, setup, side

RNGS = range(60)


def canon(obj) -> str:
    return json.dumps(obj, sort_keys=True)


def _hidden_variants():
    """Two positions that differ only in Caesar's hidden cards (hand values, face-down values)."""
    common = dict(bonus=("senators", "praetors"), voc_deck="orgy senators", seed=3)
    a = position(hands=("1 2 3 spy", "1 2 veto"), board={"senators": ("4", "5 up 3")}, **common)
    b = position(hands=("1 2 3 spy", "4 4 scout"), board={"senators": ("4", "1 up 3")}, **common)
    return a, b


def test_C34_private_cards_are_shown_to_their_owner_only():
    a, b = _hidden_variants()
    o = a.observe(0)
    me, opp = o["seats"]
    assert me["hand"] == ["1", "2", "3", "spy"] and me["bonus_goal"] == "senators"
    assert side(a, "senators", 0, viewer=0)["face_down_values"] == ["4"]
    assert "hand" not in opp and "bonus_goal" not in opp and "points" not in opp
    assert "face_down_values" not in o["groups"][0]["sides"][1]
    # Public: face-up cards, how many face-down cards where, hand and pile sizes, discards,
    # patricians won, the VoC discard and the cards still in the deck.
    assert o["groups"][0]["sides"][1] == {"face_up": ["3"], "face_down": 1}
    assert (opp["hand_size"], opp["hand_action_cards"], opp["influence_pile"], opp["action_pile"]) == (
        3, 1, 33, 12)
    assert sorted(o["voc"]["deck"]) == ["orgy", "orgy-reshuffle", "senators"]
    # Everything Cleopatra sees is the same whatever Caesar's hidden cards are.
    assert canon(a.observe(0)) == canon(b.observe(0))
    assert canon(a.observe(None)) == canon(b.observe(None))
    assert canon(a.observe(1)) != canon(b.observe(1))
    # The spectator sees no private card of anybody.
    for s in (a, b):
        spectator = s.observe(None)
        for p in (0, 1):
            private = {"hand", "bonus_goal", "hand_known", "knowledge", "points"}
            assert not private & set(spectator["seats"][p])
            assert all("face_down_values" not in g["sides"][p] for g in spectator["groups"])


def test_C34_events_hide_private_cards_from_others():
    s = position(hands=("1 2 3 4 assassin", "5"), board={"senators": ("", "up 2")},
                 voc_deck="orgy")
    placed = play(s, "down 3 praetors")[0]
    assert placed.seen_by(0).value == "3" and placed.seen_by(1).value is None
    assert placed.seen_by(1).group == "praetors" and placed.seen_by(None).value is None
    played = play(s, "assassin 2 senators")[0]
    assert played.seen_by(1) == played.seen_by(None) == played, "an action card and its target are public"
    play(s, "allow")
    drawn = play(s, "draw influence")[0]
    assert drawn.seen_by(1).card is None and drawn.seen_by(1).pile == "influence"
    up = position(hands=("1 2", ""), voc_deck="orgy")
    assert play(up, "up 1 senators")[0].seen_by(1).value == "1"


def test_C34_bonus_goals_are_revealed_at_the_end():
    s = position(pure_passes=3, hands=("1", "1"), bonus=("praetors", "senators"))
    assert "bonus_goal" not in s.observe(0)["seats"][1]
    play(s, "passive", "done")
    assert s.is_terminal
    assert s.observe(0)["seats"][1]["bonus_goal"] == "senators"
    assert s.observe(None)["seats"][0]["bonus_goal"] == "praetors"


def test_C34_arranged_order_is_private():
    s, _ = setup(seed=5)
    assert len(s.observe(0)["seats"][0]["action_pile_order"]) == 13
    assert "action_pile_order" not in s.observe(1)["seats"][0]
    assert "action_pile_order" not in s.observe(None)["seats"][0]


# -- C35 ---------------------------------------------------------------------------------------


def test_C35_resample_keeps_opening_cards_and_starting_hand_at_the_start():
    s, _ = setup(seed=7, opening=("31524", "54321"))
    for p in (0, 1):
        q = 1 - p
        truth = canon(s.observe(p))
        openings = set()
        for r in RNGS:
            w = s.resample(p, random.Random(r))
            assert canon(w.observe(p)) == truth
            down = [w.down[q][g] for g in range(5)]
            assert all(len(d) == 1 for d in down)
            assert sorted(d[0] for d in down) == [1, 2, 3, 4, 5], "one each of 1-5 at the groups"
            assert w.hand_inf[q] == [0, 1, 1, 1, 1, 1], "the starting hand is the other set 1-5"
            assert Counter(w.inf_pile[q]) == {0: 2, 1: 5, 2: 5, 3: 5, 4: 5, 5: 5}
            assert w.down[p] == s.down[p] and w.hand_inf[p] == s.hand_inf[p], "own cards untouched"
            openings.add(tuple(d[0] for d in down))
        assert len(openings) > 10, "where the opponent put which value is unknown"


def test_C35_resample_keeps_opening_cards_after_some_play():
    s, _ = setup(cc(action_deck="shuffled"), seed=8)
    play(s, "down 5 senators")
    draw_until(s)
    # Caesar knows Cleopatra's 4 opening cards still at the other groups are four of 1-5, one at
    # each; with the new card, the Senators hold one opening value and one card from her hand.
    for r in RNGS:
        w = s.resample(1, random.Random(r))
        values = [w.down[0][g][0] for g in range(1, 5)]
        assert len(set(values)) == 4 and 0 not in values


def test_C35_resample_keeps_spy_seen_cards():
    s = position(hands=("1 2 3 spy", "2 4 4 P veto"), voc_deck="orgy")
    play(s, "spy", "allow", "take 2", "draw influence")
    for r in RNGS:
        w = s.resample(0, random.Random(r))
        assert Counter({v: n for v, n in enumerate(w.hand_inf[1]) if n}) >= Counter({0: 1, 4: 2})
        assert w.hand_act[1][5] == 1, "the seen Veto is still in the hand"
        assert sum(w.hand_inf[1]) + sum(w.hand_act[1]) == 5


def test_C24_spy_seen_cards_stay_known_after_the_opponent_shows_a_card_from_its_hand():
    """Caesar's hand, seen by Cleopatra's Spy (1 2 3 4 after the 5 was taken), then a card drawn
    unseen: when Caesar discards a 3 in a passive turn, it may be the seen 3 or the drawn card,
    but the 1, 2 and 4 are still in his hand, in Cleopatra's view and in every world of hers."""
    s = position(to_move=0, hands=("3 spy", "1 2 3 4 5"), voc_deck="orgy orgy")
    play(s, "spy", "allow", "take 5", "draw influence", "down 3 senators")
    play(s, *["draw influence"] * 5, "passive", "discard 3", "done", "draw influence")
    assert s.current_player == 0 and seat(s, 1, viewer=0)["hand_known"] == ["1", "2", "4"]
    for r in RNGS:
        hand = s.resample(0, random.Random(r)).hand_inf[1]
        assert hand[1] >= 1 and hand[2] >= 1 and hand[4] >= 1


def test_C35_resample_keeps_the_voc_deck_composition_not_its_order():
    s, _ = setup(seed=9)
    orders = set()
    for r in RNGS:
        w = s.resample(0, random.Random(r))
        assert Counter(w.voc_deck) == Counter(s.voc_deck)
        orders.add(tuple(w.voc_deck))
    assert len(orders) > 10


def test_C35_resample_keeps_the_unseen_action_cards_in_the_opponents_pile():
    s = position(hands=("1 2", "3 spy scout"), discards=(None, "assassin assassin wrath"),
                 voc_deck="orgy")
    seen_orders = set()
    for r in RNGS:
        w = s.resample(0, random.Random(r))
        held = Counter(w.act_pile[1]) + Counter({k: n for k, n in enumerate(w.hand_act[1]) if n})
        assert held == {0: 2, 1: 2, 2: 2, 3: 2, 5: 2}, "13 cards minus the 3 discarded"
        assert sum(w.hand_act[1]) == 2
        seen_orders.add(tuple(w.act_pile[1]))
    assert len(seen_orders) > 10


def test_C35_castling_keeps_face_up_values_among_the_face_down_cards_of_its_groups():
    board = {"senators": ("up 5", "1"), "censors": ("up 2", "")}
    s = position(hands=("3 castling", "1"), board=board, voc_deck="orgy")
    play(s, "castling senators censors", "allow", "castle 5 senators", "castle 2 censors")
    assert side(s, "senators", 0, viewer=1) == {"face_up": [], "face_down": 1}
    for r in RNGS:
        w = s.resample(1, random.Random(r))
        assert sorted(w.down[0][0] + w.down[0][3]) == [2, 5]


def test_C35_castled_values_stay_at_their_groups_beside_a_hidden_card_castled_with_them():
    """Caesar castles the Senators (a face-down card under a face-up 5) and the Censors (a
    face-up 2), places them back, then adds a card face down: the 5 and the 2 are still among
    his face-down cards at the two groups in every world of Cleopatra's."""
    board = {"senators": ("3 up 5", "1"), "censors": ("up 2", "")}
    s = position(hands=("4 castling", "1"), board=board, voc_deck="orgy")
    play(s, "castling senators censors", "allow", "castle 5 senators", "castle 3 censors",
         "castle 2 senators", "down 4 censors")
    assert side(s, "senators", 0, viewer=1) == {"face_up": [], "face_down": 2}
    for r in RNGS:
        w = s.resample(1, random.Random(r))
        assert Counter(w.down[0][0] + w.down[0][3]) >= Counter([2, 5]), w.down[0]


def test_C35_spy_seen_cards_stay_in_hand_or_among_the_cards_placed_since():
    """Seat 0's Spy sees 1 2 3 4 5 in seat 1's hand and takes the 5; seat 1 draws unseen, then
    places a card face down: a seen card or the drawn one. In no world of seat 0 is a seen card
    back in the pile: 1 2 3 4 are in the hand or among the Praetors' face-down cards."""
    s = position(to_move=0, hands=("3 spy", "1 2 3 4 5"), voc_deck="orgy orgy")
    play(s, "spy", "allow", "take 5", "draw influence", "down 3 senators")
    play(s, *["draw influence"] * 5, "down 2 praetors")
    drawn_went_down = seen_went_down = 0
    for r in RNGS:
        w = s.resample(0, random.Random(r))
        held = Counter({v: n for v, n in enumerate(w.hand_inf[1]) if n}) + Counter(w.down[1][1])
        assert held >= Counter([1, 2, 3, 4]), (w.hand_inf[1], w.down[1][1])
        if Counter({v: n for v, n in enumerate(w.hand_inf[1]) if n}) >= Counter([1, 2, 3, 4]):
            drawn_went_down += 1
        else:
            seen_went_down += 1
    assert drawn_went_down and seen_went_down, "either may have been placed"


def test_C34_hand_known_lists_what_is_in_the_hand_in_every_world():
    """Seat 0's Spy saw 1 1 2 5 (after taking a 5); seat 1 drew unseen and placed one card face
    down. Whether it placed a seen card or the drawn one, a 1 is still in its hand."""
    s = position(to_move=0, hands=("3 spy", "1 1 2 5 5"), voc_deck="orgy orgy")
    play(s, "spy", "allow", "take 5", "draw influence", "down 3 senators")
    play(s, *["draw influence"] * 5, "down 2 praetors")
    assert seat(s, 1, viewer=0)["hand_known"] == ["1"]
    assert all(s.resample(0, random.Random(r)).hand_inf[1][1] for r in RNGS)


def test_C35_untouched_opening_cards_stay_one_each_of_their_values():
    """Random games: while a group's face-down cards are still just the opponent's opening card,
    every world holds distinct values at those groups (C35: one each of 1-5 until moved or
    revealed), even after a vote elsewhere revealed an opening card beside a later one."""
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        s, _ = setup(seed=seed, opening=("31524", "24153"))
        opened = [[list(s.down[q][g]) for g in range(5)] for q in (0, 1)]
        untouched = [[True] * 5 for _ in (0, 1)]
        step = 0
        while not s.is_terminal:
            for q in (0, 1):
                for g in range(5):
                    untouched[q][g] &= s.down[q][g] == opened[q][g]
            if step % 7 == 0:
                for p in (0, 1):
                    q = 1 - p
                    groups = [g for g in range(5) if untouched[q][g]]
                    for r in range(5):
                        w = s.resample(p, random.Random(r))
                        values = [w.down[q][g][0] for g in groups]
                        assert len(set(values)) == len(values), (seed, step, groups, values)
                    checked += len(groups) > 1 and len(groups) < 5
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    assert checked > 50


@pytest.mark.parametrize("seat_opening", [0, 1])
def test_C35_resample_during_the_opening(seat_opening):
    """Mid-opening, the opponent's opened cards are distinct values and the rest of the
    opening stays playable in every world."""
    s = cc(action_deck="shuffled").new_state(seed=11)
    if seat_opening == 1:
        play(s, "open 1", "open 2", "open 3", "open 4", "open 5")
    play(s, "open 3", "open 5")
    viewer = 1 - seat_opening
    truth = canon(s.observe(viewer))
    for r in range(30):
        w = s.resample(viewer, random.Random(r))
        assert canon(w.observe(viewer)) == truth
        opened = [w.down[seat_opening][g][0] for g in range(2)]
        assert len(set(opened)) == 2 and 0 not in opened
        assert legal(w) == {f"open {v}" for v in range(1, 6) if v not in opened}
        rng = random.Random(r)
        while w.current_player == seat_opening and w.observe(None)["phase"] == "opening":
            play(w, rng.choice(w.legal_actions()))
        assert sorted(w.down[seat_opening][g][0] for g in range(5)) == [1, 2, 3, 4, 5]
        assert w.hand_inf[seat_opening] == [0, 1, 1, 1, 1, 1]


def test_C35_resample_at_the_end_keeps_what_was_revealed():
    s = position(pure_passes=3, hands=("1", "1"), bonus=("praetors", "senators"),
                 won={"senators": (3, 0)})
    play(s, "passive", "done")
    for p in (0, 1):
        truth = canon(s.observe(p))
        for r in range(10):
            w = s.resample(p, random.Random(r))
            assert canon(w.observe(p)) == truth
            assert w.scores() == s.scores() and w.returns() == s.returns()


def test_C35_resample_seat_sees_the_same_and_worlds_differ():
    s = position(hands=("1 2 3 spy", "4 5 P veto castling"),
                 board={g: ("3", "2 up 1") for g in GROUPS[:3]}, voc_deck="orgy")
    for p in (0, 1):
        truth = canon(s.observe(p))
        hands = set()
        for r in range(20):
            w = s.resample(p, random.Random(r))
            assert canon(w.observe(p)) == truth
            hands.add(tuple(w.hand_inf[1 - p]))
            assert seat(w, 1 - p)["hand_size"] == seat(s, 1 - p)["hand_size"]
        assert len(hands) > 3


def test_C35_what_a_reveal_teaches_does_not_depend_on_the_hidden_order_of_face_down_cards():
    """Scout, Wrath (face-down cards too) and an exhausted group turn a group's face-down cards up
    together: the order they lay in, which the other seat cannot see, must not shape what it
    learns (revealed one by one, pools merged differently, and so did its worlds)."""
    game = ludus.make("caesar-cleopatra", wrath="all")
    checked = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        while not s.is_terminal:
            action = rng.choice(s.legal_actions())
            if any(len(s.down[q][g]) > 1 for q in (0, 1) for g in range(5)):
                a, b = s.clone(), s.clone()
                for q in (0, 1):
                    for g in range(5):
                        b.down[q][g].reverse()
                reveals = {e.reason for e in a.apply(action) if hasattr(e, "reason")}
                b.apply(action)
                if reveals:
                    for p in (0, 1):
                        assert a.know_inf[p].hypotheses == b.know_inf[p].hypotheses, (seed, reveals, p)
                        wa, wb = (w.resample(p, random.Random(0)).zones() for w in (a, b))
                        assert {z: sorted(v) for z, v in wa.items()} == {z: sorted(v) for z, v in wb.items()}
                    checked.update(reveals)
            s.apply(action)
    assert checked["scout"] and checked["wrath"], checked


@pytest.mark.parametrize("edition", ["classic", "2024"])
def test_C34_a_card_put_down_into_a_vote_shows_only_what_the_vote_shows(edition):
    """A face-down card that runs straight into a vote is revealed with the other cards there.
    When the player had other face-down cards of other values at that group, the vote does not
    tell which card was just placed: the move as the opponent sees it (the move line, the key of
    its search tree, its recalled past) must not tell it either — which card was new says which
    was there before (say an opening card, one each of 1-5)."""
    chance = {"next_bust": "grey"} if edition == "2024" else {"voc_deck": "orgy"}

    def before(old: str, hand: str):
        # No action card, empty piles, and no room for a second card (only the Senators are
        # left): nothing is decided between the card and the vote.
        won = {"praetors": (5, 0), "quaestors": (0, 5), "censors": (3, 0), "aediles": (0, 3)}
        return position({"edition": edition}, hands=(hand, "1"), piles=({"influence": "", "action": ""}, None),
                        board={"senators": (old, "1 1 1 up 2 2")}, won=won, **chance)

    def seen(s, move: str):
        return s.action_seen_by(s.game.parse_action(move), 1)

    # Old 3 and 2, the 5 placed; or old 5 and 2, the 3 placed: the vote shows 2 3 5 either way.
    a, b = before("3 2", "5"), before("5 2", "3")
    assert seen(a, "down 5 senators") == seen(b, "down 3 senators")
    assert seen(a, "down 5 senators") != a.game.parse_action("down 5 senators")
    assert a.action_seen_by(a.game.parse_action("down 5 senators"), 0) == a.game.parse_action("down 5 senators")
    votes = [of(play(s, move), "VoteHeld")[0] for s, move in ((a, "down 5 senators"), (b, "down 3 senators"))]
    assert votes[0].cards == votes[1].cards, "the two really look alike to Caesar"
    # Sibling moves that reveal different cards stay apart (Caesar sees different votes).
    c = before("3 2", "5 4")
    assert seen(c, "down 5 senators") != seen(c, "down 4 senators")
    # The card is told when the vote does tell it: no other face-down card, or only its value.
    for old in ("up 3 2", "5 up 2"):
        d = before(old, "5")
        assert seen(d, "down 5 senators") == d.game.parse_action("down 5 senators")
