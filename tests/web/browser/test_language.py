"""The page speaks the browser's language where it has a catalogue for it, and the reader may
switch."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pytest_playwright")

from .driving import new_page  # noqa: E402
from .test_catalogues import STATIC  # noqa: E402


def test_an_indonesian_browser_gets_the_indonesian_lobby_and_may_switch(site, new_context):
    indonesian = json.loads((STATIC / "i18n" / "id.json").read_text(encoding="utf-8"))
    english = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    page = new_page(new_context, locale="id-ID")
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    assert page.inner_text("#new-title") == indonesian["lobby.new"]
    assert page.inner_text("#new-table button[type=submit]") == indonesian["lobby.create"]
    page.select_option("#game", "claim")        # the game's options too: their names and help
    assert page.inner_text("label[for=option-dragon]") == indonesian["option.claim.dragon"] == "naga"
    assert page.inner_text("#option-dragon-doc") == indonesian["option.claim.dragon.doc"]
    page.select_option("#lang", "en")
    assert page.inner_text("#new-title") == english["lobby.new"]
    assert page.inner_text("#option-dragon-doc") == english["option.claim.dragon.doc"]
    page.reload()                               # the choice is kept
    page.wait_for_selector("body[data-state=ready]")
    assert page.inner_text("#new-title") == english["lobby.new"]
