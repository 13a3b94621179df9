"""This host's task workers as one process tree that stops in bounded time and loses no task.

`manage.py run_workers` calls `run_cluster()`. django-q2's cluster is a tree: this process forks
a sentinel, which forks the workers, a monitor (saves results) and a pusher (leases tasks from
the queue's table into an in-memory queue for the workers). Left to itself, django-q2 1.11 stops
badly: its SIGTERM/SIGINT handler sets a multiprocessing Event and joins the sentinel from inside
the handler, which hangs when the signal lands while that Event's lock is held (django-q2 issue
#346); a SIGTERM sent to the whole process group (`kill -- -PGID`, `timeout`) killed the
sentinel outright while it held that lock, leaving it a zombie and this process stuck for good;
and the sentinel waits without bound for the workers to run everything the pusher prefetched.

So here:
- Signals are this process's business. The cluster runs in a process group of its own, so a
  terminal's Ctrl+C or a signal to this process's group reaches only this process, whose
  handlers merely note the request (`StopRequest`).
- Stopping asks the sentinel to stop (it stops the pusher, lets each worker finish what it
  holds, stops the monitor) and waits up to `settings.TASK_STOP_SECONDS`. Whatever still runs
  then is killed, and the tasks the cluster held go back to the queue at once (`LeaseBook`), so
  the next start runs them: a killed task never committed, and tasks are idempotent anyway.
- Nothing is left behind: this process is the tree's child subreaper, so a process orphaned by
  a dying sentinel is reparented here and reaped; and every process of the tree dies with its
  parent (`die_with_parent`), so a SIGKILL of this process (the OOM killer) takes them all.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing.util import register_after_fork
from pathlib import Path
from typing import Any

from django import db
from django.conf import settings
from django.utils import timezone

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1  # <sys/prctl.h>
PR_SET_CHILD_SUBREAPER = 36
WATCH_SECONDS = 1.0  # the watchdog's look at its parent, where there is no prctl
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
BOOK_SLOTS = 256  # far more than a cluster ever holds: queue_limit waiting + one per worker
_ROOT_PID: int | None = None  # the process that runs the cluster (set by run_cluster)


def _prctl(option: int, value: int) -> bool:
    """Call Linux's prctl(option, value); False where that is not possible."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent(_hook: object = None) -> None:
    """Make this (just forked) process end when the process that forked it ends.

    Linux: the kernel sends SIGKILL at the parent's death (prctl PR_SET_PDEATHSIG), which no
    state of this process can delay; it is the same death a killed worker dies, and its leased
    task is handed out again after the lease (Q_CLUSTER["retry"]). Each level sets it for
    itself, so a killed run_workers takes the sentinel, and the sentinel its children.
    Elsewhere: a daemon thread that exits once the parent pid changes (reparented: orphaned).
    """
    parent = multiprocessing.parent_process()
    expected = parent.pid if parent is not None else os.getppid()
    if sys.platform.startswith("linux") and _prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL)):
        if os.getppid() != expected:  # the parent died between the fork and the prctl
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(expected,), daemon=True,
                     name="die-with-parent").start()


def _watch_parent(expected: int) -> None:
    while os.getppid() == expected:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def join_cluster(_hook: object = None) -> None:
    """Run in every process of the tree just after its fork (a multiprocessing after-fork hook).

    The sentinel also leaves this process's group: signals meant for the whole group (Ctrl+C,
    `kill -- -PGID`) then reach only the root, which stops the tree in order. Its children
    inherit the new group.
    """
    die_with_parent()
    if os.getppid() == _ROOT_PID:
        os.setpgid(0, 0)


class LeaseBook:
    """The ids of the queued tasks this cluster holds: leased by its pusher, not yet run.

    A table of slots in memory shared by the tree (made before the fork): the pusher writes an
    id into a free slot, a worker clears it once it has run the task. Each write is one aligned
    8-byte store and the two writers never write the same slot state (free to id, id to free),
    so no lock is needed, and none can be left held by a killed process.
    """

    def __init__(self, slots: int = BOOK_SLOTS) -> None:
        self._slots = multiprocessing.RawArray("q", slots)

    def hold(self, task_id: int) -> None:
        """Note that this cluster leased `task_id`."""
        if task_id in self._slots[:]:
            return
        for index, value in enumerate(self._slots):
            if value == 0:
                self._slots[index] = task_id
                return
        log.warning("Lease book full; task %s is released by its lease only", task_id)

    def let_go(self, task_id: int) -> None:
        """Note that the task ran (successfully or not): its outcome is on its way."""
        for index, value in enumerate(self._slots):
            if value == task_id:
                self._slots[index] = 0

    def held(self) -> list[int]:
        """Return the ids noted as leased and not run."""
        return [value for value in self._slots if value]

    def on_task_run(self, task: dict[str, Any], **_signal: Any) -> None:
        """Let go of a task a worker has just run (django-q2's post_execute_in_worker)."""
        if task.get("ack_id"):
            self.let_go(task["ack_id"])


def leasing_broker(book: LeaseBook) -> Any:
    """Return django-q2's ORM broker that notes in `book` every task it leases."""
    from django_q.brokers.orm import ORM
    from django_q.conf import Conf

    class LeasingORM(ORM):
        def dequeue(self) -> list[tuple[int, Any]] | None:
            leased = super().dequeue()
            for task_id, _payload in leased or ():
                book.hold(task_id)
            return leased

    return LeasingORM(list_key=Conf.CLUSTER_NAME)


def release(task_ids: list[int]) -> int:
    """Hand the tasks back to the queue now (not after their lease); return how many."""
    from django_q.models import OrmQ

    if not task_ids:
        return 0
    now = timezone.now()
    return OrmQ.objects.filter(pk__in=task_ids, lock__gt=now).update(lock=now)


class StopRequest:
    """Note SIGTERM or SIGINT and nothing more: the stop itself runs outside the handler."""

    def __init__(self) -> None:
        self.signal: int | None = None

    def install(self) -> None:
        for signum in STOP_SIGNALS:
            signal.signal(signum, self._heard)

    def _heard(self, signum: int, _frame: object) -> None:
        # A second signal (Ctrl+C, then the script's SIGTERM) changes nothing: the stop under
        # way is already bounded, and cutting it short would only kill tasks sooner.
        if self.signal is None:
            self.signal = signum

    @property
    def requested(self) -> bool:
        return self.signal is not None


def run_cluster(once: bool = False) -> int:
    """Run the cluster until SIGTERM/SIGINT (or, with `once`, until the queue is worked off).

    Return the exit status: 0 after a requested stop, 1 if the cluster died by itself.
    """
    from django_q.cluster import Cluster
    from django_q.signals import post_execute_in_worker

    global _ROOT_PID
    _ROOT_PID = os.getpid()
    book = LeaseBook()
    post_execute_in_worker.connect(book.on_task_run, weak=False,
                                   dispatch_uid="starledger.lease_book")
    # multiprocessing runs its after-fork hooks in every process it starts, and a forked
    # process inherits the registry: the sentinel and its children all run this one. The
    # registry holds its owner weakly; a module-level function lives as long as the process.
    register_after_fork(join_cluster, join_cluster)
    if sys.platform.startswith("linux"):
        _prctl(PR_SET_CHILD_SUBREAPER, 1)
    db.connections.close_all()  # a connection must not cross the fork into the cluster
    cluster = Cluster(broker=leasing_broker(book))
    stop = StopRequest()
    stop.install()  # replaces django-q2's handlers, which stop from inside the handler
    try:
        cluster.start()
        _wait(cluster, stop, once)
    finally:
        died = cluster.sentinel is not None and not cluster.sentinel.is_alive() \
            and not stop.requested and not once
        _stop(cluster, book, float(settings.TASK_STOP_SECONDS))
    if died:
        log.error("The task cluster's sentinel died (exit code %s); stopped the workers.",
                  cluster.sentinel.exitcode)
        return 1
    return 0


def _wait(cluster: Any, stop: StopRequest, once: bool) -> None:
    """Return once a stop is requested, the sentinel died, or (`once`) nothing is left to do."""
    while not stop.requested and cluster.sentinel.is_alive():
        cluster.sentinel.join(0.2)  # wakes at once when the sentinel ends
        if once and _worked_off():
            return


def _worked_off() -> bool:
    """Return whether no task is due or leased in this host's queue."""
    from django_q.models import OrmQ

    return not OrmQ.objects.exists()


def _stop(cluster: Any, book: LeaseBook, grace: float) -> None:
    """Stop the tree within `grace` seconds (plus a moment), reap it, release what it held."""
    sentinel = cluster.sentinel
    if sentinel is not None and sentinel.is_alive():
        # In a thread: the Event's lock is shared with the sentinel, and a sentinel killed
        # while holding it would block this call for ever.
        threading.Thread(target=cluster.stop_event.set, daemon=True,
                         name="ask-cluster-to-stop").start()
        sentinel.join(grace)
        if sentinel.is_alive():
            log.warning("Task workers still busy after %.0f s: stopping them; their tasks go "
                        "back to the queue.", grace)
    _kill_tree(os.getpid())
    if sentinel is not None:
        sentinel.join(2)
    _reap_children()
    released = release(book.held())
    if released:
        log.warning("Released %d unfinished task(s) for the next start.", released)


def _kill_tree(root: int) -> None:
    """SIGKILL every process below `root` (Linux /proc; elsewhere die_with_parent does it)."""
    for pid in _descendants(root):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _descendants(root: int) -> list[int]:
    """Return the pids below `root`, read from /proc (empty where there is no /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        below = children.get(todo.pop(), [])
        found += below
        todo += below
    return found


def _reap_children(timeout: float = 2.0) -> None:
    """Reap every child that has ended (orphans reparented here included), waiting a little."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # no child left
        if pid == 0:
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)
