"""The replay page (a match step by step) and the live spectator page, as the PUBLIC view only.

A spectator's page follows the match's event stream (`play/live.py`, versions only) and fetches
this public board; while the stream is down it polls every POLL_SECONDS.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from common.params import parse_id
from play import jinja, services
from play.faces import MatchFaces, web_size
from play.models import Match
from play.replays.access import load_match, may_spectate, replay_match_for, spectator_match_for
from play.replays.model import replay_of
from play.replays.presenting import nav, public_board, turn_steps

POLL_SECONDS = 2      # the spectator page's check, only while its event stream is down
PUBLIC_BOARD = "play/_public_board.html"  # templates/jinja2/


def _step_number(request: HttpRequest, total: int) -> int:
    """Return the step asked for (the last one when absent); 404 for a value that is no step."""
    raw = request.GET.get("step")
    if raw is None or raw == "":
        return total
    step = parse_id(raw)  # ASCII digits only: int() of 5,000 digits is a ValueError
    if step is None or step > total:
        raise Http404("no such step")
    return step


@login_required
@require_GET
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show step N of a match's replay (public view; both hands once the game has ended)."""
    match, seat = replay_match_for(request, pk)
    try:
        replay = replay_of(match)
    except services.BrokenMatch as error:
        return render(request, "play/broken.html", {"error": str(error)}, status=409)
    number = _step_number(request, replay.total)
    state = replay.state_at(number)
    presenter = public_board(match, state, MatchFaces(match), show_hands=match.is_over)
    board = presenter.public_context(presenter.hands)
    return render(request, "play/replay.html", _with_board_html(request, {
        "match": match, "seat": seat, "board": board, "face_size": web_size(),
        "step": number, "total": replay.total, "turn_steps": turn_steps(presenter, replay, number),
        "current": presenter.step_lines(replay.steps[number - 1]) if number else [],
        "nav": nav(number, replay.total), "hands_shown": match.is_over,
    }))


@login_required
@require_GET
def spectate_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a campaign member the public view of a match they do not play, kept up to date."""
    match = load_match(pk)
    if match.seat_of(request.user) is not None:
        return redirect(match)
    if not may_spectate(match, request.user):
        raise Http404("not a spectator")
    return render(request, "play/spectate.html",
                  _with_board_html(request, _spectator_context(match)))


@login_required
@require_GET
def spectate_board(request: HttpRequest, pk: int) -> HttpResponse:
    """Polling for spectators: 204 while the version is the one shown, else the new board."""
    light = spectator_match_for(request, pk, light=True)
    if request.GET.get("version") == str(light.version):
        return HttpResponse(status=204)
    return HttpResponse(jinja.render(PUBLIC_BOARD, _spectator_context(load_match(pk)), request))


def _with_board_html(request: HttpRequest, context: dict[str, Any]) -> dict[str, Any]:
    """Return the page's context with its public board as HTML (the board is a Jinja2 template)."""
    return {**context, "board_html": jinja.render(PUBLIC_BOARD, context, request)}


def _spectator_context(match: Match) -> dict[str, Any]:
    try:
        state = services.engine_state(match)
    except services.BrokenMatch as error:
        return {"match": match, "error": str(error), "board": None}
    presenter = public_board(match, state, MatchFaces(match), show_hands=False)
    return {"match": match, "board": presenter.public_context(), "version": match.version,
            "face_size": web_size(), "poll_seconds": POLL_SECONDS, "live": not match.is_over,
            "spectating": True}
