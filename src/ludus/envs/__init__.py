"""Learning environments: tensors of what a seat knows, PettingZoo and Gymnasium environments.

Needs the ``rl`` extra (numpy, pettingzoo, gymnasium); nothing else in ludus imports this
package. docs/rl.md describes every tensor and how to start.

>>> import ludus
>>> from ludus import envs
>>> enc = envs.encoder(ludus.make("seize-rome"))
>>> state = enc.game.new_state(seed=1)
>>> enc.observation(state, 0).shape == enc.observation_shape
True
"""

from __future__ import annotations

import importlib

from ..core.errors import OptionError, echo

# game id -> "module:encoder class" (imported when asked for)
ENCODERS = {
    "caesar-cleopatra": "ludus.envs.caesar_cleopatra:CaesarCleopatraEncoder",
    "claim": "ludus.envs.claim:ClaimEncoder",
    "seize-rome": "ludus.envs.seize_rome:SeizeRomeEncoder",
}


def encoder(game):
    """The tensors of ``game`` (a Game from ``ludus.make``): ``observation(state, seat)``,
    ``information_state(state, seat, recall)``, their shapes, ``layout`` and ``version``."""
    if getattr(game, "id", None) not in ENCODERS:
        raise OptionError(f"no tensors for {echo(getattr(game, 'id', game))}; games with tensors: "
                          f"{', '.join(sorted(ENCODERS))}")
    module, _, name = ENCODERS[game.id].partition(":")
    return getattr(importlib.import_module(module), name)(game)


__all__ = ["ENCODERS", "encoder"]
