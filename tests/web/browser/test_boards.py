"""Seize Rome and Caesar & Cleopatra on boards of their own: each played to its end against a
random bot by clicks alone on a phone's screen, and the opponent's face-down Caesar & Cleopatra
cards drawn as backs that say nothing of their value (C34), to the other seat and to spectators,
while one's own show it."""

from __future__ import annotations

import random

import httpx
import pytest

pytest.importorskip("pytest_playwright")

from .driving import WAIT, drive, new_page, new_table, open_table, wider_than_the_screen  # noqa: E402
from .test_table import ENGLISH  # noqa: E402

PHONE = {"width": 375, "height": 667}
# What a seat's page shows of its own and of the opponent's side at every group.
SIDES = """() => [...document.querySelectorAll('#board .caesar-cleopatra .side')].map((s) => ({
    mine: s.classList.contains('mine'),
    backs: [...s.querySelectorAll('.card.back')].map((b) => b.outerHTML),
    downs: [...s.querySelectorAll('.card.down .value')].map((v) => v.textContent)}))"""
BACK = ('<span class="card back" aria-label="a face-down card" title="a face-down card" role="img">'
        '<span class="value" aria-hidden="true">?</span></span>')


def test_seize_rome_and_caesar_cleopatra_play_to_the_end_by_clicks_on_a_phone(site, new_context):
    tables, pages = [], []
    for game, options, board in (("seize-rome", {}, "seize-rome"), ("caesar-cleopatra", {}, "caesar-cleopatra"),
                                 ("caesar-cleopatra", {"edition": "2024"}, "caesar-cleopatra")):
        table, (invite,) = new_table(site, game, ["person", "random"], options)
        page = new_page(new_context, viewport=PHONE)
        open_table(page, invite)
        assert page.locator(f"#board .{board}").count() == 1
        assert page.locator("#board .generic").count() == 0
        tables.append(table)
        pages.append(page)
    regions = pages[0].locator("#board section.region h3").all_inner_texts()
    # each region named in words, never by its colour alone
    assert [r.split(" ")[0] for r in regions] == ["red", "blue", "green", "yellow", "purple"]
    groups = pages[1].locator("#board section.patricians").evaluate_all("(els) => els.map((e) => e.dataset.group)")
    assert groups == ["senators", "praetors", "quaestors", "censors", "aediles"]                  # board order

    def after_move(page, clicks):
        if clicks % 10 == 0:
            assert wider_than_the_screen(page) == []

    assert drive(pages, random.Random(5), after_move=after_move, deadline=400) > 30
    for table, page in zip(tables, pages, strict=True):
        facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
        assert facts["status"] == "over"
        assert page.locator("#status .result").count() == 1
        page.wait_for_selector("#replay-step", timeout=WAIT * 1000)      # the replay too fits the phone
        assert wider_than_the_screen(page) == []
        assert [int(s) for s in page.locator("#status ul.scores .score").all_inner_texts()] == facts["result"]["scores"]
        # the scores say what they count, in the game's own terms
        assert page.inner_text("#status ul.scores li.what") == ENGLISH[f"score.{facts['game']}"]


def test_the_opponents_face_down_cards_show_only_their_backs(site, new_context):
    table, (invite,) = new_table(site, "caesar-cleopatra", ["person", "random"])
    page = new_page(new_context, viewport={"width": 1100, "height": 900})
    open_table(page, invite)
    spectator = new_page(new_context)               # sees backs on both sides
    open_table(spectator, f"{site}/t/{table}")
    backs, downs = 0, 0

    def seen(page, seq, html):
        nonlocal backs, downs
        for side in page.evaluate(SIDES):
            if side["mine"]:
                assert side["backs"] == []
                downs += len(side["downs"])
                assert set(side["downs"]) <= {"P", "1", "2", "3", "4", "5"}
            else:
                assert side["downs"] == []
                assert set(side["backs"]) <= {BACK}
                backs += len(side["backs"])

    drive([page, spectator], random.Random(8), seen=seen, deadline=300)
    assert backs > 0 and downs > 0          # both were there to see, most states over
