"""Clocks per table, on a fake time the tests advance by hand: a live (Fischer) clock and a
turn-based one, the timeout agent playing for a person whose time ran out, and clocks that
survive a restart."""

from __future__ import annotations

from time import monotonic, sleep

import pytest

from ludus.server.clocks import FakeTime

from .helpers import Server

LIVE = {"kind": "live", "minutes": 1, "increment": 5}


@pytest.fixture
def timed(tmp_path):
    time = FakeTime()
    with Server(f"sqlite:///{tmp_path / 'server.sqlite3'}", time=time) as running:
        yield running, time


def _players(server, clock):
    table, tokens = server.table("seize-rome", ["person", "person"], clock=clock)
    clients = [server.client(table, tokens[0]), server.client(table, tokens[1])]
    return table, clients, server.client(table)


def _mover(clients):
    return next(c for c in clients if c.view["legal"])


def _move(client) -> int:
    seq = client.view["seq"] + 1
    client.send({"type": "move", "seq": seq, "move": client.view["legal"][0]["id"]})
    assert client.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
    return seq


def test_a_live_clock_runs_out_and_the_timeout_agent_plays_for_the_seat_every_log_saying_so(timed):
    server, time = timed
    table, clients, watcher = _players(server, LIVE)
    mover = _mover(clients)
    seat = mover.welcome["seat"]
    assert mover.view["clocks"] == {**LIVE, "left": [60.0, 60.0], "running": seat}
    time.advance(59)
    time.advance(2)
    for c in [*clients, watcher]:
        update = c.at(1)
        assert [e["how"] for e in update["entries"]] == ["timeout"]
        assert update["entries"][0]["seat"] == seat
        assert any(e["type"] == "ClockRanOut" for e in update["entries"][0]["events"]), update["entries"]
        whose = "you" if c.welcome["seat"] == seat else f"seat {seat}"
        said = update["entries"][0]["lines"][0]
        assert said["text"].startswith("Time ran out: a bot (") and said["text"].endswith(f") played for {whose}")
    line = server.lines(table)[1]
    assert (line["seat"], line["how"]) == (seat, "timeout")
    # it ran out: the seat has nothing left but the increment
    assert clients[0].view["clocks"]["left"][seat] == LIVE["increment"]


def test_a_live_clock_adds_its_increment_after_each_move(timed):
    server, time = timed
    _, clients, _ = _players(server, LIVE)
    mover = _mover(clients)
    seat = mover.welcome["seat"]
    time.advance(20)
    seq = _move(mover)
    view = mover.at(seq)
    assert view["clocks"]["left"][seat] == 60 - 20 + 5
    assert view["clocks"]["running"] == view["to_move"] != seat
    other = view["to_move"]
    clients[other].at(seq)
    time.advance(7)
    seq = _move(clients[other])
    assert clients[other].at(seq)["clocks"]["left"] == ([45.0, 58.0] if seat == 0 else [58.0, 45.0])


def test_an_undo_is_paid_by_the_seat_taking_back_its_move_and_gives_no_increment(timed):
    """Undo gives no time back: the seat that took its move back has lost the time until the
    undo and keeps no increment for it; the other seat, to move meanwhile, is not charged."""
    server, time = timed
    _, clients, _ = _players(server, {**LIVE, "increment": 30})
    mover = _mover(clients)
    seat, other = mover.welcome["seat"], 1 - mover.welcome["seat"]
    for spent in (2, 4, 6):
        time.advance(1)
        seq = _move(mover)
        mover.at(seq)
        time.advance(1)
        mover.send({"type": "undo", "seq": seq + 1})
        assert mover.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq + 1}
        clocks = mover.at(seq + 1)["clocks"]
        assert (clocks["left"][seat], clocks["left"][other], clocks["running"]) == (60 - spent, 60, seat)


def test_a_turn_based_clock_gives_each_move_its_hours(timed):
    server, time = timed
    clock = {"kind": "turn", "hours": 1}
    _, clients, watcher = _players(server, clock)
    for _ in range(2):                      # 50 minutes a move, twice each: never out
        mover = _mover(clients)
        time.advance(3000)
        seq = _move(mover)
        for c in clients:
            c.at(seq)
        assert clients[0].view["clocks"]["left"][clients[0].view["to_move"]] == 3600
    seat = clients[0].view["to_move"]
    seq = clients[0].view["seq"] + 1
    time.advance(3601)
    for c in [*clients, watcher]:
        update = c.at(seq)
        assert [(e["seat"], e["how"]) for e in update["entries"]] == [(seat, "timeout")]


def test_a_move_after_the_time_ran_out_is_refused(timed):
    server, time = timed
    _, clients, _ = _players(server, {"kind": "turn", "hours": 1})
    mover = _mover(clients)
    time.time += 3601                       # past its end, the server's watch not woken yet
    mover.send({"type": "move", "seq": 1, "move": mover.view["legal"][0]["id"]})
    reply = mover.until(lambda m: m["type"] in ("ack", "error"))
    assert reply["type"] == "error" and reply["code"] == "time-out", reply
    time.advance(0)


def test_a_restarted_server_keeps_the_clocks(tmp_path):
    time = FakeTime()
    db = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    with Server(db, time=time) as server:
        table, tokens = server.table("seize-rome", ["person", "person"], clock=LIVE)
        clients = [server.client(table, tokens[0]), server.client(table, tokens[1])]
        mover = _mover(clients)
        seat = mover.welcome["seat"]
        time.advance(20)
        mover.at(_move(mover))
        for c in clients:
            c.close()
    time.advance(10)
    with Server(db, time=time) as server, server.client(table) as watcher:
        clocks = watcher.view["clocks"]
        assert clocks["running"] == 1 - seat
        assert clocks["left"][seat] == 45 and clocks["left"][1 - seat] == 50


def test_a_clock_runs_out_at_a_table_nobody_is_at(timed):
    """Turn-based play: both people went away. The sweep finds the clock that ran out and the
    timeout agent plays, as it would with them watching; then the other seat's clock runs."""
    server, time = timed
    table, clients, watcher = _players(server, {"kind": "turn", "hours": 1})
    seat = _mover(clients).welcome["seat"]
    for c in [*clients, watcher]:
        c.close()
    _until_unloaded(server, table)
    time.advance(1800)
    assert len(server.lines(table)) == 1                # not yet
    time.advance(1801)
    lines = _until(lambda: server.lines(table), lambda got: len(got) > 1)
    assert (lines[1]["seat"], lines[1]["how"]) == (seat, "timeout")
    _until_unloaded(server, table)
    time.advance(3601)
    lines = _until(lambda: server.lines(table), lambda got: len(got) > 2)
    assert (lines[2]["seat"], lines[2]["how"]) == (1 - seat, "timeout")
    with server.client(table) as again:
        assert again.view["clocks"]["left"][seat] == 3600 and again.view["seq"] == 2


def _until(get, test, seconds: float = 60):
    deadline = monotonic() + seconds
    while not test(got := get()):
        assert monotonic() < deadline, got
        sleep(0.05)
    return got


def _until_unloaded(server, table) -> None:
    _until(lambda: table in server.hub.tables, lambda loaded: not loaded)


@pytest.mark.parametrize(("clock", "field"), [
    ({"kind": "sand"}, "clock"),
    ({"kind": "live", "minutes": 0, "increment": 5}, "clock.minutes"),
    ({"kind": "live", "minutes": 5}, "clock.increment"),
    ({"kind": "turn", "hours": "2"}, "clock.hours"),
    ({"kind": "turn", "hours": 2, "minutes": 3}, "clock.minutes"),
    ([1], "clock"),
])
def test_a_bad_clock_is_refused_field_by_field(server, clock, field):
    r = server.http.post("/api/tables", json={"game": "seize-rome", "seats": ["person", "person"], "clock": clock})
    assert r.status_code == 422, r.text
    assert [e["field"] for e in r.json()["errors"]] == [field]


def test_a_clock_field_left_out_is_said_to_be_missing(server):
    r = server.http.post("/api/tables", json={"game": "seize-rome", "seats": ["person", "person"],
                                              "clock": {"kind": "live", "minutes": 5}})
    assert r.json()["errors"] == [{"field": "clock.increment", "message": "missing: a whole number from 0 to 3600"}]


def test_a_tables_facts_name_its_clock_rules_and_nothing_of_its_log(timed):
    server, _ = timed
    table, clients, watcher = _players(server, LIVE)
    facts = server.http.get(f"/api/tables/{table}").json()
    assert facts["clock"] == LIVE                       # the rules, not the time left or started
    untimed, _ = server.table("seize-rome", ["person", "random"])
    assert server.http.get(f"/api/tables/{untimed}").json()["clock"] is None
    for c in [*clients, watcher]:
        c.close()
