"""L26: a finished campaign's deck played as a standard game shows its upgraded and post-campaign
cards as pictures to its players (the match unlocks its own decks' faces), and to nobody else."""
from __future__ import annotations

import pytest
from django.test import Client

from campaign.models import Campaign
from campaign.simulation import Simulation
from play import creation
from play.creation import SeatSpec
from play.faces import MatchFaces
from tests.factories import PERSONA_PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck_match(legacy, alice):
    Simulation(pack=legacy, seed=1).run()
    campaign = Campaign.objects.get()
    return creation.create_campaign_deck_match(
        campaign, [SeatSpec("alice", alice), SeatSpec("Bot", bot="heuristic")], seed=1)


def _client(user) -> Client:
    client = Client()
    client.login(username=user.username, password=PERSONA_PASSWORD)
    return client


def _upgraded(match) -> tuple[str, str]:
    entry = next(c for c in match.setup["trade_deck"] if isinstance(c, dict))
    return entry["copy"].split("#")[0], entry["sticker"]


def test_l26_upgraded_copy_of_the_deck_is_a_picture_for_its_player(deck_match, alice) -> None:
    card, sticker = _upgraded(deck_match)
    url = MatchFaces(deck_match).url(card, sticker)
    assert f"match={deck_match.pk}" in url
    response = _client(alice).get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "private" in response["Cache-Control"]


def test_l26_post_campaign_card_of_the_deck_is_a_picture(deck_match, legacy, alice) -> None:
    post = next(c["id"] for c in legacy.data["cards"] if c.get("role") == "post_campaign")
    assert (post, None) in deck_match.card_faces()
    assert _client(alice).get(MatchFaces(deck_match).url(post)).status_code == 200


def test_l26_the_match_unlocks_nothing_for_others_or_outside_its_decks(deck_match, bob,
                                                                        alice) -> None:
    card, sticker = _upgraded(deck_match)
    url = MatchFaces(deck_match).url(card, sticker)
    assert _client(bob).get(url).status_code == 404  # not seated in this game
    assert Client().get(url).status_code == 404
    foreign = url.replace(f"sticker={sticker.replace(':', '%3A')}", "sticker=nowhere-9%3A2%3Aship")
    assert foreign != url and _client(alice).get(foreign).status_code in (400, 404)
    assert _client(alice).get(url.replace(f"match={deck_match.pk}", "match=%C2%B2")).status_code == 400
