"""Calibrate a game's five named levels: a round robin of the five, then each level's time per move.

    python bench/levels.py claim -n 100 --out bench/levels/claim
    python bench/levels.py seize-rome --specs random,heuristic:blunder=0.6,...  --out DIR   # candidates
    python bench/levels.py --plot docs/images/levels.png bench/levels/claim bench/levels/seize-rome

The round robin is ``ludus tournament GAME --agents SPECS -n N --out DIR`` (shared deals, both
seats of every deal, Bradley–Terry ratings with 95 % intervals); run the same command again to
resume it. The entrants are the level specs the game declares (``Game.parts.levels``) unless
``--specs`` names five candidates, weakest first. Then each level plays ``--timing-games`` games
against the heuristic (both seats), and the CPU time of its own decisions is averaged: the time a
person waits for it on this machine. ``DIR/levels.json`` gets the specs, ratings, the gaps
between neighbours, the times, the commit and the machine's load.

``--plot`` draws the ladders of several calibrated games side by side (rating with its interval
per level), and ``--table`` prints them as the Markdown table of docs/agents.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import ludus
from ludus.agents import make
from ludus.agents.levels import LEVEL_NAMES
from ludus.arena.match import choose
from ludus.core.options import parse_option_strings

ROOT = Path(__file__).resolve().parent.parent


def round_robin(game_id: str, specs: list[str], games: int, seed: int, out: Path, workers: int,
                options: list[str]) -> dict:
    """Run (or resume) the tournament of the five specs; its results.json."""
    command = [sys.executable, "-m", "ludus.cli", "tournament", game_id, "--agents", ",".join(specs),
               "-n", str(games), "--seed", str(seed), "-j", str(workers), "--out", str(out)]
    for option in options:
        command += ["-o", option]
    subprocess.run(command, check=True)
    return json.loads((out / "results.json").read_text())


def time_per_move(game, spec: str, games: int, seed: int) -> dict:
    """Mean and largest CPU seconds of ``spec``'s own decisions, against the heuristic from both
    seats of ``games // 2`` deals."""
    times = []
    for g in range(games):
        seat = g % 2
        agents = [make("heuristic", game, seed=seed + g) for _ in range(game.num_players)]
        agents[seat] = make(spec, game, seed=seed + g)
        state = game.new_state(seed=seed + g // 2)
        while not state.is_terminal:
            p = state.current_player
            start = time.process_time()
            action = choose(agents[p], state, p)
            if p == seat:
                times.append(time.process_time() - start)
            state.apply(action, player=p)
    return {"decisions": len(times), "mean_s": round(sum(times) / len(times), 4), "max_s": round(max(times), 3)}


def calibrate(args) -> None:
    game = ludus.make(args.game, **parse_option_strings(args.option))
    specs = args.specs.split(";") if args.specs else [game.parts.levels[name] for name in LEVEL_NAMES]
    if len(specs) != len(LEVEL_NAMES):
        sys.exit(f"--specs needs {len(LEVEL_NAMES)} agent specs separated by ';', weakest first; got {len(specs)}")
    out = Path(args.out)
    results = round_robin(args.game, specs, args.games, args.seed, out, args.workers, args.option)
    by_spec = {r["agent"]: r for r in results["ratings"]}
    levels = []
    for name, spec in zip(LEVEL_NAMES, specs, strict=True):
        rating = by_spec[spec]
        timing = time_per_move(game, spec, args.timing_games, args.seed) if args.timing_games else None
        levels.append({"level": name, "spec": spec, "rating": round(rating["rating"]), "lo": round(rating["lo"]),
                       "hi": round(rating["hi"]), "games": rating["games"], "time_per_move": timing})
        print(f"{name:9} {spec:28} {rating['rating']:+6.0f} ({rating['lo']:+.0f} … {rating['hi']:+.0f})"
              + (f"  {timing['mean_s']:.3f} s a move (at most {timing['max_s']:.2f})" if timing else ""), flush=True)
    for lower, upper in itertools.pairwise(levels):
        upper["gap_below"] = upper["rating"] - lower["rating"]
    neighbours = {(a["spec"], b["spec"]) for a, b in itertools.pairwise(levels)}
    summary = {"game": args.game, "options": results["options"], "games_per_pair": results["games_per_table"],
               "seed": results["seed"], "levels": levels, "commit": games_code(out), "date": time.strftime("%Y-%m-%d"),
               "machine": f"{os.cpu_count()} CPUs, {platform.processor() or platform.machine()}, Python "
                          f"{platform.python_version()}", "load_average": [round(x, 1) for x in os.getloadavg()]}
    # How each level scored against the next one up: the steps a person feels.
    summary["neighbours"] = [{"lower": p["agent"], "upper": p["opponent"], "lower_score": p["score"],
                              "interval": p["interval"], "games": p["meetings"]}
                             for p in results["pairwise"] if (p["agent"], p["opponent"]) in neighbours]
    (out / "levels.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"Written: {out / 'levels.json'}")


def plot(target: str, dirs: list[str]) -> None:
    """The ladders of several games side by side: each level's rating and 95 % interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ladders = [json.loads((Path(d) / "levels.json").read_text()) for d in dirs]
    fig, axes = plt.subplots(1, len(ladders), figsize=(3.6 * len(ladders), 3.8), sharey=True, squeeze=False)
    for ax, ladder in zip(axes[0], ladders, strict=True):
        xs = range(len(ladder["levels"]))
        ys = [lv["rating"] for lv in ladder["levels"]]
        errors = [[y - lv["lo"] for y, lv in zip(ys, ladder["levels"], strict=True)],
                  [lv["hi"] - y for y, lv in zip(ys, ladder["levels"], strict=True)]]
        ax.errorbar(xs, ys, yerr=errors, fmt="o-", capsize=4)
        ax.set_xticks(list(xs), [lv["level"] for lv in ladder["levels"]], rotation=30)
        ax.set_title(ludus.make(ladder["game"]).title, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("rating (Elo, mean of the five = 0)")
    fig.suptitle(f"The five levels, {ladders[0]['games_per_pair']} games a pair", fontsize=11)
    fig.tight_layout()
    fig.savefig(target, dpi=110)
    print(f"Written: {target}")


def table(dirs: list[str]) -> None:
    """The ladders as one Markdown table: per game and level its spec, rating, step up from the
    level below (with that pair's score), and time per move."""
    print("| game | level | spec | rating (95 % interval) | step from the level below | time per move |")
    print("| --- | --- | --- | ---: | --- | ---: |")
    for d in dirs:
        ladder = json.loads((Path(d) / "levels.json").read_text())
        steps = {n["upper"]: n for n in ladder["neighbours"]}
        for lv in ladder["levels"]:
            step = steps.get(lv["spec"])
            shown = (f"+{lv['gap_below']} (it scored {1 - step['lower_score']:.0%} of {step['games']})"
                     if step else "—")
            timing = lv["time_per_move"]
            seconds = "—" if not timing else "under 1 ms" if timing["mean_s"] < 0.001 else (
                f"{timing['mean_s'] * 1000:.0f} ms" if timing["mean_s"] < 0.1 else f"{timing['mean_s']:.2f} s")
            print(f"| {ludus.make(ladder['game']).title} | {lv['level']} | `{lv['spec']}` | "
                  f"{lv['rating']:+d} ({lv['lo']:+d} … {lv['hi']:+d}) | {shown} | {seconds} |")


def games_code(out: Path) -> str:
    """The code the round robin's games were played with, as its log records it (a resumed run
    may span several commits: all of them, in order of first use)."""
    codes: list[str] = []
    for line in (out / "games.jsonl").read_text().splitlines()[1:]:
        code = json.loads(line).get("code", "unknown")
        if code not in codes:
            codes.append(code)
    return ", ".join(codes) or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help="the game to calibrate")
    parser.add_argument("-n", "--games", type=int, default=100, help="games a pair (default 100)")
    parser.add_argument("--specs", help="five candidate specs separated by ';', weakest first "
                                        "(default: the game's declared levels)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--workers", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option K=V")
    parser.add_argument("--timing-games", type=int, default=4, help="games per level timed against the heuristic")
    parser.add_argument("--out", help="the tournament's directory (resumable)")
    parser.add_argument("--plot", metavar="PNG", help="draw the ladders of the calibrated DIRS instead")
    parser.add_argument("--table", action="store_true", help="print the ladders of the calibrated DIRS as Markdown")
    parser.add_argument("dirs", nargs="*", default=[], help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    dirs = ([args.game] if args.game else []) + args.dirs + rest
    if args.plot:
        plot(args.plot, dirs)
    elif args.table:
        table(dirs)
    elif args.game and args.out:
        calibrate(args)
    else:
        parser.error("name a game and --out DIR, or --plot PNG / --table with calibrated directories")


if __name__ == "__main__":
    main()
