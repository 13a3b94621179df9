"""Forecasts: one method with `manage.py balance`, refusals that start nothing, stop and access."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cards.models import ContentPack
from story import forecast
from story.models import Forecast

pytestmark = pytest.mark.django_db
GAMES = 20  # 10 per option of scenario 6's choice: enough to compare, cheap on 2 cores


def test_the_forecast_and_manage_py_balance_give_the_same_figures(halfway, alice,
                                                                    settings) -> None:
    """L5/L6: the same state and seed, the same games: identical figures, whatever the workers."""
    settings.FORECAST_WORKERS = 2
    run = forecast.start(halfway, alice, GAMES, seed=4321)
    run.refresh_from_db()
    assert run.status == "done", run.error
    out = StringIO()
    call_command("balance", "--campaign", str(halfway.pk), "--games", str(GAMES), "--seed",
                 "4321", "--workers", "1", "--json", stdout=out, stderr=StringIO())
    printed = json.loads(out.getvalue().strip().splitlines()[-1])
    assert printed == run.result
    assert run.result["games"] == GAMES and run.result["scenario"] == 6
    assert sum(o["wins"] for o in run.result["odds"].values()) + run.result["cut"] == GAMES
    assert [row["games"] for row in run.result["options"]] == [GAMES // 2, GAMES // 2]
    other = forecast.start(halfway, alice, GAMES, seed=4322)
    other.refresh_from_db()
    assert other.result != run.result  # the seed matters: the figures are played, not made up


def test_the_page_shows_the_odds_the_same_command_and_keeps_the_forecast(
        halfway, alice_client, settings) -> None:
    """A finished forecast is shown with the command that repeats it; asking again keeps it."""
    url = reverse("story:forecast", args=[halfway.pk])
    posted = alice_client.post(url, {"games": "100", "version": halfway.version})
    assert posted.status_code == 302
    run = Forecast.objects.get()
    assert run.status == "done" and run.result["games"] == 100
    html = alice_client.get(url).content.decode()
    assert 'id="forecast-odds"' in html and f"--seed {run.seed}" in html
    odds = re.sub(r"<[^>]+>", " ", html.split('id="forecast-odds"')[1].split("</ul>")[0])
    assert "Star Empire" in odds and "empire" not in odds  # names, never ids
    alice_client.post(url, {"games": "100", "version": halfway.version})
    assert Forecast.objects.count() == 1  # the same version and settings: the kept one


@pytest.mark.parametrize("posted", [{"games": "7"}, {"games": "1e3"}, {"games": ""},
                                    {"games": "99999999999999999999"}])
def test_a_number_of_games_not_offered_is_refused_and_starts_nothing(
        halfway, alice_client, posted) -> None:
    response = alice_client.post(reverse("story:forecast", args=[halfway.pk]),
                                 {**posted, "version": halfway.version})
    assert response.status_code == 400
    assert "numbers of games offered" in response.content.decode()
    assert not Forecast.objects.exists()


def test_a_forecast_asked_from_an_old_page_starts_nothing(halfway, alice_client) -> None:
    url = reverse("story:forecast", args=[halfway.pk])
    response = alice_client.post(url, {"games": "100", "version": halfway.version - 1},
                                 follow=True)
    assert "The campaign changed since this page was loaded" in response.content.decode()
    assert not Forecast.objects.exists()


def test_a_set_with_text_alone_gets_a_clear_message_instead(halfway, alice_client) -> None:
    """An owner's tracking-only set: the page names what bots cannot play, the command too."""
    data = json.loads(json.dumps(halfway.pack.data))
    card = next(c for c in data["cards"] if c.get("role") == "trade")
    card["abilities"] = []
    pack = ContentPack(slug="tracking-only", owner=halfway.creator)
    pack.set_data(data)
    pack.save()
    pack.rebuild_catalogue()
    Campaign.objects.filter(pk=halfway.pk).update(pack=pack)
    page = alice_client.get(reverse("story:forecast", args=[halfway.pk])).content.decode()
    assert "printed text alone" in page and card["name"]["en"] in page
    assert 'id="start-forecast"' not in page
    alice_client.post(reverse("story:forecast", args=[halfway.pk]),
                      {"games": "100", "version": halfway.version})
    assert not Forecast.objects.exists()


def test_a_queued_forecast_stops_and_a_stranger_cannot_see_it(
        halfway, alice, alice_client, outsider, settings) -> None:
    settings.TASKS_SYNC = False  # nobody works the queue: the forecast waits
    run = forecast.start(halfway, alice, 100)
    status = reverse("story:forecast_status", args=[halfway.pk, run.pk])
    assert "0 of 100 games played" in alice_client.get(status).content.decode()
    client = Client()
    client.force_login(outsider)
    assert client.get(status).status_code == 404
    assert client.post(reverse("story:forecast_cancel", args=[halfway.pk, run.pk])) \
        .status_code == 404
    run.refresh_from_db()
    assert run.status == "queued"
    alice_client.post(reverse("story:forecast_cancel", args=[halfway.pk, run.pk]))
    run.refresh_from_db()
    assert run.status == "cancelled"
    forecast.run_forecast_task(run.pk)  # a worker taking it later plays nothing
    run.refresh_from_db()
    assert run.status == "cancelled" and run.result is None
