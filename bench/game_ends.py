#!/usr/bin/env python3
"""How games end: N games between agents, tallied by the observation's ``end_reason``.

A rule that makes games end the wrong way shows here first: in Caesar & Cleopatra the stalemate
guard (C22) should end almost no game, because an action card may open a full board (C14); in
Seize Rome the share of games that run out of cards (S15) against those won on regions (S14).
Each line is a reason, how many games ended so, and the share with its 95 % Wilson interval;
also the mean length in decisions. Deals are seeded (``--seed``), so a run is reproducible.

    python bench/game_ends.py caesar-cleopatra -n 500
    python bench/game_ends.py caesar-cleopatra -n 500 -o edition=2024
    python bench/game_ends.py seize-rome -n 500 --agents heuristic,random
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

import ludus
import ludus.agents
from ludus.arena.lab import end_reason as reason_of
from ludus.arena.match import choose
from ludus.arena.stats import wilson
from ludus.core.options import parse_option_strings


def tally(game, specs: list[str], games: int, seed: int) -> tuple[Counter, float]:
    """Play ``games`` deals (seed + k) and count their end reasons; also the mean length."""
    ends: Counter = Counter()
    steps = 0
    for k in range(games):
        state = game.new_state(seed=seed + k)
        agents = [ludus.agents.make(spec, game, seed=(seed + k) * 16 + p) for p, spec in enumerate(specs)]
        while not state.is_terminal:
            p = state.current_player
            state.apply_trusted(choose(agents[p], state, p))
            steps += 1
        ends[reason_of(state)] += 1
    return ends, steps / games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a game id (ludus games)")
    ap.add_argument("-n", "--games", type=int, default=500)
    ap.add_argument("--agents", default="heuristic", help="specs, comma-separated, one per seat "
                    "(one spec fills every seat); default: heuristic")
    ap.add_argument("-o", "--option", action="append", default=[], metavar="K=V")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    game = ludus.make(args.game, **parse_option_strings(args.option))
    specs = [s.strip() for s in args.agents.split(",")]
    if len(specs) == 1:
        specs *= game.num_players
    if len(specs) != game.num_players:
        ap.error(f"{args.game} has {game.num_players} seats; give one spec or {game.num_players}")
    ends, length = tally(game, specs, args.games, args.seed)
    options = ", ".join(f"{k}={v}" for k, v in game.options_dict().items())
    print(f"{args.game} ({options}); agents {', '.join(specs)}; {args.games} games, seeds "
          f"{args.seed}..{args.seed + args.games - 1}; mean length {length:.0f} decisions\n")
    print("| how the game ended | games | share | 95 % interval |")
    print("| --- | ---: | ---: | ---: |")
    for reason, n in ends.most_common():
        lo, hi = wilson(n, args.games)
        print(f"| {reason} | {n} | {n / args.games:.1%} | {lo:.1%}–{hi:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
