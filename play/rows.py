"""The reads every move and every board makes, written as SQL once; all other reads use the ORM.

Why: on our 2-core machine the ORM spends about 1 ms building and compiling each query, several
times what PostgreSQL takes to answer it, and a move or a board used to spend a third of its CPU
there. These few reads are written once per database (column and table names taken from the
models' fields, cached) and go through `Manager.raw()`, Django's public way to run hand-written
SQL: it applies each column's converters and builds the model instances itself. The seats come as
`Match.seat_list`, the attribute a `Prefetch(..., to_attr="seat_list")` would fill; the pack's
header is joined into the match's row and set on its relation (two queries a read, not three).
`tests/play/test_rows.py` compares every read with its ORM twin.

A match comes with its pack's header (its `data` is not read: `Match.content_packs` takes it from
memory; the pack's other JSON and dates load on first use) and its seats in index order; the
campaign, when there is one, loads lazily.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import connection, models

from cards.models import ContentPack
from play.models import Match, MatchSeat


def _columns(model: type[models.Model], skip: tuple[str, ...] = ()) -> str:
    quote = connection.ops.quote_name
    return ", ".join(quote(f.column) for f in model._meta.concrete_fields if f.name not in skip)


def _where(model: type[models.Model], field: str) -> str:
    quote = connection.ops.quote_name
    return (f"FROM {quote(model._meta.db_table)} "
            f"WHERE {quote(model._meta.get_field(field).column)} = %s")


# The pack's columns read with its match: those whose values each field's `to_python()` turns
# into what the ORM gives on every database (numbers, text, booleans). The rest (its JSON and
# dates) stay deferred and load on first use; a move or a board needs none of them.
PACK_FIELDS = tuple(f for f in ContentPack._meta.concrete_fields
                    if isinstance(f, (models.IntegerField, models.CharField, models.TextField,
                                      models.BooleanField, models.ForeignKey, models.AutoField)))
PACK_ALIAS = "pack__"  # the prefix naming the pack's columns in the match's row


@lru_cache(maxsize=16)
def _queries(vendor: str, with_state: bool, lock: bool) -> tuple[str, str]:
    """Return the SQL reading a match joined with its pack's header, and its seats, by match id."""
    quote = connection.ops.quote_name
    match_table, pack_table = quote(Match._meta.db_table), quote(ContentPack._meta.db_table)
    match_columns = ", ".join(f"{match_table}.{quote(f.column)}"
                              for f in Match._meta.concrete_fields
                              if with_state or f.name != "state")
    pack_columns = ", ".join(f"{pack_table}.{quote(f.column)} AS {quote(PACK_ALIAS + f.attname)}"
                             for f in PACK_FIELDS)
    match = (f"SELECT {match_columns}, {pack_columns} FROM {match_table} "
             f"INNER JOIN {pack_table} ON {pack_table}.{quote(ContentPack._meta.pk.column)} = "
             f"{match_table}.{quote(Match._meta.get_field('pack').column)} "
             f"WHERE {match_table}.{quote(Match._meta.pk.column)} = %s")
    if lock and connection.features.has_select_for_update:
        # Only the match's row: a pack is shared by every match played with it.
        of = (match_table,) if connection.features.has_select_for_update_of else ()
        match += " " + connection.ops.for_update_sql(of=of)
    index = connection.ops.quote_name(MatchSeat._meta.get_field("index").column)
    seats = f"SELECT {_columns(MatchSeat)} {_where(MatchSeat, 'match')} ORDER BY {index}"
    return match, seats


def _pack_of(match: Match) -> ContentPack:
    """Build the pack from the columns the joined read left on `match` (and take them off it)."""
    values = [field.to_python(match.__dict__.pop(PACK_ALIAS + field.attname))
              for field in PACK_FIELDS]
    return ContentPack.from_db(connection.alias, [f.attname for f in PACK_FIELDS], values)


def match_with_seats(pk: int, *, with_state: bool = True, lock: bool = False) -> Match | None:
    """Return match `pk` with its pack and seats (None if there is none).

    `lock` reads the match row under `SELECT … FOR UPDATE` (call it inside a transaction);
    without `with_state` the state stays deferred (it loads on first use).
    """
    match_sql, seats_sql = _queries(connection.vendor, with_state, lock)
    match = next(iter(Match.objects.raw(match_sql, [pk])), None)
    if match is None:
        return None
    match.pack = _pack_of(match)
    match.seat_list = list(MatchSeat.objects.raw(seats_sql, [pk]))
    for seat in match.seat_list:
        seat.match = match
    return match


@lru_cache(maxsize=4)
def _seated_query(vendor: str) -> str:
    quote = connection.ops.quote_name

    def column(model: type[models.Model], field: str) -> str:
        return f"{quote(model._meta.db_table)}.{quote(model._meta.get_field(field).column)}"

    return (f"SELECT {column(Match, 'id')}, {column(Match, 'version')}, "
            f"{column(Match, 'status')} FROM {quote(Match._meta.db_table)} "
            f"WHERE {column(Match, 'id')} = %s AND EXISTS (SELECT 1 "
            f"FROM {quote(MatchSeat._meta.db_table)} WHERE {column(MatchSeat, 'match')} = "
            f"{column(Match, 'id')} AND {column(MatchSeat, 'user')} = %s)")


def seated_version(pk: int, user_id: int) -> tuple[int, str] | None:
    """Return (version, status) of match `pk` if `user_id` holds a seat in it, else None.

    The cheap answer of a board poll: one indexed query, no state read or decoded."""
    found = next(iter(Match.objects.raw(_seated_query(connection.vendor), [pk, user_id])), None)
    return (found.version, found.status) if found is not None else None
