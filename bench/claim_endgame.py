#!/usr/bin/env python3
"""How well ISMCTS and flat Monte Carlo play the end of a 2-player Claim, against exact play.

In 2-player Claim, phase 2 hides nothing: all 52 cards are dealt or shown in phase 1, so each
seat knows the other's hand (docs/agents.md). Its last tricks can therefore be solved exactly:
a minimax over the engine's own rules, with a table of positions already solved,
gives each move's game value (+1 a win, 0 a draw, -1 a loss for the mover, with best play from
there). This script plays ISMCTS against flat Monte Carlo (as bench/vs_flat_mc.py does, both
seats of every deal) and, at every phase-2 decision with at most ``--cards`` cards in the
mover's hand, checks the move played against those values: a move whose value is below the best
one is an error, and its cost is the difference. Only positions where the moves differ in value
count (elsewhere every move is as good as any other).

    python bench/claim_endgame.py --time 0.2 -n 40 --cards 8

It answers whether an exact endgame solver would add anything to the search: if both agents
already play the last tricks without errors, it would not.
"""

from __future__ import annotations

import argparse
import collections

import ludus
from ludus.agents import make as make_agent
from ludus.arena.match import choose
from ludus.arena.stats import derive_seed
from vs_flat_mc import FlatMonteCarlo


def position_key(s) -> tuple:
    """What decides the rest of a phase-2 game: hands, the piles that score, the Trolls waiting,
    the trick so far and who is to do what. Which cards are gone, and in what order the piles
    grew, does not matter."""
    return (tuple(map(tuple, s.hands)), tuple(tuple(sorted(p)) for p in s.score),
            tuple(tuple(sorted(g)) for g in s.gnomes), tuple(sorted(s.trolls_waiting)),
            s.trick, s.current_player, s.step, s.smash_values)


class Solver:
    """Exact values of 2-player phase-2 positions, for seat 0."""

    def __init__(self):
        self.solved: dict[tuple, float] = {}

    def value(self, s) -> float:
        """Seat 0's return with best play by both. A side stops looking at its moves once one of
        them is a sure win for it, so every value computed is exact and goes in the table."""
        if s.is_terminal:
            return s.returns()[0]
        key = position_key(s)
        known = self.solved.get(key)
        if known is not None:
            return known
        maximising = s.current_player == 0
        sure = 1.0 if maximising else -1.0
        best = -sure
        for action in s.legal_actions():
            child = s.clone()
            child.apply_trusted(action)
            v = self.value(child)
            best = max(best, v) if maximising else min(best, v)
            if best == sure:
                break
        self.solved[key] = best
        return best

    def move_values(self, s) -> dict:
        """Each legal move's exact value for the seat to move."""
        sign = 1 if s.current_player == 0 else -1
        out = {}
        for action in s.legal_actions():
            child = s.clone()
            child.apply_trusted(action)
            out[action] = sign * self.value(child)
        return out


def play(game, seed: int, ismcts_seat: int, time_limit: float, cards: int, tally: collections.Counter) -> None:
    """One game of ISMCTS against flat Monte Carlo; its late phase-2 moves are checked into ``tally``."""
    state = game.new_state(seed=seed)
    agents = [make_agent(f"ismcts:time={time_limit}", game, seed=derive_seed(seed, "ismcts", p))
              if p == ismcts_seat else
              FlatMonteCarlo(game, seed=derive_seed(seed, "flat", p), time_limit=time_limit)
              for p in range(2)]
    solver = Solver()
    while not state.is_terminal:
        p = state.current_player
        action = choose(agents[p], state, p)
        who = "ismcts" if p == ismcts_seat else "flat-mc"
        if state.phase == 2 and len(state.hands[p]) <= cards and len(state.legal_actions()) > 1:
            values = solver.move_values(state)
            best = max(values.values())
            tally[who, "checked"] += 1
            if min(values.values()) < best:
                tally[who, "critical"] += 1
                tally[who, "errors"] += values[action] < best
                tally[who, "value lost"] += best - values[action]
        state.apply(action, player=p)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time", type=float, default=0.2, help="CPU seconds per move for both agents (default 0.2)")
    ap.add_argument("-n", "--games", type=int, default=40, help="games (two per deal, one per seat of ISMCTS)")
    ap.add_argument("--cards", type=int, default=8, help="check the decisions with at most this many cards in hand")
    ap.add_argument("--seed", type=int, default=0, help="the first deal's seed (deals are seed, seed+1, ...)")
    args = ap.parse_args(argv)
    game = ludus.make("claim")
    tally: collections.Counter = collections.Counter()
    for g in range(args.games):
        play(game, args.seed + g // 2, g % 2, args.time, args.cards, tally)
    print(f"Claim, 2 players, {args.games} games at {args.time} s a move; phase-2 decisions with at most "
          f"{args.cards} cards in hand:")
    print("| agent | decisions checked | where the moves differ in value | moves below the best | value lost |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for who in ("ismcts", "flat-mc"):
        print(f"| {who} | {tally[who, 'checked']} | {tally[who, 'critical']} | {tally[who, 'errors']} | "
              f"{tally[who, 'value lost']:g} |")


if __name__ == "__main__":
    main()
