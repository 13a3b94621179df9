"""Parse JSON typed or uploaded by a visitor, refusing what would crash the code behind it.

`json.loads` alone is not enough for untrusted input: ten thousand nested brackets raise
RecursionError (a 500); a "\\u0000" inside a string, and 1e400 or NaN (Python reads them as
inf/nan), are accepted by Python but refused by PostgreSQL's jsonb (a DataError, another 500, and
only on PostgreSQL). Content packs and campaign backups are never nested more than a few levels,
so a generous depth limit refuses nothing real.

The number of values is limited too (every list item, object key and value, text and number counts
one): whatever reads the JSON next (the pack validator, the engine, the error messages) works per
value, so 400 kB of `[1,1,1,...]` once cost a minute of CPU in the scenario editor. The limits are
five to ten times the largest real thing: the default legacy box holds 9,629 values, its largest
scenario 329.
"""
from __future__ import annotations

import json
import math
from typing import Any

from django.utils.translation import gettext as _

MAX_DEPTH = 64
MAX_FIELD_VALUES = 4_000  # one part typed into an editor field: a scenario, a sheet, abilities
MAX_PACK_VALUES = 50_000  # a whole pack file (the default legacy box: 9,629)


class JSONInputError(ValueError):
    """The text cannot be accepted; the message says why, for the person who sent it."""


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, max_values: int | None = None) -> Any:
    """Return the parsed JSON; raise JSONInputError for bad, too deep, too big or NUL-carrying
    input (`max_values`: at most that many values, None for no limit)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONInputError(_("Invalid JSON at line %(line)s, column %(col)s: %(msg)s")
                             % {"line": exc.lineno, "col": exc.colno, "msg": exc.msg}) from None
    except (ValueError, RecursionError):  # undecodable bytes; absurd nesting
        raise JSONInputError(_("This is not readable JSON.")) from None
    check_value(value, max_depth, max_values)
    return value


def check_value(value: Any, max_depth: int = MAX_DEPTH, max_values: int | None = None) -> None:
    """Raise JSONInputError if ``value`` nests too deep, holds more than ``max_values`` values,
    a NUL or a non-finite number."""
    stack = [(value, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if max_values is not None and seen > max_values:
            raise JSONInputError(_("The JSON holds more than %(n)s values (every item, key, text "
                                   "and number counts one).") % {"n": max_values})
        if depth > max_depth:
            raise JSONInputError(_("The JSON is nested more than %(n)s levels deep.")
                                 % {"n": max_depth})
        if isinstance(item, str) and "\x00" in item:
            raise JSONInputError(_("The JSON contains a NUL character (\\u0000)."))
        if isinstance(item, float) and not math.isfinite(item):
            raise JSONInputError(_("The JSON contains a number that is too large, or NaN."))
        if isinstance(item, dict):
            stack += [(key, depth + 1) for key in item] + [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list):
            stack += [(v, depth + 1) for v in item]
