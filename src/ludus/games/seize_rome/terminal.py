"""Seize Rome in the terminal: the board as one seat sees it, and the narration of events.

The command line (``ludus.cli``) draws the game through ``FACE`` (below; ``Game.parts.terminal``):

* ``render(observation)`` — the board of ``state.observe(seat)`` as a rich renderable;
* ``narrate(event, viewer)`` — a ``Line`` (plain words and a style tag) for an event *already passed through*
  ``event.seen_by(viewer)`` (a card played or drawn by another seat arrives here as ``None``);
* ``decision(observation, actions)`` — what the seat to move is asked, in words;
* ``moves(actions)`` — the legal moves in the order they are numbered (one row per region);
* ``auto_note(observation, action)`` — why a forced move was played for the person;
* ``result(observation)`` — who controls what, who wins and why;
* ``turn_label(observation)`` — ``round 3`` (titles; a replay steps by round);
* ``help_text(observation, actions)`` — the move notation and the rules in brief.

Everything here reads plain data (observations, events, actions); nothing reads a state, so
nothing here can show what the seat does not know. Cards are written as in the notation,
``red 5``, ``wild``; a group of cards of one colour as ``red 2 5``.
"""

from __future__ import annotations

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ...core.narration import Line
from ...core.parts import TerminalFace
from .cards import COLOURS
from .notation import DRAW, PASS, PLAY

STYLE = {
    "red": "red", "blue": "bright_blue", "green": "green", "yellow": "yellow", "purple": "magenta",
    "orange": "dark_orange", "white": "bright_white", "black": "bright_black", "wild": "bold cyan",
}
HIDDEN = "▪"


# -- words ----------------------------------------------------------------------------------


def _who(p: int, viewer: int | None) -> str:
    """``You`` for the viewer, else ``Seat N`` (the start of a sentence)."""
    return "You" if p == viewer else f"Seat {p}"


def _whom(p: int | None, viewer: int | None) -> str:
    """``you`` for the viewer, else ``seat N`` (inside a sentence); ``nobody`` for None."""
    if p is None:
        return "nobody"
    return "you" if p == viewer else f"seat {p}"


def _verb(p: int, viewer: int | None, verb: str) -> str:
    """``win`` after "you", ``wins`` after "seat N"."""
    return verb if p == viewer else verb + "s"


def _card(card: str) -> str:
    """A card as rich markup: ``red 5`` in red, ``wild`` in cyan."""
    return f"[{STYLE.get(card.split()[0], 'bold')}]{escape(card)}[/]"


def _split(card: str) -> tuple[str, int | None]:
    """``red 5`` -> (``red``, 5); ``wild`` -> (``wild``, None)."""
    colour, _, value = card.partition(" ")
    return colour, int(value) if value else None


def _values(cards) -> str:
    """The cards of one region as plain words: ``2 5 wild`` (values ascending, wilds last)."""
    nums = sorted(v for c in cards if (v := _split(c)[1]) is not None)
    wilds = sum(1 for c in cards if _split(c)[1] is None)
    return " ".join([str(v) for v in nums] + (["wild" + (f"×{wilds}" if wilds > 1 else "")] if wilds else []))


def _grouped(cards) -> Text:
    """Cards grouped by colour in board order, values ascending: ``red 2 5 · blue 1 · wild ×2``."""
    groups: dict[str, list[int]] = {}
    wilds = 0
    for c in cards:
        colour, value = _split(c)
        if value is None:
            wilds += 1
        else:
            groups.setdefault(colour, []).append(value)
    text = Text()
    for colour in sorted(groups, key=lambda k: COLOURS.index(k) if k in COLOURS else len(COLOURS)):
        if text.plain:
            text.append(" · ", style="dim")
        text.append(colour + " " + " ".join(str(v) for v in sorted(groups[colour])), style=STYLE.get(colour, ""))
    if wilds:
        if text.plain:
            text.append(" · ", style="dim")
        text.append("wild" + (f" ×{wilds}" if wilds > 1 else ""), style=STYLE["wild"])
    return text if text.plain else Text("—", style="dim")


def _listing(parts: list[str]) -> str:
    """``a``, ``a or b``, ``a, b, or c``."""
    if len(parts) <= 1:
        return "".join(parts)
    if len(parts) == 2:
        return f"{parts[0]} or {parts[1]}"
    return ", ".join(parts[:-1]) + f", or {parts[-1]}"


def turn_label(observation: dict) -> str:
    """Where the game is: ``round 3`` (or ``game over``)."""
    return "game over" if observation["over"] else f"round {observation['round']}"


# -- the board ------------------------------------------------------------------------------


def _seat_header(p: int, o: dict) -> Text:
    you = o.get("seat")
    label = "you" if p == you else f"seat {p}"
    mark = "▶ " if o["to_move"] == p else ""
    return Text(mark + label, style="bold" if p in (you, o["to_move"]) else "")


def _face_down(count: int, yours: list[str] | None) -> Text:
    """``▪▪▪`` for another seat; ``▪▪ 2 5 =7`` for your own cards there (no sum with a wild:
    the observation does not say what a wild counts)."""
    if not count:
        return Text("·", style="dim")
    text = Text(HIDDEN * count, style="bold")
    if yours:
        text.append(" " + _values(yours))
        nums = [v for c in yours if (v := _split(c)[1]) is not None]
        if len(nums) > 1 and len(nums) == len(yours):
            text.append(f" ={sum(nums)}", style="dim")
    return text


def _controller(p: int | None, you: int | None) -> Text:
    if p is None:
        return Text("—", style="dim")
    return Text("you", style="bold green") if p == you else Text(f"seat {p}")


def _last_cell(strengths: list[int], winner: int | None, you: int | None, width: int = 1) -> Text:
    """``0 1 6 → seat 2`` (strengths in seat order, the winner's in bold green)."""
    text = Text()
    for q, s in enumerate(strengths):
        if q:
            text.append(" ")
        style = "bold green" if q == winner else ("dim" if s == 0 else "")
        text.append(f"{s:>{width}}", style=style)
    if winner is not None:
        text.append(" → " + _whom(winner, you))
    elif max(strengths) > 0:
        text.append(" → tie", style="yellow")
    else:
        text.append(" → no play", style="dim")
    return text


def _status(o: dict) -> list[Text]:
    """The lines above the board: round, whose turn, how near the round's end, the pile."""
    you = o.get("seat")
    n = o["players"]
    head = Text()
    if o["over"]:
        head.append("Final board", style="bold")
        head.append(f" · round {o['round']}")
        if o.get("end_reason"):
            head.append(f" · game over: {o['end_reason']}")
        return [head]
    head.append(f"Round {o['round']}", style="bold")
    head.append(f" (started by {_whom(o['starter'], you)})", style="dim")
    mover = o["to_move"]
    if mover is not None:
        head.append(" · ")
        head.append("your turn" if mover == you else f"seat {mover} to move",
                    style="bold green" if mover == you else "bold")
    quiet = o["turns_without_play"]
    head.append(" · turns without a play: ")
    if quiet == n - 1:
        head.append(f"{quiet} of {n} — one more ends the round", style="bold yellow")
    else:
        head.append(f"{quiet} of {n}")
    pile = o["pile"]
    line = Text("Pile: ", style="bold")
    if pile["size"] == 0:
        line.append("empty", style="yellow")
        line.append(" — no more drawing; a turn is a play or a pass", style="dim")
    else:
        line.append(f"{pile['size']} card" + ("s" if pile["size"] != 1 else ""))
        parts = []
        if pile["never_seen_on_top"]:
            parts.append(f"{pile['never_seen_on_top']} never seen on top")
        if pile["revealed_below"] and not pile["never_seen_on_top"]:
            parts.append("all revealed in earlier rounds")
        elif pile["revealed_below"]:
            parts.append(f"{pile['revealed_below']} revealed in earlier rounds below")
        if parts:
            line.append(" (" + ", ".join(parts) + ")", style="dim")
        if pile["size"] == 1:
            line.append(" — the last card", style="yellow")
    return [head, line]


def _board(o: dict) -> Table:
    """One row per region (controller, face-down cards per seat, last round), then per seat."""
    you = o.get("seat")
    n = o["players"]
    last = o.get("last_round")
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="")
    t.add_column(Text("region", style="bold"), no_wrap=True)
    t.add_column(Text("control", style="bold"), no_wrap=True)
    for p in range(n):
        t.add_column(_seat_header(p, o), min_width=6)
    width = 1
    if last is not None:
        t.add_column(Text(f"round {last['round']} → winner", style="dim"), no_wrap=True)
        width = max(len(str(x)) for strengths in last["strengths"] for x in strengths)
    for r, region in enumerate(o["regions"]):
        colour = region["colour"]
        row: list = [Text(colour, style="bold " + STYLE.get(colour, "")),
                     _controller(region["controller"], you)]
        for p in range(n):
            yours = region.get("yours") if p == you else None
            row.append(_face_down(region["face_down"][p], yours))
        if last is not None:
            row.append(_last_cell(last["strengths"][r], last["winners"][r], you, width))
        t.add_row(*row, end_section=r == len(o["regions"]) - 1)
    need = o["regions_to_win"]
    held = []
    for p, c in enumerate(o["controlled"]):
        style = "bold green" if c >= need else "bold yellow" if c == need - 1 else ("bold" if p == you else "")
        held.append(Text(str(c), style=style))
    extra = [""] if last is not None else []
    t.add_row(Text("regions held", style="bold"), Text(f"need {need}", style="dim"), *held, *extra)
    t.add_row(Text("hand", style="bold"), "", *[str(h) for h in o["hand_sizes"]], *extra)
    t.add_row(Text("bonus drawn", style="bold"), "",
              *[Text(str(b), style="" if b else "dim") for b in o["bonus_cards_drawn"]], *extra)
    return t


def render(observation: dict) -> Group:
    """The board as ``observation['seat']`` sees it (a spectator: public information only)."""
    o = observation
    you = o.get("seat")
    parts: list = [*_status(o), _board(o)]
    if o.get("discard"):
        line = Text(f"Discarded ({len(o['discard'])}): ", style="bold")
        line.append_text(_grouped(o["discard"]))
        parts.append(line)
    if you is not None and "hand" in o:
        line = Text(f"Your hand ({len(o['hand'])}): ", style="bold")
        line.append_text(_grouped(o["hand"]))
        parts.append(line)
    return Group(*parts)


# -- narration ------------------------------------------------------------------------------


def _reveal(e, viewer: int | None) -> Line:
    """``Red: you 9 (4 5), seat 1 7 (6 wild) — you win and control red``."""
    head = e.region.capitalize() + ": "
    played = [q for q, cards in enumerate(e.cards) if cards]
    if not played:
        keeps = (f"{_whom(e.controller, viewer)} {_verb(e.controller, viewer, 'keep')} control"
                 if e.controller is not None else "nobody controls it")
        return Line(f"{head}nobody played — {keeps}", "quiet")
    shown = ", ".join(f"{_whom(q, viewer)} {e.strengths[q]}" + (
        f" ({_values(e.cards[q])})" if len(e.cards[q]) > 1 or "wild" in e.cards[q] else "")
        for q in played)
    style = "strong"
    if e.winner is not None:
        w = e.winner
        style = "good" if w == viewer else "bad" if viewer is not None else "strong"
        end = f"{_whom(w, viewer)} {_verb(w, viewer, 'win')} and {_verb(w, viewer, 'control')} {e.region}"
    elif len(played) == 1 or max(e.strengths) == 0:
        end = "no winner"
    else:
        end = "a tie, no winner"
        if e.controller is not None:
            end += f"; {_whom(e.controller, viewer)} {_verb(e.controller, viewer, 'keep')} control"
        else:
            end += f"; nobody controls {e.region}"
    return Line(f"{head}{shown} — {end}", style)


def _verdict(returns, viewer: int | None) -> tuple[str, list[int]]:
    """``you win`` / ``seat 1 wins`` / ``seat 0 and seat 2 share the lead`` / ``a draw``."""
    best = max(returns)
    top = [q for q, r in enumerate(returns) if r == best]
    if best > 0:
        w = top[0]
        return f"{_whom(w, viewer)} {_verb(w, viewer, 'win')}", top
    if len(top) == len(returns):
        return "a draw", top
    names = " and ".join(_whom(q, viewer) for q in top)
    return f"{names} share the lead (no winner)", top


def _a(card: str) -> str:
    """A card in a sentence: "a wild", "red 5"."""
    return "a wild" if card == "wild" else card


def narrate(event, viewer: int | None = None) -> Line | None:
    """One line for ``event`` as ``viewer`` saw it (None: not worth a line).

    ``event`` must already be ``original.seen_by(viewer)``: hidden fields are None.
    """
    kind = type(event).__name__
    e = event
    p = getattr(e, "player", None)
    if kind == "CardPlayed":
        if e.card is None:
            return Line(f"{_who(p, viewer)} played a card into {e.region}")
        return Line(f"{_who(p, viewer)} played {_a(e.card)} into {e.region}")
    if kind == "CardDrawn":
        if e.bonus:
            if e.card is None:
                return Line(f"{_who(p, viewer)} drew a bonus card (for a region won)")
            return Line(f"{_who(p, viewer)} drew a bonus card: {e.card}")
        if e.card is None:
            return Line(f"{_who(p, viewer)} drew a card")
        return Line(f"{_who(p, viewer)} drew {_a(e.card)}")
    if kind == "Passed":
        return Line(f"{_who(p, viewer)} passed")
    if kind == "RegionRevealed":
        return _reveal(e, viewer)
    if kind == "CardsReturned":
        if e.count == 1:
            if e.where == "bottom":
                return Line("The played card goes under the pile", "quiet")
            return Line("The played card is discarded", "quiet")
        if e.where == "bottom":
            return Line(f"The {e.count} played cards go under the pile, shuffled", "quiet")
        return Line(f"The {e.count} played cards are discarded", "quiet")
    if kind == "RoundEnded":
        held = ", ".join(f"{_whom(q, viewer)} {c}" for q, c in enumerate(e.controlled))
        return Line(f"Round {e.round} over — regions controlled: {held}", "strong")
    if kind == "GameOver":
        verdict, _ = _verdict(e.returns, viewer)
        return Line(f"Game over ({e.reason}): {verdict}", "strong")
    return Line(f"{kind}: {event.to_dict()}")


# -- decisions ------------------------------------------------------------------------------


def decision(observation: dict, actions: list) -> str:
    """What the seat to move is asked now, in words (rich markup)."""
    o = observation
    kinds = {a.kind for a in actions}
    parts = []
    if PLAY in kinds:
        parts.append("Play a card face down")
    if DRAW in kinds:
        size = o["pile"]["size"]
        parts.append("draw" + (" (the pile's last card)" if size == 1 else f" (pile {size})"))
    if PASS in kinds:
        parts.append("pass")
    text = _listing(parts)
    text = text[:1].upper() + text[1:]
    n = o["players"]
    quiet = o["turns_without_play"]
    if quiet == n - 1 and PLAY in kinds:
        text += " — [yellow]if you do not play, the round ends[/yellow]"
    elif quiet == n - 1:
        text += " — [yellow]this turn ends the round[/yellow]"
    elif quiet == n - 2 and PLAY in kinds and o.get("seat") is not None:
        nxt = (o["seat"] + 1) % n
        text += f" [dim]— if you do not play, seat {nxt} can end the round by not playing[/dim]"
    return text


def auto_note(observation: dict, action) -> str:
    """Why ``action``, the only legal move, was played for the person."""
    o = observation
    if action.kind == DRAW:
        return "Your hand is empty: you draw."
    if action.kind == PASS:
        if not o.get("hand"):
            return "Your hand and the pile are empty: you pass."
        return "You pass."
    return f"Your only move: {escape(str(action))}."


# -- moves ----------------------------------------------------------------------------------


def moves(actions: list) -> tuple[list, Group]:
    """The moves in the order they are numbered (from 1), and how they are shown.

    One row per region (its cards ascending, then a wild into it), then draw and pass.
    """
    plays = [a for a in actions if a.kind == PLAY]
    plays.sort(key=lambda a: (a.region, a.card))                 # a wild (48) after the colours
    rest = sorted((a for a in actions if a.kind != PLAY), key=lambda a: a.kind)
    ordered = plays + rest
    rows: list[list[Text]] = []
    labels: list[Text] = []
    n = 0
    by_region: dict[int, list] = {}
    for a in plays:
        by_region.setdefault(a.region, []).append(a)
    for region, group in by_region.items():
        colour = COLOURS[region]
        labels.append(Text(colour, style="bold " + STYLE.get(colour, "")))
        row = []
        for a in group:
            n += 1
            item = Text(f"{n:>2} ", style="bold")
            text = str(a).removeprefix("play ")
            item.append("wild" if text.startswith("wild") else text,
                        style=STYLE["wild"] if text.startswith("wild") else STYLE.get(colour, ""))
            row.append(item)
        rows.append(row)
    width = max((len(r) for r in rows), default=0)
    t = Table(box=None, padding=(0, 2), show_header=False, show_edge=False, pad_edge=False)
    t.add_column(no_wrap=True)
    for _ in range(width):
        t.add_column(no_wrap=True)
    for label, row in zip(labels, rows, strict=True):
        t.add_row(label, *row, *[""] * (width - len(row)))
    parts: list = [t] if rows else []
    if rest:
        line = Text()
        for a in rest:
            n += 1
            if line.plain:
                line.append("    ")
            line.append(f"{n:>2} ", style="bold")
            line.append(str(a), style="bold")
            if a.kind == DRAW:
                line.append(" (the top card of the pile)", style="dim")
        parts.append(line)
    return ordered, Group(*parts)


# -- the end --------------------------------------------------------------------------------


def result(observation: dict) -> Group:
    """Who controls which region, the last round's strengths, who wins and why."""
    o = observation
    you = o.get("seat")
    n = o["players"]
    need = o["regions_to_win"]
    last = o.get("last_round")
    t = Table(box=None, padding=(0, 2), show_edge=False, pad_edge=False, header_style="bold")
    t.add_column("region", no_wrap=True)
    t.add_column("controlled by", no_wrap=True)
    if last is not None:
        for p in range(n):
            t.add_column(("you" if p == you else f"seat {p}"), justify="right", no_wrap=True)
    for r, region in enumerate(o["regions"]):
        colour = region["colour"]
        row: list = [Text(colour, style="bold " + STYLE.get(colour, "")), _controller(region["controller"], you)]
        if last is not None:
            winner = last["winners"][r]
            row += [Text(str(s), style="bold green" if q == winner else ("dim" if s == 0 else ""))
                    for q, s in enumerate(last["strengths"][r])]
        t.add_row(*row, end_section=r == len(o["regions"]) - 1)
    held = o["controlled"]
    if last is not None:
        t.add_row(Text("regions held", style="bold"), Text(f"{need} to win", style="dim"),
                  *[Text(str(c), style="bold green" if c >= need else "bold") for c in held])
    caption = Text(f"(strengths: round {last['round']}, the last)" if last else "", style="dim")
    returns = o.get("returns", [0.0] * n)
    verdict, top = _verdict(returns, you)
    reason = o.get("end_reason", "")
    best = max(returns)
    if best > 0:
        w = top[0]
        qualified = [q for q in range(n) if held[q] >= need]
        why = f"controlling {held[w]} of {len(o['regions'])} regions ({need} needed)"
        if len(qualified) > 1 and last is not None:
            others = [q for q in qualified if q != w]
            if all(held[q] == held[w] for q in others):
                totals = [sum(last["strengths"][r][q] for r in range(len(o["regions"]))) for q in range(n)]
                why += (f"; {' and '.join(_whom(q, you) for q in others)} also reached {need}: the higher "
                        f"total strength this round breaks the tie, "
                        + " to ".join(str(totals[q]) for q in [w, *others]))
            else:
                why += f"; more than {' and '.join(_whom(q, you) for q in others)}, who also reached {need}"
        elif not reason.startswith("control"):
            why = f"{reason}; {_whom(w, you)} {_verb(w, you, 'control')} the most regions ({held[w]})"
        style = "bold green" if you is None or w == you else "bold red"
        line = f"[{style}]{verdict[:1].upper() + verdict[1:]}[/{style}]: {escape(why)}."
    elif len(top) == n and reason.startswith("control"):   # S14: every seat qualified, all even
        line = (f"[bold]A draw[/bold]: everyone reached {need} regions, with as many regions and the "
                f"same total strength this round.")
    elif len(top) == n:
        line = (f"[bold]A draw[/bold]: {escape(reason)} before anyone controlled {need} regions "
                f"(held: {', '.join(f'{_whom(q, you)} {c}' for q, c in enumerate(held))}).")
    else:
        line = (f"[bold]{verdict[:1].upper() + verdict[1:]}[/bold]: {escape(reason)}; "
                f"they hold the most regions ({held[top[0]]}), the others lose.")
    head = Text("Game over", style="bold")
    if reason:
        head.append(f": {reason}")
    parts = [head, t]
    if caption.plain:
        parts.append(caption)
    parts.append(Text.from_markup(line))
    return Group(*parts)


def help_text(observation: dict, actions: list) -> str:
    """The move notation and the rules in brief (rich markup), in lines under 80 characters. The
    examples of plays are cards of the seat's hand (a wild card only when it holds one: the deck
    may have none)."""
    hand = observation.get("hand") or []
    coloured = next((c for c in hand if c != "wild"), "red 5")
    colour = coloured.split()[0]

    def either(card: str) -> str:
        """Both ways to write a play, as the refusals of a move name them."""
        return f"[cyan]{card}[/cyan] or [cyan]play {card}[/cyan]"

    rows = [(either(coloured), f"put your {coloured} face down in its region")]
    if "wild" in hand:
        rows.append((either(f"wild {colour}"), f"put a wild face down in the {colour} region"))
    # A pass legal while the pile has cards: this table plays voluntary_pass=true.
    voluntary = observation["pile"]["size"] > 0 and any(str(a) == "pass" for a in actions)
    rows += [("[cyan]draw[/cyan]", "take the top card of the pile"),
             ("[cyan]pass[/cyan]", "do nothing (any time: voluntary_pass=true)" if voluntary
              else "do nothing (when the pile is empty)")]
    width = max(Text.from_markup(example).cell_len for example, _ in rows) + 2
    examples = "\n".join(f"  {example}{' ' * (width - Text.from_markup(example).cell_len)}{what}"
                         for example, what in rows)
    return f"""[bold]Moves[/bold]: type a move's number, or the move (colours may be shortened):
{examples}
[bold]The board[/bold]: ▪ is a face-down card; your own show their values. Others see
only how many cards you played where, not their values, nor if they are wild.
[bold]A round[/bold] ends after every player in a row did not play (drew or passed), or
(by default) when a draw takes the pile's last card. All regions are then
revealed: the single highest strength (the sum of the values; a wild counts 1
by default) wins the region, takes control of it and draws a bonus card. A tie
for the highest strength leaves the region to nobody (tie=keep: control stays);
where nobody played, control stays. Played cards go under the pile, shuffled
(played_cards=discard: out of the game).
[bold]Winning[/bold]: control enough regions at the end of a round (by default 4 of 5
with 2 players, 3 with 3-4). If nobody has won and a draw took the pile's last
card that round (or the pile is empty once the played cards are put away), or
after max_rounds rounds, the game ends: a draw by default, or the most
regions wins with exhaustion=most-regions."""


# What the command line draws this game with (ludus.core.parts).
FACE = TerminalFace(
    render=render, narrate=narrate, decision=decision, moves=moves, auto_note=auto_note,
    result=result, turn_label=turn_label, help_text=help_text)
