"""The site's task queue: run a function in a background worker, now or after a delay.

The one entry point is `enqueue("package.module.function", *args, delay_seconds=0)`. The task is
handed to the queue only once the current transaction commits, so a worker never sees a row that
is not saved yet, and a rolled-back change queues nothing. Arguments must be plain values (ids,
numbers, strings): they are pickled into the queue's table and read back by another process,
maybe on another host.

The queue is django-q2 with its ORM broker: the site's own database (SQLite or PostgreSQL) holds
the queue, so the embedded setup needs no other server, and any number of `qcluster` workers on
any host that reaches the database share it. A worker takes a task by leasing it for
`Q_CLUSTER["retry"]` seconds and deletes it only once it has finished: a task whose worker
crashed, or that raised, is handed out again after the lease, up to `max_attempts` times. Tasks
must therefore be idempotent. A delayed task is a one-off schedule that the cluster's scheduler
queues when it is due (the scheduler looks every ~15 s, so delays are that coarse).

With `settings.TASKS_SYNC` (the test suite sets it) every task runs at once in the caller's
process and transaction, delays ignored, and its exceptions propagate to the caller.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string


def is_sync() -> bool:
    """Return whether tasks run at once in the caller instead of in a worker."""
    return bool(getattr(settings, "TASKS_SYNC", False))


def enqueue(func_path: str, *args: Any, delay_seconds: float = 0) -> None:
    """Run `func_path(*args)` in a worker once the current transaction commits."""
    func = import_string(func_path)  # fail here, in the caller, on a typo, not later in a worker
    if is_sync():
        func(*args)
        return
    transaction.on_commit(partial(_submit, func_path, args, float(delay_seconds)))


def _submit(func_path: str, args: tuple[Any, ...], delay_seconds: float) -> None:
    """Write the task into the queue's table (the broker), due now or after the delay."""
    from django_q.models import Schedule
    from django_q.tasks import async_task, schedule

    # Inside a transaction the ORM broker keeps the request's connection; in autocommit it would
    # close it first (close_old_connections), and the rest of the request would reconnect.
    with transaction.atomic():
        if delay_seconds <= 0:
            async_task(func_path, *args)
        else:
            schedule(func_path, *args, schedule_type=Schedule.ONCE, repeats=-1,
                     next_run=timezone.now() + timedelta(seconds=delay_seconds))


def ensure_periodic(name: str, func_path: str, minutes: int) -> None:
    """Create or update the schedule that runs `func_path()` every `minutes` in some worker."""
    from django_q.models import Schedule

    import_string(func_path)
    Schedule.objects.update_or_create(
        name=name, defaults={"func": func_path, "schedule_type": Schedule.MINUTES,
                             "minutes": max(1, int(minutes)), "repeats": -1})


def queued_count() -> int:
    """Return how many tasks wait in the queue or are leased to a worker right now."""
    from django_q.models import OrmQ

    return OrmQ.objects.count()
