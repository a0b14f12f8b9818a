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

The agents fill the seats of a table in order (two agents on a 3-seat table: the second fills
both other seats; a 4-seat table is always given whole and played with fixed partners, so
that partners are explicit); the
first agent's spec is the one measured, and every seat with that spec is on its side (Claim's
partners). Each game line records the commit it was played with. A game scores 1 for that side when its best return is
above every other seat's, ½ when shared, 0 otherwise. Rotations are cyclic, so each agent
plays every seat of every deal.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import pathlib
import subprocess
import sys
import time
from collections import Counter

import ludus
from ludus.agents.base import split_agent_specs
from ludus.arena import Tournament, make_backend
from ludus.arena.stats import wilson
from ludus.core.options import parse_option_strings


def read_log(log: pathlib.Path) -> tuple[dict | None, list[dict], int]:
    """The log's header line (the run's arguments), its games, and the length of its complete
    lines: a last line without its newline was cut short by a stopped run and is ignored."""
    data = log.read_bytes()
    complete = data[:data.rfind(b"\n") + 1]
    lines = complete.decode().splitlines()
    games = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError:
            sys.exit(f"{log}: line {number} is not JSON; fix or remove it")
    return (json.loads(lines[0]) if lines else None), games, len(complete)


def load(log: pathlib.Path, fingerprint: dict, repair: bool) -> dict[int, dict]:
    """Games already in the log (by unit index); the log must be of the same run.

    With ``repair`` a last line cut short is cut from the file (its game is played again);
    ``--report`` never writes.
    """
    if not log.exists():
        return {}
    head, games, complete = read_log(log)
    if head != fingerprint:
        sys.exit(f"{log} holds another run ({head}); use another --log or the same arguments")
    if repair and complete < log.stat().st_size:
        with log.open("r+b") as f:
            f.truncate(complete)
    return {game["index"]: game for game in games}


def planned_games(head: dict) -> int:
    """Games the run plays in all: ``--games`` rounded up to whole rotations of the seats."""
    seats = len(head["specs"])
    return math.ceil(head["games"] / seats) * seats


def code_version() -> str:
    """The commit the games are played with (``+changes`` when src/ differs from it)."""
    here = pathlib.Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True,
                                text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "src"], cwd=here, capture_output=True,
                                 text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"ludus {ludus.__version__}"
    return commit + ("+changes" if changed else "")


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
    args = ap.parse_args(argv)

    options = parse_option_strings(args.option)
    specs = split_agent_specs(args.agents)
    seats = ludus.make(args.game, **options).num_players
    if len(specs) == 2 and seats <= 3:
        specs += [specs[1]] * (seats - 2)
    if len(specs) != seats:
        sys.exit(f"{args.game} has {seats} seats: give {seats} agents (with 4 seats always the whole "
                 f"table, so partners are explicit: A,B,A,B) or, up to 3 seats, 2; not {len(specs)}")
    tournament = Tournament(args.game, specs, games=args.games, seed=args.seed, options=options, partners="fixed")
    fingerprint = {"game": args.game, "options": tournament.options, "specs": specs,
                   "games": args.games, "seed": args.seed}
    done = load(args.log, fingerprint, repair=not args.report)
    if args.report:
        if done:
            report(list(done.values()), specs)
        return 0
    args.log.parent.mkdir(parents=True, exist_ok=True)
    if not args.log.exists():
        args.log.write_text(json.dumps(fingerprint) + "\n")
    units = [u for u in tournament.units() if u.index not in done]   # one table: the rotations of specs
    print(f"{len(done)} games in the log, {len(units)} to play", flush=True)
    start = time.time()
    code = code_version()

    def on_done(batch):
        # The log is opened anew for every batch: a run lasts hours, and a file replaced meanwhile
        # (a git checkout or stash of bench/strength/) must receive the next games, not a
        # deleted file that an open handle would keep writing to.
        with args.log.open("a") as f:
            for g in batch:
                line = {**g.to_dict(), "code": code}
                f.write(json.dumps(line) + "\n")
                done[g.index] = line
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
