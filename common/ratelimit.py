"""Fixed-window rate limits per user and action, counted in the database.

``settings.RATE_LIMITS`` maps an action to (requests, window seconds); a count of 0 turns it
off. Each POST to a decorated view counts, accepted or not (a refused import costs the server
as much as an accepted one). Over the limit the answer is 429 with a page that says when to try
again, and the view does not run.

The counts are rows of the ``ratelimits`` app (created by ``migrate``), incremented by one UPDATE
each: every server process and host shares them and simultaneous requests never count as one, so
the limit holds exactly however many workers serve the site (it once lived in a per-process cache,
issue 25 F7).
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from ratelimits.models import RateCount

View = Callable[..., HttpResponse]

ACTION_NAMES = {
    "campaign-import": _("import campaign backups"),
    "pack-import": _("import pack files"),
    "pack-copy": _("copy packs"),
    "pack-edit": _("save changes to your sets"),
    "match-create": _("start matches"),
}


def hit(action: str, who: str, now: float | None = None) -> int:
    """Count a request of ``who`` for ``action``; return the seconds to wait, 0 if within limit."""
    limit, window = settings.RATE_LIMITS.get(action, (0, 0))
    if limit <= 0 or window <= 0:
        return 0
    now = time.time() if now is None else now
    start = int(now // window) * window
    count = RateCount.objects.count_one(f"ratelimit:{action}:{who}:{start}",
                                        expires=_moment(start + window), now=_moment(now))
    return 0 if count <= limit else max(1, math.ceil(start + window - now))


def _moment(seconds: float) -> datetime:
    """Return the aware UTC datetime of a Unix time."""
    return datetime.fromtimestamp(seconds, tz=UTC)


def _who(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user-{user.pk}"
    return f"ip-{request.META.get('REMOTE_ADDR', '')}"


def rate_limit(action: str) -> Callable[[View], View]:
    """Limit the POSTs of each user (or address) to a view by ``settings.RATE_LIMITS[action]``."""

    def decorator(view: View) -> View:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST":
                wait = hit(action, _who(request))
                if wait:
                    return too_many_requests(request, action, wait)
            return view(request, *args, **kwargs)

        return limited

    return decorator


def too_many_requests(request: HttpRequest, action: str, wait: int) -> HttpResponse:
    """Answer 429 with a page naming the limit and when to try again."""
    limit, window = settings.RATE_LIMITS[action]
    context = {"what": ACTION_NAMES.get(action, ""), "limit": limit,
               "window_minutes": max(1, window // 60), "wait_minutes": max(1, math.ceil(wait / 60))}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
