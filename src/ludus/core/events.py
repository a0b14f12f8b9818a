"""Events: what ``State.apply`` returns, each knowing who may see what.

An event is a small frozen dataclass. ``seen_by(player)`` gives the event as that seat may
know it: the event itself, a redacted copy, or None. ``player=None`` is the spectator.
Narration, the web message stream and replays are built from these, never from the state.
"""

from __future__ import annotations

import dataclasses
import functools


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
        """JSON-able form: the event's type name and its fields. Fields hold only immutable
        plain values (numbers, text, tuples of them), so they are shared, not deep-copied as
        ``dataclasses.asdict`` would (a server sends every event of every move)."""
        return {"type": type(self).__name__, **{name: getattr(self, name) for name in _field_names(type(self))}}


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


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


class LazyEvents(list):
    """The events of one ``apply``, built on first use from compact records.

    ``apply`` must return a list of events, but most callers drop it unread (a random playout
    through the validating loop, a tournament): building frozen dataclasses and card names
    for them was about half the cost of Claim's validating loop. A game records each event as
    a tuple ``(build, *args)`` (``build(*args)`` makes the event; the args hold only immutable
    values) and returns ``LazyEvents.of(records)``; the events are built the first time the
    list is read. Every list method is wrapped below to build them first: for a subclass
    that overrides them, iteration, ``len``, indexing, comparison, ``+``, copying and pickling
    all go through these methods, so nobody sees the list unbuilt (tests/core checks the ways
    a list is read).
    """

    __slots__ = ("_records",)

    def __new__(cls, *args, **kwargs):      # copies and unpickling: nothing left to build
        events = list.__new__(cls)
        events._records = None
        return events

    @classmethod
    def of(cls, records: list) -> LazyEvents:
        events = list.__new__(cls)
        events._records = records
        return events

    def _build(self) -> None:
        records = self._records
        if records is not None:
            self._records = None
            list.extend(self, [r[0](*r[1:]) for r in records])

    def __radd__(self, other):          # ``[...] + events``: list itself has no __radd__
        self._build()
        return other + list(self)


def _building_first(name: str):
    method = getattr(list, name)

    def call(self, *args, **kwargs):
        if self._records is not None:
            self._build()
        return method(self, *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


for _name in ("__iter__", "__len__", "__getitem__", "__setitem__", "__delitem__", "__contains__",
              "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__iadd__",
              "__mul__", "__rmul__", "__imul__", "__reversed__", "__repr__", "__sizeof__",
              "__reduce_ex__", "append", "extend", "insert", "pop", "remove", "index",
              "count", "copy", "reverse", "sort", "clear"):
    setattr(LazyEvents, _name, _building_first(_name))
del _name
