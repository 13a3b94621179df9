"""`manage.py validate_pack PATH [PATH...]`: report every problem of content pack files."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.validation import read_pack_file


class Command(BaseCommand):
    help = "Validate content pack JSON files; exit 1 if any has a problem."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", help="pack JSON files")

    def handle(self, *args: Any, **options: Any) -> None:
        failed = 0
        for path in options["paths"]:
            failed += self._validate(path)
        if failed:
            raise CommandError(f"{failed} of {len(options['paths'])} pack(s) have problems",
                               returncode=1)

    def _validate(self, path: str) -> int:
        """Print the problems of one file (or a one-line OK); return 1 if it is invalid."""
        data, problems = read_pack_file(path)
        for problem in problems:
            self.stdout.write(str(problem))
        if problems:
            return 1
        cards = data["cards"]
        copies = sum(card["quantity"] for card in cards)
        self.stdout.write(self.style.SUCCESS(
            f"{path}: OK ({data['pack']['kind']} pack {data['pack']['id']} "
            f"v{data['pack']['version']}, {len(cards)} designs, {copies} cards)"
        ))
        return 0
