"""Hand-set positions of Seize Rome, for tests, puzzles and analysis.

``position(...)`` builds a consistent :class:`SeizeRomeState` at the moment a seat is to take a
turn, from a short description of the table; ``play(state, ...)`` plays moves written in the
game's notation and returns the events.

>>> from ludus.games.seize_rome.positions import position, play
>>> s = position(
...     hands={0: ["red 5", "wild"], 1: ["red 2", "blue 6"]},
...     board={"red": {1: ["red 4"]}},          # seat 1 has a card face down in red
...     pile=["green 1", "blue 3", "green 2"],  # bottom first: "green 2" is the top card
...     controllers={"blue": 1},
...     round=2,
... )
>>> s.current_player, s.observe(0)["regions"][0]["face_down"]
(0, [0, 1])
>>> events = play(s, "0: play red 5", "1: draw", "0: draw")   # two turns without a play end the round
>>> [type(e).__name__ for e in events][:3] + [type(e).__name__ for e in events][-3:]
['CardPlayed', 'CardDrawn', 'CardDrawn', 'CardDrawn', 'CardsReturned', 'RoundEnded']
>>> red = events[3]                               # S9: one RegionRevealed per region, board order
>>> red.region, red.cards, red.strengths, red.winner   # red: 5 against 4; seat 0 takes it ...
('red', (('red 5',), ('red 4',)), (5, 4), 0)
>>> bonus = events[-3]
>>> bonus.player, bonus.bonus, bonus.seen_by(1).card  # ... and draws a bonus card seat 1 does not see
(0, True, None)
>>> s.controllers[:2], s.observe(None)["pile"]["size"]   # blue keeps its controller; red 5, red 4 ...
([0, 1], 2)
>>> s.observe(None)["pile"]["next_layer"]        # ... under the pile, a layer everyone saw revealed
{'cards': ['red 4', 'red 5'], 'left': 2}

Cards are written as in the notation: ``"red 5"`` (a unique colour prefix reads: ``"re 5"``) and
``"wild"``, as a list or one comma-separated string (``"red 5, wild"``). Regions are colour names
(or unique prefixes). Everything given per seat is a dict ``{seat: cards}`` or a list with one
entry per seat (``None`` for "not specified").

Conservation: every card of the deck in play (S2) lies in exactly one zone, as in a real game.
The cards the description places are taken out of the deck (a card the deck does not hold, or
holds fewer times, is a ``ValueError``); seats left out of ``hands`` are then dealt five cards at
random (seeded by ``seed``; give ``[]`` for an empty hand). If ``pile`` is not given, every card
left forms the pile in random order and the discard is exactly ``discard``; if it is given, it
is the pile exactly, and every card left goes to the discard after those ``discard`` names (out
of play; use it to make a short pile, whatever ``played_cards`` says).

Knowledge (S18) is the simplest sound one. The pile's ``pile_unseen`` top cards (default: all)
were never seen; the cards below them are one revealed layer (the pile's bottom), put under the
pile by S13 in earlier rounds: everyone knows which cards they are, not their order. ``from_bottom`` names
cards of a seat's hand that it drew from that layer (others know they are among the layer's
cards, not which); the layer and those cards form one pool. Everything else a seat cannot see
(other hands, other seats' face-down cards, the pile's unseen top) is one pool over those
places, so ``resample`` may deal it anywhere, face-down cards keeping to their region's colour
or wild. A hand-set position forgets its past: use a seeded game for knowledge built from play.

A position has no history: ``record()`` describes the seeded game it was built over, not the
position.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from ...core.errors import IllegalAction
from ...core.knowledge import QueuedKnowledge
from ...core.rng import shuffle
from ...core.testing import per_seat as _per_seat
from ...core.testing import play  # noqa: F401  (re-exported: tests use positions.play)
from .cards import COLOURS, HAND_SIZE, NUM_CARDS, WILD, build_deck, card_name
from .notation import PLAY, parse
from .state import SeizeRomeState

__all__ = ["position", "play", "check_consistent", "card", "cards", "region"]


def card(text) -> int:
    """A card (``colour * 6 + value - 1``, or ``WILD``) from its name: ``card("red 5") == 4``."""
    if isinstance(text, int) and not isinstance(text, bool):
        if not 0 <= text < NUM_CARDS:
            raise ValueError(f"card {text} is out of range 0-{NUM_CARDS - 1}")
        return text
    words = str(text).strip().lower()
    if words == "wild":
        return WILD
    try:
        action = parse(words)
    except IllegalAction as e:
        raise ValueError(f"{text!r} is not a card; write a colour and a value ('red 5') or 'wild' ({e})") from None
    if action.kind != PLAY or action.card == WILD:
        raise ValueError(f"{text!r} is not a card; write a colour and a value ('red 5') or 'wild'")
    return action.card


def cards(spec) -> list[int]:
    """Cards from a list of names or one comma-separated string (None: no cards)."""
    if spec is None:
        return []
    if isinstance(spec, str):
        spec = [w for w in spec.split(",") if w.strip()]
    elif isinstance(spec, int):
        spec = [spec]
    return [card(c) for c in spec]


def region(name) -> int:
    """A region's index in board order from its colour (or a unique prefix): ``region("blue") == 1``."""
    if isinstance(name, int) and not isinstance(name, bool):
        if not 0 <= name < len(COLOURS):
            raise ValueError(f"region {name} is out of range 0-{len(COLOURS) - 1}")
        return name
    word = str(name).strip().lower()
    hits = [i for i, c in enumerate(COLOURS) if c.startswith(word)] if word else []
    if len(hits) != 1:
        raise ValueError(f"{name!r} is not a region; regions are {', '.join(COLOURS)}")
    return hits[0]




def _per_region(x, regions: int, what: str) -> dict[int, object]:
    """A per-region argument ``{colour: value}`` as ``{region index: value}``."""
    if x is None:
        return {}
    if not isinstance(x, Mapping):
        raise ValueError(f"{what} must be a dict {{colour: ...}}, got {x!r}")
    out = {}
    for name, value in x.items():
        r = region(name)
        if r >= regions:
            raise ValueError(f"{what}: {COLOURS[r]} is not in play; the {regions} regions in play are "
                             f"{', '.join(COLOURS[:regions])} (S1)")
        out[r] = value
    return out


def position(
    players: int = 2,
    *,
    hands=None,
    board=None,
    pile=None,
    pile_unseen: int | None = None,
    from_bottom=None,
    discard=None,
    controllers=None,
    bonus_drawn=None,
    round: int = 1,
    to_move: int | None = None,
    starter: int | None = None,
    quiet: int = 0,
    seed: int = 0,
    **options,
) -> SeizeRomeState:
    """A consistent position with seat ``to_move`` to take a turn.

    players      2, 3 or 4.
    hands        {seat: cards} each seat's hand; seats left out get five cards at random.
    board        {colour: {seat: cards}} the cards face down this round, in play order (S6: a
                 coloured card only in its own region, a wild anywhere).
    pile         the draw pile, bottom first, so the **top card is last** (as ``state.pile``
                 and ``zones()["pile"]``); default: every card left, in random order.
    pile_unseen  how many of the pile's top cards were never seen (default: all of them); the
                 cards below form the revealed bottom layer (S13, S18).
    from_bottom  {seat: cards} hand cards the seat drew from the revealed bottom layer (S18);
                 only when the whole pile is that layer (``pile_unseen=0``).
    discard      cards out of play (``played_cards=discard``, S13); every card left when
                 ``pile`` is given joins them.
    controllers  {colour: seat} who controls which region (S11).
    bonus_drawn  {seat: count} control bonus cards drawn so far (S12, public).
    round        the round number (S16 counts rounds).
    to_move      the seat to take a turn; default the round's starter.
    starter      the seat that started this round (and, with ``round_starter=fixed``, starts
                 every round); default ``first_player`` if it is a seat, else ``to_move``, else 0.
    quiet        turns in a row without a play so far this round (S8), below ``players``.
    seed         seeds the random filling and the state's future chance.
    **options    other options of the game (``regions``, ``wilds``, ``tie``, ...).

    Raises ValueError (with what is wrong) for a description that no game could reach, and
    ``ludus.OptionError`` for a bad option.
    """
    from . import SeizeRome

    game = SeizeRome(players=players, **options)
    o = game.options
    n, R = game.num_players, o.regions
    s = SeizeRomeState.new(game, seed)
    rng = random.Random(seed)
    deck = build_deck(R, o.wilds)
    left = Counter(deck)

    def take(cs: list[int], where: str) -> list[int]:
        for c in cs:
            if c != WILD and c // 6 >= R:
                raise ValueError(f"{card_name(c)} for {where}: {COLOURS[c // 6]} is not in play; the {R} "
                                 f"regions in play are {', '.join(COLOURS[:R])} (S1)")
            if left[c] <= 0:
                held = f"all {o.wilds} wilds are used" if c == WILD else "that card is used up"
                raise ValueError(f"{card_name(c)} for {where}: {held} (one card of each value per colour, S2)")
            left[c] -= 1
        return cs

    # seats and counters
    fp = None if o.first_player == "random" else int(o.first_player)
    if starter is None:
        starter = fp if fp is not None else (to_move if to_move is not None else 0)
    if to_move is None:
        to_move = starter
    for what, q in (("to_move", to_move), ("starter", starter)):
        if q not in range(n):
            raise ValueError(f"{what}={q!r} is not a seat of a {n}-player game")
    if not 1 <= round <= o.max_rounds:
        raise ValueError(f"round={round!r}: rounds run from 1 to max_rounds={o.max_rounds} (S16)")
    if quiet not in range(n):
        raise ValueError(f"quiet={quiet!r}: {n} turns in a row without a play end the round (S8); "
                         f"use 0..{n - 1}")

    # the board (S6, S7)
    laid = [[()] * n for _ in range(R)]
    for r, per_seat in _per_region(board, R, "board").items():
        for q, cs in enumerate(_per_seat(per_seat, n, f"board[{COLOURS[r]}]")):
            placed = take(cards(cs), f"seat {q}'s {COLOURS[r]} region")
            wrong = [card_name(c) for c in placed if c != WILD and c // 6 != r]
            if wrong:
                raise ValueError(f"{', '.join(wrong)} cannot lie in the {COLOURS[r]} region: a coloured "
                                 "card goes only into its own region, a wild anywhere (S6)")
            laid[r][q] = tuple(placed)

    # hands, pile, discard
    given_hands = [take(cards(h), f"seat {q}'s hand") if h is not None else None
                   for q, h in enumerate(_per_seat(hands, n, "hands"))]
    drawn_low = [cards(x) for x in _per_seat(from_bottom, n, "from_bottom")]
    for q in range(n):
        if given_hands[q] is not None and Counter(drawn_low[q]) - Counter(given_hands[q]):
            raise ValueError(f"from_bottom: seat {q}'s hand {[card_name(c) for c in given_hands[q]]} "
                             f"does not hold {[card_name(c) for c in drawn_low[q]]}")
        if given_hands[q] is None and drawn_low[q]:
            take(drawn_low[q], f"seat {q}'s hand (from_bottom)")
    the_pile = take(cards(pile), "the pile") if pile is not None else None
    discarded = take(cards(discard), "the discard")

    rest = sorted(left.elements())
    shuffle(rng, rest)
    hand = []
    for q in range(n):
        if given_hands[q] is not None:
            hand.append(given_hands[q])
            continue
        k = max(0, HAND_SIZE - len(drawn_low[q]))
        if len(rest) < k:
            raise ValueError(f"not enough cards left to deal seat {q} a hand ({len(rest)} of {k})")
        hand.append(drawn_low[q] + rest[:k])
        del rest[:k]
    if the_pile is None:
        the_pile, rest = rest, []
    discarded += sorted(rest)

    unseen = len(the_pile) if pile_unseen is None else pile_unseen
    if not 0 <= unseen <= len(the_pile):
        raise ValueError(f"pile_unseen={pile_unseen!r}: the pile holds {len(the_pile)} cards")
    if any(drawn_low) and unseen:
        raise ValueError("from_bottom: a seat draws from the revealed bottom layer only once the unseen top "
                         f"is gone (pile_unseen=0), not with {unseen} unseen cards on top")
    if not the_pile and o.deck_out_ends_round == "true":
        raise ValueError("the pile is never empty when a turn is to be taken with deck_out_ends_round=true: "
                         "the draw of the last card ends the round (S8) and then the game (S15); give a "
                         "pile or deck_out_ends_round=false")

    # control (S11, S12, S14)
    owners = [None] * R
    for r, q in _per_region(controllers, R, "controllers").items():
        if q is not None and q not in range(n):
            raise ValueError(f"controllers: {q!r} is not a seat of a {n}-player game")
        owners[r] = q
    for q in range(n):
        k = sum(1 for x in owners if x == q)
        if k >= game.regions_to_win:
            raise ValueError(f"seat {q} controls {k} regions, enough to win (regions_to_win="
                             f"{game.regions_to_win}, S14): the game would be over")
    bonus = [int(x or 0) for x in _per_seat(bonus_drawn, n, "bonus_drawn")]
    if any(x < 0 for x in bonus):
        raise ValueError(f"bonus_drawn counts cards: {bonus}")

    # lay the table out
    s.hands = [sorted(h) for h in hand]
    s.board = laid
    s.pile = list(the_pile)
    s.pile_unseen = unseen
    # S18: the cards the revealed bottom layer may hold: what lies there and what was drawn from it
    s.laid = tuple(sorted(s.pile[:len(s.pile) - unseen] + [c for xs in drawn_low for c in xs]))
    s.layer = frozenset(s.laid)
    s.below = []
    # a hand-set position forgets earlier layers: only the cards of this one are barred
    s.barred = [frozenset() if drawn_low[q] else s.layer - {WILD} for q in range(n)]
    s.early, s.early_bar = [(0,) * R] * n, [frozenset()] * n
    s.discard = discarded
    s.controllers = owners
    s.bonus_drawn = bonus
    s.first = fp if fp is not None else starter
    s.starter = starter
    s.round, s.quiet, s.deck_out = round, quiet, False
    s.last_round = None
    s.end_reason = ""
    s._returns = None
    s.is_terminal = False
    s.current_player = to_move
    s._legal_cache = None
    s.know = [_knowledge(s, p, drawn_low) for p in range(n)]
    check_consistent(s)
    return s


def _knowledge(s: SeizeRomeState, p: int, drawn_low: list[list[int]]) -> QueuedKnowledge:
    """Seat p's pools: the revealed bottom layer with the cards others drew from it; the rest."""
    k = QueuedKnowledge(NUM_CARDS, s._zones())
    low = [0] * NUM_CARDS
    low_slots = [0] * s._zones()
    rest = [0] * NUM_CARDS
    rest_slots = [0] * s._zones()
    below = len(s.pile) - s.pile_unseen
    for c in s.pile[:below]:
        low[c] += 1
    low_slots[s._top_zone() + 1] = below
    for c in s.pile[below:]:
        rest[c] += 1
    rest_slots[s._top_zone()] = s.pile_unseen
    for q in range(s.n):
        if q == p:
            continue
        hz = s._hand_zone(q)
        hand = Counter(s.hands[q])
        for c in drawn_low[q]:
            low[c] += 1
            hand[c] -= 1
        low_slots[hz] = len(drawn_low[q])
        for c in hand.elements():
            rest[c] += 1
        rest_slots[hz] = len(s.hands[q]) - len(drawn_low[q])
        for r in range(s.regions):
            for c in s.board[r][q]:
                rest[c] += 1
            rest_slots[hz + 1 + r] = len(s.board[r][q])
    k.add(low, low_slots)
    k.add(rest, rest_slots)
    return k



def check_consistent(state: SeizeRomeState) -> None:
    """Assert that a state is one a game could be in.

    Conservation (``zones()`` against ``game.all_cards()`` as multisets); face-down cards of
    their region's colour or wild (S6); fewer than ``players`` quiet turns (S8); the revealed
    bottom layer within the pile; no seat over the winning count at a turn (S14); every seat's
    knowledge over exactly the cards it cannot see: its pools fill each hidden zone to its true
    size, hold together exactly the hidden cards, and no pool holds a card its places lack.
    """
    s = state
    found = Counter(c for cs in s.zones().values() for c in cs)
    expected = Counter(s.game.all_cards())
    assert found == expected, f"cards not conserved: missing {expected - found}, extra {found - expected}"
    for r in range(s.regions):
        for q in range(s.n):
            bad = [card_name(c) for c in s.board[r][q] if c != WILD and c // 6 != r]
            assert not bad, f"seat {q}'s {COLOURS[r]} region holds {bad} (S6)"
    assert 0 <= s.pile_unseen <= len(s.pile), f"pile_unseen {s.pile_unseen} of a pile of {len(s.pile)}"
    if not s.is_terminal:
        assert 0 <= s.quiet < s.n, f"{s.quiet} turns without a play with {s.n} players (S8)"
        assert s.current_player in range(s.n), f"seat to move: {s.current_player!r}"
        over = [q for q, k in enumerate(s.controlled()) if k >= s.to_win]
        assert not over, f"seats {over} control {s.to_win}+ regions but the game goes on (S14)"
    for p in range(s.n):
        truth: dict[int, list[int]] = {}
        for q in range(s.n):
            hz = s._hand_zone(q)
            truth[hz] = [] if q == p else list(s.hands[q])
            for r in range(s.regions):
                early = s.early[q][r]
                truth[s._early_zone(q, r)] = [] if q == p else s.board[r][q][:early]
                truth[hz + 1 + r] = [] if q == p else s.board[r][q][early:]
        beneath = sum(map(len, s.below))
        start = 0
        for layer in reversed(s.below):   # the waiting layers, as public, match the pile's segments
            assert sorted(s.pile[start:start + len(layer)]) == list(layer), "a waiting layer is not in the pile"
            start += len(layer)
        revealed = len(s.pile) - s.pile_unseen
        # the nearest layer as laid (public) and as a set (what its zone accepts, below); a world
        # may hold more wilds there than were laid: the pools forget which of a drawer's wilds
        # came from the layer
        assert set(s.laid) == s.layer, "the revealed layer's cards and their set differ"
        truth[s._top_zone()] = s.pile[revealed:]
        truth[s._top_zone() + 1] = s.pile[beneath:revealed]
        for z, allowed in s._accepts(p).items():   # the truth is one of the worlds it deals
            assert set(truth[z]) <= allowed, (f"zone {z} holds {sorted(set(truth[z]) - allowed)}, which "
                                              f"seat {p}'s worlds keep out of it")
        k = s.know[p]
        held: Counter = Counter()
        for counts, slots in k.pools:
            pool = Counter({c: x for c, x in enumerate(counts) if x})
            held += pool
            there = Counter(c for z, x in enumerate(slots) if x for c in truth[z])
            assert not pool - there, (f"seat {p}'s pool {dict(pool)} holds cards its places "
                                      f"{[z for z, x in enumerate(slots) if x]} lack")
        for z, cs in truth.items():
            assert k.hidden_in(z) == len(cs), (f"seat {p} knows of {k.hidden_in(z)} hidden cards in zone {z}, "
                                               f"which holds {len(cs)}")
        hidden = Counter(c for cs in truth.values() for c in cs)
        assert held == hidden, f"seat {p}'s pools hold {held - hidden} too many, {hidden - held} too few"
