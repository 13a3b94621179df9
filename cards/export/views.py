"""Export downloads (a pack's; the campaign's view reuses ``deck_download``) and TTS images.

Exports are async views: the ORM work runs through ``sync_to_async`` (short), the drawing and
writing in a worker thread (``asyncio.to_thread``), so under ASGI a PDF being made never holds
the event loop, and other visitors' requests go on meanwhile. Faces come from the renderer's
disk cache, so a second export of the same deck draws nothing.
"""
from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

from asgiref.sync import sync_to_async
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
)
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _

from cards.export.deck import Deck, pack_deck
from cards.export.formats import FORMATS, ExportOptions, export
from cards.export.tts import IMAGE_NAME, image_path
from cards.language import active_language, pack_text
from cards.visibility import visible_data

IMAGE_CACHE = "public, max-age=31536000, immutable"  # the name is a hash of the content


def tts_images_url(site: str) -> str:
    """Return the absolute address under which ``tts_image`` serves sheets, for a site root."""
    marker = "0" * 64 + ".jpg"
    path = reverse("cards:tts_image", kwargs={"name": marker}).removesuffix(marker)
    return site.rstrip("/") + path


def options_from(request: HttpRequest, fmt: str) -> ExportOptions:
    """Read the export's options from the query string (language: the page's by default)."""
    lang = request.GET.get("lang") or active_language()
    return ExportOptions(
        format=fmt, lang=lang, paper=request.GET.get("paper") or "a4",
        backs=request.GET.get("backs") in ("1", "on", "true"),
        base_url=tts_images_url(request.build_absolute_uri("/")))


async def deck_download(request: HttpRequest, fmt: str,
                        load: Callable[[], Deck]) -> HttpResponse:
    """Load the deck with ``load`` (sync, may raise Http404), export it off the event loop."""
    if fmt not in FORMATS:
        raise Http404(_("No such export format."))
    options = options_from(request, fmt)
    if options.problem():
        return HttpResponseBadRequest(_("Unknown export option: %(problem)s")
                                      % {"problem": options.problem()})
    deck = await sync_to_async(load)()
    result = await asyncio.to_thread(export, deck, options)
    response = HttpResponse(result.content, content_type=result.content_type)
    name = slugify(pack_text(deck.title, options.lang), allow_unicode=True) or deck.stem
    extension = result.filename.rsplit(".", 1)[1]
    suffix = "-tts" if fmt == "tts" else ""
    response["Content-Disposition"] = content_disposition_header(
        True, f"{name}{suffix}.{extension}")
    response["Cache-Control"] = "private, no-store"
    return response


async def pack_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Download every card of a pack the visitor may see, in one format (spoilers stay shut)."""
    return await deck_download(request, fmt, lambda: _visible_pack_deck(request, pk))


def _visible_pack_deck(request: HttpRequest, pk: int) -> Deck:
    """Return the deck of what the visitor may see of the pack (the pack page's envelopes)."""
    from cards.views import usable_pack, visitor_envelopes  # the pack page's own permission rules

    pack = usable_pack(request, pk)
    envelopes = visitor_envelopes(request, pack)
    return pack_deck(visible_data(pack.data, envelopes.opened,
                                  post_campaign=envelopes.post_campaign))


def tts_image(request: HttpRequest, name: str) -> FileResponse:
    """Serve a TTS sheet or back to anyone holding its unguessable name (TTS sends no cookies)."""
    path = image_path(name)
    if not re.fullmatch(IMAGE_NAME, name) or not path.is_file():
        raise Http404(_("No such image."))
    response = FileResponse(path.open("rb"), content_type="image/jpeg")
    response["Cache-Control"] = IMAGE_CACHE
    response["ETag"] = f'"{name[:64]}"'
    return response
