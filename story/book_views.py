"""The campaign book's download: read in the request, drawn in a worker thread (like the exports).

An async view: the ORM work runs through `sync_to_async` (short), the drawing in
`asyncio.to_thread`, so under ASGI a book being made never holds the event loop.
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaign.models import Campaign
from cards.language import active_language

if TYPE_CHECKING:
    from story import book as books


@login_required
async def book(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the campaign book (`?lang=en|ru`, `?paper=a4|letter`); members only."""
    from story import book as books  # on first use (fpdf2, matplotlib): story/plots.py

    lang = request.GET.get("lang") or active_language()
    paper = request.GET.get("paper") or "a4"
    if lang not in books.LANGS or paper not in books.PAPERS:
        return HttpResponseBadRequest(_("The book is made in English or Russian, on A4 or US "
                                        "Letter paper."))
    user = await request.auser()
    data = await sync_to_async(_load)(user, pk, lang, paper)
    content = await asyncio.to_thread(books.render, data, paper)
    response = HttpResponse(content, content_type="application/pdf")
    name = slugify(data.title, allow_unicode=True) or f"campaign-{pk}"
    response["Content-Disposition"] = content_disposition_header(
        True, f"{name}-{lang}-{paper}.pdf")
    response["Cache-Control"] = "private, no-store"
    return response


def _load(user: object, pk: int, lang: str, paper: str) -> books.BookData:
    """Return the book's data for a campaign `user` sits in or created; 404 for anyone else."""
    from story import book as books

    queryset = Campaign.objects.visible_to(user).active().select_related("pack")
    return books.load(get_object_or_404(queryset, pk=pk), lang, paper)
