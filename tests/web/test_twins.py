"""Twin tables: two games that differ only in cards seat 0 has not seen send seat 0 the same
messages — welcomes, updates, refusals — until the rules let the games part for it (a card
shown to it). The second twin is dealt with two cards of one shuffle transposed (as the
contract suite's twins are), the server unaware of it."""

from __future__ import annotations

import random

import pytest

import ludus
from contract.helpers import canon, deal_shuffles, transposed_deal
from ludus.server import limits

from .helpers import twin_tables

SEED = 11
STEPS = 80


def _transposition(game):
    """Two cards whose exchange seat 1 sees and seat 0 does not."""
    plain = game.new_state(SEED)
    for at in range(deal_shuffles(game, SEED)):
        for i in range(40):
            for j in range(i + 1, 40):
                with transposed_deal(at, i, j):
                    twin = game.new_state(SEED)
                if canon(plain.observe(0)) == canon(twin.observe(0)) and canon(plain.observe(1)) != canon(
                        twin.observe(1)):
                    return at, i, j
    raise AssertionError("no transposition hides from seat 0")


def _same(x: dict, y: dict) -> bool:
    return {k: v for k, v in x.items() if k != "table"} == {k: v for k, v in y.items() if k != "table"}


@pytest.mark.parametrize("game_id", ["claim", "seize-rome"])
def test_seat_0_is_sent_the_same_messages_at_twin_tables(server, game_id, monkeypatch):
    monkeypatch.setattr(limits, "RATE", 1e6)       # its clients send as fast as they can
    game = ludus.make(game_id)
    a0, a1, b0, b1, truth = twin_tables(server, game_id, SEED, _transposition(game))
    rng = random.Random(SEED)
    compared = 0
    try:
        assert _same(a0.welcome, b0.welcome) and not _same(a1.welcome, b1.welcome)
        for _ in range(STEPS):
            if canon(truth[0].observe(0)) != canon(truth[1].observe(0)) or a0.view["over"]:
                break                               # parted for seat 0 by what it was shown
            seq = a0.view["seq"] + 1
            legal_ids = {m["id"] for m in a0.view["legal"] or ()}
            unplayable = next(i for i in range(game.num_actions) if i not in legal_ids)
            for bad in ("no such move", 10**6, unplayable):
                said = []
                for c in (a0, b0):
                    c.send({"type": "move", "seq": seq, "move": bad})
                    said.append(c.recv())
                assert _same(*said), said
            if a0.view["legal"]:
                pairs = [(a0, b0)]
                choices = [m["move"] for m in a0.view["legal"]]
            else:
                pairs = [(a1, b1)]
                choices = [m for m in (x["move"] for x in a1.view["legal"]) if m in
                           {x["move"] for x in b1.view["legal"]}]
                if not choices:
                    break
            move = rng.choice(choices)
            for mover in pairs[0]:
                mover.send({"type": "move", "seq": seq, "move": move})
                assert mover.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
            for c in (a0, b0, a1, b1):
                c.at(seq)
            if canon(truth[0].observe(0)) == canon(truth[1].observe(0)):
                assert _same(a0.view, b0.view), f"seat 0 is told the twins apart at seq {seq}"
                compared += 1
    finally:
        for c in (a0, a1, b0, b1):
            c.close()
    assert compared >= 5
