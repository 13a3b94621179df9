"""`manage.py balance --games N --seed S [--scenarios 1,2] [--bot heuristic] [--json]`.

Plays every legacy scenario many times with bots from a typical campaign state, and the same games
without the scenario (the baseline), then prints Markdown tables: Star Empire win rate, first
player win rate, mean turns, and the scenario's deltas against the plain game; the campaign as
played (each first player's half, routes to victory); and the figures of the whole bot campaigns
(the snowball, the campaign's winner, the final VP margin). With --json the last line is a JSON
object: "scenarios" (one entry per scenario) and "campaigns". The method is the engine's
(play/engine/balance.py, `play.engine.run_balance`); docs/balance.md explains it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from play.engine import (
    BALANCE_DIFFERS_Z,
    balance_campaign_table,
    balance_json_safe,
    balance_options_table,
    balance_played_table,
    balance_table,
    bot_of_spec,
    measure_balance,
    read_legacy_pack,
    run_forecast,
)

DEFAULT_PACK = "fixtures/packs/legacy-default.json"


def parse_scenarios(text: str | None) -> list[int]:
    """Parse "1,2,5-7" into scenario numbers 1..12; a clear error otherwise."""
    if not text:
        return list(range(1, 13))
    numbers: list[int] = []
    try:
        for part in text.split(","):
            lo, _, hi = part.strip().partition("-")
            numbers.extend(range(int(lo), int(hi or lo) + 1))
    except ValueError as exc:
        raise CommandError(f"--scenarios takes numbers like 1,2,5-7, not {text!r}") from exc
    bad = [n for n in numbers if not 1 <= n <= 12]
    if bad or not numbers:
        raise CommandError(f"scenarios are numbered 1..12 (got {bad or text!r})")
    return sorted(set(numbers))


class ProgressBar:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()

    def __call__(self, label: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if done == 1:
            self.start = time.monotonic()
        width = 30
        filled = int(width * done / max(total, 1))
        rate = done / max(time.monotonic() - self.start, 1e-9)
        self.stream.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{total} ({rate:.1f}/s)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class Command(BaseCommand):
    help = "Play each legacy scenario with bots against a plain baseline; print the balance table."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=200, help="games per scenario (and as "
                            "many baseline games); half with each side first")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--scenarios", default=None, help="e.g. 1,2 or 5-8 (default: all)")
        parser.add_argument("--bot", default="heuristic", help="bot name (random, heuristic, search), with whole-number options "
                            "after a colon: search:iterations=16")
        parser.add_argument("--campaigns", type=int, default=1000,
                            help="bot campaigns played to the end: the typical states before "
                            "each scenario and the whole-campaign figures")
        parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
        parser.add_argument("--pack", default=None, help=f"pack file (default {DEFAULT_PACK})")
        parser.add_argument("--json", action="store_true", help="end with one line of JSON")
        parser.add_argument("--campaign", type=int, default=None, help="forecast this campaign's "
                            "open scenario from its current state instead (the site's \"Who is "
                            "favoured?\"); --games games, the same figures for the same --seed")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["campaign"] is not None:
            self._forecast(options)
            return
        games, campaigns = options["games"], options["campaigns"]
        if games < 2 or campaigns < 1 or options["workers"] < 1:
            raise CommandError("--games must be >= 2, --campaigns and --workers >= 1")
        scenarios = parse_scenarios(options["scenarios"])
        path = options["pack"] or str(Path(settings.BASE_DIR) / DEFAULT_PACK)
        try:
            read_legacy_pack(path)
            bot_of_spec(options["bot"], seed=0)
        except (ValueError, ImportError) as exc:
            raise CommandError(str(exc)) from exc
        started = time.monotonic()
        measured = measure_balance(path, scenarios, games, seed=options["seed"],
                                   bot=options["bot"], campaigns=campaigns,
                                   workers=options["workers"], progress=ProgressBar())
        entries = measured["scenarios"]
        self.stdout.write(balance_table(entries))
        self.stdout.write("\nThe campaign as played (L5: the previous winner plays first), "
                          "95% intervals:\n")
        self.stdout.write(balance_played_table(entries))
        self.stdout.write("\n")
        self.stdout.write(balance_campaign_table(measured["campaigns"]))
        self.stdout.write("\nThe first player's choices (picked at random):\n")
        self.stdout.write(balance_options_table(entries))
        self._report(entries, games, options, time.monotonic() - started)
        if options["json"]:
            self.stdout.write(json.dumps(balance_json_safe(
                {"scenarios": entries, "campaigns": measured["campaigns"]})))

    def _report(self, entries: list[dict], games: int, options: dict, seconds: float) -> None:
        outside = [e["scenario"] for e in entries if not 0.45 <= e["empire_win_rate"] <= 0.55]
        same = [e["scenario"] for e in entries if not e["differs"]]
        self.stdout.write(f"\n{games} games per scenario + {games} baseline, bot {options['bot']}, "
                          f"seed {options['seed']}, {seconds:.0f} s")
        self.stdout.write(f"outside 45-55% Star Empire wins: {outside or 'none'}")
        self.stdout.write(f"no figure differs from the plain game (|z| >= {BALANCE_DIFFERS_Z:g}): "
                          f"{same or 'none'}")

    def _forecast(self, options: dict) -> None:
        """Forecast a campaign's open scenario: the games the site's forecast page plays."""
        from campaign.engine_bridge import open_scenario, snapshot_of
        from campaign.models import Campaign
        from campaign.playable import scenario_missing_effects

        campaign = Campaign.objects.select_related("pack").filter(pk=options["campaign"]).first()
        if campaign is None:
            raise CommandError(f"no campaign {options['campaign']}")
        if options["games"] < 1 or options["workers"] < 1:
            raise CommandError("--games and --workers must be >= 1")
        number = open_scenario(campaign.current_state)
        if number is None:
            raise CommandError("the campaign has no opened, unplayed scenario to forecast")
        missing = scenario_missing_effects(campaign, number)
        if missing:
            raise CommandError("these parts are printed text alone, bots cannot play them: "
                               + "; ".join(missing))
        result = run_forecast(campaign.pack.engine_pack(), snapshot_of(campaign.current_state),
                              number, options["games"], seed=options["seed"], bot=options["bot"],
                              workers=options["workers"], progress=ProgressBar())
        self.stdout.write(f"Scenario {number} of campaign {campaign.pk} (version "
                          f"{campaign.version}), {result['games']} games, seed {options['seed']}:")
        for side, odds in result["odds"].items():
            self.stdout.write(f"  {side}: {100 * odds['rate']:.1f}% "
                              f"(95% {100 * odds['low']:.1f}-{100 * odds['high']:.1f})")
        for row in result["options"]:
            rates = ", ".join(f"{side} {100 * odds['rate']:.1f}%"
                              for side, odds in row["odds"].items())
            self.stdout.write(f"  if {row['options']}: {rates} ({row['games']} games)")
        if options["json"]:
            self.stdout.write(json.dumps(result))
