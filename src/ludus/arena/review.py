"""A finished game reviewed move by move: what a search would have played at each of one seat's
decisions, and how much worse it judged the move played.

Each decision is searched from the seat's own perspective at that moment (``state.perspective``
of the replayed game), so a review knows no more than the player did: the rest of the record
serves only to reach the position. The search's values are mean results for the seat (-1 a
loss … +1 a win), so the *gap* of a move is roughly how much of a game it gave away in the
search's eyes — an estimate, noisy for a small budget.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from ..agents import make as make_agent
from ..core.errors import OptionError
from ..core.registry import replay


@dataclasses.dataclass(frozen=True)
class Review:
    """One decision of the seat: the move played and the search's best, with their values."""

    decision: int              # index of the decision in the whole game (0-based)
    played: object
    played_value: float | None
    best: object
    best_value: float | None
    choices: int               # legal moves there

    @property
    def agrees(self) -> bool:
        return self.played == self.best

    @property
    def gap(self) -> float:
        """How much better the search judged its best move than the move played (0 if the same,
        or if either was not searched)."""
        if self.agrees or self.played_value is None or self.best_value is None:
            return 0.0
        return max(0.0, self.best_value - self.played_value)


def review_game(record: dict, seat: int, spec: str = "ismcts:iterations=1000,seed=1",
                on_position: Callable[[int, int], None] | None = None) -> Iterator[Review]:
    """Review every decision of ``seat`` with a real choice in the game of ``record``, with the
    search ``spec`` (an ``ismcts`` spec), one by one as they are searched. ``on_position(done,
    total)`` is called before each search. Raises OptionError for a bad seat or a spec that does
    not search, RecordError for a bad record, before any search."""
    game = replay(record).game                    # a malformed record: RecordError
    if not 0 <= seat < game.num_players:
        raise OptionError(f"{game.id} has seats 0 to {game.num_players - 1}, not {seat}")
    search = make_agent(spec, game)
    if not hasattr(search, "analyse"):
        raise OptionError(f"a review needs a searching agent (ismcts:…), not {spec!r}")
    return _reviews(game, record, seat, search, on_position)


def _reviews(game, record: dict, seat: int, search, on_position) -> Iterator[Review]:
    state = game.new_state(seed=record["seed"])
    actions = [game.parse_action(text) for text in record["actions"]]
    probe = game.new_state(seed=record["seed"])
    todo = []
    for i, action in enumerate(actions):          # the seat's decisions with a real choice
        if probe.current_player == seat and len(probe.legal_actions()) > 1:
            todo.append(i)
        probe.apply(action)
    for i, played in enumerate(actions):
        if i in todo:
            if on_position is not None:
                on_position(todo.index(i), len(todo))
            estimates = search.analyse(state.perspective(seat))
            value = {e.action: e.value for e in estimates}
            yield Review(i, played, value.get(played), estimates[0].action, estimates[0].value,
                         len(estimates))
        state.apply(played)
