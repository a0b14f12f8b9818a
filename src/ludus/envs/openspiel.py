"""Every ludus game as an OpenSpiel game: ``import ludus.envs.openspiel`` registers each one as
``ludus_<id with underscores>``, so that ``pyspiel.load_game("ludus_claim", {"players": 3})``
loads it with its options as game parameters.

The games are sequential, of imperfect information, with explicit chance and terminal returns.
**Chance.** ludus deals a whole game from one 64-bit seed (the deal, then every reshuffle and
draw). The game starts with eight chance nodes of 256 equally likely outcomes each: the seed's
bytes, most significant first, read as a signed two's-complement number; the game is then
``new_state(seed)``. So every deal the engine can make is an outcome (2**64 of them), and the
game that ``ludus play --seed s`` deals is the one whose chance outcomes spell ``s``.

**Observers** (``make_py_observer``): the observation tensor and string are the seat's view now
(the encoder's ``observation``, ``state.observe(seat)`` as JSON); the information state adds the
seat's recall — the decisions as the seat saw them, the entries ``Session.log(seat)`` gives —
kept beside the state (the tensor: the encoder's recall; the string: the observation and a
digest of those entries). At a chance node (nothing dealt yet) the tensors are zeros.

**Clone and pickle** never copy the engine's internals: OpenSpiel deep-copies a Python state's
attributes to clone it and pickles them to serialise it; the one attribute here is a ``Play``
whose deep copy is ``clone()`` and whose pickle is the record, replayed when loaded.

**Search.** ``state.resample(seat, rng)`` is a world the seat cannot tell from this one
(``resampler`` wraps it for ``ISMCTSBot.set_resampler``). A resampled world has no past, so the
other seats' recall in it starts from the public one (what a spectator saw), and it has no
record: it cannot be serialised.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
import random

import numpy as np
import pyspiel

from ..core.digest import position_digest
from ..core.errors import IllegalAction, LudusError, OptionError
from ..core.registry import make
from ..session import Entry
from . import ENCODERS, encoder

CHANCE_STEPS = 8                # the deal seed's bytes
CHANCE_OUTCOMES = 256
LIST_SEPARATOR = "+"            # between a list option's items in a game's name (commas part parameters)


def game_name(game_id: str) -> str:
    """The OpenSpiel name of a ludus game: ``ludus_`` and its id with underscores."""
    return "ludus_" + game_id.replace("-", "_")


def seed_of(outcomes) -> int:
    """The deal seed the chance outcomes (eight bytes, most significant first) spell."""
    return int.from_bytes(bytes(outcomes), "big", signed=True)


def outcomes_of(seed: int) -> list[int]:
    """The eight chance outcomes that deal ``seed`` (``seed_of``'s inverse)."""
    return list(seed.to_bytes(CHANCE_STEPS, "big", signed=True))


@functools.lru_cache(maxsize=64)
def _tables(game_id: str, options: tuple) -> tuple:
    """The ludus game and its encoder for these options, built once per process (states that
    are unpickled find theirs here)."""
    game = make(game_id, **dict(options))
    return game, encoder(game)


# -- the play: what one OpenSpiel state holds -----------------------------------------------


class Play:
    """One game as OpenSpiel sees it: the seed's bytes drawn so far, then the ludus state; and,
    per viewer (each seat, then a spectator), the log of decisions as that viewer saw them.
    Each seat's recall tensor and string digest are folded from its log when asked for."""

    def __init__(self, game, enc):
        self.game = game
        self.encoder = enc
        self.chance: list[int] = []
        self.state = None
        self.resampled: int | None = None         # the seat a resampled world was sampled for
        self.moves: list[str] = []                # the moves played here, in notation
        n = game.num_players
        self.logs: list[list[Entry]] = [[] for _ in range(n + 1)]
        self._recalls: list = [None] * n          # (Recall, entries folded)
        self._digests: list = [None] * n          # (blake2b, entries folded)

    @property
    def dealt(self) -> bool:
        return self.state is not None

    # -- moves --------------------------------------------------------------------------

    def deal(self, outcome: int) -> None:
        self.chance.append(outcome)
        if len(self.chance) == CHANCE_STEPS:
            self.state = self.game.new_state(seed=seed_of(self.chance))

    def play(self, action_id: int) -> None:
        """The seat to move plays ``action_id``; every viewer's log gets the decision as it saw
        it (the move whole, or None where it may not see it; the events through ``seen_by``)."""
        state, n = self.state, self.game.num_players
        seat = state.current_player
        action = self.game.action_from_id(action_id)
        whole = [q == seat or state.action_seen_by(action, q) == action for q in range(n)]
        events = state.apply(action, player=seat)
        text = str(action)
        self.moves.append(text)
        whole.append(all(whole))                  # a spectator sees what every seat sees
        for v, log in enumerate(self.logs):
            viewer = v if v < n else None
            seen = tuple(e2 for e2 in (e.seen_by(viewer) for e in events) if e2 is not None)
            log.append(Entry(len(log), seat, "person", text if whole[v] else None, seen))

    # -- what a seat knows ----------------------------------------------------------------

    def recall(self, seat: int):
        """The seat's recall with every decision of its log folded in."""
        recall, folded = self._recalls[seat] or (self.encoder.recall(seat), 0)
        log = self.logs[seat]
        for entry in log[folded:]:
            recall.add(entry)
        self._recalls[seat] = (recall, len(log))
        return recall

    def digest(self, seat: int) -> str:
        """A digest of the seat's log: equal for exactly the pasts the seat cannot tell apart."""
        hasher, folded = self._digests[seat] or (hashlib.blake2b(digest_size=16), 0)
        log = self.logs[seat]
        for entry in log[folded:]:
            hasher.update(f"{entry.seat}|{entry.move}|{entry.events!r}\n".encode())
        self._digests[seat] = (hasher, len(log))
        return hasher.hexdigest()

    def observation_string(self, seat: int) -> str:
        if not self.dealt:
            return "dealing"
        return json.dumps(self.state.observe(seat), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, seat: int) -> str:
        if not self.dealt:
            return "dealing"
        return f"{self.observation_string(seat)}\nrecall {len(self.logs[seat])} {self.digest(seat)}"

    # -- copies ---------------------------------------------------------------------------

    def clone(self) -> Play:
        other = Play.__new__(Play)
        other.game, other.encoder = self.game, self.encoder
        other.chance = self.chance[:]
        other.state = None if self.state is None else self.state.clone()
        other.resampled = self.resampled
        other.moves = self.moves[:]
        other.logs = [log[:] for log in self.logs]
        other._recalls = [None if r is None else (_copy_recall(r[0]), r[1]) for r in self._recalls]
        other._digests = [None if d is None else (d[0].copy(), d[1]) for d in self._digests]
        return other

    def resample(self, seat: int, rng: random.Random) -> Play:
        """A world ``seat`` cannot tell from this one. Its own log goes along; the other seats'
        logs are the spectator's, their past in that world being unknown."""
        if not self.dealt:
            raise LudusError("nothing is dealt yet: there is no world to resample before the chance nodes")
        other = Play(self.game, self.encoder)
        other.state = self.state.resample(seat, rng)
        other.resampled = seat
        public = self.logs[-1]
        other.logs = [(self.logs[seat] if q == seat else public)[:] for q in range(len(self.logs))]
        other._recalls[seat] = None if self._recalls[seat] is None else (
            _copy_recall(self._recalls[seat][0]), self._recalls[seat][1])
        other._digests[seat] = None if self._digests[seat] is None else (
            self._digests[seat][0].copy(), self._digests[seat][1])
        return other

    def record(self) -> dict:
        """The game so far: the seed's bytes, or the ludus record once dealt."""
        if self.resampled is not None:
            raise LudusError("a resampled world has no record (it is a guess, not a game): it cannot "
                             "be pickled or serialised; serialise the state it was sampled from")
        if not self.dealt:
            return {"game": self.game.id, "options": self.game.options_dict(), "chance": self.chance[:]}
        return self.state.record()

    def __deepcopy__(self, memo) -> Play:
        return self.clone()

    def __reduce__(self):
        return (_replayed, (self.record(),))


def _copy_recall(recall):
    other = recall.encoder.recall(recall.seat)
    other.values = recall.values[:]
    other.recent = copy.copy(recall.recent)
    other.memo = copy.deepcopy(recall.memo)
    return other


def _replayed(record: dict) -> Play:
    """The Play a record gives: its chance outcomes, then its moves, each viewer's log rebuilt."""
    game, enc = _tables(record["game"], tuple(sorted(record["options"].items())))
    play = Play(game, enc)
    chance = record["chance"] if "chance" in record else outcomes_of(record["seed"])
    for outcome in chance:
        play.deal(outcome)
    for text in record.get("actions", ()):
        play.play(game.action_id(game.parse_action(text)))
    return play


# -- OpenSpiel's classes --------------------------------------------------------------------


class LudusState(pyspiel.State):
    """An OpenSpiel state of a ludus game; ``play`` (a ``Play``) holds everything."""

    def __init__(self, game, play: Play | None = None):
        super().__init__(game)
        self.play = play or Play(game.ludus_game, game.encoder)

    @property
    def ludus_state(self):
        """The ludus state (None until the seed is dealt). It is the whole truth: hand a seat
        only ``observe(seat)`` of it."""
        return self.play.state

    def current_player(self) -> int:
        play = self.play
        if not play.dealt:
            return pyspiel.PlayerId.CHANCE
        if play.state.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        return play.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        game, enc = self.play.game, self.play.encoder
        return sorted(enc.env_id(game.action_id(a), player) for a in self.play.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / CHANCE_OUTCOMES
        return [(o, p) for o in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self.play.dealt:
            self.play.play(self.play.encoder.engine_id(int(action), self.play.state.current_player))
        elif 0 <= action < CHANCE_OUTCOMES:
            self.play.deal(int(action))
        else:
            raise IllegalAction(f"a chance outcome is a byte of the deal seed, 0..255; got {action}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self.play.game.action_from_id(self.play.encoder.engine_id(int(action), player)))

    def is_terminal(self) -> bool:
        return self.play.dealt and self.play.state.is_terminal

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.play.game.num_players
        return [float(r) for r in self.play.state.returns()]

    def resample(self, seat: int, rng: random.Random) -> LudusState:
        """A world ``seat`` cannot tell from this one (``ludus`` resampling: what the seat
        knows kept, the rest dealt afresh), with the seat's recall; no record, no serialising."""
        return LudusState(self.get_game(), self.play.resample(seat, rng))

    def __str__(self) -> str:
        play = self.play
        if not play.dealt:
            return f"dealing: seed bytes {play.chance}"
        if play.resampled is not None:
            return f"a world resampled for seat {play.resampled}, now at {position_digest(play.state)}"
        return f"seed {play.state.seed}: " + " ".join(play.moves)


class LudusGame(pyspiel.Game):
    """An OpenSpiel game of one ludus game with its options (the game parameters)."""

    game_id: str

    def __init__(self, params=None):
        kind = _GameType.of(self.game_id)
        try:
            self.ludus_game, self.encoder = _tables(self.game_id, kind.options(params or {}))
        except OptionError as refused:
            # ludus names the word ("random"), which OpenSpiel reads as text, not the -1 it takes
            notes = [f"{name}=-1 for {word}" for name, word in kind.words if name in str(refused)]
            if not notes:
                raise
            raise OptionError(f"{refused} (as an OpenSpiel parameter: {', '.join(notes)})") from None
        info = self.ludus_game.info
        game_type = dataclasses.replace(kind, utility=_utility(info)).make()
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=info.num_distinct_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=info.num_players,
            min_utility=info.min_utility,
            max_utility=info.max_utility,
            utility_sum=info.utility_sum,
            max_game_length=info.max_game_length,
        ), kind.spiel_params(params or {}))

    def __reduce__(self):
        # pickle cannot find the class made for each game at import; the game's name loads it
        # again (and unpickling through this module registers the ludus games first)
        return (_loaded, (str(self),))

    def new_initial_state(self) -> LudusState:
        """The game before the deal: the first of the eight chance nodes."""
        return LudusState(self)

    def max_chance_nodes_in_history(self) -> int:
        return CHANCE_STEPS

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        """The observation (``iig_obs_type`` None or without perfect recall) or the information
        state (perfect recall) of one seat: its own view, public and private."""
        if params:
            raise ValueError(f"ludus observers take no parameters; got {params!r}")
        if iig_obs_type is not None and (not iig_obs_type.public_info or
                                         iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("ludus observers give one seat's own view (public_info=True, private_info="
                             "SINGLE_PLAYER), with or without perfect recall")
        return Observer(self.encoder, iig_obs_type is not None and iig_obs_type.perfect_recall)


class Observer:
    """One seat's tensor (``tensor``, and ``dict``: a view per named field of the encoder's
    layout) and string, as OpenSpiel's Python observers give them."""

    def __init__(self, enc, recall: bool):
        self.recall = recall
        layout = enc.layout["information_state" if recall else "observation"]
        shape = enc.information_state_shape if recall else enc.observation_shape
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {name: self.tensor[start:stop].reshape(dims) for name, (start, stop, dims) in layout.items()}

    def set_from(self, state: LudusState, player: int) -> None:
        play = state.play
        if not play.dealt:
            self.tensor.fill(0.0)
        elif self.recall:
            self.tensor[:] = play.encoder.information_state(play.state, player, play.recall(player))
        else:
            self.tensor[:] = play.encoder.observation(play.state, player)

    def string_from(self, state: LudusState, player: int) -> str:
        play = state.play
        return play.information_state_string(player) if self.recall else play.observation_string(player)


def _loaded(name: str) -> LudusGame:
    return pyspiel.load_game(name)


def _utility(info) -> pyspiel.GameType.Utility:
    if info.utility_sum == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    if info.utility_sum is not None:
        return pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


@dataclasses.dataclass(frozen=True)
class _GameType:
    """What OpenSpiel's GameType says of a ludus game, kept as data so that each game's
    options may change the utility."""

    short_name: str
    long_name: str
    utility: pyspiel.GameType.Utility
    min_players: int
    max_players: int
    parameters: tuple         # (name, default) of each game parameter
    words: tuple              # (name, word) of the options whose word is the parameter -1

    @staticmethod
    @functools.cache
    def of(game_id: str) -> _GameType:
        game = make(game_id)
        fields = {f.name: f for f in dataclasses.fields(game.options_class)}
        seats = fields["players"].metadata["choices"] if "players" in fields else (game.num_players,)
        parameters, words = [], []
        for name, default in game.options_dict().items():
            choices = fields[name].metadata["choices"]
            word = _word(choices)
            if set(choices) == {"true", "false"}:
                default = default == "true"
            elif word is not None:
                words.append((name, word))
                default = -1 if default == word else int(default)
            parameters.append((name, default))
        return _GameType(game_name(game_id), f"ludus {game.title}", _utility(game.info), min(seats), max(seats),
                         tuple(parameters), tuple(words))

    def options(self, params: dict) -> tuple:
        """The ludus options the game parameters give (sorted pairs, as ``_tables`` takes them)."""
        words = dict(self.words)
        options = {}
        for name, value in params.items():
            if name in words and type(value) is int:
                value = words[name] if value == -1 else str(value)
            elif type(value) is bool:
                value = "true" if value else "false"
            elif isinstance(value, str):
                value = value.replace(LIST_SEPARATOR, ",")
            options[name] = value
        return tuple(sorted(options.items()))

    @staticmethod
    def spiel_params(params: dict) -> dict:
        """The parameters as the game keeps them and writes them in its name: a list (Claim's
        ``factions="knights,goblins,..."``) with ``+`` between its items, since a comma in the
        name would part parameters and the name could not be loaded again."""
        return {name: value.replace(",", LIST_SEPARATOR) if isinstance(value, str) else value
                for name, value in params.items()}

    def make(self) -> pyspiel.GameType:
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=self.utility,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.max_players,
            min_num_players=self.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=dict(self.parameters),
        )


def _word(choices: tuple) -> str | None:
    """The one word among an option's numbers written as text (``random`` among seats, ``auto``
    among counts), if that is what its choices are. OpenSpiel reads ``first_leader=1`` in a
    game's name as a number, so such an option is a whole-number parameter, -1 for the word;
    likewise ``true`` and ``false`` are read as booleans, and such options are booleans."""
    words = [c for c in choices if not (isinstance(c, str) and c.isdigit())]
    return words[0] if len(words) == 1 and len(choices) > 1 and isinstance(words[0], str) else None


def resampler(seed: int | None = None):
    """``(state, seat) -> world`` for ``ISMCTSBot.set_resampler``: worlds from ``state.resample``
    with one generator (``seed`` makes a search repeatable)."""
    rng = random.Random(seed)
    return lambda state, seat: state.resample(seat, rng)


def _register() -> dict[str, type]:
    """Register every game with tensors under its OpenSpiel name; name -> game class."""
    classes = {}
    for game_id in ENCODERS:
        cls = type(f"Ludus_{game_id.replace('-', '_')}", (LudusGame,), {"game_id": game_id})
        pyspiel.register_game(_GameType.of(game_id).make(), cls)
        classes[game_name(game_id)] = cls
    return classes


GAMES = _register()

__all__ = ["CHANCE_OUTCOMES", "CHANCE_STEPS", "GAMES", "LudusGame", "LudusState", "Observer", "Play",
           "game_name", "outcomes_of", "resampler", "seed_of"]
