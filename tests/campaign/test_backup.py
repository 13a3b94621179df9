"""Backups: export, import as a new identical campaign, schema migration, refusals."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign.backup import BackupError, dumps, export_campaign, import_campaign
from campaign.models import Campaign

V1_FIXTURE = Path(__file__).parent / "fixtures" / "backup-v1.json"


@pytest.fixture
def played(started: Campaign, alice, bob) -> Campaign:
    started.apply_event("game_recorded", {
        "winner": "federation", "how": "authority",
        "upgrades": [{"copy": "kingdom-ship-2#2", "sticker": "federation-1:2:ship",
                      "side": "federation"}],
        "vp_cards": [{"card": "s1-first-blood", "side": "empire"}]}, bob, 2)
    started.apply_event("scenario_opened", {"number": 2}, bob, 3)
    started.undo(alice, 4)
    return started


def test_round_trip_export_import_export_is_identical(played: Campaign, outsider) -> None:
    exported = dumps(export_campaign(played))
    copy = import_campaign(exported, outsider)
    assert copy.pk != played.pk
    assert copy.state == played.state and copy.version == played.version
    assert dumps(export_campaign(copy)) == exported


def test_imported_campaign_belongs_to_the_importer_seated_in_the_first_seat(played, outsider
                                                                          ) -> None:
    """No seat is named like "outsider": the importer takes the first seat, the other is open."""
    copy = import_campaign(dumps(export_campaign(played)), outsider)
    assert copy.creator == outsider
    assert [(s.name, s.user) for s in copy.seats.all()] == [("Alice", outsider), ("Bob", None)]


def test_importer_takes_the_seat_named_like_them(played, bob) -> None:
    copy = import_campaign(dumps(export_campaign(played)), bob)
    assert [(s.name, s.user) for s in copy.seats.all()] == [("Alice", None), ("Bob", bob)]
    assert copy in Campaign.objects.for_user(bob)


@pytest.mark.parametrize(("choice", "users"), [("1", [None, "outsider"]), ("none", [None, None])])
def test_importer_may_pick_the_other_seat_or_none(played, outsider, choice, users) -> None:
    copy = import_campaign(dumps(export_campaign(played)), outsider, choice)
    assert [s.user and s.user.username for s in copy.seats.all()] == users


def test_export_names_the_pack_and_schema(played: Campaign) -> None:
    data = export_campaign(played)
    assert data["schema_version"] == 2
    assert data["pack"] == {"slug": "test-legacy", "version": 1, "checksum": played.pack.checksum}
    assert [e["kind"] for e in data["events"]][-1] == "undo"


def test_schema_1_backup_imports_through_the_migration(pack, alice) -> None:
    imported = import_campaign(V1_FIXTURE.read_text(), alice)
    assert imported.name == "An old campaign"
    assert imported.current_state.scenario == 1
    assert imported.current_state.vp_cards["empire"] == ["s1-victory"]
    assert export_campaign(imported)["schema_version"] == 2


@pytest.mark.parametrize("raw, message", [
    ("not json {", "not JSON"),
    ('{"hello": 1}', "not a Starledger campaign backup"),
    ('{"schema_version": 99, "format": "starledger-campaign"}', "schema version 99"),
])
def test_broken_or_foreign_file_is_refused_and_creates_nothing(pack, alice, raw, message) -> None:
    with pytest.raises(BackupError, match=message):
        import_campaign(raw, alice)
    assert not Campaign.objects.exists()


def test_backup_breaking_the_rules_is_refused_and_creates_nothing(played, alice) -> None:
    data = export_campaign(played)
    data["events"][1]["payload"]["number"] = 5
    with pytest.raises(BackupError, match="Scenarios open in order"):
        import_campaign(json.dumps(data), alice)
    assert Campaign.objects.count() == 1


def test_backup_of_a_missing_or_changed_pack_is_refused(played, alice) -> None:
    data = export_campaign(played)
    data["pack"]["checksum"] = "0" * 64
    with pytest.raises(BackupError, match="checksum"):
        import_campaign(json.dumps(data), alice)
    data["pack"]["slug"] = "elsewhere"
    with pytest.raises(BackupError, match="not on this site"):
        import_campaign(json.dumps(data), alice)
    assert Campaign.objects.count() == 1


def test_events_out_of_order_are_refused(played, alice) -> None:
    data = export_campaign(played)
    data["events"][0]["seq"] = 7
    with pytest.raises(BackupError, match="out of order"):
        import_campaign(json.dumps(data), alice)
