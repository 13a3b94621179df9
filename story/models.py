"""Runs of the balance method kept in the database: a campaign's forecast, a set's balance.

Both are computed by a task-queue worker (story/forecast.py, story/setbalance.py) and read by the
pages while they run (`done` of `total` games) and afterwards (`result`). A finished run is kept
with what it was computed from (the campaign's version, the set's checksum), so the same question
is never asked twice.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Status(models.TextChoices):
    QUEUED = "queued", _("Waiting for a worker")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
    CANCELLED = "cancelled", _("Cancelled")


UNFINISHED = (Status.QUEUED, Status.RUNNING)


class Run(models.Model):
    """What both kinds of run have: status, progress, seed, bot, who asked, when."""

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    games = models.PositiveIntegerField()
    seed = models.PositiveBigIntegerField()
    bot = models.CharField(max_length=40, default="heuristic")
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    cancel_requested = models.BooleanField(default=False)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(default=timezone.now)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def is_running(self) -> bool:
        return self.status in UNFINISHED

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

    def request_stop(self) -> None:
        """Ask the run to stop: a queued run is cancelled at once, a running one at the worker's
        next look (a few times a second); a finished run stays as it is."""
        runs = type(self).objects.filter(pk=self.pk)
        runs.filter(status__in=UNFINISHED).update(cancel_requested=True)
        runs.filter(status=Status.QUEUED).update(status=Status.CANCELLED, finished=timezone.now())


class Forecast(Run):
    """Bots play the campaign's next scenario `games` times from its state at `campaign_version`."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="forecasts")
    campaign_version = models.PositiveIntegerField()
    scenario = models.PositiveSmallIntegerField()
    snapshot = models.JSONField(help_text=_("The campaign snapshot the games start from."))
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["campaign", "campaign_version"],
                                name="story_forecast_version")]

    def __str__(self) -> str:
        return f"forecast {self.pk}: campaign {self.campaign_id} v{self.campaign_version}"


class SetBalance(Run):
    """The balance method for all twelve scenarios of a set, kept with the set's checksum.

    `prefixes` holds the typical campaign states (step 1 of the method) once computed, and
    `entries` each scenario's summary as its step finishes, so the run goes on step by step in
    short tasks and a page shows the scenarios done so far.
    """

    pack = models.ForeignKey("cards.ContentPack", on_delete=models.CASCADE,
                             related_name="balance_runs")
    checksum = models.CharField(max_length=64)
    campaigns = models.PositiveSmallIntegerField(default=64)
    prefixes = models.JSONField(default=list, blank=True)
    entries = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["pack", "checksum"], name="story_balance_checksum")]

    def __str__(self) -> str:
        return f"balance {self.pk}: pack {self.pack_id} {self.checksum[:8]}"
