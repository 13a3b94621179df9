"""Issue 22's figures: a forecast of 500 games, the chronicle page, the campaign book.

Builds a throw-away SQLite database with two bot campaigns of the default legacy pack (one after
12 scenarios, one halfway with scenario 6 opened and its choice open), then measures:
- `forecast_s`: a forecast of --games games of scenario 6, played by a worker process of its own
  (the task the queue runs, `story.forecast.run_forecast_task`, FORECAST_WORKERS processes), from
  the task's start to its result (median of --runs); `forecast_cpu_s`: the CPU seconds that
  worker and its pool used (Django's start-up included), the figure load does not change much:
  on a shared machine the wall time is this CPU time spread over what the cores have to spare;
- `progress_max_gap_s`: the longest time the forecast's progress (the row the page polls) stood
  still meanwhile, watched every 0.05 s by a thread of its own (worst of the runs), so the
  pages loaded meanwhile do not stretch what it sees;
- `page_ms_during` / `page_ms_idle`: the status fragment (every 0.7 s, as the page polls it) and
  every third time the whole forecast page, through the test client while the games run; the
  page with nothing running (medians): the web process is not the one playing;
- `load`: the machine's 1-minute load average before and after (2 cores, shared);
- `chronicle_warm_ms` (median of 20) and `chronicle_cold_ms` (kept bodies and figures emptied)
  of the 12-scenario campaign;
- `book_cold_s`: the campaign book (English, A4) with its kept PDF and figures emptied (median of
  --runs).
Prints one JSON line.

    python benchmarks/forecast.py [--games 500] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import threading
import time

from sandbox import ROOT, load_pack, throwaway_site

POLL_SECONDS = 0.7  # the forecast page's status fragment polls this often (_forecast_run.html)
WORKER = """
import django, sys
django.setup()
from story.forecast import run_forecast_task
run_forecast_task(int(sys.argv[1]))
"""


def median_ms(seconds: list[float]) -> float:
    return round(1000 * statistics.median(seconds), 1)


def timed(call) -> float:
    """Return how long `call()` took; it must answer 200 (an error page is no measure)."""
    started = time.perf_counter()
    response = call()
    elapsed = time.perf_counter() - started
    assert response.status_code == 200, response.status_code
    return elapsed


def campaigns(user):
    """Return (the 12-scenario campaign, the halfway one), played by bots."""
    from campaign.simulation import Simulation
    pack = load_pack("legacy-default")
    whole = Simulation(pack, seed=5)
    whole.begin(user, "The long war", [(user, "Ann"), (None, "Ben")])
    whole.play_through(12)
    half = Simulation(pack, seed=7)
    half.begin(user, "Halfway", [(user, "Ann"), (None, "Ben")])
    half.play_through(5)
    campaign = half.campaign
    campaign.apply_event("scenario_opened", {"number": 6}, user, campaign.version)
    return whole.campaign, campaign


def forecast_run(client, campaign, user, games: int, seed: int) -> dict:
    """Play one forecast in a worker process; watch its progress and load its pages meanwhile."""
    from django.urls import reverse

    from story import forecast
    from story.models import Forecast

    run = forecast.start(campaign, user, games, seed=seed)  # queued: TASKS_SYNC is off
    status_url = reverse("story:forecast_status", args=[campaign.pk, run.pk])
    page_url = reverse("story:forecast", args=[campaign.pk])
    cpu_before = children_cpu()
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(run.pk)], cwd=ROOT)
    watcher = ProgressWatcher(run.pk)
    watcher.start()
    pages, polls = [], 0
    while worker.poll() is None:  # what a browser watching the run asks: the page's polling
        if Forecast.objects.filter(pk=run.pk, status="running").exists():
            pages.append(timed(lambda: client.get(status_url)))
            if polls % 3 == 0:  # and now and then the whole page (someone opens it meanwhile)
                pages.append(timed(lambda: client.get(page_url)))
            polls += 1
        time.sleep(POLL_SECONDS)
    watcher.stop.set()
    watcher.join()
    run = Forecast.objects.get(pk=run.pk)
    assert worker.returncode == 0 and run.status == "done", run.error
    return {"seconds": (run.finished - run.started).total_seconds(), "gap": watcher.gap,
            "cpu": children_cpu() - cpu_before, "pages": pages}


def children_cpu() -> float:
    """Return the CPU seconds of this process's finished children (and theirs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class ProgressWatcher(threading.Thread):
    """Read the forecast's progress row every 0.05 s; keep the longest time it stood still."""

    def __init__(self, pk: int) -> None:
        super().__init__(daemon=True)
        self.pk, self.gap = pk, 0.0
        self.stop = threading.Event()  # set once the worker has exited, whatever happened

    def run(self) -> None:
        from django.db import connection

        from story.models import Forecast

        last_done, last_change = -1, None
        try:
            while not self.stop.is_set():
                status, done = Forecast.objects.values_list("status", "done").get(pk=self.pk)
                now = time.monotonic()
                if status not in ("queued", "running"):
                    return
                if status == "running" and done != last_done:
                    if last_change is not None:
                        self.gap = max(self.gap, now - last_change)
                    last_done, last_change = done, now
                time.sleep(0.05)
        finally:
            connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    throwaway_site("forecast", TASKS_SYNC="0")  # the forecast runs in a worker process
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from story import book, plots, views

    user = get_user_model().objects.create_user("ann", password="x")
    whole, half = campaigns(user)
    client = Client()
    client.force_login(user)

    runs = [forecast_run(client, half, user, args.games, seed=1000 + k) for k in range(args.runs)]
    idle = [timed(lambda: client.get(reverse("story:forecast", args=[half.pk])))
            for _ in range(20)]

    chronicle = reverse("story:chronicle", args=[whole.pk])

    def empty_caches() -> None:
        for cache in (views.BODIES, plots.SVGS, book.BOOKS):
            cache.clear()

    empty_caches()
    cold = timed(lambda: client.get(chronicle))
    warm = [timed(lambda: client.get(chronicle)) for _ in range(20)]
    books = []
    for _ in range(args.runs):
        empty_caches()
        books.append(timed(lambda: client.get(reverse("story:book", args=[whole.pk]),
                                              {"lang": "en", "paper": "a4"})))
    print(json.dumps({
        "benchmark": "forecast", "games": args.games, "runs": args.runs,
        "forecast_s": round(statistics.median(r["seconds"] for r in runs), 2),
        "forecast_s_all": [round(r["seconds"], 2) for r in runs],
        "forecast_cpu_s": round(statistics.median(r["cpu"] for r in runs), 2),
        "progress_max_gap_s": round(max(r["gap"] for r in runs), 2),
        "page_ms_during": median_ms([s for r in runs for s in r["pages"]]),
        "page_ms_idle": median_ms(idle),
        "chronicle_warm_ms": median_ms(warm), "chronicle_cold_ms": round(1000 * cold, 1),
        "book_cold_s": round(statistics.median(books), 2),
        "book_cold_s_all": [round(b, 2) for b in books],
        "load": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }))


if __name__ == "__main__":
    main()
