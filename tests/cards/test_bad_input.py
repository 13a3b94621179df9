"""Bad input to the card browser and the owners' editor: a clear error, never a 500, nothing saved.

Each case here was found by hammering the pages with garbage (the QA pass of issue 5): absurdly
nested JSON crashed the parser with RecursionError, and a "\\u0000" inside a JSON string passed
validation on SQLite but made PostgreSQL refuse the write (a 500 on PostgreSQL only).
"""
from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from cards.jsoninput import JSONInputError, loads
from cards.loading import load_pack_data
from cards.models import ContentPack
from tests.cards.editing import card_post
from tests.cards.packs import legacy_pack

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture
def own(alice) -> ContentPack:
    """Return alice's own copy of the test pack with envelope 1 opened."""
    builtin = load_pack_data(legacy_pack(), filename="legacy-test.json").pack
    pack = builtin.copy_for(alice)
    pack.revealed_scenarios = 1
    pack.save()
    return pack


def _unchanged(pack: ContentPack, before: str) -> bool:
    pack.refresh_from_db()
    return pack.checksum == before


@pytest.mark.parametrize("text, message", [
    ("{", "Invalid JSON at line 1"),
    (DEEP, "not readable JSON"),
    ("[" * 70 + "]" * 70, "nested more than 64"),
    ('{"name": "a\\u0000b"}', "NUL character"),
    ('{"a\\u0000": 1}', "NUL character"),
    ('{"points": 1e400}', "too large, or NaN"),  # PostgreSQL's jsonb refuses Infinity
    ('[NaN]', "too large, or NaN"),
])
def test_loads_refuses_what_would_crash_later(text: str, message: str) -> None:
    with pytest.raises(JSONInputError, match=message):
        loads(text)


def test_loads_accepts_ordinary_pack_json() -> None:
    assert loads(json.dumps(legacy_pack()))["pack"]["id"] == "legacy-test"


@pytest.mark.parametrize("abilities, message", [
    (DEEP, "not readable JSON"),
    ('[{"when": "primary", "do": [{"trade": "\\u0000"}]}]', "NUL character"),
    ("", "Invalid JSON"),
])
@pytest.mark.parametrize("htmx", [False, True])
def test_preview_of_bad_abilities_is_an_error_line_not_a_500(
        alice_client: Client, own: ContentPack, abilities: str, message: str, htmx: bool):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = alice_client.post(reverse("cards:preview", args=[own.pk]),
                                 {"abilities": abilities}, **headers)
    assert response.status_code == 200
    assert message in response.content.decode()


@pytest.mark.parametrize("text, message", [
    (DEEP, "not readable JSON"),
    ('{"id": "empire-1", "name": {"en": "x\\u0000"}}', "NUL character"),
    ("null", "Must be an object"),
    ("[1]", "Must be an object"),
])
def test_sheet_edit_with_unusable_json_is_a_400_and_saves_nothing(
        alice_client: Client, own: ContentPack, text: str, message: str):
    before = own.checksum
    response = alice_client.post(reverse("cards:edit_sheet_json", args=[own.pk, "empire-1"]),
                                 {"sheet": text})
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors["sheet"])
    assert _unchanged(own, before)


def test_scenario_edit_with_nested_json_is_a_400_and_saves_nothing(alice_client: Client,
                                                                   own: ContentPack):
    before = own.checksum
    response = alice_client.post(reverse("cards:edit_scenario", args=[own.pk, 1]),
                                 {"scenario": DEEP, "vp_cards": DEEP})
    assert response.status_code == 400
    assert "not readable JSON" in " ".join(response.context["form"].errors["scenario"])
    assert _unchanged(own, before)


def test_card_edit_with_a_nul_in_the_abilities_is_a_400(alice_client: Client, own: ContentPack):
    design = own.designs.get(slug="kingdom-ship-3")
    before = own.checksum
    response = alice_client.post(reverse("cards:edit_card", args=[own.pk, design.slug]), {
        "name_en": design.name_en, "name_ru": design.name_ru, "type": design.type,
        "cost": design.cost, "factions": design.factions,
        "abilities": '[{"when": "primary", "do": [{"trade": 1}], "note": "\\u0000"}]'})
    assert response.status_code == 400
    assert "NUL character" in " ".join(response.context["form"].errors["abilities"])
    assert _unchanged(own, before)


@pytest.mark.parametrize("query", [
    "?campaign=abc", "?campaign=99999999999999999999999", "?cost=abc&faction=zz&type=q",
    "?cost=" + "9" * 50,
])
def test_pack_page_ignores_garbage_filters(client: Client, own: ContentPack, alice,
                                           query: str):
    client.force_login(alice)
    assert client.get(reverse("cards:pack", args=[own.pk]) + query).status_code == 200


@pytest.mark.parametrize("name", ["copy", "reveal", "preview"])
def test_post_only_editor_urls_refuse_get_with_405(alice_client: Client, own: ContentPack,
                                                   name: str):
    assert alice_client.get(reverse(f"cards:{name}", args=[own.pk])).status_code == 405


def test_other_users_pack_cannot_be_revealed_or_previewed(client: Client, own: ContentPack,
                                                          outsider):
    client.force_login(outsider)
    assert client.post(reverse("cards:reveal", args=[own.pk]), {"opened": 1}).status_code == 404
    assert client.post(reverse("cards:preview", args=[own.pk]),
                       {"abilities": "[]"}).status_code == 404
    own.refresh_from_db()
    assert own.revealed_scenarios == 1


def test_l4_double_click_on_reveal_opens_one_envelope_not_two(alice_client: Client,
                                                              own: ContentPack):
    """L4: a reveal cannot be taken back, so a second POST from the same page is a 409."""
    url = reverse("cards:reveal", args=[own.pk])
    assert alice_client.post(url, {"opened": 1}).status_code == 302
    second = alice_client.post(url, {"opened": 1})
    assert second.status_code == 409
    assert "Nothing more was opened" in second.content.decode()
    own.refresh_from_db()
    assert own.revealed_scenarios == 2


@pytest.mark.parametrize("opened", [None, "", "x", "-1", "1.0"])
def test_reveal_without_the_count_shown_is_a_400(alice_client: Client, own: ContentPack, opened):
    data = {} if opened is None else {"opened": opened}
    response = alice_client.post(reverse("cards:reveal", args=[own.pk]), data)
    assert response.status_code == 400
    own.refresh_from_db()
    assert own.revealed_scenarios == 1


def test_l26_after_twelve_envelopes_the_post_campaign_pack_then_nothing(alice_client: Client,
                                                                        own: ContentPack):
    own.revealed_scenarios = 12
    own.save()
    url = reverse("cards:reveal", args=[own.pk])
    assert alice_client.post(url, {"opened": 12}).status_code == 302
    own.refresh_from_db()
    assert own.post_campaign_revealed and own.envelopes_opened == 13
    assert alice_client.post(url, {"opened": 13}).status_code == 409


def test_reveal_button_carries_the_number_of_open_envelopes(alice_client: Client,
                                                            own: ContentPack):
    page = alice_client.get(reverse("cards:pack", args=[own.pk])).content.decode()
    assert '<input type="hidden" name="opened" value="1">' in page


def _campaign_with_an_upgrade(pack: ContentPack, alice):
    """Return a campaign on ``pack`` where Empire put empire-1:2:ship on kingdom-ship-2#1."""
    from campaign.models import Campaign
    campaign = Campaign.start(pack, "Kitchen table", alice, [(alice, "A"), (None, "B")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    campaign.apply_event("game_recorded", {"winner": "empire", "how": "authority", "upgrades": [
        {"copy": "kingdom-ship-2#1", "sticker": "empire-1:2:ship", "side": "empire"}]}, alice, 2)
    return campaign


def test_l13_edit_that_breaks_a_campaign_on_the_pack_is_refused(alice_client: Client,
                                                                own: ContentPack, alice):
    """L13: was a 500 on the campaign's pages (a used sticker row or card cost vanished)."""
    campaign = _campaign_with_an_upgrade(own, alice)
    # Two more cost-2 copies first, so the pack alone still fits all its sticker rows (L25).
    spare = own.designs.get(slug="kingdom-ship-1")
    assert alice_client.post(reverse("cards:edit_card", args=[own.pk, spare.slug]),
                             card_post(spare, cost=2)).status_code == 302
    own.refresh_from_db()
    before = own.checksum
    design = own.designs.get(slug="kingdom-ship-2")
    response = alice_client.post(reverse("cards:edit_card", args=[own.pk, design.slug]),
                                 card_post(design, cost=3))
    assert response.status_code == 400
    errors = " ".join(response.context["form"].non_field_errors())
    assert "Kitchen table" in errors and "printed cost 3" in errors  # L13
    assert _unchanged(own, before)
    assert alice_client.get(campaign.get_absolute_url()).status_code == 200


def test_harmless_edit_of_a_pack_in_use_is_saved_and_the_campaign_follows(
        alice_client: Client, own: ContentPack, alice):
    from campaign.content import PackContent
    from campaign.state import derive
    campaign = _campaign_with_an_upgrade(own, alice)
    design = own.designs.get(slug="kingdom-ship-2")
    response = alice_client.post(reverse("cards:edit_card", args=[own.pk, design.slug]),
                                 card_post(design, name_en="Lancer"))
    assert response.status_code == 302
    campaign.refresh_from_db()
    own.refresh_from_db()
    assert campaign.state == derive(PackContent(own.data), campaign.log()).to_dict()
    assert "Lancer, copy 1" in alice_client.get(campaign.get_absolute_url()).content.decode()


def test_edit_from_a_second_tab_is_a_409_and_does_not_overwrite(alice_client: Client,
                                                               own: ContentPack):
    """Two tabs showed the same card; the second save must not silently undo the first."""
    design = own.designs.get(slug="kingdom-ship-3")
    url = reverse("cards:edit_card", args=[own.pk, design.slug])
    shown = card_post(design)  # both tabs were loaded now, with this checksum
    assert alice_client.post(url, {**shown, "name_en": "First tab"}).status_code == 302
    second = alice_client.post(url, {**shown, "name_en": "Second tab"})
    assert second.status_code == 409
    page = second.content.decode()
    assert "Your set changed meanwhile" in page  # issue 19: the form again, what was typed kept
    assert 'value="Second tab"' in page and "Changed: card “First tab” (name)<" in page
    own.refresh_from_db()
    assert own.designs.get(slug="kingdom-ship-3").name_en == "First tab"


@pytest.mark.parametrize("name, args, field", [
    ("cards:edit_card", ["kingdom-ship-3"], None),
    ("cards:edit_sheet_json", ["empire-1"], "sheet"),
    ("cards:edit_scenario", [1], "scenario"),
])
def test_editor_post_without_the_checksum_is_a_400_saying_so(alice_client: Client,
                                                             own: ContentPack, name: str,
                                                             args: list, field: str | None):
    before = own.checksum
    if field is None:
        data = card_post(own.designs.get(slug="kingdom-ship-3"))
    else:
        data = {field: json.dumps(own.data["sticker_sheets"][0] if field == "sheet"
                                  else own.data["scenarios"][0]), "vp_cards": "[]"}
    data.pop("checksum", None)
    response = alice_client.post(reverse(name, args=[own.pk, *args]), data)
    assert response.status_code == 400
    assert "The form was incomplete; please reload the page." in response.content.decode()
    assert _unchanged(own, before)


def test_editor_pages_carry_the_checksum(alice_client: Client, own: ContentPack):
    for url in (reverse("cards:edit_card", args=[own.pk, "kingdom-ship-3"]),
                reverse("cards:edit_sheet_json", args=[own.pk, "empire-1"])):
        page = alice_client.get(url).content.decode()
        assert f'name="checksum" value="{own.checksum}"' in page


@pytest.mark.parametrize("change, where, message", [
    (lambda d: d["pack"].__setitem__("version", 10**30), "pack.version", "beyond 2147483647"),
    (lambda d: d["pack"].__setitem__("id", "x" * 101), "pack.id", "at most 100"),
    (lambda d: d["cards"][0].__setitem__("id", "y" * 101), ".id", "at most 100"),
    (lambda d: d["cards"][0]["name"].__setitem__("en", "n" * 201), ".name.en", "at most 200"),
    (lambda d: d["scenarios"][0]["title"].__setitem__("ru", "t" * 201), "title.ru", "at most 200"),
    (lambda d: d["cards"][0]["flavor"].__setitem__("en", "a\x00b"), ".flavor.en", "NUL"),
    (lambda d: d["cards"][0].__setitem__("cost", float("inf")), ".cost", "finite"),
])
def test_validator_refuses_what_postgresql_cannot_store(change, where: str, message: str):
    """Was accepted, then a 500 (DataError/OverflowError) when loading or saving the pack."""
    from cards.validation import validate_pack
    data = legacy_pack()
    change(data)
    problems = [str(p) for p in validate_pack(data, filename="l.json")]
    assert any(where in p and message in p for p in problems), problems


def test_validator_reports_absurd_nesting_instead_of_crashing(tmp_path):
    from cards.validation import read_pack_file
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    data, problems = read_pack_file(deep)
    assert data is None and "nested far too deeply" in str(problems[0])
    nested = legacy_pack()
    nested["cards"][0]["abilities"] = json.loads("[" * 80 + "]" * 80)
    from cards.validation import validate_pack
    assert "nested more than 64" in str(validate_pack(nested, filename="l.json")[0])
