"""Database models of online play: matches, their seats and the action log.

A match is its engine setup (which holds the seed) plus the list of action notations applied to
it: `play.services.replay_match` rebuilds the game exactly from those two. `Match.state` only
caches the serialized engine state so a request does not replay the whole game; tests re-verify
the cache against a replay. Everything lives in the database, so any server process can serve
any request of a match.

The setup and the cached state hold hidden information (the seed, deck orders, both hands): they
are server-side only. Pages and JSON endpoints show `view(state, seat)`, never these fields.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from cards.models import ContentPack
from common.caching import BoundedCache
from play.bot_names import shown_name

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

RESIGN = "resign"  # stored in the action log like a notation; the engine's resign is no action


def new_invite_token() -> str:
    """Return an unguessable token for a seat's invite link."""
    return secrets.token_urlsafe(24)


class MatchQuerySet(models.QuerySet):
    """Named queries over matches."""

    def with_seats(self) -> MatchQuerySet:
        """Read each match's seats in one more query, into `Match.seat_list`."""
        return self.prefetch_related(models.Prefetch(
            "seats", queryset=MatchSeat.objects.order_by("index"), to_attr="seat_list"))

    def for_user(self, user: AbstractBaseUser | AnonymousUser | None) -> MatchQuerySet:
        """Return the matches where `user` holds a seat, newest first (the home page lists them)."""
        if user is None or not user.is_authenticated:
            return self.none()
        return self.filter(seats__user=user).distinct().order_by("-created")

    def offered_to(self, user: AbstractBaseUser | AnonymousUser | None) -> MatchQuerySet:
        """Return the unfinished matches with an open seat offered to `user`, newest first."""
        if user is None or not user.is_authenticated:
            return self.none()
        return (self.filter(seats__offered_to=user, seats__user__isnull=True)
                .exclude(status="finished").distinct().order_by("-created"))


# (match id, created) → mixed-in pack ids: fixed once a match exists.
MIXED_IN: BoundedCache[tuple[int, Any], tuple[int, ...]] = BoundedCache(20_000)


class Match(models.Model):
    """One online game: a setup, seats and an action log (server-authoritative)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for a player")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")

    pack = models.ForeignKey("cards.ContentPack", on_delete=models.PROTECT, related_name="matches")
    setup = models.JSONField(help_text=_("GameSetup.to_dict(): holds the seed, never shown."))
    state = models.JSONField(default=dict, blank=True,
                             help_text=_("Cache of the serialized engine state (server side)."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    version = models.PositiveIntegerField(default=0, help_text=_("Number of actions applied."))
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True, help_text=_("The engine's outcome."))
    campaign = models.ForeignKey("campaign.Campaign", null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="matches")
    scenario = models.PositiveSmallIntegerField(null=True, blank=True)
    campaign_version = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("The campaign version the scenario game was set up at."))
    snapshot = models.JSONField(null=True, blank=True,
                                help_text=_("The campaign snapshot the setup was built from."))
    extra_packs = models.ManyToManyField(
        "cards.ContentPack", through="MatchPack", related_name="mixed_matches", blank=True,
        help_text=_("Packs whose trade cards join the first pack's (a mixed game)."))
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch",
        help_text=_("The finished game this one is the rematch of (one rematch per game)."))
    recorded = models.BooleanField(default=False,
                                   help_text=_("The result was written back to the campaign."))
    record_problem = models.TextField(blank=True)
    # Denormalized from the cached state on every save, so lists, notifications and the bot
    # sweeper can ask "whose decision, since when?" without decoding any game state.
    turn_seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Index of the seat whose decision it is (none when over)."))
    moved_at = models.DateTimeField(null=True, blank=True,
                                    help_text=_("When the last action was applied."))

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ("-created",)
        verbose_name_plural = _("matches")
        indexes = (models.Index(fields=["status", "turn_seat"], name="play_match_turn"),)

    def __str__(self) -> str:
        names = " – ".join(seat.shown_name for seat in self.seat_list)
        if self.scenario:
            return _("Scenario %(n)s: %(names)s") % {"n": self.scenario, "names": names}
        return names or f"#{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("play:match", args=[self.pk])

    def seat_of(self, user: Any) -> MatchSeat | None:
        """Return the seat `user` plays, or None (outsiders, anonymous visitors)."""
        if user is None or not user.is_authenticated:
            return None
        return next((s for s in self.seat_list if s.user_id == user.pk), None)

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED

    def card_faces(self) -> set[tuple[str, str | None]]:
        """Return the (card id, sticker id or None) pairs this game's trade deck and decks hold.

        A game's own cards may be shown to its players even without a campaign context: a
        finished campaign's deck (L26) holds upgraded and post-campaign cards whose envelopes
        a standard game does not open. Nothing outside the setup is unlocked this way.
        """
        faces: set[tuple[str, str | None]] = set()
        for entry in self.setup.get("trade_deck") or []:
            if isinstance(entry, dict):
                faces.add((str(entry.get("copy", "")).split("#")[0], entry.get("sticker")))
            else:
                faces.add((str(entry).split("#")[0], None))
        for seat in self.setup.get("seats") or []:
            faces.update((card, None) for card in (seat.get("deck") or {}))
        return faces

    _packs: list[Any] | None = None  # `content_packs`, once read

    def content_packs(self) -> list[Any]:
        """Return the packs the game's cards come from: `pack` first, then the mixed-in ones.

        Read once per match object (a match's packs never change); a pack's `data` comes from
        memory when this process has read that pack before (`ContentPack.with_data`).
        """
        if self._packs is None:
            mixed = [pack.with_data() for pack in self._mixed_in_packs()]
            self._packs = [self.pack.with_data(), *mixed]
        return self._packs

    def _mixed_in_packs(self) -> list[Any]:
        """Return the packs mixed into the game, in order (their rows without `data`).

        Which packs they are is fixed when the match is created, so this process remembers it:
        most games mix nothing in and then need no query at all. The key holds the creation
        time too, because a rolled-back test may hand the same id to another match."""
        key = (self.pk, self.created)
        ids = MIXED_IN.get_or_make(key, lambda: tuple(
            self.pack_links.order_by("position").values_list("pack_id", flat=True)))
        if not ids:
            return []
        rows = ContentPack.objects.defer("data").in_bulk(ids)
        return [rows[pk] for pk in ids]

    @cached_property
    def seat_list(self) -> list[MatchSeat]:
        """Return the seats in index order, read once per match object.

        A `Prefetch("seats", to_attr="seat_list")` or `play.rows` fills it without a query."""
        return list(self.seats.order_by("index"))

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        self._packs = None
        self.__dict__.pop("seat_list", None)
        super().refresh_from_db(*args, **kwargs)


class MatchPack(models.Model):
    """A pack mixed into a match: its trade cards join the first pack's trade deck."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="pack_links")
    pack = models.ForeignKey("cards.ContentPack", on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(help_text=_("1 for the first pack mixed in."))

    class Meta:
        ordering = ("match", "position")
        constraints = (models.UniqueConstraint(fields=["match", "position"],
                                               name="play_matchpack_unique_position"),
                       models.UniqueConstraint(fields=["match", "pack"],
                                               name="play_matchpack_unique_pack"))

    def __str__(self) -> str:
        return f"{self.match_id}+{self.pack}"


class MatchSeat(models.Model):
    """One seat: a registered user, a bot, or (until a friend follows the invite) nobody yet."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="match_seats")
    bot = models.CharField(max_length=20, blank=True, help_text=_("Bot name; empty for a person."))
    name = models.CharField(_("name"), max_length=80)
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    offered_to = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="match_offers",
        help_text=_("The one user who may accept this open seat (empty: anyone with the link)."))
    # The board's scenario panel as this player left it; None: never touched, shown open.
    scenario_open = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ("match", "index")
        constraints = (models.UniqueConstraint(fields=["match", "index"],
                                               name="play_seat_unique_index"),)

    def __str__(self) -> str:
        return self.shown_name

    @property
    def shown_name(self) -> str:
        """Return the seat's name in the active language (a bot's words translated)."""
        return shown_name(self.name, self.bot)

    @property
    def is_open(self) -> bool:
        """Return whether a friend can still take this seat through the invite link."""
        return self.user_id is None and not self.bot

    def may_join(self, user: Any) -> bool:
        """Return whether `user` may take this seat: it is open, and offered to them or to all."""
        return self.is_open and (self.offered_to_id is None or self.offered_to_id == user.pk)

    def join(self, user: Any) -> bool:
        """Give the open seat to `user`; False if someone took it first (conditional UPDATE)."""
        if not self.may_join(user):
            return False
        taken = MatchSeat.objects.filter(pk=self.pk, user__isnull=True, bot="").update(
            user=user, name=self.name or user.get_username())
        self.refresh_from_db(fields=["user", "name"])
        return bool(taken)


class MatchAction(models.Model):
    """One applied action (or a resignation), in order. Append-only."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    notation = models.CharField(max_length=60)
    seat = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("match", "seq")
        constraints = (models.UniqueConstraint(fields=["match", "seq"],
                                               name="play_action_unique_seq"),)

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.notation}"


class NotificationPrefs(models.Model):
    """One user's e-mail choices: turn e-mails and their delay, campaign e-mails, the language.

    A user without a row gets the defaults (both kinds on, 15 minutes); the row is created when
    they save the preferences page or follow an opt-out link.
    """

    class Delay(models.IntegerChoices):
        FIVE_MINUTES = 300, _("after 5 minutes")
        FIFTEEN_MINUTES = 900, _("after 15 minutes")
        ONE_HOUR = 3600, _("after 1 hour")
        ONE_DAY = 86400, _("after 1 day")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="notification_prefs")
    turn_emails = models.BooleanField(_("E-mail me when it is my turn"), default=True)
    turn_delay = models.PositiveIntegerField(
        _("Send it"), choices=Delay.choices, default=Delay.FIFTEEN_MINUTES,
        help_text=_("Only if I have not looked at the board by then."))
    campaign_emails = models.BooleanField(
        _("E-mail me when someone accepts an invitation to my campaign"), default=True)
    language = models.CharField(max_length=10, blank=True,
                                help_text=_("The language of the e-mails (the last one used)."))

    class Meta:
        verbose_name = _("notification preferences")
        verbose_name_plural = _("notification preferences")

    def __str__(self) -> str:
        return str(self.user)

    @classmethod
    def of(cls, user: Any) -> NotificationPrefs:
        """Return the user's saved preferences, or unsaved defaults."""
        try:
            return cls.objects.get(user=user)
        except cls.DoesNotExist:
            return cls(user=user)


class SeatNotice(models.Model):
    """Turn e-mail bookkeeping of one human seat: the last version it saw, the last one mailed.

    Kept apart from MatchSeat so the page's "seen" write is a one-row conditional UPDATE that
    never touches the seat rows the match's moves read.
    """

    seat = models.OneToOneField(MatchSeat, on_delete=models.CASCADE, primary_key=True,
                                related_name="notice")
    seen_version = models.IntegerField(default=-1, help_text=_("Last version shown to the seat."))
    mailed_version = models.IntegerField(default=-1,
                                         help_text=_("Version of the last turn e-mail sent."))
    language = models.CharField(max_length=10, blank=True,
                                help_text=_("The language the seat's player last saw the board in."))

    def __str__(self) -> str:
        return f"{self.seat_id}: seen {self.seen_version}, mailed {self.mailed_version}"
