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
* memory, once: bytes a clone allocates, over 5,000 clones held: ours by ``tracemalloc``
  (every Python allocation); Hearts' by glibc's ``mallinfo2`` (its C++ object, which
  tracemalloc cannot see) plus ``tracemalloc`` (its Python wrapper). (The growth of the
  resident set was tried and dropped: memory the allocators had freed earlier in the run
  is reused, so it read near zero.) And the deep size of one of our states
  (``sys.getsizeof`` of every object reachable from it, the Game and classes excepted: what
  one state holds, parts shared with other states included).

With ``--ismcts N`` it times searches instead: ludus's default ISMCTS (``ismcts:iterations=N``)
on 2-player Claim, from the positions ``ludus bench`` searches (``arena.speed.search_positions``),
against OpenSpiel's Python ``ISMCTSBot`` with one random rollout per iteration on Hearts, from
the decision states of random games with a choice; iterations per CPU second, interleaved, and
the peak of Python memory (tracemalloc) during one search of N iterations from the first
position of each.

    python bench/vs_openspiel.py                 # every subject, 1 s per figure, 3 repetitions
    python bench/vs_openspiel.py --quick         # a short run
    python bench/vs_openspiel.py --only claim --seconds 2
    python bench/vs_openspiel.py --ismcts 10000  # searches: Claim 2p against Hearts
"""

from __future__ import annotations

import argparse
import ctypes
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
HELD = 5000             # clones held to measure the bytes of one


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

class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def _malloc_in_use() -> int | None:
    """Bytes glibc's malloc has given out and not taken back (None without glibc 2.33+)."""
    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return info.uordblks + info.hblkhd


def native_per_clone(states: list) -> float | None:
    """Bytes per clone of a state that lives in C++ (Hearts): what malloc gave out (the C++
    object) plus what tracemalloc saw (its Python wrapper), over HELD clones."""
    held: list = [None] * HELD
    gc.collect()
    tracemalloc.start()
    before, traced = _malloc_in_use(), tracemalloc.get_traced_memory()[0]
    for i in range(HELD):
        held[i] = states[i % len(states)].clone()
    after, traced = _malloc_in_use(), tracemalloc.get_traced_memory()[0] - traced
    tracemalloc.stop()
    return None if before is None else (after - before + traced) / HELD


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
    memory = {HEARTS: {"clone": native_per_clone(h_states)}}
    for label, game, states in prepared:
        memory[label] = {"clone": traced_per_clone(states),
                         "deep": statistics.median(deep_size(s, game) for s in states[::max(1, len(states) // 200)])}
    return {"figures": figures, "memory": memory}


# -- searches --------------------------------------------------------------------------------

def hearts_search_states(game, count: int, rng: random.Random) -> list:
    """Hearts decision states with more than one legal move, from random games."""
    return [s for s in hearts_states(game, count * 4, rng) if len(s.legal_actions()) > 1][::4][:count]


def hearts_bot(game, iterations: int, seed: int):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    state = np.random.RandomState(seed)
    return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, state), 2.0, iterations, random_state=state)


def search_figures(hearts, iterations: int, repeat: int, seconds: float) -> dict:
    """Iterations per CPU second (a list per repetition) and peak traced bytes of one search."""
    from ludus.arena.speed import search_positions, search_rate

    claim = ludus.make("claim", players=2)
    ours = search_positions(claim, 2, 4)
    theirs = hearts_search_states(hearts, len(ours), random.Random(11))
    spec = f"ismcts:iterations={iterations},seed=1"
    rates: dict = {"claim": [], "hearts": []}
    for rep in range(repeat):
        rates["claim"].append(search_rate(claim, spec, ours, seconds).per_s)
        bot, done, spent = hearts_bot(hearts, iterations, rep), 0, 0.0
        while not done or spent < seconds:
            state = theirs[done % len(theirs)]
            t = time.process_time()
            bot.step(state)
            spent += time.process_time() - t
            done += 1
        rates["hearts"].append(done * iterations / spent)
        print(f"repetition {rep + 1}/{repeat} done", file=sys.stderr, flush=True)

    def peak(search) -> int:
        gc.collect()
        tracemalloc.start()
        search()
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    from ludus.agents import make as make_agent

    agent = make_agent(spec, claim)
    view = ours[0].perspective(ours[0].current_player)
    peaks = {"claim": peak(lambda: agent.act(view)),
             "hearts": peak(lambda: hearts_bot(hearts, iterations, 0).step(theirs[0]))}
    return {"rates": rates, "peaks": peaks, "searches": len(ours)}


def search_report(result: dict) -> str:
    rates = {k: statistics.median(v) for k, v in result["rates"].items()}
    lines = ["| search | iterations/s | × Hearts | peak traced MB, one search |", "|---|---:|---:|---:|"]
    for key, label in (("claim", "ludus ISMCTS (default), Claim 2p"), ("hearts", "OpenSpiel ISMCTSBot, Hearts")):
        lines.append(f"| {label} | {rates[key]:,.0f} | {rates[key] / rates['hearts']:.2f} | "
                     f"{result['peaks'][key] / 1e6:.1f} |")
    return "\n".join(lines)


def _fmt(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:,.0f}" if x >= 100 else f"{x:.2f}"


def report(result: dict) -> str:
    figures, memory = result["figures"], result["memory"]
    med = {label: {k: statistics.median(v) for k, v in f.items()} for label, f in figures.items()}
    h = med[HEARTS]
    head = ("| subject | decisions/s apply | × Hearts | decisions/s trusted | × | decisions/s search | × | "
            "clone/s | × Hearts | resample/s | × Hearts | bytes/clone | bytes/state deep |")
    lines = [head, "|---|" + "---:|" * 12]
    for label, m in med.items():
        mem = memory[label]
        if label == HEARTS:
            cells = [_fmt(m["apply"]), "1", "", "", "", "", _fmt(m["clone"]), "1", _fmt(m["resample"]), "1",
                     _fmt(mem["clone"]), "—"]
        else:
            cells = []
            for ours, theirs in (("apply", "apply"), ("trusted", "apply"), ("search", "apply"),
                                 ("clone", "clone"), ("resample", "resample")):
                cells += [_fmt(m[ours]), f"{m[ours] / h[theirs]:.2f}"]
            cells += [_fmt(mem["clone"]), _fmt(mem["deep"])]
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
    ap.add_argument("--ismcts", type=int, metavar="N",
                    help="time searches of N iterations instead (Claim 2p against Hearts)")
    args = ap.parse_args(argv)
    if pyspiel is None:
        print("pyspiel is not installed: install OpenSpiel into this environment first, e.g.\n"
              "    pip install open_spiel        (or: pip install -e '.[rl]')", file=sys.stderr)
        return 0
    seconds = args.seconds if args.seconds is not None else (0.25 if args.quick else 1.0)
    if args.ismcts:
        t0 = time.perf_counter()
        result = search_figures(pyspiel.load_game("hearts"), args.ismcts, args.repeat, seconds)
        print(f"ludus at {code_version()}; {args.ismcts} iterations a search, {result['searches']} positions "
              f"each, {seconds} s CPU per figure at least, median of {args.repeat} interleaved repetitions; "
              f"load average {os.getloadavg()[0]:.2f}; {time.perf_counter() - t0:.0f} s wall")
        print()
        print(search_report(result))
        return 0
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
