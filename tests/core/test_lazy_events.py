"""LazyEvents: the events of an ``apply`` are built only when read, and then read as a list."""

from __future__ import annotations

import copy
import json
import pickle

from ludus.core.events import LazyEvents

built: list[int] = []


def _event(n: int) -> int:
    built.append(n)
    return n * 10


def _events() -> LazyEvents:
    built.clear()
    return LazyEvents.of([(_event, 1), (_event, 2)])


def test_unread_events_are_never_built():
    events = _events()
    del events
    assert built == []


def test_every_way_of_reading_builds_them_once():
    reads = [list, tuple, len, bool, repr, str, lambda e: e[0], lambda e: e[-1:], lambda e: 20 in e,
             lambda e: e == [10, 20], lambda e: [10, 20] == e,  # noqa: SIM300 (a plain list on the left)
             lambda e: e + [3], lambda e: [3] + e,
             lambda e: [*e], lambda e: [x for x in e], lambda e: sorted(e), lambda e: json.dumps(e),
             lambda e: e.index(20), lambda e: e.count(10), lambda e: list(reversed(e)), lambda e: e * 2]
    expected = [[10, 20], (10, 20), 2, True, "[10, 20]", "[10, 20]", 10, [20], True, True, True,
                [10, 20, 3], [3, 10, 20], [10, 20], [10, 20], [10, 20], "[10, 20]", 1, 1, [20, 10],
                [10, 20, 10, 20]]
    for read, want in zip(reads, expected, strict=True):
        events = _events()
        assert read(events) == want
        assert read(events) == want and built == [1, 2]      # built once, in order


def test_changed_copied_and_pickled_like_a_list():
    events = _events()
    events += [3]
    events.append(4)
    assert events == [10, 20, 3, 4] and isinstance(events, list)
    for twin in (copy.copy(_events()), copy.deepcopy(_events()), pickle.loads(pickle.dumps(_events()))):
        assert twin == [10, 20] and len(twin) == 2
    grown = [0]
    grown += _events()
    assert grown == [0, 10, 20] and LazyEvents([5]) == [5] and LazyEvents() == []
