"""The terminal's turn loop: the people at the keyboard play a session, seat by seat, each seeing
what their seat saw since their last move (hot-seat hand-over, typed-ahead moves, hints, undo)."""

from __future__ import annotations

import contextlib
import re

from rich.markup import escape
from rich.text import Text

from ludus.core.errors import IllegalAction
from ludus.session import LogWriteError, Session

from .common import commands_help, narration
from .screen import InputEnded, pass_keyboard, read_line, show_decision


class LogFailed(Exception):
    """The move log could not be written. The session writes a move before it plays it, so the
    game stands as it was before that move."""


def _is_number(text: str) -> bool:
    """Whether a person typed a move's number (ASCII digits: "²" is no number)."""
    return text.isascii() and text.isdigit()


def _logged(call, *args):
    """``call(*args)`` on the session, with a failure to write its move log as ``LogFailed``."""
    try:
        return call(*args)
    except LogWriteError as e:
        raise LogFailed(e.reason) from None


def play_loop(console, table: Session, names, term, clear: bool):
    """Play until the game ends (returns the narration for the end screen) or a person quits
    (None); InputEnded if the input ends first.

    The session's person seats are played at this terminal, its agents by the session. Each
    person gets the narration as their seat saw it, since their last move.
    With several people (hot-seat) the screen is wiped and the keyboard passed ("Pass to seat N
    — press Enter") before a person's decision is shown whenever the screen last showed another
    person's view; the end screen then gets the public narration since the last person's move.
    """
    humans = [p for p, s in enumerate(table.seats) if s.agent is None]
    lines: dict[int, list[str]] = {h: [] for h in humans}
    public: list[str] = []
    queued: dict[int, list[str]] = {h: [] for h in humans}  # moves typed ahead, separated by ";"
    menus: dict[int, frozenset] = {}       # the kind of decision they were typed at (``_menu``)
    hot = len(humans) > 1
    on_screen: list[int | None] = [None if hot else humans[0]]  # whose view the screen shows

    def tell(events, mover: int | None = None, fallback: str | None = None) -> None:
        for h in humans:
            told = narration(term, events, h)
            if h == mover and not told and fallback:
                told = [fallback]
            lines[h] += told
        if hot:
            public.extend(narration(term, events, None))

    def show(seat: int, clear_now: bool):
        """The decision of ``seat`` on screen, after passing the keyboard if needed (None: quit).
        Passing it drops what the others typed ahead: their moves wait for their own screen."""
        if on_screen[0] != seat:
            if not pass_keyboard(console, names, seat, wipe=on_screen[0] is not None):
                return None
            for other in queued:
                if other != seat:
                    queued[other].clear()
            on_screen[0] = seat
        return show_decision(console, term, table.state, seat, names, lines[seat], clear_now)

    while not table.over:
        seat = table.to_move
        legal = table.legal_actions()
        if seat not in lines:
            # A searching bot takes a second or more a move: say so on a terminal.
            with (console.status(f"{escape(names[seat].capitalize())} is thinking…") if console.is_terminal
                  else contextlib.nullcontext()):
                tell(_logged(table.step))
            continue
        # A forced move is played for its person — but in hot-seat only on that person's own
        # screen: whether the keyboard is passed must not show that someone holds no Veto.
        if table.auto and len(legal) == 1 and (not hot or on_screen[0] == seat):
            # A move typed ahead that the forced move is was meant for this decision: it is
            # played now, so it must not run on into a later one.
            if queued[seat] and _names(table, queued[seat][0], legal[0]):
                queued[seat].pop(0)
            # The game's note says why the move was forced; where it has none, the move's own
            # narration is marked (auto) — so a forced move is told once, not twice.
            note = term.auto_note(table.observe(seat), legal[0]) if term.auto_note else None
            if note:
                lines[seat].append(f"[dim](auto)[/dim] {note}")
                tell(_logged(table.step))
                continue
            start = len(lines[seat])
            tell(_logged(table.step), seat, f"Only one legal move: {escape(str(legal[0]))}.")
            if len(lines[seat]) > start:
                lines[seat][start] = f"[dim](auto)[/dim] {lines[seat][start]}"
            continue
        ordered = term.moves(legal)[0]
        if queued[seat] and _is_number(queued[seat][0]) and _menu(legal) != menus[seat]:
            # A number picks from a menu: typed ahead for one kind of decision, it must not run
            # on into another (seventeen 1s once arranged a pile, opened, and played a turn).
            lines[seat].append(f"[yellow]The decision changed: the moves typed ahead were dropped "
                               f"({escape('; '.join(queued[seat]))}).[/yellow]")
            queued[seat] = []
        if not queued[seat]:
            ordered = show(seat, clear)
            if ordered is None:
                return None
        while True:
            typed = not queued[seat]
            if queued[seat]:
                text = queued[seat].pop(0)
            else:
                text = read_line(console, f"[bold]{escape(names[seat].capitalize())}[/bold], your move: ")
                if text is None:
                    raise InputEnded
                parts = [t.strip() for t in text.split(";") if t.strip()]
                text, queued[seat] = (parts[0], parts[1:]) if parts else ("", [])
                menus[seat] = _menu(legal)
            low = text.lower()
            if low in ("quit", "q", "exit"):
                return None
            if not text:
                continue
            if not typed and low in ("help", "?", "h", "hint"):   # typed ahead: show the decision it is about
                ordered = show(seat, clear)
                if ordered is None:
                    return None
            if low in ("help", "?", "h"):
                console.print(Text.from_markup(term.help_text(table.observe(seat), legal)))
                console.print(Text.from_markup(commands_help(term)))
                continue
            if low == "hint":
                _hint(console, table, seat, ordered)
                continue
            if low == "undo" and term.no_undo is not None:
                console.print(Text(f"There is no undo: {term.no_undo}.", style="red"))
                continue
            if low == "undo":
                try:
                    _logged(table.undo, seat)
                except IllegalAction as e:
                    console.print(Text(_capitalised(_to_you(str(e), names[seat])), style="red"))
                    continue
                queued[seat] = []
                lines[seat] = ["You took back your last move."]
                for other in lines:
                    if other != seat:
                        lines[other].append(f"{escape(names[seat].capitalize())} took back their last move.")
                break
            if low in ("board", "table", "b"):
                ordered = show(seat, False)
                if ordered is None:
                    return None
                continue
            error = None
            if _is_number(low):
                n = int(low)
                if 1 <= n <= len(ordered):
                    action = ordered[n - 1]
                else:
                    error = f"There is no move {n}; choose 1 to {len(ordered)}."
            else:
                try:
                    action = table.game.parse_action(text)
                except IllegalAction as e:   # the game reads notation; numbers are this prompt's own
                    error = f"{e} (or type a move's number, 1 to {len(ordered)})"
            if error is None:
                try:
                    events = _logged(table.play, seat, action)
                except IllegalAction as e:
                    error = f"Refused: {_to_you(str(e), names[seat])}"
            if error is not None:
                if queued[seat]:
                    error += f" (the moves typed after it were dropped: {'; '.join(queued[seat])})"
                    queued[seat] = []
                if not typed:  # the screen shows an earlier decision: show this one
                    ordered = show(seat, clear)
                    if ordered is None:
                        return None
                console.print(Text(error, style="red"))
                continue
            if typed:
                lines[seat] = []
                public.clear()
            tell(events, seat, f"You: [bold]{escape(str(action))}[/bold]")
            break
    return public if hot else lines[humans[0]]


# The engine names a seat in third person ("seat 0 holds no goblins 3"); said to that seat's
# person, it is "you".
_YOU = (("'s", "your"), (" holds", "you hold"), (" has", "you have"), (" is", "you are"),
        (" cannot", "you cannot"), ("", "you"))


def _to_you(message: str, name: str) -> str:
    for tail, you in _YOU:
        message = re.sub(rf"\b{re.escape(name)}{re.escape(tail)}\b", you, message, flags=re.IGNORECASE)
    return message


def _names(table: Session, text: str, action) -> bool:
    """Whether a person's typed ``text`` names ``action`` (by notation or as move 1 of a
    menu of one)."""
    if _is_number(text):
        return int(text) == 1
    try:
        return table.game.parse_action(text) == action
    except IllegalAction:
        return False


def _capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _menu(legal: list) -> frozenset:
    """The kind of a decision, as its menu shows it: the first words of its moves ("arrange",
    "open", or "down", "up", "assassin", … "passive")."""
    return frozenset(str(a).split()[0] for a in legal)


def _hint(console, table: Session, seat: int, ordered: list, shown: int = 3) -> None:
    """What ``ismcts:hard`` would play from the seat's perspective (nothing the seat may not
    know), its best moves numbered as on screen, with its estimate of each."""
    with console.status("Thinking about your move…") if console.is_terminal else contextlib.nullcontext():
        hint = table.hint(seat)
    estimates = hint.moves
    number = {a: i + 1 for i, a in enumerate(ordered)}
    if len(estimates) == 1:
        console.print(f"Hint: [bold]1[/bold] {escape(str(estimates[0].action))} is the only legal move")
        return
    if not hint.iterations:
        console.print(f"Hint: [bold]{number[estimates[0].action]}[/bold] {escape(str(estimates[0].action))} "
                      "(the bots play this by rule here; it is not searched)")
        return
    console.print(f"Hint, from {hint.iterations:,} worlds you cannot tell from the true one "
                  "(its estimate for you: -1 a sure loss … +1 a sure win):")
    for e in estimates[:shown]:
        if e.visits:
            console.print(f"  [bold]{number[e.action]:>2}[/bold]  {escape(str(e.action)):<24} {e.value:+.2f}  "
                          f"[dim]tried in {e.visits / hint.iterations:.0%}[/dim]")
