"""What a seat sees of Seize Rome (S18): observations, card zones, messages."""

from __future__ import annotations

from .cards import COLOURS, WILD, card_name


def _names(cards) -> list[str]:
    return [card_name(c) for c in sorted(cards)]


def observe(s, player: int | None) -> dict:
    """All that ``player`` may know (None: a spectator, public information only)."""
    if player is not None and player not in range(s.n):
        raise ValueError(f"observe needs a seat 0..{s.n - 1} or None; got {player!r}")
    regions = []
    for r in range(s.regions):
        region = {"colour": COLOURS[r], "controller": s.controllers[r],
                  "face_down": [len(s.board[r][q]) for q in range(s.n)]}
        if player is not None:
            region["yours"] = _names(s.board[r][player])
        regions.append(region)
    bottom = len(s.pile) - s.pile_unseen
    obs = {
        "game": "seize-rome",
        "seat": player,
        "players": s.n,
        "round": s.round,
        "to_move": s.current_player,
        "starter": s.starter,
        "turns_without_play": s.quiet,
        "regions": regions,
        "regions_to_win": s.to_win,
        "controlled": s.controlled(),
        "hand_sizes": [len(h) for h in s.hands],
        "bonus_cards_drawn": list(s.bonus_drawn),
        "pile": {"size": len(s.pile), "never_seen_on_top": s.pile_unseen, "revealed_below": bottom,
                 # later rounds' revealed cards, intact under the layer drawn next (top first)
                 "layers_beneath": [_names(layer) for layer in s.below]},
        "discard": _names(s.discard),
        "last_round": None if s.last_round is None else {
            "round": s.last_round["round"],
            "strengths": [list(x) for x in s.last_round["strengths"]],
            "winners": list(s.last_round["winners"]),
            # S18: everyone saw them, per region and seat, in the order played
            "cards": [[[card_name(c) for c in cards] for cards in region] for region in s.last_round["cards"]],
        },
        "over": s.is_terminal,
    }
    if player is not None:
        obs["hand"] = _names(s.hands[player])
        k = s.know[player]
        zone_names = ([f"seat {q} {'hand' if i == 0 else COLOURS[i - 1]}"
                       for q in range(s.n) for i in range(s.regions + 1)] + ["pile top", "revealed layer"]
                      + [f"seat {q} {COLOURS[r]}, played before drawing from a layer"
                         for q in range(s.n) for r in range(s.regions)])
        obs["knowledge"] = k.to_json([card_name(c) if c < 48 else "wild" for c in range(49)], zone_names)
    if s.is_terminal:
        obs["end_reason"] = s.end_reason
        obs["returns"] = s.returns()
    return obs


def zones(s) -> dict[str, list]:
    out: dict[str, list] = {}
    for q in range(s.n):
        out[f"seat {q} hand"] = [card_name(c) for c in s.hands[q]]
        for r in range(s.regions):
            out[f"seat {q} {COLOURS[r]}"] = [card_name(c) for c in s.board[r][q]]
    out["pile"] = [card_name(c) for c in s.pile]
    out["discard"] = [card_name(c) for c in s.discard]
    out["table"] = [card_name(c) for c in s.table]   # S15, S16: left face up when the game ends before S13
    return out


def all_cards(game) -> list:
    from .cards import build_deck

    o = game.options
    return [card_name(c) for c in build_deck(o.regions, o.wilds)]


def explain_illegal(s, action, legal: list) -> str:
    """Why ``action`` is refused now (``legal``: the moves that are legal), with what would be right."""
    shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    p = s.current_player
    kind = getattr(action, "kind", None)
    if kind is None or not isinstance(action, tuple):
        return f"{action!r} is not a Seize Rome action; legal now: {shown}"
    reason = "it is not possible now"
    if kind == 0:
        if action.region >= s.regions:
            reason = f"only the first {s.regions} regions are in play ({', '.join(COLOURS[:s.regions])})"
        elif action.card not in s.hands[p]:
            reason = f"seat {p} holds no {card_name(action.card)}"
        elif action.card != WILD and action.card // 6 != action.region:
            # S6: this action prints as the legal "play red 5"; name the region it aimed at
            return (f"{card_name(action.card)} cannot go into the {COLOURS[action.region]} region: a coloured "
                    f"card goes only into its own region (S6), so {card_name(action.card)} goes into "
                    f"{COLOURS[action.card // 6]} ('{action}'); a wild goes anywhere. Legal now: {shown}")
    elif kind == 1:
        reason = "the pile is empty"
    else:
        reason = "you may pass only when the pile is empty (S6; voluntary_pass=true allows it)"
    return f"{action} is not legal: {reason}. Legal now: {shown}"
