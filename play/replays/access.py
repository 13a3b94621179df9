"""Who may look at a match they do not play, and who may replay one.

- a replay of a finished match: its players and the members of its campaign;
- a replay of a running match: its players (up to now);
- the live spectator page: members of the match's campaign who hold no seat in it.
Everyone else gets 404, as on the match page (not 403, which would confirm the match exists).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from campaign.models import Campaign
from play.models import Match, MatchSeat


def load_match(pk: int, defer: tuple[str, ...] = ()) -> Match:
    queryset = (Match.objects.select_related("pack", "campaign").with_seats()
                .defer(*defer))
    return get_object_or_404(queryset, pk=pk)


def is_campaign_member(match: Match, user: Any) -> bool:
    """Return whether `user` belongs to the campaign this match was played in."""
    if match.campaign_id is None or not user.is_authenticated:
        return False
    return Campaign.objects.for_user(user).filter(pk=match.campaign_id).exists()


def may_spectate(match: Match, user: Any) -> bool:
    """Return whether `user` may watch the match live: a campaign member without a seat in it."""
    return match.seat_of(user) is None and is_campaign_member(match, user)


def replay_match_for(request: HttpRequest, pk: int) -> tuple[Match, MatchSeat | None]:
    """Return a match whose replay the user may see, and their seat; 404 for everyone else."""
    match = load_match(pk, defer=("state",))  # a replay starts from the setup, not the cached state
    seat = match.seat_of(request.user)
    if seat is None and not (match.is_over and is_campaign_member(match, request.user)):
        raise Http404("no replay for you")
    return match, seat


def spectator_match_for(request: HttpRequest, pk: int, light: bool = False) -> Match:
    """Return a match the user may watch live (a campaign member without a seat); else 404.

    `light` loads only the id, campaign, version and seats (no state): enough to authorize the
    spectator's poll and event stream, which a reconnect storm may call for every watcher.
    """
    if light:
        match = get_object_or_404(Match.objects.only("id", "campaign_id", "version", "status")
                                  .with_seats(), pk=pk)
    else:
        match = load_match(pk)
    if not may_spectate(match, request.user):
        raise Http404("not a spectator")
    return match
