"""`python manage.py demo_campaign USERNAME`: give a user a campaign to look around in.

Used by scripts/serve so a fresh site shows a campaign in progress: bots have played the first
scenarios (recorded through the tracker, like a person's input), the next envelope waits to be
opened. Idempotent: a user who already has the demo campaign keeps it untouched.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaign.models import Campaign
from campaign.simulation import Simulation, SimulationError
from cards.models import ContentPack

DEMO_NAME = "Demo campaign"
DEMO_FRIEND = "Table friend"


class Command(BaseCommand):
    help = "Create a demo campaign for USERNAME with the first scenarios played by bots."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--scenarios", type=int, default=3,
                            help="scenarios the bots play before handing over (default 3)")
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user {options['username']!r}")
        if Campaign.objects.for_user(user).filter(name=DEMO_NAME).exists():
            self.stdout.write(f"{user.username} already has the demo campaign")
            return
        pack = ContentPack.objects.builtin().filter(slug="legacy-default").order_by("-version").first()
        if pack is None:
            raise CommandError("load the default pack first (manage.py load_pack "
                               "fixtures/packs/legacy-default.json)")
        played = max(0, min(options["scenarios"], 11))
        simulation = Simulation(pack, options["seed"])
        try:
            campaign = simulation.begin(user, DEMO_NAME, [(user, user.username), (None, DEMO_FRIEND)])
            simulation.play_through(played)
        except SimulationError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"demo campaign for {user.username}: {played} scenarios played "
                          f"({campaign.get_absolute_url()})")
