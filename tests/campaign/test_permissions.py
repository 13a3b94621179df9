"""Permissions: every campaign URL with an outsider (404) and an anonymous visitor (login)."""
from __future__ import annotations

import pytest
from django.urls import reverse

CAMPAIGN_URLS = [
    ("dashboard", "get"), ("deck", "get"), ("poll", "get"), ("history", "get"), ("undo", "get"), ("undo", "post"),
    ("export", "get"), ("record", "get"), ("record", "post"), ("wish", "post"), ("open", "post"),
    ("choose", "post"), ("after_upgrade", "post"), ("finish", "post"), ("delete", "post"),
    ("restore", "post"),
]


def _url(name: str, campaign) -> str:
    return reverse(f"campaign:{name}", args=[campaign.pk])


@pytest.mark.parametrize("name, method", CAMPAIGN_URLS + [("scenario", "get")])
def test_outsider_gets_404_on_every_campaign_url(client, started, outsider, name, method) -> None:
    client.force_login(outsider)
    target = (reverse("campaign:scenario", args=[started.pk, 1]) if name == "scenario"
              else _url(name, started))
    assert getattr(client, method)(target, {"version": started.version}).status_code == 404
    started.refresh_from_db()
    assert started.version == 2 and started.deleted_at is None


@pytest.mark.parametrize("name, method", CAMPAIGN_URLS + [("scenario", "get")])
def test_anonymous_is_sent_to_login_on_every_campaign_url(client, started, name, method) -> None:
    target = (reverse("campaign:scenario", args=[started.pk, 1]) if name == "scenario"
              else _url(name, started))
    response = getattr(client, method)(target, {"version": started.version})
    assert response.status_code == 302 and "/accounts/login/" in response.url
    started.refresh_from_db()
    assert started.version == 2


@pytest.mark.parametrize("name", ["list", "create", "import"])
def test_anonymous_is_sent_to_login_on_the_general_pages(client, db, name) -> None:
    response = client.get(reverse(f"campaign:{name}"))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_anonymous_following_an_invite_is_sent_to_login_then_back(client, campaign) -> None:
    token = campaign.seats.get(index=1).invite_token
    response = client.get(reverse("campaign:join", args=[token]))
    assert response.status_code == 302 and "next=" in response.url


def test_outsider_with_a_wrong_token_gets_404(client, outsider, campaign) -> None:
    client.force_login(outsider)
    assert client.get(reverse("campaign:join", args=["nope"])).status_code == 404


def test_seat_member_and_creator_see_it(client, started, bob) -> None:
    client.force_login(bob)
    assert client.get(_url("dashboard", started)).status_code == 200
