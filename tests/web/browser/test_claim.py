"""Claim in the browser, by clicks alone: against a bot on a phone's screen (the first move by
keyboard, a dropped connection and a reload in the middle); two people at one table through
their invite links (with a clock), neither page nor a spectator's ever holding a hidden hand;
a page left behind, resynced when its move comes too late."""

from __future__ import annotations

import json
import random
import re
import time

import httpx
import pytest

pytest.importorskip("pytest_playwright")

import ludus  # noqa: E402
from ludus.session import Session, steps  # noqa: E402

from .driving import CARD, WAIT, drive, new_page, new_table, open_table, wider_than_the_screen  # noqa: E402

PHONE = {"width": 375, "height": 667}


def test_claim_against_a_random_bot_by_clicks_alone_on_a_phone(site, new_context):
    page = new_page(new_context, viewport=PHONE)
    sockets, hellos = [], []

    def through(ws):                            # every WebSocket passes here: the test can cut it
        server = ws.connect_to_server()
        sockets.append(ws)

        def forward(message):
            if '"hello"' in message:
                hellos.append(json.loads(message))
            server.send(message)

        ws.on_message(forward)

    page.route_web_socket("**/ws/*", through)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    page.select_option("#game", "claim")
    page.select_option("#seat-1", "random")
    assert wider_than_the_screen(page) == []
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#made a.button")
    assert wider_than_the_screen(page) == []
    page.click("#made a.button >> nth=0")           # "Play as seat 0": the invite link
    page.wait_for_url("**/t/*#seat=*")
    table = page.url.split("/t/")[1].split("#")[0]
    page.wait_for_selector("body[data-state=mine], body[data-state=forced]", timeout=WAIT * 1000)
    page.wait_for_selector("body[data-state=mine]", timeout=WAIT * 1000)

    # the keyboard alone: Tab to a playable card, Enter plays it
    seq = int(page.get_attribute("body", "data-seq"))
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('button[data-move]')"):
            break
    else:
        pytest.fail("no playable card could be reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")

    def after_move(page, clicks):
        assert wider_than_the_screen(page) == []
        if clicks == 3:                         # the line drops: the page reconnects by itself
            page.wait_for_selector("body[data-state=mine], body[data-state=over]", timeout=WAIT * 1000)
            before = page.locator("#log-lines > li").count()
            seq = int(page.get_attribute("body", "data-seq"))
            sockets[-1].close(code=1001, reason="test")
            deadline = time.monotonic() + WAIT
            while len(hellos) < 2:              # the test's events are handled while it waits
                assert time.monotonic() < deadline, "the page did not reconnect"
                page.wait_for_timeout(50)
            assert hellos[-1]["since"] == seq
            page.wait_for_selector("#connection:empty", state="attached")
            page.wait_for_selector("body[data-state=mine]")
            assert page.locator("#log-lines > li").count() == before
        if clicks == 6:                         # a reload in the middle: the same log, and play on
            page.wait_for_selector("body[data-state=mine], body[data-state=over]", timeout=WAIT * 1000)
            before = page.locator("#log-lines > li").count()
            page.reload()
            page.wait_for_selector("body[data-state=mine], body[data-state=over]", timeout=WAIT * 1000)
            assert page.locator("#log-lines > li").count() == before

    assert drive([page], random.Random(3), after_move=after_move) > 6
    page.wait_for_selector("#replay-step", timeout=WAIT * 1000)      # the replay, drawn after the end
    assert wider_than_the_screen(page) == []
    # the board, now the replay's last step, is the final position
    assert page.locator("#board section.final table tbody[data-faction]").count() == 5   # every faction, counted
    facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
    assert facts["status"] == "over"
    shown = [int(s) for s in page.locator("#status ul.scores .score").all_inner_texts()]
    assert shown == facts["result"]["scores"]

    # the lobby remembers the table, with the seat's link to come back to it
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    mine = page.locator(f'#mine-list li[data-table="{table}"]')
    link = mine.locator("a.button >> nth=0").get_attribute("href")
    assert "#seat=" in link
    assert wider_than_the_screen(page) == []
    # watching it, the page offers the way back to the seat
    page.goto(f"{site}/t/{table}")
    page.wait_for_function("() => document.body?.dataset.seat === 'spectator'")  # null while the page loads
    page.click(f'#title a[href="{link}"]')
    page.wait_for_function("() => document.body?.dataset.seat === '0'")


def _legible(record: dict, viewer: int | None) -> tuple[list[set], list[set]]:
    """At each seq (no undo: seq = moves played), the cards ``viewer`` (None: a spectator) may
    know of (named in its observation or its log so far) and the cards the other seats hold that
    it may not."""
    game = ludus.replay(record).game
    table = Session(game, [None] * game.num_players, seed=record["seed"], auto=False)
    face = game.parts.terminal
    others = [p for p in range(game.num_players) if p != viewer]

    def at(state, said: set) -> tuple[set, set]:
        known = said | {" ".join(m) for m in CARD.findall(json.dumps(state.observe(viewer)))}
        held = {card for p in others for card in state.observe(p)["seats"][p]["hand"]}
        return known, held - known

    said: set = set()
    known, hidden = at(table.state, said)
    knowns, hiddens = [known], [hidden]
    for state, entry in steps(record, viewer):
        lines = [line.text for line in (face.narrate(e, viewer) for e in entry.events) if line]
        for text in [entry.move or "", *lines]:
            said |= {" ".join(m) for m in CARD.findall(text)}
        known, hidden = at(state, said)
        knowns.append(known)
        hiddens.append(hidden)
    return knowns, hiddens


def test_two_people_through_their_invite_links_never_see_each_others_hand(site, new_context):
    """Nor does a spectator see either hand."""
    clock = {"kind": "live", "minutes": 30, "increment": 5}
    table, invites = new_table(site, "claim", ["person", "person"], clock=clock)
    viewers = [0, 1, None]
    pages = [new_page(new_context) for _ in viewers]
    for page, url in zip(pages, [*invites, f"{site}/t/{table}"], strict=True):
        open_table(page, url)
        clocks = page.locator("#clocks .clock").all_inner_texts()       # each seat's, one running
        assert len(clocks) == 2 and all(re.search(r" (30:00|29:[0-5]\d)$", c) for c in clocks), clocks
        assert page.locator("#clocks .clock.running").count() == 1
    seen: list[tuple[int, int, str]] = []
    drive(pages, random.Random(5), seen=lambda page, seq, html: seen.append((pages.index(page), seq, html)))
    record = httpx.get(f"{site}/api/tables/{table}/record", timeout=WAIT).json()
    legible = [_legible(record, viewer) for viewer in viewers]
    assert len({seq for _, seq, _ in seen}) > len(record["actions"]) // 2
    secrets = [0] * len(viewers)
    for index, seq, html in seen:
        known, hidden = legible[index][0][seq], legible[index][1][seq]
        on_page = {" ".join(m) for m in CARD.findall(html)}
        who = f"seat {viewers[index]}" if viewers[index] is not None else "the spectator"
        assert not on_page & hidden, f"{who}'s page at seq {seq} shows another hand's {on_page & hidden}"
        assert on_page <= known, f"{who}'s page at seq {seq} shows {on_page - known}"
        secrets[index] += len(hidden)
    assert all(secrets)                         # each page had hands to keep hidden


def test_a_page_left_behind_is_resynced_when_its_move_is_stale(site, new_context):
    """Two pages of one seat; one misses an update (dropped on its way), so it offers a move at
    a seq already taken: the server refuses it as stale and resyncs the page."""
    _, (invite,) = new_table(site, "claim", ["person", "random"])
    ahead, behind = new_page(new_context), new_page(new_context)
    dropping, said = [False], []

    def through(ws):
        server = ws.connect_to_server()

        def to_page(message):
            said.append(json.loads(message))
            if not (dropping[0] and said[-1]["type"] == "update"):     # refusals and resyncs pass
                ws.send(message)

        server.on_message(to_page)

    behind.route_web_socket("**/ws/*", through)
    for page in (ahead, behind):
        open_table(page, invite)
        page.wait_for_selector("body[data-state=mine]")
    seq = int(behind.get_attribute("body", "data-seq"))
    dropping[0] = True
    played = ahead.locator("button[data-move]:not([disabled]) >> nth=0")
    move = played.get_attribute("data-move")
    played.click()
    ahead.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
    ahead.wait_for_selector("body[data-state=mine], body[data-state=over]")
    assert int(behind.get_attribute("body", "data-seq")) == seq         # it missed the news
    # Updates stay dropped until the stale move is refused: a late one (a bot's move) would
    # resync the page on its own first.
    behind.locator(f"button[data-move]:not([disabled]):not([data-move='{move}']) >> nth=0").click()
    behind.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
    dropping[0] = False
    assert any(m["type"] == "error" and m["code"] == "stale" for m in said)
    for look in ("body", "#log-lines"):
        assert behind.inner_text(look) == ahead.inner_text(look)
    assert behind.get_attribute("body", "data-seq") == ahead.get_attribute("body", "data-seq")
