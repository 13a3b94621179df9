"""In a real Chromium: the board is played by clicking its cards (issue 8 part 2), on a desktop and
on a 390 px phone, with the tab title following the turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from play import creation, services
from play.creation import SeatSpec
from play.engine import GameSetup, SeatSetup
from play.models import Match
from tests.browser_support import log_in
from tests.play.test_board_faces import make_bot_match, make_upgrade_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bot_match(core_pack, alice) -> Match:
    return make_bot_match(core_pack, alice)


@pytest.fixture
def upgrade_match(alice) -> tuple[Match, str]:
    return make_upgrade_match(alice)


def _open(page: Page, base_url: str, match: Match) -> None:
    log_in(page, base_url, "alice")
    page.goto(base_url + match.get_absolute_url())
    expect(page.locator("#turn-status")).to_contain_text("Your move")
    page.evaluate("window.notReloaded = true")  # gone if a click reloads the whole page


def _moved(page: Page, before: str) -> None:
    expect(page.locator("#board")).not_to_have_attribute("data-version", before)
    assert page.evaluate("window.notReloaded") is True


def test_play_a_card_by_clicking_it(live_server, page: Page, bot_match: Match) -> None:
    """C9: a click on a card of the hand plays it; the tab title comes back with the swap."""
    _open(page, live_server.url, bot_match)
    card = page.locator("#hand li:has(button.card-button)").first
    card_id = card.get_attribute("data-card-id")
    name = card.locator("img.face").get_attribute("alt").split(" (")[0]
    hand = page.locator("#hand > li").count()
    page.evaluate("document.title = 'elsewhere'")
    before = page.locator("#board").get_attribute("data-version")
    card.locator("button.card-button").click()
    _moved(page, before)
    expect(page.locator(f"#my-area li[data-card-id='{card_id}']")).to_be_visible()
    expect(page.locator("#hand > li")).to_have_count(hand - 1)
    expect(page.locator("#log")).to_contain_text(f"played {name}")
    assert page.title().startswith("Your turn · ")


def test_buy_with_an_upgrade_by_clicking(live_server, page: Page, upgrade_match) -> None:
    """L11: click the trade-row card, read the sticker's text under its face in the inspect
    view, click it. The scenario panel, open on the first visit, is closed first (Escape)."""
    match, upgrade = upgrade_match
    card = upgrade.split()[1]
    _open(page, live_server.url, match)
    expect(page.locator("#scenario")).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(page.locator("#scenario")).not_to_have_attribute("open", "")
    page.locator(f"#trade-row li[data-card-id='{card}'] summary").click()
    menu = page.locator("#inspect")
    expect(menu).to_be_visible()
    expect(menu.locator(".inspect-face")).to_be_visible()
    option = menu.locator(f"#inspect-actions button[data-notation='{upgrade}']")
    expect(option).to_contain_text("Buy and upgrade")
    expect(option.locator(".sticker-faction")).to_have_text("+ Star Empire")
    assert ":" not in option.locator(".sticker-faction").inner_text()
    before = page.locator("#board").get_attribute("data-version")
    option.click()
    _moved(page, before)
    state = services.engine_state(Match.objects.get(pk=match.pk))
    assert ("upgrade", 0) == next(e[:2] for e in state.log if e[0] == "upgrade")
    assert int(card) in state.discard[0]
    expect(page.locator("#log")).to_contain_text("upgraded")
    expect(page.locator(f"#my-area li[data-card-id='{card}'] img.face")).to_have_attribute(
        "src", f"/cards/{match.pack_id}/faces/" + state.design[int(card)].id +
        f".png?lang=en&size=web&sticker={upgrade.split(' up ')[1].replace(':', '%3A')}"
        f"&campaign={match.campaign_id}")


def test_answer_a_pending_decision_by_clicking(live_server, page: Page, core_pack, alice
                                               ) -> None:
    """C10: Trade Bot asks for a card to scrap; a click on a Scout of the hand scraps it."""
    setup = GameSetup(pack=core_pack.engine_pack(), seed=3, first=0,
                      seats=[SeatSetup(name="alice", deck={"trade-bot": 1, "scout": 9},
                                       deck_order=["trade-bot"] + ["scout"] * 9),
                             SeatSetup(name="bot")])
    match = creation.create_match(core_pack, setup, [SeatSpec("alice", alice),
                                                     SeatSpec("bot", bot="heuristic")])
    _open(page, live_server.url, match)
    before = page.locator("#board").get_attribute("data-version")
    page.locator("#hand li:has(img[alt^='Trade Bot']) button").click()
    _moved(page, before)
    expect(page.locator("#decision")).to_contain_text("Trade Bot: scrap up to 1 card")
    scout = page.locator("#hand li:has(img[alt^='Scout'])").first
    scout_id = scout.get_attribute("data-card-id")
    before = page.locator("#board").get_attribute("data-version")
    scout.locator("button").click()
    _moved(page, before)
    expect(page.locator("#decision")).to_have_count(0)
    expect(page.locator(f"#hand li[data-card-id='{scout_id}']")).to_have_count(0)
    assert int(scout_id) in services.engine_state(Match.objects.get(pk=match.pk)).heap


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_phone_board_fits_and_shows_hand_with_moves(live_server, browser: Browser, bot_match,
                                                    locale: str) -> None:
    """390 px: no sideways scroll of the page; the hand and End turn on screen together; the
    trade row and the hand scroll sideways inside themselves."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale,
                                  extra_http_headers={"Accept-Language": locale[:2]})
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(live_server.url + bot_match.get_absolute_url())
    expect(page.locator("#end-turn")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for scroll in (0, 10_000):  # the top of the page and its end
        page.evaluate(f"window.scrollTo(0, {scroll})")
        for selector in ("#end-turn", "#hand > li:first-child", "#my-trade"):
            box = page.locator(selector).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, selector
    row = page.locator("#row-cards")
    assert row.evaluate("e => e.scrollWidth > e.clientWidth")
    # a window this narrow with a mouse shows each card's number key: in the card's lower half,
    # never over the name at its top
    key = page.locator("#hand > li:first-child").evaluate(
        """li => { const s = getComputedStyle(li, '::after'), r = li.getBoundingClientRect();
                   return {text: s.content, height: r.height,
                           top: r.height - parseFloat(s.bottom) - parseFloat(s.height)}; }""")
    assert key["text"] == "counter(hand)" and key["top"] > key["height"] / 2, key
    context.close()


def test_a_late_answer_with_an_older_board_does_not_replace_a_newer_one(
        live_server, page: Page, bot_match: Match) -> None:
    """A board request sent before a move (the poll, or a fetch the stream asked for) can come back
    after the move's own answer, carrying the board the move replaced. The page keeps the newer
    board: the version shown never goes back (htmx swaps a late answer into the board element
    the request was made for, which the move's answer has already replaced)."""
    held: list = []

    def hold_first_poll(route) -> None:
        if held:
            route.continue_()
            return
        # The board as it is now (before the move), answered only once the move is shown.
        url = route.request.url.split("?")[0] + "?version=-1"
        held.append((route, route.fetch(url=url)))

    _open(page, live_server.url, bot_match)
    before = page.locator("#board").get_attribute("data-version")
    page.route("**/board/?version=*", hold_first_poll)
    for _ in range(40):  # the 1 s poll (no stream under the test server) sends a request
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the board's poll sent no request"
    page.locator("#hand li:has(button.card-button)").first.locator("button.card-button").click()
    _moved(page, before)
    newer = page.locator("#board").get_attribute("data-version")
    route, stale = held[0]
    assert f'data-version="{before}"' in stale.text()
    route.fulfill(response=stale)
    page.wait_for_timeout(500)
    assert page.locator("#board").get_attribute("data-version") == newer
    assert page.evaluate("window.notReloaded") is True
