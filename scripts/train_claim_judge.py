#!/usr/bin/env python3
"""Fit the phase-two judge of Claim's search and write its weights (src/ludus/games/claim/judge_weights.py).

Two-player games are played to the start of phase 2 by a mix of seats — random ones (the positions
a search's random rollouts reach) and the heuristic, exact or blundering (those of real play) —
over every named deck and random mixes (K5); phase 2 is then played out by the heuristic for both
seats. Per faction, a logistic regression (Newton's method, a small ridge) of whether a side
collects it (K30) is fitted on ``judge.features`` of the phase-2 start, each position counted from
both sides. The last 15 % of the games are held out: the script prints, per faction, the held-out
log loss and accuracy, and for whole games how often the judge, the old count of cards
(``leaf_values`` before the judge) and one random playout name the heuristic game's winner.

    python scripts/train_claim_judge.py                       # 40,000 games, all cores
    python scripts/train_claim_judge.py --games 2000 --check  # fit and report, write nothing

Needs numpy (``pip install -e '.[rl]'``). The games and the fit are seeded: the same arguments
write the same weights.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import ludus
from ludus.agents import make as make_agent
from ludus.games.claim.cards import FACTIONS, PAIRS, SINGLES
from ludus.games.claim.judge import features, phase_two_value

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "src" / "ludus" / "games" / "claim" / "judge_weights.py"
HELD_OUT = 0.15
MIN_GAMES = 500
RIDGE = 1e-2


def _deck(rng: random.Random) -> str:
    """A deck for a two-player game: a named one, or one pair and three singles (K5). The default
    deck of two players is Claim 2's, so Claim 2's factions are drawn twice as often as Claim's."""
    r = rng.random()
    if r < 0.5:
        return ("default", "claim", "claim2")[int(r * 6)]
    return ",".join(FACTIONS[f] for f in (*rng.choice(PAIRS), *rng.sample(SINGLES, 3)))


def _play_batch(job: tuple[int, int, int]) -> list[dict]:
    """``job[1]`` games from the ``job[0]``-th of the seed ``job[2]``'s list: each the phase-2
    start, its faction winners under the heuristic's play, and one random playout's result."""
    first, count, seed = job
    rows, games = [], {}
    for index in range(first, first + count):
        rng = random.Random(f"{seed}:{index}")
        deck = _deck(rng)
        game = games.get(deck) or games.setdefault(deck, ludus.make("claim", factions=deck))
        s = game.new_state(seed=rng.randrange(2**62))
        seats = [None if rng.random() < 0.4 else make_agent(
            f"heuristic:blunder={rng.choice((0, 0, 0.2, 0.5))}", game, seed=rng.randrange(2**62)) for _ in range(2)]
        while s.phase == 1:
            agent = seats[s.current_player]
            s.apply(rng.choice(s.legal_actions()) if agent is None else agent.act(s.perspective(s.current_player)))
        start = s.clone()
        playout = s.clone()
        playout.playout(rng, None, None)
        heuristic = [make_agent("heuristic", game, seed=rng.randrange(2**62)) for _ in range(2)]
        while not s.is_terminal:
            s.apply(heuristic[s.current_player].act(s.perspective(s.current_player)))
        rows.append({"start": start, "winners": s.faction_winners(), "result": s.returns()[0],
                     "playout": playout.returns()[0]})
    return rows


def _examples(rows: list[dict], f: int):
    """The judge's inputs and targets for faction ``f``: every position from both sides (a faction
    nobody collects counts half to each)."""
    import numpy as np

    xs, ys = [], []
    for row in rows:
        w, winner = row["start"], row["winners"].get(f, "absent")
        if winner == "absent":
            continue
        for side in (0, 1):
            xs.append(features(w.hands[side], w.hands[1 - side], w.score[side], w.score[1 - side],
                               w.current_player == side, f))
            ys.append(0.5 if winner is None else float(winner == side))
    return np.array(xs), np.array(ys)


def _fit(x, y):
    """Logistic regression without intercept (the features are differences: sides swapped, the
    chance becomes its complement), by Newton's method with a ridge."""
    import numpy as np

    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def _write(weights: dict[int, list[float]]) -> None:
    lines = ['"""The weights of the phase-two judge (judge.py): per faction, one per feature of',
             "``judge.features``. Written by scripts/train_claim_judge.py; do not edit by hand.", '"""', "",
             "WEIGHTS = ("]
    for f in range(len(FACTIONS)):
        numbers = [f"{v:.4f}" for v in weights[f]]
        lines.append(f"    (  # {FACTIONS[f]}")
        for i in range(0, len(numbers), 10):
            lines.append("        " + ", ".join(numbers[i:i + 10]) + ",")
        lines.append("    ),")
    lines.append(")")
    WEIGHTS_FILE.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40000, help="games to play (default 40000)")
    ap.add_argument("--seed", type=int, default=1, help="seeds every game (default 1)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    ap.add_argument("--check", action="store_true", help="fit and report only; leave the weights file alone")
    args = ap.parse_args(argv)
    if args.games < MIN_GAMES or args.workers < 1:
        ap.error(f"--games takes {MIN_GAMES} or more (every faction must be dealt in both the fitted and the "
                 "held-out games) and --workers 1 or more")
    try:
        import numpy as np
    except ImportError:
        sys.exit("this script needs numpy: pip install -e '.[rl]'")

    size = max(1, args.games // (args.workers * 8))
    jobs = [(first, min(size, args.games - first), args.seed) for first in range(0, args.games, size)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for batch in pool.map(_play_batch, jobs) for row in batch]
    split = int(len(rows) * (1 - HELD_OUT))
    train, test = rows[:split], rows[split:]
    weights = {}
    for f in range(len(FACTIONS)):
        x, y = _examples(train, f)
        xt, yt = _examples(test, f)
        if not len(y) or not len(yt):
            sys.exit(f"no {'fitted' if not len(y) else 'held-out'} game dealt {FACTIONS[f]}: play more games")
        weights[f] = [float(v) for v in _fit(x, y)]
        p = np.clip(1 / (1 + np.exp(-xt @ np.array(weights[f]))), 1e-6, 1 - 1e-6)
        loss = -np.mean(yt * np.log(p) + (1 - yt) * np.log(1 - p))
        print(f"{FACTIONS[f]:>14}: {len(y):6d} examples, held out: log loss {loss:.3f}, "
              f"accuracy {np.mean((p > 0.5) == (yt > 0.5)):.3f}")

    import ludus.games.claim.judge as judge
    from ludus.games.claim.heuristic import count_values

    judge.WEIGHTS = tuple(weights[f] for f in range(len(FACTIONS)))
    decided = [r for r in test if r["result"] != 0]
    for name, guess in (("the judge", lambda r: phase_two_value(r["start"], 0)),
                        ("the count of cards", lambda r: count_values(r["start"])[0]),
                        ("one random playout", lambda r: r["playout"])):
        right = sum(1.0 if guess(r) * r["result"] > 0 else 0.5 if guess(r) == 0 else 0.0 for r in decided)
        print(f"{name} names the winner of {right / len(decided):.1%} of {len(decided)} held-out games")
    if not args.check:
        _write(weights)
        print(f"wrote {WEIGHTS_FILE}")
    return 0 if all(math.isfinite(v) for row in weights.values() for v in row) else 1


if __name__ == "__main__":
    sys.exit(main())
