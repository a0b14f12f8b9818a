#!/usr/bin/env python3
"""Profile the engine's hot loops with cProfile and print the top functions by own time.

    python bench/profile_engine.py                                  # caesar-cleopatra playouts
    python bench/profile_engine.py --mode resample --top 30
    python bench/profile_engine.py --game caesar-cleopatra --options action_deck=shuffled \
        --mode apply --games 300 --sort cumulative --save /tmp/cc.prof   # then snakeviz/pstats

Modes: ``playout`` (random games with ``apply_trusted``, the search/RL loop), ``apply``
(the same with the validating ``apply``), ``resample`` (``resample`` for the seat to move over
the decision states of random games), ``clone`` (``clone`` over the same states). cProfile
roughly doubles the cost of each Python call, so read shares, not absolute times; measure
speed with bench_engine.py.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time

import ludus
from ludus.core.options import parse_option_strings


def _playouts(game, games: int, validate: bool, seed: int) -> int:
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_state(seed=rng.getrandbits(31))
        apply = state.apply if validate else state.apply_trusted
        while not state.is_terminal:
            apply(rng.choice(state.legal_actions()))
            decisions += 1
        state.returns()
    return decisions


def _states(game, games: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_state(seed=rng.getrandbits(31))
        while not state.is_terminal:
            out.append(state.clone())
            state.apply_trusted(rng.choice(state.legal_actions()))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="caesar-cleopatra", help="game id (default caesar-cleopatra)")
    ap.add_argument("--options", action="append", metavar="K=V", default=[],
                    help="a game option (repeatable)")
    ap.add_argument("--mode", choices=("playout", "apply", "resample", "clone"), default="playout")
    ap.add_argument("--games", type=int, default=None,
                    help="random games to play (default 400 for playouts, 20 for resample/clone)")
    ap.add_argument("--repeat", type=int, default=10, help="passes over the states (resample/clone)")
    ap.add_argument("--top", type=int, default=25, help="functions to print")
    ap.add_argument("--sort", default="tottime", help="pstats sort key (tottime, cumulative, ncalls)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", metavar="FILE", help="also dump the raw profile (pstats format)")
    args = ap.parse_args(argv)

    game = ludus.make(args.game, **parse_option_strings(args.options))
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    if args.mode in ("playout", "apply"):
        games = args.games or 400
        _playouts(game, 2, args.mode == "apply", args.seed + 1)          # warm-up
        prof.enable()
        calls = _playouts(game, games, args.mode == "apply", args.seed)
        prof.disable()
        what = f"{games} random games, {calls:,} decisions ({args.mode})"
    else:
        states = _states(game, args.games or 20, args.seed)
        rng = random.Random(args.seed)
        prof.enable()
        for _ in range(args.repeat):
            if args.mode == "resample":
                for s in states:
                    s.resample(s.current_player, rng)
            else:
                for s in states:
                    s.clone()
        prof.disable()
        calls = len(states) * args.repeat
        what = f"{calls:,} {args.mode} calls over {len(states):,} decision states"
    elapsed = time.perf_counter() - t0

    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).strip_dirs().sort_stats(args.sort)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"{args.game} {dict(game.options_dict())}")
    print(f"{what}; profiled {total:.2f} s ({elapsed:.2f} s wall), "
          f"{total / calls * 1e6:.1f} µs per call under the profiler")
    stats.print_stats(args.top)
    text = out.getvalue()
    # pstats prints a preamble (file, totals); keep from the column header on.
    start = text.find("   ncalls")
    print(text[start:] if start >= 0 else text)
    if args.save:
        stats.dump_stats(args.save)
        print(f"saved {args.save}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
