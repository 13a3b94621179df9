"""The ASGI entry point serves the site under uvicorn with several workers, DEBUG off."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    """Return the status and body of a GET, error statuses included.

    Generous timeout: each of uvicorn's two processes imports the views on its first request,
    which on a loaded 2-core machine took over 5 s (these tests check what is served, not how
    fast)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture(scope="module")
def production_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Migrate, collect static files and start uvicorn with 2 workers; yield its base URL."""
    tmp = tmp_path_factory.mktemp("asgi")
    ours = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
    env = {k: v for k, v in os.environ.items() if k not in ours}
    env |= {
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp}/site.sqlite3",
        "STATIC_ROOT": str(tmp / "static"),
    }
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run(manage + command, cwd=PROJECT, env=env, check=True, timeout=120)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port),
         "--workers", "2", "--lifespan", "off", "--no-access-log"],
        cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, server)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)


def _wait_until_up(base: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"uvicorn exited: {server.stderr.read().decode()[-2000:]}")
        try:
            urllib.request.urlopen(base + "/", timeout=10)  # the first page imports the views
            return
        except OSError:  # refused while starting; URLError and TimeoutError are OSErrors too
            time.sleep(0.3)
    pytest.fail("uvicorn did not answer within 90 s")


def test_home_page_is_served_by_uvicorn_workers(production_server: str) -> None:
    status, html = _get(production_server + "/")
    assert status == 200
    assert "How to start" in html


def test_whitenoise_serves_hashed_static_files(production_server: str) -> None:
    _, html = _get(production_server + "/")
    css = next(part.split('"')[0] for part in html.split('href="/static/css/')[1:])
    assert css != "site.css", "DEBUG off should serve the hashed (cache-busting) name"
    status, body = _get(f"{production_server}/static/css/{css}")
    assert status == 200
    assert "--accent" in body


def test_unknown_page_is_our_404_not_a_debug_page(production_server: str) -> None:
    status, html = _get(production_server + "/missing/")
    assert status == 404
    assert "There is nothing at this address" in html
    assert "Django tried these URL patterns" not in html


def test_streams_go_to_the_async_handler_and_every_other_view_to_the_threaded_wsgi_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream waits on the event loop; a page runs whole in one pool thread (config/asgi.py)."""
    from config import asgi

    served: list[tuple[str, str]] = []

    def handler(name: str):
        async def serve(scope: dict, receive: object, send: object) -> None:
            served.append((name, scope.get("path", scope["type"])))
        return serve

    monkeypatch.setattr(asgi, "_sync_handler", handler("wsgi"))
    monkeypatch.setattr(asgi, "_async_handler", handler("asgi"))
    scopes = [{"type": "http", "method": "GET", "path": path} for path in (
        "/play/7/events/", "/play/7/board/", "/", "/static/site.css", "/no-such-page/")]

    async def call_each() -> None:
        for scope in [*scopes, {"type": "lifespan"}]:
            await asgi.application(scope, None, None)

    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever runs in this thread
        thread.submit(asyncio.run, call_each()).result()
    assert served == [("asgi", "/play/7/events/"), ("wsgi", "/play/7/board/"), ("wsgi", "/"),
                      ("wsgi", "/static/site.css"), ("wsgi", "/no-such-page/"),
                      ("asgi", "lifespan")]


def _run(coroutine_function) -> None:
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever runs in this thread
        thread.submit(asyncio.run, coroutine_function()).result()


def test_waiting_requests_go_in_by_deadline_moves_first_background_refreshes_last() -> None:
    """With every thread busy, a move sent last still goes in before pages and refreshes."""
    from config.asgi import ACTION, PAGE, REFRESH, _Gate

    order: list[str] = []

    async def scenario() -> None:
        gate = _Gate(1)
        await gate.enter(PAGE)  # the one thread is busy

        async def request(name: str, urgency: int) -> None:
            await gate.enter(urgency)
            order.append(name)
            gate.leave()

        waiting = [asyncio.ensure_future(request(name, urgency)) for name, urgency in (
            ("refresh 1", REFRESH), ("page", PAGE), ("refresh 2", REFRESH), ("move", ACTION))]
        await asyncio.sleep(0)  # all four queue up
        gate.leave()
        await asyncio.gather(*waiting)
        assert gate.free == 1 and not gate.waiting

    _run(scenario)
    assert order == ["move", "page", "refresh 1", "refresh 2"]


def test_a_request_abandoned_while_waiting_loses_no_slot() -> None:
    from config.asgi import PAGE, REFRESH, _Gate

    async def scenario() -> None:
        gate = _Gate(1)
        await gate.enter(PAGE)
        gone = asyncio.ensure_future(gate.enter(REFRESH))
        stays = asyncio.ensure_future(gate.enter(REFRESH))
        await asyncio.sleep(0)
        gone.cancel()  # the client hung up before its turn
        await asyncio.sleep(0)
        gate.leave()
        await asyncio.wait_for(stays, 1)  # the slot went to the one still waiting
        gate.leave()
        assert gate.free == 1 and not gate.waiting

    _run(scenario)


def test_a_refresh_that_waited_its_slack_goes_before_newer_moves() -> None:
    """Earliest deadline first: moves jump the queue, but no refresh waits for ever."""
    from config.asgi import ACTION, PAGE, REFRESH, _Gate

    order: list[str] = []

    async def scenario() -> None:
        gate = _Gate(1)
        await gate.enter(PAGE)

        async def request(name: str, slack: float) -> None:
            await gate.enter(slack)
            order.append(name)
            gate.leave()

        old = asyncio.ensure_future(request("old refresh", REFRESH))
        await asyncio.sleep(REFRESH + 0.05)
        new = asyncio.ensure_future(request("new move", ACTION))
        await asyncio.sleep(0)
        gate.leave()
        await asyncio.gather(old, new)

    _run(scenario)
    assert order == ["old refresh", "new move"]
