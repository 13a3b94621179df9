"""In Chromium: step through a finished game's replay with the keyboard and the slider (CSP: the
keys come from static/js/replay.js), and the finished match page's game-over actions; en/ru at
1280 and 390 px without sideways scroll. Screenshots go to $REPLAY_SHOTS when it is set."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from django.db import transaction
from playwright.sync_api import Browser, Page, expect

from play import creation, services
from play.creation import SeatSpec
from play.engine import apply, legal_actions
from play.models import Match
from tests.browser_support import log_in, shoot
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("REPLAY_SHOTS", "")


def _finished_game(core_pack) -> Match:
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bob", bob)], seed=31)
    state, rng, done = services.engine_state(match), random.Random(5), []
    while state.outcome is None and len(done) < 2000:
        legal = [a.notation for a in legal_actions(state)]
        eager = [n for n in legal if n.startswith(("attack", "play", "buy"))]
        seat = state.decider
        apply(state, rng.choice(eager or legal))
        done.append((state.history[-1].notation, seat))
    with transaction.atomic():
        services._save(match, state, done)
    match.refresh_from_db()
    return match


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def test_replay_keys_slider_and_game_over_actions(live_server, browser: Browser, core_pack
                                                  ) -> None:
    match = _finished_game(core_pack)
    total = match.version
    for lang, locale in (("en", "en-US"), ("ru", "ru-RU")):
        for width in (1280, 390):
            context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
            page = context.new_page()
            log_in(page, live_server.url, "alice")
            page.goto(f"{live_server.url}/play/{match.pk}/replay/?step=40")
            page.keyboard.press("ArrowRight")
            page.wait_for_url(f"**/replay/?step=41")
            page.keyboard.press("ArrowLeft")
            page.wait_for_url(f"**/replay/?step=40")
            expect(page.locator("[data-hand]")).not_to_have_count(0)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            _shot(page, f"replay-{lang}-{width}")
            page.keyboard.press("End")
            page.wait_for_url(f"**/replay/?step={total}")
            page.goto(f"{live_server.url}/play/{match.pk}/")
            expect(page.locator("#rematch")).to_be_visible()
            expect(page.locator("#replay-link")).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            _shot(page, f"game-over-{lang}-{width}")
            context.close()
    page = browser.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/play/{match.pk}/replay/?step=3")
    page.locator("#replay-step").fill("10")
    page.locator("#replay-step").dispatch_event("change")
    page.wait_for_url("**/replay/?step=10")
    expect(page.locator("#replay-position")).to_contain_text(f"10")
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_replay_move_numbers_stay_inside_their_box(live_server, browser: Browser, core_pack,
                                                  width: int) -> None:
    """Issue 20: late in a long game the list's move numbers ("449.") stuck out of its box on
    the left. Every number of the turn's moves is shown, and lies inside the list's box."""
    match = _finished_game(core_pack)
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": 900})
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/play/{match.pk}/replay/?step={match.version - 1}")
    steps = page.locator("#replay-turn .replay-steps > li")
    expect(steps.first).to_be_visible()
    found = steps.evaluate_all("""lis => lis.map(li => {
        const box = li.closest("details").getBoundingClientRect();
        const number = li.querySelector(".step-number"), r = number && number.getBoundingClientRect();
        return {text: number ? number.textContent.trim() : "",
                inside: !!r && r.width > 0 && r.left >= box.left && r.right <= box.right}; })""")
    assert match.version - 1 >= 100  # numbers of three digits at least
    assert all(f["inside"] and f["text"].rstrip(".").isdigit() for f in found), found
    assert str(match.version - 1) + "." in [f["text"] for f in found]
    page.locator("#replay-turn").scroll_into_view_if_needed()
    shoot(page, f"replay-numbers-ru-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
