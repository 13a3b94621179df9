"""Campaigns: a content pack, two seats and an append-only event log (docs/rules.md L1-L26).

The state a page shows is derived from the events by ``campaign.state.derive`` and cached in
``Campaign.state``; the cache is rebuilt from the log after every event, so it can never drift.
"""
from __future__ import annotations

import secrets
import time
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import OperationalError, connection, models, transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign.content import ContentError, PackContent
from campaign.state import (
    SIDE_WISHED,
    UNDO,
    CampaignState,
    Event,
    EventRefused,
    apply,
    derive,
    needs_coin_flip,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


LOCK_RETRIES = 10


def restore_window() -> timedelta:
    """Return how long after a deletion its members can still restore a campaign."""
    return timedelta(days=settings.CAMPAIGN_RESTORE_DAYS)


class StaleVersion(Exception):
    """The change was made against an older version of the campaign (views answer 409)."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"campaign is at version {actual}, the change was made against {expected}")
        self.expected, self.actual = expected, actual


def new_invite_token() -> str:
    """Return an unguessable token for a seat's invite link."""
    return secrets.token_urlsafe(24)


class CampaignQuerySet(models.QuerySet):
    """Named queries over campaigns."""

    def active(self) -> CampaignQuerySet:
        return self.filter(deleted_at__isnull=True)

    def deleted(self) -> CampaignQuerySet:
        return self.filter(deleted_at__isnull=False)

    def restorable(self, now: datetime | None = None) -> CampaignQuerySet:
        """Return the deleted campaigns still inside the restore window, latest deletion first.

        Older deletions are kept in the database but hidden for good: no page shows or restores
        them (an administrator still can, in the admin).
        """
        since = (now or timezone.now()) - restore_window()
        return self.deleted().filter(deleted_at__gte=since).order_by("-deleted_at")

    def visible_to(self, user: AbstractBaseUser | AnonymousUser | None) -> CampaignQuerySet:
        """Return every campaign (deleted or not) where ``user`` has a seat or is the creator."""
        if user is None or not user.is_authenticated:
            return self.none()
        return self.filter(Q(creator=user) | Q(seats__user=user)).distinct()

    def for_user(self, user: AbstractBaseUser | AnonymousUser | None) -> CampaignQuerySet:
        """Return the user's campaigns that are not deleted, newest first (the home page)."""
        return self.visible_to(user).active().order_by("-created")

    def replay_problems(self, pack_data: dict) -> list[tuple[Campaign, str]]:
        """Return (campaign, why) for each campaign whose log breaks the rules under ``pack_data``.

        The owners' editor asks before saving a pack that campaigns use: a sheet row or card
        that an upgrade relies on must not vanish under a campaign (its pages would crash).
        """
        problems = []
        for campaign in self:
            try:
                derive(PackContent(pack_data), campaign.log())
            except (EventRefused, ContentError) as error:
                problems.append((campaign, str(error)))
        return problems


class Campaign(models.Model):
    """One legacy campaign played by two seats."""

    pack = models.ForeignKey("cards.ContentPack", on_delete=models.PROTECT, related_name="campaigns")
    name = models.CharField(_("name"), max_length=120)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="created_campaigns")
    created = models.DateTimeField(default=timezone.now)
    deleted_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(default=dict, blank=True,
                             help_text=_("Cache of the state derived from the events."))

    objects = CampaignQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaign:dashboard", args=[self.pk])

    @classmethod
    def start(cls, pack: Any, name: str, creator: Any, seats: list[tuple[Any, str]]) -> Campaign:
        """Create a campaign with two seats, each (user or None, display name)."""
        PackContent(pack.data)  # refuse a non-legacy pack before anything is saved
        with transaction.atomic():
            campaign = cls.objects.create(pack=pack, name=name, creator=creator,
                                          state=CampaignState().to_dict())
            for index, (user, seat_name) in enumerate(seats):
                Seat.objects.create(campaign=campaign, index=index, user=user,
                                    name=seat_name or getattr(user, "username", ""))
        return campaign

    # -- reading ---------------------------------------------------------------------------

    @property
    def content(self) -> PackContent:
        if not hasattr(self, "_content"):
            self._content = PackContent(self.pack.data)
        return self._content

    @property
    def current_state(self) -> CampaignState:
        return CampaignState.from_dict(self.state) if self.state else CampaignState()

    def log(self) -> list[Event]:
        return [Event(e.seq, e.kind, e.payload) for e in self.events.order_by("seq")]

    def seat_of(self, user: Any) -> Seat | None:
        if user is None or not user.is_authenticated:
            return None
        return next((s for s in self.seats.all() if s.user_id == user.pk), None)

    def last_effective_event(self) -> CampaignEvent | None:
        """Return the event an undo would revert now."""
        seq = self.current_state.last_seq
        return self.events.filter(seq=seq).first() if seq else None

    # -- changing --------------------------------------------------------------------------

    def apply_event(self, kind: str, payload: dict, actor: Any, expected_version: int) -> CampaignEvent:
        """Validate and append one event; raise StaleVersion or EventRefused, changing nothing."""
        for attempt in range(LOCK_RETRIES):
            try:
                return self._apply_event_once(kind, payload, actor, expected_version)
            except OperationalError as error:
                # Only a SQLite without IMMEDIATE transactions (or its shared-cache memory
                # database) refuses a second writer at once ("database is locked") instead of
                # waiting; retrying then meets the bumped version: StaleVersion.
                if "locked" not in str(error) or connection.in_atomic_block:
                    raise
                time.sleep(0.02 * (attempt + 1))
        return self._apply_event_once(kind, payload, actor, expected_version)

    def _apply_event_once(self, kind: str, payload: dict, actor: Any,
                          expected_version: int) -> CampaignEvent:
        with transaction.atomic():
            fresh = self._locked_at(expected_version)
            state = self._next_state(fresh, kind, payload, expected_version + 1)
            event = CampaignEvent.objects.create(
                campaign=self, seq=expected_version + 1, kind=kind, payload=payload,
                actor=actor if getattr(actor, "is_authenticated", False) else None,
                actor_name=_display_name(actor))
            Campaign.objects.filter(pk=self.pk).update(version=F("version") + 1,
                                                       state=state.to_dict())
        self.refresh_from_db(fields=["version", "state"])
        return event

    def _locked_at(self, expected_version: int) -> Campaign:
        """Lock the campaign for this transaction; raise StaleVersion unless it is at the version.

        PostgreSQL: SELECT ... FOR UPDATE makes a second writer wait here until the first
        commits, then read the bumped version. SQLite ignores FOR UPDATE, but its transactions
        are IMMEDIATE (config.env.sqlite_database): the second writer already waited for the
        write lock at BEGIN. Either way exactly one of two racing writers passes.
        """
        fresh = self._locked()
        if fresh.version != expected_version:
            raise StaleVersion(expected_version, fresh.version)
        return fresh

    def _locked(self) -> Campaign:
        """Return the campaign freshly read and locked until the transaction ends."""
        return Campaign.objects.select_for_update(of=("self",)).select_related("pack").get(pk=self.pk)

    @staticmethod
    def _next_state(fresh: Campaign, kind: str, payload: dict, seq: int) -> CampaignState:
        if kind == UNDO:
            return derive(fresh.content, fresh.log() + [Event(seq, kind, payload)])
        state = apply(fresh.content, fresh.current_state, kind, payload)
        state.last_seq = seq
        return state

    def wish_side(self, seat: int, side: str, actor: Any, expected_version: int,
                  rng: Any = None) -> CampaignEvent:
        """Record one seat's wish (L2); flip the coin here when both want the same side."""
        payload: dict[str, Any] = {"seat": seat, "side": side}
        if needs_coin_flip(self.current_state, seat, side):
            payload["coin"] = (rng or secrets.SystemRandom()).randint(0, 1)
        return self.apply_event(SIDE_WISHED, payload, actor, expected_version)

    def undo(self, actor: Any, expected_version: int) -> CampaignEvent:
        """Append an undo of the last effective event."""
        target = self.last_effective_event()
        if target is None:
            raise EventRefused(_("There is nothing to undo."))
        return self.apply_event(UNDO, {"seq": target.seq}, actor, expected_version)

    def rebuild_state(self) -> None:
        """Recompute the cache from the log (the pack was edited); raise EventRefused if it broke.

        Under the same lock as apply_event, so an event saved meanwhile is not overwritten.
        """
        with transaction.atomic():
            fresh = self._locked()
            self.state = derive(fresh.content, fresh.log()).to_dict()
            Campaign.objects.filter(pk=self.pk).update(state=self.state)
        self.pack = fresh.pack
        self.__dict__.pop("_content", None)

    def can_delete(self, user: Any) -> bool:
        """Return whether ``user`` may delete the campaign for everyone: its creator only.

        Another member leaves instead (:meth:`leave`); a deletion stays restorable by every
        member for the restore window, so a mistaken one costs nothing.
        """
        return getattr(user, "is_authenticated", False) and self.creator_id == user.pk

    def can_leave(self, user: Any) -> bool:
        """Return whether ``user`` holds a seat they can give up (anyone seated but the creator)."""
        return not self.can_delete(user) and self.seat_of(user) is not None

    def leave(self, user: Any) -> bool:
        """Give ``user``'s seat up: it is open again for its invite link; False if not seated."""
        if not self.can_leave(user):
            return False
        return bool(Seat.objects.filter(campaign=self, user=user).update(user=None))

    @property
    def restorable_until(self) -> datetime | None:
        """Return when a deleted campaign stops being restorable (None if not deleted)."""
        return self.deleted_at + restore_window() if self.deleted_at else None

    def soft_delete(self) -> None:
        self.deleted_at = timezone.now()
        self.save(update_fields=["deleted_at"])

    def restore(self) -> None:
        self.deleted_at = None
        self.save(update_fields=["deleted_at"])


def _display_name(actor: Any) -> str:
    if actor is None or not getattr(actor, "is_authenticated", False):
        return str(actor or "")
    return actor.get_username()


class Seat(models.Model):
    """One of the two players: a registered user, or just a name typed by the creator."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(choices=[(0, "0"), (1, "1")])
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="campaign_seats")
    name = models.CharField(_("name"), max_length=80)
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token)

    class Meta:
        ordering = ["campaign", "index"]
        constraints = [models.UniqueConstraint(fields=["campaign", "index"],
                                               name="campaign_seat_unique_index")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_open(self) -> bool:
        """Return whether the invite link can still be used to take this seat."""
        return self.user_id is None

    def join(self, user: Any) -> bool:
        """Give this seat to ``user`` if it is still open; return False if someone took it first.

        The conditional UPDATE settles two friends following the same link at once: only one
        of them matches the still-open row.
        """
        self.name = self.name or user.get_username()
        taken = Seat.objects.filter(pk=self.pk, user__isnull=True).update(user=user, name=self.name)
        self.refresh_from_db(fields=["user", "name"])
        return bool(taken)


class CampaignEvent(models.Model):
    """One change to a campaign. Append-only: undo is a new event, never a deletion."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="+")
    actor_name = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["campaign", "seq"]
        constraints = [models.UniqueConstraint(fields=["campaign", "seq"],
                                               name="campaign_event_unique_seq")]

    def __str__(self) -> str:
        return f"{self.campaign_id}#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("campaign events are append-only")
        super().save(*args, **kwargs)
