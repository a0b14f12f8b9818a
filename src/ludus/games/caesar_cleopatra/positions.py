"""Hand-set positions of Caesar & Cleopatra, for tests, puzzles and analysis.

``position(...)`` builds a consistent :class:`CCState` at the start of a seat's turn (setup
done, nothing decided yet this turn) from a short description of the table; ``play(state,
...)`` plays moves written in the game's notation and returns the events.

>>> from ludus.games.caesar_cleopatra.positions import position, play
>>> s = position(
...     to_move=0,
...     hands=("3 4 5 P assassin", "1 2 veto"),
...     board={"senators": ("2 up 5", "up 4"),    # Cleopatra: a 2 face down, a 5 face up
...            "censors": ("1", "3 3")},           # Caesar: 4 face up / two 3s face down
...     won={"aediles": (1, 2)},
...     voc_deck="senators orgy",                  # top first; the other VoC cards are discarded,
...                                                # orgy-reshuffle goes to the bottom
... )
>>> s.current_player, s.observe(0)["groups"][0]["sides"][1]["face_up"]
(0, ['4'])
>>> events = play(s, "down 3 senators", "done", "draw influence", "done")
>>> type(events[-1]).__name__                       # the Senators voted; Caesar is to move
'VoteHeld'
>>> s.current_player, s.observe(None)["groups"][0]["won"]
(1, [1, 0])

Cards are written as in the notation: ``P`` (the Philosopher) and ``1``-``5`` for influence
cards, ``assassin``, ``spy``, ``castling``, ``scout``, ``wrath``, ``veto`` for action cards, as a
string of words or a list. Groups may be shortened to a unique prefix (``"sen"``). Everything
given per seat is a pair ``(cleopatra, caesar)``; ``None`` in a pair means "not specified".

Conservation: every card lies in exactly one zone, as in a real game. A seat's influence and
action cards that the description does not place go to that seat's piles (shuffled with the
position's seed) if its piles are not given, else to its discard pile; giving more of a card
than the seat owns is a ``ValueError``, as is leaving cards over when both the piles and the
discard are given. The VoC cards not in ``voc_deck`` go to the VoC discard (or the deck is the
live cards, shuffled, when ``voc_deck`` is not given); the card of an exhausted group is out of
the game, and the cards of ``bonus`` not dealt are out, unseen.

Knowledge (C34/C35): each seat's pools over the opponent's cards are the simplest sound ones —
all the opponent's hidden influence cards (hand, face down, pile) in one pool over those places,
and all the hidden action cards (hand, pile) in one pool over hand and pile — so ``resample``
deals the opponent's hidden cards anew among those places. ``seen`` adds what a seat saw of the
opponent's hand (as after a Spy): those cards are then known to be in that hand. A hand-set
position forgets the opening (C35's "one each of 1-5"); start a seeded game for that.

A position has no history: its ``record()`` replays the seeded game, not the position.

The 2024 edition (``game={"edition": "2024"}``): hands hold up to six cards; the bust bag
replaces the VoC deck — ``drawn`` names the busts standing beside their groups (or the grey one
beside the bag), the other live busts are in the bag, the busts of exhausted groups are out
(N6); ``next_bust`` fixes the next bust drawn (the position's chance is seeded so that the next
draw takes it). ``turn=1`` is the start player's very first turn (Cleopatra's; no bust, N7); by
default a 2024 position is a later turn.

>>> s = position({"edition": "2024"}, to_move=1, hands=("5 2", "3 3 4 1 veto"),
...              board={"aediles": ("5", "3 3")}, next_bust="green")
>>> events = play(s, "down 4 aediles", "done")   # Caesar's 4 down; no action card: done
>>> [type(e).__name__ for e in events][-2:]
['BustDrawn', 'VoteHeld']
>>> events[-1].sums, events[-1].winner, events[-1].discarded
((5, 10), 1, (('5',), ('4',)))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from ...core.knowledge import Beliefs
from ...core.rng import shuffle
from ...core.testing import play  # noqa: F401  (re-exported: tests use positions.play)
from .cards import (
    ACTION_DECK,
    ACTION_NAMES,
    BLACK,
    BONUS_GOALS,
    BUST_NAMES,
    GREY,
    GROUP_SIZES,
    GROUPS,
    INFLUENCE_DECK,
    MAX_GROUP,
    MAX_SIDE,
    ORGY,
    ORGY_RESHUFFLE,
    VALUE_NAMES,
    VOC_NAMES,
)
from .phases import PLACE, Z_HAND, Z_PILE, ZA_HAND, ZA_PILE
from .state import CCState

__all__ = ["position", "play", "check_consistent"]

_VALUE = {n.lower(): v for v, n in enumerate(VALUE_NAMES)} | {"philosopher": 0, "0": 0}
_ACTION = {n: k for k, n in enumerate(ACTION_NAMES)}


def _words(cards) -> list[str]:
    if cards is None:
        return []
    if isinstance(cards, str):
        return cards.replace(",", " ").lower().split()
    return [str(c).lower() for c in cards]


def _group(word) -> int:
    if isinstance(word, int) and 0 <= word < 5:
        return word
    hits = [i for i, g in enumerate(GROUPS) if g.startswith(str(word).lower())] if word else []
    if len(hits) != 1:
        raise ValueError(f"{word!r} is not a group; groups are {', '.join(GROUPS)}")
    return hits[0]


def _value(word: str) -> int:
    if word not in _VALUE:
        raise ValueError(f"{word!r} is not an influence card; write P or 1-5")
    return _VALUE[word]


def _action(word: str) -> int:
    hits = [k for n, k in _ACTION.items() if n.startswith(word)]
    if len(hits) != 1:
        raise ValueError(f"{word!r} is not an action card; they are {', '.join(ACTION_NAMES)}")
    return hits[0]


def _cards(cards) -> tuple[list[int], list[int]]:
    """Split a card list into (influence values, action kinds)."""
    inf, act = [], []
    for w in _words(cards):
        if w in _VALUE:
            inf.append(_VALUE[w])
        else:
            act.append(_action(w))
    return inf, act


def _side(text) -> tuple[list[int], list[int]]:
    """One seat's side of a group: values face down, ``up`` switches to face up, ``down`` back.

    Also accepted: a mapping ``{"up": "4 5", "down": "3"}``.
    """
    if isinstance(text, Mapping):
        return [_value(w) for w in _words(text.get("down"))], [_value(w) for w in _words(text.get("up"))]
    down: list[int] = []
    up: list[int] = []
    target = down
    for w in _words(text):
        w = w.rstrip(":")
        if w == "up":
            target = up
        elif w == "down":
            target = down
        else:
            target.append(_value(w))
    return down, up


def _pair(x, what: str) -> tuple:
    if x is None:
        return (None, None)
    if isinstance(x, Mapping):
        out = [None, None]
        for k, v in x.items():
            seat = {"cleopatra": 0, "caesar": 1}.get(k, k)
            if seat not in (0, 1):
                raise ValueError(f"{what}: {k!r} is not a seat (0/cleopatra or 1/caesar)")
            out[seat] = v
        return tuple(out)
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError(f"{what} must be a pair (cleopatra, caesar), got {x!r}")
    return tuple(x)


def _game(game):
    from . import CaesarCleopatra

    if game is None:
        return CaesarCleopatra()
    if isinstance(game, Mapping):
        return CaesarCleopatra(**game)
    return game


def position(
    game=None,
    *,
    seed: int = 0,
    to_move: int = 0,
    hands=None,
    board: Mapping | None = None,
    piles=None,
    discards=None,
    won: Mapping | None = None,
    voc_deck=None,
    voc_discard=None,
    bonus=None,
    seen=None,
    turn: int | None = None,
    pure_passes: int = 0,
    phase: str = "place",
    drawn=None,
    next_bust=None,
) -> CCState:
    """A consistent position at the start of ``to_move``'s turn.

    game            a CaesarCleopatra game, or a dict of options (``{"wrath": "face-up"}``), or
                    None for the defaults.
    seed            seeds the state's chance (VoC reshuffles) and the dealing of unplaced cards.
    to_move         the seat whose turn starts (0 Cleopatra, 1 Caesar).
    hands           (cleopatra, caesar) hands, e.g. ``("3 4 P spy", "1 veto")``; default empty.
    board           {group: (cleopatra side, caesar side)}; a side is a string of values, face
                    down unless after the word ``up`` (``"2 up 5 4"``: a 2 face down, 5 and 4 face
                    up), or ``{"down": ..., "up": ...}``.
    piles           (cleopatra, caesar), each ``{"influence": ..., "action": ...}``, top card
                    first; a pile left out of a given dict is empty. Default: the seat's unplaced
                    cards, shuffled.
    discards        (cleopatra, caesar) discard piles (influence and action cards mixed).
    won             {group: (cleopatra, caesar)} patricians won; a group whose patricians are
                    all won is exhausted (no cards there; its VoC card is out of the game).
    voc_deck        VoC cards still in the deck, next to be flipped first (``"senators orgy"``);
                    ``orgy-reshuffle`` never leaves the deck (C20): if not named, it is put at
                    the bottom.
    voc_discard     the VoC discard; default: the live cards not in the deck.
    bonus           (cleopatra, caesar) bonus-goal groups; default dealt at random (seeded).
    seen            (cleopatra, caesar): cards of the *opponent's* hand that seat has seen (a
                    Spy), e.g. ``(None, "3 spy")`` — Caesar knows Cleopatra holds a 3 and a Spy.
    turn            the turn number shown in observations; default 1 (classic). In 2024 turn 1
                    is Cleopatra's very first turn (no bust, N7); the default is then 3 for
                    Cleopatra, 2 for Caesar.
    drawn           2024: busts out of the bag, in the order drawn (``"green grey"``; a group
                    name stands for its bust); the black bust is never among them.
    next_bust       2024: the bust the next draw takes (it must be in the bag). The draw is
                    fixed for the bag as the position has it: a vote that exhausts a group
                    before the draw changes the bag, and then the draw.
    pure_passes     pure passes (passive turns exchanging no card) in a row just before this one (C22).
    phase           only ``"place"`` (the start of a turn) is supported.
    """
    if phase != "place":
        raise ValueError(f"position() builds the start of a turn (phase='place'), not {phase!r}; "
                         "reach later steps with play()")
    if to_move not in (0, 1):
        raise ValueError(f"to_move must be 0 (cleopatra) or 1 (caesar), got {to_move!r}")
    game = _game(game)
    o = game.options
    ed2024 = o.edition == "2024"
    if ed2024:
        if voc_deck is not None or voc_discard is not None:
            raise ValueError("the 2024 edition has a bust bag, not a VoC deck: use drawn= and next_bust=")
        if turn is None:
            turn = 3 if to_move == 0 else 2
        if turn == 1 and to_move != 0:
            raise ValueError("turn 1 is the start player's (Cleopatra's) very first turn")
    else:
        if drawn is not None or next_bust is not None:
            raise ValueError("drawn= and next_bust= describe the 2024 bust bag; the classic "
                             "edition has a VoC deck (voc_deck=, voc_discard=)")
        if turn is None:
            turn = 1
    # Start from a fresh game so that every field the state has is initialised (options read,
    # turn bookkeeping); then lay the table out as described.
    s = CCState.new(game, seed)
    rng = random.Random(seed)

    # patricians (C1, C29)
    s.won = [[0] * 5, [0] * 5]
    for g, pair in (won or {}).items():
        gi = _group(g)
        s.won[0][gi], s.won[1][gi] = (int(n) for n in pair)
    s.left = [GROUP_SIZES[g] - s.won[0][g] - s.won[1][g] for g in range(5)]
    for g in range(5):
        if s.left[g] < 0 or min(s.won[0][g], s.won[1][g]) < 0:
            raise ValueError(f"{GROUPS[g]} has {GROUP_SIZES[g]} patricians; cannot have won "
                             f"{s.won[0][g]} + {s.won[1][g]}")
    if not any(s.left):
        raise ValueError("every patrician is won: the game would be over")

    # the board (C12, C13, C15)
    s.down = [[[] for _ in range(5)] for _ in range(2)]
    s.up = [[[] for _ in range(5)] for _ in range(2)]
    for g, sides in (board or {}).items():
        gi = _group(g)
        sides = _pair(sides, f"board[{g!r}]")
        for p in (0, 1):
            s.down[p][gi], s.up[p][gi] = _side(sides[p])
            if len(s.down[p][gi]) + len(s.up[p][gi]) > MAX_SIDE:
                raise ValueError(f"{GROUPS[gi]}: at most {MAX_SIDE} cards a side (C13)")
        total = sum(len(s.down[p][gi]) + len(s.up[p][gi]) for p in (0, 1))
        if total > MAX_GROUP:
            raise ValueError(f"{GROUPS[gi]}: at most {MAX_GROUP} cards at a group (C13)")
        if total and not s.left[gi]:
            raise ValueError(f"{GROUPS[gi]} is exhausted: no cards can lie there (C29)")

    # hands, piles, discards (conservation)
    hands, piles, discards = _pair(hands, "hands"), _pair(piles, "piles"), _pair(discards, "discards")
    s.hand_inf, s.hand_act, s.inf_pile, s.act_pile = [], [], [], []
    s.inf_discard, s.act_discard = [], []
    s.unarranged = [[0] * 6, [0] * 6]
    for p in (0, 1):
        rest_inf = Counter({v: n for v, n in enumerate(INFLUENCE_DECK)})
        rest_act = Counter({k: n for k, n in enumerate(ACTION_DECK)})

        def take(values, counter, names, where, p=p):
            for v in values:
                if counter[v] <= 0:
                    raise ValueError(f"seat {p} has no {names[v]} left for {where}: each player owns "
                                     "7 each of 1-5, 2 P and the 13 action cards of C3")
                counter[v] -= 1

        for g in range(5):
            take(s.down[p][g] + s.up[p][g], rest_inf, VALUE_NAMES, GROUPS[g])
        hi, ha = _cards(hands[p])
        take(hi, rest_inf, VALUE_NAMES, "the hand")
        take(ha, rest_act, ACTION_NAMES, "the hand")
        if len(hi) + len(ha) > s.hand_size:
            raise ValueError(f"seat {p} holds {len(hi) + len(ha)} cards; a hand holds at most "
                             f"{s.hand_size}")
        di, da = _cards(discards[p])
        take(di, rest_inf, VALUE_NAMES, "the discard")
        take(da, rest_act, ACTION_NAMES, "the discard")
        if piles[p] is not None:
            if not isinstance(piles[p], Mapping) or set(piles[p]) - {"influence", "action"}:
                raise ValueError("a seat's piles are {'influence': cards, 'action': cards}")
            pi = [_value(w) for w in _words(piles[p].get("influence"))]
            pa = [_action(w) for w in _words(piles[p].get("action"))]
            take(pi, rest_inf, VALUE_NAMES, "the influence pile")
            take(pa, rest_act, ACTION_NAMES, "the action pile")
            left_i = sorted(rest_inf.elements())
            left_a = sorted(rest_act.elements())
            if discards[p] is not None and (left_i or left_a):
                raise ValueError(f"seat {p}: piles and discard are both given but "
                                 f"{len(left_i) + len(left_a)} cards are nowhere")
            di, da = di + left_i, da + left_a
        else:
            pi = sorted(rest_inf.elements())
            pa = sorted(rest_act.elements())
            shuffle(rng, pi)
            shuffle(rng, pa)
        s.hand_inf.append([hi.count(v) for v in range(6)])
        s.hand_act.append([ha.count(k) for k in range(6)])
        s.inf_pile.append(pi[::-1])   # the state draws from the end: the top is last
        s.act_pile.append(pa[::-1])
        s.inf_discard.append([di.count(v) for v in range(6)])
        s.act_discard.append([da.count(k) for k in range(6)])

    if ed2024:
        _bust_bag(s, drawn, next_bust)
    else:
        _voc_deck(s, o, rng, voc_deck, voc_discard)

    # bonus goals (C5, C9)
    goals = list(BONUS_GOALS)
    b = _pair(bonus, "bonus")
    s.bonus = [None, None]
    for p in (0, 1):
        if b[p] is not None:
            gi = _group(b[p])
            if gi not in goals:
                raise ValueError(f"no bonus card {GROUPS[gi]} left; bonus goals are two each of "
                                 "senators, praetors, quaestors")
            goals.remove(gi)
            s.bonus[p] = gi
    shuffle(rng, goals)
    for p in (0, 1):
        if s.bonus[p] is None:
            s.bonus[p] = goals.pop()
    s.bonus_out = sorted(goals)

    # the turn (the rest of its bookkeeping is a fresh game's, from CCState.new)
    s.active = to_move
    s.turn = turn
    s.pure_passes = pure_passes
    s._set_phase(PLACE, to_move)

    # knowledge (C34, C35): seat p's pools over seat q's hidden cards
    seen = _pair(seen, "seen")
    s.know_inf, s.know_act = [], []
    for p in (0, 1):
        q = 1 - p
        si, sa = _cards(seen[p])
        for v, n in Counter(si).items():
            if s.hand_inf[q][v] < n:
                raise ValueError(f"seat {p} cannot have seen {VALUE_NAMES[v]} x{n} in a hand without it")
        for k, n in Counter(sa).items():
            if s.hand_act[q][k] < n:
                raise ValueError(f"seat {p} cannot have seen {ACTION_NAMES[k]} x{n} in a hand without it")
        ki = Beliefs(6, 8)
        counts = [s.hand_inf[q][v] + s.inf_pile[q].count(v)
                  + sum(s.down[q][g].count(v) for g in range(5)) - si.count(v) for v in range(6)]
        slots = [sum(s.hand_inf[q]) - len(si)] + [len(s.down[q][g]) for g in range(5)] \
            + [len(s.inf_pile[q]), 0]
        ki.add(counts, slots)
        ki.add([si.count(v) for v in range(6)], [len(si)] + [0] * 7)
        ka = Beliefs(6, 3)
        ka.add([s.hand_act[q][k] + s.act_pile[q].count(k) - sa.count(k) for k in range(6)],
               [sum(s.hand_act[q]) - len(sa), len(s.act_pile[q]), 0])
        ka.add([sa.count(k) for k in range(6)], [len(sa), 0, 0])
        s.know_inf.append(ki)
        s.know_act.append(ka)
    # the state keeps these in tuples, replaced when they change (see CCState.clone)
    s.up = [[tuple(cards) for cards in side] for side in s.up]
    s.won, s.inf_discard, s.act_discard, s.unarranged, s.inf_pile, s.act_pile = (
        [tuple(row) for row in rows] for rows in (s.won, s.inf_discard, s.act_discard, s.unarranged,
                                                  s.inf_pile, s.act_pile))
    s.left, s.voc_deck, s.voc_discard, s.voc_out, s.bonus, s.bonus_out = (
        tuple(x) for x in (s.left, s.voc_deck, s.voc_discard, s.voc_out, s.bonus, s.bonus_out))
    check_consistent(s)
    return s


def _voc_deck(s: CCState, o, rng: random.Random, voc_deck, voc_discard) -> None:
    """The VoC deck (C4, C20, C29) of a classic position."""
    live = [g for g in range(5) if s.left[g]] + [ORGY] * (o.orgies - 1)
    s.voc_out = [g for g in range(5) if not s.left[g]]
    voc_names = {n: i for i, n in enumerate(VOC_NAMES)}

    def voc(cards) -> list[int]:
        out = []
        for w in _words(cards):
            hits = [i for n, i in voc_names.items() if n == w] or [
                i for n, i in voc_names.items() if n.startswith(w) and n != "orgy-reshuffle"]
            if len(hits) != 1:
                raise ValueError(f"{w!r} is not a VoC card; they are {', '.join(VOC_NAMES)}")
            out.append(hits[0])
        return out

    if voc_deck is None:
        deck = live + [ORGY_RESHUFFLE]
        shuffle(rng, deck)
        discard = []
        if voc_discard is not None:
            discard = voc(voc_discard)
            for c in discard:
                deck.remove(c)
        s.voc_deck = deck
    else:
        top_first = voc(voc_deck)
        if ORGY_RESHUFFLE not in top_first:   # it never leaves the deck (C20)
            top_first.append(ORGY_RESHUFFLE)
        rest = Counter(live + [ORGY_RESHUFFLE])
        rest.subtract(top_first)
        if any(n < 0 for n in rest.values()):
            raise ValueError(f"VoC deck {voc_deck!r} holds cards that are not in the game "
                             f"(exhausted groups' cards are out, C29; orgies={o.orgies})")
        discard = sorted(rest.elements())
        if voc_discard is not None and sorted(voc(voc_discard)) != discard:
            raise ValueError(f"the VoC discard must be the live cards not in the deck: "
                             f"{[VOC_NAMES[c] for c in discard]}")
        s.voc_deck = top_first[::-1]
    s.voc_discard = discard


def _busts(words) -> list[int]:
    out = []
    for w in _words(words):
        if w in BUST_NAMES:
            out.append(BUST_NAMES.index(w))
            continue
        try:
            out.append(_group(w))
        except ValueError:
            raise ValueError(f"{w!r} is not a bust; busts are {', '.join(BUST_NAMES)} "
                             "(or a group's name for its bust)") from None
    return out


def _bust_bag(s: CCState, drawn, next_bust) -> None:
    """The bust bag (N5, N6) of a 2024 position: live busts not drawn are in the bag."""
    live = [g for g in range(5) if s.left[g]] + [GREY, BLACK]
    out_drawn = _busts(drawn)
    for b in out_drawn:
        if b == BLACK:
            raise ValueError("the black bust is never out of the bag: drawn, it sends every bust back (N5)")
        if b not in live:
            raise ValueError(f"the {BUST_NAMES[b]} bust is out of the game: its group is exhausted (N6)")
    if len(set(out_drawn)) != len(out_drawn):
        raise ValueError(f"drawn names a bust twice: {drawn!r}")
    s.voc_deck = sorted(set(live) - set(out_drawn))
    s.voc_discard = out_drawn
    s.voc_out = [g for g in range(5) if not s.left[g]]
    if next_bust is not None:
        want = _busts(next_bust)
        if len(want) != 1 or want[0] not in s.voc_deck:
            raise ValueError(f"next_bust must be one bust in the bag {[BUST_NAMES[b] for b in s.voc_deck]}, "
                             f"got {next_bust!r}")
        n = s.chance_n
        for k in range(1_000_000):   # the chance seed whose next draw takes that bust
            s.chance_seed, s.chance_n = k, n
            if s.voc_deck[s._pick_bust()] == want[0]:
                break
        s.chance_n = n



def check_consistent(state: CCState) -> None:
    """Assert that every card lies in one zone and each seat's pools fit the true hidden cards.

    Checks conservation (``zones`` against ``all_cards``), and for each seat p and pool kind: the
    pools' places match the opponent's hidden card counts zone by zone, their values are the
    opponent's hidden cards, the values sure in a zone are there, and some hypothesis can be dealt
    as the true cards lie (else a later reveal could rule out every hypothesis).
    """
    from .phases import Z_BUF, ZA_SETUP
    from .view import all_cards, zones

    found = Counter(c for cards in zones(state).values() for c in cards)
    expected = Counter(all_cards(state.game))
    assert found == expected, f"cards not conserved: missing {expected - found}, extra {found - expected}"
    s = state
    for p in (0, 1):
        q = 1 - p
        inf_zones = {Z_HAND: [v for v in range(6) for _ in range(s.hand_inf[q][v])],
                     Z_PILE: list(s.inf_pile[q]),
                     Z_BUF: [v for v in range(6) for _ in range(s.castle_buf[v])] if s.active == q else []}
        for g in range(5):
            inf_zones[1 + g] = list(s.down[q][g])
        act_zones = {ZA_HAND: [k for k in range(6) for _ in range(s.hand_act[q][k])],
                     ZA_PILE: list(s.act_pile[q]),
                     ZA_SETUP: [k for k in range(6) for _ in range(s.unarranged[q][k])]}
        kinds = ((s.know_inf[p], inf_zones, "influence"), (s.know_act[p], act_zones, "action"))
        for know, real, what in kinds:
            for z, cards in real.items():
                assert know.hidden_in(z) == len(cards), (
                    f"seat {p}'s {what} pools put {know.hidden_in(z)} cards in zone {z}; "
                    f"the opponent has {len(cards)} there")
            hidden = Counter(v for cards in real.values() for v in cards)
            for pools in know.hypotheses:
                pooled = Counter()
                for counts, _ in pools:
                    pooled.update({v: n for v, n in enumerate(counts) if n})
                assert pooled == hidden, f"seat {p}'s {what} pools hold {pooled}, the opponent hides {hidden}"
            for z, cards in real.items():
                sure = Counter(know.known_in(z))
                assert not sure - Counter(cards), (
                    f"seat {p} is sure of {sure} in zone {z}, which holds {cards}")
            assert know.allows([real.get(z, []) for z in range(know.num_zones)]), (
                f"no hypothesis of seat {p}'s {what} knowledge allows the true cards: {real}")
