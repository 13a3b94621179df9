"""Bots off the request path: a move returns before the bot, a worker plays the bot's turn from
the queue, a crashed or failing task is retried, a stale one changes nothing, and a stuck bot
turn is queued again. These run with the queue on (TASKS_SYNC off), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django_q.models import OrmQ, Schedule, Task

from play import bots_queue, creation, services, tasks
from play.creation import SeatSpec
from play.engine import GameSetup, SeatSetup
from play.models import Match, MatchAction
from play.signals import MatchChange, match_changed
from tests.play.workers import lease_passes, work

pytestmark = pytest.mark.django_db(transaction=True)  # the queue is written after commit


@pytest.fixture(autouse=True)
def queue_on(settings) -> None:
    """Queue tasks for a worker instead of running them in the caller."""
    settings.TASKS_SYNC = False


def versus_bot(core_pack, alice, first: int, bot: str = "heuristic") -> Match:
    """Create alice (seat 0) against a bot (seat 1); `first` decides first (C3 drawn otherwise)."""
    setup = GameSetup(pack=core_pack.engine_pack(), seed=7, first=first,
                      seats=[SeatSetup(name="Alice"), SeatSetup(name="Bot")])
    return creation.create_match(core_pack, setup,
                                 [SeatSpec("Alice", alice), SeatSpec("Bot", bot=bot)])


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def test_a_move_returns_before_the_bot_and_a_worker_plays_its_turn(core_pack, alice,
                                                                   alice_client) -> None:
    """C3/C26 flow: alice ends her turn; the POST saves only her move; a worker answers."""
    match = versus_bot(core_pack, alice, first=0)
    assert OrmQ.objects.count() == 0  # alice decides first: nothing for a bot to do
    response = alice_client.post(reverse("play:act", args=[match.pk]),
                                 {"notation": "end", "version": match.version})
    assert response.status_code == 302
    after_post = fresh(match)
    assert after_post.version == match.version + 1 and after_post.turn_seat == 1
    assert OrmQ.objects.count() == 1  # the bot's turn, queued
    assert work() == 1
    answered = fresh(match)
    assert answered.version > after_post.version and answered.turn_seat == 0
    assert MatchAction.objects.filter(match=match).count() == answered.version
    assert services.replay_match(answered) == services.engine_state(answered)
    assert OrmQ.objects.count() == 0


def test_a_bot_that_decides_first_is_queued_at_creation(core_pack, alice) -> None:
    match = versus_bot(core_pack, alice, first=1)
    assert (match.version, match.turn_seat) == (0, 1)  # created without any bot move
    work()
    assert fresh(match).turn_seat == 0 and fresh(match).version > 0


def test_the_search_bot_thinks_in_the_worker_not_in_the_request(core_pack, alice,
                                                                settings) -> None:
    settings.BOT_SEARCH_MS = 50
    match = versus_bot(core_pack, alice, first=0, bot="search")
    match = services.play(match.pk, 0, "end", match.version)
    assert (match.version, fresh(match).turn_seat) == (1, 1)
    work()
    assert fresh(match).turn_seat == 0


def test_each_chunk_is_saved_and_announced_and_the_next_one_queued(core_pack, alice,
                                                                   settings) -> None:
    """With a chunk of ~0 ms every bot decision is its own saved, announced version."""
    settings.BOT_CHUNK_MS = 0
    seen: list[MatchChange] = []

    def listen(sender: type, change: MatchChange, **_kwargs: object) -> None:
        seen.append(change)

    match = versus_bot(core_pack, alice, first=1)
    match_changed.connect(listen)
    try:
        ran = work(limit=500)
    finally:
        match_changed.disconnect(listen)
    final = fresh(match)
    assert ran == final.version >= 2  # one task per action, each found the version it expected
    assert [c.version for c in seen] == list(range(1, final.version + 1))
    assert seen[-1].turn_seat == 0 and all(c.turn_seat == 1 for c in seen[:-1])


def test_a_task_that_raises_is_retried_after_its_lease(core_pack, alice, monkeypatch) -> None:
    match = versus_bot(core_pack, alice, first=1)
    real, calls = services._bot_actions, []

    def fails_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("worker lost its database mid-turn")
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "_bot_actions", fails_once)
    assert work() == 1
    assert fresh(match).version == 0  # rolled back: no half turn saved
    assert OrmQ.objects.count() == 1 and work() == 0  # still leased: not handed out at once
    lease_passes()
    assert work() == 1
    assert fresh(match).turn_seat == 0
    task = Task.objects.get()
    assert task.success and task.attempt_count == 2


def test_a_worker_that_dies_holding_a_task_loses_no_move(core_pack, alice) -> None:
    """The broker leased the task to a worker that was killed before it finished."""
    from django_q.brokers import get_broker

    match = versus_bot(core_pack, alice, first=1)
    assert len(get_broker().dequeue()) == 1  # taken... and the worker dies: no acknowledgement
    assert work() == 0 and fresh(match).version == 0
    lease_passes()
    assert work() == 1 and fresh(match).turn_seat == 0


def test_a_stale_or_duplicate_task_changes_nothing(core_pack, alice) -> None:
    match = versus_bot(core_pack, alice, first=1)
    tasks.enqueue(bots_queue.TASK, match.pk, 0)  # a duplicate of the one queued at creation
    assert OrmQ.objects.count() == 2
    assert work() == 2
    played = fresh(match)
    assert played.turn_seat == 0
    assert MatchAction.objects.filter(match=match).count() == played.version
    assert services.replay_match(played) == services.engine_state(played)
    for version in (0, played.version, played.version + 3):  # old, alice's turn, from the future
        assert bots_queue.play_bot_turn(match.pk, version) is False
    assert bots_queue.play_bot_turn(10**9, 0) is False  # a deleted match
    assert fresh(match).version == played.version


def test_a_finished_match_has_no_bot_turn(core_pack, alice) -> None:
    """C26: alice resigns while the bot's turn waits in the queue; the task then does nothing."""
    match = versus_bot(core_pack, alice, first=1)
    services.resign(match.pk, 0, match.version)
    work()
    assert fresh(match).status == Match.Status.FINISHED and fresh(match).version == 1


def test_the_sweep_queues_a_stuck_bot_turn_again(core_pack, alice, settings) -> None:
    stuck = versus_bot(core_pack, alice, first=1)
    waiting_for_alice = versus_bot(core_pack, alice, first=0)
    OrmQ.objects.all().delete()  # the queue lost the task (a restored backup, a wiped table)
    assert bots_queue.sweep_stuck_bot_turns() == 0  # not stuck yet: moved_at is recent
    old = timezone.now() - timedelta(seconds=settings.BOT_STUCK_SECONDS + 1)
    Match.objects.filter(pk__in=[stuck.pk, waiting_for_alice.pk]).update(moved_at=old)
    assert list(bots_queue.stuck_bot_turns()) == [stuck]
    assert bots_queue.sweep_stuck_bot_turns() == 1
    work()
    assert fresh(stuck).turn_seat == 0 and fresh(waiting_for_alice).version == 0
    assert bots_queue.sweep_stuck_bot_turns() == 0


def test_run_workers_keeps_one_sweep_schedule(settings) -> None:
    settings.BOT_SWEEP_MINUTES = 2
    bots_queue.ensure_sweep_schedule()
    bots_queue.ensure_sweep_schedule()
    sweep = Schedule.objects.get()
    assert (sweep.func, sweep.schedule_type, sweep.minutes) == (
        bots_queue.SWEEP, Schedule.MINUTES, 2)


def test_a_delayed_task_waits_in_the_schedule_and_a_rolled_back_one_is_never_queued() -> None:
    from django.db import transaction

    tasks.enqueue(bots_queue.SWEEP, delay_seconds=120)
    once = Schedule.objects.get()
    assert once.schedule_type == Schedule.ONCE and OrmQ.objects.count() == 0
    due_in = (once.next_run - timezone.now()).total_seconds()
    assert 100 < due_in <= 120
    with pytest.raises(RuntimeError), transaction.atomic():
        tasks.enqueue(bots_queue.SWEEP)
        raise RuntimeError("the change that wanted the task failed")
    assert OrmQ.objects.count() == 0 and Schedule.objects.count() == 1


def test_a_typo_in_a_task_path_fails_in_the_caller() -> None:
    with pytest.raises(ImportError):
        tasks.enqueue("play.bots_queue.no_such_task", 1)


def test_in_synchronous_mode_a_task_runs_at_once(settings, core_pack, alice) -> None:
    settings.TASKS_SYNC = True
    match = versus_bot(core_pack, alice, first=1)  # the bot answered inside create_match
    assert match.turn_seat == 0 and OrmQ.objects.count() == 0
    Match.objects.filter(pk=match.pk).update(moved_at=timezone.now() - timedelta(days=1))
    tasks.enqueue(bots_queue.SWEEP)  # ran here: nothing stuck, nothing queued
    assert OrmQ.objects.count() == 0


def test_a_real_worker_process_plays_the_bot_turn(core_pack, alice, tmp_path) -> None:
    """`manage.py run_workers` beside this process: the bot's turn lands without any help here."""
    import time

    from tests.play.workers import worker_process

    match = versus_bot(core_pack, alice, first=0)
    match = services.play(match.pk, 0, "end", match.version)
    assert fresh(match).turn_seat == 1
    with worker_process(tmp_path / "worker.log") as process:
        deadline = time.monotonic() + 30
        while fresh(match).turn_seat != 0 and time.monotonic() < deadline:
            assert process.poll() is None, (tmp_path / "worker.log").read_text()
            time.sleep(0.2)
        assert fresh(match).turn_seat == 0, (tmp_path / "worker.log").read_text()
    assert process.returncode is not None  # stopped with the block
    assert Schedule.objects.filter(func=bots_queue.SWEEP).count() == 1
