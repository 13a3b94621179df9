"""The card browser: pack list, filters, cards drawn in the active language, spoiler safety."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from campaign.state import CampaignState
from cards.loading import load_pack_data
from cards.models import ContentPack
from tests.cards.packs import core_pack, legacy_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def legacy() -> ContentPack:
    return load_pack_data(legacy_pack(), filename="legacy-test.json").pack


def _page(client: Client, pack: ContentPack, query: str = "") -> str:
    response = client.get(reverse("cards:pack", args=[pack.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def _campaign(pack: ContentPack, creator, opened: int, phase: str = "playing") -> Campaign:
    campaign = Campaign.start(pack, "Test", creator, [(creator, ""), (None, "Friend")])
    state = CampaignState(phase=phase, scenario=opened)
    campaign.state = state.to_dict()
    campaign.save(update_fields=["state"])
    return campaign


def test_list_shows_builtin_packs_to_visitors(client: Client, legacy: ContentPack):
    response = client.get(reverse("cards:list"))
    assert response.status_code == 200
    assert "Test campaign" in response.content.decode()
    assert "Make my own copy" not in response.content.decode()


def test_legacy_pack_without_campaign_hides_every_envelope(client: Client, legacy: ContentPack):
    """L4 / issue 5: no campaign context -> sheets, scenarios, VP and post-campaign cards hidden."""
    html = _page(client, legacy)
    for shown in ("Kingdom Ship 3", "Imperial Fighter", "Explorer", "Scout"):
        assert shown in html
    for hidden in ("empire sheet 1", "Story 1", "Victory 1", "Post Ship"):
        assert hidden not in html
    url = reverse("cards:card", args=[legacy.pk, "post-ship"])
    assert client.get(url).status_code == 404


def test_campaign_context_shows_only_opened_envelopes(alice_client: Client, alice,
                                                      legacy: ContentPack):
    """L4, L18: a campaign at scenario 2 shows sheets/scenarios/VP of 1 and 2, nothing of 3."""
    campaign = _campaign(legacy, alice, opened=2)
    html = _page(alice_client, legacy, f"?campaign={campaign.pk}")
    for shown in ("empire sheet 1", "federation sheet 2", "Story 1", "Story 2", "Victory 2"):
        assert shown in html
    for hidden in ("empire sheet 3", "Story 3", "Victory 3", "Post Ship"):
        assert hidden not in html


def test_l26_post_campaign_cards_appear_after_the_campaign(alice_client: Client, alice,
                                                           legacy: ContentPack):
    campaign = _campaign(legacy, alice, opened=12, phase="finished")
    assert "Post Ship" in _page(alice_client, legacy, f"?campaign={campaign.pk}")
    url = reverse("cards:card", args=[legacy.pk, "post-ship"]) + f"?campaign={campaign.pk}"
    assert alice_client.get(url).status_code == 200


def test_someone_elses_campaign_is_no_context(client: Client, alice, outsider,
                                              legacy: ContentPack):
    campaign = _campaign(legacy, alice, opened=12, phase="finished")
    client.force_login(outsider)
    html = _page(client, legacy, f"?campaign={campaign.pk}")
    assert "Story 1" not in html and "Post Ship" not in html


@pytest.mark.parametrize(("query", "present", "absent"), [
    ("?faction=kingdom", "Kingdom Ship 3", "Consortium Ship 3"),
    ("?cost=8", "Scavengers Ship 8", "Scavengers Ship 7"),
    ("?type=base", "Kingdom Base 4", "Kingdom Ship 4"),
    ("?role=starter", "Star Police", "Kingdom Ship 1"),
    ("?faction=unaligned", "Explorer", "Kingdom Ship 1"),
])
def test_filters(client: Client, legacy: ContentPack, query: str, present: str, absent: str):
    html = _page(client, legacy, query)
    assert present in html and absent not in html


def test_bad_filter_value_is_a_form_error_not_a_crash(client: Client, legacy: ContentPack):
    html = _page(client, legacy, "?cost=cheap&faction=nope")
    assert "Kingdom Ship 3" in html  # invalid filters are ignored, with the error shown
    assert "errorlist" in html


def test_card_is_drawn_with_generated_text_in_english_and_russian(client: Client,
                                                                  legacy: ContentPack):
    url = reverse("cards:card", args=[legacy.pk, "kingdom-ship-3"])
    english = client.get(url).content.decode()
    assert "+3 combat" in english and "Ally (Kingdom): draw a card" in english
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "RU Kingdom Ship 3" in russian
    assert "+3 боя" in russian and "Союзное свойство (RU Kingdom): возьмите карту" in russian


def test_core_pack_shows_everything(client: Client):
    core = load_pack_data(core_pack(), filename="core.json").pack
    html = _page(client, core)
    assert "Blob Ship 1" in html and "Viper" in html
    assert "Sealed envelopes" not in html


def test_unknown_pack_and_card_are_404(client: Client, legacy: ContentPack):
    assert client.get(reverse("cards:pack", args=[9999])).status_code == 404
    assert client.get(reverse("cards:card", args=[legacy.pk, "nope"])).status_code == 404
