"""The rules of Seize Rome (the card game of the Persian guide) as a state machine.

Rule ids (S1-S18) are those of docs/seize-rome.md. A turn is one decision: play a card face
down into a region, draw, or pass. Round ends and their resolution are automatic.

Knowledge (S18): ``know[p]`` is seat p's pools over every card it cannot see — the other
hands, the other seats' face-down cards, and the pile, split into its never-seen top and the
layer of cards revealed in an earlier round that lies under it. Zones: seat q's hand is
``q * (R + 1)``, its face-down cards in region r ``q * (R + 1) + 1 + r``; then the pile top and
that revealed layer. Layers of later rounds wait intact beneath it (``below``, public
multisets as sorted tuples; their order lives only in ``pile``) and take its place, one by one,
as it is drawn up. ``laid``: the cards of that nearest layer as it was laid (a sorted tuple,
the cards drawn from it since included; public, as they were revealed); ``layer``: the same
cards as a set. ``barred[q]``: the revealed coloured cards seat q cannot hold — those of every
layer laid since, less the layer's it has drawn from (each coloured card is unique). When q
draws from a layer, its face-down cards of the round so far move to zones of their own
(``early[q][r]`` of them, after the pile zones), which keep out the cards q was barred from
(``early_bar[q]``): they were played before q could hold any of them.
"""

from __future__ import annotations

import functools
import random
from bisect import insort
from typing import NamedTuple

from ...core.copying import CLONES, LIST, ROWS, cloner
from ...core.events import LazyEvents
from ...core.game import State
from ...core.knowledge import NO_KNOWLEDGE, QueuedKnowledge
from ...core.rng import shuffle
from . import events as ev
from .cards import COLOURS, HAND_SIZE, NUM_CARDS, WILD, build_deck, card_name
from .notation import COLOURED, DRAW, DRAW_ACTION, PASS_ACTION, PLAY, WILD_INTO
from .view import explain_illegal, explain_off_colour, observe, zones

# S6, S18: the cards that may lie face down in each region: its colour, or wild.
REGION_FITS = [frozenset(range(r * 6, r * 6 + 6)) | {WILD} for r in range(8)]
ANY_CARD = frozenset(range(NUM_CARDS))


@functools.cache
def _card_values(wild_value: int) -> tuple[int, ...]:
    """S10: the strength of each card: its value 1-6 within its colour, a wild ``wild_value``."""
    return tuple(wild_value if c == WILD else c % 6 + 1 for c in range(NUM_CARDS))


class RoundReveal(NamedTuple):
    """What the last round's reveal showed (S10-S12): immutable, so that copies share it."""

    round: int
    strengths: tuple        # per region, per seat
    winners: tuple          # per region: the seat that won it, or None
    cards: tuple            # per region, per seat: the cards it played there, in play order


class SeizeRomeState(State):
    """A position of Seize Rome; seats 0..n-1 play in order."""

    __slots__ = (
        "n", "regions", "wild_value", "to_win", "round_fixed", "voluntary_pass", "deck_out_ends",
        "persistent", "tie_clears", "to_bottom", "exhaustion_most", "max_rounds",
        "hands", "board", "pile", "pile_unseen", "discard", "table", "controllers", "first", "starter",
        "round", "quiet", "deck_out", "bonus_drawn", "last_round", "end_reason", "know", "layer", "laid", "below",
        "barred", "early", "early_bar", "_returns",
    )

    @classmethod
    def new(cls, game, seed: int | None) -> SeizeRomeState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        o = game.options
        s.n, s.regions, s.wild_value = o.players, o.regions, o.wild_value
        s.to_win = game.regions_to_win
        s.round_fixed = o.round_starter == "fixed"
        s.voluntary_pass = o.voluntary_pass == "true"
        s.deck_out_ends = o.deck_out_ends_round == "true"
        s.persistent = o.control == "persistent"
        s.tie_clears = o.tie == "clear"
        s.to_bottom = o.played_cards == "bottom"
        s.exhaustion_most = o.exhaustion == "most-regions"
        s.max_rounds = o.max_rounds
        rng = s._chance()
        pile = build_deck(s.regions, o.wilds)
        shuffle(rng, pile)                                                   # S4
        s.hands = [sorted(pile[-HAND_SIZE * (q + 1):len(pile) - HAND_SIZE * q]) for q in range(s.n)]
        del pile[len(pile) - HAND_SIZE * s.n:]
        s.pile, s.pile_unseen = pile, len(pile)
        s.board = [[()] * s.n for _ in range(s.regions)]
        s.discard, s.table = [], []
        s.controllers = [None] * s.regions
        s.first = rng.randrange(s.n) if o.first_player == "random" else int(o.first_player)  # S5
        s.starter = s.first
        s.round, s.quiet, s.deck_out = 1, 0, False
        s.bonus_drawn = [0] * s.n
        s.last_round = None
        s.end_reason = ""
        s._returns = None
        s.layer, s.laid, s.below = frozenset(), (), []
        s.barred = [frozenset()] * s.n
        s.early, s.early_bar = [(0,) * s.regions] * s.n, [frozenset()] * s.n
        deck = build_deck(s.regions, o.wilds)
        s.know = []
        for p in range(s.n):
            k = QueuedKnowledge(NUM_CARDS, s._zones())
            counts = [0] * NUM_CARDS
            for c in deck:
                counts[c] += 1
            for c in s.hands[p]:
                counts[c] -= 1
            slots = [0] * s._zones()
            for q in range(s.n):
                if q != p:
                    slots[s._hand_zone(q)] = HAND_SIZE
            slots[s._top_zone()] = len(pile)
            k.add(counts, slots)
            s.know.append(k)
        s.current_player = s.first
        return s

    # -- knowledge zones ---------------------------------------------------------------------

    def _zones(self) -> int:
        return self.n * (self.regions + 1) + 2 + self.n * self.regions

    def _early_zone(self, q: int, r: int) -> int:
        """Seat q's face-down cards in region r played before it last drew from a layer."""
        return self.n * (self.regions + 1) + 2 + q * self.regions + r

    def _hand_zone(self, q: int) -> int:
        return q * (self.regions + 1)

    def _top_zone(self) -> int:
        return self.n * (self.regions + 1)

    def _accepts(self, player: int) -> dict[int, frozenset]:
        """S18, what ``player``'s pools are dealt under: a face-down card in region r is of colour
        r or wild; the revealed layer under the pile holds only its own cards; and a seat holds
        none of its ``barred`` cards, in hand or face down. The last is needed only where a pool
        mixes barred cards with that seat's places (after a drawer played a card either of two
        pools could have given)."""
        n, regions, early = self.n, self.regions, self.early
        # the zone numbers of _hand_zone and _early_zone, worked out here: this runs for every
        # world sampled
        seat_zones, early_zones = regions + 1, n * (regions + 1) + 2
        out = {early_zones - 1: self.layer}
        for r in range(regions):
            for q in range(n):
                out[q * seat_zones + 1 + r] = REGION_FITS[r]
                if early[q][r]:
                    out[early_zones + q * regions + r] = REGION_FITS[r] - self.early_bar[q] - self.barred[q]
        pools = self.know[player].pools
        for q in range(n):
            barred = self.barred[q]
            if q == player or not barred:
                continue
            hand = q * seat_zones
            places = range(hand, hand + 1 + regions)
            if not any(s[z] for c, s in pools if any(c[v] for v in barred) for z in places):
                continue
            out[hand] = ANY_CARD - barred
            for r in range(regions):
                out[hand + 1 + r] = REGION_FITS[r] - barred
        return out

    # -- legal actions --------------------------------------------------------------------

    def _legal(self) -> list:
        hand = self.hands[self.current_player]
        # the hand is sorted and WILD is the highest card: each coloured card once, in order,
        # then the wild's regions
        out = [COLOURED[c] for c in dict.fromkeys(hand) if c != WILD]
        if hand and hand[-1] == WILD:
            out += WILD_INTO[:self.regions]
        if self.pile:
            out.append(DRAW_ACTION)
        if not self.pile or self.voluntary_pass:
            out.append(PASS_ACTION)
        return out

    def action_seen_by(self, action, player: int):
        """S18: the other seats see into which region a card goes, not which card (nor
        whether it is wild)."""
        if action.kind == PLAY and player != self.current_player:
            return action.region
        return action

    # -- applying ---------------------------------------------------------------------------

    # While ``narrate`` is set, the rules return their events as records ``(build, *args)``, in
    # the order they happen, with only immutable args; ``_apply`` hands them over as LazyEvents,
    # built only if someone reads them (most callers drop them). Otherwise they return [].

    def _apply(self, action) -> list:
        records = self._rules(action)
        return LazyEvents.of(records) if self.narrate else records

    def _rules(self, action) -> list:
        p = self.current_player
        kind, card, region = action
        if kind == PLAY:                                                     # S6, S7
            self.hands[p].remove(card)
            self.board[region][p] += (card,)
            hand = p * (self.regions + 1)                                    # _hand_zone(p)
            for o, k in enumerate(self.know):
                if o != p:   # S18: the card is of the region's colour or wild
                    k.move(hand, hand + 1 + region, REGION_FITS[region])
            self.quiet = 0
            out = [(_card_played, p, region, card)] if self.narrate else []
        elif kind == DRAW:
            out = self._draw(p, bonus=False)
            self.quiet += 1
            if not self.pile and self.deck_out_ends:
                self.deck_out = True
        else:
            self.quiet += 1
            out = [(ev.Passed, p)] if self.narrate else []
        if self.quiet >= self.n or self.deck_out:                            # S8
            return out + self._resolve_round()
        self.current_player = (p + 1) % self.n
        return out

    def _draw(self, p: int, bonus: bool) -> list:
        card = self.pile.pop()
        top = self.n * (self.regions + 1)                                    # _top_zone()
        if self.pile_unseen:
            zone = top
            self.pile_unseen -= 1
        else:
            zone = top + 1
        insort(self.hands[p], card)                                          # hands are kept sorted
        hand = p * (self.regions + 1)                                        # _hand_zone(p)
        for o, k in enumerate(self.know):
            if o == p:
                k.reveal(zone, card)
            else:
                k.move(zone, hand)
        if zone != top:
            if not bonus and self.barred[p] & self.layer:   # a draw that lifts a bar
                self._set_apart_early_cards(p)
            self.barred[p] = self.barred[p] - self.layer
        if not self.pile_unseen and len(self.pile) == sum(map(len, self.below)):
            # the revealed layer is used up: the next one (if any) is now under the top
            self._lay_revealed(self.below.pop(0) if self.below else [])
        if bonus:
            self.bonus_drawn[p] += 1
        return [(_card_drawn, p, card, bonus)] if self.narrate else []

    # -- the end of a round (S9-S17) ----------------------------------------------------------

    def round_result(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int | None, ...], list[int | None]]:
        """S9-S11 on the board as it is: per region each seat's strength, the round's winner
        (None: nobody, or a tie) and the controller once the round is resolved."""
        controllers = list(self.controllers) if self.persistent else [None] * self.regions
        strengths, winners = [], []
        value = _card_values(self.wild_value).__getitem__
        for r in range(self.regions):
            strength = [sum(map(value, cards)) for cards in self.board[r]]
            top = max(strength)
            winner = strength.index(top) if top > 0 and strength.count(top) == 1 else None
            if winner is not None:
                controllers[r] = winner
            elif top > 0 and self.tie_clears:
                controllers[r] = None
            strengths.append(strength)
            winners.append(winner)
        return tuple(map(tuple, strengths)), tuple(winners), controllers

    def _resolve_round(self) -> list:
        out = []
        n, regions = self.n, self.regions
        seat_zones, early_zones = regions + 1, n * (regions + 1) + 2   # as _hand_zone, _early_zone
        for r in range(regions):                                             # S9: everyone sees the cards
            cards = self.board[r]
            for q in range(n):
                if not cards[q]:   # nothing to reveal (revealing no cards changes no knowledge)
                    continue
                early = self.early[q][r]   # the cards are in play order: the early ones first
                earlier, later = cards[q][:early], cards[q][early:]
                early_zone, zone = early_zones + q * regions + r, q * seat_zones + 1 + r
                for o, k in enumerate(self.know):
                    if o != q:
                        if earlier:
                            k.reveal_all(early_zone, earlier)
                        if later:
                            k.reveal_all(zone, later)
        self.early, self.early_bar = [(0,) * self.regions] * self.n, [frozenset()] * self.n
        strengths, winners, self.controllers = self.round_result()           # S10, S11
        if self.narrate:
            for r in range(self.regions):
                out.append((_region_revealed, r, tuple(self.board[r]), strengths[r], winners[r],
                            self.controllers[r]))
        # S15: every round starts with cards in the pile, so an empty one means a draw of this round took the last
        ran_out = not self.pile
        for winner in winners:                                               # S12
            if winner is not None and self.pile:
                out += self._draw(winner, bonus=True)
        played = [c for region in self.board for cards in region for c in cards]
        revealed, self.board = self.board, [[()] * self.n for _ in range(self.regions)]
        self.last_round = RoundReveal(self.round, strengths, winners, tuple(map(tuple, revealed)))
        controlled = self.controlled()
        qualified = [q for q in range(self.n) if controlled[q] >= self.to_win]
        capped = self.round >= self.max_rounds
        if not qualified and (ran_out or capped):   # S15, S16: the game ends before S13
            self.table = played
            return out + self._round_ended(controlled) + self._exhausted(controlled, ran_out)
        if self.to_bottom:                                                   # S13
            played.sort()
            shuffle(self._chance(), played)
            if len(self.pile) > self.pile_unseen:   # a revealed layer lies there: this one waits beneath
                if played:
                    self.below.append(tuple(sorted(played)))
            else:
                self._lay_revealed(played)
            self.pile[0:0] = played
        else:
            self.discard += played
        if played and self.narrate:
            out.append((ev.CardsReturned, len(played), "bottom" if self.to_bottom else "discard"))
        out += self._round_ended(controlled)
        if qualified:                                                        # S14
            totals = [sum(strengths[r][q] for r in range(self.regions)) for q in range(self.n)]
            key = {q: (controlled[q], totals[q]) for q in qualified}
            best = max(key.values())
            return out + self._finish([q for q in qualified if key[q] == best],
                                      f"control of {best[0]} regions")
        if not self.pile:                                                    # S15, after S13
            return out + self._exhausted(controlled, True)
        self.round += 1                                                      # S17
        self.quiet, self.deck_out = 0, False
        if not self.round_fixed:
            self.starter = (self.starter + 1) % self.n
        self.current_player = self.starter
        return out

    def _round_ended(self, controlled: list[int]) -> list:
        return [(ev.RoundEnded, self.round, tuple(controlled))] if self.narrate else []

    def _exhausted(self, controlled: list[int], ran_out: bool) -> list:
        """S15 (the pile ran out) or S16 (the round cap) without a winner: a draw, or with
        exhaustion=most-regions the seats controlling the most regions lead."""
        reason = "the pile ran out" if ran_out else f"{self.max_rounds} rounds were played"
        if self.exhaustion_most:
            best = max(controlled)
            return self._finish([q for q in range(self.n) if controlled[q] == best], reason)
        return self._finish(list(range(self.n)), reason)

    def _set_apart_early_cards(self, p: int) -> None:
        """p draws from a layer: its face-down cards so far this round were played while it was
        barred from that layer's cards, and stay apart from those it plays from now on."""
        first = not any(self.early[p])
        early = list(self.early[p])
        moved = False
        for r in range(self.regions):
            live = len(self.board[r][p]) - early[r]
            if live:
                for o in range(self.n):
                    if o != p:
                        self.know[o].move_all(self._hand_zone(p) + 1 + r, self._early_zone(p, r))
                early[r] += live
                moved = True
        if moved:   # one bar per seat: what every one of its early cards was barred from,
            # the layers still waiting in the pile included (they take this layer's place later)
            self.early[p] = tuple(early)
            bar = self.barred[p] | frozenset(c for layer in self.below for c in layer if c != WILD)
            self.early_bar[p] = bar if first else self.early_bar[p] & bar

    def _lay_revealed(self, cards: list[int]) -> None:
        """``cards``, seen by everyone, become the revealed layer right under the pile's
        never-seen top (one known pool in every seat's knowledge)."""
        self.layer, self.laid = frozenset(cards), tuple(sorted(cards))
        coloured = self.layer - {WILD}
        self.barred = [barred | coloured for barred in self.barred]
        counts = [0] * NUM_CARDS
        for c in cards:
            counts[c] += 1
        slots = [0] * self._zones()
        slots[self._top_zone() + 1] = len(cards)
        for k in self.know:
            k.add(counts, slots)

    def controlled(self) -> list[int]:
        """How many regions each seat controls."""
        return [sum(1 for c in self.controllers if c == q) for q in range(self.n)]

    def _finish(self, leaders: list[int], reason: str) -> list:
        """One leader wins (+1, others -1); tied leaders get 0 and the others -1; all tied: 0."""
        self.is_terminal = True
        self.current_player = None
        self.end_reason = reason
        if len(leaders) == 1:
            self._returns = tuple(1.0 if q == leaders[0] else -1.0 for q in range(self.n))
        else:
            self._returns = tuple(0.0 if q in leaders else -1.0 for q in range(self.n))
        return [(ev.GameOver, reason, self._returns)] if self.narrate else []

    def returns(self) -> list[float]:
        return list(self._returns) if self.is_terminal else [0.0] * self.n

    def scores(self) -> list[int]:
        return self.controlled()

    # -- copies and worlds ----------------------------------------------------------------

    def _drop_knowledge(self) -> None:
        self.know = [NO_KNOWLEDGE] * self.n

    # The layers in ``below``, the bars, the rows of ``early``, the cards each seat has face down
    # in a region (``board[r][q]``) and ``last_round`` are tuples, replaced when they change: a
    # search copies a state for every world it samples, and then copies one list per region
    # instead of one per region and seat.
    clone = cloner(hands=ROWS, board=ROWS, pile=LIST, discard=LIST, table=LIST, controllers=LIST,
                   bonus_drawn=LIST, know=CLONES, below=LIST, barred=LIST, early=LIST, early_bar=LIST)

    def sampler(self, player: int):
        """``resample`` for many worlds of one position: what the seat's pools are dealt under
        (``_accepts``) is worked out once. (A search copy keeps no knowledge: it refuses when
        a world is asked for, as ``resample`` does.)"""
        self._check_seat(player, "resample")
        accepts = self._accepts(player) if self.tracking else None
        return functools.partial(self._resample, player, accepts=accepts)

    def _resample(self, player: int, rng: random.Random, accepts: dict | None = None) -> SeizeRomeState:
        """A world ``player`` cannot tell from this one (S18): the seat's pools are dealt afresh
        (face-down cards stay of their region's colour or wild; the revealed cards put under the
        pile stay in their layer or in the hands of those who drew from it, never with a seat
        barred from them; the intact layers beneath are reshuffled); the other seats' knowledge
        in the world is rebuilt from the world's own cards. ``accepts``: ``_accepts(player)``,
        if ``sampler`` worked it out already."""
        w = self.clone()
        w._forget_past(rng)
        zones = self.know[player].sample(rng, self._accepts(player) if accepts is None else accepts)
        n, regions = self.n, self.regions
        seat_zones, early_zones = regions + 1, n * (regions + 1) + 2   # as _hand_zone, _early_zone
        for q in range(n):
            if q == player:
                continue
            hand = q * seat_zones
            w.hands[q] = sorted(zones[hand])
            for r in range(regions):
                w.board[r][q] = (*zones[early_zones + q * regions + r], *zones[hand + 1 + r])
        top, revealed = zones[early_zones - 2], zones[early_zones - 1]
        w.pile = []
        for layer in reversed(self.below):   # the pile lists its bottom first
            layer = sorted(layer)
            shuffle(rng, layer)
            w.pile += layer
        w.pile += revealed + top
        unseen = w._unseen_pile()
        for q in range(n):
            if q != player:
                w.know[q] = w._hidden_from(q, unseen)
        return w

    def _unseen_pile(self) -> list[int]:
        """How many of each card lie in the pile above the layers waiting beneath (which are
        public): the same for every seat, so ``_resample`` counts them once."""
        counts = [0] * NUM_CARDS
        for c in self.pile[sum(map(len, self.below)):]:
            counts[c] += 1
        return counts

    def _hidden_from(self, q: int, unseen_pile: list[int] | None = None) -> QueuedKnowledge:
        """One pool over everything seat q cannot see in this state (sound, less precise).
        ``unseen_pile``: ``_unseen_pile()``, if already counted."""
        counts = (self._unseen_pile() if unseen_pile is None else unseen_pile)[:]
        n, regions, zones = self.n, self.regions, self._zones()
        seat_zones, early_zones = regions + 1, n * (regions + 1) + 2   # as _hand_zone, _early_zone
        slots = [0] * zones
        for o in range(n):
            if o == q:
                continue
            for c in self.hands[o]:
                counts[c] += 1
            hand, early = o * seat_zones, self.early[o]
            slots[hand] = len(self.hands[o])
            for r in range(regions):
                cards = self.board[r][o]
                for c in cards:
                    counts[c] += 1
                slots[early_zones + o * regions + r] = early[r]
                slots[hand + 1 + r] = len(cards) - early[r]
        beneath = sum(map(len, self.below))   # public: not in any pool
        top = early_zones - 2
        slots[top] = self.pile_unseen
        slots[top + 1] = len(self.pile) - self.pile_unseen - beneath
        k = QueuedKnowledge(NUM_CARDS, zones)
        if self.pile_unseen:   # nobody has drawn from the revealed layer yet: it is known exactly
            layer = [0] * NUM_CARDS
            for c in self.pile[beneath:len(self.pile) - self.pile_unseen]:
                layer[c] += 1
                counts[c] -= 1
            in_layer = [0] * zones
            in_layer[top + 1] = slots[top + 1]
            k.add(layer, in_layer)
            slots[top + 1] = 0
        k.add(counts, slots)
        return k

    # -- inspection -------------------------------------------------------------------------

    def _observe(self, player: int | None) -> dict:
        return observe(self, player)

    def zones(self) -> dict[str, list]:
        return zones(self)

    def _explain(self, action, legal: list) -> str:
        return explain_illegal(self, action, legal)

    def _explain_unknown(self, action) -> str:
        return explain_off_colour(self, action)


# Builders of the events that name cards, called only when the events are read.

def _card_played(p: int, region: int, card: int) -> ev.CardPlayed:
    return ev.CardPlayed(p, COLOURS[region], card_name(card))


def _card_drawn(p: int, card: int, bonus: bool) -> ev.CardDrawn:
    return ev.CardDrawn(p, card_name(card), bonus)


def _region_revealed(r: int, cards: tuple, *rest) -> ev.RegionRevealed:
    return ev.RegionRevealed(COLOURS[r], tuple(tuple(map(card_name, seat)) for seat in cards), *rest)
