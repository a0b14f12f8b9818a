"""The lobby: bots offered by level, and the open tables — a public table's free seat is taken
with one click, and the page that opens plays that seat (with a token of its own, kept among
this browser's tables)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytest_playwright")

from .driving import new_page, new_table  # noqa: E402


def test_a_free_seat_of_a_public_table_is_taken_from_the_lobby(site, new_context):
    table, (invite,) = new_table(site, "seize-rome", ["random", "person"], public=True)
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    row = page.locator("#open-list li.table", has=page.locator(f'a[href="/t/{table}"]'))
    row.locator("button").click()               # the only free seat: seat 1
    page.wait_for_url(f"**/t/{table}#seat=*")
    page.wait_for_function("() => document.body.dataset.seat === '1'")
    joined = page.url
    assert joined.split("#seat=")[1] != invite.split("#seat=")[1]
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    assert page.locator(f'#mine-list li[data-table="{table}"] a.button >> nth=0').get_attribute("href") == joined
    assert page.locator(f'#open-list a[href="/t/{table}"]').count() == 0         # no seat is free now


def test_a_seat_offers_the_levels_first_with_club_chosen(site, new_context):
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    for game in ("caesar-cleopatra", "claim", "seize-rome"):
        page.select_option("#game", game)
        seat = page.locator("#seat-1")
        assert seat.input_value() == "club"
        groups = seat.locator("optgroup")
        assert [groups.nth(i).get_attribute("label") for i in range(groups.count())] == ["Bots by level", "Other bots"]
        levels = groups.nth(0).locator("option")
        assert [levels.nth(i).get_attribute("value") for i in range(levels.count())] == [
            "beginner", "casual", "club", "strong", "master"]
        assert levels.nth(4).inner_text() == "Bot: master"
    page.click("#new-table button[type=submit]")
    link = page.wait_for_selector("#made li.link a.button")
    table = link.get_attribute("href").split("/t/")[1].split("#")[0]
    facts = page.request.get(f"{site}/api/tables/{table}").json()
    assert [s["agent"] for s in facts["seats"]] == [None, "club"]
