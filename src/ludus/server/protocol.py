"""What crosses the network: the messages a client may send (checked here, field by field) and
what each seat is sent (built here from what that seat may see, and nothing else).

Every message to a viewer (a seat, or None for a spectator) is built from the session's
``observe(viewer)``, ``log(viewer, start)``, the legal moves when the viewer is to move, and the
public facts (whose turn, the public scores, the seq) — never from the state itself.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

import ludus
from ludus import agents as agents_mod
from ludus.agents.ismcts import LEVELS
from ludus.agents.levels import LEVEL_NAMES
from ludus.core.errors import LudusError, OptionError, echo
from ludus.core.narration import Line
from ludus.core.options import json_value, option_choices, parse_options, value_kind
from ludus.session import ClockRanOut

# A client's message, in bytes of its text; longer ones are refused unread.
MAX_MESSAGE = 4096
# The agents a table may seat: the game's named levels first, then the plain bots and the search
# budgets by name; none with a budget or a seed of the creator's choosing (a search without a
# bound is a way to take the server's processors; a seed, a way to predict a bot).
AGENTS = (*LEVEL_NAMES, "random", "heuristic", *(f"ismcts:{level}" for level in LEVELS))
PERSON = "person"


class FieldError(LudusError):
    """Bad input, field by field: ``errors`` is a list of {"field", "message"}."""

    def __init__(self, errors: list[dict]):
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))
        self.errors = errors


# -- what a client sends on the WebSocket ----------------------------------------------------

_STRICT = ConfigDict(extra="forbid", strict=True)
Seq = Annotated[int, Field(ge=0, le=2**31 - 1)]


class Hello(BaseModel):
    model_config = _STRICT
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=100)] | None
    since: Seq | None = None


class Move(BaseModel):
    model_config = _STRICT
    type: Literal["move"]
    seq: Seq
    move: Annotated[str, Field(min_length=1, max_length=100)] | Annotated[int, Field(ge=0, le=2**31 - 1)]


class Undo(BaseModel):
    model_config = _STRICT
    type: Literal["undo"]
    seq: Seq


class Hint(BaseModel):
    """Ask for a hint for the position at ``seq`` (the last seq the client saw)."""
    model_config = _STRICT
    type: Literal["hint"]
    seq: Seq


class Track(BaseModel):
    """Ask for the card tracker at ``seq`` (the last seq the client saw)."""
    model_config = _STRICT
    type: Literal["tracker"]
    seq: Seq


Message = Hello | Move | Undo | Hint | Track
TYPES = ("hello", "move", "undo", "hint", "tracker")
_MESSAGE = TypeAdapter(Annotated[Message, Field(discriminator="type")])


class BadMessage(LudusError):
    """A message that is not one the protocol knows, said in at most a few short lines."""


def parse_message(data: str | bytes | None) -> Message:
    """One client message from a WebSocket frame's text; BadMessage says what is wrong."""
    if not isinstance(data, str):
        raise BadMessage("send each message as a text frame holding one JSON object")
    if len(data.encode("utf-8")) > MAX_MESSAGE:
        raise BadMessage(f"a message is at most {MAX_MESSAGE} bytes; this one is {len(data.encode('utf-8'))}")
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise BadMessage(f"a message is one JSON object; got {echo(data, 60)}") from None
    if not isinstance(value, dict) or value.get("type") not in TYPES:
        raise BadMessage(f'a message is a JSON object whose "type" is one of {", ".join(TYPES)}; '
                         f"got {echo(value, 60)}")
    try:
        return _MESSAGE.validate_python(value)
    except ValidationError as e:
        raise BadMessage("; ".join(_said(err) for err in e.errors()[:3])) from None


def _said(err: dict) -> str:
    """One pydantic complaint without the input it quotes (our own short quote instead)."""
    field = ".".join(str(p) for p in err["loc"][1:] if not _is_type_branch(p)) or "message"
    return f"{field}: {err['msg'][:120]} (got {echo(err.get('input'), 40)})"


def _is_type_branch(part) -> bool:
    # pydantic names the branch of a union it tried ("str", "constrained-int"): not a field
    return isinstance(part, str) and (part in ("str", "int") or part.startswith(("constrained", "function")))


# -- what a client sends to make a table ------------------------------------------------------


def _fits(spec: str, game) -> bool:
    try:
        agents_mod.make(spec, game)
    except LudusError:
        return False
    return True


def options_json(game) -> dict:
    """A game's options as the API gives them: each value in its option's JSON type
    (``value_kind``: a number, a boolean or text), as ``games`` lists the values."""
    choices = option_choices(game.options_class)
    return {name: json_value(choices[name], value) for name, value in game.options_dict().items()}


def games(extra: tuple[str, ...] = ()) -> list[dict]:
    """Every game with its seats, its options (type, values, default, one line of help) and
    the agents a table may seat (with those of ``extra``, the server's own offer, that fit the
    game with its default options). Values and defaults are in their option's JSON ``type``
    (``value_kind``), the form a new table's options are given in."""
    out = []
    for gid in ludus.game_ids():
        game = ludus.make(gid)
        defaults = options_json(game)
        fields = {f.name: f for f in dataclasses.fields(game.options_class)}
        out.append({"id": gid, "title": game.title, "players": game.num_players,
                    "seat_names": list(game.seat_names),
                    "options": [{"name": name, "type": value_kind(values),
                                 "values": [json_value(values, v) for v in values], "default": defaults[name],
                                 "doc": fields[name].metadata.get("doc", ""),
                                 "seat": fields[name].metadata.get("seat", False), **option_rules(gid)[name]}
                                for name, values in option_choices(game.options_class).items()],
                    "agents": [a for a in AGENTS if _offered(a, game)] + [a for a in extra if _fits(a, game)]})
    return out


@functools.cache
def option_rules(game_id: str) -> dict[str, dict]:
    """Which values of each option the game accepts with the options declared before it, as
    ``games`` lists them: per option, ``depends_on`` (the earlier options its valid values vary
    with, in declared order) and ``valid``, one entry per combination of their values that the
    game accepts, ``{"when": {option: value, ...}, "values": [...]}`` (one entry, with an empty
    ``when``, where it depends on none). Every other option is at its default there. A form
    offers, for each option in turn, the values of the entry its earlier choices match; an
    option left with its default alone does not apply there (Caesar & Cleopatra's ``orgies`` in
    the 2024 edition), as giving another value is refused.

    Worked out by asking the game (``Game.check_options``, what ``ludus.make`` refuses), so that
    the lists are what a new table accepts: which options each one depends on is found by trying
    each option against every earlier one, in the context of every value of a third (Seize
    Rome's ``wilds`` depend on ``players`` and ``regions`` only together)."""
    cls = type(ludus.make(game_id))
    choices = option_choices(cls.options_class)
    checks = _option_check(cls)
    names = list(choices)
    out = {}
    for i, name in enumerate(names):
        earlier, values = names[:i], choices[name]

        def valid(condition: dict, name=name, values=values) -> tuple:
            return tuple(v for v in values if checks({**condition, name: v}))

        contexts = [{}] + [{z: v} for z in earlier for v in choices[z] if checks({z: v})]
        depends: set[str] = set()
        for context in contexts:                         # does changing one earlier option alone change them?
            base = valid(context)
            for other in earlier:
                if other in context or other in depends:
                    continue
                changed = ({**context, other: v} for v in choices[other])
                if any(checks(cond) and valid(cond) != base for cond in changed):
                    depends.add(other)
        depends_on = [n for n in earlier if n in depends]
        entries = []
        for combination in itertools.product(*(choices[n] for n in depends_on)):
            condition = dict(zip(depends_on, combination, strict=True))
            if checks(condition):
                entries.append({"when": {n: json_value(choices[n], v) for n, v in condition.items()},
                                "values": [json_value(values, v) for v in values
                                           if checks({**condition, name: v})]})
        out[name] = {"depends_on": depends_on, "valid": entries}
    return out


def _option_check(cls):
    """Whether the game accepts options (declared values by name), as ``Game.check_options``
    says, remembered per combination."""

    @functools.cache
    def accepts(items: frozenset) -> bool:
        try:
            cls.check_options(**dict(items))
        except OptionError:
            return False
        return True

    return lambda options: accepts(frozenset(options.items()))


def _offered(spec: str, game) -> bool:
    """Whether a built-in agent is there for this game: levels where the game declares them, the
    heuristic where it has one."""
    if spec in LEVEL_NAMES:
        return bool(game.parts.levels)
    return spec != "heuristic" or game.parts.heuristic is not None


def check_table(game_id: Any, options: Any, seats: Any, extra: tuple[str, ...] = ()):
    """The game and the seats' agents (None: a person) of a new table; FieldError naming each
    bad field and what would be right. Options and agents are checked by the game's own
    declarations; ``extra``: agents the server offers beyond ``AGENTS``."""
    offered = (*AGENTS, *extra)
    errors: list[dict] = []
    ids = ludus.game_ids()
    if game_id is None:
        raise FieldError([{"field": "game", "message": f"missing: name one of the games {', '.join(ids)}"}])
    if not isinstance(game_id, str) or game_id not in ids:
        raise FieldError([{"field": "game", "message": f"{echo(game_id, 60)} is not a game here; "
                                                       f"games: {', '.join(ids)}"}])
    cls = type(ludus.make(game_id))
    if not isinstance(options, dict):
        errors.append({"field": "options", "message": f"options are an object of name: value, not {echo(options, 60)}"})
        options = {}
    for name, value in list(options.items())[:50]:
        try:
            parse_options(cls.options_class, {name: value}, game_id)
        except OptionError as e:
            errors.append({"field": f"options.{echo(name, 40) if not str(name).isidentifier() else name}",
                           "message": str(e)})
    game = None
    if not errors:
        try:
            game = ludus.make(game_id, **options)
        except OptionError as e:
            errors.append({"field": "options", "message": str(e)})
    agents: list[str | None] = []
    if not isinstance(seats, list):
        wanted = f"a list with, per seat, {PERSON!r} or an agent: {', '.join(offered)}"
        errors.append({"field": "seats", "message": f"missing: {wanted}" if seats is None
                       else f"seats are {wanted}; got {echo(seats, 60)}"})
    elif game is not None and len(seats) != game.num_players:
        errors.append({"field": "seats", "message": f"{game_id} with these options has {game.num_players} seats; "
                                                    f"give {game.num_players} entries, not {len(seats)}"})
    elif game is not None:
        for i, spec in enumerate(seats):
            if spec == PERSON:
                agents.append(None)
                continue
            if spec not in offered:
                errors.append({"field": f"seats.{i}", "message": f"{echo(spec, 60)} is not a seat here; write "
                                                                 f"{PERSON!r} or an agent: {', '.join(offered)}"})
                continue
            try:
                agents_mod.make(spec, game)
            except OptionError as e:
                errors.append({"field": f"seats.{i}", "message": str(e)})
            agents.append(spec)
        if not errors and all(a is not None for a in agents):
            errors.append({"field": "seats", "message": f"a table needs at least one {PERSON!r} seat"})
    if errors:
        raise FieldError(errors)
    return game, agents


def check_mine(mine: Any, agents: list[str | None]) -> frozenset[int]:
    """The person seats the maker of a table plays themselves (``mine``: a list of seat
    numbers, none by default); FieldError unless each is one of ``agents``' person seats."""
    if mine is None:
        return frozenset()
    people = [seat for seat, agent in enumerate(agents) if agent is None]
    wanted = f"a list of the person seats you play yourself ({', '.join(map(str, people))})"
    if not isinstance(mine, list) or len(mine) > len(agents):
        raise FieldError([{"field": "mine", "message": f"{wanted}, not {echo(mine, 40)}"}])
    errors = [{"field": f"mine.{i}", "message": f"{echo(seat, 20)} is not a person's seat here; {wanted}"}
              for i, seat in enumerate(mine) if type(seat) is not int or seat not in people]
    if errors:
        raise FieldError(errors)
    return frozenset(mine)              # every entry checked: whole numbers, each a person's seat


# -- what each viewer is sent ------------------------------------------------------------------


def _narrate(game, event, viewer: int | None) -> Line | None:
    """The line for one event: the session's own (a clock that ran out) here, a game's by its face."""
    if isinstance(event, ClockRanOut):
        mine = event.player == viewer
        whose = "you" if mine else game.seat_names[event.player]
        return Line(f"Time ran out: a bot ({event.agent}) played for {whose}", "bad" if mine else "quiet")
    face = game.parts.terminal
    return face.narrate(event, viewer) if face else None


def entry(game, item, viewer: int | None) -> dict:
    """One ``Entry`` of the session's log as JSON: its events (as the viewer saw them: the log
    holds nothing else) and their narration, the words every face shows."""
    lines = [line for line in (_narrate(game, e, viewer) for e in item.events) if line]
    return {"index": item.index, "seat": item.seat, "how": item.how, "move": item.move,
            "events": [e.to_dict() for e in item.events],
            "lines": [{"text": line.text, "style": line.style} for line in lines]}


def view(session, viewer: int | None, seq: int) -> dict:
    """Where the table stands for ``viewer``: its observation, whose turn, the public scores and,
    when the viewer is the person to move, its legal moves; to a person's seat, whether it may
    take back its last decision now (``can_undo``: the session's rule, about its own move)."""
    state = session.state
    game = session.game
    person = viewer is not None and session.seats[viewer].agent is None
    mine = person and viewer == session.to_move
    out = {"seq": seq, "to_move": session.to_move, "over": session.over,
           "observation": session.observe(viewer), "scores": list(state.scores()),
           "legal": [{"id": game.action_id(a), "move": str(a)} for a in session.legal_actions()] if mine else None}
    if person:
        out["can_undo"] = session.undo_refusal(viewer) is None
    if session.over:
        out["returns"] = list(state.returns())
    return out
