"""The hot reads written as SQL (`play/rows.py`, through `raw()`) give exactly what their ORM
twins give.

Run on SQLite and PostgreSQL (the converters differ: dates, booleans and JSON per database).
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from django.conf import settings
from django.db import DatabaseError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from cards.loading import load_pack_file
from cards.models import ContentPack
from play import creation, rows, services
from play.creation import SeatSpec
from play.models import Match, MatchSeat

COLONY_WARS = Path(settings.BASE_DIR) / "fixtures" / "packs" / "colony-wars.json"


def _fields(instance) -> dict:
    """Every concrete field's value, as the model holds it."""
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def finished_mixed_match(core_pack, alice, bob) -> Match:
    """A finished two-person match mixing Colony Wars in: dates, JSON and null fields set."""
    colony_wars = load_pack_file(COLONY_WARS).pack
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bob", bob)],
                                           seed=5, extra_packs=[colony_wars])
    first = match.turn_seat
    match = services.play(match.pk, first, "end", match.version)
    return services.resign(match.pk, 1 - first, match.version)


def test_a_match_read_in_sql_equals_the_orm_read(finished_mixed_match) -> None:
    orm = Match.objects.select_related("pack").with_seats().get(pk=finished_mixed_match.pk)
    sql = rows.match_with_seats(finished_mixed_match.pk)
    assert _fields(sql) == _fields(orm)
    assert sql.finished is not None and sql.finished == orm.finished  # an aware datetime
    assert isinstance(sql.state, dict) and sql.result == orm.result  # decoded JSON
    pack_fields = {k: v for k, v in _fields(orm.pack).items() if k != "data"}
    assert {k: v for k, v in _fields(sql.pack).items() if k != "data"} == pack_fields
    assert [_fields(s) for s in sql.seat_list] == [_fields(s) for s in orm.seat_list]
    assert [p.pk for p in sql.content_packs()] == [p.pk for p in orm.content_packs()]
    assert sql.content_packs()[1].data == orm.content_packs()[1].data


def test_the_seats_come_with_the_match_and_point_back_to_it(finished_mixed_match, alice) -> None:
    match = rows.match_with_seats(finished_mixed_match.pk)
    with CaptureQueriesContext(connection) as queries:
        seats = list(match.seat_list)
        assert [s.index for s in seats] == [0, 1]
        assert all(s.match is match for s in seats)
        assert match.seat_of(alice).index == 0
        assert str(match) == "Alice – Bob"
        match.content_packs()  # twice: the mixed-in pack ids are remembered per match
    assert len(queries) <= 1  # at most the pack rows of the mixed-in pack


def test_without_state_the_state_is_deferred_and_loads_on_use(finished_mixed_match) -> None:
    match = rows.match_with_seats(finished_mixed_match.pk, with_state=False)
    assert match.get_deferred_fields() == {"state"}
    assert match.state == Match.objects.get(pk=match.pk).state


def test_a_missing_match_reads_as_none(db) -> None:
    assert rows.match_with_seats(987654) is None
    assert rows.seated_version(987654, 1) is None


def test_the_seated_version_answers_only_for_a_seated_user(finished_mixed_match, alice, bob,
                                                           django_user_model) -> None:
    outsider = django_user_model.objects.create_user("carol", password="x")
    match = finished_mixed_match
    assert rows.seated_version(match.pk, alice.pk) == (match.version, "finished")
    assert rows.seated_version(match.pk, bob.pk) == (match.version, "finished")
    assert rows.seated_version(match.pk, outsider.pk) is None


@pytest.mark.django_db(transaction=True)
def test_the_locked_read_holds_the_match_row_and_not_the_shared_pack(core_pack, alice) -> None:
    """On PostgreSQL the joined read of the match says FOR UPDATE OF the match's table: another
    connection cannot lock that match, but can still lock the pack every match shares (and so
    play its own match). SQLite has no row locks and locks the whole file on write instead."""
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bot", bot="heuristic")], seed=2)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked = rows.match_with_seats(match.pk, lock=True)
        assert locked.pk == match.pk
        if connection.vendor == "postgresql":
            assert _lock_elsewhere(Match, match.pk) == "locked"
            assert _lock_elsewhere(ContentPack, core_pack.pk) == "free"
    first = queries.captured_queries[0]["sql"]
    if connection.vendor == "postgresql":
        assert f'FOR UPDATE OF "{Match._meta.db_table}"' in first
    else:
        assert "FOR UPDATE" not in first
    MatchSeat.objects.filter(match=match).delete()
    Match.objects.filter(pk=match.pk).delete()


def _lock_elsewhere(model, pk: int) -> str:
    """Try to lock row `pk` at once from another thread (its own connection): locked or free."""
    outcome = []

    def attempt() -> None:
        try:
            with transaction.atomic():
                model.objects.select_for_update(nowait=True).get(pk=pk)
            outcome.append("free")
        except DatabaseError:
            outcome.append("locked")
        finally:
            connections.close_all()

    worker = threading.Thread(target=attempt)
    worker.start()
    worker.join(timeout=30)
    return outcome[0]


def test_a_move_reads_its_match_pack_and_seats_in_two_queries(finished_mixed_match) -> None:
    with CaptureQueriesContext(connection) as queries:
        match = rows.match_with_seats(finished_mixed_match.pk)
        assert match.pack.checksum and match.pack.slug and isinstance(match.pack.is_builtin, bool)
        assert match.pack.name_en and len(match.seat_list) == 2
    assert len(queries) == 2
