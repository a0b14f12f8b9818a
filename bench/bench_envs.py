#!/usr/bin/env python3
"""Learning-environment benchmark: PettingZoo AEC steps per CPU second, ludus's games next to
PettingZoo's own card games, measured in the same run.

Every environment plays whole episodes the way a learner's loop does: ``env.last()`` (the
observation and mask of the agent to move), a uniformly random legal action from the mask,
``env.step``. A figure is decisions (steps with an action) per second of this process's CPU
time, so that a busy machine slows it less than the wall clock would (the "CPU share" column is
CPU time / wall time: well under 100 % means the process waited for a core). ludus's games run
with both tensors (``observation``, ``information_state``); the OpenSpiel column is the same
loop on ``ludus.envs.openspiel`` states (``information_state_tensor`` of the seat to move,
``legal_actions``, ``apply_action``).

Comparison environments: PettingZoo's ``leduc_holdem_v4`` and ``texas_holdem_v4`` (its RLCard
card games). ``gin_rummy`` left PettingZoo in 1.27; RLCard's own ``gin-rummy`` environment, the
engine PettingZoo wrapped, is timed instead (RLCard's step loop, no PettingZoo layer). They need
RLCard and pygame, which the ``rl`` extra does not install; for this benchmark only:

    pip install rlcard pygame-ce          # what pettingzoo[classic] pulls for these games

Without them the comparison rows say so and the rest runs.

    python bench/bench_envs.py                    # every row, --seconds 4 of CPU each
    python bench/bench_envs.py --seconds 1 --json envs.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
import warnings

import numpy as np

LUDUS_SETS = [
    ("caesar-cleopatra", {}),
    ("claim", {}),
    ("claim", {"players": 4}),
    ("seize-rome", {}),
    ("seize-rome", {"players": 4}),
]


class Clock:
    """CPU and wall time since start."""

    def __init__(self):
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def cpu_spent(self) -> float:
        return time.process_time() - self.cpu

    def share(self) -> float:
        return self.cpu_spent() / max(time.perf_counter() - self.wall, 1e-9)


def pettingzoo_rate(make_env, seconds: float) -> dict:
    """Random legal play through a PettingZoo AEC env until ``seconds`` of CPU are spent."""
    env = make_env()
    rng = np.random.default_rng(0)
    env.reset(seed=0)               # warm up: imports, spaces, caches
    clock, steps, episodes = Clock(), 0, 0
    while clock.cpu_spent() < seconds:
        env.reset(seed=episodes)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            env.step(action)
        episodes += 1
    return {"steps_per_cpu_s": steps / clock.cpu_spent(), "episodes": episodes, "steps": steps,
            "cpu_share": clock.share()}


def openspiel_rate(game_id: str, options: dict, seconds: float) -> dict:
    import pyspiel

    from ludus.envs import openspiel as los

    game = pyspiel.load_game(los.game_name(game_id), options)
    rng = np.random.default_rng(0)
    clock, steps, episodes = Clock(), 0, 0
    while clock.cpu_spent() < seconds:
        state = game.new_initial_state()
        for outcome in los.outcomes_of(episodes):
            state.apply_action(outcome)
        while not state.is_terminal():
            state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        episodes += 1
    return {"steps_per_cpu_s": steps / clock.cpu_spent(), "episodes": episodes, "steps": steps,
            "cpu_share": clock.share()}


def rlcard_rate(env_id: str, seconds: float) -> dict:
    """RLCard's own step loop (no PettingZoo layer): random legal actions."""
    import rlcard

    rng = np.random.default_rng(0)
    clock, steps, episodes = Clock(), 0, 0
    while clock.cpu_spent() < seconds:
        env = rlcard.make(env_id, config={"seed": episodes})
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
        episodes += 1
    return {"steps_per_cpu_s": steps / clock.cpu_spent(), "episodes": episodes, "steps": steps,
            "cpu_share": clock.share()}


def comparison_rows(seconds: float) -> list[dict]:
    rows = []
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError as e:
        note = f"not measured: {e} (pip install rlcard pygame-ce, for this benchmark only)"
        return [{"env": name, "note": note} for name in ("leduc_holdem_v4", "texas_holdem_v4", "rlcard gin-rummy")]
    for name, module in (("leduc_holdem_v4", leduc_holdem_v4), ("texas_holdem_v4", texas_holdem_v4)):
        rows.append({"env": f"PettingZoo {name}", **pettingzoo_rate(module.env, seconds)})
    rows.append({"env": "RLCard gin-rummy (no PettingZoo layer)", **rlcard_rate("gin-rummy", seconds)})
    return rows


def ludus_rows(seconds: float, with_openspiel: bool) -> list[dict]:
    from ludus.envs import pettingzoo as lpz

    rows = []
    for game_id, options in LUDUS_SETS:
        label = game_id + "".join(f" {k}={v}" for k, v in options.items())
        row = {"env": f"ludus {label}"}
        for tensor in ("observation", "information_state"):
            row[tensor] = pettingzoo_rate(lambda g=game_id, o=options, t=tensor: lpz.env(g, tensor=t, **o), seconds)
        if with_openspiel:
            row["openspiel"] = openspiel_rate(game_id, options, seconds)
        rows.append(row)
        print(f"  {label}: done", file=sys.stderr)
    return rows


def machine() -> dict:
    # the checkout this script is in, wherever it is run from; outside one (or without git), "unknown"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                check=False, cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    except OSError:
        commit = ""
    commit = commit or "unknown"
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit, "cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "load_before": os.getloadavg()}


def rate(r: dict | None) -> str:
    return "–" if not r else f"{r['steps_per_cpu_s']:,.0f}"


def markdown(info: dict, ours: list[dict], theirs: list[dict]) -> str:
    lines = [f"{info['date']}, commit {info['commit']}, {info['cpu']} ({info['cores']} cores), Python "
             f"{info['python']}; load average {info['load_before'][0]:.1f} before, {info['load_after'][0]:.1f} after.",
             "", "| environment | steps/CPU s (observation) | (information state) | OpenSpiel (information "
             "state) | CPU share |", "|---|---:|---:|---:|---:|"]
    for row in ours:
        obs = row["observation"]
        lines.append(f"| {row['env']} | {rate(obs)} | {rate(row['information_state'])} | "
                     f"{rate(row.get('openspiel'))} | {obs['cpu_share']:.0%} |")
    for row in theirs:
        if "note" in row:
            lines.append(f"| {row['env']} | {row['note']} | | | |")
        else:
            lines.append(f"| {row['env']} | {rate(row)} | | | {row['cpu_share']:.0%} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per figure")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel column")
    parser.add_argument("--json", help="write every raw number to this file")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore")
    info = machine()
    ours = ludus_rows(args.seconds, not args.no_openspiel)
    theirs = comparison_rows(args.seconds)
    info["load_after"] = os.getloadavg()
    print(markdown(info, ours, theirs))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "ludus": ours, "comparison": theirs}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
