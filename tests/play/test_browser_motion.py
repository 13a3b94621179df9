"""In a real Chromium, the board's game feel (issue 20, item 3; static/js/motion.js): a card
played from the hand slides to the play area, a bought card flies to the discard pile, damage to
authority flashes; with `prefers-reduced-motion: reduce` none of it happens.

The page records every transition and animation that starts (transitionrun, animationstart) and
every flying copy of a card put into the page, so the test sees what the player would see move.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from play import services
from play.engine import legal_actions
from play.models import Match
from tests.browser_support import log_in
from tests.play import midgame

pytestmark = pytest.mark.django_db(transaction=True)

REDUCED = "() => matchMedia('(prefers-reduced-motion: reduce)').matches"
WATCH = """() => {
  window.motion = { slid: [], flashed: [], flown: 0 };
  document.addEventListener("transitionrun", e => {
    const li = e.target.closest && e.target.closest("li.game-card");
    if (li && li.classList.contains("moving")) motion.slid.push(li.getAttribute("data-card-id"));
  }, true);
  document.addEventListener("animationstart", e => {
    if (e.target.classList.contains("flash-damage")) motion.flashed.push(e.target.className);
  }, true);
  new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
    if (n.classList && n.classList.contains("flying")) motion.flown += 1;
  }))).observe(document.body, { childList: true });
}"""


@pytest.fixture(autouse=True)
def card_cache(settings, tmp_path: Path) -> Path:
    """Draw the faces the pages ask for into a temporary cache, not the site's."""
    settings.CARD_CACHE_DIR = tmp_path / "card-cache"
    return settings.CARD_CACHE_DIR


def _ready(match: Match) -> Match:
    """Play alice's hand but one card, keeping a card to play, trade to buy and combat to use."""
    rng = random.Random(2)
    for _ in range(6):
        plays = [a.notation for a in legal_actions(services.engine_state(match))
                 if a.notation.startswith("play")]
        if len(plays) <= 1:
            break
        match = services.play(match.pk, 0, rng.choice(plays), match.version)
    return match


def _board(browser: Browser, base: str, match: Match, reduced: bool) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en",
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    log_in(page, base, "alice")
    page.goto(base + match.get_absolute_url())
    expect(page.locator("#turn-status")).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.evaluate(WATCH)
    return page


def _move(page: Page, button, moved: str) -> None:
    """Click a move's button, wait for the new board, then for `moved` (a script condition on
    `motion`) to hold, or, under reduced motion (`moved` never holds), for a short while."""
    version = page.locator("#board").get_attribute("data-version")
    button.click()
    expect(page.locator("#board")).not_to_have_attribute("data-version", version)
    try:
        page.wait_for_function(moved, timeout=600 if page.evaluate(REDUCED) else 5_000)
    except PlaywrightTimeout:
        pass  # what did or did not move is asserted by the test


def _play_buy_attack(page: Page) -> dict:
    """Play a card of the hand, buy a card of the row, attack the opponent; return what moved."""
    card = page.locator("#hand > li.game-card:has(> form .card-button)").first
    played = card.get_attribute("data-card-id")
    _move(page, card.locator("> form .card-button"), f"() => motion.slid.includes('{played}')")
    expect(page.locator(f"#my-area li.game-card[data-card-id='{played}']")).to_have_count(1)
    after_play = page.evaluate("[...motion.slid]")

    row = page.locator("#row-cards li.game-card:not([data-card-id='-1']):has(> form .card-button)")
    assert row.count(), "alice can afford a card of the row"
    bought = row.first.get_attribute("data-card-id")
    _move(page, row.first.locator("> form .card-button"), "() => motion.flown > 0")
    expect(page.locator(f"#row-cards li[data-card-id='{bought}']")).to_have_count(0)
    after_buy = page.evaluate("motion.flown")

    foe = page.locator("#opponents .pool-authority").first
    authority = int(foe.get_attribute("data-value"))
    _move(page, page.locator("#dock .attack-button").first, "() => motion.flashed.length > 0")
    assert int(page.locator("#opponents .pool-authority").first.get_attribute("data-value")) \
        < authority
    flashed = page.evaluate("motion.flashed")
    return {"played": played, "slid": after_play, "flown": after_buy,
            "flashed": flashed}


@pytest.fixture
def ready(core_pack, alice) -> Match:
    """Return alice's mid-game turn with one card of her hand left to play."""
    return _ready(midgame.two_player(core_pack, alice))


def test_moves_slide_fly_and_flash(live_server, browser: Browser, ready: Match) -> None:
    """The played card slides from the hand, the bought card flies, the foe's authority flashes."""
    page = _board(browser, live_server.url, ready, reduced=False)
    seen = _play_buy_attack(page)
    assert seen["played"] in seen["slid"]
    assert seen["flown"] >= 1
    assert any("pool-authority" in name for name in seen["flashed"])
    page.context.close()


def test_reduced_motion_moves_nothing(live_server, browser: Browser, ready: Match) -> None:
    """With prefers-reduced-motion the same moves start no transition, fly and flash nothing."""
    page = _board(browser, live_server.url, ready, reduced=True)
    seen = _play_buy_attack(page)
    assert seen["slid"] == [] and seen["flown"] == 0 and seen["flashed"] == []
    assert page.evaluate("document.getAnimations().length") == 0
    page.context.close()
