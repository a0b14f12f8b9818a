"""What each seat knows (S18): observations, events, and resampled worlds.

``resample(p, rng)`` must keep what p knows: its own hand and face-down cards, every public
count, each other seat's face-down card in region r of colour r or wild, and the revealed
bottom layer of the pile (cards put under it by S13) in that layer or in the hands of the seats
that drew from it since; and the worlds must differ where p lacks information.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from .helpers import COLOURS, area, canon, card, check_consistent, hand, legal, of, play, position, rome, under

RNGS = 60


def worlds(state, p: int, k: int = RNGS):
    return [state.resample(p, random.Random(i)) for i in range(k)]


def check_face_down_colours(world) -> None:
    for r in range(world.regions):
        for q in range(world.n):
            bad = [c for c in world.zones()[f"seat {q} {COLOURS[r]}"] if c != "wild" and not c.startswith(COLOURS[r])]
            assert not bad, f"world puts {bad} face down in seat {q}'s {COLOURS[r]} region"


def check_same_to(state, world, p: int) -> None:
    assert canon(world.observe(p)) == canon(state.observe(p))
    assert canon(world.observe(None)) == canon(state.observe(None))
    assert world.current_player == state.current_player
    if state.current_player == p:
        assert legal(world) == legal(state)


# -- observe ---------------------------------------------------------------------------------------

def _table(swap: bool):
    """Seat 1's hand and face-down cards differ between the two tables; nothing seat 0, seat 2
    or a spectator could see does (the same cards are hidden from them, in the same places)."""
    h1, red1 = (["red 1", "blue 2", "wild"], ["red 3", "red 4"]) if not swap else (["red 3", "blue 2", "red 4"],
                                                                                 ["wild", "red 1"])
    return position(3, round=2, controllers={"blue": 2}, bonus_drawn={2: 1}, to_move=2,
                    hands={0: ["green 1", "green 2"], 1: h1, 2: ["yellow 5"]},
                    board={"red": {1: red1, 0: ["red 6"]}, "green": {2: ["wild"]}}, seed=4)


def test_S18_observe_hides_other_hands_and_face_down_values_from_seats_and_spectators():
    a, b = _table(False), _table(True)
    for viewer in (0, 2, None):
        assert canon(a.observe(viewer)) == canon(b.observe(viewer))
    assert canon(a.observe(1)) != canon(b.observe(1))
    spectator = a.observe(None)
    assert "hand" not in spectator and "knowledge" not in spectator
    assert all("yours" not in r for r in spectator["regions"])
    mine = a.observe(0)
    assert mine["hand"] == ["green 1", "green 2"] and area(a, "red", 0)["yours"] == ["red 6"]
    assert area(a, "red", 1)["yours"] == ["red 3", "red 4"] and area(a, "red", 2)["yours"] == []


def test_S18_observe_shows_counts_controllers_and_bonus_counts_to_everyone():
    s = _table(False)
    for viewer in (0, 1, 2, None):
        obs = s.observe(viewer)
        assert obs["hand_sizes"] == [2, 3, 1] and obs["bonus_cards_drawn"] == [0, 0, 1]
        assert obs["regions"][0]["face_down"] == [1, 2, 0] and obs["regions"][2]["face_down"] == [0, 0, 1]
        assert [r["controller"] for r in obs["regions"]] == [None, 2, None, None, None]
        assert obs["controlled"] == [0, 0, 1] and obs["pile"]["size"] == len(s.pile)
        assert obs["round"] == 2 and obs["to_move"] == 2


def test_S18_revealed_cards_of_past_rounds_are_public():
    s = position(hands={0: [], 1: []}, quiet=1, pile=["green 1", "green 2"],
                 board={"red": {0: ["red 2", "wild"], 1: ["red 6"]}})
    events = play(s, "draw")
    for viewer in (0, 1, None):
        red = of(events, "RegionRevealed")[0].seen_by(viewer)
        assert red.cards == (("red 2", "wild"), ("red 6",)) and red.winner == 1
        assert s.observe(viewer)["last_round"]["strengths"][0] == [3, 6]
        assert s.observe(viewer)["last_round"]["cards"][0] == [["red 2", "wild"], ["red 6"]]
    assert s.observe(0)["pile"] == {"size": 3, "never_seen_on_top": 0, "revealed_below": 3,
                                    "next_layer": {"cards": ["red 2", "red 6", "wild"], "left": 3},
                                    "layers_beneath": []}


def test_S18_events_show_a_card_only_to_its_owner():
    s = position(3, hands={0: ["red 5"], 1: [], 2: []}, pile=["green 1", "green 2"])
    played, drawn = play(s, "play red 5", "draw")
    assert played.seen_by(0).card == "red 5" and drawn.seen_by(1).card == "green 2"
    for viewer in (1, 2, None):
        assert played.seen_by(viewer).card is None and played.seen_by(viewer).region == "red"
    for viewer in (0, 2, None):
        assert drawn.seen_by(viewer).card is None and drawn.seen_by(viewer).player == 1


# -- resample --------------------------------------------------------------------------------------

def _busy(seed=0):
    """Three seats with many face-down cards (wilds among them) and cards in hand."""
    return position(3, seed=seed, to_move=1, quiet=0,
                    hands={0: ["red 1", "wild", "blue 6"], 1: ["green 2", "yellow 4"], 2: ["purple 6", "wild"]},
                    board={"red": {0: ["red 2"], 1: ["red 3", "wild"], 2: ["red 5"]},
                           "blue": {1: ["blue 1"], 2: ["blue 2", "blue 3", "wild"]},
                           "green": {0: ["wild"], 2: ["green 4"]},
                           "purple": {1: ["purple 1", "purple 2"]}})


@pytest.mark.parametrize("p", [0, 1, 2])
def test_S18_resample_keeps_face_down_cards_of_their_regions_colour_or_wild(p):
    s = _busy()
    for w in worlds(s, p):
        check_face_down_colours(w)
        check_same_to(s, w, p)
        assert hand(w, p) == hand(s, p)
        for r in COLOURS[:5]:
            assert w.zones()[f"seat {p} {r}"] == s.zones()[f"seat {p} {r}"]
        assert Counter(c for cs in w.zones().values() for c in cs) == Counter(s.game.all_cards())


@pytest.mark.parametrize("p", [0, 1, 2])
def test_S18_worlds_differ_where_the_seat_lacks_information(p):
    s = _busy()
    others = [q for q in range(3) if q != p]
    seen = {"hands": set(), "face_down": set(), "pile": set()}
    for w in worlds(s, p):
        seen["hands"].add(tuple(tuple(hand(w, q)) for q in others))
        seen["face_down"].add(tuple(tuple(w.zones()[f"seat {q} {r}"]) for q in others for r in COLOURS[:5]))
        seen["pile"].add(tuple(w.zones()["pile"]))
    assert all(len(v) > RNGS // 2 for v in seen.values()), {k: len(v) for k, v in seen.items()}
    assert any(canon(w.observe(others[0])) != canon(s.observe(others[0])) for w in worlds(s, p, 5))


def test_S18_resample_along_seeded_games_keeps_colours_and_views():
    for players in (2, 3, 4):
        s = rome(players=players).new_state(seed=players)
        rng = random.Random(players)
        step = 0
        while not s.is_terminal and step < 120:
            if step % 9 == 0:
                for p in range(players):
                    for w in worlds(s, p, 4):
                        check_face_down_colours(w)
                        check_same_to(s, w, p)
            s.apply(rng.choice(s.legal_actions()))
            step += 1


# -- the revealed bottom layer ---------------------------------------------------------------------

LAYER = Counter(["red 5", "blue 3"])


def _after_round_one():
    """Round 1: seat 0 plays red 5, seat 1 blue 3, both pass; the bonus draws for red and blue
    empty the pile, so red 5 and blue 3 go under the empty pile: the whole pile is the revealed
    layer. Round 2: seat 0 draws one of them."""
    s = position(hands={0: ["red 5", "green 1", "yellow 2"], 1: ["blue 3", "green 2"]}, pile=["wild", "green 3"],
                 voluntary_pass="true")
    play(s, "0: play red 5", "1: play blue 3", "0: pass", "1: pass")
    assert s.round == 2 and Counter(s.zones()["pile"]) == LAYER and s.pile_unseen == 0
    play(s, "0: draw")
    return s


def _layer_kept(w, drawers) -> bool:
    """The layer's cards are in the bottom layer or in the drawers' hands; the layer holds only them."""
    bottom = Counter(under(w))
    held = bottom + sum((Counter(hand(w, q)) for q in drawers), Counter())
    return not bottom - LAYER and not LAYER - held


def test_S18_resample_keeps_the_revealed_bottom_layer_under_the_pile_or_with_who_drew_from_it():
    s = _after_round_one()
    ws = worlds(s, 1)
    assert all(_layer_kept(w, [0]) for w in ws)
    assert {under(w)[0] for w in ws} == {"red 5", "blue 3"}      # seat 1 cannot tell which seat 0 drew
    assert {under(w)[0] for w in worlds(s, 0)} == set(under(s))  # seat 0 can
    play(s, "1: play green 2")                                   # a seat that did not draw plays
    assert all(_layer_kept(w, [0]) for w in worlds(s, 1))


def test_S18_the_layer_is_kept_when_a_seat_that_drew_from_it_plays_another_colour():
    """Seat 0 plays green 1: the layer (red 5, blue 3) holds no green card nor a wild, so the card
    came from elsewhere and seat 1 still knows the bottom card is red 5 or blue 3."""
    s = _after_round_one()
    play(s, "1: play green 2", "0: play green 1")
    ws = worlds(s, 1)
    assert all(_layer_kept(w, [0]) for w in ws)
    assert {under(w)[0] for w in ws} == {"red 5", "blue 3"}


def test_S18_layers_of_different_rounds_stay_in_their_order_under_the_pile():
    """Round 1's revealed cards lie above round 2's (S13 puts each round's cards under the pile).
    Seat 1 drew red 5 from round 1's layer (red 5, blue 3), so it knows blue 3 is on top; seat 2
    knows only that the top is one of round 1's two cards; round 2's cards stay beneath."""
    s = position(players=3, hands={0: ["red 5", "red 1"], 1: ["blue 3", "green 2"], 2: ["yellow 1", "yellow 2"]},
                 pile=["wild", "green 3", "green 4"], voluntary_pass="true", wilds=1)
    play(s, "0: play red 5", "1: play blue 3", "2: pass", "0: pass", "1: pass")
    play(s, "0: draw", "1: draw", "2: play yellow 1", "0: play wild yellow", "1: pass", "2: pass", "0: pass")
    assert s.round == 3 and s.pile_unseen == 0 and "red 5" in hand(s, 1)
    assert s.zones()["pile"][-1] == "blue 3"
    assert s.observe(None)["pile"]["layers_beneath"] == [["yellow 1", "wild"]]
    assert {w.zones()["pile"][-1] for w in worlds(s, 1, 40)} == {"blue 3"}
    tops = {w.zones()["pile"][-1] for w in worlds(s, 2, 40)}
    assert tops == {"blue 3", "red 5"}
    for w in worlds(s, 2, 40):
        assert Counter(w.zones()["pile"][:2]) == Counter(["yellow 1", "wild"]), "round 2's layer beneath"
    play(s, "0: draw")   # round 1's layer is used up: round 2's is now the one drawn from
    assert s.layer == {s.game.parse_action("wild yellow").card, s.game.parse_action("yellow 1").card}
    for w in worlds(s, 0, 40):
        assert Counter(w.zones()["pile"]) == Counter(["yellow 1", "wild"])


def test_S18_hand_set_layer_and_cards_drawn_from_it():
    s = position(hands={0: ["green 1"], 1: ["red 5", "yellow 1"]}, pile=["blue 3", "wild", "green 4", "purple 2"],
                 pile_unseen=2)
    for p in (0, 1):
        for w in worlds(s, p, 30):
            assert Counter(under(w)) == Counter(["blue 3", "wild"])
    t = position(hands={0: ["green 1"], 1: ["red 5", "yellow 1"]}, pile=["blue 3", "wild"], pile_unseen=0,
                 from_bottom={1: ["red 5"]})
    layer = Counter(["blue 3", "wild", "red 5"])
    bottoms = set()
    for w in worlds(t, 0):
        bottom = Counter(under(w))
        assert not bottom - layer and not layer - (bottom + Counter(hand(w, 1)))
        bottoms.add(tuple(sorted(under(w))))
    assert len(bottoms) == 3                                    # any two of the three may be under
    assert {tuple(sorted(under(w))) for w in worlds(t, 1, 20)} == {("blue 3", "wild")}


class Witness:
    """What seat p saw of the revealed bottom layer, from the events it was shown (S13, S18):
    the layer's cards it has not seen leave since, and the seats that drew from the layer."""

    def __init__(self, p: int):
        self.p = p
        self.layer: Counter = Counter()
        self.drawers: set[int] = set()
        self.revealed: Counter = Counter()
        self.played_since_draw = False   # a drawer has played a card the layer could have given

    def see(self, state, action, events) -> None:
        unseen = state.observe(self.p)["pile"]["never_seen_on_top"]   # before the action
        if action.kind == 0 and state.current_player in self.drawers:
            colour = COLOURS[action.region]
            if any(n and (c == "wild" or c.startswith(colour)) for c, n in self.layer.items()):
                self.played_since_draw = True   # the card may have come from the layer
        for e in events:
            e = e.seen_by(self.p)
            kind = type(e).__name__
            if kind == "CardDrawn":      # turn draws and bonus draws, from the top while it lasts
                if unseen:
                    unseen -= 1
                elif e.player == self.p:
                    self.layer[e.card] -= min(1, self.layer[e.card])
                else:
                    self.drawers.add(e.player)
            elif kind == "RegionRevealed":
                for c in (c for cs in e.cards for c in cs):
                    self.revealed[c] += 1
                    self.layer[c] -= min(1, self.layer[c])
            elif kind == "CardsReturned" and e.where == "bottom":
                self.layer += self.revealed
            elif kind == "RoundEnded":
                self.revealed = Counter()

    def check(self, world) -> None:
        bottom = Counter(under(world))
        held = bottom + sum((Counter(hand(world, q)) for q in self.drawers), Counter())
        missing = +self.layer - held
        assert not missing, f"seat {self.p}'s world lost {dict(missing)} from the bottom layer and its drawers"


@pytest.mark.parametrize("players, seeds", [(2, 8), (3, 8), (4, 6)])
def test_S18_resample_keeps_the_bottom_layer_along_seeded_games(players, seeds):
    """Random games: until a seat that drew from the layer plays a card of a colour the layer holds
    (or into any region while it holds a wild), every world keeps the layer's cards (as far as the
    witness knows them) under the pile or in the drawers' hands; for after, see the tests below."""
    checked = 0
    for seed in range(seeds):
        s = rome(players=players).new_state(seed=seed)
        rng = random.Random(seed)
        witness = Witness(seed % players)
        step = 0
        while not s.is_terminal and step < 400 and not witness.played_since_draw:
            action = rng.choice(s.legal_actions())
            before = s.clone()
            witness.see(before, action, s.apply(action))
            step += 1
            if step % 4 == 0 and +witness.layer and not witness.played_since_draw:
                for w in worlds(s, witness.p, 3):
                    witness.check(w)
                    checked += 1
    assert checked > 20


def test_S18_the_layer_after_a_drawer_plays_a_card_the_layer_could_have_given():
    """As in _after_round_one, but seat 0 also holds red 1: when it plays a red card after drawing
    from the layer (red 5, blue 3), seat 1 cannot tell whether the card came from the layer."""
    s = position(hands={0: ["red 5", "red 1", "green 1"], 1: ["blue 3", "green 2"]}, pile=["wild", "green 3"],
                 voluntary_pass="true")
    play(s, "0: play red 5", "1: play blue 3", "0: pass", "1: pass", "0: draw")
    assert s.round == 2 and len(under(s)) == 1
    play(s, "1: play green 2", "0: play red 1")
    for w in worlds(s, 1):
        assert not Counter(under(w)) - LAYER


def test_S18_a_seat_that_never_drew_from_the_layer_holds_none_of_its_cards():
    """Seat 0 drew red 5 from the layer (red 5, blue 3), then played red 1: seat 1 cannot tell which
    of its red cards it was, but seat 2, which never drew from the layer, holds neither layer card,
    in hand or face down, in any of seat 1's worlds."""
    s = position(players=3, hands={0: ["red 5", "red 1", "green 1"], 1: ["blue 3", "green 2"],
                                   2: ["yellow 1", "yellow 2"]}, pile=["wild", "green 3"], voluntary_pass="true")
    play(s, "0: play red 5", "1: play blue 3", "2: pass", "0: pass", "1: pass", "0: draw")
    assert s.round == 2 and s.pile_unseen == 0 and "red 5" in hand(s, 0)
    play(s, "1: play green 2", "2: play yellow 1", "0: play red 1")
    for w in worlds(s, 1, 100):
        seat_2 = [c for zone, cards in w.zones().items() if zone.startswith("seat 2") for c in cards]
        assert not {"red 5", "blue 3"} & set(seat_2)
        check_same_to(s, w, 1)


def test_S18_the_bar_outlasts_the_layer():
    """As above, then seat 0 takes the layer's other card as its bonus for red and the layer is
    used up (the round's cards make the next layer): seat 2 never drew from it, so in seat 1's
    worlds it holds neither card."""
    s = position(players=3, hands={0: ["red 5", "red 1", "green 1"], 1: ["blue 3", "green 2", "purple 1", "purple 2"],
                                   2: ["yellow 1", "yellow 2", "yellow 3"]}, pile=["wild", "green 3"], regions_to_win=5,
                 voluntary_pass="true")
    play(s, "0: play red 5", "1: play blue 3", "2: pass", "0: pass", "1: pass", "0: draw")
    play(s, "1: play green 2", "2: play yellow 1", "0: play red 1", "1: play purple 1", "2: play yellow 2", "0: pass",
         "1: pass", "2: pass")
    red_5, blue_3 = (s.game.parse_action(c).card for c in ("red 5", "blue 3"))
    assert s.round == 3 and "blue 3" in hand(s, 0) and not {red_5, blue_3} & s.layer
    for w in worlds(s, 1, 100):
        seat_2 = [c for zone, cards in w.zones().items() if zone.startswith("seat 2") for c in cards]
        assert not {"red 5", "blue 3"} & set(seat_2)


def test_S18_worlds_keep_no_trace_of_a_waiting_layers_true_order():
    """The layers waiting beneath are public as multisets only: a world's pile orders them afresh,
    and nothing else in the world holds the true order."""
    s = position(players=3, hands={0: ["red 5", "red 1"], 1: ["blue 3", "green 2"], 2: ["yellow 1", "yellow 2"]},
                 pile=["wild", "green 3", "green 4"], voluntary_pass="true", wilds=1)
    play(s, "0: play red 5", "1: play blue 3", "2: pass", "0: pass", "1: pass")
    play(s, "0: draw", "1: draw", "2: play yellow 1", "0: play wild yellow", "1: pass", "2: pass", "0: pass")
    assert len(s.below) == 1 and len(s.below[0]) == 2
    orders = set()
    for w in worlds(s, 2, 40):
        assert w.below == s.below == [tuple(sorted(s.pile[:2]))]
        orders.add(tuple(w.pile[:2]))
    assert len(orders) == 2


def test_S18_a_card_played_before_drawing_from_the_layer_is_not_from_the_layer():
    """Seat 0 plays blue 1, then draws from the layer (red 5, blue 3), then plays red 1: seat 1
    cannot tell which of its red cards that was, but the blue card came before the draw."""
    s = position(hands={0: ["red 5", "red 1", "blue 1", "green 1"], 1: ["blue 3", "green 2", "green 4"]},
                 pile=["wild", "green 3"], voluntary_pass="true")
    play(s, "0: play red 5", "1: play blue 3", "0: pass", "1: pass")
    assert s.round == 2 and s.pile_unseen == 0
    play(s, "0: play blue 1", "1: play green 2", "0: draw", "1: play green 4", "0: play red 1")
    assert {tuple(w.zones()["seat 0 blue"]) for w in worlds(s, 1, 100)} == {("blue 1",)}


def test_S18_cards_played_before_a_layer_was_reached_are_none_of_its_cards():
    """Seat 0 plays red 3, draws the last card of the revealed layer (round 1's red 1 and red 2,
    waiting beneath, take its place), draws red 1 from them, then plays red 5: its first red card
    was played while red 1 and red 2 lay in the pile, so no world of seat 1's makes it one."""
    s = position(hands={0: ["red 1", "red 3", "red 5", "red 6", "green 1"],
                        1: ["red 2", "purple 1", "purple 2", "purple 3", "purple 4"]},
                 pile=["yellow 1", "yellow 2"], pile_unseen=0, voluntary_pass="true", wilds=0, to_move=0)
    play(s, "0: play red 1", "1: play red 2", "0: pass", "1: pass")
    assert s.round == 2 and len(s.below) == 1
    play(s, "0: play red 3", "1: play purple 1", "0: draw", "1: play purple 2", "0: draw", "1: play purple 3",
         "0: play red 5")
    for w in worlds(s, 1, 100):
        assert w.zones()["seat 0 red"][0] not in ("red 1", "red 2")


def test_S18_a_second_draw_from_the_same_layer_keeps_the_first_cards_apart():
    """Round 1 leaves the layer (blue 3, green 1, purple 1) as the whole pile (the bonus for blue
    takes the last card). Seat 0 plays blue 1, draws from the layer, plays red 1, draws again,
    plays blue 5: blue 1 was played before any draw from the layer, so it is not blue 3."""
    s = position(hands={0: ["blue 3", "green 1", "blue 1", "red 1", "blue 5"],
                        1: ["purple 1", "purple 2", "purple 3", "purple 4", "purple 5"]},
                 pile=["yellow 1"], pile_unseen=0, voluntary_pass="true", wilds=0, to_move=0)
    play(s, "0: play blue 3", "1: pass", "0: play green 1", "1: play purple 1", "0: pass", "1: pass")
    assert s.round == 2 and s.pile_unseen == 0
    play(s, "0: play blue 1", "1: play purple 2", "0: draw", "1: play purple 3", "0: play red 1",
         "1: play purple 4", "0: draw", "1: play purple 5", "0: play blue 5")
    firsts = {w.zones()["seat 0 blue"][0] for w in worlds(s, 1, 100)}
    assert firsts == {"blue 1", "blue 5"}, "either of its own blue cards, never the layer's blue 3"


def test_S18_worlds_of_worlds_keep_an_undrawn_layer_under_the_top():
    """A world rebuilds the other seats' knowledge from its own cards; while the never-seen top
    lasts nobody has drawn from the revealed layer, so their worlds keep it whole too."""
    s = position(hands={0: ["red 1", "blue 1"], 1: ["green 3", "wild"]},
                 pile=["red 5", "wild", "green 1", "green 2"], pile_unseen=2)
    for k in range(60):
        w = s.resample(0, random.Random(k)).resample(1, random.Random(1000 + k))
        assert sorted(under(w)) == ["red 5", "wild"]


# -- the revealed layers under the pile, in the observation -----------------------------------------

def _piles(state) -> dict:
    """The pile as every viewer sees it: S13's layers are public, so all seats and the spectator
    see the same."""
    piles = [state.observe(viewer)["pile"] for viewer in [*range(state.n), None]]
    assert all(p == piles[0] for p in piles), piles
    return piles[0]


def _layers(state) -> list:
    """Every revealed layer the pile shows, nearest the top first: (its cards as laid, how many
    of them are left), the layers beneath whole."""
    pile = _piles(state)
    nearest = pile["next_layer"]
    layers = ([] if nearest is None else [(nearest["cards"], nearest["left"])]) + \
        [(cards, len(cards)) for cards in pile["layers_beneath"]]
    assert pile["revealed_below"] == sum(left for _, left in layers), pile
    return layers


_LAYER = ["yellow 1", "purple 2", "wild"]   # a layer revealed in an earlier round, sorted as shown


@pytest.mark.parametrize("players", [2, 4])
def test_S13_S18_the_observation_shows_every_revealed_layer_the_nearest_included(players):
    """A revealed layer (yellow 1, purple 2, wild) lies under the never-seen top. Round 1's played
    cards go beneath it (S13): the observation lists both, the nearest first, and goes on listing
    the nearest, as laid, while it is drawn from, with how many of its cards are left; once it is
    used up the next one is the nearest."""
    plays = ["red 5", "red 2"] + (["blue 3", "blue 1"] if players == 4 else [])
    played = ["red 2", "red 5"] + (["blue 1", "blue 3"] if players == 4 else [])   # sorted as shown
    top = ["purple 6", "purple 5", "green 1", "green 2", "green 3", "green 4", "green 5", "green 6"]
    s = position(players, hands={q: [c] for q, c in enumerate(plays)},
                 pile=["yellow 1", "wild", "purple 2", *top], pile_unseen=len(top), to_move=0)
    assert _layers(s) == [(_LAYER, 3)]
    play(s, *(f"{q}: play {c}" for q, c in enumerate(plays)))
    play(s, *(f"{q}: draw" for q in range(players)))   # the round ends; a bonus card per region won
    assert s.round == 2 and _layers(s) == [(_LAYER, 3), (played, len(played))]
    # round 2 on: only draws, each round n of them from seat 0 on (the starter)
    unseen = s.pile_unseen
    play(s, *(f"{k % players}: draw" for k in range(unseen)))     # the never-seen top is gone
    assert s.pile_unseen == 0 and _layers(s) == [(_LAYER, 3), (played, len(played))]
    play(s, f"{unseen % players}: draw")                          # one card of the nearest layer
    # the others do not see which (S18): every viewer is shown the layer as laid, and what is left
    assert _layers(s) == [(_LAYER, 2), (played, len(played))]
    play(s, *(f"{(unseen + k) % players}: draw" for k in (1, 2)))  # the nearest layer is used up
    assert _layers(s) == [(played, len(played))]
    assert sorted(s.zones()["pile"]) == sorted(played)
    check_consistent(s)


@pytest.mark.parametrize("players", [2, 4])
def test_S13_S18_along_seeded_games_the_pile_shows_the_layers_every_viewer_saw_laid(players):
    """Random games, followed through the spectator's events alone: each round's revealed cards
    go under the pile as a layer (S13); draws take the never-seen top, then the nearest layer's
    cards. Every viewer's observation lists exactly these layers, the nearest first with what is
    left of it, and the true pile holds what they say."""
    partly_drawn_over_another = 0
    for seed in range(6):
        s = rome(players=players).new_state(seed=seed)
        rng = random.Random(seed)
        unseen, layers, revealed = s.pile_unseen, [], []   # layers: [cards as laid, left], nearest first
        while not s.is_terminal:
            assert _layers(s) == [(cards, left) for cards, left in layers]
            pile, start = s.zones()["pile"], 0               # bottom first: the deepest layer first
            for cards, left in reversed(layers):
                there = pile[start:start + left]
                assert len(there) == left and not Counter(there) - Counter(cards), (there, cards)
                start += left
            assert len(pile) - start == unseen
            partly_drawn_over_another += len(layers) > 1 and layers[0][1] < len(layers[0][0])
            for e in s.apply(rng.choice(s.legal_actions())):
                kind = type(e).__name__
                if kind == "CardDrawn":
                    if unseen:
                        unseen -= 1
                    else:
                        layers[0][1] -= 1
                        if not layers[0][1]:
                            layers.pop(0)
                elif kind == "RegionRevealed":
                    revealed += [c for cs in e.seen_by(None).cards for c in cs]
                elif kind == "CardsReturned" and e.where == "bottom":
                    layers.append([sorted(revealed, key=card), len(revealed)])
                elif kind == "RoundEnded":
                    revealed = []
    assert partly_drawn_over_another > 10, "no game drew from a layer with another beneath it"
