"""Whole games through the API: people (scripted clients choosing legal moves) against bots and
against each other, every message checked against what the session shows its viewer."""

from __future__ import annotations

import random

import pytest

from .helpers import check_seen, play_out

GAMES = [("caesar-cleopatra", {}, ["person", "heuristic"]),
         ("claim", {"players": 3}, ["random", "person", "heuristic"]),
         ("seize-rome", {}, ["heuristic", "person"])]


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_against_bots(server, game, options, seats):
    table, tokens = server.table(game, seats, options)
    (seat, token), = tokens.items()
    with server.client(table, token) as me, server.client(table) as watcher:
        assert me.welcome["seat"] == seat and watcher.welcome["seat"] is None
        play_out([me], [watcher], random.Random(1))
        assert me.view["over"] and watcher.view["over"]
        lines = server.lines(table)
        assert {line["seat"] for line in lines[1:]} == set(range(len(seats)))
        assert [line["how"] for line in lines[1:] if line["seat"] == seat] == ["person"] * sum(
            line["seat"] == seat for line in lines[1:])
        assert check_seen(lines, seat, me.messages) == len(lines)
        assert check_seen(lines, None, watcher.messages) == len(lines)
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
