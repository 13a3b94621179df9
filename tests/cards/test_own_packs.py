"""Issue 5, owners' own cards: copy the default pack, edit cards/sheets/scenarios, owner only."""
from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from cards.loading import load_pack_data
from cards.models import CardDesign, ContentPack
from tests.cards.editing import card_post
from tests.cards.packs import legacy_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def builtin() -> ContentPack:
    return load_pack_data(legacy_pack(), filename="legacy-test.json").pack


@pytest.fixture
def own(builtin: ContentPack, alice) -> ContentPack:
    return builtin.copy_for(alice)


def _edit_url(pack: ContentPack, slug: str) -> str:
    return reverse("cards:edit_card", args=[pack.pk, slug])


def test_copy_for_makes_an_owned_editable_copy(builtin: ContentPack, alice):
    copy = builtin.copy_for(alice)
    assert (copy.owner, copy.is_builtin, copy.based_on) == (alice, False, builtin)
    assert copy.designs.count() == builtin.designs.count()
    assert copy.data["pack"]["id"] == copy.slug == "my-legacy-test"
    assert builtin.copy_for(alice).slug == "my-legacy-test-2"


def test_copy_button_creates_a_copy_and_needs_login(alice_client: Client, builtin: ContentPack):
    url = reverse("cards:copy", args=[builtin.pk])
    anonymous = Client().post(url)
    assert anonymous.status_code == 302 and "login" in anonymous.url
    assert ContentPack.objects.count() == 1
    response = alice_client.post(url)
    copy = ContentPack.objects.get(is_builtin=False)
    assert response.url == reverse("cards:pack", args=[copy.pk])


def test_only_the_owner_sees_and_edits_their_pack(client: Client, outsider, own: ContentPack):
    client.force_login(outsider)
    design = own.designs.get(slug="kingdom-ship-3")
    for url in (reverse("cards:pack", args=[own.pk]), _edit_url(own, "kingdom-ship-3"),
                reverse("cards:card", args=[own.pk, "kingdom-ship-3"])):
        assert client.get(url).status_code == 404
    assert client.post(_edit_url(own, "kingdom-ship-3"),
                       card_post(design, name_en="Hacked")).status_code == 404
    assert client.post(reverse("cards:copy", args=[own.pk])).status_code == 404
    assert not CardDesign.objects.filter(name_en="Hacked").exists()


def test_owner_edits_a_card_and_the_pack_data_follows(alice_client: Client, own: ContentPack):
    design = own.designs.get(slug="kingdom-ship-3")
    abilities = [{"when": "primary", "do": [{"combat": 4}]},
                 {"when": "ally", "faction": "kingdom", "do": [{"draw": 1}]}]
    response = alice_client.post(_edit_url(own, design.slug), card_post(
        design, name_en="Lancer", name_ru="Копейщик", abilities=json.dumps(abilities)))
    assert response.status_code == 302
    own.refresh_from_db()
    card = next(c for c in own.data["cards"] if c["id"] == "kingdom-ship-3")
    assert card["name"] == {"en": "Lancer", "ru": "Копейщик"} and card["abilities"] == abilities
    assert own.designs.get(slug="kingdom-ship-3").name_en == "Lancer"
    page = alice_client.get(reverse("cards:card", args=[own.pk, design.slug])).content.decode()
    assert "+4 combat" in page


@pytest.mark.parametrize(("changes", "field", "fragment"), [
    ({"name_ru": "", "name_en": ""}, "name_en", "name"),  # one language is enough (issue 19)
    ({"cost": "9"}, "cost", "costs 1 to 8"),
    ({"abilities": "[{\"when\": "}, "abilities", "Invalid JSON"),
    ({"abilities": "{}"}, "abilities", "Must be a list"),
    ({"type": "base", "defense": ""}, "defense", "defense"),
])
def test_invalid_edit_shows_the_error_on_its_field_and_saves_nothing(
        alice_client: Client, own: ContentPack, changes: dict, field: str, fragment: str):
    before = own.checksum
    design = own.designs.get(slug="kingdom-ship-3")
    response = alice_client.post(_edit_url(own, design.slug), card_post(design, **changes))
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert fragment in " ".join(errors.get(field, [])), errors
    own.refresh_from_db()
    assert own.checksum == before


def test_unknown_effect_is_refused_on_the_abilities_field(alice_client: Client, own: ContentPack):
    design = own.designs.get(slug="kingdom-ship-3")
    bad = json.dumps([{"when": "primary", "do": [{"tarde": 2}]}])
    response = alice_client.post(_edit_url(own, design.slug), card_post(design, abilities=bad))
    assert response.status_code == 400
    assert "tarde" in " ".join(response.context["form"].errors["abilities"])


def test_sheets_and_scenarios_are_editable_only_once_their_envelope_is_open(
        alice_client: Client, own: ContentPack):
    """L4, L18: nothing of envelope 1 is shown or editable before the owner opens it."""
    sheet_url = reverse("cards:edit_sheet_json", args=[own.pk, "empire-1"])
    scenario_url = reverse("cards:edit_scenario", args=[own.pk, 1])
    assert alice_client.get(sheet_url).status_code == 404
    assert alice_client.get(scenario_url).status_code == 404
    assert "empire sheet 1" not in alice_client.get(own.get_absolute_url()).content.decode()
    alice_client.post(reverse("cards:reveal", args=[own.pk]), {"opened": 0})
    assert alice_client.get(sheet_url).status_code == 200
    assert alice_client.get(scenario_url).status_code == 200
    page = alice_client.get(own.get_absolute_url()).content.decode()
    assert "empire sheet 1" in page and "empire sheet 2" not in page


def test_l13_sheet_edit_with_a_row_no_card_fits_is_refused(alice_client: Client, own: ContentPack):
    own.revealed_scenarios = 1
    own.save()
    sheet = dict(own.data["sticker_sheets"][0])
    sheet["rows"] = [dict(row) for row in sheet["rows"]]
    sheet["rows"][4]["cost"] = 8
    url = reverse("cards:edit_sheet_json", args=[own.pk, "empire-1"])
    response = alice_client.post(url, {"sheet": json.dumps(sheet), "checksum": own.checksum})
    assert response.status_code == 400
    assert "no trade base costs 8" in " ".join(response.context["form"].errors["sheet"])
    sheet["rows"][4]["cost"] = 6
    sheet["name"] = {"en": "First orders", "ru": "Первые приказы"}
    assert alice_client.post(url, {"sheet": json.dumps(sheet),
                                   "checksum": own.checksum}).status_code == 302
    own.refresh_from_db()
    assert own.sticker_sheets.get(slug="empire-1").name_en == "First orders"


def test_scenario_edit_keeps_its_winner_vp_card(alice_client: Client, own: ContentPack):
    """L21: removing the scenario's winner VP card is refused on the VP field."""
    own.revealed_scenarios = 1
    own.save()
    url = reverse("cards:edit_scenario", args=[own.pk, 1])
    scenario = dict(own.data["scenarios"][0], title={"en": "Opening", "ru": "Начало"})
    response = alice_client.post(url, {"scenario": json.dumps(scenario), "vp_cards": "[]",
                                       "checksum": own.checksum})
    assert response.status_code == 400
    assert "vp_cards" in response.context["form"].errors
    vp = [v for v in own.data["vp_cards"] if v["scenario"] == 1]
    ok = alice_client.post(url, {"scenario": json.dumps(scenario), "vp_cards": json.dumps(vp),
                                 "checksum": own.checksum})
    assert ok.status_code == 302
    assert own.scenarios.get(number=1).title_en == "Opening"


def test_preview_renders_card_text_for_the_owner(alice_client: Client, own: ContentPack):
    url = reverse("cards:preview", args=[own.pk])
    response = alice_client.post(url, {"abilities": '[{"when": "scrap", "do": [{"trade": 2}]}]'})
    assert "Scrap: +2 trade" in response.content.decode()
    assert "Invalid JSON" in alice_client.post(url, {"abilities": "[{"}).content.decode()


def test_edit_page_shows_the_abilities_as_json_with_a_live_preview(alice_client: Client,
                                                                   own: ContentPack):
    html = alice_client.get(_edit_url(own, "kingdom-ship-3")).content.decode()
    assert "&quot;combat&quot;: 3" in html
    assert f'hx-post="{reverse("cards:preview", args=[own.pk])}"' in html


def test_errors_about_a_sealed_envelope_do_not_quote_it(alice_client: Client, own: ContentPack):
    """Spoiler safety: making a sheet row of a sealed envelope unfittable is refused vaguely."""
    design = own.designs.get(slug="kingdom-base-6")
    # Every faction's cost-6 base gone would break the sheets' base row of cost 6 (L13). A cost-7
    # ship moves to 6 first, so the 8 rows of cost 6 keep 8 copies to go on (L25).
    for slug, cost in (("consortium-ship-7", "6"), ("consortium-base-6", "5"),
                       ("scavengers-base-6", "5")):
        other = own.designs.get(slug=slug)
        response = alice_client.post(_edit_url(own, slug), card_post(other, cost=cost))
        assert response.status_code == 302
    response = alice_client.post(_edit_url(own, design.slug), card_post(design, cost="5"))
    assert response.status_code == 400
    errors = " ".join(response.context["form"].non_field_errors())
    assert "envelope 1, which you have not opened" in errors
    assert len(response.context["form"].non_field_errors()) == 4  # envelopes 1-4, once each
    assert "empire-1" not in response.content.decode()
