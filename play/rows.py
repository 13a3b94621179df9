"""The reads every move and every board makes, in plain SQL; all other reads use the ORM.

Why: on our 2-core machine the ORM spends about 1 ms building and compiling each query, several
times what PostgreSQL takes to answer it, and a move or a board used to spend a third of its CPU
there. These few reads are written once as SQL (per database vendor, cached) and their rows are
turned into the very model instances the ORM would give (`config.model_rows.Columns`: the same
converters per column, `Model.from_db`), the pack and the seats attached as `select_related`
and `prefetch_related` would. Nothing downstream knows the difference; `tests/play/test_rows.py`
compares every read with its ORM twin.

A match comes with its pack (without the pack's `data` column: `Match.content_packs` takes it from
memory) and its seats in index order; the campaign, when there is one, loads lazily.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import connection

from cards.models import ContentPack
from config.model_rows import Columns
from play.models import Match, MatchSeat


@lru_cache(maxsize=16)
def _match_query(vendor: str, with_state: bool, lock: bool) -> tuple[str, Columns, Columns]:
    """Return the SQL reading a match and its pack by id, and the two column readers."""
    match = Columns(Match, "m", skip=() if with_state else ("state",))
    pack = Columns(ContentPack, "p", skip=("data",))
    quote = connection.ops.quote_name
    sql = (f'SELECT {match.sql}, {pack.sql} FROM {quote(Match._meta.db_table)} "m" '
           f'INNER JOIN {quote(ContentPack._meta.db_table)} "p" ON "p"."id" = "m"."pack_id" '
           f'WHERE "m"."id" = %s')
    if lock and connection.features.has_select_for_update:
        of = ('"m"',) if connection.features.has_select_for_update_of else ()
        sql += " " + connection.ops.for_update_sql(of=of)
    return sql, match, pack


@lru_cache(maxsize=4)
def _seats_query(vendor: str) -> tuple[str, Columns]:
    seats = Columns(MatchSeat, "s")
    quote = connection.ops.quote_name
    return (f'SELECT {seats.sql} FROM {quote(MatchSeat._meta.db_table)} "s" '
            f'WHERE "s"."match_id" = %s ORDER BY "s"."index"'), seats


def match_with_seats(pk: int, *, with_state: bool = True, lock: bool = False) -> Match | None:
    """Return match `pk` with its pack and seats (None if there is none).

    `lock` reads the match row under `SELECT … FOR UPDATE` (call it inside a transaction);
    without `with_state` the state stays deferred (it loads on first use).
    """
    sql, match_columns, pack_columns = _match_query(connection.vendor, with_state, lock)
    seats_sql, seat_columns = _seats_query(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        row = cursor.fetchone()
        if row is None:
            return None
        cursor.execute(seats_sql, [pk])
        seat_rows = cursor.fetchall()
    match = match_columns.instance(row[:len(match_columns)])
    match.pack = pack_columns.instance(row[len(match_columns):])
    _attach_seats(match, [seat_columns.instance(r) for r in seat_rows])
    return match


def _attach_seats(match: Match, seats: list[MatchSeat]) -> None:
    """Make `match.seats.all()` answer `seats` without a query, as `prefetch_related` does."""
    for seat in seats:
        seat.match = match
    queryset = match.seats.all()
    queryset._result_cache = seats
    queryset._prefetch_done = True
    match._prefetched_objects_cache = {"seats": queryset}


def seated_version(pk: int, user_id: int) -> tuple[int, str] | None:
    """Return (version, status) of match `pk` if `user_id` holds a seat in it, else None.

    The cheap answer of a board poll: one indexed query, no state read or decoded."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT "m"."version", "m"."status" FROM {quote(Match._meta.db_table)} "m" '
            f'WHERE "m"."id" = %s AND EXISTS (SELECT 1 FROM {quote(MatchSeat._meta.db_table)} "s" '
            f'WHERE "s"."match_id" = "m"."id" AND "s"."user_id" = %s)', [pk, user_id])
        row = cursor.fetchone()
    return (row[0], row[1]) if row else None
