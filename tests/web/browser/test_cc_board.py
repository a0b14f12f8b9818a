"""Caesar & Cleopatra's board played like cards on a table: a card picked in the hand, then its
target (a group face down or face up, the opponent's face-up card for an Assassin, two groups for
a Castling, the opponent's hand for a Spy), a classic and a 2024 game to the end so, each group
showing its last vote as the log tells it; the steps of several decisions as dialogs (the action
pile's order, a Castling's split, the veto window); the opponent's face-down values on no page in
any state (C34); every point of the final score explained (C32), its total the score shown."""

from __future__ import annotations

import random
import re

import httpx
import pytest

pytest.importorskip("pytest_playwright")

from ludus.session import steps  # noqa: E402

from ..helpers import Server  # noqa: E402
from .driving import WAIT, drive, new_page, new_table, open_table  # noqa: E402

# The legal moves a page offers (its "Type a move" list, filled when the seat may move).
LEGAL = "() => [...document.querySelectorAll('#legal-moves option')].map((o) => o.value)"
TURN = "body[data-state=mine], body[data-state=over]"
BACK = ('<span class="card back" aria-label="a face-down card" title="a face-down card" role="img">'
        '<span class="value" aria-hidden="true">?</span></span>')
# Every side of every group as a page shows it, with the seq it shows (read at once).
SIDES = """() => [Number(document.body.dataset.seq), [...document.querySelectorAll('#board-body section.patricians')]
  .flatMap((g) => [...g.querySelectorAll(':scope > .side')].map((s) => {
    const cards = s.querySelector(':scope > .cards');
    return {group: g.dataset.group, seat: Number(s.dataset.seat), mine: s.classList.contains('mine'),
      backs: [...cards.querySelectorAll('.card.back')].map((b) => b.outerHTML),
      places: [...cards.querySelectorAll('.card.back')].map((b) => b.parentElement.dataset.place),
      downs: [...cards.querySelectorAll('.card.down .value')].map((v) => v.textContent),
      ups: [...cards.querySelectorAll('.card.up .value')].map((v) => v.textContent),
      text: cards.textContent};
  })),
  [...document.querySelectorAll('#board-body [aria-label$=", face down"]')].filter((el) => !el.closest('.side.mine'))
    .map((el) => el.outerHTML)]"""

# Each group's last vote as its section shows it: per side (the opponent's first), the cards and the sum.
VOTES = """() => Object.fromEntries([...document.querySelectorAll('#board-body section.patricians')].map((g) =>
  [g.dataset.group, [...g.querySelectorAll('.cc-vote .cc-vote-side')].map((p) => [Number(p.dataset.seat),
    [...p.querySelectorAll('.card .value')].map((v) => v.textContent),
    p.querySelector(':scope > strong').textContent])]))"""


def seq_of(page) -> int:
    return int(page.get_attribute("body", "data-seq"))


def click_and_wait(page, locator) -> None:
    """Click a move's button and wait for the line it plays."""
    seq = seq_of(page)
    locator.click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)


def pick(page, card: str):
    """Click a hand card to pick it; it says so (aria-pressed)."""
    button = page.locator(f'#board-body section.hand button[data-pick="{card}"]').first
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    return button


def play(page, move: str) -> str:
    """Play ``move`` by clicks, as a person would: a card picked in the hand, then its target;
    a button of a dialog, of the step's prompt or of the hand for the rest. Returns how."""
    seq = seq_of(page)
    board = page.locator("#board-body")
    word, *rest = move.split(" ")
    how = "button"
    if word in ("down", "up", "scout", "wrath"):
        pick(page, rest[0] if word in ("down", "up") else word)
        board.locator(f'section.patricians[data-group="{rest[-1]}"] .cc-targets button[data-move="{move}"]').click()
        how = "target"
    elif word == "assassin":
        pick(page, "assassin")
        group = board.locator(f'section.patricians[data-group="{rest[1]}"]')
        group.locator(f'.side.theirs button[data-move="{move}"]').first.click()
        how = "target"
    elif word == "castling":
        pick(page, "castling")
        board.locator(f'section.patricians[data-group="{rest[0]}"] button[data-pick="castling {rest[0]}"]').click()
        board.locator(f'section.patricians[data-group="{rest[1]}"] button[data-move="{move}"]').click()
        how = "target"
    elif move == "spy":
        pick(page, "spy")
        board.locator('.cc-opponent button[data-move="spy"]').click()
        how = "target"
    else:
        board.locator(f'button[data-move="{move}"]:not([disabled])').first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)
    return how


def places_of_cards(page) -> tuple[list, list]:
    """Cards on the board without a place (``data-place`` on them or around them), and places
    named twice."""
    return page.evaluate("""() => {
        const cards = [...document.querySelectorAll('#board-body .card')];
        const places = [...document.querySelectorAll('#board-body [data-place]')].map((el) => el.dataset.place);
        return [cards.filter((c) => !c.closest('[data-place]')).map((c) => c.outerHTML),
                places.filter((p, i) => places.indexOf(p) !== i)];
    }""")


def check_pick_then_target(page, legal: list[str]) -> None:
    """At a placement: picking a card offers exactly its legal moves at the groups, the other
    groups go inert; Escape puts it back, and so does a second click."""
    board = page.locator("#board-body")
    card = next(m.split(" ")[1] for m in legal if m.startswith("down "))
    assert board.locator(".cc-targets button").count() == 0                     # nothing before a pick
    button = pick(page, card)
    offered = board.locator(".groups button[data-move]:not([disabled])").evaluate_all(
        "(els) => els.map((e) => e.dataset.move)")
    assert sorted(offered) == sorted(m for m in legal if re.fullmatch(rf"(down|up) {re.escape(card)} \w+", m))
    wanted = {m.split(" ")[2] for m in offered}
    for group in board.locator("section.patricians").all():
        name = group.get_attribute("data-group")
        assert ("target" in group.get_attribute("class").split()) == (name in wanted)
        assert ("inert" in group.get_attribute("class").split()) == (name not in wanted)
    # the keyboard goes on to the targets
    assert page.evaluate("() => document.activeElement.matches('.cc-targets button[data-move]')")
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-pressed") == "false"
    assert board.locator(".cc-targets button").count() == 0
    pick(page, card).click()                                                    # a second click: back
    assert board.locator(f'section.hand button[data-pick="{card}"]').first.get_attribute("aria-pressed") == "false"
    assert board.locator(".cc-targets button").count() == 0


def place_by_keyboard(page) -> None:
    """Tab to a card of the hand, Enter picks it (the focus goes on to its first target), Enter
    plays there."""
    seq = seq_of(page)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('section.hand button[data-pick]')"):
            break
    else:
        pytest.fail("no card of the hand could be reached with Tab")
    page.keyboard.press("Enter")
    move = page.evaluate("() => document.activeElement.dataset.move")
    assert re.fullmatch(r"(down|up) \w+ \w+", move), move
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)


def final_breakdown(page) -> dict:
    return page.evaluate("""() => {
        const table = document.querySelector('#board-body section.cc-final table');
        const seats = [...table.querySelectorAll('tfoot td.total')].map((td) => Number(td.dataset.seat));
        const rows = [...table.querySelectorAll('tbody tr')]
            .map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.points)));
        return {seats, rows, totals: [...table.querySelectorAll('tfoot td.total')].map((td) => Number(td.textContent)),
                shown: [...document.querySelectorAll('#status ul.scores .score')].map((s) => Number(s.textContent))};
    }""")


@pytest.mark.parametrize("options", [{}, {"edition": "2024"}], ids=["classic", "2024"])
def test_a_game_against_a_bot_by_picking_cards_then_their_targets(site, new_context, options):
    table, (invite,) = new_table(site, "caesar-cleopatra", ["person", "random"], options)
    page = new_page(new_context, viewport={"width": 1000, "height": 900})
    open_table(page, invite)
    rng = random.Random(11)
    hows: dict[str, int] = {}
    checked = False
    page.wait_for_selector(TURN, timeout=WAIT * 1000)
    # before the first turn (arranging, the opening cards) nobody is active yet
    setup = page.locator("#board-body p:has(strong.step)").inner_text()
    assert setup.startswith("Before the first turn · step") and "active" not in setup, setup
    while True:
        page.wait_for_selector(TURN, timeout=WAIT * 1000)
        if page.get_attribute("body", "data-state") == "over":
            break
        legal = page.evaluate(LEGAL)
        if not checked and any(m.startswith("down ") for m in legal):
            check_pick_then_target(page, legal)
            place_by_keyboard(page)
            checked = True
            continue
        how = play(page, rng.choice(legal))
        hows[how] = hows.get(how, 0) + 1
        if sum(hows.values()) % 25 == 0:
            assert places_of_cards(page) == [[], []]
    assert checked and hows["target"] > 10, hows
    # the header names no active seat and no step once the game is over
    over = page.locator("#board-body p:has(strong.step)").inner_text()
    assert over.endswith("game over") and "active" not in over and "step:" not in over, over
    # the log tells the game in words: no bare "seat: done" for a decision without events
    told = page.locator("#log-lines li").all_inner_texts()
    assert len(told) > 50 and not [t for t in told if re.search(r": (done|passive)$", t)]
    facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
    assert facts["status"] == "over"
    # C30: each group shows its last vote, as the log tells it: each side's cards and sum
    record = httpx.get(f"{site}/api/tables/{table}/record", timeout=WAIT).json()
    last = {}
    for _, entry in steps(record, 0):
        last |= {e.group: e for e in entry.events if type(e).__name__ == "VoteHeld"}
    shown = page.evaluate(VOTES)
    assert len(last) >= 3
    for group, sides in shown.items():
        vote = last.get(group)
        assert sides == ([[p, list(vote.cards[p]), f"= {vote.sums[p]}"] for p in (1, 0)] if vote else []), group
    # C32: each group's points and the bonus goal per seat, the totals the score shown
    page.wait_for_selector("#board-body section.cc-final table")
    final = final_breakdown(page)
    assert len(final["rows"]) == 6                                      # five groups and the bonus goal
    for i, p in enumerate(final["seats"]):
        assert sum(row[i] for row in final["rows"]) == final["totals"][i]
        assert final["totals"][i] == final["shown"][p] == facts["result"]["scores"][p]


# The seat's plan in the seeded game: its action pile arranged Castling first, then the Vetoes;
# action cards drawn first; a Castling as soon as it may, a Veto whenever it may.
ARRANGED = ["castling", "veto", "assassin", "spy", "scout", "wrath"]
SEED = 17       # cleopatra's Castling comes at her 21st decision, her first Veto at her 29th


def planned(legal: list[str]) -> str:
    for k in ARRANGED:
        if f"arrange {k}" in legal:
            return f"arrange {k}"
    for prefix in ("castling ", "veto", "castle ", "draw action", "down ", "done", "allow", "passive"):
        hit = next((m for m in legal if m.startswith(prefix)), None)
        if hit:
            return hit
    return legal[0]


@pytest.fixture(scope="module")
def seeded_site(tmp_path_factory):
    """A server in this process, where a test may deal a table from a seed."""
    with Server(f"sqlite:///{tmp_path_factory.mktemp('cc') / 'server.sqlite3'}") as server:
        yield server


def in_dialog(page, kind: str) -> str:
    """The open dialog of ``kind``: a role=dialog panel holding the keyboard focus; its words."""
    dialog = page.locator(f'#board-body [role=dialog][data-dialog="{kind}"]')
    assert dialog.count() == 1
    page.wait_for_function(f"""() => document.activeElement.closest('[role=dialog][data-dialog="{kind}"]') !== null""")
    title = dialog.get_attribute("aria-labelledby")
    assert title and page.locator(f"#{title}").inner_text()
    return dialog.inner_text()


def test_the_action_pile_a_castling_and_a_veto_through_their_dialogs(seeded_site, new_context):
    table, tokens = seeded_site.seeded("caesar-cleopatra", ["person", "random"], SEED)
    page = new_page(new_context, viewport={"width": 1000, "height": 900})
    open_table(page, f"{seeded_site.url}/t/{table}#seat={tokens[0]}")
    session = seeded_site.hub.tables[table].session        # the live table (loaded by the page)
    page.wait_for_selector(TURN, timeout=WAIT * 1000)

    # C8: the pile's order, one card at a time, in a dialog; Enter on its focused button plays
    words = in_dialog(page, "arrange")
    assert "Arrange your action pile" in words and "13 to go" in words
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate("() => document.activeElement.dataset.move")
    assert focused.startswith("arrange ")
    seq = seq_of(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
    arranged = [focused.split(" ")[1]]
    while True:             # the last cards, all of one kind, place themselves
        page.wait_for_selector(TURN, timeout=WAIT * 1000)
        move = planned(page.evaluate(LEGAL))
        if not move.startswith("arrange "):
            break
        in_dialog(page, "arrange")
        click_and_wait(page, page.locator(f'[role=dialog] button[data-move="{move}"]'))
        arranged.append(move.split(" ")[1])
    order = session.observe(0)["seats"][0]["action_pile_order"]
    assert len(arranged) >= 10 and order[:len(arranged)] == arranged and len(order) == 13

    castled, vetoed = 0, None
    while castled == 0 or vetoed is None:
        page.wait_for_selector(TURN, timeout=WAIT * 1000)
        assert page.get_attribute("body", "data-state") == "mine"
        legal = page.evaluate(LEGAL)
        move = planned(legal)
        if move.startswith("castle "):          # C25: the split, card by card, in its dialog
            words = in_dialog(page, "castling")
            groups = session.observe(0)["castling"]["groups"]
            assert all(g in words for g in groups) and "face down" in words
            click_and_wait(page, page.locator(f'[role=dialog][data-dialog=castling] button[data-move="{move}"]'))
            castled += 1
            continue
        if move == "veto":                      # C17: what is vetoed, in words, then the Veto
            words = in_dialog(page, "veto")
            pending = session.observe(0)["pending_action"]
            assert f"caesar plays {pending['card']} on {pending['target'] or 'your hand'}" in words.lower()
            assert page.locator('[role=dialog][data-dialog=veto] button[data-move="allow"]').count() == 1
            vetoed = pending
            click_and_wait(page, page.locator('[role=dialog][data-dialog=veto] button[data-move="veto"]'))
            continue
        play(page, move)
        assert len(session.state.history) < 400
    assert castled >= 1
    answers = [e for entry in session.log(0) for e in entry.events if type(e).__name__ == "ActionAnswered"]
    assert any(e.player == 0 and e.vetoed for e in answers)


def test_the_opponents_face_down_values_are_on_no_page_in_any_state(site, new_context):
    """C34: a seat playing a bot and a spectator, every state each page showed; each side of each
    group holds what the viewer may see of it, and a face-down card of another seat is a back
    that says nothing, its place named by its position alone."""
    table, invites = new_table(site, "caesar-cleopatra", ["person", "random"])
    viewers = [0, None]
    pages = [new_page(new_context, viewport={"width": 1000, "height": 900}) for _ in viewers]
    for page, url in zip(pages, [*invites, f"{site}/t/{table}"], strict=True):
        open_table(page, url)
    seen: list[tuple[int | None, int, list, list]] = []

    def look(page, seq, html):
        at, sides, labelled = page.evaluate(SIDES)
        seen.append((viewers[pages.index(page)], at, sides, labelled))

    drive(pages, random.Random(4), seen=look, deadline=400)
    record = httpx.get(f"{site}/api/tables/{table}/record", timeout=WAIT).json()
    truth = [None]
    for state, _ in steps(record, None):
        truth.append([state.observe(p)["groups"] for p in (0, 1)])
    backs = 0
    for viewer, seq, sides, labelled in seen:
        if seq == 0:
            continue
        assert labelled == [], f"seat {viewer} at {seq}: {labelled}"
        for side in sides:
            p, g = side["seat"], side["group"]
            group = next(x for x in truth[seq][p] if x["name"] == g)
            own = group["sides"][p]
            assert side["ups"] == own["face_up"]
            if p == viewer:
                assert side["mine"] and side["backs"] == [] and side["downs"] == own["face_down_values"]
                continue
            assert not side["mine"] and side["downs"] == []
            assert side["backs"] == [BACK] * own["face_down"]
            assert side["places"] == [f"group:{g}:seat{p}:down:{i}" for i in range(own["face_down"])]
            words = "".join(v + ("philosopher" if v == "P" else "influence") for v in own["face_up"])
            assert side["text"] == (words + "?" * own["face_down"] or "—")
            backs += own["face_down"]
    assert backs > 50


def test_one_click_arranges_the_rest_of_the_action_pile_in_a_random_order(site, new_context):
    """Classic C8: the cards still to arrange go onto the pile one move at a time, from a single
    click; the game goes on from there as after thirteen clicks."""
    _, (invite,) = new_table(site, "caesar-cleopatra", ["person", "random"])
    page = new_page(new_context)
    open_table(page, invite)
    page.wait_for_selector("#board-body [data-key='arrange:shuffle']:not([disabled])")
    page.click("#board-body [data-key='arrange:shuffle']")
    page.wait_for_function("() => !document.querySelector(\"#board-body [data-key^='arrange:']\")")
    record = page.evaluate("() => document.body.dataset.seq")
    assert int(record) >= 13
    own = page.locator("#log-lines li").all_inner_texts()
    assert sum("next on your action pile" in line for line in own) == 13, own
    # the bot's thirteen hidden cards onto its pile: one line of the log, with their count
    page.wait_for_function("() => [...document.querySelectorAll('#log-lines .repeat')]"
                           ".some((el) => el.textContent.trim() === '×13')")
    theirs = [line for line in page.locator("#log-lines li").all_inner_texts() if "their pile" in line]
    assert theirs == ["Caesar put an action card on their pile. ×13"], theirs
