"""Perspective: all that an agent is given — one seat's knowledge, never the true state."""

from __future__ import annotations

import dataclasses
import random
from typing import Any


@dataclasses.dataclass(frozen=True)
class Recalled:
    """One past decision as a seat remembers it: who decided, the move as the seat saw it
    (``State.action_seen_by``: the whole move for its own and for public moves), and, for
    another seat's decision, the seat's world just before it — the position resampled for the
    seat as it was then, so it holds nothing the seat did not know at that moment."""

    seat: int
    action: Any
    world: Any = None


class Perspective:
    """One seat's view of a game, built from a world that seat cannot tell from the truth.

    At construction the true state is resampled once for the seat with a fixed generator; that
    world depends only on what the seat knows, so nothing reachable from a Perspective leads
    back to the true hidden cards, and none of it is the true state's own data: a bot that
    writes to it changes nothing real. ``observation``, ``legal_actions`` and ``sample`` all
    read that world.

    Built with ``recall``, it also holds the seat's memory of the game (``recall``; None when
    not asked for), for agents that reason about why the others played as they did.
    """

    __slots__ = ("player", "_world", "_observation", "_sampler", "recall")

    def __init__(self, state, player: int, recall: bool = False):
        self.player = player
        self._world = state.resample(player, random.Random(0))
        self._observation = None
        self._sampler = None
        self.recall: tuple[Recalled, ...] | None = _recall(state, player) if recall else None

    @classmethod
    def in_world(cls, world, player: int) -> Perspective:
        """The view of ``player`` in ``world`` itself, not resampled: for a world that is already
        a guess (a search asks a model what a seat would play there), never for the truth."""
        view = cls.__new__(cls)
        view.player, view._world, view._observation, view._sampler, view.recall = player, world, None, None, None
        return view

    @property
    def game(self):
        return self._world.game

    @property
    def observation(self) -> dict:
        if self._observation is None:
            self._observation = self._world.observe(self.player)
        return self._observation

    @property
    def world(self):
        """The seat's fixed determinization: a full State consistent with all it knows.

        Bots may read it and clone it; it is the same world every time, and ``sample`` deals
        from it, so play on a clone, not on the world itself.
        """
        return self._world

    def legal_actions(self) -> list:
        return self._world.legal_actions()

    def sample(self, rng: random.Random):
        """A full State that could be the true one, given all this seat has seen."""
        if self._sampler is None:
            self._sampler = self._world.sampler(self.player)
        return self._sampler(rng)

    def __repr__(self) -> str:
        return f"<Perspective of seat {self.player} in {self._world.game.id}>"


def _recall(state, player: int) -> tuple[Recalled, ...]:
    """The seat's memory of the game: its decisions replayed from the first position, each move
    as the seat saw it, with the seat's world before every other seat's decision (resampled,
    with a generator fixed by the decision's number, so it depends only on what the seat knew).

    Empty for a position that is not its first position played on (a resampled world, a
    position built by hand): there is no past to remember, and none is made up."""
    origin = state.origin
    if origin is None:
        return ()
    replay = origin.clone()
    memory = []
    for i, action in enumerate(state.history):
        if action not in replay.legal_actions():
            return ()
        mover = replay.current_player
        if mover == player:
            memory.append(Recalled(mover, action))
        else:
            memory.append(Recalled(mover, replay.action_seen_by(action, player),
                                   replay.resample(player, random.Random(i))))
        replay.apply_trusted(action)
    if replay.observe(player) != state.observe(player):
        return ()
    return tuple(memory)
