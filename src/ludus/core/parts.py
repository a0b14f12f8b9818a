"""What a game offers besides its rules, declared once on its Game class (``Game.parts``).

Agents, searches and faces find a game's heuristic, search hooks and terminal drawing through
``game.parts`` — never by looking up module or attribute names — so a part that is misspelt or
missing is an error where the game declares it, not a silent fallback where it is used. Each is
optional: a game without a heuristic has no ``heuristic`` agent, one without a terminal face is
drawn by the command line's generic fallbacks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any


@dataclasses.dataclass(frozen=True)
class SearchHooks:
    """What a game lends a search (ISMCTS), each optional.

    leaf_values             (world, seat) -> value per seat in [-1, 1], where rollouts stop
                            early; ``seat`` is the one searching, whose own hidden cards are
                            true in the world and every other seat's a guess
    informed_leaf_values    the same for worlds drawn with weight by inference (``infer``): it
                            may read the world's hidden cards, which the weights make telling;
                            None: ``leaf_values`` serves there too
    quiet                   world -> whether ``leaf_values`` reads it fairly (no seat halfway
                            through a turn: a quiescence test); a rollout cut at ``depth``
                            plays on to such a position, for a turn's decisions at most.
                            None: any position
    rollout_policy          (world, rng) -> action, for ``rollout=heuristic``
    decide_without_search   perspective -> action, or None to search: decisions no search of a
                            playing budget can weigh (Caesar & Cleopatra's arranged pile)
    rewind                  (world, recall, i, seat) -> the position of the recalled decision
                            ``recall[i]`` if ``world`` is the truth, as its decider knew it; None
                            where the game cannot tell (``infer``, agents/inference.py)
    model                   the agent class by which inference models how the other seats play,
                            asked at every rewound decision of every world it weighs; None: the
                            game's heuristic
    horizon                 game -> a test of worlds, where every rollout stops and reads
                            ``leaf_values`` whatever the search's ``depth`` (positions the leaf
                            values judge better than a random playout of the rest: Claim's
                            two-player phase 2 start), or None where the game, with its options,
                            has none. None: rollouts stop at depth only
    defaults                the search's spec parameters for this game, e.g. ``{"depth": 4}``
    """

    leaf_values: Callable | None = None
    informed_leaf_values: Callable | None = None
    quiet: Callable | None = None
    rollout_policy: Callable | None = None
    decide_without_search: Callable | None = None
    rewind: Callable | None = None
    model: Callable | None = None
    horizon: Callable | None = None
    defaults: Mapping[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class TerminalFace:
    """A game's drawing for the command line. ``render(observation)`` and ``narrate(event,
    viewer)`` (a ``ludus.core.narration.Line``: plain words and a style tag, the same on every
    face, or None) are required; the rest may be None (the command line then has generic ones):
    ``decision(observation, actions)``, ``moves(actions)`` -> (ordered, renderable),
    ``auto_note(observation, action)``, ``result(observation)``, ``turn_label(observation)``,
    ``help_text(observation, actions)`` (the notation for the seat to move, with examples
    from its game). ``no_undo`` says why no move of the game can ever be taken back (every
    move shows a hidden card), so that the help does not offer ``undo``; None where one can."""

    render: Callable
    narrate: Callable
    decision: Callable | None = None
    moves: Callable | None = None
    auto_note: Callable | None = None
    result: Callable | None = None
    turn_label: Callable | None = None
    help_text: Callable | None = None
    no_undo: str | None = None


# The named levels a person picks a bot by, weakest first (``ludus.agents.levels``).
LEVEL_NAMES = ("beginner", "casual", "club", "strong", "master")


@dataclasses.dataclass(frozen=True)
class Parts:
    """A game's parts: its heuristic agent class, its search hooks, its terminal face, and its
    levels — the agent spec behind each name of ``LEVEL_NAMES``, weakest first, chosen by a
    calibration (or none: the game offers no levels)."""

    heuristic: type | None = None
    search: SearchHooks = SearchHooks()
    terminal: TerminalFace | None = None
    levels: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self):
        if self.levels and tuple(self.levels) != LEVEL_NAMES:
            raise ValueError(f"a game's levels are {', '.join(LEVEL_NAMES)}, in this order; got "
                             f"{', '.join(map(str, self.levels))}")


NO_PARTS = Parts()
