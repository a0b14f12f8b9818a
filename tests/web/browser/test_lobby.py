"""The lobby: bots offered by level, and the open tables — a public table's free seat is taken
with one click, and the page that opens plays that seat (with a token of its own, kept among
this browser's tables)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytest_playwright")

from .driving import new_page, new_table  # noqa: E402


def test_a_free_seat_of_a_public_table_is_taken_from_the_lobby(site, new_context):
    table, (invite,) = new_table(site, "seize-rome", ["random", "person"], public=True)
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    row = page.locator("#open-list li.table", has=page.locator(f'a[href="/t/{table}"]'))
    row.locator("button").click()               # the only free seat: seat 1
    page.wait_for_url(f"**/t/{table}#seat=*")
    page.wait_for_function("() => document.body.dataset.seat === '1'")
    joined = page.url
    assert joined.split("#seat=")[1] != invite.split("#seat=")[1]
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    assert page.locator(f'#mine-list li[data-table="{table}"] a.button >> nth=0').get_attribute("href") == joined
    assert page.locator(f'#open-list a[href="/t/{table}"]').count() == 0         # no seat is free now


def test_a_seat_offers_the_levels_first_with_club_chosen(site, new_context):
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    for game in ("caesar-cleopatra", "claim", "seize-rome"):
        page.select_option("#game", game)
        seat = page.locator("#seat-1")
        assert seat.input_value() == "club"
        groups = seat.locator("optgroup")
        assert [groups.nth(i).get_attribute("label") for i in range(groups.count())] == ["Bots by level", "Other bots"]
        levels = groups.nth(0).locator("option")
        assert [levels.nth(i).get_attribute("value") for i in range(levels.count())] == [
            "beginner", "casual", "club", "strong", "master"]
        assert levels.nth(4).inner_text() == "Bot: master"
    page.click("#new-table button[type=submit]")
    link = page.wait_for_selector("#made li.link a.button")
    table = link.get_attribute("href").split("/t/")[1].split("#")[0]
    facts = page.request.get(f"{site}/api/tables/{table}").json()
    assert [s["agent"] for s in facts["seats"]] == [None, "club"]


def test_the_makers_seat_of_a_listed_table_is_never_offered_to_a_stranger(site, new_context):
    """Seat 0 is "You" by default, seat 1 "Another person": listed under open tables, only seat 1
    is free there, and a double click on "Create the table" makes one table."""
    maker = new_page(new_context)
    maker.goto(site)
    maker.wait_for_selector("body[data-state=ready]")
    maker.select_option("#game", "claim")
    assert maker.locator("#seat-0").input_value() == "you"
    maker.select_option("#seat-1", "person")
    maker.check("#public")
    listed = {t["id"] for t in maker.request.get(f"{site}/api/tables").json()}
    maker.dblclick("#new-table button[type=submit]")
    link = maker.wait_for_selector("#made li.link a.button")
    table = link.get_attribute("href").split("/t/")[1].split("#")[0]
    assert "Send each other person" in maker.locator("#made p").inner_text()
    stranger = new_page(new_context)
    stranger.goto(site)
    stranger.wait_for_selector("body[data-state=ready]")
    row = stranger.locator("#open-list li.table", has=stranger.locator(f'a[href="/t/{table}"]'))
    row.wait_for()
    assert row.locator("button").all_inner_texts() == ["Sit as seat 1"]
    assert "seat 0: taken" in row.inner_text()
    assert {t["id"] for t in stranger.request.get(f"{site}/api/tables").json()} - listed == {table}
    maker.goto(link.get_attribute("href"))
    maker.wait_for_function("() => document.body.dataset.seat === '0'")


def _offered(page, name: str) -> list[str]:
    return page.locator(f"#option-{name} option").evaluate_all("(els) => els.map((el) => el.value)")


def test_the_options_offer_only_values_valid_with_the_choices_above_them(site, new_context):
    """A seat to lead first only among the seats there are, regions to win only up to those in
    play, and an option of one edition hidden in the other: as /api/games says the game accepts."""
    page = new_page(new_context)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    page.select_option("#game", "claim")
    assert page.locator("#option-players").input_value() == "2"
    assert _offered(page, "first_leader") == ["random", "0", "1"]
    page.select_option("#option-players", "4")
    assert _offered(page, "first_leader") == ["random", "0", "1", "2", "3"]
    page.select_option("#option-first_leader", "3")
    page.select_option("#option-players", "2")              # seat 3 is gone: back to the default
    assert _offered(page, "first_leader") == ["random", "0", "1"]
    assert page.locator("#option-first_leader").input_value() == "random"
    page.select_option("#option-players", "4")              # and back with the seat
    assert page.locator("#option-first_leader").input_value() == "3"
    assert page.locator("#seats select").count() == 4

    page.select_option("#game", "seize-rome")
    assert _offered(page, "first_player") == ["random", "0", "1"]
    page.select_option("#option-regions", "3")
    assert _offered(page, "regions_to_win") == ["auto", "1", "2", "3"]
    page.select_option("#option-players", "4")              # 18 region cards: at least 3 wilds for 4 hands
    assert sorted(map(int, _offered(page, "wilds"))) == list(range(3, 13))

    page.select_option("#game", "caesar-cleopatra")
    assert page.locator("#option-orgies").is_visible() and page.locator("#option-discard_by").is_hidden()
    page.select_option("#option-orgies", "2")
    page.select_option("#option-edition", "2024")
    assert page.locator("#option-orgies").is_hidden() and page.locator("#option-action_deck").is_hidden()
    assert page.locator("#option-discard_by").is_visible()
    page.select_option("#option-discard_by", "totals")
    page.click("#new-table button[type=submit]")            # what is hidden is not sent
    link = page.wait_for_selector("#made li.link a.button")
    table = link.get_attribute("href").split("/t/")[1].split("#")[0]
    options = page.request.get(f"{site}/api/tables/{table}").json()["options"]
    assert options["edition"] == "2024" and options["discard_by"] == "totals" and options["orgies"] == 3

    page.select_option("#game", "claim")                    # the choices made for a game are kept for it
    page.click("#new-table button[type=submit]")
    page.wait_for_function(f"() => !document.querySelector('#made a.button').href.includes('{table}')")
    table = page.locator("#made li.link a.button >> nth=0").get_attribute("href").split("/t/")[1].split("#")[0]
    options = page.request.get(f"{site}/api/tables/{table}").json()["options"]
    assert options["players"] == 4 and options["first_leader"] == "3"


def test_a_table_asked_for_while_the_server_cannot_be_reached_says_so(site, new_context):
    page = new_page(new_context)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    page.route("**/api/tables", lambda route: route.abort("internetdisconnected"))
    page.click("#new-table button[type=submit]")
    page.wait_for_function("() => document.getElementById('form-errors').textContent.includes('could not be reached')")
    assert page.is_enabled("#new-table button[type=submit]") and errors == []
    page.unroute("**/api/tables")
    page.click("#new-table button[type=submit]")              # back online: the same click makes it
    page.wait_for_selector("#made li.link a.button")


def test_a_table_of_bots_alone_is_refused_in_the_forms_words(site, new_context):
    page = new_page(new_context)
    sent = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    page.goto(site)
    page.wait_for_selector("body[data-state=ready]")
    page.select_option("#seat-0", "club")
    page.click("#new-table button[type=submit]")
    said = page.wait_for_selector("#form-errors >> text=A table needs a person").inner_text()
    assert "“You” or “Another person (by link)”" in said and sent == []
