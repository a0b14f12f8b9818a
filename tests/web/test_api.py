"""The REST API: the games, making a table (refused field by field), the lobby, a table's facts
and its record (only once the game is over)."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

import ludus
from ludus.core.errors import OptionError


def test_games_list_seats_options_values_and_defaults(server):
    games = {g["id"]: g for g in server.http.get("/api/games").json()}
    assert set(games) == set(ludus.game_ids())
    cc = games["caesar-cleopatra"]
    assert cc["seat_names"] == ["cleopatra", "caesar"] and "heuristic" in cc["agents"]
    edition = next(o for o in cc["options"] if o["name"] == "edition")
    assert edition["default"] == "classic" and "2024" in edition["values"]
    players = next(o for o in games["claim"]["options"] if o["name"] == "players")
    assert players["default"] == 2 and {2, 3, 4} <= set(players["values"])


def test_option_values_and_defaults_share_their_option_s_declared_json_type(server):
    kinds = {"number": int, "boolean": bool, "text": str}
    games = {g["id"]: g for g in server.http.get("/api/games").json()}
    for game in games.values():
        for option in game["options"]:
            kind = kinds[option["type"]]
            assert all(type(v) is kind for v in [*option["values"], option["default"]]), option
    rome = {o["name"]: o for o in games["seize-rome"]["options"]}
    assert rome["players"]["type"] == "number" and rome["players"]["default"] == 2
    assert rome["voluntary_pass"] == {**rome["voluntary_pass"], "type": "boolean", "values": [False, True],
                                      "default": False}
    assert rome["first_player"]["type"] == "text" and rome["first_player"]["values"][:3] == ["random", "0", "1"]


def _accepted(game_id: str, options: dict) -> bool:
    try:
        ludus.make(game_id, **options)
    except OptionError:
        return False
    return True


def _offered(option: dict, chosen: dict) -> list:
    """The values a form offers for ``option`` after the choices ``chosen`` above it, as the
    lobby reads ``valid``: those of the entry whose ``when`` the choices match."""
    entry = [v for v in option["valid"] if all(chosen[n] == x for n, x in v["when"].items())]
    assert len(entry) == 1, (option["name"], chosen)
    return entry[0]["values"]


def test_each_option_s_valid_values_are_those_the_game_accepts_with_the_options_above_it(server):
    """/api/games says, per option, the values valid under each combination of the earlier
    options it depends on: exactly those ``ludus.make`` accepts (the rest at their defaults);
    and a form that offers only those never makes a combination the game refuses, nor leaves
    out one it accepts."""
    games = {g["id"]: g for g in server.http.get("/api/games").json()}
    rng = random.Random(3)
    for gid, game in games.items():
        options = game["options"]
        for i, option in enumerate(options):
            earlier = [o["name"] for o in options[:i]]
            assert set(option["depends_on"]) <= set(earlier), option["name"]
            conditions = [entry["when"] for entry in option["valid"]]
            assert [list(c) for c in conditions] == [option["depends_on"]] * len(conditions)
            kinds = {o["name"]: o["values"] for o in options}
            every = [dict(zip(option["depends_on"], values, strict=True))
                     for values in itertools.product(*(kinds[n] for n in option["depends_on"]))]
            assert conditions == [c for c in every if _accepted(gid, c)], option["name"]
            for entry in option["valid"]:
                assert entry["values"] == [v for v in option["values"]
                                           if _accepted(gid, {**entry["when"], option["name"]: v})], entry
        for _ in range(300):
            chosen = {}                                   # the form, choosing at random among the values offered
            for option in options:
                chosen[option["name"]] = rng.choice(_offered(option, chosen))
            assert _accepted(gid, chosen), chosen
            drawn = {o["name"]: rng.choice(o["values"]) for o in options}      # any combination the game accepts
            if _accepted(gid, drawn):
                for i, option in enumerate(options):
                    assert drawn[option["name"]] in _offered(option, {o["name"]: drawn[o["name"]] for o in options[:i]})
    claim = {o["name"]: o for o in games["claim"]["options"]}
    assert claim["first_leader"]["depends_on"] == ["players"]
    assert _offered(claim["first_leader"], {"players": 2}) == ["random", "0", "1"]
    rome = {o["name"]: o for o in games["seize-rome"]["options"]}
    assert _offered(rome["first_player"], {"players": 2}) == ["random", "0", "1"]
    assert _offered(rome["regions_to_win"], {"regions": 3}) == ["auto", "1", "2", "3"]
    assert rome["wilds"]["depends_on"] == ["players", "regions"]        # a deck too small only for both at once
    assert min(_offered(rome["wilds"], {"players": 4, "regions": 3})) == 3
    cc = {o["name"]: o for o in games["caesar-cleopatra"]["options"]}
    assert _offered(cc["orgies"], {"edition": "2024"}) == [3]          # its default alone: it does not apply
    assert _offered(cc["discard_by"], {"edition": "classic"}) == ["outcome"]
    assert _offered(cc["discard_by"], {"edition": "2024"}) == ["outcome", "totals"]
    assert cc["wrath"]["depends_on"] == [] and cc["wrath"]["valid"] == [{"when": {}, "values": ["all", "face-up"]}]


@pytest.mark.parametrize("given", [
    {"players": 3, "voluntary_pass": True, "first_player": "1"},          # as /api/games lists them
    {"players": "3", "voluntary_pass": "true", "first_player": 1},        # text, and a seat as a number
])
def test_a_table_s_options_are_given_back_as_api_games_lists_them(server, given):
    r = server.http.post("/api/tables", json={"game": "seize-rome", "options": given,
                                              "seats": ["person", "random", "random"]})
    assert r.status_code == 201, r.text
    options = server.http.get(f"/api/tables/{r.json()['id']}").json()["options"]
    assert options["players"] == 3 and options["voluntary_pass"] is True and options["first_player"] == "1"
    assert options["deck_out_ends_round"] is True and options["control"] == "persistent"


def test_a_new_table_gives_one_invite_per_person_with_the_token_in_the_fragment(server):
    r = server.http.post("/api/tables", json={"game": "claim", "options": {"players": 4},
                                              "seats": ["person", "random", "person", "heuristic"]})
    assert r.status_code == 201
    body = r.json()
    assert [i["seat"] for i in body["invites"]] == [0, 2]
    for invite in body["invites"]:
        assert invite["url"].startswith(f"{server.url}/t/{body['id']}#seat=")
    assert body["spectate"] == f"{server.url}/t/{body['id']}"
    tokens = [i["url"].split("#seat=")[1] for i in body["invites"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)


def _refused(server, body, *fields) -> list[dict]:
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    errors = r.json()["errors"]
    assert [e["field"] for e in errors] == list(fields), errors
    return errors


def test_a_table_is_refused_field_by_field_saying_what_would_be_right(server):
    before = server.http.get("/api/tables").json()
    assert "games: caesar-cleopatra" in _refused(server, {"game": "chess", "seats": ["person"]}, "game")[0]["message"]
    errors = _refused(server, {"game": "claim", "options": {"players": 9, "dragon": "maybe"},
                               "seats": ["person", "random"]}, "options.players", "options.dragon")
    assert "2" in errors[0]["message"] and "one of" in errors[1]["message"]
    assert "no option" in _refused(server, {"game": "claim", "options": {"colour": "red"}, "seats": ["person"] * 2},
                                   "options.colour")[0]["message"]
    errors = _refused(server, {"game": "seize-rome", "seats": ["person", "ismcts:iterations=99999999"]}, "seats.1")
    assert "ismcts:hard" in errors[0]["message"]
    assert "at least one" in _refused(server, {"game": "seize-rome", "seats": ["random", "heuristic"]},
                                      "seats")[0]["message"]
    assert "3 seats" in _refused(server, {"game": "claim", "options": {"players": 3}, "seats": ["person"]},
                                 "seats")[0]["message"]
    _refused(server, {"game": "claim", "seats": ["person", "heuristic:seed=3"]}, "seats.1")
    _refused(server, {"game": "claim", "seats": "person"}, "seats")
    assert _refused(server, {"game": "claim", "seats": ["person", "random"], "seed": 3}, "seed")[0]["message"] == \
        "no such field here"
    long = "x" * 10000
    errors = _refused(server, {"game": long, "seats": []}, "game")
    assert len(errors[0]["message"]) < 300
    r = server.http.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["detail"] == "the request body is not JSON; send a table's description"
    assert r.json()["errors"] == [{"field": "body", "message": "Expecting property name enclosed in double quotes "
                                                               "at character 1"}]
    assert _refused(server, {"seats": ["person"] * 2}, "game")[0]["message"].startswith("missing: ")
    assert _refused(server, {"game": "claim"}, "seats")[0]["message"].startswith("missing: ")
    r = server.http.post("/api/tables", content=json.dumps({"game": "claim", "seats": ["person"] * 5000}))
    assert r.status_code == 413
    assert server.http.get("/api/tables").json() == before


def test_the_lobby_lists_public_tables_with_free_person_seats_and_no_tokens_or_seeds(server):
    table, tokens = server.table("seize-rome", ["person", "person"], public=True)
    private, _ = server.table("seize-rome", ["person", "person"])
    lobby = server.http.get("/api/tables").json()
    assert table in [t["id"] for t in lobby] and private not in [t["id"] for t in lobby]
    seed = str(server.lines(table)[0]["seed"])
    text = json.dumps(lobby) + json.dumps(server.http.get(f"/api/tables/{table}").json())
    for secret in (*tokens.values(), seed):
        assert secret not in text
    with server.client(table, tokens[0]):
        assert server.http.get(f"/api/tables/{table}").json()["seats"][0]["taken"] is True
        assert table in [t["id"] for t in server.http.get("/api/tables").json()]
        with server.client(table, tokens[1]):
            assert table not in [t["id"] for t in server.http.get("/api/tables").json()]
            assert server.http.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_the_makers_own_seats_are_taken_from_the_start_and_never_offered_to_a_newcomer(server):
    """``mine``: the person seats the maker plays. A stranger in the lobby cannot take one of
    them before the maker opens its link; the maker's link plays it."""
    r = server.http.post("/api/tables", json={"game": "claim", "options": {"players": 3},
                                              "seats": ["person", "person", "random"], "public": True, "mine": [0]})
    assert r.status_code == 201, r.text
    table, invites = r.json()["id"], {i["seat"]: i["url"].split("#seat=")[1] for i in r.json()["invites"]}
    listed = next(t for t in server.http.get("/api/tables").json() if t["id"] == table)
    assert [s["taken"] for s in listed["seats"]] == [True, False, True]     # a bot's seat counts as taken
    r = server.http.post(f"/api/tables/{table}/join", json={"seat": 0})
    assert (r.status_code, r.json()["detail"]) == (409, "seat 0 is taken; free seats: 1")
    with server.client(table, invites[0]) as maker:
        assert maker.welcome["seat"] == 0
    r = server.http.post("/api/tables", json={"game": "seize-rome", "seats": ["person", "random"], "public": True,
                                              "mine": [0]})
    alone = r.json()["id"]
    assert server.http.get(f"/api/tables/{alone}").json()["status"] == "playing"
    assert alone not in [t["id"] for t in server.http.get("/api/tables").json()]


def test_mine_names_only_person_seats(server):
    before = server.http.get("/api/tables").json()
    body = {"game": "claim", "seats": ["person", "random"]}
    errors = _refused(server, {**body, "mine": [1, "0"]}, "mine.0", "mine.1")
    assert errors[0]["message"] == "1 is not a person's seat here; a list of the person seats you play yourself (0)"
    assert "a list of the person seats you play yourself (0), not 0" in _refused(server, {**body, "mine": 0},
                                                                                  "mine")[0]["message"]
    _refused(server, {**body, "mine": [True]}, "mine.0")
    _refused(server, {**body, "mine": [0] * 50 + [[1]]}, "mine")            # longer than the table: refused whole
    _refused(server, {**body, "mine": [0, [1]]}, "mine.1")
    assert server.http.get("/api/tables").json() == before


def test_the_record_is_given_only_once_the_game_is_over(server):
    table, tokens = server.table("seize-rome", ["person", "random"])
    r = server.http.get(f"/api/tables/{table}/record")
    assert r.status_code == 403 and "over" in r.json()["detail"]
    assert str(server.lines(table)[0]["seed"]) not in r.text
    assert server.http.get("/api/tables/nosuchtable").status_code == 404
    assert server.http.get("/api/tables/nosuchtable/record").status_code == 404


def test_seat_tokens_are_stored_only_as_their_hashes(server):
    import hashlib

    from sqlalchemy import text

    table, tokens = server.table("claim", ["person", "person"])
    with server.hub.store.engine.connect() as db:
        stored = db.execute(text("SELECT * FROM seats")).all() + db.execute(text("SELECT * FROM tables")).all()
    dump = repr(stored)
    for token in tokens.values():
        assert token not in dump and hashlib.sha256(token.encode()).hexdigest() in dump


def test_a_newcomer_joins_a_free_seat_of_a_public_table_from_the_lobby(server):
    """The lobby's tables are joinable: a newcomer gets a free person seat with a token of its
    own (the invite made for that seat stops working); private tables and taken seats refuse."""
    table, tokens = server.table("claim", ["person", "person", "random"], {"players": 3}, public=True)
    with server.client(table, tokens[0]):
        for seat, said in ((0, "seat 0 is taken; free seats: 1"), (2, "seat 2 is a bot's seat; free seats: 1"),
                           (3, "this table has no seat 3: its seats are 0 to 2; free seats: 1")):
            r = server.http.post(f"/api/tables/{table}/join", json={"seat": seat})
            assert (r.status_code, r.json()["detail"]) == (409, said)
        r = server.http.post(f"/api/tables/{table}/join", json={})
        assert r.status_code == 200, r.text
        joined = r.json()
        assert (joined["seat"], joined["name"]) == (1, ludus.make("claim", players=3).seat_names[1])
        token = joined["url"].split("#seat=")[1]
        assert token != tokens[1]
        with server.client(table, token) as newcomer:
            assert newcomer.welcome["seat"] == 1
        facts = server.http.get(f"/api/tables/{table}").json()
        assert facts["status"] == "playing" and table not in [t["id"] for t in server.http.get("/api/tables").json()]
        r = server.http.post(f"/api/tables/{table}/join", json={})
        assert (r.status_code, r.json()["detail"]) == (409, "every person's seat at this table is taken")
        r = server.http.post(f"/api/tables/{table}/join", json={"seat": 2})
        assert (r.status_code, r.json()["detail"]) == (409, "seat 2 is a bot's seat; no seat is free")
    private, _ = server.table("claim", ["person", "person"])
    r = server.http.post(f"/api/tables/{private}/join", json={})
    assert r.status_code == 403 and "invitation" in r.json()["detail"]
    assert server.http.post("/api/tables/nosuch/join", json={}).status_code == 404
    for wrong in ("one", "1", True, 1.0):          # a seat is a whole number, not its look-alikes
        r = server.http.post(f"/api/tables/{table}/join", json={"seat": wrong})
        assert r.status_code == 422 and r.json()["detail"] == ('the request body is not a seat to join: {} or '
                                                               '{"seat": N}'), wrong
        assert [e["field"] for e in r.json()["errors"]] == ["seat"]
    r = server.http.post(f"/api/tables/{table}/join", content=b"")
    assert r.status_code == 422 and r.json()["errors"] == [{"field": "body", "message": "missing"}]
    r = server.http.post("/api/tables", json={"game": "claim", "seats": ["person", "person"], "public": "yes"})
    assert r.status_code == 422 and [e["field"] for e in r.json()["errors"]] == ["public"]


def test_the_api_docs_load_nothing_from_outside_the_server(server):
    """/docs works offline: its page points at scripts the server itself serves."""
    page = server.http.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r"""(?:src|href)=["']?([^"' >]+)|url: ?['"]([^'"]+)""", page.text)
    urls = [a or b for a, b in sources]
    assert urls and not [u for u in urls if "://" in u and not u.startswith(server.url)], urls
    for url in urls:
        assert server.http.get(url).status_code == 200, url


def test_an_address_that_is_no_page_says_so_to_a_browser_and_in_json_to_a_program(server):
    page = server.http.get("/no/such/page", headers={"accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 404 and "No such page" in page.text and 'href="/"' in page.text
    r = server.http.get("/no/such/page")
    assert r.status_code == 404 and r.json() == {"detail": "Not Found"}
    for path in ("/api/tables/nosuch", "/api", "/api/nothing"):
        r = server.http.get(path, headers={"accept": "text/html"})
        assert r.status_code == 404 and "detail" in r.json(), path
