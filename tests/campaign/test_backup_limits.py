"""Issue 10, finding 1 and schema checks: a backup with dates or versions out of range is refused.

Before the fix, "9999-12-31T23:59:59-12:00" (year 10000 in UTC) was accepted on PostgreSQL and
then made the history, export and undo pages answer 500; on SQLite the import itself was a 500.
"""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaign.backup import BackupError, export_campaign, import_campaign
from campaign.models import Campaign


@pytest.mark.parametrize("date", [
    "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "1969-12-31T23:59:59+00:00",
    "9000-01-01T00:00:00+00:00", "2026-13-01T00:00:00+00:00", "yesterday", 20260105, None,
])
def test_backup_with_an_out_of_range_or_bad_date_is_refused_and_stores_nothing(
        started: Campaign, alice, date) -> None:
    data = export_campaign(started)
    data["events"][0]["created_at"] = date
    with pytest.raises(BackupError, match="Event 1 has a"):
        import_campaign(json.dumps(data), alice)
    assert Campaign.objects.count() == 1


def test_dates_in_range_import_in_utc_whatever_their_offset(started: Campaign, alice) -> None:
    data = export_campaign(started)
    data["events"][0]["created_at"] = "2026-01-05T23:30:00-05:00"
    data["events"][1]["created_at"] = "2026-01-06T04:31:00"  # no offset: read as UTC
    imported = import_campaign(json.dumps(data), alice)
    first, second = imported.events.order_by("seq")[:2]
    assert first.created_at.isoformat() == "2026-01-06T04:30:00+00:00"
    assert second.created_at.isoformat() == "2026-01-06T04:31:00+00:00"


@pytest.mark.parametrize("version", ["2", 2.0, True, None, [2]])
def test_schema_version_must_be_a_whole_number(started: Campaign, alice, version) -> None:
    data = export_campaign(started)
    data["schema_version"] = version
    with pytest.raises(BackupError, match="whole number"):
        import_campaign(json.dumps(data), alice)
    assert Campaign.objects.count() == 1


def test_import_page_shows_the_date_error_and_creates_nothing(started: Campaign, alice,
                                                              alice_client) -> None:
    data = export_campaign(started)
    data["events"][0]["created_at"] = "9999-12-31T23:59:59-12:00"
    upload = json.dumps(data).encode()
    response = alice_client.post(reverse("campaign:import"), {
        "file": SimpleUploadedFile("backup.json", upload, content_type="application/json"),
        "seat": "auto"})
    assert response.status_code == 200
    assert "Event 1 has a bad date" in response.content.decode()
    assert Campaign.objects.count() == 1
