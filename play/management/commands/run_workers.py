"""Run this host's background workers: `python manage.py run_workers` (scripts/serve starts it).

Any number of hosts may run it against the same database (same DATABASE_URL and SECRET_KEY):
they share one queue. Each runs settings.TASK_WORKERS worker processes (env TASK_WORKERS).

SIGTERM or SIGINT (Ctrl+C) stops it within TASK_STOP_SECONDS and a moment: the workers finish
the task they hold, or are stopped and the task goes back to the queue for the next start.
Signal this process, not the workers (they ignore group signals and wait for it). How the
process tree starts, stops and cleans up: play/task_cluster.py.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from play.bots_queue import ensure_sweep_schedule
from play.task_cluster import run_cluster


class Command(BaseCommand):
    help = "Run the task workers (bot turns, e-mails) and keep the stuck-bot sweep scheduled."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true",
                            help="Work through what is queued now, then stop.")

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        """Schedule the sweep (idempotent), then run the cluster until stopped."""
        ensure_sweep_schedule()
        status = run_cluster(once=once)
        if status:
            sys.exit(status)
