"""Carrying the stored tables over an upgrade of ludus that changed what a seat sees, not the rules.

Every stored move carries the digest of the position it was chosen in, a hash of every seat's
observation, and a table is replayed, digests checked, when it is loaded. A version whose
observations differ (a field added to one) refuses every table an older one stored, although each
move is as legal as it was. ``refresh`` replays each stored table on this version: if every move
is legal here, the digests are set to those this version writes (and the header's ``code`` to this
version, the one they are now the digests of, the earlier one appended to its ``carried_from``);
if one is not, the table is left as it is,
unplayable. Nothing else stored derives from an observation: the clocks, the deadline and the
result follow the rules.

What it checks is that the moves are legal, which a change of rules can leave true: run it for a
version that changed observations only. It refuses what it can tell is not that: digests that
differ under the very version that stored them (an edit), and a finished game whose replay ends
with another result than the one stored.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator

from ludus.arena.journal import code_version
from ludus.core.errors import RecordError
from ludus.session import Session

from .live import final_result
from .storage import OVER, Store, StoredTable

# A table's verdict: its digests are this version's already; they are not, and its moves are
# legal here (carried over, or to be); a move is not legal here (left as it is); its log changed
# while it was being carried over (left as it is: a server still plays it).
UP_TO_DATE, CARRIED, UNPLAYABLE, MOVED_ON = "up to date", "carried over", "unplayable", "moved on"


@dataclasses.dataclass(frozen=True)
class Verdict:
    table: StoredTable
    kind: str
    lines: int              # the lines of its log after the header: its moves and undos
    changed: int            # those whose digest this version writes otherwise
    reason: str | None      # why it is unplayable here


def refresh(store: Store, write: bool) -> Iterator[Verdict]:
    """Each stored table, oldest first, replayed on this version, and its verdict; with ``write``,
    the digests of a table whose moves are legal here are stored as this version's (in one
    transaction per table, only if its log is still the one replayed). Running it again finds
    every table carried over up to date."""
    for table in store.stored_tables():
        lines = store.lines(table.id)
        fresh, reason = _redigested(table, lines)
        changed = sum(old != new for old, new in zip(lines[1:], fresh[1:], strict=True))
        if reason is not None:
            kind = UNPLAYABLE
        elif not changed:
            kind = UP_TO_DATE
        elif write and not store.replace_lines(table.id, lines, fresh):
            kind = MOVED_ON
        else:
            kind = CARRIED
        yield Verdict(table, kind, len(lines) - 1, changed, reason)


def _redigested(table: StoredTable, lines: list[dict]) -> tuple[list[dict], str | None]:
    """The table's log with this version's digests, or the log as it is and why it cannot go on
    here."""
    fresh = copy.deepcopy(lines)
    try:
        session = Session.from_lines(fresh, source="its move log", auto=False, redigest=True)
    except RecordError as e:
        return lines, str(e)
    if fresh == lines:
        return lines, None
    written = lines[0].get("code")
    if written == code_version():
        return lines, (f"its moves are legal here but its digests are not this version's, although this very "
                       f"version ({written!r}) stored it: it was edited")
    if table.status == OVER:
        replayed = json.loads(json.dumps(final_result(session.state))) if session.over else None
        if replayed != table.result:
            return lines, (f"it was stored as over with the result {table.result}; here it replays to "
                           f"{replayed or 'a game not over'}: the rules differ")
    fresh[0]["code"] = code_version()
    fresh[0]["carried_from"] = [*lines[0].get("carried_from", ()), written]   # which versions played it
    return fresh, None
