"""The balance method for all twelve scenarios of a set, run from its page in short steps.

`manage.py balance` runs the method at once (play/engine/balance.py `run`). Here the same method
runs as a chain of tasks, each well inside the queue's timeout: first the typical campaign
states (`CAMPAIGN_STEP` bot campaigns a step), then one scenario a step. Every game is seeded on
its own, so the steps give `run`'s figures for the same seed (tested). The run is kept with the
set's checksum: the same set at the same settings is never measured twice; an edited set is a
new question.
"""
from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign import names
from cards.language import pack_text
from cards.models import ContentPack
from cards.playable import missing_effects_anywhere
from play import tasks
from play.engine import (
    SetupError,
    balance_json_safe,
    balance_prefixes,
    balance_scenario,
    snapshot_from_dict,
    snapshot_to_dict,
)
from story.forecast import Cancelled, Progress
from story.models import UNFINISHED, SetBalance, Status

TASK = "story.setbalance.balance_step"
SCENARIOS = 12
PREFIX_GAMES = 11  # a campaign prefix plays scenarios 1..11 (the states before 1..12)
CAMPAIGN_STEP = 8
GAME_CHOICES = (100, 200, 500)
CAMPAIGNS = 64


def refusal(pack: ContentPack) -> str:
    """Return why the method cannot run on `pack`, in words; "" when it can."""
    if not pack.is_legacy or len(pack.data.get("scenarios", [])) != SCENARIOS:
        return _("The balance method needs a legacy set with its twelve scenarios.")
    blockers = missing_effects_anywhere(pack.data)
    if blockers:
        return _("The bots cannot play this set yet: these parts are printed text alone, "
                 "without effects: %(parts)s.") % {"parts": "; ".join(blockers)}
    return ""


def total_games(games: int, campaigns: int) -> int:
    """Return every game of a run: the bot campaigns', then two per scenario game (baseline)."""
    return campaigns * PREFIX_GAMES + SCENARIOS * 2 * games


def kept(pack: ContentPack, games: int, bot: str = "heuristic") -> SetBalance | None:
    """Return the run of this set's version at these settings, finished or running."""
    return (SetBalance.objects.filter(pack=pack, checksum=pack.checksum, games=games, bot=bot)
            .exclude(status__in=(Status.FAILED, Status.CANCELLED)).order_by("-created").first())


def latest(pack: ContentPack) -> SetBalance | None:
    """Return the newest run of the set's current version."""
    return (SetBalance.objects.filter(pack=pack, checksum=pack.checksum)
            .order_by("-created").first())


def start(pack: ContentPack, user: Any, games: int, seed: int | None = None,
          campaigns: int = CAMPAIGNS, bot: str = "heuristic") -> SetBalance:
    """Start (or find) the run for the set as it is now; ValueError if the set cannot be run."""
    problem = refusal(pack)
    if problem:
        raise ValueError(problem)
    found = kept(pack, games, bot)
    if found is not None and seed is None:
        return found
    run = SetBalance.objects.create(
        pack=pack, checksum=pack.checksum, games=games, campaigns=campaigns, bot=bot,
        seed=secrets.randbits(32) if seed is None else seed,
        total=total_games(games, campaigns),
        requested_by=user if getattr(user, "is_authenticated", False) else None)
    tasks.enqueue(TASK, run.pk)
    return run


def cancel(run: SetBalance) -> None:
    """Ask the run to stop: the step running now stops within a second, no next step starts."""
    run.request_stop()


def balance_step(pk: int) -> None:
    """Do the run's next step, then queue the one after (a task; a repeated step changes
    nothing: its result is kept only if no other worker saved that step meanwhile)."""
    run = SetBalance.objects.select_related("pack").filter(pk=pk).first()
    if run is None or run.status not in UNFINISHED:
        return
    if run.cancel_requested:
        _finish(run, Status.CANCELLED)
        return
    if run.pack.checksum != run.checksum:
        _finish(run, Status.FAILED, _("The set was changed during the run: start it again."))
        return
    if run.status == Status.QUEUED:
        SetBalance.objects.filter(pk=pk).update(status=Status.RUNNING, started=timezone.now())
    try:
        more = _next_step(run)
    except Cancelled:
        _finish(run, Status.CANCELLED)
        return
    except (SetupError, ValueError) as error:
        _finish(run, Status.FAILED, str(error))
        return
    if more:
        tasks.enqueue(TASK, pk)
    else:
        _finish(run, Status.DONE)


def _next_step(run: SetBalance) -> bool:
    """Compute the next step and save it; return whether steps remain."""
    pack = run.pack.engine_pack()
    workers = settings.FORECAST_WORKERS
    have = len(run.prefixes)
    if have < run.campaigns:
        batch = range(have, min(have + CAMPAIGN_STEP, run.campaigns))
        found = balance_prefixes(pack, batch, seed=run.seed, bot=run.bot, workers=workers,
                                 progress=Progress(SetBalance, run.pk, _done(run)))
        _save(run, "prefixes", have, [[snapshot_to_dict(s) for s in p] for p in found])
        return True
    number = len(run.entries) + 1
    prefixes = [[snapshot_from_dict(s) for s in p] for p in run.prefixes]
    entry = balance_scenario(pack, prefixes, number, run.games, seed=run.seed, bot=run.bot,
                             workers=workers, progress=Progress(SetBalance, run.pk, _done(run)))
    _save(run, "entries", number - 1, [balance_json_safe(entry)])
    return number < SCENARIOS


def _done(run: SetBalance) -> int:
    return len(run.prefixes) * PREFIX_GAMES + len(run.entries) * 2 * run.games


def _save(run: SetBalance, field: str, expected: int, items: list) -> None:
    """Append `items` to the run's `field` unless another worker already did (same length)."""
    with transaction.atomic():
        fresh = SetBalance.objects.select_for_update().get(pk=run.pk)
        if len(getattr(fresh, field)) != expected:
            return
        setattr(fresh, field, getattr(fresh, field) + items)
        setattr(run, field, getattr(fresh, field))
        fresh.done = _done(fresh)
        fresh.save(update_fields=[field, "done"])


def _finish(run: SetBalance, status: str, error: str = "") -> None:
    SetBalance.objects.filter(pk=run.pk).update(
        status=status, error=error, finished=timezone.now(),
        **({"done": run.total} if status == Status.DONE else {}))


def table_row(content: Any, entry: dict) -> dict[str, Any]:
    """Return one scenario's figures as the page's table shows them (percentages, one decimal)."""
    def pct(value: float | None) -> float | None:
        return None if value is None else round(100 * value, 1)

    base = entry["baseline"]
    ends = {how: round(100 * count / entry["games"]) for how, count in entry["reasons"].items()}
    return {
        "scenario": entry["scenario"], "title": pack_text(content.scenario(entry["scenario"])
                                                          .get("title")),
        "games": entry["games"], "empire": pct(entry["empire_win_rate"]),
        "ci": pct(entry["empire_ci95"]), "first": pct(entry["first_win_rate"]),
        "baseline": pct(base["empire_win_rate"]), "turns": round(entry["mean_turns"], 1),
        "delta": pct(entry["delta"]["empire_win_rate"]),
        "ends": [(names.win_how_name(h) if h != "cut" else _("cut"), share)
                 for h, share in sorted(ends.items())],
        "differs": len(entry["differs"]),
    }
