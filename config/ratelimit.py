"""Fixed-window rate limits per user and action, counted in Django's cache.

``settings.RATE_LIMITS`` maps an action to (requests, window seconds); a count of 0 turns it
off. Each POST to a decorated view counts, accepted or not (a refused import costs the server
as much as an accepted one). Over the limit the answer is 429 with a page that says when to try
again, and the view does not run.

The counters live in the ``default`` cache. Django's default LocMemCache is per process: with
several server workers a user can reach the limit once in each of them. Setting CACHE_TABLE
(a DatabaseCache every process shares; ``manage.py createcachetable`` creates it) makes the
limit hold across processes and hosts. Neither backend increments atomically across processes,
so a burst of simultaneous requests may pass a few over the limit: the limit is a brake on
abuse, not an exact quota.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

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
    key = f"ratelimit:{action}:{who}:{start}"
    cache.add(key, 0, timeout=window + 60)  # keep it a little past the window, never reset early
    try:
        count = cache.incr(key)
    except ValueError:  # evicted between add and incr: this request opens the count again
        cache.set(key, 1, timeout=window + 60)
        count = 1
    return 0 if count <= limit else max(1, math.ceil(start + window - now))


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
