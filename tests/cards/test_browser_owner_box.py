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
from tests.browser_support import log_in, shoot
from tests.cards.test_owner_box import (
    TRADE,
    card_fields,
    create_empty_box,
    enter_small_box,
    post_form,
)
from tests.factories import UserFactory

pytestmark = [pytest.mark.long, pytest.mark.django_db(transaction=True)]


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def _add_card(page: Page, name: str, faction: str, kind: str, cost: int, copies: int) -> None:
    page.locator("#add-card").click()
    page.locator("input[name=name_en]").fill(name)
    page.locator("input[name=name_ru]").fill(f"{name} (ru)")
    page.locator("select[name=type]").select_option(kind)
    page.locator("input[name=cost]").fill(str(cost))
    if kind == "base":
        page.locator("input[name=defense]").fill(str(cost + 2))
    page.locator(f"input[name=factions][value={faction}]").check()
    page.locator("input[name=quantity]").fill(str(copies))
    effect = "Combat" if kind == "ship" else "Authority"
    page.locator("textarea[name=printed]").fill(f"+{cost} {effect}. Ally: draw a card")
    expect(page.locator("#card-preview")).to_contain_text("draw a card", timeout=15_000)
    page.locator("#save-card").click()
    expect(page.locator("#owner-tools")).to_be_visible()


def test_owner_enters_a_box_and_plays_scenario_1_online(live_server, page: Page) -> None:
    alice = UserFactory(username="alice")
    base = live_server.url
    log_in(page, base, "alice")

    # Create the set from the card-set list.
    page.goto(base + "/cards/")
    page.locator("#new-pack-link").click()
    shoot(page, "new-pack-en-1280", full_page=True)
    page.locator("input[name=name_en]").fill("Kitchen box")
    page.locator("input[name=name_ru]").fill("Кухонная коробка")
    page.locator("#create-pack").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kitchen box")
    expect(page.locator("#owner-tools")).to_contain_text("Unfinished set")
    expect(page.locator("#still-missing")).to_contain_text("the Kingdom needs 20 trade cards, it has 0")
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
        page.locator(f"[name=row{row}_ship]").fill("+1 Combat")
        page.locator(f"[name=row{row}_base]").fill("Scrap: +2 Trade")
    shoot(page, "add-sheet-en-1280", full_page=True)
    page.locator("#sheet-form button[type=submit]").click()
    expect(page.locator(".sheet-grid")).to_contain_text("Empire sheet 1")

    # The other seven sheets (envelopes 2-4 opened on the way) by the client.
    enter_small_box(client, pack, cards=False,
                    sheets=(("federation", 1), ("empire", 2), ("federation", 2), ("empire", 3),
                            ("federation", 3), ("empire", 4), ("federation", 4)))

    # Scenario 1 typed in through its form.
    page.goto(base + reverse("cards:scenario_text", args=[pack.pk, 1]))
    page.locator("input[name=title]").fill("Border Dispute")
    page.locator("textarea[name=story]").fill("The war begins at the border.")
    page.locator("textarea[name=empire_text]").fill("The Empire strikes first.")
    page.locator("textarea[name=federation_text]").fill("The Federation strikes first.")
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


PASTED_ROWS = ("name\ttype\tfaction\tcost\tdefense\tcopies\ttext\n"
               "Watchtower II\tbase\tKingdom\t2\t4\t2\t+2 Combat\n"
               "Junk Hauler\tship\tScavengers\t2\t\t3\t+2 Combat. You may scrap a card in "
               "your hand or discard pile\n"
               "Odd Ship\tship\tConsortium\t3\t\t1\t+2 Trade. Sing a song\n")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("width", [1280, 390])
def test_owner_box_pages_fit_the_screen(live_server, browser, lang, width) -> None:
    """The owner's pages in both languages, on a desktop and a phone: no sideways scroll.

    Screenshots go to $SHOTS when set (to look at them; tests/browser_support.shoot): card
    entry with a typed text and its face, the paste preview, the staged changes, the guide.
    """
    from django.urls import reverse

    alice = UserFactory(username="alice")
    client = Client()
    client.force_login(alice)
    pack = create_empty_box(client)
    enter_small_box(client, pack)  # complete: a change that breaks the counts is staged
    extra = card_fields("Extra Ship", "kingdom", "ship", 2, 1)
    assert post_form(client, reverse("cards:add_card", args=[pack.pk]), extra,
                     pack).status_code == 302
    context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US",
                                  viewport={"width": width, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, live_server.url, "alice")

    def shot(name: str) -> None:
        expect(page.locator("h1")).to_be_visible()
        shoot(page, f"{name}-{lang}-{width}", full_page=True)
        _no_sideways_scroll(page)

    slug = pack.designs.get(name_en="Keep").slug
    pages = {"new": reverse("cards:new_pack"), "pack": reverse("cards:pack", args=[pack.pk]),
             "edit-card": reverse("cards:edit_card", args=[pack.pk, slug]),
             "add-sheet": reverse("cards:add_sheet", args=[pack.pk]),
             "scenario": reverse("cards:scenario_text", args=[pack.pk, 1]),
             "vp": reverse("cards:add_vp", args=[pack.pk, 1]),
             "staged": reverse("cards:staged", args=[pack.pk]),
             "guide": reverse("cards:guide")}
    for name, url in pages.items():
        page.goto(live_server.url + url)
        shot(name)
    page.goto(live_server.url + reverse("cards:add_card", args=[pack.pk]))
    page.locator("input[name=name_en]").fill("Royal Lancer")
    page.locator("input[name=cost]").fill("3")
    page.locator("input[name=factions][value=kingdom]").check()
    page.locator("textarea[name=printed]").fill(
        "+4 Combat. You may scrap a card in the trade row. Ally: +2 Combat. Sing a song")
    expect(page.locator("#card-preview img")).to_be_visible()
    expect(page.locator("#card-preview")).to_contain_text("Sing a song", timeout=15_000)  # kept
    page.wait_for_function("() => { const i = document.querySelector('#card-preview img');"
                           " return i && i.complete && i.naturalWidth > 0; }")
    shot("card-entry")
    page.goto(live_server.url + reverse("cards:paste_cards", args=[pack.pk]))
    page.locator("textarea[name=rows]").fill(PASTED_ROWS)
    page.locator("#check-rows").click()
    expect(page.locator("#paste-preview tbody tr")).to_have_count(3)
    expect(page.locator("#paste-preview tr.row-marked")).to_have_count(1)
    shot("paste-preview")
    if lang == "ru":
        page.goto(live_server.url + pages["pack"])
        expect(page.locator("#owner-tools")).to_contain_text("Отложенные изменения")
    context.close()
