"""The shared option parser: a withdrawn option is refused with the reason its game gives."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from ludus.core.errors import OptionError
from ludus.core.options import choice, option_choices, parse_options


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
