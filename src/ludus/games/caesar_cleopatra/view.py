"""What a seat sees of Caesar & Cleopatra (C34): observations, card zones, messages.

Everything here reads a state and returns plain data; nothing here changes a state.
"""

from __future__ import annotations

from .cards import (
    ACTION_NAMES,
    BONUS_GOALS,
    BUST_NAMES,
    CARD_NAMES,
    GROUP_SIZES,
    GROUPS,
    SEAT_NAMES,
    VALUE_NAMES,
    VETO,
    VOC_NAMES,
    target_text,
)
from .notation import (
    ARRANGE,
    CASTLE,
    DISCARD,
    DOWN,
    DRAW,
    PLAY_CASTLING,
    PLAYED,
    TAKE,
    UP,
    VETO_IT,
)
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
    PASSIVE_DISCARD,
    PASSIVE_DRAW,
    PHASE_NAMES,
    PLACE,
    REFILL,
    SECOND_UP,
    SPY_PICK,
    VETO_WINDOW,
    VOTE_ACTION,
    Z_HAND,
    ZA_HAND,
)


def _sorted_names(values) -> list[str]:
    return [VALUE_NAMES[v] for v in sorted(values)]


def _hand_cards(s, p: int) -> list[str]:
    return ([VALUE_NAMES[v] for v in range(6) for _ in range(s.hand_inf[p][v])]
            + [ACTION_NAMES[k] for k in range(6) for _ in range(s.hand_act[p][k])])


def observe(s, player: int | None) -> dict:
    """All that ``player`` may know (None: a spectator, public information only)."""
    if player not in (0, 1, None):
        raise ValueError(f"observe needs seat 0 (cleopatra), 1 (caesar) or None; got {player!r}")
    groups = []
    for g in range(5):
        sides = []
        for p in (0, 1):
            side = {"face_up": _sorted_names(s.up[p][g]), "face_down": len(s.down[p][g])}
            if p == player:
                side["face_down_values"] = _sorted_names(s.down[p][g])
            sides.append(side)
        groups.append({"name": GROUPS[g], "size": GROUP_SIZES[g], "patricians_left": s.left[g],
                       "won": [s.won[0][g], s.won[1][g]], "sides": sides})
    seats = []
    for p in (0, 1):
        seat = {
            "name": SEAT_NAMES[p],
            "hand_size": sum(s.hand_inf[p]) + sum(s.hand_act[p]),
            "hand_action_cards": sum(s.hand_act[p]),
            "influence_pile": len(s.inf_pile[p]),
            "action_pile": len(s.act_pile[p]),
            "discard": {CARD_NAMES[v]: n for v, n in enumerate(s.inf_discard[p]) if n}
                       | {ACTION_NAMES[k]: n for k, n in enumerate(s.act_discard[p]) if n},
            "patricians": sum(s.won[p]),
            "points_public": s.points(p, with_bonus=False),
        }
        if s.arranged and any(s.unarranged[p]):
            seat["action_cards_to_arrange"] = sum(s.unarranged[p])
        if p == player:
            seat["hand"] = _hand_cards(s, p)
            seat["bonus_goal"] = GROUPS[s.bonus[p]]
            seat["points"] = s.points(p)
            if s.arranged:  # C8: the order a player chose is their own knowledge (top first)
                seat["action_pile_order"] = [ACTION_NAMES[k] for k in reversed(s.act_pile[p])]
                seat["unarranged"] = {ACTION_NAMES[k]: n for k, n in enumerate(s.unarranged[p]) if n}
        elif player is not None:
            ki, ka = s.know_inf[player], s.know_act[player]
            seat["hand_known"] = ([VALUE_NAMES[v] for v in ki.known_in(Z_HAND)]
                                  + [ACTION_NAMES[k] for k in ka.known_in(ZA_HAND)])
            seat["knowledge"] = {
                "influence": ki.to_json(VALUE_NAMES, INF_ZONE_NAMES),
                "action": ka.to_json(ACTION_NAMES, ACT_ZONE_NAMES),
            }
        if s.is_terminal:
            seat["bonus_goal"] = GROUPS[s.bonus[p]]
            seat["points"] = s.points(p)
        seats.append(seat)
    obs = {
        "game": "caesar-cleopatra",
        "options": s.game.options_dict(),   # the rules in play are public: the terminal's help tells them
        "seat": player,
        "turn": s.turn,
        "active": s.active,
        "to_move": s.current_player,
        "phase": PHASE_NAMES[s.phase],
        "action_card_used": s.action_used,
        "groups": groups,
        "seats": seats,
        "pure_passes": s.pure_passes,
        "over": s.is_terminal,
    }
    if s.ed2024:   # N5-N7: the bust bag is public
        obs["edition"] = "2024"
        obs["bust_bag"] = {
            "in_bag": [BUST_NAMES[b] for b in s.voc_deck],
            "drawn": [BUST_NAMES[b] for b in s.voc_discard],   # in the order drawn
            "out": [BUST_NAMES[b] for b in s.voc_out],
            "no_draw_this_turn": s.turn == 1,                  # N7: the start player's first turn
        }
    else:
        obs["voc"] = {
            "deck": sorted(VOC_NAMES[c] for c in s.voc_deck),
            "discard": [VOC_NAMES[c] for c in s.voc_discard],
            "out": [VOC_NAMES[c] for c in s.voc_out],
        }
    if s.phase == VETO_WINDOW and s.pending:
        kind, a, b = s.pending
        # C16: the card is played naming its target, so the veto is answered knowing both
        obs["pending_action"] = {"player": s.active, "card": ACTION_NAMES[kind],
                                 "target": target_text(kind, a, b)}
    if s.voting >= 0 and s.phase != REFILL:   # C19: a vote revealed, its count to come
        obs["voting"] = GROUPS[s.voting]
    if s.phase == CASTLING_PLACE:
        obs["castling"] = {"groups": [GROUPS[g] for g in s.castle_groups],
                           "cards_left": sum(s.castle_buf)}
        if player == s.active:
            obs["castling"]["cards"] = [VALUE_NAMES[v] for v in range(6) for _ in range(s.castle_buf[v])]
    if s.is_terminal:
        obs["end_reason"] = s.end_reason
        obs["returns"] = s.returns()
    return obs


def zones(s) -> dict[str, list]:
    """Every physical card by zone, labelled (owner, card)."""
    out: dict[str, list] = {}
    for p in (0, 1):
        who = SEAT_NAMES[p]

        def lab(code, who=who):
            return (who, CARD_NAMES[code])

        out[f"{who} hand"] = ([lab(v) for v in range(6) for _ in range(s.hand_inf[p][v])]
                              + [lab(6 + k) for k in range(6) for _ in range(s.hand_act[p][k])])
        out[f"{who} influence pile"] = [lab(v) for v in s.inf_pile[p]]
        out[f"{who} action pile"] = [lab(6 + k) for k in s.act_pile[p]]
        out[f"{who} unarranged"] = [lab(6 + k) for k in range(6) for _ in range(s.unarranged[p][k])]
        out[f"{who} discard"] = ([lab(v) for v in range(6) for _ in range(s.inf_discard[p][v])]
                                 + [lab(6 + k) for k in range(6) for _ in range(s.act_discard[p][k])])
        out[f"{who} castling"] = ([lab(v) for v in range(6) for _ in range(s.castle_buf[v])]
                                  if s.active == p else [])
        for g in range(5):
            out[f"{who} {GROUPS[g]} down"] = [lab(v) for v in s.down[p][g]]
            out[f"{who} {GROUPS[g]} up"] = [lab(v) for v in s.up[p][g]]
            out[f"{who} won {GROUPS[g]}"] = [("patrician", GROUPS[g])] * s.won[p][g]
        out[f"{who} bonus"] = [("bonus", GROUPS[s.bonus[p]])]
    for g in range(5):
        out[f"patricians {GROUPS[g]}"] = [("patrician", GROUPS[g])] * s.left[g]
    out["bonus out"] = [("bonus", GROUPS[b]) for b in s.bonus_out]
    if s.ed2024:
        out["bust bag"] = [("bust", BUST_NAMES[b]) for b in s.voc_deck]
        out["busts drawn"] = [("bust", BUST_NAMES[b]) for b in s.voc_discard]
        out["busts out"] = [("bust", BUST_NAMES[b]) for b in s.voc_out]
    else:
        out["voc deck"] = [("voc", VOC_NAMES[c]) for c in s.voc_deck]
        out["voc discard"] = [("voc", VOC_NAMES[c]) for c in s.voc_discard]
        out["voc out"] = [("voc", VOC_NAMES[c]) for c in s.voc_out]
    return out


def all_cards(game) -> list:
    """Every card of the game, labelled as in ``zones``."""
    from .cards import ACTION_DECK, INFLUENCE_DECK, ORGY, ORGY_RESHUFFLE

    out = []
    for who in SEAT_NAMES:
        out += [(who, CARD_NAMES[v]) for v in range(6) for _ in range(INFLUENCE_DECK[v])]
        out += [(who, ACTION_NAMES[k]) for k in range(6) for _ in range(ACTION_DECK[k])]
    for g in range(5):
        out += [("patrician", GROUPS[g])] * GROUP_SIZES[g]
    out += [("bonus", GROUPS[b]) for b in BONUS_GOALS]
    if game.options.edition == "2024":
        out += [("bust", name) for name in BUST_NAMES]
    else:
        voc = list(range(5)) + [ORGY] * (game.options.orgies - 1) + [ORGY_RESHUFFLE]
        out += [("voc", VOC_NAMES[c]) for c in voc]
    return out


def explain_illegal(s, action, legal: list) -> str:
    """Why ``action``, one of the game's actions, is refused now (``legal``: the moves that are
    legal), in words, with what would be right."""
    p = s.current_player
    who = SEAT_NAMES[p]
    kind = action.kind
    phase = s.phase
    reason = ""
    if kind in (DOWN, UP) and phase in (PLACE, SECOND_UP, ADD_UP, ADD_DOWN):
        value, group = action.value, action.group
        if not s.hand_inf[p][value]:
            reason = f"{who} holds no {VALUE_NAMES[value]}"
        elif not s.left[group]:
            reason = f"{GROUPS[group]} has no patricians left (C15)"
        elif not s._room(p, group):
            reason = f"{GROUPS[group]} is full on {who}'s side or in total (C13: 5 a side, 8 a group)"
        elif kind == DOWN and phase == SECOND_UP:
            reason = "after a face-up card the second card must be face up too (C12)"
        elif kind == DOWN and phase == ADD_UP:
            reason = "one card face down is placed already; the other may only be face up (N2)"
        elif kind == UP and phase == ADD_DOWN:
            reason = "one card face up is placed already; the other may only be face down (N2)"
        elif kind == UP:
            reason = "two face-up cards need two influence cards and room for both (C14)"
    elif kind in (DOWN, UP) and s.ed2024 and phase == AFTER_PLACE:
        reason = ("the placement is over: one card down and one up at most, and an action card "
                  "after the first card ends it (N2, N3)")
    elif kind in PLAYED:
        card = action.action_card
        when = ("before or after the placement, or in an exceptional vote's window (N3, N10)" if s.ed2024
                else "before or after a placement, after the refill, or in an exceptional vote's window (C16)")
        if not s.hand_act[p][card]:
            reason = f"{who} holds no {ACTION_NAMES[card]}"
        elif phase not in (PLACE, SECOND_UP, AFTER_PLACE, AFTER_REFILL, ADD_UP, ADD_DOWN, VOTE_ACTION):
            reason = (f"no action card in this step ({PHASE_NAMES[phase]}); they are played {when}"
                      if s.active == p else f"action cards are played only in your own active turn: {when}")
        elif s.action_used:
            reason = "only one action card per turn (C16), and this turn's is used"
        elif phase == PLACE and not any(s.hand_inf[p]):
            reason = (f"{who} holds no influence card, so this turn must be passive, without action "
                      "cards (C14)")
        elif phase == PLACE and not any(x.kind in (DOWN, UP) for x in legal):
            reason = (f"no group has room for {who}'s cards: only an Assassin or a Wrath that makes "
                      "room at a live group can start an active turn now (C14)")
        elif kind == PLAY_CASTLING and not all(s.left[g] for g in action.groups):
            exhausted = next(GROUPS[g] for g in action.groups if not s.left[g])
            reason = f"Castling needs two groups that still have patricians; {exhausted} is exhausted (C25)"
        else:
            reason = "the card needs a target where it has an effect (C16)"
    elif kind == ARRANGE and phase == ARRANGING:
        left = [f"{ACTION_NAMES[k]} ×{n}" for k, n in enumerate(s.unarranged[p]) if n]
        reason = (f"{who} has arranged every {ACTION_NAMES[action.action_card]} already; "
                  f"still to arrange: {', '.join(left)} (C8)")
    elif kind == DRAW:
        reason = "that pile is empty" if phase in (REFILL, DRAW_ONE, PASSIVE_DRAW) else "no draw is due now"
    elif kind == TAKE and phase == SPY_PICK:
        reason = f"{SEAT_NAMES[1 - p]}'s hand holds no {CARD_NAMES[action.card]}"
    elif kind == DISCARD and phase == PASSIVE_DISCARD:
        reason = f"{who} holds no {CARD_NAMES[action.card]}"
    elif kind == CASTLE and phase == CASTLING_PLACE:
        group, value = action.group, action.value
        if not s.castle_buf[value]:
            reason = f"{who} has no {VALUE_NAMES[value]} to put back"
        elif group not in s.castle_groups:
            reason = ("this Castling puts cards back only at the "
                      + " or the ".join(GROUPS[g] for g in s.castle_groups) + " (C25)")
        else:
            reason = (f"{GROUPS[group]} is full on {who}'s side or in total: Castling keeps the limits "
                      "(C25, C13: 5 a side, 8 a group)")
    elif kind == CASTLE:
        reason = ("no Castling is under way: 'castle' puts back the cards one takes, and "
                  "'castling senators censors' plays one (C25)")
    elif phase == VETO_WINDOW and kind == VETO_IT and not s.hand_act[p][VETO]:  # C17 (was kinds 6, 7)
        reason = f"{who} holds no Veto"
    return reason or f"it is not a move of the current step ({PHASE_NAMES[phase]})"


def render_text(s, player: int | None) -> str:
    """A compact text picture of the table as ``player`` sees it."""
    o = observe(s, player)
    lines = [f"turn {o['turn']}, {SEAT_NAMES[o['active']]} active, phase {o['phase']}"]
    for g in o["groups"]:
        sides = []
        for side in g["sides"]:
            hidden = side.get("face_down_values")
            down = f"[{' '.join(hidden)}]" if hidden is not None else "#" * side["face_down"]
            sides.append(f"{' '.join(side['face_up'])} {down}".strip())
        lines.append(f"  {g['name']:<9} left {g['patricians_left']} won {g['won']} | "
                     f"cleo: {sides[0] or '-'} | caesar: {sides[1] or '-'}")
    return "\n".join(lines)


