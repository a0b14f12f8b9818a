#!/usr/bin/env python3
"""The strength table of docs/agents.md, from the logs of ``bench/strength.py``.

    python bench/strength_table.py bench/strength/*.jsonl

One Markdown row per log: the game, the table of agents, the options that differ from the
game's defaults, games so far, the first agent's score (wins plus half the shared first
places) with its 95 % Wilson interval, its score from each seat, and the commits that played.
Reads only; a last line cut short by a running run is ignored.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

import ludus
from ludus.arena.journal import read_journal
from strength import planned_games, summarize

HEADER = ("| game | table (measured agent first) | options | games | score | 95 % interval "
          "| by seat of the measured agent | code |\n| --- | --- | --- | ---: | ---: | ---: | --- | --- |")


def row(log: pathlib.Path) -> str:
    head, games, _ = read_journal(log)
    specs = head["specs"]
    game = ludus.make(head["game"])
    defaults = game.options_dict()
    changed = {k: v for k, v in head["options"].items() if defaults.get(k) != v}
    start = f"| {game.title} | {' vs '.join(specs)} | {_options(changed)}"
    if not games:
        return f"{start} | 0 of {planned_games(head)} | | | | |"
    s = summarize(games, specs)
    seats = " / ".join(f"seat {seat} {rate:.0%} of {n}" if len(s.by_seat) < len(specs) else f"{rate:.0%} of {n}"
                       for seat, rate, n in s.by_seat)
    return (f"{start} | {s.games} of {planned_games(head)} | {s.score:.1%} | {s.lo:.1%}–{s.hi:.1%} | {seats} "
            f"| {', '.join(f'{c} ({n})' for c, n in s.code.items())} |")


def _options(changed: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in changed.items()) or "defaults"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="The strength table of docs/agents.md, one Markdown row per "
                                     "log of bench/strength.py.")
    parser.add_argument("logs", nargs="+", type=pathlib.Path, help="logs, e.g. bench/strength/*.jsonl")
    args = parser.parse_args(argv)
    print(HEADER)
    for log in args.logs:
        print(row(log))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
