"""Look at the processes a test started, through Linux's /proc: which live, which are zombies.

A test starts a command in a session of its own (`subprocess.Popen(..., start_new_session=True)`,
so the session id is the command's pid) and then asks who is left in that session: a process
that was reparented when its parent died keeps its session, so orphans are found as well as
zombies. Linux only; `HAS_PROC` tells whether /proc can be read.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

HAS_PROC = Path("/proc/self/stat").exists()


@dataclass(frozen=True)
class Proc:
    """One process as /proc/PID/stat shows it."""

    pid: int
    ppid: int
    state: str  # R, S, D, ... ; Z for a zombie (dead, not reaped by its parent)
    session: int
    started: str  # clock ticks after boot: with the pid, it names one process, never a reused pid
    name: str

    @property
    def zombie(self) -> bool:
        return self.state == "Z"

    def describe(self) -> str:
        """Return 'pid (name) state S, parent P' for failure messages."""
        return f"{self.pid} ({self.name}) state {self.state}, parent {self.ppid}"


def read(pid: int) -> Proc | None:
    """Return the process `pid`, or None once it is gone (reaped)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    name = raw[raw.index("(") + 1:raw.rindex(")")]
    fields = raw[raw.rindex(")") + 2:].split()  # after "pid (name) ": the name may hold spaces
    return Proc(pid=pid, ppid=int(fields[1]), state=fields[0], session=int(fields[3]),
                started=fields[19], name=name)


def command_line(pid: int) -> str:
    """Return the command line of `pid` ("" once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except (FileNotFoundError, ProcessLookupError):
        return ""


def everyone() -> list[Proc]:
    """Return every process on the machine (zombies included)."""
    found = (read(int(entry.name)) for entry in Path("/proc").iterdir() if entry.name.isdigit())
    return [proc for proc in found if proc is not None]


def in_session(session: int) -> list[Proc]:
    """Return every process of the session, zombies included: what a stop left behind."""
    return [proc for proc in everyone() if proc.session == session]


def descendants(root: int) -> dict[int, str]:
    """Return {pid: start time} of every living process below `root`."""
    children: dict[int, list[Proc]] = {}
    for proc in everyone():
        if not proc.zombie:
            children.setdefault(proc.ppid, []).append(proc)
    found, todo = {}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child.pid] = child.started
            todo.append(child.pid)
    return found


def alive(pid: int, started: str) -> bool:
    """Whether the process still runs (a zombie is dead; a reused pid is another process)."""
    proc = read(pid)
    return proc is not None and not proc.zombie and proc.started == started


def wait_for(condition, timeout: float, what: str, poll: float = 0.1):
    """Return condition()'s first true value; fail with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"after {timeout:.0f} s: {what}")
        time.sleep(poll)
    return value


def stop_session(process: subprocess.Popen, sig: int, whole_group: bool,
                 timeout: float) -> tuple[float, list[Proc]]:
    """Send `sig` to the command (or its whole process group, as a terminal's Ctrl+C does) and
    wait until nothing of its session is left; return (seconds taken, processes left)."""
    started = time.monotonic()
    if whole_group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    deadline = started + timeout
    left = in_session(process.pid)
    while left and time.monotonic() < deadline:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=0.05)  # the test is the command's parent: reap it
        left = in_session(process.pid)
    return time.monotonic() - started, left


def kill_session(process: subprocess.Popen) -> None:
    """End whatever is left of the command's session (cleanup after a failed test)."""
    for proc in in_session(process.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


def free_port() -> int:
    """Return a TCP port on loopback that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
