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
the whole request in one thread, one hand-off in and out.

The threads take the waiting requests by deadline (`_Gate`, earliest deadline first): what a
person just did (a move, any form sent) is due at once, a page they open a little later, and a
board refreshed in the background because the game moved on later again. Under load the
mover's answer stays quick and the other players' refresh waits a little, instead of everything
slowing down alike; a refresh that has waited its slack goes in before newer moves, so none
starves.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import os
from functools import lru_cache
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from a2wsgi import WSGIMiddleware
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application
from django.urls import Resolver404, resolve

THREADS = int(os.environ.get("WEB_THREADS", "2"))

# Both before any project import: they set Django up.
_async_handler = get_asgi_application()
_sync_handler = WSGIMiddleware(get_wsgi_application(), workers=THREADS)

# How long a request may wait behind more urgent ones (seconds): its deadline is its arrival
# plus this. A refresh's slack keeps the opponent's view well inside a second of a move.
ACTION, PAGE, REFRESH = 0.0, 0.1, 0.5
REFRESHES = {"play:board", "play:spectate_board"}  # boards fetched because the game moved on


@lru_cache(maxsize=4096)
def _route(path: str) -> tuple[bool, float]:
    """Return (is the view async, the slack of a GET of it); unknown paths: sync pages."""
    try:
        match = resolve(path)
    except Resolver404:
        return False, PAGE
    return asyncio.iscoroutinefunction(match.func), (
        REFRESH if match.view_name in REFRESHES else PAGE)


class _Gate:
    """Let at most `slots` requests into the WSGI threads at once; the rest wait on the event
    loop (no thread, no CPU) and go in by deadline (arrival + slack), then in order of arrival."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self.waiting: list[tuple[float, int, asyncio.Future]] = []
        self._order = itertools.count()

    async def enter(self, slack: float) -> None:
        if self.free and not self.waiting:
            self.free -= 1
            return
        loop = asyncio.get_running_loop()
        turn = loop.create_future()
        heapq.heappush(self.waiting, (loop.time() + slack, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:  # the client went away while waiting
            if turn.done() and not turn.cancelled():
                self.leave()  # it had just been let in: pass its slot on
            raise

    def leave(self) -> None:
        while self.waiting:
            turn = heapq.heappop(self.waiting)[2]
            if not turn.done():
                turn.set_result(None)  # the slot goes straight to the next waiter
                return
        self.free += 1


_gates: dict[asyncio.AbstractEventLoop, _Gate] = {}  # one per event loop (tests run several)


async def _serve_sync(scope: dict[str, Any], receive: Any, send: Any, slack: float) -> None:
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop) or _gates.setdefault(loop, _Gate(THREADS))
    await gate.enter(slack)
    try:
        await _sync_handler(scope, receive, send)
    finally:
        gate.leave()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":  # "lifespan" and anything else as Django's ASGI handler answers
        await _async_handler(scope, receive, send)
        return
    is_async, slack = _route(scope["path"])
    if is_async:  # the streams
        await _async_handler(scope, receive, send)
    elif scope["method"] not in ("GET", "HEAD"):
        await _serve_sync(scope, receive, send, ACTION)
    else:
        await _serve_sync(scope, receive, send, slack)
