"""The pages a browser opens: the lobby at ``/`` and a table at ``/t/ID`` (its seat token, if
any, after the ``#``: never sent to the server in a URL). Plain files shipped inside the
package, ES modules with no build step, served from ``static/``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

STATIC = Path(__file__).with_name("static")

router = APIRouter()


@router.get("/", include_in_schema=False)
def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{public_id}", include_in_schema=False)
def table_page(public_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


def mount(app) -> None:
    """Serve the pages and their files on ``app``, and a page for an address that is none of
    them when a browser asks (a program asking the API gets the JSON answer)."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(HTTPException)
    async def no_such_page(request: Request, exc: HTTPException):
        browser = "text/html" in request.headers.get("accept", "")
        path = request.url.path
        if exc.status_code == 404 and browser and path != "/api" and not path.startswith("/api/"):
            return FileResponse(STATIC / "missing.html", status_code=404)
        return await http_exception_handler(request, exc)
