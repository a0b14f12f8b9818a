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


@pytest.mark.parametrize("case,link,hellos_sent", [
    ("bad-token", "#seat=not-a-token", 1),
    ("bad-token", "#seat=", 0),                 # a link cut short: no token to send
    ("bad-token", "#seat", 0),
    ("no-table", None, 1),
], ids=["wrong-token", "empty-token", "no-token", "no-table"])
def test_a_page_that_cannot_play_says_why(site, new_context, case, link, hellos_sent):
    table, _ = new_table(site, "seize-rome", ["person", "random"])
    url = f"{site}/t/{table}{link}" if case == "bad-token" else f"{site}/t/no-such-table"
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
    assert len(hellos) == hellos_sent


# The page's state, its seq and the moves it offers, read in one step: a forced move plays itself
# 700 ms after it is drawn, and two reads on a loaded machine could straddle it.
STATE_AND_MOVES = ("() => [document.body.dataset.state, Number(document.body.dataset.seq ?? -1), "
            f"document.querySelectorAll('{MOVES}').length]")


def _click_and_wait(page, seq: int) -> list:
    """Click the first move offered at ``seq``; the page as first drawn after it (``STATE_AND_MOVES``)."""
    page.locator(MOVES).first.click()
    moved = f"() => Number(document.body.dataset.seq) > {seq} && ({STATE_AND_MOVES})()"
    return page.wait_for_function(moved).json_value()


def _arranged_to_a_forced_move(site, new_context, seats: list[str]):
    """Caesar & Cleopatra's setup, Cleopatra's page: her action pile arranged card by card until
    one kind of card is left; the placings after that are forced, whatever the deal. The page,
    and its ``STATE_AND_MOVES`` as the forced move was drawn."""
    _, links = new_table(site, "caesar-cleopatra", seats)
    page = new_page(new_context)
    open_table(page, links[0])
    state, seq, moves = page.evaluate(STATE_AND_MOVES)
    while state == "mine" and moves > 1:
        state, seq, moves = _click_and_wait(page, seq)
    return page, (state, seq, moves)


def test_among_people_a_forced_move_waits_for_its_player(site, new_context):
    # How fast it came would tell Caesar it was forced: here that is public, but in play it can
    # rest on a hidden hand.
    page, (state, seq, moves) = _arranged_to_a_forced_move(site, new_context, ["person", "person"])
    assert state == "mine" and moves == 1
    page.wait_for_timeout(2000)                 # well past the pause after which it would play
    assert page.evaluate(STATE) == ["mine", seq]
    _click_and_wait(page, seq)


def test_against_bots_a_forced_move_plays_itself(site, new_context):
    page, (state, seq, _) = _arranged_to_a_forced_move(site, new_context, ["person", "random"])
    assert state == "forced"
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")   # no click


def test_a_double_click_plays_one_move(site, new_context):
    # The second click of a double-click lands on the button drawn where the first one was, here
    # the next card to arrange: it must not be taken for a second decision.
    _, links = new_table(site, "caesar-cleopatra", ["person", "person"])
    page = new_page(new_context)
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(json.loads(frame))))
    open_table(page, links[0])
    _, seq, _ = _click_and_wait(page, page.evaluate(STATE)[1])
    page.locator(MOVES).first.dispatch_event("click", {"detail": 2})
    page.wait_for_timeout(1000)
    assert page.evaluate(STATE) == ["mine", seq]
    assert [m["type"] for m in sent].count("move") == 1
    page.locator(MOVES).first.dispatch_event("click", {"detail": 1})    # a click of its own plays
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")


def test_the_terminals_commands_typed_in_the_move_box_do_what_its_buttons_do(site, new_context):
    _, links = new_table(site, "claim", ["person", "person"], {"first_leader": "0"})
    page = new_page(new_context)
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(json.loads(frame)["type"])))
    open_table(page, links[0])
    before = page.evaluate(STATE)
    page.fill("#notation-input", "help")
    page.press("#notation-input", "Enter")
    page.wait_for_selector(f"#notice >> text={ENGLISH['table.notation.help'][:40]}")
    page.fill("#notation-input", "undo")                        # nothing to take back: its button is hidden
    page.press("#notation-input", "Enter")
    page.wait_for_selector("#notice >> text=No undo now")
    page.fill("#notation-input", "hint")                        # the table allows hints: asked as the button asks
    page.press("#notation-input", "Enter")
    for _ in range(100):
        if "hint" in sent:
            break
        page.wait_for_timeout(100)
    assert "hint" in sent and "move" not in sent and page.evaluate(STATE) == before
