"""Undo from the page: a card put face down in Seize Rome is taken back (the log loses the
move, the seat plays again); after a move the rule will not take back (a card drawn) the page
offers no Undo, as the server says with each view."""

from __future__ import annotations

import pytest

pytest.importorskip("pytest_playwright")

from .driving import new_page, new_table, open_table  # noqa: E402


def _mover(pages):
    for page in pages:
        page.wait_for_function("() => ['mine', 'waiting', 'forced'].includes(document.body.dataset.state)")
    return next(p for p in pages if p.get_attribute("body", "data-state") == "mine")


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
