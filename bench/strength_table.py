#!/usr/bin/env python3
"""The strength table of docs/agents.md, from the logs of ``bench/strength.py``.

    python bench/strength_table.py bench/strength/*.jsonl

One Markdown row per log: the game, the table of agents, the options that differ from the
game's defaults, games so far, the first agent's score (wins plus half the shared first
places) with its 95 % Wilson interval, its score from each seat, and the commits that played.
Reads only; a last line cut short by a running run is ignored.
"""

from __future__ import annotations

import json
import pathlib
import sys
from collections import Counter

import ludus
from ludus.arena.stats import wilson
from strength import score

HEADER = ("| game | table (measured agent first) | options | games | score | 95 % interval "
          "| by seat of the measured agent | code |\n| --- | --- | --- | ---: | ---: | ---: | --- | --- |")


def row(log: pathlib.Path) -> str:
    data = log.read_bytes()
    lines = data[:data.rfind(b"\n") + 1].decode().splitlines()
    head, games = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    specs = head["specs"]
    game = ludus.make(head["game"])
    defaults = game.options_dict()
    changed = {k: v for k, v in head["options"].items() if defaults.get(k) != v}
    side = {i for i, s in enumerate(specs) if s == specs[0]}
    if not games:
        return f"| {game.title} | {' vs '.join(specs)} | {_options(changed)} | 0 | | | | |"
    total = sum(score(g, side) for g in games)
    lo, hi = wilson(total, len(games))
    seats = []
    for seat in range(len(specs)):
        part = [g for g in games if g["seats"][seat] == 0]
        if part:
            seats.append(f"{sum(score(g, side) for g in part) / len(part):.0%} of {len(part)}")
    code = Counter(g.get("code", "not recorded") for g in games)
    return (f"| {game.title} | {' vs '.join(specs)} | {_options(changed)} | {len(games)} of {head['games']} "
            f"| {total / len(games):.1%} | {lo:.1%}–{hi:.1%} | {' / '.join(seats)} "
            f"| {', '.join(f'{c} ({n})' for c, n in code.items())} |")


def _options(changed: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in changed.items()) or "defaults"


def main(argv: list[str]) -> int:
    if not argv:
        sys.exit("give the logs: python bench/strength_table.py bench/strength/*.jsonl")
    print(HEADER)
    for name in argv:
        print(row(pathlib.Path(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
