"""Information-set Monte Carlo tree search (ISMCTS, Cowling et al. 2012).

Each iteration draws a world with ``Perspective.sample`` — a full state consistent with all the
seat knows — and walks one shared tree with it: at every node only the actions legal in this
world are candidates, and each child counts how often it was *available*, so UCB compares a
child with the times it could have been chosen. Leaves are scored by a rollout to the end (or to
``depth`` decisions — and on to a position the game calls ``quiet``, if it says which — or to
the game's ``horizon``, whichever comes first, then the game's ``leaf_values`` hook). Every
seat's result is backed up, each node keeping the result of the seat that chose its action. In
games where some moves are seen only in part (a card put face down; ``State.action_seen_by``)
there is one tree per seat instead, each keyed by what its seat sees of the moves
(multiple-observer ISMCTS).

The agent sees nothing but the Perspective. With an iteration budget and a seed it is
deterministic: the generator of each search is seeded from the seed and the observation, so the
same perspective gives the same move. A time budget is as deterministic as the clock.

With ``bias`` above 0 the root leans towards the move the game's heuristic would play for the
seat (progressive bias, see ``_choose``). With ``infer`` above 0 the worlds are not drawn alike:
that many are drawn and weighed by how likely the other seats' past moves were in each under a
model of their play — the game's (``SearchHooks.model``, else its heuristic) or a trained policy
(``model=FILE``) — trusted ``1 - noise`` (fitted to the game so far unless given;
agents/inference.py), and the search plays in those, in proportion, scoring its leaves by the
game's ``informed_leaf_values`` if it has one. With ``rollout=mast`` the
rollouts play by the averages of the moves in this search (agents/move_averages.py).

Per-game hooks, optional, in the game's ``parts.search`` (``core.parts.SearchHooks``):
``rollout_policy(state, rng)`` (a legal action), ``leaf_values(state, seat)`` (one value in
[-1, 1] per seat, used after ``depth`` rollout steps; ``seat`` is the one searching),
``quiet(state)`` (whether a leaf may be read there), ``horizon(state)`` (a position where every
rollout stops to read ``leaf_values``, whatever ``depth``; ``horizon=off`` ignores it),
``decide_without_search(perspective)`` (a move for the decisions no search of this budget can
weigh, such as setup choices whose effect lies beyond any rollout's depth; None for the others)
and ``rewind(world, recall, i, seat)`` (for ``infer``: a past decision's position as it was if
``world`` is the truth).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import random
import time
from typing import Any

from ..core.errors import LudusError, OptionError, echo
from ..core.game import State
from .base import Agent, decimal, whole_number
from .inference import LEAST_NOISE, model_of, weighted_worlds
from .move_averages import MoveAverages
from .policy import PolicyAgent

LEVELS = {"easy": {"iterations": 200}, "medium": {"iterations": 1000}, "hard": {"time": 1.0}}
# What each spec parameter takes, as a refusal says it.
SPEC_KINDS = {"iterations": "a whole number of searches, e.g. iterations=2000",
              "time": "a number of seconds, e.g. time=1.5",
              "c": "a number, 0 or more, e.g. c=0.7",
              "depth": "a whole number or full (decisions before the leaf values), e.g. depth=8",
              "bias": "a number, 0 or more, e.g. bias=5",
              "infer": "a whole number of worlds to weigh, 0 for none, e.g. infer=200",
              "noise": "a number from 0.001 to 1, e.g. noise=0.5 (fitted if not given)",
              "epsilon": "a number from 0 to 1, e.g. epsilon=0.2",
              "model": "a policy file, e.g. model=examples/models/claim-ppo.npz",
              "playouts": "a whole number of rollouts per new leaf, 1 or more, e.g. playouts=4",
              "horizon": "on or off (whether rollouts stop at the game's horizon), e.g. horizon=off"}
ADVISOR_SALT = 0x5EED_AD71_5E5   # the bias's heuristic draws apart from the search's own generator
GAME_DEFAULT = object()   # c / depth / rollout / bias / infer / noise / epsilon not given: the
                          # game's search defaults, else c=0.7, full random rollouts, no bias, no
                          # inference (and, inferring, a fitted noise; with rollout=mast, epsilon 0.2)
MAST_EPSILON = 0.2
# How far a rollout cut at ``depth`` plays on to a position the game calls quiet: a turn's
# decisions at most (a game whose turns run longer gets its leaf read halfway).
QUIET_LIMIT = 64


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "player")

    def __init__(self, player: int | None):
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.player = player


@dataclasses.dataclass(frozen=True)
class MoveEstimate:
    """One legal move as a search saw it: how often it was tried, and its mean result for the
    seat searching (-1 a loss … +1 a win; a leaf evaluation's estimate where rollouts stop
    early). ``value`` is None for a move not searched."""

    action: Any                  # the game's action
    visits: int
    value: float | None


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, game, seed: int | None = None, iterations: int | None = None,
                 time_limit: float | None = None, c=GAME_DEFAULT, depth=GAME_DEFAULT, rollout=GAME_DEFAULT,
                 bias=GAME_DEFAULT, infer=GAME_DEFAULT, noise=GAME_DEFAULT, epsilon=GAME_DEFAULT,
                 model: str | None = None, playouts: int = 1, horizon: bool = True):
        super().__init__(game, seed)
        if iterations is None and time_limit is None:
            iterations = LEVELS["medium"]["iterations"]
        if iterations is not None and iterations < 1:
            raise OptionError(f"ismcts iterations must be at least 1, got {iterations}")
        if time_limit is not None and not (0 < time_limit < math.inf):
            raise OptionError(f"ismcts time must be a number of seconds above 0, got {time_limit}")
        hooks = game.parts.search
        defaults = hooks.defaults
        if c is GAME_DEFAULT:
            c = defaults.get("c", 0.7)
        if not (0 <= c < math.inf):
            raise OptionError(f"ismcts exploration c must be a number, 0 or more, got {c}")
        if bias is GAME_DEFAULT:
            bias = defaults.get("bias", 0.0)
        if not (0 <= bias < math.inf):
            raise OptionError(f"ismcts bias must be a number, 0 or more, got {bias}")
        if infer is GAME_DEFAULT:
            infer = defaults.get("infer", 0)
        if type(infer) is not int or infer < 0:
            raise OptionError(f"ismcts infer must be a whole number of worlds, 0 or more, got {infer}")
        if noise is GAME_DEFAULT:
            noise = defaults.get("noise")
        if noise is not None and not (LEAST_NOISE <= noise <= 1):
            raise OptionError(f"ismcts noise must be a number from {LEAST_NOISE} to 1, got {noise}")
        if noise is not None and not infer:
            raise OptionError("ismcts noise is how far inference trusts its model: give it with infer above 0")
        if model is not None and not infer:
            raise OptionError("ismcts model is the policy file inference models the others by: give it with "
                              "infer above 0")
        if depth is GAME_DEFAULT:
            depth = defaults.get("depth")
        if rollout is GAME_DEFAULT:
            rollout = defaults.get("rollout", "random")
        if depth is not None and depth < 0:
            raise OptionError(f"ismcts depth must be 0 or more (or full), got {depth}")
        if rollout not in ("random", "heuristic", "mast"):
            raise OptionError(f"ismcts rollout must be random, heuristic or mast, got {rollout!r}")
        if epsilon is GAME_DEFAULT:
            epsilon = defaults.get("epsilon", MAST_EPSILON) if rollout == "mast" else None
        elif rollout != "mast":
            raise OptionError("ismcts epsilon is how often a mast rollout plays at random: give it with rollout=mast")
        if epsilon is not None and not (0 <= epsilon <= 1):
            raise OptionError(f"ismcts epsilon must be a number from 0 to 1, got {epsilon}")
        if type(playouts) is not int or playouts < 1:
            raise OptionError(f"ismcts playouts must be a whole number, 1 or more, got {playouts}")
        # Rollouts from each new leaf, averaged: fewer iterations, each with a less noisy value.
        self.playouts = playouts
        self.iterations, self.time_limit, self.c, self.depth = iterations, time_limit, c, depth
        self.rollout, self.bias, self.infer, self.noise, self.epsilon = rollout, bias, infer, noise, epsilon
        self._averages = None       # the move averages of the search in progress (rollout=mast)
        # The heuristic whose move the root favours (progressive bias), seeded per search.
        self._advisor = None
        if bias:
            if game.parts.heuristic is None:
                raise OptionError(f"{game.id} has no heuristic to bias the search towards; use bias=0")
            self._advisor = game.parts.heuristic(game)
        # The model of how the other seats play, by which inference weighs the worlds.
        self._model = None
        self._rewind = hooks.rewind
        if infer:
            if hooks.rewind is None:
                raise OptionError(f"{game.id} cannot rewind a remembered decision (no rewind search hook), so "
                                  "ismcts cannot infer there; use infer=0")
            self._model = model_of(game) if model is None else PolicyAgent(game, model)
            if self._model is None:
                raise OptionError(f"{game.id} has no heuristic to model the other seats with; use infer=0")
        self.uses_recall = bool(infer)
        self.policy = hooks.rollout_policy if rollout == "heuristic" else None
        if rollout == "heuristic" and self.policy is None:
            raise OptionError(f"{game.id} has no heuristic rollout policy; use rollout=random")
        self.leaf_values = hooks.leaf_values
        self._informed_leaf_values = hooks.informed_leaf_values or hooks.leaf_values
        self._leaf = None               # the leaf of the search in progress: informed in weighed worlds
        self._seat = None               # the seat of the search in progress, which the leaf reads for
        self.quiet = hooks.quiet
        # Where every rollout stops for the leaf values, whatever the depth (Claim: the start of
        # a two-player phase 2, read by its judge); off, rollouts run to ``depth`` or the end.
        self.horizon = hooks.horizon(game) if horizon and hooks.horizon is not None else None
        self.decide_without_search = hooks.decide_without_search
        if (depth is not None or self.horizon is not None) and self.leaf_values is None:
            raise OptionError(f"{game.id} has no evaluation hook, so ismcts needs rollouts to the end "
                              "(depth=full)")
        self.last_iterations = 0
        # Mixed into every search's seed: the seed given, else a draw from the agent's own
        # (system-seeded) generator, so that unseeded agents differ from one another.
        self._seed_key = seed if seed is not None else self.rng.getrandbits(64)

    def act(self, perspective):
        return self.analyse(perspective)[0].action

    def analyse(self, perspective) -> list[MoveEstimate]:
        """Every legal move with what the search found of it, best first: the first is the move
        ``act`` plays (most visited; ties: higher total, then the order of the legal moves).
        A single legal move, or one the game's ``decide_without_search`` makes, is not searched
        (every estimate then has 0 visits)."""
        legal = perspective.legal_actions()
        self.last_iterations = 0
        if len(legal) == 1:
            return [MoveEstimate(legal[0], 0, None)]
        if self.decide_without_search is not None:
            action = self.decide_without_search(perspective)
            if action is not None:
                return [MoveEstimate(a, 0, None) for a in [action, *(a for a in legal if a != action)]]
        children = self._search(perspective)[perspective.player].children
        ranked = sorted(legal, key=lambda a: (children[a].visits, children[a].total) if a in children else (-1, 0.0),
                        reverse=True)                    # stable: ties keep the legal order
        return [MoveEstimate(a, children[a].visits, children[a].total / children[a].visits)
                if a in children and children[a].visits else MoveEstimate(a, 0, None) for a in ranked]

    def _search(self, perspective) -> list[_Node]:
        """Search within the budget; the root of each seat's tree, by seat (the same shared tree
        for every seat when all moves are public)."""
        seed = self._search_seed(perspective)
        rng = random.Random(seed)
        seats = perspective.game.num_players
        if type(perspective.world).action_seen_by is State.action_seen_by:
            roots, iterate = [_Node(None)] * seats, self._iterate
        else:
            roots, iterate = [_Node(None) for _ in range(seats)], self._iterate_per_seat
        root = roots[perspective.player]
        start = _clock()
        deadline = start + self.time_limit if self.time_limit else None
        favoured = None
        if self._advisor is not None:                   # its thinking is part of the budget
            self._advisor.rng.seed(seed ^ ADVISOR_SALT)
            favoured = self._advisor.act(perspective)
        draw, self._leaf, self._seat = perspective.sample, self.leaf_values, perspective.player
        if self._model is not None:                     # so is inference's, up to a quarter of it
            if perspective.recall is None:
                raise LudusError("ismcts with infer reads the seat's recall: give it "
                                 "state.perspective(seat, recall=True) (ludus.arena.match.choose does)")
            weighing_ends = start + self.time_limit / 4 if self.time_limit else None
            pool = weighted_worlds(perspective, self._rewind, self._model, self.infer, rng, self.noise,
                                   weighing_ends, _clock)
            if pool is not None:
                draw = functools.partial(_draw_from, pool)
                self._leaf = self._informed_leaf_values
        self._averages = MoveAverages(self.epsilon, rng) if self.rollout == "mast" else None
        searching = _clock()                            # the search's own rate starts here
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if n and n % 16 == 0 and self._settled(root, n, searching, deadline):
                break
            world = draw(rng)
            world.stop_tracking()   # the world is played out, never observed
            iterate(roots, world, rng, favoured)
            n += 1
        self.last_iterations = n
        self._averages = self._leaf = self._seat = None
        return roots

    def _settled(self, root: _Node, n: int, start: float, deadline: float | None) -> bool:
        """Whether the search can stop: out of time, or the most visited move can no longer be
        overtaken in the iterations left. Under an iteration budget that is exact (the answer
        would be the same, so stopping early changes no decision); under a time budget the
        iterations left are estimated from the rate so far."""
        left = self.iterations - n if self.iterations is not None else math.inf
        if deadline is not None:
            now = _clock()
            if now >= deadline:
                return True
            left = min(left, n * (deadline - now) / max(now - start, 1e-9))
        first = second = 0
        for child in root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        return first - second > left

    def _search_seed(self, perspective) -> int:
        """Seed of one search: the agent's seed and everything the seat sees, hashed."""
        text = json.dumps(perspective.observation, sort_keys=True) + f"|{self._seed_key}"
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")

    def _iterate(self, roots: list[_Node], world, rng: random.Random, favoured) -> None:
        """One iteration of single-observer ISMCTS: one tree, shared by all seats. ``favoured``:
        the root's move to bias towards (None for no bias)."""
        node = roots[0]
        path = []
        c = self.c
        bias = self.bias if favoured is not None else 0.0
        averages = self._averages
        while not world.is_terminal:
            action, new = _choose(node, world.legal_actions(), c, rng, favoured, bias)
            bias = 0.0                                                      # the root only
            if new:                                                         # expansion
                child = node.children[action] = _Node(world.current_player)
            else:
                child = node.children[action]
            if averages is not None:
                averages.note(world.current_player, action)
            world.apply_trusted(action)
            path.append(child)
            if new:
                break
            node = child
        values = self._leaf_value(world, rng)
        if averages is not None:
            averages.credit(values)
        for nd in path:                                                     # backpropagation
            nd.visits += 1
            nd.total += values[nd.player]

    def _iterate_per_seat(self, roots: list[_Node], world, rng: random.Random, favoured) -> None:
        """One iteration of multiple-observer ISMCTS, for games with partly hidden moves: one
        tree per seat, keyed by what that seat sees of each move (``action_seen_by``). The
        seat to move chooses in its own tree, where its moves are whole; every other tree
        follows the move as its seat saw it. So a seat's later choices in the tree never
        depend on a card it saw only face down."""
        nodes = roots[:]
        paths: list[list[_Node]] = [[] for _ in roots]
        c = self.c
        seats = range(len(roots))
        expanded = False
        bias = self.bias if favoured is not None else 0.0
        averages = self._averages
        while not world.is_terminal and not expanded:
            p = world.current_player
            action, expanded = _choose(nodes[p], world.legal_actions(), c, rng, favoured, bias)
            if averages is not None:
                averages.note(p, action)
            bias = 0.0                                                      # the root only
            for q in seats:
                key = action if q == p else world.action_seen_by(action, q)
                children = nodes[q].children
                child = children.get(key)
                if child is None:
                    child = children[key] = _Node(p)
                    expanded = True
                nodes[q] = child
                if q == p:
                    paths[q].append(child)   # a tree's statistics are read only where its seat moves
            world.apply_trusted(action)
        values = self._leaf_value(world, rng)
        if averages is not None:
            averages.credit(values)
        for path, value in zip(paths, values, strict=True):
            for nd in path:
                nd.visits += 1
                nd.total += value

    def _leaf_value(self, world, rng: random.Random) -> list[float]:
        """The new leaf's value per seat: one rollout of ``world``, or the mean of ``playouts``
        rollouts of copies of it."""
        if self.playouts == 1:
            return self._rollout(world, rng)
        runs = [self._rollout(world.clone(), rng) for _ in range(self.playouts - 1)]
        runs.append(self._rollout(world, rng))
        return [sum(values) / len(runs) for values in zip(*runs, strict=True)]

    def _rollout(self, world, rng: random.Random) -> list[float]:
        depth, quiet, horizon = self.depth, self.quiet, self.horizon
        if horizon is None:
            self._play(world, rng, depth)
        else:                                           # one decision at a time, to see the horizon
            steps = 0
            while not world.is_terminal and (depth is None or steps < depth):
                if horizon(world):
                    return self._leaf(world, self._seat)
                self._play(world, rng, 1)
                steps += 1
        if depth is not None and quiet is not None:     # a leaf halfway through a turn misreads it
            for _ in range(QUIET_LIMIT):
                if world.is_terminal or quiet(world):
                    break
                self._play(world, rng, 1)
        return world.returns() if world.is_terminal else self._leaf(world, self._seat)

    def _play(self, world, rng: random.Random, steps: int | None) -> None:
        """Roll ``world`` on by ``steps`` decisions (None: to the end) with the rollout policy."""
        policy = self.policy
        if policy is None:
            averages = self._averages
            world.playout(rng, steps, averages.choose if averages is not None else None)
        else:
            done = 0
            while not world.is_terminal and (steps is None or done < steps):
                world.apply_trusted(policy(world, rng))
                done += 1


def _choose(node: _Node, legal: list, c: float, rng: random.Random, favoured=None, bias: float = 0.0) -> tuple:
    """The move to follow from ``node`` in this world, and whether it is new to the tree: an
    untried legal move (at random) if there is one, else the best by UCB, where each child is
    compared with the times it was available (legal) rather than with its parent's visits.

    With ``bias`` (progressive bias, Chaslot et al. 2008), the ``favoured`` move is tried first
    and its score gets ``bias / (visits + 1)`` more: a head start that fades as the move's own
    results accumulate, so a good prior saves iterations and a bad one costs only a few.

    A child never visited in this tree counts as untried: one seat's tree also holds, unvisited,
    the moves it saw others make, and where a seat cannot tell who moves next (in some sampled
    worlds another seat, in others itself) such a node can be its own choice in a later world."""
    get = node.children.get
    log, sqrt = math.log, math.sqrt
    untried = []
    best, best_score = None, -math.inf
    for a in legal:
        child = get(a)
        if child is None or not child.visits:
            untried.append(a)
            continue
        child.avail += 1
        visits = child.visits
        score = child.total / visits + c * sqrt(log(child.avail) / visits)
        if bias and a == favoured:
            score += bias / (visits + 1)
        if score > best_score:
            best, best_score = a, score
    if untried:
        if bias and favoured in untried:
            return favoured, True
        return (untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]), True
    return best, False


def _draw_from(pool: list, rng: random.Random):
    """A copy of one of inference's weighed worlds. Its chance is re-seeded, so that where chance
    acts after the deal (a reshuffle, a bust drawn) each copy meets a future of its own."""
    world = pool[rng.randrange(len(pool))].clone()
    world.chance_seed = rng.getrandbits(64)
    return world


def _clock() -> float:
    """The clock of time budgets: this thread's CPU time, so that ``time=1`` buys about a second
    of one core's work even on a loaded machine (there the move takes longer in wall time)."""
    return time.thread_time()


def _on_off(value: str) -> bool:
    if value not in ("on", "off"):
        raise ValueError(value)
    return value == "on"


def _depth(value: str) -> int | None:
    """``depth=N`` decisions before ``leaf_values``; ``depth=full`` rolls out to the end."""
    return None if value == "full" else whole_number(value)


def from_params(game, params: dict, seed: int | None, spec: str) -> ISMCTSAgent:
    """Build from spec parameters: ``level`` (easy/medium/hard) or ``iterations``, ``time``,
    ``c``, ``depth``, ``rollout``, ``bias``, ``infer``, ``noise``, ``model``, ``epsilon``, ``playouts``,
    ``horizon``."""
    params = dict(params)
    kwargs: dict = {}
    level = params.pop("level", None)
    if level is not None:
        if level not in LEVELS:
            raise OptionError(f"unknown ismcts level {echo(level)} in {echo(spec)}; levels: {', '.join(LEVELS)}")
        kwargs.update(LEVELS[level])
    conversions = {"iterations": whole_number, "time": decimal, "c": decimal, "depth": _depth, "rollout": str,
                   "bias": decimal, "infer": whole_number, "noise": decimal, "epsilon": decimal, "model": str,
                   "playouts": whole_number, "horizon": _on_off}
    for key, value in params.items():
        if key not in conversions:
            raise OptionError(f"ismcts takes no parameter {echo(key, 60)} (in {echo(spec)}); it takes level, "
                              "iterations, time, c, depth, rollout, bias, infer, noise, model, epsilon, playouts, "
                              "horizon, seed")
        try:
            kwargs[key] = conversions[key](value)
        except ValueError:
            raise OptionError(f"ismcts {key}={echo(value)} in {echo(spec)} is not {SPEC_KINDS[key]}") from None
    if "time" in kwargs:
        kwargs["time_limit"] = kwargs.pop("time")
        if "iterations" not in params:
            kwargs.pop("iterations", None)
    return ISMCTSAgent(game, seed=seed, **kwargs)
