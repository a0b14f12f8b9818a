"""Golden playthroughs (as OpenSpiel keeps its playthroughs): a fixed game, seed and agent
played to the end and written down step by step, so that any change of the engine's behaviour
shows as a diff in review.

A case is a fixed (game, options, seed, agent). The game is dealt with ``seed`` and played by
``agent``: ``random`` picks with ``random.Random(seed).choice(state.legal_actions())``, so the
text depends on nothing but the engine. Every game in ``ludus.game_ids()`` without a case of its
own gets ``random-seed1`` (defaults) automatically.

``render(case)`` lists at every step: the step number, the seat to move, the legal moves
(``str``, in order), each seat's and the spectator's observation (``observe(p)``, sorted-key
JSON, one line each; only for the first ``full_steps`` steps, to keep files small), the move
chosen, and the events of that move as each seat and the spectator see them
(``event.seen_by(p).to_dict()``, null where hidden entirely). After the last step: returns,
scores, every observation again, and the game's record. ``scripts/regen_golden.py`` writes the
files of tests/golden/; tests/golden/test_golden.py compares them with ``render``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from . import agents as ludus_agents
from .arena.match import choose
from .core.registry import game_ids, make

FULL_STEPS = 45      # observations are written for steps 0..FULL_STEPS-1 and at the end
MAX_STEPS = 5000     # a game still going after this many steps is cut (and says so)


@dataclass(frozen=True)
class Case:
    game: str
    name: str
    options: dict = field(default_factory=dict, hash=False)
    seed: int = 1
    agent: str = "random"
    full_steps: int = FULL_STEPS

    @property
    def file_name(self) -> str:
        return f"{self.game}-{self.name}.txt"

    def __str__(self) -> str:
        return f"{self.game}-{self.name}"


EXPLICIT_CASES = [
    Case("caesar-cleopatra", "random-seed1", {}, seed=1),
    Case("caesar-cleopatra", "random-seed2", {}, seed=2),
    Case("caesar-cleopatra", "shuffled-seed3", {"action_deck": "shuffled"}, seed=3),
    Case("caesar-cleopatra", "variants-seed4",
         {"wrath": "face-up", "philosopher": "difference", "majority": "half"}, seed=4),
    Case("caesar-cleopatra", "edition2024-seed5", {"edition": "2024"}, seed=5),
    Case("claim", "random-seed1", {}, seed=1),
    Case("claim", "players4-seed2", {"players": 4}, seed=2, full_steps=40),
]


def cases() -> list[Case]:
    """The explicit cases of known games, plus one default case for every other game."""
    known = set(game_ids())
    out = [c for c in EXPLICIT_CASES if c.game in known]
    covered = {c.game for c in out}
    out += [Case(g, "random-seed1", {}, seed=1) for g in game_ids() if g not in covered]
    return out


def _json(x) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _viewers(num_players: int) -> list:
    return [*range(num_players), None]


def _label(p) -> str:
    return "spectator" if p is None else str(p)


def _chooser(case: Case, game):
    """A function state -> action for the case's agent."""
    if case.agent == "random":
        rng = random.Random(case.seed)
        return lambda state: rng.choice(state.legal_actions())
    agents = [ludus_agents.make(case.agent, game, seed=case.seed * 100 + p) for p in range(game.num_players)]
    return lambda state: choose(agents[state.current_player], state, state.current_player)


def render(case: Case) -> str:
    """The golden text of one case (deterministic)."""
    game = make(case.game, **case.options)
    state = game.new_state(seed=case.seed)
    choose = _chooser(case, game)
    viewers = _viewers(game.num_players)
    agent = ("random.Random(seed).choice(legal_actions())" if case.agent == "random" else case.agent)
    lines = [
        "# ludus golden playthrough; written by scripts/regen_golden.py, do not edit by hand",
        f"game: {case.game}",
        f"options: {_json(game.options_dict())}",
        f"seed: {case.seed}",
        f"agent: {agent}",
        f"observations: steps 0..{case.full_steps - 1} and the end "
        "(obs P = observe(P), events P = [e.seen_by(P).to_dict()], P = seat or spectator)",
    ]
    step = 0
    while not state.is_terminal and step < MAX_STEPS:
        legal = state.legal_actions()
        lines.append("")
        lines.append(f"step {step} seat {state.current_player}")
        lines.append(f"legal: {_json([str(a) for a in legal])}")
        if step < case.full_steps:
            lines += [f"obs {_label(p)}: {_json(state.observe(p))}" for p in viewers]
        action = choose(state)
        lines.append(f"move: {action}")
        events = state.apply(action)
        for p in viewers:
            seen = [e.seen_by(p) for e in events]
            seen = [e.to_dict() if e is not None else None for e in seen]
            lines.append(f"events {_label(p)}: {_json(seen)}")
        step += 1
    lines.append("")
    if state.is_terminal:
        lines.append(f"end after {step} steps")
    else:
        lines.append(f"cut after {step} steps (MAX_STEPS), not terminal")
    lines.append(f"returns: {_json(state.returns())}")
    lines.append(f"scores: {_json(state.scores())}")
    lines += [f"obs {_label(p)}: {_json(state.observe(p))}" for p in viewers]
    lines.append(f"record: {_json(state.record())}")
    return "\n".join(lines) + "\n"


def stale_files(directory: Path) -> list[Path]:
    """Files in ``directory`` that no case produces."""
    wanted = {c.file_name for c in cases()}
    return sorted(p for p in directory.glob("*.txt") if p.name not in wanted)
