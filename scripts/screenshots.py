#!/usr/bin/env python3
"""Take the pictures of a table in docs/images/ (one per game) from a server of this checkout.

    python scripts/screenshots.py                 # all three games, into docs/images/
    python scripts/screenshots.py claim --out /tmp

It starts ``ludus serve`` on a free port with a throw-away database, makes a table of you
against the heuristic, plays your seat by clicking legal moves at random until the game is well
under way, and photographs the page at a laptop's size. Needs the web and dev extras and
Debian's ``chromium`` (Playwright drives it; nothing is downloaded). The deal is not fixed (the
server takes no seed), so each run shows another game.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
# Per game: its options and how many of your moves to play before the picture (Claim: well into
# phase 2; Caesar & Cleopatra: a few votes held; Seize Rome: a round revealed).
GAMES = {"claim": ({}, 16), "caesar-cleopatra": ({}, 30), "seize-rome": ({}, 14)}
STATE = "() => [document.body.dataset.state, Number(document.body.dataset.seq ?? -1)]"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(data: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    ludus = Path(sys.executable).with_name("ludus")          # the command installed beside this Python
    server = subprocess.Popen([str(ludus), "serve", "--port", str(port), "--bot-pace", "0"],
                              env={**os.environ, "XDG_DATA_HOME": data}, stdout=subprocess.DEVNULL)
    site = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            httpx.get(f"{site}/api/games", timeout=1)
            return server, site
        except httpx.HTTPError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not start")


def play(page, moves: int, rng: random.Random) -> None:
    """Click ``moves`` of your legal moves at random (a card to pick, then its target, is one)."""
    while moves:
        state, seq = page.evaluate(STATE)
        if state == "over":
            return
        if state != "mine":
            time.sleep(0.05)
            continue
        buttons = page.locator("button[data-move]:not([disabled]), button[data-pick]:not([disabled])")
        button = buttons.nth(rng.randrange(buttons.count()))
        picks = button.get_attribute("data-pick") is not None
        button.click()
        if not picks:
            moves -= 1
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"{', '.join(GAMES)} (default: all)")
    parser.add_argument("--out", type=Path, default=IMAGES)
    parser.add_argument("--chromium", default=os.environ.get("LUDUS_CHROMIUM") or shutil.which("chromium")
                        or "/usr/bin/chromium", help="the Chromium binary (default: LUDUS_CHROMIUM, else chromium)")
    args = parser.parse_args()
    if unknown := [g for g in args.games if g not in GAMES]:
        parser.error(f"no pictures for {', '.join(unknown)}: choose among {', '.join(GAMES)}")
    with tempfile.TemporaryDirectory() as data:
        server, site = serve(data)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium)
                for game in args.games or GAMES:
                    options, moves = GAMES[game]
                    made = httpx.post(f"{site}/api/tables", json={"game": game, "options": options,
                                                                  "seats": ["person", "heuristic"], "mine": [0]})
                    made.raise_for_status()
                    page = browser.new_page(viewport={"width": 1280, "height": 860}, locale="en-GB")
                    page.goto(made.json()["invites"][0]["url"])
                    play(page, moves, random.Random(game))
                    page.wait_for_function("() => ['mine', 'over'].includes(document.body.dataset.state)")
                    page.wait_for_timeout(1500)             # the last trick's cards have moved
                    path = args.out / f"{game}-table.png"
                    page.screenshot(path=path)
                    print(f"{path}")
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
