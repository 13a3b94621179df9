"""A campaign on an owner's unfinished set: envelopes not entered yet, cards as text alone (issue 19).

The set is typed in envelope by envelope, so a running campaign meets its edges: the next envelope
is not entered yet (L4), or a card of the game has only its printed text (no online play).
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cards.models import ContentPack
from play.models import Match
from tests.cards.test_owner_box import TRADE, _errors, create_empty_box, enter_small_box, post_form
from tests.cards.test_owner_box_bugs import SCENARIO_1, envelope_one, printed_card

pytestmark = pytest.mark.django_db


def _campaign_after_scenario_1(pack: ContentPack, alice: Any) -> Campaign:
    """Return a campaign on `pack` with scenario 1 opened and recorded (L4, L11)."""
    campaign = Campaign.start(pack, "Kitchen war", alice, [(alice, "Alice"), (None, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    campaign.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    return campaign


def _body(response: Any) -> bytes:
    """Return a response's bytes, streamed or not (the exports stream)."""
    return b"".join(response.streaming_content) if response.streaming else response.content


def _page_messages(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("lang, words", [
    ("en", "Envelope 2 is not entered in the set"),
    ("ru", "Конверт 2 ещё не введён в набор"),
])
def test_l4_opening_an_envelope_not_entered_yet_is_refused_then_works_once_entered(
        alice_client: Client, alice, lang: str, words: str) -> None:
    pack = envelope_one(alice_client)
    campaign = _campaign_after_scenario_1(pack, alice)
    version, events = campaign.version, campaign.events.count()
    dashboard = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    notice = dashboard.content.decode()
    assert 'id="envelope-missing"' in notice and words in notice
    response = alice_client.post(reverse("campaign:open", args=[campaign.pk]),
                                 {"version": version}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302
    assert any(words in m for m in _page_messages(response)), _page_messages(response)
    campaign.refresh_from_db()
    assert (campaign.version, campaign.events.count()) == (version, events)
    assert campaign.current_state.scenario == 1
    # the owner types envelope 2's scenario card in; the campaign opens it now
    scenario_2 = {**SCENARIO_1, "title": "Second Front"}
    response = post_form(alice_client, reverse("cards:scenario_text", args=[pack.pk, 2]),
                         scenario_2, pack)
    assert response.status_code == 302, _errors(response)
    dashboard = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    assert 'id="envelope-missing"' not in dashboard.content.decode()
    response = alice_client.post(reverse("campaign:open", args=[campaign.pk]),
                                 {"version": version}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302, _page_messages(response)
    campaign.refresh_from_db()
    assert campaign.current_state.scenario == 2 and campaign.version == version + 1


UNREAD_TEXT = "+4 Combat. Dance with the stars"


def _campaign_on_scenario_1(pack: ContentPack, alice: Any) -> Campaign:
    campaign = Campaign.start(pack, "Kitchen war", alice, [(alice, "Alice"), (None, "Bot")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    return campaign


@pytest.mark.parametrize("lang, words", [
    ("en", "these are still printed text alone: Card “Star Dancer”"),
    ("ru", "эти пока только печатный текст: Карта «Star Dancer»"),
])
def test_online_play_is_refused_naming_the_text_only_cards_then_offered_with_effects(
        alice_client: Client, alice, lang: str, words: str) -> None:
    pack = envelope_one(alice_client)
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]),
                         printed_card("Star Dancer", UNREAD_TEXT), pack)
    assert response.status_code == 302, _errors(response)
    campaign = _campaign_on_scenario_1(pack, alice)
    version = campaign.version
    # the dashboard offers recording at the table, not online play, and says why by name
    page = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    text = page.content.decode()
    assert 'id="online-refusal"' in text and 'id="play-online"' not in text
    refusal = text.split('id="online-refusal">', 1)[1].split("</p>", 1)[0]
    assert words in refusal and "star-dancer" not in refusal
    # the play page shows the same refusal instead of the form; a post starts nothing
    page = alice_client.get(reverse("play:create"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert words in page and f'name="c{campaign.pk}-bot"' not in page
    response = alice_client.post(reverse("play:campaign", args=[campaign.pk]),
                                 {f"c{campaign.pk}-bot": "heuristic"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302
    assert any(words in m for m in _page_messages(response)), _page_messages(response)
    assert not Match.objects.exists()
    campaign.refresh_from_db()
    assert campaign.version == version
    # once the card's text is all effects, online play (a bot game here) is offered and starts
    response = post_form(alice_client, reverse("cards:edit_card", args=[pack.pk, "star-dancer"]),
                         printed_card("Star Dancer", "+4 Combat"), pack)
    assert response.status_code == 302, _errors(response)
    page = alice_client.get(campaign.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    assert 'id="online-refusal"' not in page.content.decode()
    assert 'id="play-online"' in page.content.decode()
    response = alice_client.post(reverse("play:campaign", args=[campaign.pk]),
                                 {f"c{campaign.pk}-bot": "heuristic"})
    assert response.status_code == 302 and Match.objects.filter(campaign=campaign).exists()


def _trade_cards(pack: ContentPack) -> dict[str, dict[str, Any]]:
    """Return the set's trade cards by English name, with what a CSV round trip must keep."""
    pack.refresh_from_db()
    keep = ("name", "type", "factions", "cost", "defense", "quantity", "abilities")
    return {c["name"]["en"]: {**{k: c.get(k) for k in keep}, "outpost": bool(c.get("outpost"))}
            for c in pack.working_data["cards"] if c.get("role") == "trade"}


def _preview(client: Client, pack: ContentPack, upload: bytes, lang: str = "en") -> Any:
    pack.refresh_from_db()
    return client.post(reverse("cards:paste_cards", args=[pack.pk]), {
        "checksum": pack.working_checksum,
        "file": SimpleUploadedFile("cards.csv", upload, content_type="text/csv")},
        HTTP_ACCEPT_LANGUAGE=lang)


def test_csv_export_of_a_set_uploads_into_a_new_set_with_the_same_cards(
        alice_client: Client) -> None:
    source = create_empty_box(alice_client, "Source box")
    enter_small_box(alice_client, source, sheets=())
    exported = alice_client.get(reverse("cards:export", args=[source.pk, "csv"]))
    assert exported.status_code == 200
    upload = _body(exported)
    target = create_empty_box(alice_client, "Copy box")
    response = _preview(alice_client, target, upload)
    assert response.status_code == 200, response.content.decode()[:3000]
    rows = response.context["form"].pasted
    assert [r.status for r in rows] == ["ok"] * len(TRADE)  # each row understood, none marked
    assert {r.card["name"]["en"] for r in rows} == {row[0] for row in TRADE}
    assert _trade_cards(target) == {}  # the preview saves nothing
    rows_text = response.context["rows_text"]
    assert "Royal Lancer" in rows_text  # the page shows the file's rows to save
    target.refresh_from_db()
    response = alice_client.post(reverse("cards:paste_cards", args=[target.pk]), {
        "checksum": target.working_checksum, "rows": rows_text, "save": "1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    copied, original = _trade_cards(target), _trade_cards(source)
    assert sorted(copied) == sorted(original)
    for name, card in original.items():
        assert copied[name] == card, name


def test_csv_with_russian_headings_is_read_row_by_row(alice_client: Client) -> None:
    pack = create_empty_box(alice_client)
    upload = ("название;тип;фракция;стоимость;защита;копии;текст\r\n"
              "Королевский улан;Корабль;kingdom;3;;4;+3 боя. Союз: возьмите карту\r\n"
              "Сторожевая башня;База;kingdom;2;4;2;+2 влияния\r\n"
              "Лунный танцор;Корабль;kingdom;1;;1;Танцуйте со звёздами\r\n").encode("utf-8-sig")
    response = _preview(alice_client, pack, upload, "ru")
    assert response.status_code == 200, response.content.decode()[:3000]
    rows = response.context["form"].pasted
    assert [r.status for r in rows] == ["ok", "ok", "marked"]
    assert rows[2].unread == ["Танцуйте со звёздами"]  # kept, marked, never dropped
    assert "частично как печатный текст" in response.content.decode() or "<mark>" in \
        response.content.decode()
    response = alice_client.post(reverse("cards:paste_cards", args=[pack.pk]), {
        "checksum": pack.working_checksum, "rows": response.context["rows_text"], "save": "1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    pack.refresh_from_db()
    cards = {c["name"]["ru"]: c for c in pack.working_data["cards"] if c.get("role") == "trade"}
    assert cards["Королевский улан"]["abilities"] == [
        {"when": "primary", "do": [{"combat": 3}]},
        {"when": "ally", "faction": "kingdom", "do": [{"draw": 1}]}]
    assert (cards["Сторожевая башня"]["type"], cards["Сторожевая башня"]["defense"],
            cards["Сторожевая башня"]["quantity"]) == ("base", 4, 2)
    assert cards["Лунный танцор"]["unread"] == ["Танцуйте со звёздами"]


def _posted_as_shown(form: Any) -> dict[str, Any]:
    """Return what a browser posts for an unbound form as the page shows it (its initial values)."""
    posted: dict[str, Any] = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        posted[name] = value if not isinstance(value, (dict, list)) or name == "factions" \
            else json.dumps(value)
    return posted


def test_clone_this_card_adds_an_editable_copy_with_a_new_name_and_id(alice_client: Client,
                                                                      client: Client) -> None:
    pack = create_empty_box(alice_client)
    text = "+4 Combat. Ally: draw a card. Dance with the stars"
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]),
                         printed_card("Royal Lancer", text, name_ru="Королевский улан"), pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    before = json.loads(json.dumps(pack.working_data))
    edit_page = alice_client.get(reverse("cards:edit_card", args=[pack.pk, "royal-lancer"]))
    assert f'{reverse("cards:add_card", args=[pack.pk])}?from=royal-lancer' in \
        edit_page.content.decode()
    page = alice_client.get(reverse("cards:add_card", args=[pack.pk]) + "?from=royal-lancer")
    assert page.status_code == 200
    posted = _posted_as_shown(page.context["form"])
    assert (posted["name_en"], posted["name_ru"]) == ("Royal Lancer (copy)",
                                                      "Королевский улан (копия)")
    assert posted["printed"] == text
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]), posted, pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    after = pack.working_data
    original = next(c for c in before["cards"] if c["id"] == "royal-lancer")
    clone = next(c for c in after["cards"] if c["id"] not in {d["id"] for d in before["cards"]})
    assert clone["id"] != "royal-lancer" and clone["name"]["en"] == "Royal Lancer (copy)"
    same = ("type", "factions", "cost", "quantity", "role", "abilities", "printed", "unread")
    assert {k: clone.get(k) for k in same} == {k: original.get(k) for k in same}
    # nothing else changed: every card that was there is as it was
    assert [c for c in after["cards"] if c["id"] != clone["id"]] == before["cards"]
    # the owner edits the copy like any card; the original stays
    fields = printed_card("Royal Guard", "+5 Combat", name_ru="Королевская гвардия")
    response = post_form(alice_client, reverse("cards:edit_card", args=[pack.pk, clone["id"]]),
                         fields, pack)
    assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    cards = {c["id"]: c for c in pack.working_data["cards"]}
    assert cards[clone["id"]]["name"]["en"] == "Royal Guard"
    assert cards[clone["id"]]["abilities"] == [{"when": "primary", "do": [{"combat": 5}]}]
    assert cards["royal-lancer"] == original
    # someone else cannot clone from the set
    User = get_user_model()
    client.force_login(User.objects.create_user("mallory", password="x"))
    assert client.get(reverse("cards:add_card", args=[pack.pk]) + "?from=royal-lancer"
                      ).status_code == 404


def test_a_card_corrected_by_json_keeps_its_effects_when_edited_or_cloned_as_shown(
        alice_client: Client) -> None:
    """Bug: the form reopened a corrected card on "the printed text", so saving it (or its
    clone) as shown read the text again and dropped the correction."""
    pack = create_empty_box(alice_client)
    response = post_form(alice_client, reverse("cards:add_card", args=[pack.pk]),
                         printed_card("Star Dancer", UNREAD_TEXT), pack)
    assert response.status_code == 302, _errors(response)
    corrected = [{"when": "primary", "do": [{"combat": 4}, {"draw": 1}]}]
    fields = printed_card("Star Dancer", UNREAD_TEXT, abilities_from="json",
                          abilities=json.dumps(corrected))
    response = post_form(alice_client, reverse("cards:edit_card", args=[pack.pk, "star-dancer"]),
                         fields, pack)
    assert response.status_code == 302, _errors(response)
    for url in (reverse("cards:edit_card", args=[pack.pk, "star-dancer"]),
                reverse("cards:add_card", args=[pack.pk]) + "?from=star-dancer"):
        page = alice_client.get(url)
        response = post_form(alice_client, url.split("?")[0],
                             _posted_as_shown(page.context["form"]), pack)
        assert response.status_code == 302, _errors(response)
    pack.refresh_from_db()
    dancers = [c for c in pack.working_data["cards"] if c["name"]["en"].startswith("Star Dancer")]
    assert len(dancers) == 2
    for card in dancers:
        assert card["abilities"] == corrected and not card.get("unread")
        assert card["printed"] == {"en": UNREAD_TEXT}


def test_campaign_members_see_and_use_the_owners_set_read_only_and_outsiders_get_404(
        alice_client: Client, alice, bob) -> None:
    pack = envelope_one(alice_client)
    campaign = Campaign.start(pack, "Kitchen war", alice, [(alice, "Alice"), (bob, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    pack.refresh_from_db()
    checksum = pack.checksum
    member, outsider = Client(), Client()
    member.force_login(bob)
    outsider.force_login(get_user_model().objects.create_user("carol", password="x"))
    seen = {
        "set": reverse("cards:pack", args=[pack.pk]),
        "card": reverse("cards:card", args=[pack.pk, "royal-lancer"]),
        "face": reverse("cards:face", args=[pack.pk, "royal-lancer"]),
        "csv": reverse("cards:export", args=[pack.pk, "csv"]),
        "list": reverse("cards:list"),
    }
    for what, url in seen.items():
        response = member.get(url)
        assert response.status_code == 200, what
        if what in ("set", "list"):
            assert pack.name in response.content.decode(), what
    assert "Royal Lancer" in _body(member.get(seen["csv"])).decode("utf-8-sig")
    # the campaign's own view of the set opens its envelope 1 to the member (L4)
    page = member.get(seen["set"] + f"?campaign={campaign.pk}").content.decode()
    assert "Border Dispute" in page
    # the member uses it: the campaign's online game starts for them
    response = member.post(reverse("play:campaign", args=[campaign.pk]),
                           {f"c{campaign.pk}-bot": "heuristic"})
    assert response.status_code == 302 and Match.objects.filter(campaign=campaign).exists()
    # read-only for the member: every change is a 404 and changes nothing
    changes = {
        reverse("cards:add_card", args=[pack.pk]): printed_card("Intruder", "+1 Combat"),
        reverse("cards:edit_card", args=[pack.pk, "royal-lancer"]):
            printed_card("Royal Lancer", "+9 Combat"),
        reverse("cards:remove_card", args=[pack.pk, "royal-lancer"]): {},
        reverse("cards:paste_cards", args=[pack.pk]): {"rows": "name,cost\nX,1", "save": "1"},
        reverse("cards:scenario_text", args=[pack.pk, 1]): SCENARIO_1,
        reverse("cards:reveal", args=[pack.pk]): {"opened": pack.envelopes_opened},
        reverse("cards:delete_set", args=[pack.pk]): {},
        reverse("cards:share_link", args=[pack.pk]): {},
    }
    for url, fields in changes.items():
        assert member.get(url).status_code in (404, 405), url
        assert member.post(url, {**fields, "checksum": checksum}).status_code == 404, url
    # an outsider does not see the set at all
    for what, url in seen.items():
        response = outsider.get(url)
        if what == "list":
            assert pack.name not in response.content.decode()
        else:
            assert response.status_code == 404, what
    assert outsider.get(seen["set"] + f"?campaign={campaign.pk}").status_code == 404
    pack.refresh_from_db()
    assert pack.checksum == checksum and pack.designs.filter(name_en="Intruder").count() == 0
