"""Help at the table: the switches a table is made with, the hint and the card tracker over the
WebSocket (answered to the seat that asked, refused where the switch is off, to a spectator, at
a stale seq, out of turn), the replay and the review of a finished game, and that the tracker
tells a seat nothing it could not know (twin tables)."""

from __future__ import annotations

import random
import time

import pytest
import sqlalchemy as sa
from alembic import command

import ludus
from contract.helpers import canon, deal_shuffles, transposed_deal
from ludus.server import assists
from ludus.server.storage import alembic_config, make_engine

from .helpers import play_out, twin_tables
from .test_twins import SEED


class Counting:
    """The bot processes, counting the help worked out in them (by function name)."""

    def __init__(self, pool):
        self.pool = pool
        self.jobs: list[str] = []

    def submit(self, fn, *args, **kwargs):
        self.jobs.append(fn.__name__)
        return self.pool.submit(fn, *args, **kwargs)

    def helped(self) -> list[str]:
        return [j for j in self.jobs if j in ("hint", "track", "review")]


@pytest.fixture
def pool(server, monkeypatch) -> Counting:
    counting = Counting(server.hub.pool)
    monkeypatch.setattr(server.hub, "pool", counting)
    return counting


def _ask(client, kind: str, seq: int | None = None) -> dict:
    client.send({"type": kind, "seq": client.view["seq"] if seq is None else seq})
    return client.until(lambda m: m["type"] in (kind, "error"))


def _to_move(clients):
    """The client whose seat is to move (reading until one is offered its moves)."""
    while True:
        mover = next((c for c in clients if c.view["legal"]), None)
        if mover is not None:
            return mover
        clients[0].recv()


# -- the switches ------------------------------------------------------------------------------


def test_assists_are_switched_per_table_checked_field_by_field_and_shown_to_all(server):
    table, _ = server.table("claim", ["person", "random"])
    assert server.http.get(f"/api/tables/{table}").json()["assists"] == {"hints": True, "tracker": True,
                                                                         "review": True}
    table, _ = server.table("claim", ["person", "random"], assists={"hints": False, "review": False})
    assert server.http.get(f"/api/tables/{table}").json()["assists"] == {"hints": False, "tracker": True,
                                                                         "review": False}
    r = server.http.post("/api/tables", json={"game": "claim", "seats": ["person", "random"],
                                              "assists": {"hints": "yes", "oracle": True}})
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["assists.hints", "assists.oracle"]
    assert "true" in r.json()["errors"][0]["message"] and "tracker" in r.json()["errors"][1]["message"]
    r = server.http.post("/api/tables", json={"game": "claim", "seats": ["person", "random"], "assists": "on"})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "assists"


def test_the_switches_migration_turns_help_on_for_older_tables_and_comes_down_again(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    config = alembic_config(engine)
    command.upgrade(config, "0002")
    with engine.begin() as db:
        db.execute(sa.text("INSERT INTO tables (public_id, game, options, status, created, public) "
                           "VALUES ('old', 'claim', '{}', 'open', '2026-12-01', 0)"))
    command.upgrade(config, "head")
    with engine.connect() as db:
        row = db.execute(sa.text("SELECT assist_hints, assist_tracker, assist_review FROM tables")).one()
    assert tuple(row) == (1, 1, 1)
    command.downgrade(config, "0002")
    assert "assist_hints" not in {c["name"] for c in sa.inspect(engine).get_columns("tables")}


# -- the hint ------------------------------------------------------------------------------------


def test_a_hint_goes_to_the_seat_to_move_alone_with_legal_moves_and_estimates(server, pool):
    table, tokens = server.table("claim", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b, \
            server.client(table) as watcher:
        me = _to_move([a, b])
        other = b if me is a else a
        hint = _ask(me, "hint")
        assert hint["type"] == "hint" and hint["seq"] == me.view["seq"], hint
        legal = {(m["id"], m["move"]) for m in me.view["legal"]}
        assert {(m["id"], m["move"]) for m in hint["moves"]} == legal
        assert hint["iterations"] > 0 and all(m["value"] is None or -1 <= m["value"] <= 1 for m in hint["moves"])
        assert hint["moves"][0]["visits"] == max(m["visits"] for m in hint["moves"])
        assert pool.helped() == ["hint"]
        # refused: out of turn, a spectator, a stale seq; nothing worked out for any of them
        assert _ask(other, "hint")["code"] == "not-your-turn"
        assert _ask(watcher, "hint")["code"] == "not-a-seat"
        assert _ask(me, "hint", seq=me.view["seq"] + 1)["code"] == "stale"
        assert me.until(lambda m: m["type"] == "welcome")["seq"] == me.view["seq"]
        assert pool.helped() == ["hint"]
        # a move after it: the others are sent the update, never the hint
        seq = me.view["seq"] + 1
        me.send({"type": "move", "seq": seq, "move": hint["moves"][0]["move"]})
        assert me.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
        for c in (a, b, watcher):
            c.at(seq)
        assert not [m for c in (other, watcher) for m in c.messages if m["type"] in ("hint", "tracker")]


def test_help_asked_again_at_the_same_position_is_worked_out_once(server, pool):
    """A bot process is not a seat's to hold: the hint and the tracker are worked out once per
    seat and position, whether asked again after the answer or twice before it."""
    table, tokens = server.table("claim", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b:
        me = _to_move([a, b])
        other = b if me is a else a
        seq = me.view["seq"]
        for kind in ("hint", "tracker", "hint", "tracker"):
            me.send({"type": kind, "seq": seq})
        answers = [me.until(lambda m: m["type"] in ("hint", "tracker", "error")) for _ in range(4)]
        assert sorted(m["type"] for m in answers) == ["hint", "hint", "tracker", "tracker"], answers
        hints = [m for m in answers if m["type"] == "hint"]
        assert hints[0] == hints[1] and _ask(me, "hint") == hints[0]
        assert sorted(pool.helped()) == ["hint", "track"]
        # the other seat's tracker is its own; a move makes a new position, worked out anew
        assert _ask(other, "tracker")["type"] == "tracker"
        assert sorted(pool.helped()) == ["hint", "track", "track"]
        me.send({"type": "move", "seq": seq + 1, "move": hints[0]["moves"][0]["move"]})
        assert me.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq + 1}
        me.at(seq + 1)
        assert _ask(me, "tracker")["type"] == "tracker"
        assert sorted(pool.helped()) == ["hint", "track", "track", "track"]


def test_help_switched_off_is_refused_and_nothing_is_worked_out(server, pool):
    table, tokens = server.table("seize-rome", ["person", "random"], assists={"hints": False, "tracker": False})
    with server.client(table, tokens[0]) as me:
        _to_move([me])
        for kind in ("hint", "tracker"):
            refused = _ask(me, kind)
            assert refused["code"] == "assist-off" and "off" in refused["message"]
    assert pool.helped() == []


# -- the card tracker -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["claim", "seize-rome", "caesar-cleopatra"])
def test_the_tracker_gives_each_hidden_zone_a_distribution_of_its_cards(server, game_id):
    game = ludus.make(game_id)
    table, tokens = server.seeded(game_id, ["person", "person"], SEED)
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b, \
            server.client(table) as watcher:
        play_out([a, b], [watcher], random.Random(SEED), moves=12)
        tracker = _ask(a, "tracker")
        assert tracker["type"] == "tracker" and tracker["samples"] == assists.TRACKER_SAMPLES, tracker
        truth = server.hub.tables[table].session.state.zones()
        hidden = {z["zone"] for z in tracker["zones"]}
        assert hidden and hidden <= set(truth)
        for zone in tracker["zones"]:
            assert sum(c["share"] for c in zone["cards"]) == pytest.approx(1.0)
            # each of size and expected is rounded to 0.01
            assert zone["size"] == pytest.approx(sum(c["expected"] for c in zone["cards"]),
                                                 abs=0.005 * (len(zone["cards"]) + 1))
            assert all(0 < c["chance"] <= 1 for c in zone["cards"])
        own_hand = next(name for name in truth if "hand" in name and name.startswith(game.seat_names[0]))
        assert own_hand not in hidden                  # its own hand is no secret to it
        assert _ask(watcher, "tracker")["code"] == "not-a-seat"


def test_the_tracker_says_what_the_observation_already_tells(server):
    table, tokens = server.seeded("claim", ["person", "person"], 3)
    rng = random.Random(3)
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b:
        while not any(s["lacks"] for s in a.view["observation"]["seats"]):       # a seat showed a void
            assert not a.view["over"]
            play_out([a, b], [], rng, moves=1)
        tracker = _ask(a, "tracker")
        observed = a.view["observation"]["seats"]
        assert [s.get("lacks", []) for s in tracker["facts"]["seats"]] == [s["lacks"] for s in observed]


def _zones(state) -> dict:
    """Each zone's cards, in no order."""
    return {name: sorted(map(str, cards)) for name, cards in state.zones().items()}


def _moved_unseen(game):
    """Two cards whose exchange moves a card from one zone to another, unseen by seat 0."""
    plain = game.new_state(SEED)
    for at in range(deal_shuffles(game, SEED)):
        for i in range(40):
            for j in range(i + 1, 40):
                with transposed_deal(at, i, j):
                    twin = game.new_state(SEED)
                if canon(plain.observe(0)) == canon(twin.observe(0)) and _zones(plain) != _zones(twin):
                    return at, i, j
    raise AssertionError("no transposition hides from seat 0")


@pytest.mark.parametrize("game_id", ["claim", "seize-rome"])
def test_the_tracker_is_the_same_at_twin_tables_seat_0_cannot_tell_apart(server, game_id):
    """Two deals that differ in cards seat 0 has not seen: its tracker is the same at both,
    while the truth it would show, were it to leak, differs."""
    game = ludus.make(game_id)
    a0, a1, b0, b1, truth = twin_tables(server, game_id, SEED, _moved_unseen(game))
    rng = random.Random(SEED)
    compared = 0
    try:
        for _ in range(6):
            if canon(truth[0].observe(0)) != canon(truth[1].observe(0)) or a0.view["over"]:
                break
            seen = [_ask(c, "tracker") for c in (a0, b0)]
            assert seen[0]["type"] == "tracker" and seen[0]["zones"]
            assert seen[0] == seen[1], f"seat 0's tracker tells the twins apart at seq {a0.view['seq']}"
            assert _zones(truth[0].state) != _zones(truth[1].state)
            compared += 1
            mover, twin = (a0, b0) if a0.view["legal"] else (a1, b1)
            move = rng.choice([m["move"] for m in mover.view["legal"]
                               if m["move"] in {x["move"] for x in twin.view["legal"]}])
            seq = mover.view["seq"] + 1
            for c in (mover, twin):
                c.send({"type": "move", "seq": seq, "move": move})
                assert c.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
            for c in (a0, a1, b0, b1):
                c.at(seq)
    finally:
        for c in (a0, a1, b0, b1):
            c.close()
    assert compared >= 3


# -- after the game: the replay and the review --------------------------------------------------


def test_a_finished_game_is_replayed_as_each_seat_saw_it_and_reviewed_once(server, pool):
    table, tokens = server.table("claim", ["person", "random"])
    with server.client(table, tokens[0]) as me, server.client(table) as watcher:
        play_out([me], [watcher], random.Random(4), moves=4)
        assert server.http.get(f"/api/tables/{table}/replay?seat=0").status_code == 403
        assert server.http.get(f"/api/tables/{table}/review?seat=0").status_code == 403
        play_out([me], [watcher], random.Random(4))
        assert _ask(me, "hint")["code"] == "illegal"
    record = server.http.get(f"/api/tables/{table}/record").json()
    for viewer, client, query in ((0, me, "?seat=0"), (None, watcher, "")):
        replay = server.http.get(f"/api/tables/{table}/replay{query}").json()
        steps = replay["steps"]
        assert replay["seat"] == viewer and len(steps) == len(record["actions"]) + 1
        assert [s["step"] for s in steps] == list(range(len(steps)))
        assert steps[0]["entry"] is None and steps[0]["observation"] != steps[-1]["observation"]
        assert steps[-1]["observation"] == client.view["observation"]
        assert steps[-1]["over"] and steps[-1]["returns"] == client.view["returns"]
        sent = {e["index"]: e for m in client.messages if m["type"] in ("welcome", "update") for e in m["entries"]}
        assert [s["entry"] for s in steps[1:]] == [sent[i] for i in range(len(sent))]     # as it was shown live
    mine = [s["entry"] for s in server.http.get(f"/api/tables/{table}/replay?seat=0").json()["steps"][1:]]
    assert [e["move"] for e in mine] == record["actions"]          # its own moves and the bot's, all public
    r = server.http.get(f"/api/tables/{table}/replay?seat=7")
    assert r.status_code == 422 and r.json()["errors"][0]["message"] == \
        "a seat of this table, 0 to 1, or none for a spectator's view; not '7'"
    r = server.http.get(f"/api/tables/{table}/review?seat=7")        # a review is of a seat's decisions
    assert r.status_code == 422 and r.json()["errors"][0]["message"] == "a seat of this table, 0 to 1; not '7'"

    review = server.http.get(f"/api/tables/{table}/review?seat=0").json()
    assert review["seat"] == 0 and review["decisions"]
    state = ludus.make(record["game"], **record["options"]).new_state(seed=record["seed"])
    decisions = {d["decision"]: d for d in review["decisions"]}
    for i, move in enumerate(record["actions"]):
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            d = decisions.pop(i)
            assert d["played"] == move and d["best"] in {str(a) for a in state.legal_actions()}
            if d["played"] == d["best"]:
                assert d["agrees"]
        state.apply(state.game.parse_action(move))
    assert decisions == {}
    again = server.http.get(f"/api/tables/{table}/review?seat=0").json()
    assert again == review and pool.helped() == ["review"]         # kept per table and seat


def test_the_review_switched_off_is_refused_and_nothing_is_searched(server, pool):
    table, tokens = server.table("seize-rome", ["person", "random"], assists={"review": False})
    with server.client(table, tokens[0]) as me:
        play_out([me], [], random.Random(5))
    r = server.http.get(f"/api/tables/{table}/review?seat=0")
    assert r.status_code == 403 and "review off" in r.json()["detail"]
    assert server.http.get(f"/api/tables/{table}/replay?seat=0").status_code == 200
    assert pool.helped() == []


def test_a_seat_told_the_game_is_over_gets_the_replay_at_once(server, monkeypatch):
    """The table is stored as over before the last move is acknowledged or sent: the page asks
    for the replay the moment it hears of the end, and must not be told the game goes on. A slow
    store (its write of the end delayed) would show the race."""
    store = server.hub.store
    finish = store.finish

    def slow_finish(*args, **kwargs):
        time.sleep(0.4)
        return finish(*args, **kwargs)

    monkeypatch.setattr(store, "finish", slow_finish)
    table, tokens = server.table("claim", ["person", "random"])
    with server.client(table, tokens[0]) as me:
        play_out([me], [], random.Random(2))
        assert me.view["over"]
        r = server.http.get(f"/api/tables/{table}/replay?seat=0")
    assert r.status_code == 200, r.json()


def test_a_decision_made_by_rule_has_no_verdict_and_is_not_counted_as_one(server, pool):
    """Caesar & Cleopatra's search arranges the action pile by a rule, without searching: the
    review gives those decisions no verdict (``agrees`` null) and counts them apart, neither as
    agreed nor as differed, however the seat arranged its pile (a review once said the search
    would have played otherwise at each)."""
    table, tokens = server.table("caesar-cleopatra", ["person", "random"])
    with server.client(table, tokens[0]) as me:
        play_out([me], [], random.Random(6))
    review = server.http.get(f"/api/tables/{table}/review?seat=0").json()
    decisions = review["decisions"]
    by_rule = [d for d in decisions if d["iterations"] == 0]
    searched = [d for d in decisions if d["iterations"] > 0]
    assert by_rule and searched
    assert any(d["played"] != d["best"] for d in by_rule)          # arranged otherwise than the rule would
    assert all(not d["searched"] and d["agrees"] is None and not d["far_behind"] for d in by_rule)
    assert all(d["searched"] and d["agrees"] in (True, False) for d in searched)
    agreed = sum(d["agrees"] for d in searched)
    assert review["summary"] == {"decisions": len(decisions), "searched": len(searched), "agreed": agreed,
                                 "differed": len(searched) - agreed, "by_rule": len(by_rule)}
    assert pool.helped() == ["review"]


def test_the_tracker_leaves_the_engines_own_knowledge_to_its_chances(server):
    # Caesar & Cleopatra's observation carries the seat's knowledge pools, the engine's form of
    # what the tracker's deals are drawn from: the facts list what a person reads as facts.
    table, tokens = server.seeded("caesar-cleopatra", ["person", "person"], 3)
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b:
        play_out([a, b], [], random.Random(3), moves=40)
        assert any("knowledge" in s for s in a.view["observation"]["seats"])
        facts = _ask(a, "tracker")["facts"]
        assert "knowledge" not in facts and all("knowledge" not in s for s in facts.get("seats", []))
