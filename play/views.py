"""Match pages. Thin: load and authorize, call one service, render.

Only a match's seated players see it; everyone else gets 404 (not 403, which would confirm it
exists). Every move POSTs its notation and the version it was made against: a stale version is a
409, an illegal move a 400 with the engine's reason, a move out of turn a 403; nothing changes in
any of these cases. htmx requests get the board partial back (with that status: the page's htmx
config swaps 400/403/409 answers too, so the message shows), plain form posts get a redirect or
the whole page. Pages render only `view(state, seat)` through `play.board.Board`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from campaign.models import Campaign
from campaign.owners_sets import online_refusal
from common.ratelimit import rate_limit
from play import creation, jinja, modes_web, notifications, rows, services
from play.board import Board, scenario_panel
from play.bot_levels import level_rows
from play.engine import view
from play.faces import MatchFaces, web_size
from play.forms import ActionForm, CampaignMatchForm, MatchCreateForm, VersionForm
from play.models import Match, MatchSeat
from play.modes_web import STANDARD
from play.services import BrokenMatch, MatchError

POLL_SECONDS = 1
BOARD = "play/_board.html"  # a Jinja2 template (templates/jinja2/, play/jinja.py)


def _shows_broken_matches(view_func: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer a match whose pack was edited so that it no longer replays with a 409 page."""
    @wraps(view_func)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view_func(request, *args, **kwargs)
        except BrokenMatch as error:
            template = "play/_broken.html" if request.headers.get("HX-Request") else "play/broken.html"
            return render(request, template, {"error": str(error)}, status=409)
    return wrapper


def _match_for(request: HttpRequest, pk: int, with_state: bool = True
               ) -> tuple[Match, MatchSeat]:
    """Return the match and the user's seat in it; 404 for everyone without a seat.

    A move reads the state under the row lock anyway (`services`), so it asks for none here.
    """
    match = rows.match_with_seats(pk, with_state=with_state)
    seat = match.seat_of(request.user) if match is not None else None
    if seat is None:
        raise Http404("no seat in this match")
    return match, seat


def _context(request: HttpRequest, match: Match, seat: MatchSeat, error: str = "") -> dict:
    """Return the page's context: only this seat's view of the game, presented as a board."""
    notifications.seen(request, match, seat)  # no "your turn" e-mail for a board already shown
    match.content_packs()  # the packs (the pack's data from memory) once, for every reader below
    state = services.engine_state(match)
    faces = MatchFaces(match)
    seat_view = view(state, seat.index)
    board = Board(seat_view, match.pack.data, state, faces, [s.shown_name for s in match.seat_list],
                  modes_web.mode_of(match), match.status == Match.Status.WAITING).context()
    invites = modes_web.invites(match, lambda token: request.build_absolute_uri(
        reverse("play:join", args=[token])))
    title = (_("Your turn") + " · " if board.get("my_decision") else "") + str(match)
    return {"match": match, "seat": seat, "board": board, "error": error, "invites": invites,
            "page_title": title,
            "act_url": reverse("play:act", args=[match.pk]),
            "board_url": reverse("play:board", args=[match.pk]),
            "resign_url": reverse("play:resign", args=[match.pk]),
            "poll_seconds": POLL_SECONDS, "version": match.version, "face_size": web_size(),
            "scenario": scenario_panel(match, seat_view),
            "scenario_open": seat.scenario_open is not False,
            "panel_url": reverse("play:panel", args=[match.pk])}


def _board(request: HttpRequest, match: Match, seat: MatchSeat, error: str = "",
           status: int = 200) -> HttpResponse:
    """Answer with the board partial (htmx) or the whole page."""
    if request.headers.get("HX-Request"):
        return _board_partial(request, match, seat, error, status)
    return _page(request, match, seat, error, status)


def _board_partial(request: HttpRequest, match: Match, seat: MatchSeat, error: str = "",
                   status: int = 200) -> HttpResponse:
    return HttpResponse(jinja.render(BOARD, _context(request, match, seat, error), request),
                        status=status)


def _page(request: HttpRequest, match: Match, seat: MatchSeat, error: str = "",
          status: int = 200) -> HttpResponse:
    context = _context(request, match, seat, error)
    context["board_html"] = jinja.render(BOARD, context, request)
    return render(request, "play/match.html", context, status=status)


# -- pages ----------------------------------------------------------------------------------------


@login_required
@rate_limit("match-create")
def create(request: HttpRequest) -> HttpResponse:
    """Start a standard or multiplayer game, or list the user's campaigns whose scenario can be
    played online."""
    form = MatchCreateForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data["mode"] != STANDARD:
                match = creation.create_mode_match(data["mode"], form.seats(), pack=data["pack"],
                                          campaign=data["campaign"],
                                          extra_packs=data["extra_packs"])
            elif data["campaign"] is not None:
                match = creation.create_campaign_deck_match(data["campaign"], form.seats(),
                                                            extra_packs=data["extra_packs"])
            else:
                match = creation.create_standard_match(data["pack"], form.seats(),
                                                       extra_packs=data["extra_packs"])
        except MatchError as error:
            form.add_error(None, str(error))
        else:
            return redirect(match)
    return render(request, "play/create.html", {
        "form": form, "campaigns": _playable_campaigns(request.user, form.levels)})


def _playable_campaigns(user: Any, levels: list[Any], bound: Any = None) -> list[dict[str, Any]]:
    """Return the user's campaigns with an open, unplayed scenario (and its match if started);
    `bound` is a campaign's form as it was sent (shown with its errors)."""
    found = []
    for campaign in Campaign.objects.for_user(user).select_related("pack"):
        try:
            number = services.open_scenario(campaign)
        except MatchError:
            continue
        found.append({"campaign": campaign, "number": number,
                      "match": services.active_campaign_match(campaign),
                      "refusal": online_refusal(campaign),
                      "form": bound if bound is not None and bound.prefix == f"c{campaign.pk}"
                      else CampaignMatchForm(prefix=f"c{campaign.pk}", levels=levels)})
    return found


@login_required
@require_POST
@rate_limit("match-create")
def campaign_match(request: HttpRequest, pk: int) -> HttpResponse:
    """Start (or resume) the online game of a campaign's open scenario."""
    campaign = get_object_or_404(Campaign.objects.for_user(request.user).select_related("pack"),
                                 pk=pk)
    if campaign.seat_of(request.user) is None:
        messages.error(request, _("Only a player of the campaign can play its scenario online."))
        return redirect("play:create")
    existing = services.active_campaign_match(campaign)
    if existing is not None:
        return redirect(existing)
    levels = level_rows(request.user)
    form = CampaignMatchForm(request.POST, prefix=f"c{campaign.pk}", levels=levels)
    if not form.is_valid():  # a level that does not exist: say so on the page, start nothing
        return render(request, "play/create.html", {
            "form": MatchCreateForm(user=request.user),
            "campaigns": _playable_campaigns(request.user, levels, bound=form)}, status=400)
    bot = form.cleaned_data.get("bot")
    try:
        match = creation.create_campaign_match(
            campaign, {0: bot or services.DEFAULT_BOT, 1: bot or services.DEFAULT_BOT})
    except (MatchError, ValueError) as error:
        messages.error(request, str(error))
        return redirect("play:create")
    return redirect(match)


@login_required
@require_GET
@_shows_broken_matches
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the user's seat's view of the game as a board with every legal action."""
    match, seat = _match_for(request, pk)
    return _page(request, match, seat)


@login_required
@require_GET
@_shows_broken_matches
def board(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx polling: 204 while the version is the one shown, the new board once it moved on."""
    # The cheap answer first: one indexed query for a seated player's match version, no game
    # state loaded or decoded. Anyone else (and every changed board) takes the full path below.
    # A board shown while waiting for seats (`waiting=1`) is new again once the game starts,
    # at the same version.
    seated = rows.seated_version(pk, request.user.pk)
    if seated is not None and _unchanged(request, *seated):
        return HttpResponse(status=204)
    match, seat = _match_for(request, pk)
    if _unchanged(request, match.version, match.status):
        return HttpResponse(status=204)
    return _board_partial(request, match, seat)


def _unchanged(request: HttpRequest, version: int, status: str) -> bool:
    """Whether the board the request says it shows is still the match's current one."""
    started = request.GET.get("waiting") == "1" and status != Match.Status.WAITING
    return request.GET.get("version") == str(version) and not started


@login_required
@require_GET
@_shows_broken_matches
def state_json(request: HttpRequest, pk: int) -> JsonResponse:
    """The seat's view as JSON (only what `view(state, seat)` shows) with the match version."""
    match, seat = _match_for(request, pk)
    notifications.seen(request, match, seat)
    state = services.engine_state(match)
    return JsonResponse({"version": match.version, "status": match.status,
                         "view": view(state, seat.index)})


# -- changes --------------------------------------------------------------------------------------


@login_required
@require_POST
@_shows_broken_matches
def act(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply one action of the user's seat (bots answer through the task queue).

    The match is read once, under its lock, by the service (which also finds the seat).
    """
    form = ActionForm(request.POST)
    if not form.is_valid():
        match, seat = _match_for(request, pk)
        return _board(request, match, seat, _("The move was incomplete: it needs an action and "
                                              "the version of the board."), status=400)
    try:
        changed = services.play_as(request.user, pk, form.cleaned_data["notation"],
                                   form.cleaned_data["version"])
    except MatchError as error:
        return _refused(request, pk, error)
    return _changed(request, changed, changed.seat_of(request.user))


@login_required
@require_POST
@_shows_broken_matches
def resign(request: HttpRequest, pk: int) -> HttpResponse:
    """Give up the game."""
    match, seat = _match_for(request, pk, with_state=False)
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _board(request, match, seat, _("The form was incomplete; please try again."),
                      status=400)
    try:
        changed = services.resign(match.pk, seat.index, form.cleaned_data["version"], request.user)
    except MatchError as error:
        return _refused(request, pk, error)
    return _changed(request, changed, seat)


def _refused(request: HttpRequest, pk: int, error: MatchError) -> HttpResponse:
    """Show the board as it is now with the reason a change was refused (404 without a seat)."""
    match, seat = _match_for(request, pk)  # as it is now (or 404 if deleted meanwhile)
    message = str(error)
    if error.status == 400:
        message = _("That move is not allowed: %(reason)s") % {"reason": message}
    return _board(request, match, seat, message, status=error.status)


def _changed(request: HttpRequest, match: Match, seat: MatchSeat) -> HttpResponse:
    if request.headers.get("HX-Request"):
        return _board(request, match, seat)  # the saved match: seats, packs, game in memory
    return redirect(match)


@login_required
@require_POST
def remember_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """Remember whether the player left the board's scenario panel open (`open=1`) or closed."""
    _match, seat = _match_for(request, pk, with_state=False)
    value = request.POST.get("open")
    if value not in ("0", "1"):
        return HttpResponse(_("Send open=1 or open=0."), status=400, content_type="text/plain")
    MatchSeat.objects.filter(pk=seat.pk).update(scenario_open=value == "1")
    return HttpResponse(status=204)


@login_required
@require_POST
@_shows_broken_matches
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a finished campaign game that could not be recorded automatically."""
    match, _seat = _match_for(request, pk)
    try:
        recorded = services.record_now(match, request.user)
    except MatchError as error:
        messages.error(request, str(error))
    else:
        if recorded:
            messages.success(request, _("The result was recorded in the campaign."))
        else:
            messages.error(request, match.record_problem)
    return redirect(match)


def join(request: HttpRequest, token: str) -> HttpResponse:
    """Take the open seat an invite link points to; logged out, say what the invitation is and
    offer sign-in and sign-up (both come back here)."""
    seat = get_object_or_404(MatchSeat.objects.select_related("match"), invite_token=token)
    match = seat.match
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        if not seat.is_open:
            raise Http404("seat taken")
        return render(request, "play/join.html", {"match": match, "seat": seat})
    if match.seat_of(request.user):
        return redirect(match)
    if not seat.may_join(request.user):  # taken, or offered to someone else
        raise Http404("seat taken")
    if request.method == "POST":
        if not creation.join(seat, request.user):
            raise Http404("seat taken")
        messages.success(request, _("You joined the match."))
        return redirect(match)
    return render(request, "play/join.html", {"match": match, "seat": seat})
