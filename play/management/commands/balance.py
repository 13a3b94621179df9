"""`manage.py balance --games N --seed S [--scenarios 1,2] [--bot heuristic] [--json]`.

Plays every legacy scenario many times with bots from a typical campaign state, and the same games
without the scenario (the baseline), then prints a Markdown table: Star Empire win rate, first
player win rate, mean turns, and the scenario's deltas against the plain game. With --json the
last line is a JSON list, one entry per scenario. Method: play/scenario_balance.py and
docs/balance.md.
"""

from __future__ import annotations

import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from play.engine import EngineError, load_pack
from play.engine.content import Pack
from play import scenario_balance as sim

DEFAULT_PACK = "fixtures/packs/legacy-default.json"

# worker-process globals, set once per process by _init (a Pack and prefixes are large to pickle
# per task)
_PACK: Pack | None = None
_PREFIXES: list = []
_BOT = "random"


def _init(pack_path: str, prefixes: list, bot: str) -> None:
    global _PACK, _PREFIXES, _BOT
    _PACK = read_pack(pack_path)
    _PREFIXES, _BOT = prefixes, bot


def _run(task: sim.Task) -> sim.ScenarioResult:
    return sim.run_task(_PACK, _PREFIXES, _BOT, task)


def _prefix(job: tuple[str, int, str, int]) -> list:
    pack_path, upto, bot, seed = job
    return sim.campaign_prefix(_cached_pack(pack_path), upto, bot, seed)


_CACHE: dict[tuple[str, float], Pack] = {}


def _cached_pack(path: str) -> Pack:
    """Read a pack once per process and file version (64 campaigns need it 64 times)."""
    key = (path, Path(path).stat().st_mtime)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = read_pack(path)
    return _CACHE[key]


def read_pack(path: str) -> Pack:
    """Load a pack file for the engine; a clear CommandError if it is missing or invalid."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CommandError(f"cannot read pack {path}: {exc}") from exc
    try:
        pack = load_pack(raw, source=Path(path).name)
    except EngineError as exc:
        raise CommandError(str(exc)) from exc
    if pack.kind != "legacy" or len(pack.scenarios) != 12:
        raise CommandError(f"{path}: the balance tool needs a legacy pack with 12 scenarios")
    return pack


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


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, total: int, label: str, stream: Any = None) -> None:
        self.total, self.label, self.done = total, label, 0
        self.stream = stream or sys.stderr
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()

    def step(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        width = 30
        filled = int(width * self.done / max(self.total, 1))
        rate = self.done / max(time.monotonic() - self.start, 1e-9)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{self.done}/{self.total} ({rate:.1f}/s)")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


class Command(BaseCommand):
    help = "Play each legacy scenario with bots against a plain baseline; print the balance table."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=200, help="games per scenario (and as "
                            "many baseline games); half with each side first")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--scenarios", default=None, help="e.g. 1,2 or 5-8 (default: all)")
        parser.add_argument("--bot", default="heuristic", help="bot name (random, heuristic, ...)")
        parser.add_argument("--campaigns", type=int, default=64,
                            help="bot campaigns that give the typical states before each scenario")
        parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
        parser.add_argument("--pack", default=None, help=f"pack file (default {DEFAULT_PACK})")
        parser.add_argument("--json", action="store_true", help="end with one line of JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        games, campaigns = options["games"], options["campaigns"]
        if games < 2 or campaigns < 1 or options["workers"] < 1:
            raise CommandError("--games must be >= 2, --campaigns and --workers >= 1")
        scenarios = parse_scenarios(options["scenarios"])
        path = options["pack"] or str(Path(settings.BASE_DIR) / DEFAULT_PACK)
        read_pack(path)
        try:
            sim.make_bot(options["bot"], 0)
        except (ValueError, ImportError) as exc:
            raise CommandError(str(exc)) from exc
        started = time.monotonic()
        entries = self._simulate(path, scenarios, games, campaigns, options)
        self.stdout.write(sim.table(entries))
        self.stdout.write("\nThe first player's choices (picked at random):\n")
        self.stdout.write(sim.options_table(entries))
        self._report(entries, games, options, time.monotonic() - started)
        if options["json"]:
            self.stdout.write(json.dumps([sim.as_json_safe(e) for e in entries]))

    def _simulate(self, path: str, scenarios: list[int], games: int, campaigns: int,
                  options: dict) -> list[dict]:
        bot, seed, workers = options["bot"], options["seed"], options["workers"]
        jobs = [(path, max(scenarios), bot, sim.game_seed(seed, "campaign", k))
                for k in range(campaigns)]
        prefixes = list(self._map(_prefix, jobs, workers, None, "campaigns"))
        todo = sim.tasks(scenarios, games, seed)
        results = self._map(_run, todo, workers, (path, prefixes, bot), "games")
        by = sim.group(results)
        return [sim.summarize(n, by[n]) for n in scenarios]

    def _map(self, func: Any, items: list, workers: int, init: tuple | None,
             label: str) -> list:
        """Run func over items (in a pool when workers > 1), with a progress bar."""
        progress = Progress(len(items), label)
        if workers == 1:
            if init:
                _init(*init)
            return [self._tick(progress, func(item)) for item in items]
        with Pool(workers, initializer=_init if init else None, initargs=init or ()) as pool:
            return [self._tick(progress, r) for r in pool.imap(func, items, chunksize=8)]

    @staticmethod
    def _tick(progress: Progress, result: Any) -> Any:
        progress.step()
        return result

    def _report(self, entries: list[dict], games: int, options: dict, seconds: float) -> None:
        outside = [e["scenario"] for e in entries if not 0.45 <= e["empire_win_rate"] <= 0.55]
        same = [e["scenario"] for e in entries if not e["differs"]]
        self.stdout.write(f"\n{games} games per scenario + {games} baseline, bot {options['bot']}, "
                          f"seed {options['seed']}, {seconds:.0f} s")
        self.stdout.write(f"outside 45-55% Star Empire wins: {outside or 'none'}")
        self.stdout.write(f"no figure differs from the plain game (|z| >= {sim.DIFFERS_Z:g}): "
                          f"{same or 'none'}")

