#!/usr/bin/env python3
"""ludus against OpenSpiel's C++ Hearts, side by side in one process: decisions, clones and
resamples per CPU second, as ratios.

Hearts (4 players, 52 cards, hidden hands, a pass and 13 tricks) is the nearest hidden-information
card game OpenSpiel implements in C++; driving it from Python through pyspiel is what a Python
user of OpenSpiel gets, so it is the bar a Python engine is measured against. Every figure is
this process's CPU time (``time.process_time``): the machine may be shared, and the ratios,
measured interleaved in the same process (every subject once per repetition, then again), are
what to read. Each figure is the median of ``--repeat`` repetitions.

What is timed, for each ludus game and option set and for Hearts:

* decisions/s: random games to the end, ``legal_actions()`` and ``rng.choice`` at every
  decision, through the validating ``apply`` (ours, what a person's move goes through;
  Hearts' ``apply_action`` validates too), through ``apply_trusted`` and in a search copy
  (``stop_tracking()``, then ``apply_trusted``: the loop of a search's worlds). A decision is
  a move of a seat: Hearts' 52 dealing chance nodes and its pass direction are played and
  timed, not counted. Setting up a game (``new_state``, ``new_initial_state``) is timed too.
* clone/s: ``clone()`` over the decision states of random games.
* resample/s: ``resample(seat, rng)`` for the seat to move over the same states; Hearts'
  ``resample_from_infostate(seat, rng.random)`` (a bound Python method is the fastest sampler
  pyspiel accepts: ``UniformProbabilitySampler`` goes through a Python call too, and costs more).
* memory, once: bytes a clone allocates, by ``tracemalloc`` (ours: Python objects only), and
  by the growth of the resident set while 5,000 clones are held (both: Hearts' states live in
  C++, where tracemalloc sees nothing); and the deep size of a state (``sys.getsizeof`` of
  every object reachable from it, the Game and classes excepted: what one state holds,
  shared parts included).

    python bench/vs_openspiel.py                 # every subject, 1 s per figure, 3 repetitions
    python bench/vs_openspiel.py --quick         # a short run
    python bench/vs_openspiel.py --only claim --seconds 2
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import random
import statistics
import sys
import time
import tracemalloc

import ludus
from ludus.arena.journal import code_version
from ludus.arena.speed import random_playout

try:
    import pyspiel
except ImportError:      # the rl extra brings it; the bench has nothing to compare against without it
    pyspiel = None

SUBJECTS = (   # (label, game id, options)
    ("C&C classic", "caesar-cleopatra", {"edition": "classic"}),
    ("C&C 2024", "caesar-cleopatra", {"edition": "2024"}),
    ("Claim 2p", "claim", {"players": 2}),
    ("Claim 3p", "claim", {"players": 3}),
    ("Claim 4p", "claim", {"players": 4}),
    ("Seize Rome 2p", "seize-rome", {"players": 2}),
    ("Seize Rome 4p", "seize-rome", {"players": 4}),
)
HEARTS = "Hearts (OpenSpiel C++)"
OURS = ("apply", "trusted", "search", "clone", "resample")
THEIRS = ("apply", "clone", "resample")
HELD = 5000             # clones held to measure the resident set's growth


# -- the timed loops: each runs until ``seconds`` of CPU time, returns units per CPU second ----

def _rate(step, seconds: float) -> float:
    """Call ``step()`` (returns units done) until ``seconds`` of CPU time; units per CPU second."""
    done = 0
    start = time.process_time()
    while True:
        done += step()
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def our_playouts(game, seconds: float, validate: bool, search: bool, rng: random.Random) -> float:
    return _rate(lambda: random_playout(game, rng, validate, search), seconds)


def hearts_playout(game, rng: random.Random) -> int:
    """One random game of Hearts through pyspiel; its number of decisions (chance not counted).
    Hearts' chance outcomes (pass direction, each card dealt) are uniform, so a chance node is
    played as a decision is: a uniform pick among its legal actions."""
    state = game.new_initial_state()
    choice = rng.choice
    decisions = 0
    while not state.is_terminal():
        chance = state.is_chance_node()
        state.apply_action(choice(state.legal_actions()))
        decisions += not chance
    state.returns()
    return decisions


def hearts_resample(state, sample):
    return state.resample_from_infostate(state.current_player(), sample)


def batch_rate(states: list, call, seconds: float) -> float:
    """``call(state)`` over every state, batch after batch, garbage collector off (as timeit),
    after one untimed batch (as bench_engine.py: a state's first resample may settle work it
    had queued, e.g. Caesar & Cleopatra's knowledge)."""
    def batch():
        for s in states:
            call(s)
        return len(states)
    gc_was = gc.isenabled()
    gc.disable()
    try:
        batch()
        return _rate(batch, seconds)
    finally:
        if gc_was:
            gc.enable()


# -- states ----------------------------------------------------------------------------------

def our_states(game, count: int, rng: random.Random) -> list:
    """Decision states of whole random games, ``count`` or more (clones taken before play)."""
    out: list = []
    while len(out) < count:
        state = game.new_state(seed=rng.getrandbits(31))
        while not state.is_terminal:
            out.append(state.clone())
            state.apply_trusted(rng.choice(state.legal_actions()))
    return out


def hearts_states(game, count: int, rng: random.Random) -> list:
    out: list = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


# -- memory ----------------------------------------------------------------------------------

def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def rss_per_clone(states: list) -> float | None:
    """Growth of the resident set per clone while HELD clones are held (None off Linux)."""
    if not os.path.exists("/proc/self/statm"):
        return None
    gc.collect()
    before = _rss()
    held = [states[i % len(states)].clone() for i in range(HELD)]
    grown = _rss() - before
    del held
    return grown / HELD


def traced_per_clone(states: list) -> float:
    """Bytes the Python allocator gives out for one clone (tracemalloc), over HELD clones."""
    held: list = [None] * HELD          # allocated before tracing: its bytes are not the clones'
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(HELD):
        held[i] = states[i % len(states)].clone()
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return grown / HELD


def deep_size(state, game) -> int:
    """``sys.getsizeof`` of every object reachable from ``state``, each once, except the Game,
    classes and modules (what every state shares by construction)."""
    seen = {id(game)}
    stack = [state]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
        for name in getattr(type(obj), "__slots__", ()):   # slots are not in gc's referents of every type
            if hasattr(obj, name):
                stack.append(getattr(obj, name))
    return total


# -- the run ---------------------------------------------------------------------------------

def measure(subjects: list, hearts, seconds: float, repeat: int, nstates: int) -> dict:
    """``{label: {figure: [one value per repetition]}}``, every subject in every repetition."""
    rng = random.Random(7)
    prepared = []
    for label, game in subjects:
        prepared.append((label, game, our_states(game, nstates, rng)))
    h_states = hearts_states(hearts, nstates, rng)
    figures: dict = {label: {k: [] for k in OURS} for label, _ in subjects}
    figures[HEARTS] = {k: [] for k in THEIRS}
    for rep in range(repeat):
        h = figures[HEARTS]
        h["apply"].append(_rate(lambda: hearts_playout(hearts, rng), seconds))
        h["clone"].append(batch_rate(h_states, lambda s: s.clone(), seconds))
        h["resample"].append(batch_rate(h_states, functools.partial(hearts_resample, sample=rng.random), seconds))
        for label, game, states in prepared:
            f = figures[label]
            f["apply"].append(our_playouts(game, seconds, True, False, rng))
            f["trusted"].append(our_playouts(game, seconds, False, False, rng))
            f["search"].append(our_playouts(game, seconds, False, True, rng))
            f["clone"].append(batch_rate(states, lambda s: s.clone(), seconds))
            f["resample"].append(batch_rate(states, lambda s: s.resample(s.current_player, rng), seconds))
        print(f"repetition {rep + 1}/{repeat} done", file=sys.stderr, flush=True)
    memory = {HEARTS: {"rss": rss_per_clone(h_states)}}
    for label, game, states in prepared:
        memory[label] = {"rss": rss_per_clone(states), "traced": traced_per_clone(states),
                         "deep": statistics.median(deep_size(s, game) for s in states[::max(1, len(states) // 200)])}
    return {"figures": figures, "memory": memory}


def _fmt(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:,.0f}" if x >= 100 else f"{x:.2f}"


def report(result: dict) -> str:
    figures, memory = result["figures"], result["memory"]
    med = {label: {k: statistics.median(v) for k, v in f.items()} for label, f in figures.items()}
    h = med[HEARTS]
    head = ("| subject | decisions/s apply | × Hearts | decisions/s trusted | × | decisions/s search | × | "
            "clone/s | × Hearts | resample/s | × Hearts | bytes/clone traced | bytes/clone RSS | "
            "bytes/state deep |")
    lines = [head, "|---|" + "---:|" * 13]
    for label, m in med.items():
        mem = memory[label]
        if label == HEARTS:
            cells = [_fmt(m["apply"]), "1", "", "", "", "", _fmt(m["clone"]), "1", _fmt(m["resample"]), "1",
                     "—", _fmt(mem["rss"]), "—"]
        else:
            cells = []
            for ours, theirs in (("apply", "apply"), ("trusted", "apply"), ("search", "apply"),
                                 ("clone", "clone"), ("resample", "resample")):
                cells += [_fmt(m[ours]), f"{m[ours] / h[theirs]:.2f}"]
            cells += [_fmt(mem["traced"]), _fmt(mem["rss"]), _fmt(mem["deep"])]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=None, help="CPU seconds per figure (default 1; 0.25 with --quick)")
    ap.add_argument("--repeat", type=int, default=3, help="repetitions; each figure is their median (default 3)")
    ap.add_argument("--states", type=int, default=None,
                    help="decision states for clone and resample (default 1,500; 400 with --quick)")
    ap.add_argument("--only", action="append", metavar="TEXT",
                    help="only subjects whose label or game id contains TEXT (repeatable; Hearts always runs)")
    ap.add_argument("--quick", action="store_true", help="short figures, fewer states")
    args = ap.parse_args(argv)
    if pyspiel is None:
        print("pyspiel is not installed: install OpenSpiel into this environment first, e.g.\n"
              "    pip install open_spiel        (or: pip install -e '.[rl]')", file=sys.stderr)
        return 0
    seconds = args.seconds if args.seconds is not None else (0.25 if args.quick else 1.0)
    nstates = args.states if args.states is not None else (400 if args.quick else 1500)
    chosen = [(label, ludus.make(gid, **opts)) for label, gid, opts in SUBJECTS
              if not args.only or any(t.lower() in label.lower() or t in gid for t in args.only)]
    load = os.getloadavg()
    t0 = time.perf_counter()
    result = measure(chosen, pyspiel.load_game("hearts"), seconds, args.repeat, nstates)
    print(f"ludus at {code_version()}, OpenSpiel {getattr(pyspiel, '__version__', '?')}, "
          f"Python {sys.version.split()[0]}; {seconds} s CPU per figure, median of {args.repeat} "
          f"interleaved repetitions, {nstates} states for clone/resample; load average "
          f"{load[0]:.2f} before, {os.getloadavg()[0]:.2f} after; {time.perf_counter() - t0:.0f} s wall")
    print()
    print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
