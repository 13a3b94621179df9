"""The pack page's export downloads and the public TTS sheet images (issue 8 part 3)."""
from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest
from django.test import Client

from cards.models import ContentPack
from tests.factories import make_pack



@pytest.fixture
def pack(db) -> ContentPack:
    return make_pack()


def _url(pack: ContentPack, fmt: str, query: str = "") -> str:
    return f"/cards/{pack.pk}/export/{fmt}/{query}"


def test_pack_json_download_names_the_pack_and_hides_sealed_envelopes(pack, client: Client) -> None:
    response = client.get(_url(pack, "json"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert ".json" in response["Content-Disposition"]
    roles = {card["role"] for card in json.loads(response.content)["cards"]}
    assert "post_campaign" not in roles and "token" not in roles  # L4, L26: sealed without context


def test_pack_csv_download_in_russian(pack, client: Client) -> None:
    response = client.get(_url(pack, "csv", "?lang=ru"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))
    assert rows and rows[0]["part"] == "Торговая колода"


def test_tts_zip_from_the_page_points_at_public_images(pack, client: Client) -> None:
    response = client.get(_url(pack, "tts"))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    saved = json.loads(next(archive.read(n) for n in archive.namelist() if n.endswith(".json")))
    face_url = saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
    assert face_url.startswith("http://testserver/cards/tts/")
    image = Client().get(face_url.removeprefix("http://testserver"))  # no cookies, like TTS
    assert image.status_code == 200 and image["Content-Type"] == "image/jpeg"
    assert image["Cache-Control"].startswith("public")


def test_tts_image_names_are_checked(db, client: Client) -> None:
    assert client.get("/cards/tts/" + "0" * 64 + ".jpg").status_code == 404
    assert client.get("/cards/tts/..%2Fsecret.jpg").status_code == 404


def test_bad_export_requests(pack, client: Client) -> None:
    assert client.get(_url(pack, "docx")).status_code == 404
    assert client.get(_url(pack, "pdf", "?paper=a3")).status_code == 400
    assert client.get(_url(pack, "csv", "?lang=de")).status_code == 400
    assert client.get(f"/cards/{pack.pk + 999}/export/csv/").status_code == 404


def test_someone_elses_own_pack_is_a_404(db, alice, outsider) -> None:
    own = make_pack("alice-own", owner=alice, builtin=False)
    visitor = Client()
    visitor.force_login(outsider)
    assert visitor.get(_url(own, "json")).status_code == 404
    owner = Client()
    owner.force_login(alice)
    assert owner.get(_url(own, "json")).status_code == 200
