"""What the database can store: no NUL characters, finite and bounded numbers, short ids."""
from __future__ import annotations

import math
from typing import Any

from cards.validation.report import Part
from cards.validation.vocabulary import MAX_DEPTH, MAX_ID_LENGTH, MAX_INT, MAX_NAME_LENGTH


class StorableCheck(Part):
    """Reports the values that the database columns or PostgreSQL's jsonb cannot hold."""

    def check_storable(self) -> bool:
        """Report NUL characters, non-finite or huge numbers, over-long ids and names.

        Walks without recursion; returns False if the data nests deeper than MAX_DEPTH.
        """
        stack: list[tuple[Any, str, int]] = [(self.data, "", 0)]
        while stack:
            value, path, depth = stack.pop()
            if depth > MAX_DEPTH:
                self.add(self.report.readable(path), f"nested more than {MAX_DEPTH} levels deep")
                return False
            self.check_scalar(value, path)
            if isinstance(value, dict):
                stack += [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in value.items()]
            elif isinstance(value, list):
                stack += [(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
        return True

    def check_scalar(self, value: Any, path: str) -> None:
        """Report one value the database columns or PostgreSQL's jsonb cannot hold."""
        where = self.report.readable(path)
        if isinstance(value, str) and "\x00" in value:
            self.add(where, "contains a NUL character (\\u0000)")
        elif isinstance(value, float) and not math.isfinite(value):
            self.add(where, f"must be a finite number, got {value!r}")
        elif isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            self.add(where, f"numbers beyond {MAX_INT} are not supported")
        elif isinstance(value, str) and path.endswith(".id") and len(value) > MAX_ID_LENGTH:
            self.add(where, f"an id is at most {MAX_ID_LENGTH} characters, got {len(value)}")
        elif (isinstance(value, str) and path.rsplit(".", 2)[-2:-1] in (["name"], ["title"])
              and len(value) > MAX_NAME_LENGTH):
            self.add(where, f"a name is at most {MAX_NAME_LENGTH} characters, got {len(value)}")
