"""Template tags of the owner's set page (issue 19): what the set can do so far."""
from __future__ import annotations

from dataclasses import dataclass

from django import template

from cards.models import ContentPack
from cards.owners.readiness import entered_envelopes, missing_effects, tracking_problems

register = template.Library()


@dataclass(frozen=True)
class Readiness:
    """Whether a campaign can start, how many envelopes are entered, what is text alone."""

    tracking: list[str]
    entered: int
    needs_effects: list[str]

    @property
    def tracking_ok(self) -> bool:
        return not self.tracking


@register.simple_tag
def set_readiness(pack: ContentPack) -> Readiness:
    """Return the readiness of the owner's set (shown in its owner tools)."""
    sheets = [s.get("id") for s in pack.data.get("sticker_sheets", []) if isinstance(s, dict)]
    return Readiness(tracking_problems(pack) if pack.is_draft else [], entered_envelopes(pack),
                     missing_effects(pack.data, sheet_ids=sheets, post_campaign=True))
