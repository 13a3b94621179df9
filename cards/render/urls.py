"""Stable URLs of card images, served by `cards.views.face_image` and `cards.views.back_image`."""
from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import get_script_prefix, reverse

from cards.language import active_language


def face_url(pack: Any, card_id: str, *, sticker_id: str | None = None,
             copy_number: int | None = None, campaign_id: int | None = None,
             match_id: int | None = None, lang: str | None = None, size: str = "web") -> str:
    """Return the URL of a card face image (`pack` is a ContentPack; lang defaults to active).

    `campaign_id` unlocks the envelopes that campaign opened; `match_id` the cards of that
    game's own decks (for its players only).
    """
    return _face_url(get_script_prefix(), pack.pk, card_id, sticker_id or None, copy_number,
                     campaign_id, match_id, lang or active_language(), size)


@lru_cache(maxsize=16384)
def _face_url(prefix: str, pack_id: int, card_id: str, sticker_id: str | None,
              copy_number: int | None, campaign_id: int | None, match_id: int | None, lang: str,
              size: str) -> str:
    # A board shows some twenty faces per update, the same ones again on every move; `reverse`
    # was the slow part of each URL. `prefix` (the script prefix) is part of the key.
    query: dict[str, Any] = {"lang": lang, "size": size}
    if sticker_id:
        query["sticker"] = sticker_id
    if campaign_id is not None:
        query["campaign"] = campaign_id
    if match_id is not None:
        query["match"] = match_id
    if copy_number is not None:
        query["copy"] = copy_number
    path = reverse("cards:face", kwargs={"pk": pack_id, "slug": card_id})  # under `prefix`
    return f"{path}?{urlencode(query)}"


def back_url(kind: str, lang: str | None = None, size: str = "web") -> str:
    """Return the URL of a card back image ("trade" or "personal")."""
    path = reverse("cards:back", kwargs={"kind": kind})
    return f"{path}?{urlencode({'lang': lang or active_language(), 'size': size})}"
