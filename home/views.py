"""Site-wide pages that belong to no single app: the home page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.models import Campaign
from play.match_list import home_matches
from play.models import Match

HOME_LIST_LIMIT = 20


def home(request: HttpRequest) -> HttpResponse:
    """Show visitors what Starledger is; show players their campaigns and matches."""
    context: dict[str, list] = {}
    if request.user.is_authenticated:
        context["campaigns"] = list(Campaign.objects.for_user(request.user)[:HOME_LIST_LIMIT])
        context["matches"] = home_matches(request.user, HOME_LIST_LIMIT)
        offers = (Match.objects.offered_to(request.user).defer("setup", "state", "snapshot")
                  .with_seats())
        context["match_offers"] = [
            (match, seat) for match in offers[:HOME_LIST_LIMIT]
            for seat in match.seat_list if seat.offered_to_id == request.user.pk and seat.is_open]
    return render(request, "home.html", context)
