"""A VP card of an opened scenario (issue 19): a counter when one fits, else its text alone.

Awarded "at the table" (`"award": "at_table"`), the card's text says when; the players give it
when they record the game. The engine never sees such a card (`cards.validation.for_engine`),
and a game that has one is not offered online.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cards.forms import VPCardForm
from cards.ids import free_id
from cards.owners.printed import text_language
from cards.validation import AT_TABLE


def _text(value: str) -> dict[str, str]:
    return {"en": "", "ru": ""} | ({text_language(value): value.strip()} if value.strip() else {})


class TableVPCardForm(VPCardForm):
    """Add a VP card: its name and text in one language, awarded by a counter or at the table."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        f = self.fields
        for name in ("name_en", "name_ru", "text_en", "text_ru", "counter", "at_least"):
            f[name].required = False
        f["text_en"].label = _("Text, as printed")
        f["text_en"].widget = forms.Textarea(attrs={"rows": 2})
        del f["text_ru"]
        f["award"].choices = [
            (AT_TABLE, _("by its text: the players decide at the table")),
            *f["award"].choices]
        f["award"].initial = AT_TABLE
        f["name_en"].label = _("Name")
        del f["name_ru"]

    def clean(self) -> dict[str, Any]:
        data = self.data
        if not (data.get("name_en") or "").strip():
            self.add_error("name_en", gettext("Give the VP card's name."))
        if data.get("award") == AT_TABLE and not (data.get("text_en") or "").strip():
            self.add_error("text_en", gettext("Type the card's text: it says who earns it."))
        if data.get("award") != AT_TABLE and not data.get("at_least"):
            self.add_error("at_least", gettext("Give the number to reach, or award it by its "
                                               "text."))
        return super().clean()

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        vps = data.setdefault("vp_cards", [])
        taken = {v.get("id") for v in vps if isinstance(v, dict)}
        name = cleaned["name_en"].strip()
        vp_id = free_id(taken, f"s{self.number} {name}", fallback=f"s{self.number}-vp")
        if cleaned["award"] == AT_TABLE:
            award: Any = AT_TABLE
        else:
            award = {cleaned["award"]: {"count": f"stat:{cleaned['counter']}",
                                        "at_least": cleaned["at_least"]}}
        vps.append({"id": vp_id, "scenario": self.number, "points": cleaned["points"],
                    "name": _text(name), "text": _text(cleaned["text_en"] or name),
                    "award": award})
        for scenario in data.get("scenarios", []):
            if isinstance(scenario, dict) and scenario.get("number") == self.number:
                scenario.setdefault("vp_cards", []).append(vp_id)
        return f'vp_cards[{len(vps) - 1}] "{vp_id}"'
