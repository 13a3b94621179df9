"""The hot writes in SQL (`common/sql.py`) store exactly what their ORM twins store, check the
rows they change, and leave signals to the ORM. Run on SQLite and PostgreSQL (the values are
prepared differently: JSON, aware dates)."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save

from common.sql import RowCountMismatch, insert_rows, save_fields, update_where
from play import creation
from play.creation import SeatSpec
from play.models import Match, MatchAction, SeatNotice

WHEN = datetime.datetime(2026, 11, 26, 14, 30, 5, 123456, tzinfo=datetime.UTC)


def _row(model, pk) -> dict:
    """A row as the ORM reads it back, every concrete field."""
    found = model.objects.get(pk=pk)
    return {f.attname: getattr(found, f.attname) for f in model._meta.concrete_fields}


@pytest.fixture
def two_matches(core_pack, alice, bob) -> list[Match]:
    """Two matches of two people (no bot moves first: both start at version 0)."""
    return [creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bob", bob)],
                                           seed=seed) for seed in (3, 4)]


def test_saving_fields_in_sql_stores_what_save_stores(two_matches) -> None:
    ours, theirs = two_matches
    for match in two_matches:
        match.version += 3
        match.state = {"nested": {"list": [1, "two", None]}, "text": "Звёзды"}
        match.result = {"winner": 1, "how": "authority"}
        match.status, match.finished, match.moved_at = Match.Status.FINISHED, WHEN, WHEN
        match.turn_seat = None
    fields = ["version", "state", "result", "status", "finished", "moved_at", "turn_seat"]
    save_fields(ours, fields)
    theirs.save(update_fields=fields)
    mine, orm = _row(Match, ours.pk), _row(Match, theirs.pk)
    differing = {"id", "setup", "seed", "created"}  # the two matches' own
    assert {k: v for k, v in mine.items() if k not in differing} == \
        {k: v for k, v in orm.items() if k not in differing}
    assert mine["finished"] == WHEN and mine["state"]["text"] == "Звёзды"


def test_saving_a_row_that_is_gone_raises_and_rolls_back(two_matches) -> None:
    match = two_matches[0]
    Match.objects.filter(pk=match.pk).update(version=0)
    match.pk = 987654321
    with pytest.raises(RowCountMismatch), transaction.atomic():
        save_fields(match, ["version"])


def test_a_model_with_save_receivers_is_saved_by_the_orm(two_matches) -> None:
    heard = []

    def listen(sender, instance, update_fields, **kwargs) -> None:
        heard.append((instance.pk, sorted(update_fields)))

    post_save.connect(listen, sender=Match)
    try:
        match = two_matches[0]
        match.version = 41
        save_fields(match, ["version"])
    finally:
        post_save.disconnect(listen, sender=Match)
    assert heard == [(match.pk, ["version"])]
    assert Match.objects.get(pk=match.pk).version == 41


def test_inserted_rows_read_back_like_bulk_created_ones(two_matches) -> None:
    ours, theirs = two_matches
    rows = [(ours.pk, 1, "buy 3", 0, WHEN), (ours.pk, 2, "end", 1, WHEN)]
    insert_rows(MatchAction, ("match", "seq", "notation", "seat", "created_at"), rows)
    MatchAction.objects.bulk_create([MatchAction(match=theirs, seq=seq, notation=notation,
                                                 seat=seat, created_at=when)
                                     for _pk, seq, notation, seat, when in rows])

    def actions(match) -> list[tuple]:
        return list(MatchAction.objects.filter(match=match)
                    .values_list("seq", "notation", "seat", "created_at"))

    assert actions(ours) == actions(theirs) == [(1, "buy 3", 0, WHEN), (2, "end", 1, WHEN)]


def test_many_rows_insert_in_one_call_and_a_conflict_inserts_none(two_matches) -> None:
    match = two_matches[0]
    names = ("match", "seq", "notation", "seat", "created_at")
    insert_rows(MatchAction, names, [(match.pk, seq, "end", seq % 2, WHEN)
                                     for seq in range(1, 3001)])
    assert MatchAction.objects.filter(match=match).count() == 3000
    with pytest.raises(IntegrityError), transaction.atomic():  # unique (match, seq)
        insert_rows(MatchAction, names, [(match.pk, 3001, "end", 0, WHEN),
                                         (match.pk, 3000, "end", 0, WHEN)])
    assert MatchAction.objects.filter(match=match).count() == 3000


def test_a_conditional_update_counts_the_rows_it_changed(two_matches) -> None:
    seat = two_matches[0].seats.get(index=0)
    SeatNotice.objects.create(seat=seat, seen_version=5, language="en")
    assert update_where(SeatNotice, {"seen_version": 7, "language": "ru"},
                        {"seat": seat.pk, "seen_version__lt": 7}) == 1
    assert update_where(SeatNotice, {"seen_version": 6, "language": "en"},
                        {"seat": seat.pk, "seen_version__lt": 6}) == 0
    notice = SeatNotice.objects.get(seat=seat)
    assert (notice.seen_version, notice.language) == (7, "ru")
