"""Fixtures shared by the whole suite.

- `alice`, `bob`, `outsider`: persona users (see tests/factories.py), password PERSONA_PASSWORD.
- `alice_client`: a Django test client already logged in as alice.
- Browser tests: `browser` (one headless Chromium per session, Debian's /usr/bin/chromium driven by
  Playwright, never a downloaded browser) and `page` (a fresh context and page per test, default
  timeout 10 s). Without Chromium they skip, unless STARLEDGER_REQUIRE_BROWSER=1 (set by
  scripts/test), where they fail. Browser tests need `transactional_db` (live_server runs in
  another thread). Use them with pytest-django's `live_server`:

      def test_something(live_server, page):
          page.goto(live_server.url + "/")

  Any test using `page` or `browser` is marked `browser`; `pytest -m "not browser"` skips them.
- Card images are drawn into a temporary folder for the session (`card_cache_dir`).
- A test that drives no browser runs with no event loop marked as running in its thread, whatever
  browser test ran before it in the same process (`pytest_runtest_protocol` below).
- With STARLEDGER_DB_TESTS_ONLY=1 only tests that use the database are collected: the
  PostgreSQL pass of scripts/test uses it to skip tests that cannot differ between databases
  (the long playouts marked `one_database`, and browser tests unless marked `both_databases`;
  see `_differs_by_database`).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.factories import PERSONA_PASSWORD, UserFactory

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractUser
    from django.test import Client
    from playwright.sync_api import Browser, Page

# Playwright's sync API runs an event loop in the test thread; Django would otherwise refuse ORM
# calls from it as "async unsafe".
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
_DB_FIXTURES = {
    "db",
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}
_BROWSER_FIXTURES = {"browser", "page"}


def pytest_configure(config: pytest.Config) -> None:
    """Hash test passwords with MD5: the real hasher costs ~0.5 s per user on a small machine."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TASKS_SYNC = True  # play.tasks: tasks (bot turns) run at once; queue tests turn it off


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark browser tests, keep only database tests when STARLEDGER_DB_TESTS_ONLY is set, and
    put the files marked `long` first."""
    db_only = os.environ.get("STARLEDGER_DB_TESTS_ONLY") == "1"
    kept, dropped = [], []
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & _BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        uses_db = bool(fixtures & _DB_FIXTURES) or item.get_closest_marker("django_db") is not None
        needed = uses_db and _differs_by_database(item)
        (kept if needed or not db_only else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
    # pytest-xdist (--dist loadfile) hands files out in the order collected. Files marked `long`
    # go first (a stable sort keeps each file's own order): a minute-long file handed out last
    # keeps one process busy while the others have nothing left to do.
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def _differs_by_database(item: pytest.Item) -> bool:
    """Whether a database test could pass on SQLite and fail on PostgreSQL.

    Long random playouts through the views (`one_database`) exercise the engine and the pages,
    not the database. A browser test checks what the browser does with the pages; the server
    work behind it is covered on both databases by the tests that call the views directly. The
    browser tests whose server side takes another path on PostgreSQL (live updates between
    processes go through LISTEN/NOTIFY there) are marked `both_databases` and run twice.
    """
    if item.get_closest_marker("one_database") is not None:
        return False
    return (item.get_closest_marker("browser") is None
            or item.get_closest_marker("both_databases") is not None)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Run a test that drives no browser, fixtures included, with no event loop marked running.

    Playwright's sync API leaves its event loop marked as running in this thread between its
    calls (and needs the mark there). Under that mark async_to_sync (Django's handler for an
    async view called by the sync test client) refuses to start, and asgiref keeps a different
    database connection than without it. Which test follows a browser test in the same process
    depends on how pytest-xdist shares the files out, so every other test runs without the mark,
    from its first fixture to its last (a connection opened by its `db` fixture is the one its
    body uses), and the mark is put back after it.
    """
    if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
        yield
        return
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)


@pytest.fixture(scope="session", autouse=True)
def card_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Draw card images into a temporary folder, never into the site's db/card-cache.

    scripts/test names one folder for every test process of the run (STARLEDGER_TEST_CARD_CACHE):
    an image's file name is the hash of everything it is drawn from and files are renamed into
    place whole (cards/render/cache.py), so processes can share what each has drawn instead of
    drawing the same faces five times."""
    from django.conf import settings

    shared = os.environ.get("STARLEDGER_TEST_CARD_CACHE")
    settings.CARD_CACHE_DIR = Path(shared) if shared else tmp_path_factory.mktemp("card-cache")
    return settings.CARD_CACHE_DIR


@pytest.fixture
def fresh_card_cache(settings, tmp_path: Path) -> Path:
    """Draw card images into this test's own empty folder (tests that count what is drawn)."""
    settings.CARD_CACHE_DIR = tmp_path / "card-cache"
    return settings.CARD_CACHE_DIR


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> None:
    """Start each test with no rate-limit counts (common.ratelimit): the cache outlives a test."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def alice(db) -> AbstractUser:
    """Return alice, who runs a campaign."""
    return UserFactory(username="alice")


@pytest.fixture
def bob(db) -> AbstractUser:
    """Return bob, alice's opponent."""
    return UserFactory(username="bob")


@pytest.fixture
def outsider(db) -> AbstractUser:
    """Return a registered user who takes part in nothing of alice's or bob's."""
    return UserFactory(username="outsider")


@pytest.fixture
def alice_client(client: Client, alice: AbstractUser) -> Client:
    """Return a test client logged in as alice."""
    client.force_login(alice)
    return client


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Launch one headless Chromium for the whole session (skip if it is not installed)."""
    if not os.path.exists(CHROMIUM_PATH):
        message = f"Chromium not found at {CHROMIUM_PATH} (apt-get install chromium)"
        if os.environ.get("STARLEDGER_REQUIRE_BROWSER") == "1":
            pytest.fail(message)  # scripts/test installs it: a missing browser is a failure there
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        playwright_loop = asyncio.events._get_running_loop()
        yield chromium
        # The last test of the session may be one run without Playwright's mark (see above).
        asyncio.events._set_running_loop(playwright_loop)
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """Return a page in a fresh browser context (own cookies), English by default."""
    context = browser.new_context(locale="en-US")
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


__all__ = ["PERSONA_PASSWORD"]
