"""Card image endpoints: faces and backs with ETag, Cache-Control and spoiler rules (issue 8)."""
from __future__ import annotations

import io

import pytest
from django.test import Client
from PIL import Image

from campaign.models import Campaign
from cards.models import ContentPack
from cards.render.urls import back_url, face_url
from tests.factories import PERSONA_PASSWORD, make_pack, start_campaign, win_every_scenario


SHIP = "kingdom-ship-2"  # a trade ship of cost 2 in the test pack (8 copies)
OPEN_STICKER = "empire-1:2:ship"  # sheet of scenario 1
SEALED_STICKER = "empire-2:2:ship"  # sheet of scenario 2
POST_CAMPAIGN = "relic-cruiser"


@pytest.fixture
def pack(db) -> ContentPack:
    return make_pack()


@pytest.fixture
def started(pack: ContentPack, alice, bob) -> Campaign:
    """Return alice's campaign against bob with sides chosen and scenario 1 opened."""
    return start_campaign(pack, alice, bob)


def _client(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PERSONA_PASSWORD)
    return client


def test_face_is_a_png_with_etag_and_public_cache(pack: ContentPack, client: Client) -> None:
    response = client.get(face_url(pack, "scout", lang="en"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert response["Cache-Control"].startswith("public, max-age=")
    again = client.get(face_url(pack, "scout", lang="en"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == response["ETag"] and not again.content
    other = client.get(face_url(pack, "scout", lang="ru"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert other.status_code == 200 and other["ETag"] != response["ETag"]


def test_face_sizes_and_copy_number(pack: ContentPack, client: Client) -> None:
    web = client.get(face_url(pack, SHIP, lang="en", copy_number=3))
    printed = client.get(face_url(pack, SHIP, lang="en", size="print", copy_number=3))
    assert Image.open(io.BytesIO(web.content)).size == (372, 520)
    assert Image.open(io.BytesIO(printed.content)).size == (744, 1039)
    assert client.head(face_url(pack, SHIP, lang="en")).status_code == 200
    assert client.post(face_url(pack, SHIP, lang="en")).status_code == 405


def test_face_without_lang_follows_the_visitor_and_varies(pack: ContentPack,
                                                          client: Client) -> None:
    url = face_url(pack, SHIP).split("?")[0]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru")
    assert english.status_code == russian.status_code == 200
    assert english["ETag"] != russian["ETag"]
    assert "Accept-Language" in russian["Vary"]


def test_back_is_a_png(db, client: Client) -> None:
    response = client.get(back_url("trade", lang="ru", size="print"))
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == (744, 1039)
    assert response["Cache-Control"].startswith("public")
    personal = client.get(back_url("personal", lang="en"))
    assert personal.status_code == 200 and personal["ETag"] != response["ETag"]
    assert client.get(back_url("personal", lang="en"),
                      HTTP_IF_NONE_MATCH=personal["ETag"]).status_code == 304
    assert client.get("/cards/backs/nothing.png").status_code == 404
    assert client.get("/cards/backs/trade.png?lang=xx").status_code == 400
    assert client.get("/cards/backs/trade.png?size=poster").status_code == 400


def test_l4_campaign_player_sees_opened_sticker_but_not_a_later_envelope(
        started: Campaign, alice) -> None:
    pack, client = started.pack, _client(alice)
    opened = client.get(face_url(pack, SHIP, sticker_id=OPEN_STICKER, campaign_id=started.pk,
                                 lang="en", copy_number=1))
    assert opened.status_code == 200
    assert opened["Cache-Control"].startswith("private")
    plain = client.get(face_url(pack, SHIP, campaign_id=started.pk, lang="en", copy_number=1))
    assert plain.status_code == 200 and plain["ETag"] != opened["ETag"]
    for url in (face_url(pack, SHIP, sticker_id=SEALED_STICKER, campaign_id=started.pk),
                face_url(pack, POST_CAMPAIGN, campaign_id=started.pk),
                face_url(pack, SHIP, sticker_id=OPEN_STICKER)):  # no campaign context
        assert client.get(url).status_code == 404, url


def test_l4_outsiders_get_404_for_a_campaign_sticker(started: Campaign, outsider,
                                                     client: Client) -> None:
    url = face_url(started.pack, SHIP, sticker_id=OPEN_STICKER, campaign_id=started.pk)
    assert _client(outsider).get(url).status_code == 404
    assert client.get(url).status_code == 404  # anonymous


def test_l26_post_campaign_card_shows_after_the_campaign(started: Campaign, alice) -> None:
    win_every_scenario(started, alice)
    url = face_url(started.pack, POST_CAMPAIGN, campaign_id=started.pk, lang="ru")
    assert _client(alice).get(url).status_code == 200
    assert Client().get(face_url(started.pack, POST_CAMPAIGN, lang="ru")).status_code == 404


def test_owner_sees_the_envelopes_opened_in_the_editor(pack: ContentPack, alice, bob) -> None:
    own = pack.copy_for(alice)
    url = face_url(own, SHIP, sticker_id=OPEN_STICKER, lang="en")
    owner = _client(alice)
    assert owner.get(url).status_code == 404
    assert own.reveal_next(0)
    response = owner.get(url)
    assert response.status_code == 200 and response["Cache-Control"].startswith("private")
    assert _client(bob).get(url).status_code == 404


@pytest.mark.parametrize("query", [
    "lang=xx", "lang=", "size=poster", "size=", "copy=0", "copy=-1", "copy=%C2%B2", "copy=1.5",
    "copy=%D9%A3", "copy=1234567890", "campaign=%C2%B2", "campaign=abc", "campaign=",
    "campaign=99999999999999999999", "sticker=", "sticker=garbage", "sticker=empire-1:%C2%B2:ship",
    "sticker=empire%00-1:2:ship", "lang=en%00",
])
def test_bad_query_values_are_400(pack: ContentPack, client: Client, query: str) -> None:
    base = face_url(pack, SHIP, lang="en").split("?")[0]
    assert client.get(f"{base}?{query}").status_code == 400


@pytest.mark.parametrize("query", [
    "copy=9",                          # the test pack has 8 copies of this ship
    "sticker=empire-1:2:base",         # a base sticker on a ship (L13)
    "sticker=empire-1:3:ship",         # a sticker of another cost (L13)
    "sticker=nowhere:2:ship",          # no such sheet
])
def test_impossible_copies_and_stickers_are_404(started: Campaign, alice, query: str) -> None:
    base = face_url(started.pack, SHIP).split("?")[0]
    response = _client(alice).get(f"{base}?campaign={started.pk}&{query}")
    assert response.status_code == 404


def test_unknown_card_pack_or_sticker_on_a_starter_is_404(started: Campaign, alice,
                                                          client: Client) -> None:
    pack = started.pack
    assert client.get(face_url(pack, "no-such-card")).status_code == 404
    assert client.get(f"/cards/{pack.pk + 1000}/faces/scout.png").status_code == 404
    assert client.get(f"/cards/{pack.pk}/faces/sc%00out.png").status_code == 404
    scout = face_url(pack, "scout", sticker_id="empire-1:2:ship", campaign_id=started.pk)
    assert _client(alice).get(scout).status_code == 404
