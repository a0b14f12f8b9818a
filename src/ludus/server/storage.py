"""The server's database: tables, their seats, and each table's move log, line by line.

The move log of a table is the session's (``Session(sink=...)``): line 0 is its header (the game,
its options, its seed), each later line a move or an undo, stored and committed before the move
takes effect, so that a move the server acknowledged survives a crash. UNIQUE(table, seq) makes
a second writer of the same line fail instead of forking the game.

SQLite by default (WAL, ``synchronous=FULL``: a commit is on the disk when it returns); any
SQLAlchemy URL otherwise (PostgreSQL through psycopg). The schema is built and upgraded by the
Alembic migrations shipped in ``migrations/``, run when the server starts.

Seat tokens are never stored: only their SHA-256. The header line holds the seed, which deals
every hidden card: nothing here is shown to anyone before the game is over.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import queue
import secrets
import threading
from concurrent.futures import Future
from pathlib import Path

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    exists,
    false,
    func,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ludus.core.errors import LudusError

from .clocks import clock_rules

MIGRATIONS = Path(__file__).with_name("migrations")

# A table's status: a person's seat not taken yet (the lobby lists it), all taken, or over.
OPEN, PLAYING, OVER = "open", "playing", "over"
# The PostgreSQL channel each stored line is announced on, to the other processes: "TABLE SEQ
# LINE", the line itself left out past MAX_NEWS characters (a notification holds under 8000 bytes).
CHANNEL = "ludus_lines"
MAX_NEWS = 4000


class LineTaken(Exception):
    """Another writer (another server process) stored this line of the table's log first."""


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    # At the end: {"scores": [...], "returns": [...]}, so the lobby and the table's page need no replay.
    result: Mapped[dict | None] = mapped_column(JSON)
    # The SHA-256 of the address that made it, while it is not over (the per-address limit).
    creator: Mapped[str | None] = mapped_column(String(64), index=True)
    # When the running person's clock runs out (None: no clock runs), so that a clock runs out
    # at a table nobody is at.
    deadline: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    # Listed in the lobby, its free person seats open to anyone (else: by invitation only).
    public: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # The help a seat may ask for (``assists.SWITCHES``), chosen when the table is made.
    assist_hints: Mapped[bool] = mapped_column(Boolean, server_default=true())
    assist_tracker: Mapped[bool] = mapped_column(Boolean, server_default=true())
    assist_review: Mapped[bool] = mapped_column(Boolean, server_default=true())


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_seats_table_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    agent: Mapped[str | None] = mapped_column(String(64))       # None: a person's seat
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    joined: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))


class LineRow(Base):
    __tablename__ = "move_lines"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_move_lines_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    line: Mapped[str] = mapped_column(Text)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


def default_url() -> str:
    """A SQLite file in the user's data folder (made if missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("ludus"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite connections get WAL, ``synchronous=FULL`` and foreign keys."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    # The server's threads share connections (one at a time): pysqlite's own check is in the way.
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection, _record):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def alembic_config(engine: Engine):
    """Alembic's configuration for the shipped migrations, on ``engine`` (no ini file)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


# The PostgreSQL advisory lock that lets one server process at a time migrate the schema.
MIGRATION_LOCK = 0x6C75647573        # "ludus"


class NewerSchema(LudusError):
    """The database's schema is at a migration this ludus does not ship: a newer ludus wrote it."""


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (on PostgreSQL, one process at a time: several
    may start together on one database)."""
    if engine.dialect.name != "postgresql":
        _upgrade(engine)
        return
    with engine.connect() as holder:
        holder.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        try:
            _upgrade(engine)
        finally:
            holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})


def _upgrade(engine: Engine) -> None:
    """Alembic's upgrade to head, refused in a sentence when the database is at a revision
    these migrations do not know (Alembic would fail deep inside with a traceback)."""
    from alembic import command

    schema_revisions(engine)
    command.upgrade(alembic_config(engine), "head")


def schema_revisions(engine: Engine) -> set[str]:
    """The schema revisions the database is at (none: no ludus server has used it); NewerSchema
    if these migrations do not know one."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    known = {script.revision for script in ScriptDirectory.from_config(alembic_config(engine)).walk_revisions()}
    with engine.connect() as connection:
        current = set(MigrationContext.configure(connection).get_current_heads())
    if current - known:
        raise NewerSchema(
            f"the database {engine.url.render_as_string(hide_password=True)} has schema revision "
            f"{', '.join(sorted(current - known))}, which this ludus does not know (it knows "
            f"{', '.join(sorted(known))}): a newer ludus made it; upgrade ludus to open it")
    return current


class Store:
    """The database calls the server makes, each one transaction (blocking: the server runs them
    in a thread)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        # PostgreSQL: several server processes may share the tables (LISTEN/NOTIFY keeps them in step).
        self.shared = engine.dialect.name == "postgresql"
        self._ids: dict[str, int] = {}
        self._committer = _Committer(self._commit)
        self._creating = threading.Lock()       # this process's table creations, one at a time

    def conninfo(self) -> str:
        """The database's address as libpq takes it (PostgreSQL), for a connection of our own."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def create_table(self, game: str, options: dict, agents: list[str | None], header: dict,
                     creator: str | None = None, deadline: float | None = None,
                     public: bool = False, assists: dict[str, bool] | None = None,
                     most: int | None = None, idle_hours: float = 24,
                     mine: frozenset[int] = frozenset()) -> tuple[str, dict]:
        """A new table with its header line, made from the address ``creator``, its first
        clock running out at ``deadline``, ``public`` or by invitation only, the help its seats
        may ask for switched by ``assists`` (name -> on; all on by default); returns its public
        id and a token per person seat (seat -> token: given once, stored only as a hash).
        The person seats in ``mine`` are the maker's own: taken from the start, so that the lobby
        never offers them to a stranger before the maker opens their link.
        ``most``: TooManyTables, storing nothing, if ``creator`` has that many tables not over
        with a line stored in the last ``idle_hours``; counted and made in one step, so requests
        sent together cannot pass it."""
        assists = assists or {}
        tokens = {seat: secrets.token_urlsafe(24) for seat, agent in enumerate(agents) if agent is None}
        with self._creating, Session(self.engine) as db, db.begin():
            if most is not None and creator is not None:
                if self.shared:         # other server processes: one creation per address at a time
                    db.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": int(token_hash(creator)[:15], 16)})
                recent = exists().where(LineRow.table_id == TableRow.id,
                                        LineRow.created > now() - dt.timedelta(hours=idle_hours))
                if db.scalar(select(func.count()).select_from(TableRow).where(
                        TableRow.creator == token_hash(creator), TableRow.status != OVER, recent)) >= most:
                    raise TooManyTables(most, idle_hours)
            free = any(agent is None and seat not in mine for seat, agent in enumerate(agents))
            table = TableRow(public_id=secrets.token_urlsafe(9), game=game, options=options,
                             status=OPEN if free else PLAYING,
                             created=now(), finished=None, result=None,
                             creator=None if creator is None else token_hash(creator), deadline=_moment(deadline),
                             public=public, assist_hints=assists.get("hints", True),
                             assist_tracker=assists.get("tracker", True), assist_review=assists.get("review", True))
            db.add(table)
            db.flush()
            for seat, agent in enumerate(agents):
                db.add(SeatRow(table_id=table.id, seat=seat, agent=agent,
                               token_hash=token_hash(tokens[seat]) if seat in tokens else None,
                               joined=now() if seat in mine else None))
            db.add(LineRow(table_id=table.id, seq=0, line=json.dumps(header), created=now()))
            public_id = table.public_id
        return public_id, tokens

    def table(self, public_id: str) -> dict | None:
        """A table's public facts (no token, no seed), or None if there is no such table. Its
        clock's rules come from its log's header, which holds the seed too: only they leave it."""
        with Session(self.engine) as db:
            row = db.scalar(select(TableRow).where(TableRow.public_id == public_id))
            if row is None:
                return None
            seats = db.scalars(select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)).all()
            header = db.scalar(select(LineRow.line).where(LineRow.table_id == row.id, LineRow.seq == 0))
            return {**_facts(row, seats), "clock": clock_rules(json.loads(header).get("clock") if header else None)}

    def assists(self, public_id: str) -> dict[str, bool] | None:
        """A table's switches of help (``assists.SWITCHES``), or None if there is no such table."""
        with Session(self.engine) as db:
            row = db.scalar(select(TableRow).where(TableRow.public_id == public_id))
            return None if row is None else _assists(row)

    def lobby(self, limit: int = 100) -> list[dict]:
        """The newest public tables with a person's seat nobody has taken yet."""
        with Session(self.engine) as db:
            rows = db.scalars(select(TableRow).where(TableRow.status == OPEN, TableRow.public)
                              .order_by(TableRow.created.desc(), TableRow.id.desc()).limit(limit)).all()
            seats = db.scalars(select(SeatRow).where(SeatRow.table_id.in_([r.id for r in rows]))
                               .order_by(SeatRow.seat)).all()
            return [_facts(r, [s for s in seats if s.table_id == r.id]) for r in rows]

    def seat_of(self, public_id: str, token: str) -> int | None:
        """The seat whose token this is at that table (None: no such seat). Marks it taken."""
        with Session(self.engine) as db, db.begin():
            seat = db.scalar(select(SeatRow).join(TableRow, SeatRow.table_id == TableRow.id)
                             .where(TableRow.public_id == public_id, SeatRow.token_hash == token_hash(token)))
            if seat is None:
                return None
            if seat.joined is None:
                # Taken only if still free under this token: a newcomer's join at the same moment
                # replaces the token, and then the seat is the newcomer's, not this invite's.
                taken = db.execute(update(SeatRow).where(SeatRow.id == seat.id, SeatRow.joined.is_(None),
                                                         SeatRow.token_hash == token_hash(token))
                                   .values(joined=now()))
                if taken.rowcount != 1:
                    return None
                _taken(db, seat.table_id)
            return seat.seat

    def join(self, public_id: str, seat: int | None) -> tuple[int, str]:
        """A free person's seat of a public table (``seat``, or the first free one) given to a
        newcomer: (the seat, its new token). The seat's invite made with the table stops
        working. JoinRefused says why not."""
        token = secrets.token_urlsafe(24)
        with Session(self.engine) as db, db.begin():
            table = db.scalar(select(TableRow).where(TableRow.public_id == public_id))
            if table is None:
                raise JoinRefused(404, "there is no such table")
            if not table.public:
                raise JoinRefused(403, "this table is by invitation only: ask its maker for a link")
            seats = db.scalars(select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.seat)).all()
            free = [s for s in seats if s.agent is None and s.joined is None]
            chosen = free[:1] if seat is None else [s for s in free if s.seat == seat]
            if not chosen:
                raise JoinRefused(409, _not_free(seats, seat, free))
            taken = db.execute(update(SeatRow).where(SeatRow.id == chosen[0].id, SeatRow.joined.is_(None))
                               .values(token_hash=token_hash(token), joined=now()))
            if taken.rowcount != 1:             # someone else joined it a moment ago
                raise JoinRefused(409, f"seat {chosen[0].seat} was taken a moment ago; try again")
            _taken(db, table.id)
            return chosen[0].seat, token

    def lines(self, public_id: str) -> list[dict]:
        """A table's move log, header first (seq 0, 1, ...)."""
        with Session(self.engine) as db:
            texts = db.scalars(select(LineRow.line).join(TableRow, LineRow.table_id == TableRow.id)
                               .where(TableRow.public_id == public_id).order_by(LineRow.seq)).all()
            return [json.loads(t) for t in texts]

    def lines_after(self, public_id: str, seq: int) -> list[dict]:
        """The lines of a table's log after line ``seq``, in order."""
        with Session(self.engine) as db:
            texts = db.scalars(select(LineRow.line).join(TableRow, LineRow.table_id == TableRow.id)
                               .where(TableRow.public_id == public_id, LineRow.seq > seq)
                               .order_by(LineRow.seq)).all()
            return [json.loads(t) for t in texts]

    def stored_tables(self) -> list[StoredTable]:
        """Every table, oldest first, as far as carrying it over to another version of ludus
        needs (columns every revision of the schema has)."""
        with Session(self.engine) as db:
            rows = db.execute(select(TableRow.public_id, TableRow.game, TableRow.status, TableRow.result)
                              .order_by(TableRow.id)).all()
            return [StoredTable(*row) for row in rows]

    def replace_lines(self, public_id: str, was: list[dict], now: list[dict]) -> bool:
        """Store ``now`` in place of a table's log ``was`` (line for line), in one transaction, if
        the log is ``was`` still; False, and nothing written, if it changed meanwhile (a server
        still playing it)."""
        with Session(self.engine) as db, db.begin():
            rows = db.execute(select(LineRow.id, LineRow.line).join(TableRow, LineRow.table_id == TableRow.id)
                              .where(TableRow.public_id == public_id).order_by(LineRow.seq)
                              .with_for_update()).all()
            if [json.loads(row.line) for row in rows] != was:
                return False
            for row, old, new in zip(rows, was, now, strict=True):
                if new != old:
                    db.execute(update(LineRow).where(LineRow.id == row.id).values(line=json.dumps(new)))
            return True

    def append(self, public_id: str, seq: int, line: dict) -> None:
        """Store line ``seq`` of a table's log and commit; LineTaken if another writer stored
        that line first. On PostgreSQL the commit also tells every listening process. Lines
        from many tables arriving together share one commit (``_Committer``)."""
        self._committer.store((self._table_id(public_id), public_id, seq, json.dumps(line)))

    def _table_id(self, public_id: str) -> int:
        """A table's row id (it never changes: kept once read)."""
        known = self._ids.get(public_id)
        if known is None:
            with self.engine.connect() as db:
                known = db.scalar(select(TableRow.id).where(TableRow.public_id == public_id))
            if known is None:
                raise LookupError(f"no table {public_id}")
            self._ids[public_id] = known
        return known

    def _commit(self, lines: list[tuple]) -> None:
        """Insert these lines (row id, public id, seq, text) in one transaction and commit."""
        with self.engine.begin() as db:
            db.execute(insert(LineRow), [{"table_id": tid, "seq": seq, "line": text, "created": now()}
                                         for tid, _, seq, text in lines])
            if self.shared:
                db.execute(text("SELECT pg_notify(:channel, :news)"),
                           [{"channel": CHANNEL, "news": f"{pid} {seq}" + (f" {line}" if len(line) < MAX_NEWS else "")}
                            for _, pid, seq, line in lines])

    def set_deadline(self, public_id: str, deadline: float | None) -> None:
        """When the table's running clock runs out now (None: none runs)."""
        with Session(self.engine) as db, db.begin():
            db.execute(update(TableRow).where(TableRow.public_id == public_id, TableRow.status != OVER)
                       .values(deadline=_moment(deadline)))

    def due(self, moment: float, limit: int = 100) -> list[str]:
        """Tables not over whose running clock ran out by ``moment``, the longest overdue first."""
        with Session(self.engine) as db:
            return list(db.scalars(select(TableRow.public_id)
                                   .where(TableRow.deadline <= _moment(moment), TableRow.status != OVER)
                                   .order_by(TableRow.deadline).limit(limit)))

    def finish(self, public_id: str, result: dict) -> None:
        """The game is over: its result is kept; who made it and its clock are forgotten."""
        with Session(self.engine) as db, db.begin():
            db.execute(update(TableRow).where(TableRow.public_id == public_id, TableRow.status != OVER)
                       .values(status=OVER, finished=now(), result=result, creator=None, deadline=None))


class _Committer:
    """Moves arriving together share one commit. A flushed commit costs milliseconds of the
    disk's time, whatever it holds: one thread commits every line waiting, in one transaction,
    and each writer returns once its own line is on the disk — or raises LineTaken if that
    line was stored by another writer first (the batch is then retried line by line)."""

    def __init__(self, commit):
        self._commit = commit
        self._waiting: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def store(self, line: tuple) -> None:
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="ludus-committer", daemon=True)
                    self._thread.start()
        done: Future = Future()
        self._waiting.put((line, done))
        done.result()

    def _run(self) -> None:
        while True:
            batch = [self._waiting.get()]
            while len(batch) < 500:
                try:
                    batch.append(self._waiting.get_nowait())
                except queue.Empty:
                    break
            try:
                self._commit([line for line, _ in batch])
            except IntegrityError:
                for line, done in batch:
                    self._one(line, done)
            except Exception as e:              # each writer learns why
                for _, done in batch:
                    done.set_exception(e)
            else:
                for _, done in batch:
                    done.set_result(None)

    def _one(self, line: tuple, done: Future) -> None:
        try:
            self._commit([line])
        except IntegrityError:
            _, public_id, seq, _ = line
            done.set_exception(LineTaken(f"line {seq} of table {public_id} is stored already"))
        except Exception as e:
            done.set_exception(e)
        else:
            done.set_result(None)


@dataclasses.dataclass(frozen=True)
class StoredTable:
    id: str                 # its public id
    game: str
    status: str
    result: dict | None     # once over: {"scores": [...], "returns": [...]}


class TooManyTables(Exception):
    """The address that asks for a table has ``most`` tables not yet over already."""

    def __init__(self, most: int, idle_hours: float):
        super().__init__(f"at most {most} table{'s' if most != 1 else ''} not yet over per client address, "
                         "counting those played in the "
                         f"last {idle_hours:g} hours; finish one first, or wait until one has been left unplayed "
                         f"for {idle_hours:g} hours (whoever runs this server sets the number: ludus serve "
                         "--tables-per-address N)")


class JoinRefused(Exception):
    """Why a newcomer cannot join a table: an HTTP status and a sentence."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def _not_free(seats: list[SeatRow], seat: int | None, free: list[SeatRow]) -> str:
    """Why a newcomer cannot have ``seat`` (None: any seat), and the seats it could have."""
    if seat is None:
        return "every person's seat at this table is taken"
    asked = next((s for s in seats if s.seat == seat), None)
    if asked is None:
        why = f"this table has no seat {seat}: its seats are 0 to {len(seats) - 1}"
    elif asked.agent is not None:
        why = f"seat {seat} is a bot's seat"
    else:
        why = f"seat {seat} is taken"
    return f"{why}; free seats: {', '.join(str(s.seat) for s in free)}" if free else f"{why}; no seat is free"


def _taken(db: Session, table_id: int) -> None:
    """A person's seat of the table was just taken: with none left free, the table is playing."""
    free = db.scalar(select(SeatRow.id).where(SeatRow.table_id == table_id, SeatRow.agent.is_(None),
                                              SeatRow.joined.is_(None)))
    if free is None:
        db.execute(update(TableRow).where(TableRow.id == table_id, TableRow.status == OPEN).values(status=PLAYING))


def _moment(seconds: float | None) -> dt.datetime | None:
    return None if seconds is None else dt.datetime.fromtimestamp(seconds, dt.timezone.utc)


def _iso(moment: dt.datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:               # SQLite gives back what it stored, without the zone
        moment = moment.replace(tzinfo=dt.timezone.utc)
    return moment.isoformat()


def _assists(row: TableRow) -> dict[str, bool]:
    return {"hints": row.assist_hints, "tracker": row.assist_tracker, "review": row.assist_review}


def _facts(row: TableRow, seats) -> dict:
    return {"id": row.public_id, "game": row.game, "options": row.options, "status": row.status,
            "public": row.public, "assists": _assists(row),
            "created": _iso(row.created), "finished": _iso(row.finished), "result": row.result,
            "seats": [{"seat": s.seat, "agent": s.agent, "person": s.agent is None,
                       "taken": s.agent is not None or s.joined is not None} for s in seats]}
