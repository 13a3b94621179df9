"""Card pictures of a match: which of its packs holds a card id, and that card face's URL.

A mixed game (issue 12) draws cards from several packs (`Match.content_packs()`, the match's own
pack first); a card id is looked up in that order, so the first pack wins a clash as it does when
the game is set up. The URLs carry the match's campaign, which unlocks the faces of the envelopes
that campaign has opened (the renderer's spoiler rule) and nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.render import SIZES
from cards.render.urls import face_url

if TYPE_CHECKING:
    from cards.models import ContentPack
    from play.models import Match


class MatchFaces:
    """Find the pack of a card id among a match's packs and build its face URL."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.packs: list[ContentPack] = _packs_of(match)
        self.designs: dict[str, dict[str, Any]] = {}
        self.pack_of: dict[str, ContentPack] = {}
        self.own_faces = match.card_faces()
        for pack in self.packs:
            for design in pack.data.get("cards", []) or []:
                if isinstance(design, dict) and design.get("id") not in self.designs:
                    self.designs[design["id"]] = design
                    self.pack_of[design["id"]] = pack

    def url(self, card_id: str, sticker_id: str | None = None) -> str:
        """Return the web-size face URL of a card id ("" for an id no pack of the match holds)."""
        pack = self.pack_of.get(card_id)
        if pack is None or not self.unlocked(card_id, sticker_id):
            return ""
        if self.match.campaign_id is not None:
            return face_url(pack, card_id, sticker_id=sticker_id or None,
                            campaign_id=self.match.campaign_id)
        # A finished campaign's deck played as a standard game (L26) opens no envelope for the
        # face view; the match id unlocks exactly the faces of this game's own decks.
        match_id = self.match.pk if (card_id, sticker_id or None) in self.own_faces else None
        return face_url(pack, card_id, sticker_id=sticker_id or None, match_id=match_id)

    def unlocked(self, card_id: str, sticker_id: str | None) -> bool:
        """Whether the face view will serve this face to the match's players.

        A campaign match's faces are unlocked by its campaign; other games' faces are the open
        cards of their packs plus whatever their own decks hold (`Match.card_faces`). Anything
        else (an engine-made token, say) is shown as text instead of a broken picture.
        """
        if self.match.campaign_id is not None:
            return True
        open_card = not sticker_id and self.designs[card_id].get("role") != "post_campaign"
        return open_card or (card_id, sticker_id or None) in self.own_faces

    def explorer_id(self) -> str | None:
        """Return the id of the explorer design (the pile bought with `buy explorer`), if any."""
        return next((cid for cid, d in self.designs.items() if d.get("role") == "explorer"), None)


def web_size() -> tuple[int, int]:
    """Return (width, height) of a web-size face, for the <img> attributes."""
    return tuple(SIZES["web"])  # type: ignore[return-value]


def _packs_of(match: Match) -> list[ContentPack]:
    """Return the match's packs: `content_packs()` where mixed games exist, else its one pack."""
    content_packs = getattr(match, "content_packs", None)
    return list(content_packs()) if callable(content_packs) else [match.pack]
