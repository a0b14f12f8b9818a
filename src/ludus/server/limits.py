"""The server's limits, in one place (docs/server.md, "Limits"): how fast a connection may send,
how many tables a client address may have open, how many connections a table takes."""

from __future__ import annotations

# Messages a connection may send: RATE a second on average, BURST at once. A message over the
# rate is refused (``rate-limited``) and dropped; FLOOD of them in a row close the connection.
RATE = 10.0
BURST = 20
FLOOD = 50
# Tables not yet over that one client address may have made (``POST /api/tables``), counting
# only those with a line stored (made, or a move) in the last IDLE_HOURS: a table left unplayed
# that long no longer holds a place, so abandoned games do not lock an address out for good.
MAX_OPEN_TABLES = 20
IDLE_HOURS = 24
# WebSocket connections at one table at once.
MAX_CONNECTIONS = 50
# Close codes: a connection that kept flooding; a table with no room for another connection.
FLOODING, TABLE_FULL = 4429, 4409


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` in hand; a message takes one."""

    def __init__(self, now: float, rate: float = RATE, burst: int = BURST):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
