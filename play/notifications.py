"""E-mails that bring players back: "your turn" after a delay they choose, and "someone accepted
your campaign invitation". Each user can turn either kind off (preferences page, or the one-click
link in every e-mail, which works logged out).

A turn e-mail is scheduled when `match_changed` hands the decision to a human seat from someone
else (a new turn, not the next action of a turn already going on), as a background task run
after the seat's chosen delay. When it runs it sends only if nothing happened meanwhile: the match
is still at that version with that seat to decide, the player has not been shown the board since
(`seen`, called by the match views, records the last version shown to each seat), they still
want turn e-mails, have an address, and this turn was not mailed already (a conditional UPDATE
claims the e-mail, so a retried or doubled task cannot send it twice).

Campaign e-mails go out at once (a task with no delay): accepting an invitation is a one-off
event with no board anyone could be watching, so waiting would only make the news late.

E-mails are written in the recipient's language: the one they last played or saved their
preferences in, else settings.LANGUAGE_CODE. Links are absolute, built on settings.SITE_URL.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import F
from django.dispatch import receiver
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from campaign.signals import seat_joined
from common.sql import update_where
from play.models import Match, MatchAction, MatchSeat, NotificationPrefs, SeatNotice
from play.signals import MatchChange, match_changed

TURN_TASK = "play.notifications.send_turn_email"
CAMPAIGN_TASK = "play.notifications.send_campaign_email"
TURN, CAMPAIGN = "turn", "campaign"  # the kinds of e-mail a user can turn off
KINDS = (TURN, CAMPAIGN)
_TOKEN_SALT = "play.notifications.unsubscribe"


def _enqueue(func_path: str, *args: Any, delay_seconds: float = 0) -> None:
    """Hand a task to the queue (play.tasks runs it after the current transaction commits)."""
    from play.tasks import enqueue  # late: the queue module loads its backend on import

    enqueue(func_path, *args, delay_seconds=delay_seconds)


# -- what a seat has seen ---------------------------------------------------------------------


def seen(request: HttpRequest, match: Match, seat: MatchSeat | None) -> None:
    """Record that `seat`'s player was shown `match` at its current version, in their language.

    One conditional UPDATE when the version is new to the seat (a poll answering 204 never gets
    here); the row is created on the first view of a match. The user's language for other
    e-mails is remembered from whole pages only: a board fetched by htmx cannot switch it.
    """
    if seat is None or seat.bot or seat.user_id is None or match.status == Match.Status.WAITING:
        return  # a board still waiting for players is nobody's turn yet: it does not count
    language = request_language(request)
    shown = _mark_seen(seat.pk, match.version, language)
    if shown:
        if not request.headers.get("HX-Request"):  # a language switch reloads the whole page
            (NotificationPrefs.objects.filter(user_id=seat.user_id).exclude(language=language)
             .update(language=language))
        return
    SeatNotice.objects.bulk_create(
        [SeatNotice(seat_id=seat.pk, seen_version=match.version, language=language)],
        ignore_conflicts=True)


def _mark_seen(seat_id: int, version: int, language: str) -> int:
    """Raise the seat's seen version to `version`; return 1 if it was lower, else 0."""
    return update_where(SeatNotice, {"seen_version": version, "language": language},
                        {"seat": seat_id, "seen_version__lt": version})


def request_language(request: HttpRequest) -> str:
    """Return the request's language as one of settings.LANGUAGES."""
    code = getattr(request, "LANGUAGE_CODE", "") or translation.get_language() or ""
    return _supported(code)


def _supported(code: str) -> str:
    """Return `code` if the site speaks it (or its base language), else settings.LANGUAGE_CODE."""
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return settings.LANGUAGE_CODE


# -- turn e-mails -----------------------------------------------------------------------------


@receiver(match_changed, dispatch_uid="play.notifications.schedule_turn_email")
def schedule_turn_email(sender: type, change: MatchChange, **kwargs: Any) -> None:
    """Schedule the turn e-mail when the decision passes to a human seat that wants one."""
    if (change.status == Match.Status.FINISHED or change.turn_seat is None or change.bot_decides
            or change.mover == change.turn_seat):
        return  # over, a bot's turn, or the seat's own turn goes on (its player is at the board)
    seat = (MatchSeat.objects
            .filter(match_id=change.match_id, index=change.turn_seat, bot="", user__isnull=False)
            .values("pk", "user__email", wants=F("user__notification_prefs__turn_emails"),
                    delay=F("user__notification_prefs__turn_delay")).first())
    if seat is None or not seat["user__email"] or seat["wants"] is False:
        return  # no e-mail address, or turned off (no preferences row: the defaults, on)
    last_mover = (MatchAction.objects.filter(match_id=change.match_id, seq=change.version)
                  .values_list("seat", flat=True).first())
    if last_mover == change.turn_seat:
        return  # the seat's own turn goes on: its player is at the board
    delay = seat["delay"] or NotificationPrefs.Delay.FIFTEEN_MINUTES
    _enqueue(TURN_TASK, change.match_id, change.turn_seat, change.version, delay_seconds=delay)


def send_turn_email(match_id: int, seat_index: int, version: int) -> bool:
    """Send the "your turn" e-mail if it is still due (see the module docstring); True if sent."""
    match = (Match.objects.filter(pk=match_id).only("pk", "version", "status", "turn_seat",
                                                    "scenario").first())
    if (match is None or match.is_over or match.version != version
            or match.turn_seat != seat_index):
        return False
    seat = (MatchSeat.objects.select_related("user", "user__notification_prefs", "notice")
            .filter(match_id=match_id, index=seat_index, bot="", user__isnull=False).first())
    if seat is None or not _wants(seat.user, TURN):
        return False
    with transaction.atomic():
        SeatNotice.objects.bulk_create([SeatNotice(seat_id=seat.pk)], ignore_conflicts=True)
        claimed = (SeatNotice.objects
                   .filter(seat_id=seat.pk, seen_version__lt=version, mailed_version__lt=version)
                   .update(mailed_version=version))
        if not claimed:
            return False  # seen since the turn began, or mailed already
        notice = getattr(seat, "notice", None)
        _send(seat.user, TURN, "emails/turn", _language(seat.user, notice), lambda: {
            "match": match, "seat": seat, "url": _absolute(match.get_absolute_url()),
            "opponents": [s.name for s in match.seat_list if s.index != seat_index],
            "delay": _prefs(seat.user).get_turn_delay_display()})
    return True


# -- campaign e-mails -------------------------------------------------------------------------


@receiver(seat_joined, dispatch_uid="play.notifications.campaign_joined")
def campaign_joined(sender: type, seat: Any, **kwargs: Any) -> None:
    """Tell the campaign's other members (seated players and its creator) who just joined."""
    campaign = seat.campaign
    members = {s.user_id for s in campaign.seats.all() if s.user_id} | {campaign.creator_id}
    members.discard(seat.user_id)
    wanted = (get_user_model().objects.filter(pk__in=members, is_active=True)
              .exclude(email="").exclude(notification_prefs__campaign_emails=False)
              .values_list("pk", flat=True))
    for user_id in sorted(wanted):
        _enqueue(CAMPAIGN_TASK, campaign.pk, seat.index, user_id)


def send_campaign_email(campaign_id: int, seat_index: int, user_id: int) -> bool:
    """Send "<name> accepted your invitation" to one member if they still want it; True if sent."""
    from campaign.models import Campaign  # late: the campaign app imports this module

    campaign = Campaign.objects.active().filter(pk=campaign_id).first()
    user = get_user_model().objects.filter(pk=user_id).select_related("notification_prefs").first()
    if campaign is None or user is None or not _wants(user, CAMPAIGN):
        return False
    seat = (campaign.seats.select_related("user")
            .filter(index=seat_index, user__isnull=False).first())
    if seat is None or seat.user_id == user.pk:
        return False
    if not (campaign.creator_id == user.pk or campaign.seats.filter(user=user).exists()):
        return False  # they left the campaign meanwhile
    _send(user, CAMPAIGN, "emails/campaign_joined", _language(user), lambda: {
        "campaign": campaign, "seat": seat, "url": _absolute(campaign.get_absolute_url())})
    return True


# -- opting out -------------------------------------------------------------------------------


def unsubscribe_token(user_id: int, kind: str) -> str:
    """Return the signed token of a one-click opt-out link (it never expires)."""
    return signing.dumps([user_id, kind], salt=_TOKEN_SALT)


def read_unsubscribe_token(token: str) -> tuple[Any, str] | None:
    """Return (user, kind) of a valid opt-out token, or None for a forged or stale one."""
    try:
        user_id, kind = signing.loads(token, salt=_TOKEN_SALT)
    except (signing.BadSignature, TypeError, ValueError):
        return None
    if kind not in KINDS or not isinstance(user_id, int):
        return None
    user = get_user_model().objects.filter(pk=user_id).first()
    return (user, kind) if user is not None else None


def opt_out(user: Any, kind: str) -> None:
    """Turn off one kind of e-mail for `user`."""
    field = "turn_emails" if kind == TURN else "campaign_emails"
    prefs, _created = NotificationPrefs.objects.get_or_create(user=user)
    setattr(prefs, field, False)
    prefs.save(update_fields=[field])


# -- sending ----------------------------------------------------------------------------------


def _wants(user: Any, kind: str) -> bool:
    """Return whether `user` can and wants to receive e-mails of `kind`."""
    if not user.is_active or not user.email:
        return False
    prefs = _prefs(user)
    return prefs.turn_emails if kind == TURN else prefs.campaign_emails


def _prefs(user: Any) -> NotificationPrefs:
    """Return the user's preferences as loaded with them (select_related), or the defaults."""
    return getattr(user, "notification_prefs", None) or NotificationPrefs(user=user)


def _language(user: Any, notice: SeatNotice | None = None) -> str:
    """Return the language to write to `user` in: saved or last played, else the site's."""
    prefs = getattr(user, "notification_prefs", None)
    if prefs is not None and prefs.language:
        return _supported(prefs.language)
    if notice is not None and notice.language:
        return _supported(notice.language)
    latest = (SeatNotice.objects.filter(seat__user=user).exclude(language="")
              .order_by("-seat_id").values_list("language", flat=True).first())
    return _supported(latest or settings.LANGUAGE_CODE)


def _absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _send(user: Any, kind: str, template: str, language: str, context: Any) -> None:
    """Render `template`_subject.txt and `template`.txt in `language` and send them to `user`."""
    stop_url = _absolute(reverse("play:unsubscribe", args=[unsubscribe_token(user.pk, kind)]))
    with translation.override(language):
        values = {**context(), "user": user, "stop_url": stop_url,
                  "preferences_url": _absolute(reverse("play:notifications"))}
        subject = " ".join(render_to_string(f"{template}_subject.txt", values).split())
        body = render_to_string(f"{template}.txt", values)
    message = EmailMultiAlternatives(
        subject, body, to=[user.email],
        headers={"List-Unsubscribe": f"<{stop_url}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    message.send()
