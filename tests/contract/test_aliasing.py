"""No aliasing: nothing a seat or a copy is handed shares mutable data with the true state.

A Perspective's world, observation, legal actions and samples, every ``observe(p)`` and every
``clone()`` are built of fresh mutable objects (lists, dicts, sets, objects with attributes) and
of immutable ones (ints, strings, tuples, frozensets, read-only mappings), which may be shared.
The Game is the one mutable object they share with the truth: read-only by contract. Were any
other object shared, a bot that writes to what it was given would forge what the other seats
see, or break the truth's own bookkeeping so that ``observe`` or ``resample`` raise.

Two checks at points of random games: by identity (walk everything reachable from the copy and
from the truth and compare), and by behaviour (wreck everything reachable from the copies; the
truth must look the same to every seat, keep its record and legal moves, and play on to its end).
"""

from __future__ import annotations

import contextlib
import random
import types

import pytest

from .helpers import (
    SLOW_SEEDS,
    check_outcome,
    checkpoints,
    game_of,
    light_check,
    play_randomly,
    seats,
    snapshot,
    state_after,
    viewers,
)

ATOMS = (type(None), bool, int, float, complex, str, bytes, range, type)
FROZEN = (tuple, frozenset, types.MappingProxyType)   # immutable, but what they hold may not be


def _children(obj, path: str):
    """(value, path) for everything ``obj`` holds: items, keys, slots, attributes."""
    if isinstance(obj, (dict, types.MappingProxyType)):
        for key, value in obj.items():
            yield key, f"{path}[key {key!r}]"
            yield value, f"{path}[{key!r}]"
    elif isinstance(obj, (list, tuple)):
        for i, value in enumerate(obj):
            yield value, f"{path}[{i}]"
    elif isinstance(obj, (set, frozenset)):
        for value in obj:
            yield value, f"{path}{{{value!r}}}"
    for cls in type(obj).__mro__:
        names = cls.__dict__.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                yield getattr(obj, name), f"{path}.{name}"
    if hasattr(obj, "__dict__") and not isinstance(obj, type):
        for name, value in vars(obj).items():
            yield value, f"{path}.{name}"


def mutable_parts(root, game, label: str) -> dict[int, tuple[object, str]]:
    """Every mutable object reachable from ``root`` (not through the game), by id, with its path."""
    found: dict[int, tuple[object, str]] = {}
    seen: set[int] = set()
    stack = [(root, label)]
    while stack:
        obj, path = stack.pop()
        if obj is game or isinstance(obj, ATOMS) or id(obj) in seen:
            continue
        seen.add(id(obj))
        if not isinstance(obj, FROZEN):
            found[id(obj)] = (obj, path)
        stack.extend(_children(obj, path))
    return found


def handed_out(state, rng: random.Random) -> list[tuple[str, object]]:
    """Everything the contract hands out of ``state``, with its legal moves cached and its lazy
    bookkeeping brought up to date by the observations: those, a clone, and each seat's
    Perspective: its world, observation, legal actions, a sample and its recall."""
    game = state.game
    state.legal_actions()
    out: list[tuple[str, object]] = [(f"observe({p})", state.observe(p)) for p in viewers(game)]
    out.append(("clone()", state.clone()))
    for p in seats(game):
        perspective = state.perspective(p, recall=True)
        out += [(f"perspective({p}).recall", perspective.recall),
                (f"perspective({p}).world", perspective.world),
                (f"perspective({p}).observation", perspective.observation),
                (f"perspective({p}).legal_actions()", perspective.legal_actions()),
                (f"perspective({p}).sample(rng)", perspective.sample(rng))]
    return out


@pytest.mark.seeds(*SLOW_SEEDS)
def test_nothing_handed_out_shares_mutable_data_with_the_truth(case, seed):
    game = game_of(case)
    for cut in checkpoints(case, seed, 20):
        truth = state_after(case, seed, cut)
        # a clone made while a game's lazy bookkeeping may still be queued, then the rest
        copies = [("clone() of the unobserved state", truth.clone())]
        true_parts = mutable_parts(truth, game, "state")
        copies += handed_out(truth, random.Random(cut))
        true_parts |= mutable_parts(truth, game, "state")
        shared = []
        for label, copy in copies:
            for key, (obj, path) in mutable_parts(copy, game, label).items():
                if key in true_parts and true_parts[key][0] is obj:
                    shared.append(f"{path} is {true_parts[key][1]} ({type(obj).__name__})")
        assert not shared, (f"after {cut} decisions, {len(shared)} mutable objects handed out are the "
                            "true state's own: " + "; ".join(sorted(shared)[:8]))


def wreck(root, game) -> None:
    """Change every mutable object reachable from ``root`` (but the game) as badly as its type
    allows."""
    for obj, _ in list(mutable_parts(root, game, "").values()):
        _wreck(obj)


def _wreck(obj) -> None:
    if isinstance(obj, list):
        obj[:] = ["wrecked"]
    elif isinstance(obj, dict):
        obj.clear()
        obj["wrecked"] = True
    elif isinstance(obj, set):
        obj.clear()
        obj.add("wrecked")
    elif isinstance(obj, bytearray):
        obj[:] = b"wrecked"
    else:
        names = [name for cls in type(obj).__mro__ for name in cls.__dict__.get("__slots__", ())]
        names += list(getattr(obj, "__dict__", {}))
        for name in names:
            with contextlib.suppress(AttributeError, TypeError):   # read-only attributes
                setattr(obj, name, None)


@pytest.mark.seeds(*SLOW_SEEDS)
def test_wrecking_what_was_handed_out_leaves_the_truth_alone(case, seed):
    game = game_of(case)
    for cut in checkpoints(case, seed, 6):
        truth = state_after(case, seed, cut)
        copies = [truth.clone()] + [copy for _, copy in handed_out(truth, random.Random(cut))]
        before = snapshot(truth)
        for copy in copies:
            wreck(copy, game)
        try:
            after = snapshot(truth)
        except Exception as e:  # noqa: BLE001 - a wrecked shared part shows as any error
            raise AssertionError(f"after wrecking what was handed out (after {cut} decisions), the "
                                 f"true state fails: {type(e).__name__}: {e}") from e
        assert after == before, (f"wrecking what was handed out after {cut} decisions changed the "
                                 "true state's views, record, zones or legal moves")
        play_randomly(truth, random.Random(seed), check=lambda s: light_check(game, s))
        check_outcome(truth)
        for p in seats(game):
            truth.perspective(p).sample(random.Random(p))
