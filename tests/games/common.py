"""Helpers every game's scenario tests share."""

from __future__ import annotations

import json

from ludus.core.knowledge import Knowledge


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
            out[name] = repr(value)
    seats = list(range(state.game.num_players)) + [None]
    out["views"] = [json.dumps(state.observe(p), sort_keys=True) for p in seats]
    out["legal"] = sorted(legal(state))
    out["history"] = [str(a) for a in state.history]
    return out
