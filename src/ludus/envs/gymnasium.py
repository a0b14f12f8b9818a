"""A Gymnasium environment: one seat of a ludus game, the other seats played by ludus agents.

``env("claim", opponents=["heuristic"], seat=0)``: the observation is the seat's tensor (a
float32 Box), actions are ``Discrete`` action ids, and ``action_masks()`` (sb3-contrib's
MaskablePPO asks for it) and ``info["action_mask"]`` give the legal ones. An illegal action
raises ``IllegalAction`` (``on_illegal="raise"``) or ends the episode as a loss
(``on_illegal="lose"``, for trainers and checkers that sample without the mask). The reward is
the seat's return at the end. ``reset(seed=s)`` deals ``new_state(seed=s)``; the opponents'
seeds are derived from the deal's, so an episode is reproducible from its seed.

Importing this module registers each game with Gymnasium as ``ludus/<game id>-v<version of its
tensors>`` (``gymnasium.make("ludus/claim-v2", opponents=["heuristic"], players=3)``), so that
``gymnasium.make_vec`` and the wrappers that read an env's spec work too.
"""

from __future__ import annotations

import dataclasses
import importlib

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import agents
from ..core.errors import LudusError, OptionError, echo
from ..core.game import check_seed
from ..core.registry import make
from . import ENCODERS, encoder
from .table import Table, check_tensor

RENDER_MODES = ["human", "ansi"]
GYM_IDS: dict[str, str] = {}    # game id -> its Gymnasium id, filled as the module registers them
ON_ILLEGAL = ("raise", "lose")


class LudusGymEnv(gymnasium.Env):
    """One seat of a ludus game against agents (see the module's docstring)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(self, game_id: str, opponents=("random",), seat: int = 0, on_illegal: str = "raise",
                 render_mode: str | None = None, tensor: str = "observation", **options):
        self.game = make(game_id, **options)
        n = self.game.num_players
        if type(seat) is not int or not 0 <= seat < n:
            raise OptionError(f"seat is a seat of the game, 0..{n - 1}, not {echo(seat)}")
        if isinstance(opponents, str):
            opponents = [opponents]
        if (not isinstance(opponents, (list, tuple)) or len(opponents) not in (1, n - 1)
                or not all(isinstance(spec, str) for spec in opponents)):
            raise OptionError(f"opponents is one agent spec for every other seat, or one per other seat "
                              f"({n - 1} here), such as ['heuristic']; not {echo(opponents)}")
        if on_illegal not in ON_ILLEGAL:
            raise OptionError(f"on_illegal is one of {', '.join(ON_ILLEGAL)}, not {echo(on_illegal)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {echo(render_mode)}")
        others = list(opponents) * (n - 1) if len(opponents) == 1 else list(opponents)
        self.seats = others[:seat] + [None] + others[seat:]
        self.seat = seat
        self.on_illegal = on_illegal
        self.render_mode = render_mode
        self.tensor = check_tensor(tensor)
        self.encoder = encoder(self.game)
        high = self.encoder.observation_high if tensor == "observation" else self.encoder.information_state_high
        self.observation_space = spaces.Box(0.0, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self._table: Table | None = None
        self._done = True
        for spec in set(others):         # a bad agent spec fails here, not at the first reset
            agents.make(spec, self.game)

    @property
    def table(self) -> Table:
        """The game at play; its ``state`` is the whole truth, every seat's cards."""
        if self._table is None:
            raise LudusError("no game is dealt yet: call reset() first")
        return self._table

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deal ``new_state(seed=seed)`` (or a seed from the env's generator) and play the
        opponents up to the learner's first decision; returns its tensor and ``{"action_mask"}``.
        ``options`` are ignored: the game's options are fixed when the env is made."""
        if seed is not None:
            check_seed(seed, what="reset's seed")
            # the generator takes no negative seed, ludus deals every 64-bit one
            super().reset(seed=seed % 2**64)
            deal = seed
        else:
            super().reset()
            deal = int(self.np_random.integers(0, 2**63 - 1))
        self._table = Table(self.encoder, self.seats, deal, self.tensor)
        self._table.play_agents()
        self._done = False
        self._render_human()
        return self._table.tensor(self.seat), self._info()

    def step(self, action):
        """The learner plays ``action`` (an action id), then the opponents play until it is to
        move again or the game ends, so each step is one decision of the learner's. The reward
        is its return, at the end only (the lowest return for an illegal action under
        ``on_illegal="lose"``); nothing truncates an episode."""
        table = self.table
        if self._done:
            raise LudusError("the episode is over; call reset() to deal a new game")
        if self.on_illegal == "lose" and not table.legal(self.seat, action):
            self._done = True
            self._render_human()
            return table.tensor(self.seat), float(self.game.info.min_utility), True, False, self._info()
        table.play(self.seat, action)       # "raise": IllegalAction, in the engine's words, changing nothing
        table.play_agents()
        self._done = table.over
        reward = float(table.state.returns()[self.seat]) if table.over else 0.0
        self._render_human()
        return table.tensor(self.seat), reward, table.over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """True for each legal action id (MaskablePPO's convention); all False once the episode
        is over, however it ended."""
        return self._info()["action_mask"].astype(bool)

    def _info(self) -> dict:
        mask = self.table.mask(self.seat)
        if self._done:          # an episode lost to an illegal action ends in a live game
            mask[:] = 0
        return {"action_mask": mask}

    def _render_human(self) -> None:
        """Gymnasium's "human" mode draws every new position without being asked."""
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the learner's seat sees it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; make the env with render_mode='ansi'")
            return None
        text = self.table.text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def env(game_id: str, opponents=("random",), seat: int = 0, on_illegal: str = "raise",
        render_mode: str | None = None, tensor: str = "observation", **options) -> LudusGymEnv:
    """A Gymnasium environment of ``game_id`` (game ``options`` as keywords) for ``seat``. It
    carries the spec ``gymnasium.make`` would give it, so the tools that remake an env from its
    spec (``check_env``'s render modes, ``make_vec``) make this one."""
    kwargs = dict(opponents=opponents, seat=seat, on_illegal=on_illegal, render_mode=render_mode, tensor=tensor,
                  **options)
    made = LudusGymEnv(game_id, **kwargs)
    registered = gymnasium.spec(GYM_IDS[game_id])
    made.spec = dataclasses.replace(registered, kwargs={**registered.kwargs, **kwargs})
    return made


def _register() -> None:
    """Each game as ``ludus/<id>-v<version>``: the version is its tensors', raised when a
    layout changes, so an id names one observation space."""
    for game_id, where in ENCODERS.items():
        module, _, name = where.partition(":")
        version = getattr(importlib.import_module(module), name).version
        GYM_IDS[game_id] = f"ludus/{game_id}-v{version}"
        # a string entry point, so that a spec serialises (EnvSpec.to_json refuses a class)
        gymnasium.register(GYM_IDS[game_id], entry_point=f"{__name__}:{LudusGymEnv.__name__}",
                           kwargs={"game_id": game_id})


_register()
