"""Chromium: an owner enters a small real box through the pages and plays its scenario 1 online.

Chromium clicks through creating the set, adding cards with the ability rows, opening envelope 1,
adding a sticker sheet and typing in scenario 1, then the campaign: create it with the new set,
pick sides, open scenario 1 and start its online game against the bot. The eight other trade
cards and seven other sheets are posted to the same editor pages by a test client (the same
forms, just faster). Screenshots of the new pages go to the test's temp folder.
"""
from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from cards.models import ContentPack
from play.models import Match
from tests.browser_support import log_in
from tests.cards.test_owner_box import TRADE, enter_small_box, post_form
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def _add_card(page: Page, name: str, faction: str, kind: str, cost: int, copies: int) -> None:
    page.locator("#add-card").click()
    page.locator("input[name=name_en]").fill(name)
    page.locator("input[name=name_ru]").fill(f"{name} (ru)")
    page.locator("textarea[name=flavor_en]").fill(f"{name} flies.")
    page.locator("textarea[name=flavor_ru]").fill(f"{name} летит.")
    page.locator("select[name=type]").select_option(kind)
    page.locator("input[name=cost]").fill(str(cost))
    if kind == "base":
        page.locator("input[name=defense]").fill(str(cost + 2))
    page.locator(f"input[name=factions][value={faction}]").check()
    page.locator("input[name=quantity]").fill(str(copies))
    page.locator("select[name=ab0_when]").select_option("primary")
    page.locator("select[name=ab0_e0]").select_option("combat" if kind == "ship" else "authority")
    page.locator("input[name=ab0_n0]").fill(str(cost))
    page.locator("select[name=ab1_when]").select_option("ally")
    page.locator("select[name=ab1_faction]").select_option(faction)
    page.locator("select[name=ab1_e0]").select_option("draw")
    page.locator("input[name=ab1_n0]").fill("1")
    page.locator("form.editor-form button[type=submit]").click()
    expect(page.locator("#owner-tools")).to_be_visible()


def test_owner_enters_a_box_and_plays_scenario_1_online(live_server, page: Page,
                                                         tmp_path) -> None:
    alice = UserFactory(username="alice")
    base = live_server.url
    log_in(page, base, "alice")

    # Create the set from the card-set list.
    page.goto(base + "/cards/")
    page.locator("#new-pack-link").click()
    page.screenshot(path=str(tmp_path / "new-pack-en-1280.png"), full_page=True)
    page.locator("input[name=name_en]").fill("Kitchen box")
    page.locator("input[name=name_ru]").fill("Кухонная коробка")
    page.locator("#create-pack").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kitchen box")
    expect(page.locator("#owner-tools")).to_contain_text("Unfinished set")
    expect(page.locator("#still-missing")).to_contain_text("needs 20 trade cards of kingdom")
    pack = ContentPack.objects.get(owner=alice)

    # Two trade cards through Chromium, the other eight through the same form by a client.
    for row in TRADE[:2]:
        _add_card(page, *row)
    expect(page.locator(".card-grid")).to_contain_text("Cargo Skiff")
    client = Client()
    client.force_login(alice)
    from django.urls import reverse

    from tests.cards.test_owner_box import card_fields
    for row in TRADE[2:]:
        assert post_form(client, reverse("cards:add_card", args=[pack.pk]), card_fields(*row),
                         pack).status_code == 302

    # Open envelope 1 and add the Empire's sheet of scenario 1.
    page.reload()
    page.get_by_role("button", name="Open envelope 1 (shows its contents)").click()
    page.locator("#add-sheet").click()
    page.locator("select[name=side]").select_option("empire")
    page.locator("input[name=name_en]").fill("Empire sheet 1")
    page.locator("input[name=name_ru]").fill("Лист империи 1")
    for row in range(5):
        page.locator(f"input[name=row{row}_cost]").fill(str(row + 1))
        page.locator(f"select[name=row{row}_ship_0_when]").select_option("primary")
        page.locator(f"select[name=row{row}_ship_0_e0]").select_option("combat")
        page.locator(f"input[name=row{row}_ship_0_n0]").fill("1")
        page.locator(f"select[name=row{row}_base_0_when]").select_option("scrap")
        page.locator(f"select[name=row{row}_base_0_e0]").select_option("trade")
        page.locator(f"input[name=row{row}_base_0_n0]").fill("2")
    page.screenshot(path=str(tmp_path / "add-sheet-en-1280.png"), full_page=True)
    page.get_by_role("button", name="Add the sheet").click()
    expect(page.locator(".sheet-grid")).to_contain_text("Empire sheet 1")

    # The other seven sheets (envelopes 2-4 opened on the way) by the client.
    enter_small_box(client, pack, cards=False,
                    sheets=(("federation", 1), ("empire", 2), ("federation", 2), ("empire", 3),
                            ("federation", 3), ("empire", 4), ("federation", 4)))

    # Scenario 1 typed in through its form.
    page.goto(base + reverse("cards:scenario_text", args=[pack.pk, 1]))
    page.locator("input[name=title_en]").fill("Border Dispute")
    page.locator("input[name=title_ru]").fill("Пограничный спор")
    page.locator("textarea[name=story_en]").fill("The war begins at the border.")
    page.locator("textarea[name=story_ru]").fill("Война начинается на границе.")
    page.locator("textarea[name=empire_text_en]").fill("The Empire strikes first.")
    page.locator("textarea[name=empire_text_ru]").fill("Империя бьёт первой.")
    page.locator("textarea[name=federation_text_en]").fill("The Federation strikes first.")
    page.locator("textarea[name=federation_text_ru]").fill("Федерация бьёт первой.")
    page.locator("form.editor-form button[type=submit]").click()
    expect(page.locator("#owner-tools")).not_to_contain_text("Unfinished set")
    pack.refresh_from_db()
    assert pack.kind == "legacy" and pack.sticker_sheets.count() == 8

    # A campaign with the new set: sides, scenario 1, and its online game against the bot.
    page.goto(base + "/campaigns/new/")
    page.locator("select[name=pack]").select_option(label="Kitchen box (version 1, alice's own)")
    page.locator("input[name=name]").fill("Kitchen war")
    page.locator("input[name=second_seat]").fill("Bot")
    page.get_by_role("button", name="Create the campaign").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kitchen war")
    for seat, side in ((0, "Star Empire"), (1, "Trade Federation")):
        seat_select = page.locator("#wish-form select[name=seat]")
        if seat_select.count():
            seat_select.select_option(index=seat)
        page.get_by_role("radio", name=side, exact=True).check()
        page.get_by_role("button", name="Pick this side").click()
    page.get_by_role("button", name="Open scenario 1").click()
    page.locator("#play-online").click()
    page.get_by_role("button", name="Play this scenario online").click()
    page.wait_for_url(lambda url: "/play/" in url and url.rstrip("/").split("/")[-1].isdigit())
    match = Match.objects.get(campaign__pack=pack)
    expect(page.locator("body")).to_contain_text("Border Dispute")
    assert match.seats.filter(user=alice).exists()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("width", [1280, 390])
def test_owner_box_pages_fit_the_screen(live_server, browser, lang, width, tmp_path) -> None:
    """The new pages in both languages, on a desktop and a phone: no sideways scroll."""
    from django.urls import reverse

    alice = UserFactory(username="alice")
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("cards:new_pack"), {
        "name_en": "Kitchen box", "name_ru": "Кухонная коробка", "start": "empty",
        "kind": "legacy"})
    assert response.status_code == 302
    pack = ContentPack.objects.get(owner=alice)
    enter_small_box(client, pack, sheets=(("empire", 1),))
    context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US",
                                  viewport={"width": width, "height": 900})
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    slug = pack.designs.get(name_en="Keep").slug
    pages = {"new": reverse("cards:new_pack"), "pack": reverse("cards:pack", args=[pack.pk]),
             "add-card": reverse("cards:add_card", args=[pack.pk]),
             "edit-card": reverse("cards:edit_card", args=[pack.pk, slug]),
             "add-sheet": reverse("cards:add_sheet", args=[pack.pk]),
             "scenario": reverse("cards:scenario_text", args=[pack.pk, 1]),
             "vp": reverse("cards:add_vp", args=[pack.pk, 1])}
    for name, url in pages.items():
        page.goto(live_server.url + url)
        expect(page.locator("h1")).to_be_visible()
        page.screenshot(path=str(tmp_path / f"{name}-{lang}-{width}.png"), full_page=True)
        _no_sideways_scroll(page)
    if lang == "ru":
        page.goto(live_server.url + pages["pack"])
        expect(page.locator("#owner-tools")).to_contain_text("Незаконченный набор")
    context.close()
