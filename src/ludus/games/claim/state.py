"""The rules of Claim and Claim 2 for 2-4 players as a state machine of decisions.

Rule ids (K1-K34) are those of docs/claim.md. Each decision is one card played, one prize chosen
or one Giant's target; everything else (revealing prizes, taking the deck cards, collecting a
trick) follows automatically. Cards are ints ``faction * 10 + value``.

Knowledge (K16): the follower cards everyone saw taken (``known``), the cards a Seer saw go to
another seat (``peeked[p * n + q]``), the cards each seat has played in phase 2 (``played``) and the
factions each seat showed it lacks this phase (``voids``, a bitmask). ``known`` and ``peeked``
only grow; what is still known to be held is worked out against ``played``
(``known_in_hand``). ``resample`` deals every other card at random within those bounds.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter

from ...core.copying import LIST, ROWS, cloner, or_none
from ...core.dealing import RestrictedDeal
from ...core.events import LazyEvents
from ...core.game import State
from ...core.knowledge import NO_KNOWLEDGE
from ...core.rng import shuffle
from . import events as ev
from .cards import (
    DEAL,
    DOPPELGANGERS,
    DRAGONS,
    DWARVES,
    GIANTS,
    GNOMES,
    GOBLINS,
    KNIGHTS,
    NAMES,
    PRIZES,
    SEERS,
    TEAMS,
    TROLLS,
    UNDEAD,
)
from .notation import PLAY, PLAY_OF, SMASH_OF, TAKE, TAKE_DECK, TAKE_DECK_ACTION, TAKE_OF
from .phases import CHOOSE_PRIZE, CHOOSE_SMASH, OVER, PLAY_CARD, SECOND_PRIZE
from .view import explain_illegal, observe, zones

DOPPEL_LO, DOPPEL_HI = DOPPELGANGERS * 10, DOPPELGANGERS * 10 + 10
# OPPONENTS[n][p]: the seats seat p plays against (with 4 players, not its partner; K6, K33).
OPPONENTS = {n: tuple(tuple(q for q in range(n) if q != p and not (n == 4 and any({p, q} <= set(t) for t in TEAMS)))
                      for p in range(n)) for n in DEAL}

_PLAY, _TAKE = PLAY_OF.__getitem__, TAKE_OF.__getitem__

# K12 by table: STRENGTH[led][card] ranks a card in a trick led with faction ``led``: its tier (2:
# a Knight on Goblins, 1: the led faction or a Doppelganger, 0: any other), then its value, times
# 64 to leave room below for the order of play and the seat.
STRENGTH = tuple(tuple(((2 if led == GOBLINS and c // 10 == KNIGHTS else 1 if c // 10 in (led, DOPPELGANGERS) else 0)
                        * 10 + c % 10) * 64 for c in range(100)) for led in range(10))

_lazy = LazyEvents.of


def _named(event_class, cards: tuple):
    return event_class(tuple(NAMES[c] for c in cards))


def _collected(player: int, cards: tuple, where: str) -> ev.CardsCollected:
    return ev.CardsCollected(player, tuple(NAMES[c] for c in cards), where)


def _game_over(state: ClaimState) -> ev.GameOver:
    return ev.GameOver(tuple(state.scores()), tuple(state.returns()))


class ClaimState(State):
    """A position of Claim. Seats 0..n-1 play clockwise; with 4, seats 0+2 and 1+3 are teams.

    Hands (kept sorted), the deck, the face-up prizes and the discard pile are lists; every other
    pile (the trick, follower, score, Gnome and Troll piles, removed Gnomes, the knowledge of
    K16) and the seats' voids are tuples, replaced when they change. Those change at most a
    few times a trick, while a search copies a state for every world it samples: a clone copies
    the lists and shares the tuples.
    """

    __slots__ = (
        "n", "factions", "dragon_last_card",
        "hands", "followers", "score", "gnomes", "trolls_waiting", "discard", "removed",
        "deck", "prizes", "trick", "last_trick", "leader", "next_leader", "phase", "step", "tricks_done",
        "ranking", "peek", "smash_values", "voids", "known", "peeked", "played", "told",
    )

    @classmethod
    def new(cls, game, seed: int | None) -> ClaimState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        o = game.options
        s.n = n = o.players
        s.factions = game.deck_factions
        s.dragon_last_card = o.dragon == "last-card"
        rng = s._chance()
        deck = list(game.deck_cards)
        shuffle(rng, deck)                                                # K7
        k = DEAL[n]
        s.hands = [sorted(deck[i * k:(i + 1) * k]) for i in range(n)]
        s.deck = deck[n * k:]
        s.followers = [()] * n
        s.score = [()] * n
        s.gnomes = [()] * n
        s.trolls_waiting, s.discard, s.removed = (), [], ()
        s.prizes, s.trick, s.last_trick, s.ranking = [], (), (), ()
        s.leader = rng.randrange(n) if o.first_leader == "random" else int(o.first_leader)  # K8
        s.next_leader = s.leader
        s.phase = 1
        s.tricks_done = 0
        s.peek = None
        s.smash_values = ()
        s.voids = (0,) * n
        s.known = [()] * n
        s.peeked = ((),) * n * n
        s.played = [()] * n
        s.told = None
        s._reveal_prizes()
        s.step = PLAY_CARD
        s.current_player = s.leader
        return s

    def _reveal_prizes(self) -> None:
        """K9: one face-up prize (2 players) or two (3-4)."""
        for _ in range(PRIZES[self.n]):
            self.prizes.append(self.deck.pop())
        if self.told is not None:
            self.told.append((_named, ev.PrizesRevealed, tuple(self.prizes)))

    # -- legal actions --------------------------------------------------------------------

    def _legal(self) -> list:
        step = self.step
        if step == PLAY_CARD:
            # K11: the card types the seat may play, in order, each once: the keys of a dict
            # (``dict.fromkeys`` of a sorted list drops repeats without sorting again)
            hand = self.hands[self.current_player]   # kept sorted, so a faction is a slice
            trick = self.trick
            if trick:
                led = trick[0][1] // 10 * 10
                i = bisect_left(hand, led)
                j = bisect_left(hand, led + 10, i)
                if i < j and led == DOPPEL_LO:
                    hand = hand[i:j]
                elif i < j:  # the led faction and the Doppelgangers, in order of card type
                    doppels = hand[bisect_left(hand, DOPPEL_LO):bisect_left(hand, DOPPEL_HI)]
                    hand = hand[i:j] + doppels if led < DOPPEL_LO else doppels + hand[i:j]
            return [*map(_PLAY, dict.fromkeys(hand))]
        if step == CHOOSE_PRIZE or step == SECOND_PRIZE:
            out = [*map(_TAKE, sorted(set(self.prizes)))]
            if step == CHOOSE_PRIZE and self.peek is not None:
                out.append(TAKE_DECK_ACTION)
            return out
        if step == CHOOSE_SMASH:
            return [SMASH_OF[q] for q in self._smash_targets(self.current_player, self.smash_values[0])]
        return []

    def playout(self, rng: random.Random, max_steps: int | None = None, choose=None) -> None:
        """``State.playout`` with a card play applied straight by ``_play``: the same moves for
        the same generator, without ``_apply``'s dispatch and narration for each play."""
        self._legal_cache = None
        self.narrate = False
        random_, record = rng.random, self.history.append
        steps = 0
        while not self.is_terminal and (max_steps is None or steps < max_steps):
            legal = self._legal()
            action = legal[int(random_() * len(legal))] if choose is None else choose(legal, self.current_player)
            if action.kind == PLAY:
                self._play(self.current_player, action.a)
            else:
                self._apply(action)
            record(action)
            steps += 1

    def _smash_targets(self, p: int, v: int) -> list[int]:
        return [q for q in OPPONENTS[self.n][p] if GNOMES * 10 + v in self.gnomes[q]]

    # -- applying ---------------------------------------------------------------------------
    #
    # While ``apply`` narrates, ``told`` is a list the rules add their events to as records
    # ``(build, *args)``, in the order they happen; ``apply`` returns them as LazyEvents, built
    # only if someone reads them. ``told`` is None otherwise (``apply_trusted``, playouts).

    def _apply(self, action):
        told = self.told = [] if self.narrate else None
        kind, a = action
        p = self.current_player
        if kind == PLAY:
            self._play(p, a)
        elif kind == TAKE:
            self._take_prize(p, a)
        elif kind == TAKE_DECK:
            self._seer_takes_deck(p)
        else:
            self._smash(p, a)
        if told is not None:
            self.told = None
            return _lazy(told)
        return None

    def _play(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        trick = self.trick
        followed = True
        if trick:
            led = trick[0][1] // 10
            f = card // 10
            if f != led and f != DOPPELGANGERS:
                followed = False
                voids = self.voids
                if self.tracking and not voids[p] >> led & 1:                 # K16
                    self.voids = (*voids[:p], voids[p] | 1 << led, *voids[p + 1:])
        if self.phase == 2 and self.tracking:
            self.played[p] += (card,)
        self.trick = trick = trick + ((p, card),)
        told = self.told
        if told is not None:
            told.append((ev.CardPlayed, p, NAMES[card], followed))
        n = self.n
        if len(trick) < n:
            self.current_player = (p + 1) % n
        else:
            self._resolve()

    def known_in_hand(self, r: int, seer: int | None = None) -> tuple[Counter, Counter]:
        """What is known to be in seat r's follower pile (phase 2: hand): the cards everyone saw
        it take, and those ``seer``'s Seer saw go there (empty without a seer), each less r's
        phase-2 plays. Equal cards are interchangeable, so a play uses up a card everyone knows
        before one only the seer knows: the two together are the most the seer can be sure of."""
        peeked = self.peeked[seer * self.n + r] if seer is not None and seer != r else ()
        if not self.played[r]:          # phase 1, or nothing played yet: nothing to take away
            return Counter(self.known[r]), Counter(peeked)
        played = Counter(self.played[r])
        public = Counter(self.known[r])
        return public - played, Counter(peeked) - (played - public)

    def _rank(self) -> tuple[int, ...]:
        """K12: seats of the trick, best first."""
        trick = self.trick
        row = STRENGTH[trick[0][1] // 10]
        if len(trick) == 2:   # two players: the follower wins only by ranking strictly higher
            (leader, lead), (follower, card) = trick
            return (follower, leader) if row[card] > row[lead] else (leader, follower)
        # One int per card: its strength, then earlier play (K12.4), then the seat, 3 bits each;
        # written out for 3 and 4 cards (a comprehension and a generator cost more than the sort).
        if len(trick) == 3:
            (s0, c0), (s1, c1), (s2, c2) = trick
            keys = [row[c0] + 56 + s0, row[c1] + 48 + s1, row[c2] + 40 + s2]
            keys.sort(reverse=True)
            return (keys[0] & 7, keys[1] & 7, keys[2] & 7)
        (s0, c0), (s1, c1), (s2, c2), (s3, c3) = trick
        keys = [row[c0] + 56 + s0, row[c1] + 48 + s1, row[c2] + 40 + s2, row[c3] + 32 + s3]
        keys.sort(reverse=True)
        return (keys[0] & 7, keys[1] & 7, keys[2] & 7, keys[3] & 7)

    def _next_leader(self, winner: int) -> int:
        """K15, K21: the winner leads, unless a Dragon says otherwise (``self.trick`` is full)."""
        if self.dragon_last_card:
            seat, card = self.trick[-1]
            return seat if card // 10 == DRAGONS else winner
        for seat, card in reversed(self.trick):
            if card // 10 == DRAGONS:
                return seat
        return winner

    def _resolve(self) -> None:
        self.ranking = ranking = self._rank()
        winner = ranking[0]
        self.next_leader = self._next_leader(winner)
        trick = self.last_trick = self.trick
        self.trick = ()
        told = self.told
        if told is not None:
            told.append((ev.TrickWon, winner, ranking, self.phase))
        if self.phase != 1:
            self._collect_phase_two(winner)
            return
        undead, discard = [], self.discard
        for _, c in trick:                                                    # K14, K19
            if c // 10 == UNDEAD:
                undead.append(c)
            else:
                discard.append(c)
        # K28: the winner's card, found by its place in the order of play
        seer_won = trick[(winner - trick[0][0]) % self.n][1] // 10 == SEERS
        if undead:
            self.score[winner] += tuple(undead)
            if told is not None:
                told.append((_collected, winner, tuple(undead), "score"))
        if seer_won:
            self.peek = self.deck[-1]
            if told is not None:
                told.append((ev.SeerLooked, winner, NAMES[self.peek]))
        if seer_won or self.n > 2:
            self.step = CHOOSE_PRIZE
            self.current_player = winner
            return
        self._take_prize(winner, self.prizes[0])

    # -- phase 1: prizes (K13, K28) ---------------------------------------------------------

    def _take_prize(self, p: int, card: int) -> None:
        """Seat p takes a face-up prize; the rest go down the ranking."""
        self.prizes.remove(card)
        self._to_followers_public(p, card)
        ranking = self.ranking
        # After a Seer's look, the first deck card handed out is the one it saw (K16).
        seer = ranking[0] if self.peek is not None else None
        self.peek = None
        for seat in ranking[ranking.index(p) + 1:]:
            if self.prizes:
                self._to_followers_public(seat, self.prizes.pop())
                continue
            card = self.deck.pop()
            self.followers[seat] += (card,)
            if seer is not None and self.tracking:
                i = seer * self.n + seat
                self.peeked = (*self.peeked[:i], self.peeked[i] + (card,), *self.peeked[i + 1:])
            if self.told is not None:
                self.told.append((ev.DeckCardTaken, seat, NAMES[card], seer))
            seer = None
        self._end_trick()

    def _seer_takes_deck(self, p: int) -> None:
        """K28: the Seer winner takes the card it looked at instead of a face-up prize."""
        card = self.deck.pop()
        self.peek = None
        self.followers[p] += (card,)
        if self.told is not None:
            self.told.append((ev.DeckCardTaken, p, NAMES[card], None))
        other = self.ranking[1]
        if self.n == 2:
            self._to_followers_public(other, self.prizes.pop())
            self._end_trick()
            return
        self.step = SECOND_PRIZE
        self.current_player = other

    def _to_followers_public(self, p: int, card: int) -> None:
        self.followers[p] += (card,)
        if self.tracking:
            self.known[p] += (card,)
        if self.told is not None:
            self.told.append((ev.PrizeTaken, p, NAMES[card]))

    def _end_trick(self) -> None:
        self.leader = self.next_leader
        self.tricks_done += 1
        self.step = PLAY_CARD
        self.current_player = self.leader
        if self.phase == 1:
            if self.deck:
                self._reveal_prizes()
            else:
                self._begin_phase_two()
        elif not self.hands[self.leader]:
            self._finish()

    def _begin_phase_two(self) -> None:
        """K17: follower piles become hands; voids shown in phase 1 no longer bind."""
        self.phase = 2
        self.hands = [sorted(f) for f in self.followers]
        self.followers = [()] * self.n
        if self.tracking:
            self.voids = (0,) * self.n
        if self.told is not None:
            self.told.append((ev.PhaseTwoBegins, self.leader))

    # -- phase 2: collecting (K18, K20, K25-K27) -------------------------------------------

    def _collect_phase_two(self, winner: int) -> None:
        lowest = self.ranking[-1]
        to_winner, dwarves, gnomes, trolls, giants = [], [], [], [], []
        for _, card in self.last_trick:
            f = card // 10
            if f == DWARVES:
                dwarves.append(card)
            elif f == GNOMES:
                gnomes.append(card)
            elif f == TROLLS:
                trolls.append(card)
            else:
                to_winner.append(card)
                if f == GIANTS:
                    giants.append(card % 10)
        told = self.told
        if trolls or self.trolls_waiting:                                      # K27
            pool = [*self.trolls_waiting, *trolls]
            pick = max(pool)                           # the highest; the rest wait
            pool.remove(pick)
            to_winner.append(pick)
            self.trolls_waiting = tuple(pool)
            if pool and told is not None:
                told.append((_named, ev.TrollsWaiting, self.trolls_waiting))
        self.score[winner] += tuple(to_winner)
        if dwarves:
            self.score[lowest] += tuple(dwarves)                               # K20
        if gnomes:
            self.gnomes[winner] += tuple(gnomes)                               # K25
        if told is not None:
            for seat, cards, where in ((winner, to_winner, "score"), (lowest, dwarves, "score"),
                                       (winner, gnomes, "gnomes")):
                if cards:
                    told.append((_collected, seat, tuple(cards), where))
        if giants:                                                             # K26
            giants.sort()
            self.smash_values = tuple(giants)
            self._continue_smashes(winner)
        else:
            self._end_trick()

    def _continue_smashes(self, p: int) -> None:
        while self.smash_values:
            targets = self._smash_targets(p, self.smash_values[0])
            if len(targets) > 1:
                self.step = CHOOSE_SMASH
                self.current_player = p
                return
            v = self.smash_values[0]
            self.smash_values = self.smash_values[1:]
            if targets:
                self._remove_gnome(p, targets[0], v)
        self._end_trick()

    def _smash(self, p: int, victim: int) -> None:
        v = self.smash_values[0]
        self.smash_values = self.smash_values[1:]
        self._remove_gnome(p, victim, v)
        self._continue_smashes(p)

    def _remove_gnome(self, p: int, victim: int, v: int) -> None:
        area = list(self.gnomes[victim])
        area.remove(GNOMES * 10 + v)
        self.gnomes[victim] = tuple(area)
        self.removed += (GNOMES * 10 + v,)
        if self.told is not None:
            self.told.append((ev.GnomeSmashed, p, victim, v))

    # -- end and scoring (K29-K34) --------------------------------------------------------

    def _finish(self) -> None:
        for p in range(self.n):                                                # K29
            self.score[p] += self.gnomes[p]
            self.gnomes[p] = ()
        if self.trolls_waiting and self.told is not None:                      # K27
            self.told.append((_named, ev.TrollsDiscarded, self.trolls_waiting))
        self.discard += self.trolls_waiting
        self.trolls_waiting = ()
        self.is_terminal = True
        self.step = OVER
        self.current_player = None
        if self.told is not None:   # built from the final state, which never changes again
            self.told.append((_game_over, self))

    def _sides(self) -> list[list[int]]:
        """Scoring sides: each seat, or the two teams' pooled piles with 4 players (K33)."""
        if self.n == 4:
            return [[c for p in team for c in self.score[p]] for team in TEAMS]
        return self.score

    @staticmethod
    def _values(pile) -> list[list[int]]:
        """A pile's card values per faction: their number is the faction's count, and they
        break its ties (K30)."""
        values: list[list[int]] = [[], [], [], [], [], [], [], [], [], []]
        for c in pile:
            values[c // 10].append(c % 10)
        return values

    def faction_winners(self) -> dict[int, int | None]:
        """K30: per faction of the deck, the side that wins it (None: nobody)."""
        return self._winners([*map(self._values, self._sides())])

    def _winners(self, values: list[list[list[int]]]) -> dict[int, int | None]:
        """``faction_winners`` from the sides' ``_values``."""
        out = {}
        for f in self.factions:
            counts = [len(side[f]) for side in values]
            most = max(counts)
            if counts.count(most) == 1:   # most cards wins
                out[f] = counts.index(most)
                continue
            if not most:
                out[f] = None
                continue
            keys = [sorted(side[f], reverse=True) if n == most else []
                    for side, n in zip(values, counts, strict=True)]   # a tie: the highest card, the next …
            best = max(keys)
            out[f] = keys.index(best) if keys.count(best) == 1 else None
        return out

    def scores(self) -> list[int]:
        """Factions won per seat (with 4 players, the team's faction points for each partner)."""
        return self._won(self.faction_winners())

    def _won(self, winners: dict[int, int | None]) -> list[int]:
        won = [0] * (2 if self.n == 4 else self.n)
        for side in winners.values():
            if side is not None:
                won[side] += 1
        return [won[p % 2] for p in range(4)] if self.n == 4 else won

    def returns(self) -> list[float]:
        """K31-K34. Zero for everyone while the game is not over."""
        if not self.is_terminal:
            return [0.0] * self.n
        if self.n != 3:
            sides = self.scores()[:2]
            if sides[0] == sides[1]:
                return [0.0] * self.n
            best = 0 if sides[0] > sides[1] else 1
            return [1.0 if p % 2 == best else -1.0 for p in range(self.n)]
        values = [*map(self._values, self.score)]
        winners = self._winners(values)
        won = self._won(winners)
        top = max(won)
        leaders = [p for p in range(3) if won[p] == top]
        if len(leaders) > 1:                                                   # K32 tie-breaks
            # the most cards of one faction, then the total value of the factions won
            key = {p: (max(map(len, values[p])),
                       sum(sum(values[p][f]) for f, side in winners.items() if side == p))
                   for p in leaders}
            best_key = max(key.values())
            leaders = [p for p in leaders if key[p] == best_key]
        if len(leaders) == 3:
            return [0.0, 0.0, 0.0]
        return [1.0 if p in leaders else -1.0 for p in range(3)]

    # -- copies and worlds ----------------------------------------------------------------

    def _drop_knowledge(self) -> None:
        """A search copy keeps no K16 knowledge: rollouts skip its bookkeeping."""
        self.voids = self.known = self.peeked = self.played = None

    # the piles held in tuples are shared; a search copy's knowledge is None
    clone = cloner(hands=ROWS, followers=LIST, score=LIST, gnomes=LIST, discard=LIST, deck=LIST, prizes=LIST,
                   known=or_none(LIST), played=or_none(LIST))

    def _resample(self, player: int, rng: random.Random) -> ClaimState:
        """A world ``player`` cannot tell from this one (K16).

        Kept: everything public, the seat's own hand and follower pile, the follower cards
        everyone saw taken, the cards the seat saw go elsewhere with a Seer, and the factions
        each seat showed it lacks this phase. Every other card is dealt at random among the
        other seats' hidden cards and the deck; future chance is re-seeded.
        """
        return self._sampler(player)(rng)      # the seat was checked by ``resample``

    def sampler(self, player: int):
        """``resample`` for many worlds of one position: what the seat knows is worked out once."""
        self._check_seat(player, "resample")
        return self._sampler(player)

    def _sampler(self, player: int):
        if not self.tracking:
            NO_KNOWLEDGE.sample()   # refuses: a search copy is never resampled
        p = player
        pinned = [[] if q == p else self._placeable(q, p) for q in range(self.n)]   # p can place these
        # Where the unseen cards go: (seat, zone, count, forbidden factions).
        places = []
        for q in range(self.n):
            if q == p:
                continue
            if self.phase == 1:
                places.append((q, "hand", len(self.hands[q]), self.voids[q]))
                places.append((q, "followers", len(self.followers[q]) - len(pinned[q]), 0))
            else:
                places.append((q, "hand", len(self.hands[q]) - len(pinned[q]), self.voids[q]))
        looking = self.peek is not None and self.current_player == p   # p's Seer sees the top card
        places.append((None, "deck", len(self.deck) - looking, 0))
        unseen = self._unseen_by(p, pinned, looking)
        deal = _dealer(unseen, [(n, mask) for _, _, n, mask in places])
        # What other seats saw with their Seers: p only knows how many deck cards each saw go to
        # which seat. In a world they are drawn from that seat's phase-1 pile, less the cards p
        # can place there (taken face up, or seen by p's own Seer).
        n, peeked = self.n, self.peeked
        seers = [(q * n + r, r, self.known[r] + peeked[p * n + r], len(peeked[q * n + r]))
                 for q in range(n) for r in range(n) if q != p and r != p and peeked[q * n + r]
                 ] if any(peeked) else []

        def world(rng: random.Random) -> ClaimState:
            w = self.clone()
            w._forget_past(rng)
            dealt = deal(rng)
            for (q, zone, _, _), cards in zip(places, dealt, strict=True):
                if zone == "deck":
                    w.deck = cards + [self.peek] if looking else cards
                elif zone == "followers":
                    w.followers[q] = tuple(pinned[q] + cards)
                elif self.phase == 1:
                    w.hands[q] = sorted(cards)
                else:
                    w.hands[q] = sorted(pinned[q] + cards)
            if self.peek is not None and not looking:
                w.peek = w.deck[-1]   # another seat's Seer looked at the (re-dealt) top card
            if seers:
                looks = list(w.peeked)
                for i, r, placed, seen in seers:
                    pile = Counter(w.followers[r] if self.phase == 1 else [*w.hands[r], *self.played[r]])
                    looks[i] = tuple(rng.sample(sorted((pile - Counter(placed)).elements()), seen))
                w.peeked = tuple(looks)
            return w

        return world

    def _placeable(self, r: int, p: int) -> list[int]:
        """The cards seat p knows to be in seat r's follower pile (phase 2: hand), sorted: what
        ``known_in_hand(r, p)`` gives together, worked out on short lists instead of Counters."""
        public, seen, played = self.known[r], self.peeked[p * self.n + r], self.played[r]
        if not played:
            return sorted(public + seen)
        held, unknown_plays = list(public), []
        for c in played:            # a play uses up a card everyone knows first
            if c in held:
                held.remove(c)
            else:
                unknown_plays.append(c)
        seen = list(seen)
        for c in unknown_plays:
            if c in seen:
                seen.remove(c)
        return sorted(held + seen)

    def _unseen_by(self, p: int, pinned: list[list[int]], looking: bool) -> list[int]:
        """The cards seat p cannot place, as a sorted list (so samples depend on p's view only):
        every card of the other seats' hands and follower piles and of the deck, less those p
        knows where they are (``pinned``, and the top deck card its Seer is looking at)."""
        unseen = [*self.deck]
        for q in range(self.n):
            if q != p:
                unseen += self.hands[q]
                unseen += self.followers[q]
        unseen.sort()
        for c in (self.peek,) if looking else ():
            unseen.remove(c)
        for q in range(self.n):
            for c in pinned[q]:
                unseen.remove(c)
        return unseen

    # -- inspection -------------------------------------------------------------------------

    def _observe(self, player: int | None) -> dict:
        if not self.tracking:
            NO_KNOWLEDGE.to_json()   # refuses: a search copy keeps no K16 knowledge to show
        return observe(self, player)

    def zones(self) -> dict[str, list]:
        return zones(self)

    def _explain(self, action, legal: list) -> str:
        return explain_illegal(self, action, legal)


def _dealer(cards: list[int], places: list[tuple[int, int]]):
    """``rng -> one list per place``: deals ``cards`` into places of (count, forbidden-faction
    mask), uniformly among the deals that fit (``core.dealing``). Each place's cards come in a
    random order: dealt in that order, the deck's next draw is any card it may hold."""
    sizes = [n for n, _ in places]
    if not any(mask for _, mask in places):  # nobody has shown a void: a plain shuffle

        def deal_shuffled(rng: random.Random) -> list[list[int]]:
            order = cards[:]
            shuffle(rng, order)
            out, start = [], 0
            for n in sizes:
                out.append(order[start:start + n])
                start += n
            return out

        return deal_shuffled
    return RestrictedDeal(cards, sizes, [frozenset(c for c in cards if not mask >> (c // 10) & 1) if mask else None
                                         for _, mask in places])
