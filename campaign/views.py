"""Campaign pages. Thin: load and authorize, call one model method, render.

Only the campaign's seats and its creator can see a campaign; everyone else gets 404 (not 403,
which would confirm it exists). Every change carries the version it was made against; a stale one
gets the 409 page.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign import presenters
from campaign.backup import BackupError, dumps, export_campaign, import_campaign
from campaign.forms import (
    AfterCampaignUpgradeForm,
    CampaignCreateForm,
    ChoiceForm,
    ImportForm,
    RecordGameForm,
    VersionForm,
    WishForm,
)
from campaign.models import Campaign, Seat, StaleVersion
from campaign.owners_sets import envelope_refusal, online_refusal
from campaign.signals import seat_joined
from campaign.state import (
    AFTER_CAMPAIGN,
    AFTER_CAMPAIGN_UPGRADE,
    CAMPAIGN_FINISHED,
    CHOICE_MADE,
    GAME_RECORDED,
    PLAYING,
    SCENARIO_OPENED,
    SETUP,
    EventRefused,
    missing_choices,
    next_after_campaign_side,
)
from cards.language import active_language
from cards.text import faction_names
from common.ratelimit import rate_limit

DECK_FILTERS = ("faction", "cost", "type", "upgraded", "by")


def _get_campaign_for_user(request: HttpRequest, pk: int) -> Campaign:
    """Return the live campaign if the user has a seat in it or created it; 404 otherwise."""
    queryset = Campaign.objects.visible_to(request.user).active().select_related("pack")
    return get_object_or_404(queryset, pk=pk)


def _stale(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    return render(request, "campaign/stale.html", {"campaign": campaign}, status=409)


def _submit(request: HttpRequest, campaign: Campaign, form: VersionForm,
            change: Callable[[int], Any]) -> HttpResponse | None:
    """Apply a valid form's change; return the response, or None to show the form's errors."""
    if not form.is_valid():
        return None
    try:
        change(form.cleaned_data["version"])
    except StaleVersion:
        return _stale(request, campaign)
    except EventRefused as error:
        form.add_error(None, str(error))
        return None
    return redirect(campaign)


def _event_button(request: HttpRequest, pk: int, kind: str, payload: Callable[[Campaign], dict]
                  ) -> HttpResponse:
    """Handle a one-button change (open a scenario, finish): refusals come back as a message."""
    campaign = _get_campaign_for_user(request, pk)
    form = VersionForm(request.POST, campaign=campaign)
    if not form.is_valid():
        messages.error(request, _("The form was incomplete; please try again."))
        return redirect(campaign)
    try:
        campaign.apply_event(kind, payload(campaign), request.user, form.cleaned_data["version"])
    except StaleVersion:
        return _stale(request, campaign)
    except EventRefused as error:
        messages.error(request, str(error))
    return redirect(campaign)


# -- list, create, import, join ------------------------------------------------------------------


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    """List the user's campaigns, and the recently deleted ones any member can restore."""
    return render(request, "campaign/list.html", {
        "campaigns": Campaign.objects.for_user(request.user),
        "deleted": Campaign.objects.visible_to(request.user).restorable().select_related("pack"),
        "restore_days": settings.CAMPAIGN_RESTORE_DAYS,
    })


@login_required
def create(request: HttpRequest) -> HttpResponse:
    """Start a campaign from a legacy pack with two seats."""
    form = CampaignCreateForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        campaign = Campaign.start(data["pack"], data["name"], request.user, form.seats())
        return redirect(campaign)
    return render(request, "campaign/create.html", {"form": form})


@login_required
@rate_limit("campaign-import")
def import_backup(request: HttpRequest) -> HttpResponse:
    """Import a backup file as a new campaign."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = import_campaign(form.cleaned_data["file"], request.user,
                                       form.cleaned_data["seat"] or "auto")
        except BackupError as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, _("The campaign was imported."))
            return redirect(campaign)
    return render(request, "campaign/import.html", {"form": form})


@login_required
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Take the open seat an invite link points to (anonymous visitors log in or sign up first)."""
    seat = get_object_or_404(Seat.objects.select_related("campaign"), invite_token=token,
                             campaign__deleted_at__isnull=True)
    campaign = seat.campaign
    if campaign.seat_of(request.user):
        return redirect(campaign)
    if not seat.is_open:
        raise Http404("seat taken")
    if request.method == "POST":
        if seat.join(request.user):
            seat_joined.send(sender=Seat, seat=seat)
        elif seat.user_id != request.user.pk:  # not a double click of this very user
            raise Http404("seat taken")  # someone else followed the link a moment earlier
        messages.success(request, _("You joined the campaign."))
        return redirect(campaign)
    return render(request, "campaign/join.html", {"campaign": campaign, "seat": seat})


# -- the dashboard --------------------------------------------------------------------------------


@login_required
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the campaign at a glance, with the form for the next step."""
    campaign = _get_campaign_for_user(request, pk)
    return render(request, "campaign/dashboard.html", _dashboard_context(request, campaign))


def _dashboard_context(request: HttpRequest, campaign: Campaign) -> dict[str, Any]:
    content, state = campaign.content, campaign.current_state
    return {
        "campaign": campaign, "state": state, "sides": presenters.side_rows(campaign),
        "seats_picked": [(seat, str(seat.index) in state.wishes) for seat in campaign.seats.all()],
        "scenario_count": content.scenario_count,
        "first_next": presenters.side_name(content, state.next_first_player()),
        "next_step": presenters.next_step(content, state),
        "envelope": presenters.envelope(content, state, state.scenario) if state.scenario else None,
        "winner": presenters.side_name(content, state.campaign_winner),
        "invite_seats": [s for s in campaign.seats.all() if s.is_open],
        "opened_scenarios": [(number, presenters.side_name(content, (p["result"] or {}).get("winner")))
                             for number, p in state.scenarios.items()],
        "forms": _next_step_forms(request, campaign),
        "can_delete": campaign.can_delete(request.user),
        "can_leave": campaign.can_leave(request.user),
        "restore_days": settings.CAMPAIGN_RESTORE_DAYS,
        **_deck_context(request, campaign),
    }


def _next_step_forms(request: HttpRequest, campaign: Campaign) -> dict[str, Any]:
    content, state = campaign.content, campaign.current_state
    forms: dict[str, Any] = {}
    if state.phase == SETUP:
        forms["wish"] = WishForm(campaign=campaign, seats=_seats_user_speaks_for(request, campaign))
    if state.phase == PLAYING:
        forms["choices"] = [ChoiceForm(campaign=campaign, choice=c)
                            for c in missing_choices(content, state)]
        forms["can_open"] = state.scenario == 0 or state.scenario_finished(state.scenario)
        forms["can_record"] = not forms["can_open"] and not forms["choices"]
        if forms["can_open"] and state.scenario < content.scenario_count:
            forms["envelope_missing"] = envelope_refusal(campaign, state.scenario + 1)
        if forms["can_record"]:
            forms["online_refusal"] = online_refusal(campaign)
    if state.phase == AFTER_CAMPAIGN:
        side = next_after_campaign_side(content, state)
        if side:
            forms["after"] = AfterCampaignUpgradeForm(campaign=campaign, side=side)
            forms["after_side"] = presenters.side_name(content, side)
        forms["can_finish"] = side is None
    forms["version"] = VersionForm(campaign=campaign)
    return forms


def _seats_user_speaks_for(request: HttpRequest, campaign: Campaign) -> list[Seat]:
    """Return the user's own seat plus name-only seats (someone keeping score for a friend)."""
    return [s for s in campaign.seats.all() if s.user_id in (None, request.user.pk)]


def _deck_context(request: HttpRequest, campaign: Campaign) -> dict[str, Any]:
    content = campaign.content
    filters = {key: request.GET.get(key, "") for key in DECK_FILTERS}
    ids = sorted({f for c in content.trade_copies for f in content.card_of_copy(c)["factions"]})
    names = faction_names(content.data, active_language())
    return {
        "deck": presenters.deck_rows(content, campaign.current_state, filters),
        "deck_filters": filters,
        "deck_factions": [(f, names.get(f, f)) for f in ids],
        "deck_costs": sorted({content.card_of_copy(c)["cost"] for c in content.trade_copies}),
        "side_choices": [(s, presenters.side_name(content, s)) for s in content.side_ids],
    }


@login_required
def deck(request: HttpRequest, pk: int) -> HttpResponse:
    """Return the filtered trade deck (a fragment for htmx, or the whole dashboard)."""
    campaign = _get_campaign_for_user(request, pk)
    if getattr(request, "htmx", False):
        context = {"campaign": campaign, **_deck_context(request, campaign)}
        return render(request, "campaign/_deck.html", context)
    return render(request, "campaign/dashboard.html", _dashboard_context(request, campaign))


@login_required
def poll(request: HttpRequest, pk: int) -> HttpResponse:
    """Tell an open dashboard to reload when someone else changed the campaign (htmx polling)."""
    campaign = _get_campaign_for_user(request, pk)
    if request.GET.get("version") == str(campaign.version):
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response


@login_required
def scenario(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Show an OPENED scenario's envelope; a later one is 404 (spoiler safety, L4)."""
    campaign = _get_campaign_for_user(request, pk)
    shown = presenters.envelope(campaign.content, campaign.current_state, number)
    if shown is None:
        raise Http404("scenario not opened")
    return render(request, "campaign/scenario.html", {"campaign": campaign, "envelope": shown})


# -- changes -------------------------------------------------------------------------------------


@login_required
@require_POST
def wish(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a seat's wished side (L2)."""
    campaign = _get_campaign_for_user(request, pk)
    form = WishForm(request.POST, campaign=campaign, seats=_seats_user_speaks_for(request, campaign))
    response = _submit(request, campaign, form, lambda version: campaign.wish_side(
        form.cleaned_data["seat"], form.cleaned_data["side"], request.user, version))
    return response or _show_errors(request, campaign, form)


def _show_errors(request: HttpRequest, campaign: Campaign, form: Any) -> HttpResponse:
    """Show the errors of a form that lives on the dashboard as messages there."""
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect(campaign)


@login_required
@require_POST
def open_scenario(request: HttpRequest, pk: int) -> HttpResponse:
    """Open the next scenario's envelope (L1, L4), once the set holds it (checked now)."""
    campaign = _get_campaign_for_user(request, pk)
    problems = envelope_refusal(campaign, campaign.current_state.scenario + 1)
    if problems:
        for problem in problems:
            messages.error(request, problem)
        return redirect(campaign)
    return _event_button(request, pk, SCENARIO_OPENED,
                         lambda c: {"number": c.current_state.scenario + 1})


@login_required
@require_POST
def choose(request: HttpRequest, pk: int) -> HttpResponse:
    """Record the first player's choice (L6)."""
    campaign = _get_campaign_for_user(request, pk)
    choice_id = request.POST.get("choice", "")
    pending = {c["id"]: c for c in missing_choices(campaign.content, campaign.current_state)}
    if choice_id not in pending:
        messages.error(request, _("This choice is not open now."))
        return redirect(campaign)
    form = ChoiceForm(request.POST, campaign=campaign, choice=pending[choice_id])
    response = _submit(request, campaign, form, lambda version: campaign.apply_event(
        CHOICE_MADE, form.payload(), request.user, version))
    return response or _show_errors(request, campaign, form)


@login_required
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a game played at the table (winner, how, upgrades, VP cards).

    A form made against an older version (a second tab recorded first) gets the 409 page with
    everything that was typed, and the form filled in again against the new version when the
    game can still be recorded. "+ add an upgrade" without JavaScript posts ``add_row``: the form
    comes back with one more row and nothing is saved.
    """
    campaign = _get_campaign_for_user(request, pk)
    state = campaign.current_state
    if request.method == "POST" and _posted_version(request) not in (None, campaign.version):
        return _stale_record(request, campaign)
    if not _can_record(state):
        messages.error(request, _("Open the next scenario first."))
        return redirect(campaign)
    if request.method == "POST" and request.POST.get("add_row"):
        form = RecordGameForm(initial=request.POST.dict(), campaign=campaign)
    else:
        form = RecordGameForm(request.POST or None, campaign=campaign)
    if request.method == "POST" and form.is_bound:
        response = _submit(request, campaign, form, lambda version: campaign.apply_event(
            GAME_RECORDED, form.payload(), request.user, version))
        if response:
            if response.status_code == 409:
                return _stale_record(request, campaign)
            return response
    return render(request, "campaign/record.html", _record_context(campaign, form))


def _can_record(state: Any) -> bool:
    return state.phase == PLAYING and bool(state.scenario) and not state.scenario_finished(
        state.scenario)


def _posted_version(request: HttpRequest) -> int | None:
    """Return the posted form version, or None when it is missing or not a number."""
    value = request.POST.get("version", "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else None


def _record_context(campaign: Campaign, form: RecordGameForm) -> dict[str, Any]:
    state = campaign.current_state
    return {"campaign": campaign, "form": form,
            "envelope": presenters.envelope(campaign.content, state, state.scenario)}


def _stale_record(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    """Answer 409 with what was typed, and the form again against the current version."""
    campaign.refresh_from_db()
    typed = presenters.typed_record(campaign.content, request.POST)
    context: dict[str, Any] = {"campaign": campaign, "typed": typed, "next_step": presenters.next_step(
        campaign.content, campaign.current_state)}
    if _can_record(campaign.current_state):
        data = request.POST.copy()
        data["version"] = str(campaign.version)
        data.pop("add_row", None)
        form = RecordGameForm(data, campaign=campaign)
        form.is_valid()  # show now what no longer fits the campaign as it is
        context.update(_record_context(campaign, form))
    return render(request, "campaign/stale.html", context, status=409)


@login_required
@require_POST
def after_upgrade(request: HttpRequest, pk: int) -> HttpResponse:
    """Record one after-campaign upgrade (L25)."""
    campaign = _get_campaign_for_user(request, pk)
    side = next_after_campaign_side(campaign.content, campaign.current_state)
    if side is None:
        messages.error(request, _("No side needs an upgrade now."))
        return redirect(campaign)
    form = AfterCampaignUpgradeForm(request.POST, campaign=campaign, side=side)
    response = _submit(request, campaign, form, lambda version: campaign.apply_event(
        AFTER_CAMPAIGN_UPGRADE, form.payload(), request.user, version))
    return response or _show_errors(request, campaign, form)


@login_required
@require_POST
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """Close the after-campaign step and add the post-campaign pack (L26)."""
    return _event_button(request, pk, CAMPAIGN_FINISHED, lambda c: {})


@login_required
def history(request: HttpRequest, pk: int) -> HttpResponse:
    """Show every event, undone ones included, newest first."""
    campaign = _get_campaign_for_user(request, pk)
    return render(request, "campaign/history.html",
                  {"campaign": campaign, "events": presenters.history_rows(campaign)})


@login_required
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Confirm, then undo the last effective event."""
    campaign = _get_campaign_for_user(request, pk)
    target = campaign.last_effective_event()
    summary = (presenters.event_summary(campaign.content, target.kind, target.payload)
               if target else None)
    details = (presenters.event_details(campaign.content, target.kind, target.payload)
               if target else [])
    form = VersionForm(request.POST or None, campaign=campaign)
    if request.method == "POST" and target is not None:
        response = _submit(request, campaign, form, lambda version: campaign.undo(request.user, version))
        if response:
            messages.success(request, _("Undone: %(what)s") % {"what": summary})
            return response
    return render(request, "campaign/undo.html", {"campaign": campaign, "form": form,
                                                  "target": target, "summary": summary,
                                                  "details": details})


@login_required
def export(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the campaign as a versioned JSON backup."""
    campaign = _get_campaign_for_user(request, pk)
    response = HttpResponse(dumps(export_campaign(campaign)), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="campaign-{campaign.pk}.json"'
    return response


@login_required
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Soft-delete for everyone (the creator only); every member can restore it for a while."""
    campaign = _get_campaign_for_user(request, pk)
    if not campaign.can_delete(request.user):
        return render(request, "campaign/delete_refused.html", {
            "campaign": campaign, "creator": campaign.creator.get_username(),
            "can_leave": campaign.can_leave(request.user)}, status=403)
    campaign.soft_delete()
    messages.success(request, _("The campaign was deleted. Each of its players can restore it "
                                "from their list for %(days)s days.")
                     % {"days": settings.CAMPAIGN_RESTORE_DAYS})
    return redirect("campaign:list")


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Give up one's seat (anyone seated but the creator): it opens again for its invite link."""
    campaign = _get_campaign_for_user(request, pk)
    if not campaign.leave(request.user):
        messages.error(request, _("Only a player seated in the campaign who did not create it can "
                                  "leave it; its creator can delete it instead."))
        return redirect(campaign)
    messages.success(request, _("You left “%(name)s”. Your seat is open again: its invite link "
                                "works for whoever the creator sends it to.")
                     % {"name": campaign.name})
    return redirect("campaign:list")


@login_required
@require_POST
def restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Bring back a deleted campaign (any member, within the restore window; 404 after it)."""
    queryset = Campaign.objects.visible_to(request.user).restorable()
    campaign = get_object_or_404(queryset, pk=pk)
    campaign.restore()
    messages.success(request, _("The campaign was restored."))
    return redirect(campaign)
