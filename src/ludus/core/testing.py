"""Shared helpers for tests and scripts that drive a game by its notation."""

from __future__ import annotations


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
                if sep and head.strip().isdigit():
                    seat, m = int(head), tail
                m = state.game.parse_action(m)
            events += state.apply(m, player=seat)
    return events
