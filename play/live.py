"""Live updates of a match: a Server-Sent Events stream woken by the database.

`GET /play/<id>/events/` (seated players, and spectators as on `/play/<id>/watch/`; 404 for everyone
else, exactly as those pages)
answers `text/event-stream`: a `retry:` hint, then `event: version` with the match's version at
once and again each time it changes, a keep-alive comment every ~20 s, and `event: over` once the
game has ended (the stream then closes). The page fetches the board partial itself
(`/play/<id>/board/?version=…`), so the stream carries no game data at all.

Waking, per server process (one asyncio loop under uvicorn), shared by all its streams:
- PostgreSQL: one LISTEN connection (psycopg 3 async `notifies()`); the `match_changed` receiver
  sends `pg_notify` after each commit, so every process on every host hears every change at once.
- SQLite (the embedded default): one `SELECT id, version, status ... WHERE id IN (...)` for all
  the matches watched in this process, every `LIVE_POLL_SECONDS`; no game state is loaded.
- Either way a change made by this very process wakes its streams directly.

Why no library: django-eventstream fans out across processes only through Redis or Pushpin, and
channels + channels-postgres would replace the ASGI entry point and add a message table while
still needing a SQLite fallback. The database already is the broker here; psycopg (a dependency
already) listens to it, and Django streams an async iterator under uvicorn natively.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError, connection
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from play.models import Match
from play.signals import MatchChange, match_changed

log = logging.getLogger(__name__)

CHANNEL = "starledger_match"
FINISHED = Match.Status.FINISHED.value


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


def keepalive_seconds() -> float:
    """Return the idle time after which a stream sends a comment (proxies drop silent streams)."""
    return _setting("LIVE_KEEPALIVE_SECONDS", 20)


def retry_ms() -> int:
    """Return the reconnect delay the browser is told to use after a dropped stream."""
    return int(_setting("LIVE_RETRY_MS", 1500))


def poll_seconds() -> float:
    """Return how often a process checks the versions of its watched matches (SQLite only)."""
    return _setting("LIVE_POLL_SECONDS", 0.5)


def stream_seconds() -> float:
    """Return a stream's lifetime: it then ends, the browser reconnects and is authorized anew."""
    return _setting("LIVE_STREAM_SECONDS", 600)


# -- the per-process hub --------------------------------------------------------------------------


# A match waits for its seats, is played, ends. Starting keeps the version (no action yet), so a
# topic compares (version, stage): the start is news too.
_STAGE = {"waiting": 0, "active": 1, FINISHED: 2}


class Topic:
    """The last known version and status of one match, and the streams waiting for a change."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.status = ""
        self.gone = False
        self.watchers = 0
        self._changed = asyncio.Event()

    @property
    def over(self) -> bool:
        return self.gone or self.status == FINISHED

    def publish(self, version: int, status: str) -> None:
        """Take a newer version, or the start of a waiting match at the same version (older or
        repeated news is ignored), and wake the waiters."""
        if self.version is not None and (version, _STAGE.get(status, 0)) <= (
                self.version, _STAGE.get(self.status, 0)):
            return
        self.version, self.status = version, status
        self._wake()

    def vanish(self) -> None:
        """The match no longer exists: end its streams."""
        self.gone = True
        self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait(self, timeout: float) -> bool:
        """Wait for the next change; False when `timeout` passed first."""
        changed = self._changed
        try:
            async with asyncio.timeout(timeout):
                await changed.wait()
        except TimeoutError:
            return False
        return True


class Hub:
    """The topics watched in this process and the one task that keeps them fresh."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.topics: dict[int, Topic] = {}
        self.listening = asyncio.Event()
        self._task: asyncio.Task | None = None
        # One thread and so one database connection for all of the hub's queries, kept open
        # (a request thread's connection is closed at the end of its request).
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live")

    @contextlib.asynccontextmanager
    async def watching(self, match_id: int) -> AsyncIterator[Topic]:
        """Register a stream on `match_id` for the duration of the block; yield its topic."""
        topic = self.topics.get(match_id)
        fresh = topic is None
        if topic is None:
            topic = self.topics[match_id] = Topic()
        topic.watchers += 1
        try:
            if fresh:
                await self._start()
                await self.refresh([match_id])
            yield topic
        finally:
            topic.watchers -= 1
            if topic.watchers <= 0 and self.topics.get(match_id) is topic:
                del self.topics[match_id]

    async def close(self) -> None:
        """Stop the waking task and close the hub's connection (tests; servers just exit)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.loop.run_in_executor(self._executor, _close_connection)
        self._executor.shutdown()

    def publish(self, match_id: int, version: int, status: str) -> None:
        """Pass news of a match to its topic, if anyone here watches it."""
        topic = self.topics.get(match_id)
        if topic is not None:
            topic.publish(version, status)

    async def refresh(self, match_ids: list[int]) -> None:
        """Read the versions of `match_ids` (no game state) and publish what changed."""
        if not match_ids:
            return
        try:
            found = await self.loop.run_in_executor(self._executor, _read_versions, match_ids)
        except DatabaseError:
            log.warning("live updates: could not read match versions", exc_info=True)
            return
        for match_id in match_ids:
            topic = self.topics.get(match_id)
            if topic is None:
                continue
            if match_id in found:
                topic.publish(*found[match_id])
            else:
                topic.vanish()

    async def _start(self) -> None:
        """Start the waking task if it is not running; on PostgreSQL wait until it listens."""
        if self._task is None or self._task.done():
            job = self._listen() if connection.vendor == "postgresql" else self._poll()
            # A fresh context: the task outlives the request that happened to start it.
            self._task = self.loop.create_task(job, context=contextvars.Context())
        if connection.vendor == "postgresql":
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(5):  # if PostgreSQL is down, the stream still opens
                    await self.listening.wait()

    async def _poll(self) -> None:
        """SQLite: check every watched match's version with one query per interval."""
        while self.topics:
            await asyncio.sleep(poll_seconds())
            await self.refresh(list(self.topics))

    async def _listen(self) -> None:
        """PostgreSQL: hold one LISTEN connection and pass each notification on; reconnect."""
        import psycopg

        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        _conninfo(), autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    delay = 0.5
                    await self.refresh(list(self.topics))  # what changed while not listening
                    while True:
                        async for note in conn.notifies(timeout=keepalive_seconds()):
                            self._notified(note.payload)
                        await conn.execute("SELECT 1")  # a dead connection raises here
            except (psycopg.Error, OSError):
                log.warning("live updates: LISTEN connection lost; reconnecting", exc_info=True)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10)

    def _notified(self, payload: str) -> None:
        try:
            match_id, version, status = payload.split(":", 2)
            self.publish(int(match_id), int(version), status)
        except ValueError:
            log.warning("live updates: ignored notification %r", payload)


_hub: Hub | None = None


def hub() -> Hub:
    """Return this process's hub, bound to the running event loop."""
    global _hub
    loop = asyncio.get_running_loop()
    if _hub is None or _hub.loop is not loop:
        _hub = Hub(loop)
    return _hub


def _read_versions(match_ids: list[int]) -> dict[int, tuple[int, str]]:
    """Return {id: (version, status)} of the matches that exist (runs in the hub's thread)."""
    try:
        rows = Match.objects.filter(pk__in=match_ids).values_list("pk", "version", "status")
        return {pk: (version, status) for pk, version, status in rows}
    except DatabaseError:
        connection.close()  # reconnect on the next call instead of reusing a broken connection
        raise


def _close_connection() -> None:
    connection.close()  # the calling thread's own connection


def _conninfo() -> str:
    """Return a libpq connection string for the database Django uses."""
    from psycopg.conninfo import make_conninfo

    config = connection.settings_dict
    params = {"dbname": config["NAME"], "user": config.get("USER"),
              "password": config.get("PASSWORD"), "host": config.get("HOST"),
              "port": config.get("PORT")}
    params.update({k: v for k, v in config.get("OPTIONS", {}).items()
                   if isinstance(v, str | int)})
    return make_conninfo(**{k: v for k, v in params.items() if v not in (None, "")})


# -- announcing a change (runs in the thread that committed it) -----------------------------------


@receiver(match_changed)
def announce(sender: type, change: MatchChange, **_kwargs: Any) -> None:
    """Wake this process's streams at once, and every process's through NOTIFY on PostgreSQL."""
    current = _hub
    if current is not None:
        with contextlib.suppress(RuntimeError):  # its loop closed meanwhile: nobody to wake
            current.loop.call_soon_threadsafe(current.publish, change.match_id, change.version,
                                              change.status)
    if connection.vendor != "postgresql":
        return
    payload = f"{change.match_id}:{change.version}:{change.status}"
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
    except DatabaseError:
        # The move is committed; watchers elsewhere see it on their next reconnect or move.
        log.warning("live updates: NOTIFY failed for match %s", change.match_id, exc_info=True)


# -- the stream view ------------------------------------------------------------------------------


def _authorize(request: HttpRequest, pk: int) -> None:
    """Raise Http404 unless the user plays the match or may watch it (the pages' own rules)."""
    from play.replays import spectator_match_for

    try:
        # A seated player is let in by one indexed query (a reconnect storm after a restart
        # stays cheap); anyone else only as a spectator (a campaign member without a seat, the
        # spectator page's rule), checked without loading the state. The stream carries version
        # numbers only, so a spectator learns nothing the public board does not show.
        if not Match.objects.for_user(request.user).filter(pk=pk).exists():
            spectator_match_for(request, pk, light=True)
    finally:
        # A stream lasts minutes and its request thread would keep this connection open all
        # along: 200 watchers would hold 200 PostgreSQL connections doing nothing.
        if not connection.in_atomic_block:
            connection.close()


def _event(name: str, version: int) -> str:
    return f"id: {version}\nevent: {name}\ndata: {version}\n\n"


async def stream(match_id: int) -> AsyncIterator[str]:
    """Yield the SSE text of a match: its version now and at each change, until it ends."""
    yield f"retry: {retry_ms()}\n\n"
    here = hub()
    deadline = here.loop.time() + stream_seconds()
    async with here.watching(match_id) as topic:
        shown: int | None = None
        waiting = False
        while True:
            if waiting and topic.status != "waiting" and topic.version == shown:
                waiting = False
                yield _event("started", shown)  # the last seat was taken: same version, news
                continue
            if topic.version is not None and topic.version != shown:
                shown, waiting = topic.version, topic.status == "waiting"
                yield _event("version", shown)
                continue  # it may have changed again while this event was being sent
            if topic.over:
                yield _event("over", shown or 0)
                return
            left = deadline - here.loop.time()
            if left <= 0:
                return
            woke = await topic.wait(min(keepalive_seconds(), left))
            if not woke and here.loop.time() < deadline:
                yield ": keep-alive\n\n"


@login_required
@require_GET
async def events(request: HttpRequest, pk: int) -> HttpResponse:
    """Stream the match's version to a seated player or a spectator (Server-Sent Events)."""
    await sync_to_async(_authorize)(request, pk)
    if not isinstance(request, ASGIRequest):
        # Under WSGI (runserver, the tests' live server) a stream would hold a thread per
        # watcher and could only be sent once it ended: 204 tells EventSource to stop, and the
        # page keeps its poll.
        return HttpResponse(status=204)
    response = StreamingHttpResponse(stream(pk), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on, do not buffer the stream
    return response
