"""Issue 10, "rate limits on imports and pack copies": a fixed window per user and action
(common.ratelimit), 429 with a page saying when to try again, and the view not run. The counts
are rows in the database (issue 25 F7; across processes: test_ratelimit_processes.py)."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaign.backup import dumps, export_campaign
from campaign.models import Campaign
from cards.models import ContentPack
from common.ratelimit import hit
from ratelimits.models import RateCount
from tests.factories import make_pack

pytestmark = pytest.mark.django_db

HOUR = 3600


@pytest.fixture
def tight(settings) -> None:
    settings.RATE_LIMITS = {"campaign-import": (2, HOUR), "pack-copy": (2, HOUR)}


def test_the_window_counts_then_refuses_then_opens_again(tight) -> None:
    start = 1_000 * HOUR
    assert hit("pack-copy", "user-1", now=start) == 0
    assert hit("pack-copy", "user-1", now=start + 10) == 0
    assert hit("pack-copy", "user-1", now=start + 600) == HOUR - 600  # wait for the next window
    assert hit("pack-copy", "user-2", now=start + 600) == 0           # per user
    assert hit("campaign-import", "user-1", now=start + 600) == 0     # per action
    assert hit("pack-copy", "user-1", now=start + HOUR) == 0          # a new window


def test_a_limit_of_zero_or_an_unknown_action_is_unlimited(settings) -> None:
    settings.RATE_LIMITS = {"pack-copy": (0, HOUR)}
    assert all(hit("pack-copy", "user-1") == 0 for _ in range(50))
    assert hit("no-such-action", "user-1") == 0


def test_the_defaults_come_from_the_environment_helpers(settings) -> None:
    assert settings.RATE_LIMITS["campaign-import"] == (20, HOUR)
    assert settings.RATE_LIMITS["pack-copy"] == (30, HOUR)
    assert settings.RATE_LIMITS["pack-import"] == (20, HOUR)  # ready for cards' import page


def _import(client: Client) -> int:
    upload = SimpleUploadedFile("x.json", b"{not json", content_type="application/json")
    return client.post(reverse("campaign:import"), {"file": upload}).status_code


def test_campaign_import_answers_429_over_the_limit(tight, alice_client: Client, bob) -> None:
    assert [_import(alice_client) for _ in range(3)] == [200, 200, 429]  # refused files count too
    response = alice_client.post(reverse("campaign:import"), {})
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    page = response.content.decode()
    assert "You can import campaign backups at most 2 times in 60 min." in page
    assert alice_client.get(reverse("campaign:import")).status_code == 200  # the form still shows
    alice_client.force_login(bob)
    assert _import(alice_client) == 200


def test_the_view_does_not_run_over_the_limit(tight, alice_client: Client, alice) -> None:
    original = Campaign.start(make_pack(), "Limits", alice, [(alice, "Alice"), (None, "Bob")])
    raw = dumps(export_campaign(original)).encode()
    statuses = [alice_client.post(reverse("campaign:import"), {
        "file": SimpleUploadedFile("b.json", raw, content_type="application/json")}).status_code
        for _ in range(3)]
    assert statuses == [302, 302, 429]
    assert Campaign.objects.count() == 3  # the original and two imports


def test_pack_copies_answer_429_over_the_limit(tight, alice_client: Client, alice) -> None:
    builtin = make_pack("limit-test")
    url = reverse("cards:copy", args=[builtin.pk])
    assert [alice_client.post(url).status_code for _ in range(3)] == [302, 302, 429]
    assert ContentPack.objects.filter(owner=alice).count() == 2


def test_the_429_page_speaks_russian(tight, alice_client: Client) -> None:
    alice_client.cookies["django_language"] = "ru"
    for _ in range(2):
        _import(alice_client)
    page = alice_client.post(reverse("campaign:import"), {}).content.decode()
    assert "Слишком много запросов" in page
    assert "Можно импортировать резервные копии кампаний не более 2 раз за 60 мин." in page


def test_counts_are_rows_and_passed_windows_are_cleared(settings) -> None:
    """Each process reads and adds to the same row; a new window clears the passed ones."""
    settings.RATE_LIMITS = {"pack-copy": (1, HOUR)}
    start = 7 * HOUR
    assert hit("pack-copy", "user-1", now=start) == 0
    assert hit("pack-copy", "user-1", now=start + 1) == HOUR - 1
    assert list(RateCount.objects.values_list("key", "count")) == [
        (f"ratelimit:pack-copy:user-1:{start}", 2)]
    assert hit("pack-copy", "user-2", now=start + HOUR + 5) == 0
    assert list(RateCount.objects.values_list("key", flat=True)) == [
        f"ratelimit:pack-copy:user-2:{start + HOUR}"]


def test_match_creation_is_limited_per_user(settings, alice_client, core_pack_for_limits) -> None:
    """Issue 10: starting matches is rate limited too; over the limit nothing is created."""
    from play.models import Match

    settings.RATE_LIMITS = {"match-create": (2, HOUR)}
    form = {"deck": f"pack-{core_pack_for_limits.pk}", "opponent": "random"}
    statuses = [alice_client.post(reverse("play:create"), form).status_code for _ in range(3)]
    assert statuses == [302, 302, 429]
    assert Match.objects.count() == 2


@pytest.fixture
def core_pack_for_limits(db) -> ContentPack:
    from pathlib import Path

    from django.conf import settings as django_settings

    from cards.loading import load_pack_file
    return load_pack_file(Path(django_settings.BASE_DIR) / "fixtures" / "packs" / "core-set.json").pack
