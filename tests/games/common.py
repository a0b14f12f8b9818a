"""Helpers every game's scenario tests share."""

from __future__ import annotations

import json
import random
from collections import Counter

from ludus.core.knowledge import Beliefs, Knowledge


def legal(state) -> set[str]:
    """The legal actions, as notation."""
    return {str(a) for a in state.legal_actions()}


def names(events) -> list[str]:
    """The class names of events, in order."""
    return [type(e).__name__ for e in events]


def of(events, name: str) -> list:
    """The events of one type (by class name)."""
    return [e for e in events if type(e).__name__ == name]


def fingerprint(state) -> dict:
    """Everything in a state — every slot (knowledge pools by value), every seat's and the
    spectator's view, the legal actions and the history — as text, to prove nothing changed."""
    out = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name == "_legal_cache" or not hasattr(state, name):
                continue
            value = getattr(state, name)
            if isinstance(value, list) and value and isinstance(value[0], Knowledge):
                value = [k.pools for k in value]
            elif isinstance(value, list) and value and isinstance(value[0], Beliefs):
                value = [k.hypotheses for k in value]
            out[name] = repr(value)
    seats = list(range(state.game.num_players)) + [None]
    out["views"] = [json.dumps(state.observe(p), sort_keys=True) for p in seats]
    out["legal"] = sorted(legal(state))
    out["history"] = [str(a) for a in state.history]
    return out


def check_in_play(start, check_consistent, *, seeds: int = 3, every: int = 5, max_steps: int = 5000,
                  must_end: bool = True) -> None:
    """A hand-set position stays consistent along random continuations: conservation and the
    game's ``check_consistent`` at every step, and every ``every`` steps each seat's resampled
    world looks the same to that seat and is consistent too."""
    expected = Counter(start.game.all_cards())
    for seed in range(seeds):
        state = start.clone()
        rng = random.Random(seed)
        for step in range(max_steps):
            if state.is_terminal:
                break
            check_consistent(state)
            assert Counter(c for cards in state.zones().values() for c in cards) == expected
            if step % every == 0:
                for p in range(state.game.num_players):
                    world = state.resample(p, random.Random(step))
                    assert json.dumps(world.observe(p), sort_keys=True) == json.dumps(
                        state.observe(p), sort_keys=True), f"seat {p} tells the world apart at step {step}"
                    check_consistent(world)
            state.apply(rng.choice(state.legal_actions()))
        check_consistent(state)
        assert state.is_terminal or not must_end, f"no end within {max_steps} decisions"
