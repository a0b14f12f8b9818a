"""A table's clocks: none, live (a Fischer clock: a bank of minutes per person's seat, seconds
added after each of its moves) or turn-based (hours per move). Agents have no clock.

The clocks' state after each line is stored in that line (``"clock": {"time", "left"}``), so a
table rebuilt from its lines, after a restart too, has the clocks it had; the time that passed
since the last line counts against the seat to move. Time comes from a ``TimeSource`` that
tests replace with a ``FakeTime`` they advance by hand.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from ludus.core.errors import echo

from .protocol import FieldError

# Bounds a table's clock may ask for.
MAX_MINUTES = 24 * 60
MAX_INCREMENT = 3600
MAX_HOURS = 24 * 30


def check_clock(value: Any) -> dict | None:
    """A table's clock as asked for (None: no clock), checked field by field (``FieldError``)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("kind") not in ("live", "turn"):
        raise FieldError([{"field": "clock", "message": 'a clock is null, {"kind": "live", "minutes": M, '
                                                         '"increment": S} or {"kind": "turn", "hours": H}, '
                                                         f"not {echo(value, 60)}"}])
    fields = {"live": {"minutes": (1, MAX_MINUTES), "increment": (0, MAX_INCREMENT)},
              "turn": {"hours": (1, MAX_HOURS)}}[value["kind"]]
    extra = [k if k.isidentifier() else echo(k, 40) for k in value if k != "kind" and k not in fields]
    errors = [{"field": f"clock.{k}", "message": f"a {value['kind']} clock has no {k}; its fields are kind, "
                                                 f"{', '.join(fields)}"} for k in extra]
    for name, (low, high) in fields.items():
        number = value.get(name)
        if type(number) is not int or not low <= number <= high:
            wanted = f"a whole number from {low} to {high}"
            errors.append({"field": f"clock.{name}", "message": f"missing: {wanted}" if name not in value
                           else f"{wanted}, not {echo(number, 40)}"})
    if errors:
        raise FieldError(errors)
    return {"kind": value["kind"], **{name: value[name] for name in fields}}


def clock_rules(header_clock: dict | None) -> dict | None:
    """The rules of a table's clock from its log's header (which also keeps when it started and
    the time left): the fields ``check_clock`` gives, nothing else."""
    return None if header_clock is None else check_clock({k: v for k, v in header_clock.items()
                                                          if k not in ("time", "left")})


class TimeSource:
    """The server's time: seconds since the epoch, and waiting for a moment."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        await asyncio.sleep(max(0.0, moment - self.now()))


class FakeTime(TimeSource):
    """A time that moves only when ``advance`` is called (from any thread): for tests."""

    def __init__(self, start: float = 1_000_000.0):
        self.time = start
        self._lock = threading.Lock()
        self._sleepers: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Future]] = []

    def now(self) -> float:
        return self.time

    async def sleep_until(self, moment: float) -> None:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            if moment <= self.time:
                return
            self._sleepers.append((moment, loop, future))
        await future

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.time += seconds
            due = [s for s in self._sleepers if s[0] <= self.time]
            self._sleepers = [s for s in self._sleepers if s[0] > self.time]
        for _, loop, future in due:
            if not loop.is_closed():        # a server stopped meanwhile
                loop.call_soon_threadsafe(lambda f=future: f.done() or f.set_result(None))


class Clocks:
    """The seconds left to each person's seat (None for an agent's) and when the running one
    started: the seat to move, if a person's, loses the time since ``since``."""

    def __init__(self, config: dict, persons: list[bool], now: float):
        self.config = config
        self.persons = persons
        start = config["minutes"] * 60 if config["kind"] == "live" else config["hours"] * 3600
        self.left: list[float | None] = [float(start) if p else None for p in persons]
        self.since = now

    def running(self, session) -> int | None:
        seat = session.to_move
        return seat if seat is not None and self.persons[seat] and not session.over else None

    def remaining(self, session, now: float) -> float | None:
        """The seconds the seat to move has left (None: no clock runs)."""
        seat = self.running(session)
        return None if seat is None else self.left[seat] - (now - self.since)

    def deadline(self, session) -> float | None:
        """When the running clock runs out (None: none runs)."""
        seat = self.running(session)
        return None if seat is None else self.since + self.left[seat]

    def charge(self, session, line: dict, now: float) -> dict:
        """The clocks once ``line`` is played at ``now``, to store with it (``restore`` them
        once stored): the running seat pays the time it took, a live clock adds its increment
        after a move. An undo is paid for by the seat that takes its move back, not by the seat
        that was to move: the time since the last line, and on a live clock the increments its
        moves taken back had earned (the time spent until the undo stays spent)."""
        left = list(self.left)
        if "undo" in line:
            seat = line["undo"]
            spent = now - self.since
            if self.config["kind"] == "live":
                spent += self.config["increment"] * session.undo_size(seat)
            left[seat] = max(0.0, left[seat] - spent)
            return {"time": now, "left": left}
        seat = self.running(session)
        if seat is not None:
            left[seat] = max(0.0, left[seat] - (now - self.since))
            if self.config["kind"] == "live" and line.get("seat") == seat:
                left[seat] += self.config["increment"]
        return {"time": now, "left": left}

    def started(self, session, line: dict) -> None:
        """After ``line`` took effect: on a turn-based clock, the seat a move passed the turn to
        starts with its full hours (an undo gives no time back: the seat goes on with its own)."""
        seat = self.running(session)
        if seat is not None and self.config["kind"] == "turn" and "undo" not in line:
            self.left[seat] = float(self.config["hours"] * 3600)

    def restore(self, stored: dict) -> None:
        self.left = [None if x is None else float(x) for x in stored["left"]]
        self.since = stored["time"]

    def view(self, session, now: float) -> dict:
        seat = self.running(session)
        left = list(self.left)
        if seat is not None:
            left[seat] = max(0.0, left[seat] - (now - self.since))
        return {**self.config, "left": [None if x is None else round(x, 1) for x in left], "running": seat}
