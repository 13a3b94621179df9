"""Run this host's background workers: `python manage.py run_workers` (scripts/serve starts it).

Any number of hosts may run it against the same database (same DATABASE_URL and SECRET_KEY):
they share one queue. Each runs settings.TASK_WORKERS worker processes (env TASK_WORKERS).
"""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

from play.bots_queue import ensure_sweep_schedule


class Command(BaseCommand):
    help = "Run the task workers (bot turns, e-mails) and keep the stuck-bot sweep scheduled."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true",
                            help="Work through what is queued now, then stop.")

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        """Schedule the sweep (idempotent), then run the django-q2 cluster until stopped."""
        ensure_sweep_schedule()
        call_command("qcluster", run_once=once)
