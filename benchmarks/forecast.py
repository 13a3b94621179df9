"""Issue 22's figures: a forecast of 500 games, the chronicle page, the campaign book.

Builds a throw-away SQLite database with two bot campaigns of the default legacy pack (one after
12 scenarios, one halfway with scenario 6 opened and its choice open), then measures:
- `forecast_s`: a forecast of --games games of scenario 6, played by a worker process of its own
  (the task the queue runs, `story.forecast.run_forecast_task`, FORECAST_WORKERS processes), from
  the task's start to its result (median of --runs);
- `progress_max_gap_s`: the longest time the forecast's progress (the row the page polls) stood
  still meanwhile, seen by polling the status fragment every 0.1 s (worst of the runs);
- `page_ms_during` / `page_ms_idle`: the forecast page through the test client while the games
  run and with nothing running (medians): the web process is not the one playing;
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
import statistics
import subprocess
import sys
import time

from sandbox import ROOT, load_pack, throwaway_site

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
    """Play one forecast in a worker process; poll its status page meanwhile."""
    from django.urls import reverse

    from story import forecast
    from story.models import Forecast

    run = forecast.start(campaign, user, games, seed=seed)  # queued: TASKS_SYNC is off
    status_url = reverse("story:forecast_status", args=[campaign.pk, run.pk])
    page_url = reverse("story:forecast", args=[campaign.pk])
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(run.pk)], cwd=ROOT)
    last_done, last_change, gap, pages = -1, None, 0.0, []
    while worker.poll() is None:
        now = time.monotonic()
        run = Forecast.objects.get(pk=run.pk)
        if run.status == "running":
            if run.done != last_done:
                if last_change is not None:
                    gap = max(gap, now - last_change)
                last_done, last_change = run.done, now
            pages.append(timed(lambda: client.get(page_url)))
            assert client.get(status_url).status_code == 200
        time.sleep(0.1)
    run = Forecast.objects.get(pk=run.pk)
    assert worker.returncode == 0 and run.status == "done", run.error
    return {"seconds": (run.finished - run.started).total_seconds(), "gap": gap, "pages": pages}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
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
        "progress_max_gap_s": round(max(r["gap"] for r in runs), 2),
        "page_ms_during": median_ms([s for r in runs for s in r["pages"]]),
        "page_ms_idle": median_ms(idle),
        "chronicle_warm_ms": median_ms(warm), "chronicle_cold_ms": round(1000 * cold, 1),
        "book_cold_s": round(statistics.median(books), 2),
    }))


if __name__ == "__main__":
    main()
