"""Shared machinery of the contract suite: the cases (game × option set), random playouts,
snapshots and the invariant checks that several properties share.

Nothing here knows a particular game: everything goes through the Game/State contract of
docs/architecture.md (plus ``State.zones()`` and ``Game.all_cards()`` for conservation).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import ludus
from ludus.core import rng as core_rng
from ludus.core.options import option_choices

# A random playout that has not ended after this many decisions is a failure (property 1).
MAX_DECISIONS = 5000

# How many seeds each kind of check runs: (for a game's defaults, for each other option set).
# Options change a rule here and there, so the defaults get the most seeds. Cheap checks walk
# every decision of a game; slow ones (resampling, cloning) look at a few points of it.
CHEAP_SEEDS = (4, 2)
SLOW_SEEDS = (2, 1)
# Checks that look at k points of a game look at about k * OPTION_EFFORT points (at least 2)
# when the options are not the defaults: games have many option values (Seize Rome: ~50).
OPTION_EFFORT = 0.3


@dataclasses.dataclass(frozen=True)
class Case:
    """A game id with the options given to ``ludus.make`` explicitly (the rest are defaults)."""

    game_id: str
    options: tuple[tuple[str, Any], ...] = ()

    def kwargs(self) -> dict[str, Any]:
        return dict(self.options)

    def __str__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options) or "defaults"
        return f"{self.game_id}:{opts}"


def _makes(game_id: str, options: dict[str, Any]) -> bool:
    """False when the game refuses ``options`` with OptionError (a forbidden combination).

    Any other error keeps the case, so that its tests fail and show the error.
    """
    try:
        ludus.make(game_id, **options)
    except ludus.OptionError:
        return False
    except Exception:  # noqa: BLE001
        return True
    return True


def build_cases() -> list[Case]:
    """Every game with its defaults, and with each non-default option value alone.

    A value the game refuses alone (some combinations are forbidden on purpose) is tried once
    more together with one other option's non-default value, so that every value a game
    accepts in some combination gets played.
    """
    cases: list[Case] = []
    for game_id in ludus.game_ids():
        cases.append(Case(game_id))
        try:
            game = ludus.make(game_id)
        except Exception:  # noqa: BLE001 - the defaults case then fails in every test, loudly
            continue
        choices = option_choices(type(game.options))
        defaults = game.options_dict()
        others = [(n, v) for n, vs in choices.items() for v in vs if v != defaults[n]]
        for name, value in others:
            if _makes(game_id, {name: value}):
                cases.append(Case(game_id, ((name, value),)))
                continue
            for other, other_value in others:
                if other != name and _makes(game_id, {other: other_value, name: value}):
                    pair = tuple(sorted([(name, value), (other, other_value)]))
                    if Case(game_id, pair) not in cases:
                        cases.append(Case(game_id, pair))
                    break
    return cases


@functools.cache
def game_of(case: Case):
    return ludus.make(case.game_id, **case.kwargs())


def seats(game) -> list[int]:
    return list(range(game.num_players))


def viewers(game) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(game.num_players), None]


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def canon(obj: Any) -> str:
    """Canonical JSON text of an observation (fails if it is not JSON-serialisable)."""
    return json.dumps(obj, sort_keys=True)


def views(state) -> list[str]:
    """Every seat's observation and the spectator's, as canonical JSON."""
    return [canon(state.observe(p)) for p in viewers(state.game)]


def snapshot(state) -> dict[str, Any]:
    """Everything of a (true) state that an outsider can compare, deep-copied as text."""
    return {
        "record": canon(state.record()),
        "views": views(state),
        "zones": repr(sorted(state.zones().items())),
        "current_player": state.current_player,
        "is_terminal": state.is_terminal,
        "legal": texts(state.legal_actions()),
        "history": texts(state.history),
    }


def end_snapshot(state) -> dict[str, Any]:
    """``snapshot`` plus returns and scores (for terminal states)."""
    out = snapshot(state)
    out["returns"] = list(state.returns())
    out["scores"] = list(state.scores())
    return out


def play_randomly(state, rng: random.Random, max_decisions: int = MAX_DECISIONS, check=None) -> list:
    """Play ``state`` to its end choosing uniformly among legal actions; return the actions.

    ``check(state)`` runs after every decision. Fails if the game has not ended in time.
    """
    played = []
    for _ in range(max_decisions):
        if state.is_terminal:
            return played
        legal = state.legal_actions()
        assert legal, f"no legal action in a non-terminal state (seat {state.current_player} to move)"
        action = rng.choice(legal)
        state.apply(action)
        played.append(action)
        if check is not None:
            check(state)
    assert state.is_terminal, f"random play did not end within {max_decisions} decisions"
    return played


@functools.cache
def random_game(case: Case, seed: int) -> tuple:
    """The actions of the random playout of ``case`` from ``new_state(seed)`` with Random(seed)."""
    state = game_of(case).new_state(seed=seed)
    return tuple(play_randomly(state, random.Random(seed)))


def positions(case: Case, seed: int) -> Iterator[tuple[int, Any, Any]]:
    """Walk the random game ``random_game(case, seed)``.

    Yields ``(i, state, action)`` before the i-th decision, then ``(n, state, None)`` at the
    end. The state is the live one: callers may look and clone but must not apply.
    """
    state = game_of(case).new_state(seed=seed)
    actions = random_game(case, seed)
    for i, action in enumerate(actions):
        yield i, state, action
        state.apply(action)
    yield len(actions), state, None


def state_after(case: Case, seed: int, count: int | None = None):
    """The state after the first ``count`` decisions (all by default) of ``random_game``."""
    state = game_of(case).new_state(seed=seed)
    for action in random_game(case, seed)[:count]:
        state.apply(action)
    return state


def spread(n: int, k: int) -> set[int]:
    """About ``k`` indices spread evenly over ``0..n`` (both ends included)."""
    if n <= k:
        return set(range(n + 1))
    return {round(i * n / (k - 1)) for i in range(k)}


def scaled(case: Case, k: int) -> int:
    """``k`` for a game's defaults, fewer (at least 2) for its other option sets."""
    return k if not case.options else max(2, math.ceil(k * OPTION_EFFORT))


def checkpoints(case: Case, seed: int, k: int) -> list[int]:
    """About ``k`` (``scaled``) decision indices spread over the game ``random_game(case, seed)``."""
    return sorted(spread(len(random_game(case, seed)), scaled(case, k)))


# -- invariants ------------------------------------------------------------------------------


def check_conservation(game, state) -> None:
    """Property 5: every card of the game lies in exactly one zone."""
    zones = state.zones()
    assert isinstance(zones, dict), f"zones() must be a dict, got {type(zones).__name__}"
    found = Counter(card for cards in zones.values() for card in cards)
    expected = Counter(game.all_cards())
    if found != expected:
        missing = expected - found
        extra = found - expected
        where = {
            name: [c for c in cards if c in extra] for name, cards in zones.items()
            if any(c in extra for c in cards)
        }
        raise AssertionError(
            f"cards not conserved after {len(state.history)} decisions: "
            f"missing {dict(missing)}, extra {dict(extra)} (extra found in {where})")


def check_turn_invariants(state) -> None:
    """current_player is None iff terminal; legal actions are empty iff terminal."""
    legal = state.legal_actions()
    if state.is_terminal:
        assert state.current_player is None, "a terminal state has a seat to move"
        assert legal == [], "a terminal state offers legal actions"
    else:
        assert state.current_player in range(state.game.num_players), (
            f"current_player {state.current_player!r} is not a seat")
        assert legal, "a non-terminal state offers no legal action"
        assert len(set(legal)) == len(legal), f"legal_actions() repeats actions: {texts(legal)}"


def check_views_json(state) -> None:
    for p in viewers(state.game):
        obs = state.observe(p)
        assert isinstance(obs, dict), f"observe({p}) must be a dict, got {type(obs).__name__}"
        canon(obs)


def check_step(game, state) -> None:
    """The cheap invariants that hold after every decision."""
    check_turn_invariants(state)
    check_conservation(game, state)
    check_views_json(state)


def light_check(game, state) -> None:
    """``check_step`` on every 10th decision and at the end, the turn invariants on the others."""
    if state.is_terminal or len(state.history) % 10 == 0:
        check_step(game, state)
    else:
        check_turn_invariants(state)


def check_outcome(state) -> None:
    """returns() and scores() of a terminal state make sense."""
    n = state.game.num_players
    returns = list(state.returns())
    scores = list(state.scores())
    assert len(returns) == n, f"returns() has {len(returns)} entries for {n} seats"
    assert len(scores) == n, f"scores() has {len(scores)} entries for {n} seats"
    assert all(r in (-1, 0, 1) for r in returns), f"returns() must be +1/-1/0 per seat: {returns}"
    assert all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores), scores
    if n == 2:
        assert sum(returns) == 0, f"a two-seat game is zero-sum: {returns}"
    assert not all(r == -1 for r in returns), f"everybody lost: {returns}"


def check_resampled(game, truth, world, player, truth_views=None) -> None:
    """Property 4 for one world: ``player`` cannot tell ``world`` from ``truth``."""
    truth_views = truth_views or views(truth)
    where = f"seat {player}, after {len(truth.history)} decisions"
    assert world is not truth, "resample returned the true state itself"
    assert canon(world.observe(player)) == truth_views[player], (
        f"{where}: the resampled world looks different to the seat that was resampled for")
    assert canon(world.observe(None)) == truth_views[-1], (
        f"{where}: the resampled world differs in public information (spectator view)")
    assert world.current_player == truth.current_player, f"{where}: a different seat is to move"
    assert world.is_terminal == truth.is_terminal, where
    if truth.current_player == player:
        assert texts(world.legal_actions()) == texts(truth.legal_actions()), (
            f"{where}: the seat to move has other legal actions in the resampled world")
    assert world.seed is None, f"{where}: a resampled world keeps the true seed {world.seed!r}"
    assert list(world.history) == [], f"{where}: a resampled world keeps the true history"
    try:
        world.record()
    except ludus.LudusError:
        pass
    else:
        raise AssertionError(f"{where}: a resampled world gives a record (it must raise LudusError)")
    check_conservation(game, world)
    check_turn_invariants(world)


def hidden_differs(truth, world, player) -> bool:
    """Whether ``world`` differs from ``truth`` in what another seat sees."""
    return any(
        canon(world.observe(q)) != canon(truth.observe(q))
        for q in seats(truth.game) if q != player
    )


def digest(case: Case, seed: int) -> str:
    """A fingerprint of the random game of ``case`` and ``seed`` (record, views, returns).

    Used to compare runs across processes (different hash seeds): plays its own game so that
    a child process needs nothing but this function.
    """
    game = game_of(case)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    for step in range(MAX_DECISIONS):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        h.update(canon(texts(legal)).encode())
        if step % 25 == 0:
            h.update("".join(views(state)).encode())
        state.apply(rng.choice(legal))
    h.update("".join(views(state)).encode())
    h.update(canon([state.record(), list(state.returns()), list(state.scores())]).encode())
    return h.hexdigest()


# -- twin games ------------------------------------------------------------------------------


class _TransposingShuffle:
    """Stands in for ``ludus.core.rng.shuffle`` in the game modules: shuffles as it does, and
    transposes entries ``i`` and ``j`` (modulo the length) of the result of its ``at``-th call."""

    def __init__(self, at: int, i: int, j: int):
        self.at, self.i, self.j, self.calls = at, i, j, 0

    def __call__(self, rng, seq) -> None:
        core_rng.shuffle(rng, seq)
        if self.calls == self.at and len(seq) > 1:
            i, j = self.i % len(seq), self.j % len(seq)
            seq[i], seq[j] = seq[j], seq[i]
        self.calls += 1


@contextlib.contextmanager
def transposed_deal(at: int, i: int, j: int) -> Iterator[_TransposingShuffle]:
    """While active, the ``at``-th shuffle of the games (counted from 0) has two of its entries
    transposed: a state dealt now with a seed is a true game dealt like the one the seed deals,
    but for two cards. The shuffle draws from its generator as it would have, so every later
    chance event (a reshuffle, a bust drawn) comes out the same; and since the order a shuffle
    makes depends only on its generator and the pile's length, a pile shuffled later puts each
    game's cards in the same places: the two cards stay each other's counterparts."""
    transposing = _TransposingShuffle(at, i, j)
    patched = [module for name, module in list(sys.modules.items())
               if name.startswith("ludus.games.") and getattr(module, "shuffle", None) is core_rng.shuffle]
    for module in patched:
        module.shuffle = transposing
    try:
        yield transposing
    finally:
        for module in patched:
            module.shuffle = core_rng.shuffle


def deal_shuffles(game, seed: int) -> int:
    """How many shuffles dealing ``game`` with ``seed`` makes (the ``at`` that ``transposed_deal``
    may take)."""
    with transposed_deal(-1, 0, 0) as counting:
        game.new_state(seed=seed)
    return counting.calls
