"""`manage.py export_deck (--campaign ID | --pack SLUG) --format F --output PATH`: export a deck.

A campaign exports its deck as it stands (a finished one: the post-campaign deck, L26); a pack
exports every card of it. ``--format tts`` writes a zip when PATH ends in .zip, else the saved
object's JSON alone; its images are stored for the site at ``--base-url`` to serve.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards import usage
from cards.export.deck import Deck, pack_deck
from cards.export.formats import FORMATS, LANGS, PAPERS, ExportOptions, export
from cards.export.views import tts_images_url
from cards.models import ContentPack


class Command(BaseCommand):
    help = "Export a campaign's deck or a whole pack as json, csv, pdf or tts."

    def add_arguments(self, parser: CommandParser) -> None:
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--campaign", type=int, help="campaign id")
        source.add_argument("--pack", help="slug of a builtin pack (its newest version)")
        parser.add_argument("--format", required=True, choices=FORMATS)
        parser.add_argument("--output", required=True, help="file to write")
        parser.add_argument("--paper", default="a4", choices=PAPERS, help="PDF paper size")
        parser.add_argument("--backs", action="store_true", help="PDF: add mirrored back pages")
        parser.add_argument("--lang", default="en", choices=LANGS)
        parser.add_argument("--base-url", default="",
                            help="tts: the site's address, e.g. https://starledger.example")

    def handle(self, *args: Any, **options: Any) -> None:
        deck = self._campaign(options["campaign"]) if options["campaign"] is not None \
            else self._pack(options["pack"])
        output = Path(options["output"])
        if not output.parent.is_dir():
            raise CommandError(f"no such directory: {output.parent}")
        base = options["base_url"].strip()
        wanted = ExportOptions(
            format=options["format"], lang=options["lang"], paper=options["paper"],
            backs=options["backs"], base_url=tts_images_url(base) if base else "",
            tts_zip=output.suffix.lower() == ".zip")
        if options["format"] == "tts" and not base.startswith(("http://", "https://")):
            raise CommandError("--format tts needs --base-url http(s)://<the site's address>: "
                               "Tabletop Simulator loads the card sheets from there")
        try:
            result = export(deck, wanted)
        except ValueError as error:
            raise CommandError(str(error)) from None
        output.write_bytes(result.content)
        self.stdout.write(self.style.SUCCESS(
            f"{output}: {len(deck)} cards, {options['format']}, {len(result.content)} bytes"))

    def _campaign(self, pk: int) -> Deck:
        deck = usage.campaign_deck(pk)  # the campaign app answers: cards/ must not import it
        if deck is None:
            raise CommandError(f"no campaign {pk}")
        return deck

    def _pack(self, slug: str) -> Deck:
        pack = ContentPack.objects.builtin().filter(slug=slug).order_by("-version").first()
        if pack is None:
            raise CommandError(f"no builtin pack {slug!r} (load it with load_pack first)")
        return pack_deck(pack.data)
