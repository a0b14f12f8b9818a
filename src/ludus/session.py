"""A table of play: one game, its state and its seats, for every face (terminal, web, RL).

A ``Session`` is what stands between the rules and the people at a table. It says whose
decision is next, its legal moves and whether it is forced; takes a move (notation, action or
action id) from a named seat and refuses anything else with the engine's errors; plays the
agents' seats, and a person's forced moves when asked to; keeps what each seat — and a
spectator — has seen, move by move; gives a seat a hint searched from its own perspective;
lets a seat take back its last decision where that is fair (``undo``); plays a seat whose clock
ran out by a stated agent; and writes the game as it goes to a JSON-lines file that a crash
cannot lose (``Session.resume`` reads it back).

    >>> import ludus
    >>> from ludus.session import Session
    >>> table = Session(ludus.make("seize-rome"), [None, "heuristic"], seed=3)
    >>> table.to_move in (0, 1), table.seats[1].agent
    (True, 'heuristic')
    >>> table.advance()            # plays the agent's moves until a person must decide
    >>> table.to_move
    0
    >>> _ = table.play(0, table.legal_actions()[0])
    >>> [entry.seat for entry in table.log(0)][-1] in (0, 1)
    True

Undo follows Board Game Arena's rule: a seat may take back its own last decision (and the
forced moves played for it after that) only while no other seat has acted since, no chance
event happened and no hidden information was revealed — a card drawn, turned face up or
played from a hand, a hand looked at (each game's events say which of them reveal).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from . import agents as agents_mod
from .arena.journal import code_version
from .arena.match import choose
from .arena.stats import derive_seed
from .core.digest import digest_mismatch, position_digest
from .core.errors import IllegalAction, LudusError, OptionError, RecordError, echo
from .core.events import Event
from .core.game import check_seed
from .core.registry import make
from .core.rng import fresh_seed

# "format" of records and move logs. Records: 0 (no "format"), 1 (with "code"), 2 (with the
# "digest" of the position they end in). Move logs: 1, and 2 whose moves carry the digest
# ("at") of the position they were chosen in.
RECORD_FORMAT = 2
LOG_FORMATS = (1, 2)


class LogWriteError(RecordError):
    """The move log's file would not take a line (a full disk, a drive gone): the move it
    carried was not played, and the file ends where it did."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"cannot write to the move log {path}: {reason}; the move was not played")
        self.reason = reason


@dataclasses.dataclass(frozen=True)
class Seat:
    """Who plays a seat: a person (``agent`` None) or an agent given by its spec string."""

    name: str
    agent: str | None = None


@dataclasses.dataclass(frozen=True)
class ClockRanOut(Event):
    """A person's clock ran out: ``agent`` played the seat's move (the events that follow)."""

    player: int
    agent: str

    def reveals(self) -> bool:
        return False


@dataclasses.dataclass(frozen=True)
class Entry:
    """One decision as a viewer saw it: who decided and how (``person``, ``agent``, ``forced``
    — the only legal move, played for a person — or ``timeout``), the move in notation when the
    viewer may see it whole (else None: say, a card put face down by another seat), and the
    move's events as the viewer sees them."""

    index: int
    seat: int
    how: str
    move: str | None
    events: tuple


@dataclasses.dataclass(frozen=True)
class TakeBack:
    """``seat`` took back its last decision: the log's entries from ``index`` on are gone (a
    face that showed them says so)."""

    seat: int
    index: int


@dataclasses.dataclass(frozen=True)
class AgentTask:
    """An agent's decision as plain data, to be worked out anywhere (``decide``, in a worker
    process, so that a long search blocks no one): the game so far (its record, with the seed:
    keep it inside the server), the seat, the agent's spec and seed, and whether it plays as the
    seat's own agent or for a person whose clock ran out."""

    record: dict
    seat: int
    spec: str
    agent_seed: int
    how: str          # "agent" or "timeout"


def decide(task: AgentTask) -> str:
    """The move, in notation, that ``task``'s agent plays: the one the session would play."""
    from .core.registry import replay

    state = replay(task.record)
    agent = agents_mod.make(task.spec, state.game, seed=task.agent_seed)
    return str(_agent_choice(agent, state, task.seat))


def _agent_choice(agent, state, seat: int):
    """``agent``'s move for ``seat``, its generator first seeded from its own seed and the move
    number: a game resumed from its log, or decided in another process, goes on exactly alike."""
    agent.reseed(derive_seed(agent.seed, len(state.history)))
    return choose(agent, state, seat)


@dataclasses.dataclass(frozen=True)
class Hint:
    """A search's advice for one decision: every legal move with its estimate (best first), and
    how many sampled worlds the search played (0: the move is decided by a rule, not searched)."""

    moves: list
    iterations: int


@dataclasses.dataclass
class _Move:
    seat: int
    action: Any
    how: str
    events: list
    seen_whole_by: frozenset   # the viewers (seats, None for a spectator) who see the move whole
    chance: bool               # a chance event happened during it
    reveals: bool              # some event of it showed what was hidden


class Session:
    """A game in progress at one table. ``seats`` gives, per seat, an agent spec or None for a
    person. ``seed`` deals the game (default: 63 random bits from ``secrets``, never guessable
    from a hand). ``log``: a file to write the game to as it goes (it must not exist; see
    ``resume``). ``sink``: a callable given each line of the move log (the header, then each
    move, undo or change of seats) before it takes effect — a server stores them in its database;
    if it raises, the move is not played. ``auto``: play a person's forced moves (the only legal
    one) in ``advance``.
    ``timeout_agent``: the agent that plays a seat whose clock ran out (default: the game's
    heuristic, else random)."""

    def __init__(self, game, seats: Sequence[str | None], *, seed: int | None = None,
                 log: str | os.PathLike | None = None, sink: Callable[[dict], None] | None = None,
                 auto: bool = True, timeout_agent: str | None = None):
        if (not isinstance(seats, (list, tuple)) or len(seats) != game.num_players
                or not all(s is None or isinstance(s, str) for s in seats)):
            raise OptionError(f"{game.id} with these options has {game.num_players} seats; give a list of "
                              f"one agent spec or None (a person) for each, not {echo(seats)}")
        if seed is not None:
            check_seed(seed, OptionError, "a game seed")
        if timeout_agent is not None and not isinstance(timeout_agent, str):
            raise OptionError(f"timeout_agent is an agent spec such as 'heuristic', not {echo(timeout_agent)}")
        if not isinstance(auto, bool):
            raise OptionError(f"auto is True or False, not {echo(auto)}")
        self.game = game
        self.seed = fresh_seed() if seed is None else seed
        self.seats = tuple(Seat(name, spec) for name, spec in zip(game.seat_names, seats, strict=True))
        self._loaded_seats = self.seats     # who the move log says plays each seat (``load``)
        self.auto = auto
        self.timeout_agent = timeout_agent or ("heuristic" if game.parts.heuristic else "random")
        # Agents' seeds are derived one way from the game's: knowing one never gives the deal.
        self._agents = {p: agents_mod.make(s.agent, game, seed=derive_seed(self.seed, "agent", p))
                        for p, s in enumerate(self.seats) if s.agent is not None}
        self._helpers: dict[str, Any] = {}
        self._helper(self.timeout_agent)    # a bad spec fails now, not when a clock runs out
        self.state = game.new_state(seed=self.seed)
        self._seen_in, self._seen_at, self._seen = None, 0, {}    # observations of a position (``observe``)
        self._moves: list[_Move] = []
        self.takebacks: list[TakeBack] = []     # every undo, in order
        self._file = None
        self._sink = sink
        if log is not None:
            self._open_log(Path(log), new=True)
        elif sink is not None:
            sink(self._header())

    # -- whose decision ---------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat whose decision is due (None once the game is over)."""
        return None if self.state.is_terminal else self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    def legal_actions(self) -> list:
        """The legal moves of the seat to move (empty once the game is over)."""
        return self.state.legal_actions()

    @property
    def forced(self) -> bool:
        """Whether the decision due has a single legal move."""
        return len(self.legal_actions()) == 1

    def person_to_move(self) -> bool:
        return not self.over and self.seats[self.to_move].agent is None

    # -- moves ------------------------------------------------------------------------------

    def play(self, seat: int, move) -> list:
        """A person's move for ``seat``: notation text, an action, or an action id. Anything else
        — not this seat's turn, an agent's seat, an illegal or unknown move — raises
        IllegalAction and changes nothing. Returns the move's events (whole)."""
        self._check_turn(seat)
        if self.seats[seat].agent is not None:
            raise IllegalAction(f"{self.seats[seat].name} is played by {self.seats[seat].agent}, "
                                "not by a person at this table")
        return self._apply(seat, self._action(move), "person")

    def step(self) -> list | None:
        """Play the next decision that is nobody's free choice — an agent's move, or (with
        ``auto``) a person's only legal move — and return its events (whole: a face shows each
        seat ``event.seen_by(seat)``, or reads ``log``); None when a person must decide or the
        game is over."""
        if self.over:
            return None
        p = self.to_move
        if p in self._agents:
            return self._apply(p, _agent_choice(self._agents[p], self.state, p), "agent")
        if self.auto and self.forced:
            return self._apply(p, self.legal_actions()[0], "forced")
        return None

    def advance(self) -> None:
        """``step`` until a person must decide or the game is over."""
        while self.step() is not None:
            pass

    def clock_ran_out(self, seat: int) -> list:
        """The seat's clock ran out: ``timeout_agent`` plays its move, and every log says so."""
        self._check_turn(seat)
        action = _agent_choice(self._helper(self.timeout_agent), self.state, seat)
        return self._apply(seat, action, "timeout", agent=self.timeout_agent)

    def agent_task(self) -> AgentTask | None:
        """The decision due now if an agent's seat is to move, as data for ``decide`` (None
        otherwise); play its answer with ``play_task``."""
        if self.over or self.to_move not in self._agents:
            return None
        p = self.to_move
        return AgentTask(self.state.record(), p, self.seats[p].agent, self._agents[p].seed, "agent")

    def timeout_task(self, seat: int) -> AgentTask:
        """``clock_ran_out`` as data for ``decide``: the timeout agent's decision for ``seat``."""
        self._check_turn(seat)
        helper = self._helper(self.timeout_agent)
        return AgentTask(self.state.record(), seat, self.timeout_agent, helper.seed, "timeout")

    def play_task(self, task: AgentTask, move: str) -> list:
        """Play ``move``, worked out for ``task``, if the game is still where the task was made;
        IllegalAction, changing nothing, if it has moved on (an undo, a move meanwhile)."""
        if self.state.record()["actions"] != task.record["actions"] or self.to_move != task.seat:
            raise IllegalAction("the game has moved on since this decision was asked for")
        agent = task.spec if task.how == "timeout" else None
        return self._apply(task.seat, self.game.parse_action(move), task.how, agent=agent)

    def _check_turn(self, seat: int) -> None:
        if self.over:
            raise IllegalAction("the game is over; no move can be played")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise IllegalAction(f"{echo(seat)} is not a seat of this table; seats are 0 to {len(self.seats) - 1}")
        if seat != self.to_move:
            raise IllegalAction(f"it is not {self.seats[seat].name}'s turn; "
                                f"{self.seats[self.to_move].name} is to move")

    def _action(self, move):
        if isinstance(move, str):
            return self.game.parse_action(move)
        if isinstance(move, int) and not isinstance(move, bool):
            return self.game.action_from_id(move)
        if self.game.is_action(move):
            return move
        raise IllegalAction(f"a move is notation text, one of the game's actions or an action id, "
                            f"not {echo(move)}")

    def _apply(self, seat: int, action, how: str, agent: str | None = None) -> list:
        state = self.state
        if seat != state.current_player or action not in state.legal_actions():
            state.apply(action, player=seat)     # refused with the engine's own words, unchanged
        viewers = [*range(len(self.seats)), None]
        whole = frozenset(q for q in viewers if q == seat or (
            q is not None and state.action_seen_by(action, q) == action))
        if all(q in whole for q in range(len(self.seats))):
            whole |= {None}          # seen whole by every seat: a public move
        line = {"seat": seat, "move": str(action), "how": how}
        if agent is not None:
            line["agent"] = agent
        if self._file is not None or self._sink is not None:
            line["at"] = position_digest(state, self.observe)
        self._write(line)            # the log first: a move the log lacks has not happened
        chance_before = state.chance_n
        events = state.apply(action, player=seat)
        before = [ClockRanOut(seat, agent)] if how == "timeout" else []
        self._moves.append(_Move(seat, events=[*before, *events], action=action, how=how,
                                 seen_whole_by=whole, chance=state.chance_n != chance_before,
                                 reveals=any(e.reveals() for e in events)))
        return events

    # -- what each seat saw ------------------------------------------------------------------

    def log(self, viewer: int | None, start: int = 0) -> list[Entry]:
        """Every decision from ``start`` on as ``viewer`` saw it (None: a spectator). Moves
        taken back are not in it; ``takebacks`` says where they were."""
        _check_viewer(viewer, len(self.seats))
        if type(start) is not int or start < 0:
            raise IllegalAction(f"a log starts at an entry number, 0 or more; got {echo(start)}")
        return [self._entry(i, viewer) for i in range(start, len(self._moves))]

    def _entry(self, i: int, viewer: int | None) -> Entry:
        m = self._moves[i]
        seen = tuple(e2 for e2 in (e.seen_by(viewer) for e in m.events) if e2 is not None)
        # That a move was forced (its seat's only legal one) can depend on a hidden hand — no
        # Veto, no other card of the led faction — so only its own seat is told.
        how = "person" if m.how == "forced" and viewer != m.seat else m.how
        return Entry(i, m.seat, how, str(m.action) if viewer in m.seen_whole_by else None, seen)

    def observe(self, viewer: int | None) -> dict:
        """What ``viewer`` sees now (None: a spectator). Worked out once per position and shared
        by everyone who asks (a server's updates, the move log's digest): do not change it."""
        _check_viewer(viewer, len(self.seats))
        state = self.state
        if self._seen_in is not state or self._seen_at != len(state.history):
            self._seen_in, self._seen_at, self._seen = state, len(state.history), {}
        seen = self._seen.get(viewer)
        if seen is None:
            seen = self._seen[viewer] = state.observe(viewer)
        return seen

    def hint(self, seat: int, spec: str = "ismcts:hard") -> Hint:
        """What the agent ``spec`` (one with ``analyse``, as ISMCTS) would play for ``seat``,
        searched from the seat's own perspective: every legal move with its estimate."""
        self._check_turn(seat)
        agent = self._helper(spec)
        if not hasattr(agent, "analyse"):
            raise OptionError(f"{spec} gives no estimates to hint with; use an ismcts spec")
        moves = agent.analyse(self.state.perspective(seat, recall=agent.uses_recall))
        return Hint(moves, agent.last_iterations)

    def _helper(self, spec: str):
        if spec not in self._helpers:
            self._helpers[spec] = agents_mod.make(spec, self.game, seed=derive_seed(self.seed, "helper", spec))
        return self._helpers[spec]

    # -- undo -------------------------------------------------------------------------------

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last decision now, or None if it may."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            return f"{echo(seat)} is not a seat of this table; seats are 0 to {len(self.seats) - 1}"
        moves = self._moves
        size = self.undo_size(seat)
        if not size:
            return "there is no decision of yours to take back"
        if self.over:
            return "the game is over"
        last = moves[-size]
        if last.seat != seat:
            return f"{self.seats[last.seat].name} has played since"
        if last.how != "person":
            return "that move was not your own choice"
        if any(m.chance for m in moves[-size:]):
            return "chance has played since (a shuffle, a card or bust drawn at random)"
        if any(m.reveals for m in moves[-size:]):
            return "it showed a card that was hidden until then"
        return None

    def undo_size(self, seat: int) -> int:
        """How many moves an undo by ``seat`` would take back: its last decision and the forced
        moves played for it after it (0: no decision to take back). Whether it may is
        ``undo_refusal``'s to say."""
        moves = self._moves
        i = len(moves)
        while i and moves[i - 1].seat == seat and moves[i - 1].how == "forced":
            i -= 1
        return len(moves) - i + 1 if i else 0

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision (and the forced moves played for it after it);
        IllegalAction, changing nothing, where ``undo_refusal`` says why not."""
        why = self.undo_refusal(seat)
        if why is not None:
            who = self.seats[seat].name if type(seat) is int and 0 <= seat < len(self.seats) else "nobody"
            raise IllegalAction(f"{who} cannot take back the last move: {why}")
        size = self.undo_size(seat)
        self._write({"undo": seat})          # the log first, as for a move
        del self._moves[-size:]
        self.takebacks.append(TakeBack(seat, len(self._moves)))
        self.state = self._rebuild([m.action for m in self._moves])

    def _rebuild(self, actions: list):
        state = self.game.new_state(seed=self.seed)
        for a in actions:
            state.apply_trusted(a)
        return state

    # -- records and the move log -----------------------------------------------------------

    def record(self) -> dict:
        """The game so far as a record ``ludus.replay`` reads (format 2: with the code's version and
        the digest of the position it ends in)."""
        return versioned(self.state)

    def _header(self) -> dict:
        return {"format": RECORD_FORMAT, "game": self.game.id, "options": self.game.options_dict(),
                "seed": self.seed, "seats": [s.agent for s in self.seats], "code": code_version()}

    def _open_log(self, path: Path, new: bool) -> None:
        if new and path.exists() and path.stat().st_size:
            raise OptionError(f"{path} already holds a game; resume it (ludus play --resume) or "
                              "choose another file")
        try:
            self._file = path.open("ab", buffering=0)     # unbuffered: nothing waits to be written later
        except OSError as e:
            raise OptionError(f"cannot write the game to {path}: {e.strerror or e}") from None
        if new:
            self._write(self._header())

    def _write(self, line: dict) -> None:
        """One line to the sink, and to the file flushed to the disk, before the call returns:
        a crash loses no move. A line the file cannot take is cut back off (RecordError): the
        log never runs ahead of the game."""
        if self._sink is not None:
            self._sink(line)
        if self._file is None:
            return
        f = self._file
        end = f.tell()
        try:
            f.write((json.dumps(line) + "\n").encode())
            os.fsync(f.fileno())
        except OSError as e:
            with contextlib.suppress(OSError):      # else the torn line is cut when the log is read
                f.truncate(end)
            raise LogWriteError(f.name, e.strerror or str(e)) from None

    def close(self) -> None:
        f, self._file = self._file, None
        if f is not None:
            f.close()

    @classmethod
    def resume(cls, path: str | os.PathLike, seats: Sequence[str | None] | None = None, **kwargs) -> Session:
        """The session a move log holds, ready to go on (appending to the same file). ``seats``
        may replace the agents the log names (say, a person takes over a seat)."""
        session = cls.load(path, seats, **kwargs)
        path = Path(path)
        with path.open("r+b") as f:          # a line cut short by a crash is cut off
            f.truncate(_whole_lines_length(path.read_bytes()))
        session._open_log(path, new=False)
        if seats is not None and list(seats) != [s.agent for s in session._loaded_seats]:
            session._write({"seats": list(seats)})   # who plays each seat from here on
        return session

    @classmethod
    def load(cls, path: str | os.PathLike, seats: Sequence[str | None] | None = None, **kwargs) -> Session:
        """The session a move log holds, without writing to the file (to replay or review it)."""
        if not isinstance(path, (str, os.PathLike)):
            raise RecordError(f"a move log is named by its path, not {echo(path)}")
        path = Path(path)
        try:
            data = path.read_bytes()
        except (OSError, ValueError) as e:
            raise RecordError(f"cannot read {echo(str(path))}: {getattr(e, 'strerror', None) or e}") from None
        lines = []
        for number, text in enumerate(data[:_whole_lines_length(data)].decode("utf-8", "replace").splitlines(), 1):
            try:
                lines.append(json.loads(text))
            except ValueError as e:
                raise RecordError(f"{path} line {number} is not JSON ({e}); a move log has one object "
                                  "a line") from None
        return cls.from_lines(lines, seats, source=str(path), **kwargs)

    @classmethod
    def from_lines(cls, lines: list, seats: Sequence[str | None] | None = None, *, source: str = "the move log",
                   sink: Callable[[dict], None] | None = None, redigest: bool = False, **kwargs) -> Session:
        """The session a move log's lines (parsed JSON, header first) hold, each move checked
        against its digest. ``sink`` receives the lines played from now on (not these).
        ``redigest``: each move's digest is set, in ``lines`` themselves, to the position it replays
        to here instead of checked (a log carried over from a version of ludus whose observations
        differ: its moves must still be legal)."""
        if not lines or not isinstance(lines[0], dict) or lines[0].get("format") not in LOG_FORMATS:
            raise RecordError(f"{source} is not a ludus move log (its first line must be a header "
                              f"with format {' or '.join(map(str, LOG_FORMATS))})")
        head = lines[0]
        logged = [ln["seats"] for ln in lines if isinstance(ln, dict) and "seats" in ln][-1:] or [None]
        try:
            game = make(head["game"], **head["options"])
            session = cls(game, logged[0] if seats is None else seats, seed=head["seed"], **kwargs)
            session._loaded_seats = tuple(Seat(s.name, a) for s, a in zip(session.seats, logged[0], strict=True))
        except (KeyError, TypeError, ValueError, LudusError) as e:
            raise RecordError(f"{source}: its header does not make a game ({e})") from None
        session._sink = None
        session._replay(lines[1:], source, first=2, code=head.get("code"), redigest=redigest)
        session._sink = sink
        return session

    @classmethod
    def from_record(cls, record: dict, seats: Sequence[str | None], **kwargs) -> Session:
        """The session a game record (``ludus.replay`` checks it) holds, ready to go on with
        ``seats``; a ``log`` given receives the whole game, from its first move. A record says
        not how a move was made: an agent's seat played it, else its person — or, being the only
        legal one, it was forced (``undo`` takes it back with the decision before it)."""
        from .core.registry import replay

        state = replay(record)
        session = cls(state.game, seats, seed=record["seed"], **kwargs)
        for action in state.history:
            p = session.to_move
            how = "agent" if p in session._agents else "forced" if session.forced else "person"
            session._apply(p, action, how)
        return session

    def follow(self, lines: list, source: str = "the move log") -> None:
        """Play ``lines`` that another writer of this session's log stored after the lines this
        session holds (another server process at the same table), each checked against its
        digest as in ``from_lines``. They are not given to the sink: they are stored already.
        RecordError if one does not follow, or changes who plays a seat (load the log again)."""
        if any(isinstance(line, dict) and "seats" in line for line in lines):
            raise RecordError(f"{source} changed who plays the seats; a session cannot follow that, load the "
                              "log again")
        sink, file = self._sink, self._file
        self._sink = self._file = None
        try:
            self._replay(lines, source, first=None, code=None)
        finally:
            self._sink, self._file = sink, file

    def _replay(self, lines: list, source: str, first: int | None, code, redigest: bool = False) -> None:
        """Play stored lines of a move log (its header excepted) with no sink set. ``first``
        numbers them in errors (None: they are quoted instead); ``code``: the version of ludus
        that wrote them, if known; ``redigest``: as in ``from_lines``."""
        for offset, line in enumerate(lines):
            where = f"line {first + offset}" if first is not None else f"the line {echo(line, 80)}"
            if isinstance(line, dict) and "at" in line:
                here = position_digest(self.state, self.observe)
                if redigest:
                    line["at"] = here
                elif line["at"] != here:
                    raise RecordError(f"{source} {where} was chosen in another position than the one its "
                                      f"earlier lines lead to: {digest_mismatch(code, code_version())}")
            try:
                if "undo" in line:
                    self.undo(line["undo"])
                elif "seats" not in line:
                    self._apply(line["seat"], self._action(line["move"]), line.get("how", "person"),
                                line.get("agent"))
            except (KeyError, TypeError):
                raise RecordError(f"{source} {where} is not a move or an undo: a line is "
                                  f'{{"seat": N, "move": TEXT}} or {{"undo": SEAT}}, not {echo(line)}') from None
            except LudusError as e:
                raise RecordError(f"{source} {where} cannot be replayed: {e}") from None


def versioned(state) -> dict:
    """``state``'s record as ludus writes records: format 2, with the version of the code and
    the digest of the position it ends in (checked by ``ludus.replay``)."""
    return {"format": RECORD_FORMAT, **state.record(), "code": code_version(), "digest": position_digest(state)}


def steps(record: dict, viewer: int | None) -> Iterator[tuple[Any, Entry]]:
    """A record replayed move by move as ``viewer`` saw it: (the state after the move, the
    move's entry). The state is for the viewer's ``observe`` only (it is the whole truth).
    A malformed record or a viewer that is no seat is refused before any step."""
    from .core.registry import replay

    game = replay(record).game
    _check_viewer(viewer, game.num_players)
    table = Session(game, [None] * game.num_players, seed=record["seed"], auto=False)

    def moves():
        for text in record["actions"]:
            table._apply(table.to_move, game.parse_action(text), "record")
            yield table.state, table._entry(len(table._moves) - 1, viewer)

    return moves()


def _check_viewer(viewer, seats: int) -> None:
    """Refuse anything but a seat number or None (a spectator): a JSON ``true`` is no seat."""
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < seats):
        raise IllegalAction(f"a viewer is a seat, 0..{seats - 1}, or None for a spectator; got {echo(viewer)}")


def _whole_lines_length(data: bytes) -> int:
    """The length of ``data`` up to its last newline: a last line without one was cut short."""
    return data.rfind(b"\n") + 1
