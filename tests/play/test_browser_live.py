"""In Chromium, with TWO server processes: a move made through one reaches the other browser by
the live updates (issue 10), and after its server restarts the page reconnects without reload.

Each player's browser talks to its own uvicorn process; both serve the test database (the SQLite
file of the test run, or the PostgreSQL test database in the second pass of scripts/test), so
the change crosses processes the way it does behind a load balancer: through NOTIFY on
PostgreSQL, through the shared version check on SQLite.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from playwright.sync_api import Browser, Page, expect

from play import creation, services
from play.creation import SeatSpec
from play.engine import GameSetup, SeatSetup
from play.models import Match
from tests.play.workers import worker_process

pytestmark = [pytest.mark.long, pytest.mark.django_db(transaction=True), pytest.mark.both_databases]


def _database_url() -> str:
    config = connection.settings_dict
    if connection.vendor == "sqlite":
        return "sqlite:///" + str(Path(config["NAME"]).resolve())
    auth = quote(config["USER"] or "") + (f":{quote(config['PASSWORD'])}"
                                          if config["PASSWORD"] else "")
    return f"postgres://{auth}@{config['HOST'] or 'localhost'}:{config['PORT'] or 5432}/" \
           f"{config['NAME']}"


class Uvicorn:
    """One uvicorn process serving the test database on a fixed loopback port."""

    def __init__(self) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        # DATABASE_POOL as scripts/serve sets it (pooled PostgreSQL connections; no-op on SQLite)
        self.env = dict(os.environ, DATABASE_URL=_database_url(), DEBUG="1", DATABASE_POOL="1",
                        CARD_CACHE_DIR=str(settings.CARD_CACHE_DIR))
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), "--lifespan", "off", "--no-access-log",
             "--timeout-graceful-shutdown", "1"],
            cwd=settings.BASE_DIR, env=self.env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        # The first page imports the views: on a loaded 2-core machine that took over 30 s of
        # 2-second tries, so each try may take 10 s and the start up to 90 s.
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/accounts/login/", timeout=10).read()
                return
            except (urllib.error.URLError, OSError):
                assert self.process.poll() is None, "uvicorn exited"
                time.sleep(0.2)
        raise AssertionError("uvicorn did not start")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="module")
def servers(django_db_setup) -> Iterator[tuple[Uvicorn, Uvicorn]]:
    """Two servers on the test database for the whole file: each start imports Django again.

    Each test still starts from an empty database (transactional_db flushes it between tests);
    ids are never reused (AUTOINCREMENT on SQLite, sequences on PostgreSQL), so nothing a server
    keeps from one test's matches can answer for another's."""
    pair = (Uvicorn(), Uvicorn())
    try:
        for server in pair:
            server.start()
        yield pair
    finally:
        for server in pair:
            server.stop()


def _session(user) -> str:
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                    BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0]})
    session.create()
    return session.session_key


def _open(browser: Browser, server: Uvicorn, user, path: str) -> Page:
    context = browser.new_context(locale="en-US")
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": _session(user), "url": server.url}])
    page = context.new_page()
    page.goto(server.url + path)
    return page


def _live(page: Page) -> None:
    expect(page.locator("[data-live-events]")).to_have_attribute("data-live", "up")


def test_a_move_reaches_the_other_browser_through_another_server_process(
        servers, browser: Browser, core_pack, alice, bob) -> None:
    match = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)
    pages = [_open(browser, servers[0], alice, match.get_absolute_url()),
             _open(browser, servers[1], bob, match.get_absolute_url())]
    polls: list[list[str]] = [[], []]
    for n, page in enumerate(pages):
        page.on("request", lambda request, n=n: "/board/" in request.url
                and polls[n].append(request.url))
        _live(page)
        page.evaluate("window.notReloaded = true")

    for round_ in range(2):
        mover = match.turn_seat
        waiter = 1 - mover
        if round_ == 1:
            # The waiter's server restarts; EventSource reconnects by itself (no reload).
            servers[waiter].stop()
            expect(pages[waiter].locator("[data-live-events]")).to_have_attribute(
                "data-live", "down")
            servers[waiter].start()
            _live(pages[waiter])
        polls[waiter].clear()
        time.sleep(2.5)  # while the stream is up, the 1 s poll is never sent
        assert polls[waiter] == []
        before = match.version
        pages[mover].locator("#dock #end-turn").click()
        expect(pages[mover].locator("#board")).not_to_have_attribute("data-version", str(before))
        match.refresh_from_db()
        expect(pages[waiter].locator("#board")).to_have_attribute(
            "data-version", str(match.version), timeout=3_000)
        expect(pages[waiter].locator("#turn-status")).to_contain_text("Your move")
        assert len(polls[waiter]) == 1  # one fetch of the announced board, no polling
        assert pages[waiter].title().startswith("Your turn")
    for page in pages:
        assert page.evaluate("window.notReloaded") is True
        page.context.close()


def test_a_bot_turn_reaches_the_board_through_the_stream(servers, browser: Browser, core_pack,
                                                         alice, tmp_path) -> None:
    """C3: alice moves first. Her "end turn" answers before any bot move (the server queues the
    bot's turn); a worker process plays it and the page shows it through the stream: one board
    fetch per announced version at most, no poll, no reload."""
    setup = GameSetup(pack=core_pack.engine_pack(), seed=11, first=0,
                      seats=[SeatSetup(name="Alice"), SeatSetup(name="Robot")])
    match = creation.create_match(core_pack, setup,
                                  [SeatSpec("Alice", alice), SeatSpec("Robot", bot="heuristic")])
    page = _open(browser, servers[0], alice, match.get_absolute_url())
    # Counted from the stream's first event on: until then the page polls, as it does whenever
    # the stream is down (on a loaded machine the first event can take more than the poll's 1 s).
    _live(page)
    fetches: list[str] = []
    page.on("request", lambda request: "/board/" in request.url and fetches.append(request.url))
    page.evaluate("window.notReloaded = true")

    with page.expect_response(lambda r: r.url.endswith(f"/play/{match.pk}/act/")) as answer:
        page.locator("#dock #end-turn").click()
    assert answer.value.status == 200
    expect(page.locator("#board")).to_have_attribute("data-version", "1")  # alice's end only
    expect(page.locator("#turn-status")).to_contain_text("Waiting for")
    time.sleep(2.5)  # no worker yet: nothing new, and with the stream up nothing is polled
    assert fetches == [] and Match.objects.get(pk=match.pk).turn_seat == 1

    with worker_process(tmp_path / "worker.log"):
        expect(page.locator("#turn-status")).to_contain_text("Your move", timeout=30_000)
    final = Match.objects.get(pk=match.pk).version
    assert int(page.locator("#board").get_attribute("data-version")) == final > 1
    assert 1 <= len(fetches) <= final - 1  # only announced versions were fetched
    assert page.evaluate("window.notReloaded") is True
    page.context.close()


def test_a_board_answer_that_lands_after_a_move_does_not_stop_the_live_updates(
        servers, browser: Browser, core_pack, alice, bob) -> None:
    """The cause of the bot-turn test's failures: until the stream's first event the page polls;
    a poll still on its way when a move's answer replaced the board came back to an element no
    longer in the page, its htmx:afterRequest never reached the page, and the page counted a
    board request in flight for ever: every later announced version went unfetched ("Waiting
    for Robot" while the bot had long played). Here the stream is held back until a poll is
    out, that poll's answer is held until the move is shown, then bob moves on the server."""
    match = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)
    if match.turn_seat != 0:
        match = services.play(match.pk, match.turn_seat, _end(match), match.version)
    held: dict[str, list] = {"events": [], "board": []}

    def hold(kind: str):
        def handler(route) -> None:
            if kind == "board" and held["board"]:
                route.continue_()
            else:
                held[kind].append(route)
        return handler

    context = browser.new_context(locale="en-US")
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": _session(alice), "url": servers[0].url}])
    page = context.new_page()
    page.route("**/events/", hold("events"))
    page.route("**/board/?version=*", hold("board"))
    page.goto(servers[0].url + match.get_absolute_url())
    for _ in range(50):  # the poll runs while the stream is not up yet
        if held["board"]:
            break
        page.wait_for_timeout(100)
    assert held["board"], "the page sent no poll before its stream was up"
    held["events"][0].continue_()
    _live(page)

    before = match.version
    page.locator("#dock #end-turn").click()
    expect(page.locator("#board")).not_to_have_attribute("data-version", str(before))
    match.refresh_from_db()
    assert page.locator("#board").get_attribute("data-version") == str(match.version)
    held["board"][0].continue_()  # the early poll's answer lands on the replaced board
    page.wait_for_timeout(500)

    match = services.play(match.pk, 1, _end(match), match.version)  # bob, on the server
    expect(page.locator("#board")).to_have_attribute("data-version", str(match.version),
                                                     timeout=10_000)
    expect(page.locator("#turn-status")).to_contain_text("Your move")
    context.close()


def _end(match: Match) -> str:
    """Return the notation that ends the current turn."""
    from play.engine import legal_actions
    legal = [a.notation for a in legal_actions(services.engine_state(match))]
    return next(n for n in legal if n.startswith("end"))
