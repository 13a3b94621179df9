"""The owner's card form (issue 19): the card typed as it is printed, one language enough.

The printed ability text is read by `cards.parser` into the pack's abilities; what it does not
understand stays on the card as text (`unread`), marked on the page, never dropped. The ability
rows and the JSON box of `CardDesignForm` remain the way to correct a reading.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cards.forms import ABILITY_ROWS, CardDesignForm, ability_rows
from cards.models import CardDesign
from cards.owners.printed import (
    apply_printed,
    printed_text,
    read_card_text,
    set_unread,
    text_language,
)

PRINTED, ROWS, JSON = "printed", "rows", "json"
SOURCE_CHOICES = [(PRINTED, _("the printed text above")), (ROWS, _("the ability rows")),
                  (JSON, _("the JSON box (advanced)"))]
PREVIEWED = ("name_en", "name_ru", "type", "cost", "defense", "outpost", "factions", "quantity",
             "printed")


class PrintedCardForm(CardDesignForm):
    """Add or edit a card: name in one language or both, and its printed ability text."""

    printed = forms.CharField(
        label=_("Ability text, as printed on the card"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
        help_text=_("Type it in English or Russian, as on the card: “+4 Combat. Blob Ally: +2 "
                    "Combat”, “+3 боя. Союз: возьмите карту”. What is not understood stays as "
                    "text and is marked."))

    def __init__(self, *args: Any, design: CardDesign | None, factions: dict[str, str],
                 clone_of: CardDesign | None = None, **kwargs: Any) -> None:
        source = design or clone_of
        super().__init__(*args, design=design, factions=factions, **kwargs)
        for name in ("name_en", "name_ru"):
            self.fields[name].required = False
        self.fields["name_en"].help_text = _("One language is enough.")
        self.fields["abilities_from"].choices = SOURCE_CHOICES
        self.fields["abilities_from"].label = _("Abilities come from")
        self.initial.setdefault("abilities_from", PRINTED)
        if source is not None:
            self._initial_from(source, cloned=design is None)
        if design is None and clone_of is not None:  # the copy's rows show the source's effects
            self.add_ability_rows("ab", ABILITY_ROWS, factions, ability_rows(clone_of.abilities))
        preview = reverse("cards:owner_card_preview", kwargs={"pk": self.pack.pk})
        for name in PREVIEWED:
            self.fields[name].widget.attrs.update({
                "hx-post": preview, "hx-trigger": "input changed delay:400ms, change",
                "hx-target": "#card-preview", "hx-swap": "outerHTML",
                "hx-include": "closest form",
                # the latest edit's preview wins: a slower answer to an earlier edit (or to the
                # page's first preview) is aborted, never swapped in over a newer one
                "hx-sync": "closest form:replace"})

    def _initial_from(self, source: CardDesign, *, cloned: bool) -> None:
        card = next((c for c in self.pack.working_data.get("cards", [])
                     if c.get("id") == source.slug), {})
        text = printed_text(card, "en") if card else ""
        self.initial["printed"] = text
        if not text.strip() and card.get("abilities"):  # given as effects from the start
            self.initial["abilities_from"] = self.initial.get("abilities_from") or ROWS
        elif _read_as_printed(card, text, self.pack.working_data) or not card.get("abilities"):
            self.initial["abilities_from"] = PRINTED
        else:  # corrected by rows or JSON: saving as shown must keep the correction
            self.initial["abilities_from"] = (ROWS if ability_rows(card.get("abilities"))
                                              is not None else JSON)
        if cloned:
            self.initial.update({
                "name_en": source.name_en and gettext("%(name)s (copy)") % {"name": source.name_en},
                "name_ru": source.name_ru and f"{source.name_ru} (копия)",
                "type": source.type, "cost": source.cost, "defense": source.defense,
                "outpost": source.outpost, "factions": source.factions,
                "quantity": source.quantity, "role": source.role,
                "abilities": source.abilities, "flavor_en": "", "flavor_ru": ""})

    def main_fields(self) -> list[Any]:
        """Return the bound fields above the printed text: what is on the card's frame."""
        return [self[n] for n in ("name_en", "name_ru", "type", "factions", "cost", "defense",
                                  "outpost", "quantity", "role")]

    def text_fields(self) -> list[Any]:
        return [self[n] for n in ("printed", "abilities_from")]

    def flavor_fields(self) -> list[Any]:
        return [self[n] for n in ("flavor_en", "flavor_ru")]

    def source(self) -> str:
        if not self.is_bound:  # the page opens on where the card's effects come from
            return self.initial.get("abilities_from") or PRINTED
        return self.data.get("abilities_from") or (JSON if "abilities" in self.data else PRINTED)

    def clean(self) -> dict[str, Any]:
        name_en = (self.data.get("name_en") or "").strip()
        name_ru = (self.data.get("name_ru") or "").strip()
        if not name_en and not name_ru:
            self.add_error("name_en", gettext("Give the card's name, in English or Russian."))
        if (self.data.get("type") == "base" and not self.data.get("defense")
                and not self.errors.get("defense")):
            self.add_error("defense", gettext("A base needs its defense."))
        return super().clean()

    def abilities_value(self, cleaned: dict[str, Any]) -> list[Any]:
        if self.source() == PRINTED:
            return []  # apply_to reads the printed text once the card's factions are set
        return super().abilities_value(cleaned)

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        prefix = super().apply_to(data, cleaned)
        position = self.design.position if self.design else len(data["cards"]) - 1
        card = data["cards"][position]
        text = cleaned.get("printed") or ""
        if self.source() == PRINTED:
            self.reading = apply_printed(card, text, data)
        else:  # corrected by rows or JSON: those are the effects; the printed text stays
            if text.strip():
                card["printed"] = {text_language(text): text.strip()}
            set_unread(card, [])
        if not card.get("flavor") or not any(card["flavor"].values()):
            card.pop("flavor", None)
        return prefix


def _read_as_printed(card: dict[str, Any], text: str, pack_data: dict[str, Any]) -> bool:
    """Return whether the card's effects are what its printed text reads to (not corrected)."""
    if not text.strip():
        return False
    reading = read_card_text(text, pack_data, card.get("factions") or [])
    unread = [part.text for part in reading.unknown]
    return reading.abilities == card.get("abilities") and unread == (card.get("unread") or [])
