"""Database models of online play (matches, seats, the action log).

The rules live in play/engine (pure Python). The models that wrap them arrive with the online-play
issue; the home page lists `Match.objects.for_user(user)` as soon as that model exists.
"""

from __future__ import annotations
