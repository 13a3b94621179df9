"""A deck to export: parts, each a list of physical cards (design, stickers, copy number).

A :class:`Deck` is what every export format reads. It is built from pack JSON that is already
filtered for spoilers (``cards.visibility.visible_data``): the formats never see more than the
exporting player may. The whole-pack builder lives here; the campaign's builders live in
``campaign/deck.py`` (cards/ must not import campaign/).
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import slugify

from cards.language import pack_text
from play.engine import StickerRef

Text = dict[str, str]

# Whole-pack parts, in the order they are exported, with the roles each holds.
PACK_PARTS: tuple[tuple[str, tuple[str, ...], Text, str], ...] = (
    ("trade", ("trade",), {"en": "Trade deck", "ru": "Торговая колода"}, "trade"),
    ("starting", ("scout", "viper", "starter"),
     {"en": "Starting cards", "ru": "Стартовые карты"}, "personal"),
    ("explorers", ("explorer",), {"en": "Explorers", "ru": "Исследователи"}, "trade"),
    ("tokens", ("token",), {"en": "Scenario cards", "ru": "Карты сценариев"}, "trade"),
    ("post_campaign", ("post_campaign",),
     {"en": "Post-campaign pack", "ru": "Послекампанейский набор"}, "trade"),
)


@dataclass(frozen=True)
class Sticker:
    """An ability sticker put on a copy (L12): its id, sheet, row cost, text and upgrader."""

    id: str
    sheet_name: Text
    cost: int
    kind: str
    data: dict[str, Any]
    side: str

    @property
    def extends_primary(self) -> bool:
        """Return whether it is an "and" sticker that extends the primary ability (L15)."""
        return bool(self.data.get("and"))


@dataclass(frozen=True)
class PhysicalCard:
    """One card on the table: a design, the role it plays in this deck, copy number, sticker."""

    design: dict[str, Any]
    role: str
    copy_number: int
    sticker: Sticker | None = None

    @property
    def card_id(self) -> str:
        return str(self.design["id"])

    def name(self, lang: str) -> str:
        return pack_text(self.design.get("name"), lang)


@dataclass(frozen=True)
class DeckPart:
    """A named pile of the deck (trade deck, a side's personal deck, explorers...)."""

    key: str
    name: Text
    back: str  # which card back the renderer draws: "trade" or "personal"
    cards: tuple[PhysicalCard, ...]


@dataclass(frozen=True)
class Deck:
    """Everything an export writes: the (visible) pack data, a title, a file stem, the parts."""

    pack_data: dict[str, Any]
    title: Text
    stem: str
    parts: tuple[DeckPart, ...]
    header: dict[str, Any] = field(default_factory=dict)

    @property
    def cards(self) -> list[tuple[DeckPart, PhysicalCard]]:
        """Return every physical card with its part, in export order."""
        return [(part, card) for part in self.parts for card in part.cards]

    def __len__(self) -> int:
        return sum(len(part.cards) for part in self.parts)

    def filename(self, extension: str) -> str:
        """Return the download's file name: the title as a slug plus ``extension``."""
        return f"{self.stem}.{extension}"


def file_stem(title: str, fallback: str) -> str:
    """Return a safe ASCII file stem for a title (Cyrillic titles fall back to ``fallback``)."""
    return slugify(title)[:80].strip("-") or fallback


def pack_deck(data: dict[str, Any]) -> Deck:
    """Return every card of a pack times its quantity, grouped by role (trade, starting, ...)."""
    designs = [c for c in data.get("cards", []) if isinstance(c, dict)]
    parts = []
    for key, roles, name, back in PACK_PARTS:
        cards = tuple(PhysicalCard(copy.deepcopy(d), d["role"], n)
                      for d in designs if d.get("role") in roles
                      for n in range(1, int(d.get("quantity", 1)) + 1))
        if cards:
            parts.append(DeckPart(key, name, back, cards))
    header = data.get("pack", {})
    title = header.get("name") if isinstance(header.get("name"), dict) else {"en": "", "ru": ""}
    return Deck(pack_data=data, title=dict(title), parts=tuple(parts), header=dict(header),
                stem=file_stem(pack_text(title, "en"), str(header.get("id", "pack"))))


def sticker_of(data: dict[str, Any], sticker_id: str, side: str) -> Sticker:
    """Return the Sticker for an id ``sheet:cost:kind`` of ``data``; KeyError if unknown."""
    try:
        ref = StickerRef.parse(sticker_id)
    except ValueError:
        raise KeyError(sticker_id) from None
    for sheet in data.get("sticker_sheets", []):
        if sheet.get("id") != ref.sheet_id:
            continue
        for row in sheet.get("rows", []):
            if row.get("cost") == ref.cost and isinstance(row.get(ref.kind), dict):
                return Sticker(sticker_id, dict(sheet.get("name") or {}), ref.cost, ref.kind,
                               copy.deepcopy(row[ref.kind]), side)
    raise KeyError(sticker_id)


def plain(value: Any) -> Any:
    """Return a JSON-clean deep copy (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))

