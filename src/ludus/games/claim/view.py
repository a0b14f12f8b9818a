"""What a seat sees of Claim (K16): observations, card zones, messages."""

from __future__ import annotations

from .cards import DOPPELGANGERS, DRAGONS, FACTIONS, NAMES, TEAMS, build_deck, card_name
from .notation import PLAY, SMASH, TAKE, TAKE_DECK
from .phases import CHOOSE_PRIZE, CHOOSE_SMASH, PLAY_CARD, SECOND_PRIZE, STEP_NAMES


def _names(cards) -> list[str]:
    return [NAMES[c] for c in sorted(cards)]


def _factions(mask: int) -> list[str]:
    return [FACTIONS[f] for f in range(10) if mask >> f & 1]


def observe(s, player: int | None) -> dict:
    """All that ``player`` may know (None: a spectator, public information only)."""
    if player is not None and player not in range(s.n):
        raise ValueError(f"observe needs a seat 0..{s.n - 1} or None; got {player!r}")
    seats = []
    for q in range(s.n):
        public, seen = s.known_in_hand(q, player)
        seat = {
            "hand_size": len(s.hands[q]),
            "follower_pile_size": len(s.followers[q]),
            "score_pile": _names(s.score[q]),
            "gnome_area": _names(s.gnomes[q]),
            "lacks": _factions(s.voids[q]),
            "known_cards": _names(public.elements()),
        }
        looks = [{"seer": r, "cards": len(s.peeked[r * s.n + q])} for r in range(s.n)
                 if r != q and s.peeked[r * s.n + q]]
        if looks:   # public: how many deck cards each Seer saw go here, not which (K16, K28)
            seat["taken_under_a_seer"] = looks
        if q == player:
            seat["hand"] = _names(s.hands[q])
            seat["follower_pile"] = _names(s.followers[q])
        elif seen:
            seat["seen_by_your_seer"] = _names(seen.elements())
        seats.append(seat)
    obs = {
        "game": "claim",
        "seat": player,
        "players": s.n,
        "teams": [list(t) for t in s.game.teams] if s.n == 4 else None,
        "factions": [FACTIONS[f] for f in s.factions],
        "phase": s.phase,
        "step": STEP_NAMES[s.step],
        "to_move": s.current_player,
        "leader": s.leader,
        "trick": [{"seat": seat, "card": card_name(card)} for seat, card in s.trick],
        "led_faction": FACTIONS[s.trick[0][1] // 10] if s.trick else None,
        "prizes": [card_name(c) for c in s.prizes],
        "deck_size": len(s.deck),
        "tricks_done": s.tricks_done,
        "seats": seats,
        "trolls_waiting": [card_name(c) for c in s.trolls_waiting],   # in the order set aside (K27)
        "discard": _names(s.discard),
        "removed": _names(s.removed),
        "over": s.is_terminal,
    }
    if DRAGONS in s.factions:     # who leads after a Dragon is the table's choice (K21)
        obs["dragon"] = "last-card" if s.dragon_last_card else "last-dragon"
    if s.last_trick:
        obs["last_trick"] = [{"seat": seat, "card": card_name(card)} for seat, card in s.last_trick]
        obs["last_ranking"] = list(s.ranking)
        obs["next_leader"] = s.next_leader
    if s.step == CHOOSE_SMASH:
        obs["smash_values"] = list(s.smash_values)
    if s.peek is not None and player == s.current_player:
        obs["seer_sees"] = card_name(s.peek)
    if s.is_terminal:
        winners = s.faction_winners()
        obs["faction_winners"] = {FACTIONS[f]: side for f, side in winners.items()}
        obs["factions_won"] = s.scores()
        obs["returns"] = s.returns()
    return obs


def zones(s) -> dict[str, list]:
    out: dict[str, list] = {}
    for q in range(s.n):
        out[f"seat {q} hand"] = [card_name(c) for c in s.hands[q]]
        out[f"seat {q} followers"] = [card_name(c) for c in s.followers[q]]
        out[f"seat {q} score"] = [card_name(c) for c in s.score[q]]
        out[f"seat {q} gnomes"] = [card_name(c) for c in s.gnomes[q]]
    out["deck"] = [card_name(c) for c in s.deck]
    out["prizes"] = [card_name(c) for c in s.prizes]
    out["trick"] = [card_name(c) for _, c in s.trick]
    out["trolls waiting"] = [card_name(c) for c in s.trolls_waiting]
    out["discard"] = [card_name(c) for c in s.discard]
    out["removed"] = [card_name(c) for c in s.removed]
    return out


def all_cards(game) -> list:
    return [card_name(c) for c in build_deck(game.deck_factions)]


def explain_illegal(s, action, legal: list) -> str:
    """Why ``action``, one of the game's actions, is refused now, with what would be right."""
    p = s.current_player
    kind = action.kind
    reason = f"it is not a move of this step ({STEP_NAMES[s.step]})"
    if kind == PLAY and s.step == PLAY_CARD:
        card = action.a
        if card // 10 not in s.factions:
            reason = f"this game's deck has no {FACTIONS[card // 10]}"
        elif card not in s.hands[p]:
            reason = f"seat {p} holds no {card_name(card)}"
        elif s.trick:
            led = FACTIONS[s.trick[0][1] // 10]
            doppel = " or a doppelganger" if DOPPELGANGERS in s.factions and led != "doppelgangers" else ""
            reason = f"{led} were led and seat {p} holds {led}: play {led}{doppel} (K11)"
    elif kind == TAKE and s.step in (CHOOSE_PRIZE, SECOND_PRIZE):
        reason = f"{card_name(action.a)} is not a face-up prize"
    elif kind == TAKE_DECK:
        reason = "only a trick won with a Seer may take the top deck card (K28)"
    elif kind == SMASH and s.step == CHOOSE_SMASH:
        reason = _smash_refusal(s, p, action.a, legal)
    return reason


def _smash_refusal(s, p: int, target: int, legal: list) -> str:
    """Why seat ``p``'s Giant may not remove a Gnome of seat ``target``, and whose it may (K26)."""
    gnome = f"gnomes {s.smash_values[0]}"
    may = " or ".join(f"seat {a.a}" for a in legal)
    if target >= s.n:
        why = f"there is no seat {target} at this table"
    elif target == p:
        why = "a Giant removes an opponent's Gnome, never its winner's own"
    elif s.n == 4 and any({p, target} <= set(team) for team in TEAMS):
        why = f"seat {target} is seat {p}'s partner"
    else:
        why = f"seat {target} holds no {gnome}"
    return f"{why}; the Giant removes the {gnome} of {may} (K26)"
