#!/usr/bin/env python3
"""Engine benchmark: random playouts and per-call costs, per game and option set, on one core.

For every game in ``ludus.game_ids()`` and every option set (the defaults, then each
non-default value of each option alone; sets ``ludus.make`` refuses are skipped) it measures:

* random playouts to the end -- ``legal_actions()``, ``rng.choice``, ``apply_trusted(a)`` --
  as games/s and decisions/s (``new_state`` and one ``returns()`` per game included), the
  same loop with the validating ``apply(a)`` as a second figure, and the loop a search runs in
  its worlds (``stop_tracking()`` first: no per-seat knowledge kept) as a third;
* micro-benchmarks over the decision states visited by random games (about 1,500 states):
  ``apply`` (validating, legal actions already listed) and ``apply_trusted`` each on a fresh
  clone (clone untimed), ``legal_actions()`` on a fresh clone (nothing cached), ``clone()``,
  ``resample(p, rng)`` for the seat to move, and ``new_state``. Each is timed as a batch over
  all states, repeated for the time budget, with the garbage collector off (as timeit does);
  the figure is the median batch's µs per call.

Time is this process's CPU time by default (``--clock wall`` for wall time): the machine is a
shared VM where other jobs take turns on the cores, and CPU time does not count the time the
benchmark waited for a core (it still pays for caches the others evicted). The "CPU share"
column is CPU time / wall time during the playouts: well under 100% means a busy machine.

It prints a markdown table (and a reference primitive, ``rng.choice`` of a 10-list, to compare
machines and runs). ``--json FILE`` writes every raw number, wall-clock rates included.

    python bench/bench_engine.py                       # everything, in about --budget 420 s CPU
    python bench/bench_engine.py --quick               # defaults only, short budgets
    python bench/bench_engine.py --game caesar-cleopatra --options wrath=face-up --seconds 3
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

import ludus
from ludus import OptionError
from ludus.arena.journal import code_version
from ludus.arena.speed import random_playout
from ludus.core.options import option_choices, parse_option_strings

TARGETS = {  # the speeds we aim for, checked for these games (defaults)
    "caesar-cleopatra": {"decisions_per_s": 100_000, "resamples_per_s": 20_000},
    "claim": {"games_per_s": 2_000},
}
NUM_STATES = 1500       # decision states for the micro-benchmarks (whole random games, ~6)
SLICES = 5              # playout time is split into slices to show the spread
WARMUP_GAMES = 3
COST_PER_SET = 10       # clock seconds one option set costs per second of --seconds (measured)
MIN_SECONDS, MAX_SECONDS = 0.5, 5.0


# -- option sets ------------------------------------------------------------------------------

def option_sets(game_id: str, given: dict[str, str] | None = None) -> list[tuple[str, dict]]:
    """(label, options) to measure: ``given`` alone, or defaults + each other value alone."""
    if given is not None:
        label = ",".join(f"{k}={v}" for k, v in given.items()) or "defaults"
        return [(label, dict(given))]
    base = ludus.make(game_id)
    defaults = base.options_dict()
    out = [("defaults", {})]
    for name, values in option_choices(type(base.options)).items():
        for value in values:
            if value != defaults[name]:
                out.append((f"{name}={value}", {name: value}))
    return out


# -- random playouts --------------------------------------------------------------------------

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def bench_playouts(game, seconds: float, validate: bool, clock=time.process_time, seed: int = 12345,
                   search: bool = False) -> dict:
    """Random games for ``seconds`` of ``clock`` time, in SLICES slices (to show the spread)."""
    rng = random.Random(seed)
    for _ in range(WARMUP_GAMES):
        random_playout(game, rng, validate, search)
    slices = []
    games = decisions = 0
    load = os.getloadavg()[0]
    start, wall0, cpu0 = clock(), time.perf_counter(), time.process_time()
    for i in range(SLICES):
        g = d = 0
        s0 = clock()
        end = start + seconds * (i + 1) / SLICES
        while True:
            d += random_playout(game, rng, validate, search)
            g += 1
            now = clock()
            if now >= end:
                break
        slices.append(d / (now - s0))
        games += g
        decisions += d
    elapsed = clock() - start
    wall = time.perf_counter() - wall0
    return {
        "games": games, "decisions": decisions, "seconds": elapsed, "wall_seconds": wall,
        "cpu_share": (time.process_time() - cpu0) / wall,
        "games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed,
        "wall_decisions_per_s": decisions / wall, "decisions_per_game": decisions / games,
        "slice_decisions_per_s": slices, "loadavg_before": load,
    }


# -- micro-benchmarks -------------------------------------------------------------------------

def collect_states(game, count: int = NUM_STATES, seed: int = 2024) -> list[tuple]:
    """(snapshot, chosen action) at each decision of whole random games, ``count`` or more.

    A snapshot is a clone taken before anything listed its legal actions, so clones of it
    start with nothing cached.
    """
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_state(seed=rng.getrandbits(31))
        while not state.is_terminal:
            snap = state.clone()
            action = rng.choice(state.legal_actions())
            out.append((snap, action))
            state.apply_trusted(action)
    return out


def _rounds(run, budget: float, min_rounds: int = 3, max_wall: float | None = None) -> list[float]:
    """Call ``run()`` (returns timed seconds for one batch) until ``budget`` timed seconds."""
    times: list[float] = []
    spent = 0.0
    wall0 = time.perf_counter()
    max_wall = max_wall if max_wall is not None else 8 * budget + 2
    while len(times) < min_rounds or (spent < budget and time.perf_counter() - wall0 < max_wall):
        t = run()
        times.append(t)
        spent += t
    return times


def bench_micro(game, states: list[tuple], budget: float, clock=time.process_time) -> dict:
    snaps = [s for s, _ in states]
    pairs = states
    n = len(states)
    perf = clock
    rng = random.Random(99)

    def clone_batch():
        t0 = perf()
        for s in snaps:
            s.clone()
        return perf() - t0

    def legal_batch():
        fresh = [s.clone() for s in snaps]
        t0 = perf()
        for s in fresh:
            s.legal_actions()
        return perf() - t0

    def apply_batch():
        fresh = [(s.clone(), a) for s, a in pairs]
        for s, _ in fresh:
            s.legal_actions()          # as in a playout: the moves were listed first
        t0 = perf()
        for s, a in fresh:
            s.apply(a)
        return perf() - t0

    def trusted_batch():
        fresh = [(s.clone(), a) for s, a in pairs]
        t0 = perf()
        for s, a in fresh:
            s.apply_trusted(a)
        return perf() - t0

    def resample_batch():
        t0 = perf()
        for s in snaps:
            s.resample(s.current_player, rng)
        return perf() - t0

    seeds = list(range(200))

    def new_batch():
        t0 = perf()
        for i in seeds:
            game.new_state(seed=i)
        return perf() - t0

    out = {"states": n}
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for name, run, calls in (("apply", apply_batch, n), ("apply_trusted", trusted_batch, n),
                                 ("legal", legal_batch, n), ("clone", clone_batch, n),
                                 ("resample", resample_batch, n), ("new_state", new_batch, len(seeds))):
            run()  # warm-up
            times = _rounds(run, budget)
            per_call = [t / calls * 1e6 for t in times]
            out[name] = {"us_median": statistics.median(per_call), "us_min": min(per_call),
                         "us_max": max(per_call), "rounds": len(times), "calls_per_round": calls}
            gc.collect()
    finally:
        if gc_was:
            gc.enable()
    out["resamples_per_s"] = 1e6 / out["resample"]["us_median"]
    return out


# -- machine -------------------------------------------------------------------------------

def machine_info(clock=time.process_time) -> dict:
    model = platform.processor() or platform.machine()
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        for line in text.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    ref = random.Random(1)
    lst = list(range(10))
    best = min(timeit.repeat(lambda: ref.choice(lst), timer=clock, number=200_000, repeat=5))
    choice_us = best / 200_000 * 1e6
    return {
        "cpu_model": model,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
        "ludus_file": ludus.__file__,
        "code": code_version(),     # of the ludus measured, not of this script's tree
        "loadavg": os.getloadavg(),
        "ref_rng_choice_us": choice_us,
    }


# -- output --------------------------------------------------------------------------------

def _fmt(x: float | None) -> str:
    if x is None:
        return "n/a"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def table(results: list[dict]) -> str:
    head = ("| game | options | games/s | decisions/s | decisions/s (apply) | decisions/s (search) | "
            "decisions/game | "
            "apply µs | apply_trusted µs | legal µs | clone µs | resample µs | resamples/s | "
            "new_state µs | CPU share |")
    lines = [head, "|" + "---|" * 2 + "---:|" * 13]
    for r in results:
        if "skipped" in r:
            lines.append(f"| {r['game']} | {r['label']} | skipped: {r['skipped']} |" + " |" * 12)
            continue
        t, v, m = r["playout"], r.get("playout_apply"), r.get("micro")
        q = r.get("playout_search")
        cells = [_fmt(t["games_per_s"]), _fmt(t["decisions_per_s"]),
                 _fmt(v["decisions_per_s"]) if v else "n/a", _fmt(q["decisions_per_s"]) if q else "n/a",
                 _fmt(t["decisions_per_game"])]
        if m:
            keys = ("apply", "apply_trusted", "legal", "clone", "resample")
            cells += [_fmt(m[k]["us_median"]) for k in keys]
            cells += [_fmt(m["resamples_per_s"]), _fmt(m["new_state"]["us_median"])]
        else:
            cells += ["n/a"] * 7
        cells.append(f"{t['cpu_share']:.0%}")
        lines.append(f"| {r['game']} | {r['label']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def target_lines(results: list[dict]) -> list[str]:
    out = []
    for r in results:
        goal = TARGETS.get(r["game"])
        if not goal or r["label"] != "defaults" or "skipped" in r:
            continue
        for key, what in (("decisions_per_s", "decisions/s"), ("games_per_s", "games/s")):
            if key not in goal:
                continue
            d = r["playout"][key]
            out.append(f"- {r['game']} {what} {d:,.0f} vs target {goal[key]:,}: {d / goal[key]:.2f}x of target")
            if r.get("playout_search"):
                d = r["playout_search"][key]
                out.append(f"- {r['game']} {what} in search copies {d:,.0f}: {d / goal[key]:.2f}x of target")
        if r.get("micro") and "resamples_per_s" in goal:
            rs = r["micro"]["resamples_per_s"]
            out.append(f"- {r['game']} resamples/s {rs:,.0f} vs target {goal['resamples_per_s']:,}: "
                       f"{rs / goal['resamples_per_s']:.2f}x of target")
    return out


# -- main ----------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    ap.add_argument("--options", action="append", metavar="K=V",
                    help="measure only this option set (repeat to combine options)")
    ap.add_argument("--seconds", type=float, default=None,
                    help="clock seconds of each playout figure (default: from --budget; 1 with --quick)")
    ap.add_argument("--budget", type=float, default=420.0,
                    help="clock seconds for the whole run when --seconds is not given (default 420): "
                         f"seconds = budget / option sets / {COST_PER_SET}, within {MIN_SECONDS}..{MAX_SECONDS}")
    ap.add_argument("--micro-seconds", type=float, default=None,
                    help="timed seconds of each micro-benchmark (default 0.4 x seconds)")
    ap.add_argument("--quick", action="store_true", help="defaults only, short budgets (a smoke run)")
    ap.add_argument("--no-micro", action="store_true", help="playouts only")
    ap.add_argument("--no-apply", action="store_true", help="skip the validating-apply playout figure")
    ap.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                    help="time by this process's CPU time (default: robust on a shared machine) or wall time")
    ap.add_argument("--json", metavar="FILE", help="write raw numbers as JSON")
    args = ap.parse_args(argv)

    clock = CLOCKS[args.clock]
    given = parse_option_strings(args.options) if args.options else ({} if args.quick else None)
    games = args.game or ludus.game_ids()
    unknown = [g for g in games if g not in ludus.game_ids()]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(ludus.game_ids())}")

    plan = []   # (row, game or None)
    for game_id in games:
        for label, opts in option_sets(game_id, given):
            row = {"game": game_id, "label": label, "options": opts}
            try:
                plan.append((row, ludus.make(game_id, **opts)))
            except OptionError as e:
                row["skipped"] = str(e).split(";")[0]
                plan.append((row, None))
    measurable = sum(1 for _, g in plan if g is not None) or 1
    if args.seconds is not None:
        seconds = args.seconds
    elif args.quick:
        seconds = 1.0
    else:  # one option set costs about COST_PER_SET x seconds of clock time
        seconds = min(MAX_SECONDS, max(MIN_SECONDS, args.budget / measurable / COST_PER_SET))
    micro = args.micro_seconds if args.micro_seconds is not None else (0.3 if args.quick else seconds * 0.4)

    info = machine_info(clock)
    print(f"# ludus engine benchmark, {info['date_utc']}: {measurable} option sets, "
          f"{seconds:.2f} s per playout figure", file=sys.stderr)
    results = []
    for row, game in plan:
        game_id, label = row["game"], row["label"]
        results.append(row)
        if game is None:
            print(f"{game_id} [{label}]: skipped ({row['skipped']})", file=sys.stderr)
            continue
        t0 = time.perf_counter()
        row["playout"] = bench_playouts(game, seconds, validate=False, clock=clock)
        if not args.no_apply:
            row["playout_apply"] = bench_playouts(game, seconds, validate=True, clock=clock)
        row["playout_search"] = bench_playouts(game, seconds, validate=False, clock=clock, search=True)
        if not args.no_micro:
            row["micro"] = bench_micro(game, collect_states(game), micro, clock=clock)
        p = row["playout"]
        print(f"{game_id} [{label}]: {p['decisions_per_s']:,.0f} decisions/s, "
              f"{p['games_per_s']:,.1f} games/s ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)

    print(f"Machine: {info['cpu_model']}, {info['cpus']} CPUs, {info['implementation']} {info['python']}, "
          f"{info['platform']}")
    print(f"Date: {info['date_utc']}; ludus from {Path(info['ludus_file']).parent} "
          f"at {info['code']}; "
          f"load average before: {info['loadavg'][0]:.2f}")
    print(f"Clock: {'process CPU time' if args.clock == 'cpu' else 'wall time'}; "
          f"budget: {seconds:.2f} s per playout figure, {micro:.2f} s timed per micro-benchmark; "
          f"reference rng.choice(list of 10) = {info['ref_rng_choice_us']:.3f} µs")
    print()
    print(table(results))
    lines = target_lines(results)
    if lines:
        print()
        print("\n".join(lines))
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "seconds": seconds, "micro_seconds": micro,
                                               "results": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
