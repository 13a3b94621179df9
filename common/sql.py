"""The few writes every move makes, as SQL written once per model and field list.

Why: the ORM builds and compiles an UPDATE or INSERT anew on every call, about 1 ms of CPU each
on our 2-core machine, several times what the database takes to run it; a move makes three
(its actions, the match, the seat's "seen" mark) and the move budget is 30 ms for everything
(benchmarks/web_load.py). These helpers keep what the ORM would give a caller:

- table and column names come from the models' fields, each value is prepared by its field's
  own `get_db_prep_save()` (JSON encoded, dates made naive on SQLite, and so on);
- an update names the rows it expects to change and raises `RowCountMismatch` (the transaction
  rolls back) when the database changed another number; an insert checks the same;
- an insert of many rows goes through `executemany`, one statement prepared once, so there is
  no statement with thousands of placeholders to split into batches;
- a model that has `pre_save`/`post_save` receivers is written through the ORM instead, so no
  signal is ever skipped (`save_fields`).

`tests/common/test_sql.py` compares each write with its ORM twin on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from django.db import DatabaseError, connections, models, router
from django.db.models.signals import post_save, pre_save


class RowCountMismatch(DatabaseError):
    """The database changed another number of rows than the write expected."""


def _quote(alias: str, name: str) -> str:
    return connections[alias].ops.quote_name(name)


def _fields(model: type[models.Model], names: Sequence[str]) -> list[models.Field]:
    return [model._meta.get_field(name) for name in names]


@lru_cache(maxsize=64)
def _update_sql(model: type[models.Model], names: tuple[str, ...], where: tuple[str, ...],
                alias: str) -> str:
    table = _quote(alias, model._meta.db_table)
    assignments = ", ".join(f"{_quote(alias, f.column)} = %s" for f in _fields(model, names))
    conditions = " AND ".join(_condition(model, name, alias) for name in where)
    return f"UPDATE {table} SET {assignments} WHERE {conditions}"


def _condition(model: type[models.Model], lookup: str, alias: str) -> str:
    """`name` (equals) or `name__lt` (less than), the two lookups the hot writes need."""
    name, _, operator = lookup.partition("__")
    symbol = {"": "=", "lt": "<"}[operator]
    return f"{_quote(alias, model._meta.get_field(name).column)} {symbol} %s"


@lru_cache(maxsize=64)
def _insert_sql(model: type[models.Model], names: tuple[str, ...], alias: str) -> str:
    columns = ", ".join(_quote(alias, f.column) for f in _fields(model, names))
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {_quote(alias, model._meta.db_table)} ({columns}) VALUES ({marks})"


def _prepared(model: type[models.Model], names: Sequence[str], values: Sequence[Any],
              alias: str) -> list[Any]:
    connection = connections[alias]
    return [field.get_db_prep_save(value, connection)
            for field, value in zip(_fields(model, names), values, strict=True)]


def update_where(model: type[models.Model], values: dict[str, Any],
                 where: dict[str, Any]) -> int:
    """UPDATE the rows of `model` matching `where` (`field` or `field__lt`) with `values`.

    Return how many rows changed (as `QuerySet.update()` does). No signals: neither does
    `QuerySet.update()`."""
    alias = router.db_for_write(model)
    where = {(model._meta.pk.name if name == "pk" else name): value for name, value in where.items()}
    set_names, where_names = tuple(values), tuple(where)
    parameters = _prepared(model, set_names, list(values.values()), alias)
    parameters += _prepared(model, [name.partition("__")[0] for name in where_names],
                            list(where.values()), alias)
    with connections[alias].cursor() as cursor:
        cursor.execute(_update_sql(model, set_names, where_names, alias), parameters)
        return cursor.rowcount


def save_fields(instance: models.Model, names: Sequence[str]) -> None:
    """Write `instance`'s fields `names` to its row, as `save(update_fields=names)` would.

    Raises RowCountMismatch if the row is gone. A model with save signals is saved by the ORM.
    """
    model = type(instance)
    if pre_save.has_listeners(model) or post_save.has_listeners(model):
        instance.save(update_fields=list(names))
        return
    changed = update_where(model, {name: getattr(instance, model._meta.get_field(name).attname)
                                   for name in names}, {"pk": instance.pk})
    if changed != 1:
        raise RowCountMismatch(f"{model.__name__} {instance.pk}: {changed} rows updated, not 1")


def insert_rows(model: type[models.Model], names: Sequence[str],
                rows: Iterable[Sequence[Any]]) -> None:
    """INSERT one row of `model` per item of `rows` (values in the order of `names`).

    For append-only rows nobody reads back in the same request (no instances are returned, so
    none can be left looking unsaved). Raises RowCountMismatch if a row was not inserted."""
    alias = router.db_for_write(model)
    names = tuple(names)
    prepared = [_prepared(model, names, row, alias) for row in rows]
    if not prepared:
        return
    with connections[alias].cursor() as cursor:
        cursor.executemany(_insert_sql(model, names, alias), prepared)
        inserted = cursor.rowcount
    if inserted != len(prepared):
        raise RowCountMismatch(f"{model.__name__}: {inserted} rows inserted, not {len(prepared)}")
