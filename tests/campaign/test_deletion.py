"""Deleting a campaign: only its creator deletes, another player leaves, every member restores.

Issue 10, finding 4: a seated player who was not the creator could delete the campaign for both.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaign.models import Campaign
from tests.browser_support import shoot


def url(name: str, campaign: Campaign) -> str:
    return reverse(f"campaign:{name}", args=[campaign.pk])


@pytest.fixture
def bob_client(client: Client, bob) -> Client:
    client.force_login(bob)
    return client


def test_a_seated_player_who_is_not_the_creator_cannot_delete(bob_client: Client,
                                                              started: Campaign) -> None:
    response = bob_client.post(url("delete", started))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Only the creator can delete this campaign" in page and "alice" in page
    assert url("leave", started) in page  # the way out offered instead
    started.refresh_from_db()
    assert started.deleted_at is None


def test_the_dashboard_offers_delete_to_the_creator_and_leave_to_the_other(
        alice_client: Client, started: Campaign, bob) -> None:
    page = alice_client.get(url("dashboard", started)).content.decode()
    assert url("delete", started) in page and url("leave", started) not in page
    alice_client.force_login(bob)
    page = alice_client.get(url("dashboard", started)).content.decode()
    assert url("delete", started) not in page and url("leave", started) in page


def test_the_creator_deletes_for_everyone(alice_client: Client, started: Campaign, bob) -> None:
    response = alice_client.post(url("delete", started), follow=True)
    assert "can restore it from their list for 30 days" in response.content.decode()
    assert alice_client.get(url("dashboard", started)).status_code == 404
    alice_client.force_login(bob)
    assert alice_client.get(url("dashboard", started)).status_code == 404


@pytest.mark.parametrize("member", ["alice", "bob"])
def test_each_member_sees_it_under_recently_deleted_and_can_restore_it(
        client: Client, started: Campaign, alice, bob, member: str) -> None:
    started.soft_delete()
    client.force_login({"alice": alice, "bob": bob}[member])
    page = client.get(reverse("campaign:list")).content.decode()
    assert "Recently deleted" in page and started.name in page and url("restore", started) in page
    response = client.post(url("restore", started))
    assert response.status_code == 302
    started.refresh_from_db()
    assert started.deleted_at is None
    assert client.get(url("dashboard", started)).status_code == 200


def test_after_the_restore_window_it_is_hidden_and_cannot_be_restored(
        alice_client: Client, started: Campaign) -> None:
    started.deleted_at = timezone.now() - timedelta(days=30, minutes=1)
    started.save(update_fields=["deleted_at"])
    page = alice_client.get(reverse("campaign:list")).content.decode()
    assert started.name not in page
    assert alice_client.post(url("restore", started)).status_code == 404
    started.refresh_from_db()
    assert started.deleted_at is not None


def test_the_window_comes_from_the_settings(alice_client: Client, started: Campaign,
                                            settings) -> None:
    settings.CAMPAIGN_RESTORE_DAYS = 90
    started.deleted_at = timezone.now() - timedelta(days=60)
    started.save(update_fields=["deleted_at"])
    assert started in Campaign.objects.visible_to(started.creator).restorable()
    assert alice_client.post(url("restore", started)).status_code == 302


def test_outsiders_get_404_on_delete_leave_and_restore(client: Client, started: Campaign,
                                                       outsider) -> None:
    client.force_login(outsider)
    for name in ("delete", "leave"):
        assert client.post(url(name, started)).status_code == 404
    started.soft_delete()
    assert client.post(url("restore", started)).status_code == 404
    assert started.name not in client.get(reverse("campaign:list")).content.decode()
    started.refresh_from_db()
    assert started.deleted_at is not None


def test_leaving_opens_the_seat_again_for_its_invite_link(bob_client: Client, started: Campaign,
                                                          outsider) -> None:
    seat = started.seats.get(index=1)
    response = bob_client.post(url("leave", started), follow=True)
    assert "Your seat is open again" in response.content.decode()
    seat.refresh_from_db()
    assert seat.user is None and seat.is_open
    assert bob_client.get(url("dashboard", started)).status_code == 404  # no longer a member
    bob_client.force_login(outsider)
    join = reverse("campaign:join", args=[seat.invite_token])
    assert bob_client.post(join).status_code == 302
    seat.refresh_from_db()
    assert seat.user == outsider
    started.refresh_from_db()
    assert started.deleted_at is None and started.version == 2  # the campaign goes on


def test_the_creator_cannot_leave(alice_client: Client, started: Campaign, alice) -> None:
    response = alice_client.post(url("leave", started), follow=True)
    assert "its creator can delete it instead" in response.content.decode()
    assert started.seats.get(index=0).user == alice


def test_a_deleted_campaign_cannot_be_deleted_or_left_again(alice_client: Client,
                                                            started: Campaign) -> None:
    started.soft_delete()
    assert alice_client.post(url("delete", started)).status_code == 404
    assert alice_client.post(url("leave", started)).status_code == 404


@pytest.mark.parametrize(("lang", "expected"), [("en", "Only the creator can delete"),
                                                ("ru", "Удалить эту кампанию может только")])
def test_the_refusal_speaks_both_languages(bob_client: Client, started: Campaign, lang: str,
                                           expected: str) -> None:
    bob_client.cookies["django_language"] = lang
    assert expected in bob_client.post(url("delete", started)).content.decode()


BROWSER_TEXTS = {
    "en": {"delete": "Delete this campaign", "leave": "Leave this campaign",
           "recent": "Recently deleted", "restore": "Restore"},
    "ru": {"delete": "Удалить кампанию", "leave": "Покинуть кампанию",
           "recent": "Недавно удалённые", "restore": "Восстановить"},
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_in_chromium_the_creator_deletes_and_the_other_player_restores(
        live_server, browser, lang: str) -> None:
    from tests.factories import PERSONA_PASSWORD, UserFactory, make_pack

    t = BROWSER_TEXTS[lang]
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    campaign = Campaign.start(make_pack(), "Alice vs Bob", alice, [(alice, "Alice"), (bob, "Bob")])
    pages = {}
    for name, width in (("alice", 1280), ("bob", 390)):
        context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US",
                                      viewport={"width": width, "height": 900})
        context.set_default_timeout(10_000)
        page = pages[name] = context.new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.locator("input[name=login]").fill(name)
        page.locator("input[name=password]").fill(PERSONA_PASSWORD)
        page.locator("form input[name=password]").press("Enter")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        page.goto(live_server.url + campaign.get_absolute_url())

    alice_page, bob_page = pages["alice"], pages["bob"]
    assert bob_page.get_by_role("button", name=t["delete"]).count() == 0
    assert bob_page.get_by_role("button", name=t["leave"]).count() == 1
    shoot(bob_page, f"dashboard-{lang}-390", full_page=True)
    assert bob_page.evaluate("document.documentElement.scrollWidth") <= 390
    alice_page.get_by_role("button", name=t["delete"]).click()
    alice_page.wait_for_url(lambda url: url.endswith(reverse("campaign:list")))
    shoot(alice_page, f"list-{lang}-1280", full_page=True)

    bob_page.goto(live_server.url + reverse("campaign:list"))
    assert bob_page.get_by_role("heading", name=t["recent"]).count() == 1
    shoot(bob_page, f"list-{lang}-390", full_page=True)
    assert bob_page.evaluate("document.documentElement.scrollWidth") <= 390
    bob_page.get_by_role("button", name=t["restore"]).click()
    bob_page.wait_for_url(lambda url: url.endswith(campaign.get_absolute_url()))
    campaign.refresh_from_db()
    assert campaign.deleted_at is None
    for page in pages.values():
        page.context.close()
