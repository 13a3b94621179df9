"""A card's or sticker's printed text turned into pack fields, and what still needs effects.

The owner types the text as it is printed; `cards.parser` reads it into abilities. What it does
not understand is kept, never dropped: the card stores its printed text (`printed`) and the parts
not turned into effects (`unread`); a sticker that is not fully understood is kept as text alone
(its `text`, no abilities). The table plays such a card by its text; online play, bots and the
balance method need effects, so they are offered only when nothing is left unread (issue 19).
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cards.parser import ParsedText, pack_faction_names, parse_card_text, parse_sticker_text

CYRILLIC = re.compile("[а-яёА-ЯЁ]")


def text_language(text: str, default: str = "en") -> str:
    """Return "ru" for a text written in Cyrillic, "en" for one in Latin letters."""
    cyrillic = len(CYRILLIC.findall(text or ""))
    latin = len(re.findall("[a-zA-Z]", text or ""))
    if not cyrillic and not latin:
        return default
    return "ru" if cyrillic >= latin else "en"


def read_card_text(text: str, pack_data: Mapping[str, Any], factions: Sequence[str]) -> ParsedText:
    """Read a card's printed text with the pack's faction names ("Ally:" = the card's faction)."""
    return parse_card_text(text, text_language(text), factions=factions,
                           names=pack_faction_names(pack_data))


def read_sticker_text(text: str, pack_data: Mapping[str, Any]) -> ParsedText:
    """Read a sticker's printed text ("and …" extends the card's primary ability, L15)."""
    return parse_sticker_text(text, text_language(text), names=pack_faction_names(pack_data))


def apply_printed(card: dict[str, Any], text: str, pack_data: Mapping[str, Any]) -> ParsedText:
    """Set a card's abilities, printed text and unread parts from its printed text."""
    parsed = read_card_text(text, pack_data, card.get("factions") or [])
    card["abilities"] = parsed.abilities
    if text.strip():
        card["printed"] = {text_language(text): text.strip()}
    else:
        card.pop("printed", None)
    set_unread(card, [part.text for part in parsed.unknown])
    return parsed


def set_unread(card: dict[str, Any], parts: list[str]) -> None:
    """Record the parts of the printed text that are not effects (none: drop the field)."""
    if parts:
        card["unread"] = parts
    else:
        card.pop("unread", None)


def sticker_from_text(text: str, pack_data: Mapping[str, Any]) -> tuple[dict[str, Any], ParsedText]:
    """Return a sticker (with its printed text) and the reading; unread: kept as text alone."""
    parsed = read_sticker_text(text, pack_data)
    lang = text_language(text)
    sticker: dict[str, Any] = {"and": parsed.extends_primary and parsed.complete,
                               "abilities": parsed.abilities if parsed.complete else [],
                               "text": {"en": "", "ru": ""} | {lang: text.strip()}}
    return sticker, parsed


def card_needs_effects(card: Mapping[str, Any]) -> bool:
    """Return whether part of a card's printed text is not given as effects (or the card has no
    effect at all: every card the engine deals does something, none of the shipped sets' cards
    is empty, so an empty one was entered for the table only)."""
    return bool(card.get("unread")) or not card.get("abilities")


def sticker_needs_effects(sticker: Mapping[str, Any]) -> bool:
    """Return whether a sticker is text alone (the table applies it by hand)."""
    return not sticker.get("abilities")


def printed_text(card: Mapping[str, Any], lang: str) -> str:
    """Return the card's printed text as typed (in `lang` if given in it, else the other)."""
    from cards.language import pack_text

    return pack_text(card.get("printed"), lang)
