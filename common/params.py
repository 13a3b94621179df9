"""Strict parsing of ids, counts and tokens typed into URLs and forms.

`str.isdigit()` accepts superscripts and other Unicode digits ("²".isdigit() is True) that
`int()` then refuses, which turned `?campaign=²` into a 500. Ids are ASCII digits only, at most 18
of them: every such number fits a 64-bit integer column, while `/play/9223372036854775808/`
(2**63) once overflowed SQLite's integers in a plain-SQL read (a 500 where PostgreSQL said 404).
The same rules hold in paths (issue 25 F4, F5):

- importing this module registers the `<id:…>` path converter, which every urls.py uses instead
  of Django's `<int:…>`: 1-18 ASCII digits, given to the view as an int; anything longer does not
  match, so Django answers 404 before a view runs;
- `RefuseControlCharacters` (a middleware) answers 404 to a path holding a control character. No
  invite token, card id or export format holds one, and PostgreSQL refuses a NUL in any text it is
  asked to compare: `/play/join/%00/` was a 500 there, and so was an admin page of django-q's
  tasks, whose ids are text.
"""
from __future__ import annotations

import re

from django.http import Http404, HttpRequest
from django.urls import register_converter
from django.utils.deprecation import MiddlewareMixin

ID_DIGITS = "[0-9]{1,18}"
_ASCII_ID = re.compile(ID_DIGITS)


def parse_id(raw: object) -> int | None:
    """Return the non-negative integer spelt by `raw` in ASCII digits, else None.

    >>> parse_id("42"), parse_id("²"), parse_id(" 7"), parse_id(None)
    (42, None, None, None)
    """
    if isinstance(raw, str) and _ASCII_ID.fullmatch(raw):
        return int(raw)
    return None


class IdConverter:
    """A path's id or number: 1-18 ASCII digits (always within 64 bits)."""

    regex = ID_DIGITS

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")

CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class RefuseControlCharacters(MiddlewareMixin):
    """Answer 404 to a path holding a control character (codes 0-31, 127 and 128-159), on every page.

    MiddlewareMixin makes it sync and async capable, like common.csp: the streams stay async.
    """

    def process_request(self, request: HttpRequest) -> None:
        if CONTROL_CHARACTER.search(request.path_info):
            raise Http404("a control character in the path")
