"""Strict parsing of ids and counts typed into URLs and forms.

`str.isdigit()` accepts superscripts and other Unicode digits ("²".isdigit() is True) that
`int()` then refuses, which turned `?campaign=²` into a 500. Ids are ASCII digits only.
"""
from __future__ import annotations

import re

_ASCII_ID = re.compile(r"[0-9]{1,18}")


def parse_id(raw: object) -> int | None:
    """Return the non-negative integer spelt by `raw` in ASCII digits, else None.

    >>> parse_id("42"), parse_id("²"), parse_id(" 7"), parse_id(None)
    (42, None, None, None)
    """
    if isinstance(raw, str) and _ASCII_ID.fullmatch(raw):
        return int(raw)
    return None
