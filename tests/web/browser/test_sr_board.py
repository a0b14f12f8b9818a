"""Seize Rome's board, played to the end by clicks alone on a phone's screen: a wild is played by
a click on it (or Enter) and one on a region (the regions it may go to lit, each offering that
move, Escape putting the wild back); a coloured card by one click. After each round its reveal
is drawn at every region: each seat's strength (the sum of its cards there) and cards, the
round's winner marked — the region's controller since. At the end the final count, its winner
the server's. Every card on the board names its place (``data-place``). A wild played by the
keyboard alone (Enter on it sends the focus on to the regions); the pile's revealed layers, the
nearest one first, as the observation gives them."""

from __future__ import annotations

import random
import time

import httpx
import pytest

pytest.importorskip("pytest_playwright")

import ludus  # noqa: E402

from .driving import WAIT, new_page, new_table, open_table, wider_than_the_screen  # noqa: E402

PHONE = {"width": 375, "height": 667}
REGIONS = """() => [...document.querySelectorAll('#board section.region')].map((r) => ({
    colour: r.dataset.region, controller: r.dataset.controller, target: r.classList.contains('target'),
    moves: [...r.querySelectorAll('button[data-move]')].map((b) => b.dataset.move),
    reveal: r.querySelector('.reveal') && {
        round: Number(r.querySelector('.reveal').dataset.round),
        seats: [...r.querySelectorAll('.reveal li')].map((li) => ({
            seat: Number(li.dataset.seat), won: li.classList.contains('won'),
            strength: Number(li.querySelector('.strength').textContent),
            cards: [...li.querySelectorAll('.card')].map((c) => c.getAttribute('aria-label'))}))}}))"""
PLACES = "() => [...document.querySelectorAll('#board .card')].map((c) => c.dataset.place ?? null)"
FINAL = """() => ({
    held: [...document.querySelectorAll('#board section.final tr.held td')].map((td) => Number(td.textContent)),
    controllers: [...document.querySelectorAll('#board section.final tr[data-region] td')].map((td) => td.textContent),
    reason: document.querySelector('#board section.final .end-reason')?.textContent ?? '',
    winners: document.querySelector('#board section.final .verdict')?.dataset.winners})"""


def _strength(cards: list[str]) -> int:
    """A seat's strength in a region: its cards' values, a wild 1 (the default ``wild_value``)."""
    return sum(1 if card == "wild" else int(card.split()[1]) for card in cards)


def _check_reveals(regions: list[dict]) -> int:
    """The last round's reveal at each region is self-consistent and decided its control; returns
    the round it shows (0: none yet)."""
    rounds = {r["reveal"]["round"] for r in regions if r["reveal"]}
    if not rounds:
        return 0
    assert len(rounds) == 1 and all(r["reveal"] for r in regions), regions
    for r in regions:
        seats = r["reveal"]["seats"]
        won = [s["seat"] for s in seats if s["won"]]
        if not seats:                   # nobody played there: no rows, control unchanged
            continue
        for s in seats:
            assert s["strength"] == _strength(s["cards"]), r
        best = max(s["strength"] for s in seats)
        leaders = [s["seat"] for s in seats if s["strength"] == best]
        assert won == (leaders if len(leaders) == 1 else []), r
        # the round's winner holds the region since (control=persistent; a tie clears it)
        assert r["controller"] == (str(won[0]) if won else ""), r
    return rounds.pop()


def _play_to_the_end(page, rng) -> tuple[list[tuple[int, str]], set[int]]:
    """Play the page's table to its end by clicks: a wild whenever one is held (the first one
    picked by the keyboard, put back with Escape and picked again), else a draw until a wild was
    played, then any move. Returns each wild's (seq of the move, region) and the rounds revealed."""
    wilds: list[tuple[int, str]] = []
    rounds: set[int] = set()
    moves = 0
    stop = time.monotonic() + 400
    while True:
        page.wait_for_selector("body[data-state=mine], body[data-state=over]", timeout=WAIT * 1000)
        if page.get_attribute("body", "data-state") == "over":
            break
        assert time.monotonic() < stop, "the game did not end in time"
        seq = int(page.get_attribute("body", "data-seq"))
        rounds.add(_check_reveals(page.evaluate(REGIONS)))
        places = page.evaluate(PLACES)
        assert None not in places and len(set(places)) == len(places), places
        wild = page.locator("#board button[data-pick=wild]:not([disabled])")
        if wild.count():
            assert page.locator("#board section.region.target").count() == 0
            if wilds:
                wild.first.click()
            else:                   # the keyboard's way: Enter picks it, the focus goes on to a region
                wild.first.focus()
                page.keyboard.press("Enter")
                assert page.evaluate("() => document.activeElement.dataset.move").startswith("play wild ")
            regions = page.evaluate(REGIONS)
            lit = [r["colour"] for r in regions if r["target"]]
            assert lit, "a picked wild lights no region"
            for r in regions:       # a lit region offers the wild's move there, and only a lit one
                offered = [m for m in r["moves"] if m.startswith("play wild")]
                assert offered == ([f"play wild {r['colour']}"] if r["target"] else []), r
            assert wider_than_the_screen(page) == []
            if not wilds:           # Escape puts it back: nothing lit, nothing played
                page.keyboard.press("Escape")
                assert page.locator("#board section.region.target").count() == 0
                assert int(page.get_attribute("body", "data-seq")) == seq
                wild.first.click()
            colour = rng.choice(lit)
            # a click anywhere on the region plays it (here its heading's corner, not its button)
            page.locator(f"#board section.region[data-region={colour}] h3").click(position={"x": 2, "y": 2})
            wilds.append((seq, colour))
        else:
            buttons = page.locator("#board button[data-move]:not([disabled])")
            draw = page.locator("#board button[data-move=draw]:not([disabled])")
            (draw if not wilds and draw.count() else buttons.nth(rng.randrange(buttons.count()))).first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)
        moves += 1
        if moves % 5 == 0:
            assert wider_than_the_screen(page) == []
    rounds.add(_check_reveals(page.evaluate(REGIONS)))        # the last round's, at the end too
    return wilds, rounds


def test_seize_rome_to_the_end_by_clicks_a_wild_through_its_region(site, new_context):
    rng = random.Random(11)
    for _ in range(3):          # a game may end before a wild comes to the hand: then another
        table, (invite,) = new_table(site, "seize-rome", ["person", "random"])
        page = new_page(new_context, viewport=PHONE)
        open_table(page, invite)
        wilds, rounds = _play_to_the_end(page, rng)
        if wilds:
            break
    assert wilds, "no wild came to the hand in three games"
    assert len(rounds - {0}) >= 1, "no round's reveal was seen"

    record = httpx.get(f"{site}/api/tables/{table}/record", timeout=WAIT).json()
    for seq, colour in wilds:               # each wild went where its region was clicked
        assert record["actions"][seq] == f"play wild {colour}"
    facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
    assert facts["status"] == "over"
    last = ludus.replay(record).observe(0)
    final = page.evaluate(FINAL)
    assert final["held"] == facts["result"]["scores"] == last["controlled"]
    assert final["controllers"] == [("nobody" if r["controller"] is None else f"seat {r['controller']}" +
                                     (" (you)" if r["controller"] == 0 else "")) for r in last["regions"]]
    assert last["end_reason"] in final["reason"]
    assert final["winners"] == ",".join(str(p) for p, r in enumerate(facts["result"]["returns"]) if r > 0)
    assert wider_than_the_screen(page) == []


# -- the keyboard's way with a wild, and the pile's revealed layers ---------------------------------

# The pile as a page shows it: its facts (label, text) and each revealed layer listed.
PILE = """() => {
    const pile = document.querySelector('#board section.pile');
    return {facts: [...pile.querySelectorAll('dl.facts > dt')]
            .map((dt) => [dt.textContent, dt.nextElementSibling.textContent]),
        layers: [...pile.querySelectorAll('.layer')].map((l) => ({
            n: Number(l.dataset.layer), left: Number(l.dataset.left),
            label: l.closest('dd').previousElementSibling.textContent,
            cards: [...l.querySelectorAll('.card')].map((c) => c.getAttribute('aria-label')),
            note: l.querySelector('.quiet')?.textContent ?? ''}))};
}"""
FOCUSED = """() => ({move: document.activeElement.dataset.move ?? null,
    key: document.activeElement.dataset.key ?? null, pick: document.activeElement.dataset.pick ?? null})"""
LIT = "() => [...document.querySelectorAll('#board section.region.target')].map((r) => r.dataset.region)"
TARGETS = "() => [...document.querySelectorAll('#board section.region button.target')].map((b) => b.dataset.move)"
SEED = 1        # with first_player=0, seat 0's first hand holds a wild


@pytest.fixture(scope="module")
def seeded_site(tmp_path_factory):
    """A server in this process, where a test may deal a table from a seed."""
    from ..helpers import Server

    with Server(f"sqlite:///{tmp_path_factory.mktemp('sr') / 'server.sqlite3'}") as server:
        yield server


def _tab_to(page, test: str, what: str) -> None:
    """Press Tab until the focused element passes ``test`` (a JS predicate on it)."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            return
    pytest.fail(f"{what} could not be reached with Tab")


def _check_pile(page, pile: dict) -> int:
    """The page's pile shows every revealed layer of the observation's ``pile``, the nearest
    first as ``Revealed layer 1`` (with what is left of it), the ones beneath numbered on;
    returns how many layers it shows."""
    nearest = pile["next_layer"]
    layers = ([nearest] if nearest else []) + [{"cards": cards, "left": len(cards)} for cards in pile["layers_beneath"]]
    shown = page.evaluate(PILE)
    assert ["Revealed, below", str(pile["revealed_below"])] in shown["facts"], shown
    def note(left: int, n: int) -> str:
        return "" if left == n else f" ({left} of these {n} still in the pile)"

    assert shown["layers"] == [{
        "n": i + 1, "left": layer["left"], "label": f"Revealed layer {i + 1}", "cards": layer["cards"],
        "note": note(layer["left"], len(layer["cards"])),
    } for i, layer in enumerate(layers)], (shown, pile)
    assert pile["revealed_below"] == sum(layer["left"] for layer in layers)
    return len(layers)


def test_seize_rome_a_wild_by_the_keyboard_alone_and_the_piles_revealed_layers(seeded_site, new_context):
    """Enter on the wild picks it and sends the focus on to the first region it may go to; Escape,
    or Cancel, puts it back and the focus with it; Tab goes from region to region and Enter plays
    the wild there. Then the game goes on to its end (seat 0 mostly drawing), the pile showing,
    at each of seat 0's turns, every revealed layer under it, the nearest one first."""
    shown_layers: list[int] = []
    for game in range(4):           # until pages showed the nearest layer and one beneath it
        table, tokens = seeded_site.seeded("seize-rome", ["person", "random"], SEED + game, {"first_player": 0})
        page = new_page(new_context, viewport={"width": 1000, "height": 900})
        open_table(page, f"{seeded_site.url}/t/{table}#seat={tokens[0]}")
        session = seeded_site.hub.tables[table].session        # the live table (loaded by the page)
        page.wait_for_selector("body[data-state=mine]", timeout=WAIT * 1000)
        if game == 0:
            seq = int(page.get_attribute("body", "data-seq"))
            _tab_to(page, "(el) => el.dataset.pick === 'wild'", "the wild")
            page.keyboard.press("Enter")                                     # picked: on to the regions
            lit, targets = page.evaluate(LIT), page.evaluate(TARGETS)
            assert len(lit) >= 2 and targets == [f"play wild {c}" for c in lit]
            assert page.evaluate(FOCUSED)["move"] == targets[0]
            page.keyboard.press("Escape")                                    # back: the focus with it
            assert page.evaluate(LIT) == [] and page.evaluate(FOCUSED)["pick"] == "wild"
            page.keyboard.press("Enter")
            assert page.evaluate(FOCUSED)["move"] == targets[0]
            page.keyboard.press("Tab")                                       # region to region
            assert page.evaluate(FOCUSED)["move"] == targets[1]
            _tab_to(page, "(el) => el.dataset.key === 'cancel'", "Cancel")
            page.keyboard.press("Enter")                                     # Cancel: back as well
            assert page.evaluate(LIT) == [] and page.evaluate(FOCUSED)["pick"] == "wild"
            assert int(page.get_attribute("body", "data-seq")) == seq        # nothing played yet
            page.keyboard.press("Enter")
            page.keyboard.press("Tab")
            assert page.evaluate(FOCUSED)["move"] == targets[1]
            page.keyboard.press("Enter")                                     # played there
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)
            assert session.record()["actions"][seq] == targets[1]
        rng = random.Random(game)
        while True:
            page.wait_for_selector("body[data-state=mine], body[data-state=over]", timeout=WAIT * 1000)
            seq = int(page.get_attribute("body", "data-seq"))
            assert seeded_site.hub.tables[table].seq == seq           # the bot waits for seat 0
            shown_layers.append(_check_pile(page, session.observe(0)["pile"]))
            if page.get_attribute("body", "data-state") == "over":
                break
            draw = page.locator("#board button[data-move=draw]:not([disabled])")
            buttons = page.locator("#board button[data-move]:not([disabled])")
            (draw if draw.count() and rng.random() < 0.6 else buttons.nth(rng.randrange(buttons.count()))).click()
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=WAIT * 1000)
        if max(shown_layers) >= 2:
            break
    assert 1 in shown_layers and max(shown_layers) >= 2, shown_layers
