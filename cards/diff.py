"""What differs between two versions of a set, by name, in the page's language (issue 19).

Shown before an import replaces a set, on the staged changes page, and when a save is refused
because the set changed meanwhile (409): the owner sees which cards, sheets, scenarios and VP
cards were added, removed or changed, and which of their fields.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from cards.language import pack_text

CARD_FIELDS = ("name", "type", "cost", "defense", "outpost", "factions", "quantity", "role",
               "abilities", "printed", "flavor")


@dataclass(frozen=True)
class Change:
    """One part added, removed or changed; `fields` names the changed fields."""

    action: str  # "added" | "removed" | "changed"
    part: str
    name: str
    fields: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        values = {"part": self.part, "name": self.name, "fields": ", ".join(self.fields)}
        if self.action == "added":
            return _("Added: %(part)s “%(name)s”") % values
        if self.action == "removed":
            return _("Removed: %(part)s “%(name)s”") % values
        return _("Changed: %(part)s “%(name)s” (%(fields)s)") % values


def _field_names() -> dict[str, str]:
    return {"name": _("name"), "type": _("type"), "cost": _("cost"), "defense": _("defense"),
            "outpost": _("outpost"), "factions": _("factions"), "quantity": _("copies"),
            "role": _("role"), "abilities": _("abilities"), "printed": _("printed text"),
            "flavor": _("flavour text"), "rows": _("stickers"), "sides": _("rules and choices"),
            "title": _("title"), "story": _("story"), "points": _("points"),
            "award": _("how it is won"), "text": _("text"), "vp_cards": _("VP cards")}


def _blank(value: Any) -> Any:
    """Return None for a value that says "nothing" (a missing key and `false` read the same)."""
    return None if value is None or value is False or value in ("", [], {}) else value


def _by(items: Any, key: str) -> dict[Any, Mapping[str, Any]]:
    return {i.get(key): i for i in items or [] if isinstance(i, Mapping)}


def _section(old: Any, new: Any, key: str, part: str, name: Any,
             fields: tuple[str, ...]) -> list[Change]:
    before, after, words = _by(old, key), _by(new, key), _field_names()
    changes = [Change("removed", part, name(i)) for k, i in before.items() if k not in after]
    for k, item in after.items():
        if k not in before:
            changes.append(Change("added", part, name(item)))
            continue
        changed = [words.get(f, f) for f in fields
                   if _blank(before[k].get(f)) != _blank(item.get(f))]
        if changed:
            changes.append(Change("changed", part, name(item), changed))
    return changes


def pack_diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    """Return the changes from set `old` to set `new`, cards first."""
    named = lambda item: pack_text(item.get("name")) or str(item.get("id", ""))
    return [
        *_section(old.get("cards"), new.get("cards"), "id", _("card"), named, CARD_FIELDS),
        *_section(old.get("sticker_sheets"), new.get("sticker_sheets"), "id", _("sticker sheet"),
                  named, ("name", "rows")),
        *_section(old.get("scenarios"), new.get("scenarios"), "number", _("scenario"),
                  lambda s: f'{s.get("number")}. {pack_text(s.get("title"))}',
                  ("title", "story", "sides", "vp_cards")),
        *_section(old.get("vp_cards"), new.get("vp_cards"), "id", _("VP card"), named,
                  ("name", "points", "award", "text")),
    ]


def trade_copies(data: Mapping[str, Any]) -> dict[str, int]:
    """Return the trade-deck copies per faction id (L8: 20 each in a whole box)."""
    counts: dict[str, int] = {}
    for card in data.get("cards") or []:
        if isinstance(card, Mapping) and card.get("role") == "trade":
            for faction in card.get("factions") or ["-"]:
                counts[faction] = counts.get(faction, 0) + int(card.get("quantity") or 0)
    return counts
