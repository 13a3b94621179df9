"""The campaign's deck downloads (json, csv, pdf, tts): members only, spoilers stay shut.

The export itself is ``cards.export.views.deck_download`` (async: a PDF is made in a worker
thread, not on the event loop); this module only says whose deck it is and who may have it.
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from campaign.deck import campaign_deck
from campaign.models import Campaign
from cards.export.deck import Deck
from cards.export.views import deck_download


@login_required
async def export_deck(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Download the campaign's deck as it stands (finished: the post-campaign deck, L26)."""
    user = await request.auser()
    return await deck_download(request, fmt, lambda: _deck_of(user, pk))


def _deck_of(user: object, pk: int) -> Deck:
    """Return the deck of a campaign ``user`` sits in or created; 404 for anyone else."""
    queryset = Campaign.objects.visible_to(user).active().select_related("pack")
    return campaign_deck(get_object_or_404(queryset, pk=pk))
