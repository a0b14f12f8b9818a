"""The end of a game in the browser: the final position drawn once, the replay in the board's
place with a slider (and the keyboard) reaching every step; "See as" shows the game as each seat
saw it, or as a spectator, at the same step — and before the end nothing of it is offered."""

from __future__ import annotations

import random

import httpx
import pytest

pytest.importorskip("pytest_playwright")

from .driving import WAIT, drive, new_page, new_table, open_table  # noqa: E402

# Every face-down card in Seize Rome's regions: where it lies (region and seat) and its name,
# "?" for a back.
STACKS = """() => [...document.querySelectorAll('#board-body section.region [data-place^="region:"]')]
    .map((c) => [c.dataset.place.split(':').slice(0, 3).join(':'),
                 c.classList.contains('back') ? '?' : c.getAttribute('aria-label')])
    .sort()"""
HAND = """() => [...document.querySelectorAll('#board-body section.hand .card[data-place^="hand:"]')]
    .map((c) => c.dataset.place.split(':')[1]).sort()"""
AT = "() => document.getElementById('replay-at').textContent"


def _hand_titled(page, title: str) -> None:
    """Wait until the board's hand is headed ``title`` (whose hand it is)."""
    page.wait_for_function("(title) => document.querySelector('#board-body section.hand h3')?.textContent"
                           ".startsWith(title)", arg=title)


def _stacks(observation: dict, viewer: int | None) -> list[list[str]]:
    """The face-down cards of every region as ``viewer`` (None: a spectator) sees them: its own
    by name, everyone else's as backs."""
    out = []
    for r in observation["regions"]:
        for p, n in enumerate(r["face_down"]):
            where = f"region:{r['colour']}:seat{p}"
            out += [[where, name] for name in r["yours"]] if p == viewer else [[where, "?"]] * n
    return sorted(out)


def _finished(site, new_context, **options):
    """A Seize Rome game against a random bot, played to its end: the table, the seat's page and
    the replay as the server gives it to seat 0."""
    table, (invite,) = new_table(site, "seize-rome", ["person", "random"])
    page = new_page(new_context, **options)
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/replay" in request.url else None)
    open_table(page, invite)
    assert httpx.get(f"{site}/api/tables/{table}/replay?seat=1", timeout=WAIT).status_code == 403

    def after_move(page, clicks):
        # What was asked is read before the page: the bot's answer may end the game meanwhile,
        # and the page asks for the replay only once it has drawn the end.
        asked_so_far = list(asked)
        state, controls = page.evaluate("() => [document.body.dataset.state, "
                                        "document.querySelectorAll('#replay-seat, #replay-step').length]")
        if state != "over":
            assert controls == 0
            assert asked_so_far == []

    drive([page], random.Random(7), after_move=after_move)
    page.wait_for_selector("#replay-step", timeout=WAIT * 1000)
    steps = httpx.get(f"{site}/api/tables/{table}/replay?seat=0", timeout=WAIT).json()["steps"]
    return table, page, steps


def test_the_end_draws_the_final_position_once_and_the_replay_reaches_every_step(site, new_context):
    _, page, steps = _finished(site, new_context, viewport={"width": 1280, "height": 900})
    last = len(steps) - 1
    # one board, the final position with its count, and the replay's controls above it
    assert page.locator(".seize-rome").count() == 1
    assert page.locator("#board-body section.final").count() == 1
    assert page.evaluate("() => document.getElementById('replay').compareDocumentPosition("
                         "document.getElementById('board')) & Node.DOCUMENT_POSITION_FOLLOWING") != 0
    slider = page.locator("#replay-step")
    assert slider.get_attribute("max") == str(last) and slider.input_value() == str(last)
    assert slider.get_attribute("aria-label") == "Step of the replay"
    assert page.locator("#board-body button[data-move]").count() == 0        # nothing to play there

    final = page.inner_html("#board-body")
    slider.focus()
    page.keyboard.press("Home")
    page.wait_for_function(f"() => document.getElementById('replay-at').textContent === 'Step 0 of {last}'")
    assert slider.get_attribute("aria-valuetext") == f"Step 0 of {last}"
    assert page.inner_text("#replay .replay-move") == "The deal, before the first move."
    assert page.locator("#board-body section.final").count() == 0
    assert page.inner_html("#board-body") != final
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.getElementById('replay-at').textContent === 'Step {last} of {last}'")
    assert page.locator("#board-body section.final").count() == 1
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.getElementById('replay-at').textContent === 'Step {last - 1} of {last}'")
    assert page.evaluate("() => document.activeElement.id") == "replay-step"     # the keyboard stays there
    assert page.locator(".seize-rome").count() == 1
    assert page.evaluate(HAND) == sorted(steps[last - 1]["observation"]["hand"])


def test_see_as_shows_each_seat_and_a_spectator_at_the_same_step_once_the_game_is_over(site, new_context):
    table, page, steps = _finished(site, new_context)
    as_seat_1 = httpx.get(f"{site}/api/tables/{table}/replay?seat=1", timeout=WAIT).json()["steps"]
    as_nobody = httpx.get(f"{site}/api/tables/{table}/replay", timeout=WAIT).json()["steps"]
    choice = page.locator("#replay-seat")
    options = choice.locator("option").evaluate_all("(os) => os.map((o) => [o.value, o.textContent])")
    assert options == [["0", "seat 0 (you)"], ["1", "seat 1 (random bot)"], ["", "A spectator (the public view)"]]
    assert choice.input_value() == "0"
    assert page.locator("label[for=replay-seat]").inner_text() == "See as"

    # a step where seat 1 has cards face down, which seat 0 sees as backs
    k = next(s["step"] for s in as_seat_1 if any(r["yours"] for r in s["observation"]["regions"]))
    page.fill("#replay-step", str(k))
    at = f"Step {k} of {len(steps) - 1}"
    page.wait_for_function(f"() => document.getElementById('replay-at').textContent === '{at}'")
    assert page.evaluate(STACKS) == _stacks(steps[k]["observation"], 0)
    assert "?" in [name for where, name in page.evaluate(STACKS) if where.endswith("seat1")]

    choice.select_option("1")
    _hand_titled(page, "seat 1's hand")
    assert page.inner_text("#replay .replay-whose") == "As seat 1 saw it: in the narration, “you” is seat 1."
    # the review speaks to seat 0 ("you played"): not beside seat 1's narration
    assert page.inner_text("#replay p.review") == "The review of your moves shows when you see the game as seat 0."
    assert page.evaluate(AT) == at and page.locator("#replay-step").input_value() == str(k)
    assert page.evaluate(HAND) == sorted(as_seat_1[k]["observation"]["hand"])
    assert page.evaluate(STACKS) == _stacks(as_seat_1[k]["observation"], 1)

    choice.select_option("")
    _hand_titled(page, "Hands")
    assert page.evaluate(AT) == at
    assert page.evaluate(STACKS) == _stacks(as_nobody[k]["observation"], None)
    assert page.evaluate(HAND) == []
    assert page.locator("#replay .replay-whose").count() == 0

    choice.select_option("0")                      # back to one's own seat: "Your hand" again
    _hand_titled(page, "Your hand")
    assert page.evaluate(STACKS) == _stacks(steps[k]["observation"], 0)

    # a spectator's page opens the replay as a spectator's, and may choose a seat
    watcher = new_page(new_context)
    open_table(watcher, f"{site}/t/{table}")
    watcher.wait_for_selector("#replay-step")
    assert watcher.locator("#replay-seat").input_value() == ""
    watcher.fill("#replay-step", str(k))
    watcher.locator("#replay-seat").select_option("1")
    _hand_titled(watcher, "seat 1's hand")
    assert watcher.evaluate(STACKS) == _stacks(as_seat_1[k]["observation"], 1)
