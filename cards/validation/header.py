"""The pack header (`format`, `pack`) and the two languages of every text object."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cards.validation.report import Part
from cards.validation.vocabulary import KINDS, LANGUAGES, is_int


def iter_texts(value: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (path, text object) for every {"en"/"ru": ...} object anywhere inside `value`."""
    if isinstance(value, dict):
        if value and set(value) <= set(LANGUAGES):
            yield path, value
            return
        for key, item in value.items():
            yield from iter_texts(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from iter_texts(item, f"{path}[{i}]")


class HeaderCheck(Part):
    """Checks the header and the texts anywhere in the pack."""

    def check_header(self) -> str | None:
        """Check `format` and `pack`; return the pack kind when it is known."""
        if self.data.get("format") != 1:
            self.add("format", f"must be 1, got {self.data.get('format')!r}")
        header = self.data.get("pack")
        if not isinstance(header, dict):
            self.add("pack", "missing pack header object")
            return None
        if not isinstance(header.get("id"), str) or not header.get("id"):
            self.add("pack.id", "missing pack id")
        if not is_int(header.get("version"), 1):
            self.add("pack.version", f"must be an integer >= 1, got {header.get('version')!r}")
        if header.get("kind") not in KINDS:
            self.add("pack.kind", f'must be "core" or "legacy", got {header.get("kind")!r}')
            return None
        self.require_text(header, "name", "pack")
        return header["kind"]

    def check_texts(self) -> None:
        """Every text object anywhere needs non-empty English and Russian (an owner's set: one)."""
        readable = self.report.readable
        for path, value in iter_texts(self.data, ""):
            if self.owner:
                if not any(isinstance(value.get(lang), str) and value[lang].strip()
                           for lang in LANGUAGES):
                    self.add(readable(path), "missing text (give it in English or Russian)")
                continue
            for lang in LANGUAGES:
                text = value.get(lang)
                if not isinstance(text, str) or not text.strip():
                    self.add(f"{readable(path)}.{lang}", "missing text")
