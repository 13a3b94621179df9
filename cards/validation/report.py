"""What the validator reports: one `PackProblem` per fault, collected in a bounded `Report`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PackProblem:
    """One thing wrong with a pack: where (file and JSON path) and what."""

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return f"{where}: {self.message}"


class PackValidationError(ValueError):
    """A pack that may not be loaded; `problems` lists everything wrong with it."""

    def __init__(self, problems: list[PackProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def card_label(index: int, card: Any) -> str:
    """Return the path prefix that names a card: `cards[12] "kingdom-lancer"`."""
    card_id = card.get("id") if isinstance(card, dict) else None
    return f'cards[{index}] "{card_id}"' if isinstance(card_id, str) else f"cards[{index}]"


class Report:
    """The problems found in one pack so far: the first `limit` of them, the rest only counted."""

    def __init__(self, filename: str, data: dict[str, Any], limit: int | None = None, *,
                 owner: bool = False) -> None:
        self.owner = owner
        self.filename = filename
        self.data = data
        self.limit = limit
        self.problems: list[PackProblem] = []
        self.found = 0  # every problem, also those past the limit

    def add(self, path: str, message: str) -> None:
        """Record one problem (counted only, once the limit is reached)."""
        self.found += 1
        if self.limit is None or len(self.problems) < self.limit:
            self.problems.append(PackProblem(self.filename, path, message))

    def readable(self, path: str) -> str:
        """Put the card id into a `cards[N]...` path so the message names the card."""
        if not path.startswith("cards["):
            return path
        index_text, _, rest = path[len("cards["):].partition("]")
        cards = self.data.get("cards")
        if index_text.isdigit() and isinstance(cards, list) and int(index_text) < len(cards):
            return card_label(int(index_text), cards[int(index_text)]) + rest
        return path

    def require_text(self, holder: dict[str, Any], field: str, path: str) -> None:
        """Report a required text field that is absent (present ones are checked by check_texts)."""
        if not isinstance(holder.get(field), dict):
            self.add(f"{path}.{field}", "missing text (needs en and ru)")


class Part:
    """The checks of one part of the format, reporting into a shared `Report`."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.data = report.data
        self.owner = report.owner
        self.add = report.add
        self.require_text = report.require_text
