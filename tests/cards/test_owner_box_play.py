"""A campaign on an owner's unfinished set: envelopes not entered yet, cards as text alone (issue 19).

The set is typed in envelope by envelope, so a running campaign meets its edges: the next envelope
is not entered yet (L4), or a card of the game has only its printed text (no online play).
"""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cards.models import ContentPack
from play.models import Match
from tests.cards.test_owner_box import _errors, post_form
from tests.cards.test_owner_box_bugs import SCENARIO_1, envelope_one, printed_card

pytestmark = pytest.mark.django_db


def _campaign_after_scenario_1(pack: ContentPack, alice: Any) -> Campaign:
    """Return a campaign on `pack` with scenario 1 opened and recorded (L4, L11)."""
    campaign = Campaign.start(pack, "Kitchen war", alice, [(alice, "Alice"), (None, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    campaign.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    return campaign


def _page_messages(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("lang, words", [
    ("en", "Envelope 2 is not entered in the set"),
    ("ru", "Конверт 2 ещё не введён в набор"),
])
def test_l4_opening_an_envelope_not_entered_yet_is_refused_then_works_once_entered(
        alice_client: Client, alice, lang: str, words: str) -> None:
    pack = envelope_one(alice_client)
    campaign = _campaign_after_scenario_1(pack, alice)
    version, events = campaign.version, campaign.events.count()
    dashboard = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    notice = dashboard.content.decode()
    assert 'id="envelope-missing"' in notice and words in notice
    response = alice_client.post(reverse("campaign:open", args=[campaign.pk]),
                                 {"version": version}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302
    assert any(words in m for m in _page_messages(response)), _page_messages(response)
    campaign.refresh_from_db()
    assert (campaign.version, campaign.events.count()) == (version, events)
    assert campaign.current_state.scenario == 1
    # the owner types envelope 2's scenario card in; the campaign opens it now
    scenario_2 = {**SCENARIO_1, "title": "Second Front"}
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 2]),
                         scenario_2, pack)
    assert response.status_code == 302, _errors(response)
    dashboard = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    assert 'id="envelope-missing"' not in dashboard.content.decode()
    response = alice_client.post(reverse("campaign:open", args=[campaign.pk]),
                                 {"version": version}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302, _page_messages(response)
    campaign.refresh_from_db()
    assert campaign.current_state.scenario == 2 and campaign.version == version + 1


UNREAD_TEXT = "+4 Combat. Dance with the stars"


def _campaign_on_scenario_1(pack: ContentPack, alice: Any) -> Campaign:
    campaign = Campaign.start(pack, "Kitchen war", alice, [(alice, "Alice"), (None, "Bot")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    return campaign


@pytest.mark.parametrize("lang, words", [
    ("en", "these are still printed text alone: Card “Star Dancer”"),
    ("ru", "эти пока только печатный текст: Карта «Star Dancer»"),
])
def test_online_play_is_refused_naming_the_text_only_cards_then_offered_with_effects(
        alice_client: Client, alice, lang: str, words: str) -> None:
    pack = envelope_one(alice_client)
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]),
                         printed_card("Star Dancer", UNREAD_TEXT), pack)
    assert response.status_code == 302, _errors(response)
    campaign = _campaign_on_scenario_1(pack, alice)
    version = campaign.version
    # the dashboard offers recording at the table, not online play, and says why by name
    page = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    text = page.content.decode()
    assert 'id="online-refusal"' in text and 'id="play-online"' not in text
    refusal = text.split('id="online-refusal">', 1)[1].split("</p>", 1)[0]
    assert words in refusal and "star-dancer" not in refusal
    # the play page shows the same refusal instead of the form; a post starts nothing
    page = alice_client.get(reverse("play:create"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert words in page and f'name="c{campaign.pk}-bot"' not in page
    response = alice_client.post(reverse("play:campaign", args=[campaign.pk]),
                                 {f"c{campaign.pk}-bot": "heuristic"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302
    assert any(words in m for m in _page_messages(response)), _page_messages(response)
    assert not Match.objects.exists()
    campaign.refresh_from_db()
    assert campaign.version == version
    # once the card's text is all effects, online play (a bot game here) is offered and starts
    response = post_form(alice_client, reverse("cards:edit_card", args=[pack.pk, "star-dancer"]),
                         printed_card("Star Dancer", "+4 Combat"), pack)
    assert response.status_code == 302, _errors(response)
    page = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    assert 'id="online-refusal"' not in page.content.decode()
    assert 'id="play-online"' in page.content.decode()
    response = alice_client.post(reverse("play:campaign", args=[campaign.pk]),
                                 {f"c{campaign.pk}-bot": "heuristic"})
    assert response.status_code == 302 and Match.objects.filter(campaign=campaign).exists()
