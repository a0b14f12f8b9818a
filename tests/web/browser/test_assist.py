"""Help at the table in the browser: the lobby's switches reach the table; with hints on, Hint
marks the search's move on the board; the card tracker opens beside it; after the end, the
replay's slider walks through the game as the seat saw it, with the review's word; with help
switched off, none of it is offered."""

from __future__ import annotations

import random
import re

import httpx
import pytest

pytest.importorskip("pytest_playwright")

from ..helpers import WAIT  # noqa: E402
from .driving import drive, new_page, new_table, open_table  # noqa: E402


def test_hint_tracker_replay_and_review_at_a_table_with_help_on(site, new_context):
    table, (invite,) = new_table(site, "claim", ["person", "random"])
    page = new_page(new_context)
    open_table(page, invite)
    page.wait_for_selector("body[data-state=mine]")
    assert "hints" in page.inner_text("#assist-on")

    page.click("#hint")
    marked = page.wait_for_selector("#board-body [data-hinted]")
    move = marked.get_attribute("data-move")
    assert move in page.inner_text("#hint-said")
    legal = page.evaluate("() => [...document.querySelectorAll('#legal-moves option')].map((o) => o.value)")
    assert move in legal

    page.click("#tracker-toggle")
    page.wait_for_selector("#tracker .tracker-zone tbody tr")
    zones = page.locator("#tracker .tracker-zone").evaluate_all("(els) => els.map((el) => el.dataset.zone)")
    assert "seat 1 hand" in zones and "seat 0 hand" not in zones
    page.click("#tracker .tracker-head button")                 # closed again: the game goes faster
    assert page.locator("#tracker").is_hidden()

    ruled = {}

    def first_by_rule(route):
        """The review, its first decision made by rule as Caesar & Cleopatra's search arranges
        its pile (not searched, no verdict), though the seat played another move."""
        answer = route.fetch()
        review = answer.json()
        d, summary = review["decisions"][0], review["summary"]
        if d["agrees"] is not None:
            summary["searched"] -= 1
            summary["agreed" if d["agrees"] else "differed"] -= 1
            summary["by_rule"] += 1
        d.update(iterations=0, searched=False, agrees=None, far_behind=False, best=f"not {d['played']}",
                 played_value=None, best_value=None, played_visits=0, best_visits=0)
        ruled.update(d)
        route.fulfill(response=answer, json=review)

    page.route("**/api/tables/*/review?seat=0", first_by_rule)
    drive([page], random.Random(8))
    steps = len(httpx.get(f"{site}/api/tables/{table}/replay?seat=0", timeout=WAIT).json()["steps"])
    slider = page.wait_for_selector("#replay-step")
    assert slider.get_attribute("max") == str(steps - 1) and slider.input_value() == str(steps - 1)
    slider.fill("0")
    page.wait_for_function("() => document.getElementById('replay-at').textContent.startsWith('Step 0 ')")
    first = page.inner_html("#board-body")
    page.focus("#replay-step")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('replay-at').textContent.startsWith('Step 3 ')")
    assert page.inner_html("#board-body") != first
    last_move = page.inner_text("#replay .replay-move")
    assert last_move.startswith("Last move: ") and ".;" not in last_move and ". ." not in last_move
    summary = page.wait_for_selector("#replay .review .review-summary >> text=/of your \\d+ searched decisions/",
                                     timeout=WAIT * 1000).inner_text()
    assert summary.endswith("Decisions made by rule, not searched (no verdict): 1.")
    jumps = page.locator("#replay .review-step").all_inner_texts()
    assert jumps and all(re.fullmatch(r"\d+: .+", j) for j in jumps)      # the decision and the move played
    assert str(ruled["decision"]) not in [j.split(":")[0] for j in jumps]   # no verdict: nothing to go to
    page.fill("#replay-step", str(ruled["decision"]))
    said = page.wait_for_selector(f"#replay .review [data-decision='{ruled['decision']}']")
    assert said.get_attribute("class") == "quiet by-rule" and "no verdict" in said.inner_text()


def test_the_lobby_switches_help_off_and_the_table_offers_none(site, new_context):
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    page.select_option("#game", "claim")
    for name in ("hints", "tracker", "review"):
        page.uncheck(f"#assist-{name}")
    page.click("#new-table button[type=submit]")
    link = page.wait_for_selector("#made li.link a.button")
    table = link.get_attribute("href").split("/t/")[1].split("#")[0]
    facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
    assert facts["assists"] == {"hints": False, "tracker": False, "review": False}
    link.click()
    page.wait_for_url(f"**/t/{table}#seat=*")      # the table's page has loaded: it has a body
    page.wait_for_function("() => ['mine', 'waiting', 'forced'].includes(document.body.dataset.state)")
    page.wait_for_function("() => document.getElementById('assist-on').textContent !== ''")
    assert page.inner_text("#assist-on") == "No help at this table."
    assert page.locator("#hint").is_hidden() and page.locator("#tracker-toggle").is_hidden()


def test_a_hint_reached_through_a_card_marks_that_card_first(site, new_context):
    """Caesar & Cleopatra's placements and action cards are played by picking a hand card, then
    its target: a hint for one marks the card that leads to it (the target appears only after
    the pick), and following the marks plays the hinted move."""
    _, (invite,) = new_table(site, "caesar-cleopatra", ["person", "random"])
    page = new_page(new_context)
    open_table(page, invite)
    through_a_card = 0
    for _ in range(40):
        page.wait_for_selector("body[data-state=mine], body[data-state=forced], body[data-state=over]",
                               timeout=WAIT * 1000)
        seq = page.get_attribute("body", "data-seq")
        state = page.get_attribute("body", "data-state")
        if state == "over":
            break
        if state == "forced":                         # plays itself
            page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'")
            continue
        page.click("#hint")
        marked = page.wait_for_selector("#board-body [data-hinted]", timeout=WAIT * 1000)
        said = page.inner_text("#hint-said")
        move = marked.get_attribute("data-move")
        if move is None:                              # a card to pick: the hinted move is one it leads to
            leads = marked.get_attribute("data-leads-to").split("\n")
            move = next(m for m in leads if m in said)
            marked.click()
            marked = page.wait_for_selector(f'#board-body [data-move="{move}"]')
            through_a_card += 1
        assert move in said
        marked.click()
        page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'")
        if through_a_card >= 2:
            break
    assert through_a_card >= 2, "no hint was reached through a card in 40 decisions"


@pytest.mark.parametrize("width", [1100, 1280, 1700])
def test_the_open_tracker_leaves_the_board_its_room_on_a_laptop_screen(site, new_context, width):
    """Board, log and tracker side by side only where all three fit; below that, with the tracker
    open, the log goes under the board instead of squeezing it."""
    _, (invite,) = new_table(site, "caesar-cleopatra", ["person", "random"])
    page = new_page(new_context, viewport={"width": width, "height": 900})
    open_table(page, invite)
    page.click("#tracker-toggle")
    page.wait_for_selector("#tracker:not([hidden])")
    board, tracker = page.locator("#board").bounding_box(), page.locator("#tracker").bounding_box()
    assert board["width"] >= 600, board
    assert board["x"] + board["width"] <= tracker["x"]
