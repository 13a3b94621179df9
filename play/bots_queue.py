"""Bot turns off the request path: queued after a change, played by a worker, never stuck.

- `on_match_changed` hears `play.signals.match_changed` (sent after commit) and, when the seat
  that decides now is a bot's, queues `play_bot_turn(match_id, version)` (`play.tasks`).
- `play_bot_turn` plays one chunk (`services.run_bot_chunk`: row lock, version check, at most
  `settings.BOT_CHUNK_MS` of decisions, the normal save). The save announces itself, so if a bot
  still decides the next chunk is queued the same way; watchers see each chunk as it lands.
- A task is idempotent: one for a version the match has left does nothing. A worker that crashes
  before its chunk commits leaves the task leased, and the queue hands it out again.
- `sweep_stuck_bot_turns` (every `settings.BOT_SWEEP_MINUTES`, scheduled by `run_workers`) queues
  a turn again for every active match whose bot has not moved for `settings.BOT_STUCK_SECONDS`:
  the rare case of a crash between the commit and the queueing of the next chunk, or a queue
  that lost its rows.

With `settings.TASKS_SYNC` the services let the bots answer inside the change itself
(`services._sync_bot_actions`), so this receiver stays quiet.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.dispatch import receiver
from django.utils import timezone

from play import services, tasks
from play.models import Match, MatchSeat
from play.signals import MatchChange, match_changed

log = logging.getLogger(__name__)

TASK = "play.bots_queue.play_bot_turn"
SWEEP = "play.bots_queue.sweep_stuck_bot_turns"
SWEEP_SCHEDULE = "starledger: queue stuck bot turns again"


@receiver(match_changed, dispatch_uid="play.bots_queue")
def on_match_changed(sender: type, change: MatchChange, **_kwargs: Any) -> None:
    """Queue the bot's turn when the seat that decides now is a bot's."""
    if tasks.is_sync() or change.status != Match.Status.ACTIVE or change.turn_seat is None:
        return
    bot_decides = change.bot_decides
    if bot_decides is None:
        bot_decides = MatchSeat.objects.filter(match_id=change.match_id,
                                               index=change.turn_seat).exclude(bot="").exists()
    if bot_decides:
        tasks.enqueue(TASK, change.match_id, change.version)


def play_bot_turn(match_id: int, version: int) -> bool:
    """Play one chunk of the bot turn due at `version`; False (no change) if stale or done."""
    return services.run_bot_chunk(match_id, version)


def stuck_bot_turns() -> Any:
    """Return the active matches whose bot should have moved BOT_STUCK_SECONDS ago."""
    cutoff = timezone.now() - timedelta(seconds=settings.BOT_STUCK_SECONDS)
    bot_decides = MatchSeat.objects.filter(match=OuterRef("pk"), index=OuterRef("turn_seat")
                                           ).exclude(bot="")
    return Match.objects.filter(status=Match.Status.ACTIVE, turn_seat__isnull=False,
                                moved_at__lt=cutoff).filter(Exists(bot_decides))


def sweep_stuck_bot_turns() -> int:
    """Queue the turn of every stuck bot again; return how many were queued."""
    stuck = list(stuck_bot_turns().values_list("pk", "version"))
    for match_id, version in stuck:
        tasks.enqueue(TASK, match_id, version)
    if stuck:
        log.warning("Queued %d stuck bot turn(s) again: matches %s", len(stuck),
                    [pk for pk, _v in stuck])
    return len(stuck)


def ensure_sweep_schedule() -> None:
    """Create (or update) the periodic sweep in the queue's schedule table."""
    tasks.ensure_periodic(SWEEP_SCHEDULE, SWEEP, settings.BOT_SWEEP_MINUTES)
