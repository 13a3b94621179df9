"""Test helpers for the task queue: be a worker in this process, or start a real one beside it.

- `work()`: lease what is due from the ORM broker and run it through django-q2's own worker and
  monitor code, as a `qcluster` worker process does (a task that raises is saved as failed and
  stays leased, to be handed out again after the lease).
- `worker_process()`: `manage.py run_workers` in a subprocess on the test database (tests using
  it need `transactional_db`: the worker sees only committed rows). Stopped on exit.
  `start_workers()` starts one without stopping it, for tests of the stop itself.
- `hold_a_worker`: a task that keeps a worker busy, and tells whether it ran again.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from multiprocessing import Queue, Value
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection
from django.utils import timezone

ROOT = Path(settings.BASE_DIR)
CLUSTER_SIZE = 3  # run_workers' sentinel, monitor and pusher, besides the workers


def work(limit: int = 50) -> int:
    """Run the tasks due now, one lease at a time, like a worker; return how many ran."""
    from django_q.brokers import get_broker
    from django_q.models import OrmQ
    from django_q.monitor import monitor
    from django_q.signing import SignedPackage
    from django_q.worker import worker

    broker, ran = get_broker(), 0
    while ran < limit and OrmQ.objects.filter(lock__lte=timezone.now()).exists():
        leased = broker.dequeue() or []
        inbox, results = Queue(), Queue()
        for ack_id, payload in leased:
            task = SignedPackage.loads(payload)
            task["ack_id"] = ack_id
            inbox.put(task)
        inbox.put("STOP")
        worker(inbox, results, Value("f", -1))
        results.put("STOP")
        monitor(results, broker)
        ran += len(leased)
    return ran


def lease_passes() -> None:
    """Let every lease run out, as if `Q_CLUSTER["retry"]` seconds had passed."""
    from django_q.models import OrmQ

    OrmQ.objects.update(lock=timezone.now() - timezone.timedelta(seconds=1))


def database_url() -> str:
    """Return a DATABASE_URL naming the test database this process uses."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or ""
    netloc = f"{user}{password}@127.0.0.1" if host.startswith("/") else \
        f"{user}{password}@{host or '127.0.0.1'}"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    query = f"?host={quote(host)}" if host.startswith("/") else ""
    return f"postgres://{netloc}{port}/{db['NAME']}{query}"


def as_from_a_terminal() -> None:
    """In a child before it runs: take Ctrl+C's default action, as a command typed in a terminal
    does. A test run started in the background (`pytest … &`) inherits SIGINT ignored, and
    every program it starts would then ignore Ctrl+C too, so a shutdown test would measure the
    test runner's shell, not the command."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_workers(log_path: Path, workers: int = 1, **env: str) -> subprocess.Popen:
    """Start `manage.py run_workers` on the test database, in a session of its own (so a test
    can find everything it left, and end it); `env` adds settings (TASK_STOP_SECONDS=...)."""
    env = {**os.environ, "DATABASE_URL": database_url(), "TASKS_SYNC": "0",
           "TASK_WORKERS": str(workers), "DJANGO_SETTINGS_MODULE": "config.settings", **env}
    with open(log_path, "wb") as log:
        return subprocess.Popen([sys.executable, "manage.py", "run_workers"], cwd=ROOT, env=env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=as_from_a_terminal)


@contextlib.contextmanager
def worker_process(log_path: Path) -> Iterator[subprocess.Popen]:
    """Run `manage.py run_workers` (one worker) on the test database until the block ends."""
    process = start_workers(log_path)
    try:
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # its own session: the cluster's children
            process.wait(timeout=5)


def hold_a_worker(marker: str, seconds: float) -> None:
    """A task: on its first run write "started" to `marker`, work `seconds`, write "finished";
    a run that finds "started" (the first was cut short) writes "ran again" at once."""
    path = Path(marker)
    if path.exists() and path.read_text() == "started":
        path.write_text("ran again")
        return
    path.write_text("started")
    time.sleep(seconds)
    path.write_text("finished")


def wait_for_cluster(process: subprocess.Popen, log_path: Path, workers: int = 1,
                     root: int | None = None, timeout: float = 60) -> dict[int, str]:
    """Wait until the cluster of run_workers (`root`, by default `process`, the command a test
    started) is up; return its processes ({pid: start time})."""
    from tests import processes

    deadline = time.monotonic() + timeout
    while len(cluster := processes.descendants(root or process.pid)) < workers + CLUSTER_SIZE:
        assert process.poll() is None, log_path.read_text()
        assert time.monotonic() < deadline, f"the cluster did not start: {cluster}"
        time.sleep(0.1)
    return cluster
