"""In Chromium: the match tab's icon gets a dot while it is your turn and you are on another tab.

The test pretends the tab is hidden (document.hidden plus a visibilitychange event, set through
Playwright, which the page's CSP does not apply to): that is what switching tabs does.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from play import creation, services
from play.creation import SeatSpec
from play.models import Match
from tests.browser_support import log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

HIDDEN = """Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return Boolean(window.tabHidden); } });"""
ICON = 'link[rel="icon"]'


def _tab(browser: Browser, base_url: str, username: str, match: Match) -> Page:
    page = browser.new_context(locale="en-US").new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(HIDDEN)
    log_in(page, base_url, username)
    page.goto(f"{base_url}/play/{match.pk}/")
    return page


def _hide(page: Page, hidden: bool) -> None:
    page.evaluate(f"window.tabHidden = {str(hidden).lower()};"
                  "document.dispatchEvent(new Event('visibilitychange'))")


def test_the_icon_shows_a_dot_on_your_turn_only_while_you_look_elsewhere(
        live_server, browser: Browser, core_pack) -> None:
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)
    mover = "alice" if match.turn_seat == 0 else "bob"
    waiter = "bob" if mover == "alice" else "alice"
    mine, theirs = (_tab(browser, live_server.url, name, match) for name in (mover, waiter))
    try:
        expect(mine.locator(ICON)).to_have_attribute("href", "/static/img/favicon.svg")
        _hide(mine, True)
        expect(mine.locator(ICON)).to_have_attribute("href", "/static/img/favicon-turn.svg")
        _hide(mine, False)  # back on the tab: the board itself says it is your turn
        expect(mine.locator(ICON)).to_have_attribute("href", "/static/img/favicon.svg")

        _hide(theirs, True)  # not their turn: no dot
        expect(theirs.locator(ICON)).to_have_attribute("href", "/static/img/favicon.svg")
        services.play(match.pk, match.turn_seat, "end", match.version)
        # The move reaches the hidden tab by itself; the dot appears without a reload.
        expect(theirs.locator(ICON)).to_have_attribute("href", "/static/img/favicon-turn.svg")
        expect(theirs.locator("#board")).to_have_attribute("data-my-turn", "1")
    finally:
        mine.context.close()
        theirs.context.close()
