"""One game at a table for learning environments: a ``Session`` (the layer every face plays
through) and, per seat, its recall fed from ``Session.log(seat)`` — what that seat saw of each
decision — so that no tensor is ever built from the true state."""

from __future__ import annotations

import io
import json
import operator

from ..core.errors import IllegalAction, OptionError, echo
from ..session import Session

TENSORS = ("observation", "information_state")


def check_tensor(tensor) -> str:
    if tensor not in TENSORS:
        raise OptionError(f"tensor is one of {', '.join(TENSORS)}, not {echo(tensor)}")
    return tensor


def action_index(action) -> int:
    """An action id from what a learner passes (an int or a numpy integer); IllegalAction for
    anything else (a float is no id)."""
    try:
        return operator.index(action)
    except TypeError:
        raise IllegalAction(f"an action is a whole number, an action id; got {echo(action)}") from None


class Table:
    """A game dealt with ``seed``; ``seats`` as for ``Session`` (None: the learner's, or an
    agent spec). ``tensor`` names what ``tensor(seat)`` encodes."""

    def __init__(self, encoder, seats, seed: int, tensor: str):
        self.encoder = encoder
        self.game = encoder.game
        self.session = Session(self.game, seats, seed=seed, auto=False)
        self.tensor_name = tensor
        self.recalls = [encoder.recall(p) for p in range(self.game.num_players)]
        self._logged = 0

    @property
    def state(self):
        return self.session.state

    @property
    def to_move(self) -> int | None:
        return self.session.to_move

    @property
    def over(self) -> bool:
        return self.session.over

    def play(self, seat: int, action) -> None:
        """``seat`` plays the action id ``action``; IllegalAction, changing nothing, if it may not."""
        self.session.play(seat, self.encoder.engine_id(action_index(action), seat))
        self._seen()

    def play_agents(self) -> None:
        """Play the agents' seats until a learner's seat is to move or the game is over."""
        while not self.over and self.session.step() is not None:
            self._seen()

    def _seen(self) -> None:
        """Give each seat's recall the new decisions as that seat saw them."""
        for p, recall in enumerate(self.recalls):
            for entry in self.session.log(p, start=self._logged):
                recall.add(entry)
        self._logged = len(self.state.history)

    def tensor(self, seat: int):
        if self.tensor_name == "observation":
            return self.encoder.observation(self.state, seat)
        return self.encoder.information_state(self.state, seat, self.recalls[seat])

    def legal(self, seat: int, action) -> bool:
        """Whether ``action`` is ``seat``'s id of a move legal for it now."""
        try:
            move = self.game.action_from_id(self.encoder.engine_id(action_index(action), seat))
        except IllegalAction:
            return False
        return self.to_move == seat and move in self.state.legal_actions()

    def mask(self, seat: int):
        return self.encoder.mask(self.state, seat)

    def text(self, viewer: int | None) -> str:
        """The table as ``viewer`` (None: a spectator) sees it, as the terminal draws it."""
        observation = self.state.observe(viewer)
        face = self.game.parts.terminal
        if face is None:
            return json.dumps(observation, indent=1)
        from rich.console import Console

        console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
        console.print(face.render(observation))
        return console.export_text()
