"""Finding games by id, and replaying records."""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
from typing import Any

from .digest import digest_mismatch, position_digest
from .errors import IllegalAction, LudusError, OptionError, RecordError, echo
from .game import check_seed

# game id -> "module:Class"; imported lazily so that `import ludus` stays cheap.
_GAMES = {
    "caesar-cleopatra": "ludus.games.caesar_cleopatra:CaesarCleopatra",
    "claim": "ludus.games.claim:Claim",
    "seize-rome": "ludus.games.seize_rome:SeizeRome",
}
ENTRY_POINTS = "ludus.games"   # the group under which another package registers its games


@functools.cache
def _plugins() -> dict[str, str]:
    """Games other installed packages register (``[project.entry-points."ludus.games"]``,
    ``my-game = "my_package:MyGame"``), read once."""
    return {ep.name: ep.value for ep in importlib.metadata.entry_points(group=ENTRY_POINTS)}


def _games() -> dict[str, str]:
    return {**_plugins(), **_GAMES}      # a plugin cannot replace a game of ludus's own


def game_ids() -> list[str]:
    """The ids of every game ludus knows: its own and those other packages register."""
    return sorted(_games())


def make(game_id: str, **options: Any):
    """A Game with the given options; unknown game or options raise OptionError."""
    games = _games()
    if not isinstance(game_id, str) or game_id not in games:
        raise OptionError(f"unknown game {echo(game_id)}; known games: {', '.join(game_ids())}")
    module, _, cls = games[game_id].partition(":")
    return getattr(importlib.import_module(module), cls)(**options)


# Record formats ludus reads: 0 (no "format" field: game, options, seed, actions), 1 (also
# "format": 1 and "code", the version of the code that wrote it) and 2 (also "digest", of the
# position the record ends in: core/digest.py). A record of format 2 may also say who played
# each seat ("seats": an agent spec or None for a person, per seat), so that a game saved from
# the terminal goes on as it was (``ludus play --resume``).
RECORD_FIELDS = {0: {"game", "options", "seed", "actions"},
                 1: {"format", "game", "options", "seed", "actions", "code"},
                 2: {"format", "game", "options", "seed", "actions", "code", "digest", "seats"}}


def replay(record: Any):
    """Rebuild the state a record describes; a malformed or tampered record raises RecordError."""
    if not isinstance(record, dict):
        raise RecordError(
            f"a record is a dict with game, options, seed, actions; got {type(record).__name__}")
    form = record.get("format", 0)
    if type(form) is not int or form not in RECORD_FIELDS:
        known = ", ".join(str(f) for f in RECORD_FIELDS)
        raise RecordError(f"record format {echo(form)} is unknown; this version reads formats {known}")
    fields = [k for k in ("game", "options", "seed", "actions", "code", "digest") if k in RECORD_FIELDS[form]]
    missing = [k for k in fields if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}; a record of format {form} has {', '.join(fields)}")
    extra = sorted(echo(k, 40) for k in set(record) - RECORD_FIELDS[form])
    if extra:
        raise RecordError(f"record has unknown field(s) {', '.join(extra[:5])}{' ...' if len(extra) > 5 else ''}")
    if "digest" in record and not isinstance(record["digest"], str):
        raise RecordError(f"record digest must be text, got {echo(record['digest'])}")
    if "code" in record and not isinstance(record["code"], str):
        raise RecordError(f"record code (the version that wrote it) must be text, got {echo(record['code'])}")
    options = record["options"]
    if not isinstance(options, dict) or not all(type(k) is str for k in options):
        raise RecordError(f"record options must be a dict of option names to values, got {echo(options)}")
    check_seed(record["seed"], RecordError, "record seed")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record actions must be a list of action strings")
    try:
        game = make(record["game"], **options)
    except OptionError as e:
        raise RecordError(f"record names a game or options ludus cannot make: {e}") from None
    seats = record.get("seats", [None] * game.num_players)
    if not isinstance(seats, list) or len(seats) != game.num_players or \
            not all(s is None or isinstance(s, str) for s in seats):
        raise RecordError(f"record seats must list an agent spec or null (a person) for each of the "
                          f"{game.num_players} seats, got {echo(seats, 80)}")
    state = game.new_state(seed=record["seed"])
    for i, text in enumerate(actions):
        if state.is_terminal:
            raise RecordError(f"action {i} ({echo(text, 60)}) comes after the game ended")
        try:
            state.apply(game.parse_action(text))
        except IllegalAction as e:
            raise RecordError(f"action {i} ({echo(text, 60)}) does not replay: {e}") from None
        except LudusError as e:  # pragma: no cover - games raise only the above
            raise RecordError(f"action {i} ({echo(text, 60)}): {e}") from None
    if "digest" in record and record["digest"] != position_digest(state):
        from ..arena.journal import code_version

        raise RecordError(f"the record replays to another game than the one it was written from (its digest "
                          f"differs): {digest_mismatch(record['code'], code_version())}")
    return state
