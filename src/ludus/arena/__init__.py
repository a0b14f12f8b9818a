"""Arena: matches and round-robin tournaments between agents, ratings, parallel backends.

Above the agents, below the command line (the layers of docs/architecture.md)::

    from ludus.arena import Tournament, make_backend
    t = Tournament("claim", ["heuristic", "random", "ismcts:easy"], games=40, seed=1)
    result = t.run(make_backend("local"))          # or SerialBackend(), make_backend("ray"): same results
    for r in result.ratings:
        print(r.name, round(r.rating), (round(r.lo), round(r.hi)))

``ludus tournament`` is the same from the shell. How the games are planned (tables, shared
deals, seat rotations) is in :mod:`ludus.arena.tournament`; the rating model in
:mod:`ludus.arena.ratings`.
"""

from ..core.errors import OptionError
from ..core.registry import make as make_game
from .backends import BACKENDS, LocalBackend, RayBackend, SerialBackend, available_cores, make_backend
from .journal import Journal
from .match import GameResult, Unit, choose, play_game, play_unit
from .ratings import Rating, fit
from .stats import derive_seed, wilson
from .tournament import Tournament, TournamentResult, entrant_names


def match(game_id: str, specs: list[str], games: int = 100, seed: int = 0, options: dict | None = None,
          backend=None, partners: str = "fixed", order: str = "cyclic") -> TournamentResult:
    """A match: exactly one table of ``specs`` (one agent per seat), every deal in every seating.

    ``partners`` and ``order``: see :class:`Tournament`; unlike a tournament, a match keeps the
    listed partnerships by default (``specs`` A,B,A,B in 4-player Claim is A+A against B+B).
    """
    seats = make_game(game_id, **(options or {})).num_players
    if len(specs) != seats:
        raise OptionError(f"a match on {game_id} needs {seats} agents (one per seat), got {len(specs)}")
    return Tournament(game_id, specs, games=games, seed=seed, options=options or {}, partners=partners,
                      order=order).run(backend)


__all__ = [
    "BACKENDS", "GameResult", "Journal", "LocalBackend", "Rating", "RayBackend", "SerialBackend", "Tournament",
    "TournamentResult", "Unit", "available_cores", "choose", "derive_seed", "entrant_names", "fit",
    "make_backend", "match", "play_game", "play_unit", "wilson",
]
