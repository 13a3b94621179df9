"""In Chromium, under uvicorn: the spectator page follows the match's event stream (issue 10).

A move made elsewhere (this test process, another process for the server) reaches the
spectator's board with one fetch and no 2 s polling; the end of the game brings the final board
and its replay link. en/ru at 1280 and 390 px without sideways scroll; screenshots go to
$SPECTATOR_SHOTS when it is set.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from play import services
from play.models import Match
from tests.play.test_browser_live import Uvicorn, _session

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SPECTATOR_SHOTS", "")


@pytest.fixture
def server(transactional_db):
    uvicorn = Uvicorn()
    try:
        uvicorn.start()
        yield uvicorn
    finally:
        uvicorn.stop()


def _watch(browser: Browser, server: Uvicorn, user, match: Match, locale: str,
           width: int) -> Page:
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": _session(user), "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/play/{match.pk}/watch/")
    return page


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


@pytest.mark.both_databases
def test_the_spectator_follows_moves_through_the_stream_without_polling(
        server, browser: Browser, watched: Match, bob) -> None:
    match = watched
    page = _watch(browser, server, bob, match, "en-US", 1280)
    fetches: list[str] = []
    page.on("request", lambda request: "/watch/board/" in request.url
            and fetches.append(request.url))
    live = page.locator("[data-live-events]")
    expect(live).to_have_attribute("data-live", "up")
    time.sleep(4.5)  # two 2 s polls would have gone out: the stream cancels them
    assert fetches == []
    before = match.version
    services.play(match.pk, match.turn_seat, "end", before)
    match.refresh_from_db()
    assert match.version > before
    expect(page.locator("#board")).to_have_attribute("data-version", str(match.version),
                                                     timeout=3_000)
    assert len(fetches) == 1  # the announced board, once
    services.resign(match.pk, 0, match.version)
    expect(page.locator("#public-result")).to_be_visible(timeout=3_000)
    expect(page.locator("#spectate-replay")).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("lang,locale", [("en", "en-US"), ("ru", "ru-RU")])
def test_the_spectator_page_fits_narrow_screens(server, browser: Browser, watched: Match, bob,
                                                lang: str, locale: str) -> None:
    match = watched
    for width in (1280, 390):
        page = _watch(browser, server, bob, match, locale, width)
        expect(page.locator("[data-live-events]")).to_have_attribute("data-live", "up")
        expect(page.locator("h1")).to_contain_text("Watching" if lang == "en" else "Наблюдение")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        _shot(page, f"spectator-{lang}-{width}")
        page.context.close()
