"""Parse JSON typed or uploaded by a visitor, refusing what would crash the code behind it.

`json.loads` alone is not enough for untrusted input: ten thousand nested brackets raise
RecursionError (a 500); a "\\u0000" inside a string, and 1e400 or NaN (Python reads them as
inf/nan), are accepted by Python but refused by PostgreSQL's jsonb (a DataError, another 500, and
only on PostgreSQL). Content packs and campaign backups are never nested more than a few levels,
so a generous depth limit refuses nothing real.
"""
from __future__ import annotations

import json
import math
from typing import Any

from django.utils.translation import gettext as _

MAX_DEPTH = 64


class JSONInputError(ValueError):
    """The text cannot be accepted; the message says why, for the person who sent it."""


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Return the parsed JSON; raise JSONInputError for bad, too deep or NUL-carrying input."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONInputError(_("Invalid JSON at line %(line)s, column %(col)s: %(msg)s")
                             % {"line": exc.lineno, "col": exc.colno, "msg": exc.msg}) from None
    except (ValueError, RecursionError):  # undecodable bytes; absurd nesting
        raise JSONInputError(_("This is not readable JSON.")) from None
    check_value(value, max_depth)
    return value


def check_value(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raise JSONInputError if ``value`` nests too deep, holds a NUL or a non-finite number."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
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
