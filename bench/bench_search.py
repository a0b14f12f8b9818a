#!/usr/bin/env python3
"""ISMCTS speed: iterations per second of CPU time, per game, from a few early positions.

For each game (2 players, default options) it plays ``--skip`` random decisions from several
seeds, then times one search of ``--iterations`` iterations from the seat to move, with full
rollouts and with depth-limited rollouts (``depth=8`` and the game's ``leaf_values`` hook).
It prints a markdown table; ``--profile GAME`` prints where one search spends its time.

    python bench/bench_search.py
    python bench/bench_search.py --game claim --iterations 3000
    python bench/bench_search.py --profile claim
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time

import ludus
from ludus.agents import make

SPECS = (("full rollouts", "ismcts:iterations={n},seed=1"),
         ("depth 8", "ismcts:iterations={n},seed=1,depth=8"))


def position(game, seed: int, skip: int):
    """A state after ``skip`` random decisions, at a decision with a real choice."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(skip):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    while not state.is_terminal and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def iterations_per_s(game, spec: str, n: int, seeds: int, skip: int) -> float:
    rates = []
    for seed in range(seeds):
        state = position(game, seed, skip)
        if state.is_terminal:
            continue
        agent = make(spec.format(n=n), game)
        view = state.perspective(state.current_player)
        t = time.process_time()
        agent.act(view)
        rates.append(agent.last_iterations / (time.process_time() - t))
    return statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--iterations", type=int, default=1500)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--skip", type=int, default=12, help="random decisions before the search")
    ap.add_argument("--profile", metavar="GAME", help="profile one full-rollout search of GAME")
    args = ap.parse_args(argv)
    if args.profile:
        game = ludus.make(args.profile)
        state = position(game, 0, args.skip)
        agent = make(f"ismcts:iterations={args.iterations},seed=1", game)
        view = state.perspective(state.current_player)
        profiler = cProfile.Profile()
        profiler.runcall(agent.act, view)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0
    print("| game | " + " | ".join(f"iterations/s, {label}" for label, _ in SPECS) + " |")
    print("|---|" + "---:|" * len(SPECS))
    for game_id in args.game or ludus.game_ids():
        game = ludus.make(game_id)
        cells = [f"{iterations_per_s(game, spec, args.iterations, args.seeds, args.skip):,.0f}"
                 for _, spec in SPECS]
        print(f"| {game_id} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
