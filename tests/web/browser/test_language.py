"""The page speaks the browser's language where it has a catalogue for it, and the reader may
switch."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("pytest_playwright")

from .driving import new_page  # noqa: E402
from .test_catalogues import STATIC  # noqa: E402


def _shown(doc: str) -> str:
    """An option's help as the lobby shows it: without the rule id it ends with."""
    shown = re.sub(r"\s*\([CKNS]\d+(?:\.\d+)?\)$", "", doc)
    assert shown != doc
    return shown


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
    assert page.inner_text("#option-dragon-doc") == _shown(indonesian["option.claim.dragon.doc"])
    dragons = page.locator("#option-dragon option").evaluate_all(
        "(els) => els.map((el) => el.value + '=' + el.textContent)")
    assert dragons == ["last-card=kartu terakhir (bawaan)", "last-dragon=Naga terakhir"]      # the values sent stay
    page.select_option("#lang", "en")
    assert page.inner_text("#new-title") == english["lobby.new"]
    assert page.inner_text("#option-dragon-doc") == _shown(english["option.claim.dragon.doc"])
    page.reload()                               # the choice is kept
    page.wait_for_selector("body[data-state=ready]")
    assert page.inner_text("#new-title") == english["lobby.new"]


def test_the_page_for_an_unknown_address_speaks_the_browser_s_language_too(site, new_context):
    indonesian = json.loads((STATIC / "i18n" / "id.json").read_text(encoding="utf-8"))
    english = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    page = new_page(new_context, locale="id-ID")
    page.goto(f"{site}/no/such/page")
    page.wait_for_function("document.documentElement.lang === 'id'")
    assert page.inner_text("h1") == indonesian["missing.title"]
    assert page.title() == f"ludus: {indonesian['missing.title']}"
    assert page.get_attribute(f"a:text-is('{indonesian['missing.lobby']}')", "href") == "/"
    page.select_option("#lang", "en")
    assert page.inner_text("h1") == english["missing.title"] and page.title() == "ludus: No such page"


def test_a_count_chooses_the_word_s_form_in_the_page_s_language(site, new_context):
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    said = page.evaluate("""async () => {
        const { t } = await import("/static/js/i18n.js");
        return [0, 1, 2].map((n) => t("claim.deck", { n }));
    }""")
    assert said == ["deck: 0 cards", "deck: 1 card", "deck: 2 cards"]


def test_the_lobby_shows_options_values_in_words(site, new_context):
    """Yes or no for a yes/no option, a seat's name for a seat, the deck's words for Claim's
    factions; the values sent are the ones the API lists."""
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    page.select_option("#game", "seize-rome")
    shown = page.locator("#option-voluntary_pass option").evaluate_all(
        "(els) => els.map((el) => [el.value, el.textContent])")
    assert shown == [["false", "no (default)"], ["true", "yes"]]
    shown = page.locator("#option-first_player option").evaluate_all("(els) => els.map((el) => el.textContent)")
    assert shown == ["random (default)", "seat 0", "seat 1"]
    shown = page.locator("#option-regions_to_win option").evaluate_all("(els) => els.map((el) => el.textContent)")
    assert shown[:3] == ["auto (default)", "1", "2"]           # numbers that are no seats stay numbers
    page.select_option("#game", "caesar-cleopatra")
    shown = page.locator("#option-edition option").evaluate_all("(els) => els.map((el) => el.textContent)")
    assert shown == ["classic (default)", "2024"]
    # a rule id inside the help goes too, not only one at its end
    orgies = page.inner_text("#option-orgies-doc")
    assert orgies == "Orgy cards in the Vote of Confidence deck; 2 is the rule book's variant"
    page.select_option("#game", "claim")
    assert page.locator("#option-factions option").first.text_content() == \
        "the rule book's deck for the players (default)"
    assert page.inner_text("#option-players-doc") == "number of players; 4 play in two teams, partners opposite"
    assert page.inner_text("#option-factions-doc").startswith("the deck: the rule book's for the number of players")
