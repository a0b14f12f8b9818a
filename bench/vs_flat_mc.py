#!/usr/bin/env python3
"""ISMCTS against determinized flat Monte Carlo, the baseline Bridge and Skat programs started from.

Flat Monte Carlo, as written here: sample a world the seat cannot tell from the truth (the same
sampler ISMCTS uses, so it reads only what the seat saw), try each legal move in turn in it —
the least tried first — and finish the game with uniformly random moves; when the time is up,
play the move whose finished games scored best for the seat. No tree: it never looks at what
anyone does after the move. Both agents get the same CPU time per move (``--time``), and a
decision with one legal move costs neither any.

Each deal is played once per seat rotation, so both agents sit in every seat of every deal;
the measured side is ISMCTS (every seat but one, with more than two players, is flat Monte
Carlo). A game scores 1 when ISMCTS's return is above every other seat's, ½ when shared, 0
otherwise; the report gives the score with its 95 % Wilson interval, the score from each seat,
and the commits that played (each game line records its own, ``code``; lines from before that
field read "not recorded"). Games are appended to ``--log`` as they end, and a second run with
the same arguments plays only those missing.

    python bench/vs_flat_mc.py claim --time 0.2 -n 200 --log runs/claim-flat-0.2.jsonl -j 2
    python bench/vs_flat_mc.py caesar-cleopatra --time 1 -n 200 --log runs/cc-flat-1.jsonl
    python bench/vs_flat_mc.py seize-rome -o players=3 --time 0.2 -n 60 --log runs/sr3.jsonl

With ``--phase N`` (Claim only) the two agents meet in phase N alone: in the other phase every
seat is played by ISMCTS with the same budget, so the score says what ISMCTS gains over the
baseline in that phase.

    python bench/vs_flat_mc.py claim --phase 1 --time 0.2 -n 200 --log runs/claim-phase1.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import pathlib
import sys
import time
from collections import Counter

import ludus
from ludus.agents import make as make_agent
from ludus.arena.journal import code_version
from ludus.arena.match import choose
from ludus.arena.stats import derive_seed, wilson
from ludus.core.agent import Agent


class FlatMonteCarlo(Agent):
    """Try every move in sampled worlds, finish each by random play, keep the best average."""

    name = "flat-mc"

    def __init__(self, game, seed: int | None = None, time_limit: float = 0.2, tries: int | None = None):
        super().__init__(game, seed)
        self.time_limit = time_limit
        self.tries = tries      # a fixed number of finished games per decision instead (tests)

    def act(self, perspective):
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = perspective.player
        tries = [0] * len(legal)
        totals = [0.0] * len(legal)
        deadline = time.thread_time() + self.time_limit
        while (sum(tries) < self.tries) if self.tries is not None else (time.thread_time() < deadline):
            i = min(range(len(legal)), key=tries.__getitem__)   # the least tried move
            world = perspective.sample(self.rng)
            world.stop_tracking()                               # played out, never observed
            world.apply_trusted(legal[i])
            world.playout(self.rng)
            tries[i] += 1
            totals[i] += world.returns()[seat]
        best = max(range(len(legal)), key=lambda i: totals[i] / tries[i] if tries[i] else -math.inf)
        return legal[best]


def play(job: dict) -> dict:
    """One game: ``job`` names the game, the deal's seed, the ISMCTS seat and the time per move."""
    game = ludus.make(job["game"], **job["options"])
    state = game.new_state(seed=job["seed"])
    spec = f"ismcts:time={job['time']}" + (f",{job['search']}" if job.get("search") else "")
    searches = [make_agent(spec, game, seed=derive_seed(job["seed"], "ismcts", p)) for p in range(game.num_players)]
    agents = [searches[p] if p == job["ismcts_seat"] else
              FlatMonteCarlo(game, seed=derive_seed(job["seed"], "flat", p), time_limit=job["time"])
              for p in range(game.num_players)]
    duel = job.get("phase")          # None: the agents meet through the whole game
    while not state.is_terminal:
        p = state.current_player
        agent = agents[p] if duel is None or state.phase == duel else searches[p]
        state.apply(choose(agent, state, p), player=p)
    returns = list(state.returns())
    return {**job, "returns": returns, "decisions": len(state.history)}


def report(lines: list[dict], seats: int) -> list[str]:
    """The commits that played ``lines`` and ISMCTS's score from each seat it held, in the
    layout of bench/strength.py's report."""
    code = Counter(line.get("code", "not recorded") for line in lines)
    out = ["  played with: " + ", ".join(f"{version} ({n} games)" for version, n in code.items())]
    for seat in range(seats):
        mine = [score(line) for line in lines if line["ismcts_seat"] == seat]
        if mine:
            out.append(f"  from seat {seat}: {sum(mine) / len(mine):.1%} of {len(mine)}")
    return out


def score(line: dict) -> float:
    """1 when ISMCTS's return is above every other seat's, ½ when shared with another, else 0."""
    returns, seat = line["returns"], line["ismcts_seat"]
    best = max(returns)
    if returns[seat] < best:
        return 0.0
    return 1.0 if returns.count(best) == 1 else 0.5


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("-o", "--option", action="append", default=[], metavar="K=V", help="a game option")
    ap.add_argument("--time", type=float, default=0.2, help="CPU seconds per move for both agents (default 0.2)")
    ap.add_argument("-n", "--games", type=int, default=200, help="games, rounded up to whole rotations")
    ap.add_argument("--seed", type=int, default=0, help="the first deal's seed (deals are seed, seed+1, ...)")
    ap.add_argument("--search", default="", metavar="K=V,...",
                    help="ISMCTS parameters beyond the time, e.g. c=1.0,rollout=heuristic (default: the game's)")
    ap.add_argument("--phase", type=int, choices=(1, 2),
                    help="Claim: the agents meet in this phase only; ISMCTS plays every seat in the other")
    ap.add_argument("-j", "--workers", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--log", required=True, help="JSON-lines file of finished games (resumed if it exists)")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    game = ludus.make(args.game, **options)
    if args.phase is not None and game.id != "claim":
        ap.error(f"--phase is for Claim and its two phases, not {game.id}")
    seats = game.num_players
    deals = math.ceil(args.games / seats)
    jobs = [{"game": args.game, "options": options, "seed": args.seed + d, "ismcts_seat": (d + r) % seats,
             "time": args.time, **({"search": args.search} if args.search else {}),
             **({"phase": args.phase} if args.phase else {})}
            for d in range(deals) for r in range(seats)]
    log = pathlib.Path(args.log)
    done = []
    if log.exists():
        done = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    key = lambda j: (j["game"], json.dumps(j["options"], sort_keys=True), j["seed"], j["ismcts_seat"], j["time"],  # noqa: E731
                     j.get("search", ""), j.get("phase"))
    have = {key(line) for line in done}
    todo = [j for j in jobs if key(j) not in have]
    print(f"{args.game} {options or ''}: {len(done)} games logged, {len(todo)} to play at {args.time} s a move",
          file=sys.stderr)
    log.parent.mkdir(parents=True, exist_ok=True)
    code = code_version()
    with log.open("a") as out:
        pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
        results = pool.imap_unordered(play, todo) if pool else map(play, todo)
        try:
            for line in results:
                line["code"] = code
                out.write(json.dumps(line) + "\n")
                out.flush()
                done.append(line)
        finally:
            if pool:
                pool.terminate()
    mine = [line for line in done if key(line) in {key(j) for j in jobs}]
    total = sum(score(line) for line in mine)
    lo, hi = wilson(total, len(mine))
    search = f",{args.search}" if args.search else ""
    where = f" in phase {args.phase} only" if args.phase else ""
    print(f"ismcts:time={args.time}{search} against flat Monte Carlo at {args.time} s{where}, {args.game} "
          f"{options or ''}: {total / max(len(mine), 1):.1%} of {len(mine)} games (95 % interval {lo:.1%} … {hi:.1%})")
    print("\n".join(report(mine, seats)))


if __name__ == "__main__":
    main()
