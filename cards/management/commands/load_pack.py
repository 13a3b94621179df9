"""`manage.py load_pack PATH`: validate a content pack and store it as a builtin pack."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.loading import PackConflict, load_pack_file
from cards.validation import PackValidationError


class Command(BaseCommand):
    help = "Validate and load a content pack JSON file (idempotent; nothing written on error)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="pack JSON file")
        parser.add_argument("--replace", action="store_true",
                            help="overwrite a loaded pack of the same id and version")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = load_pack_file(options["path"], replace=options["replace"])
        except PackValidationError as exc:
            for problem in exc.problems:
                self.stdout.write(str(problem))
            raise CommandError(f"{len(exc.problems)} problem(s); nothing was loaded") from exc
        except PackConflict as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(self.style.SUCCESS(result.summary()))
