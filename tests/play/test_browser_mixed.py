"""In a real Chromium: start a core set + Colony Wars game against the bot from the match form
and play a few turns through the board's move list (issue 12)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from cards.loading import load_pack_file
from cards.models import ContentPack
from play import services
from play.models import Match
from tests.browser_support import log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

COLONY_WARS = Path(settings.BASE_DIR) / "fixtures" / "packs" / "colony-wars.json"
DECISIONS = ("pick", "choose", "done")


@pytest.fixture
def cw_pack(db) -> ContentPack:
    return load_pack_file(COLONY_WARS).pack


def _version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def _next_move(page: Page) -> str:
    """Return the notation to click: answer a decision, play a card, buy, else end the turn."""
    notations = page.locator("#moves button[data-notation]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.notation)")
    for prefix in (*DECISIONS, "play", "buy"):
        found = [n for n in notations if n.split()[0] == prefix and "explorer" not in n]
        if found:
            return found[0]
    return "end"


def test_play_a_few_turns_of_core_plus_colony_wars(live_server, page: Page, core_pack,
                                                   cw_pack) -> None:
    UserFactory(username="alice")
    log_in(page, live_server.url, "alice")
    page.goto(live_server.url + "/play/")
    page.locator("select[name=deck]").select_option(f"mix-{core_pack.pk}-{cw_pack.pk}")
    page.locator("select[name=opponent]").select_option("captain")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#turn-status")).to_contain_text("Your move")
    match = Match.objects.get()
    assert match.content_packs() == [core_pack, cw_pack]
    page.evaluate("window.notReloaded = true")  # gone if any click reloads the whole page
    page.locator("#moves-toggle").click()  # the fallback list; board.js keeps it open on swaps

    turns = 0
    for _ in range(80):
        if turns == 3:
            break
        move = _next_move(page)
        before = _version(page)
        page.locator(f"#moves button[data-notation='{move}']").first.click()
        expect(page.locator("#board")).not_to_have_attribute("data-version", str(before))
        if move == "end":
            turns += 1
            expect(page.locator("#turn-status")).to_contain_text("Your move")
    assert turns == 3
    assert page.evaluate("window.notReloaded") is True

    match = Match.objects.get()
    assert match.version == _version(page) and not match.is_over
    state = services.engine_state(match)
    ended = [a.notation for a in match.actions.all() if a.seat == 0 and a.notation == "end"]
    assert len(ended) == 3, list(match.actions.values_list("seat", "notation"))
    copies = [c for c in state.game.copy_id if c]
    cw_ids = {d.id for d in cw_pack.engine_pack().designs_with_role("trade")}
    assert len(copies) == 160
    assert sum(c.split("#")[0] in cw_ids for c in copies) == 80
    text = html.unescape(page.locator("#board").inner_html())  # names in text or alt text
    for inst in state.row:  # every trade-row card is named, whichever pack it comes from
        if inst >= 0:
            assert state.design[inst].name["en"] in text
