"""A resignation is recorded as a resignation everywhere: the campaign log, its history and
dashboard, the match result and the campaign backup (issue 10; L5, L21 for what a win brings)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from campaign.backup import dumps, export_campaign, import_campaign
from campaign.models import Campaign
from campaign.state import GAME_RECORDED, WIN_HOWS, EventRefused
from play import services
from play.models import Match


@pytest.fixture
def resigned(started_campaign: Campaign, alice_client: Client) -> Match:
    """Alice (Star Empire, seat 0) starts scenario 1 against bob and gives up at once."""
    alice_client.post(reverse("play:campaign", args=[started_campaign.pk]),
                      {f"c{started_campaign.pk}-bot": "heuristic"})
    match = Match.objects.get(campaign=started_campaign)
    response = alice_client.post(reverse("play:resign", args=[match.pk]), {"version": match.version})
    assert response.status_code == 302
    match.refresh_from_db()
    return match


def test_l21_resignation_is_recorded_as_resign_and_the_other_side_takes_the_vp_card(
        resigned: Match) -> None:
    """L21, L5: the side that did not resign wins, takes the victory VP card and plays first next."""
    campaign = Campaign.objects.get(pk=resigned.campaign_id)
    event = campaign.events.order_by("-seq").first()
    assert resigned.recorded and resigned.result["reason"] == "resign"
    assert event.kind == GAME_RECORDED and event.payload["how"] == "resign"
    state = campaign.current_state
    result = state.current()["result"]
    assert (result["winner"], result["how"]) == ("federation", "resign")
    victory = campaign.content.victory_vp_card(1)
    assert victory["id"] in state.vp_cards["federation"]
    assert state.next_first_player() == "federation"


def test_tracker_accepts_resign_and_still_refuses_unknown_ways(started_campaign: Campaign,
                                                               alice) -> None:
    assert "resign" in WIN_HOWS
    with pytest.raises(EventRefused, match="resignation"):
        started_campaign.apply_event(GAME_RECORDED, {"winner": "empire", "how": "gave up"},
                                     alice, started_campaign.version)


@pytest.mark.parametrize(("language", "words"), [("en", "the opponent resigned"),
                                                 ("ru", "соперник сдался")])
def test_history_and_dashboard_say_the_opponent_resigned(resigned: Match, client: Client, bob,
                                                         language: str, words: str) -> None:
    client.force_login(bob)
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    history = client.get(reverse("campaign:history", args=[resigned.campaign_id]), **headers)
    dashboard = client.get(reverse("campaign:dashboard", args=[resigned.campaign_id]), **headers)
    assert words in history.content.decode()
    assert words in dashboard.content.decode()
    assert 'id="scenario-result"' in dashboard.content.decode()


def test_match_page_result_names_the_resignation(resigned: Match, client: Client, bob) -> None:
    client.force_login(bob)
    page = client.get(reverse("play:match", args=[resigned.pk])).content.decode()
    assert "Bob wins (the opponent resigned)." in page


def test_backup_round_trip_keeps_the_resignation(resigned: Match, outsider) -> None:
    campaign = Campaign.objects.get(pk=resigned.campaign_id)
    exported = dumps(export_campaign(campaign))
    assert '"how": "resign"' in exported
    copy = import_campaign(exported, outsider)
    assert copy.current_state.current()["result"]["how"] == "resign"
    assert dumps(export_campaign(copy)) == exported


def test_old_campaigns_recorded_as_authority_stay_as_they_are(started_campaign: Campaign,
                                                              alice) -> None:
    """A resignation recorded before this change (as "authority") keeps its wording."""
    started_campaign.apply_event(GAME_RECORDED, {"winner": "empire", "how": "authority"}, alice,
                                 started_campaign.version)
    from campaign.presenters import history_rows
    with translation.override("en"):
        summary = history_rows(started_campaign)[0]["summary"]
    assert "(authority)" in summary and "resigned" not in summary


def test_campaign_payload_keeps_resign(resigned: Match) -> None:
    assert services.campaign_payload(resigned)["how"] == "resign"
