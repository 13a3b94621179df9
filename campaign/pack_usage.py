"""The campaign app's answers to `cards.usage` (registered in `CampaignConfig.ready`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from campaign.deck import campaign_deck as deck_of
from campaign.models import Campaign
from cards.export.deck import Deck


def member_pack_ids(user: Any) -> list[int]:
    return list(Campaign.objects.visible_to(user).active().values_list("pack_id", flat=True))


def visitor_campaign(user: Any, campaign_id: int, pack: Any) -> Campaign | None:
    return Campaign.objects.visible_to(user).filter(pk=campaign_id, pack=pack).first()


def pack_edited(pack: Any) -> None:
    for campaign in Campaign.objects.filter(pack=pack):
        campaign.rebuild_state()


def edit_breaks(pack: Any, data: dict[str, Any]) -> Iterable[tuple[str, str]]:
    return [(campaign.name, why)
            for campaign, why in Campaign.objects.filter(pack=pack).replay_problems(data)]


def campaign_deck(campaign_id: int) -> Deck | None:
    campaign = (Campaign.objects.filter(pk=campaign_id, deleted_at__isnull=True)
                .select_related("pack").first())
    return deck_of(campaign) if campaign is not None else None
