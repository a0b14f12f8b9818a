"""The pages' message catalogues: every language has every key of the English one (and no
other), with the same placeholders; every key the pages ask for is there. A plain test, no
browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).parents[3] / "src" / "ludus" / "server" / "static"
CATALOGUES = sorted((STATIC / "i18n").glob("*.json"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _placeholders(text: str) -> set:
    """The values a text names: ``{n}``, and ``{n|one|other}`` (a word chosen by the count n)."""
    return set(re.findall(r"\{(\w+)(?:\|[^|}]*\|[^}]*)?\}", text))


@pytest.mark.parametrize("path", [p for p in CATALOGUES if p.stem != "en"], ids=lambda p: p.stem)
def test_a_catalogue_has_every_english_key_and_its_placeholders(path):
    english, other = _load(STATIC / "i18n" / "en.json"), _load(path)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []
    for key, text in english.items():
        assert other[key].strip(), key
        assert _placeholders(other[key]) == _placeholders(text), key


def test_there_is_an_indonesian_catalogue():
    assert [p.stem for p in CATALOGUES] == ["en", "id"]


def test_every_key_the_pages_use_is_in_the_english_catalogue():
    from ludus.server.protocol import AGENTS

    english = _load(STATIC / "i18n" / "en.json")
    code = "\n".join(p.read_text(encoding="utf-8") for p in [*STATIC.rglob("*.js"), *STATIC.glob("*.html")])
    used = set(re.findall(r"""\bt\("([\w.:-]+)"[,)]""", code))
    used |= set(re.findall(r'data-i18n(?:-\w+)?="([\w.:-]+)"', code))
    clocks = re.search(r"const CLOCKS = \{(.*?)\};", code, re.S).group(1)
    used |= {f"clock.{k}" for k in re.findall(r'^\s*"?([\w-]+)"?:', clocks, re.M)}
    used |= {f"{family}.{a}" for family in ("agent", "bot") for a in AGENTS}
    used |= {f"status.{s}" for s in ("open", "playing", "over", "gone")}
    used |= {f"connection.{s}" for s in ("connecting", "open", "lost", "closed", "bad-token", "no-table",
                                                   "unplayable")}
    used |= {"claim.phase.1", "claim.phase.2"}
    assert len(used) > 80
    assert sorted(used - set(english)) == []


def test_every_option_of_every_game_has_its_name_and_help_in_the_catalogues():
    """The lobby shows an option's name and help from the catalogue: the English one says what
    the server says (``/api/games``), so the two cannot drift apart, and every language has them
    (by the test above)."""
    from ludus.server.protocol import games

    english = _load(STATIC / "i18n" / "en.json")
    for game in games():
        for option in game["options"]:
            key = f"option.{game['id']}.{option['name']}"
            assert english.get(key) == option["name"].replace("_", " "), key
            assert english.get(f"{key}.doc") == option["doc"], key
