"""In a real browser: the owner copies the campaign, edits a card with the live text preview."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from cards.loading import load_pack_data
from cards.models import ContentPack
from tests.browser_support import log_in
from tests.cards.packs import legacy_pack

pytestmark = pytest.mark.django_db(transaction=True)


def test_owner_copies_the_pack_and_sees_the_card_text_while_typing(live_server, page: Page,
                                                                   alice) -> None:
    load_pack_data(legacy_pack(), filename="legacy-test.json")
    log_in(page, live_server.url, alice.username)
    page.goto(live_server.url + "/cards/")
    page.get_by_role("button", name="Make my own copy").click()
    expect(page.get_by_text("Only you can see and edit it")).to_be_visible()
    own = ContentPack.objects.get(owner=alice)
    page.goto(f"{live_server.url}/cards/{own.pk}/cards/kingdom-ship-3/edit/")
    page.get_by_label("Abilities come from").select_option("json")  # it opens on the rows
    abilities = page.get_by_label("Abilities (JSON):")
    abilities.fill('[{"when": "scrap", "do": [{"draw": 2}]}]')
    abilities.press("End")  # a keyup: htmx asks the server for the card text
    expect(page.locator("#abilities-preview")).to_contain_text("Scrap: draw 2 cards")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.")).to_be_visible()
    own.refresh_from_db()
    assert own.designs.get(slug="kingdom-ship-3").abilities == [
        {"when": "scrap", "do": [{"draw": 2}]}]
