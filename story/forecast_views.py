"""Pages of the balance method: a campaign's forecast and a set's balance (start, progress, stop).

Both pages start a run with a POST (the task queue plays it, never the web process), then poll a
small fragment (htmx, `hx-trigger="every 700ms"`) that shows the progress and, once done, the
result in place, without a reload. Without JavaScript the page refreshes itself instead.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign import names
from campaign.content import PackContent
from campaign.models import Campaign
from cards.language import active_language
from cards.models import ContentPack
from cards.views import usable_pack
from play.bot_names import BOT_NAMES
from story import forecast, setbalance
from story.models import Forecast, SetBalance
from story.views import member_campaign


def _games(request: HttpRequest, allowed: tuple[int, ...], default: int) -> int | None:
    """Return the posted number of games if it is one of `allowed` (None: refuse)."""
    value = request.POST.get("games", str(default))
    return int(value) if value.isdigit() and int(value) in allowed else None


def _version(request: HttpRequest) -> int | None:
    value = request.POST.get("version", "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else None


# -- a campaign's forecast ---------------------------------------------------------------------


@login_required
def forecast_page(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the forecast of the campaign as it stands (or the form). POST: start one."""
    campaign = member_campaign(request, pk)
    if request.method == "POST":
        return _start_forecast(request, campaign)
    run = forecast.latest(campaign)
    return render(request, "story/forecast.html", {
        "campaign": campaign, "run": run, "shown": present_forecast(campaign, run),
        "refusal": forecast.refusal(campaign), "number": forecast.open_scenario(campaign),
        "game_choices": forecast.GAME_CHOICES, "default_games": _default_games()})


def _default_games() -> int:
    from django.conf import settings

    return settings.FORECAST_GAMES


def _start_forecast(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    games = _games(request, forecast.GAME_CHOICES, _default_games())
    if games is None:
        return HttpResponseBadRequest(_("Choose one of the numbers of games offered."))
    version = _version(request)
    if version != campaign.version:
        messages.error(request, _("The campaign changed since this page was loaded: here is the "
                                  "forecast page for the campaign as it is now."))
        return redirect("story:forecast", campaign.pk)
    try:
        forecast.start(campaign, request.user, games)
    except ValueError as error:
        messages.error(request, str(error))
    return redirect("story:forecast", campaign.pk)


@login_required
def forecast_status(request: HttpRequest, pk: int, run: int) -> HttpResponse:
    """Return the run's progress, or its result once done (the fragment the page polls)."""
    campaign = member_campaign(request, pk)
    found = get_object_or_404(Forecast, pk=run, campaign=campaign)
    return render(request, "story/_forecast_run.html", {
        "campaign": campaign, "run": found, "shown": present_forecast(campaign, found)})


@login_required
@require_POST
def forecast_cancel(request: HttpRequest, pk: int, run: int) -> HttpResponse:
    """Stop a running forecast."""
    campaign = member_campaign(request, pk)
    forecast.cancel(get_object_or_404(Forecast, pk=run, campaign=campaign))
    if request.htmx:
        return forecast_status(request, pk, run)
    return redirect("story:forecast", campaign.pk)


def present_forecast(campaign: Campaign, run: Forecast | None) -> dict[str, Any] | None:
    """Return a finished forecast's figures with names and percentages, for the page."""
    if run is None or not run.result:
        return None
    content, result = campaign.content, run.result
    sides = list(result["odds"])
    return {
        "sides": [_odds_row(content, side, result["odds"][side]) for side in sides],
        "favoured": _favoured(content, result["odds"]),
        "ends": [{"how": _end_name(how), "share": _pct(end["games"], result["games"]),
                  "games": end["games"],
                  "by_side": [(names.side_name(content, s), end["by_side"].get(s, 0))
                              for s in sides]}
                 for how, end in result["ends"].items()],
        "options": [{"label": "; ".join(names.option_label(content, run.scenario, c, o)
                                        for c, o in row["options"].items()),
                     "games": row["games"],
                     "sides": [_odds_row(content, s, row["odds"][s]) for s in sides]}
                    for row in result["options"]],
        "chosen": [names.option_label(content, run.scenario, c, o) for c, o in
                   run.snapshot.get("choices", {}).get(str(run.scenario), {}).items()],
        "first": names.side_name(content, result["first_side"]),
        "turns": result["mean_turns"], "games": result["games"], "cut": result["cut"],
        "bot": BOT_NAMES.get(run.bot, run.bot),
        "command": f"python manage.py balance --campaign {campaign.pk} --games {run.games} "
                   f"--seed {run.seed} --bot {run.bot} --json",
    }


def _odds_row(content: PackContent, side: str, odds: dict) -> dict[str, Any]:
    return {"id": side, "name": names.side_name(content, side),
            "rate": _pct1(odds["rate"]), "low": _pct1(odds["low"]), "high": _pct1(odds["high"]),
            "width": round(100 * (odds["rate"] or 0)), "wins": odds["wins"]}


def _favoured(content: PackContent, odds: dict[str, dict]) -> str:
    """Return who is favoured: a side whose whole 95% interval is above 50%, else nobody."""
    for side, row in odds.items():
        if row["low"] is not None and row["low"] > 0.5:
            return _("%(side)s is favoured.") % {"side": names.side_name(content, side)}
    return _("Neither side is clearly favoured: the odds are within the margin of chance.")


def _end_name(how: str) -> str:
    if how == "cut":
        return _("no winner after 200 turns")
    return names.win_how_name(how)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}" if whole else "–"


def _pct1(rate: float | None) -> str:
    return f"{100 * rate:.1f}" if rate is not None else "–"


# -- a set's balance ----------------------------------------------------------------------------


def _may_run(request: HttpRequest, pack: ContentPack) -> bool:
    """Return whether the visitor may start a run: the set's owner (or staff, for the site's)."""
    return pack.is_owned_by(request.user) or (pack.owner_id is None and request.user.is_staff)


@login_required
def balance_page(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the set's balance at its current version (or the form). POST: start a run."""
    pack = usable_pack(request, pk)
    if request.method == "POST":
        return _start_balance(request, pack)
    run = setbalance.latest(pack)
    return render(request, "story/balance.html", {
        "pack": pack, "run": run, "shown": present_balance(pack, run, _opened(request, pack)),
        "refusal": setbalance.refusal(pack), "may_run": _may_run(request, pack),
        "game_choices": setbalance.GAME_CHOICES})


def _start_balance(request: HttpRequest, pack: ContentPack) -> HttpResponse:
    if not _may_run(request, pack):
        messages.error(request, _("Only the set's owner can run the balance method on it."))
        return redirect("story:balance", pack.pk)
    games = _games(request, setbalance.GAME_CHOICES, setbalance.GAME_CHOICES[1])
    if games is None:
        return HttpResponseBadRequest(_("Choose one of the numbers of games offered."))
    try:
        setbalance.start(pack, request.user, games)
    except ValueError as error:
        messages.error(request, str(error))
    return redirect("story:balance", pack.pk)


@login_required
def balance_status(request: HttpRequest, pk: int, run: int) -> HttpResponse:
    """Return the run's progress and the scenarios measured so far (the fragment polled)."""
    pack = usable_pack(request, pk)
    found = get_object_or_404(SetBalance, pk=run, pack=pack)
    return render(request, "story/_balance_run.html", {
        "pack": pack, "run": found, "shown": present_balance(pack, found, _opened(request, pack)),
        "may_run": _may_run(request, pack)})


@login_required
@require_POST
def balance_cancel(request: HttpRequest, pk: int, run: int) -> HttpResponse:
    """Stop a running balance run (the set's owner)."""
    pack = usable_pack(request, pk)
    found = get_object_or_404(SetBalance, pk=run, pack=pack)
    if _may_run(request, pack):
        setbalance.cancel(found)
    if request.htmx:
        return balance_status(request, pk, run)
    return redirect(reverse("story:balance", args=[pack.pk]))


def _opened(request: HttpRequest, pack: ContentPack) -> int:
    """Return how many of the set's envelopes the visitor has opened: its owner in the editor;
    nobody else (a scenario's title is inside its envelope, L4)."""
    return pack.revealed_scenarios if pack.is_owned_by(request.user) else 0


def present_balance(pack: ContentPack, run: SetBalance | None,
                    opened: int = 0) -> dict[str, Any] | None:
    """Return the scenarios measured so far as table rows, with the plot of their win rates.

    For a scenario whose envelope is sealed for the visitor (after `opened`) neither its title
    nor how its games ended is shown: a share of games won by "the scenario's own victory" would
    tell that its card has one (L4). Its win rates stay: they are what the page is for.
    """
    if run is None or not run.entries:
        return None
    content = PackContent(pack.data)
    rows = [setbalance.table_row(content, entry) for entry in run.entries]
    for row in rows:
        row["sealed"] = row["scenario"] > opened
        if row["sealed"]:
            row["title"], row["ends"] = _("(sealed envelope)"), []
    words = {"scenario_games": _("Star Empire wins, scenario games (95% interval)"),
             "plain_games": _("Star Empire wins, plain games"), "scenario_axis": _("Scenario"),
             "rate_axis": _("Star Empire wins, %")}
    from story import plots  # on first use (matplotlib: 0.7 s a process start): story/plots.py

    svg = plots.svg(("balance", run.pk, run.checksum, len(rows), active_language()), "balance",
                    {"rows": rows}, words)
    return {"rows": rows, "svg": svg}
