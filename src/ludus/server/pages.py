"""The pages a browser opens: the lobby at ``/`` and a table at ``/t/ID`` (its seat token, if
any, after the ``#``: never sent to the server in a URL). Plain files shipped inside the
package, ES modules with no build step, served from ``static/``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).with_name("static")

router = APIRouter()


@router.get("/", include_in_schema=False)
def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{public_id}", include_in_schema=False)
def table_page(public_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


def mount(app) -> None:
    """Serve the pages and their files on ``app``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
