"""Play again: at the end of a game, a link to the lobby with the table's game, options, seats
and assists filled in (``/#setup=JSON``, nothing secret in it), so that one click on "Create
the table" makes the rematch; a setup the lobby cannot read leaves the form as it would be."""

from __future__ import annotations

import json
import random
from urllib.parse import quote, unquote

import httpx
import pytest

pytest.importorskip("pytest_playwright")

from ..helpers import WAIT  # noqa: E402
from .driving import drive, new_page, open_table  # noqa: E402

OPTIONS = {"regions": 3, "first_player": "0"}


def _form(page) -> dict:
    """What the lobby's form holds: the game, each option shown, the seats, assists, listing."""
    return page.evaluate("""() => ({
        game: document.getElementById('game').value,
        options: Object.fromEntries([...document.querySelectorAll('#options .option:not([hidden]) select')]
            .map((s) => [s.name.slice('option.'.length), s.value])),
        seats: [...document.querySelectorAll('#seats select')].map((s) => s.value),
        clock: document.getElementById('clock').value,
        assists: Object.fromEntries(['hints', 'tracker', 'review']
            .map((n) => [n, document.getElementById(`assist-${n}`).checked])),
        public: document.getElementById('public').checked,
    })""")


def _lobby(page, url: str) -> None:
    page.goto("about:blank")            # a new fragment alone would not load the page again
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]")


def test_play_again_fills_the_lobby_with_the_table_and_makes_the_same_one(site, new_context):
    body = {"game": "seize-rome", "options": OPTIONS, "seats": ["person", "random"], "clock": None,
            "public": False, "assists": {"hints": False, "tracker": True, "review": False}}
    r = httpx.post(f"{site}/api/tables", json=body, timeout=WAIT)
    assert r.status_code == 201, r.text
    first, token = r.json()["id"], r.json()["invites"][0]["url"].split("#seat=")[1]
    page = new_page(new_context)
    open_table(page, r.json()["invites"][0]["url"])
    drive([page], random.Random(3))

    again = page.locator("#status a#rematch")
    assert again.inner_text() == "Play again"
    href = again.get_attribute("href")
    assert href.startswith("/#setup=")
    assert token not in unquote(href) and "seed" not in unquote(href)
    assert page.locator("#status a.button:has-text('To the lobby')").get_attribute("href") == "/"
    again.click()
    page.wait_for_selector("body[data-state=ready]")
    form = _form(page)
    assert form["game"] == "seize-rome"
    assert form["options"]["regions"] == "3" and form["options"]["first_player"] == "0"
    assert form["options"]["players"] == "2"
    assert form["seats"] == ["you", "random"]           # the seat played here is the maker's again
    assert form["clock"] == "none"
    assert form["assists"] == {"hints": False, "tracker": True, "review": False}
    assert form["public"] is False

    page.click("#new-table button[type=submit]")
    link = page.wait_for_selector("#made li.link a.button")
    second = link.get_attribute("href").split("/t/")[1].split("#")[0]
    assert second != first
    old, new = (httpx.get(f"{site}/api/tables/{t}", timeout=WAIT).json() for t in (first, second))
    assert new["game"] == old["game"] == "seize-rome"
    assert new["options"] == old["options"]
    assert new["options"]["regions"] == 3 and new["options"]["first_player"] == "0"
    assert [s["agent"] for s in new["seats"]] == [s["agent"] for s in old["seats"]] == [None, "random"]
    assert new["assists"] == old["assists"]
    assert new["status"] == "playing"                   # the maker's seat is taken from the start


def test_a_setup_of_more_seats_and_options_is_taken_in_order(site, new_context):
    """A 3-player setup: the option that gives the seats first, then each seat's bot; an unknown
    option, value or agent is passed over, and values valid only together stay together."""
    setup = {"game": "claim", "options": {"players": 3, "first_leader": "2", "factions": "claim2", "nope": 1},
             "seats": ["random", "person", "no-such-bot"], "clock": {"kind": "turn", "hours": 24},
             "assists": {"review": False, "mystery": True}, "public": True}
    page = new_page(new_context)
    _lobby(page, f"{site}/#setup={quote(json.dumps(setup))}")
    form = _form(page)
    assert form["game"] == "claim"
    assert form["options"]["players"] == "3" and form["options"]["first_leader"] == "2"
    assert "factions" not in form["options"]          # claim2 is a 2-player deck: the default, hidden
    assert form["seats"] == ["random", "person", "club"]
    assert form["clock"] == "turn-24"
    assert form["assists"] == {"hints": True, "tracker": True, "review": False}
    assert form["public"] is True


@pytest.mark.parametrize("fragment", [
    "setup=", "setup=%7Bnot%20json", "setup=null", "setup=42", "setup=%5B1%2C2%5D", "setup=%22claim%22",
    "setup=" + quote(json.dumps({"game": "no-such-game", "seats": ["random"]})),
    "setup=" + quote(json.dumps({"game": "claim", "options": [1], "seats": {"0": "x"}, "assists": "all",
                                 "clock": "fast", "public": "yes"})),
    "setup=%E0%A4%A", "seat=abc",
])
def test_a_setup_the_lobby_cannot_read_leaves_the_form_as_it_is(site, new_context, fragment):
    page = new_page(new_context)
    _lobby(page, site)
    default = _form(page)
    _lobby(page, f"{site}/#{fragment}")
    form = _form(page)
    if "claim" in unquote(fragment) and "options" in unquote(fragment):
        # a known game whose other parts are all malformed: that game, with its own defaults
        assert form["game"] == "claim" and form["seats"] == ["you", "club"]
        assert {k: v for k, v in form.items() if k not in ("game", "options", "seats")} == \
               {k: v for k, v in default.items() if k not in ("game", "options", "seats")}
    else:
        assert form == default
    # and no page threw: the no_script_errors fixture checks it
