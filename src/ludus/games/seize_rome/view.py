"""What a seat sees of Seize Rome (S18): observations, card zones, messages."""

from __future__ import annotations

from ...core.errors import echo
from .cards import COLOURS, WILD, card_name
from .notation import DRAW, PLAY


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
    # S13, S18: the revealed layer nearest the top (drawn once the unseen top is gone): the cards
    # it held when laid are public (everyone saw them revealed), and so is how many are left in
    # it; which of them were drawn is known only to those who drew them (their knowledge)
    left = bottom - sum(map(len, s.below))
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
                 "next_layer": {"cards": _names(s.laid), "left": left} if left else None,
                 # later rounds' revealed cards, intact under the layer drawn next (top first)
                 "layers_beneath": [_names(layer) for layer in s.below]},
        "discard": _names(s.discard),
        "last_round": None if s.last_round is None else {
            "round": s.last_round.round,
            "strengths": [list(x) for x in s.last_round.strengths],
            "winners": list(s.last_round.winners),
            # S18: everyone saw them, per region and seat, in the order played
            "cards": [[[card_name(c) for c in cards] for cards in region] for region in s.last_round.cards],
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
    """Why ``action``, one of the game's actions, is refused now, with what would be right."""
    p = s.current_player
    if action.kind == PLAY:
        if action.region >= s.regions:
            return f"only the first {s.regions} regions are in play ({', '.join(COLOURS[:s.regions])})"
        return f"seat {p} holds no {card_name(action.card)}"
    if action.kind == DRAW:
        return "the pile is empty"
    return "you may pass only when the pile is empty (S6; voluntary_pass=true allows it)"


def explain_off_colour(s, action) -> str:
    """What is wrong with a hand-built play of a coloured card into another region (S6); the
    right play is offered only for a card the seat to move holds."""
    regions = s.regions
    if (action.kind != PLAY or not isinstance(action.card, int) or not isinstance(action.region, int)
            or action.card == WILD or not 0 <= action.card // 6 < len(COLOURS)
            or not 0 <= action.region < len(COLOURS)):
        return f"{echo(action)} is none of the moves of Seize Rome"
    card, colour = card_name(action.card), COLOURS[action.card // 6]
    head = (f"{card} cannot go into the {COLOURS[action.region]} region: a coloured card goes only into its own "
            "region (S6)")
    if action.card // 6 >= regions:
        return (f"{head}, and {colour} is not in play: only the first {regions} regions are "
                f"({', '.join(COLOURS[:regions])})")
    p = s.current_player                # a refusal comes only while the game goes on
    if action.card not in s.hands[p]:
        return f"{head}; besides, seat {p} holds no {card}"
    return f"{head}, so {card} goes into {colour} ('{action}'); a wild goes anywhere"
