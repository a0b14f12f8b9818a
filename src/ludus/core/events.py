"""Events: what ``State.apply`` returns, each knowing who may see what.

An event is a small frozen dataclass. ``seen_by(player)`` gives the event as that seat may
know it: the event itself, a redacted copy, or None. ``player=None`` is the spectator.
Narration, the web message stream and replays are built from these, never from the state.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Event:
    """A public event: everyone sees it whole. Subclasses with secrets override ``seen_by``."""

    def seen_by(self, player: int | None) -> Event | None:
        return self

    def reveals(self) -> bool:
        """Whether the event shows some seat what it could not see before — a card drawn, turned
        face up or played from a hand, a hand looked at. A seat may not take back a move that
        did (the session's undo). True unless a game's event says otherwise: a wrong False
        would let a seat undo a move after learning from it, a wrong True only refuses an undo."""
        return True

    def to_dict(self) -> dict:
        """JSON-able form: the event's type name and its fields."""
        return {"type": type(self).__name__, **dataclasses.asdict(self)}


@dataclasses.dataclass(frozen=True)
class PrivateEvent(Event):
    """An event only its ``player`` sees whole; others see ``public()`` (or nothing if None)."""

    player: int

    def seen_by(self, player: int | None) -> Event | None:
        return self if player == self.player else self.public()

    def public(self) -> Event | None:
        return None


def redact(event: Event, **hidden) -> Event:
    """A copy of ``event`` with the given fields replaced (e.g. ``value=None``)."""
    return dataclasses.replace(event, **hidden)
