"""Template tags that show cards as their face pictures: `{% load card_faces %}`.

    {% card_face pack design %}                              a catalogue picture (design or id)
    {% card_face pack "scout" sticker=sid campaign=c copy=2 css="card-img large" %}
    {% copy_face campaign row.copy sticker=row.upgrade.sticker %}   one copy of a campaign's deck
    {% sticker_text pack sticker_id %}                       a sticker's text, never its id
    {% applied_copy campaign sticker_id as copy %}           the copy a campaign put it on
    {% envelope_sheets campaign envelope.number as sheets %} an OPENED envelope's sheets, row by row

Every picture has its width and height (no layout jump), loads lazily and carries alt text with
the card's name, kind, cost, factions and every line of text, as it is drawn (an upgraded copy
with its stickers: L15-L17). The URLs come from `cards.render.urls.face_url`, whose view applies
the spoiler rules; the campaign given here is only the context that may unlock a face.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from cards.language import active_language, pack_text
from cards.render import SIZES
from cards.render.urls import face_url
from cards.text import ability_text, faction_names
from play.engine import StickerRef

register = template.Library()


@register.simple_tag
def card_face(pack: Any, card: Any, sticker: str | None = None, campaign: Any = None,
              copy: int | None = None, css: str = "card-img", lazy: bool = True) -> SafeString:
    """Return an <img> of a card's face (a design object or a card id); "" for an unknown id."""
    card_id = str(getattr(card, "slug", card) or "")
    design = design_of(pack.data, card_id)
    if design is None:
        return SafeString("")
    width, height = SIZES["web"]
    url = face_url(pack, card_id, sticker_id=sticker or None, copy_number=copy,
                   campaign_id=getattr(campaign, "pk", campaign))
    return format_html('<img class="{}" src="{}" alt="{}" width="{}" height="{}"{} '
                       'decoding="async">', css, url, face_alt(pack.data, design, sticker),
                       width, height, SafeString(' loading="lazy"') if lazy else "")


@register.simple_tag
def copy_face(campaign: Any, copy_id: str, sticker: str | None = None,
              css: str = "card-img") -> SafeString:
    """Return the face of one copy ("kingdom-lancer#2") of a campaign's deck, with its sticker.

    A plain copy is drawn without its number, so identical copies share one cached picture.
    """
    card_id, _sep, number = str(copy_id).rpartition("#")
    copy = int(number) if sticker and number.isdigit() else None
    return card_face(campaign.pack, card_id or copy_id, sticker=sticker, campaign=campaign,
                     copy=copy, css=css)


@register.simple_tag
def sticker_text(pack: Any, sticker_id: str) -> str:
    """Return what a sticker says in the active language ("" for an unknown sticker)."""
    sticker, _side = sticker_of(pack.data, sticker_id)
    return "; ".join(sticker_lines(sticker, active_language(), faction_names(pack.data)))


@register.simple_tag
def applied_copy(campaign: Any, sticker_id: str) -> str:
    """Return the copy id a campaign put this sticker on ("" if unused or no campaign)."""
    if campaign is None:
        return ""
    upgrades = campaign.current_state.upgrades
    return next((copy for copy, u in upgrades.items() if u["sticker"] == sticker_id), "")


@register.simple_tag
def envelope_sheets(campaign: Any, number: int) -> list[dict[str, Any]]:
    """Return the sticker sheets of scenario `number` with each sticker's text and use (L13, L14).

    Nothing for an envelope the campaign has not opened (L4): this tag never spoils one.
    A used sticker names the copy it went on, so the page can show that upgraded copy.
    """
    state = campaign.current_state
    if str(number) not in state.scenarios:
        return []
    data, lang = campaign.pack.data, active_language()
    names = faction_names(data, lang)
    on_copy = {u["sticker"]: copy for copy, u in state.upgrades.items()}
    return [{"id": sheet["id"], "name": pack_text(sheet.get("name"), lang),
             "side": side_name(data, sheet.get("side", ""), lang),
             "faction": names.get(sheet.get("side", "")) or side_name(data, sheet.get("side", ""),
                                                                     lang),
             "rows": [_row(sheet, row, state, on_copy, lang, names) for row in sheet.get("rows", [])]}
            for sheet in data.get("sticker_sheets", []) or [] if sheet.get("scenario") == number]


def _row(sheet: dict, row: dict, state: Any, on_copy: dict[str, str], lang: str,
         names: dict[str, str]) -> dict[str, Any]:
    used = state.used_rows.get(sheet["id"], {}).get(str(row.get("cost")))
    stickers = []
    for kind in ("ship", "base"):
        if not isinstance(row.get(kind), dict):
            continue
        sticker_id = f"{sheet['id']}:{row['cost']}:{kind}"
        stickers.append({"id": sticker_id, "kind": kind, "used": used == kind,
                         "text": "; ".join(sticker_lines(row[kind], lang, names)),
                         "copy": on_copy.get(sticker_id) if used == kind else None})
    return {"cost": row.get("cost"), "used": bool(used), "stickers": stickers}


# -- texts (shared with the match board, play/board/) ----------------------------------


def design_of(pack_data: Mapping[str, Any], card_id: str) -> dict[str, Any] | None:
    """Return the card design with this id in a pack's data, or None."""
    return next((c for c in pack_data.get("cards", []) or []
                 if isinstance(c, dict) and c.get("id") == card_id), None)


def sticker_of(pack_data: Mapping[str, Any], sticker_id: str | None) -> tuple[dict, str]:
    """Return (sticker, the side of its sheet) for `sheet:cost:kind`, or ({}, "")."""
    try:
        ref = StickerRef.parse(sticker_id)
    except ValueError:
        return {}, ""
    for sheet in pack_data.get("sticker_sheets", []) or []:
        if sheet.get("id") != ref.sheet_id:
            continue
        for row in sheet.get("rows", []):
            if row.get("cost") == ref.cost and isinstance(row.get(ref.kind), dict):
                return row[ref.kind], sheet.get("side", "")
    return {}, ""


def sticker_lines(sticker: Mapping[str, Any], lang: str, factions: Mapping[str, str]) -> list[str]:
    """Return a sticker's printed text, or one line per ability ("and ..." extends: L15)."""
    printed = pack_text(sticker.get("text"), lang)
    if printed:
        return [printed]
    return [ability_text(a, lang, dict(factions), extends_primary=bool(sticker.get("and")))
            for a in sticker.get("abilities", []) or []]


def card_lines(design: Mapping[str, Any], sticker: Mapping[str, Any] | None, lang: str,
               factions: Mapping[str, str]) -> list[str]:
    """Return a card's lines in the engine's order; an upgraded copy's as play/engine builds it.

    L17: an upgraded copy loses its on-buy ability. L15: an "and" sticker extends the primary
    ability; any other sticker adds its abilities below.
    """
    raw = [a for a in design.get("abilities", []) or [] if isinstance(a, dict)]
    if not sticker:
        return [ability_text(a, lang, dict(factions)) for a in raw]
    kept = [a for a in raw if a.get("when") != "onbuy"]
    lines = [ability_text(a, lang, dict(factions)) for a in kept]
    added = sticker_lines(sticker, lang, factions)
    primary = next((k for k, a in enumerate(kept) if a.get("when") == "primary"), None)
    if sticker.get("and") and primary is not None:
        lines[primary] = " ".join([lines[primary], *added])
        return lines
    return lines + added


def side_name(pack_data: Mapping[str, Any], side: str, lang: str) -> str:
    """Return a campaign side's name (a faction name as fallback, then the id)."""
    for entry in pack_data.get("sides", []) or []:
        if isinstance(entry, dict) and entry.get("id") == side:
            return pack_text(entry.get("name"), lang) or side
    return faction_names(pack_data, lang).get(side, side)


def face_alt(pack_data: Mapping[str, Any], design: Mapping[str, Any],
             sticker_id: str | None = None) -> str:
    """Return the alt text of a face: "Name (Ship, cost 3, Blob). Line one. Line two."."""
    lang = active_language()
    factions = faction_names(pack_data, lang)
    sticker, side = sticker_of(pack_data, sticker_id) if sticker_id else ({}, "")
    name = pack_text(design.get("name"), lang) or design["id"]
    ids = list(design.get("factions", []) or []) + ([side] if side and side not in
                                                     design.get("factions", []) else [])
    lines = card_lines(design, sticker or None, lang, factions)
    return alt_text(name, design, [factions.get(f, f) for f in ids], lines, bool(sticker))


def alt_text(name: str, card: Mapping[str, Any], faction_labels: list[str], lines: list[str],
             upgraded: bool) -> str:
    """Return "Name (Ship, cost 3, Blob, upgraded). Line one. Line two." for a face's alt."""
    if card.get("type") == "base":
        kind = _("Outpost") if card.get("outpost") else _("Base")
        kind += " · " + _("defense %(n)s") % {"n": card.get("defense")}
    else:
        kind = _("Ship")
    meta = [kind]
    if card.get("cost") is not None:
        meta.append(_("cost %(n)s") % {"n": card["cost"]})
    meta += faction_labels
    if upgraded:
        meta.append(_("upgraded"))
    text = " ".join(line if line.endswith((".", "!", "?")) else line + "." for line in lines)
    return f"{name} ({', '.join(meta)}). {text}".strip()
