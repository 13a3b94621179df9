"""Test helpers for the task queue: be a worker in this process, or start a real one beside it.

- `work()`: lease what is due from the ORM broker and run it through django-q2's own worker and
  monitor code, as a `qcluster` worker process does (a task that raises is saved as failed and
  stays leased, to be handed out again after the lease).
- `worker_process()`: `manage.py run_workers` in a subprocess on the test database (tests using
  it need `transactional_db`: the worker sees only committed rows). Stopped on exit.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from multiprocessing import Queue, Value
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection
from django.utils import timezone

ROOT = Path(settings.BASE_DIR)


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


def _database_url() -> str:
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


@contextlib.contextmanager
def worker_process(log_path: Path) -> Iterator[subprocess.Popen]:
    """Run `manage.py run_workers` (one worker) on the test database until the block ends."""
    env = {**os.environ, "DATABASE_URL": _database_url(), "TASKS_SYNC": "0",
           "TASK_WORKERS": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "manage.py", "run_workers"], cwd=ROOT,
                                   env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # its own session: the cluster's children
            process.wait(timeout=5)
