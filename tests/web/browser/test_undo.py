"""Undo from the page: a card put face down in Seize Rome is taken back (the log loses the
move, the seat plays again); after a move the rule will not take back (a card drawn) the page
offers no Undo, as the server says with each view — its word alone decides; an Undo pressed
while the connection is down says that nothing was sent."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("pytest_playwright")

from .driving import WAIT, new_page, new_table, open_table  # noqa: E402


def _mover(pages):
    for page in pages:
        page.wait_for_function("() => ['mine', 'waiting', 'forced'].includes(document.body.dataset.state)")
    return next(p for p in pages if p.get_attribute("body", "data-state") == "mine")


def _play_one_move(pages, invites, route):
    """Every page at its seat, its WebSocket passed through ``route``; the seat to move plays a
    card, and Undo is offered. The page that moved and the seq before its move."""
    for page, url in zip(pages, invites, strict=True):
        page.route_web_socket("**/ws/*", route)
        open_table(page, url)
    page = _mover(pages)
    seq = int(page.get_attribute("body", "data-seq"))
    page.locator("button[data-move^='play ']:not([disabled]) >> nth=0").click()
    page.wait_for_selector("#undo:not([hidden])")
    return page, seq


def test_a_move_taken_back_and_one_the_rule_keeps(site, new_context):
    _, invites = new_table(site, "seize-rome", ["person", "person"])
    pages = [new_page(new_context) for _ in invites]
    for page, url in zip(pages, invites, strict=True):
        open_table(page, url)
    page = _mover(pages)
    seq = int(page.get_attribute("body", "data-seq"))
    before = page.locator("#log-lines > li").count()
    page.locator("button[data-move^='play ']:not([disabled]) >> nth=0").click()     # face down
    page.wait_for_selector("#undo:not([hidden])")
    assert page.locator("#log-lines > li").count() == before + 1
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) == {seq + 2}")
    page.wait_for_selector("body[data-state=mine]")
    assert page.locator("#log-lines > li").count() == before
    assert page.locator("#undo").is_hidden()

    page.locator("button[data-move='draw']").click()                    # a card drawn: seen, kept
    page.wait_for_function(f"() => Number(document.body.dataset.seq) == {seq + 3}")
    assert page.locator("#log-lines > li").count() == before + 1        # the draw is shown ...
    assert page.locator("#undo").is_hidden()                             # ... and no Undo offered
    assert page.evaluate("() => document.body.dataset.state") == "waiting"


def test_the_undo_button_follows_the_servers_word_alone(site, new_context):
    """The log's last entry may be no choice of the seat's (its only legal move, played for it
    where a session plays those: the seat is told "forced") while the rule still lets the seat
    take back the decision before it: the page offers Undo wherever the server's ``can_undo``
    says so. Here every entry reaches the pages as "forced"."""
    _, invites = new_table(site, "seize-rome", ["person", "person"])
    pages = [new_page(new_context) for _ in invites]

    def forced(ws):
        server = ws.connect_to_server()

        def to_page(message):
            said = json.loads(message)
            for entry in said.get("entries", []):
                entry["how"] = "forced"
            ws.send(json.dumps(said))

        server.on_message(to_page)

    page, seq = _play_one_move(pages, invites, forced)
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) == {seq + 2}")
    page.wait_for_selector("body[data-state=mine]")
    assert page.locator("#undo").is_hidden()


def test_an_undo_pressed_while_offline_says_nothing_was_sent(site, new_context):
    _, invites = new_table(site, "seize-rome", ["person", "person"])
    pages = [new_page(new_context) for _ in invites]
    line = {"down": False, "sockets": [], "undos": 0}

    def through(ws):                            # the test cuts the line, and keeps it cut
        if line["down"]:
            ws.close(code=1001, reason="offline")
            return
        server = ws.connect_to_server()
        line["sockets"].append(ws)

        def to_server(message):
            line["undos"] += '"undo"' in message
            server.send(message)

        ws.on_message(to_server)

    page, seq = _play_one_move(pages, invites, through)

    line["down"] = True
    for ws in line["sockets"]:
        ws.close(code=1001, reason="offline")
    page.wait_for_selector("#connection:not(:empty)")
    page.click("#undo")
    assert page.inner_text("#notice") == "Not connected, so nothing was sent: undo again once the connection is back."
    assert line["undos"] == 0 and int(page.get_attribute("body", "data-seq")) == seq + 1

    line["down"] = False                        # the page reconnects by itself: the notice goes
    deadline = time.monotonic() + WAIT
    while page.inner_text("#notice"):           # the test's events are handled while it waits
        assert time.monotonic() < deadline, "the page did not reconnect"
        page.wait_for_timeout(50)
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) == {seq + 2}")
    assert line["undos"] == 1
