"""Many cards at once (issue 19): rows pasted from a spreadsheet, or a CSV file.

The first row names the columns, in English or Russian (`name`, `type`, `faction`, `cost`,
`defense`, `copies`, `text` / `название`, `тип`, `фракция`, `стоимость`, `защита`, `копии`,
`текст`); the site's own CSV export is read too (one row per physical card: equal rows are one
design, their count its copies; its `part` column sets the role, its " | " separates abilities). Rows are separated by tabs (a spreadsheet's copy) or by commas
or semicolons. Each row becomes a card; the page shows every row understood or marked before
anything is saved (`PasteCardsForm`, a pack edit like the others).
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cards.forms import PackEditForm, engine_problems_of_part
from cards.ids import free_id
from cards.language import pack_text
from cards.owners.printed import apply_printed, text_language
from cards.validation import PackProblem, card_label

MAX_ROWS = 200
COLUMNS = {
    "name": ("name", "card", "название", "имя", "карта"),
    "name_en": ("name_en", "english name", "name (english)", "название (англ.)"),
    "name_ru": ("name_ru", "russian name", "name (russian)", "название (рус.)"),
    "type": ("type", "тип"),
    "faction": ("faction", "factions", "фракция", "фракции"),
    "cost": ("cost", "price", "стоимость", "цена"),
    "defense": ("defense", "defence", "защита", "прочность"),
    "outpost": ("outpost", "аванпост"),
    "copies": ("copies", "quantity", "count", "количество", "копии", "кол-во", "copy_number"),
    "text": ("text", "printed text", "ability text", "abilities", "ability_text_en", "текст",
             "свойства", "текст свойств"),
    "part": ("part", "часть"),
}
TYPES = {"ship": "ship", "корабль": "ship", "base": "base", "база": "base", "outpost": "base",
         "аванпост": "base"}
YES = ("yes", "y", "true", "1", "да", "+", "x")
# The export's `part` column (cards.export.deck.PACK_PARTS) in either language: the trade deck
# and the post-campaign pack are the owner's cards; starting cards, explorers and scenario cards
# come with every new set (or the scenario forms), so their rows are skipped.
PART_ROLES = {"trade": "trade", "post_campaign": "post_campaign"}
ABILITY_SEPARATOR = re.compile(r"\s*\|\s*")  # the export joins a card's abilities with " | "


@dataclass
class PastedRow:
    """One row: its number in the paste, the card it makes, and what is wrong or unread."""

    number: int
    card: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        return "error" if self.problems else ("marked" if self.unread else "ok")


def _column(heading: str) -> str | None:
    key = re.sub(r"\s+", " ", heading.strip().lower().lstrip("\ufeff"))
    return next((name for name, words in COLUMNS.items() if key in words), None)


def read_table(text: str) -> list[dict[str, str]]:
    """Return the rows of pasted text or CSV as {column: cell}; the first row names them."""
    text = text.lstrip("\ufeff").strip("\n")
    if not text.strip():
        return []
    first = text.splitlines()[0]
    delimiter = "\t" if "\t" in first else (";" if first.count(";") > first.count(",") else ",")
    table = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    columns = [_column(h) for h in table[0]]
    if "name" not in columns and "name_en" not in columns and "name_ru" not in columns:
        raise forms.ValidationError(_("The first row must name the columns, with at least "
                                      "“name” (or “название”)."))
    return [{c: cell.strip() for c, cell in zip(columns, cells) if c}
            for cells in table[1:MAX_ROWS + 2] if any(cell.strip() for cell in cells)]


def part_role(part: str) -> str | None:
    """Return the role of the cards of an export's `part` ("Trade deck"), None to skip them."""
    from cards.export.deck import PACK_PARTS

    key = part.strip().lower()
    for name, _roles, words, _back in PACK_PARTS:
        if key in (name, *(w.lower() for w in words.values())):
            return PART_ROLES.get(name)
    return "trade"  # a part the export never writes: the owner's own column, keep the row


def group_copies(rows: list[dict[str, str]]) -> list[tuple[int, dict[str, str]]]:
    """Return (first row number, row) with equal rows of a CSV export counted as copies."""
    if not rows or "part" not in rows[0]:
        return [(n, row) for n, row in enumerate(rows, start=2)]
    grouped: dict[tuple[str, ...], tuple[int, dict[str, str]]] = {}
    for n, row in enumerate(rows, start=2):
        role = part_role(row.get("part", ""))
        if role is None:
            continue
        key = tuple(row.get(c, "") for c in ("name", "name_en", "name_ru", "type", "cost"))
        if key in grouped:
            grouped[key][1]["copies"] = str(int(grouped[key][1]["copies"]) + 1)
        else:
            grouped[key] = (n, {**row, "copies": "1", "role": role})
    return list(grouped.values())


class PasteCardsForm(PackEditForm):
    """Add the cards of pasted rows or an uploaded CSV; "preview" checks them, nothing saved."""

    rows = forms.CharField(
        label=_("Rows pasted from a spreadsheet"), required=False, max_length=100_000,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "class": "paste-rows"}),
        help_text=_("The first row names the columns: name, type, faction, cost, defense, "
                    "copies, text (or in Russian: название, тип, фракция, стоимость, защита, "
                    "копии, текст)."))
    file = forms.FileField(label=_("…or a CSV file (the columns of the site's CSV export)"),
                           required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pasted: list[PastedRow] = []
        self.first_new = 0

    def clean_rows(self) -> str:
        text = self.cleaned_data.get("rows") or ""
        upload = self.files.get("file") if self.files else None
        if upload is not None:
            try:
                text = upload.read(200_000).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not text.strip():
            raise forms.ValidationError(_("Paste the rows (with their heading row) or choose a "
                                          "file."))
        return text

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        try:
            table = group_copies(read_table(cleaned["rows"]))
        except (forms.ValidationError, csv.Error) as error:
            self.add_error("rows", error if isinstance(error, forms.ValidationError) else str(error))
            return "\x00"
        cards = data["cards"]
        self.first_new = len(cards)
        for number, cells in table:
            row = PastedRow(number, {})
            self.pasted.append(row)
            card = self._card(cells, row, data)
            cards.append(card)
            row.card = card
        return "cards["

    def _card(self, cells: dict[str, str], row: PastedRow, data: dict[str, Any]) -> dict[str, Any]:
        names = self._names(cells)
        taken = {c.get("id") for c in data["cards"] if isinstance(c, dict)}
        card: dict[str, Any] = {
            "id": free_id(taken, names["en"], names["ru"], fallback="card"), "name": names,
            "type": TYPES.get(cells.get("type", "").lower(), cells.get("type", "").lower()),
            "role": cells.get("role", "trade"),
            "factions": self._factions(cells.get("faction", ""), row, data),
            "cost": self._number(cells, "cost", row), "quantity":
                self._number(cells, "copies", row) or 1}
        if card["type"] == "base":
            card["defense"] = self._number(cells, "defense", row)
            card["outpost"] = cells.get("outpost", "").lower() in YES
        text = ABILITY_SEPARATOR.sub("\n", cells.get("text", ""))
        reading = apply_printed(card, text, data)
        row.unread = [part.text for part in reading.unknown]
        from cards.text import abilities_text

        row.lines = abilities_text(card["abilities"])
        return card

    @staticmethod
    def _names(cells: dict[str, str]) -> dict[str, str]:
        names = {"en": cells.get("name_en", ""), "ru": cells.get("name_ru", "")}
        name = cells.get("name", "")
        if name and not names[text_language(name)]:
            names[text_language(name)] = name
        return names

    @staticmethod
    def _number(cells: dict[str, str], column: str, row: PastedRow) -> int | None:
        value = cells.get(column, "")
        if not value:
            return None
        if value.isascii() and value.isdigit() and len(value) < 6:
            return int(value)
        row.problems.append(gettext("“%(value)s” is not a whole number.") % {"value": value})
        return None

    @staticmethod
    def _factions(value: str, row: PastedRow, data: dict[str, Any]) -> list[str]:
        known = {}
        for faction in data.get("factions", []):
            for name in (faction.get("id"), *(faction.get("name") or {}).values()):
                if isinstance(name, str) and name:
                    known[name.lower()] = faction["id"]
        found = []
        for word in re.split(r"\s*[+/,]\s*", value.strip()):
            if word and word.lower() not in known:
                row.problems.append(gettext("Unknown faction “%(name)s”.") % {"name": word})
            elif word:
                found.append(known[word.lower()])
        return found

    def draft_problems(self, data: dict[str, Any], problems: list[PackProblem],
                       prefix: str) -> list[PackProblem]:
        """Return the problems of the pasted cards, each checked by the engine alone too."""
        labels = [card_label(self.first_new + i, row.card) for i, row in enumerate(self.pasted)]
        mine = [p for p in problems if p.path and p.path.startswith(tuple(labels))]
        for label, row in zip(labels, self.pasted):
            mine += engine_problems_of_part(data, [row.card], label)
        return mine

    def add_problems(self, problems: list[PackProblem], prefix: str) -> None:
        """Put each problem on its row (the preview table shows them), none on the form."""
        labels = [card_label(self.first_new + i, row.card) for i, row in enumerate(self.pasted)]
        for problem in problems:
            where = problem.path or problem.message
            row = next((r for label, r in zip(labels, self.pasted) if where.startswith(label)),
                       None)
            text = self.describe(problem)
            if row is None:
                self.add_error(None, text)
            elif text not in row.problems:
                row.problems.append(text)
        if any(row.problems for row in self.pasted):
            self.add_error(None, gettext("Some rows have problems (marked below); nothing was "
                                         "saved. Correct them in the text and check again."))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.pasted and not self.errors and any(r.problems for r in self.pasted):
            self.add_error(None, gettext("Some rows have problems (marked below)."))
            self.new_data = None
        return cleaned


def row_name(row: PastedRow) -> str:
    return pack_text(row.card.get("name")) or str(row.number)
