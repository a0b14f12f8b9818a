"""ludus: hidden-information card games for people, bots and learning agents.

>>> import ludus
>>> game = ludus.make("caesar-cleopatra")
>>> state = game.new_state(seed=7)
>>> state.current_player
0
"""

from .core.errors import IllegalAction, LudusError, OptionError, RecordError
from .core.perspective import Perspective
from .core.registry import game_ids, make, replay

__all__ = [
    "IllegalAction",
    "LudusError",
    "OptionError",
    "Perspective",
    "RecordError",
    "game_ids",
    "make",
    "replay",
]
__version__ = "0.1.0"
