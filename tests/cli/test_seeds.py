"""Seeds nobody chose cannot be found by trying seeds: 63 bits from ``secrets`` at every face.

A seed deals every hidden card. Drawn from a million values (as ``ludus play`` once did), the
first hand a player sees identifies it in under a minute of search — and with it every card.
"""

from __future__ import annotations

import re

import ludus
from ludus.session import Session

LARGE = 2**40      # 20 draws of 63 bits all below this: about one chance in 2**460


def test_a_new_state_without_a_seed_draws_63_bits():
    game = ludus.make("claim")
    seeds = [game.new_state().seed for _ in range(20)]
    assert len(set(seeds)) == 20 and max(seeds) > LARGE
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_session_without_a_seed_draws_63_bits():
    seeds = [Session(ludus.make("seize-rome"), [None, None]).seed for _ in range(20)]
    assert len(set(seeds)) == 20 and max(seeds) > LARGE


def test_simulate_and_tournament_without_a_seed_draw_63_bits_and_show_them(run):
    shown = []
    for _ in range(4):
        sim = run("simulate", "seize-rome", "-n", "1")
        tour = run("tournament", "seize-rome", "--agents", "random,random", "-n", "2", "--backend", "serial")
        assert sim.exit_code == 0 and tour.exit_code == 0, sim.output + tour.output
        shown += [int(re.search(r"seed (\d+)", out.output).group(1)) for out in (sim, tour)]
    assert max(shown) > LARGE and len(set(shown)) == len(shown)


def test_a_seed_given_is_any_64_bit_integer_and_a_wrong_one_is_explained(run):
    for command in (["play", "claim"], ["simulate", "claim"], ["tournament", "claim"], ["lab", "claim"]):
        too_big = run(*command, "--seed", str(2**63))
        assert too_big.exit_code == 2 and f"{2**63} does not fit in 64 bits" in too_big.output
        assert "'x' is not a whole number" in run(*command, "--seed", "x").output
    assert run("simulate", "claim", "-n", "1", "--seed", str(-2**63)).exit_code == 0
    assert "<=x<=" not in run("play", "--help").output     # the bounds are said when they matter
