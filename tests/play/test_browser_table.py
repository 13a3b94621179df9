"""In a real Chromium, the board as a game table (issue 20): what a mid-game board shows in the
first screen of a desktop, and how a phone reads and buys cards.

Set SHOTS=<folder> to keep a screenshot of every board measured here (the note of issue 20).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from play.models import Match
from tests.browser_support import log_in, shoot, small_targets
from tests.play import midgame

pytestmark = [pytest.mark.long, pytest.mark.django_db(transaction=True)]
DESKTOPS = [(1280, 800), (1366, 768)]
PHONE = (390, 844)


@pytest.fixture(autouse=True)
def card_cache(settings, tmp_path: Path) -> Path:
    """Draw the faces the pages ask for into a temporary cache, not the site's."""
    settings.CARD_CACHE_DIR = tmp_path / "card-cache"
    return settings.CARD_CACHE_DIR


@pytest.fixture
def two_player(core_pack, alice) -> Match:
    return midgame.two_player(core_pack, alice)


@pytest.fixture
def with_trade(two_player: Match) -> Match:
    """The mid-game board with alice's whole hand played: trade to buy a card of the row."""
    return midgame.play_some(two_player, random.Random(1), 5)


def _board(browser: Browser, base: str, match: Match, size: tuple[int, int], locale: str,
           touch: bool = False) -> Page:
    """Open alice's board at `size` in `locale`, its card faces loaded."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale,
                                  has_touch=touch, is_mobile=touch,
                                  extra_http_headers={"Accept-Language": locale})
    page = context.new_page()
    log_in(page, base, "alice")
    page.goto(base + match.get_absolute_url())
    expect(page.locator("#turn-status")).to_be_visible()
    page.wait_for_load_state("networkidle")
    return page


def _inside(page: Page, selector: str) -> bool:
    """Whether the element lies wholly inside the first viewport (the page not scrolled) and is
    seen there: the point at its centre is the element itself, not a box scrolled over it."""
    return page.evaluate("""s => { const e = document.querySelector(s), r = e.getBoundingClientRect();
        const seen = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
               && r.right <= innerWidth && !!seen && (e.contains(seen) || seen.contains(e)); }""",
                         selector)


@pytest.mark.parametrize("locale", ["en", "ru"])
@pytest.mark.parametrize("size", DESKTOPS, ids=["1280x800", "1366x768"])
def test_desktop_first_screen_holds_the_table(live_server, browser: Browser, two_player: Match,
                                              size, locale) -> None:
    """Issue 20 (1): the trade row, the hand, End turn and the opponent summary in view at once."""
    page = _board(browser, live_server.url, two_player, size, locale)
    assert page.evaluate("scrollY") == 0
    for part in ("#trade-row", "#row-cards", "#hand", "#end-turn", "#opponents .foe",
                 "#opponents .pool-authority", "#my-area", "#dock .dock-pools"):
        assert _inside(page, part), f"{part} is not in the first screen at {size} ({locale})"
    assert page.locator("#hand > li.game-card").count() >= 3  # mid-game: a hand to show
    assert page.locator("#my-ships > li.game-card").count() >= 1  # and cards played
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    # No empty band between the title and the table: the board's links share the title's line.
    gap = page.evaluate("""() => document.querySelector(".table").getBoundingClientRect().top -
                                 document.querySelector(".match-page > h1").getBoundingClientRect().bottom""")
    assert gap <= 16, f"{gap:.0f} px between the title and the table"
    shoot(page, f"board-2p-{locale}-{size[0]}")
    page.context.close()


@pytest.mark.parametrize("players", [4, 6])
def test_multiplayer_table_summarises_every_opponent(live_server, browser: Browser, core_pack,
                                                     alice, players: int) -> None:
    """Issue 20 (1): up to 5 opponents summarised beside the table, the table still in view."""
    match = midgame.n_player(core_pack, alice, players)
    for locale in ("en", "ru"):
        page = _board(browser, live_server.url, match, (1280, 800), locale)
        foes = page.locator("#opponents .foe")
        expect(foes).to_have_count(players - 1)
        for index in range(players - 1):
            for part in (".pool-authority", "h3"):
                assert _inside(page, f"#opponents .foe:nth-child({index + 1}) {part}"), index
        for part in ("#row-cards", "#hand", "#end-turn"):
            assert _inside(page, part), f"{part} at {players} players ({locale})"
        shoot(page, f"board-{players}p-{locale}-1280")
        page.context.close()
        page = _board(browser, live_server.url, match, PHONE, locale, touch=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        # The docked hand and moves leave the phone's screen to the table: at most 45% of it
        # (the attack chooser of a 6-player game took three rows, the dock over half the screen).
        dock = page.locator("#dock").bounding_box()["height"]
        assert dock <= 0.45 * PHONE[1], f"the dock is {dock:.0f} px high ({locale})"
        chooser = ("#target-select", "#attack-target") if page.locator("#target-select").count() else ()
        for part in chooser + ("#end-turn", "#hand"):
            assert _inside(page, part), f"{part} at {players} players on a phone ({locale})"
        shoot(page, f"board-{players}p-{locale}-390")
        page.context.close()


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_phone_tap_inspects_a_card_and_buys_only_when_confirmed(
        live_server, browser: Browser, with_trade: Match, locale) -> None:
    """Issue 20 (2): on a 390 px touch screen one tap on a trade-row card shows it at least 300 px
    wide with its moves and buys nothing; the Buy under it buys. No sideways scroll."""
    two_player = with_trade
    page = _board(browser, live_server.url, two_player, PHONE, locale, touch=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    shoot(page, f"board-2p-{locale}-390")
    card = page.locator("#row-cards li.game-card:not([data-card-id='-1'])"
                        ":has(.card-button, .card-menu)").first
    card_id = card.get_attribute("data-card-id")
    version = page.locator("#board").get_attribute("data-version")
    card.scroll_into_view_if_needed()
    card.locator(".card-button, .card-menu > summary").first.tap()
    dialog = page.locator("#inspect")
    expect(dialog).to_be_visible()
    face = dialog.locator(".inspect-face, .face-text").first
    assert face.bounding_box()["width"] >= 300
    assert dialog.locator("#inspect-text").inner_text().strip()  # its text, for screen readers
    page.wait_for_timeout(300)
    assert page.locator("#board").get_attribute("data-version") == version  # nothing bought
    assert Match.objects.get(pk=two_player.pk).version == two_player.version
    shoot(page, f"inspect-{locale}-390")
    buy = dialog.locator("#inspect-actions button").first
    assert buy.bounding_box()["height"] >= 44
    buy.tap()
    expect(page.locator("#board")).not_to_have_attribute("data-version", version)
    expect(page.locator(f"#row-cards li[data-card-id='{card_id}']")).to_have_count(0)
    page.context.close()


@pytest.mark.parametrize("size", [PHONE, (1280, 800)], ids=["phone", "desktop"])
def test_every_control_of_the_board_is_at_least_44_px(live_server, browser: Browser,
                                                      two_player: Match, size) -> None:
    """Issue 20 (2): tap targets of the board page, header included, at least 44x44 CSS px."""
    page = _board(browser, live_server.url, two_player, size, "ru", touch=size == PHONE)
    small = small_targets(page)
    assert small == []
    page.context.close()


def test_keyboard_help_and_keys_play_the_hand(live_server, browser: Browser,
                                              two_player: Match) -> None:
    """Issue 20 (3): ? opens the keyboard help; 1 plays the first card of the hand; E ends the
    turn."""
    page = _board(browser, live_server.url, two_player, (1280, 800), "en")
    page.keyboard.press("?")
    help_ = page.locator("#keys-help")
    expect(help_).to_be_visible()
    expect(help_).to_contain_text("End turn")
    shoot(page, "keys-help-en-1280")
    page.keyboard.press("Escape")
    expect(help_).to_be_hidden()
    hand = page.locator("#hand > li.game-card").count()
    version = page.locator("#board").get_attribute("data-version")
    first = page.locator("#hand > li.game-card").first
    if first.locator(".card-button").count():
        page.keyboard.press("1")
        expect(page.locator("#board")).not_to_have_attribute("data-version", version)
        expect(page.locator("#hand > li.game-card")).to_have_count(hand - 1)
    else:
        page.keyboard.press("1")
        expect(page.locator("#inspect")).to_be_visible()
        page.keyboard.press("Escape")
    version = page.locator("#board").get_attribute("data-version")
    page.keyboard.press("e")
    expect(page.locator("#board")).not_to_have_attribute("data-version", version)
    page.context.close()
