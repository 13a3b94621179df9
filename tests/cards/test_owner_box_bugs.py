"""One test per bug that issue 19 lists (each failed on the code before its fix).

An owner of the physical box enters it through the pages: these are the walls they hit, from a
campaign that could not start before the whole box was typed to a home page that never said the
default content is our own.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cards.models import ContentPack
from tests.cards.test_owner_box import (
    _errors,
    create_empty_box,
    enter_small_box,
    post_form,
    sheet_fields,
)

pytestmark = pytest.mark.django_db

SCENARIO_1 = {"title": "Border Dispute", "winner_points": 2,
              "empire_text": "The Empire starts with 60 authority.",
              "federation_text": "The Federation plays second.",
              "empire_r0_shape": "starting_authority", "empire_r0_who": "empire",
              "empire_r0_n": 60}


def envelope_one(client: Client) -> ContentPack:
    """Return a set with the trade cards and envelope 1 only: one sheet, scenario 1."""
    pack = create_empty_box(client)
    enter_small_box(client, pack, sheets=(("empire", 1),))  # opens envelopes 1-4 on the way
    response = post_form(client, reverse("cards:scenario_text", args=[pack.pk, 1]), SCENARIO_1,
                         pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    return pack


def printed_card(name: str, text: str, **extra: Any) -> dict[str, Any]:
    fields = {"name_en": name, "type": "ship", "factions": ["kingdom"], "cost": 3,
              "quantity": 2, "role": "trade", "abilities_from": "printed", "printed": text}
    return {**fields, **extra}


def test_l4_a_campaign_starts_from_an_unfinished_set_with_envelope_1(alice_client: Client):
    """Bug: a campaign could not start until 60 cards and 8 sheets existed (filler needed)."""
    pack = envelope_one(alice_client)
    assert pack.is_draft and pack.sticker_sheets.count() == 1
    response = alice_client.post(reverse("campaign:create"), {
        "pack": pack.pk, "name": "Kitchen war", "creator_plays": "on", "second_seat": "Bob"})
    assert response.status_code == 302, response.context["form"].errors
    assert Campaign.objects.get().pack_id == pack.pk


def test_a_set_that_cannot_start_a_campaign_says_why(alice_client: Client):
    """Bug: the page did not say why the unfinished set was refused."""
    pack = create_empty_box(alice_client)
    response = alice_client.post(reverse("campaign:create"), {
        "pack": pack.pk, "name": "Too early", "creator_plays": "on", "second_seat": "Bob"})
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors["pack"])
    assert "has no trade card yet" in errors and not Campaign.objects.exists()


def test_card_typed_as_printed_gets_effects_and_keeps_what_is_not_understood(
        alice_client: Client):
    """Bugs: 5 of 12 cards needed the JSON box; saving a printed text was a 500."""
    pack = create_empty_box(alice_client)
    text = ("+4 Combat. You may scrap a card in the trade row. Ally: +2 Combat. "
            "Dance with the stars")
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]),
                         printed_card("Royal Lancer", text), pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    card = next(c for c in pack.working_data["cards"] if c["id"] == "royal-lancer")
    assert card["abilities"][0]["do"] == [
        {"combat": 4}, {"scrap": {"from": "trade_row", "min": 0, "max": 1}}]
    assert card["abilities"][1] == {"when": "ally", "faction": "kingdom", "do": [{"combat": 2}]}
    assert card["unread"] == ["Dance with the stars"]  # kept, never silently dropped


def test_russian_only_card_without_flavour_saves_with_a_readable_id(alice_client: Client):
    """Bugs: flavour and the English name were required; Cyrillic names got ids "card-2"."""
    pack = create_empty_box(alice_client)
    url = reverse("cards:add_card", args=[pack.pk])
    for name in ("Королевский улан", "Сторожевой крейсер"):
        response = post_form(alice_client, url, printed_card(
            "", "+3 боя. Союз: возьмите карту", name_ru=name), pack)
        assert response.status_code == 302, _errors(response)
    ids = {d.slug for d in ContentPack.objects.get(pk=pack.pk).designs.filter(role="trade")}
    assert ids == {"korolevskii-ulan", "storozhevoi-kreiser"}


def test_a_sticker_typed_as_printed_has_any_number_of_abilities(alice_client: Client):
    """Bug: a sticker allowed one ability, and editing a sheet was a 166-line JSON document."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=())
    fields = sheet_fields("empire", 1)
    fields["row0_ship"] = "+2 Combat. Draw a card. Scrap: +3 Trade"
    response = post_form(alice_client, reverse("cards:add_sheet", args=[pack.pk]), fields, pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    sticker = pack.working_data["sticker_sheets"][0]["rows"][0]["ship"]
    assert sticker["abilities"] == [{"when": "primary", "do": [{"combat": 2}, {"draw": 1}]},
                                    {"when": "scrap", "do": [{"trade": 3}]}]


def test_scenario_rule_and_choice_by_form_with_the_same_for_both_sides(alice_client: Client):
    """Bug: scenario rules and choices were JSON only, both sides typed twice when equal."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=(("empire", 1),))
    fields = {**SCENARIO_1, "same_sides": "on", "empire_prompt": "Choose your opening",
              "empire_a_label": "Extra trade", "empire_a_shape": "start_of_turn",
              "empire_a_who": "first", "empire_a_text": "+1 Trade",
              "empire_b_label": "Shorter trade row", "empire_b_shape": "trade_row_size",
              "empire_b_n": 4, "empire_b_lasting": "on"}
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 1]),
                         fields, pack)
    assert response.status_code == 302, _errors(response)
    sides = ContentPack.objects.get(pk=pack.pk).working_data["scenarios"][0]["sides"]
    assert sides["federation"]["choices"] == sides["empire"]["choices"]
    options = sides["empire"]["choices"][0]["options"]
    assert options[0]["rules"] == [{"start_of_turn": {"who": "first", "do": [{"trade": 1}],
                                                      "from_turn": 1}}]
    assert options[1]["lasting_rules"] == [{"trade_row_size": 4}]


def test_l21_vp_card_awarded_at_the_table_needs_no_counter(alice_client: Client):
    """Bug: a VP card needed a machine condition from 7 counters."""
    pack = envelope_one(alice_client)
    response = post_form(alice_client, reverse("cards:add_vp", args=[pack.pk, 1]), {
        "name_en": "Diplomat", "text_en": "Whoever made peace with a neighbour earns it.",
        "points": 1, "award": "at_table"}, pack)
    assert response.status_code == 302, _errors(response)
    vp = ContentPack.objects.get(pk=pack.pk).working_data["vp_cards"][-1]
    assert vp["award"] == "at_table" and vp["text"]["en"].startswith("Whoever made peace")


def test_a_stale_sheet_is_a_409_with_every_row_kept(alice_client: Client):
    """Bug: a sheet refused with "Your set changed meanwhile" dropped all of its inputs."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=())
    pack.refresh_from_db()
    typed_against = pack.working_checksum
    post_form(alice_client, reverse("cards:add_card", args=[pack.pk]),
              printed_card("Meanwhile", "+1 Combat"), pack)  # another tab saves first
    fields = sheet_fields("empire", 1)
    fields["row3_base"] = "Scrap: +5 Authority"
    response = alice_client.post(reverse("cards:add_sheet", args=[pack.pk]),
                                 {**fields, "checksum": typed_against})
    assert response.status_code == 409
    page = response.content.decode()
    assert "Scrap: +5 Authority" in page and "Added: card “Meanwhile”" in page
    assert ContentPack.objects.get(pk=pack.pk).sticker_sheets.count() == 0


def test_messages_name_the_card_and_field_in_russian_on_russian_pages(alice_client: Client):
    """Bug: "Card “9” › flavour text", `sticker_sheets[0] "empire-1": rows[1].cost`, English."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=())
    fields = sheet_fields("empire", 1)
    fields["row1_cost"] = 7  # no trade card costs 7 (L13)
    pack.refresh_from_db()
    response = alice_client.post(reverse("cards:add_sheet", args=[pack.pk]),
                                 {**fields, "checksum": pack.working_checksum},
                                 HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    errors = " ".join(" ".join(e) for e in response.context["form"].errors.values())
    assert "в вашем наборе нет торгового корабля за 7" in errors
    assert "sticker_sheets" not in errors and "rows[" not in errors


def test_the_guide_is_a_page_of_the_site_in_both_languages(client: Client):
    """Bug: help pointed to docs/content-format.md, which a site user cannot open."""
    english = client.get(reverse("cards:guide"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    russian = client.get(reverse("cards:guide"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Cards: type them as they are printed" in english
    assert "Карты: вводите их как напечатано" in russian
    assert "content-format.md" not in english + russian


def test_import_into_a_set_shows_the_differences_then_replaces_it(alice_client: Client):
    """Bug: import always created a new set, so a running campaign could not move to it."""
    pack = envelope_one(alice_client)
    data = json.loads(alice_client.get(reverse("cards:download_pack", args=[pack.pk])).content)
    lancer = next(c for c in data["cards"] if c["id"] == "royal-lancer")
    lancer["name"]["en"] = "Royal Lancer Mk II"
    upload = SimpleUploadedFile("box.json", json.dumps(data).encode(), "application/json")
    url = reverse("cards:import_into", args=[pack.pk])
    shown = alice_client.post(url, {"file": upload})
    assert shown.status_code == 200, shown.context["form"].errors
    shown = shown.content.decode()
    assert "Changed: card “Royal Lancer Mk II” (name)" in shown
    assert ContentPack.objects.get(pk=pack.pk).designs.filter(name_en="Royal Lancer").exists()
    response = alice_client.post(url, {"confirm": "1", "checksum": pack.working_checksum})
    assert response.status_code == 302
    assert ContentPack.objects.filter(owner__username="alice").count() == 1
    assert ContentPack.objects.get(pk=pack.pk).designs.filter(name_en="Royal Lancer Mk II").exists()


def test_a_set_no_campaign_uses_can_be_deleted_and_one_in_use_stays(alice_client: Client):
    """Bug: sets could not be deleted (four identical "my box" entries piled up)."""
    spare, used = create_empty_box(alice_client, "Spare"), envelope_one(alice_client)
    assert alice_client.get(reverse("cards:delete_set", args=[spare.pk])).status_code == 200
    assert ContentPack.objects.filter(pk=spare.pk).exists()  # asking deletes nothing
    assert alice_client.post(reverse("cards:delete_set", args=[spare.pk])).status_code == 302
    assert not ContentPack.objects.filter(pk=spare.pk).exists()
    alice_client.post(reverse("campaign:create"), {
        "pack": used.pk, "name": "War", "creator_plays": "on", "second_seat": "Bob"})
    alice_client.post(reverse("cards:delete_set", args=[used.pk]))
    assert ContentPack.objects.filter(pk=used.pk).exists()


def test_the_whole_set_and_export_json_download_under_different_names(alice_client: Client):
    """Bug: Export → JSON and "Download the pack file" saved under the same file name."""
    pack = envelope_one(alice_client)
    whole = alice_client.get(reverse("cards:download_pack", args=[pack.pk]))
    export = alice_client.get(reverse("cards:export", args=[pack.pk, "json"]))
    assert export.status_code == 200
    assert whole["Content-Disposition"] != export["Content-Disposition"]
    assert "whole-set" in whole["Content-Disposition"]


def test_a_scenario_side_without_its_text_is_refused_not_saved_then_blocking(
        alice_client: Client):
    """Bug: a scenario saved in an unfinished set only later refused the campaign's start."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=(("empire", 1),))
    fields = {k: v for k, v in SCENARIO_1.items() if k != "federation_text"}
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 1]),
                         fields, pack)
    assert response.status_code == 400
    assert "federation_text" in response.context["form"].errors


def test_a_bad_scenario_rule_in_an_unfinished_set_is_refused_not_saved(alice_client: Client):
    """Bug: a bad scenario rule was "Saved." in an unfinished set, shown as an error later."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=(("empire", 1),))
    before = ContentPack.objects.get(pk=pack.pk).working_checksum
    fields = {**SCENARIO_1, "empire_json": '[{"starting_authority": {"who": "nobody", "n": 5}}]'}
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 1]),
                         fields, pack)
    assert response.status_code == 400
    assert ContentPack.objects.get(pk=pack.pk).working_checksum == before


def test_removing_a_card_asks_first_and_can_be_undone(alice_client: Client):
    """Bug: removing a card was one click with no confirmation or undo."""
    pack = envelope_one(alice_client)
    url = reverse("cards:remove_card", args=[pack.pk, "keep"])
    page = alice_client.get(url)
    assert page.status_code == 200 and pack.designs.filter(slug="keep").exists()
    pack.refresh_from_db()
    assert alice_client.post(url, {"checksum": pack.working_checksum}).status_code == 302
    pack.refresh_from_db()
    assert not pack.designs.filter(slug="keep").exists()
    alice_client.post(reverse("cards:undo_change", args=[pack.pk]), {"checksum": pack.checksum})
    assert ContentPack.objects.get(pk=pack.pk).designs.filter(slug="keep").exists()


def test_home_and_catalogue_say_the_default_is_our_own_and_where_to_enter_a_box(
        client: Client, alice_client: Client):
    """Bug: the home page never said the default content is our own or how to enter a box."""
    for page in (client.get("/"), alice_client.get("/"), client.get(reverse("cards:list"))):
        text = page.content.decode()
        assert 'id="own-box-note"' in text and "our own story" in text
    assert reverse("cards:new_pack") in alice_client.get("/").content.decode()


def test_a_private_share_link_lets_another_account_copy_the_set(alice_client: Client):
    """Item 6: one owner enters the box, a friend copies it by a private link."""
    pack = envelope_one(alice_client)
    alice_client.post(reverse("cards:share_link", args=[pack.pk]))
    token = ContentPack.objects.get(pk=pack.pk).share_token
    assert token
    bob = get_user_model().objects.create_user("bob", "bob@example.com", "pw-bob-123456")
    friend = Client()
    friend.force_login(bob)
    assert friend.post(reverse("cards:shared", args=[token])).status_code == 302
    copy = ContentPack.objects.get(owner=bob)
    assert copy.designs.filter(slug="royal-lancer").exists()
    alice_client.post(reverse("cards:share_link", args=[pack.pk]), {"action": "withdraw"})
    assert friend.get(reverse("cards:shared", args=[token])).status_code == 404


def test_l6_choices_the_form_cannot_show_survive_saving_the_form(alice_client: Client):
    """Bug: the scenario form kept a side's second choice (or a choice of three options) only
    when it was shown; saving the form dropped them from the card."""
    from cards.checksums import pack_checksum

    pack = envelope_one(alice_client)
    data = json.loads(json.dumps(pack.data))
    side = data["scenarios"][0]["sides"]["empire"]
    third = {"id": "fleet", "prompt": {"en": "Pick a fleet", "ru": "Выберите флот"}, "options": [
        {"id": k, "label": {"en": f"Fleet {k}", "ru": f"Флот {k}"}, "rules": [],
         "lasting_rules": []} for k in ("x", "y", "z")]}
    side["choices"] = [*side.get("choices", []), third]
    pack.data, pack.checksum = data, pack_checksum(data)
    pack.save()
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 1]),
                         {**SCENARIO_1, "title": "Border Dispute, corrected"}, pack)
    assert response.status_code == 302, _errors(response)
    scenario = ContentPack.objects.get(pk=pack.pk).working_data["scenarios"][0]
    assert scenario["title"]["en"] == "Border Dispute, corrected"
    assert scenario["sides"]["empire"]["choices"] == [third]
