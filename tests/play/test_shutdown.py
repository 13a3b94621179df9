"""Stopping the site: SIGTERM, or Ctrl+C (SIGINT to the whole foreground process group), ends
`manage.py run_workers` and `scripts/run-servers` (the web server and the workers, as
scripts/serve runs them) within 10 s and leaves no process behind, no zombie and no orphan; a
task the workers hold when they stop is either finished or runs again after the next start.

The real commands run as subprocesses on the test database, each in a session of its own; what
is left of that session is read from /proc (Linux only).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from django_q.models import OrmQ

from play import services, tasks
from tests import processes
from tests.play.test_bots_queue import fresh, versus_bot
from tests.play.workers import (
    ROOT,
    as_from_a_terminal,
    database_url,
    start_workers,
    wait_for_cluster,
)

pytestmark = [pytest.mark.long,
              pytest.mark.django_db(transaction=True),  # the subprocesses read committed rows
              pytest.mark.skipif(not processes.HAS_PROC, reason="reads /proc")]

STOP_LIMIT = 10.0  # seconds, issue 21
SIGNALS = [  # (signal, to the whole process group?)
    pytest.param(signal.SIGTERM, False, id="SIGTERM"),
    pytest.param(signal.SIGTERM, True, id="SIGTERM-to-group"),
    pytest.param(signal.SIGINT, True, id="Ctrl+C"),
]
HOLD = "tests.play.workers.hold_a_worker"


@pytest.fixture(autouse=True)
def queue_on(settings) -> None:
    """Queue tasks for the workers instead of running them here."""
    settings.TASKS_SYNC = False


def assert_stops_cleanly(process: subprocess.Popen, sig: int, whole_group: bool,
                         log: Path) -> float:
    """Signal the command, check that its whole session is gone in time; return the seconds."""
    try:
        seconds, left = processes.stop_session(process, sig, whole_group, STOP_LIMIT)
        assert not left, (f"{len(left)} process(es) left {seconds:.1f} s after "
                          f"{signal.Signals(sig).name}: "
                          + "; ".join(proc.describe() for proc in left) + "\n" + log.read_text())
        return seconds
    finally:
        processes.kill_session(process)


@pytest.mark.parametrize(("sig", "whole_group"), SIGNALS)
def test_run_workers_stops_within_10_s_leaving_no_process(tmp_path, sig, whole_group) -> None:
    log = tmp_path / "workers.log"
    process = start_workers(log, workers=2)
    wait_for_cluster(process, log, workers=2)
    assert_stops_cleanly(process, sig, whole_group, log)
    assert process.returncode == 0  # a requested stop is a clean exit


def test_a_task_in_hand_is_finished_before_the_workers_stop(tmp_path) -> None:
    marker, log = tmp_path / "task", tmp_path / "workers.log"
    tasks.enqueue(HOLD, str(marker), 1.5)
    process = start_workers(log)
    wait_for_cluster(process, log)
    processes.wait_for(lambda: marker.exists(), 30, "the task did not start")
    assert_stops_cleanly(process, signal.SIGTERM, False, log)
    assert marker.read_text() == "finished"
    assert not OrmQ.objects.exists()  # done and acknowledged: it will not run again


def test_a_task_cut_short_and_a_bot_turn_held_run_after_the_next_start(tmp_path, core_pack,
                                                                       alice) -> None:
    """No move lost: the workers stop while one task outlasts TASK_STOP_SECONDS and a bot's turn
    waits behind it, leased; both go back to the queue at once (not after their lease) and run
    as soon as the workers are started again."""
    marker, log = tmp_path / "task", tmp_path / "workers.log"
    tasks.enqueue(HOLD, str(marker), 60)
    process = start_workers(log, TASK_STOP_SECONDS="1")
    wait_for_cluster(process, log)
    processes.wait_for(lambda: marker.exists(), 30, "the long task did not start")
    match = versus_bot(core_pack, alice, first=0)
    match = services.play(match.pk, 0, "end", match.version)  # the bot's turn, queued
    processes.wait_for(lambda: OrmQ.objects.filter(lock__gt=timezone.now()).count() == 2, 10,
                       "the bot's turn was not leased behind the long task")

    assert_stops_cleanly(process, signal.SIGTERM, False, log)
    assert marker.read_text() == "started"  # cut short
    assert fresh(match).version == match.version  # the bot has not moved
    assert OrmQ.objects.count() == 2
    assert not OrmQ.objects.filter(lock__gt=timezone.now()).exists()  # released, not leased

    process = start_workers(tmp_path / "again.log")
    try:
        processes.wait_for(lambda: fresh(match).turn_seat == 0 and marker.read_text() ==
                           "ran again", 20, "the released tasks did not run after the restart")
        assert fresh(match).version > match.version
    finally:
        assert_stops_cleanly(process, signal.SIGTERM, False, tmp_path / "again.log")


def start_servers(log: Path, port: int) -> subprocess.Popen:
    """Start scripts/run-servers (what scripts/serve runs once set up) on the test database."""
    env = {**os.environ, "DATABASE_URL": database_url(), "PORT": str(port), "DEBUG": "1",
           "TASKS_SYNC": "0", "TASK_WORKERS": "1", "WEB_WORKERS": "2",
           "CARD_CACHE_DIR": str(settings.CARD_CACHE_DIR),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    with open(log, "wb") as out:
        return subprocess.Popen([str(ROOT / "scripts" / "run-servers")], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=as_from_a_terminal)


def answers(url: str) -> bool:
    """Whether the web server answers at `url`."""
    try:
        urllib.request.urlopen(url, timeout=2).read()
    except (urllib.error.URLError, OSError):
        return False
    return True


@pytest.mark.parametrize(("sig", "whole_group"), [SIGNALS[0], SIGNALS[2]])
def test_the_web_server_and_the_workers_stop_within_10_s(tmp_path, sig, whole_group) -> None:
    """scripts/serve's last step, scripts/run-servers: uvicorn (a supervisor and two web
    processes) and run_workers (its cluster) stop together, every process of them."""
    log, port = tmp_path / "servers.log", processes.free_port()
    process = start_servers(log, port)
    try:
        processes.wait_for(lambda: answers(f"http://127.0.0.1:{port}/accounts/login/")
                           or process.poll() is not None, 60, "the web server did not start")
        assert process.poll() is None, log.read_text()
        workers = processes.wait_for(lambda: [
            proc.pid for proc in processes.in_session(process.pid)
            if proc.ppid == process.pid and "run_workers" in processes.command_line(proc.pid)],
            10, "run_workers did not start")
        wait_for_cluster(process, log, root=workers[0])
    except BaseException:
        processes.kill_session(process)
        raise
    assert_stops_cleanly(process, sig, whole_group, log)
