"""The card browser and the owners' own-pack editor.

Spoiler safety (issue 5): pages show a legacy pack through `visible_content`. The envelopes that
are open come from a campaign context (`?campaign=<id>`, a campaign the visitor takes part in that
uses this pack) or, for the owner of their own copy, from the envelopes they opened in the editor.
Without either, sticker sheets, scenarios, VP cards and post-campaign cards are not shown at all.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotModified,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from cards import box, jsoninput, usage
from cards.envelopes import MAX_SCENARIO
from cards.forms import (
    CardFilterForm,
    ImportPackForm,
    NewPackForm,
    PackEditForm,
    RemoveForm,
    ScenarioForm,
    StickerSheetForm,
    sealed_scenario,
)
from cards.language import active_language, pack_text
from cards.models import CardDesign, ContentPack, StalePack
from cards.render import (
    DECK_KINDS,
    SIZES,
    back_cache_key,
    back_png,
    face_cache_key,
    face_of,
    face_png,
)
from cards.render.face import LANGS, UPGRADABLE_ROLES
from cards.text import abilities_text
from cards.visibility import VisibleContent, visible_content
from common.params import parse_id
from common.ratelimit import rate_limit
from play.engine import StickerRef


@dataclass(frozen=True)
class Envelopes:
    """Which envelopes are open for this page, and why (for the notice on the page)."""

    opened: list[int]
    post_campaign: bool
    campaign: object | None = None

    @property
    def query(self) -> str:
        """Return the query string that keeps the campaign context on links."""
        return f"?campaign={self.campaign.pk}" if self.campaign is not None else ""


def usable_pack(request: HttpRequest, pk: int) -> ContentPack:
    """Return a pack the visitor may see (builtin or their own), else 404."""
    return get_object_or_404(ContentPack.objects.usable_by(request.user), pk=pk)


def own_pack(request: HttpRequest, pk: int) -> ContentPack:
    """Return a pack the logged-in visitor owns; anyone else gets 404, not 403."""
    return get_object_or_404(ContentPack.objects.owned_by(request.user), pk=pk)


def visitor_envelopes(request: HttpRequest, pack: ContentPack) -> Envelopes:
    """Return the open envelopes: from `?campaign=`, else the owner's reveals, else none."""
    campaign = _campaign_context(request, pack)
    if campaign is not None:
        state = campaign.current_state
        post = state.post_campaign_added or state.phase in ("after_campaign", "finished")
        return Envelopes(list(range(1, state.scenario + 1)), post, campaign)
    if pack.is_owned_by(request.user):
        return Envelopes(list(pack.revealed_range), pack.post_campaign_revealed)
    return Envelopes([], False)


def _campaign_context(request: HttpRequest, pack: ContentPack) -> object | None:
    """Return the campaign named in the query if the visitor plays it with this pack."""
    campaign_id = parse_id(request.GET.get("campaign", ""))
    if campaign_id is None:
        return None
    return usage.visitor_campaign(request.user, campaign_id, pack)


def _rebuild_campaigns(pack: ContentPack) -> None:
    """Refresh the cached state of the campaigns played with an edited pack (VP, texts...)."""
    usage.pack_edited(pack)


def visible(request: HttpRequest, pack: ContentPack) -> tuple[VisibleContent, Envelopes]:
    envelopes = visitor_envelopes(request, pack)
    shown = visible_content(pack, envelopes.opened, post_campaign=envelopes.post_campaign)
    return shown, envelopes


def visible_design(shown: VisibleContent, slug: str) -> CardDesign:
    """Return a shown card design (post-campaign ones included); a sealed card is a 404 too."""
    design = (shown.designs.filter(slug=slug).first()
              or shown.post_campaign.filter(slug=slug).first())
    if design is None:
        raise Http404(_("No such card."))
    return design


def pack_list(request: HttpRequest) -> HttpResponse:
    """List the builtin packs and the visitor's own packs."""
    packs = ContentPack.objects.usable_by(request.user).select_related("based_on")
    builtin = [p for p in packs if p.is_builtin]
    own = [p for p in packs if not p.is_builtin]
    return render(request, "cards/pack_list.html", {"builtin": builtin, "own": own})


def pack_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a pack's visible cards with filters, and its opened envelopes."""
    pack = usable_pack(request, pk)
    shown, envelopes = visible(request, pack)
    factions = pack.faction_names()
    form = CardFilterForm(request.GET or None, factions=factions)
    designs = form.apply(list(shown.designs))
    context = {
        "pack": pack, "form": form, "factions": factions, "envelopes": envelopes,
        "cards": [(d, d.ability_lines(factions)) for d in designs],
        "sheets": [(s, [(st, st.ability_lines(factions)) for st in s.stickers.all()])
                   for s in shown.sticker_sheets],
        "scenarios": shown.scenarios, "vp_cards": shown.vp_cards,
        "post_campaign": [(d, d.ability_lines(factions)) for d in shown.post_campaign],
        "is_owner": pack.is_owned_by(request.user),
        "can_reveal": pack.is_legacy and not (pack.revealed_scenarios >= MAX_SCENARIO
                                              and pack.post_campaign_revealed),
        "missing": _still_missing(pack) if pack.is_draft and pack.is_owned_by(request.user)
        else [],
    }
    return render(request, "cards/pack_detail.html", context)


def _still_missing(pack: ContentPack) -> list[str]:
    """Return what a draft still lacks, in words; sealed envelopes are only named by number."""
    lines: list[str] = []
    for problem in box.whole_pack_problems(pack):
        sealed = sealed_scenario(pack, problem.path or problem.message)
        line = (_("Something inside envelope %(n)s, which you have not opened yet.") % {"n": sealed}
                if sealed is not None else _short_problem(pack, problem))
        if line not in lines:
            lines.append(line)
    return lines


def _short_problem(pack: ContentPack, problem: object) -> str:
    from cards.forms import short_problem

    return short_problem(problem, pack.data)


def card_detail(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Draw one card design; a card of a closed envelope is a 404, like a missing one."""
    pack = usable_pack(request, pk)
    shown, envelopes = visible(request, pack)
    design = visible_design(shown, slug)
    factions = pack.faction_names()
    return render(request, "cards/card_detail.html", {
        "pack": pack, "design": design, "lines": design.ability_lines(factions),
        "factions": factions, "envelopes": envelopes, "is_owner": pack.is_owned_by(request.user),
    })


@login_required
@require_POST
@rate_limit("pack-copy")
def copy_pack(request: HttpRequest, pk: int) -> HttpResponse:
    """Make the visitor their own editable copy of a pack."""
    pack = usable_pack(request, pk)
    copy = pack.copy_for(request.user)
    messages.success(request, _("Your own copy is ready. Only you can see and edit it."))
    return redirect("cards:pack", pk=copy.pk)


@login_required
@require_POST
@rate_limit("pack-edit")
def reveal_envelope(request: HttpRequest, pk: int) -> HttpResponse:
    """Open the owner's next envelope in the editor (scenarios in order, then post-campaign)."""
    pack = own_pack(request, pk)
    seen = parse_id(request.POST.get("opened", ""))
    if seen is None:
        return HttpResponseBadRequest(_("The form was incomplete; please reload the page."))
    if not pack.reveal_next(seen):
        return render(request, "cards/stale.html", {"pack": pack}, status=409)
    if pack.post_campaign_revealed:
        messages.success(request, _("The post-campaign pack is open."))
    else:
        messages.success(request, _("Envelope %(n)s is open.") % {"n": pack.revealed_scenarios})
    return redirect("cards:pack", pk=pack.pk)


def save_or_render(request: HttpRequest, form: PackEditForm,
                    template: str, context: dict, *, next_url: str = "") -> HttpResponse:
    """Save a valid editor form's pack data and go back to the pack; else show the errors.

    A finished set's breaking change is staged (checked with the others at "Apply"). A save
    against a set that changed meanwhile answers 409 with the form filled again with what was
    typed, checked against the set as it is now, and what changed meanwhile (issue 19).
    """
    if request.method == "POST" and form.is_valid() and form.new_data is not None:
        try:
            _store(request, form)
        except StalePack:
            return _stale_form(request, form, template, context)
        except ValueError as error:  # a campaign moved on since the form was checked
            form.add_error(None, str(error))
        else:
            return redirect(next_url or form.pack.get_absolute_url())
    status = 400 if request.method == "POST" else 200
    return render(request, template, {**context, "form": form, "pack": form.pack}, status=status)


def _store(request: HttpRequest, form: PackEditForm) -> None:
    """Keep a valid form's new set: staged, or saved with the campaigns that use it refreshed."""
    pack, checksum = form.pack, form.cleaned_data["checksum"]
    if form.staged:
        pack.stage(form.new_data, checksum)
        messages.success(request, _("Staged: this change waits with the others until you apply "
                                    "them together."))
        return
    was_draft = pack.is_draft
    with transaction.atomic():
        pack.replace_data(form.new_data, checksum, draft=getattr(form, "draft", False))
        _rebuild_campaigns(pack)
    messages.success(request, _("Saved."))
    if was_draft and not pack.is_draft:
        messages.success(request, _("Your set is complete: you can now play it."))


def _stale_form(request: HttpRequest, form: PackEditForm, template: str,
                context: dict) -> HttpResponse:
    """Answer 409: the form again with what was typed, against the set as it is now."""
    from cards.checksums import pack_checksum
    from cards.diff import pack_diff

    fresh = ContentPack.objects.get(pk=form.pack.pk)
    typed_against = form.data.get("checksum", "")
    changes = []
    if fresh.undo_data is not None and pack_checksum(fresh.undo_data) == typed_against:
        changes = [str(c) for c in pack_diff(fresh.undo_data, fresh.working_data)]
    data = form.data.copy()
    data["checksum"] = fresh.working_checksum
    form = form.rebound(data, fresh)
    form.is_valid()  # show now what no longer fits the set as it is
    return render(request, template, {**context, "form": form, "pack": fresh,
                                      "stale_changes": changes, "stale": True}, status=409)


def _confirm_or_remove(request: HttpRequest, pack: ContentPack, title: str,
                       remove: Callable[[dict], None]) -> HttpResponse:
    """Ask first (GET); remove on the confirming POST (issue 19: never one click)."""
    if request.method != "POST":
        return render(request, "cards/owners/confirm_remove.html", {"pack": pack, "title": title})
    form = RemoveForm(request.POST, pack=pack, remove=remove)
    return save_or_render(request, form, "cards/remove.html", {"title": title})


def _without(section: str, key: str, value: object) -> Callable[[dict], None]:
    def remove(data: dict) -> None:
        data[section] = [item for item in data.get(section, []) if item.get(key) != value]
    return remove


@login_required
@rate_limit("pack-edit")
def remove_card(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Ask, then remove a card design (one the owner can see) from their own pack."""
    pack = own_pack(request, pk)
    shown, _envelopes_open = visible(request, pack)
    design = visible_design(shown, slug)
    return _confirm_or_remove(request, pack, _("Remove %(name)s") % {"name": design.name},
                              _without("cards", "id", slug))


@login_required
@rate_limit("pack-edit")
def remove_sheet(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Ask, then remove a sticker sheet of an opened envelope."""
    pack = own_pack(request, pk)
    sheets = pack.working_data.get("sticker_sheets", [])
    index = opened_index(pack, sheets, "id", slug)
    title = _("Remove the sheet “%(name)s”") % {"name": pack_text(sheets[index].get("name"))}
    return _confirm_or_remove(request, pack, title, _without("sticker_sheets", "id", slug))


@login_required
@rate_limit("pack-edit")
def remove_vp_card(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Ask, then remove a VP card of an opened scenario (not its winner card, L21)."""
    pack = own_pack(request, pk)
    index = opened_index(pack, pack.working_data.get("vp_cards", []), "id", slug)
    vp = pack.working_data["vp_cards"][index]

    def remove(data: dict) -> None:
        _without("vp_cards", "id", slug)(data)
        for scenario in data.get("scenarios", []):
            if slug in scenario.get("vp_cards", []):
                scenario["vp_cards"].remove(slug)

    title = _("Remove the VP card “%(name)s”") % {"name": pack_text(vp.get("name"))}
    return _confirm_or_remove(request, pack, title, remove)


@login_required
@rate_limit("pack-copy")
def new_pack(request: HttpRequest) -> HttpResponse:
    """Start an own pack: an empty box (a draft until complete) or a copy of a shipped set."""
    form = NewPackForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if data["start"] == "copy":
            pack = data["source"].copy_for(request.user)
            header = dict(pack.data["pack"], name={"en": data["name_en"], "ru": data["name_ru"]})
            pack.replace_data({**pack.data, "pack": header})
        else:
            pack = box.create_pack(request.user, box.skeleton(data["kind"], data["name_en"],
                                                              data["name_ru"]), draft=True)
        messages.success(request, _("Your set is ready. Only you can see and edit it."))
        return redirect("cards:pack", pk=pack.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "cards/new_pack.html",
                  {"form": form, "import_form": ImportPackForm()}, status=status)


@login_required
@rate_limit("pack-import")
def import_pack(request: HttpRequest) -> HttpResponse:
    """Upload a pack file as a new own pack (validated first; nothing is stored if it fails)."""
    form = ImportPackForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        pack = box.create_pack(request.user, form.data_value, draft=False)
        messages.success(request, _("The set “%(name)s” is imported. Only you can see and edit "
                                    "it.") % {"name": pack.name})
        return redirect("cards:pack", pk=pack.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "cards/new_pack.html",
                  {"form": NewPackForm(), "import_form": form}, status=status)


def format_guide(request: HttpRequest) -> HttpResponse:
    """Show the guide to entering a box and to the set format, in the page's language."""
    return render(request, "cards/guide.html", {})


@login_required
@require_safe
def download_pack(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the owner's whole pack file (every envelope included), to keep or import."""
    pack = own_pack(request, pk)
    from cards.checksums import canonical_json

    response = HttpResponse(canonical_json(pack.data).encode("utf-8"),
                            content_type="application/json; charset=utf-8")
    # Not the name of Export → JSON (`<slug>.json`, only what is visible): this is the whole
    # set with every envelope, a different file (issue 19).
    response["Content-Disposition"] = f'attachment; filename="{pack.slug}-whole-set.json"'
    return response


@login_required
@rate_limit("pack-edit")
def edit_sheet(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Edit a sticker sheet of the owner's pack, once its envelope is open."""
    pack = own_pack(request, pk)
    index = opened_index(pack, pack.data.get("sticker_sheets", []), "id", slug)
    sheet = pack.data["sticker_sheets"][index]
    form = StickerSheetForm(request.POST or None, pack=pack, index=index)
    return save_or_render(request, form, "cards/edit_json.html",
                          {"title": _("Sticker sheet “%(name)s”") % {
                              "name": pack_text(sheet.get("name"))}})


@login_required
@rate_limit("pack-edit")
def edit_scenario(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Edit a scenario card and its VP cards, once its envelope is open."""
    pack = own_pack(request, pk)
    index = opened_index(pack, pack.data.get("scenarios", []), "number", number)
    form = ScenarioForm(request.POST or None, pack=pack, index=index)
    return save_or_render(request, form, "cards/edit_json.html",
                          {"title": _("Scenario %(n)s") % {"n": number}})


def index_of(items: list[dict], key: str, value: object) -> int:
    """Return the position of the entry whose `key` equals `value`, else 404."""
    for index, item in enumerate(items):
        if item.get(key) == value:
            return index
    raise Http404(_("Not found."))


def opened_index(pack: ContentPack, items: list[dict], key: str, value: object) -> int:
    """Return the position of a sheet, VP card or scenario of an opened envelope, else 404.

    A sealed envelope's entries answer exactly like missing ones (L2: nobody may learn what
    an unopened envelope holds, not even that an entry exists)."""
    index = index_of(items, key, value)
    entry = items[index]
    envelope = entry.get("scenario") if "scenario" in entry else entry.get("number")
    if envelope not in pack.revealed_range:
        raise Http404(_("Not found."))
    return index


@login_required
@require_POST
def preview_abilities(request: HttpRequest, pk: int) -> HttpResponse:
    """Render the card text of the abilities JSON being typed (htmx helper of the editor)."""
    pack = own_pack(request, pk)
    try:
        abilities = jsoninput.loads(request.POST.get("abilities", ""),
                                    max_values=jsoninput.MAX_FIELD_VALUES)
    except jsoninput.JSONInputError as exc:
        lines, error = [], str(exc)
    else:
        lines, error = abilities_text(abilities, factions=pack.faction_names()), ""
    return render(request, "cards/_abilities_preview.html", {"lines": lines, "error": error})



# -- Card images (issue 8): faces and backs drawn by cards.render, cached on disk ----------------

POSITIVE_INT = re.compile(r"[1-9][0-9]{0,8}")
PUBLIC_MAX_AGE = 3600


class BadImageQuery(ValueError):
    """A card image's query string holds a value that is not allowed."""


def _image_lang_size(request: HttpRequest) -> tuple[str, str]:
    """Return (lang, size) from the query; lang defaults to the page's language."""
    lang = request.GET.get("lang", active_language())
    size = request.GET.get("size", "web")
    if lang not in LANGS:
        raise BadImageQuery(_("Unknown language."))
    if size not in SIZES:
        raise BadImageQuery(_("Unknown image size."))
    return lang, size


def _positive_query(request: HttpRequest, name: str) -> int | None:
    """Return a positive whole number from the query (ASCII digits only), or None if absent."""
    raw = request.GET.get(name)
    if raw is None:
        return None
    if not POSITIVE_INT.fullmatch(raw):
        raise BadImageQuery(_("Bad value for %(name)s.") % {"name": name})
    return int(raw)


def _image_response(request: HttpRequest, key: str, draw: Callable[[], Path], *,
                    public: bool) -> HttpResponse:
    """Answer with the cached PNG (drawn on first use), its ETag, and 304 when it is current."""
    etag = f'"{key}"'
    seen = parse_etags(request.headers.get("If-None-Match", ""))
    response = (HttpResponseNotModified() if etag in seen or "*" in seen
                else HttpResponse(draw().read_bytes(), content_type="image/png"))
    response["ETag"] = etag
    response["Cache-Control"] = (f"public, max-age={PUBLIC_MAX_AGE}" if public
                                 else "private, no-cache")
    if "lang" not in request.GET:
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


MAX_SHEET_ID = 100  # the longest sheet id a pack may hold (the slug column)


def _sticker_for(shown: VisibleContent, design: CardDesign, sticker_id: str) -> None:
    """404 unless the sticker's sheet is open to the visitor and the sticker fits the card (L13)."""
    try:
        ref = StickerRef.parse(sticker_id)
    except ValueError:
        ref = None
    if ref is None or len(ref.sheet_id) > MAX_SHEET_ID or "\x00" in ref.sheet_id:
        raise BadImageQuery(_("Bad sticker."))
    if (not shown.sticker_sheets.filter(slug=ref.sheet_id).exists()
            or design.role not in UPGRADABLE_ROLES or ref.kind != design.type
            or ref.cost != design.cost):
        raise Http404(_("No such sticker."))


def _faces_of_match(request: HttpRequest, pack: ContentPack) -> set[tuple[str, str | None]]:
    """Return the faces of the game named by `?match=` that the visitor plays with this pack."""
    raw = request.GET.get("match")
    if raw is None:
        return set()
    match_id = parse_id(raw)
    if match_id is None:
        raise BadImageQuery(_("Bad value for %(name)s.") % {"name": "match"})
    if not request.user.is_authenticated:
        return set()
    return usage.match_faces(request.user, match_id, pack)


@require_safe
def face_image(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Serve a card face PNG; a card or sticker of a closed envelope is a 404 (spoilers)."""
    pack = usable_pack(request, pk)
    if "\x00" in slug:  # no id holds a NUL, and PostgreSQL refuses one in a query
        raise Http404(_("No such card."))
    try:
        lang, size = _image_lang_size(request)
        copy_number = _positive_query(request, "copy")
        _positive_query(request, "campaign")  # read again by _campaign_context below
        sticker_id = request.GET.get("sticker")
        shown, envelopes = visible(request, pack)
        if (slug, sticker_id) not in _faces_of_match(request, pack):
            design = visible_design(shown, slug)
            if copy_number is not None and copy_number > design.quantity:
                raise Http404(_("No such copy."))
            if sticker_id is not None:
                _sticker_for(shown, design, sticker_id)
    except BadImageQuery as error:
        return HttpResponseBadRequest(str(error))
    try:
        face = face_of(pack.data, slug, sticker_id=sticker_id, copy_number=copy_number)
    except KeyError as error:
        raise Http404(_("No such card.")) from error
    public = (pack.is_builtin and envelopes.campaign is None and "campaign" not in request.GET
              and "match" not in request.GET and sticker_id is None)
    return _image_response(request, face_cache_key(face, lang, size),
                           lambda: face_png(face, lang, size), public=public)


@require_safe
def back_image(request: HttpRequest, kind: str) -> HttpResponse:
    """Serve the back of a trade-deck or personal-deck card."""
    if kind not in DECK_KINDS:
        raise Http404(_("No such card back."))
    try:
        lang, size = _image_lang_size(request)
    except BadImageQuery as error:
        return HttpResponseBadRequest(str(error))
    return _image_response(request, back_cache_key(kind, lang, size),
                           lambda: back_png(kind, lang, size), public=True)
