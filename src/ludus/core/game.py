"""The Game and State contract every game implements (docs/architecture.md, "The contract").

A game subclass supplies its option dataclass, its table of actions, notation parsing and a
State subclass; this module holds what is the same for every game: option parsing, the flat
action-id bijection, validation of ``apply`` and records.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any, ClassVar

from .errors import IllegalAction, LudusError, OptionError, echo
from .events import Event
from .options import parse_options
from .parts import NO_PARTS, Parts
from .rng import fresh_seed

# Seeds are signed 64-bit integers: every database and language stores them exactly, and the
# seeds nobody chose (63 random bits) lie inside.
SEEDS = range(-2**63, 2**63)


def check_seed(seed, error: type[LudusError] = OptionError, what: str = "a seed") -> None:
    """Refuse anything but a whole number in ``SEEDS`` (bool is no number here; a string seed
    could ask for any amount of memory) with ``error``."""
    if type(seed) is not int or seed not in SEEDS:
        raise error(f"{what} must be an integer from -2**63 to 2**63 - 1; got {echo(seed)}")


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What a learning or search library asks of a game before it plays (as OpenSpiel's
    GameInfo): seats, the size of the flat action space, the range of ``returns()``, their sum
    when it is the same in every game (None when it is not: a shared win of three players), and
    the longest game in decisions: ``len(state.history)`` at the end of any game of these options
    is at most ``max_game_length`` (a bound each game proves from its rules; None for a game
    that declares none), so that buffers and episode limits can be sized by it."""

    num_players: int
    num_distinct_actions: int
    min_utility: float
    max_utility: float
    utility_sum: float | None
    max_game_length: int | None


class Game:
    """A game with its options fixed: a factory of states and the keeper of the action table.

    A game declares its ``id``, ``title``, ``options_class``, ``state_class`` (with a
    ``new(game, seed)`` constructor), ``actions`` (every action it can ever offer, in a fixed
    order: the flat action space) and ``parse_notation`` (a function from text to action); and, if it
    needs to, ``_check_options``; and ``parts`` (core/parts.py), its heuristic agent, search
    hooks and terminal face.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type]
    state_class: ClassVar[type]
    actions: ClassVar[list]
    parse_notation: ClassVar[Any]
    parts: ClassVar[Parts] = NO_PARTS

    def __init__(self, **options: Any):
        self._take_options(options)
        self._actions: list = list(self.actions)
        self._ids = {a: i for i, a in enumerate(self._actions)}
        kinds = {type(a) for a in self._actions}
        if len(kinds) != 1:
            raise TypeError(f"{type(self).__name__}.actions mixes {len(kinds)} classes; a game's actions "
                            "are instances of one class, so that no other game's action passes for one")
        self.action_class: type = kinds.pop()

    @classmethod
    def check_options(cls, **options: Any) -> None:
        """Refuse ``options`` (OptionError) exactly as the constructor would, without building the
        game: cheap enough for a form to try every combination it could offer."""
        cls.__new__(cls)._take_options(options)

    def _take_options(self, options: dict) -> None:
        """Parse ``options`` into ``self.options`` and check them together (``_check_options``)."""
        self.options = parse_options(self.options_class, options, self.id)
        # options are frozen scalars: read once, copied per call (observations may carry them)
        self._options_items = tuple(dataclasses.asdict(self.options).items())
        defaults = self.options_class()
        self._check_options({k for k in options if getattr(self.options, k) != getattr(defaults, k)})

    def _check_options(self, given: set[str]) -> None:
        """Refuse combinations of options that do not make sense together (OptionError).

        ``given`` names the options the caller set to something other than their default (a
        record lists every option, so a default value never counts as "set").
        """

    @property
    def num_players(self) -> int:
        """The ``players`` option (games with a fixed count override this)."""
        return self.options.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of the game, as groups of seats that always share their return (partners):
        by default every seat plays alone. Tournaments do not rate partners against each other."""
        return tuple((p,) for p in range(self.num_players))

    @property
    def info(self) -> GameInfo:
        """Seats, action space, returns -1..+1, their sum (``utility_sum``) and the longest game
        (``max_game_length``)."""
        return GameInfo(self.num_players, self.num_actions, -1.0, 1.0, self.utility_sum, self.max_game_length)

    @property
    def max_game_length(self) -> int | None:
        """The most decisions a game with these options can take; None by default: a game
        declares its bound, with the argument from its rules."""
        return None

    @property
    def utility_sum(self) -> float | None:
        """The sum of ``returns()`` in every game, if it is always the same (zero-sum: 0)."""
        return None

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(f"seat {i}" for i in range(self.num_players))

    def new_state(self, seed: int | None = None) -> State:
        """A new game; all its chance comes from ``seed`` (a random one if None; else a whole
        number in ``SEEDS``, refused with OptionError otherwise)."""
        if seed is not None:
            check_seed(seed)
        state = self.state_class.new(self, seed)
        state.origin = state.clone()
        return state

    def parse_action(self, text: str):
        """Text notation to action; unknown text raises IllegalAction with a hint."""
        return type(self).parse_notation(text)

    # -- shared --------------------------------------------------------------------------

    def options_dict(self) -> dict[str, Any]:
        return dict(self._options_items)

    @property
    def num_actions(self) -> int:
        return len(self._actions)

    def is_action(self, action) -> bool:
        """Whether ``action`` is one of this game's actions. Actions are tuples, and a tuple of
        another game (or a plain one) may compare equal to one of ours: the class decides."""
        try:
            return type(action) is self.action_class and action in self._ids
        except TypeError:           # built by hand around an unhashable field
            return False

    def action_id(self, action) -> int:
        if not self.is_action(action):
            raise IllegalAction(f"{echo(action)} is not an action of {self.id}: take one from legal_actions(), "
                                "parse_action(text) or action_from_id(i)")
        return self._ids[action]

    def action_from_id(self, index: int):
        if type(index) is not int or not 0 <= index < len(self._actions):     # True is no id
            raise IllegalAction(f"an action id is a whole number 0..{len(self._actions) - 1}; "
                                f"got {echo(index)}")
        return self._actions[index]

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options_dict().items())
        return f"ludus.make({self.id!r}, {opts})"


class State:
    """One position of a game. Subclasses keep their data in ``__slots__`` of plain values.

    Chance comes from ``_chance()``, never from a global generator. Events are built only
    while ``narrate`` is set (``apply`` sets it, ``apply_trusted`` clears it).

    Subclasses implement ``_legal()`` (a fresh list of legal actions), ``_apply(action)``
    (apply a legal action, return events), ``_explain(action, legal)`` (why one of its actions is
    illegal now; the refusal's wording and the moves legal now are added here), ``_observe`` and
    ``_resample`` (the seat is checked here), ``returns``, ``scores`` and ``clone``; and keep
    ``current_player`` (None when terminal) and ``is_terminal`` up to date.
    """

    __slots__ = ("game", "seed", "chance_seed", "chance_n", "history", "current_player", "is_terminal",
                 "narrate", "tracking", "_legal_cache",
                 "_resampled", "origin")

    def _init_base(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.seed = fresh_seed() if seed is None else seed
        self.chance_seed = self.seed
        self.chance_n = 0
        self.history: list = []
        self.current_player: int | None = None
        self.is_terminal = False
        self.narrate = True
        self.tracking = True
        self._legal_cache: list | None = None
        self._resampled = False
        # The game's first position (a copy, never changed), from which ``Perspective`` replays
        # what a seat remembers; set by ``Game.new_state``, None in a resampled world.
        self.origin: State | None = None

    def _forget_past(self, rng: random.Random) -> None:
        """Make a resampled world: no seed, no true history, a fresh chance generator."""
        self.seed = None
        self.history = []
        self.chance_seed = rng.getrandbits(64)
        self.chance_n = 0
        self._legal_cache = None
        self._resampled = True
        self.origin = None

    def _chance(self) -> random.Random:
        """The generator for the next chance event (a shuffle, a reshuffle, a bust draw).

        Each chance event gets its own generator, seeded from the state's chance seed and a
        counter: as deterministic as one long-lived generator, but a clone copies two ints
        instead of a Mersenne Twister state, and a resampled world re-seeds the future by
        replacing ``chance_seed``.
        """
        self.chance_n += 1
        return random.Random(self.chance_seed * 1_000_003 + self.chance_n)

    # -- the contract --------------------------------------------------------------------

    def legal_actions(self) -> list:
        """The legal actions of the seat to move; empty only when the game is over."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_terminal else self._legal()
        return self._legal_cache[:]

    def apply(self, action, player: int | None = None) -> list[Event]:
        """Apply ``action`` (of ``player`` if given); IllegalAction leaves the state unchanged."""
        if self.is_terminal:
            shown = action if self.game.is_action(action) else echo(action)
            raise IllegalAction(f"the game is over; {shown} cannot be played")
        if player is not None and (type(player) is not int or player != self.current_player):
            self._check_seat(player, "apply's player")       # "1" or True is no seat
            raise IllegalAction(
                f"it is not seat {player}'s turn; seat {self.current_player} is to move")
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        if type(action) is not self.game.action_class or action not in self._legal_cache:
            raise IllegalAction(self._refusal(action, self._legal_cache))
        self._legal_cache = None
        self.narrate = True
        events = self._apply(action)
        self.history.append(action)
        return events

    def apply_trusted(self, action) -> None:
        """Apply an action known to be legal (it came from ``legal_actions``), for search.

        No checks and no events: games build events only while ``self.narrate`` is set, which
        this turns off (events cost a third of a random playout and search never reads them).
        """
        self._legal_cache = None
        self.narrate = False
        self._apply(action)
        self.history.append(action)

    def playout(self, rng: random.Random, max_steps: int | None = None, choose=None) -> None:
        """Play uniformly random legal moves to the end, or for ``max_steps`` decisions: the
        random rollout of a search, as ``apply_trusted`` would play it, without the per-move
        overhead of the public calls (no checks, no events, no copies of the legal list).
        ``choose(legal, player)``, if given, picks each move instead (it must not change the
        list)."""
        self._legal_cache = None
        self.narrate = False
        legal_of, apply, history = self._legal, self._apply, self.history
        random_ = rng.random
        steps = 0
        while not self.is_terminal and (max_steps is None or steps < max_steps):
            legal = legal_of()
            action = legal[int(random_() * len(legal))] if choose is None else choose(legal, self.current_player)
            apply(action)
            history.append(action)
            steps += 1

    def action_seen_by(self, action, player: int):
        """What ``player`` learns of ``action`` when the seat to move plays it here: by default
        the whole action (moves are public). Games where a move is partly hidden (a card put
        face down) return a coarser key for the other seats, equal for exactly the moves those
        seats cannot tell apart. Search keeps one tree per seat keyed by it, so that no seat's
        choices in the tree depend on what it could not have seen."""
        return action

    def observe(self, player: int | None) -> dict:
        """What ``player`` sees now, as plain JSON-able data (None: a spectator, the public view)."""
        self._check_seat(player, "observe", spectator=True)
        return self._observe(player)

    def resample(self, player: int, rng: random.Random):
        """A world ``player`` cannot tell from this one: what it knows kept, the rest dealt afresh."""
        self._check_seat(player, "resample")
        return self._resample(player, rng)

    def sampler(self, player: int):
        """``rng -> world``, the same worlds as ``resample(player, rng)``, for the many samples of
        one search. Games may work out what the seat knows once here (the state must not change
        while the sampler is in use); by default each call simply resamples."""
        self._check_seat(player, "resample")
        return functools.partial(self._resample, player)

    def _check_seat(self, player, what: str, spectator: bool = False) -> None:
        """Refuse anything but a seat of this game (or None where a spectator may ask)."""
        if player is None and spectator:
            return
        if type(player) is not int or not 0 <= player < self.game.num_players:
            spectators = " or None for a spectator" if spectator else ""
            raise IllegalAction(f"{what} needs a seat, 0..{self.game.num_players - 1}{spectators}; "
                                f"got {echo(player)}")

    def stop_tracking(self) -> None:
        """Make this state a search copy: it stops keeping what each seat knows.

        Search rollouts never observe or resample the worlds they play out, and that
        bookkeeping is a large share of a move's cost. Afterwards ``observe`` and ``resample``
        raise LudusError; the rules play on unchanged.
        """
        self.tracking = False
        self._drop_knowledge()

    def _drop_knowledge(self) -> None:
        """Replace the game's knowledge with ``core.knowledge.NO_KNOWLEDGE`` (games that keep some)."""

    def record(self) -> dict:
        """The game as a record that ``ludus.replay`` turns back into this very state."""
        if self._resampled:
            raise LudusError("a resampled world has no record: it is a guess, not a game")
        return {
            "game": self.game.id,
            "options": self.game.options_dict(),
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
        }

    def perspective(self, player: int, recall: bool = False):
        """What ``player``'s agent is given (core/perspective.py); with ``recall``, also the
        seat's memory of the game so far (``Perspective.recall``)."""
        from .perspective import Perspective

        self._check_seat(player, "a perspective")
        return Perspective(self, player, recall)

    def _refusal(self, action, legal: list) -> str:
        """The message of an IllegalAction for ``action``: what is wrong (the game's ``_explain``
        for its own actions) and what is legal now."""
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        game = self.game
        if type(action) is not game.action_class:
            return (f"{echo(action)} is not a {game.title} action: take one from legal_actions(), "
                    f"parse_action(text) or action_from_id(i). Legal now: {shown}")
        if not game.is_action(action):
            return f"{self._explain_unknown(action)}. Legal now: {shown}"
        return f"{action} is not legal: {self._explain(action, legal)}. Legal now: {shown}"

    def _explain(self, action, legal: list) -> str:
        """Why ``action``, one of the game's actions, is not legal now (``legal``: what is)."""
        return "it is not a move of this step"

    def _explain_unknown(self, action) -> str:
        """What is wrong with ``action``, a value of the game's action class that is none of its
        actions (built by hand)."""
        return f"{echo(action)} is none of the moves of {self.game.title}"

    def _legal(self) -> list:
        raise NotImplementedError

    def _apply(self, action) -> list[Event]:
        raise NotImplementedError
