"""L4 for the story: a sealed envelope's content reaches no chronicle, forecast, plot or book.

The spoiler sweep's marked pack (tests/campaign/test_spoilers.py) gives every text of the pack a
unique marker, so the sealed strings come from the pack itself; the opened scenario's markers must
show, so the test cannot pass by showing nothing.
"""

from __future__ import annotations

import subprocess

import pytest
from django.test import Client
from django.urls import reverse

from cards.models import ContentPack
from story import forecast
from story.models import Forecast
from tests.campaign.test_spoilers import (
    TOKEN_SCENARIO,
    campaign_at,
    marked_pack_data,
    sealed_and_opened,
)

pytestmark = pytest.mark.django_db
OPENED = 3  # scenarios 1-2 recorded, 3 opened and not played: its forecast can run


@pytest.fixture
def marked_pack(db) -> ContentPack:
    """Return the sweep's marked pack without its made-up token (no engine card: bots can play)."""
    data = marked_pack_data()
    data["cards"] = [card for card in data["cards"] if card["id"] != "drone"]
    rules = data["scenarios"][TOKEN_SCENARIO - 1]["sides"]["empire"]["rules"]
    rules[:] = [rule for rule in rules if "start_in_play" not in rule]
    pack = ContentPack(slug="spoiler-test", is_builtin=True)
    pack.set_data(data)
    pack.save()
    pack.rebuild_catalogue()
    return pack


def pdf_text(content: bytes, tmp_path) -> str:
    """Return a PDF's text as poppler's pdftotext reads it."""
    path = tmp_path / "book.pdf"
    path.write_bytes(content)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


def test_l4_no_story_page_plot_forecast_or_book_shows_a_sealed_envelope(
        client: Client, marked_pack, alice, bob, tmp_path) -> None:
    campaign = campaign_at(marked_pack, alice, bob, OPENED, finished=False)
    sealed, _shown = sealed_and_opened(marked_pack.data, OPENED)
    run = forecast.start(campaign, alice, 10, seed=3)
    run.refresh_from_db()
    assert run.status == "done", run.error
    client.force_login(bob)
    texts = [str(run.snapshot), str(run.result)]
    for lang in ("en", "ru"):
        for url in (reverse("story:chronicle", args=[campaign.pk]),
                    reverse("story:forecast", args=[campaign.pk]),
                    reverse("story:forecast_status", args=[campaign.pk, run.pk])):
            page = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
            assert page.status_code == 200, url
            texts.append(page.content.decode())
        for after in ("1", "2"):  # the deck plot at each point, as htmx asks for it
            texts.append(client.get(reverse("story:chronicle", args=[campaign.pk]),
                                    {"after": after}, HTTP_HX_REQUEST="true").content.decode())
        book = client.get(reverse("story:book", args=[campaign.pk]), {"lang": lang})
        assert book.status_code == 200
        texts.append(pdf_text(book.content, tmp_path))
    text = "\n".join(texts)
    leaked = sorted(s for s in sealed if s in text)
    assert not leaked, leaked[:10]
    for lang in ("en", "ru"):  # the opened scenario is there, in the pages and in the book
        assert text.count(f"[[scenario-{OPENED} #0 {lang}]]") >= 3
    assert 'id="forecast-odds"' in text


def test_l4_no_forecast_before_the_envelope_is_opened(client: Client, marked_pack, alice,
                                                      bob) -> None:
    """Between a result and the next envelope the page says to open it and starts nothing."""
    campaign = campaign_at(marked_pack, alice, bob, OPENED, finished=True)
    client.force_login(alice)
    page = client.get(reverse("story:forecast", args=[campaign.pk]))
    assert f"Open the envelope of scenario {OPENED + 1} first" in page.content.decode()
    posted = client.post(reverse("story:forecast", args=[campaign.pk]),
                         {"games": "100", "version": campaign.version})
    assert posted.status_code == 302 and not Forecast.objects.exists()
