"""Round-robin tournaments between agents, duplicate-style, with ratings.

The plan, for k agents on a game with n seats (``Tournament.units``):

- **Tables.** Every combination of n agents out of the k, in the order given
  (``itertools.combinations``): with 2 seats, every pairing once; with 3–4 seats, every table
  of n distinct agents. An agent may be listed twice (``random,random``); the copies are
  separate entrants, named ``random``, ``random#2``.
- **Deals.** Deal d is the game seed ``derive_seed(seed, "deal", d)`` — the same for every
  table: pairing A–B on deal d is dealt exactly as C–D on deal d.
- **Seatings.** Each deal is played at each table once per seating (``Tournament.seatings``).
  By default (``order="cyclic"``) those are the n cyclic rotations of the seats: in rotation r,
  seat p is played by the table's agent (p + r) mod n. Every agent sits in every seat of every
  deal once, so seat advantage and lucky deals cancel out. Rotations keep the order around the
  table, though (with three seats, B always plays right after A), so an edge from sitting after
  a given agent does not cancel out; ``order="all"`` plays every order around the table
  instead (n! seatings: 6 with three seats, 24 with four), which does. ``order="listed"`` plays
  each deal once, in the listed seating only: seat advantage then stays in the results (what
  ``ludus simulate`` without ``--swap`` measures).
- **Partnerships.** In a game with teams (``Game.teams``: Claim with 4 players) the listed
  order of a table decides who partners whom, and rotations keep that. With
  ``partners="rotate"`` (the default) the rotations are therefore taken of one seating per way
  of splitting the table into the teams (3 ways for four agents in two pairs: 12 seatings):
  every agent partners every other of its table equally often, so each gets a rating of its
  own. ``partners="fixed"`` keeps the listed partnerships (the 1st and 3rd agents of a table
  together; with ``order="all"``, the 8 seatings that keep them): what is measured is a team.
- **Games.** ``games`` is the number of games per table; it is rounded up to a multiple of the
  seatings, and deals = games / seatings. Each game is a :class:`~ludus.arena.match.Unit`
  keyed by (table, deal, rotation) — rotation being the seating's index — whose agents are
  built inside the worker from their spec strings,
  with seeds ``derive_seed(seed, "agent", table, deal, rotation, seat)`` (a spec's own
  ``seed=`` wins). Games are played deal by deal across the tables. The results therefore
  depend only on the tournament's inputs, never on the order, the backend or the number of
  workers — except for agents with a time budget (``ismcts:time=…``),
  which are as deterministic as the clock.

Scoring: each game is split into its pairs of opposing sides — seats, or partners
(``Game.teams``: Claim with 4 players), who share their return; the side with the higher return
beats the other, equal returns are a draw (half a point each). That is exactly the game's result
with two sides; with more it is the usual pairwise decomposition of a multi-player ranking. The
score matrix counts each pair of opposing agents; the Bradley–Terry ratings
(:mod:`ludus.arena.ratings`) take each pair of sides once, a team as the sum of its partners.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from ..agents import make as make_agent
from ..core.errors import OptionError
from ..core.registry import make as make_game
from .journal import Journal, differences, result_from_line
from .match import GameResult, Unit, play_units, play_units_recorded
from .ratings import DEFAULT_VIRTUAL_DRAWS, Comparison, Rating, check_virtual_draws, fit_sides
from .records import without_record, writing_records
from .stats import derive_seed, wilson

PARTNER_PLANS = ("rotate", "fixed")
ORDER_PLANS = ("cyclic", "all", "listed")


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Names of the entrants: their specs, with ``#2``, ``#3`` … on repeated ones."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


@dataclasses.dataclass
class Tournament:
    """A round robin of ``specs`` (agent spec strings) on ``game_id`` with ``options``.

    Building one checks everything before any game is played: the game and options, and every
    agent spec (each agent is built once here), raising OptionError with a clear message.
    """

    game_id: str
    specs: Sequence[str]
    games: int = 100
    seed: int = 0
    options: dict = dataclasses.field(default_factory=dict)
    partners: str = "rotate"
    order: str = "cyclic"

    def __post_init__(self):
        self.specs = [s.strip() for s in self.specs]
        self.game = make_game(self.game_id, **self.options)
        self.options = self.game.options_dict()            # every option, canonical values
        self.seats = self.game.num_players
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise OptionError(f"games must be a whole number of at least 1, got {self.games!r}")
        if len(self.specs) < 2:
            raise OptionError(f"a tournament needs at least 2 agents, got {len(self.specs)}: {', '.join(self.specs)}")
        if len(self.specs) < self.seats:
            raise OptionError(
                f"{self.game_id} has {self.seats} seats but only {len(self.specs)} agents were given; "
                f"give at least {self.seats} (an agent may be listed twice, e.g. "
                f"{','.join(list(self.specs) + [self.specs[-1]] * (self.seats - len(self.specs)))})")
        if self.partners not in PARTNER_PLANS:
            raise OptionError(f"partners must be 'rotate' (every table seated in every split into teams) "
                              f"or 'fixed' (partners as listed), got {self.partners!r}")
        if self.order not in ORDER_PLANS:
            raise OptionError(f"order must be 'cyclic' (the seat rotations), 'all' (every order around the "
                              f"table) or 'listed' (the listed seating only), got {self.order!r}")
        for spec in self.specs:
            make_agent(spec, self.game, seed=0)             # raises OptionError on a bad spec
        self.names = entrant_names(self.specs)
        self.seatings = seating_plan(self.game, self.partners, self.order)
        self.deals = math.ceil(self.games / self.games_per_deal)
        self.tables = list(itertools.combinations(range(len(self.specs)), self.seats))

    @property
    def games_per_deal(self) -> int:
        """Games each table plays on one deal: one per seating."""
        return len(self.seatings)

    def seatings_text(self) -> str:
        """What the seatings of a deal are, in words: "12 seatings, 3 partnerships × 4 rotations"."""
        k, n = len(self.seatings), self.seats
        if self.order == "listed":
            return "1 seating, as listed"
        if self.order == "all":
            keeping = " that keeps the partners" if k < math.factorial(n) else ""
            return f"{k} seatings, every order around the table{keeping}"
        if k == n:
            return f"{n} seat rotations"
        return f"{k} seatings, {k // n} partnerships × {n} rotations"

    @property
    def games_per_table(self) -> int:
        return self.deals * self.games_per_deal

    def deal_seed(self, deal: int) -> int:
        return derive_seed(self.seed, "deal", deal)

    def units(self) -> list[Unit]:
        """Every game of the tournament, in (table, deal, rotation) order."""
        n = self.seats
        units = []
        for t, table in enumerate(self.tables):
            for d in range(self.deals):
                for rotation, seating in enumerate(self.seatings):
                    seats = tuple(table[seating[p]] for p in range(n))
                    units.append(Unit(
                        index=len(units), table=t, deal=d, rotation=rotation, deal_seed=self.deal_seed(d),
                        seats=seats, specs=tuple(self.specs[a] for a in seats),
                        agent_seeds=tuple(derive_seed(self.seed, "agent", t, d, rotation, p) for p in range(n)),
                    ))
        return units

    def header(self) -> dict:
        """The inputs that decide every game of the tournament (a journal's first line). Games are
        counted as planned (rounded up to the seatings): ``-n 10`` and ``-n 12`` on three seats
        are the same run."""
        return {"game": self.game_id, "options": self.options, "agents": list(self.specs),
                "games": self.games_per_table, "seed": self.seed, "partners": self.partners,
                "order": self.order}

    def same_games(self, header: dict) -> bool:
        """Whether a journal's ``header`` plans this tournament's very games though it names
        another seating plan: ``order`` all or cyclic with two seats, ``partners`` in a game
        without teams. Such a run resumes whichever way it is asked for."""
        ours = json.loads(json.dumps(self.header()))
        if set(header) != set(ours) or any(header[k] != ours[k] for k in ours if k not in ("partners", "order")):
            return False
        if header["partners"] not in PARTNER_PLANS or header["order"] not in ORDER_PLANS:
            return False
        return seating_plan(self.game, header["partners"], header["order"]) == self.seatings

    def journaled(self, journal: Journal, repair: bool = True) -> dict[int, GameResult]:
        """The games ``journal`` holds, by unit index, each checked to be one of this tournament's.

        Raises OptionError if the journal was opened for another run, its file holds another
        run's games, or a line is not a game of this plan. ``repair``: see ``Journal.load``.
        """
        header = json.loads(json.dumps(self.header()))      # as a journal holds it
        if journal.header != header:
            raise OptionError(f"the journal {journal.path} was opened for another run than this tournament "
                              f"({differences(journal.header, header)})")
        plan = {u.index: u for u in self.units()}
        done = {}
        for index, line in journal.load(repair).items():
            try:
                result = result_from_line(line)
            except (KeyError, TypeError, ValueError):
                result = None
            unit = plan.get(index)
            if (result is None or unit is None or len(result.returns) != self.seats
                    or (unit.table, unit.deal, unit.rotation, unit.deal_seed, unit.seats)
                    != (result.table, result.deal, result.rotation, result.deal_seed, result.seats)):
                raise OptionError(f"{journal.path}: game {index} is not a game of this tournament's plan "
                                  f"({json.dumps(line)[:120]}); was the file written by another version of "
                                  "ludus, or edited?")
            done[index] = result
        return done

    def run(self, backend=None, on_done: Callable[[list[GameResult]], None] | None = None,
            virtual_draws: float = DEFAULT_VIRTUAL_DRAWS, journal: Journal | None = None,
            records: str | Path | None = None) -> TournamentResult:
        """Play every unit on ``backend`` (default: serial) and rate the agents (``virtual_draws``:
        the prior, see :mod:`ludus.arena.ratings`; checked before any game is played).

        With a ``journal`` (see :mod:`ludus.arena.journal`) each finished game is appended to it,
        and the games it already holds are not played again: a stopped run resumes, to the same
        results as one never stopped. With ``records`` (a folder) each game's record is written
        there (:mod:`ludus.arena.records`) before its journal line.
        """
        check_virtual_draws(virtual_draws)
        done = self.journaled(journal) if journal is not None else {}
        if backend is None:
            from .backends import SerialBackend

            backend = SerialBackend()

        def finished(batch: list[GameResult]) -> None:
            if journal is not None:
                journal.append(batch)
            if on_done is not None:
                on_done(batch)

        # Played deal by deal across the tables, not table by table: tables of cheap agents and
        # of slow searchers then mix from the start, so the rate (and the time left) holds, and a
        # run stopped early holds a like share of every table. Results do not depend on it.
        units = sorted((u for u in self.units() if u.index not in done), key=lambda u: (u.deal, u.rotation, u.table))
        play, on_each = (play_units, finished) if records is None else \
            (play_units_recorded, writing_records(Path(records), finished))
        results = backend.run(self.game_id, self.options, units, on_each, play=play) if units else []
        return TournamentResult.from_games(self, [*done.values(), *map(without_record, results)],
                                           virtual_draws=virtual_draws)


def seating_plan(game, partners: str, order: str) -> list[tuple[int, ...]]:
    """The seatings of each deal of ``game`` under the ``partners`` and ``order`` plans."""
    if order == "listed":
        return [tuple(range(game.num_players))]
    return seatings(game.teams, partners == "rotate", order == "all")


def seatings(teams: Sequence[Sequence[int]], every_split: bool, every_order: bool) -> list[tuple[int, ...]]:
    """The seatings of a table for one deal, each a tuple giving, seat by seat, the table position
    (the agent's place in the table's list) that sits there; the first is the listed order.

    With ``every_order``, every permutation; otherwise the cyclic rotations of one seating per
    split of the table into teams (games without teams of two or more have one split). Unless
    ``every_split``, only seatings that keep the listed split.
    """
    n = sum(len(team) for team in teams)

    def split(seating):
        return frozenset(frozenset(seating[p] for p in team) for team in teams)

    candidates = list(itertools.permutations(range(n)))          # lexicographic: the listed order first
    if not every_split:
        candidates = [s for s in candidates if split(s) == split(candidates[0])]
    if every_order:
        return candidates
    firsts: dict[frozenset, tuple[int, ...]] = {}
    for seating in candidates:
        firsts.setdefault(split(seating), seating)
    return list(dict.fromkeys(tuple(first[(p + r) % n] for p in range(n))
                              for first in firsts.values() for r in range(n)))


@dataclasses.dataclass
class AgentRecord:
    """An agent's games: wins, draws and losses by the sign of its return."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclasses.dataclass
class TournamentResult:
    tournament: Tournament
    games: list[GameResult]
    records: list[AgentRecord]
    points: list[list[float]]        # points[i][j]: i's pairwise score against j (wins + draws / 2)
    meetings: list[list[int]]        # meetings[i][j]: pairwise comparisons between i and j
    ratings: list[Rating]            # in entrant order
    virtual_draws: float = DEFAULT_VIRTUAL_DRAWS
    groups: list[list[int]] = dataclasses.field(default_factory=list)   # entrants rated as one

    @classmethod
    def from_games(cls, tournament: Tournament, games: list[GameResult],
                   virtual_draws: float = DEFAULT_VIRTUAL_DRAWS) -> TournamentResult:
        k = len(tournament.names)
        records = [AgentRecord() for _ in range(k)]
        points = [[0.0] * k for _ in range(k)]
        meetings = [[0] * k for _ in range(k)]
        team_of = {p: t for t, team in enumerate(tournament.game.teams) for p in team}
        opposing = [(p, q) for p, q in itertools.combinations(range(tournament.seats), 2)
                    if team_of[p] != team_of[q]]
        for g in sorted(games, key=lambda g: g.index):
            for p, a in enumerate(g.seats):
                rec = records[a]
                rec.games += 1
                r = g.returns[p]
                if r > 0:
                    rec.wins += 1
                elif r < 0:
                    rec.losses += 1
                else:
                    rec.draws += 1
            for p, q in opposing:
                a, b = g.seats[p], g.seats[q]
                rp, rq = g.returns[p], g.returns[q]
                sa = 1.0 if rp > rq else 0.0 if rp < rq else 0.5
                points[a][b] += sa
                points[b][a] += 1.0 - sa
                meetings[a][b] += 1
                meetings[b][a] += 1
        groups = _inseparable(tournament, games)
        group_of = {i: n for n, group in enumerate(groups) for i in group}
        fitted = fit_sides([" + ".join(tournament.names[i] for i in group) for group in groups],
                           _side_comparisons(tournament, games, group_of), virtual_draws)
        ratings = [dataclasses.replace(fitted[group_of[i]], name=tournament.names[i]) for i in range(k)]
        return cls(tournament, sorted(games, key=lambda g: g.index), records, points, meetings, ratings,
                   virtual_draws, groups)

    # -- views ----------------------------------------------------------------------------

    def score_rate(self, i: int, j: int) -> float | None:
        """i's score rate against j (wins + half the draws, over their meetings); None if never met."""
        n = self.meetings[i][j]
        return self.points[i][j] / n if n else None

    def ranking(self) -> list[int]:
        """Entrant indices, best rating first (ties: entrant order)."""
        return sorted(range(len(self.ratings)), key=lambda i: (-round(self.ratings[i].rating, 6), i))

    def to_dict(self) -> dict:
        """Everything, as JSON-able data (no timings: the same inputs give the same bytes)."""
        import ludus
        from ludus.agents.levels import played_by

        t = self.tournament
        k = len(t.names)
        return {
            "ludus": ludus.__version__,
            "game": t.game_id,
            "options": t.options,
            "seed": t.seed,
            "seats": t.seats,
            "agents": [{"name": n, "spec": s, **({"plays": p} if (p := played_by(s, t.game)) else {})}
                       for n, s in zip(t.names, t.specs, strict=True)],
            "partners": t.partners,
            "order": t.order,
            "seatings": [list(seating) for seating in t.seatings],
            "games_per_table": t.games_per_table,
            "deals": t.deals,
            "deal_seeds": [t.deal_seed(d) for d in range(t.deals)],
            "tables": [list(tb) for tb in t.tables],
            "scoring": "pairwise between opposing seats (partners are not compared): higher return "
                       "wins, equal returns draw (half a point each)",
            "rating_model": {"model": "bradley-terry between sides (a team rated as the sum of its members)",
                             "comparisons": "one per pair of sides per game (3+ seats: per pair of seats)",
                             "scale": "elo (400 points = 10:1 odds), mean 0",
                             "interval": "95% profile likelihood of rating minus mean; se from the Fisher information",
                             "virtual_draws": self.virtual_draws, "per": "pair of rated units",
                             "rated_together": [[t.names[i] for i in group] for group in self.groups
                                                if len(group) > 1]},
            "ratings": [
                {"rank": rank + 1, "agent": t.names[i], "rating": _round(self.ratings[i].rating),
                 "lo": _round(self.ratings[i].lo), "hi": _round(self.ratings[i].hi),
                 "se": _round(self.ratings[i].se), **dataclasses.asdict(self.records[i]),
                 "win_rate": _round(self.records[i].wins / self.records[i].games if self.records[i].games else 0.0)}
                for rank, i in enumerate(self.ranking())
            ],
            "pairwise": [
                {"agent": t.names[i], "opponent": t.names[j], "meetings": self.meetings[i][j],
                 "points": self.points[i][j],
                 "score": _round(self.score_rate(i, j)) if self.meetings[i][j] else None,
                 "interval": [_round(x) for x in wilson(self.points[i][j], self.meetings[i][j])]}
                for i in range(k) for j in range(k) if i != j
            ],
            "games": [
                {"index": g.index, "table": g.table, "deal": g.deal, "rotation": g.rotation,
                 "deal_seed": g.deal_seed, "agents": [t.names[a] for a in g.seats],
                 "returns": list(g.returns), "scores": list(g.scores), "length": g.length}
                for g in self.games
            ],
        }


def _inseparable(tournament: Tournament, games: list[GameResult]) -> list[list[int]]:
    """The entrants in groups rated as one: partners that sat on the same side in every game
    either played (four agents with fixed partners), whose results tell only their sum apart.
    Everyone else is a group of one."""
    sides: list[dict[int, int]] = [{} for _ in tournament.names]     # entrant -> {game: its side}
    for g in games:
        for side, team in enumerate(tournament.game.teams):
            for p in team:
                sides[g.seats[p]][g.index] = side
    groups: list[list[int]] = []
    for i, played in enumerate(sides):
        home = next((group for group in groups if played and sides[group[0]] == played), None)
        if home is None:
            groups.append([i])
        else:
            home.append(i)
    return groups


def _side_comparisons(tournament: Tournament, games: list[GameResult], group_of: dict[int, int]) -> list[Comparison]:
    """The games as the ratings see them: one comparison per pair of the game's sides (single
    seats, or partners with 4-player Claim: one comparison per game, not one per pair of
    opponents, which would count one result four times), between the rating groups of
    ``group_of`` (entrant -> group). Games between the same sides are added up; sides made of
    the same groups say nothing of them and are left out."""
    totals: dict[tuple, list[float]] = {}
    for g in games:
        for first, second in itertools.combinations(tournament.game.teams, 2):
            coefficients = Counter(group_of[g.seats[p]] for p in first)
            coefficients.subtract(group_of[g.seats[q]] for q in second)
            sides = tuple(sorted((agent, c) for agent, c in coefficients.items() if c))
            if sides:
                mine, theirs = g.returns[first[0]], g.returns[second[0]]
                total = totals.setdefault(sides, [0.0, 0])
                total[0] += 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
                total[1] += 1
    return [Comparison(sides, score, count) for sides, (score, count) in sorted(totals.items())]


def _round(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)
