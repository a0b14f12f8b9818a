"""Every public entry point, fed what a stranger could send (any JSON-like value, long text,
digits of other scripts, actions of other games, mutated records): the answer is a LudusError
or a success, never another exception; a refusal changes nothing and quotes the input short.

Derandomized and without a database, so CI runs the same examples every time, in seconds.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludus
from ludus.core.options import option_choices
from ludus.session import Session, steps

from .helpers import snapshot

GAMES = ludus.game_ids()
# Longer than any message may be: a refusal quotes at most about 200 characters of its input, and
# says besides what would be right (the options, up to 12 legal moves).
MESSAGE_LIMIT = 1500
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Values a stranger might well send: near misses of what would be right.
TRICKY = ["", " ", "x" * 5000, "9" * 5000, "²", "٣", "３", "1_0", "2.0", "-1", "nan", "inf", "true", "None",
          "\x00", "\U0001f600", "random", "0", "1", "2", "3", "default", "classic", "2024"]


def _scalars():
    return st.one_of(st.none(), st.booleans(), st.integers(-10, 300), st.integers(-2**70, 2**70),
                     st.floats(), st.text(max_size=12), st.sampled_from(TRICKY))


JSON = st.recursive(_scalars(), lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=6)


@functools.cache
def game(game_id: str):
    return ludus.make(game_id)


@functools.cache
def every_action(game_id: str) -> list:
    g = game(game_id)
    return [g.action_from_id(i) for i in range(g.num_actions)]


@functools.cache
def _options(game_id: str) -> dict[str, tuple]:
    return option_choices(type(game(game_id).options))


OPTION_NAMES = sorted({n for g in GAMES for n in _options(g)} | {"troll_pick", "seed", ""})
OPTION_VALUES = sorted({str(v) for g in GAMES for vs in _options(g).values() for v in vs})
EXTRA_WORDS = ["play", "wild", "seat", "take", "deck", "draw", "pass", *TRICKY[4:16]]
# Numbers as a move may hold them, and digits of other scripts that int() would read.
NUMBERS = [str(i) for i in range(11)] + ["99", "-1", "²", "³", "٣", "３", "५", "1_0", "01"]
OTHER_DIGITS = ["٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "०१२३४५६७८९", "⁰¹²³⁴⁵⁶⁷⁸⁹"]


@functools.cache
def _words(game_id: str) -> list[str]:
    return sorted({w for a in every_action(game_id) for w in str(a).split()} | set(EXTRA_WORDS))


def _swap(text: str, i: int, word: str) -> str:
    words = text.split()
    words[i % len(words)] = word
    return " ".join(words)


def moves(game_id: str):
    """Text near the game's own moves: real moves with their digits in another script (int()
    reads "٣" as 3), with a word swapped for another, the game's words in any order, any text."""
    words = st.sampled_from(_words(game_id))
    real = st.sampled_from([str(a) for a in every_action(game_id)])
    return st.one_of(
        st.builds(lambda text, digits: text.translate(str.maketrans("0123456789", digits)), real,
                  st.sampled_from(OTHER_DIGITS)),
        st.builds(_swap, real, st.integers(0, 3), st.one_of(st.sampled_from(NUMBERS), words)),
        st.lists(words, max_size=4).map(" ".join),
        st.text(max_size=30))


def refused(error: Exception, *kinds: type) -> None:
    """A refusal is the right LudusError, and its message stays short whatever the input."""
    assert isinstance(error, kinds or (ludus.LudusError,)), f"{type(error).__name__}: {error}"
    assert len(str(error)) < MESSAGE_LIMIT, f"a message of {len(str(error))} characters: {str(error)[:300]}"


@functools.cache
def _random_game(game_id: str, seed: int) -> tuple:
    state = game(game_id).new_state(seed=seed)
    state.playout(random.Random(seed))
    return tuple(state.history)


POINTS = (0.0, 0.3, 0.7, 1.0)          # where in a random game the states are taken


def position(game_id: str, seed: int, point: float):
    """A fresh state ``point`` of the way through random game ``seed`` (built anew each time, so
    that no example can change another's)."""
    actions = _random_game(game_id, seed)
    state = game(game_id).new_state(seed=seed)
    for action in actions[:round(point * len(actions))]:
        state.apply_trusted(action)
    return state


def states():
    return st.builds(position, st.sampled_from(GAMES), st.integers(0, 2), st.sampled_from(POINTS))


def actions_for(game_id: str, legal: list):
    """Legal moves, the game's other actions, other games' actions, hand-built ones, plain values."""
    g = game(game_id)
    fields = len(g.action_class._fields)
    built = st.tuples(*[st.one_of(st.integers(-3, 120), st.just(2**70), JSON) for _ in range(fields)])
    return st.one_of(
        st.sampled_from(legal) if legal else st.nothing(),
        st.sampled_from(every_action(game_id)),
        st.sampled_from(GAMES).flatmap(lambda other: st.sampled_from(every_action(other))),
        built.map(lambda values: g.action_class(*values)),
        built.map(tuple),
        JSON,
    )


SEATS = st.one_of(st.integers(-2, 5), JSON)


# -- making games and states -----------------------------------------------------------------


@FUZZ
@given(game_id=st.one_of(st.sampled_from(GAMES), JSON),
       options=st.dictionaries(st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=8)),
                               st.one_of(JSON, st.sampled_from(OPTION_VALUES),
                                         st.sampled_from(OPTION_VALUES).map(lambda v: int(v) if v.isdigit() else v),
                                         st.lists(st.sampled_from(["knights", "goblins", "dragons", "trolls",
                                                                   "seers", "undead", "gnomes", "giants"]),
                                                  max_size=6)),
                               max_size=4))
def test_make_takes_a_game_and_options_or_refuses_them(game_id, options):
    try:
        made = ludus.make(game_id, **options)
    except Exception as e:  # noqa: BLE001 - the property is about which exceptions
        refused(e, ludus.OptionError)
        return
    assert game_id in GAMES
    assert ludus.make(game_id, **made.options_dict()).options == made.options
    assert made.new_state(seed=0).legal_actions()


@FUZZ
@given(game_id=st.sampled_from(GAMES), seed=st.one_of(JSON, st.integers(-2**64, 2**64)))
def test_new_state_takes_a_seed_or_refuses_it(game_id, seed):
    try:
        state = game(game_id).new_state(seed=seed)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.OptionError)
        return
    record = state.record()
    assert json.loads(json.dumps(record)) == record, "a record must be JSON as it is"
    assert ludus.replay(record).record() == record


# -- notation and action ids ------------------------------------------------------------------


@FUZZ
@given(case=st.sampled_from(GAMES).flatmap(lambda g: st.tuples(st.just(g), st.one_of(moves(g), JSON))))
def test_parse_action_reads_a_move_or_refuses_the_text(case):
    game_id, text = case
    g = game(game_id)
    try:
        action = g.parse_action(text)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction)
        return
    assert g.is_action(action) and g.parse_action(str(action)) == action
    assert text.isascii(), f"{text!r} read as {action}: moves are spelled in ASCII"


@FUZZ
@given(game_id=st.sampled_from(GAMES), data=st.data())
def test_action_ids_round_trip_or_are_refused(game_id, data):
    g = game(game_id)
    value = data.draw(st.one_of(st.integers(-3, g.num_actions + 3), actions_for(game_id, [])))
    try:
        action = g.action_from_id(value)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction)
    else:
        assert type(value) is int and g.action_id(action) == value
    try:
        index = g.action_id(value)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction)
    else:
        assert g.is_action(value) and g.action_from_id(index) == value


# -- playing and looking ----------------------------------------------------------------------


@FUZZ
@given(state=states(), data=st.data(), player=st.one_of(st.none(), SEATS))
def test_apply_plays_a_legal_move_or_changes_nothing(state, data, player):
    legal = state.legal_actions()
    action = data.draw(actions_for(state.game.id, legal))
    seat = state.current_player
    before = snapshot(state)
    try:
        state.apply(action, player=player)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction)
        assert snapshot(state) == before, f"refusing {action!r} by {player!r} changed the state"
        return
    assert state.game.is_action(action) and action in legal
    assert player is None or (type(player) is int and player == seat)


@FUZZ
@given(state=states(), seat=st.one_of(st.none(), SEATS))
def test_views_and_worlds_take_a_seat_or_change_nothing(state, seat):
    before = snapshot(state)
    for look in (lambda: state.observe(seat), lambda: state.perspective(seat),
                 lambda: state.resample(seat, random.Random(0)), lambda: state.sampler(seat)(random.Random(0))):
        try:
            look()
        except Exception as e:  # noqa: BLE001
            refused(e, ludus.IllegalAction)
        else:
            assert seat is None or (type(seat) is int and 0 <= seat < state.game.num_players)
        assert snapshot(state) == before


# -- records ----------------------------------------------------------------------------------


@functools.cache
def _records() -> list[dict]:
    from ludus.session import versioned

    out = []
    for game_id in GAMES:
        state = position(game_id, 0, 0.5)
        out += [state.record(), versioned(state)]
    return out


def _mutate(record: dict, data) -> dict:
    record = json.loads(json.dumps(record))
    key = data.draw(st.sampled_from(sorted(record) + ["winner", "format"]))
    how = data.draw(st.sampled_from(["value", "drop", "action", "cut", "insert", "option"]))
    actions = record["actions"]
    if how == "value":
        record[key] = data.draw(JSON)
    elif how == "drop":
        record.pop(key, None)
    elif how in ("action", "insert") and actions:
        i = data.draw(st.integers(0, len(actions) - 1))
        text = data.draw(st.one_of(moves(record["game"]), JSON))
        actions[i:i + (how == "action")] = [text]
    elif how == "cut":
        record["actions"] = actions[:data.draw(st.integers(0, len(actions)))]
    else:
        name = data.draw(st.sampled_from(OPTION_NAMES))
        record["options"][name] = data.draw(st.one_of(st.sampled_from(OPTION_VALUES), JSON))
    return record


def _replays_or_is_refused(record) -> None:
    try:
        state = ludus.replay(record)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.RecordError)
        return
    assert state.seed == record["seed"] and len(state.history) == len(record["actions"])


@FUZZ
@given(data=st.data())
def test_a_mutated_record_replays_or_is_refused(data):
    _replays_or_is_refused(_mutate(data.draw(st.sampled_from(_records())), data))


@FUZZ
@given(record=st.one_of(JSON, st.fixed_dictionaries({}, optional={
    "format": st.one_of(st.sampled_from([0, 1, 2, 3]), JSON),
    "game": st.one_of(st.sampled_from(GAMES), JSON),
    "options": st.one_of(st.dictionaries(st.sampled_from(OPTION_NAMES), st.sampled_from(OPTION_VALUES), max_size=2),
                         JSON),
    "seed": st.one_of(st.integers(-2**64, 2**64), JSON),
    "actions": st.one_of(st.lists(moves("claim"), max_size=3), JSON),
    "code": JSON, "digest": JSON})))
def test_any_json_record_replays_or_is_refused(record):
    _replays_or_is_refused(record)


# -- the session --------------------------------------------------------------------------------


SPECS = st.one_of(st.none(), st.sampled_from(["random", "heuristic", "ismcts:iterations=2", "ismcts:" + "x" * 5000,
                                              "random:seed=x", "nobody"]), JSON)


@FUZZ
@given(game_id=st.sampled_from(GAMES), seats=st.lists(SPECS, max_size=5),
       seed=st.one_of(st.none(), st.integers(-2**64, 2**64), _scalars().filter(lambda v: not isinstance(v, str))))
def test_a_session_takes_its_seats_and_seed_or_refuses_them(game_id, seats, seed):
    g = game(game_id)
    try:
        table = Session(g, seats, seed=seed)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.OptionError)
        return
    assert len(seats) == g.num_players and table.state.seed == table.seed


@FUZZ
@given(game_id=st.sampled_from(GAMES), steps=st.integers(0, 6), data=st.data(), seat=SEATS,
       viewer=st.one_of(st.none(), st.integers(0, 3)))
def test_a_session_takes_moves_from_its_seats_or_changes_nothing(game_id, steps, data, seat, viewer):
    g = game(game_id)
    table = Session(g, [None] * g.num_players, seed=steps)
    for _ in range(steps):
        table.play(table.to_move, table.legal_actions()[0])
    move = data.draw(st.one_of(
        st.integers(-3, g.num_actions + 3),
        moves(game_id),
        actions_for(game_id, table.legal_actions())))
    before = snapshot(table.state), table.log(None)
    try:
        table.play(seat, move)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction)
        assert (snapshot(table.state), table.log(None)) == before
    else:
        assert seat == before[0]["current_player"] and type(seat) is int
    before = snapshot(table.state), table.log(None)
    try:
        table.undo(seat)
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction)
        assert (snapshot(table.state), table.log(None)) == before
    else:
        assert type(seat) is int
    if viewer is None or viewer < g.num_players:
        table.log(viewer), table.observe(viewer)


def _session():
    table = Session(game("seize-rome"), [None, None], seed=1)
    table.play(table.to_move, table.legal_actions()[0])
    return table


# Inputs of the session that once got through (a JSON ``true`` as a viewer was seat 1, hidden
# cards and all): each is refused as the rest of the session refuses bad input.
SESSION_REFUSALS = {
    "seats-none": lambda: Session(game("claim"), None),
    "seats-int": lambda: Session(game("claim"), 2),
    "seed-long-text": lambda: Session(game("claim"), [None, None], seed="x" * 5000),
    "timeout-agent-list": lambda: Session(game("claim"), [None, None], timeout_agent=["random"]),
    "log-viewer-true": lambda: _session().log(True),       # seat 1's log, hidden cards and all
    "log-viewer-float": lambda: _session().log(1.0),
    "log-viewer-text": lambda: _session().log("x"),
    "log-viewer-list": lambda: _session().log([0]),
    "log-start-text": lambda: _session().log(None, "x"),
    "log-start-negative": lambda: _session().log(None, -1),
    "steps-viewer-true": lambda: list(steps(_session().record(), True)),
    "load-path-none": lambda: Session.load(None),
    "load-path-long": lambda: Session.load("x" * 5000),
    "timeout-agent-false": lambda: Session(game("claim"), [None, None], timeout_agent=False),
    "auto-text": lambda: Session(game("claim"), [None, None], auto="yes"),
}


@pytest.mark.parametrize("bad", list(SESSION_REFUSALS))
def test_the_session_refuses_bad_input_in_words(bad):
    try:
        SESSION_REFUSALS[bad]()
    except Exception as e:  # noqa: BLE001
        refused(e, ludus.IllegalAction, ludus.OptionError, ludus.RecordError)
    else:
        raise AssertionError(f"{bad}: accepted")


def test_the_fuzzed_states_are_real_games(game_id):
    """The positions above reach the end of each game (so that moves after the end are fuzzed)."""
    assert position(game_id, 0, 1.0).is_terminal and not position(game_id, 0, 0.0).is_terminal
