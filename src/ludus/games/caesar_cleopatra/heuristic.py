"""A heuristic player for Caesar & Cleopatra: one-step lookahead on a static evaluation.

It sees only its Perspective. For placements and action cards it applies each candidate to the
perspective's world (a determinization consistent with what the seat knows), finishes its own
follow-up choices greedily (Castling's placements, the Spy's pick, the placement an action card
made room for), assumes the opponent allows the action, and scores the result with
``evaluate``. The opponent's face-down cards are counted at their expected value, never at the
world's sampled values, so the bot does not play to a guess. During an exceptional vote (C19)
it plays each choice to the end of the turn — the count, the refill, the vote card — and keeps
the best: an Assassin on a card just revealed that turns a lost vote is found this way.
Small fixed rules cover the rest: keep one action card other than a Veto in hand, veto what
hurts more than a Veto is worth, discard 1s in a passive turn — and when no group has room and
no action card can make some, exchange influence cards for action cards to find one (C14).
"""

from __future__ import annotations

import math

from ...core.agent import RuleAgent
from ...core.parts import SearchHooks
from .cards import ASSASSIN, BONUS_NEEDS, CASTLING, GROUP_SIZES, PHILOSOPHER, SCOUT, SPY, VETO, WRATH
from .notation import (
    ACTION_PILE,
    ALLOW,
    ARRANGE,
    CASTLE,
    DISCARD,
    DONE,
    DOWN,
    DRAW,
    INFLUENCE_PILE,
    OPEN,
    PASSIVE,
    PLAY_ASSASSIN,
    PLAY_CASTLING,
    PLAY_SCOUT,
    PLAY_SPY,
    PLAY_WRATH,
    TAKE,
    UP,
    VETO_IT,
)
from .phases import CASTLING_PLACE, PLACE, SPY_PICK, VETO_WINDOW, VOTE_ACTION
from .rewind import rewind

UNKNOWN_CARD = 2.8        # expected value of an unseen influence card (27 cards: 25 numbered, 2 P)
VETO_WORTH = 0.6          # what keeping a Veto in hand is worth, in points
ACTION_CARD_WORTH = 0.25  # what an action card in hand is worth
OPENER_SLACK = 0.5        # an action card that makes room is played unless it costs more than this
# What playing an action card costs where the turn is played to its end: ``_best`` charges a
# card's worth twice (its place in hand, and the card itself), and at the end of a turn the
# refill has given the hand a card back, so the whole charge is made here.
PLAYED_CARD_COST = 2 * ACTION_CARD_WORTH
ARRANGE_ORDER = (VETO, ASSASSIN, SCOUT, SPY, CASTLING, WRATH)   # the action pile, top first
OPENING_ORDER = (5, 4, 3, 2, 1)           # biggest groups get the highest opening cards
PLAYS = (DOWN, UP, PLAY_ASSASSIN, PLAY_SPY, PLAY_CASTLING, PLAY_SCOUT, PLAY_WRATH, CASTLE)


def evaluate(w, p: int, informed: bool = False, knower: int | None = None) -> float:
    """How good world ``w`` looks for seat p, in points (higher is better), as seat ``knower``
    (p itself by default) sees it: its own face-down cards count at their values, the other's at
    their expected value — or, with ``informed``, every card at the world's own value (worth it
    only where the worlds are drawn with weight by what the opponent did: inference)."""
    q = 1 - p
    knower = p if knower is None else knower
    score = float(w.points(p) - w.points(q, with_bonus=False))
    bonus = w.bonus[p]
    for g in range(5):
        left = w.left[g]
        if not left:
            continue
        my_down, their_down = w.down[p][g], w.down[q][g]
        see_mine, see_theirs = informed or knower == p, informed or knower == q
        mine = sum(w.up[p][g]) + (sum(my_down) if see_mine else UNKNOWN_CARD * len(my_down))
        theirs = sum(w.up[q][g]) + (sum(their_down) if see_theirs else UNKNOWN_CARD * len(their_down))
        reversed_vote = (PHILOSOPHER in w.up[p][g] or PHILOSOPHER in w.up[q][g]
                         or (see_mine and PHILOSOPHER in my_down) or (see_theirs and PHILOSOPHER in their_down))
        margin = theirs - mine if reversed_vote else mine - theirs
        won, size = w.won[p][g], GROUP_SIZES[g]
        stake = 1.0
        if won <= size // 2 < won + left:
            stake += 0.8            # the majority point is still to be had
        if g == bonus and won < BONUS_NEEDS <= won + left:
            stake += 0.9            # the secret bonus goal is still reachable
        score += stake * math.tanh(margin / 4.0)
    hand = w.hand_inf[p]
    score += 0.04 * sum(v * n for v, n in enumerate(hand)) + 0.1 * sum(hand)
    score += ACTION_CARD_WORTH * sum(w.hand_act[p][:VETO]) + VETO_WORTH * w.hand_act[p][VETO]
    return score


class HeuristicAgent(RuleAgent):
    def decide(self, perspective, legal):
        world = perspective.world
        p = perspective.player
        kind = legal[0].kind
        if kind == ARRANGE:
            return _arrange(legal)
        if kind == OPEN:
            return max(legal, key=lambda a: a.value)
        if kind == DRAW:
            return self._draw(world, p)
        if world.phase == VETO_WINDOW:
            return self._answer(world, p, legal)
        if kind == TAKE:
            return max(legal, key=_spy_pick)
        if kind == DISCARD or (legal[-1].kind == DONE and legal[0].kind == DISCARD):
            return self._discard(world, p, legal)
        if world.phase == VOTE_ACTION:
            return self._vote_action(world, p, legal)
        return self._best(world, p, legal)

    def _draw(self, w, p: int):
        legal = {a.pile for a in self._draws(w, p)}
        pile = _needed_pile(w, p)
        if pile is None:
            pile = ACTION_PILE if sum(w.hand_inf[p]) >= 3 and not any(w.hand_act[p][:VETO]) else INFLUENCE_PILE
        if pile not in legal:
            pile = ACTION_PILE if ACTION_PILE in legal else INFLUENCE_PILE
        return next(a for a in self._draws(w, p) if a.pile == pile)

    @staticmethod
    def _discard(w, p: int, legal):
        """A passive turn: exchange 1s (two at most). A seat that cannot make an active turn
        (C14) exchanges up to three cards it cannot use for draws from the pile that can
        unblock it (``_needed_pile``; ``_draw`` picks it): action cards other than a Veto for
        influence, or Spies, Scouts, Castlings and spare influence cards for an Assassin or a
        Wrath."""
        need = _needed_pile(w, p)
        if need is not None and w.owed < 3:
            if need == INFLUENCE_PILE:
                spare = [a for a in legal if a.kind == DISCARD and a.card >= 6 and a.card != 6 + VETO]
            else:
                spare = [a for a in legal if a.kind == DISCARD and a.card - 6 in (SPY, SCOUT, CASTLING)]
                if sum(w.hand_inf[p]) > 1:
                    spare += [a for a in legal if a.kind == DISCARD and a.card < 6]
            if spare:   # action cards first, then influence from the lowest, a Philosopher as a 2½
                return min(spare, key=lambda a: a.card if 0 < a.card < 6 else 2.5 if a.card == 0 else -1)
        ones = [a for a in legal if a.kind == DISCARD and a.card == 1]
        return ones[0] if ones and w.owed < 2 else legal[-1]

    @staticmethod
    def _draws(w, p):
        return [a for a in w.legal_actions() if a.kind == DRAW]

    def _answer(self, w, p: int, legal):
        allow = next(a for a in legal if a.kind == ALLOW)
        veto = next((a for a in legal if a.kind == VETO_IT), None)
        if veto is None:
            return allow
        after_allow = w.clone()
        after_allow.apply_trusted(allow)
        self._finish_own(after_allow, 1 - p)
        loss = evaluate(w, p) - evaluate(after_allow, p)
        return veto if loss > VETO_WORTH + 0.3 else allow

    def _best(self, w, p: int, legal):
        base = evaluate(w, p)
        best, best_value = None, -math.inf
        for a in legal:
            if a.kind not in PLAYS:
                continue
            after = w.clone()
            after.apply_trusted(a)
            self._finish_own(after, p)
            value = evaluate(after, p)
            if a.kind not in (DOWN, UP, CASTLE):
                value -= ACTION_CARD_WORTH  # the card itself is spent
            value += 1e-6 * self.rng.random()  # break ties without a fixed bias
            if value > best_value:
                best, best_value = a, value
        done = next((a for a in legal if a.kind == DONE), None)
        if done is not None and (best is None or best_value <= base + 0.05):
            return done
        passive = next((a for a in legal if a.kind == PASSIVE), None)
        if best is None or (passive is not None and best.kind not in (DOWN, UP)
                            and best_value < base - OPENER_SLACK):
            return passive   # no placement now, and no action card worth the room it makes
        return best

    def _vote_action(self, w, p: int, legal):
        """C19: the cards of an exceptional vote are revealed. Each choice (an action card, or
        ``done``) is played to the end of the turn on a copy of the same world, so all of them
        meet the same refill cards and vote card; the best end wins, less what a card played
        costs, and ``done`` on near ties."""
        values = {a: self._turn_end_value(w, p, a) - (a.kind != DONE) * PLAYED_CARD_COST for a in legal}
        done = next(a for a in legal if a.kind == DONE)
        best = max(legal, key=lambda a: (values[a], a.kind == DONE))
        return best if values[best] > values[done] + 0.1 else done

    def _turn_end_value(self, w, p: int, action) -> float:
        c = w.clone()
        c.apply_trusted(action)
        turn = w.turn   # ``done`` may have ended the turn already: nothing of the next is played
        for _ in range(60):
            if c.is_terminal or c.turn != turn:
                break
            self._step_own(c, p)
        return evaluate(c, p)

    def _step_own(self, c, p: int) -> None:
        """One decision of a turn played out: the opponent allows, draws are ``_draw``'s, the
        follow-ups of an action card greedy, optional steps ``done``."""
        legal = c.legal_actions()
        q = c.current_player
        if c.phase == VETO_WINDOW:
            c.apply_trusted(next(a for a in legal if a.kind == ALLOW))
        elif legal[0].kind == DRAW:
            c.apply_trusted(self._draw(c, q))
        elif legal[-1].kind == DONE:
            c.apply_trusted(legal[-1])
        else:
            c.apply_trusted(max(legal, key=lambda a: _after(c, a, p)))

    def _finish_own(self, w, p: int) -> None:
        """Play out the follow-up of an action card: opponent allows, then greedy picks."""
        for _ in range(40):
            if w.is_terminal:
                return
            if w.phase == VETO_WINDOW and w.current_player != p:
                w.apply_trusted(next(a for a in w.legal_actions() if a.kind == ALLOW))
            elif w.current_player == p and w.phase == CASTLING_PLACE:
                options = w.legal_actions()
                w.apply_trusted(max(options, key=lambda a: _after(w, a, p)))
            elif w.current_player == p and w.phase == SPY_PICK:
                options = w.legal_actions()
                w.apply_trusted(max(options, key=_spy_pick))
            elif w.current_player == p and w.phase == PLACE and w.action_used:
                # C14: the placement an action card made room for
                options = [a for a in w.legal_actions() if a.kind == DOWN]
                if not options:
                    return
                w.apply_trusted(max(options, key=lambda a: _after(w, a, p)))
            else:
                return


def _needed_pile(w, p: int) -> int | None:
    """The pile that can give p an active turn again (C14), if p cannot make one now: influence
    when p holds no influence card, action when no group has room for p and p holds no Assassin
    or Wrath to make some but its action pile does (a seat knows what is left in its own pile).
    None when p is not blocked, or that pile cannot help."""
    if not any(w.hand_inf[p]):
        return INFLUENCE_PILE if w.inf_pile[p] else None
    if any(w._rooms(p)) or w.hand_act[p][ASSASSIN] or w.hand_act[p][WRATH]:
        return None
    pile = w.act_pile[p]
    return ACTION_PILE if ASSASSIN in pile or WRATH in pile else None


def _after(w, a, p: int) -> float:
    c = w.clone()
    c.apply_trusted(a)
    return evaluate(c, p)


def _arrange(legal: list):
    """The next card of the action pile (top first), by ``ARRANGE_ORDER``."""
    return min(legal, key=lambda a: ARRANGE_ORDER.index(a.action_card))


def _spy_pick(take) -> tuple:
    """How much a Spy wants to take a card from the opponent's hand: a Veto most, then by value,
    any other action card as a 2½."""
    card = take.card
    return card == 6 + VETO, card if card < 6 else 2.5


def decide_without_search(perspective):
    """ISMCTS hook: the decisions a search cannot weigh, answered by rule (None: search). The
    action piles are arranged in 26 decisions before the first placement, so no rollout of a
    few steps reaches a turn where the order matters (its leaf is read at the first turn's start,
    which no arrangement changes): every arrangement scores alike, and a search would spend its
    whole budget choosing by noise. It arranges as the heuristic does, Veto first."""
    legal = perspective.legal_actions()
    return _arrange(legal) if legal[0].kind == ARRANGE else None


def leaf_values(w, seat: int, informed: bool = False) -> list[float]:
    """ISMCTS hook: ``evaluate`` as values in [-1, 1] per seat (the result when the game is over),
    both sides judged as the searching ``seat`` knows them: its own face-down cards at their
    values, the other's at their expected value (in a world they are a guess). Judging each side
    by its own knowledge instead would count the searcher's face-down cards at 2.8 in the other's
    half, and rate a low card face down above the same card face up."""
    if w.is_terminal:
        return w.returns()
    v = math.tanh((evaluate(w, 0, informed, seat) - evaluate(w, 1, informed, seat)) / 4.0)
    return [v, -v]


def informed_leaf_values(w, seat: int) -> list[float]:
    """ISMCTS hook (``infer``): the leaf reading the world's face-down values. In worlds drawn
    alike those values are noise and cost the search strength; in worlds weighed by the
    opponent's past moves they carry what the weights learnt (docs/agents.md)."""
    return leaf_values(w, seat, informed=True)


def at_turn_start(w) -> bool:
    """ISMCTS hook (``quiet``): a leaf is read at the start of a turn, never halfway through one,
    where the side to move has placed without drawing back yet and ``evaluate`` (which counts
    the cards in hand) would rate it low (a 2024 turn's veto and draw-back steps by up to 0.6)."""
    return w.phase == PLACE and not w.committed and not w.action_used


# The hooks a search (ISMCTS) takes from this game (ludus.core.parts). A game is ~250 decisions,
# so random rollouts to the end are dear and mostly noise; four random decisions and then
# ``evaluate`` measured far stronger (docs/agents.md). Inference rewinds the opponent's
# decisions (rewind.py) and models them by this heuristic.
SEARCH_HOOKS = SearchHooks(leaf_values=leaf_values, informed_leaf_values=informed_leaf_values, quiet=at_turn_start,
                           decide_without_search=decide_without_search, rewind=rewind, defaults={"depth": 4})
