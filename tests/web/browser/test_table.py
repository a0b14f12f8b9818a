"""A table page that cannot play says why: a link whose token is no seat's, a table that does
not exist. Neither tries again and again."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pytest_playwright")

from .driving import new_page, new_table  # noqa: E402
from .test_catalogues import STATIC  # noqa: E402

ENGLISH = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", ["bad-token", "no-table"])
def test_a_page_that_cannot_play_says_why(site, new_context, case):
    table, _ = new_table(site, "seize-rome", ["person", "random"])
    url = f"{site}/t/{table}#seat=not-a-token" if case == "bad-token" else f"{site}/t/no-such-table"
    page = new_page(new_context)
    hellos = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: hellos.append(frame)))
    page.goto(url)
    page.wait_for_selector(f"#connection .conn-{case}")
    assert page.inner_text("#connection") == ENGLISH[f"connection.{case}"]
    page.wait_for_timeout(1500)                 # longer than the first pause before a retry
    assert len(hellos) == 1
