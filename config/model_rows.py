"""Model instances from rows read with plain SQL, exactly as the ORM would build them.

For the few reads made on every request (the match of a move or board in `play/rows.py`, the user
in `config/auth.py`): on our 2-core machine the ORM spends about 1 ms building and compiling each
query, several times what the database takes to answer it. `Columns` gives the SELECT list of a
model's concrete fields and turns a row into the instance the ORM would give: the same converters
per column (JSON, dates, booleans on SQLite) and `Model.from_db`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models

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
