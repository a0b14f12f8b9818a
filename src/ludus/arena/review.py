"""A finished game reviewed move by move: what a search would have played at each of one seat's
decisions, and how it rated the move played.

Each decision is searched from the seat's own perspective at that moment (``state.perspective``
of the replayed game), so a review knows no more than the player did: the rest of the record
serves only to reach the position. Values are the search's estimate for the seat, from -1 (a
sure loss) to +1 (a sure win): mean rollout results, or the game's leaf evaluation where its
default search stops rollouts early (Caesar & Cleopatra, Seize Rome). How often the search
tried a move says more than its value when it tried it only a few times: a search spends its
iterations on the moves it rates best, so a move it tried far less often than its own choice
(``Review.far_behind``: a quarter as often or less) is one it found worse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from ..agents import make as make_agent
from ..core.errors import OptionError
from ..core.registry import replay


@dataclasses.dataclass(frozen=True)
class Review:
    """One decision of the seat: the move played and the search's choice, as the search saw them.

    ``searched`` is False where the game decides without search (``decide_without_search``,
    e.g. Caesar & Cleopatra's opening arrangement): ``best`` is then the rule's move, and there
    are no values or visits.
    """

    decision: int              # index of the decision in the whole game (0-based)
    choices: int               # legal moves there
    iterations: int            # of the search (0: not searched)
    played: object
    played_value: float | None
    played_visits: int
    best: object
    best_value: float | None
    best_visits: int

    @property
    def searched(self) -> bool:
        return self.iterations > 0

    @property
    def agrees(self) -> bool:
        """The move played is the search's, or one it values the same (as shown, to 0.01): in a
        won position every winning move is +1.00, and picking another is no disagreement."""
        if self.played == self.best:
            return True
        return (self.played_value is not None and self.best_value is not None
                and round(self.played_value, 2) >= round(self.best_value, 2))

    @property
    def far_behind(self) -> bool:
        """The search tried its own choice at least four times as often as the move played: a
        clear verdict, where values alone may rest on a few rollouts. (A share of all iterations
        would not do: with 40 legal moves an even split gives each 2.5 %.)"""
        return self.searched and not self.agrees and self.played_visits * 4 <= self.best_visits


def review_game(record: dict, seat: int, spec: str = "ismcts:iterations=1000,seed=1",
                on_position: Callable[[int, int], None] | None = None) -> Iterator[Review]:
    """Review every decision of ``seat`` with a real choice in the game of ``record``, with the
    search ``spec`` (an ``ismcts`` spec), one by one as they are searched. ``on_position(done,
    total)`` is called before each search. Raises OptionError for a bad seat or a spec that does
    not search, RecordError for a bad record, before any search."""
    game = replay(record).game                    # a malformed record: RecordError
    if not 0 <= seat < game.num_players:
        raise OptionError(f"{game.id} has seats 0 to {game.num_players - 1}, not {seat}")
    search = make_agent(spec, game, seed=1)       # a spec without seed=N: the same review every time
    if not hasattr(search, "analyse"):
        raise OptionError(f"a review needs a searching agent (ismcts:…), not {spec!r}")
    return _reviews(game, record, seat, search, on_position)


def _reviews(game, record: dict, seat: int, search, on_position) -> Iterator[Review]:
    actions = [game.parse_action(text) for text in record["actions"]]
    probe = game.new_state(seed=record["seed"])
    todo: dict[int, int] = {}                     # decision index -> its place among the reviewed
    for i, action in enumerate(actions):
        if probe.current_player == seat and len(probe.legal_actions()) > 1:
            todo[i] = len(todo)
        probe.apply(action)
    state = game.new_state(seed=record["seed"])
    for i, played in enumerate(actions):
        if i in todo:
            if on_position is not None:
                on_position(todo[i], len(todo))
            estimates = search.analyse(state.perspective(seat, recall=search.uses_recall))
            mine = next(e for e in estimates if e.action == played)
            best = estimates[0]
            yield Review(i, len(estimates), search.last_iterations, played, mine.value, mine.visits,
                         best.action, best.value, best.visits)
        state.apply(played)
