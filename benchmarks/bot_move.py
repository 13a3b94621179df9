"""How long a person's move POST takes in a game against a bot; prints one JSON line.

    python benchmarks/bot_move.py [--bot search] [--runs 3] [--moves 20] [--ref GIT_REF]

Each run plays a fresh standard game (core set) of a logged-in person against the bot through
Django's test client on a throw-away SQLite file, in one process: the person's moves are the
heuristic bot's choices, POSTed to /play/<id>/act/ as the board's htmx form does, and timed. Only
the moves that hand the decision to the bot count ("handovers"): those are the ones that used to
wait for the bot. Where bots are queued (play.bots_queue), the worker's job is then done in this
process (`services.run_bot_chunk` until nothing is due), untimed, before the next move. `--ref` measures a git commit
instead of the working tree (extracted with `git archive` into a temporary folder), e.g. the
commit before bots left the request path. Prints the median and 95th percentile handover
latency of each run, the median of each over the runs, and the median CPU time the process
spent on a handover (less moved by the machine's other load than the wall-clock figures).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Runs inside the measured checkout (its own play.services), so old and new code are compared
# by the very same steps.
_CHILD = r"""
import json, os, statistics, sys, time
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth import get_user_model
from django.test import Client
from cards.loading import load_pack_file
from play import creation, services
from play.engine.bots.registry import get_bot
from play.creation import SeatSpec

bot_name, runs, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
call_command("migrate", verbosity=0)
pack = load_pack_file("fixtures/packs/core-set.json").pack
user = get_user_model().objects.create_user("bench", password="x")
client = Client(HTTP_HX_REQUEST="true")
client.force_login(user)
queued = hasattr(services, "run_bot_chunk")


def answer_now(match_id):
    # The worker's job, done here between two timed moves: every chunk due, one after another.
    while True:
        version = services.Match.objects.get(pk=match_id).version
        if not services.run_bot_chunk(match_id, version):
            return


chooser = get_bot("heuristic", seed=1)
medians, p95s, cpus, counts = [], [], [], []
for run in range(runs):
    match = creation.create_standard_match(
        pack, [SeatSpec("Bench", user), SeatSpec("Bot", bot=bot_name)], seed=100 + run)
    if queued:
        answer_now(match.pk)
    timings, cpu = [], []
    while len(timings) < moves:
        match.refresh_from_db()
        state = services.engine_state(match)
        if state.outcome is not None:
            match = creation.create_standard_match(
                pack, [SeatSpec("Bench", user), SeatSpec("Bot", bot=bot_name)],
                seed=1000 + run * 97 + len(timings))
            if queued:
                answer_now(match.pk)
            continue
        notation = chooser.choose(state, 0).notation
        hands_over = notation == "end"
        started, cpu_started = time.perf_counter(), time.process_time()
        answer = client.post(f"/play/{match.pk}/act/",
                             {"notation": notation, "version": match.version})
        elapsed = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu_started) * 1000
        if answer.status_code != 200:
            raise SystemExit(f"move {notation!r} answered {answer.status_code}")
        if hands_over:
            timings.append(elapsed)
            cpu.append(cpu_ms)
        if queued:
            answer_now(match.pk)  # the worker's job, untimed
    timings.sort()
    medians.append(round(statistics.median(timings), 1))
    p95s.append(round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 1))
    cpus.append(round(statistics.median(cpu), 1))
    counts.append(len(timings))
print(json.dumps({"medians": medians, "p95s": p95s, "cpus": cpus, "counts": counts,
                  "queued": queued}))
"""


def measure(checkout: Path, bot: str, runs: int, moves: int) -> dict:
    """Run the timed games in `checkout` with a throw-away database; return its figures."""
    folder = Path(tempfile.mkdtemp(prefix="starledger-bench-bot-"))
    try:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
               "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3", "DEBUG": "1",  # no collected static files needed
               "ALLOWED_HOSTS": "testserver",
               "HTTPS": "0", "TASKS_SYNC": "0", "PYTHONPATH": str(checkout),
               "RATE_LIMIT_MATCHES_PER_HOUR": "0"}
        out = subprocess.run([sys.executable, "-c", _CHILD, bot, str(runs), str(moves)],
                             cwd=checkout, env=env, check=True, capture_output=True, text=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def extract(ref: str, into: Path) -> Path:
    """Extract commit `ref` of this repository into `into` (git archive); return the folder."""
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="search", choices=["search", "heuristic", "random"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=20, help="timed handovers per run")
    parser.add_argument("--ref", default="", help="a git commit to measure instead of the tree")
    args = parser.parse_args()
    runs, moves = max(1, min(args.runs, 10)), max(1, min(args.moves, 200))  # bounded
    with tempfile.TemporaryDirectory(prefix="starledger-bench-ref-") as tmp:
        checkout = extract(args.ref, Path(tmp)) if args.ref else ROOT
        found = measure(checkout, args.bot, runs, moves)
    print(json.dumps({"bench": "bot_move", "code": args.ref or "working tree", "bot": args.bot,
                      "bots_queued": found["queued"], "runs": runs,
                      "handovers_per_run": found["counts"],
                      "handover_p50_ms_per_run": found["medians"],
                      "handover_p95_ms_per_run": found["p95s"],
                      "handover_p50_ms": statistics.median(found["medians"]),
                      "handover_p95_ms": statistics.median(found["p95s"]),
                      "handover_cpu_p50_ms": statistics.median(found["cpus"])}))


if __name__ == "__main__":
    main()
