"""Caesar & Cleopatra in the terminal: the table as one seat sees it, and the narration of events.

The command line (``ludus.cli``) draws the game through ``FACE`` (below; ``Game.parts.terminal``):

* ``render(observation)`` — the table of ``state.observe(seat)`` as a rich renderable;
* ``narrate(event, viewer)`` — a ``Line`` (plain words and a style tag) for an event *already passed through*
  ``event.seen_by(viewer)`` (so a hidden card arrives here as ``None`` and cannot be told);
* ``decision(observation, actions)`` — what the seat to move is asked, in words;
* ``moves(actions)`` — the legal moves in the order they are numbered, and their display;
* ``auto_note(observation, action)`` — why a forced move was played for the person;
* ``result(observation)`` — the final scores, who won and why;
* ``help_text(observation, actions)`` — the move notation.

Everything here reads plain data (observations, events, actions); nothing reads a state, so
nothing here can show what the seat does not know.
"""

from __future__ import annotations

import textwrap
from collections import Counter

from rich.columns import Columns
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ...core.narration import Line
from ...core.parts import TerminalFace
from .cards import BONUS_NEEDS, BUST_NAMES, GROUPS, HAND_SIZE, SEAT_NAMES, VALUE_NAMES
from .notation import CASTLE, DONE, DOWN, DRAW, PASSIVE, PILE_NAMES, UP

VOC_SHORT = {"orgy": "orgy", "orgy-reshuffle": "orgy+reshuffle"}
HIDDEN = "▪"
BUST_GROUP = dict(zip(BUST_NAMES[:5], GROUPS, strict=True))   # 2024: a group's bust by its colour (N5)


def _is_2024(o: dict) -> bool:
    return "bust_bag" in o


def _hand_size(o: dict) -> int:
    return HAND_SIZE["2024" if _is_2024(o) else "classic"]


def _bust(name: str) -> str:
    """A bust as a person says it: ``the green bust (Aediles)``, ``the grey bust``."""
    group = BUST_GROUP.get(name)
    return f"the {name} bust" + (f" ({_group(group)})" if group else "")


def _seat_name(p: int | None) -> str:
    return SEAT_NAMES[p].capitalize() if p in (0, 1) else "nobody"


def _who(p: int, viewer: int | None) -> str:
    """``You`` for the viewer, else the seat's name (the start of a sentence)."""
    return "You" if p == viewer else _seat_name(p)


def _whose(p: int, viewer: int | None) -> str:
    return "your" if p == viewer else f"{_seat_name(p)}'s"


def _group(name: str) -> str:
    return name.capitalize()


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _card(name: str) -> str:
    """A card name as a person says it: ``3``, ``Philosopher``, ``Assassin``."""
    if name == "P":
        return "Philosopher"
    if name.isdigit():
        return name
    return "Wrath of the Gods" if name == "wrath" else name.capitalize()


def _a_card(name: str) -> str:
    return "the Wrath of the Gods" if name == "wrath" else _a(_card(name))


def _values(values) -> str:
    return " ".join(values) if values else "nothing"


# -- the table ------------------------------------------------------------------------------


def _side_cells(side: dict, own: bool) -> tuple[Text, str]:
    """The cards on one side of a group, and the sum the viewer can count."""
    text = Text()
    up = side["face_up"]
    if side["face_down"]:
        if own and "face_down_values" in side:
            for v in side["face_down_values"]:
                text.append(f"({v})", style="italic cyan")
                text.append(" ")
        else:
            text.append(HIDDEN * side["face_down"] + " ", style="magenta")
    if up:
        text.append(" ".join(up), style="bold")
    known = sum(int(v) for v in up if v.isdigit())
    if own and "face_down_values" in side:
        known += sum(int(v) for v in side["face_down_values"] if v.isdigit())
        total = str(known) if (up or side["face_down"]) else ""
    else:
        total = (f"{known}+?" if side["face_down"] else str(known)) if (up or side["face_down"]) else ""
    text.rstrip()
    return (text if text.plain else Text("·", style="dim")), total


def _vote_marks(o: dict) -> dict:
    """Per group, whether its vote can come up: ✓ its VoC card is in the deck / its bust is in
    the bag; · not now (2024: ● its bust stands beside the group)."""
    if _is_2024(o):
        bag, drawn = o["bust_bag"]["in_bag"], o["bust_bag"]["drawn"]
        return {g: "✓" if b in bag else "●" if b in drawn else "·" for b, g in BUST_GROUP.items()}
    deck = o["voc"]["deck"]
    return {g: "✓" if g in deck else "·" for g in GROUPS}


def _board(o: dict, left: int, right: int, you: int | None) -> Table:
    marks = _vote_marks(o)
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
    names = [_seat_name(p) + (" (you)" if p == you else "") for p in (left, right)]
    t.add_column("won", justify="right", style="green")
    t.add_column(names[0], justify="right", min_width=12, no_wrap=True)
    t.add_column("Σ", justify="right", style="dim", min_width=3)
    t.add_column("group", justify="center", min_width=14, no_wrap=True)
    t.add_column("Σ", justify="left", style="dim", min_width=3)
    t.add_column(names[1], justify="left", min_width=12, no_wrap=True)
    t.add_column("won", justify="left", style="green")
    for g in o["groups"]:
        name = g["name"]
        left_n = g["patricians_left"]
        if left_n:
            label = Text(f"{_group(name)} {left_n}/{g['size']} {marks[name]}")
        else:
            label = Text(f"{_group(name)} done", style="dim")
        lc, ls = _side_cells(g["sides"][left], left == you)
        rc, rs = _side_cells(g["sides"][right], right == you)
        t.add_row(str(g["won"][left] or ""), lc, ls, label, rs, rc, str(g["won"][right] or ""))
    return t


def _points_line(o: dict, you: int | None) -> Text:
    seats = o["seats"]
    parts = []
    for p in (0, 1) if you is None else (you, 1 - you):
        s = seats[p]
        name = "you" if p == you else _seat_name(p)
        if "points" in s:
            parts.append(f"{name} {s['points']}")
        else:
            parts.append(f"{name} {s['points_public']}" + ("" if o["over"] else " + secret bonus"))
    line = Text("Points: ", style="bold")
    line.append(" · ".join(parts))
    return line


def _seat_line(o: dict, p: int, you: int | None) -> Text:
    s = o["seats"][p]
    line = Text()
    if p == you:
        hand = s.get("hand", [])
        values = [c for c in hand if len(c) == 1]
        actions = [c for c in hand if len(c) > 1]
        line.append("Your hand: ", style="bold")
        line.append(" ".join(values) or "no influence", style="bold cyan")
        if actions:
            line.append(" · ")
            line.append(" ".join(actions), style="yellow")
        bonus = s.get("bonus_goal")
        if bonus:
            won = o["groups"][GROUPS.index(bonus)]["won"][p]
            progress = f"met: {won} won" if won >= BONUS_NEEDS else f"{won} of the {BONUS_NEEDS} needed"
            line.append(f"   Bonus goal: {_group(bonus)} ({progress})", style="bold")
        line.append("\nYour piles: ", style="bold")
        line.append(f"influence {s['influence_pile']} · action {s['action_pile']}")
        order = s.get("action_pile_order")
        if order:
            shown = " ".join(order[:4]) + (" …" if len(order) > 4 else "")
            line.append(f" (top: {shown})", style="dim")
    else:
        line.append(f"{_seat_name(p)}: ", style="bold")
        line.append(f"hand {s['hand_size']} ({s['hand_action_cards']} action) · "
                    f"piles: influence {s['influence_pile']}, action {s['action_pile']}")
        known = s.get("hand_known")
        if known:
            line.append(" · known in hand: " + " ".join(known), style="yellow")
        if o["over"] and s.get("bonus_goal"):
            line.append(f" · bonus goal {_group(s['bonus_goal'])}")
    if s.get("action_cards_to_arrange"):
        line.append(f" · {s['action_cards_to_arrange']} to arrange", style="dim")
    return line


def _voc_line(o: dict) -> Text:
    deck = Counter(o["voc"]["deck"])
    parts = []
    for name in [*GROUPS, "orgy", "orgy-reshuffle"]:
        n = deck.get(name, 0)
        if n:
            label = _group(name) if name in GROUPS else VOC_SHORT[name]
            parts.append(label + (f"×{n}" if n > 1 else ""))
    line = Text(f"Vote deck ({sum(deck.values())}): ", style="bold")
    line.append(" ".join(parts) or "empty")
    return line


def _bag_line(o: dict) -> Text:
    """2024: the busts in the bag, those drawn (beside their groups; grey beside the bag) and
    those out of the game (N5-N7)."""
    bag = o["bust_bag"]
    line = Text(f"Bust bag ({len(bag['in_bag'])}): ", style="bold")
    line.append(" ".join(bag["in_bag"]) or "empty")
    if bag["drawn"]:
        beside = [f"{b} (beside the {_group(BUST_GROUP[b])})" if b in BUST_GROUP else f"{b} (beside the bag)"
                  for b in bag["drawn"]]
        line.append(" · drawn: " + ", ".join(beside))
    if bag["out"]:
        line.append(" · out of the game: " + ", ".join(bag["out"]), style="dim")
    if bag.get("no_draw_this_turn") and not o["over"]:
        line.append(" · no bust this turn (the start player's first turn)", style="dim")
    return line


def render(observation: dict) -> Group:
    """The table as ``observation['seat']`` sees it: groups, influence, hands, piles, points."""
    o = observation
    you = o.get("seat")
    left, right = (you, 1 - you) if you in (0, 1) else (0, 1)
    lines = [_board(o, left, right, you)]
    legend = Text(f"{HIDDEN} hidden card", style="dim")
    if you in (0, 1):
        legend.append(" · (3) your face-down 3")
    if _is_2024(o):
        legend.append(" · ✓ bust in the bag · ● bust beside the group · Σ known sum")
    else:
        legend.append(" · ✓ vote card in the deck · Σ known sum")
    lines.append(legend)
    if you in (0, 1):
        lines.append(_seat_line(o, you, you))
        lines.append(_seat_line(o, 1 - you, you))
    else:
        lines += [_seat_line(o, 0, None), _seat_line(o, 1, None)]
    lines.append(_bag_line(o) if _is_2024(o) else _voc_line(o))
    lines.append(_points_line(o, you))
    return Group(*lines)


# -- narration ------------------------------------------------------------------------------


def _target(card: str, target: str, player: int, viewer: int | None) -> str:
    opp = 1 - player
    if card == "assassin":
        value, _, group = target.partition(" at ")
        return f" on {_whose(opp, viewer)} {value} at the {_group(group)}"
    if card == "spy":
        return f" on {_whose(opp, viewer)} hand"
    if card == "castling":
        return " on the " + " and the ".join(_group(g) for g in target.split(" and "))
    if target:
        return f" on the {_group(target)}" if card == "wrath" else f" at the {_group(target)}"
    return ""


def _vote(e, viewer: int | None) -> Line:
    def side(p: int) -> str:
        cards = e.cards[p]
        return f"{_seat_name(p)} " + ("+".join(cards) + f" = {e.sums[p]}" if cards else "0")

    head = "Exceptional vote (8 cards)" if e.exceptional else "Vote"
    text = f"{head} at the {_group(e.group)}: {side(0)} vs {side(1)} → "
    if e.winner is None:
        return Line(text + "a tie, nothing happens.", "strong")
    text += f"{_who(e.winner, viewer)} win{'' if e.winner == viewer else 's'} a patrician"
    if e.philosopher:
        text += " (a Philosopher reverses the vote)"
    gone = [f"{_seat_name(p)} {' '.join(e.discarded[p])}" for p in (0, 1) if e.discarded[p]]
    if gone:
        text += "; discarded: " + ", ".join(gone)
    return Line(text + ".", "good" if e.winner == viewer else "bad" if viewer in (0, 1) else "strong")


def narrate(event, viewer: int | None = None) -> Line | None:
    """One line for ``event`` as ``viewer`` saw it (None: not worth a line).

    ``event`` must already be ``original.seen_by(viewer)``: hidden fields are None.
    """
    kind = type(event).__name__
    e = event
    p = getattr(e, "player", None)
    if kind == "ActionCardArranged":
        if e.card is None:
            return Line(f"{_who(p, viewer)} put an action card on {'your' if p == viewer else 'their'} pile.")
        return Line(f"You put {_a_card(e.card)} next on your action pile.")
    if kind == "OpeningCardPlaced":
        if e.value is None:
            return Line(f"{_who(p, viewer)} placed an opening card face down at the {_group(e.group)}.")
        return Line(f"{_who(p, viewer)} placed {'your' if p == viewer else 'an'} opening {e.value} "
                    f"face down at the {_group(e.group)}.")
    if kind == "InfluencePlaced":
        if e.face_up:
            return Line(f"{_who(p, viewer)} placed {_a(_card(e.value))} face up at the {_group(e.group)}.")
        if e.value is None:
            return Line(f"{_who(p, viewer)} placed a card face down at the {_group(e.group)}.")
        return Line(f"{_who(p, viewer)} placed {'your' if p == viewer else 'a'} {_card(e.value)} face down "
                    f"at the {_group(e.group)}.")
    if kind == "CardDrawn":
        if e.card is None:
            return Line(f"{_who(p, viewer)} drew a card from the {e.pile} pile.")
        return Line(f"{_who(p, viewer)} drew {_a_card(e.card)} from the {e.pile} pile.")
    if kind == "ActionCardPlayed":
        return Line(f"{_who(p, viewer)} played {_a_card(e.card)}{_target(e.card, e.target, p, viewer)}.", "action")
    if kind == "ActionAnswered":
        if e.vetoed:
            return Line(f"{_who(p, viewer)} vetoed it!", "bad")
        return Line(f"{_who(p, viewer)} allowed it.")
    if kind == "HandSpied":
        owner = e.owner
        if e.hand is None:
            return Line(f"{_who(p, viewer)} looked at {_whose(owner, viewer)} hand.")
        if viewer == p:
            return Line(f"Your Spy sees {_whose(owner, viewer)} hand: {_values(e.hand)}.", "action")
        return Line(f"{_seat_name(p)}'s Spy saw your hand.")
    if kind == "CardDiscarded":
        why = " (picked by the Spy)" if e.reason == "spy" else ""
        return Line(f"{_who(p, viewer)} discarded {_a_card(e.card)}{why}.")
    if kind == "CardsRevealed":
        return Line(f"The Scout turns up {_whose(p, viewer)} face-down cards at the {_group(e.group)}: "
                    f"{_values(e.values)}.", "action")
    if kind == "InfluenceRemoved":
        where, values = f"at the {_group(e.group)}", _values(e.values)
        if e.reason == "assassin":
            return Line(f"{_whose(p, viewer).capitalize()} {values} {where} is assassinated (discarded).", "action")
        if e.reason == "wrath":
            return Line(f"The Wrath of the Gods discards {_whose(p, viewer)} cards {where}: {values}.", "action")
        return Line(f"{_whose(p, viewer).capitalize()} remaining cards {where} are discarded: {values}.", "quiet")
    if kind == "CastlingTaken":
        n = e.count
        return Line(f"{_who(p, viewer)} took back {n} card{'s' if n != 1 else ''} from the "
                    + " and the ".join(_group(g) for g in e.groups) + ".")
    if kind == "CastlingPlaced":
        if e.value is None:
            return Line(f"{_who(p, viewer)} put a card back face down at the {_group(e.group)}.")
        return Line(f"{_who(p, viewer)} put {'your' if p == viewer else 'a'} {_card(e.value)} back face down "
                    f"at the {_group(e.group)}.")
    if kind == "VoteRevealed":
        shown = " vs ".join(f"{_seat_name(i)} {'+'.join(c) if c else '0'}" for i, c in enumerate(e.cards))
        return Line(f"Exceptional vote (8 cards) at the {_group(e.group)}: the cards are revealed ({shown}); "
                    "an action card may still be played before the count.", "strong")
    if kind == "NoPlacement":
        return Line(f"{_who(p, viewer)} cannot place any card now: the turn goes on without a placement.")
    if kind == "VoteHeld":
        return _vote(e, viewer)
    if kind == "VoCFlipped":
        if e.card in GROUPS:
            return Line(f"The vote card is flipped: {_group(e.card)}.", "strong")
        if e.card == "orgy":
            return Line("The vote card is flipped: an Orgy — no vote.", "strong")
        return Line("The vote card is flipped: an Orgy — no vote, and the vote deck is reshuffled.", "strong")
    if kind == "VoCReshuffled":
        return Line(f"The vote deck now holds {e.deck_size} cards again.", "quiet")
    if kind == "BustDrawn":
        text = f"{_who(p, viewer)} drew {_bust(e.bust)} from the bag"
        if e.bust in BUST_GROUP:
            return Line(text + f": the {_group(BUST_GROUP[e.bust])} vote.", "strong")
        if e.bust == "grey":
            return Line(text + ": no vote.", "strong")
        return Line(text + ": no vote, and every bust goes back into the bag.", "strong")
    if kind == "BustsReturned":
        return Line(f"The bag holds {e.bag_size} busts again.", "quiet")
    if kind == "GroupExhausted":
        if getattr(e, "bust", None):
            return Line(f"The {_group(e.group)} have no patricians left; {_bust(e.bust)} leaves the game.", "quiet")
        return Line(f"The {_group(e.group)} have no patricians left; their vote card leaves the game.", "quiet")
    if kind == "PassiveTurn":
        if not e.exchanged:
            return Line(f"{_who(p, viewer)} passed (a passive turn without an exchange).")
        n = e.exchanged   # the draws that follow are narrated one by one: both piles may be empty
        return Line(f"{_who(p, viewer)} took a passive turn and discarded {n} card{'s' if n != 1 else ''}.")
    if kind == "GameOver":   # a sentence of its own: a reason may hold brackets ("(stalemate)")
        scores = ", ".join(f"{_seat_name(i)} {s}" for i, s in enumerate(e.scores))
        winner = "a draw" if e.winner is None else f"{_seat_name(e.winner)} wins"
        if e.winner is not None and e.scores[0] == e.scores[1]:   # C33: decided by patricians
            winner += " on patricians"
        return Line(f"Game over: {e.reason}. {scores} — {winner}.", "strong")
    return Line(f"{kind}: {event.to_dict()}")


# -- decisions ------------------------------------------------------------------------------


def _opening_group(o: dict) -> str:
    you = o["seat"]
    placed = sum(1 for g in o["groups"] if g["sides"][you]["face_down"] or g["sides"][you]["face_up"])
    return _group(GROUPS[min(placed, 4)])


def _turn_end_2024(o: dict) -> str:
    """What follows the placement of a 2024 turn: the bust and its vote, but not on the start
    player's first turn (N7), when no group can hold 8 cards yet either."""
    if o["bust_bag"]["no_draw_this_turn"]:
        return "the refill, no bust on the first turn"
    return "the vote and the bust"


def decision(observation: dict, actions: list) -> str:
    """What the seat to move is asked now, in words (rich markup)."""
    o = observation
    you = o["seat"]
    opp = _seat_name(1 - you) if you in (0, 1) else "the opponent"
    phase = o["phase"]
    texts = {str(a) for a in actions}
    can_act = any(t.split()[0] in ("assassin", "spy", "castling", "scout", "wrath") for t in texts)
    me = o["seats"][you] if you in (0, 1) else {}
    if phase == "arrange":
        n = me.get("action_cards_to_arrange", 0)
        return f"Arrange your action pile: choose the next card, top first ({n} left)"
    if phase == "opening":
        return f"Opening: which value goes face down at the [bold]{_opening_group(o)}[/bold]?"
    if phase == "place":
        text = "Your turn — [bold]place influence[/bold]: one card face down, or two face up"
        if _is_2024(o):
            text = "Your turn — [bold]place influence[/bold]: one card face down and/or one face up"
        extra = []
        if can_act:
            extra.append("play an action card")
        if "passive" in texts:
            extra.append("take a passive turn")
        return text + ("; or " + " or ".join(extra) if extra else "")
    if phase == "second-up":
        return "Place your [bold]second face-up card[/bold]" + (
            " (or play an action card first)" if can_act else "")
    if phase in ("add-up", "add-down"):
        other = "face up" if phase == "add-up" else "face down"
        extra = ", play an action card (that ends the placement)" if can_act else ""
        return (f"Add one card [bold]{other}[/bold]{extra}, or [bold]done[/bold] to end your turn "
                f"({_turn_end_2024(o)})")
    if phase == "after-place":
        if _is_2024(o):
            return f"Play an action card now, or [bold]done[/bold] to end your turn ({_turn_end_2024(o)})"
        return "Play an action card now, or [bold]done[/bold] to refill your hand"
    if phase == "refill":
        size = _hand_size(o)
        return f"Refill your hand to {size} (now {me.get('hand_size', '?')}): draw from which pile?"
    if phase == "after-refill":
        return "Play an action card before the vote, or [bold]done[/bold] to flip the vote card"
    if phase == "vote-action":
        group = _group(o.get("voting", ""))
        return (f"Exceptional vote at the {group}, cards revealed: play an action card before the "
                "count, or [bold]done[/bold] to count it")
    if phase == "veto":
        pending = o["pending_action"]
        card, on = pending["card"], escape(_target(pending["card"], pending["target"], pending["player"], you))
        return f"Answer {opp}'s [bold yellow]{_card(card)}[/bold yellow]{on}: [bold]veto or allow?[/bold]"
    if phase == "draw-one":
        if _is_2024(o):
            return f"Draw back to {_hand_size(o)} cards at once: from which pile?"
        return "Draw one card at once: from which pile?"
    if phase == "spy-pick":
        return f"Your Spy: choose the card {opp} must discard"
    if phase == "castling":
        c = o.get("castling", {})
        groups = " or the ".join(_group(g) for g in c.get("groups", []))
        cards = " ".join(c.get("cards", []))
        return f"Castling: put your cards back face down at the {groups} (left: {cards})"
    if phase == "passive-discard":
        if not (me["influence_pile"] or me["action_pile"]):
            return ("Passive turn: discard a card (both your piles are empty: nothing is drawn back), "
                    "or [bold]done[/bold] to end the turn")
        return "Passive turn: discard a card to exchange it, or [bold]done[/bold] to draw the replacements"
    if phase == "passive-draw":
        return "Passive turn: draw every replacement from which pile? (the other only if it runs short)"
    return f"Choose a move ({escape(phase)})"


def auto_note(observation: dict, action) -> str | None:
    """Why ``action``, the only legal move, was played for the person (None: its narration
    is enough)."""
    o = observation
    phase = o["phase"]
    opp = _seat_name(1 - o["seat"]) if o.get("seat") in (0, 1) else "the opponent"
    if phase == "veto":
        return f"You hold no Veto to answer {opp}'s {_card(o['pending_action']['card'])}."   # "You allowed it." follows
    kind = action.kind
    if kind == DRAW:
        return f"Only your {PILE_NAMES[action.pile]} pile has cards: you draw from it."
    if phase in ("opening", "arrange"):
        return None   # the move's narration says it all (and two Vetoes left are not "the last")
    if kind in (CASTLE, UP):
        card, group = VALUE_NAMES[action.value], _group(GROUPS[action.group])
        if phase == "castling":
            return f"Your {card} can only go back to the {group}."
        if phase == "second-up":
            return f"Your second face-up card can only be the {card} at the {group}."
    if kind == PASSIVE:
        return "You cannot place any influence card now, so you take a passive turn."
    if kind == DONE:
        if phase == "after-place":
            if _is_2024(o):
                return f"No action card you hold can be played now: on to {_turn_end_2024(o)}."
            return "No action card you hold can be played now: on to the refill."
        if phase in ("add-up", "add-down"):
            return f"No second card can be placed and no action card played: on to {_turn_end_2024(o)}."
        if phase == "after-refill":
            return "No action card you hold can be played now: on to the vote."
        if phase == "vote-action":
            return "No action card you hold can be played now: the vote is counted."
        if phase == "passive-discard":
            return "Your hand is empty: nothing more to discard."
        return "Nothing else to do in this step: done."
    return f"Only one legal move: {escape(str(action))}."


# -- moves ----------------------------------------------------------------------------------

_MATRIX_KINDS = {DOWN: "face down", UP: "face up", CASTLE: "castle"}


def moves(actions: list) -> tuple[list, Group]:
    """The moves in the order they are numbered (from 1), and how they are shown.

    Placements (value × group) are laid out as a grid: one row per value, and for each kind of
    placement (face down, face up, castle) one column per group under short group names, side
    by side — a placement turn's 40-odd choices in seven lines, so a turn fits a 24-line
    terminal. Every other move is listed in columns.
    """
    grid = [a for a in actions if a.kind in _MATRIX_KINDS]
    rest = [a for a in actions if a.kind not in _MATRIX_KINDS]
    ordered = sorted(grid, key=lambda a: (list(_MATRIX_KINDS).index(a.kind), a.value, a.group)) + rest
    number = {a: i + 1 for i, a in enumerate(ordered)}
    parts = []
    if grid:
        kinds = [k for k in _MATRIX_KINDS if any(a.kind == k for a in grid)]
        groups = sorted({a.group for a in grid})
        at = {(a.kind, a.value, a.group): a for a in grid}
        head = Text("      ")
        for k in kinds:
            head.append(f"{_MATRIX_KINDS[k]:<{4 * len(groups)}}  ", style="bold")
        names = Text("      ")
        for _ in kinds:
            names.append("".join(f"{GROUPS[g][:3]:>4}" for g in groups) + "  ", style="bold")
        lines = [head, names]
        for value in sorted({a.value for a in grid}):
            line = Text(f"  {'P' if value == 0 else value:<3} ", style="bold cyan")
            for k in kinds:
                for g in groups:
                    a = at.get((k, value, g))
                    line.append(f"{number[a]:>4}" if a is not None else "   -", style="bold" if a else "dim")
                line.append("  ")
            lines.append(line)
        parts += lines
    if rest:
        items = []
        for a in rest:
            item = Text(f"{number[a]:>2} ", style="bold")
            item.append(str(a))
            items.append(item)
        parts.append(Columns(items, padding=(0, 3), column_first=True))
    return ordered, Group(*parts)


# -- the end --------------------------------------------------------------------------------


def result(observation: dict) -> Group:
    """Final scores, who won and why (from an observation of the finished game)."""
    o = observation
    you = o.get("seat")
    seats = o["seats"]
    t = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold")
    for col in ("", "points", "patricians", "bonus goal"):
        t.add_column(col, justify="left" if not col else "right")
    for p in (0, 1):
        s = seats[p]
        bonus = s.get("bonus_goal", "?")
        met = bonus in GROUPS and o["groups"][GROUPS.index(bonus)]["won"][p] >= 3
        t.add_row(_seat_name(p) + (" (you)" if p == you else ""), str(s.get("points", s["points_public"])),
                  str(s["patricians"]), f"{bonus} {'+2' if met else '(not met)'}")
    returns = o.get("returns", [0.0, 0.0])
    pts = [seats[p].get("points", seats[p]["points_public"]) for p in (0, 1)]
    if returns[0] == returns[1]:
        verdict = "[bold]A draw[/bold]: equal points and equal patricians."
    else:   # C33: the figure that decided it, points or else patricians
        w = 0 if returns[0] > returns[1] else 1
        if pts[0] != pts[1]:
            how = f"on points, {pts[w]} to {pts[1 - w]}"
        else:
            how = f"on patricians, {seats[w]['patricians']} to {seats[1 - w]['patricians']} ({pts[w]} points each)"
        name = "You win" if w == you else f"{_seat_name(w)} wins"
        colour = "red" if you in (0, 1) and w != you else "green"
        verdict = f"[bold {colour}]{name}[/bold {colour}] {how}."
    reason = escape(o.get("end_reason", ""))
    return Group(Text.from_markup(f"[bold]Game over[/bold]: {reason}."), t, Text.from_markup(verdict))


# How a turn goes, by edition (the notation is the same in both).
TURN_HELP = {
    "classic": """\
[bold]A turn[/bold]: one card [cyan]down[/cyan], or two cards [cyan]up[/cyan] (the second at the same or another
group); one action card at any moment before the vote card; refill your hand
to 5; a group holding 8 cards votes; last, the vote card is turned: a group
card makes that group vote, an Orgy nothing.""",
    "2024": """\
[bold]2024 edition[/bold]: one card [cyan]down[/cyan] and/or one [cyan]up[/cyan], either first ([cyan]done[/cyan] after
one card ends the placement); an action card before or after them, not between.
Then a bust from the bag: a colour makes its group vote, grey nothing, black
sends every bust back into the bag; last, refill your hand to 6.""",
}

# The group points by the ``majority`` option in play (C32).
SCORING_HELP = {
    "rulebook": """\
[bold]Scoring[/bold]: 1 point a patrician; +1 for a majority of a group once all of it
is awarded; +1 for holding every patrician awarded so far from a group; +2 for
your bonus goal (3 patricians of its group). Most points wins, then most
patricians.""",
    "half": """\
[bold]Scoring[/bold]: 1 point a patrician; +1 for more than half of a group's
patricians, +1 more for all of them; +2 for your bonus goal (3 patricians of
its group). Most points wins, then most patricians.""",
}

# What the Wrath discards by the ``wrath`` option in play (C27).
WRATH_HELP = {"all": "discard every influence card at a group",
              "face-up": "discard every face-up influence card at a group"}


def _moves_help(o: dict) -> str:
    """One example a line of each move the game has, as the edition and options in play have it."""
    ed2024 = _is_2024(o)
    rows = [
        ("[cyan]down 3 senators[/cyan]",
         "one card face down (and/or one face up)" if ed2024 else "one influence card face down"),
        ("[cyan]up 3 senators[/cyan]",
         "one card face up (and/or one face down)" if ed2024
         else "one of two face-up cards (then the second, face up)"),
        ("[cyan]assassin 4 praetors[/cyan]", "discard the opponent's face-up 4 at the Praetors"),
        ("[cyan]spy[/cyan]", "see the opponent's hand; they discard a card you pick"),
        ("[cyan]castling sen cen[/cyan]", "take back your cards at two groups, replace face down"),
        ("[cyan]scout censors[/cyan]", "turn the opponent's face-down cards there face up"),
        ("[cyan]wrath aediles[/cyan]", WRATH_HELP[o["options"]["wrath"]]),
        ("[cyan]veto[/cyan] / [cyan]allow[/cyan]", "answer the opponent's action card"),
        ("[cyan]take 4[/cyan], [cyan]take spy[/cyan]", "the card your Spy makes the opponent discard"),
        ("[cyan]castle 3 senators[/cyan]", "put one card back face down (Castling)"),
        ("[cyan]draw influence[/cyan]", "draw from that pile ([cyan]draw action[/cyan]: the action pile)"),
        ("[cyan]passive[/cyan]", "passive turn: discard cards, draw as many from one pile"),
        ("[cyan]discard 3[/cyan]", "discard a card in a passive turn"),
        ("[cyan]done[/cyan]", f"end this step (to the {'votes' if ed2024 else 'refill'}, a vote's count, the draws)"),
    ]
    if o["options"]["action_deck"] == "arranged" and not ed2024:   # N4: 2024 shuffles its action pile
        rows.append(("[cyan]arrange spy[/cyan]", "setup: the next card of your action pile, top first"))
    rows.append(("[cyan]open 3[/cyan]", "setup: your opening card at the next group"))
    width = max(Text.from_markup(example).cell_len for example, _ in rows) + 2
    return "\n".join(f"  {example}{' ' * (width - Text.from_markup(example).cell_len)}{what}"
                     for example, what in rows)


def _paragraph(head: str, text: str) -> str:
    """``head``: ``text``, wrapped under 80 characters, the head in bold (rich markup)."""
    return f"[bold]{head}[/bold]" + escape(textwrap.fill(f"{head}: {text}", width=78)[len(head):])


def _vote_help(o: dict) -> str:
    """How a vote is decided and what it discards (C30, N8), and how the game ends (C31, C22),
    as the options in play have them."""
    options = o["options"]
    reverse = ("a Philosopher there makes the lower sum win" if options["philosopher"] == "any"
               else "Philosophers there, if the sides hold different numbers of them, make the lower sum win")
    if _is_2024(o) and options["discard_by"] == "outcome":
        discards = "the winner discards one of its highest cards there, the loser one of its lowest"
    else:
        discards = "the higher sum discards one of its highest cards there, the lower one of its lowest"
    vote = (f"the group's cards are turned up and each side summed (P counts 0); equal sums change "
            f"nothing. Else the higher sum takes the top patrician — but {reverse}; {discards}; every "
            "Philosopher there goes.")
    end = ("when the last patrician is won, when neither player has an influence card left, or after "
           f"{options['stalemate_turns']} passive turns in a row that exchange no card.")
    return _paragraph("A vote", vote) + "\n" + _paragraph("The game ends", end)


def help_text(observation: dict, actions: list) -> str:
    """The move notation, how a turn goes and the scoring (rich markup, in lines under 80
    characters), as the edition and options in play have them: the help must not teach the
    rules of another game."""
    o = observation
    return f"""[bold]Moves[/bold]: type a move's number, or the move itself. Case does not matter,
groups may be shortened (sen, pra, q, cen, aed), P is the Philosopher.
{_moves_help(o)}
{TURN_HELP["2024" if _is_2024(o) else "classic"]}
No room to place? An Assassin or a Wrath that makes room may start the turn.
At an exceptional vote the cards are revealed first: the turn's action card may
still be played before the count.
{_vote_help(o)}
{SCORING_HELP[o["options"]["majority"]]}"""


# What the command line draws this game with (ludus.core.parts).
FACE = TerminalFace(
    render=render, narrate=narrate, decision=decision, moves=moves, auto_note=auto_note,
    result=result, help_text=help_text)
