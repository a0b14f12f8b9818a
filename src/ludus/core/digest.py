"""Digests that tie a written game to what it replays to.

A record names a game, its options, its seed and its moves; replaying it rebuilds the game. An
edited move may still be legal and replay to another game, and a record written by a version of
ludus whose rules differ replays differently too. So records carry ``position_digest`` of the
position they end in, and replay checks it; move logs carry, on each move, the digest of the
position the move was chosen in; tournament journals carry ``line_check`` on each line.

A digest detects edits and corruption, not a forger: anyone can recompute it. Whoever must
trust a file written by someone else keeps it where they cannot write, or signs it.
"""

from __future__ import annotations

import hashlib
import json

from .errors import echo


def _hash(value) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def position_digest(state, observe=None) -> str:
    """A hash of everything each seat and a spectator see in ``state`` (their observations,
    the history's length, and the returns once over): two replays that differ anywhere a
    seat could see, now or in what it saw happen, give different digests. ``observe``: where
    to get those observations if not from ``state.observe`` (a session's, which keeps them)."""
    look = observe or state.observe
    views = [look(p) for p in range(state.game.num_players)] + [look(None)]
    return _hash({"views": views, "moves": len(state.history),
                  "returns": list(state.returns()) if state.is_terminal else None})


def line_check(line: dict) -> str:
    """A hash of a JSON-able line's fields other than ``check`` itself."""
    return _hash({k: v for k, v in line.items() if k != "check"})


def digest_mismatch(written: str | None, this: str) -> str:
    """Why a game replays to another position than its digest says, as far as the versions of
    ludus that wrote it (``written``, if known) and that reads it (``this``) tell: the same
    version plays by the same rules, so then the file was edited."""
    if written == this:
        return f"it was edited (it was written by this very version of ludus, {this!r})"
    versions = f"it names {echo(written, 80)}, this is {this!r}" if written is not None else f"this is {this!r}"
    return f"it was edited, or written by a version of ludus whose rules differ ({versions})"
