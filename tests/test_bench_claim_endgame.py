"""bench/claim_endgame.py, the exact solver of Claim's last tricks that checks the searches'
endgames: its pruned, tabled values are the plain minimax values, and best play reaches them."""

from __future__ import annotations

import importlib.util
import pathlib
import random
import sys

import ludus

_BENCH = pathlib.Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(_BENCH))          # the script imports its neighbour vs_flat_mc
_spec = importlib.util.spec_from_file_location("claim_endgame", _BENCH / "claim_endgame.py")
endgame = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(endgame)
sys.path.remove(str(_BENCH))


def _phase_two_position(seed: int, cards: int):
    """A position of a random game, phase 2, with ``cards`` cards in the mover's hand."""
    rng = random.Random(seed)
    state = ludus.make("claim").new_state(seed=seed)
    while not (state.phase == 2 and len(state.hands[state.current_player]) <= cards):
        state.apply_trusted(rng.choice(state.legal_actions()))
    return state


class _Forgetful(dict):
    """A table that keeps nothing: the solver with it is plain minimax (stopping at a sure win)."""

    def __setitem__(self, key, value):
        pass


def _minimax(state) -> float:
    solver = endgame.Solver()
    solver.solved = _Forgetful()
    return solver.value(state)


def test_the_solver_gives_the_minimax_value_of_each_move():
    """Six cards a hand: enough tricks that one position is reached in several ways, where a
    table keyed by too little would mix positions up."""
    checked = set()
    for seed in range(12):
        state = _phase_two_position(seed, 6)
        solver = endgame.Solver()
        sign = 1 if state.current_player == 0 else -1
        for action, value in solver.move_values(state).items():
            child = state.clone()
            child.apply_trusted(action)
            assert value == sign * _minimax(child), (seed, action)
            checked.add(value)
    assert {-1.0, 1.0} <= checked        # the positions were not all alike


def test_best_play_by_both_seats_ends_at_the_solved_value():
    for seed in range(6):
        state = _phase_two_position(seed, 6)
        solver = endgame.Solver()
        promised = solver.value(state)
        while not state.is_terminal:
            values = solver.move_values(state)
            state.apply_trusted(max(values, key=values.get))
        assert state.returns()[0] == promised
