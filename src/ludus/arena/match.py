"""One game between agents, and the unit of work of a tournament.

``play_game`` plays a game to the end with one agent per seat. A tournament is a list of
:class:`Unit` s — one game each, keyed by (table, deal, rotation) — and ``play_unit`` plays one
of them from plain data only (game id, options, agent specs, seeds): it builds the game and the
agents itself, so it runs the same in this process or in a worker, and its result depends on
nothing but the unit.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..agents import RandomAgent
from ..agents import make as make_agent
from .records import fields_but_record, unit_record

NO_REASON = "played to its end"        # a game that names no end reason has one way to end


def end_reason(state) -> str:
    """How a finished game ended, in the words of its public view's ``end_reason`` with numbers
    masked (``4 pure passes`` and ``6 pure passes`` alike): games that end alike count together."""
    text = state.observe(None).get("end_reason") or NO_REASON
    return re.sub(r"\d+", "N", text)


def choose(agent, state, player: int):
    """The agent's move for ``player``.

    A RandomAgent (exactly that class) picks straight from ``state.legal_actions()`` with its
    own generator instead of from a Perspective: a random agent uses nothing but the legal
    moves, which are the same list in a Perspective (contract property 4), so the move is the
    one ``agent.act(state.perspective(player))`` would pick — without the cost of building a
    resampled world per decision (it makes simulations several times faster). Any other agent
    gets a Perspective, as the contract says.
    """
    if type(agent) is RandomAgent:
        return agent.rng.choice(state.legal_actions())
    return agent.act(state.perspective(player, recall=agent.uses_recall))


def play_game(game, agents: list, seed: int):
    """Play one game of ``game`` from ``seed``, seat p played by ``agents[p]``; the final state.

    Moves of non-random agents are checked (``state.apply`` with the seat): an agent that
    answers with an illegal move raises IllegalAction instead of corrupting the game.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.id} has {game.num_players} seats, got {len(agents)} agents")
    state = game.new_state(seed=seed)
    fast = [type(a) is RandomAgent for a in agents]
    while not state.is_terminal:
        p = state.current_player
        action = choose(agents[p], state, p)
        if fast[p]:
            state.apply_trusted(action)          # drawn from legal_actions(): legal by construction
        else:
            state.apply(action, player=p)
    return state


@dataclasses.dataclass(frozen=True)
class Unit:
    """One game of a tournament: which agents sit where, on which deal, with which seeds.

    ``seats[p]`` is the index (into the tournament's agent list) of the agent at seat p;
    ``specs[p]`` its spec string and ``agent_seeds[p]`` the seed it is built with.
    """

    index: int            # position in the tournament's unit list
    table: int            # which combination of agents
    deal: int             # which deal (the same deal_seed for every table)
    rotation: int         # which seating of the deal (Tournament.seatings[rotation])
    deal_seed: int
    seats: tuple[int, ...]
    specs: tuple[str, ...]
    agent_seeds: tuple[int, ...]

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.table, self.deal, self.rotation)


@dataclasses.dataclass(frozen=True)
class GameResult:
    """What a tournament keeps of one game (no timings: results are reproducible to the byte)."""

    index: int
    table: int
    deal: int
    rotation: int
    deal_seed: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[Any, ...]
    length: int
    end: str = ""          # end_reason(); empty in a journal written before it was kept
    # The game's record where the run keeps them (arena/records.py); never in a journal's line.
    record: dict | None = dataclasses.field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        return fields_but_record(self)


_GAMES: dict = {}   # (game id, options) -> Game, per process


def _game(game_id: str, options: dict):
    from ..core.registry import make

    key = (game_id, tuple(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make(game_id, **options)
    return game


def play_unit(game_id: str, options: dict, unit: Unit, recorded: bool = False) -> GameResult:
    """Play one unit from plain data (what a worker process receives); with ``recorded``, the
    result carries the game's record."""
    state = unit_final_state(_game(game_id, options), unit)
    result = unit_result(unit, state)
    return dataclasses.replace(result, record=unit_record(state, unit.specs)) if recorded else result


def unit_final_state(game, unit: Unit):
    """The final state of ``unit`` played on ``game``, its agents built from the unit's specs and seeds."""
    agents = [make_agent(spec, game, seed=s) for spec, s in zip(unit.specs, unit.agent_seeds, strict=True)]
    return play_game(game, agents, unit.deal_seed)


def unit_result(unit: Unit, state) -> GameResult:
    """What a tournament keeps of ``unit`` finished in ``state``."""
    return GameResult(
        index=unit.index, table=unit.table, deal=unit.deal, rotation=unit.rotation,
        deal_seed=unit.deal_seed, seats=unit.seats, returns=tuple(float(r) for r in state.returns()),
        scores=tuple(state.scores()), length=len(state.history), end=end_reason(state),
    )


def play_units(game_id: str, options: dict, units: list[Unit]) -> list[GameResult]:
    """Play a batch of units (one task of a process pool)."""
    return [play_unit(game_id, options, u) for u in units]


def play_units_recorded(game_id: str, options: dict, units: list[Unit]) -> list[GameResult]:
    """``play_units``, each result carrying its game's record (a function of its own: a Ray task
    is made of a plain function)."""
    return [play_unit(game_id, options, u, recorded=True) for u in units]
