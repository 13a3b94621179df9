"""What one physical card face shows: a design, its stickers and its copy number.

A `CardFace` holds canonical JSON strings rather than dicts, so it is hashable, immutable and its
cache key is a plain hash of its fields. Sticker ids are `<sheet id>:<cost>:<ship|base>`
(docs/content-format.md); they are parsed here rather than through `campaign.content`, because
`cards` must not depend on the campaign app.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from play.engine import StickerRef

LANGS = ("en", "ru")
UPGRADABLE_ROLES = ("trade", "post_campaign")


def canonical(value: Any) -> str:
    """Return the canonical JSON of `value` (sorted keys, no spaces, UTF-8 kept)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _texts(value: Any) -> tuple[tuple[str, str], ...]:
    """Return a two-language text as ((lang, text), ...), English standing in for a gap."""
    if isinstance(value, Mapping):
        english = str(value.get("en") or "")
        return tuple((lang, str(value.get(lang) or english)) for lang in LANGS)
    plain = "" if value is None else str(value)
    return tuple((lang, plain) for lang in LANGS)


@dataclass(frozen=True)
class StickerFace:
    """One applied upgrade: the ability sticker of a sheet row and the sheet side's faction."""

    id: str
    side: str
    extends_primary: bool
    abilities_json: str
    text: tuple[tuple[str, str], ...] = ()

    @cached_property
    def abilities(self) -> list[dict[str, Any]]:
        return json.loads(self.abilities_json)

    def text_in(self, lang: str) -> str:
        """Return the sticker's own text override in `lang` ("" when it has none)."""
        return dict(self.text).get(lang, "")


@dataclass(frozen=True)
class CardFace:
    """Everything drawn on one face; equal faces draw the same image."""

    design_json: str
    set_name: tuple[tuple[str, str], ...]
    faction_names: tuple[tuple[str, str, str], ...]  # (id, en, ru)
    legacy: bool = False
    stickers: tuple[StickerFace, ...] = ()
    copy_number: int | None = None

    @cached_property
    def design(self) -> dict[str, Any]:
        return json.loads(self.design_json)

    @property
    def card_id(self) -> str:
        return str(self.design.get("id", ""))

    @property
    def upgradable(self) -> bool:
        """Return whether the layout keeps room for stickers (legacy trade/post-campaign cards)."""
        return bool(self.stickers) or (
            self.legacy and self.design.get("role", "trade") in UPGRADABLE_ROLES)

    def factions_in(self, lang: str) -> dict[str, str]:
        """Return {faction id: name in `lang`}."""
        index = 1 if lang == "en" else 2
        return {row[0]: row[index] for row in self.faction_names}

    def set_name_in(self, lang: str) -> str:
        return dict(self.set_name).get(lang, "")

    def canonical(self) -> str:
        """Return the canonical JSON of everything this face draws (the cache key's input)."""
        return canonical({
            "design": self.design_json, "set": self.set_name, "factions": self.faction_names,
            "legacy": self.legacy, "copy": self.copy_number,
            "stickers": [[s.id, s.side, s.extends_primary, s.abilities_json, s.text]
                         for s in self.stickers],
        })


def _faction_rows(pack_data: Mapping[str, Any]) -> tuple[tuple[str, str, str], ...]:
    rows: dict[str, tuple[str, str, str]] = {}
    for entry in list(pack_data.get("factions") or []) + list(pack_data.get("sides") or []):
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
            names = dict(_texts(entry.get("name")))
            rows.setdefault(entry["id"], (entry["id"], names["en"], names["ru"]))
    return tuple(sorted(rows.values()))


def sticker_of(pack_data: Mapping[str, Any], sticker_id: str) -> StickerFace:
    """Return the sticker `sticker_id` of the pack; raise KeyError when there is none."""
    try:
        ref = StickerRef.parse(sticker_id)
    except ValueError as error:
        raise KeyError(str(error)) from None
    sheet_id, cost, kind = ref.sheet_id, ref.cost, ref.kind
    for sheet in pack_data.get("sticker_sheets") or []:
        if not isinstance(sheet, Mapping) or sheet.get("id") != sheet_id:
            continue
        for row in sheet.get("rows") or []:
            if isinstance(row, Mapping) and row.get("cost") == cost and kind in row:
                data = row[kind] if isinstance(row[kind], Mapping) else {}
                return StickerFace(
                    id=f"{sheet_id}:{cost}:{kind}", side=str(sheet.get("side") or ""),
                    extends_primary=bool(data.get("and", False)),
                    abilities_json=canonical(list(data.get("abilities") or [])),
                    text=_texts(data["text"]) if data.get("text") else (),
                )
    raise KeyError(f"no sticker {sticker_id!r} in this pack")


def sheet_of(sticker_id: str) -> str:
    """Return the sheet id of a sticker id; raise KeyError when the id has the wrong shape."""
    try:
        return StickerRef.parse(sticker_id).sheet_id
    except ValueError as error:
        raise KeyError(str(error)) from None


def face_from_design(pack_data: Mapping[str, Any], design: Mapping[str, Any], *,
                     stickers: Iterable[str | StickerFace] = (),
                     copy_number: int | None = None) -> CardFace:
    """Return the face of a design dict, with stickers given as ids of `pack_data` or objects."""
    applied = tuple(s if isinstance(s, StickerFace) else sticker_of(pack_data, s)
                    for s in stickers)
    pack = pack_data.get("pack") if isinstance(pack_data.get("pack"), Mapping) else {}
    return CardFace(
        design_json=canonical(dict(design)), set_name=_texts(pack.get("name")),
        faction_names=_faction_rows(pack_data), legacy=pack.get("kind") == "legacy",
        stickers=applied, copy_number=copy_number,
    )


def face_of(pack_data: Mapping[str, Any], card_id: str, *, sticker_id: str | None = None,
            copy_number: int | None = None) -> CardFace:
    """Return the face of card `card_id` of the pack; raise KeyError for an unknown id."""
    for design in pack_data.get("cards") or []:
        if isinstance(design, Mapping) and design.get("id") == card_id:
            return face_from_design(pack_data, design,
                                    stickers=(sticker_id,) if sticker_id else (),
                                    copy_number=copy_number)
    raise KeyError(f"no card {card_id!r} in this pack")
