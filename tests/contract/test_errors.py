"""Generic error cases: bad options raise ``OptionError``, bad records raise ``RecordError``.

Unknown games, unknown option names and refused option values raise OptionError with a message
naming what is accepted; a game's own ``options_dict()`` makes the same game again. A record
that is malformed (wrong type, missing or extra fields, bad seed, non-string actions, unknown
game or options) or that does not replay (an action illegal at its point, nonsense text, an
action after the end, a tampered action list) raises RecordError; a tampered list that is
still legal step by step replays to the state those steps give.
"""

from __future__ import annotations

import copy
import random

import pytest

import ludus
from ludus.core.options import option_choices

from .helpers import Case, game_of, snapshot, spread, state_after

SEED = 0


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ludus.OptionError) as info:
        ludus.make("no-such-game")
    assert isinstance(info.value, ValueError)
    for game_id in ludus.game_ids():
        assert game_id in str(info.value), f"the message does not name {game_id}: {info.value}"


def test_unknown_option_names_the_options(game_id):
    game = ludus.make(game_id)
    with pytest.raises(ludus.OptionError) as info:
        ludus.make(game_id, no_such_option="1")
    for name in option_choices(type(game.options)):
        assert name in str(info.value), f"the message does not name option {name}: {info.value}"


def test_refused_option_values_name_the_accepted_ones(game_id):
    game = ludus.make(game_id)
    for name, values in option_choices(type(game.options)).items():
        bad_values = ["no-such-value", 10**6] if isinstance(values[0], str) else [10**6, -10**6, "many"]
        for bad in bad_values:
            with pytest.raises(ludus.OptionError) as info:
                ludus.make(game_id, **{name: bad})
            for value in values:
                assert str(value) in str(info.value), (
                    f"refusing {name}={bad!r}, the message does not name the accepted "
                    f"{value!r}: {info.value}")


def test_options_dict_makes_the_same_game(case):
    """What a record stores as options must make the same game (replay depends on it)."""
    game = game_of(case)
    again = ludus.make(case.game_id, **game.options_dict())
    assert again.options == game.options


# -- records -----------------------------------------------------------------------------------


def _without(key):
    def mutate(record):
        del record[key]
        return record

    return mutate


def _with(key, value):
    def mutate(record):
        record[key] = value
        return record

    return mutate


MALFORMED = {
    "not-a-dict-list": lambda r: [r],
    "not-a-dict-none": lambda r: None,
    "not-a-dict-text": lambda r: str(r),
    "missing-game": _without("game"),
    "missing-options": _without("options"),
    "missing-seed": _without("seed"),
    "missing-actions": _without("actions"),
    "extra-key": _with("winner", 0),
    "seed-text": lambda r: _with("seed", str(r["seed"]))(r),
    "seed-float": lambda r: _with("seed", r["seed"] + 0.5)(r),
    "seed-none": _with("seed", None),
    "seed-bool": _with("seed", True),
    "actions-text": lambda r: _with("actions", " ".join(r["actions"]))(r),
    "actions-ints": lambda r: _with("actions", list(range(len(r["actions"]))))(r),
    "actions-none-inside": lambda r: _with("actions", [*r["actions"][:3], None])(r),
    "actions-tuple": lambda r: _with("actions", tuple(r["actions"]))(r),
    "unknown-game": _with("game", "no-such-game"),
    "options-not-dict": _with("options", ["players=2"]),
    "options-unknown": lambda r: _with("options", {**r["options"], "no_such_option": "1"})(r),
    "action-nonsense": lambda r: _with("actions", [*r["actions"][:5], "nonsense text"])(r),
    "action-after-end": lambda r: _with("actions", [*r["actions"], r["actions"][-1]])(r),
}


@pytest.mark.parametrize("kind", list(MALFORMED))
def test_malformed_records_raise_record_error(game_id, kind):
    record = state_after(Case(game_id), SEED).record()
    bad = MALFORMED[kind](copy.deepcopy(record))
    with pytest.raises(ludus.RecordError) as info:
        ludus.replay(bad)
    assert isinstance(info.value, ValueError) and isinstance(info.value, ludus.LudusError)
    assert str(info.value).strip()


def test_an_action_illegal_at_its_point_does_not_replay(game_id):
    case = Case(game_id)
    game = game_of(case)
    full = state_after(case, SEED).record()
    table = [game.action_from_id(i) for i in range(game.num_actions)]
    rng = random.Random(SEED)
    for j in sorted(spread(len(full["actions"]) - 1, 6)):
        legal = set(state_after(case, SEED, j).legal_actions())
        illegal = [a for a in table if a not in legal]
        for bad in rng.sample(illegal, min(3, len(illegal))):
            record = copy.deepcopy(full)
            record["actions"][j] = str(bad)
            with pytest.raises(ludus.RecordError):
                ludus.replay(record)


def _step_by_step(game, seed, texts):
    """The state ``texts`` lead to if each is legal at its point, else None (the contract's view)."""
    state = game.new_state(seed=seed)
    for text in texts:
        if state.is_terminal:
            return None
        try:
            action = game.parse_action(text)
        except ludus.IllegalAction:
            return None
        if action not in state.legal_actions():
            return None
        state.apply(action)
    return state


def test_tampered_action_lists_replay_exactly_when_legal(game_id):
    case = Case(game_id)
    game = game_of(case)
    full = state_after(case, SEED).record()
    actions = full["actions"]
    n = len(actions)
    variants = {"reversed": actions[::-1]}
    for j in sorted(spread(n - 2, 6)):
        variants[f"drop-{j}"] = actions[:j] + actions[j + 1:]
        variants[f"swap-{j}"] = actions[:j] + [actions[j + 1], actions[j]] + actions[j + 2:]
        variants[f"repeat-{j}"] = actions[:j + 1] + actions[j:]
        variants[f"prefix-{j}"] = actions[:j]
    for name, texts in variants.items():
        record = dict(full, actions=texts)
        expected = _step_by_step(game, SEED, texts)
        if expected is None:
            with pytest.raises(ludus.RecordError):
                ludus.replay(record)
        else:
            assert snapshot(ludus.replay(record)) == snapshot(expected), f"variant {name}"
