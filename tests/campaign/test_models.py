"""Campaign models: the append-only log, versions, races, soft delete, who sees what."""
from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from campaign.models import Campaign, StaleVersion
from campaign.state import EventRefused


def test_apply_event_appends_bumps_version_and_refreshes_the_cache(started: Campaign) -> None:
    assert started.version == 2
    assert list(started.events.values_list("seq", "kind")) == [(1, "sides_chosen"),
                                                               (2, "scenario_opened")]
    assert started.current_state.scenario == 1
    assert Campaign.objects.get(pk=started.pk).state == started.state


def test_event_records_who_made_it(started: Campaign) -> None:
    event = started.events.get(seq=1)
    assert event.actor.username == "alice" and event.actor_name == "alice"


def test_stale_version_is_refused_and_nothing_changes(started: Campaign, bob) -> None:
    before = (started.version, dict(started.state), started.events.count())
    with pytest.raises(StaleVersion):
        started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, bob, 1)
    started.refresh_from_db()
    assert (started.version, started.state, started.events.count()) == before


def test_refused_event_changes_nothing(started: Campaign, alice) -> None:
    with pytest.raises(EventRefused, match="Scenarios open in order"):
        started.apply_event("scenario_opened", {"number": 3}, alice, 2)
    started.refresh_from_db()
    assert started.version == 2 and started.events.count() == 2


def test_two_submissions_against_one_version_apply_exactly_once(started: Campaign, alice, bob) -> None:
    """Simulated race: both players loaded version 2; the second submission must be refused."""
    first = Campaign.objects.get(pk=started.pk)
    second = Campaign.objects.get(pk=started.pk)
    first.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    with pytest.raises(StaleVersion):
        second.apply_event("game_recorded", {"winner": "federation", "how": "authority"}, bob, 2)
    assert started.events.filter(kind="game_recorded").count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_racing_threads_apply_exactly_once(alice, bob, monkeypatch) -> None:
    """Real race, forced: the second writer submits while the first holds the campaign's lock.

    Each thread has its own database connection. The first writer to get the lock pauses inside
    its transaction until the second has started, so the second always meets the lock (PostgreSQL:
    SELECT ... FOR UPDATE; SQLite: BEGIN IMMEDIATE) and then the bumped version. A writer that
    slipped past the lock would be applied too, or crash on the unique (campaign, seq) pair.
    """
    from tests.factories import make_pack
    campaign = Campaign.start(make_pack(), "Race", alice, [(alice, "A"), (bob, "B")])
    first_inside, second_started = threading.Event(), threading.Event()
    next_state = Campaign._next_state

    def paused_next_state(fresh: Campaign, kind: str, payload: dict, seq: int):
        if not first_inside.is_set():  # the first writer, holding the lock
            first_inside.set()
            second_started.wait(5)
            time.sleep(0.2)  # long enough for the second writer to queue on the lock
        return next_state(fresh, kind, payload, seq)

    monkeypatch.setattr(Campaign, "_next_state", staticmethod(paused_next_state))
    outcomes: dict[str, str] = {}

    def submit(wish: str) -> None:
        try:
            if wish == "federation":
                first_inside.wait(5)
                second_started.set()
            Campaign.objects.get(pk=campaign.pk).apply_event(
                "sides_chosen", {"wishes": [wish, "federation"], "coin": 0}, alice, 0)
            outcomes[wish] = "applied"
        except Exception as error:  # noqa: BLE001 - the test counts every outcome
            outcomes[wish] = type(error).__name__
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(w,)) for w in ("empire", "federation")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == {"empire": "applied", "federation": "StaleVersion"}
    campaign.refresh_from_db()
    assert campaign.version == 1 and campaign.current_state.sides["empire"] == 0
    assert list(campaign.events.values_list("seq", "payload__wishes")) == [
        (1, ["empire", "federation"])]


@pytest.mark.django_db
def test_sqlite_transactions_are_immediate_so_writers_queue() -> None:
    """apply_event's lock on SQLite: a writer takes the write lock at BEGIN (see _locked_at)."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL locks the row with SELECT ... FOR UPDATE instead")
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_undo_is_an_event_and_steps_back_one_change(started: Campaign, alice) -> None:
    opened_state = dict(started.state)
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    started.undo(alice, 3)
    assert started.state == opened_state
    assert list(started.events.values_list("kind", flat=True)) == [
        "sides_chosen", "scenario_opened", "game_recorded", "undo"]
    assert started.last_effective_event().kind == "scenario_opened"


def test_undo_with_nothing_left_is_refused(campaign: Campaign, alice) -> None:
    with pytest.raises(EventRefused, match="nothing to undo"):
        campaign.undo(alice, 0)


def test_events_are_append_only(started: Campaign) -> None:
    event = started.events.first()
    event.kind = "forged"
    with pytest.raises(ValueError, match="append-only"):
        event.save()


def test_for_user_lists_seats_and_creator_but_not_deleted(campaign: Campaign, alice, bob,
                                                          outsider) -> None:
    assert list(Campaign.objects.for_user(alice)) == [campaign]
    assert list(Campaign.objects.for_user(bob)) == [campaign]
    assert list(Campaign.objects.for_user(outsider)) == []
    campaign.soft_delete()
    assert list(Campaign.objects.for_user(alice)) == []
    assert list(Campaign.objects.visible_to(alice).deleted()) == [campaign]
    campaign.restore()
    assert list(Campaign.objects.for_user(alice)) == [campaign]


def test_a_core_pack_cannot_run_a_campaign(pack, alice) -> None:
    from campaign.content import ContentError
    pack.data = {**pack.data, "pack": {**pack.data["pack"], "kind": "core"}}
    with pytest.raises(ContentError, match="legacy"):
        Campaign.start(pack, "Nope", alice, [(alice, "A"), (None, "B")])
    assert not Campaign.objects.exists()
