#!/usr/bin/env python3
"""Two runs on the same deals, compared deal by deal: which games only one of them won.

A variant's score and its baseline's are each known to some ±7 points over 200 games, but two
runs that play the same deals from the same seats can be compared game by game, which is far
sharper: games both won or both lost say nothing of the difference, the games only one run won
say all of it. This reads two logs of ``bench/strength.py`` or of ``bench/vs_flat_mc.py`` (of
the same kind), pairs their games by deal and seat, and prints each run's score over the games
they share, how many of those only the first and only the second run won (a shared first place
against a win or a loss counts half), and the two-sided sign test of those counts.

    python bench/paired.py bench/inference/claim-0.2s-infer50-vs-heuristic.jsonl \
        bench/inference/claim-0.2s-vs-heuristic.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import strength  # noqa: E402  (this folder's script)
import vs_flat_mc  # noqa: E402


def scores(path: pathlib.Path) -> tuple[str, dict]:
    """The kind of log (``strength`` or ``flat-mc``) and each game's score for the measured
    side, by deal and seat."""
    lines = []
    text = [line for line in path.read_text().splitlines() if line.strip()]
    for n, line in enumerate(text):
        try:
            lines.append(json.loads(line))
        except json.JSONDecodeError:
            if n < len(text) - 1:
                raise SystemExit(f"{path}: line {n + 1} is not JSON") from None
            print(f"{path}: its last line is cut short (a run stopped while writing it); left out",
                  file=sys.stderr)
    if not lines:
        raise SystemExit(f"{path} holds no games")
    if "specs" in lines[0]:             # a strength.py journal: its header, then the games
        specs = lines[0]["specs"]
        side = {i for i, s in enumerate(specs) if s == specs[0]}
        return "strength", {(g["deal_seed"], g["rotation"]): strength.score(g, side) for g in lines[1:]}
    if "ismcts_seat" in lines[0]:
        return "flat-mc", {(json.dumps(g["options"], sort_keys=True), g["seed"], g["ismcts_seat"]): vs_flat_mc.score(g)
                           for g in lines}
    raise SystemExit(f"{path} is neither a bench/strength.py nor a bench/vs_flat_mc.py log")


def sign_test(first: float, second: float) -> float:
    """Two-sided p of ``first`` against ``second`` discordant games under no difference (exact
    binomial; a half game counts as a whole one on each side, which can only raise p)."""
    first, second = math.ceil(first), math.ceil(second)
    n = first + second
    k = min(first, second)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(a: dict, b: dict) -> dict:
    shared = sorted(a.keys() & b.keys())
    only_a = sum(max(a[k] - b[k], 0.0) for k in shared)
    only_b = sum(max(b[k] - a[k], 0.0) for k in shared)
    n = len(shared)
    return {"games": n, "first": sum(a[k] for k in shared) / n if n else 0.0,
            "second": sum(b[k] for k in shared) / n if n else 0.0,
            "only_first": only_a, "only_second": only_b, "p": sign_test(only_a, only_b)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("first", type=pathlib.Path)
    ap.add_argument("second", type=pathlib.Path)
    args = ap.parse_args(argv)
    kind_a, a = scores(args.first)
    kind_b, b = scores(args.second)
    if kind_a != kind_b:
        raise SystemExit(f"{args.first} is a {kind_a} log and {args.second} a {kind_b} log: compare logs of one kind")
    r = compare(a, b)
    if not r["games"]:
        raise SystemExit("the two logs share no game (same deals and seats): were they played with the same --seed?")
    print(f"{r['games']} games on the same deals and seats: {args.first.name} {r['first']:.1%}, "
          f"{args.second.name} {r['second']:.1%}; won only by the first {r['only_first']:g}, "
          f"only by the second {r['only_second']:g} (sign test p = {r['p']:.2g})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
