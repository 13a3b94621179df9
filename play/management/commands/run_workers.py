"""Run this host's background workers: `python manage.py run_workers` (scripts/serve starts it).

Any number of hosts may run it against the same database (same DATABASE_URL and SECRET_KEY):
they share one queue. Each runs settings.TASK_WORKERS worker processes (env TASK_WORKERS).

The cluster's processes die with the one that started them. django-q2 forks a sentinel, which
forks the workers, the monitor and the pusher; it stops them on SIGTERM/SIGINT, but a SIGKILL
(the OOM killer, a supervisor's last resort) gave them no word, and they worked on as orphans
nobody would stop (a restart then ran two clusters on one host).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing.util import register_after_fork
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

from play.bots_queue import ensure_sweep_schedule

PR_SET_PDEATHSIG = 1  # <sys/prctl.h>
WATCH_SECONDS = 1.0   # the watchdog's look at its parent, where there is no prctl


def die_with_parent(_hook: object = None) -> None:
    """Make this (just forked) process end when the process that forked it ends.

    Linux: the kernel sends SIGKILL at the parent's death (prctl PR_SET_PDEATHSIG), which no
    state of this process can delay; it is the same death a killed worker dies, and django-q2
    hands its leased task out again after the lease (Q_CLUSTER["retry"]). Each level sets it
    for itself, so a killed run_workers takes the sentinel, and the sentinel its children.
    Elsewhere: a daemon thread that exits once the parent pid changes (reparented: orphaned).
    """
    parent = multiprocessing.parent_process()
    expected = parent.pid if parent is not None else os.getppid()
    if sys.platform.startswith("linux") and _prctl_pdeathsig(signal.SIGKILL):
        if os.getppid() != expected:  # the parent died between the fork and the prctl
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(expected,), daemon=True,
                     name="die-with-parent").start()


def _prctl_pdeathsig(signum: int) -> bool:
    """Ask the kernel for `signum` at the parent's death; False where that is not possible."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(expected: int) -> None:
    while os.getppid() == expected:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


class Command(BaseCommand):
    help = "Run the task workers (bot turns, e-mails) and keep the stuck-bot sweep scheduled."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true",
                            help="Work through what is queued now, then stop.")

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        """Schedule the sweep (idempotent), then run the django-q2 cluster until stopped."""
        ensure_sweep_schedule()
        # multiprocessing runs its after-fork hooks in every process it starts, and a forked
        # process inherits the registry: the sentinel and its children all run this one. The
        # registry holds its owner weakly; a module-level function lives as long as the process.
        register_after_fork(die_with_parent, die_with_parent)
        call_command("qcluster", run_once=once)
