"""The rules of Caesar & Cleopatra (classic and 2024 editions) as a state machine of decisions.

Rule ids (C1-C35, N1-N10) refer to docs/caesar-cleopatra.md. A turn is a sequence of decisions,
each one action; ``phase`` says which decision is due and ``current_player`` who makes it. Chance
(shuffles, bust draws) comes from ``self._chance()``. Everything is plain lists, tuples and ints:
what changes at most once a turn or so is a tuple, replaced when it changes, so that ``clone``
copies only the hands, the face-down cards and a few outer lists (see ``clone``).

The 2024 edition (``ed2024``) is the classic state machine with a few branches: a hand of six
refilled after the vote (N1), one card down and/or one up (N2: phases ``ADD_UP``/``ADD_DOWN``),
the action card before or after the placement (N3), a start Veto and a shuffled pile (N4), and
the bust bag in place of the VoC deck (N5-N7) — kept in the same three tuples: ``voc_deck`` is the
bag (sorted: a bag has no order, each draw is a fresh chance event), ``voc_discard`` the busts
drawn (beside their groups, grey beside the bag), ``voc_out`` the busts out of the game.

Knowledge (C34/C35): ``know_inf[p]`` and ``know_act[p]`` are seat p's exact beliefs (weighted
pool hypotheses, ``ludus.core.knowledge.Beliefs``) over the opponent's influence and action
cards; ``resample`` deals them.
"""

from __future__ import annotations

import functools
import random

from ...core.copying import CLONES, GRID, LIST, ROWS, cloner
from ...core.events import LazyEvents
from ...core.game import State
from ...core.knowledge import NO_KNOWLEDGE, Beliefs
from ...core.rng import shuffle
from . import events as ev
from .cards import (
    ACTION_DECK,
    ACTION_NAMES,
    ACTION_PILE_2024,
    ASSASSIN,
    BLACK,
    BONUS_GOALS,
    BONUS_NEEDS,
    BUST_NAMES,
    CARD_NAMES,
    CASTLING,
    GROUP_SIZES,
    GROUPS,
    HAND_SIZE,
    MAX_GROUP,
    MAX_SIDE,
    ORGY,
    ORGY_RESHUFFLE,
    PHILOSOPHER,
    SCOUT,
    SPY,
    START_CARD_2024,
    VALUE_NAMES,
    VETO,
    VOC_NAMES,
    WRATH,
    target_text,
)
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
    PILE_NAMES,
    PLAY_ASSASSIN,
    PLAY_CASTLING,
    PLAY_SCOUT,
    PLAY_SPY,
    PLAY_WRATH,
    PLAYED,
    TAKE,
    UP,
    VETO_IT,
    A,
)
from .notation import GRID as ACTION_GRID
from .phases import (
    ACT_ZONE_NAMES,
    ADD_DOWN,
    ADD_UP,
    AFTER_PLACE,
    AFTER_REFILL,
    ARRANGING,
    CASTLING_PLACE,
    DRAW_ONE,
    INF_ZONE_NAMES,
    OPENING,
    OVER,
    PASSIVE_DISCARD,
    PASSIVE_DRAW,
    PHASE_NAMES,
    PLACE,
    REFILL,
    SECOND_UP,
    SPY_PICK,
    VETO_WINDOW,
    VOTE_ACTION,
    Z_BUF,
    Z_HAND,
    Z_PILE,
    ZA_HAND,
    ZA_PILE,
    ZA_SETUP,
)
from .view import explain_illegal, observe, render_text, zones

_DONE, _PASSIVE, _VETO, _ALLOW = A[(DONE, 0, 0)], A[(PASSIVE, 0, 0)], A[(VETO_IT, 0, 0)], A[(ALLOW, 0, 0)]
_SPY = A[(PLAY_SPY, 0, 0)]
_DRAW = (A[(DRAW, INFLUENCE_PILE, 0)], A[(DRAW, ACTION_PILE, 0)])
_CASTLE_AT, _ASSASSIN_AT = ACTION_GRID[CASTLE], ACTION_GRID[PLAY_ASSASSIN]


@functools.cache
def _placements(kinds: tuple, groups: tuple, values: tuple) -> tuple:
    """C12: every card of ``values`` placed each way of ``kinds`` (DOWN, UP) at each of
    ``groups``, in that order: the same few combinations come back all game long, so each list
    is built once."""
    return tuple(ACTION_GRID[kind][g][v] for kind in kinds for g in groups for v in values)


_DOWN_UP, _JUST = (DOWN, UP), {DOWN: (DOWN,), UP: (UP,)}


class CCState(State):
    """A position of Caesar & Cleopatra. Seat 0 is Cleopatra, seat 1 Caesar."""

    __slots__ = (
        # options, read once
        "hand_size", "wrath_all", "philosopher_any", "arranged", "stalemate_turns", "ed2024",
        # the table
        "hand_inf", "hand_act", "down", "up", "inf_pile", "act_pile", "unarranged",
        "inf_discard", "act_discard", "won", "left", "voc_deck", "voc_discard", "voc_out",
        "bonus", "bonus_out",
        # the turn
        "phase", "active", "turn", "committed", "action_used", "opening_used", "pending",
        "resume", "voting", "castle_buf", "castle_groups", "owed", "pure_passes", "end_reason",
        # what each seat knows of the other's hidden cards
        "know_inf", "know_act",
    )

    # -- setup (C6-C11) --------------------------------------------------------------------

    @classmethod
    def new(cls, game, seed: int | None) -> CCState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        o = game.options
        s.ed2024 = ed2024 = o.edition == "2024"
        s.hand_size = HAND_SIZE[o.edition]                            # N1
        s.wrath_all = o.wrath == "all"
        s.philosopher_any = o.philosopher == "any"
        s.arranged = o.action_deck == "arranged" and not ed2024      # N4: 2024 shuffles
        s.stalemate_turns = o.stalemate_turns
        rng = s._chance()
        if ed2024:
            deck = list(range(len(BUST_NAMES)))                      # N5: the bag, in no order
        else:
            deck = [0, 1, 2, 3, 4] + [ORGY] * (o.orgies - 1) + [ORGY_RESHUFFLE]
            shuffle(rng, deck)                                        # C6
        s.voc_deck, s.voc_discard, s.voc_out = tuple(deck), (), ()
        bonus = list(BONUS_GOALS)
        shuffle(rng, bonus)                                           # C9
        s.bonus, s.bonus_out = tuple(bonus[:2]), tuple(sorted(bonus[2:]))
        s.hand_inf, s.hand_act, s.inf_pile, s.act_pile, s.unarranged = [], [], [], [], []
        for _ in range(2):
            pile = [v for v in range(6) for _ in range(5 if v else 2)]
            shuffle(rng, pile)                                        # C7
            s.inf_pile.append(tuple(pile))
            s.hand_inf.append([0, 2, 2, 2, 2, 2])                    # the two sets set aside
            s.hand_act.append([0] * 6)
            if s.arranged:                                           # C8
                s.act_pile.append(())
                s.unarranged.append(tuple(ACTION_DECK))
            else:
                pile_counts = ACTION_PILE_2024 if ed2024 else ACTION_DECK
                acts = [k for k in range(6) for _ in range(pile_counts[k])]
                shuffle(rng, acts)
                s.act_pile.append(tuple(acts))
                s.unarranged.append((0,) * 6)
                if ed2024:
                    s.hand_act[-1][START_CARD_2024] = 1              # N4: the start card
        s.down = [[[] for _ in range(5)] for _ in range(2)]
        s.up = [[()] * 5, [()] * 5]
        s.inf_discard = [(0,) * 6, (0,) * 6]
        s.act_discard = [(0,) * 6, (0,) * 6]
        s.won = [(0,) * 5, (0,) * 5]
        s.left = tuple(GROUP_SIZES)
        s.turn = 0
        s.committed = s.action_used = False
        s.opening_used = (0,) * 6
        s.pending = None
        s.resume = PLACE
        s.castle_buf = (0,) * 6
        s.castle_groups = ()
        s.voting = -1
        s.owed = 0
        s.pure_passes = 0
        s.end_reason = ""
        s.know_inf, s.know_act = [], []
        for _ in range(2):
            k = Beliefs(6, 8)
            k.add([0, 2, 2, 2, 2, 2], _slots(8, Z_HAND, 10))
            k.add([2, 5, 5, 5, 5, 5], _slots(8, Z_PILE, 27))
            s.know_inf.append(k)
            ka = Beliefs(6, 3)
            if ed2024:   # N4: everybody knows the start card is in the hand
                ka.add(ACTION_PILE_2024, _slots(3, ZA_PILE, sum(ACTION_PILE_2024)))
                ka.add(_counts([START_CARD_2024]), _slots(3, ZA_HAND, 1))
            else:
                ka.add(ACTION_DECK, _slots(3, ZA_SETUP if s.arranged else ZA_PILE, 13))
            s.know_act.append(ka)
        s.active = 0
        s._set_phase(ARRANGING if s.arranged else OPENING, 0)
        return s

    def _set_phase(self, phase: int, player: int | None) -> None:
        self.phase = phase
        self.current_player = player

    # -- legal actions --------------------------------------------------------------------

    def _room(self, p: int, g: int) -> int:
        """How many more cards seat p may place at group g (C13, C15)."""
        if not self.left[g]:
            return 0
        own = len(self.down[p][g]) + len(self.up[p][g])
        room = MAX_GROUP - own - len(self.down[1 - p][g]) - len(self.up[1 - p][g])
        return room if room < MAX_SIDE - own else MAX_SIDE - own

    def _rooms(self, p: int) -> list[int]:
        """``_room`` for every group at once (the hot path of the placement choices)."""
        left, mine_d, mine_u = self.left, self.down[p], self.up[p]
        their_d, their_u = self.down[1 - p], self.up[1 - p]
        rooms = []
        for g in range(5):
            if left[g]:
                own = len(mine_d[g]) + len(mine_u[g])
                room = MAX_GROUP - own - len(their_d[g]) - len(their_u[g])
                rooms.append(room if room < MAX_SIDE - own else MAX_SIDE - own)
            else:
                rooms.append(0)
        return rooms

    def _legal(self) -> list:
        ph, p = self.phase, self.current_player
        if ph == REFILL or ph == DRAW_ONE or ph == PASSIVE_DRAW:
            return self._draw_choices(p)
        if ph == PLACE:
            return self._place_choices(p)
        if ph == SECOND_UP:
            out = [*_placements(_JUST[UP], _with_room(self._rooms(p)), _held(self.hand_inf[p]))]
            return out + self._action_choices(p) if not self.action_used else out
        if ph == AFTER_PLACE or ph == AFTER_REFILL or ph == VOTE_ACTION:
            return self._action_choices(p) + [_DONE]
        if ph == VETO_WINDOW:
            return [_VETO, _ALLOW] if self.hand_act[p][VETO] else [_ALLOW]
        if ph == CASTLING_PLACE:
            buf = self.castle_buf
            return [_CASTLE_AT[g][v] for g in self.castle_groups if self._room(p, g)
                    for v in range(6) if buf[v]]
        if ph == SPY_PICK:
            q = 1 - p
            return ([A[(TAKE, v, 0)] for v in range(6) if self.hand_inf[q][v]]
                    + [A[(TAKE, 6 + k, 0)] for k in range(6) if self.hand_act[q][k]])
        if ph == PASSIVE_DISCARD:
            return ([A[(DISCARD, v, 0)] for v in range(6) if self.hand_inf[p][v]]
                    + [A[(DISCARD, 6 + k, 0)] for k in range(6) if self.hand_act[p][k]] + [_DONE])
        if ph == ARRANGING:
            return [A[(ARRANGE, k, 0)] for k in range(6) if self.unarranged[p][k]]
        if ph == OPENING:
            return [A[(OPEN, v, 0)] for v in range(1, 6) if not self.opening_used[v]]
        if ph == ADD_UP or ph == ADD_DOWN:                              # N2, N3
            kinds = _JUST[UP if ph == ADD_UP else DOWN]
            return [*_placements(kinds, _with_room(self._rooms(p)), _held(self.hand_inf[p])),
                    *self._action_choices(p), _DONE]
        return []

    def _draw_choices(self, p: int) -> list:
        out = []
        if self.inf_pile[p]:
            out.append(_DRAW[0])
        if self.act_pile[p]:
            out.append(_DRAW[1])
        return out

    def _place_choices(self, p: int) -> list:
        """C12/C14: placements, action cards and (before committing) the passive turn. With an
        influence card in hand but no room anywhere, the active turn is still open through an
        action card that makes room first (``_openers``)."""
        hand = self.hand_inf[p]
        n = sum(hand)
        out = []
        if n:
            rooms = self._rooms(p)
            total_room = sum(rooms)
            if total_room:
                up = self.ed2024 or (n >= 2 and total_room >= 2)                # C14; N2: one card up
                out = [*_placements(_DOWN_UP if up else _JUST[DOWN], _with_room(rooms), _held(hand))]
                if not self.action_used:
                    out += self._action_choices(p)
            elif not self.action_used:
                out += self._openers(p)
        if not self.committed:
            out.append(_PASSIVE)
        return out

    def _openers(self, p: int) -> list:
        """C14: on a board without room for p, the action cards that would make room: an
        Assassin or a Wrath at a live group that then has room on p's side. Castling keeps the
        room of its two groups (each own card taken out frees a place, each put back takes one),
        and Spy and Scout take nothing off the board, so none of them opens room."""
        out = []
        for a in self._action_choices(p):
            g = a.group
            if a.kind == PLAY_ASSASSIN:
                # the group is full (8 cards); one card fewer leaves room unless p's side holds 5
                if len(self.down[p][g]) + len(self.up[p][g]) < MAX_SIDE:
                    out.append(a)
            elif a.kind == PLAY_WRATH:
                own = len(self.down[p][g])
                total = own + len(self.down[1 - p][g])
                if self.wrath_all or (own < MAX_SIDE and total < MAX_GROUP):
                    out.append(a)
        return out

    def _action_choices(self, p: int) -> list:
        """C16: each action card in hand with each target where it has an effect."""
        ha = self.hand_act[p]
        if self.action_used or not any(ha[:VETO]):
            return []
        q = 1 - p
        out = []
        if ha[ASSASSIN]:
            for g in range(5):
                for v in sorted(set(self.up[q][g])):
                    out.append(_ASSASSIN_AT[g][v])
        if ha[SPY] and (any(self.hand_inf[q]) or any(self.hand_act[q])):
            out.append(_SPY)
        if ha[CASTLING]:
            live = [g for g in range(5) if self.left[g]]
            own = [len(self.down[p][g]) + len(self.up[p][g]) for g in range(5)]
            for i, g1 in enumerate(live):
                for g2 in live[i + 1:]:
                    if own[g1] + own[g2]:
                        out.append(A[(PLAY_CASTLING, g1, g2)])
        if ha[SCOUT]:
            out += [A[(PLAY_SCOUT, g, 0)] for g in range(5) if self.down[q][g]]
        if ha[WRATH]:
            for g in range(5):
                if self.up[0][g] or self.up[1][g] or (
                        self.wrath_all and (self.down[0][g] or self.down[1][g])):
                    out.append(A[(PLAY_WRATH, g, 0)])
        return out

    def action_seen_by(self, action, player: int):
        """C34: the opponent sees where a card goes face down (C10, C12, C25) and that an action
        card was put on the pile (C8), not which card — unless the move runs on, with no
        decision between, into a vote that reveals the card (C19, C20, N5). Then the vote shows
        the card together with the player's other face-down cards there: the move is seen whole
        only if they tell which card it was (none, or only cards of its value); else it is seen
        as ``(kind, group, *values)``: the group and, in value order, the values turned up there
        that were face down — alike whichever of them was the new one."""
        kind = action.kind
        if player == self.current_player or kind not in (ARRANGE, OPEN, DOWN, CASTLE):
            return action
        if kind in (DOWN, CASTLE):
            if not self._revealed_at_once(action):
                return (kind, action.group)
            v, hidden = action.value, self.down[self.current_player][action.group]
            if all(x == v for x in hidden):
                return action
            return (kind, action.group, *sorted((*hidden, v)))
        return kind

    def _revealed_at_once(self, action) -> bool:
        """Whether the face-down card of ``action`` is face up (or gone) when it returns. Only a
        move after which the turn runs straight into its votes can do that: it is played on a
        copy then, which is rare (no action card in hand, and no refill or second card due)."""
        p, g = self.current_player, action.group
        if action.kind == CASTLE:
            if sum(self.castle_buf) > 1:
                return False
        elif self._can_act(p) or (
                not self.ed2024 and sum(self.hand_inf[p]) + sum(self.hand_act[p]) <= self.hand_size
                and (self.inf_pile[p] or self.act_pile[p])):
            return False
        after = self.clone()
        after.stop_tracking()
        after.apply_trusted(action)
        return len(after.down[p][g]) != len(self.down[p][g]) + 1

    # -- applying ---------------------------------------------------------------------------
    #
    # While ``narrate`` is set, the rules return their events as records ``(build, *args)``, in
    # the order they happen, with only immutable args; ``_apply`` hands them over as LazyEvents,
    # built only if someone reads them (most callers drop them). Otherwise they return [].

    def _apply(self, action) -> list:
        records = self._rules(action)
        return LazyEvents.of(records) if self.narrate else records

    def _rules(self, action) -> list:
        kind, a, b = action
        p = self.current_player
        if kind == DRAW:
            ph = self.phase
            if ph == PASSIVE_DRAW:
                return self._passive_draws(p, a)
            out = self._draw(p, a)
            if ph == REFILL:
                out += self._continue_refill()
            elif ph == DRAW_ONE:
                if self.ed2024 and self._short(p):   # N3: the vetoing seat draws back to six
                    return out
                out += self._resume()
            return out
        if kind == DOWN:
            return self._place(p, a, b, False)
        if kind == UP:
            return self._place(p, a, b, True)
        if kind in PLAYED:
            return self._play_action(p, PLAYED[kind], a, b)
        if kind == DONE:
            ph = self.phase
            if ph == AFTER_PLACE:
                return self._votes() if self.ed2024 else self._start_refill()
            if ph == AFTER_REFILL or ph == ADD_UP or ph == ADD_DOWN:
                return self._votes()
            if ph == VOTE_ACTION:                                       # C19: count it now
                out = self._tally(self.voting, True)
                return out if self.is_terminal else out + self._next_votes()
            return self._start_passive_draws()
        if kind == VETO_IT or kind == ALLOW:
            return self._answer(p, kind == VETO_IT)
        if kind == CASTLE:
            return self._castle_place(p, a, b)
        if kind == TAKE:
            return self._spy_take(p, a)
        if kind == PASSIVE:
            self.committed = True
            self._set_phase(PASSIVE_DISCARD, p)
            return []
        if kind == DISCARD:
            return self._discard_from_hand(p, a, "passive")
        if kind == ARRANGE:
            return self._arrange(p, a)
        return self._open(p, a)

    def _arrange(self, p: int, kind: int) -> list:
        """C8: the next card, top to bottom, of p's action pile."""
        self.unarranged[p] = _bumped(self.unarranged[p], kind, -1)
        self.act_pile[p] = (kind, *self.act_pile[p])   # drawn from the end: the first chosen is the top
        self.know_act[1 - p].move(ZA_SETUP, ZA_PILE)
        if not any(self.unarranged[p]):
            self._set_phase(ARRANGING if p == 0 else OPENING, 1 if p == 0 else 0)
        return [(ev.ActionCardArranged, p, ACTION_NAMES[kind])] if self.narrate else []

    def _open(self, p: int, v: int) -> list:
        """C10: one value per group, in board order."""
        g = sum(1 for x in self.opening_used if x)
        self.opening_used = _bumped(self.opening_used, v, 1)
        self.hand_inf[p][v] -= 1
        self.down[p][g].append(v)
        out = [(ev.OpeningCardPlaced, p, GROUPS[g], VALUE_NAMES[v])] if self.narrate else []
        # C10/C35: the opponent knows the opened cards are distinct values: one set 1-5 lies
        # over the g+1 opened groups and the hand, the other set 1-5 in the hand. (Moving a card
        # of one pool of two 1-5 sets would admit worlds with a value opened twice.) After the
        # fifth card: one each of 1-5 at the groups, 1-5 in hand.
        if self.tracking:
            k = Beliefs(6, 8)
            k.add([0, 1, 1, 1, 1, 1], [4 - g] + [1] * (g + 1) + [0] * (4 - g) + [0, 0])
            k.add([0, 1, 1, 1, 1, 1], _slots(8, Z_HAND, 5))
            k.add([2, 5, 5, 5, 5, 5], _slots(8, Z_PILE, 27))
            self.know_inf[1 - p] = k
        if g == 4:
            self.opening_used = (0,) * 6
            if p == 0:
                self._set_phase(OPENING, 1)
            else:
                self._start_turn(0)                                    # C11
        return out

    def _start_turn(self, p: int) -> None:
        self.active = p
        self.turn += 1
        self.committed = self.action_used = False
        self._set_phase(PLACE, p)

    def _draw(self, p: int, pile: int):
        """Draw the top card of one of p's piles (C18)."""
        if pile == INFLUENCE_PILE:
            pile = self.inf_pile[p]
            v, self.inf_pile[p] = pile[-1], pile[:-1]
            self.hand_inf[p][v] += 1
            self.know_inf[1 - p].move(Z_PILE, Z_HAND)
            return [(ev.CardDrawn, p, "influence", VALUE_NAMES[v])] if self.narrate else []
        pile = self.act_pile[p]
        k, self.act_pile[p] = pile[-1], pile[:-1]
        self.hand_act[p][k] += 1
        self.know_act[1 - p].move(ZA_PILE, ZA_HAND)
        return [(ev.CardDrawn, p, "action", ACTION_NAMES[k])] if self.narrate else []

    def _place(self, p: int, v: int, g: int, face_up: bool) -> list:
        """C12: one card down, or the first or second of two cards up. N2 (2024): one card down
        and/or one up — after the first, the other kind may follow (``ADD_UP``/``ADD_DOWN``)."""
        self.hand_inf[p][v] -= 1
        self.committed = True
        if face_up:
            self.up[p][g] += (v,)
            self.know_inf[1 - p].reveal(Z_HAND, v)
        else:
            self.down[p][g].append(v)
            self.know_inf[1 - p].move(Z_HAND, 1 + g)
        out = [(ev.InfluencePlaced, p, GROUPS[g], VALUE_NAMES[v], face_up)] if self.narrate else []
        if self.phase == PLACE:
            if self.ed2024:
                # N2: offer the other kind when it can be placed (hand counts and room are public)
                if any(self.hand_inf[p]) and any(self._rooms(p)):
                    self._set_phase(ADD_DOWN if face_up else ADD_UP, p)
                    return out
            elif face_up:
                self._set_phase(SECOND_UP, p)
                return out
        return out + self._placement_done(p)

    def _can_act(self, p: int) -> bool:
        """Whether p gets the optional action decision (C16): the count of action cards in a
        hand is public, so offering the decision leaks nothing."""
        return not self.action_used and any(self.hand_act[p])

    def _placement_done(self, p: int) -> list:
        if self._can_act(p):
            self._set_phase(AFTER_PLACE, p)
            return []
        return self._votes() if self.ed2024 else self._start_refill()

    def _start_refill(self) -> list:
        self._set_phase(REFILL, self.active)
        return self._continue_refill()

    def _continue_refill(self) -> list:
        p = self.active
        if sum(self.hand_inf[p]) + sum(self.hand_act[p]) < self.hand_size and (
                self.inf_pile[p] or self.act_pile[p]):
            return []
        if self.ed2024:                       # N1, N10: the refill ends the turn
            return self._end_turn(progress=True)
        if self.voting >= 0:                  # C19: refilled after an action during a vote
            return self._next_votes()
        if self._can_act(p):
            self._set_phase(AFTER_REFILL, p)
            return []
        return self._votes()

    # -- action cards (C16, C17, C23-C28) ---------------------------------------------------

    def _play_action(self, p: int, kind: int, a: int, b: int) -> list:
        self.hand_act[p][kind] -= 1
        self.act_discard[p] = _bumped(self.act_discard[p], kind, 1)
        self.know_act[1 - p].reveal(ZA_HAND, kind)
        self.action_used = self.committed = True
        self.pending = (kind, a, b)
        self.resume = self.phase
        self._set_phase(VETO_WINDOW, 1 - p)
        return [(_action_card_played, p, kind, a, b)] if self.narrate else []

    def _answer(self, q: int, veto: bool) -> list:
        """C17: the opponent vetoes or allows the pending action card."""
        p = 1 - q
        out = [(ev.ActionAnswered, q, veto)] if self.narrate else []
        if veto:
            self.hand_act[q][VETO] -= 1
            self.act_discard[q] = _bumped(self.act_discard[q], VETO, 1)
            self.know_act[p].reveal(ZA_HAND, VETO)
            self.pending = None
            return out + self._draw_one(q)
        kind, a, b = self.pending
        self.pending = None
        if kind == ASSASSIN:                                            # C23
            self.up[q][b] = _without(self.up[q][b], a)
            self.inf_discard[q] = _bumped(self.inf_discard[q], a, 1)
            if self.narrate:
                out.append((_influence_removed, q, b, (a,), "assassin"))
        elif kind == SCOUT:                                             # C26
            values = self.down[q][a]
            self.know_inf[p].reveal_all(1 + a, values)
            self.up[q][a] += tuple(values)
            self.down[q][a] = []
            if self.narrate:
                out.append((_cards_revealed, q, a, tuple(values), "scout"))
        elif kind == WRATH:                                             # C27
            for s in (0, 1):
                gone = list(self.up[s][a])
                self.up[s][a] = ()
                if self.wrath_all:
                    self.know_inf[1 - s].reveal_all(1 + a, self.down[s][a])
                    gone += self.down[s][a]
                    self.down[s][a] = []
                for v in gone:
                    self.inf_discard[s] = _bumped(self.inf_discard[s], v, 1)
                if gone and self.narrate:
                    out.append((_influence_removed, s, a, tuple(gone), "wrath"))
        elif kind == SPY:                                               # C24
            hand = [v for v in range(6) for _ in range(self.hand_inf[q][v])]
            acts = [k for k in range(6) for _ in range(self.hand_act[q][k])]
            self.know_inf[p].learn(Z_HAND, hand)
            self.know_act[p].learn(ZA_HAND, acts)
            if self.narrate:
                out.append((_hand_spied, p, q, tuple(hand), tuple(acts)))
            self._set_phase(SPY_PICK, p)
            return out
        elif kind == CASTLING:                                          # C25
            buf = [0] * 6
            k = self.know_inf[q]
            for g in (a, b):
                k.move_all(1 + g, Z_BUF)
                for v in self.up[p][g]:
                    k.hide(Z_BUF, v)
                for v in (*self.up[p][g], *self.down[p][g]):
                    buf[v] += 1
                self.up[p][g] = ()
                self.down[p][g] = []
            self.castle_buf = tuple(buf)
            self.castle_groups = (a, b)
            self._set_phase(CASTLING_PLACE, p)
            if self.narrate:
                out.append((ev.CastlingTaken, p, (GROUPS[a], GROUPS[b]), sum(buf)))
            return out
        return out + self._resume()

    def _draw_one(self, q: int) -> list:
        """The vetoing or spied seat draws one card of its choice at once (C17, C24); in 2024
        back to six, one card at a time (N3)."""
        if (self.inf_pile[q] or self.act_pile[q]) and (not self.ed2024 or self._short(q)):
            self._set_phase(DRAW_ONE, q)
            return []
        return self._resume()

    def _short(self, q: int) -> bool:
        """Whether seat q holds fewer cards than a full hand and can still draw."""
        return sum(self.hand_inf[q]) + sum(self.hand_act[q]) < self.hand_size and bool(
            self.inf_pile[q] or self.act_pile[q])

    def _spy_take(self, p: int, code: int) -> list:
        out = self._discard_from_hand(1 - p, code, "spy")
        return out + self._draw_one(1 - p)

    def _discard_from_hand(self, p: int, code: int, reason: str):
        if code < 6:
            self.hand_inf[p][code] -= 1
            self.inf_discard[p] = _bumped(self.inf_discard[p], code, 1)
            self.know_inf[1 - p].reveal(Z_HAND, code)
        else:
            self.hand_act[p][code - 6] -= 1
            self.act_discard[p] = _bumped(self.act_discard[p], code - 6, 1)
            self.know_act[1 - p].reveal(ZA_HAND, code - 6)
        if reason == "passive":
            self.owed += 1
        return [(ev.CardDiscarded, p, CARD_NAMES[code], reason)] if self.narrate else []

    def _castle_place(self, p: int, v: int, g: int) -> list:
        self.castle_buf = _bumped(self.castle_buf, v, -1)
        self.down[p][g].append(v)
        self.know_inf[1 - p].move(Z_BUF, 1 + g)
        out = [(ev.CastlingPlaced, p, GROUPS[g], VALUE_NAMES[v])] if self.narrate else []
        if not any(self.castle_buf):
            self.castle_groups = ()
            out += self._resume()
        return out

    def _resume(self) -> list:
        """Back to the active player's turn after an action card (and its answer) resolved."""
        p = self.active
        if self.resume == VOTE_ACTION:                                  # C19: now count the vote
            out = self._tally(self.voting, True)
            if self.is_terminal or self.ed2024:
                return out if self.is_terminal else out + self._next_votes()
            return out + self._start_refill()   # C18: refill after that vote, then the next ones
        if self.resume == SECOND_UP or (self.resume == PLACE and self._can_place(p)):
            self._set_phase(self.resume, p)
            return []
        if self.resume == PLACE:
            # C14: the action card meant to make room was vetoed: nothing is placed, the turn
            # goes on (the placement-done step is skipped: the turn's action card is used)
            out = [(ev.NoPlacement, p)] if self.narrate else []
            return out + (self._votes() if self.ed2024 else self._start_refill())
        if self.ed2024:               # N3: an action card after the first card ends the placement
            return self._votes()
        return self._start_refill()   # after the placement, or a second refill (C18)

    def _can_place(self, p: int) -> bool:
        """Whether p holds an influence card and some group has room for it (C12-C15)."""
        return any(self.hand_inf[p]) and any(self._rooms(p))

    # -- votes (C19, C20, C29, C30; N5-N8) -------------------------------------------------

    def _votes(self, start: int = 0) -> list:
        """C19: from group ``start`` on, in board order, each group that holds 8 cards when its
        turn comes votes: its cards are revealed; then, if the active player may still play the
        turn's action card, they decide (``VOTE_ACTION``) before the count. Then C20 / N5."""
        out = []
        d0, u0, d1, u1 = self.down[0], self.up[0], self.down[1], self.up[1]
        for g in range(start, 5):
            if len(d0[g]) + len(u0[g]) + len(d1[g]) + len(u1[g]) >= MAX_GROUP and self.left[g]:
                if self._can_act(self.active):
                    self._reveal(g)
                    if self.narrate:
                        out.append((_vote_revealed, g, tuple(u0[g]), tuple(u1[g])))
                    self.voting = g
                    self._set_phase(VOTE_ACTION, self.active)
                    return out
                out += self._tally(g, True)
                if self.is_terminal:
                    return out
        self.voting = -1
        if self.ed2024:
            return out + self._bust()
        card, self.voc_deck = self.voc_deck[-1], self.voc_deck[:-1]       # C20
        if self.narrate:
            out.append((ev.VoCFlipped, VOC_NAMES[card]))
        if card == ORGY_RESHUFFLE:
            deck = sorted((*self.voc_deck, *self.voc_discard, card))
            shuffle(self._chance(), deck)
            self.voc_deck, self.voc_discard = tuple(deck), ()
            if self.narrate:
                out.append((ev.VoCReshuffled, len(self.voc_deck)))
        else:
            self.voc_discard += (card,)
            if card < 5:
                out += self._tally(card, False)
                if self.is_terminal:
                    return out
        return out + self._end_turn(progress=True)

    def _bust(self) -> list:
        """N5: draw one bust from the bag (none on the start player's very first turn, N7);
        then the refill ends the turn (N1)."""
        out = []
        if self.turn != 1:                                              # N7
            i = self._pick_bust()
            bag = self.voc_deck
            bust, self.voc_deck = bag[i], bag[:i] + bag[i + 1:]
            if self.narrate:
                out.append((ev.BustDrawn, self.active, BUST_NAMES[bust]))
            if bust == BLACK:   # every drawn bust and the black one go back into the bag
                self.voc_deck = tuple(sorted((*self.voc_deck, *self.voc_discard, BLACK)))
                self.voc_discard = ()
                if self.narrate:
                    out.append((ev.BustsReturned, len(self.voc_deck)))
            else:               # a group's bust stands beside its group, grey beside the bag
                self.voc_discard += (bust,)
                if bust < 5:
                    out += self._tally(bust, False)
                    if self.is_terminal:
                        return out
        return out + self._start_refill()

    def _pick_bust(self) -> int:
        """The index in the (sorted) bag of the bust drawn: a fresh chance event each time."""
        return self._chance().randrange(len(self.voc_deck))

    def _next_votes(self) -> list:
        """C19: after the vote at ``voting`` was counted, the groups after it in board order."""
        g, self.voting = self.voting, -1
        return self._votes(g + 1)

    def _reveal(self, g: int) -> None:
        """C30.1: turn every card at g face up."""
        for s in (0, 1):
            if self.down[s][g]:
                self.know_inf[1 - s].reveal_all(1 + g, self.down[s][g])
                self.up[s][g] += tuple(self.down[s][g])
                self.down[s][g] = []

    def _tally(self, g: int, exceptional: bool) -> list:
        """C30: reveal (again: a Castling during the vote may have put cards face down), sum,
        decide, award, discard — on the cards at g now, however many."""
        self._reveal(g)
        cards = (tuple(self.up[0][g]), tuple(self.up[1][g]))
        sums = (sum(cards[0]), sum(cards[1]))
        if sums[0] == sums[1]:
            if not self.narrate:
                return []
            return [(_vote_held, g, cards, sums, None, False, ((), ()), exceptional)]
        n_p = (cards[0].count(PHILOSOPHER), cards[1].count(PHILOSOPHER))
        reverse = (n_p[0] + n_p[1] > 0) if self.philosopher_any else n_p[0] != n_p[1]
        hi = 0 if sums[0] > sums[1] else 1
        winner = 1 - hi if reverse else hi
        self.won[winner] = _bumped(self.won[winner], g, 1)
        self.left = _bumped(self.left, g, -1)
        discarded = ([], [])
        for s, highest in self._discarders(hi, winner):
            numbered = [v for v in self.up[s][g] if v]
            if numbered:
                v = max(numbered) if highest else min(numbered)
                self.up[s][g] = _without(self.up[s][g], v)
                self.inf_discard[s] = _bumped(self.inf_discard[s], v, 1)
                discarded[s].append(v)
        for s in (0, 1):                                                # C30.6
            while PHILOSOPHER in self.up[s][g]:
                self.up[s][g] = _without(self.up[s][g], PHILOSOPHER)
                self.inf_discard[s] = _bumped(self.inf_discard[s], PHILOSOPHER, 1)
                discarded[s].append(PHILOSOPHER)
        out = [(_vote_held, g, cards, sums, winner, reverse, (_names(discarded[0]), _names(discarded[1])),
                exceptional)] if self.narrate else []
        if not self.left[g]:
            out += self._exhaust(g)
        if not any(self.left):
            out += self._finish("every patrician has been won")            # C31
        return out

    def _discarders(self, hi: int, winner: int):
        """C30.5: (seat, discards its highest?) — by sums in the classic edition; in 2024 by
        the fragment's wording, the winner its highest and the loser its lowest (N8), unless
        ``discard_by=totals``."""
        if self.ed2024 and self.game.options.discard_by == "outcome":
            return ((winner, True), (1 - winner, False))
        return ((hi, True), (1 - hi, False))

    def _exhaust(self, g: int) -> list:
        """C29: an exhausted group's cards are discarded and its VoC card leaves the game; in
        2024 its bust, in the bag or beside the group (N6)."""
        out = [(ev.GroupExhausted, GROUPS[g], BUST_NAMES[g] if self.ed2024 else None)] if self.narrate else []
        for s in (0, 1):
            gone = (*self.up[s][g], *self.down[s][g])
            self.know_inf[1 - s].reveal_all(1 + g, self.down[s][g])
            for v in gone:
                self.inf_discard[s] = _bumped(self.inf_discard[s], v, 1)
            self.up[s][g], self.down[s][g] = (), []
            if gone and self.narrate:
                out.append((_influence_removed, s, g, tuple(gone), "exhausted"))
        if g in self.voc_deck:
            self.voc_deck = _without(self.voc_deck, g)
        if g in self.voc_discard:
            self.voc_discard = _without(self.voc_discard, g)
        self.voc_out += (g,)
        return out

    # -- passive turn (C21, C22) -----------------------------------------------------------

    def _start_passive_draws(self) -> list:
        """C21: the discards are done; one decision picks the pile the draws come from (none
        for a pure pass, or when both piles are empty)."""
        p = self.active
        out = [(ev.PassiveTurn, p, self.owed)] if self.narrate else []
        if self.owed and (self.inf_pile[p] or self.act_pile[p]):
            self._set_phase(PASSIVE_DRAW, p)
            return out
        return out + self._end_passive_turn()

    def _passive_draws(self, p: int, pile: int) -> list:
        """C21: every card from the chosen pile; the rest from the other if it runs short."""
        out = []
        piles = (self.inf_pile, self.act_pile)   # each seat's pile is replaced as it is drawn from
        for _ in range(self.owed):
            if not piles[pile][p]:
                pile = 1 - pile
                if not piles[pile][p]:
                    break
            out += self._draw(p, pile)
        return out + self._end_passive_turn()

    def _end_passive_turn(self) -> list:
        exchanged, self.owed = self.owed, 0
        return self._end_turn(progress=exchanged > 0)

    # -- end of turn and of game (C31-C33) ---------------------------------------------------

    def _end_turn(self, progress: bool) -> list:
        """C22: ``progress`` — an active turn, or a passive turn that exchanged a card (the piles
        or hands shrink, so the game stays finite); only pure passes count toward the guard."""
        self.pure_passes = 0 if progress else self.pure_passes + 1
        if self.pure_passes >= self.stalemate_turns:
            return self._finish(f"{self.pure_passes} pure passes in a row (stalemate)")
        if not any(self.hand_inf[0]) and not any(self.hand_inf[1]) and not (
                self.inf_pile[0] or self.inf_pile[1]):
            return self._finish("neither player has an influence card left")
        self._start_turn(1 - self.active)
        return []

    def _finish(self, reason: str) -> list:
        self.is_terminal = True
        self.end_reason = reason
        self._set_phase(OVER, None)
        if not self.narrate:
            return []
        r = self.returns()
        return [(ev.GameOver, reason, tuple(self.scores()), 0 if r[0] > 0 else 1 if r[1] > 0 else None)]

    def points(self, p: int, with_bonus: bool = True) -> int:
        """C32 points of seat p (the bonus goal only when asked: it is secret until the end)."""
        q = 1 - p
        pts = 0
        rulebook = self.game.options.majority == "rulebook"
        for g in range(5):
            mine, size = self.won[p][g], GROUP_SIZES[g]
            pts += mine
            if rulebook:
                if not self.left[g] and mine > size // 2:
                    pts += 1
                if mine and not self.won[q][g]:
                    pts += 1
            else:
                if mine > size // 2:
                    pts += 1
                if mine == size:
                    pts += 1
        if with_bonus and self.won[p][self.bonus[p]] >= BONUS_NEEDS:
            pts += 2
        return pts

    def scores(self) -> list[int]:
        """C32 points of each seat. The bonus goals are secret until the end, so before it the
        points leave them out (what every seat sees: ``points_public`` in ``observe``); at the end
        they count. Nothing hidden shows, whoever calls it when."""
        return [self.points(p, with_bonus=self.is_terminal) for p in (0, 1)]

    def returns(self) -> list[float]:
        """C33: more points wins, then more patricians; else a draw. Zero while not over."""
        if not self.is_terminal:
            return [0.0, 0.0]
        key = [(self.points(p), sum(self.won[p])) for p in (0, 1)]
        if key[0] == key[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if key[0] > key[1] else [-1.0, 1.0]

    # -- copies and worlds ----------------------------------------------------------------

    def _drop_knowledge(self) -> None:
        self.know_inf = [NO_KNOWLEDGE, NO_KNOWLEDGE]
        self.know_act = [NO_KNOWLEDGE, NO_KNOWLEDGE]

    # What changes at most once a turn or so is kept in tuples, replaced when it changes, and
    # shared by copies: the piles, the VoC deck (bag), the discards, the patricians won and left,
    # the face-up cards, the bonus goals, ``opening_used``, ``castle_buf``, ``pending`` and
    # ``castle_groups``. A search copies a state for every world it samples; the hands and the
    # face-down cards stay lists (one row per seat), and the outer lists of per-seat tuples
    # are copied.
    clone = cloner(outer=2, hand_inf=ROWS, hand_act=ROWS, down=GRID, up=ROWS, inf_pile=LIST, act_pile=LIST,
                   unarranged=LIST, inf_discard=LIST, act_discard=LIST, won=LIST, know_inf=CLONES,
                   know_act=CLONES)

    def _resample(self, player: int, rng: random.Random) -> CCState:
        """A world p cannot tell from this one (C35): p's pools over the opponent's cards are
        dealt afresh, p's own unseen pile orders and the VoC deck reshuffled, the opponent's
        bonus goal drawn from the five p has not seen, and future chance re-seeded. The 2024
        bust bag is public and has no order: it is kept as it is (its draws are future chance)."""
        w = self.clone()
        w._forget_past(rng)
        p, q = player, 1 - player
        zones = self.know_inf[p].sample(rng)
        w.hand_inf[q] = _counts(zones[Z_HAND])
        w.down[q] = [zones[1 + g] for g in range(5)]
        w.inf_pile[q] = tuple(zones[Z_PILE])
        if self.active == q and self.phase == CASTLING_PLACE:
            w.castle_buf = tuple(_counts(zones[Z_BUF]))
        azones = self.know_act[p].sample(rng)
        w.hand_act[q] = _counts(azones[ZA_HAND])
        w.act_pile[q] = tuple(azones[ZA_PILE])
        w.unarranged[q] = tuple(_counts(azones[ZA_SETUP]))
        if self.phase == OPENING and self.current_player == q:
            # C10/C35: mid-opening, the values q has opened are those dealt to q's groups.
            used = [0] * 6
            for g in range(5):
                for v in w.down[q][g]:
                    used[v] = 1
            w.opening_used = tuple(used)
        w.inf_pile[p] = _shuffled(rng, self.inf_pile[p])
        if not self.arranged:
            w.act_pile[p] = _shuffled(rng, self.act_pile[p])
        if not self.ed2024:
            w.voc_deck = _shuffled(rng, self.voc_deck)
        if not self.is_terminal:  # C34: at the end both bonus goals are shown; keep them
            unseen = list(BONUS_GOALS)
            unseen.remove(self.bonus[p])
            shuffle(rng, unseen)
            bonus = list(self.bonus)
            bonus[q] = unseen.pop()
            w.bonus, w.bonus_out = tuple(bonus), tuple(sorted(unseen))
        return w

    # -- inspection -------------------------------------------------------------------------

    def _observe(self, player: int | None) -> dict:
        return observe(self, player)

    def zones(self) -> dict[str, list]:
        """Every card by where it lies (for conservation checks and debugging)."""
        return zones(self)

    def _explain(self, action, legal: list) -> str:
        return explain_illegal(self, action, legal)

    def __str__(self) -> str:
        return render_text(self, None)


def _slots(n: int, zone: int, count: int) -> list[int]:
    s = [0] * n
    s[zone] = count
    return s


def _with_room(rooms: list[int]) -> tuple:
    return tuple([g for g in range(5) if rooms[g]])


def _held(counts: list[int]) -> tuple:
    return tuple([v for v in range(6) if counts[v]])


def _bumped(row: tuple, i: int, by: int) -> tuple:
    """``row`` with ``row[i]`` changed by ``by``: the counts kept in tuples are replaced, never
    changed, so that copies can share them."""
    out = list(row)
    out[i] += by
    return tuple(out)


def _without(cards: tuple, v: int) -> tuple:
    """``cards`` less the first ``v`` (as ``list.remove``)."""
    i = cards.index(v)
    return cards[:i] + cards[i + 1:]


def _shuffled(rng: random.Random, cards) -> tuple:
    """``cards`` in an order drawn by ``rng`` from their sorted order (so it depends on the
    multiset only)."""
    out = sorted(cards)
    shuffle(rng, out)
    return tuple(out)


def _counts(values) -> list[int]:
    c = [0] * 6
    for v in values:
        c[v] += 1
    return c


def _names(values) -> tuple:
    return tuple(VALUE_NAMES[v] for v in values)


def _lying(values) -> tuple:
    """The cards lying at a group, for an event, in value order: the order they lie in follows
    how they were placed, which Castling does unseen (C25), so it must not show."""
    return _names(sorted(values))


# Builders of the events whose fields take more than a lookup, called only when the events are read.

def _action_card_played(p: int, kind: int, a: int, b: int) -> ev.ActionCardPlayed:
    return ev.ActionCardPlayed(p, ACTION_NAMES[kind], target_text(kind, a, b))


def _influence_removed(p: int, g: int, values: tuple, reason: str) -> ev.InfluenceRemoved:
    return ev.InfluenceRemoved(p, GROUPS[g], _lying(values), reason)


def _cards_revealed(p: int, g: int, values: tuple, reason: str) -> ev.CardsRevealed:
    return ev.CardsRevealed(p, GROUPS[g], _lying(values), reason)


def _hand_spied(p: int, q: int, hand: tuple, acts: tuple) -> ev.HandSpied:
    return ev.HandSpied(p, q, tuple(CARD_NAMES[v] for v in hand) + tuple(ACTION_NAMES[k] for k in acts))


def _vote_revealed(g: int, cards0: tuple, cards1: tuple) -> ev.VoteRevealed:
    return ev.VoteRevealed(GROUPS[g], (_lying(cards0), _lying(cards1)))


def _vote_held(g: int, cards: tuple, *rest) -> ev.VoteHeld:
    return ev.VoteHeld(GROUPS[g], (_lying(cards[0]), _lying(cards[1])), *rest)


__all__ = ["CCState", "PHASE_NAMES", "PILE_NAMES", "INF_ZONE_NAMES", "ACT_ZONE_NAMES"]
