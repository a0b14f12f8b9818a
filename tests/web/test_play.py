"""Whole games through the API: people (scripted clients choosing legal moves) against bots and
against each other, every message checked against what the session shows its viewer."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

import ludus
from ludus.server.live import Hub

from .helpers import Server, check_seen, play_out

GAMES = [("caesar-cleopatra", {}, ["person", "heuristic"]),
         ("claim", {"players": 3}, ["random", "person", "heuristic"]),
         ("seize-rome", {}, ["heuristic", "person"])]


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_against_bots(server, game, options, seats):
    table, tokens = server.table(game, seats, options)
    (seat, token), = tokens.items()
    with server.client(table, token) as me, server.client(table) as watcher:
        assert me.welcome["seat"] == seat and watcher.welcome["seat"] is None
        try:
            play_out([me], [watcher], random.Random(1))
        except TimeoutError:
            raise AssertionError(f"no news within the wait: {server.live_facts(table)}") from None
        assert me.view["over"] and watcher.view["over"]
        lines = server.lines(table)
        assert {line["seat"] for line in lines[1:]} == set(range(len(seats)))
        assert [line["how"] for line in lines[1:] if line["seat"] == seat] == ["person"] * sum(
            line["seat"] == seat for line in lines[1:])
        # one message a line from the one each was welcomed at (the bots may have moved first)
        assert check_seen(lines, seat, me.messages) == len(lines) - me.welcome["seq"]
        assert check_seen(lines, None, watcher.messages) == len(lines) - watcher.welcome["seq"]
    facts = server.http.get(f"/api/tables/{table}").json()
    assert facts["status"] == "over" and facts["result"]["returns"] == me.view["returns"]
    record = server.http.get(f"/api/tables/{table}/record").json()
    assert record["actions"] == [line["move"] for line in lines[1:]]
    assert record["seed"] == lines[0]["seed"]


def test_two_people_play_each_other_on_two_connections(server):
    table, tokens = server.table("claim", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b, \
            server.client(table) as watcher:
        play_out([a, b], [watcher], random.Random(2))
        lines = server.lines(table)
        assert {line["seat"] for line in lines[1:]} == {0, 1}
        for seat, client in ((0, a), (1, b), (None, watcher)):
            assert check_seen(lines, seat, client.messages) == len(lines)


def test_a_bot_always_answers_even_when_its_last_run_is_still_winding_down(server, monkeypatch):
    """A bot run that found no bot to move still has to leave the hub; a person's move in that
    moment must start a new run, not count on the one that is ending."""
    hub = server.hub
    leave = hub.leave

    async def slow_leave(table, conn, user=True):
        if not user:
            await asyncio.sleep(0.5)            # the run is ending, not done
        await leave(table, conn, user)

    monkeypatch.setattr(hub, "leave", slow_leave)
    table, tokens = server.table("claim", ["person", "random"])
    with server.client(table, tokens[0]) as me:
        for _ in range(6):
            while not me.view["legal"]:
                me.recv()                       # the bot answers within the client's wait, or this fails
            seq = me.view["seq"] + 1
            me.send({"type": "move", "seq": seq, "move": me.view["legal"][0]["id"]})
            assert me.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
            me.at(seq)
            if me.view["over"]:
                break


def test_a_server_offers_a_trained_policy_its_operator_names(tmp_path):
    """``ludus serve --agent policy:path=FILE``: the policy is offered where it fits (2-player
    Claim), seated, and plays a whole game; elsewhere, and any spec not offered, is refused."""
    pytest.importorskip("numpy", reason="a policy needs the rl extra")
    spec = "policy:path=examples/models/claim-ppo.npz"
    with Server(f"sqlite:///{tmp_path / 's.sqlite3'}", agents=(spec,)) as server:
        offered = {g["id"]: g["agents"] for g in server.http.get("/api/games").json()}
        assert spec in offered["claim"] and spec not in offered["seize-rome"]
        r = server.http.post("/api/tables", json={"game": "seize-rome", "seats": ["person", spec]})
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == "seats.1"
        r = server.http.post("/api/tables", json={"game": "claim", "seats": ["person", "policy:path=/etc/passwd"]})
        assert r.status_code == 422 and "not a seat here" in r.json()["errors"][0]["message"]
        table, tokens = server.table("claim", ["person", spec])
        with server.client(table, tokens[0]) as me:
            play_out([me], [], random.Random(3))
            assert me.view["over"]
        assert {line.get("how") for line in server.lines(table)[1:]} == {"person", "agent"}


def test_a_bot_moves_at_its_pace_forced_or_not(tmp_path):
    # Cleopatra, a bot, arranges her action pile first, thirteen cards one by one: choices, then
    # forced placings once one kind of card is left. Each comes no sooner than the pace after the
    # one before, so a person cannot tell a forced move from a thought one by its speed.
    pace = 0.4
    with Server(f"sqlite:///{tmp_path / 's.sqlite3'}", bot_pace=pace) as server:
        # when the server stores each line: the pace holds there, whatever the clients' delays
        stored = {}
        append = server.hub.store.append

        def timed_append(public_id, seq, line):
            append(public_id, seq, line)
            stored[seq] = time.monotonic()

        server.hub.store.append = timed_append
        table, tokens = server.table("caesar-cleopatra", ["strong", "person"])   # a searching bot
        (_, token), = tokens.items()
        with server.client(table, token) as me:
            me.at(13)
            lines = server.lines(table)
        state = ludus.make("caesar-cleopatra").new_state(seed=lines[0]["seed"])
        choices = []                       # how many legal moves each of the first 13 lines had
        for line in lines[1:14]:
            choices.append(len(state.legal_actions()))
            state.apply(state.game.parse_action(line["move"]))
        assert choices[-1] == 1 and choices[0] > 1
        # the time each line was stored after the one before, forced ones too
        gaps = {seq: stored[seq] - stored[seq - 1] for seq in stored if seq - 1 in stored and seq <= 13}
        assert len(gaps) == 12 and min(gaps.values()) >= pace - 0.001     # (a timer may fire a hair early)


def test_the_pace_covers_a_search_on_a_time_budget():
    game = ludus.make("claim")
    assert Hub(None, bot_pace=0.6).pace(game, "master") == 0.6            # ismcts:iterations=1000
    assert Hub(None, bot_pace=0.6).pace(game, "ismcts:time=1") == 1.5     # its CPU second, and more
    assert Hub(None, bot_pace=0.6).pace(game, "heuristic") == pytest.approx(0.2)   # milliseconds a move
    assert Hub(None, bot_pace=0).pace(game, "ismcts:time=1") == 0        # no pace: no wait at all
