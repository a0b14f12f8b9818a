"""Hand-set positions of Claim and Claim 2, for tests, puzzles and analysis.

``position(...)`` builds a consistent :class:`ClaimState` at a moment when a card is to be
played (phase 1 or 2, possibly in the middle of a trick) from a short description of the
table; ``play(state, ...)`` plays moves written in the game's notation and returns the events.

>>> from ludus.games.claim.positions import position, play
>>> s = position(
...     hands={0: ["gnomes 5", "trolls 2"], 1: ["dragons 1", "seers 8"]},
...     prizes=["giants 9"],                  # the face-up prize
...     deck=["seers 0", "trolls 4", "gnomes 3"],  # bottom first: "gnomes 3" is the top card
...     leader=0,
... )
>>> s.current_player, s.observe(1)["seats"][1]["hand"]
(0, ['dragons 1', 'seers 8'])
>>> events = play(s, "0: gnomes 5", "1: dragons 1")   # the rule book's Dragon example
>>> [type(e).__name__ for e in events]
['CardPlayed', 'CardPlayed', 'TrickWon', 'PrizeTaken', 'DeckCardTaken', 'PrizesRevealed']
>>> s.observe(None)["last_ranking"], s.current_player   # seat 0 won; the Dragon player leads
([0, 1], 1)
>>> s.observe(0)["seats"][0]["follower_pile"], s.observe(0)["seats"][1]["known_cards"]
(['giants 9'], [])

Cards are written as in the notation, ``"goblins 3"`` (any faction prefix or singular reads,
``"gob 3"``), as a list or one comma-separated string (``"goblins 3, knights 5"``). Everything
given per seat is a dict ``{seat: cards}`` or a list with one entry per seat (``None`` for
"not specified").

Conservation: every card of the deck lies in exactly one zone, as in a real game. The cards
the description places are taken out of the game's deck (a card the deck does not hold, or
holds fewer times, is a ``ValueError``); then the zones left unspecified are filled at random
(seeded by ``seed``) from the rest: the hands of seats not in ``hands`` (never with a faction
the seat has shown it lacks), the follower piles of seats not in ``followers`` (to the size of
the given ones), the face-up ``prizes`` and the face-down ``deck`` (phase 1). Every card still
left goes to the discard, after the ones ``discard`` names.

Counts (so that the game runs to its end like a dealt one): every seat holds ``h`` cards, less
one if it has already played to ``trick``; in phase 1 there are 1 (two players) or 2 face-up
prizes, the deck holds ``players * h - prizes`` cards, and the follower piles are of one size.
In phase 2 the deck, the prizes and the follower piles are empty. A hand-set position may be
smaller than a dealt game (``h`` below 13, 12 or 9).

Knowledge (K16) starts from what the description says: ``known`` lists follower cards (in
phase 2: hand cards) that everyone saw a seat take as face-up prizes, ``peeked`` the cards a
Seer saw go to another seat, ``voids`` the factions a seat has shown it lacks in this phase;
a card in ``trick`` that does not follow adds its player's void, as in play. By default
nobody knows anything of anyone: ``resample`` may deal every hidden card anywhere.

A position has no history: ``record()`` describes the seeded game it was built over, not the
position.
"""

from __future__ import annotations

import random
from collections import Counter

from ...core.errors import OptionError
from ...core.rng import shuffle
from ...core.testing import per_seat as _per_seat
from ...core.testing import play  # noqa: F401  (re-exported: tests use positions.play)
from .cards import (
    DEAL,
    DOPPELGANGERS,
    FACTIONS,
    GNOMES,
    PRIZES,
    TROLLS,
    UNDEAD,
    build_deck,
    card_name,
    faction_word,
)
from .notation import PLAY, parse
from .phases import PLAY_CARD
from .state import ClaimState

__all__ = ["position", "play", "check_consistent", "card", "cards"]


def card(text) -> int:
    """A card type (``faction * 10 + value``) from its name, e.g. ``card("goblins 3") == 3``."""
    if isinstance(text, int) and not isinstance(text, bool):
        if not 0 <= text < 100:
            raise ValueError(f"card type {text} is out of range 0-99")
        return text
    action = parse(str(text))
    if action.kind != PLAY:
        raise ValueError(f"{text!r} is not a card; write a faction and a value, e.g. 'goblins 3'")
    return action.a


def cards(spec) -> list[int]:
    """Card types from a list of names or one comma-separated string (None: no cards)."""
    if spec is None:
        return []
    if isinstance(spec, (str, int)):
        spec = [w for w in str(spec).split(",") if w.strip()] if isinstance(spec, str) else [spec]
    return [card(c) for c in spec]




def _game(players: int, factions, options):
    from . import Claim

    return Claim(players=players, factions=factions, **options)


def position(
    players: int = 2,
    *,
    factions="default",
    phase: int = 1,
    hands=None,
    deck=None,
    prizes=None,
    followers=None,
    score=None,
    gnomes=None,
    trolls_waiting=None,
    discard=None,
    removed=None,
    leader: int | None = None,
    trick=None,
    hand_size: int | None = None,
    known=None,
    peeked=None,
    voids=None,
    seed: int = 0,
    **options,
) -> ClaimState:
    """A consistent position with a card to play.

    players         2, 3 or 4.
    factions        the ``factions`` option (``"default"``, ``"claim"``, ``"claim2"`` or a list).
    phase           1 (recruit followers) or 2 (win the factions).
    hands           {seat: cards} each seat's hand; seats left out are dealt at random.
    hand_size       the cards in each hand when no hand is given (default: a full deal, 13, 12
                    or 9); else it must agree with the given hands.
    deck            phase 1: the face-down deck, bottom first, so the **top card is last** (as in
                    ``state.deck`` and ``zones()["deck"]``); default: dealt at random.
    prizes          phase 1: the face-up prize(s); default: dealt at random.
    followers       phase 1: {seat: cards} follower piles; default: empty, or dealt at random to
                    the size of the given ones.
    score           {seat: cards} score piles (phase 1: Undead only, K19).
    gnomes          phase 2: {seat: cards} Gnome areas (Gnomes only, K25).
    trolls_waiting  phase 2: the Trolls waiting for a later trick (K27).
    discard         cards known to be discarded (every card not placed joins them).
    removed         Gnomes smashed by Giants, out of the game (K26).
    leader          the seat that led (or leads) the trick; default the first seat of ``trick``,
                    else 0.
    trick           the cards already played to the current trick, ``[(seat, card), ...]`` in
                    play order from the leader; the seat after the last one is to move.
    known           {seat: cards} follower cards (phase 2: hand cards) everyone saw it take.
    peeked          {(seer, seat): cards} cards ``seer`` saw go to ``seat`` with a Seer (K28).
    voids           {seat: factions} factions the seat has shown it lacks in this phase (K16).
    seed            seeds the random filling and the state's future chance.
    **options       other options of the game: ``first_leader``, ``dragon``.

    Raises ValueError (with what is wrong) for a description that no game could reach.
    """
    game = _game(players, factions, options)
    n = game.num_players
    if phase not in (1, 2):
        raise ValueError(f"phase must be 1 or 2, got {phase!r}")
    s = ClaimState.new(game, seed)
    rng = random.Random(seed)
    left = Counter(build_deck(game.deck_factions))

    def take(cs: list[int], where: str) -> list[int]:
        for c in cs:
            if left[c] <= 0:
                held = "is not in this deck" if c // 10 not in game.deck_factions else "is used up"
                raise ValueError(f"{card_name(c)} for {where}: that card {held} "
                                 f"(deck factions: {', '.join(FACTIONS[f] for f in game.deck_factions)})")
            left[c] -= 1
        return cs

    def only_in(phase_ok: int, value, what: str) -> None:
        if phase != phase_ok and value:
            raise ValueError(f"{what} exist only in phase {phase_ok}")

    only_in(1, deck, "the deck and prizes")
    only_in(1, prizes, "the deck and prizes")
    only_in(1, followers, "follower piles")
    only_in(2, gnomes, "Gnome areas")
    only_in(2, trolls_waiting, "waiting Trolls")

    # the trick in progress (K10, K11)
    played = [(int(q), card(c)) for q, c in (trick or [])]
    if leader is None:
        leader = played[0][0] if played else 0
    if leader not in range(n):
        raise ValueError(f"leader {leader!r} is not a seat of a {n}-player game")
    if played and played[0][0] != leader:
        raise ValueError(f"the trick starts with seat {played[0][0]}, but the leader is seat {leader}")
    if len(played) >= n:
        raise ValueError(f"a trick in progress has fewer than {n} cards; a full trick is resolved")
    for i, (q, _) in enumerate(played):
        if q != (leader + i) % n:
            raise ValueError(f"card {i} of the trick must be seat {(leader + i) % n}'s (seats play in "
                             f"order from the leader), not seat {q}'s")
    take([c for _, c in played], "the trick")
    in_trick = {q for q, _ in played}

    # hands: h cards each, one less for a seat that played to the trick
    hand = [take(cards(h), f"seat {q}'s hand") if h is not None else None
            for q, h in enumerate(_per_seat(hands, n, "hands"))]
    sizes = {len(h) + (q in in_trick) for q, h in enumerate(hand) if h is not None}
    if hand_size is not None or not sizes:
        sizes.add(DEAL[n] if hand_size is None else hand_size)
    if len(sizes) != 1:
        raise ValueError("every hand holds the same number of cards (one less for a seat that has "
                         f"played to the trick); given: {[None if h is None else len(h) for h in hand]}"
                         + (f", hand_size={hand_size}" if hand_size is not None else ""))
    h = sizes.pop()
    if h < 1:
        raise ValueError("a position with a card to play needs at least one card in the leader's hand")

    # voids (K16): given, and shown by the trick
    void = [0] * n
    for q, fs in enumerate(_per_seat(voids, n, "voids")):
        for f in ([fs] if isinstance(fs, str) else fs or []):
            try:
                void[q] |= 1 << faction_word(str(f))
            except OptionError as e:
                raise ValueError(f"voids of seat {q}: {e}") from None
    if played:
        led = played[0][1] // 10
        for q, c in played[1:]:
            if c // 10 not in (led, DOPPELGANGERS):
                void[q] |= 1 << led

    # every placed card
    given_followers = [take(cards(f), f"seat {q}'s follower pile") if f is not None else None
                       for q, f in enumerate(_per_seat(followers, n, "followers"))]
    score_piles = [take(cards(x), f"seat {q}'s score pile")
                   for q, x in enumerate(_per_seat(score, n, "score"))]
    gnome_areas = [take(cards(x), f"seat {q}'s Gnome area")
                   for q, x in enumerate(_per_seat(gnomes, n, "gnomes"))]
    waiting = take(cards(trolls_waiting), "the waiting Trolls")
    removed_cards = take(cards(removed), "the removed cards")
    discarded = take(cards(discard), "the discard")
    face_up = take(cards(prizes), "the prizes") if prizes is not None else None
    face_down = take(cards(deck), "the deck") if deck is not None else None
    if phase == 1 and any(c // 10 != UNDEAD for pile in score_piles for c in pile):
        raise ValueError("in phase 1 a score pile holds only Undead won in tricks (K19)")
    if any(c // 10 != GNOMES for area in gnome_areas for c in area):
        raise ValueError("a Gnome area holds only Gnomes (K25)")
    if any(c // 10 != GNOMES for c in removed_cards):
        raise ValueError("only Gnomes leave the game (smashed by Giants, K26)")
    if any(c // 10 != TROLLS for c in waiting):
        raise ValueError("only Trolls wait (K27)")

    # the random filling of what is not specified
    rest = sorted(left.elements())
    shuffle(rng, rest)

    def deal(k: int, mask: int = 0, what: str = "") -> list[int]:
        out = [c for c in rest if not mask >> (c // 10) & 1][:k]
        if len(out) < k:
            raise ValueError(f"not enough cards left to fill {what} ({len(out)} of {k})")
        for c in out:
            rest.remove(c)
        return out

    for q in range(n):
        if hand[q] is None:
            hand[q] = deal(h - (q in in_trick), void[q], f"seat {q}'s hand")
    if phase == 1:
        p_count = PRIZES[n]
        if face_up is None:
            face_up = deal(p_count, 0, "the prizes")
        if len(face_up) != p_count:
            raise ValueError(f"phase 1 shows {p_count} face-up prize(s) with {n} players (K9), "
                             f"not {len(face_up)}")
        d_count = n * h - p_count
        if face_down is None:
            face_down = deal(d_count, 0, "the deck")
        if len(face_down) != d_count:
            raise ValueError(f"with {h} card(s) in hand and {p_count} prize(s), the deck holds "
                             f"{n} x {h} - {p_count} = {d_count} cards (one trick per {n} deck cards), "
                             f"not {len(face_down)}")
        f_sizes = {len(f) for f in given_followers if f is not None}
        if len(f_sizes) > 1:
            raise ValueError("follower piles are of one size (each trick gives each seat one card); "
                             f"given: {[None if f is None else len(f) for f in given_followers]}")
        f_size = f_sizes.pop() if f_sizes else 0
        follower_piles = [f if f is not None else deal(f_size, 0, f"seat {q}'s follower pile")
                          for q, f in enumerate(given_followers)]
    else:
        face_up, face_down, follower_piles = [], [], [[] for _ in range(n)]

    for q in range(n):
        bad = [card_name(c) for c in hand[q] if void[q] >> (c // 10) & 1]
        if bad:
            raise ValueError(f"seat {q} has shown it lacks {', '.join(_void_names(void[q]))} "
                             f"but holds {', '.join(bad)}")

    # knowledge (K16)
    where = follower_piles if phase == 1 else hand
    zone = "follower pile" if phase == 1 else "hand"
    known_cards = [cards(k) for k in _per_seat(known, n, "known")]
    seen = [[[] for _ in range(n)] for _ in range(n)]
    for key, cs in (peeked or {}).items():
        seer, q = key
        if seer not in range(n) or q not in range(n) or seer == q:
            raise ValueError(f"peeked key {key!r} must be (seer, other seat)")
        seen[seer][q] = cards(cs)
    for q in range(n):
        for p in range(n):
            must = Counter(known_cards[q]) + Counter(seen[p][q])
            if must - Counter(where[q]):
                raise ValueError(f"seat {q}'s {zone} must hold the known cards "
                                 f"{[card_name(c) for c in must.elements()]}")

    # lay the table out
    s.hands = [sorted(x) for x in hand]
    s.followers = [tuple(f) for f in follower_piles]
    s.score = [tuple(x) for x in score_piles]
    s.gnomes = [tuple(x) for x in gnome_areas]
    s.trolls_waiting = tuple(waiting)
    s.removed = tuple(removed_cards)
    s.discard = discarded + sorted(rest)
    s.deck = face_down
    s.prizes = face_up
    s.trick = tuple(played)
    s.last_trick, s.ranking = (), ()
    s.leader = s.next_leader = leader
    s.phase = phase
    s.step = PLAY_CARD
    deal_size = DEAL[n]
    s.tricks_done = max(0, deal_size - h) + (deal_size if phase == 2 else 0)
    s.peek = None
    s.smash_values = ()
    s.voids = tuple(void)
    s.known = [tuple(k) for k in known_cards]
    s.peeked = tuple(tuple(seen[seer][q]) for seer in range(n) for q in range(n))
    s.played = [()] * n
    s.current_player = (played[-1][0] + 1) % n if played else leader
    s._legal_cache = None

    # the trick's cards were legal plays (K11), given what each seat holds now
    if played:
        led = played[0][1] // 10
        for q, c in played[1:]:
            if c // 10 not in (led, DOPPELGANGERS) and any(x // 10 == led for x in s.hands[q]):
                raise ValueError(f"seat {q} played {card_name(c)} on {FACTIONS[led]} while holding "
                                 f"{FACTIONS[led]} (K11)")
    check_consistent(s)
    return s


def _void_names(mask: int) -> list[str]:
    return [FACTIONS[f] for f in range(10) if mask >> f & 1]



def check_consistent(state: ClaimState) -> None:
    """Assert that a state is one a game could be in.

    Conservation (``zones()`` against ``game.all_cards()`` as multisets); hands of one size
    (less one for seats that played to the trick in progress) at a ``play`` decision; the
    knowledge sound: ``known`` and ``peeked`` cards lie where they are said to, no hand holds a
    faction its seat has shown it lacks; phase 1 score piles hold only Undead.
    """
    s = state
    found = Counter(c for cs in s.zones().values() for c in cs)
    expected = Counter(s.game.all_cards())
    assert found == expected, f"cards not conserved: missing {expected - found}, extra {found - expected}"
    if s.step == PLAY_CARD and not s.is_terminal:
        in_trick = {q for q, _ in s.trick}
        sizes = {len(s.hands[q]) + (q in in_trick) for q in range(s.n)}
        assert len(sizes) == 1, f"hands of different sizes: {[len(x) for x in s.hands]}"
    where = s.followers if s.phase == 1 else s.hands
    for q in range(s.n):
        for p in range(s.n):
            public, seen = s.known_in_hand(q, p)
            must = public + seen
            assert not must - Counter(where[q]), (
                f"seat {q} is known to hold {sorted(must.elements())} but holds {sorted(where[q])}")
        bad = [c for c in s.hands[q] if s.voids[q] >> (c // 10) & 1]
        assert not bad, f"seat {q} showed it lacks {_void_names(s.voids[q])} but holds {bad}"
        if s.phase == 1:
            assert all(c // 10 == UNDEAD for c in s.score[q]), f"seat {q}'s phase-1 score: {s.score[q]}"
