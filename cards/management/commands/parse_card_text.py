"""`manage.py parse_card_text --lang en|ru [--factions F[,F]] TEXT`: read printed card text.

Prints the card's `abilities` (docs/content-format.md) as one JSON line and exits 0 when every
part of the text was understood; otherwise prints what was understood, names each part it did
not understand on stderr and exits 1. TEXT "-" reads the text from standard input.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.parser import UnknownPart, fold, pack_faction_names, parse_card_text

SHIPPED_PACKS = Path(settings.BASE_DIR) / "fixtures" / "packs"
REASONS = {
    "not_understood": "not understood",
    "ally_faction": "an ally ability without a faction, and the card's faction is unclear "
                    "(give exactly one with --factions)",
    "invalid": "not a valid ability",
    "extends": "only a sticker's text may begin with \"and\"",
}


class Command(BaseCommand):
    help = ("Read a card's printed ability text (English or Russian) into pack-format abilities; "
            "print them as one JSON line; exit 1 if a part was not understood.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("text", help='the card text as printed ("-": read standard input)')
        parser.add_argument("--lang", required=True, choices=("en", "ru"),
                            help="the language the text is in")
        parser.add_argument("--factions", default="",
                            help="the card's factions, by id (blob) or by name in that language "
                                 '("Слизни"), separated by commas; "Ally:" alone means this one')

    def handle(self, *args: Any, **options: Any) -> None:
        text = sys.stdin.read() if options["text"] == "-" else options["text"]
        names = shipped_faction_names()
        factions = [faction_id(value, names) for value in options["factions"].split(",")
                    if value.strip()]
        parsed = parse_card_text(text, options["lang"], factions=factions, names=names)
        self.stdout.write(json.dumps(parsed.abilities, ensure_ascii=False))
        for part in parsed.unknown:
            self.stderr.write(describe(part))
        if parsed.unknown:
            raise CommandError(f"{len(parsed.unknown)} part(s) of the text not understood",
                               returncode=1)


def describe(part: UnknownPart) -> str:
    """Return one line naming a part of the text that was not understood."""
    line = f"{REASONS.get(part.reason, part.reason)}: \"{part.text}\" " \
           f"(characters {part.start + 1}-{part.end})"
    return f"{line}: {part.detail}" if part.detail else line


def shipped_faction_names() -> dict[str, tuple[str, ...]]:
    """Return the faction names of the packs that ship with the site, in every language."""
    packs = [json.loads(path.read_text(encoding="utf-8"))
             for path in sorted(SHIPPED_PACKS.glob("*.json"))]
    return pack_faction_names(*packs)


def faction_id(value: str, names: dict[str, tuple[str, ...]]) -> str:
    """Return the faction id of an id or a name; a new lowercase id is taken as it is."""
    wanted = fold(value.strip())
    for faction, spellings in names.items():
        if wanted == faction or wanted in {fold(n) for n in spellings}:
            return faction
    if re.fullmatch(r"[a-z][a-z0-9_-]*", value.strip()):
        return wanted
    known = ", ".join(sorted(names))
    raise CommandError(f"unknown faction {value!r} (known: {known})", returncode=2)
