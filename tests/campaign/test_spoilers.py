"""L4 spoiler sweep: a campaign at scenario N shows nothing of a later envelope, on any page.

The pack's every text gets a unique marker ("[[scenario-5 #2 en]]"), so the sealed strings are
built from the pack itself: the texts of the scenarios, sticker sheets and VP cards of envelopes
after N, of a token card only scenario 7's rules bring, of the campaign winner's rule (the last
envelope, L22) and of the post-campaign cards (L26). Every page a seat can reach (dashboard, deck,
history, scenario pages, the record and undo forms, the JSON export, the card browser in the
campaign's context) is fetched in both languages and scanned. Opened envelopes' markers must
appear, so the test cannot pass by showing nothing.

A page crawl (`one_database`): whether a sealed text reaches a page is decided by what the views
choose to show, which no database changes; the views' reads are covered on PostgreSQL by their
own tests.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from campaign.state import missing_choices
from cards.models import ContentPack
from tests.campaign.packs import legacy_pack

pytestmark = [pytest.mark.long, pytest.mark.one_database]

LANGUAGES = ("en", "ru")
TOKEN_SCENARIO = 7  # the scenario whose rules bring the token card


def _text_dicts(value: Any) -> Iterator[dict]:
    """Yield every {"en": ..., "ru": ...} text object inside ``value``."""
    if isinstance(value, dict):
        if value and set(value) <= set(LANGUAGES) and all(isinstance(v, str) for v in value.values()):
            yield value
            return
        for item in value.values():
            yield from _text_dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _text_dicts(item)


def _mark(item: dict, tag: str) -> None:
    """Replace every text inside ``item`` by a marker naming where it is."""
    for number, text in enumerate(_text_dicts(item)):
        for lang in text:
            text[lang] = f"[[{tag} #{number} {lang}]]"


def _envelope_items(data: dict) -> Iterator[tuple[str, int | None, dict]]:
    """Yield (tag, envelope number or None for post-campaign, item) for every sealed-able item."""
    yield "winner-rule", 12, data["campaign_winner"]
    for scenario in data["scenarios"]:
        yield f"scenario-{scenario['number']}", scenario["number"], scenario
    for sheet in data["sticker_sheets"]:
        yield f"sheet-{sheet['id']}", sheet["scenario"], sheet
    for vp in data["vp_cards"]:
        yield f"vp-{vp['id']}", vp["scenario"], vp
    for card in data["cards"]:
        if card["role"] == "post_campaign":
            yield f"post-{card['id']}", None, card
        if card["role"] == "token":
            yield f"token-{card['id']}", TOKEN_SCENARIO, card


def marked_pack_data() -> dict:
    data = legacy_pack("spoiler-test")
    token = {**data["cards"][0], "id": "drone", "role": "token", "cost": None, "quantity": 1,
             "name": {"en": "", "ru": ""}, "flavor": {"en": "", "ru": ""}}
    data["cards"].append(token)
    data["scenarios"][TOKEN_SCENARIO - 1]["sides"]["empire"]["rules"].append(
        {"start_in_play": {"who": "federation", "card": "drone"}})
    for row in (r for sheet in data["sticker_sheets"] for r in sheet["rows"]):
        for kind in ("ship", "base"):  # printed sticker text, so the sheet shows a marker
            row[kind]["text"] = {"en": "", "ru": ""}
    for tag, _number, item in _envelope_items(data):
        _mark(item, tag)
    return data


def sealed_and_opened(data: dict, opened: int) -> tuple[set[str], set[str]]:
    """Return the marker strings of envelopes after ``opened`` (and post-campaign), and the rest."""
    sealed, shown = set(), set()
    for _tag, number, item in _envelope_items(data):
        strings = {s for text in _text_dicts(item) for s in text.values()}
        (shown if number is not None and number <= opened else sealed).update(strings)
    return sealed, shown


@pytest.fixture
def marked_pack(db) -> ContentPack:
    pack = ContentPack(slug="spoiler-test", is_builtin=True)
    pack.set_data(marked_pack_data())
    pack.save()
    pack.rebuild_catalogue()
    return pack


def campaign_at(pack: ContentPack, alice, bob, opened: int, finished: bool) -> Campaign:
    """Return a campaign with scenarios 1..opened opened, the last one recorded if ``finished``."""
    campaign = Campaign.start(pack, "Sweep", alice, [(alice, "A"), (bob, "B")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    for number in range(1, opened + 1):
        campaign.apply_event("scenario_opened", {"number": number}, alice, campaign.version)
        for choice in missing_choices(campaign.content, campaign.current_state):
            campaign.apply_event("choice_made", {"choice": choice["id"],
                                                 "option": choice["options"][0]["id"]},
                                 alice, campaign.version)
        if number < opened or finished:
            payload = {"winner": "empire", "how": "authority"}
            if number == 1:  # an upgrade, so a sticker's printed text is on the dashboard
                payload["upgrades"] = [{"copy": "kingdom-ship-2#1", "sticker": "empire-1:2:ship",
                                        "side": "empire"}]
            campaign.apply_event("game_recorded", payload, alice, campaign.version)
    return campaign


def page_urls(campaign: Campaign) -> list[str]:
    pk, pack = campaign.pk, campaign.pack
    urls = [reverse("campaign:list"), campaign.get_absolute_url(),
            reverse("campaign:deck", args=[pk]), reverse("campaign:history", args=[pk]),
            reverse("campaign:record", args=[pk]), reverse("campaign:undo", args=[pk]),
            reverse("campaign:export", args=[pk]), reverse("campaign:poll", args=[pk]),
            reverse("cards:list"), reverse("cards:pack", args=[pack.pk]),
            reverse("cards:pack", args=[pack.pk]) + f"?campaign={pk}"]
    urls += [reverse("campaign:scenario", args=[pk, n]) for n in range(1, 13)]
    for slug in pack.designs.values_list("slug", flat=True):
        card = reverse("cards:card", args=[pack.pk, slug])
        urls += [card, card + f"?campaign={pk}"]
    return urls


def fetch_all(client: Client, urls: list[str]) -> str:
    """Return every page in both languages as one text (404s included: they must not leak)."""
    pages = []
    for lang in LANGUAGES:
        for url in urls:
            htmx = url.startswith("/campaigns/")  # only the campaign pages answer htmx apart
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}) if htmx else ({},):
                response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang, **headers)
                assert response.status_code in (200, 204, 302, 404), (url, response.status_code)
                pages.append(response.content.decode())
    return "\n".join(pages)


@pytest.mark.parametrize("opened, finished", [(1, False), (2, False), (4, True), (11, False)])
def test_l4_nothing_of_a_later_envelope_reaches_any_page(client: Client, marked_pack, alice, bob,
                                                         opened: int, finished: bool) -> None:
    campaign = campaign_at(marked_pack, alice, bob, opened, finished)
    sealed, _shown = sealed_and_opened(marked_pack.data, opened)
    client.force_login(bob)
    text = fetch_all(client, page_urls(campaign))
    leaked = sorted(s for s in sealed if s in text)
    assert not leaked, leaked[:10]
    assert f"[[scenario-{opened} #0 en]]" in text and f"[[scenario-{opened} #0 ru]]" in text
    assert f"[[sheet-empire-{min(opened, 4)} #0 en]]" in text
    assert "[[sheet-empire-1 #1 en]]" in text  # sticker texts are drawn on the sheets
    assert ("[[token-drone #0 en]]" in text) == (opened >= TOKEN_SCENARIO)


def test_marked_pack_seals_what_it_should() -> None:
    """The sweep's own check: at scenario 3, scenario 4's title is sealed and 3's is not."""
    sealed, shown = sealed_and_opened(marked_pack_data(), 3)
    assert "[[scenario-4 #0 en]]" in sealed and "[[scenario-3 #0 en]]" in shown
    assert "[[post-relic-cruiser #0 en]]" in sealed and "[[vp-s12-victory #0 ru]]" in sealed
    assert "[[token-drone #0 en]]" in sealed and "[[winner-rule #0 en]]" in sealed
    sealed, shown = sealed_and_opened(marked_pack_data(), 7)
    assert "[[token-drone #0 en]]" in shown
