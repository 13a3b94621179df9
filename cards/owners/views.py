"""The owner's pages for their own box (issue 19): cards as printed, pasted rows, sheets row by
row, scenario cards and VP cards through forms, staged changes, sharing and deleting a set.

Each page is a thin view over one form of this package; saving goes through the editor's one
path (`cards.views.save_or_render`): staged for a finished set, 409 with the form filled again.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards.models import ContentPack
from cards.owners.card_form import PrintedCardForm
from cards.owners.paste import PasteCardsForm, row_name
from cards.owners.preview import card_preview as preview_of
from cards.owners.scenario_form import ScenarioCardForm
from cards.owners.sheet_form import StickerRowsForm
from cards.owners.vp_form import TableVPCardForm
from cards.views import opened_index, own_pack, save_or_render, visible, visible_design
from common.ratelimit import rate_limit

ANOTHER = "another"


def _card_context(pack: ContentPack, design: object | None) -> dict[str, object]:
    return {"design": design, "preview_url": reverse("cards:owner_card_preview", args=[pack.pk])}


@login_required
@rate_limit("pack-edit")
def add_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a card typed as printed; "Save and add another" comes back here; ?from= clones."""
    pack = own_pack(request, pk)
    clone_of = None
    if request.GET.get("from"):
        clone_of = visible_design(visible(request, pack)[0], request.GET["from"])
    form = PrintedCardForm(request.POST or None, pack=pack, design=None, clone_of=clone_of,
                           factions=pack.faction_names(),
                           initial=_after_previous(request) if request.method == "GET" else None)
    next_url = ""
    if request.POST.get("next") == ANOTHER:
        keep = {k: request.POST.get(k, "") for k in ("type", "role")}
        keep["factions"] = ",".join(request.POST.getlist("factions"))
        from urllib.parse import urlencode

        next_url = reverse("cards:add_card", args=[pack.pk]) + "?" + urlencode(keep)
    return save_or_render(request, form, "cards/owners/card_form.html",
                          _card_context(pack, None), next_url=next_url)


def _after_previous(request: HttpRequest) -> dict[str, object] | None:
    """Return the type, role and factions of the card saved before "Save and add another"."""
    if "type" not in request.GET:
        return None
    initial: dict[str, object] = {k: request.GET[k] for k in ("type", "role")
                                  if request.GET.get(k)}
    initial["factions"] = [f for f in request.GET.get("factions", "").split(",") if f]
    initial.update({"quantity": 1, "abilities": [], "abilities_from": "printed"})
    return initial


@login_required
@rate_limit("pack-edit")
def edit_card(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Edit a card of the owner's set, with its printed text."""
    pack = own_pack(request, pk)
    design = visible_design(visible(request, pack)[0], slug)
    form = PrintedCardForm(request.POST or None, pack=pack, design=design,
                           factions=pack.faction_names())
    return save_or_render(request, form, "cards/owners/card_form.html",
                          _card_context(pack, design))


@login_required
@require_POST
def card_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Redraw the card face from the form's fields and show how its text was read (htmx)."""
    pack = own_pack(request, pk)
    return render(request, "cards/owners/_card_preview.html",
                  {"preview": preview_of(request.POST, pack.working_data)})


@login_required
@rate_limit("pack-edit")
def paste_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Paste spreadsheet rows (or upload a CSV): preview each row, then save them all."""
    pack = own_pack(request, pk)
    form = PasteCardsForm(request.POST or None, request.FILES or None, pack=pack)
    saving = request.POST.get("save") == "1"
    if request.method == "POST" and not saving:
        form.is_valid()
        status = 200 if form.new_data is not None else 400
        return render(request, "cards/owners/paste.html",
                      {"form": form, "pack": pack, "checked": True, "row_name": row_name,
                       "ready": form.new_data is not None, "rows_text": form.cleaned_data.get(
                           "rows", request.POST.get("rows", ""))}, status=status)
    return save_or_render(request, form, "cards/owners/paste.html",
                          {"checked": saving, "rows_text": request.POST.get("rows", "")})


@login_required
@rate_limit("pack-edit")
def add_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a sticker sheet of an opened envelope, row by row, each sticker as printed."""
    pack = own_pack(request, pk)
    if not pack.is_legacy:
        raise Http404(_("Only a legacy campaign has sticker sheets."))
    if not pack.revealed_scenarios:
        messages.info(request, _("Open envelope 1 first: sticker sheets come in envelopes 1 to 4."))
        return redirect("cards:pack", pk=pack.pk)
    form = StickerRowsForm(request.POST or None, pack=pack)
    return save_or_render(request, form, "cards/owners/sheet_form.html", {"sheet": None})


@login_required
@rate_limit("pack-edit")
def edit_sheet(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Edit a sticker sheet row by row, once its envelope is open."""
    pack = own_pack(request, pk)
    index = opened_index(pack, pack.working_data.get("sticker_sheets", []), "id", slug)
    form = StickerRowsForm(request.POST or None, pack=pack, index=index)
    return save_or_render(request, form, "cards/owners/sheet_form.html", {"sheet": slug})


@login_required
@rate_limit("pack-edit")
def scenario_card(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Type in an opened scenario card: the common rule shapes, a choice, free text."""
    pack = own_pack(request, pk)
    index = opened_index(pack, pack.working_data.get("scenarios", []), "number", number)
    form = ScenarioCardForm(request.POST or None, pack=pack, index=index)
    vp_cards = [v for v in pack.working_data.get("vp_cards", []) if v.get("scenario") == number]
    return save_or_render(request, form, "cards/owners/scenario_form.html",
                          {"number": number, "vp_cards": vp_cards})


@login_required
@rate_limit("pack-edit")
def add_vp_card(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Add a VP card to an opened scenario: by a counter, or by its text at the table."""
    pack = own_pack(request, pk)
    if number not in pack.revealed_range:
        raise Http404(_("No such scenario."))
    form = TableVPCardForm(request.POST or None, pack=pack, number=number)
    return save_or_render(request, form, "cards/vp_form.html", {"number": number},
                          next_url=reverse("cards:scenario_text", args=[pack.pk, number]))


def shared_pack(token: str) -> ContentPack:
    """Return the set a share link points to (a 404 for an unknown or withdrawn link)."""
    if not token:
        raise Http404(_("No such link."))
    return get_object_or_404(ContentPack, share_token=token, owner__isnull=False)
