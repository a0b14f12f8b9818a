"""A heuristic player for Claim: weigh what a trick is worth, then buy it cheaply or dump.

It reads only public information and its own hand (from its Perspective's world it takes
nothing the seat does not know: the other hands there are a guess and are never looked at).

Phase 1: a prize is worth its value, more for Knights and Doppelgangers; the loser gets an
unknown deck card of average worth. Phase 2: each card in a trick is worth as much as its
faction is still contested (counted from the score piles and the cards not yet seen). When
the bot plays last it knows whether each card wins; earlier it estimates the chance that a
later player holds a card that beats it. It then plays the card with the best expected gain,
minus a small cost for spending a strong card.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter

from ...core.agent import RuleAgent
from ...core.parts import SearchHooks
from .cards import (
    DOPPELGANGERS,
    DWARVES,
    GNOMES,
    KNIGHTS,
    SEERS,
    TROLLS,
    UNDEAD,
    build_deck,
)
from .judge import at_phase_two_start, phase_two_value
from .notation import PLAY, SMASH, TAKE, TAKE_DECK
from .phases import PLAY_CARD
from .state import STRENGTH

AVERAGE_DECK_CARD = 0.8   # worth of the unknown deck card the loser of a phase-1 trick gets
SPEND_COST = 0.15         # cost, per point of value, of using up a card


def prize_worth(card: int) -> float:
    """What a follower card is worth for phase 2."""
    f, v = divmod(card, 10)
    bonus = 0.3 if f in (KNIGHTS, DOPPELGANGERS) else 0.0
    return 0.3 + v / 9 + bonus


def beats(card: int, best: int, led: int) -> bool:
    """Does ``card`` played later rank above ``best`` in a trick led with faction ``led``?"""
    strength = STRENGTH[led]
    return strength[card] > strength[best]


class HeuristicAgent(RuleAgent):
    def decide(self, perspective, legal):
        w = perspective.world
        p = perspective.player
        kind = legal[0].kind
        if kind in (TAKE, TAKE_DECK):
            return max(legal, key=lambda a: prize_worth(w.peek) if a.kind == TAKE_DECK else prize_worth(a.a))
        if kind == SMASH:
            return max(legal, key=lambda a: len(w.gnomes[a.a]))
        assert w.step == PLAY_CARD and kind == PLAY
        unseen = self._unseen(w, p)
        need = self._need(w, p, unseen) if w.phase == 2 else None
        ranked: dict[int, list[int]] = {}    # per led faction: the unseen cards' strengths, sorted
        return max(legal, key=lambda a: self._value(w, p, a.a, unseen, need, ranked) + 1e-6 * self.rng.random())

    # -- evaluation ---------------------------------------------------------------------------

    def _unseen(self, w, p: int) -> list[int]:
        """Cards that may still be in other seats' hands (or followers, or the deck)."""
        seen = [*w.hands[p], *w.followers[p], *w.discard, *w.removed, *w.prizes, *w.trolls_waiting]
        seen += [c for _, c in w.trick]
        for q in range(w.n):
            seen += [*w.score[q], *w.gnomes[q]]
        rest = build_deck(w.factions)
        for c in seen:
            rest.remove(c)
        return rest

    def _need(self, w, p: int, unseen: list[int]) -> dict[int, float]:
        """Phase 2: how much one more card of each faction matters to this seat."""
        mine_team = {q for q in range(w.n) if q == p or (w.n == 4 and q % 2 == p % 2)}
        need = {}
        for f in w.factions:
            mine = sum(1 for q in mine_team for c in (*w.score[q], *w.gnomes[q]) if c // 10 == f)
            theirs = max((sum(1 for c in (*w.score[q], *w.gnomes[q]) if c // 10 == f)
                          for q in range(w.n) if q not in mine_team), default=0)
            open_cards = sum(1 for c in unseen if c // 10 == f) + sum(1 for c in w.hands[p] if c // 10 == f)
            contested = abs(mine - theirs) <= open_cards
            need[f] = 1.0 if contested else 0.2
        return need

    def _win_chance(self, w, p: int, card: int, unseen: list[int], ranked: dict) -> float:
        """Chance that ``card`` wins the trick, given what is on the table and what is unseen
        (``ranked``: the unseen cards' strengths by led faction, sorted, filled as needed)."""
        trick = w.trick
        led = trick[0][1] // 10 if trick else card // 10
        strength = STRENGTH[led]
        mine = strength[card]
        for _, c in trick:
            if mine <= strength[c]:
                return 0.0
        later = w.n - len(trick) - 1
        if not later:
            return 1.0
        if not unseen:
            return 1.0
        if led not in ranked:
            ranked[led] = sorted(strength[c] for c in unseen)
        beaters = len(unseen) - bisect_right(ranked[led], mine)
        hand_size = len(w.hands[p])
        return (1 - beaters / len(unseen)) ** (hand_size * later)

    def _value(self, w, p: int, card: int, unseen: list[int], need, ranked: dict) -> float:
        chance = self._win_chance(w, p, card, unseen, ranked)
        spend = SPEND_COST * (card % 10) / 9
        if w.phase == 1:
            prize = max(prize_worth(c) for c in w.prizes)
            gain = prize - AVERAGE_DECK_CARD
            gain += 0.5 * sum(1 for _, c in w.trick if c // 10 == UNDEAD)
            if card // 10 == UNDEAD:
                gain += 0.5
            if card // 10 == SEERS:
                gain += 0.1   # a Seer win also lets us see and take the deck card
            return chance * gain - (1 - chance) * gain * 0.5 - spend
        table = [c for _, c in w.trick] + [card]
        avg_other = sum(need.values()) / len(need)
        later = w.n - len(w.trick) - 1
        win_gain = sum(need[c // 10] for c in table if c // 10 not in (DWARVES, TROLLS)) + later * avg_other
        dwarves = sum(need[DWARVES] for c in table if c // 10 == DWARVES) if DWARVES in need else 0.0
        if TROLLS in need and any(c // 10 == TROLLS for c in (*table, *w.trolls_waiting)):
            win_gain += need[TROLLS]
        gnome_bonus = 0.3 * sum(1 for c in table if c // 10 == GNOMES)
        value_if_win = win_gain + gnome_bonus - dwarves
        value_if_lose = -win_gain + dwarves
        return chance * value_if_win + (1 - chance) * value_if_lose - spend


def leaf_values(w, seat: int | None = None) -> list[float]:
    """ISMCTS hook: per seat, a value in [-1, 1] of a determinized world, where every card is
    placed, read alike for every searching ``seat``: at the start of a two-player phase 2 the
    judge's (judge.py), elsewhere ``count_values``."""
    if w.is_terminal:
        return w.returns()
    if at_phase_two_start(w):
        value = phase_two_value(w, 0)
        return [value, -value]
    return count_values(w)


def count_values(w) -> list[float]:
    """Per seat, the factions its side is on course to win minus its best rival's, in [-1, 1]:
    collected cards count fully, cards still in hand (or, in phase 1, in follower piles) half."""
    n = w.n
    sides = 2 if n == 4 else n
    pending = w.followers if w.phase == 1 else w.hands
    strength = [[0.0] * 10 for _ in range(sides)]
    for q in range(n):
        row = strength[q % 2 if n == 4 else q]
        for c in w.score[q]:
            row[c // 10] += 1.0
        for c in w.gnomes[q]:
            row[c // 10] += 1.0
        for c in pending[q]:
            row[c // 10] += 0.5
    lead = [0] * sides
    for f in w.factions:
        column = [row[f] for row in strength]
        best = max(column)
        if column.count(best) == 1:
            lead[column.index(best)] += 1
    scale = len(w.factions) // 2 + 1
    values = []
    for q in range(n):
        mine = q % 2 if n == 4 else q
        rival = max(v for i, v in enumerate(lead) if i != mine)
        values.append(max(-1.0, min(1.0, (lead[mine] - rival) / scale)))
    return values


def rollout_policy(w, rng):
    """ISMCTS hook (``rollout=heuristic``): a cheap, noisy trick-taker. Following, it wins the
    trick with its lowest winning card if it can, else throws its lowest card; leads, prize
    choices and smashes are random, and one move in five is random anyway."""
    legal = w.legal_actions()
    if len(legal) == 1:
        return legal[0]
    trick = w.trick
    if legal[0].kind != PLAY or not trick or rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    led = trick[0][1] // 10
    best = trick[0][1]
    for _, c in trick[1:]:
        if beats(c, best, led):
            best = c
    winners = [a for a in legal if beats(a.a, best, led)]
    return min(winners or legal, key=lambda a: a.a % 10)


def rewind(world, recall: tuple, i: int, seat: int):
    """ISMCTS hook (``infer``): the position of the card play ``recall[i]`` if ``world`` is the
    truth, as far as the player deciding then knew it. Within a phase a hand only shrinks
    (phase 1: the dealt cards; phase 2: the follower pile, K17), so that player then held its
    hand in ``world`` and every card it has played since. The rest of the position is ``seat``'s
    own world of then, with those cards swapped into the hand from wherever it had put them: what
    the heuristic reads besides the hand is public, but for the decider's phase-1 follower pile,
    which stays the guess of then (its deck cards; the heuristic's move at the rewound truth
    differed from its move at the true past in about 1 decision in 100). None for a decision of
    an earlier phase and for prize and smash choices."""
    memory = recall[i]
    past = memory.world
    if past.phase != world.phase or past.step != PLAY_CARD:
        return None
    o = memory.seat
    held = [*world.hands[o], *(m.action.a for m in recall[i:] if m.seat == o and m.action.kind == PLAY)]
    missing = Counter(held)
    missing.subtract(past.hands[o])
    spare = [c for c, n in missing.items() for _ in range(-n)]
    missing = [c for c, n in missing.items() for _ in range(n)]
    if len(spare) != len(missing):
        return None
    rewound = past.clone()
    others = [q for q in range(rewound.n) if q not in (o, seat)]
    for card, stand_in in zip(missing, spare, strict=True):
        if card in rewound.deck:
            rewound.deck[rewound.deck.index(card)] = stand_in
            continue
        holder = next((q for q in others if card in rewound.hands[q]), None)
        if holder is not None:
            hand = rewound.hands[holder]
            hand.remove(card)
            hand.append(stand_in)
            hand.sort()
            continue
        holder = next((q for q in range(rewound.n) if q != seat and card in rewound.followers[q]), None)
        if holder is None:
            return None             # only where ``seat`` could see it: ``world`` does not fit
        pile = list(rewound.followers[holder])
        pile[pile.index(card)] = stand_in
        rewound.followers[holder] = tuple(pile)
    rewound.hands[o] = sorted(held)
    rewound._legal_cache = None         # the hands changed under it
    return rewound


def horizon(game):
    """ISMCTS hook: with two players every rollout stops where phase 2 starts and the judge reads
    the hands (70.8 % of 200 games against flat Monte Carlo at 0.2 s a move, where rollouts to the
    end scored 58.9 % of 600; docs/agents.md); with three or four, where no judge is fitted,
    rollouts go to the end."""
    return at_phase_two_start if game.num_players == 2 else None


# The hooks a search (ISMCTS) takes from this game (ludus.core.parts).
SEARCH_HOOKS = SearchHooks(leaf_values=leaf_values, rollout_policy=rollout_policy, rewind=rewind,
                           horizon=horizon)
