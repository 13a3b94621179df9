"""The home page's list of a player's matches: who plays, what, whose turn, since when.

Everything comes from `Match.turn_seat`, `Match.moved_at`, the result, the mode (two keys read
from the small setup JSON inside the query) and the seat rows, in a fixed number of queries
however many matches there are; no game state is loaded or decoded.
The matches where it is the player's turn come first, then the running ones, then the finished
ones, each group by its last move, newest first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import (
    BooleanField,
    Case,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    When,
)
from django.db.models.fields.json import KT
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from play.models import Match, MatchPack, MatchSeat
from play.modes_web import BY_KEY, STANDARD

ACTIVE, FINISHED, WAITING = (Match.Status.ACTIVE, Match.Status.FINISHED, Match.Status.WAITING)
_FIELDS = ("id", "status", "created", "finished", "result", "scenario", "turn_seat", "moved_at",
           "campaign__name", "pack__name_en", "pack__name_ru")


@dataclass(frozen=True)
class MatchRow:
    """One line of the list, ready to show: every text is in the active language."""

    match: Match
    players: str
    kind: str
    status: str
    my_turn: bool
    finished: bool
    moved_at: datetime | None
    moved_ago: str


def home_matches(user: Any, limit: int) -> list[MatchRow]:
    """Return up to `limit` of `user`'s matches as rows, the ones awaiting them first."""
    mine = MatchSeat.objects.filter(match=OuterRef("pk"), user=user)
    my_turn = Q(status=ACTIVE) & Exists(mine.filter(index=OuterRef("turn_seat")))
    matches = (
        Match.objects.filter(Exists(mine))
        .select_related("pack", "campaign").only(*_FIELDS)
        .annotate(my_turn=Case(When(my_turn, then=True), default=False,
                               output_field=BooleanField()),
                  over=Case(When(status=FINISHED, then=1), default=0, output_field=IntegerField()),
                  mode=KT("setup__mode"), targeting=KT("setup__targeting"))
        .prefetch_related(
            Prefetch("seats", MatchSeat.objects.order_by("index").only(
                "id", "match_id", "index", "user_id", "bot", "name"), to_attr="seat_list"),
            Prefetch("pack_links", MatchPack.objects.select_related("pack")
                     .only("id", "match_id", "position", "pack__name_en", "pack__name_ru")))
        .order_by("-my_turn", "over", F("moved_at").desc(nulls_last=True), "-created")[:limit])
    now = timezone.now()
    return [_row(match, user, now) for match in matches]


def _row(match: Match, user: Any, now: datetime) -> MatchRow:
    seats = list(match.seat_list)
    me = next((s for s in seats if s.user_id == user.pk), None)
    return MatchRow(
        match=match, players=" – ".join(_seat_name(s) for s in seats), kind=_kind(match, seats),
        status=_status(match, seats, me), my_turn=bool(match.my_turn), finished=bool(match.over),
        moved_at=match.moved_at, moved_ago=ago(match.moved_at, now))


def _seat_name(seat: MatchSeat) -> str:
    return seat.shown_name or _("open seat")


def _kind(match: Match, seats: list[MatchSeat]) -> str:
    """Return what is played: a campaign's scenario, or the game mode and its card sets."""
    if match.scenario and match.campaign_id:
        return _("Scenario %(n)s of “%(campaign)s”") % {"n": match.scenario,
                                                        "campaign": match.campaign.name}
    packs = [match.pack] + [link.pack for link in match.pack_links.all()]
    sets = " + ".join(str(pack.name) for pack in packs)
    mode = _mode_key(match, len(seats))
    if mode != STANDARD:
        return _("%(mode)s · %(sets)s") % {"mode": BY_KEY[mode].name, "sets": sets}
    return _("Standard game · %(sets)s") % {"sets": sets}


def _mode_key(match: Match, seats: int) -> str:
    """Return the mode as `modes_web.mode_of` does, from the two setup keys the query read."""
    if match.mode in BY_KEY and match.mode != STANDARD:
        return str(match.mode)
    if seats <= 2:
        return STANDARD
    return "hunter" if match.targeting == "next" else "ffa"


def _status(match: Match, seats: list[MatchSeat], me: MatchSeat | None) -> str:
    """Return whose decision it is, who is awaited, or how the game ended."""
    if match.status == FINISHED:
        return _result(match, seats, me)
    if match.status == WAITING or any(s.is_open for s in seats):
        return _("Waiting for a player to join")
    if match.my_turn:
        return _("Your turn")
    turn = next((s for s in seats if s.index == match.turn_seat), None)
    if turn is None:
        return _("In progress")
    if turn.bot:
        return _("%(name)s is thinking") % {"name": turn.name}
    return _("Waiting for %(name)s") % {"name": turn.name}


def _result(match: Match, seats: list[MatchSeat], me: MatchSeat | None) -> str:
    result = match.result or {}
    winner = next((s for s in seats if s.index == result.get("winner")), None)
    resigned = result.get("reason") == "resign"
    if winner is None:
        return _("Game over")
    if me is not None and winner.pk == me.pk:
        return _("You won by resignation") if resigned else _("You won")
    if resigned:
        return _("%(name)s won by resignation") % {"name": winner.name}
    return _("%(name)s won") % {"name": winner.name}


def ago(moment: datetime | None, now: datetime | None = None) -> str:
    """Return "5 minutes ago" (the largest unit only) or "just now", in the active language."""
    if moment is None:
        return ""
    now = now or timezone.now()
    if now - moment < timedelta(minutes=1):
        return _("just now")
    return _("%(time)s ago") % {"time": timesince(moment, now, depth=1)}
