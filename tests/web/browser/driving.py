"""Driving table pages as a person would: a click on a legal move wherever one is offered.

A table page says where it stands on its ``<body>``: ``data-seq`` (the last line of the table it
shows) and ``data-state`` — ``mine`` (its seat's move, several to choose from), ``forced`` (one
legal move, about to play itself), ``pending`` (a move on its way), ``waiting``, ``over``.
"""

from __future__ import annotations

import re
import time

import httpx

from ludus.games.claim.cards import FACTIONS

from ..helpers import WAIT

STATE = "() => [document.body.dataset.state, Number(document.body.dataset.seq ?? -1)]"
SNAPSHOT = "() => [Number(document.body.dataset.seq ?? -1), document.documentElement.outerHTML]"
CARD = re.compile(r"\b(" + "|".join(FACTIONS) + r") (\d)\b")


# What the server printed (the ``site`` fixture fills it): the end of it is shown on a failure.
SERVER_SAID: list[str] = []
# The uncaught script errors of every page made by ``new_page`` (a test fails on any).
SCRIPT_ERRORS: list[str] = []


def new_page(new_context, **options):
    """A page in a fresh browser context (English unless ``locale`` says otherwise), waiting
    up to ``WAIT`` for anything: the machine may be busy."""
    context = new_context(**{"locale": "en-GB", **options})
    context.set_default_timeout(WAIT * 1000)
    page = context.new_page()
    # a promise's error (an async function's) is no page error by itself: throw it as one
    page.add_init_script("addEventListener('unhandledrejection', (e) => setTimeout(() => { throw e.reason; }))")
    page.on("pageerror", lambda error: SCRIPT_ERRORS.append(f"{page.url}: {error}"))
    return page


def new_table(base: str, game: str, seats: list[str], options: dict | None = None,
              clock: dict | None = None, public: bool = False) -> tuple[str, list[str]]:
    """A table made through the API: its id and its person seats' invite links, in seat order."""
    body = {"game": game, "options": options or {}, "seats": seats, "clock": clock, "public": public}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=WAIT)
    assert r.status_code == 201, r.text
    return r.json()["id"], [i["url"] for i in r.json()["invites"]]


def open_table(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => !['loading', undefined].includes(document.body.dataset.state)", timeout=WAIT * 1000)


def wider_than_the_screen(page) -> list[str]:
    """The elements reaching past the viewport's right edge (a phone would scroll sideways)."""
    return page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const out = document.documentElement.scrollWidth > width ? ['the document'] : [];
        for (const el of document.querySelectorAll('body *')) {
            const box = el.getBoundingClientRect();
            if (box.width && box.right > width + 1) out.push(`${el.tagName}.${el.className} ${Math.round(box.right)}`);
        }
        return out.slice(0, 5);
    }""")


def drive(pages, rng, *, after_move=None, seen=None, deadline: float = 300) -> int:
    """Play every page's table to its end: wherever a page offers moves, click one of its enabled
    move buttons (or a card to pick, whose targets are move buttons) at random. ``after_move(page,
    moves)`` runs after each click's line is shown; ``seen(page, seq, html)`` gets every state each
    page showed (its whole DOM). Returns the number of clicks."""
    shown = {id(p): None for p in pages}
    clicks = 0
    stop = time.monotonic() + deadline
    while True:
        states = []
        for page in pages:
            if seen is not None:
                seq, html = page.evaluate(SNAPSHOT)
                if shown[id(page)] != seq:
                    shown[id(page)] = seq
                    seen(page, seq, html)
            states.append(page.evaluate(STATE))
        if all(state == "over" for state, _ in states):
            return clicks
        mover = next((p for p, (state, _) in zip(pages, states, strict=True) if state == "mine"), None)
        if mover is None:
            if time.monotonic() > stop:
                lines = [p.evaluate("() => document.getElementById('connection')?.textContent") for p in pages]
                raise AssertionError(f"the game did not end within {deadline} s: {states}, connections {lines}; "
                                     f"the server said: {''.join(SERVER_SAID[-30:]) or 'nothing'}")
            time.sleep(0.03)
            continue
        seq = states[pages.index(mover)][1]
        # a button with data-pick picks a card (then its target is a move button): no move yet
        buttons = mover.locator("button[data-move]:not([disabled]), button[data-pick]:not([disabled])")
        count = buttons.count()
        assert count > 0, "the page offers moves but has no button to click"
        button = buttons.nth(rng.randrange(count))
        picks = button.get_attribute("data-pick") is not None
        button.click()
        if picks:
            continue
        clicks += 1
        mover.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)
        if after_move is not None:
            after_move(mover, clicks)
