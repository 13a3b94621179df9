"""Forecasts ("Who is favoured?"): bots play the campaign's open scenario many times, in a worker.

The games are the balance method's (`play.engine.run_forecast`, docs/balance.md "Forecasts"): the
same code `manage.py balance --campaign ID` runs, so the same state and seed give the same
figures. A forecast starts from the campaign's state at one version (its snapshot is stored with
the row) and is kept: asking again at the same version shows the kept one.

Only an OPENED scenario is forecast: its card is what the bots play, and a sealed envelope's card
must not show through its odds (L4). Between a result and the next envelope there is nothing to
forecast yet; the page says to open the envelope.
"""
from __future__ import annotations

import secrets
import time
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.engine_bridge import open_scenario as open_scenario_of
from campaign.engine_bridge import snapshot_of
from campaign.models import Campaign
from campaign.playable import scenario_missing_effects
from campaign.state import PLAYING
from play import tasks
from play.engine import SetupError, run_forecast, snapshot_from_dict, snapshot_to_dict
from story.models import UNFINISHED, Forecast, Status

TASK = "story.forecast.run_forecast_task"
GAME_CHOICES = (100, 200, 500, 1000)
PROGRESS_SECONDS = 0.25  # the row's `done` is written at most this often


class Cancelled(Exception):
    """Someone pressed "Stop": the run ends without a result."""


def open_scenario(campaign: Campaign) -> int | None:
    """Return the opened, unplayed scenario a forecast would play, or None."""
    return open_scenario_of(campaign.current_state)


def refusal(campaign: Campaign) -> str:
    """Return why no forecast can start now, in words; "" when one can."""
    state = campaign.current_state
    number = open_scenario(campaign)
    if number is None:
        if state.phase == PLAYING and state.scenario < campaign.content.scenario_count:
            return _("Open the envelope of scenario %(n)s first: the bots play its scenario card, "
                     "which stays sealed until then.") % {"n": state.scenario + 1}
        return _("There is no scenario left to play, so nothing to forecast.")
    blockers = blocking_parts(campaign, number)
    if blockers:
        return _("The bots cannot play this scenario: these parts of the set are printed text "
                 "alone, without effects: %(parts)s. Give them as effects in the set to get a "
                 "forecast.") % {"parts": "; ".join(blockers)}
    return ""


def blocking_parts(campaign: Campaign, number: int) -> list[str]:
    """Return what of scenario `number`'s game is still text alone (cards.playable's check)."""
    return scenario_missing_effects(campaign, number)


def kept(campaign: Campaign, games: int, bot: str = "heuristic") -> Forecast | None:
    """Return the forecast of this version with these settings, finished or running."""
    return (Forecast.objects.filter(campaign=campaign, campaign_version=campaign.version,
                                    games=games, bot=bot)
            .exclude(status__in=(Status.FAILED, Status.CANCELLED)).order_by("-created").first())


def latest(campaign: Campaign) -> Forecast | None:
    """Return the newest forecast of the campaign's current version (any settings)."""
    return (Forecast.objects.filter(campaign=campaign, campaign_version=campaign.version)
            .order_by("-created").first())


def start(campaign: Campaign, user: Any, games: int, seed: int | None = None,
          bot: str = "heuristic") -> Forecast:
    """Start (or find) the forecast of the campaign's open scenario; ValueError if none can run."""
    problem = refusal(campaign)
    if problem:
        raise ValueError(problem)
    found = kept(campaign, games, bot)
    if found is not None and seed is None:
        return found
    number = open_scenario(campaign)
    forecast = Forecast.objects.create(
        campaign=campaign, campaign_version=campaign.version, scenario=number,
        snapshot=snapshot_to_dict(snapshot_of(campaign.current_state)), games=games,
        seed=secrets.randbits(32) if seed is None else seed, bot=bot, total=games,
        requested_by=user if getattr(user, "is_authenticated", False) else None)
    tasks.enqueue(TASK, forecast.pk)
    return forecast


def cancel(forecast: Forecast) -> None:
    """Ask a running forecast to stop (the worker looks a few times a second)."""
    forecast.request_stop()


class Progress:
    """The engine's progress callback: writes `done` a few times a second, stops on cancel."""

    def __init__(self, model: type, pk: int, offset: int = 0) -> None:
        self.model, self.pk, self.offset = model, pk, offset
        self.last = 0.0

    def __call__(self, _label: str, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < PROGRESS_SECONDS and done < total:
            return
        self.last = now
        self.model.objects.filter(pk=self.pk).update(done=self.offset + done)
        if self.model.objects.filter(pk=self.pk, cancel_requested=True).exists():
            raise Cancelled


def run_forecast_task(pk: int) -> None:
    """Play the forecast's games (a task: run again after a crash, it starts over)."""
    forecast = Forecast.objects.select_related("campaign__pack").filter(pk=pk).first()
    if forecast is None or forecast.status not in UNFINISHED:
        return
    if forecast.cancel_requested:
        _finish(forecast, Status.CANCELLED)
        return
    Forecast.objects.filter(pk=pk).update(status=Status.RUNNING, started=timezone.now(), done=0)
    try:
        result = run_forecast(forecast.campaign.pack.engine_pack(),
                              snapshot_from_dict(forecast.snapshot), forecast.scenario,
                              forecast.games, seed=forecast.seed, bot=forecast.bot,
                              workers=settings.FORECAST_WORKERS,
                              progress=Progress(Forecast, pk))
    except Cancelled:
        _finish(forecast, Status.CANCELLED)
        return
    except (SetupError, ValueError) as error:
        _finish(forecast, Status.FAILED, error=str(error))
        return
    _finish(forecast, Status.DONE, result=result)


def _finish(forecast: Forecast, status: str, result: dict | None = None, error: str = "") -> None:
    with transaction.atomic():
        Forecast.objects.filter(pk=forecast.pk).update(
            status=status, result=result, error=error, finished=timezone.now(),
            **({"done": forecast.total} if status == Status.DONE else {}))
