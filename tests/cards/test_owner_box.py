"""An owner enters a whole legacy box through the pages, then plays its scenario 1 online (issue 11).

The steps post exactly what the editor pages' forms post; `enter_small_box` is reused by the
Chromium test for the parts it does not click through.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cards.models import ContentPack
from play.models import Match
from tests.cards.packs import legacy_pack

pytestmark = pytest.mark.django_db

# (English name, faction, type, cost, copies): 20 trade copies per faction (L8), ships and bases
# at the costs 1-5 of the sheets' rows, at least 8 copies per cost for the 8 sheets' rows (L25).
TRADE = [
    ("Trade Pod", "consortium", "ship", 1, 8), ("Cargo Skiff", "consortium", "ship", 2, 8),
    ("Exchange Post", "consortium", "base", 1, 4),
    ("Royal Lancer", "kingdom", "ship", 3, 8), ("Watchtower", "kingdom", "base", 2, 6),
    ("Keep", "kingdom", "base", 3, 6),
    ("Rust Raider", "scavengers", "ship", 4, 8), ("Junk Hauler", "scavengers", "ship", 5, 8),
    ("Scrap Fort", "scavengers", "base", 4, 2), ("Salvage Yard", "scavengers", "base", 5, 2),
]
SHEET_COSTS = (1, 2, 3, 4, 5)


def card_fields(name: str, faction: str, kind: str, cost: int, copies: int) -> dict[str, Any]:
    """Return what the "Add a card" form posts for a simple trade card (ability rows, no JSON)."""
    fields = {"name_en": name, "name_ru": f"{name} (ru)", "flavor_en": f"{name} flies.",
              "flavor_ru": f"{name} летит.", "type": kind, "cost": cost, "factions": [faction],
              "quantity": copies, "role": "trade", "abilities_from": "rows",
              "ab0_when": "primary", "ab0_e0": "combat" if kind == "ship" else "authority",
              "ab0_n0": cost, "ab1_when": "ally", "ab1_faction": faction, "ab1_e0": "draw",
              "ab1_n0": 1}
    if kind == "base":
        fields["defense"] = cost + 2
    return fields


def sheet_fields(side: str, scenario: int) -> dict[str, Any]:
    """Return what the "Add a sticker sheet" form posts: five rows of two stickers."""
    fields: dict[str, Any] = {"side": side, "scenario": scenario,
                              "name_en": f"{side} sheet {scenario}",
                              "name_ru": f"лист {side} {scenario}"}
    for row, cost in enumerate(SHEET_COSTS):  # each sticker typed as printed (issue 19)
        fields[f"row{row}_cost"] = cost
        fields[f"row{row}_ship"] = "+1 Combat"
        fields[f"row{row}_base"] = "Scrap: +2 Trade"
    return fields


def post_form(client: Client, url: str, fields: dict[str, Any], pack: ContentPack) -> Any:
    """Post an editor form with the pack's current checksum (as its page shows it)."""
    pack.refresh_from_db()
    return client.post(url, {**fields, "checksum": pack.working_checksum})


def open_envelope(client: Client, pack: ContentPack) -> None:
    pack.refresh_from_db()
    response = client.post(reverse("cards:reveal", args=[pack.pk]),
                           {"opened": pack.envelopes_opened})
    assert response.status_code == 302


def create_empty_box(client: Client, name: str = "Kitchen box") -> ContentPack:
    response = client.post(reverse("cards:new_pack"), {
        "name_en": name, "name_ru": "Кухонная коробка", "start": "empty", "kind": "legacy"})
    assert response.status_code == 302, response.content.decode()[:2000]
    return ContentPack.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def enter_small_box(client: Client, pack: ContentPack, *, cards: bool = True,
                    sheets: tuple[tuple[str, int], ...] | None = None) -> None:
    """Type the trade cards and the eight sticker sheets in through the editor pages."""
    if cards:
        for row in TRADE:
            response = post_form(client, reverse("cards:add_card", args=[pack.pk]),
                                 card_fields(*row), pack)
            assert response.status_code == 302, _errors(response)
    while pack.revealed_scenarios < 4:
        open_envelope(client, pack)
        pack.refresh_from_db()
    wanted = sheets if sheets is not None else [(s, n) for n in (1, 2, 3, 4)
                                                for s in ("empire", "federation")]
    for side, number in wanted:
        response = post_form(client, reverse("cards:add_sheet", args=[pack.pk]),
                             sheet_fields(side, number), pack)
        assert response.status_code == 302, _errors(response)


def _errors(response: Any) -> str:
    form = response.context and response.context.get("form")
    return json.dumps(form.errors if form else {}, default=str)[:3000]


def test_new_empty_box_is_a_draft_that_lists_what_is_missing(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    assert pack.is_draft and pack.is_legacy and pack.target_kind == "legacy"
    page = alice_client.get(pack.get_absolute_url()).content.decode()
    assert "Unfinished set" in page
    assert "the Kingdom needs 20 trade cards, it has 0" in page  # in words, not ids
    # sealed envelopes stay sealed: no placeholder scenario text is shown, nor its path
    assert "Scenario 1" not in page and "scenarios[" not in page and "cards[" not in page
    # not offered for campaigns or games while unfinished
    assert pack not in ContentPack.objects.usable_by(pack.owner).filter(kind="legacy")


def test_l7_l8_l13_l18_owner_enters_a_whole_box_and_plays_scenario_1_online(
        alice_client: Client, alice) -> None:
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack)
    pack.refresh_from_db()
    assert not pack.is_draft and pack.kind == "legacy"
    assert pack.designs.get(name_en="Royal Lancer").abilities == [
        {"when": "primary", "do": [{"combat": 3}]},
        {"when": "ally", "faction": "kingdom", "do": [{"draw": 1}]}]
    assert pack.sticker_sheets.count() == 8
    # scenario 1 typed in through the structured form
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 1]), {
        "title": "Border Dispute", "story": "The war begins.", "winner_points": 2,
        "empire_text": "Empire plays first.", "federation_text": "Federation plays first.",
        "empire_r0_shape": "starting_authority", "empire_r0_who": "first", "empire_r0_n": 60},
        pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    assert pack.data["scenarios"][0]["sides"]["empire"]["rules"] == [
        {"starting_authority": {"who": "first", "n": 60}}]
    # the set is now offered for a campaign; open scenario 1 and start its online game
    campaign = Campaign.start(pack, "Kitchen war", alice, [(alice, "Alice"), (None, "Bot")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    response = alice_client.post(reverse("play:campaign", args=[campaign.pk]),
                                 {f"c{campaign.pk}-bot": "heuristic"})
    assert response.status_code == 302
    match = Match.objects.get(campaign=campaign)
    board = alice_client.get(match.get_absolute_url()).content.decode()
    assert "Border Dispute" in board


def test_l8_a_card_swap_in_a_complete_set_is_staged_and_applied_together(
        alice_client: Client) -> None:
    """Issue 19: a complete set was locked (58 or 62 copies on the way); now staged, applied."""
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack)
    before = ContentPack.objects.get(pk=pack.pk).checksum
    fields = card_fields("Extra Ship", "kingdom", "ship", 2, 1)
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]), fields, pack)
    assert response.status_code == 302
    pack.refresh_from_db()
    assert pack.checksum == before and pack.staged_data is not None  # staged, not applied
    staged_url = reverse("cards:staged", args=[pack.pk])
    page = alice_client.get(staged_url).content.decode()
    assert "Added: card “Extra Ship”" in page and "21" in page  # kingdom copies 20 -> 21
    refused = alice_client.post(staged_url, {"checksum": pack.working_checksum})
    assert refused.status_code == 400 and ContentPack.objects.get(pk=pack.pk).checksum == before
    # remove one copy of another kingdom card: the counts are whole again
    keep = card_fields("Watchtower", "kingdom", "base", 2, 5)
    response = post_form(alice_client, reverse("cards:edit_card", args=[pack.pk, "watchtower"]),
                         keep, pack)
    assert response.status_code == 302
    pack.refresh_from_db()
    assert alice_client.post(staged_url, {"checksum": pack.working_checksum}).status_code == 302
    pack.refresh_from_db()
    assert pack.staged_data is None and pack.designs.filter(name_en="Extra Ship").exists()
    undo = alice_client.post(reverse("cards:undo_change", args=[pack.pk]),
                             {"checksum": pack.checksum})
    assert undo.status_code == 302
    assert ContentPack.objects.get(pk=pack.pk).checksum == before


def test_ability_row_mistakes_are_shown_on_their_fields(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    fields = card_fields("Half Done", "kingdom", "ship", 2, 1)
    fields.update({"ab0_n0": "", "ab1_faction": "", "ab2_e0": "trade", "ab2_n0": 2})
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]), fields, pack)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert "ab0_n0" in errors and "ab1_faction" in errors and "ab2_when" in errors
    assert 'value="Half Done"' in response.content.decode()


def test_a_wrong_effect_in_the_json_box_names_the_abilities_field_in_a_draft(
        alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    fields = card_fields("Typo", "kingdom", "ship", 2, 1)
    fields.update({"abilities_from": "json",
                   "abilities": '[{"when": "primary", "do": [{"tarde": 2}]}]'})
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]), fields, pack)
    assert response.status_code == 400
    assert "tarde" in " ".join(response.context["form"].errors["abilities"])


def test_remove_a_card_and_a_sheet(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=(("empire", 1),))
    slug = pack.designs.get(name_en="Keep").slug
    response = post_form(alice_client, reverse("cards:remove_card", args=[pack.pk, slug]), {},
                         pack)
    assert response.status_code == 302
    assert not ContentPack.objects.get(pk=pack.pk).designs.filter(slug=slug).exists()
    response = post_form(alice_client, reverse("cards:remove_sheet", args=[pack.pk, "empire-1"]),
                         {}, pack)
    assert response.status_code == 302
    assert not ContentPack.objects.get(pk=pack.pk).sticker_sheets.exists()


def test_a_sheet_needs_its_envelope_open_and_a_row_that_fits_a_card(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    response = alice_client.get(reverse("cards:add_sheet", args=[pack.pk]))
    assert response.status_code == 302  # envelope 1 is not open yet
    open_envelope(alice_client, pack)
    fields = sheet_fields("empire", 1)
    response = post_form(alice_client, reverse("cards:add_sheet", args=[pack.pk]), fields, pack)
    assert response.status_code == 400  # no trade card costs 1 yet (L13)
    errors = response.context["form"].errors
    assert "no trade ship costs 1" in " ".join(errors.get("row0_cost", [])), errors
    fields["scenario"] = 2  # envelope 2 is still sealed
    response = post_form(alice_client, reverse("cards:add_sheet", args=[pack.pk]), fields, pack)
    assert "scenario" in response.context["form"].errors


def test_vp_card_added_and_removed_on_an_open_scenario(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    open_envelope(alice_client, pack)
    url = reverse("cards:add_vp", args=[pack.pk, 1])
    response = post_form(alice_client, url, {
        "name_en": "Wrecker", "name_ru": "Разрушитель", "points": 1, "award": "first_to",
        "counter": "bases_destroyed", "at_least": 2}, pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    vp = pack.vp_cards.get(name_en="Wrecker")
    assert vp.award == {"first_to": {"count": "stat:bases_destroyed", "at_least": 2}}
    assert vp.slug in pack.data["scenarios"][0]["vp_cards"]
    page = alice_client.get(reverse("cards:scenario_text", args=[pack.pk, 1])).content.decode()
    assert "Wrecker" in page
    response = post_form(alice_client, reverse("cards:remove_vp", args=[pack.pk, vp.slug]), {},
                         pack)
    assert response.status_code == 302
    assert not ContentPack.objects.get(pk=pack.pk).vp_cards.filter(name_en="Wrecker").exists()
    # a sealed scenario is a 404 (spoiler safety), the same as a missing one
    assert alice_client.get(reverse("cards:add_vp", args=[pack.pk, 2])).status_code == 404
    assert alice_client.get(reverse("cards:scenario_text", args=[pack.pk, 2])).status_code == 404


def test_new_set_as_a_copy_of_a_shipped_set(alice_client: Client) -> None:
    from tests.factories import make_pack

    source = make_pack()
    response = alice_client.post(reverse("cards:new_pack"), {
        "name_en": "My box", "name_ru": "Моя коробка", "start": "copy", "kind": "legacy",
        "source": source.pk})
    assert response.status_code == 302
    pack = ContentPack.objects.get(owner__username="alice")
    assert pack.name_en == "My box" and not pack.is_draft and pack.based_on == source


def test_new_set_form_errors_keep_what_was_typed(alice_client: Client) -> None:
    response = alice_client.post(reverse("cards:new_pack"), {
        "name_en": "Half", "name_ru": "", "start": "copy", "kind": "legacy"})
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert "source" in errors and "name_ru" not in errors  # one language is enough (issue 19)
    assert 'value="Half"' in response.content.decode()


def test_import_and_download_round_trip(alice_client: Client) -> None:
    data = legacy_pack("uploaded")
    upload = SimpleUploadedFile("box.json", json.dumps(data).encode(), "application/json")
    response = alice_client.post(reverse("cards:import_pack"), {"file": upload})
    assert response.status_code == 302
    pack = ContentPack.objects.get(owner__username="alice")
    assert pack.kind == "legacy" and pack.designs.count() == len(data["cards"])
    download = alice_client.get(reverse("cards:download_pack", args=[pack.pk]))
    assert download.status_code == 200
    assert "attachment" in download["Content-Disposition"]
    assert json.loads(download.content)["cards"] == pack.data["cards"]


def test_import_errors_name_the_card_and_field_in_words(alice_client: Client) -> None:
    data = legacy_pack("broken")
    data["cards"][0]["name"] = {"en": "", "ru": ""}  # one language is enough, none is not
    data["cards"][1]["abilities"][0]["do"][0] = {"tarde": 1}
    upload = SimpleUploadedFile("box.json", json.dumps(data).encode(), "application/json")
    response = alice_client.post(reverse("cards:import_pack"), {"file": upload})
    assert response.status_code == 400
    errors = " ".join(response.context["import_form"].errors["file"])
    assert "Card “Consortium Ship 2” › abilities 1 › effect 1: unknown effect “tarde”" in errors
    assert not ContentPack.objects.filter(owner__username="alice").exists()


@pytest.mark.parametrize("content, message", [
    (b"{", "Invalid JSON"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[1, 2]", "not a pack file"),
    (b" " * (2 * 1024 * 1024 + 1), "the limit is 2048 kB"),
])
def test_bad_uploads_are_form_errors(alice_client: Client, content: bytes, message: str) -> None:
    upload = SimpleUploadedFile("box.json", content, "application/json")
    response = alice_client.post(reverse("cards:import_pack"), {"file": upload})
    assert response.status_code == 400
    assert message in " ".join(response.context["import_form"].errors["file"])


def test_another_user_gets_404_on_every_editor_url(alice_client: Client, client: Client,
                                                   outsider) -> None:
    pack = create_empty_box(alice_client)
    open_envelope(alice_client, pack)
    slug = pack.designs.first().slug
    client.force_login(outsider)
    urls = [reverse("cards:add_card", args=[pack.pk]),
            reverse("cards:edit_card", args=[pack.pk, slug]),
            reverse("cards:remove_card", args=[pack.pk, slug]),
            reverse("cards:add_sheet", args=[pack.pk]),
            reverse("cards:remove_sheet", args=[pack.pk, "empire-1"]),
            reverse("cards:scenario_text", args=[pack.pk, 1]),
            reverse("cards:add_vp", args=[pack.pk, 1]),
            reverse("cards:remove_vp", args=[pack.pk, "s1-victory"]),
            reverse("cards:download_pack", args=[pack.pk]),
            reverse("cards:pack", args=[pack.pk])]
    for url in urls:
        assert client.get(url).status_code in (404, 405), url
        assert client.post(url, {"checksum": pack.checksum}).status_code in (404, 405), url
    assert client.get(reverse("cards:download_pack", args=[pack.pk])).status_code == 404


def test_c2_c4_new_empty_core_set_starts_with_scouts_vipers_and_explorers(
        alice_client: Client) -> None:
    response = alice_client.post(reverse("cards:new_pack"), {
        "name_en": "Home set", "name_ru": "Домашний набор", "start": "empty", "kind": "core"})
    assert response.status_code == 302
    pack = ContentPack.objects.get(owner__username="alice")
    assert pack.is_draft and pack.target_kind == "core" and not pack.is_legacy
    assert {d.role: d.quantity for d in pack.designs.all()} == {
        "scout": 16, "viper": 4, "explorer": 10}
    page = alice_client.get(pack.get_absolute_url()).content.decode()
    assert "the trade deck needs 80 cards, it has 0" in page and "Add a sticker sheet" not in page
    assert alice_client.get(reverse("cards:add_sheet", args=[pack.pk])).status_code == 404


def test_l26_post_campaign_role_only_once_that_envelope_is_open(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    fields = card_fields("Late Ship", "kingdom", "ship", 3, 1)
    fields["role"] = "post_campaign"
    url = reverse("cards:add_card", args=[pack.pk])
    response = post_form(alice_client, url, fields, pack)
    assert response.status_code == 400 and "role" in response.context["form"].errors
    assert "Post-campaign card" not in alice_client.get(pack.get_absolute_url()).content.decode()
    ContentPack.objects.filter(pk=pack.pk).update(revealed_scenarios=12)
    open_envelope(alice_client, pack)  # the post-campaign pack
    page = alice_client.get(pack.get_absolute_url()).content.decode()
    assert "Post-campaign card" in page
    response = post_form(alice_client, url, fields, pack)
    assert response.status_code == 302, _errors(response)
    assert ContentPack.objects.get(pk=pack.pk).designs.get(name_en="Late Ship").role == \
        "post_campaign"


@pytest.mark.parametrize("changes, field", [
    ({"kind": "chess"}, "kind"),
    ({"start": "other"}, "start"),
    ({"source": "999999", "start": "copy"}, "source"),
    ({"name_en": "x" * 151}, "name_en"),
    ({"name_en": "", "name_ru": " "}, "name_en"),  # one language is enough, none is not
])
def test_bad_new_set_input_is_a_form_error(alice_client: Client, changes: dict,
                                           field: str) -> None:
    fields = {"name_en": "Box", "name_ru": "Коробка", "start": "empty", "kind": "legacy",
              **changes}
    response = alice_client.post(reverse("cards:new_pack"), fields)
    assert response.status_code == 400
    assert field in response.context["form"].errors


@pytest.mark.parametrize("changes, field", [
    ({"scenario": "abc"}, "scenario"),
    ({"side": "blob"}, "side"),
    ({"row0_cost": "0"}, "row0_cost"),
    ({"row1_ship": ""}, "row1_ship"),
    ({"row2_base": "  "}, "row2_base"),
])
def test_bad_sheet_input_is_a_form_error(alice_client: Client, changes: dict,
                                         field: str) -> None:
    pack = create_empty_box(alice_client)
    enter_small_box(alice_client, pack, sheets=())
    response = post_form(alice_client, reverse("cards:add_sheet", args=[pack.pk]),
                         {**sheet_fields("empire", 1), **changes}, pack)
    assert response.status_code == 400
    assert field in response.context["form"].errors, response.context["form"].errors


def test_stale_checksum_on_add_is_a_409_and_saves_nothing(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    fields = {**card_fields("Late", "kingdom", "ship", 2, 1), "checksum": "0" * 64}
    response = alice_client.post(reverse("cards:add_card", args=[pack.pk]), fields)
    assert response.status_code == 409
    assert not ContentPack.objects.get(pk=pack.pk).designs.filter(name_en="Late").exists()
