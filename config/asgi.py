"""ASGI entry point: `uvicorn config.asgi:application --workers 2`.

All state lives in the database, so any number of worker processes can serve the site.

Two Django handlers share one process, chosen per request by the view the URL resolves to:

- async views (the live-update streams, `play.live`) go to Django's ASGI handler: a stream
  waits for minutes on the event loop and holds no thread;
- every other (sync) view goes to Django's WSGI handler, run by a2wsgi in a small, fixed pool of
  threads (`WEB_THREADS`).

Why not the ASGI handler for everything: it runs each sync middleware's hooks and then the view
through separate event-loop-to-thread hand-offs (about twenty per request with our middleware)
and gives every request its own thread. Under load the threads fight over the GIL and the
database pool, and a move waited seconds for hand-offs instead of running. The WSGI handler runs
the whole request in one thread, one hand-off in and out, and the fixed pool makes excess
requests queue on the event loop at no cost instead of running slowly in parallel.
"""

from __future__ import annotations

import asyncio
import os
from functools import lru_cache
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from a2wsgi import WSGIMiddleware
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application
from django.urls import Resolver404, resolve

# Both before any project import: they set Django up.
_async_handler = get_asgi_application()
_sync_handler = WSGIMiddleware(get_wsgi_application(),
                               workers=int(os.environ.get("WEB_THREADS", "4")))


@lru_cache(maxsize=4096)
def _is_async_view(path: str) -> bool:
    """Whether `path` resolves to an async view (unknown paths: no, the WSGI handler 404s)."""
    try:
        return asyncio.iscoroutinefunction(resolve(path).func)
    except Resolver404:
        return False


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and not _is_async_view(scope["path"]):
        await _sync_handler(scope, receive, send)
    else:  # streams; "lifespan" and anything else as Django's ASGI handler answers it
        await _async_handler(scope, receive, send)
