#!/usr/bin/env python3
"""A fixed ISMCTS workload, for counting instructions instead of timing.

This VM's timings move by up to 1.5x from run to run, even alone on the machine; the number of
instructions a fixed piece of work executes does not. Six searches of 300 iterations (seed 1)
from positions a fixed random walk reaches; ``--setup-only`` builds the positions and stops, so
the searches' own count is the difference of two runs:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/search_workload.py claim
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/search_workload.py claim --setup-only

(the "Collected" line of each run). The searches are deterministic, so two versions of the code
do the same iterations as long as they consume the generator alike.
"""

from __future__ import annotations

import argparse
import random

import ludus
from ludus.agents.ismcts import ISMCTSAgent


def positions(game, count: int = 6) -> list:
    out = []
    for i in range(count):
        state, walk = game.new_state(i), random.Random(i)
        for _ in range(walk.randrange(0, 40)):
            if not state.is_terminal:
                state.apply(walk.choice(state.legal_actions()))
        if not state.is_terminal:
            out.append(state)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", default="claim")
    ap.add_argument("--setup-only", action="store_true", help="build the positions, search nothing")
    args = ap.parse_args()
    game = ludus.make(args.game)
    states = positions(game)
    if args.setup_only:
        return
    agent = ISMCTSAgent(game, seed=1, iterations=300)
    done = 0
    for state in states:
        agent.act(state.perspective(state.current_player))
        done += agent.last_iterations
    print(f"{len(states)} searches, {done} iterations")


if __name__ == "__main__":
    main()
