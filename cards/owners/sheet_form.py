"""A sticker sheet row by row (issue 19): each sticker typed as printed, any number of abilities.

Five rows (L13), each with its printed cost and the ship and base stickers' texts. A text is read
like a card's ("and +2 Combat" extends the primary ability, L15); a sticker not fully understood
is kept as its text alone, which the table applies by hand and the site still records.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cards.forms import PackEditForm
from cards.language import active_language, pack_text
from cards.owners.printed import sticker_from_text
from cards.text import ability_text
from cards.validation import PackProblem

ROWS = 5
KINDS = ("ship", "base")


def sticker_initial_text(sticker: Any, lang: str) -> str:
    """Return a stored sticker as the text its form field shows (its own text, or written)."""
    if not isinstance(sticker, dict):
        return ""
    own = pack_text(sticker.get("text"), lang)
    if own:
        return own
    return " ".join(ability_text(a, lang, extends_primary=bool(sticker.get("and")))
                    for a in sticker.get("abilities") or [])


class StickerRowsForm(PackEditForm):
    """Add a sticker sheet (`index` None) or edit one: side, envelope, name, five rows of text."""

    side = forms.ChoiceField(label=_("Side"))
    scenario = forms.TypedChoiceField(label=_("Envelope (scenario)"), coerce=int)
    name_en = forms.CharField(label=_("Name (English)"), max_length=200, required=False)
    name_ru = forms.CharField(label=_("Name (Russian)"), max_length=200, required=False)

    def __init__(self, *args: Any, index: int | None = None, **kwargs: Any) -> None:
        self.index = index
        super().__init__(*args, **kwargs)
        data = self.pack.working_data
        self.fields["side"].choices = [(s.get("id"), pack_text(s.get("name")))
                                       for s in data.get("sides", []) if isinstance(s, dict)]
        opened = [n for n in (1, 2, 3, 4) if n in self.pack.revealed_range] or [1]
        self.fields["scenario"].choices = [(n, gettext("Scenario %(n)s") % {"n": n})
                                           for n in opened]
        for row in range(ROWS):
            self.fields[f"row{row}_cost"] = forms.IntegerField(
                label=_("Printed cost"), min_value=1, max_value=8)
            for kind, label in (("ship", _("Ship sticker")), ("base", _("Base sticker"))):
                self.fields[f"row{row}_{kind}"] = forms.CharField(
                    label=label, max_length=1000, widget=forms.Textarea(attrs={"rows": 2}),
                    error_messages={"required": _("Type the sticker's text.")})
        if index is not None and not self.is_bound:
            self._initial_from(data["sticker_sheets"][index])

    def _initial_from(self, sheet: dict[str, Any]) -> None:
        lang = active_language()
        self.initial.update({"side": sheet.get("side"), "scenario": sheet.get("scenario"),
                             "name_en": pack_text(sheet.get("name"), "en", fallback=False),
                             "name_ru": pack_text(sheet.get("name"), "ru", fallback=False)})
        for row, cost_row in enumerate((sheet.get("rows") or [])[:ROWS]):
            self.initial[f"row{row}_cost"] = cost_row.get("cost")
            for kind in KINDS:
                self.initial[f"row{row}_{kind}"] = sticker_initial_text(cost_row.get(kind), lang)

    def sticker_rows(self) -> list[dict[str, Any]]:
        """Return each row's bound fields for the template."""
        return [{"number": r + 1, "cost": self[f"row{r}_cost"], "ship": self[f"row{r}_ship"],
                 "base": self[f"row{r}_base"]} for r in range(ROWS)]

    def clean(self) -> dict[str, Any]:
        if not (self.data.get("name_en") or "").strip() and not (
                self.data.get("name_ru") or "").strip():
            self.add_error("name_en", gettext("Give the sheet's name, in English or Russian."))
        return super().clean()

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        sheets = data.setdefault("sticker_sheets", [])
        self.texts_alone: list[str] = []
        rows = []
        for r in range(ROWS):
            row: dict[str, Any] = {"cost": cleaned[f"row{r}_cost"]}
            for kind in KINDS:
                row[kind], parsed = sticker_from_text(cleaned[f"row{r}_{kind}"], data)
                if not parsed.complete:
                    self.texts_alone.append(f"row{r}_{kind}")
            rows.append(row)
        sheet = {"side": cleaned["side"], "scenario": cleaned["scenario"],
                 "name": {"en": cleaned["name_en"], "ru": cleaned["name_ru"]}, "rows": rows}
        if self.index is None:
            taken = {s.get("id") for s in sheets if isinstance(s, dict)}
            base = f'{cleaned["side"]}-{cleaned["scenario"]}'
            sheet["id"] = base if base not in taken else f"{base}-{len(sheets) + 1}"
            sheets.append(sheet)
            self.index_saved = len(sheets) - 1
        else:
            sheet["id"] = sheets[self.index]["id"]
            sheets[self.index] = sheet
            self.index_saved = self.index
        return f'sticker_sheets[{self.index_saved}] "{sheet["id"]}"'

    def field_for(self, problem: PackProblem, prefix: str) -> str | None:
        where = problem.path or problem.message
        if not where.startswith(prefix):
            return None
        rest = where[len(prefix):].lstrip(".: ")
        if rest.startswith("rows["):
            row, _sep, field = rest[5:].partition("]")
            field = field.lstrip(".").split(".")[0].split("[")[0]
            name = f"row{row}_{field}" if field in KINDS else f"row{row}_cost"
            return name if name in self.fields else None
        if rest.startswith("name"):
            return "name_en"
        return None
