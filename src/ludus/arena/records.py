"""The game records a tournament or a lab keeps with ``--records``: one file per game in a
folder, named by the game's index (the ``game`` column of games.csv), each what ``ludus
replay`` and ``ludus review`` read, with the agent spec of each seat.

A worker that keeps records returns each result with its record attached (``record``, a field
of :class:`~ludus.arena.match.GameResult` and of the lab's result); ``writing_records`` writes
them, whole, before the results go on to the journal without them, so every game a journal
holds has its record, and a record left by a game cut off before its line is replaced when the
game is played again.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

RECORDS_DIR = "records"   # in --out DIR with --records


def record_name(index: int) -> str:
    """The file of game ``index`` in a records folder."""
    return f"game-{index:05d}.json"


def unit_record(state, specs) -> dict:
    """The record of a finished game, seated with ``specs`` (one agent spec per seat)."""
    from ..session import versioned  # the session module imports the arena

    return {**versioned(state), "seats": list(specs)}


def fields_but_record(result) -> dict:
    """A result as a journal's line holds it: every field but the record."""
    return {f.name: getattr(result, f.name) for f in dataclasses.fields(result) if f.name != "record"}


def without_record(result):
    return result if result.record is None else dataclasses.replace(result, record=None)


def write_record(path: Path, record: dict) -> None:
    """Write a record whole or not at all (a temporary file renamed into place)."""
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(json.dumps(record) + "\n")
    os.replace(temporary, path)


def writing_records(folder: Path, finished: Callable[[list], None]) -> Callable[[list], None]:
    """A backend's ``on_done`` that writes each result's record into ``folder``, then hands the
    results, without their records, to ``finished``."""
    folder.mkdir(parents=True, exist_ok=True)

    def on_done(batch: list) -> None:
        for result in batch:
            write_record(folder / record_name(result.index), result.record)
        finished([without_record(result) for result in batch])

    return on_done


def strangers(folder: Path, expected: dict[int, dict]) -> list[str]:
    """The records in ``folder`` that are not of this run's games: ``expected`` gives, by game
    index, what its record holds (its ``game``, ``options``, ``seed`` and ``seats``). A record
    of another run (one started again after its journal was deleted, say) must not mix with
    this run's; a game of this run cut off after its record was written is no stranger."""
    out = []
    for path in sorted(folder.glob("game-*.json")) if folder.is_dir() else []:
        number = path.stem.removeprefix("game-")
        want = expected.get(int(number)) if number.isdigit() else None
        try:
            record = json.loads(path.read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            record = None
        if want is None or not isinstance(record, dict) or any(record.get(k) != v for k, v in want.items()):
            out.append(path.name)
    return out


def unrecorded(folder: Path, indexes: Iterable[int]) -> int:
    """How many of the games ``indexes`` have no record in ``folder``."""
    return sum(not (folder / record_name(i)).exists() for i in indexes)
