"""What every game's tensors share: named index ranges, the encoder base and a seat's recall.

An encoder turns what one seat may know into flat float32 vectors of a fixed size per game and
options. Two tensors, as OpenSpiel splits them:

- the **observation**: ``state.observe(seat)`` and nothing else, so a tensor can hold no more
  than the seat's own view (the leak tests compare it for the truth and for resampled worlds);
- the **information state**: the observation followed by the seat's **recall**, a fixed-size
  summary of the decisions and events as that seat saw them (``Session.log(seat)`` entries).

Seats are relative: index 0 of every per-seat axis is the seat the tensor is for, then the
seats after it in turn order, so one policy can play any seat.
"""

from __future__ import annotations

import collections
import dataclasses
import math

import numpy as np

# Decisions the recall lists one by one, most recent first, besides its counts.
RECENT = 8


@dataclasses.dataclass(frozen=True)
class Field:
    """A named range of a tensor: ``start`` .. ``stop`` holds an array of ``shape`` (row-major),
    each entry between 0 and its ``high``."""

    name: str
    start: int
    shape: tuple[int, ...]
    highs: tuple[float, ...]      # one per entry of the last axis
    doc: str
    strides: tuple[int, ...] = dataclasses.field(init=False, repr=False)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size

    def __post_init__(self):
        strides, step = [], 1
        for n in reversed(self.shape):
            strides.append(step)
            step *= n
        object.__setattr__(self, "strides", tuple(reversed(strides)))

    def at(self, *index: int) -> int:
        """The flat position of ``self[index]`` (as many indices as the shape has axes)."""
        if len(index) == 1:
            return self.start + index[0]
        return self.start + sum(i * s for i, s in zip(index, self.strides, strict=True))


class Layout:
    """The fields of one tensor, in order; ``add`` appends one and returns it."""

    def __init__(self, offset: int = 0):
        self.fields: dict[str, Field] = {}
        self.offset = offset
        self.size = 0

    def add(self, name: str, *shape: int, high=1.0, doc: str = "") -> Field:
        """A field of ``shape`` whose entries lie in 0..``high`` (a number, or one bound per
        entry of the last axis)."""
        highs = tuple(float(h) for h in high) if isinstance(high, (list, tuple)) else (float(high),) * shape[-1]
        if len(highs) != shape[-1]:
            raise ValueError(f"{name}: {len(highs)} bounds for a last axis of {shape[-1]}")
        field = Field(name, self.offset + self.size, tuple(shape), highs, doc)
        self.fields[name] = field
        self.size += field.size
        return field

    def __getitem__(self, name: str) -> Field:
        return self.fields[name]

    def highs(self) -> np.ndarray:
        """The upper bound of every entry (the lower bound is 0 everywhere)."""
        out = []
        for f in self.fields.values():
            out.extend(f.highs * (f.size // f.shape[-1]))
        return np.asarray(out, dtype=np.float32)

    def ranges(self) -> dict[str, tuple[int, int, tuple[int, ...]]]:
        """name -> (start, stop, shape), positions in the tensor this layout ends."""
        return {f.name: (f.start, f.stop, f.shape) for f in self.fields.values()}


def vector(values: list) -> np.ndarray:
    return np.asarray(values, dtype=np.float32)


def spread_pools(pools, weight: float, row, column: dict, v: list) -> None:
    """Add to ``v``, for each pool of a knowledge summary (``{"cards": names, "places": {zone:
    count}}``: those cards dealt at random into those places), ``weight`` times the expected
    number of each card in each place: at ``row(zone) + column[card]``."""
    for pool in pools:
        cards = pool["cards"]
        if not cards:
            continue
        counts = collections.Counter(cards)
        for zone, places in pool["places"].items():
            base, share = row(zone), weight * places / len(cards)
            for card, k in counts.items():
                v[base + column[card]] += share * k


class Encoder:
    """Tensors of one game with its options fixed. Subclasses declare their fields
    (``_observation_fields``, ``_recall_fields``) and fill them (``_encode``, ``_recall_event``)."""

    version: int = 1

    def __init__(self, game):
        self.game = game
        self.n = game.num_players
        self.num_actions = game.num_actions
        self._ids = {str(game.action_from_id(i)): i for i in range(game.num_actions)}
        self.long = float(game.max_game_length or 10_000)   # a bound on any count over one game
        self.observation_layout = Layout()
        self._observation_fields(self.observation_layout)
        self.recall_layout = Layout(self.observation_layout.size)
        self._generic_recall_fields(self.recall_layout)
        self._recall_fields(self.recall_layout)
        self.observation_shape = (self.observation_layout.size,)
        self.information_state_shape = (self.observation_layout.size + self.recall_layout.size,)
        self.observation_high = self.observation_layout.highs()
        self.information_state_high = np.concatenate([self.observation_high, self.recall_layout.highs()])

    @property
    def layout(self) -> dict[str, dict]:
        """The named index ranges of both tensors: ``{"observation": {name: (start, stop, shape)},
        "information_state": {...}}`` (the information state begins with the observation)."""
        obs = self.observation_layout.ranges()
        return {"observation": obs, "information_state": {**obs, **self.recall_layout.ranges()}}

    def rel(self, seat: int, q: int | None) -> int | None:
        """``q`` as seen from ``seat``: 0 is the seat itself, then the seats after it in turn."""
        return None if q is None else (q - seat) % self.n

    # -- action ids: the engine's, but seat-relative where an action names a seat -------------

    def env_id(self, action_id: int, seat: int) -> int:
        """The id by which a learner at ``seat`` knows the engine's action ``action_id``: the
        same, except where an action names a seat (Claim's smash), which is then numbered from
        the learner's seat, as every per-seat axis of the tensors is, so that one network can
        play every seat."""
        return action_id

    def engine_id(self, env_id: int, seat: int) -> int:
        """The engine's action id for the id ``env_id`` of a learner at ``seat`` (``env_id``'s
        inverse)."""
        return env_id

    def reads_policies_of(self, version: int, options: dict) -> bool:
        """Whether a policy trained on tensors of an earlier ``version``, with these game
        ``options``, plays the same here (its observations and the choices it meets unchanged)."""
        return version == self.version

    # -- the tensors ----------------------------------------------------------------------

    def observation(self, state, seat: int) -> np.ndarray:
        """What ``seat`` sees now (``state.observe(seat)``), as a float32 vector."""
        values = [0.0] * self.observation_layout.size
        self._encode(state.observe(seat), seat, values)
        return vector(values)

    def information_state(self, state, seat: int, recall: Recall) -> np.ndarray:
        """The observation followed by ``recall``, what ``seat`` saw happen so far."""
        other = recall.encoder
        if recall.seat != seat or type(other) is not type(self) or other.game.options != self.game.options:
            raise ValueError(f"this recall is seat {recall.seat}'s in {other.game!r}; seat {seat}'s in "
                             f"{self.game!r} is asked for")
        return np.concatenate([self.observation(state, seat), recall.vector()])

    def recall(self, seat: int, entries=()) -> Recall:
        """A seat's recall: empty at the start of a game, then ``add`` each decision as the seat
        saw it (an entry of ``Session.log(seat)``); ``entries`` adds a log at once."""
        recall = Recall(self, seat)
        for entry in entries:
            recall.add(entry)
        return recall

    def mask(self, state, seat: int) -> np.ndarray:
        """int8, 1 for each action id legal for ``seat`` now; all zeros when another seat (or
        nobody) is to move."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player == seat and not state.is_terminal:
            out[[self.env_id(self.game.action_id(a), seat) for a in state.legal_actions()]] = 1
        return out

    # -- the generic part of the recall ---------------------------------------------------

    def _generic_recall_fields(self, lay: Layout) -> None:
        n, a = self.n, self.num_actions
        lay.add("moves_seen", n, a, high=self.long,
                doc="per seat: how often it made each move (by this seat's action id) where this seat saw it "
                    "whole")
        lay.add("moves_unseen", n, high=self.long,
                doc="per seat: its decisions this seat saw only in part (a card put face down)")
        lay.add("recent_seat", RECENT, n, doc="the last decisions, most recent first: who decided")
        lay.add("recent_move", RECENT, a, doc="... the move by action id, where this seat saw it whole")

    def _encode(self, obs: dict, seat: int, v: list) -> None:
        raise NotImplementedError

    def _recall_fields(self, lay: Layout) -> None:
        """The game's own part of the recall (events as the seat saw them)."""

    def _recall_event(self, recall: Recall, event, rel) -> None:
        """Fold one event, as the recall's seat saw it, into ``recall.values`` (``rel(q)``: a
        seat as the recall's seat sees it)."""


class Recall:
    """What one seat saw happen, kept as fixed-size counts (``Encoder.recall``). ``memo`` is for
    the game's own bookkeeping (say, which phase the events belong to)."""

    def __init__(self, encoder: Encoder, seat: int):
        self.encoder = encoder
        self.seat = seat
        self.values = [0.0] * encoder.recall_layout.size
        self.recent: collections.deque = collections.deque(maxlen=RECENT)
        self.memo: dict = {}

    def rel(self, q: int | None) -> int | None:
        return self.encoder.rel(self.seat, q)

    def add(self, entry) -> None:
        """One decision as this seat saw it: ``entry.seat`` decided ``entry.move`` (notation, or
        None where the seat did not see the move whole), and ``entry.events`` followed."""
        enc, lay, v = self.encoder, self.encoder.recall_layout, self.values
        who = self.rel(entry.seat)
        move = None if entry.move is None else enc.env_id(enc._ids[entry.move], self.seat)
        if move is None:
            v[lay["moves_unseen"].at(who) - lay.offset] += 1
        else:
            v[lay["moves_seen"].at(who, move) - lay.offset] += 1
        self.recent.appendleft((who, move))
        for event in entry.events:
            enc._recall_event(self, event, self.rel)

    def bump(self, name: str, *index: int, by: float = 1.0) -> None:
        """Add ``by`` at ``index`` of the recall field ``name``."""
        lay = self.encoder.recall_layout
        self.values[lay[name].at(*index) - lay.offset] += by

    def set(self, name: str, *index: int, to: float) -> None:
        lay = self.encoder.recall_layout
        self.values[lay[name].at(*index) - lay.offset] = to

    def vector(self) -> np.ndarray:
        lay = self.encoder.recall_layout
        v = self.values[:]
        seat_f, move_f = lay["recent_seat"], lay["recent_move"]
        for k, (who, move) in enumerate(self.recent):
            v[seat_f.at(k, who) - lay.offset] = 1.0
            if move is not None:
                v[move_f.at(k, move) - lay.offset] = 1.0
        return vector(v)
