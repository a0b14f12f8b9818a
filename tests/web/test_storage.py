"""The move store: lines arriving together share a commit, and a line another writer stored
first is refused alone, its neighbours in the same commit stored all the same."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import event

from ludus.server.storage import LineTaken, Store, TooManyTables, make_engine, migrate


@pytest.fixture
def store(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 's.sqlite3'}")
    migrate(engine)
    return Store(engine)


def _table(store: Store) -> str:
    return store.create_table("claim", {}, [None, None], {"format": 2, "game": "claim"})[0]


def test_lines_written_at_once_are_all_stored_and_a_taken_one_alone_is_refused(store):
    tables = [_table(store) for _ in range(8)]
    store.append(tables[0], 1, {"seat": 0, "move": "first"})
    outcomes: dict[tuple[str, int], str] = {}
    start = threading.Barrier(len(tables) * 2)

    def write(public_id: str, seq: int):
        start.wait()
        try:
            store.append(public_id, seq, {"seat": 0, "move": f"{public_id}-{seq}"})
            outcomes[public_id, seq] = "stored"
        except LineTaken:
            outcomes[public_id, seq] = "taken"

    writers = [threading.Thread(target=write, args=(t, seq)) for t in tables for seq in (1, 2)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
    assert outcomes.pop((tables[0], 1)) == "taken"
    assert set(outcomes.values()) == {"stored"} and len(outcomes) == len(tables) * 2 - 1
    assert [line["move"] for line in store.lines(tables[0])[1:]] == ["first", f"{tables[0]}-2"]
    for t in tables[1:]:
        assert [line["move"] for line in store.lines(t)[1:]] == [f"{t}-1", f"{t}-2"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_log_is_replaced_only_while_it_is_the_one_read(tmp_path, request, backend):
    """What carries a table over to another version writes its new digests only if nobody
    stored a line since it read the log (a server still playing it)."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}" if backend == "sqlite" else request.getfixturevalue("pg_url")
    engine = make_engine(url)
    migrate(engine)
    store = Store(engine)
    table = _table(store)
    store.append(table, 1, {"seat": 0, "move": "first", "at": "older"})
    read = store.lines(table)
    store.append(table, 2, {"seat": 1, "move": "second", "at": "older"})
    assert not store.replace_lines(table, read, [read[0], {**read[1], "at": "newer"}])
    assert [line["at"] for line in store.lines(table)[1:]] == ["older", "older"]
    read = store.lines(table)
    assert store.replace_lines(table, read, [read[0], *({**line, "at": "newer"} for line in read[1:])])
    assert store.lines(table) == [read[0], *({**line, "at": "newer"} for line in read[1:])]
    engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_requests_sent_together_cannot_pass_the_cap_on_open_tables(tmp_path, request, backend):
    """The tables an address has open are counted and the new one made in one step: of twelve
    requests at once from one address, as many as the cap allows make a table. On PostgreSQL
    they come through two stores, as from two server processes."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}" if backend == "sqlite" else request.getfixturevalue("pg_url")
    engine = make_engine(url)
    migrate(engine)
    stores = [Store(engine)] if backend == "sqlite" else [Store(engine), Store(make_engine(url))]
    outcomes: list[str] = []
    start = threading.Barrier(12)

    def create(store: Store):
        start.wait()
        try:
            store.create_table("claim", {}, [None, None], {"format": 2, "game": "claim"}, creator="10.0.0.7", most=3)
            outcomes.append("made")
        except TooManyTables as e:
            outcomes.append(str(e))

    askers = [threading.Thread(target=create, args=(stores[k % len(stores)],)) for k in range(12)]
    for a in askers:
        a.start()
    for a in askers:
        a.join(60)
    assert sorted(outcomes)[-4:] == ["at most 3 tables not yet over per client address, counting those played in "
                                     "the last 24 hours; finish one first, or wait until one has been left "
                                     "unplayed for 24 hours (whoever runs this server sets the number: ludus "
                                     "serve --tables-per-address N)", "made", "made", "made"]
    assert outcomes.count("made") == 3
    for store in stores:
        store.engine.dispose()


def test_an_invite_used_as_a_newcomer_joins_its_seat_gets_no_seat(pg_url):
    """A public table's seat joined by a newcomer between the moment its invite's holder is
    looked up and the moment the seat is marked taken belongs to the newcomer alone: the
    invite is then no seat's (PostgreSQL, where the two may interleave)."""
    engine = make_engine(pg_url)
    migrate(engine)
    store = Store(engine)
    table, tokens = store.create_table("claim", {}, [None, None], {"format": 2, "game": "claim"}, public=True)
    joined, elsewhere = [], Store(make_engine(pg_url))        # as another server process

    def newcomer_joins_meanwhile(conn, cursor, statement, *args):
        if not joined and statement.lstrip().upper().startswith("SELECT") and "token_hash" in statement:
            joined.append(elsewhere.join(table, 0))

    event.listen(engine, "after_cursor_execute", newcomer_joins_meanwhile)
    assert store.seat_of(table, tokens[0]) is None
    event.remove(engine, "after_cursor_execute", newcomer_joins_meanwhile)
    seat, token = joined[0]
    assert seat == 0 and store.seat_of(table, token) == 0 and store.seat_of(table, tokens[0]) is None
    engine.dispose()
    elsewhere.engine.dispose()
