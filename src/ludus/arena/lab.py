"""The variant lab: what a reading of the rules (a game option) does to the game, measured.

A :class:`Lab` plays the same games under every combination of the options it varies:

- **Variants.** ``vary`` maps options to two or more values each; every combination of them is
  a variant (``itertools.product``, in the given order), played with the ``fixed`` options.
- **Games.** Each variant is a one-table tournament (:class:`~ludus.arena.tournament.Tournament`
  with the listed partners and the cyclic seat rotations) with the lab's seed: deal d has the
  same seed in every variant, and the agents the same seeds, so variants whose decks agree are
  dealt the same cards, and every agent sits in every seat of every deal.
- **What is kept** of a game (:class:`LabResult`): returns, scores, length in decisions, the
  round or turn it ended in (where the public view counts them), how it ended (the public view's
  ``end_reason``, see :func:`end_reason`) and who moved first.

:func:`analyse` sums each variant up (win rates by seat, of the first mover and of each agent,
with Wilson intervals; draws; length, rounds and score margin as quartiles; end reasons) and
compares the variants that differ in one option only: proportions by a two-proportion z-test,
means by their difference over its bootstrap standard error, every p-value adjusted by Holm's
method across all the comparisons made. :mod:`ludus.arena.lab_report` shows and writes the result.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import OptionError, echo
from ..core.registry import make as make_game
from .journal import Journal, differences
from .match import Unit, _game, end_reason, unit_final_state
from .records import fields_but_record, unit_record, without_record, writing_records
from .stats import derive_seed, wilson
from .tournament import Tournament

ALPHA = 0.05
BOOTSTRAP = 1000            # resamples per bootstrap comparison
ROUND_KEYS = ("round", "turn")      # what a public view may count its rounds or turns as
def rounds_of(observation: dict) -> tuple[str, int] | None:
    """The round or turn a public view says the game is in, as (its name, the count), or None."""
    for key in ROUND_KEYS:
        value = observation.get(key)
        if type(value) is int:
            return key, value
    return None


# -- plan and play --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LabUnit:
    """One game of a lab: a tournament unit and the variant (its every option) it is played in."""

    index: int
    variant: int
    options: tuple[tuple[str, Any], ...]
    unit: Unit


@dataclasses.dataclass(frozen=True)
class LabResult:
    """What the lab keeps of one game (no timings: the same inputs give the same results)."""

    index: int
    variant: int
    deal: int
    rotation: int
    deal_seed: int
    seats: tuple[int, ...]          # seat -> the agent's place in the variant's spec list
    first: int                      # the seat that made the first decision
    returns: tuple[float, ...]
    scores: tuple[Any, ...]
    length: int                     # decisions
    rounds: int | None              # the round or turn it ended in, where the game counts them
    end: str                        # end_reason()
    # The game's record where the lab keeps them (arena/records.py); never in a journal's line.
    record: dict | None = dataclasses.field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        return fields_but_record(self)

    @classmethod
    def from_dict(cls, line: dict) -> LabResult:
        return cls(**{f.name: line[f.name] for f in dataclasses.fields(cls) if f.name != "record"})


def play_lab_units(game_id: str, _options: dict, units: list[LabUnit], recorded: bool = False) -> list[LabResult]:
    """Play a batch of lab units, each in its own variant (what a backend's worker runs); with
    ``recorded``, each result carries its game's record."""
    out = []
    for lab_unit in units:
        game = _game(game_id, dict(lab_unit.options))
        unit = lab_unit.unit
        state = unit_final_state(game, unit)
        view = state.observe(None)
        counted = rounds_of(view)
        out.append(LabResult(
            index=lab_unit.index, variant=lab_unit.variant, deal=unit.deal, rotation=unit.rotation,
            deal_seed=unit.deal_seed, seats=unit.seats,
            first=game.new_state(seed=unit.deal_seed).current_player,
            returns=tuple(float(r) for r in state.returns()), scores=tuple(state.scores()),
            length=len(state.history), rounds=None if counted is None else counted[1], end=end_reason(state),
            record=unit_record(state, unit.specs) if recorded else None))
    return out


def play_lab_units_recorded(game_id: str, options: dict, units: list[LabUnit]) -> list[LabResult]:
    """``play_lab_units`` keeping records (a function of its own: a Ray task is made of a plain function)."""
    return play_lab_units(game_id, options, units, recorded=True)


@dataclasses.dataclass(frozen=True)
class Variant:
    """One combination of the varied options: ``varied`` (name -> value), every option, its plan."""

    varied: dict
    plan: Tournament

    @property
    def label(self) -> str:
        return _label(self.varied)

    @property
    def specs(self) -> list[str]:
        return list(self.plan.specs)


class Lab:
    """``games`` games per variant of ``game_id`` for every combination of ``vary`` (option ->
    values), with the ``fixed`` options, between the agents ``specs`` (one per seat, or one that
    fills every seat), seeded by ``seed``.

    Building one checks every input before any game is played, raising OptionError that names
    what is accepted: unknown options and values, an option both varied and fixed, fewer than
    two values, one value twice, combinations the game refuses, agents that do not fit the seats.
    """

    def __init__(self, game_id: str, vary: dict[str, Sequence], fixed: dict | None = None,
                 specs: Sequence[str] = ("heuristic",), games: int = 200, seed: int = 0):
        fixed = dict(fixed or {})
        base = make_game(game_id, **fixed)                  # unknown game or fixed option: refused here
        self.game_id = base.id
        self.fixed = {k: base.options_dict()[k] for k in fixed}
        self.seed, self.games = seed, games
        self.specs = [s.strip() for s in specs]
        if not vary:
            raise OptionError("give at least one option to vary, e.g. --vary "
                              f"{_example(base)}")
        both = sorted(set(vary) & set(fixed))
        if both:
            raise OptionError(f"option {', '.join(both)} is both varied and fixed; vary it or fix it, not both")
        self.vary: dict[str, list] = {}
        for name, values in vary.items():
            values = list(values)
            canonical = []
            for value in values:
                game = make_game(game_id, **fixed, **{name: value})    # unknown option or value: refused
                canonical.append(game.options_dict()[name])
            if len(values) < 2:
                raise OptionError(f"--vary {name} needs two values or more to compare, got "
                                  f"{', '.join(map(echo, values)) or 'none'}; e.g. --vary {_example(base, name)}")
            twice = [v for v, n in Counter(map(str, canonical)).items() if n > 1]
            if twice:
                raise OptionError(f"--vary {name} names {', '.join(twice)} twice; give each value once")
            self.vary[name] = canonical
        self.variants: list[Variant] = []
        for combo in itertools.product(*self.vary.values()):
            varied = dict(zip(self.vary, combo, strict=True))
            try:
                game = make_game(game_id, **fixed, **varied)
            except OptionError as e:
                raise OptionError(f"the variant {_label(varied)} is refused: {e}") from None
            self.variants.append(Variant(varied, Tournament(
                self.game_id, self._seat_specs(game, varied), games=games, seed=seed,
                options=game.options_dict(), partners="fixed", order="cyclic")))

    def _seat_specs(self, game, varied: dict) -> list[str]:
        n = game.num_players
        if len(self.specs) == 1:
            return self.specs * n
        if len(self.specs) != n:
            raise OptionError(f"{self.game_id} with {_label(varied)} has {n} seats but {len(self.specs)} agents were "
                              f"given ({', '.join(self.specs)}); give one per seat, or one to fill every seat")
        return list(self.specs)

    def units(self) -> list[LabUnit]:
        """Every game of the lab, variant by variant, each variant's in its tournament order."""
        out = []
        for v, variant in enumerate(self.variants):
            options = tuple(sorted(variant.plan.options.items()))
            for unit in variant.plan.units():
                out.append(LabUnit(len(out), v, options, unit))
        return out

    def header(self) -> dict:
        """The inputs that decide every game (a journal's first line)."""
        return {"lab": self.game_id, "game": self.game_id, "options": self.fixed, "vary": self.vary,
                "agents": self.specs, "games": [v.plan.games_per_table for v in self.variants], "seed": self.seed}

    def journaled(self, journal: Journal, repair: bool = True) -> dict[int, LabResult]:
        """The games ``journal`` holds, by index, each checked to be one of this lab's plan."""
        if journal.header != json.loads(json.dumps(self.header())):      # as a journal holds it
            raise OptionError(f"the journal {journal.path} was opened for another run than this lab "
                              f"({differences(journal.header, self.header())})")
        plan = {u.index: u for u in self.units()}
        done = {}
        for index, line in journal.load(repair).items():
            try:
                result = LabResult.from_dict(line)
            except (KeyError, TypeError):
                result = None
            lab_unit = plan.get(index)
            unit = lab_unit.unit if lab_unit is not None else None
            if (result is None or unit is None or result.variant != lab_unit.variant
                    or (unit.deal, unit.rotation, unit.deal_seed, list(unit.seats))
                    != (result.deal, result.rotation, result.deal_seed, list(result.seats))):
                raise OptionError(f"{journal.path}: game {index} is not a game of this lab's plan; was the file "
                                  "written by another version of ludus, or edited?")
            done[index] = dataclasses.replace(result, seats=tuple(result.seats), returns=tuple(result.returns),
                                              scores=tuple(result.scores))
        return done

    def run(self, backend=None, on_done: Callable[[list], None] | None = None,
            journal: Journal | None = None, records: str | Path | None = None) -> LabReport:
        """Play every game not yet in ``journal`` on ``backend`` (default: serial) and analyse them
        all; with ``records`` (a folder), keeping each game's record there (:mod:`ludus.arena.records`)."""
        done = self.journaled(journal) if journal is not None else {}
        if backend is None:
            from .backends import SerialBackend

            backend = SerialBackend()

        def finished(batch: list[LabResult]) -> None:
            if journal is not None:
                journal.append(batch)
            if on_done is not None:
                on_done(batch)

        # Deal by deal across the variants: a run stopped early holds a like share of each.
        units = sorted((u for u in self.units() if u.index not in done),
                       key=lambda u: (u.unit.deal, u.unit.rotation, u.variant))
        play, on_each = (play_lab_units, finished) if records is None else \
            (play_lab_units_recorded, writing_records(Path(records), finished))
        results = backend.run(self.game_id, {}, units, on_each, play=play) if units else []
        return analyse(self, [*done.values(), *map(without_record, results)])


def _label(options: dict) -> str:
    """Options as the command line writes them: ``control=per-round tie=keep``."""
    return " ".join(f"{k}={v}" for k, v in options.items())


def _example(game, name: str | None = None) -> str:
    """``name=a,b`` with two of an option's values (the game's first option by default)."""
    from ..core.options import option_example

    return option_example(type(game.options), values=2, name=name)


# -- statistics -----------------------------------------------------------------------------
#
# The games of one deal are not independent: every seat rotation of a deal is dealt the same
# cards, so a deal that favours a seat or an agent counts once per rotation. Proportions
# therefore carry a design effect measured over the deals (a ratio estimator's variance, deals
# as clusters, against the binomial one): their Wilson intervals and z-tests use the games'
# effective number, never more than the games played. Means are bootstrapped deal by deal.


def design_effect(per_deal: Sequence[tuple[int, int]]) -> float:
    """How much the deals inflate a proportion's variance (at least 1): ``per_deal`` holds each
    deal's (hits, games).

    >>> design_effect([(1, 2)] * 100)                # one hit in every deal of two games
    1.0
    >>> round(design_effect([(2, 2), (0, 2)] * 50), 2)  # both games of a deal alike: half the information
    2.02
    """
    deals = len(per_deal)
    n = sum(m for _, m in per_deal)
    hits = sum(x for x, _ in per_deal)
    if deals < 2 or not n or hits in (0, n):
        return 1.0
    p = hits / n
    clustered = deals / (deals - 1) * sum((x - p * m) ** 2 for x, m in per_deal) / n ** 2
    return max(1.0, clustered / (p * (1 - p) / n))


def z_test(wins_a: int, n_a: int, wins_b: int, n_b: int, deff_a: float = 1.0, deff_b: float = 1.0) -> float:
    """Two-sided p-value of the two-proportion z-test (pooled proportion, each sample's variance
    times its design effect); 1.0 where it is undefined."""
    if not n_a or not n_b:
        return 1.0
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (deff_a / n_a + deff_b / n_b))
    if se == 0:
        return 1.0
    z = (wins_a / n_a - wins_b / n_b) / se
    return math.erfc(abs(z) / math.sqrt(2))


def bootstrap(a: Sequence[Sequence[float]], b: Sequence[Sequence[float]], rng: random.Random,
              resamples: int = BOOTSTRAP):
    """The difference of the means (b − a) of two samples given deal by deal (a list of values
    per deal), its 95 % percentile interval, and the two-sided p-value of "no difference" from
    the bootstrap's standard error (``resamples`` resamples of each sample's deals; a normal
    p-value is not floored at 1 / resamples, as counting resamples would be)."""
    def totals(groups):
        return [(sum(g), len(g)) for g in groups if g]

    ta, tb = totals(a), totals(b)

    def mean_of(t):
        picked = rng.choices(t, k=len(t))
        return sum(x for x, _ in picked) / sum(m for _, m in picked)

    diffs = sorted(mean_of(tb) - mean_of(ta) for _ in range(resamples))
    observed = sum(x for x, _ in tb) / sum(m for _, m in tb) - sum(x for x, _ in ta) / sum(m for _, m in ta)
    se = statistics.pstdev(diffs)
    p = 1.0 if se == 0 else math.erfc(abs(observed) / se / math.sqrt(2))
    lo, hi = diffs[int(0.025 * resamples)], diffs[min(resamples - 1, int(0.975 * resamples))]
    return observed, (lo, hi), p


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value as it compares with ``ALPHA`` across them all.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def quartiles(values: Sequence[float]) -> dict | None:
    """Median, quartiles, mean and range of ``values`` (None when there are none)."""
    if not values:
        return None
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"median": q2, "q1": q1, "q3": q3, "mean": round(statistics.fmean(values), 4),
            "min": min(values), "max": max(values)}


def share(games: Sequence[LabResult], hit: Callable[[LabResult], bool]) -> dict:
    """How many of ``games`` ``hit`` holds for: count, rate, design effect and the 95 % Wilson
    interval on the games' effective number."""
    per_deal: dict[int, list[int]] = {}
    for g in games:
        tally = per_deal.setdefault(g.deal, [0, 0])
        tally[0] += bool(hit(g))
        tally[1] += 1
    n = len(games)
    count = sum(x for x, _ in per_deal.values())
    deff = design_effect([tuple(t) for t in per_deal.values()])
    lo, hi = wilson(count / deff, n / deff) if n else (0.0, 1.0)
    return {"count": count, "rate": round(count / n, 4) if n else None, "interval": [round(lo, 4), round(hi, 4)],
            "design_effect": round(deff, 3)}


# -- analysis -------------------------------------------------------------------------------


def _wins(g: LabResult) -> list[bool]:
    """Which seats won: a positive return, unless every seat's return is the same (a draw)."""
    draw = len(set(g.returns)) == 1
    return [not draw and r > 0 for r in g.returns]


def _margin(g: LabResult, teams) -> float | None:
    """The highest side's score minus the next side's (a side: a seat, or partners); None when
    the scores are not numbers."""
    if not all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in g.scores):
        return None
    sides = sorted((max(g.scores[p] for p in team) for team in teams), reverse=True)
    return sides[0] - sides[1] if len(sides) > 1 else None


def _spec_won(variant: Variant, spec: str) -> Callable[[LabResult], bool]:
    """Whether a seat played by ``spec`` won the game."""
    return lambda g: any(won and variant.specs[a] == spec for a, won in zip(g.seats, _wins(g), strict=True))


@dataclasses.dataclass
class LabReport:
    """A lab's games and what they say: ``variants`` (one summary each) and ``comparisons``."""

    lab: Lab
    games: list[LabResult]
    variants: list[dict]
    comparisons: list[dict]
    paired: list[dict]              # same seed and seating, another result: see _paired
    weaker: str | None              # the weaker of two agents (fewer wins over every variant), if any
    rounds_name: str | None         # what the game counts: "round", "turn", or None

    def to_dict(self) -> dict:
        import ludus

        lab = self.lab
        return {
            "ludus": ludus.__version__, "game": lab.game_id, "fixed": lab.fixed, "vary": lab.vary,
            "agents": lab.specs, "levels": _levels(lab), "seed": lab.seed, "weaker_agent": self.weaker,
            "rounds_name": self.rounds_name,
            "tests": {"proportions": "two-proportion z-test (pooled proportion), two-sided, each variance times "
                                     "its design effect over the deals",
                      "means": f"difference of the means over its bootstrap standard error ({BOOTSTRAP} "
                               "resamples of the deals), normal two-sided p-value",
                      "correction": f"Holm across all {len(self.comparisons)} comparisons, alpha {ALPHA}",
                      "pairs": "variants that differ in exactly one varied option",
                      "intervals": "95% Wilson score intervals on the effective number of games (games / design "
                                   "effect, the effect at least 1)"},
            "variants": self.variants, "comparisons": self.comparisons, "same_deal_other_result": self.paired,
        }


def analyse(lab: Lab, games: list[LabResult]) -> LabReport:
    """Sum up every variant and compare those that differ in one option."""
    games = sorted(games, key=lambda g: g.index)
    by_variant: list[list[LabResult]] = [[] for _ in lab.variants]
    for g in games:
        by_variant[g.variant].append(g)
    names = sorted({spec for variant in lab.variants for spec in variant.specs})
    weaker = None
    if len(names) == 2:
        wins = [sum(_spec_won(lab.variants[g.variant], spec)(g) for g in games) for spec in names]
        weaker = names[0] if wins[0] < wins[1] else names[1] if wins[1] < wins[0] else None
    rounds_name = None
    if any(g.rounds is not None for g in games):
        counted = rounds_of(make_game(lab.game_id, **lab.variants[0].plan.options).new_state(seed=0).observe(None))
        rounds_name = counted[0] if counted is not None else None
    summaries = [_summary(variant, by_variant[v], names, weaker) for v, variant in enumerate(lab.variants)]
    comparisons = _compare(lab, by_variant, summaries, weaker, rounds_name)
    return LabReport(lab, games, summaries, comparisons, _paired(lab, by_variant), weaker, rounds_name)


def _levels(lab: Lab) -> dict[str, str]:
    """The spec behind each level the lab's agents name (levels are calibrated again over time)."""
    from ..agents.levels import played_by

    game = lab.variants[0].plan.game
    return {spec: plays for spec in lab.specs if (plays := played_by(spec, game))}


def _summary(variant: Variant, games: list[LabResult], names: list[str], weaker: str | None) -> dict:
    plan = variant.plan
    seat_names = list(plan.game.seat_names)
    ends = Counter(g.end for g in games)
    firsts = Counter(g.first for g in games)
    margins = [m for g in games if (m := _margin(g, plan.game.teams)) is not None]
    return {
        "label": variant.label, "varied": variant.varied, "options": plan.options, "games": len(games),
        "planned": plan.games_per_table, "deals": plan.deals, "specs": variant.specs,
        "seats": [{"seat": p, "name": seat_names[p], **share(games, lambda g, p=p: _wins(g)[p])}
                  for p in range(plan.seats)],
        "first_seat": {**share(games, lambda g: _wins(g)[g.first]),
                       "moved_first": {seat_names[p]: k for p, k in sorted(firsts.items())}},
        "fair_share": round(1 / len(plan.game.teams), 4),     # partners win together
        "draws": share(games, lambda g: len(set(g.returns)) == 1),
        "agents": ([{"agent": spec, **share(games, _spec_won(variant, spec))} for spec in names]
                   if len(names) > 1 else []),
        "weaker": {"agent": weaker, **share(games, _spec_won(variant, weaker))} if weaker is not None else None,
        "length": quartiles([g.length for g in games]),
        "rounds": quartiles([g.rounds for g in games if g.rounds is not None]),
        "margin": quartiles(margins),
        "ends": [{"reason": reason, **share(games, lambda g, r=reason: g.end == r)}
                 for reason, _ in ends.most_common()],
    }


def _one_apart(lab: Lab) -> list[tuple[int, int, str]]:
    """Pairs of variants that differ in exactly one varied option, with its name."""
    pairs = []
    for i, j in itertools.combinations(range(len(lab.variants)), 2):
        apart = [k for k in lab.vary if lab.variants[i].varied[k] != lab.variants[j].varied[k]]
        if len(apart) == 1:
            pairs.append((i, j, apart[0]))
    return pairs


def _by_deal(games: list[LabResult], value: Callable[[LabResult], float | None]) -> list[list[float]]:
    groups: dict[int, list[float]] = {}
    for g in games:
        v = value(g)
        if v is not None:
            groups.setdefault(g.deal, []).append(v)
    return list(groups.values())


def _paired(lab: Lab, by_variant: list[list[LabResult]]) -> list[dict]:
    """For variants one option apart: of the games dealt from the same seed in the same seating,
    the share whose winners differ (how often the reading changes a result, not a test)."""
    rows = []
    for i, j, option in _one_apart(lab):
        seated = {(g.deal_seed, g.rotation): g for g in by_variant[i]}
        pairs = [(seated[key], g) for g in by_variant[j] if (key := (g.deal_seed, g.rotation)) in seated]
        changed = sum(_wins(x) != _wins(y) for x, y in pairs)
        rows.append({"a": lab.variants[i].label, "b": lab.variants[j].label, "option": option, "games": len(pairs),
                     "other_result": changed, "rate": round(changed / len(pairs), 4) if pairs else None})
    return rows


def _compare(lab: Lab, by_variant: list[list[LabResult]], summaries: list[dict], weaker: str | None,
             rounds_name: str | None) -> list[dict]:
    rows = []
    for i, j, option in _one_apart(lab):
        a, b = summaries[i], summaries[j]
        if not a["games"] or not b["games"]:
            continue
        others = _label({k: v for k, v in lab.variants[i].varied.items() if k != option})
        base = {"a": a["label"], "b": b["label"], "option": option, "from": lab.variants[i].varied[option],
                "to": lab.variants[j].varied[option], "with": others}

        def proportion(metric: str, ra: dict, rb: dict, base=base, na=a["games"], nb=b["games"]) -> None:
            rows.append({**base, "metric": metric, "value_a": ra["rate"], "value_b": rb["rate"],
                         "difference": round(rb["count"] / nb - ra["count"] / na, 4), "interval": None,
                         "test": "z", "p": z_test(ra["count"], na, rb["count"], nb, ra["design_effect"],
                                                  rb["design_effect"])})

        def mean(metric: str, value: Callable, ga=by_variant[i], gb=by_variant[j], base=base) -> None:
            da, db = _by_deal(ga, value), _by_deal(gb, value)
            if not da or not db:
                return
            rng = random.Random(derive_seed(lab.seed, "bootstrap", metric, base["a"], base["b"]))
            diff, (lo, hi), p = bootstrap(da, db, rng)
            mean_a = sum(map(sum, da)) / sum(map(len, da))
            rows.append({**base, "metric": metric, "value_a": round(mean_a, 4), "value_b": round(mean_a + diff, 4),
                         "difference": round(diff, 4), "interval": [round(lo, 4), round(hi, 4)],
                         "test": "bootstrap", "p": p})

        if a["fair_share"] == b["fair_share"]:       # else the first mover's rates mean different things
            proportion("first to move wins", a["first_seat"], b["first_seat"])
        if a["draws"]["count"] or b["draws"]["count"]:
            proportion("draws", a["draws"], b["draws"])
        if weaker is not None:
            proportion(f"{weaker} wins", a["weaker"], b["weaker"])
        ends_a = {e["reason"]: e for e in a["ends"]}
        ends_b = {e["reason"]: e for e in b["ends"]}
        reasons = list(dict.fromkeys([*ends_a, *ends_b]))
        if len(reasons) > 1:
            none = {"count": 0, "rate": 0.0, "design_effect": 1.0}
            for reason in reasons:
                proportion(f"ends: {reason}", ends_a.get(reason, none), ends_b.get(reason, none))
        mean("length (decisions)", lambda g: g.length)
        if rounds_name is not None:
            mean(f"{rounds_name}s", lambda g: g.rounds)
        teams_a, teams_b = lab.variants[i].plan.game.teams, lab.variants[j].plan.game.teams
        if teams_a == teams_b:
            mean("score margin", lambda g, teams=teams_a: _margin(g, teams))
    for row, adjusted in zip(rows, holm([r["p"] for r in rows]), strict=True):
        row["p"] = round(row["p"], 6)
        row["p_holm"] = round(adjusted, 6)
        row["significant"] = adjusted < ALPHA
    return rows
