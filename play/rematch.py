"""After a game: a rematch with the same seats and decks, or the campaign's next scenario.

Rematch: the same setup (packs and mix, decks, trade deck, mode) with a new seed, so the first
player is drawn anew (C3) when the game drew it. The one who asks is seated; every other person
is OFFERED their old seat and must accept it (home page); bots stay bots. Only games outside a
campaign's scenarios get one: replaying a scenario outside its campaign would be a game the
campaign never hears of, so a scenario game offers the campaign's next step instead.

A game has at most one rematch (`Match.rematch_of`, unique): asking twice, or both players
asking at once, leads to that same match.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.models import Campaign
from campaign.state import AFTER_CAMPAIGN, FINISHED, PLAYING, missing_choices
from common.ratelimit import rate_limit
from play import services
from play.creation import create_rematch, may_rematch, rematch_of
from play.models import Match
from play.services import MatchError

# -- rematch --------------------------------------------------------------------------------------


def original_of(match: Match) -> Match | None:
    """Return the match this one is the rematch of, or None."""
    return match.rematch_of


@login_required
@require_POST
@rate_limit("match-create")
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """Start (or find) the rematch of a finished game and go to it."""
    match = get_object_or_404(Match.objects.select_related("pack").with_seats(), pk=pk)
    if match.seat_of(request.user) is None:
        raise Http404("no seat in this match")
    try:
        new = create_rematch(match, request.user)
    except MatchError as error:
        messages.error(request, str(error))
        return redirect(match)
    return redirect(new)


# -- the campaign's next scenario ----------------------------------------------------------------


def next_scenario(match: Match, user: Any) -> dict[str, Any] | None:
    """Return what the finished campaign match's page offers next, or None.

    `kind` is "continue" (the next scenario's match runs already), "play" (its match can start
    at once: `campaign` and `number` for the form), or "campaign" (`text` says what the campaign
    page needs first: open the envelope, make choices, the after-campaign upgrades).
    """
    if not match.is_over or not match.recorded or match.campaign_id is None:
        return None
    campaign = (Campaign.objects.for_user(user).select_related("pack")
                .filter(pk=match.campaign_id).first())
    if campaign is None:
        return None
    running = services.active_campaign_match(campaign)
    if running is not None and running.pk != match.pk:
        return {"kind": "continue", "match": running, "number": running.scenario}
    try:
        number = services.open_scenario(campaign)
    except MatchError:
        return {"kind": "campaign", "url": campaign.get_absolute_url(),
                "text": _campaign_needs(campaign)}
    if campaign.seat_of(user) is None:
        return {"kind": "campaign", "url": campaign.get_absolute_url(),
                "text": _("A player of the campaign can start scenario %(n)s.") % {"n": number}}
    bot = next((s.bot for s in match.seat_list if s.bot), services.DEFAULT_BOT)
    return {"kind": "play", "number": number, "campaign": campaign,
            "url": reverse("play:campaign", args=[campaign.pk]),
            "bot_field": f"c{campaign.pk}-bot", "bot": bot}


def _campaign_needs(campaign: Campaign) -> str:
    """Return, in words, what the campaign page must do before the next game can start."""
    state, content = campaign.current_state, campaign.content
    if state.phase == PLAYING and missing_choices(content, state):
        return _("Scenario %(n)s is open: the first player makes its choices on the campaign "
                 "page, then its game can start.") % {"n": state.scenario}
    if state.phase == PLAYING and state.scenario < content.scenario_count:
        return _("Open the envelope of scenario %(n)s on the campaign page to play it.") % {
            "n": state.scenario + 1}
    if state.phase == AFTER_CAMPAIGN:
        return _("Every scenario is played: the after-campaign upgrades are made on the "
                 "campaign page.")
    if state.phase == FINISHED:
        return _("The campaign is finished: its deck can now be played as a standard game.")
    return _("See the campaign page for its next step.")


# -- what the game-over panel shows ---------------------------------------------------------------


def game_over_panel(match: Match, user: Any) -> dict[str, Any]:
    """Return the links and buttons around a match's board: replay, spectators, rematch, next."""
    seated = match.seat_of(user) is not None
    panel: dict[str, Any] = {
        "replay_url": reverse("play:replay", args=[match.pk]),
        "spectator_url": (reverse("play:spectate", args=[match.pk])
                          if match.campaign_id is not None and not match.is_over else ""),
        "seated": seated,
    }
    panel["original"] = original_of(match)
    if not match.is_over:
        return panel
    panel["rematch"] = rematch_of(match) if match.campaign_id is None else None
    panel["may_rematch"] = may_rematch(match, user)
    panel["next"] = next_scenario(match, user) if seated else None
    return panel
