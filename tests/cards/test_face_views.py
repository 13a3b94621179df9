"""Card image endpoints: faces and backs with ETag, Cache-Control and spoiler rules (issue 8)."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from cards.models import ContentPack
from cards.render.urls import back_url, face_url
from tests.factories import make_pack


@pytest.fixture(autouse=True)
def card_cache(settings, tmp_path: Path) -> Path:
    settings.CARD_CACHE_DIR = tmp_path / "card-cache"
    return settings.CARD_CACHE_DIR


@pytest.fixture
def pack(db) -> ContentPack:
    pack = make_pack()
    pack.rebuild_catalogue()
    return pack


def test_face_is_a_png_with_etag_and_public_cache(pack: ContentPack, client: Client) -> None:
    response = client.get(face_url(pack, "scout", lang="en"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert response["Cache-Control"].startswith("public, max-age=")
    again = client.get(face_url(pack, "scout", lang="en"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == response["ETag"]


def test_back_is_a_png(db, client: Client) -> None:
    response = client.get(back_url("trade", lang="ru", size="print"))
    assert response.status_code == 200
    assert response.content[:4] == b"\x89PNG"
    assert client.get("/cards/backs/nothing.png").status_code == 404
