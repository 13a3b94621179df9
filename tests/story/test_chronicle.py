"""The chronicle of a whole bot campaign: every scenario's result, and plots whose numbers are the
event log's (recomputed here from the events alone, not from the derived state the page reads)."""

from __future__ import annotations

import re
import warnings
from collections import Counter

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaign import names
from campaign.state import (
    AFTER_CAMPAIGN_UPGRADE,
    CHOICE_MADE,
    GAME_RECORDED,
    SCENARIO_OPENED,
    missing_choices,
)
from tests.story.pages import as_columns, figure_table

pytestmark = pytest.mark.django_db


def told_by_the_log(campaign) -> dict:
    """Return what each scenario's recording event says: winner, how, VP and upgrades per side."""
    content = campaign.content
    told, number = {"games": {}, "after": []}, 0
    for event in campaign.events.order_by("seq"):
        if event.kind == SCENARIO_OPENED:
            number = event.payload["number"]
        elif event.kind == GAME_RECORDED:
            payload = event.payload
            vp: Counter = Counter()
            victory = content.victory_vp_card(number)
            if victory:  # L21: the winner takes the scenario's victory VP card
                vp[payload["winner"]] += int(victory.get("points", 0))
            for item in payload.get("vp_cards", []):
                vp[item["side"]] += int(content.vp_cards[item["card"]].get("points", 0))
            told["games"][number] = {
                "winner": payload["winner"], "how": payload["how"], "vp": vp,
                "upgrades": [(u["copy"], u["side"]) for u in payload.get("upgrades", [])]}
        elif event.kind == AFTER_CAMPAIGN_UPGRADE:
            told["after"].append((event.payload["copy"], event.payload["side"]))
    return told


def test_the_chronicle_of_twelve_scenarios_shows_each_result_and_the_logs_numbers(
        full_campaign, alice_client) -> None:
    """L11/L21/L25: each scenario's winner and how; VP, upgrades, deck and most-upgraded plots."""
    campaign, content = full_campaign, full_campaign.content
    told = told_by_the_log(campaign)
    assert sorted(told["games"]) == list(range(1, 13)) and told["after"]
    page = alice_client.get(reverse("story:chronicle", args=[campaign.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    sides = sorted(campaign.current_state.sides)
    side_names = {side: names.side_name(content, side) for side in sides}

    for number, game in told["games"].items():
        story = re.search(rf'id="scenario-{number}".*?</li>\s*(?=<li class="card story"|</ol>)',
                          html, re.DOTALL)
        assert story, f"scenario {number} missing"
        said = escape(f"{side_names[game['winner']]} won: {names.win_how_name(game['how'])}")
        assert said in story.group(0), (number, said)

    vp = as_columns(figure_table(html, "vp"))
    upgrades = as_columns(figure_table(html, "upgrades"))
    for side in sides:
        running, made = [0], [0]
        for number in range(1, 13):
            game = told["games"][number]
            running.append(running[-1] + game["vp"][side])
            made.append(made[-1] + sum(1 for _copy, s in game["upgrades"] if s == side))
        made.append(made[-1] + sum(1 for _copy, s in told["after"] if s == side))
        assert vp[side_names[side]] == [str(n) for n in running]
        assert upgrades[side_names[side]] == [str(n) for n in made]
    assert vp["After scenario"] == ["start", *map(str, range(1, 13))]

    every_upgrade = [u for g in told["games"].values() for u in g["upgrades"]] + told["after"]
    deck = as_columns(figure_table(html, "deck"))  # by default after the campaign
    costs = [k for k, label in enumerate(deck["Cost or faction"]) if label.startswith("cost ")]
    for side in sides:
        upgraded = sum(int(deck[side_names[side]][k]) for k in costs)
        assert upgraded == sum(1 for _copy, s in every_upgrade if s == side)

    most = figure_table(html, "most")[1:]
    by_card = Counter(copy.rsplit("#", 1)[0] for copy, _side in every_upgrade)
    for row in most:
        card = next(c for c in by_card if names.card_name(content, c) == row[0])
        assert int(row[-1]) == by_card[card]
    assert int(most[0][-1]) == max(by_card.values())


def test_the_deck_plot_after_one_scenario_counts_that_far_only(full_campaign, alice_client) -> None:
    """L12: the deck after scenario 3 holds the upgrades of scenarios 1-3 alone (htmx fragment)."""
    campaign, content = full_campaign, full_campaign.content
    told = told_by_the_log(campaign)
    fragment = alice_client.get(reverse("story:chronicle", args=[campaign.pk]), {"after": "3"},
                                headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    deck = as_columns(figure_table(fragment.content.decode(), "deck"))
    costs = [k for k, label in enumerate(deck["Cost or faction"]) if label.startswith("cost ")]
    for side in ("empire", "federation"):
        expected = sum(1 for n in (1, 2, 3) for _copy, s in told["games"][n]["upgrades"]
                       if s == side)
        assert sum(int(deck[names.side_name(content, side)][k]) for k in costs) == expected


def test_a_copys_life_names_its_sticker_and_who_put_it_on(full_campaign, alice_client) -> None:
    """L12: the copy page tells the sticker, the side and who recorded it, never an id."""
    campaign, content = full_campaign, full_campaign.content
    copy_id, upgrade = next((c, u) for c, u in campaign.current_state.upgrades.items()
                            if u.get("scenario"))
    card, number = copy_id.rsplit("#", 1)
    page = alice_client.get(reverse("story:copy", args=[campaign.pk, card, int(number)]))
    html = page.content.decode()
    assert page.status_code == 200
    assert escape(names.sticker_text(content, content.sticker(upgrade["sticker"])[2])) in html
    assert escape(names.side_name(content, upgrade["side"])) in html
    assert copy_id not in html and upgrade["sticker"] not in html
    missing = alice_client.get(reverse("story:copy", args=[campaign.pk, card, 999]))
    assert missing.status_code == 404


def test_only_members_read_a_chronicle(full_campaign, client, outsider) -> None:
    """An outsider gets a 404 (the campaign's existence stays private), a visitor the login."""
    url = reverse("story:chronicle", args=[full_campaign.pk])
    assert client.get(url).status_code == 302
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    assert client.get(reverse("story:book", args=[full_campaign.pk])).status_code == 404


def scenario_item(page: str, number: int) -> str:
    """Return the timeline entry of scenario `number` on a chronicle page."""
    found = re.search(rf'<li class="card story" id="scenario-{number}">'
                      r'.*?(?=<li class="card story"|</ol>)', page, re.DOTALL)
    assert found, f"no scenario {number}"
    return found.group(0)


def open_with_choices(campaign, number: int, user) -> None:
    """Open scenario `number` and make its choices (each choice's first option)."""
    campaign.apply_event(SCENARIO_OPENED, {"number": number}, user, campaign.version)
    for choice in missing_choices(campaign.content, campaign.current_state):
        campaign.apply_event(CHOICE_MADE, {"choice": choice["id"],
                                           "option": choice["options"][0]["id"]}, user,
                             campaign.version)


def play_online_then_resign(client, match, turns: int) -> None:
    """Play seat 0's turns online by ending them (the bot plays seat 1) until turn `turns`, then
    resign: the finished match records itself in the campaign."""
    from play import services
    from play.engine import legal_actions

    while services.engine_state(match).turn < turns:
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        move = "end" if "end" in legal else legal[0]  # a forced choice first, if any
        response = client.post(reverse("play:act", args=[match.pk]),
                               {"notation": move, "version": match.version})
        assert response.status_code == 302
        match.refresh_from_db()
    client.post(reverse("play:resign", args=[match.pk]), {"version": match.version})
    match.refresh_from_db()


def test_l21_a_scenario_played_online_shows_its_turns_and_its_replay(default_pack, alice,
                                                                      alice_client) -> None:
    """L21: the scenario whose game was played online shows that game's turn count and links
    its replay; a result typed in by hand shows neither (no game was played on the site)."""
    from campaign.models import Campaign
    from play import creation

    campaign = Campaign.start(default_pack, "Online", alice, [(alice, "Alice"), (None, "Fed")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice,
                         campaign.version)
    open_with_choices(campaign, 1, alice)
    match = creation.create_campaign_match(campaign, {1: "random"})
    play_online_then_resign(alice_client, match, turns=5)
    assert match.recorded and not match.record_problem
    turns = match.result["turns"]
    assert turns >= 5
    campaign = Campaign.objects.get(pk=campaign.pk)
    open_with_choices(campaign, 2, alice)
    campaign.apply_event(GAME_RECORDED, {"winner": "empire", "how": "authority"}, alice,
                         campaign.version)

    page = alice_client.get(reverse("story:chronicle", args=[campaign.pk])).content.decode()
    first, second = (scenario_item(page, n) for n in (1, 2))
    replay = reverse("play:replay", args=[match.pk])
    assert f"· {turns} turns" in first and f'href="{replay}"' in first
    assert "Federation won" in first  # Alice (Star Empire) resigned
    assert " turns" not in second and "replay" not in second.lower()
    assert alice_client.get(replay).status_code == 200


def test_a_campaign_whose_sides_are_not_chosen_yet_has_a_chronicle(default_pack, alice,
                                                                   alice_client) -> None:
    """The first page of a new campaign's story: no scenario yet, plots without series draw
    without a legend (matplotlib warned of a legend with nothing to name)."""
    from campaign.models import Campaign

    campaign = Campaign.start(default_pack, "New", alice, [(alice, "Alice"), (None, "Fed")])
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="No artists with labels")  # matplotlib's
        response = alice_client.get(reverse("story:chronicle", args=[campaign.pk]))
    assert response.status_code == 200
    assert 'id="no-scenarios"' in response.content.decode()
