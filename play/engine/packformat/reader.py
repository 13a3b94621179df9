"""The base of the pack loader: the current JSON path, error messages and small type checks."""

from __future__ import annotations

from typing import Any

from ..errors import PackError
from .vocabulary import KNOWN_FACTIONS


class Reader:
    """Walks a pack once, keeping the current JSON path for error messages."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.where = ""
        self.bits: dict[str, int] = {f: 1 << i for i, f in enumerate(KNOWN_FACTIONS)}
        self.card_ids: set[str] = set()
        self.seen: set[str] = set()

    # -- errors and small checks ----------------------------------------------------------------

    def fail(self, path: str, message: str) -> PackError:
        parts = [p for p in (self.source and self.source + ":", self.where) if p]
        prefix = " ".join(parts)
        location = f"{prefix}: {path}" if prefix and path else (prefix or path)
        return PackError(f"{location}: {message}" if location else message)

    def obj(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {show(value)}")
        return value

    def entry(self, section: str, i: int, raw: Any, what: str) -> tuple[dict, str]:
        """Start reading `section[i]`: an object with a non-empty string id; return it and its
        id, with the path of later errors naming the id."""
        self.where = f"{section}[{i}]"
        raw = self.obj(raw, "")
        entry_id = raw.get("id")
        if not isinstance(entry_id, str) or not entry_id:
            raise self.fail("id", f"missing {what} id")
        self.where = f'{section}[{i}] "{entry_id}"'
        return raw, entry_id

    def lst(self, value: Any, path: str) -> list:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {show(value)}")
        return value

    def int_(self, value: Any, path: str, low: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(path, f"expected an integer, got {show(value)}")
        if low is not None and value < low:
            raise self.fail(path, f"must be at least {low}, got {value}")
        return value

    def choice(self, value: Any, options: tuple, path: str, what: str) -> Any:
        if value not in options:
            raise self.fail(path, f"unknown {what} {show(value)} (expected one of "
                                  f"{', '.join(map(str, options))})")
        return value

    def text(self, value: Any, path: str) -> dict:
        value = self.obj(value, path)
        for lang in ("en", "ru"):
            if not isinstance(value.get(lang), str):
                raise self.fail(f"{path}.{lang}", "missing text (both en and ru are needed)")
        return value

    def keys(self, value: dict, allowed: tuple, path: str) -> None:
        for key in value:
            if key not in allowed:
                raise self.fail(f"{path}.{key}", f"unknown field {show(key)}")

    def faction(self, value: Any, path: str) -> str:
        if value not in self.bits:
            raise self.fail(path, f"unknown faction {show(value)}")
        return value

    def single(self, raw: Any, path: str, what: str) -> tuple[str, Any]:
        raw = self.obj(raw, path)
        if len(raw) != 1:
            raise self.fail(path, f"an {what} has exactly one key, got {sorted(raw)}")
        return next(iter(raw.items()))

    def fields(self, raw: Any, path: str, allowed: tuple) -> dict:
        raw = self.obj(raw, path)
        self.keys(raw, allowed, path)
        return raw


def show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."
