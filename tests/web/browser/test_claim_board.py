"""Claim's board, played to the end by clicks on a phone's screen, two players and four: between
tricks the trick just won stays where it was played, its winner marked and what each seat took or
collected beside it, until the next card is played; at the end the count by faction, each with
who wins it and why, and the game's winner — the one the server's result names. Every card on
the board names its place (``data-place``), so a card arriving there can be shown arriving."""

from __future__ import annotations

import random
from collections import Counter

import httpx
import pytest

pytest.importorskip("pytest_playwright")

import ludus  # noqa: E402
from ludus.session import steps  # noqa: E402

from .driving import WAIT, drive, new_page, new_table, open_table, wider_than_the_screen  # noqa: E402

PHONE = {"width": 375, "height": 667}
# What the page shows of the last trick's result (null while a trick is being played), at its seq.
RESULT = """() => {
    const r = document.querySelector('#board .trick-result');
    const labels = (els) => [...els].map((c) => c.getAttribute('aria-label'));
    return [Number(document.body.dataset.seq), r && {
        winner: Number(r.dataset.winner),
        marked: [...r.querySelectorAll('figure.won')].map((f) => Number(f.dataset.seat)),
        seats: [...r.querySelectorAll('figure.play')].map((f) => Number(f.dataset.seat)),
        cards: labels(r.querySelectorAll('figure.play .card')),
        after: labels(r.querySelectorAll('.aftermath .card'))}];
}"""
# Every card drawn on the board, by the place it names.
PLACES = "() => [...document.querySelectorAll('#board .card')].map((c) => c.dataset.place ?? null)"
FINAL = """() => ({
    rows: [...document.querySelectorAll('#board section.final tbody[data-faction]')].map((body) => ({
        faction: body.dataset.faction, winner: body.dataset.winner,
        counts: [...body.querySelectorAll('tr:first-child td strong')].map((s) => Number(s.textContent)),
        why: body.querySelector('.why')?.textContent ?? ''})),
    won: [...document.querySelectorAll('#board section.final tfoot td strong')].map((s) => Number(s.textContent)),
    winners: document.querySelector('#board section.final .verdict')?.dataset.winners,
    verdict: document.querySelector('#board section.final .verdict')?.textContent ?? ''})"""
AFTER = {"PrizeTaken": "card", "DeckCardTaken": "card", "SeerLooked": "card", "CardsCollected": "cards",
         "TrollsWaiting": "cards", "TrollsDiscarded": "cards"}


def _expected_results(record: dict, viewer: int) -> dict[int, dict | None]:
    """Per seq, the last trick's result as ``viewer`` should see it (None while a trick is under
    way, or before the first): from the observation, and the events since the trick was won."""
    out: dict[int, dict | None] = {}
    since: list = []
    for seq, (state, entry) in enumerate(steps(record, viewer), start=1):
        for event in entry.events:
            if type(event).__name__ == "TrickWon":
                since = []
            elif type(event).__name__ in AFTER:
                shown = getattr(event, AFTER[type(event).__name__])
                since += [shown] if isinstance(shown, str) else list(shown or ())
        o = state.observe(viewer)
        if o["trick"] or not o.get("last_trick"):
            out[seq] = None
            continue
        out[seq] = {"winner": o["last_ranking"][0], "marked": [o["last_ranking"][0]],
                    "seats": [p["seat"] for p in o["last_trick"]], "cards": [p["card"] for p in o["last_trick"]],
                    "after": sorted(since)}
    return out


@pytest.mark.parametrize("seats", [["person", "random"], ["person", "random", "random", "random"]],
                         ids=["2p", "4p"])
def test_claim_to_the_end_with_each_tricks_result_where_it_was_played(site, new_context, seats):
    players = len(seats)
    table, (invite,) = new_table(site, "claim", seats, {"players": players})
    page = new_page(new_context, viewport=PHONE)
    open_table(page, invite)
    shown: dict[int, dict | None] = {}

    def seen(page, seq, html):
        at, result = page.evaluate(RESULT)
        if result is not None:
            result["after"] = sorted(result["after"])
        shown[at] = result
        places = page.evaluate(PLACES)
        assert None not in places, f"a card without its place at seq {at}"
        assert len(set(places)) == len(places), f"two cards in one place at seq {at}: {Counter(places).most_common(2)}"

    def after_move(page, clicks):
        if clicks % 4 == 0:
            assert wider_than_the_screen(page) == []

    drive([page], random.Random(players), seen=seen, after_move=after_move, deadline=400)
    record = httpx.get(f"{site}/api/tables/{table}/record", timeout=WAIT).json()
    expected = _expected_results(record, 0)
    assert shown, "no state of the table was seen"
    for seq, result in shown.items():
        if seq in expected:
            assert result == expected[seq], f"seq {seq}: the page shows {result}, the table stood at {expected[seq]}"
    # both were seen: a trick's result, and a trick under way after one (the result gone)
    assert any(shown[s] is not None for s in shown)
    assert any(shown[s] is None and any(expected.get(t) for t in range(s)) for s in shown)

    # the final count: every faction, its winner and why; the winner of the game the server's
    facts = httpx.get(f"{site}/api/tables/{table}", timeout=WAIT).json()
    assert facts["status"] == "over"
    last = ludus.replay(record).observe(0)
    final = page.evaluate(FINAL)
    assert [r["faction"] for r in final["rows"]] == last["factions"]
    sides = 2 if players == 4 else players
    for row in final["rows"]:
        winner = last["faction_winners"][row["faction"]]
        assert row["winner"] == ("" if winner is None else str(winner))
        assert len(row["counts"]) == sides
        assert row["why"].strip(" —"), row
    assert final["won"] == [last["factions_won"][team[0]] for team in (last["teams"] or [[p] for p in range(players)])]
    returns = facts["result"]["returns"]
    assert final["winners"] == ",".join(str(p) for p, r in enumerate(returns) if r > 0)
    assert final["verdict"]
    # the status names every winner as the seats' list does: you, or the kind of bot
    winners = [p for p, r in enumerate(returns) if r > 0]
    if winners:
        names = ", ".join(f"seat {p} (you)" if p == 0 else f"seat {p} (random bot)" for p in winners)
        said = page.inner_text("#status .result p.strong")
        assert said == f"{'Winners' if len(winners) > 1 else 'Winner'}: {names}"
        assert (" win, " if len(winners) > 1 else " wins, ") in final["verdict"]
    assert wider_than_the_screen(page) == []
