"""How fast a game runs on this machine: random playouts, and ISMCTS iterations, per CPU second.

Speed sets how strong a time-budgeted bot is (``ismcts:hard`` gets one CPU second a move) and
how big a tournament fits in an hour, so ``ludus bench`` shows both on the user's machine, and
the scripts in ``bench/`` build their recorded measurements on the same loops.

Time is this process's CPU time: on a shared machine it does not count the time spent waiting
for a core (other jobs still slow it a little through the caches). ``Rate.cpu_share`` (CPU time
over wall time) says how much of a core the measurement got: well under 1 means a busy machine.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

from ..agents import make as make_agent
from ..core.errors import OptionError
from .match import choose

Clock = Callable[[], float]


@dataclasses.dataclass
class Rate:
    """``work`` units (decisions, iterations) done in ``runs`` runs (games, searches)."""

    work: int
    runs: int
    seconds: float          # by the clock measured with (CPU time unless told otherwise)
    wall_seconds: float

    @property
    def per_s(self) -> float:
        return self.work / self.seconds if self.seconds else 0.0

    @property
    def runs_per_s(self) -> float:
        return self.runs / self.seconds if self.seconds else 0.0

    @property
    def cpu_share(self) -> float:
        return self.seconds / self.wall_seconds if self.wall_seconds else 1.0


def random_playout(game, rng: random.Random, validate: bool = False, search: bool = False) -> int:
    """One game of uniformly random moves to the end; its number of decisions.

    ``validate``: through ``apply`` (what a person's move goes through) instead of the trusted
    ``apply_trusted`` bots use. ``search``: the loop a search runs in its worlds, with no
    per-seat knowledge kept (``stop_tracking``).
    """
    state = game.new_state(seed=rng.getrandbits(31))
    if search:
        state.stop_tracking()
    apply = state.apply if validate else state.apply_trusted
    legal = state.legal_actions
    choice = rng.choice
    decisions = 0
    while not state.is_terminal:
        apply(choice(legal()))
        decisions += 1
    state.returns()
    return decisions


def playout_rate(game, seconds: float, seed: int = 12345, validate: bool = False, search: bool = False,
                 clock: Clock = time.process_time) -> Rate:
    """Random playouts (see ``random_playout``), whole games, until ``seconds`` of ``clock``."""
    rng = random.Random(seed)
    random_playout(game, rng, validate, search)            # warm-up: caches, first-call costs
    decisions = games = 0
    start, wall = clock(), time.perf_counter()
    while not games or clock() - start < seconds:
        decisions += random_playout(game, rng, validate, search)
        games += 1
    return Rate(decisions, games, clock() - start, time.perf_counter() - wall)


def search_positions(game, games: int = 1, every: int = 4, seed: int = 0) -> list:
    """Every ``every``-th decision with a real choice in ``games`` games between heuristic bots
    (random ones for a game without a heuristic): positions a search meets, early (long
    rollouts) to late (short ones)."""
    try:
        make_agent("heuristic", game)
        bot = "heuristic"
    except OptionError:
        bot = "random"
    out = []
    for g in range(games):
        state = game.new_state(seed + g)
        bots = [make_agent(bot, game, seed=(seed + g) * 10 + p) for p in range(game.num_players)]
        chosen = 0
        while not state.is_terminal:
            p = state.current_player
            if len(state.legal_actions()) > 1:
                if chosen % every == 0:
                    position = state.clone()
                    position.origin = state.origin     # so that a search can replay the seat's recall
                    out.append(position)
                chosen += 1
            state.apply(choose(bots[p], state, p))
    return out


def search_rate(game, spec: str, states: list, seconds: float | None = None,
                clock: Clock = time.process_time) -> Rate | None:
    """Iterations per second of the ISMCTS ``spec`` (give it an iteration budget), one search from
    each of ``states`` in turn: each once, or whole rounds of them until ``seconds`` of ``clock``
    (only the searches are timed; whole rounds, since early positions cost more per iteration).
    None when the spec does not apply to the game (e.g. a rollout hook it lacks)."""
    try:
        agent = make_agent(spec, game)
    except OptionError:
        return None
    iterations = searches = 0
    spent = wall = 0.0
    while states and (searches % len(states) or not searches or (seconds is not None and spent < seconds)):
        state = states[searches % len(states)]
        view = state.perspective(state.current_player, recall=agent.uses_recall)
        t, w = clock(), time.perf_counter()
        agent.act(view)
        spent += clock() - t
        wall += time.perf_counter() - w
        iterations += agent.last_iterations
        searches += 1
    return Rate(iterations, searches, spent, wall)
