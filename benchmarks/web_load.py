"""Web load: simulated players watch and move in many matches through a real uvicorn server.

    python benchmarks/web_load.py --db (sqlite|postgres) --matches M --seconds T \
        [--watchers P] [--bot-matches B] [--think S] [--transport sse|poll] [--workers 2]

Starts its own server (uvicorn, 2 workers, DEBUG off) on a temporary SQLite file or on a
throw-away PostgreSQL cluster (benchmarks/webserver.py), creates M matches (a quarter of them
human vs heuristic bot, the rest human vs human) with their users and logged-in sessions, and
then, on loopback only:

1. opens P watchers (default 2×M: one per human seat, the rest as second tabs) that load the
   board and follow it the way board.js does: Server-Sent Events from /play/<id>/events/ and a
   board fetch on each new version (`--transport sse`), or the old 1 s poll of
   /play/<id>/board/?version=… (`--transport poll`, the "before" of issue 10);
2. measures the CPU of the web server processes and of PostgreSQL's over an idle window, first
   with nobody watching, then with every watcher connected: the difference divided by the
   watchers is the idle cost of watching (the task workers' own polling of their queue, which
   costs the same with or without watchers, is in both windows and cancels out);
3. lets every human seat move for T seconds (a move is an htmx POST of a legal action read from
   the board, after a think time of 0.5-1.5 × S seconds); bots answer as the site makes them;
4. prints one JSON line: move latency percentiles, the p95 time from a move's response until
   each other watcher of that match has the new board, the idle CPU per watcher and second, and
   the number of errors (failed requests, dropped streams, moves no other watcher saw in 5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.webserver import (
    Server,
    children,
    cpu_seconds,
    server_environment,
    throwaway_database,
)

CSRF = "benchmarkcsrfsecret0123456789abc"  # 32 characters: Django takes it as the cookie secret
BOARD_TAG = re.compile(r'<div id="board"[^>]*>')
NOTATION = re.compile(r'data-notation="([^"]*)"')
GRACE_SECONDS = 5.0


# -- a small HTTP/1.1 client on asyncio streams (keep-alive, chunked bodies) ---------------------


class Http:
    """One keep-alive connection to the server, with a player's cookies."""

    def __init__(self, port: int, session: str) -> None:
        self.port = port
        self.cookie = f"sessionid={session}; csrftoken={CSRF}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.lock = asyncio.Lock()  # one request at a time on this connection

    async def request(self, method: str, path: str, form: dict | None = None,
                      htmx: bool = True) -> tuple[int, bytes]:
        """Send one request; return (status, body). Reconnects once if the server closed."""
        body = urlencode(form).encode() if form is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                f"Cookie: {self.cookie}", f"Content-Length: {len(body)}"]
        if form is not None:
            head += ["Content-Type: application/x-www-form-urlencoded", f"X-CSRFToken: {CSRF}"]
        if htmx:
            head.append("HX-Request: true")
        data = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        async with self.lock:
            return await self._send(data)

    async def _send(self, data: bytes) -> tuple[int, bytes]:
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.writer.write(data)
                await self.writer.drain()
                return await read_response(self.reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """Read a status line and headers."""
    status = int((await reader.readuntil(b"\r\n")).split()[1])
    headers = {}
    while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


async def read_chunk(reader: asyncio.StreamReader) -> bytes:
    """Read one chunk of a chunked body (b"" at its end)."""
    size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
    chunk = await reader.readexactly(size + 2)
    return chunk[:-2]


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """Read a whole response; return (status, body)."""
    status, headers = await read_head(reader)
    if headers.get("transfer-encoding", "").lower() == "chunked":
        parts = []
        while chunk := await read_chunk(reader):
            parts.append(chunk)
        return status, b"".join(parts)
    return status, await reader.readexactly(int(headers.get("content-length", "0")))


# -- players ---------------------------------------------------------------------------------------


@dataclass
class Stats:
    """Everything measured during the run."""

    moves: list[float] = field(default_factory=list)  # POST round trips, seconds
    responses: list[tuple[int, int, object, float]] = field(default_factory=list)
    errors: int = 0
    notes: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.notes) < 5:
            self.notes.append(what)


class Watcher:
    """One open match page: its board's version, whose turn, the legal moves; a live feed."""

    def __init__(self, port: int, match_id: int, session: str, stats: Stats) -> None:
        self.match_id, self.stats = match_id, stats
        self.http = Http(port, session)  # the page's own requests
        self.mover = Http(port, session)  # its moves, on a connection of their own
        self.port, self.session = port, session
        self.version, self.my_turn, self.notations = -1, False, []
        self.seen: list[tuple[int, float]] = []  # (version, when its board arrived)
        self.changed = asyncio.Event()
        self.over = False
        self.live = asyncio.Event()  # set once the feed answered (first event, or first poll)
        self._wanted = -1
        self.moving = False  # a move is in flight: its answer brings the board (as board.js)

    def take_board(self, text: str) -> None:
        """Read the board partial's version, turn and legal moves."""
        tag = BOARD_TAG.search(text)
        if tag is None:
            self.stats.error(f"no board in answer for match {self.match_id}")
            return
        version = int(re.search(r'data-version="(\d+)"', tag.group()).group(1))
        if version <= self.version:
            return
        self.version, self.my_turn = version, 'data-my-turn="1"' in tag.group()
        self.notations = [html.unescape(n) for n in NOTATION.findall(text)]
        self.over = self.over or 'id="result"' in text
        self.seen.append((version, time.monotonic()))
        self.changed.set()
        self.changed = asyncio.Event()

    async def load(self) -> None:
        """Load the board once, as the page does."""
        status, body = await self.http.request("GET", f"/play/{self.match_id}/board/")
        if status != 200:
            self.stats.error(f"board load {status}")
            return
        self.take_board(body.decode())

    async def fetch(self) -> None:
        """Fetch the board if a newer version was announced (one fetch at a time). Not while a
        move is in flight: board.js waits for the move's answer, then fetches only if the
        announced version is still newer than the board that answer brought."""
        while self._wanted > self.version and not self.over and not self.moving:
            query = urlencode({"version": self.version})
            status, body = await self.http.request("GET", f"/play/{self.match_id}/board/?{query}")
            if status == 200:
                self.take_board(body.decode())
            elif status != 204:
                self.stats.error(f"board fetch {status}")
                return

    async def follow_events(self, stop: asyncio.Event) -> None:
        """Follow the SSE stream (reconnecting as EventSource does) until `stop` or game over."""
        while not stop.is_set() and not self.over:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            try:
                writer.write((f"GET /play/{self.match_id}/events/ HTTP/1.1\r\n"
                              f"Host: 127.0.0.1:{self.port}\r\nCookie: {self.http.cookie}\r\n"
                              "Accept: text/event-stream\r\n\r\n").encode())
                status, _headers = await read_head(reader)
                if status != 200:
                    self.stats.error(f"events {status}")
                    return
                await self._read_events(reader, stop)
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                if not stop.is_set():
                    self.stats.error(f"stream dropped: {error!r}")
                    await asyncio.sleep(1.5)
            finally:
                writer.close()

    async def _read_events(self, reader: asyncio.StreamReader, stop: asyncio.Event) -> None:
        buffer = ""
        while not stop.is_set():
            chunk = await read_chunk(reader)
            if not chunk:
                return  # the server ended the stream; reconnect
            buffer += chunk.decode()
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                lines = dict(line.split(": ", 1) for line in block.split("\n")
                             if ": " in line and not line.startswith(":"))
                if lines.get("event") in ("version", "over"):
                    self.live.set()
                    self._wanted = max(self._wanted, int(lines["data"]))
                    await self.fetch()
                if lines.get("event") == "over":
                    self.over = True
                    return

    async def poll(self, stop: asyncio.Event) -> None:
        """The old client: ask for the board every second (204 while nothing changed)."""
        while not stop.is_set() and not self.over:
            await asyncio.sleep(1)
            self._wanted = self.version + 1
            try:
                await self.fetch()
                self.live.set()
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                self.stats.error(f"poll failed: {error!r}")


async def move(watcher: Watcher, stop: asyncio.Event, think: float, rng: random.Random) -> None:
    """Play the watcher's seat: whenever it is its turn, think, then post a legal action."""
    stats = watcher.stats
    while not stop.is_set() and not watcher.over:
        if not (watcher.my_turn and watcher.notations):
            changed = watcher.changed
            waiting = asyncio.ensure_future(changed.wait())
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait([waiting, stopping], return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel(), stopping.cancel()
            continue
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if stop.is_set():
            return
        others = [n for n in watcher.notations if n != "end"]
        notation = rng.choice(others) if others and rng.random() < 0.75 else "end"
        if notation not in watcher.notations:
            notation = rng.choice(watcher.notations)
        form = {"notation": notation, "version": watcher.version}
        started = time.monotonic()
        watcher.moving = True
        try:
            status, body = await watcher.mover.request("POST", f"/play/{watcher.match_id}/act/",
                                                       form)
        finally:
            watcher.moving = False
        finished = time.monotonic()
        stats.moves.append(finished - started)
        if status != 200:
            stats.error(f"move {notation!r} answered {status}")
            await asyncio.sleep(1)
            continue
        watcher.take_board(body.decode())
        stats.responses.append((watcher.match_id, watcher.version, watcher, finished))
        await watcher.fetch()  # a version announced while the move was in flight


# -- the run ---------------------------------------------------------------------------------------


def prepare(matches: int, bot_matches: int) -> list[dict]:
    """Create the users, their sessions and the matches; return [{id, seats: [session...]}]."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from cards.loading import load_pack_file
    from play import creation
    from play.creation import SeatSpec

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    pack = load_pack_file(ROOT / "fixtures" / "packs" / "core-set.json").pack

    def player(name: str) -> tuple[object, str]:
        user = get_user_model().objects.create(username=name)
        user.set_unusable_password()
        user.save()
        session = SessionStore()
        session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                        BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0]})
        session.create()
        return user, session.session_key

    found = []
    for number in range(matches):
        first, first_session = player(f"p{number}a")
        if number < bot_matches:
            seats = [SeatSpec(first.username, first), SeatSpec("Bot", bot="heuristic")]
            sessions = [first_session]
        else:
            second, second_session = player(f"p{number}b")
            seats = [SeatSpec(first.username, first), SeatSpec(second.username, second)]
            sessions = [first_session, second_session]
        match = creation.create_standard_match(pack, seats, seed=number)
        found.append({"id": match.pk, "seats": sessions})
    from django.db import connections

    connections.close_all()
    return found


def percentile(values: list[float], share: float) -> float | None:
    """Return the `share` percentile of `values` in milliseconds (nearest rank)."""
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)


def update_delays(stats: Stats, watchers: dict[int, list[Watcher]]) -> list[float]:
    """Return, per move and per other watcher of its match, the wait until it had the board."""
    delays = []
    for match_id, version, mover, answered in stats.responses:
        for other in watchers[match_id]:
            if other is mover:
                continue
            seen = next((when for v, when in other.seen if v >= version), None)
            if seen is None:
                if not other.over:
                    stats.error(f"match {match_id} version {version} never reached a watcher")
                continue
            delays.append(max(0.0, seen - answered))
    return delays


async def cpu_rate(pids: list[int], seconds: float) -> float:
    """Return the CPU seconds per second `pids` (and their reaped children) use over `seconds`."""
    before, started = cpu_seconds(pids), time.monotonic()
    await asyncio.sleep(seconds)
    return (cpu_seconds(pids) - before) / (time.monotonic() - started)


async def drive(server: Server, plan: list[dict], args: argparse.Namespace,
                pg_pid: int | None) -> dict:
    """Watch, measure the idle cost, move for the given time; return the figures."""
    stats, stop, rng = Stats(), asyncio.Event(), random.Random(7)
    seats = [(m["id"], s) for m in plan for s in m["seats"]]
    watchers: dict[int, list[Watcher]] = {m["id"]: [] for m in plan}
    movers = []
    for n in range(args.watchers):
        match_id, session = seats[n % len(seats)]
        watcher = Watcher(server.port, match_id, session, stats)
        watchers[match_id].append(watcher)
        if n < len(seats):
            movers.append(watcher)
    everyone = [w for group in watchers.values() for w in group]
    pids = server.worker_pids() + [server.process.pid]
    if pg_pid is not None:
        pids += [pg_pid, *children(pg_pid)]
    baseline = await cpu_rate(pids, args.idle_seconds)  # the server idle, nobody watching
    for start in range(0, len(everyone), 20):  # the pages open over a moment, not all at once
        await asyncio.gather(*(w.load() for w in everyone[start:start + 20]))
    follow = Watcher.follow_events if args.transport == "sse" else Watcher.poll
    feeds = [asyncio.ensure_future(follow(w, stop)) for w in everyone]
    try:  # every stream open and answered (or every poll answered once), then a quiet moment
        await asyncio.wait_for(asyncio.gather(*(w.live.wait() for w in everyone)), 120)
    except TimeoutError:
        stats.error("not every watcher was connected after 120 s")
    await asyncio.sleep(3)

    watching = await cpu_rate(pids, args.idle_seconds)  # everyone watching, nobody moving

    players = [asyncio.ensure_future(move(w, stop, args.think, random.Random(rng.random())))
               for w in movers]
    busy = await cpu_rate(pids, args.seconds)
    for task in players:  # stop the movers, then let the watchers see the last moves
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    await asyncio.sleep(GRACE_SECONDS)
    stop.set()
    for task in feeds:
        task.cancel()
    await asyncio.gather(*feeds, return_exceptions=True)
    for watcher in everyone:
        watcher.http.close()
        watcher.mover.close()

    delays = update_delays(stats, watchers)
    return {
        "db": args.db, "transport": args.transport, "workers": args.workers,
        "matches": len(plan), "watchers": len(everyone), "moves": len(stats.moves),
        "seconds": args.seconds, "think_s": args.think,
        "move_p50_ms": percentile(stats.moves, 0.50), "move_p95_ms": percentile(stats.moves, 0.95),
        "move_p99_ms": percentile(stats.moves, 0.99), "update_p95_ms": percentile(delays, 0.95),
        "idle_cpu_ms_per_watcher_s": round(1000 * (watching - baseline) / len(everyone), 4),
        "idle_cpu_ms_per_s": round(1000 * watching, 1),
        "baseline_cpu_ms_per_s": round(1000 * baseline, 1),
        "busy_cpu_ms_per_move": (round(1000 * busy * args.seconds / len(stats.moves), 1)
                                 if stats.moves else None),
        "errors": stats.errors, "error_examples": stats.notes,
        "loadavg_1min": round(os.getloadavg()[0], 1),  # other work on the machine meanwhile
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--watchers", type=int, default=None, help="default: 2 × matches")
    parser.add_argument("--bot-matches", type=int, default=None, help="default: matches // 4")
    parser.add_argument("--think", type=float, default=3.0, help="mean think time per move (s)")
    parser.add_argument("--transport", choices=("sse", "poll"), default="sse")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--idle-seconds", type=float, default=10)
    args = parser.parse_args()
    if not 1 <= args.matches <= 1000 or not 1 <= args.seconds <= 600:
        parser.error("use 1-1000 matches and 1-600 seconds")
    args.watchers = args.watchers or 2 * args.matches
    args.bot_matches = args.matches // 4 if args.bot_matches is None else args.bot_matches
    with throwaway_database(args.db) as (url, pg_pid), tempfile.TemporaryDirectory() as static:
        env = server_environment(url, Path(static))
        os.environ.update(env)  # this process prepares the same database
        plan = prepare(args.matches, args.bot_matches)
        with Server(env, workers=args.workers) as server:
            result = asyncio.run(drive(server, plan, args, pg_pid))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
