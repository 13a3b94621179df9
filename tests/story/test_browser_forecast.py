"""In a real Chromium with the queue on: a member starts a forecast, a real worker process
(`manage.py run_workers`) plays the games, the page shows the progress moving and then the odds,
without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from story.models import Forecast
from tests.browser_support import log_in
from tests.play.workers import worker_process

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_forecast_runs_in_a_worker_and_its_odds_appear_without_a_reload(
        live_server, page: Page, halfway, settings, tmp_path) -> None:
    """L5/L6: scenario 6 of a bot campaign, its choice still open: the odds per option too."""
    settings.TASKS_SYNC = False  # the live server's POST queues the forecast for a worker
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/campaigns/{halfway.pk}/")
    page.locator("#forecast-link").click()
    page.locator("select[name=games]").select_option("200")
    page.locator("#start-forecast").click()
    expect(page.locator("#forecast-count")).to_contain_text("0 of 200")
    page.evaluate("window.notReloaded = true")  # gone if anything reloads the whole page
    seen: set[int] = set()
    with worker_process(tmp_path / "worker.log"):
        page.wait_for_function("""() => {
            const bar = document.querySelector('#forecast-progress');
            if (bar) { (window.seen = window.seen || []).push(Number(bar.value)); }
            return document.querySelector('#forecast-odds') !== null;
        }""", polling=200, timeout=90_000)
    seen.update(page.evaluate("window.seen || []"))
    assert any(0 < value < 200 for value in seen), seen  # the bar moved before the end
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("#forecast-odds li")).to_have_count(2)
    expect(page.locator("#forecast-options tbody tr")).to_have_count(2)  # bombard / entrench
    forecast = Forecast.objects.get()
    assert forecast.status == "done" and forecast.result["games"] == 200
