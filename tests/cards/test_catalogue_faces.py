"""Card faces on the catalogue, the sticker sheets and a campaign's trade deck (issue 8 part 2).

Every picture has alt text with the card's name and text; an upgraded copy is drawn with its
sticker (L15: "and" extends the primary; L16: the side's faction) and its copy number; a used
sticker shows the copy it went on (L12, L14); nothing of an unopened envelope appears (L4).
"""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cards.models import ContentPack
from cards.templatetags.card_faces import envelope_sheets
from tests.campaign.packs import legacy_pack


STICKER = "empire-1:2:ship"  # made distinct below: "and +5 combat"
COPY = "kingdom-ship-2#1"
IMG = re.compile(r"<img [^>]*>")


@pytest.fixture
def pack(db) -> ContentPack:
    data = legacy_pack()
    empire_1 = next(s for s in data["sticker_sheets"] if s["id"] == "empire-1")
    empire_1["rows"][1]["ship"] = {"and": True,
                                   "abilities": [{"when": "primary", "do": [{"combat": 5}]}]}
    pack = ContentPack(slug="test-legacy", is_builtin=True)
    pack.set_data(data)
    pack.save()
    pack.rebuild_catalogue()
    return pack


@pytest.fixture
def upgraded(pack: ContentPack, alice, bob) -> Campaign:
    """Alice's campaign: scenario 1 won with Kingdom Ship 2 #1 upgraded, scenario 2 opened."""
    campaign = Campaign.start(pack, "Alice vs Bob", alice, [(alice, "Alice"), (bob, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    campaign.apply_event("game_recorded", {"winner": "empire", "how": "authority", "upgrades": [
        {"copy": COPY, "sticker": STICKER, "side": "empire"}]}, alice, 2)
    campaign.apply_event("scenario_opened", {"number": 2}, alice, 3)
    return campaign


def _images(html: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'([a-z-]+)="([^"]*)"', tag)) for tag in IMG.findall(html)]


def test_pack_page_is_a_grid_of_faces_with_alt_text(client: Client, pack: ContentPack) -> None:
    html = client.get(reverse("cards:pack", args=[pack.pk])).content.decode()
    faces = [i for i in _images(html) if "/faces/" in i["src"]]
    designs = pack.designs.exclude(role="post_campaign")
    assert len(faces) == designs.count() > 10
    for design in designs:
        face = next(i for i in faces if f"/faces/{design.slug}.png" in i["src"])
        assert face["alt"].startswith(design.name_en) and "+1 combat" in face["alt"]
        assert face["width"] and face["height"] and face["loading"] == "lazy"
    assert f'href="/cards/{pack.pk}/cards/scout/"><img' in html  # the face links to the card
    ru = client.get(reverse("cards:pack", args=[pack.pk]), HTTP_ACCEPT_LANGUAGE="ru")
    assert 'alt="[ru] Scout (Корабль). +1 боя."' in ru.content.decode()


def test_card_page_shows_the_large_face_beside_the_text(client: Client, pack: ContentPack
                                                        ) -> None:
    html = client.get(reverse("cards:card", args=[pack.pk, "kingdom-base-2"])).content.decode()
    large = next(i for i in _images(html) if "card-img-large" in i["class"])
    assert "/faces/kingdom-base-2.png?lang=en&amp;size=web" in large["src"]
    assert large["alt"].startswith("Kingdom Base 2 (Base · defense 4, cost 2, Kingdom)")
    assert "loading" not in large and "+1 combat" in html.split("</figure>")[-1]


def test_deck_view_draws_every_copy_upgraded_ones_with_sticker_and_number(
        alice_client: Client, upgraded: Campaign) -> None:
    response = alice_client.get(reverse("campaign:deck", args=[upgraded.pk]),
                                HTTP_HX_REQUEST="true")
    html = response.content.decode()
    copies = int(re.search(r"(\d+) copies", html).group(1))
    faces = _images(html)
    assert len(faces) == copies == len(upgraded.current_state.trade_deck(upgraded.content))
    sticker = f"sticker={STICKER.replace(':', '%3A')}"
    marked = [f for f in faces if sticker in f["src"]]
    assert len(marked) == 1 and "/faces/kingdom-ship-2.png" in marked[0]["src"]
    assert f"campaign={upgraded.pk}" in marked[0]["src"] and "copy=1" in marked[0]["src"]
    assert marked[0]["alt"].startswith("Kingdom Ship 2 (Ship, cost 2, Kingdom, Empire, "
                                       "upgraded). +1 combat and +5 combat.")
    plain = [f for f in faces if "/faces/kingdom-ship-2.png" in f["src"] and f not in marked]
    assert len(plain) == 7 and not any("copy=" in f["src"] for f in plain)
    image = alice_client.get(marked[0]["src"].replace("&amp;", "&"))
    assert image.status_code == 200 and image["Content-Type"] == "image/png"


def test_opened_envelope_shows_sticker_texts_and_the_copy_a_sticker_went_on(
        alice_client: Client, upgraded: Campaign) -> None:
    """L12-L14: scenario 1's sheets as sticker boxes; the used sticker shows the upgraded copy
    and the other sticker of its row is marked used; no sheet of a later envelope (L4)."""
    html = alice_client.get(reverse("campaign:scenario", args=[upgraded.pk, 1])).content.decode()
    assert html.count('class="sticker-box"') == 20  # 2 sheets x 5 rows x (ship, base)
    assert "and +5 combat" in html and "+ Empire" in html and "+ Federation" in html
    assert "Used on:" in html and "Row already used" in html
    copy = next(i for i in _images(html) if "sticker-copy" in i["class"])
    assert "/faces/kingdom-ship-2.png" in copy["src"] and "copy=1" in copy["src"]
    assert not re.search(r"[a-z]+-\d:\d:(ship|base)", html.replace(copy["src"], ""))
    assert "empire sheet 3" not in html
    dashboard = alice_client.get(upgraded.get_absolute_url()).content.decode()
    assert "empire sheet 2" in dashboard and "empire sheet 3" not in dashboard


def test_envelope_sheets_tag_gives_nothing_of_an_unopened_envelope(upgraded: Campaign) -> None:
    """L4: even asked directly, the tag does not read a sheet of scenario 3."""
    assert [s["id"] for s in envelope_sheets(upgraded, 2)] == ["empire-2", "federation-2"]
    assert envelope_sheets(upgraded, 3) == []


def test_pack_page_sheets_in_a_campaign_show_boxes_and_the_used_copy(
        alice_client: Client, client: Client, pack: ContentPack, upgraded: Campaign) -> None:
    url = reverse("cards:pack", args=[pack.pk])
    html = alice_client.get(url + f"?campaign={upgraded.pk}").content.decode()
    assert html.count('class="sticker-box"') == 40  # the sheets of scenarios 1 and 2
    used = html.split("Used on:")
    assert len(used) == 2 and "/faces/kingdom-ship-2.png" in used[1].split("</li>")[0]
    outsider_view = client.get(url).content.decode()
    assert 'class="sticker-box"' not in outsider_view and "Used on:" not in outsider_view
