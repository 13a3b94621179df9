"""A table game won by resignation is recorded by hand as one (L21: a win like any other), as an
online game ended by resignation is: the form offers it, the dashboard and the history say it."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from campaign.models import Campaign


def test_l21_the_record_form_offers_a_resignation_and_records_it(alice_client: Client,
                                                                 started: Campaign) -> None:
    url = reverse("campaign:record", args=[started.pk])
    page = alice_client.get(url).content.decode()
    assert '<option value="resign">Resignation: the opponent gave up</option>' in page
    response = alice_client.post(url, {"version": started.version, "winner": "empire",
                                       "how": "resign"})
    assert response.status_code == 302
    started.refresh_from_db()
    result = started.current_state.current()["result"]
    assert result["winner"] == "empire" and result["how"] == "resign"
    dashboard = alice_client.get(reverse("campaign:dashboard", args=[started.pk])).content.decode()
    assert "Scenario 1: Star Empire won, the opponent resigned." in dashboard
    history = alice_client.get(reverse("campaign:history", args=[started.pk])).content.decode()
    assert "the opponent resigned" in history and "won (authority)" not in history


def test_l21_the_resignation_choice_reads_in_russian(alice_client: Client,
                                                     started: Campaign) -> None:
    url = reverse("campaign:record", args=[started.pk])
    page = alice_client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<option value="resign">Сдача: соперник сдался</option>' in page
