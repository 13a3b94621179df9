"""Live updates (issue 10): the match's event stream, its waking, and the cheap 204 poll.

The stream is read the way uvicorn reads it: an async iterator, one chunk per event, inside one
event loop (`async_to_sync`). A change made "by another process" is simulated by hiding this
process's hub from the `match_changed` receiver, so only PostgreSQL's NOTIFY (or, on SQLite, the
shared version check) can bring it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from play import creation, live, services
from play.creation import SeatSpec
from play.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_hub(settings) -> Iterator[None]:
    """Each test gets its own hub (bound to its own event loop) and quick intervals."""
    settings.LIVE_POLL_SECONDS = 0.05
    live._hub = None
    yield
    live._hub = None


@pytest.fixture
def duel(core_pack, alice, bob) -> Match:
    return creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)


@pytest.fixture(autouse=True)
def no_running_loop_marker() -> Iterator[None]:
    """Let async_to_sync start its own loop in this thread during the test.

    Playwright's sync API (the browser tests earlier in the same session) leaves its event loop
    marked as running in this thread, and async_to_sync (ours, and Django's handler for an async
    view called by the sync test client) refuses to start under a running loop. The marker is
    cleared for the test and put back after it.
    """
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    yield
    asyncio.events._set_running_loop(running)


def run_scenario(scenario: Callable[[], object]) -> object:
    """Run an async test scenario to its end from this synchronous test."""
    return async_to_sync(scenario)()


async def _open(user, match: Match) -> AsyncIterator[bytes]:
    client = AsyncClient()
    await client.aforce_login(user)
    response = await client.get(reverse("play:events", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache"
    return response.streaming_content.__aiter__()


async def _next(stream: AsyncIterator[bytes]) -> str:
    chunk = await stream.__anext__()
    return chunk.decode() if isinstance(chunk, bytes) else chunk


async def _elsewhere(function: Callable[..., object], *args: object) -> object:
    """Run `function` in another thread with its own connection, closed afterwards."""
    def run() -> object:
        try:
            return function(*args)
        finally:
            connection.close()

    return await sync_to_async(run, thread_sensitive=False)()


async def _finish(stream: AsyncIterator[bytes]) -> None:
    await stream.aclose()
    if live._hub is not None:
        await live._hub.close()


def stream_around(user, match: Match, change: Callable[..., object], *args: object,
                  to_end: bool = False) -> list[str]:
    """Open `user`'s stream of `match`, read its retry line and first event, make `change(*args)`
    and read the next event (or, `to_end`, everything until the stream ends); return them."""
    async def scenario() -> list[str]:
        stream = await _open(user, match)
        try:
            seen = [await _next(stream), await _next(stream)]
            await sync_to_async(change)(*args)
            if to_end:
                return seen + [chunk.decode() async for chunk in stream]
            return [*seen, await _next(stream)]
        finally:
            await _finish(stream)

    return run_scenario(scenario)


def test_outsiders_get_404_and_visitors_the_login_page(duel, outsider) -> None:
    url = reverse("play:events", args=[duel.pk])

    async def scenario() -> tuple[int, int, int]:
        client = AsyncClient()
        anonymous = (await client.get(url)).status_code
        await client.aforce_login(outsider)
        stranger = (await client.get(url)).status_code
        missing = (await client.get(reverse("play:events", args=[duel.pk + 99]))).status_code
        return anonymous, stranger, missing

    assert run_scenario(scenario) == (302, 404, 404)


def test_the_stream_sends_the_version_at_once_then_each_new_one(duel, alice, bob) -> None:
    retry, first, moved = stream_around(bob, duel, services.play, duel.pk, duel.turn_seat, "end",
                                        duel.version)
    assert retry == f"retry: {live.retry_ms()}\n\n"
    assert first == f"id: {duel.version}\nevent: version\ndata: {duel.version}\n\n"
    new = Match.objects.get(pk=duel.pk).version
    assert new > duel.version
    assert moved == f"id: {new}\nevent: version\ndata: {new}\n\n"


def test_a_quiet_stream_sends_keep_alive_comments(duel, alice, settings) -> None:
    settings.LIVE_KEEPALIVE_SECONDS = 0.05

    async def scenario() -> list[str]:
        stream = await _open(alice, duel)
        try:
            return [await _next(stream) for _ in range(4)]
        finally:
            await _finish(stream)

    seen = run_scenario(scenario)
    assert seen[2:] == [": keep-alive\n\n", ": keep-alive\n\n"]


def test_the_stream_says_over_and_ends_when_the_game_ends(duel, alice, bob) -> None:
    """C26: after a resignation the game is over; the page fetches the last board and stops."""

    seen = stream_around(alice, duel, services.resign, duel.pk, 1, duel.version, to_end=True)
    final = Match.objects.get(pk=duel.pk)
    assert final.status == "finished"
    assert seen[2:] == [f"id: {final.version}\nevent: version\ndata: {final.version}\n\n",
                        f"id: {final.version}\nevent: over\ndata: {final.version}\n\n"]


def test_a_stream_ends_after_its_lifetime_so_the_browser_reconnects(duel, alice,
                                                                     settings) -> None:
    settings.LIVE_STREAM_SECONDS = 0.1

    async def scenario() -> list[str]:
        stream = await _open(alice, duel)
        try:
            return [chunk.decode() async for chunk in stream]
        finally:
            await _finish(stream)

    assert len(run_scenario(scenario)) == 2  # retry hint, version; then the end


def test_a_change_made_by_another_process_wakes_the_watchers(duel, alice, bob,
                                                             monkeypatch) -> None:
    """PostgreSQL: through LISTEN/NOTIFY; SQLite: through the shared version check."""
    mover = duel.turn_seat

    async def scenario() -> tuple[int | None, bool, int | None, int]:
        hub = live.hub()
        try:
            async with hub.watching(duel.pk) as topic, hub.watching(duel.pk) as same:
                assert topic is same and topic.watchers == 2  # one topic per match and process
                before = topic.version
                monkeypatch.setattr(live, "_hub", None)  # this process will not tell the hub
                await _elsewhere(services.play, duel.pk, mover, "end", duel.version)
                woke = topic.version != before or await topic.wait(5)
                return before, woke, topic.version, len(hub.topics)
        finally:
            await hub.close()

    before, woke, after, topics = run_scenario(scenario)
    assert before == duel.version
    assert woke and after == Match.objects.get(pk=duel.pk).version > duel.version
    assert topics == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="LISTEN/NOTIFY is PostgreSQL's")
def test_postgresql_announces_each_change_with_notify(duel, alice) -> None:
    """The receiver's NOTIFY carries id, version and status; a listener hears it after commit."""
    import psycopg

    async def scenario() -> str:
        async with await psycopg.AsyncConnection.connect(live._conninfo(),
                                                         autocommit=True) as conn:
            await conn.execute(f"LISTEN {live.CHANNEL}")
            await _elsewhere(services.resign, duel.pk, 0, duel.version)
            async for note in conn.notifies(timeout=5, stop_after=1):
                return note.payload
        return ""

    final = Match.objects.get(pk=duel.pk)
    payload = run_scenario(scenario)
    final.refresh_from_db()
    assert payload == f"{duel.pk}:{final.version}:finished"


def test_the_sqlite_check_is_one_query_per_interval_for_all_watchers(duel, core_pack, alice,
                                                                     bob) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL is woken by NOTIFY, it does not check versions")
    other = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=4)
    calls: list[list[int]] = []
    real = live._read_versions

    def counting(ids: list[int]) -> dict[int, tuple[int, str]]:
        calls.append(sorted(ids))
        return real(ids)

    async def scenario() -> None:
        hub = live.hub()
        try:
            async with hub.watching(duel.pk), hub.watching(duel.pk), hub.watching(other.pk):
                calls.clear()
                await asyncio.sleep(0.28)
        finally:
            await hub.close()

    live._read_versions = counting
    try:
        run_scenario(scenario)
    finally:
        live._read_versions = real
    assert 3 <= len(calls) <= 7  # every 0.05 s, whatever the number of watchers
    assert all(ids == sorted([duel.pk, other.pk]) for ids in calls)


def test_the_204_poll_reads_only_the_version(duel, alice, outsider, client) -> None:
    """No game state is loaded or decoded while nothing changed; outsiders still get 404."""
    poll = reverse("play:board", args=[duel.pk])
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(poll, {"version": duel.version})
    assert response.status_code == 204
    match_queries = [q["sql"] for q in queries if "play_match" in q["sql"]]
    assert len(match_queries) == 1
    assert '"state"' not in match_queries[0] and '"setup"' not in match_queries[0]
    assert client.get(poll, {"version": duel.version - 1}).status_code == 200
    client.force_login(outsider)
    for shown in (duel.version, "None", ""):
        assert client.get(poll, {"version": shown}).status_code == 404


def test_a_wsgi_server_answers_204_so_the_page_keeps_polling(duel, alice, outsider,
                                                             client) -> None:
    """runserver and the tests' live server are WSGI: no stream holding a thread per watcher."""
    url = reverse("play:events", args=[duel.pk])
    client.force_login(alice)
    response = client.get(url)
    assert response.status_code == 204 and not response.content
    client.force_login(outsider)
    assert client.get(url).status_code == 404


def test_the_start_of_a_waiting_match_reaches_its_watchers(core_pack, alice, bob,
                                                           client) -> None:
    """The last seat taken starts the game at the same version: the stream says "started" and
    the waiting board's poll (waiting=1) gets the board instead of 204."""
    waiting = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", offered_to=bob)], seed=5)
    assert waiting.status == Match.Status.WAITING
    poll = reverse("play:board", args=[waiting.pk])
    client.force_login(alice)
    assert client.get(poll, {"version": waiting.version, "waiting": "1"}).status_code == 204
    seat = waiting.seats.get(index=1)
    _retry, first, started = stream_around(alice, waiting, creation.join, seat, bob)
    assert first == f"id: {waiting.version}\nevent: version\ndata: {waiting.version}\n\n"
    assert started == f"id: {waiting.version}\nevent: started\ndata: {waiting.version}\n\n"
    assert Match.objects.get(pk=waiting.pk).status == Match.Status.ACTIVE
    answer = client.get(poll, {"version": waiting.version, "waiting": "1"})
    assert answer.status_code == 200 and 'data-waiting="1"' not in answer.content.decode()
    assert client.get(poll, {"version": waiting.version}).status_code == 204
