"""`manage.py run_workers`: when its process is killed outright (SIGKILL, the OOM killer), the
cluster's processes (django-q2's sentinel, workers, monitor, pusher) die with it instead of
working on as orphans that nobody stops. Linux only: it reads /proc."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from tests import processes
from tests.play.workers import start_workers, wait_for_cluster

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not processes.HAS_PROC, reason="reads /proc")]

WORKERS = 2


def test_the_workers_die_when_run_workers_is_killed(tmp_path: Path) -> None:
    parent = start_workers(tmp_path / "workers.log", workers=WORKERS)
    try:
        cluster = wait_for_cluster(parent, tmp_path / "workers.log", WORKERS)

        parent.send_signal(signal.SIGKILL)
        parent.wait(5)
        deadline = time.monotonic() + 5
        while (left := [pid for pid, started in cluster.items()
                        if processes.alive(pid, started)]):
            assert time.monotonic() < deadline, f"still running after 5 s: {left}"
            time.sleep(0.1)
    finally:
        processes.kill_session(parent)
