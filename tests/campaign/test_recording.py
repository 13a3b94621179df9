"""Recording a table game through the page: any number of upgrades, pairs checked by name, a stale
record kept and offered again (L12-L14, L16, L19), and the history saying which upgrades."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign

NINE = [  # five Empire ships (sheet empire-1, costs 1-5) and four Federation bases (federation-1)
    ("consortium-ship-1#1", "empire-1:1:ship"), ("kingdom-ship-2#1", "empire-1:2:ship"),
    ("scavengers-ship-3#1", "empire-1:3:ship"), ("consortium-ship-4#1", "empire-1:4:ship"),
    ("kingdom-ship-5#1", "empire-1:5:ship"), ("consortium-base-1#1", "federation-1:1:base"),
    ("kingdom-base-2#1", "federation-1:2:base"), ("scavengers-base-3#1", "federation-1:3:base"),
    ("consortium-base-4#1", "federation-1:4:base"),
]


def record_url(campaign: Campaign) -> str:
    return reverse("campaign:record", args=[campaign.pk])


def rows(pairs: list[tuple[str, str]]) -> dict[str, str]:
    data = {}
    for i, (copy_id, sticker) in enumerate(pairs):
        data[f"copy_{i}"], data[f"sticker_{i}"] = copy_id, sticker
    return data


def game(version: int, pairs: list[tuple[str, str]], **extra: str) -> dict[str, str | int]:
    return {"version": version, "winner": "empire", "how": "authority", **rows(pairs), **extra}


def test_l19_nine_upgrades_record_and_each_side_comes_from_its_sheet(alice_client: Client,
                                                                     started: Campaign) -> None:
    """Nine rows (more than the old six), no "by" posted: the sticker's sheet says whose (L4a);
    five Empire stickers of scenario 1's sheet make a political victory possible (L19)."""
    response = alice_client.post(record_url(started), game(2, NINE, how="political"))
    assert response.status_code == 302
    started.refresh_from_db()
    upgrades = started.current_state.upgrades
    assert len(upgrades) == 9
    assert [upgrades[c]["side"] for c, _s in NINE] == ["empire"] * 5 + ["federation"] * 4
    assert started.current_state.current()["result"]["how"] == "political"


def test_add_an_upgrade_without_javascript_adds_a_row_and_saves_nothing(alice_client: Client,
                                                                        started: Campaign) -> None:
    page = alice_client.get(record_url(started)).content.decode()
    assert page.count('class="upgrade-row"') == 3
    response = alice_client.post(record_url(started), game(2, NINE[:3], add_row="1"))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('class="upgrade-row"') == 4
    assert '<option value="scavengers-ship-3#1" data-cost="3" data-type="ship"' in page
    assert re.search(r'<option value="scavengers-ship-3#1" selected', page)  # kept
    started.refresh_from_db()
    assert started.version == 2


def test_l13_options_show_names_and_sticker_texts_grouped_by_cost_and_sheet(
        alice_client: Client, started: Campaign) -> None:
    page = alice_client.get(record_url(started)).content.decode()
    assert '<optgroup label="Cost 2 · ships">' in page
    assert '<optgroup label="Star Empire — empire sheet 1">' in page
    assert re.search(r'data-cost="2" data-type="ship"[^>]*>Kingdom Ship 2, copy 3</option>', page)
    assert re.search(r'data-row="empire-1:2"[^>]*>Ship, cost 2 — \+1 trade</option>', page)
    russian = alice_client.get(record_url(started), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "[ru] Kingdom Ship 2, копия 3</option>" in russian
    assert "Корабль, стоимость 2 — +1 торговли</option>" in russian


def test_l13_a_pair_that_does_not_fit_is_a_row_error_naming_both(alice_client: Client,
                                                                 started: Campaign) -> None:
    pairs = [NINE[0], ("kingdom-ship-2#2", "empire-1:3:ship")]
    response = alice_client.post(record_url(started), game(2, pairs))
    page = response.content.decode()
    assert response.status_code == 200
    assert ("Upgrade row 2: Kingdom Ship 2, copy 2 has printed cost 2; the sticker “Ship, cost 3 "
            "— +1 trade” is for cost 3.") in page.replace("&quot;", '"')
    assert re.search(r'<option value="kingdom-ship-2#2" selected', page)  # typed, kept
    assert re.search(r'<option value="empire-1:3:ship" selected', page)
    started.refresh_from_db()
    assert started.version == 2


def test_too_many_rows_is_a_form_error_not_a_silent_drop(alice_client: Client,
                                                         started: Campaign) -> None:
    data = game(2, NINE[:1])
    data["copy_999999"] = "kingdom-ship-2#2"
    response = alice_client.post(record_url(started), data)
    assert response.status_code == 200
    assert "At most 40 upgrades" in response.content.decode()


def test_stale_record_shows_409_with_what_was_typed_and_records_on_resubmit(
        alice_client: Client, started: Campaign, bob) -> None:
    """Two tabs: the other one recorded then undid (version 2 -> 4); nothing typed is lost."""
    started.apply_event("game_recorded", {"winner": "federation", "how": "authority"}, bob, 2)
    started.undo(bob, 3)
    response = alice_client.post(record_url(started), game(2, NINE[:2], **{
        "vp_s1-first-blood": "federation"}))
    assert response.status_code == 409
    page = response.content.decode()
    assert "NOT saved" in page
    assert "Upgrade: Consortium Ship 1, copy 1 — Ship, cost 1 — +1 trade" in page
    assert "VP card “First blood” to Trade Federation" in page
    assert '<input type="hidden" name="version" value="4"' in page  # ready for the new version
    assert re.search(r'<option value="kingdom-ship-2#1" selected', page)
    assert '<option value="federation" selected>Trade Federation</option>' in page
    again = alice_client.post(record_url(started), game(4, NINE[:2], **{
        "vp_s1-first-blood": "federation"}))
    assert again.status_code == 302
    started.refresh_from_db()
    assert set(started.current_state.upgrades) == {"consortium-ship-1#1", "kingdom-ship-2#1"}


def test_stale_record_after_the_game_was_recorded_keeps_the_typed_and_says_why(
        alice_client: Client, started: Campaign, bob) -> None:
    started.apply_event("game_recorded", {"winner": "federation", "how": "authority"}, bob, 2)
    response = alice_client.post(record_url(started), game(2, NINE[:1]))
    assert response.status_code == 409
    page = response.content.decode()
    assert "Upgrade: Consortium Ship 1, copy 1" in page and 'id="cannot-record"' in page
    assert 'id="record-form"' not in page
    started.refresh_from_db()
    assert started.version == 3


def test_history_and_undo_say_which_upgrades_and_the_choice_label(alice_client: Client,
                                                                  started: Campaign, alice) -> None:
    alice_client.post(record_url(started), game(2, NINE[:2]))
    started.refresh_from_db()
    started.apply_event("scenario_opened", {"number": 2}, alice, started.version)
    started.apply_event("choice_made", {"choice": "tribute", "option": "gold"}, alice,
                        started.version)
    history = alice_client.get(reverse("campaign:history", args=[started.pk])).content.decode()
    assert "Game recorded: Star Empire won (authority), 2 upgrades" in history
    assert "Kingdom Ship 2, copy 1: Ship, cost 2 — +1 trade, by Star Empire" in history
    assert "Choice made: Gold" in history and "Choice made: gold" not in history
    russian = alice_client.get(reverse("campaign:history", args=[started.pk]),
                               HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Сделан выбор: [ru] Gold" in russian and "2 улучшения" in russian


def test_russian_sticker_texts_name_factions_in_russian(client: Client, started: Campaign,
                                                        alice) -> None:
    """The ally sticker of the default pack said «Союзное свойство (Empire)» on Russian pages."""
    data = started.pack.data
    data["sticker_sheets"][0]["rows"][0]["base"] = {
        "and": False, "abilities": [{"when": "ally", "faction": "empire", "do": [{"combat": 3}]}]}
    started.pack.set_data(data)
    started.pack.save()
    client.force_login(alice)
    page = client.get(started.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Союзное свойство ([ru] Empire): +3 боя" in page
    assert "(Empire)" not in page


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_record_form_shows_the_chosen_copys_card_face_with_its_sticker(alice_client: Client, started: Campaign,
                                                     lang: str) -> None:
    started.pack.rebuild_catalogue()  # the card pages' designs, as `load_pack` makes them
    response = alice_client.post(record_url(started), game(2, NINE[:1], add_row="1"),
                                 HTTP_ACCEPT_LANGUAGE=lang)
    face = re.search(r'<img class="upgrade-face"[^>]* src="([^"]+)"', response.content.decode())
    assert face, "the chosen copy's face is shown beside its row"
    url = face.group(1).replace("&amp;", "&")
    assert f"/faces/consortium-ship-1.png?lang={lang}" in url and "copy=1" in url
    assert "sticker=empire-1%3A1%3Aship" in url  # the chosen sticker drawn on the face
    image = alice_client.get(url)
    assert image.status_code == 200 and image["Content-Type"] == "image/png"


def test_nine_recorded_upgrades_are_in_the_next_scenarios_online_game(alice_client: Client,
                                                                      started: Campaign,
                                                                      alice) -> None:
    """Issue 11's "done when": a table game with nine upgrades recorded through the form, then
    scenario 2 played online starts with those nine stickers on those copies (L16, L20)."""
    from play.models import Match
    assert alice_client.post(record_url(started), game(2, NINE)).status_code == 302
    started.refresh_from_db()
    started.apply_event("scenario_opened", {"number": 2}, alice, started.version)
    started.apply_event("choice_made", {"choice": "tribute", "option": "gold"}, alice,
                        started.version)
    response = alice_client.post(reverse("play:campaign", args=[started.pk]),
                                 {f"c{started.pk}-bot": "random"})
    assert response.status_code == 302
    match = Match.objects.get(campaign=started)
    assert match.scenario == 2
    assert {(u["copy"], u["sticker"]) for u in match.snapshot["upgrades"]} == set(NINE)
    setup = str(match.setup)
    assert all(f"'{sticker}'" in setup for _copy, sticker in NINE)


def test_after_recording_the_page_confirms_and_its_header_moves_on(alice_client: Client,
                                                                   started: Campaign) -> None:
    """Issue 20: a recorded game is confirmed, and the header no longer says "Scenario 1 of 12"
    beside "Next step: open scenario 2"."""
    response = alice_client.post(record_url(started), game(2, []), follow=True)
    page = response.content.decode()
    assert "The game of scenario 1 was recorded." in page
    progress = page.split('id="progress"')[1].split("</p>")[0]
    total = started.content.scenario_count
    assert f"Scenario 1 of {total} played · scenario 2 is next" in " ".join(progress.split())
    russian = alice_client.get(started.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru")
    progress = russian.content.decode().split('id="progress"')[1].split("</p>")[0]
    assert f"Сценарий 1 из {total} сыгран · следующий — сценарий 2" in " ".join(progress.split())
