#!/usr/bin/env python3
"""Inference speed: the CPU cost of weighing one world, and what the weights rest on.

For Claim with each player count it plays ``--games`` games between heuristic bots and, at every
``--every``-th decision with a real choice, draws ``--worlds`` worlds for the seat to move and
weighs them by its recall (``ludus.agents.inference``) — the work ``ismcts:infer=N`` does before
its search. It reports the CPU milliseconds per weighed world (recall, sampling, rewinding and
the heuristic model's moves; the recall is built once per position), by phase, and the mean
effective sample size of the tempered weights as a share of the worlds.

    python bench/bench_inference.py
    python bench/bench_inference.py --players 2 --games 10 --worlds 100
"""

from __future__ import annotations

import argparse
import math
import random
import time

import ludus
from ludus import agents
from ludus.agents.inference import FLOOR, evidence, fitted_noise, log_likelihood, tempered
from ludus.arena.match import choose


def positions(game, games: int, every: int, seed: int = 1) -> list:
    """Positions of heuristic games where the seat to move has a real choice (true states)."""
    out = []
    bot = agents.make("heuristic", game, seed=seed)
    for g in range(games):
        state = game.new_state(seed + g)
        chosen = 0
        while not state.is_terminal:
            if len(state.legal_actions()) > 1:
                if chosen % every == 0:
                    out.append(state.clone())
                    out[-1].origin = state.origin
                chosen += 1
            state.apply(choose(bot, state, state.current_player))
    return out


def measure(game, states: list, worlds: int) -> dict:
    model = agents.make("heuristic", game, seed=2)
    rewind = game.parts.search.rewind
    cost = {1: [0.0, 0], 2: [0.0, 0]}
    spread = []
    for k, state in enumerate(states):
        rng = random.Random(k)
        t = time.process_time()
        view = state.perspective(state.current_player, recall=True)
        found = []
        for _ in range(worlds):
            found.append(evidence(view.sample(rng), view, rewind, model))
        spent = time.process_time() - t
        cost[state.phase][0] += spent
        cost[state.phase][1] += worlds
        logs = [log_likelihood(f, fitted_noise(found)) for f in found]
        if max(logs) > -math.inf and min(logs) < max(logs):
            weights = tempered(logs, FLOOR * worlds)
            spread.append(sum(weights) ** 2 / sum(w * w for w in weights) / worlds)
    return {"ms per world, phase 1": 1000 * cost[1][0] / max(cost[1][1], 1),
            "ms per world, phase 2": 1000 * cost[2][0] / max(cost[2][1], 1),
            "effective share": sum(spread) / max(len(spread), 1), "positions": len(states)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, action="append", help="Claim player counts (default 2, 3, 4)")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=3, help="weigh at every N-th real decision")
    ap.add_argument("--worlds", type=int, default=50)
    args = ap.parse_args(argv)
    print(f"| players | positions | ms per world, phase 1 | ms per world, phase 2 | effective share of {args.worlds} |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for n in args.players or (2, 3, 4):
        game = ludus.make("claim", players=n)
        r = measure(game, positions(game, args.games, args.every), args.worlds)
        print(f"| {n} | {r['positions']} | {r['ms per world, phase 1']:.2f} | {r['ms per world, phase 2']:.2f} "
              f"| {r['effective share']:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
