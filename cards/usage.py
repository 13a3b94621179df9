"""Where packs are used, as the apps above `cards` tell it (issue 21: cards imports none of them).

`cards` sits below `campaign` and `play` and must not import them, yet a few of its pages and
commands need an answer only those apps have: is this visitor in the campaign named in the
query, which campaigns would an edit break, which cards does this visitor's game hold. The apps
above register their answers here when Django starts (their `AppConfig.ready`); without them
(a site without those apps) every question has the empty answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

_HOOKS: dict[str, Callable[..., Any]] = {}


def register(**hooks: Callable[..., Any]) -> None:
    """Register answers by question name (the functions below name the questions)."""
    unknown = set(hooks) - set(QUESTIONS)
    if unknown:
        raise ValueError(f"unknown pack-usage question(s): {', '.join(sorted(unknown))}")
    _HOOKS.update(hooks)


def visitor_campaign(user: Any, campaign_id: int, pack: Any) -> Any | None:
    """Return the campaign `campaign_id` played with `pack` that `user` may see, or None."""
    hook = _HOOKS.get("visitor_campaign")
    return hook(user, campaign_id, pack) if hook else None


def pack_edited(pack: Any) -> None:
    """Let the campaigns played with an edited pack refresh what they derive from it."""
    hook = _HOOKS.get("pack_edited")
    if hook:
        hook(pack)


def edit_breaks(pack: Any, data: dict[str, Any]) -> Iterable[tuple[str, str]]:
    """Return (campaign name, why) for each campaign that the pack data `data` would break."""
    hook = _HOOKS.get("edit_breaks")
    return hook(pack, data) if hook else []


def match_faces(user: Any, match_id: int, pack: Any) -> set[tuple[str, str | None]]:
    """Return the (card, sticker) faces of `user`'s game `match_id` if it uses `pack`."""
    hook = _HOOKS.get("match_faces")
    return hook(user, match_id, pack) if hook else set()


def campaign_deck(campaign_id: int) -> Any | None:
    """Return the deck (`cards.export.deck.Deck`) of campaign `campaign_id`, or None."""
    hook = _HOOKS.get("campaign_deck")
    return hook(campaign_id) if hook else None


def member_pack_ids(user: Any) -> set[int]:
    """Return the ids of the packs of the campaigns `user` plays or created (they see them)."""
    hook = _HOOKS.get("member_pack_ids")
    return set(hook(user)) if hook else set()


QUESTIONS = ("member_pack_ids", "visitor_campaign", "pack_edited", "edit_breaks", "match_faces", "campaign_deck")
