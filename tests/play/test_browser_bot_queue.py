"""In a real Chromium, with the queue on: the person's move returns at once with the bot still to
play, and the bot's turn, played by a real worker process (`manage.py run_workers`), appears on
the board without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from play import creation
from play.creation import SeatSpec
from play.engine import GameSetup, SeatSetup
from play.models import Match
from tests.browser_support import log_in
from tests.factories import UserFactory
from tests.play.workers import worker_process

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.both_databases]


def test_the_bot_answers_from_the_worker_without_a_reload(live_server, page: Page, core_pack,
                                                          settings, tmp_path) -> None:
    """C3: alice moves first; her "end turn" returns before any bot move; a worker answers."""
    settings.TASKS_SYNC = False  # the live server's requests queue the bot's turn
    alice = UserFactory(username="alice")
    setup = GameSetup(pack=core_pack.engine_pack(), seed=11, first=0,
                      seats=[SeatSetup(name="Alice"), SeatSetup(name="Robot")])
    match = creation.create_match(core_pack, setup,
                                  [SeatSpec("Alice", alice), SeatSpec("Robot", bot="heuristic")])
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/play/{match.pk}/")
    expect(page.locator("#turn-status")).to_contain_text("Your move")
    page.evaluate("window.notReloaded = true")  # gone if anything reloads the whole page

    with page.expect_response(lambda r: r.url.endswith(f"/play/{match.pk}/act/")) as answer:
        page.locator("#dock #end-turn").click()
    assert answer.value.status == 200
    expect(page.locator("#board")).to_have_attribute("data-version", "1")  # alice's end only
    expect(page.locator("#turn-status")).to_contain_text("Waiting for")
    assert Match.objects.get(pk=match.pk).turn_seat == 1  # no worker yet: the bot's turn waits

    with worker_process(tmp_path / "worker.log"):
        expect(page.locator("#turn-status")).to_contain_text("Your move", timeout=30_000)
    shown = int(page.locator("#board").get_attribute("data-version"))
    assert shown == Match.objects.get(pk=match.pk).version > 1
    assert page.evaluate("window.notReloaded") is True
