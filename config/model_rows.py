"""Model instances from rows read with plain SQL, exactly as the ORM would build them.

For the few reads and writes made on every request (the match of a move or board in
`play/rows.py`, the user in `config/auth.py`, the save of a move in `play/services.py`): on our
2-core machine the ORM spends about 1 ms building and compiling each query, several times what the
database takes to answer it. `Columns` gives the SELECT list of a model's concrete fields and turns
a row into the instance the ORM would give: the same converters per column (JSON, dates, booleans
on SQLite) and `Model.from_db`. `update_fields` and `insert` write as `save(update_fields=...)`
and `bulk_create` do, with each field's own preparation of its value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.models.fields import AutoFieldMixin

Converter = Callable[[Any, Any, Any], Any]


class Columns:
    """One model's columns in a SELECT: the SQL list and how to turn values into an instance."""

    def __init__(self, model: type[models.Model], alias: str, skip: Sequence[str] = (),
                 using: str = DEFAULT_DB_ALIAS) -> None:
        connection = connections[using]
        fields = [f for f in model._meta.concrete_fields if f.attname not in skip]
        self.model = model
        self.using = using
        self.names = [f.attname for f in fields]
        quote = connection.ops.quote_name
        self.sql = ", ".join(f"{quote(alias)}.{quote(f.column)}" for f in fields)
        self._converters: list[tuple[int, list[Converter], Any]] = []
        for index, field in enumerate(fields):  # what the ORM's compiler applies per column
            column = field.get_col(alias)
            found = (connection.ops.get_db_converters(column)
                     + column.get_db_converters(connection))
            if found:
                self._converters.append((index, found, column))

    def __len__(self) -> int:
        return len(self.names)

    def instance(self, values: Sequence[Any]) -> Any:
        """Return the model instance of one row's values (in the order of `sql`)."""
        connection = connections[self.using]  # this thread's
        values = list(values)
        for index, converters, column in self._converters:
            for convert in converters:
                values[index] = convert(values[index], column, connection)
        return self.model.from_db(self.using, self.names, values)


def update_fields(obj: models.Model, names: Sequence[str]) -> None:
    """Write these fields of a saved instance with one plain UPDATE, as
    `save(update_fields=names)` would (each field's `pre_save` and database preparation; no
    model signals: the callers' models have no receivers)."""
    using = obj._state.db or DEFAULT_DB_ALIAS
    connection = connections[using]
    sql, fields = _update_sql(type(obj), tuple(names), using)
    params = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, obj.pk])


def insert(objs: Sequence[models.Model], using: str = DEFAULT_DB_ALIAS) -> None:
    """Insert new instances of one model with one plain INSERT, as `bulk_create` would (their
    primary keys are not read back)."""
    if not objs:
        return
    connection = connections[using]
    sql, fields = _insert_sql(type(objs[0]), len(objs), using)
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for obj in objs for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@lru_cache(maxsize=64)
def _update_sql(model: type[models.Model], names: tuple[str, ...], using: str
                ) -> tuple[str, list[Any]]:
    quote = connections[using].ops.quote_name
    fields = [model._meta.get_field(name) for name in names]
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    return (f"UPDATE {quote(model._meta.db_table)} SET {assignments} "
            f"WHERE {quote(model._meta.pk.column)} = %s"), fields


@lru_cache(maxsize=64)
def _insert_sql(model: type[models.Model], rows: int, using: str) -> tuple[str, list[Any]]:
    quote = connections[using].ops.quote_name
    fields = [f for f in model._meta.concrete_fields
              if not (f.primary_key and isinstance(f, AutoFieldMixin))]
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return (f"INSERT INTO {quote(model._meta.db_table)} "
            f"({', '.join(quote(f.column) for f in fields)}) VALUES {', '.join([row] * rows)}"
            ), fields
