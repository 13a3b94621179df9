"""The scenario panel of a campaign game's board (L6, L19, L21): card text, choices, lasting
rules, VP goals and political progress, in English and Russian, with names and never ids."""

from __future__ import annotations

import json
import re

import pytest

from campaign.models import Campaign
from play import creation, services
from play.creation import SeatSpec
from play.engine import load_pack, new_game, view
from play.engine.legacy import CampaignSnapshot, scenario_setup
from play.models import Match
from tests.browser_support import shoot
from tests.site.test_no_ids import (
    PACKS,
    leaks,
    open_next,
    pack_slugs,
    played_through,
    visible_text,
)


@pytest.fixture
def default_pack(db):
    from cards.loading import load_pack_file
    return load_pack_file(PACKS / "legacy-default.json").pack


def panel(page: str) -> str:
    start = page.index('id="scenario"')
    return page[start:page.index("</details>", start)]


def campaign_at(pack, alice, last: int) -> Campaign:
    campaign = played_through(pack, 12, last, "Panel", [(alice, "Alice"), (None, "Bot")])
    open_next(campaign, alice)
    return campaign


@pytest.fixture
def scenario5(default_pack, alice) -> Match:
    """A campaign game of scenario 5 of the default pack, its choice made (L6)."""
    campaign = campaign_at(default_pack, alice, 4)
    return creation.create_campaign_match(campaign, {1: "heuristic"}, seed=4)


def test_l6_panel_shows_card_choices_lasting_rules_and_goals_in_both_languages(
        scenario5, default_pack, alice_client) -> None:
    match = scenario5
    content = default_pack.data
    scenario = next(s for s in content["scenarios"] if s["number"] == 5)
    first = match.snapshot["first_side"]
    card = scenario["sides"][first]
    option_id = match.snapshot["choices"]["5"]["blockade"]
    option = next(o for o in card["choices"][0]["options"] if o["id"] == option_id)
    slugs = pack_slugs(default_pack)
    for lang in ("en", "ru"):
        page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
        text = " ".join(visible_text(panel(page.content.decode())).split())
        assert scenario["title"][lang] in text
        assert " ".join(card["text"][lang].split()) in text
        assert option["label"][lang] in text
        for vp_id in scenario["vp_cards"]:
            vp = next(v for v in content["vp_cards"] if v["id"] == vp_id)
            assert vp["name"][lang] in text and vp["text"][lang] in text
        assert ("0/10" in text)  # Blockade Runner: nobody has acquired a card yet
        assert leaks(text, slugs) == []
        assert "option" not in text and first not in text.split()
    en = visible_text(panel(alice_client.get(match.get_absolute_url(),
                                             HTTP_ACCEPT_LANGUAGE="en").content.decode()))
    assert "Lasting rules in force" in en and "(chosen in scenario" in en
    assert "Explorers cost 1 (printed: 2)." in en and "The trade row has 4 slots." in en
    ru = visible_text(panel(alice_client.get(match.get_absolute_url(),
                                             HTTP_ACCEPT_LANGUAGE="ru").content.decode()))
    assert "Действующие постоянные правила" in ru and "Исследователи стоят 1" in ru


def test_l6_explorer_price_follows_the_scenario(scenario5, alice_client) -> None:
    """Scenario 5's card prices explorers at 1: the trade row, the card and the buy label say 1."""
    page = alice_client.get(scenario5.get_absolute_url()).content.decode()
    assert re.search(r"Explorers: \d+ \(cost 1\)", page) and "(cost 2)" not in page
    state = services.engine_state(scenario5)
    assert view(state, 0)["rules"]["explorer_cost"] == 1


def test_l19_political_progress_counts_this_sheet_earlier_stickers_too() -> None:
    """L19: stickers of this scenario's sheet used in earlier games count; other sheets do not."""
    pack = load_pack(json.loads((PACKS / "legacy-default.json").read_text()))
    sticker_of = {sheet: next(s for s in sorted(pack.stickers) if s.startswith(sheet + ":"))
                  for sheet in ("empire-1", "empire-2")}
    upgrades = [{"copy": copy, "sticker": sticker_of[sheet], "side": "empire"} for copy, sheet in [
        (pack.trade_copies()[0], "empire-2"), (pack.trade_copies()[1], "empire-1")]]
    snapshot = CampaignSnapshot(first_side="empire", upgrades=upgrades,
                                choices={2: {"ports": "secret-loans"}}, first_sides={1: "empire"})
    state = new_game(scenario_setup(pack, snapshot, 2, seed=1))
    players = view(state, 1)["players"]
    assert [p["political"] for p in players] == [{"used": 1, "needed": 5},
                                                 {"used": 0, "needed": 5}]


def test_l21_vp_progress_shows_who_is_close(scenario5) -> None:
    """L21: a first_to VP card shows each seat's count; one near the goal is marked close."""
    from play.board import scenario_panel
    state = services.engine_state(scenario5)
    seat_view = view(state, 0)
    runner = next(v for v in seat_view["vp_cards"] if v["award"] == "first_to")
    runner["goals"][0]["have"] = [8, 2]
    goals = scenario_panel(scenario5, seat_view)["vp_cards"]
    standings = next(g for g in goals if g["standings"])["standings"]
    assert [(s["have"], s["need"], s["close"]) for s in standings] == [(8, 10, True), (2, 10, False)]


def test_a_game_outside_a_campaign_has_no_scenario_panel(core_pack, alice, alice_client) -> None:
    match = creation.create_standard_match(
        core_pack, [SeatSpec("alice", alice), SeatSpec("bot", bot="heuristic")], seed=2)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert 'id="scenario"' not in page and "Explorers: 10 (cost 2)" in page


def test_c26_a_defeated_players_negative_authority_shows_as_out(scenario5) -> None:
    from play.board import Board
    state = services.engine_state(scenario5)
    seat_view = view(state, 0)
    seat_view["players"][1]["authority"], seat_view["players"][1]["alive"] = -4, False
    board = Board(seat_view, scenario5.pack.data, state).context()
    assert board["others"][0]["authority"] == 0 and board["others"][0]["out"]
    assert board["me"]["authority"] > 0 and not board["me"]["out"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_chromium_panel_opens_the_first_time_then_as_the_player_left_it(
        live_server, browser, default_pack, alice, locale, tmp_path, settings) -> None:
    """Issue 20: the panel is open the first time the player sees the scenario, lies over the
    table without moving it; closed, it is a one-line bar, and stays closed after a reload and
    on a phone (remembered per player and match). No sideways scroll either way."""
    from tests.browser_support import log_in
    settings.CARD_CACHE_DIR = tmp_path / "card-cache"
    match = creation.create_campaign_match(campaign_at(default_pack, alice, 4),
                                           {1: "heuristic"}, seed=4)
    title = next(s for s in default_pack.data["scenarios"] if s["number"] == 5)["title"][locale]
    for width, height in ((1280, 800), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                      extra_http_headers={"Accept-Language": locale})
        page = context.new_page()
        log_in(page, live_server.url, "alice")
        page.goto(live_server.url + match.get_absolute_url())
        panel = page.locator("#scenario")
        assert title in panel.locator("summary").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 1280:  # the first visit
            assert panel.evaluate("d => d.open") is True
            assert page.locator("#scenario-vp").is_visible()
            row = page.locator("#trade-row").bounding_box()
            shoot(page, f"board-{locale}-{width}-open")
            panel.locator("[data-close=scenario]").click()
            assert page.locator("#trade-row").bounding_box() == row  # the table did not move
            page.wait_for_function("() => true")
            _saved(match, False)
            page.reload()
        assert panel.evaluate("d => d.open") is False  # as the player left it
        assert panel.bounding_box()["height"] < 60  # a one-line bar
        shoot(page, f"board-{locale}-{width}-closed")
        panel.locator("summary").click()
        assert panel.evaluate("d => d.open") is True
        assert page.locator("#scenario-vp").is_visible()
        _saved(match, True)
        panel.locator("summary").click()
        _saved(match, False)
        context.close()


def _saved(match, open_: bool) -> None:
    """Wait until the seat holds `open_` as the panel's state (the POST is sent on toggle)."""
    import time

    from play.models import MatchSeat
    for _ in range(50):
        if MatchSeat.objects.get(match=match, index=0).scenario_open is open_:
            return
        time.sleep(0.1)
    raise AssertionError(f"the panel's state {open_} was not saved")


def test_remembering_the_panel_refuses_bad_input(scenario5, alice_client) -> None:
    """A value other than 0/1 is a 400 with a message, and changes nothing."""
    from django.urls import reverse

    from play.models import MatchSeat
    url = reverse("play:panel", args=[scenario5.pk])
    response = alice_client.post(url, {"open": "maybe"})
    assert response.status_code == 400 and b"open=1" in response.content
    assert MatchSeat.objects.get(match=scenario5, index=0).scenario_open is None
    assert alice_client.post(url, {"open": "0"}).status_code == 204
    assert MatchSeat.objects.get(match=scenario5, index=0).scenario_open is False
    page = alice_client.get(scenario5.get_absolute_url()).content.decode()
    assert '<details class="scenario-panel" id="scenario"' in page and " open " not in page.split(
        'id="scenario"')[1].split(">")[0]


def test_l19_panel_shows_each_sides_political_progress(default_pack, alice, alice_client) -> None:
    """L19: scenario 2 allows a political victory: each side's count of its sheet, in words."""
    match = creation.create_campaign_match(campaign_at(default_pack, alice, 1), {1: "heuristic"},
                                           seed=3)
    sheets = {s["side"]: s["name"] for s in default_pack.data["sticker_sheets"] if s["scenario"] == 2}
    for lang, words in (("en", "0/5 stickers of this scenario’s sheet used"),
                        ("ru", "использовано наклеек листа этого сценария — 0/5")):
        page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
        text = " ".join(visible_text(panel(page.content.decode())).split())
        assert text.count(words) == 2
        assert all(name[lang] in text for name in sheets.values())
