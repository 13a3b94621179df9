"""Issue 10: with the Content-Security-Policy on, the board and the card catalogue report no
violation in Chromium (every script and picture they need comes from this site)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from play.models import Match
from tests.browser_support import log_in
from tests.play.test_board_faces import make_bot_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_board_and_catalogue_run_under_the_policy(live_server, page: Page, core_pack,
                                                  alice) -> None:
    match: Match = make_bot_match(core_pack, alice)
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    log_in(page, live_server.url, "alice")
    for path in (match.get_absolute_url(), f"/cards/{core_pack.pk}/", "/play/", "/campaigns/"):
        response = page.goto(live_server.url + path)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")
    assert violations == []
