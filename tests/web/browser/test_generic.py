"""The games without a board of their own yet play to their end through the generic board:
the observation as text, every legal move a button; on a phone's screen too."""

from __future__ import annotations

import random

import httpx
import pytest

pytest.importorskip("pytest_playwright")

from .driving import WAIT, drive, new_page, new_table, open_table, wider_than_the_screen  # noqa: E402


def test_caesar_cleopatra_and_seize_rome_play_to_the_end_by_clicks(site, new_context):
    tables, pages = [], []
    for game in ("caesar-cleopatra", "seize-rome"):         # side by side: the suite stays short
        table, (invite,) = new_table(site, game, ["person", "random"])
        page = new_page(new_context, viewport={"width": 375, "height": 667})
        open_table(page, invite)
        assert page.locator("#board .generic").count() == 1
        tables.append(table)
        pages.append(page)

    def after_move(page, clicks):
        if clicks % 10 == 0:
            assert wider_than_the_screen(page) == []

    assert drive(pages, random.Random(11), after_move=after_move, deadline=240) > 20
    for table, page in zip(tables, pages, strict=True):
        facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
        assert facts["status"] == "over"
        assert page.locator("#status .result").count() == 1
        assert wider_than_the_screen(page) == []
        assert [int(s) for s in page.locator("#status ul.scores .score").all_inner_texts()] == facts["result"]["scores"]
