"""The shared option parser: a withdrawn option is refused with the reason its game gives."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

import ludus
from ludus.core.errors import OptionError
from ludus.core.options import choice, json_value, option_choices, parse_options, value_kind


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    size: int = choice(3, (3, 4), "pieces a side")

    WITHDRAWN: ClassVar[dict[str, str]] = {"colour": "every piece is grey since the second edition"}


@pytest.mark.parametrize("value", ["red", "grey", 3, ""])
def test_a_withdrawn_option_is_refused_with_its_reason_whatever_its_value(value):
    with pytest.raises(OptionError, match=r"^toy option colour was withdrawn: every piece is grey since the "
                                          r"second edition; leave colour out$"):
        parse_options(ToyOptions, {"size": 4, "colour": value}, "toy")


def test_a_withdrawn_option_is_no_longer_an_option():
    assert option_choices(ToyOptions) == {"size": (3, 4)}
    assert dataclasses.asdict(parse_options(ToyOptions, {"size": "4"}, "toy")) == {"size": 4}
    with pytest.raises(OptionError, match=r"^toy has no option shape; its options are: size \(3\|4\)$"):
        parse_options(ToyOptions, {"shape": "round"}, "toy")


@pytest.mark.parametrize("game_id", ludus.game_ids())
def test_every_value_in_its_json_form_reads_back_as_declared(game_id):
    """The web API lists option values by ``json_value``; a table made with them gets them."""
    cls = ludus.make(game_id).options_class
    for name, choices in option_choices(cls).items():
        kind = {"number": int, "boolean": bool, "text": str}[value_kind(choices)]
        for value in choices:
            shown = json_value(choices, value)
            assert type(shown) is kind
            assert getattr(parse_options(cls, {name: shown}, game_id), name) == value


@pytest.mark.parametrize("game_id", ludus.game_ids())
def test_a_text_value_is_read_whatever_its_case_and_kept_as_declared(game_id):
    """A person types ``dragon=Last-Dragon`` or ``edition=Classic``; the game, its record and
    its narration see the declared spelling."""
    cls = ludus.make(game_id).options_class
    for name, choices in option_choices(cls).items():
        for value in choices:
            if value_kind(choices) == "text":
                assert getattr(parse_options(cls, {name: f" {value.upper()} "}, game_id), name) == value


def test_a_text_value_in_another_case_is_still_refused_when_it_is_no_value():
    with pytest.raises(OptionError, match=r"^option dragon='Last-Trick' is not accepted; dragon takes one of: "
                                          r"'last-card', 'last-dragon'$"):
        ludus.make("claim", dragon="Last-Trick")
    with pytest.raises(ValueError, match="lower case"):
        choice("Classic", ("Classic", "2024"))


@pytest.mark.parametrize(("game_id", "options"), [
    ("claim", {"players": 2, "first_leader": "3"}),                   # not a seat of the game
    ("claim", {"players": 4, "factions": "claim"}),                   # K5: a deck too small
    ("seize-rome", {"regions": 3, "regions_to_win": 8}),
    ("caesar-cleopatra", {"edition": "2024", "orgies": "off"}),       # a classic rule
    ("claim", {"players": "x"}),                                       # not a value at all
])
def test_check_options_refuses_what_the_game_refuses_with_the_same_words(game_id, options):
    cls = type(ludus.make(game_id))
    with pytest.raises(OptionError) as made:
        ludus.make(game_id, **options)
    with pytest.raises(OptionError) as checked:
        cls.check_options(**options)
    assert str(checked.value) == str(made.value)


def test_check_options_accepts_what_the_game_accepts():
    cls = type(ludus.make("claim"))
    cls.check_options(players=3, first_leader="2")
    assert ludus.make("claim", players=3, first_leader="2").num_players == 3
