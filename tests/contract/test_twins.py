"""Twin games: two true games that differ only in what seat p cannot know look the same to p.

Not in its observation alone (``test_leaks`` checks resampled worlds), but in everything a face
shows p or does for p: its observation at every step, the events as p sees them and their
narration, its legal moves, the refusals of its illegal moves (the action and its notation
text), the moves of its bots (the heuristic, and ISMCTS with a fixed budget and seed, given
``state.perspective(p)``; inferring from the seat's recall too where the game can) and the
worlds they are given, the seat's recall, its screens in the terminal, and its
log at the table (``Session.log(p)``, and whether it may take back its move). The spectator is
compared too, in what it is shown.

The twins are dealt from the same options and seed, the second with two cards of one shuffle
transposed (``helpers.transposed_deal``), so that chance draws alike in both from then on.
Both play the same moves, chosen at random among the moves legal in both; a seat that already
tells the twins apart may instead make two different moves that every other seat sees alike
(two cards put face down in one place). A viewer is compared until the twins part for it as
the rules allow: an event it sees differently that reveals a card — to everyone, or to that
seat alone. Any other difference is a leak.

A shuffle made during play (Seize Rome's played cards put back under the pile) is tested the
same way: the twins play alike until it, the second with two of its entries transposed. Their
recall is not compared there, as a replay of the second from its first position does not repeat
the transposition.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter

import pytest
from rich.console import Console

import ludus
from ludus import agents
from ludus.cli.common import narration, result_view, seat_names, terminal_for
from ludus.cli.screen import show_decision
from ludus.session import Session

from .helpers import SLOW_SEEDS, Case, canon, deal_shuffles, game_of, seats, transposed_deal, viewers, views

# Pairs of twins per run, (for a game's defaults, for its other option sets), and the steps the
# seats (the spectator aside) must have been compared in over all pairs: pairs are dealt until
# both are reached.
TWINS = (3, 2)
MIN_STEPS = 40
ATTEMPTS = 60             # transpositions tried (some move no card, or only p's own)
MAX_STEPS = 120           # decisions a pair is followed at most
# The decisions of p (counted over a run's pairs) that get the costly comparisons, (for a
# game's defaults, for its other option sets), spread so that late decisions get some too: every
# illegal move of the action table refused, and the bots' moves; the screen (a picture of the
# observation, the moves and the narration, dear to draw).
COSTLY = ({0, 4, 24}, {0, 12})
SCREENS = ({1, 12}, {1})
REFUSALS = 6              # illegal moves tried at every other decision, at random
SEARCH = "ismcts:iterations=24,seed=5"
INFERRING = "ismcts:iterations=24,infer=8,seed=5"   # weighs worlds by the seat's recall
BOT_SEED = 5
NONSENSE = "no such move"


def _differences(a: dict, b: dict) -> str:
    """The top-level fields where two observations differ, for a failure message."""
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return "; ".join(f"{k}: {json.dumps(a.get(k))[:300]} / {json.dumps(b.get(k))[:300]}" for k in keys)


def _screen(term, state, seat: int, lines: list[str]) -> str:
    """The terminal's screen for ``seat``'s decision, as text (no tty, no colours)."""
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    show_decision(console, term, state, seat, seat_names(state.game), lines, clear=False)
    return console.export_text()


def _end_screen(term, state, seat: int) -> str:
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    console.print(term.render(state.observe(seat)))
    console.print(result_view(term, state, state.game, seat))
    return console.export_text()


def _refusal(table: Session, seat: int, move) -> str:
    """The message of the IllegalAction ``table.play(seat, move)`` raises."""
    with pytest.raises(ludus.IllegalAction) as info:
        table.play(seat, move)
    return str(info.value)


def _unexplained(p: int | None, x, y, one, two) -> str | None:
    """Why the first event ``x`` / ``y`` of a step that viewer p sees differently in the twins
    (None where one twin has no such event) is a leak; None if the rules let it differ: it
    reveals a card (``Event.reveals``), either to everyone (the spectator sees the two events
    differ, and the twins' tables now differ in public) or to seat p alone (p sees the event
    whole, the spectator does not, and p's observations now differ) — unless the twins are one
    game again (the two cards were both drawn, say)."""
    event = x if x is not None else y
    if not event.reveals():
        return "it reveals nothing, by its own account (Event.reveals)"
    public = [e.seen_by(None) if e is not None else None for e in (x, y)]
    if public[0] != public[1]:
        viewer, why = None, "everyone is told, yet the table shows everyone the same in both games"
    elif p is not None and event.seen_by(p) == event != event.seen_by(None):
        viewer, why = p, "it alone is told, yet its observation is the same in both games"
    else:
        return "it is told neither to everyone nor to this seat alone"
    if canon(one.observe(viewer)) == canon(two.observe(viewer)) and _differ(one.state, two.state):
        return why
    return None


def _differ(one, two) -> bool:
    """Whether two true states differ in where their cards lie."""
    return repr(sorted(one.zones().items())) != repr(sorted(two.zones().items()))


class Twins:
    """Two tables of play, dealt as twins, and the viewers (seats, None for the spectator) still
    compared."""

    def __init__(self, case: Case, seed: int, label: str, one: Session, two: Session, decisions: Counter,
                 recalled: bool = True):
        self.case, self.seed, self.label = case, seed, label
        # False: the twins parted after the deal, which a replay of the second from its first
        # position does not repeat, so its recall (and what infers from it) is not compared
        self.recalled = recalled
        self.one, self.two = one, two
        self.game = one.game
        self.term = terminal_for(self.game)
        self.alike = [p for p in viewers(self.game) if canon(one.observe(p)) == canon(two.observe(p))]
        self.told = {p: ([], []) for p in self.alike}    # narration since p's last decision, per twin
        self.decisions = decisions                        # p's decisions so far, in the run
        self.steps: Counter = Counter()                   # steps each viewer was compared in
        self.step = 0
        self.pick = random.Random(seed)                   # the refusals tried at a decision

    def where(self, p: int | None) -> str:
        who = "the spectator" if p is None else f"seat {p}"
        return f"{self.case} seed {self.seed}, twins {self.label}, after {self.step} decisions: {who}"

    # -- before a decision --------------------------------------------------------------------

    def compare_decision(self, p: int) -> None:
        """Seat p is to move in both twins: the same moves, refusals, screen and bots' moves."""
        one, two = self.one, self.two
        where = self.where(p)
        legal = [str(a) for a in one.legal_actions()]
        assert legal == [str(a) for a in two.legal_actions()], f"{where} has other legal moves in each twin"
        k = self.decisions[p]
        self.decisions[p] += 1
        lines = self.told[p]
        if len(legal) == 1 and self.term.auto_note is not None:
            assert (self.term.auto_note(one.observe(p), one.legal_actions()[0])
                    == self.term.auto_note(two.observe(p), two.legal_actions()[0])), (
                f"{where}: the note on the forced move differs")
        other_options = bool(self.case.options)
        if k in SCREENS[other_options]:
            screens = [_screen(self.term, t.state, p, told) for t, told in ((one, lines[0]), (two, lines[1]))]
            assert screens[0] == screens[1], f"{where}: the screens differ\n{screens[0]}\n---\n{screens[1]}"
        allowed = set(one.legal_actions())
        table = map(self.game.action_from_id, range(self.game.num_actions))
        illegal = [a for a in table if a not in allowed]
        costly = k in COSTLY[other_options]
        tried = illegal if costly else self.pick.sample(illegal, min(REFUSALS, len(illegal)))
        for n, action in enumerate(tried):
            for move in (action, str(action)) if n % 4 == 0 else (action,):
                said = _refusal(one, p, move), _refusal(two, p, move)
                assert said[0] == said[1], f"{where}: refusing {move!r} says\n{said[0]}\n---\n{said[1]}"
        if not costly:
            return
        said = _refusal(one, p, NONSENSE), _refusal(two, p, NONSENSE)
        assert said[0] == said[1], f"{where}: refusing {NONSENSE!r} says {said[0]!r} / {said[1]!r}"
        worlds = [t.state.perspective(p).world for t in (one, two)]
        assert views(worlds[0]) == views(worlds[1]) and worlds[0].zones() == worlds[1].zones(), (
            f"{where}: the perspectives given to its bots hold different worlds")
        heuristic = [agents.make("heuristic", self.game, seed=BOT_SEED).act(t.state.perspective(p))
                     for t in (one, two)]
        assert heuristic[0] == heuristic[1], f"{where}: the heuristic plays {heuristic[0]} / {heuristic[1]}"
        searches = (SEARCH, INFERRING) if self.game.parts.search.rewind and self.recalled else (SEARCH,)
        for search in searches:
            hints = one.hint(p, search), two.hint(p, search)
            assert hints[0] == hints[1], f"{where}: {search} advises\n{hints[0]}\n---\n{hints[1]}"
        if not self.recalled:
            return
        recalled = [t.state.perspective(p, recall=True).recall for t in (one, two)]
        assert [(m.seat, m.action, m.world and (views(m.world), m.world.zones())) for m in recalled[0]] == [
            (m.seat, m.action, m.world and (views(m.world), m.world.zones())) for m in recalled[1]], (
            f"{where}: the seat's recall differs")

    def compare_waiting(self, p: int) -> None:
        """Seat p waits while another decides: the same refusal if p tries to move."""
        action = self.one.legal_actions()[0]
        said = _refusal(self.one, p, action), _refusal(self.two, p, action)
        assert said[0] == said[1], f"{self.where(p)}: moving out of turn is refused with {said[0]!r} / {said[1]!r}"

    # -- the decision -------------------------------------------------------------------------

    def moves(self, rng: random.Random):
        """The two twins' moves: the same, or (the seat to move tells the twins apart already)
        two that every other seat sees alike; None if none fits."""
        one, two = self.one.state, self.two.state
        mover = one.current_player
        first, second = one.legal_actions(), two.legal_actions()
        if mover not in self.alike and rng.random() < 0.5:
            def key(state, action):
                return tuple(state.action_seen_by(action, q) for q in seats(self.game) if q != mover)
            by_key: dict = {}
            for b in second:
                by_key.setdefault(key(two, b), []).append(b)
            disguised = [(a, b) for a in first for b in by_key.get(key(one, a), []) if a != b]
            if disguised:
                return rng.choice(disguised)
        common = [a for a in first if a in second]
        if not common:
            return None
        action = rng.choice(common)
        return action, action

    def play(self, mover: int, first, second) -> tuple[list, list]:
        """Each twin's move through its table: a forced move as the table plays it for a person."""
        out = []
        for table, action in ((self.one, first), (self.two, second)):
            events = table.step() if len(table.legal_actions()) == 1 else table.play(mover, action)
            assert table.state.history[-1] == action
            out.append(events)
        self.step += 1
        return out[0], out[1]

    # -- after a decision ---------------------------------------------------------------------

    def compare_after(self, p: int | None, mover: int, events: tuple[list, list]) -> bool:
        """What viewer p was shown of the move; False when a reveal parts the twins for p as the
        rules allow."""
        where = self.where(p)
        shown = [[(e, e.seen_by(p)) for e in evs] for evs in events]
        shown = [[(e, s) for e, s in pairs if s is not None] for pairs in shown]
        seen = [[s for _, s in pairs] for pairs in shown]
        if seen[0] != seen[1]:
            k = next((i for i, (x, y) in enumerate(zip(*seen, strict=False)) if x != y), min(map(len, seen)))
            x, y = (pairs[k][0] if k < len(pairs) else None for pairs in shown)
            why = _unexplained(p, x, y, self.one, self.two)
            assert why is None, (f"{where} sees the move's events differently, and the first that "
                                 f"differs is no reveal the rules allow ({why}): "
                                 f"{x and x.seen_by(p)} / {y and y.seen_by(p)}")
            return False
        one, two = self.one, self.two
        looks = one.observe(p), two.observe(p)
        assert canon(looks[0]) == canon(looks[1]), (
            f"{where}: the observations differ after events seen alike ({seen[0]}): "
            f"{_differences(*looks)}")
        told = [narration(self.term, evs, p) for evs in events]
        assert told[0] == told[1], f"{where}: the narration differs: {told[0]} / {told[1]}"
        for lines, new in zip(self.told[p], told, strict=True):
            if mover == p:           # a screen tells what happened since the seat's last move
                lines.clear()
            lines.extend(new)
        entries = one.log(p, start=len(one.state.history) - 1), two.log(p, start=len(two.state.history) - 1)
        assert entries[0] == entries[1], f"{where}: the table's log differs: {entries[0]} / {entries[1]}"
        if p is not None:
            undo = one.undo_refusal(p), two.undo_refusal(p)
            assert undo[0] == undo[1], f"{where}: taking back a move is answered {undo[0]!r} / {undo[1]!r}"
        if one.over:
            ends = _end_screen(self.term, one.state, p), _end_screen(self.term, two.state, p)
            assert ends[0] == ends[1], f"{where}: the end screens differ\n{ends[0]}\n---\n{ends[1]}"
        self.steps[p] += 1
        return True

    def walk(self, rng: random.Random) -> None:
        """Play the twins on, comparing every viewer still alike, until none is or the game ends."""
        while self.alike and not self.one.over and self.step < MAX_STEPS:
            mover = self.one.to_move
            assert self.two.to_move == mover, f"{self.where(mover)}: another seat is to move in each twin"
            for p in self.alike:
                if p == mover:
                    self.compare_decision(p)
                elif p is not None:
                    self.compare_waiting(p)
            moves = self.moves(rng)
            if moves is None:
                break
            if moves[0] != moves[1] and mover in self.alike:
                self.alike.remove(mover)
            events = self.play(mover, *moves)
            self.alike = [p for p in self.alike if self.compare_after(p, mover, events)]


def twins(case: Case, seed: int, walk: random.Random, decisions: Counter):
    """Pairs of twin tables for ``case`` dealt with ``seed``: their true states differ, and some
    viewer sees the same in both."""
    game = game_of(case)
    shuffles = deal_shuffles(game, seed)
    for _ in range(ATTEMPTS):
        at, i, j = walk.randrange(shuffles), walk.randrange(100), walk.randrange(100)
        one = Session(game, [None] * game.num_players, seed=seed)
        with transposed_deal(at, i, j):
            two = Session(game, [None] * game.num_players, seed=seed)
        pair = Twins(case, seed, f"(shuffle {at}, entries {i} and {j})", one, two, decisions)
        if pair.alike and _differ(one.state, two.state):
            yield pair


def _walked(pairs, walk: random.Random, wanted: int) -> tuple[int, Counter]:
    """Walk twin pairs until ``wanted`` pairs are walked and the seats were compared in
    ``MIN_STEPS`` steps: how many pairs, and the steps each viewer was compared in."""
    steps: Counter = Counter()
    walked = 0
    for pair in pairs:
        pair.walk(walk)
        walked += 1
        steps.update(pair.steps)
        if walked >= wanted and steps.total() - steps[None] >= MIN_STEPS:
            break
    return walked, steps


@pytest.mark.seeds(*SLOW_SEEDS)
def test_twin_games_look_the_same_to_the_seat(case, seed):
    walk = random.Random(seed)
    decisions: Counter = Counter()
    pairs, steps = _walked(twins(case, seed, walk, decisions), walk, TWINS[bool(case.options)])
    where = f"{case} seed {seed}: {pairs} twin deals"
    assert pairs >= TWINS[bool(case.options)], f"{where} found in {ATTEMPTS} tries"
    assert steps.total() - steps[None] >= MIN_STEPS, (
        f"{where}: the seats were compared in too few steps (by viewer: {dict(steps)})")
    assert max(decisions.values(), default=0) > min(SCREENS[bool(case.options)]), (
        f"{where}: the compared seats decided too seldom to compare a screen: {dict(decisions)}")


def _twins_parted_in_play(case: Case, seed: int, walk: random.Random, parted: Counter):
    """Pairs of twin tables that part at a shuffle made during play (Seize Rome's played cards
    put back under the pile, S13): both play the same random moves, the second with two entries
    of that shuffle transposed, until it is made; then they are twins like those of a deal.
    ``parted`` counts the games whose shuffle put some card elsewhere. Stops where three games in
    a row make no shuffle after the deal."""
    game = game_of(case)
    dealt = deal_shuffles(game, seed)
    misses = 0
    for _ in range(ATTEMPTS):
        at, i, j = dealt + walk.randrange(2), walk.randrange(100), walk.randrange(100)
        one = Session(game, [None] * game.num_players, seed=seed)
        with transposed_deal(at, i, j) as transposing:
            two = Session(game, [None] * game.num_players, seed=seed)
            while transposing.calls <= at and not one.over:
                action = walk.choice(one.legal_actions())
                for table in (one, two):
                    table.step() if len(table.legal_actions()) == 1 else table.play(table.to_move, action)
        if transposing.calls <= at:
            misses += 1
            if misses == 3:
                return
            continue
        misses = 0
        if _differ(one.state, two.state):
            parted[case] += 1
            pair = Twins(case, seed, f"(shuffle {at}, in play, entries {i} and {j})", one, two, Counter(),
                         recalled=False)
            if pair.alike:
                yield pair


@pytest.mark.parametrize("seed", [0, 1])
def test_twins_parted_by_a_shuffle_in_play_look_the_same_to_the_seat(default_case, seed):
    """As the twins of a deal, for a shuffle made later: the order it gives the cards stays
    hidden until a card of it is drawn, and then only from its drawer."""
    walk = random.Random(seed)
    parted: Counter = Counter()
    pairs, steps = _walked(_twins_parted_in_play(default_case, seed, walk, parted), walk, TWINS[0])
    if not parted:
        pytest.skip(f"{default_case}: no shuffle after the deal in three random games in a row")
    where = f"{default_case} seed {seed}: {pairs} twin pairs of {parted[default_case]} parted by a shuffle"
    assert pairs >= TWINS[0], f"{where}: the others looked different to every viewer at once"
    assert steps.total() - steps[None] >= MIN_STEPS, (
        f"{where}: the seats were compared in too few steps after they parted (by viewer: {dict(steps)})")
