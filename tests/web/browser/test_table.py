"""A table page: a link that cannot play says why and offers the ways on; a forced move plays
itself only where nobody could read anything into its speed; a double-click is one decision."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pytest_playwright")

from .driving import STATE, new_page, new_table, open_table  # noqa: E402
from .test_catalogues import STATIC  # noqa: E402

ENGLISH = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
MOVES = "button[data-move]:not([disabled])"


@pytest.mark.parametrize("case", ["bad-token", "no-table"])
def test_a_page_that_cannot_play_says_why(site, new_context, case):
    table, _ = new_table(site, "seize-rome", ["person", "random"])
    url = f"{site}/t/{table}#seat=not-a-token" if case == "bad-token" else f"{site}/t/no-such-table"
    page = new_page(new_context)
    hellos = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: hellos.append(frame)))
    page.goto(url)
    page.wait_for_selector(f"body[data-state={case}]")
    assert ENGLISH[f"connection.{case}"] in page.inner_text("#status")
    # no empty table around the message: no move box, no log, no board
    assert not page.is_visible("#moves") and not page.is_visible("#log") and not page.is_visible("#board")
    assert page.get_attribute(f"#status a:has-text('{ENGLISH['table.to.lobby']}')", "href") == "/"
    watch = page.locator(f"#status a:has-text('{ENGLISH['table.watch']}')")
    if case == "bad-token":         # the table is there: it can be watched
        assert watch.get_attribute("href") == f"/t/{table}"
    else:
        assert watch.count() == 0
    page.wait_for_timeout(1500)                 # longer than the first pause before a retry
    assert len(hellos) == 1


def _click_and_wait(page) -> None:
    _, seq = page.evaluate(STATE)
    page.locator(MOVES).first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")


def _arranged_to_a_forced_move(site, new_context, seats: list[str]):
    """Caesar & Cleopatra's setup, Cleopatra's page: her action pile arranged card by card until
    one kind of card is left; the placings after that are forced, whatever the deal."""
    _, links = new_table(site, "caesar-cleopatra", seats)
    page = new_page(new_context)
    open_table(page, links[0])
    while page.locator(MOVES).count() > 1:
        _click_and_wait(page)
    return page


def test_among_people_a_forced_move_waits_for_its_player(site, new_context):
    # How fast it came would tell Caesar it was forced: here that is public, but in play it can
    # rest on a hidden hand.
    page = _arranged_to_a_forced_move(site, new_context, ["person", "person"])
    state, seq = page.evaluate(STATE)
    assert state == "mine" and page.locator(MOVES).count() == 1
    page.wait_for_timeout(2000)                 # well past the pause after which it would play
    assert page.evaluate(STATE) == ["mine", seq]
    _click_and_wait(page)


def test_against_bots_a_forced_move_plays_itself(site, new_context):
    page = _arranged_to_a_forced_move(site, new_context, ["person", "random"])
    page.wait_for_function("() => document.body.dataset.state === 'forced'")
    _, seq = page.evaluate(STATE)
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")   # no click


def test_a_double_click_plays_one_move(site, new_context):
    # The second click of a double-click lands on the button drawn where the first one was, here
    # the next card to arrange: it must not be taken for a second decision.
    _, links = new_table(site, "caesar-cleopatra", ["person", "person"])
    page = new_page(new_context)
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(json.loads(frame))))
    open_table(page, links[0])
    _click_and_wait(page)
    _, seq = page.evaluate(STATE)
    page.locator(MOVES).first.dispatch_event("click", {"detail": 2})
    page.wait_for_timeout(1000)
    assert page.evaluate(STATE) == ["mine", seq]
    assert [m["type"] for m in sent].count("move") == 1
    page.locator(MOVES).first.dispatch_event("click", {"detail": 1})    # a click of its own plays
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
