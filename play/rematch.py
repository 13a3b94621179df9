"""After a game: a rematch with the same seats and decks, or the campaign's next scenario.

Rematch: the same setup (packs and mix, decks, trade deck, mode) with a new seed, so the first
player is drawn anew (C3) when the game drew it. The one who asks is seated; every other person
is OFFERED their old seat and must accept it (home page); bots stay bots. Only games outside a
campaign's scenarios get one: replaying a scenario outside its campaign would be a game the
campaign never hears of, so a scenario game offers the campaign's next step instead.

The link between a game and its rematch is found, not stored (no migration): the rematch of A
is the first later match with A's setup (seed aside), packs and people in the same seats. Asking
twice, or both players asking, leads to that same match.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.models import Campaign
from campaign.state import AFTER_CAMPAIGN, FINISHED, PLAYING, missing_choices
from config.ratelimit import rate_limit
from play import services
from play.engine import EngineError, GameSetup
from play.models import Match
from play.services import MatchError, SeatSpec

CANDIDATES = 20  # later matches of the same people looked at when finding a rematch


# -- rematch --------------------------------------------------------------------------------------


def may_rematch(match: Match, user: Any) -> bool:
    """Return whether `user` may ask for a rematch: a finished game outside a campaign they played."""
    return match.is_over and match.campaign_id is None and match.seat_of(user) is not None


def create_rematch(match: Match, user: Any) -> Match:
    """Return the rematch of `match`, creating it (user seated, the others offered their seats)."""
    if not may_rematch(match, user):
        raise MatchError(_("Only a player of a finished game outside a campaign can ask for a "
                           "rematch."))
    existing = rematch_of(match)
    if existing is not None:
        return existing
    data = {**match.setup, "seed": services._new_seed()}
    try:
        setup = GameSetup.from_dict(data, services.match_engine_pack(match))
    except EngineError as error:
        raise MatchError(_("This game can no longer be set up again: %(reason)s")
                         % {"reason": error}) from None
    seats = [_seat_spec(seat, user) for seat in match.seats.all()]
    extra = [link.pack for link in match.pack_links.select_related("pack").order_by("position")]
    return services.create_match(match.pack, setup, seats, extra_packs=extra)


def _seat_spec(seat: Any, user: Any) -> SeatSpec:
    """Return who sits in the rematch's seat: the asker, a bot, or an offer to the old player."""
    if seat.bot:
        return SeatSpec(seat.name, bot=seat.bot)
    if seat.user_id == user.pk:
        return SeatSpec(seat.name, user=user)
    return SeatSpec(seat.name, offered_to=seat.user or seat.offered_to)


def rematch_of(match: Match) -> Match | None:
    """Return the rematch of a finished match: the first later match of the same game and people."""
    if not match.is_over or match.finished is None or match.campaign_id is not None:
        return None
    later = _same_people(match).filter(created__gte=match.finished).order_by("created", "pk")
    return next((m for m in later[:CANDIDATES] if _same_game(match, m)), None)


# {(match id, created): id of the match it is the rematch of, or None}. Fixed once a match
# exists: the original finished before it was created, and any later match cannot come between
# them. The board asks on every update, so each process remembers the answer (bounded, oldest
# out; `created` in the key because SQLite may give a deleted match's id to a new one).
_ORIGINALS: dict[tuple[int, Any], int | None] = {}
_ORIGINALS_MAX = 4096


def original_of(match: Match) -> Match | None:
    """Return the match this one is the rematch of, or None."""
    if match.campaign_id is not None:
        return None
    key = (match.pk, match.created)
    if key in _ORIGINALS:
        known = _ORIGINALS[key]
        return Match.objects.filter(pk=known).first() if known is not None else None
    found = _find_original(match)
    if len(_ORIGINALS) >= _ORIGINALS_MAX:
        del _ORIGINALS[next(iter(_ORIGINALS))]
    _ORIGINALS[key] = found.pk if found is not None else None
    return found


def _find_original(match: Match) -> Match | None:
    earlier = (_same_people(match).filter(status=Match.Status.FINISHED,
                                          finished__lte=match.created).order_by("-finished", "-pk"))
    return next((m for m in earlier[:CANDIDATES]
                 if _same_game(m, match) and rematch_of(m) == match), None)


def _same_people(match: Match) -> Any:
    people = [s.user_id or s.offered_to_id for s in match.seats.all() if not s.bot]
    people = [p for p in people if p is not None]
    query = Match.objects.filter(pack_id=match.pack_id, campaign__isnull=True).exclude(pk=match.pk)
    if people:
        query = query.filter(Q(seats__user__in=people) | Q(seats__offered_to__in=people))
    return query.distinct().prefetch_related("seats", "pack_links")


def _same_game(a: Match, b: Match) -> bool:
    """Return whether two matches are the same game but for the seed: setup, packs, seats."""
    return (_comparable(a.setup) == _comparable(b.setup)
            and _mixed(a) == _mixed(b) and _people(a) == _people(b))


def _comparable(setup: dict) -> dict:
    """Return the setup without its seed, missing fields at their defaults (older matches)."""
    values = {}
    for f in fields(GameSetup):
        if f.name == "seed":
            continue
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else None)
        values[f.name] = setup.get(f.name, default)
    return values


def _mixed(match: Match) -> list[int]:
    return [link.pack_id for link in sorted(match.pack_links.all(), key=lambda k: k.position)]


def _people(match: Match) -> list[tuple[str, int | None]]:
    return [(s.bot, s.user_id or s.offered_to_id) for s in match.seats.all()]


@login_required
@require_POST
@rate_limit("match-create")
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """Start (or find) the rematch of a finished game and go to it."""
    match = get_object_or_404(Match.objects.select_related("pack").prefetch_related("seats"), pk=pk)
    if match.seat_of(request.user) is None:
        raise Http404("no seat in this match")
    try:
        new = create_rematch(match, request.user)
    except MatchError as error:
        messages.error(request, str(error))
        return redirect(match)
    return redirect(new)


# -- the campaign's next scenario ----------------------------------------------------------------


def next_scenario(match: Match, user: Any) -> dict[str, Any] | None:
    """Return what the finished campaign match's page offers next, or None.

    `kind` is "continue" (the next scenario's match runs already), "play" (its match can start
    at once: `campaign` and `number` for the form), or "campaign" (`text` says what the campaign
    page needs first: open the envelope, make choices, the after-campaign upgrades).
    """
    if not match.is_over or not match.recorded or match.campaign_id is None:
        return None
    campaign = (Campaign.objects.for_user(user).select_related("pack")
                .filter(pk=match.campaign_id).first())
    if campaign is None:
        return None
    running = services.active_campaign_match(campaign)
    if running is not None and running.pk != match.pk:
        return {"kind": "continue", "match": running, "number": running.scenario}
    try:
        number = services.open_scenario(campaign)
    except MatchError:
        return {"kind": "campaign", "url": campaign.get_absolute_url(),
                "text": _campaign_needs(campaign)}
    if campaign.seat_of(user) is None:
        return {"kind": "campaign", "url": campaign.get_absolute_url(),
                "text": _("A player of the campaign can start scenario %(n)s.") % {"n": number}}
    bot = next((s.bot for s in match.seats.all() if s.bot), services.DEFAULT_BOT)
    return {"kind": "play", "number": number, "campaign": campaign,
            "url": reverse("play:campaign", args=[campaign.pk]),
            "bot_field": f"c{campaign.pk}-bot", "bot": bot}


def _campaign_needs(campaign: Campaign) -> str:
    """Return, in words, what the campaign page must do before the next game can start."""
    state, content = campaign.current_state, campaign.content
    if state.phase == PLAYING and missing_choices(content, state):
        return _("Scenario %(n)s is open: the first player makes its choices on the campaign "
                 "page, then its game can start.") % {"n": state.scenario}
    if state.phase == PLAYING and state.scenario < content.scenario_count:
        return _("Open the envelope of scenario %(n)s on the campaign page to play it.") % {
            "n": state.scenario + 1}
    if state.phase == AFTER_CAMPAIGN:
        return _("Every scenario is played: the after-campaign upgrades are made on the "
                 "campaign page.")
    if state.phase == FINISHED:
        return _("The campaign is finished: its deck can now be played as a standard game.")
    return _("See the campaign page for its next step.")


# -- what the game-over panel shows ---------------------------------------------------------------


def game_over_panel(match: Match, user: Any) -> dict[str, Any]:
    """Return the links and buttons around a match's board: replay, spectators, rematch, next."""
    seated = match.seat_of(user) is not None
    panel: dict[str, Any] = {
        "replay_url": reverse("play:replay", args=[match.pk]),
        "spectator_url": (reverse("play:spectate", args=[match.pk])
                          if match.campaign_id is not None and not match.is_over else ""),
        "seated": seated,
    }
    panel["original"] = original_of(match)
    if not match.is_over:
        return panel
    panel["rematch"] = rematch_of(match) if match.campaign_id is None else None
    panel["may_rematch"] = may_rematch(match, user)
    panel["next"] = next_scenario(match, user) if seated else None
    return panel
