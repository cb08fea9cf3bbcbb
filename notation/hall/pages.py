"""The hall's pages: the recorder's, the arbiter's and the spectators' (HTML, CSS and JS in
``notation/hall/static/``), and the table cards.

:func:`page_routes` gives the routes :func:`notation.hall.app.create_app` serves beside
the API (see its docstring for the URL plan).
"""

from __future__ import annotations

from typing import Any


def page_routes(hall: Any) -> list[Any]:
    """The routes of the hall's pages (Starlette routes) for ``hall``."""
    return []


__all__ = ["page_routes"]
