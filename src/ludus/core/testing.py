"""Shared helpers for tests and scripts that drive a game by its notation."""

from __future__ import annotations

from collections.abc import Mapping


def play(state, *moves) -> list:
    """Apply moves in order, checked, and return all their events.

    A move is an action or a notation string. A string may hold several moves separated by
    ``;`` and may name its seat, ``"1: dragons 1"``: that move is then applied with ``player=1``
    and raises ``ludus.IllegalAction`` if another seat is to move. Raises at the first illegal
    move (earlier moves stay applied).
    """
    events: list = []
    for move in moves:
        parts = [m for m in move.split(";") if m.strip()] if isinstance(move, str) else [move]
        for m in parts:
            seat = None
            if isinstance(m, str):
                head, sep, tail = m.partition(":")
                if sep and head.strip().isascii() and head.strip().isdigit():
                    seat, m = int(head), tail
                m = state.game.parse_action(m)
            events += state.apply(m, player=seat)
    return events


def per_seat(x, n: int, what: str) -> list:
    """A per-seat argument of a position builder as a list of n entries (None: not given).

    Accepts ``None``, a mapping ``{seat: value}`` or a list of n values.
    """
    if x is None:
        return [None] * n
    if isinstance(x, Mapping):
        bad = [k for k in x if k not in range(n)]
        if bad:
            raise ValueError(f"{what}: {bad} are not seats of a {n}-player game")
        return [x.get(q) for q in range(n)]
    if isinstance(x, (list, tuple)) and len(x) == n:
        return list(x)
    raise ValueError(f"{what} must be a dict {{seat: ...}} or a list of {n} entries, got {x!r}")
