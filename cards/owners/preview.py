"""The live card preview beside the owner's card form (htmx): the face redrawn, the reading shown.

Nothing is saved or validated here: the posted fields become a card as far as they go, its
printed text is read, and the page shows the face drawn from it, what was understood (as the
site writes it) and each part not understood, marked, with the reason in the page's language.
"""
from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from cards.language import active_language
from cards.owners.printed import apply_printed
from cards.parser import UnknownPart
from cards.render import face_from_design, render_image
from cards.text import ability_text, faction_names


def reason_words(part: UnknownPart) -> str:
    """Return why a part was not understood, in the page's language."""
    words = {
        "not_understood": _("not understood: kept as printed text"),
        "too_long": _("beyond the first 2000 characters: not read"),
        "ally_faction": _("“Ally” needs the card's one faction (pick it above) or a faction "
                          "name"),
        "invalid": _("read, but the rules engine refuses it"),
        "extends": _("an “and …” sticker may only add to the primary ability (L15)"),
    }
    return words.get(part.reason, part.reason)


@dataclass
class CardPreview:
    """What the preview shows: the face as a data URL, the lines understood, the marked parts."""

    image: str
    lines: list[str] = field(default_factory=list)
    unknown: list[tuple[str, str]] = field(default_factory=list)  # (text as typed, why)


def posted_card(post: Mapping[str, Any]) -> dict[str, Any]:
    """Return the card the form's fields describe so far (never raises)."""
    def number(name: str) -> int | None:
        value = str(post.get(name) or "").strip()
        return int(value) if value.isascii() and value.isdigit() and len(value) < 4 else None

    kind = "base" if post.get("type") == "base" else "ship"
    factions = post.getlist("factions") if hasattr(post, "getlist") else post.get("factions", [])
    return {"id": "preview", "type": kind, "role": post.get("role") or "trade",
            "name": {"en": str(post.get("name_en") or ""), "ru": str(post.get("name_ru") or "")},
            "cost": number("cost"), "defense": number("defense") if kind == "base" else None,
            "outpost": kind == "base" and bool(post.get("outpost")),
            "factions": [str(f) for f in factions][:2], "quantity": number("quantity") or 1}


def card_preview(post: Mapping[str, Any], pack_data: Mapping[str, Any]) -> CardPreview:
    """Read the posted printed text and draw the card it describes."""
    card = posted_card(post)
    reading = apply_printed(card, str(post.get("printed") or "")[:4000], pack_data)
    lang = active_language()
    names = faction_names(pack_data, lang)
    image = render_image(face_from_design(pack_data, card), lang, "web")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return CardPreview(
        image="data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii"),
        lines=[ability_text(a, lang, names) for a in reading.abilities],
        unknown=[(part.text, reason_words(part)) for part in reading.unknown])
