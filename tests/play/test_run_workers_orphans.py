"""`manage.py run_workers`: when its process is killed outright (SIGKILL, the OOM killer), the
cluster's processes (django-q2's sentinel, workers, monitor, pusher) die with it instead of
working on as orphans that nobody stops. Linux only: it reads /proc."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.play.workers import ROOT, _database_url

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")]

WORKERS = 2
CLUSTER = 1 + WORKERS + 2  # the sentinel, the workers, the monitor and the pusher


def _stat(pid: int) -> tuple[int, str, str] | None:
    """Return (parent pid, state, start time) of a process, or None once it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = raw[raw.rindex(")") + 2:].split()  # after "pid (name) ": the name may hold spaces
    return int(fields[1]), fields[0], fields[19]


def _descendants(root: int) -> dict[int, str]:
    """Return {pid: start time} of every living process below `root`."""
    children: dict[int, list[tuple[int, str]]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) and stat[1] != "Z":
            children.setdefault(stat[0], []).append((int(entry.name), stat[2]))
    found, todo = {}, [root]
    while todo:
        for pid, started in children.get(todo.pop(), []):
            found[pid] = started
            todo.append(pid)
    return found


def _alive(pid: int, started: str) -> bool:
    """Whether the process is still running (a zombie is dead; a reused pid is another process)."""
    stat = _stat(pid)
    return stat is not None and stat[1] != "Z" and stat[2] == started


def test_the_workers_die_when_run_workers_is_killed(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": _database_url(), "TASKS_SYNC": "0",
           "TASK_WORKERS": str(WORKERS), "DJANGO_SETTINGS_MODULE": "config.settings"}
    with open(tmp_path / "workers.log", "wb") as log:
        # Its own session, so that a failing test can still end every process it started.
        parent = subprocess.Popen([sys.executable, "manage.py", "run_workers"], cwd=ROOT, env=env,
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        cluster = _descendants(parent.pid)
        while len(cluster) < CLUSTER:
            assert parent.poll() is None, (tmp_path / "workers.log").read_text()
            assert time.monotonic() < deadline, f"the cluster did not start: {cluster}"
            time.sleep(0.2)
            cluster = _descendants(parent.pid)

        parent.send_signal(signal.SIGKILL)
        parent.wait(5)
        deadline = time.monotonic() + 5
        while (left := [pid for pid, started in cluster.items() if _alive(pid, started)]):
            assert time.monotonic() < deadline, f"still running after 5 s: {left}"
            time.sleep(0.1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(parent.pid, signal.SIGKILL)
        parent.wait(5)
