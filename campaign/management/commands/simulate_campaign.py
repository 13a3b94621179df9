"""`python manage.py simulate_campaign --seed S`: bots play a whole campaign; last line is JSON."""
from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaign.simulation import Simulation, SimulationError
from cards.models import ContentPack


class Command(BaseCommand):
    help = ("Play all 12 scenarios and the after-campaign step with bots, recording each result "
            "through the tracker; print a JSON summary as the last line.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--pack", default="legacy-default", help="slug of a legacy pack")
        parser.add_argument("--bot", default="heuristic", help="engine bot name")

    def handle(self, *args: Any, **options: Any) -> None:
        pack = self._pack(options["pack"])
        try:
            summary = Simulation(pack, options["seed"], options["bot"]).run()
        except SimulationError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(summary, sort_keys=True))

    def _pack(self, slug: str) -> ContentPack:
        """Return the newest builtin pack ``slug``, loading fixtures/packs/<slug>.json if needed."""
        pack = ContentPack.objects.builtin().filter(slug=slug).order_by("-version").first()
        if pack is not None:
            return pack
        path = settings.BASE_DIR / "fixtures" / "packs" / f"{slug}.json"
        if not path.exists():
            raise CommandError(f"no pack {slug!r} in the database and no {path}")
        from cards.loading import load_pack_file
        return load_pack_file(path).pack
