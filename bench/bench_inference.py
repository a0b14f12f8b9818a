#!/usr/bin/env python3
"""Inference speed: the CPU cost of weighing one world, and what the weights rest on.

For each game with a ``rewind`` and each table (Claim and Seize Rome: 2, 3 and 4 players; Caesar
& Cleopatra: the classic and the 2024 edition) it plays ``--games`` games
between heuristic bots and, at every ``--every``-th decision with a real choice, draws
``--worlds`` worlds for the seat to move and weighs them by its recall
(``ludus.agents.inference``) — the work ``ismcts:infer=N`` does before its search. It reports
the CPU milliseconds per weighed world (recall, sampling, rewinding and the model's moves; the
recall is built once per position) in the first and the second half of each game's decisions,
since the moves to weigh grow through a game, how many of the others' decisions a world's
evidence rests on, and the mean effective sample size of the tempered weights as a share of the
worlds.

    python bench/bench_inference.py
    python bench/bench_inference.py --game claim --players 2 --games 10 --worlds 100
    python bench/bench_inference.py --game caesar-cleopatra
"""

from __future__ import annotations

import argparse
import math
import random
import time

import ludus
from ludus import agents
from ludus.agents.inference import FLOOR, evidence, fitted_noise, log_likelihood, model_of, tempered
from ludus.arena.match import choose

# Each game's tables: the options that tell them apart.
TABLES = {
    "claim": [{"players": n} for n in (2, 3, 4)],
    "seize-rome": [{"players": n} for n in (2, 3, 4)],
    "caesar-cleopatra": [{"edition": "classic"}, {"edition": "2024"}],
}


def positions(game, games: int, every: int, seed: int = 1) -> list[tuple]:
    """Positions of heuristic games where the seat to move has a real choice (true states),
    each with whether it lies in the second half of its game's decisions."""
    out = []
    bot = agents.make("heuristic", game, seed=seed)
    for g in range(games):
        state = game.new_state(seed + g)
        chosen = 0
        found = []
        while not state.is_terminal:
            if len(state.legal_actions()) > 1:
                if chosen % every == 0:
                    found.append(state.clone())
                    found[-1].origin = state.origin
                chosen += 1
            state.apply(choose(bot, state, state.current_player))
        out += [(s, 2 * len(s.history) >= len(state.history)) for s in found]
    return out


def measure(game, states: list[tuple], worlds: int) -> dict:
    model = model_of(game, seed=2)
    rewind = game.parts.search.rewind
    cost = {False: [0.0, 0], True: [0.0, 0]}
    spread, rests_on = [], []
    for k, (state, late) in enumerate(states):
        rng = random.Random(k)
        t = time.process_time()
        view = state.perspective(state.current_player, recall=True)
        found = []
        for _ in range(worlds):
            found.append(evidence(view.sample(rng), view, rewind, model))
        spent = time.process_time() - t
        cost[late][0] += spent
        cost[late][1] += worlds
        rests_on += [len(f) for f in found if f is not None]
        logs = [log_likelihood(f, fitted_noise(found)) for f in found]
        if max(logs) > -math.inf and min(logs) < max(logs):
            weights = tempered(logs, FLOOR * worlds)
            spread.append(sum(weights) ** 2 / sum(w * w for w in weights) / worlds)
    return {"early": 1000 * cost[False][0] / max(cost[False][1], 1),
            "late": 1000 * cost[True][0] / max(cost[True][1], 1),
            "decisions": sum(rests_on) / max(len(rests_on), 1),
            "effective share": sum(spread) / max(len(spread), 1), "positions": len(states)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=list(TABLES), action="append", help="the games (default all)")
    ap.add_argument("--players", type=int, action="append",
                    help="player counts, where a game has them (default 2, 3, 4)")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=3, help="weigh at every N-th real decision")
    ap.add_argument("--worlds", type=int, default=50)
    args = ap.parse_args(argv)
    print("| game | table | positions | ms per world, first half | ms per world, second half "
          f"| decisions weighed per world | effective share of {args.worlds} |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for game_id in args.game or TABLES:
        for options in TABLES[game_id]:
            if args.players and options.get("players", args.players[0]) not in args.players:
                continue
            game = ludus.make(game_id, **options)
            r = measure(game, positions(game, args.games, args.every), args.worlds)
            table = f"{options['players']} players" if "players" in options else options["edition"]
            print(f"| {game_id} | {table} | {r['positions']} | {r['early']:.2f} | {r['late']:.2f} "
                  f"| {r['decisions']:.1f} | {r['effective share']:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
