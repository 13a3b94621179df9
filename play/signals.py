"""The one signal of online play: a match changed (an action, a resignation, a new match).

Sent after the transaction that saved the change has committed, so receivers (live updates,
the bot queue, turn notifications) only ever see saved versions and may query the database.
Receivers connect in their own modules; `PlayConfig.ready` imports those modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.dispatch import Signal

# Sent with `change=MatchChange(...)`; the sender is the Match class.
match_changed = Signal()


@dataclass(frozen=True)
class MatchChange:
    """What changed: the match, its new version, whose decision it is now, and its status.

    `mover` (the seat of the last action) and `bot_decides` save receivers a query when the
    sender knows them; None means unknown.
    """

    match_id: int
    version: int
    turn_seat: int | None
    status: str
    mover: int | None = None
    bot_decides: bool | None = None
