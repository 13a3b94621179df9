"""CSV export: one row per physical card, for spreadsheets.

Encoding: UTF-8 with a byte-order mark (BOM) and CRLF line ends, comma-separated, fields quoted
when needed (Python's ``csv`` "excel" dialect). The BOM is what makes Excel read the file as
UTF-8, so Russian names show as Cyrillic instead of mojibake; LibreOffice detects it too.

Columns (header row in English, always these, in this order): ``part``, ``name_en``, ``name_ru``,
``set``, ``type``, ``cost``, ``defense``, ``outpost``, ``factions`` (printed), ``sticker_factions``
(added by the faction sticker, L16), ``ability_text_en`` (the printed text, as on the card before
any sticker), ``sticker_sheet``, ``sticker_row_cost``, ``sticker_text`` (the sticker's own words,
never joined into the printed ones: an "and" sticker would read as part of the last option of a
"choose one"), ``copy_number``, ``played_text_en`` (the card as it plays once upgraded: with its
sticker, L15, and without on-buy, L17; empty without a sticker). ``part``, ``set``, ``type``, faction
names and sticker texts are in the export's language; factions are joined with " + ", abilities
with " | ".
"""
from __future__ import annotations

import csv
import io

from cards.export.deck import Deck, DeckPart, PhysicalCard
from cards.export.packjson import baked_design, sticker_text
from cards.language import pack_text
from cards.text import abilities_text, faction_names

COLUMNS = ("part", "name_en", "name_ru", "set", "type", "cost", "defense", "outpost", "factions",
           "sticker_factions", "ability_text_en", "sticker_sheet", "sticker_row_cost",
           "sticker_text", "copy_number", "played_text_en")
WORDS = {
    "en": {"ship": "Ship", "base": "Base", "yes": "yes", "no": "no"},
    "ru": {"ship": "Корабль", "base": "База", "yes": "да", "no": "нет"},
}


def dumps(deck: Deck, lang: str = "en") -> bytes:
    """Return the CSV file's bytes (UTF-8 with BOM, CRLF)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, dialect="excel")  # excel: CRLF line ends, minimal quoting
    writer.writerow(COLUMNS)
    names = {code: faction_names(deck.pack_data, code) for code in ("en", lang)}
    for part, card in deck.cards:
        writer.writerow(row(deck, part, card, lang, names))
    return buffer.getvalue().encode("utf-8-sig")


def row(deck: Deck, part: DeckPart, card: PhysicalCard, lang: str,
        names: dict[str, dict[str, str]]) -> list[str]:
    """Return the cells of one physical card, in COLUMNS order."""
    design, sticker, words = card.design, card.sticker, WORDS.get(lang, WORDS["en"])
    played = baked_design(card) if sticker else design
    outpost = words["yes"] if design.get("outpost") else words["no"]
    return [
        pack_text(part.name, lang), pack_text(design.get("name"), "en"), pack_text(design.get("name"), "ru"),
        pack_text(deck.pack_data.get("pack", {}).get("name"), lang),
        words.get(str(design.get("type")), str(design.get("type", ""))),
        _number(design.get("cost")), _number(design.get("defense")),
        outpost if design.get("type") == "base" else "",
        " + ".join(names[lang].get(f, f) for f in design.get("factions", [])),
        names[lang].get(sticker.side, sticker.side) if sticker else "",
        " | ".join(abilities_text(design.get("abilities", []), "en", names["en"])),
        pack_text(sticker.sheet_name, lang) if sticker else "",
        str(sticker.cost) if sticker else "",
        sticker_text(sticker, lang, names[lang]) if sticker else "",
        str(card.copy_number),
        " | ".join(abilities_text(played.get("abilities", []), "en", names["en"])) if sticker else "",
    ]


def _number(value: object) -> str:
    return "" if value is None else str(value)
