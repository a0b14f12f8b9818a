"""A PettingZoo AEC environment for every ludus game: ``env("claim", players=4)``.

Each agent (``player_0`` ...) observes ``{"observation": Box(float32), "action_mask":
Box(int8)}`` — the seat's tensor (``tensor="observation"`` or ``"information_state"``) and 1 for
each legal action id; a seat not to move gets an all-zero mask. Actions are ``Discrete``
action ids; an illegal one raises ``IllegalAction`` and changes nothing. Rewards are the game's
returns, given at the end. ``reset(seed=s)`` deals the game ``new_state(seed=s)`` (as ``ludus
play --seed s`` does); a reset without a seed deals from the generator the last seed started.
"""

from __future__ import annotations

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core.errors import LudusError, OptionError, echo
from ..core.game import check_seed
from ..core.registry import make
from . import encoder
from .table import Table, check_tensor

RENDER_MODES = ["human", "ansi"]
# what reset() sets: until then, reading one says so (in PettingZoo's order-enforcing words)
SET_BY_RESET = frozenset({"agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations",
                          "truncations", "infos"})


class LudusEnv(AECEnv):
    """One ludus game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": RENDER_MODES, "name": "ludus_v1", "is_parallelizable": False}

    def __init__(self, game_id: str, render_mode: str | None = None, tensor: str = "observation", **options):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {echo(render_mode)}")
        self.render_mode = render_mode
        self.tensor = check_tensor(tensor)
        self.game = make(game_id, **options)
        self.encoder = encoder(self.game)
        name = f"ludus_{self.game.id.replace('-', '_')}_v{self.encoder.version}"
        self.metadata = {**self.metadata, "name": name}
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        high = self.encoder.observation_high if tensor == "observation" else self.encoder.information_state_high
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents}
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self._table: Table | None = None

    @property
    def table(self) -> Table:
        """The game at play; its ``state`` is the whole truth, every seat's cards."""
        if self._table is None:
            raise LudusError("no game is dealt yet: call reset() first")
        return self._table

    def __getattr__(self, name: str):
        # reached only for a missing attribute: before the first reset(), last(), agents and
        # agent_iter() would fail with Python's bare "no attribute 'agent_selection'"
        if name in SET_BY_RESET:
            raise AttributeError(f"{name} cannot be accessed before reset(): call env.reset() first")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game: ``new_state(seed=seed)``, the game ``ludus play --seed`` deals, or
        without a seed one drawn from the generator the last seed started (so a run replays
        from its first seed). ``options`` are ignored: the game's options are fixed when the env
        is made, and PettingZoo's API test passes options of its own."""
        if seed is not None:
            check_seed(seed, what="reset's seed")
            # the generator takes no negative seed, ludus deals every 64-bit one
            self.np_random, self.np_random_seed = seeding.np_random(seed % 2**64)
            deal = seed
        else:
            deal = int(self.np_random.integers(0, 2**63 - 1))
        self._table = Table(self.encoder, [None] * self.game.num_players, deal, self.tensor)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_move]
        self._render_human()

    def observe(self, agent: str) -> dict:
        """What ``agent``'s seat may see now: its tensor, built from ``observe(seat)`` and its
        own log alone, and the mask of its legal action ids (all zeros unless it is to move)."""
        seat = self._seat[agent]
        return {"observation": self.table.tensor(seat), "action_mask": self.table.mask(seat)}

    def step(self, action) -> None:
        """The selected agent plays ``action`` (an action id); an illegal one raises
        ``IllegalAction`` and changes nothing. Once the game is over each agent steps out with
        ``None``, as PettingZoo's loop does; the returns are the rewards of the last move."""
        table = self.table
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table.play(self._seat[agent], action)
        self._cumulative_rewards[agent] = 0.0
        if table.over:
            returns = table.state.returns()
            self.rewards = {a: float(returns[p]) for a, p in self._seat.items()}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[table.to_move]
        self._accumulate_rewards()
        self._deads_step_first()
        self._render_human()

    def _render_human(self) -> None:
        """PettingZoo's "human" mode draws every new position without being asked."""
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the seat to move sees it (everyone's view, a spectator's, once over)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; make the env with render_mode='ansi'")
            return None
        viewer = None if self.table.over else self.table.to_move
        text = self.table.text(viewer)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str, render_mode: str | None = None, tensor: str = "observation", **options) -> LudusEnv:
    """A PettingZoo AEC environment of ``game_id`` with the game ``options`` (``players=4``)."""
    return LudusEnv(game_id, render_mode=render_mode, tensor=tensor, **options)
