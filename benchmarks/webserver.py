"""Throw-away databases and a uvicorn server for the web benchmarks (loopback only).

- `throwaway_database("sqlite" | "postgres")`: a context manager yielding a DATABASE_URL: a
  SQLite file in a temporary folder, or a PostgreSQL cluster started the way `scripts/test`
  starts one (initdb into a temporary folder, loopback port, fsync off), removed on exit.
- `Server`: `uvicorn config.asgi:application --workers N` as `scripts/serve` runs it (DEBUG off,
  plain http on 127.0.0.1), plus the CPU time of its processes (and of the database server's)
  read from /proc, so a benchmark can measure what an idle window costs.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """Return a loopback TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def throwaway_database(kind: str) -> Iterator[tuple[str, int | None]]:
    """Yield (DATABASE_URL, postmaster pid or None) of an empty database, removed on exit."""
    folder = Path(tempfile.mkdtemp(prefix=f"starledger-bench-{kind}-"))
    try:
        if kind == "sqlite":
            yield f"sqlite:///{folder}/bench.sqlite3", None
        else:
            with _postgres(folder) as (url, pid):
                yield url, pid
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as `postgres` then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


@contextlib.contextmanager
def _postgres(folder: Path) -> Iterator[tuple[str, int]]:
    """Start a PostgreSQL cluster in `folder` on a free loopback port; stop it on exit."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not bins:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql).")
    pg_bin, data, port = bins[-1], folder / "data", free_port()
    (folder / "socket").mkdir()
    if os.getuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(folder / "socket", "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": folder}
    subprocess.run(_as_postgres([str(pg_bin / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8", "--no-locale"]), check=True, **quiet)
    # Durability is pointless for a throw-away server (as in scripts/test). The web server
    # opens one connection per request in flight (CONN_MAX_AGE 0), hence the higher limit.
    options = (f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}/socket -c fsync=off "
               "-c synchronous_commit=off -c full_page_writes=off -c max_connections=400")
    subprocess.run(_as_postgres([str(pg_bin / "pg_ctl"), "-D", str(data), "-l",
                                 str(folder / "server.log"), "-w", "start", "-o", options]),
                   check=True, **quiet)
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        subprocess.run(_as_postgres([str(pg_bin / "createdb"), "-h", "127.0.0.1", "-p", str(port),
                                     "-U", "postgres", "starledger"]), check=True, **quiet)
        yield f"postgres://postgres@127.0.0.1:{port}/starledger", pid
    finally:
        subprocess.run(_as_postgres([str(pg_bin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w",
                                     "stop"]), check=False, **quiet)


def server_environment(database_url: str, static_root: Path) -> dict[str, str]:
    """Return the environment of a production-like local run (as scripts/serve sets it)."""
    env = dict(os.environ)
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database_url,
                "DEBUG": "0", "HTTPS": "0",
                "SECRET_KEY": "benchmark-only-key-" + "x" * 40,
                "ALLOWED_HOSTS": "127.0.0.1,localhost", "STATIC_ROOT": str(static_root),
                "RATE_LIMIT_MATCHES_PER_HOUR": "0", "LOG_LEVEL": "ERROR"})
    return env


class Server:
    """A uvicorn server with `workers` processes on a free loopback port, plus the background
    task workers (`manage.py run_workers`, bot turns) as scripts/serve starts them, if any."""

    def __init__(self, env: dict[str, str], workers: int = 2, port: int | None = None) -> None:
        self.env, self.workers = env, workers
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None
        self.tasks: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> None:
        """Start the task workers and uvicorn; wait until uvicorn answers (else stop both)."""
        try:
            self._start(timeout)
        except BaseException:
            self.stop()
            raise

    def _start(self, timeout: float) -> None:
        if (ROOT / "play" / "management" / "commands" / "run_workers.py").exists():
            self.tasks = subprocess.Popen([sys.executable, "manage.py", "run_workers"], cwd=ROOT,
                                          env=self.env, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL, start_new_session=True)
        web_env = dict(self.env, DATABASE_POOL="1")  # as scripts/serve starts uvicorn
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), "--workers", str(self.workers), "--lifespan", "off",
             "--no-access-log", "--timeout-graceful-shutdown", "2"],
            cwd=ROOT, env=web_env, stdout=subprocess.DEVNULL, stderr=None)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"uvicorn exited with {self.process.returncode}")
            try:
                urllib.request.urlopen(self.url + "/accounts/login/", timeout=2).read()
                if len(self.worker_pids()) >= self.workers:
                    return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError("uvicorn did not answer in time")

    def stop(self) -> None:
        """Stop uvicorn and the task workers (SIGTERM, then SIGKILL after 10 s)."""
        for process in (self.process, self.tasks):
            if process is None or process.poll() is not None:
                continue
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                if process is self.tasks:
                    os.killpg(process.pid, signal.SIGKILL)  # the cluster and its workers
                else:
                    process.kill()
                process.wait()

    def worker_pids(self) -> list[int]:
        """Return the pids of uvicorn's worker processes."""
        return children(self.process.pid) if self.process else []

    def __enter__(self) -> Server:  # noqa: PYI034 (plain class, never subclassed)
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def children(pid: int) -> list[int]:
    """Return the direct child processes of `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def cpu_seconds(pids: list[int]) -> float:
    """Return the CPU seconds `pids` and their exited children have used so far."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            # utime, stime, and the reaped children's (PostgreSQL's per-request backends)
            total += sum(int(field) for field in fields[11:15])
    return total / CLOCK_TICKS
