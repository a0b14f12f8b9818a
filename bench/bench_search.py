#!/usr/bin/env python3
"""ISMCTS speed: iterations per second of CPU time, per game, over positions from whole games.

For each game (2 players, default options) it plays ``--games`` games between heuristic bots
and, at every ``--every``-th decision with a real choice, times one search of ``--iterations``
iterations from the seat to move. Early positions have long rollouts and late ones short, so
the figure is the total of iterations over the total CPU time of all searches. Each search
configuration is a column: the game's default (the ``defaults`` of its search hooks, ``game.parts``),
full random rollouts (past any horizon), depth-8 rollouts with ``leaf_values``, and heuristic rollouts where the
game has a rollout policy. ``--profile GAME`` prints where one default search spends its time.

    python bench/bench_search.py
    python bench/bench_search.py --game claim --iterations 3000
    python bench/bench_search.py --profile claim
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys

import ludus
from ludus.arena.speed import search_positions, search_rate

SPECS = (("default", "ismcts:iterations={n},seed=1"),
         ("full random rollouts", "ismcts:iterations={n},seed=1,depth=full,horizon=off,rollout=random"),
         ("depth 8", "ismcts:iterations={n},seed=1,depth=8,rollout=random"),
         ("heuristic rollouts", "ismcts:iterations={n},seed=1,depth=full,horizon=off,rollout=heuristic"))


def iterations_per_s(game, spec: str, n: int, states: list) -> float | None:
    """Total iterations over total CPU seconds of one search from each state (None: no such spec)."""
    rate = search_rate(game, spec.format(n=n), states)
    return None if rate is None else rate.per_s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--iterations", type=int, default=500, help="per search")
    ap.add_argument("--games", type=int, default=2, help="heuristic games the positions come from")
    ap.add_argument("--every", type=int, default=4, help="search every N-th decision with a choice")
    ap.add_argument("--profile", metavar="GAME", help="profile default searches of GAME")
    args = ap.parse_args(argv)
    if args.profile:
        game = ludus.make(args.profile)
        states = search_positions(game, args.games, args.every)
        profiler = cProfile.Profile()
        profiler.runcall(iterations_per_s, game, SPECS[0][1], args.iterations, states)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    print(f"{args.iterations} iterations per search, every {args.every}th decision of {args.games} games\n")
    print("| game | searches | " + " | ".join(f"it/s, {label}" for label, _ in SPECS) + " |")
    print("|---|---:|" + "---:|" * len(SPECS))
    for game_id in args.game or ludus.game_ids():
        game = ludus.make(game_id)
        states = search_positions(game, args.games, args.every)
        rates = [iterations_per_s(game, spec, args.iterations, states) for _, spec in SPECS]
        cells = ["—" if r is None else f"{r:,.0f}" for r in rates]
        print(f"| {game_id} | {len(states)} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
