"""In a real Chromium: alice starts a 4-player free-for-all (M2) against three bots from the
create form, plays cards, attacks through the target chooser, ends turns and finally resigns;
every step is an htmx swap answered by the server, and the phone layout never scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from play.models import Match
from tests.browser_support import log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def _play_hand(page: Page) -> None:
    for _ in range(8):  # one click per card; each swap brings the new hand
        card = page.locator("#hand .card-button").first
        if not card.count():
            return
        before = _version(page)
        card.click()
        expect(page.locator("#board")).not_to_have_attribute("data-version", str(before))


def test_m2_free_for_all_with_three_bots_online(live_server, page: Page, core_pack) -> None:
    UserFactory(username="alice")
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "alice")
    page.goto(live_server.url + "/play/")
    page.locator("select[name=mode]").select_option("ffa")
    expect(page.locator("#standard-part")).to_be_hidden()
    page.locator("select[name=players]").select_option("4")
    expect(page.locator(".seat-row[data-seat='5']")).to_be_hidden()
    page.locator("select[name=seat3]").select_option("cadet")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#opponents .foe")).to_have_count(3)
    match = Match.objects.get()
    assert match.seats.count() == 4 and match.status == Match.Status.ACTIVE
    page.evaluate("window.notReloaded = true")

    attacked = False
    for _turn in range(12):
        expect(page.locator("#turn-status")).to_contain_text("Your move")
        _play_hand(page)
        chooser = page.locator("#target-chooser")
        if chooser.count():
            options = chooser.locator("#target-select option")
            assert 1 <= options.count() <= 3  # only the living opponents the engine allows
            chooser.locator("#target-select").select_option(index=options.count() - 1)
            target = chooser.locator("#target-select option:checked").inner_text().split(" · ")[0]
            amount = chooser.locator("#target-amount")
            if amount.count():  # C18: spend 1 combat of what the player has
                amount.fill("1")
            before = _version(page)
            page.locator("#attack-target").click()
            expect(page.locator("#board")).not_to_have_attribute("data-version", str(before))
            attacked = True
        if page.locator("#board .board-error").count():
            raise AssertionError(page.locator("#board .board-error").inner_text())
        if attacked or page.locator("#result").count():
            break
        before = _version(page)
        page.locator("#dock #end-turn").click()  # the bots answer in the same request
        expect(page.locator("#board")).not_to_have_attribute("data-version", str(before))
    log = page.locator("#log").inner_text()
    assert attacked and f"attacked {target} for 1" in log
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("window.notReloaded") is True

    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#resign").click()
    expect(page.locator("#my-authority")).to_contain_text("out of the game")
    match.refresh_from_db()
    assert match.actions.filter(notation="resign", seat=0).exists()
