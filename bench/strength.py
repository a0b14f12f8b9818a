#!/usr/bin/env python3
"""Strength of one agent against another: a long two-agent tournament that can be stopped and resumed.

Strength runs at one second per move cost hours of CPU. This runs the pairing as a
``ludus.arena.Tournament`` (shared deals, every deal from both seats — or every cyclic seat
rotation with more players), appends each finished game to a JSON-lines log, and on a second
run with the same arguments plays only the games missing from the log. It then prints the
score of the first agent with its 95 % Wilson interval, per seat and in all.

    python bench/strength.py claim ismcts:hard,heuristic --games 400 --log runs/claim-hard.jsonl
    python bench/strength.py seize-rome ismcts:hard,random -n 400 --log runs/sr.jsonl -j 2
    python bench/strength.py claim ismcts:hard,heuristic,heuristic -o players=3 --log ...
    python bench/strength.py claim ismcts:hard,heuristic,ismcts:hard,heuristic -o players=4 --log ...
    python bench/strength.py claim ismcts:hard,heuristic -n 400 --log runs/claim-hard.jsonl --report
    python bench/strength.py caesar-cleopatra ismcts:iterations=3000,heuristic -o edition=2024 \
        --seat 1 -n 400 --log runs/caesar-3000.jsonl

The agents fill the seats of a table in order (two agents on a 3-seat table: the second fills
both other seats; a 4-seat table is always given whole and played with fixed partners, so that
partners are explicit); the first agent's spec is the one measured, and every seat with that
spec is on its side (Claim's partners). Each game line records the commit it was played with
(``code``).
The log is a ``ludus.arena.Journal`` whose header is this script's own (its arguments, as the
logs in ``bench/strength/`` have it). A game scores 1 for that side when its best return is
above every other seat's, ½ when shared, 0 otherwise. Rotations are cyclic, so each agent
plays every seat of every deal. ``--seat K`` keeps only the games where the measured agent sits
at seat K (half of them with two seats): the way to study one seat, e.g. a seat gap, at half the
cost; the deals stay those of the whole run, so ``bench/paired.py`` pairs two such runs. (On a
4-seat table with fixed partners it keeps a quarter of the games, and seats 0 and 2 are one side.)
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import sys
import time
from collections import Counter

import ludus
from ludus.agents.base import split_agent_specs
from ludus.arena import Journal, Tournament, make_backend
from ludus.arena.stats import wilson
from ludus.core.errors import OptionError
from ludus.core.options import parse_option_strings


def planned_games(head: dict) -> int:
    """Games the run plays in all: ``--games`` rounded up to whole rotations of the seats, one
    game a deal where the run keeps one seat."""
    seats = len(head["specs"])
    deals = math.ceil(head["games"] / seats)
    return deals if "seat" in head else deals * seats


def score(game: dict, side: set[int]) -> float:
    """The measured side's result in one game: 1 won, ½ shared first place, 0 otherwise."""
    returns, seats = game["returns"], game["seats"]
    mine = max(r for p, r in enumerate(returns) if seats[p] in side)
    best_other = max(r for p, r in enumerate(returns) if seats[p] not in side)
    return 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("agents", help="the table, comma-separated, measured agent first: ismcts:hard,heuristic")
    ap.add_argument("-n", "--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("-o", "--option", action="append", default=[], help="a game option K=V")
    ap.add_argument("-j", "--workers", type=int, default=None)
    ap.add_argument("--log", required=True, type=pathlib.Path, help="JSON-lines file of finished games")
    ap.add_argument("--report", action="store_true", help="only report what the log holds; play nothing")
    ap.add_argument("--seat", type=int, default=None,
                    help="play only the games where the measured agent sits at this seat (0 first)")
    args = ap.parse_args(argv)

    options = parse_option_strings(args.option)
    specs = split_agent_specs(args.agents)
    seats = ludus.make(args.game, **options).num_players
    if len(specs) == 2 and seats <= 3:
        specs += [specs[1]] * (seats - 2)
    if len(specs) != seats:
        sys.exit(f"{args.game} has {seats} seats: give {seats} agents (with 4 seats always the whole "
                 f"table, so partners are explicit: A,B,A,B) or, up to 3 seats, 2; not {len(specs)}")
    if args.seat is not None and not 0 <= args.seat < seats:
        sys.exit(f"--seat {args.seat} is not a seat of this {seats}-seat table; give 0 to {seats - 1}")
    tournament = Tournament(args.game, specs, games=args.games, seed=args.seed, options=options, partners="fixed")
    fingerprint = {"game": args.game, "options": tournament.options, "specs": specs,
                   "games": args.games, "seed": args.seed}
    if args.seat is not None:          # only then: the logs of whole runs keep their header
        fingerprint["seat"] = args.seat
    journal = Journal(args.log, fingerprint)   # the run's header; a line cut short by a stop is cut off
    try:
        done = journal.load(repair=not args.report)
    except OptionError as e:
        sys.exit(str(e))
    if args.report:
        if done:
            report(list(done.values()), specs)
        return 0
    units = [u for u in tournament.units() if u.index not in done   # one table: the rotations of specs
             and (args.seat is None or u.seats[args.seat] == 0)]
    print(f"{len(done)} games in the log, {len(units)} to play", flush=True)
    start = time.time()

    def on_done(batch):
        for line in journal.append(batch):
            done[line["index"]] = line
        print(f"{len(done)} games, {time.time() - start:.0f} s", flush=True)

    if units:
        # one worker: play in this process, so every game reaches the log as soon as it ends
        backend = make_backend("serial" if args.workers == 1 else "local", args.workers)
        backend.run(tournament.game_id, tournament.options, units, on_done)
    report(list(done.values()), specs)
    return 0


@dataclasses.dataclass
class Summary:
    """The measured agent's results over a log's games."""

    games: int
    score: float                          # wins plus half the shared first places, over games
    lo: float                             # 95 % Wilson interval of the score
    hi: float
    by_seat: list[tuple[int, float, int]]   # (seat of the measured agent, score, games), seats with games
    code: Counter                         # games per commit that played them


def summarize(games: list[dict], specs: list[str]) -> Summary:
    side = {i for i, s in enumerate(specs) if s == specs[0]}
    total = sum(score(g, side) for g in games)
    lo, hi = wilson(total, len(games))
    by_seat = []
    for seat in range(len(specs)):
        part = [g for g in games if g["seats"][seat] == 0]
        if part:
            by_seat.append((seat, sum(score(g, side) for g in part) / len(part), len(part)))
    return Summary(len(games), total / len(games), lo, hi, by_seat,
                   Counter(g.get("code", "not recorded") for g in games))


def report(games: list[dict], specs: list[str]) -> None:
    s = summarize(games, specs)
    print(f"{','.join(specs)}: {specs[0]} scores {s.score:.1%} of {s.games} games "
          f"(95 % interval {s.lo:.1%} … {s.hi:.1%})")
    print("  played with: " + ", ".join(f"{v} ({n} games)" for v, n in s.code.items()))
    for seat, rate, n in s.by_seat:
        print(f"  from seat {seat}: {rate:.1%} of {n}")


if __name__ == "__main__":
    sys.exit(main())
