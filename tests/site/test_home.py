"""The home page: what a visitor and a logged-in player see."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_visitor_sees_what_starledger_does_and_how_to_start(client: Client) -> None:
    html = client.get("/").content.decode()
    assert "Starledger tracks a Star Realms legacy campaign" in html
    assert "How to start" in html
    assert 'href="/accounts/signup/"' in html
    assert 'href="/accounts/login/"' in html


def test_player_sees_empty_states_that_say_what_to_do(alice_client: Client) -> None:
    html = alice_client.get("/").content.decode()
    assert "Welcome back, alice" in html
    assert "You have no campaign yet" in html
    assert "You are not in any online match" in html
    assert "How to start" not in html


def test_page_sets_csrf_header_for_htmx_and_loads_vendored_htmx(client: Client) -> None:
    response = client.get("/")
    html = response.content.decode()
    token = response.context["csrf_token"]
    assert f"""hx-headers='{{"X-CSRFToken": "{token}"}}'""" in html
    assert '<script src="/static/js/htmx.min.js" defer></script>' in html


def test_page_has_skip_link_and_labelled_language_select(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<a class="skip-link" href="#main">' in html
    assert '<main id="main"' in html
    assert '<label for="language-select">' in html


def test_player_sees_their_campaigns_and_an_outsider_does_not(
    client: Client, alice, bob, outsider
) -> None:
    from campaign.models import Campaign
    from tests.factories import make_pack

    campaign = Campaign.start(make_pack(), "Friday box", alice, [(alice, "A"), (bob, "B")])
    client.force_login(bob)
    html = client.get("/").content.decode()
    assert f'href="{campaign.get_absolute_url()}"' in html
    assert "You have no campaign yet" not in html
    client.force_login(outsider)
    html = client.get("/").content.decode()
    assert campaign.get_absolute_url() not in html
    assert "You have no campaign yet" in html
