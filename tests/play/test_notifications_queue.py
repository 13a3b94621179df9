"""Turn e-mails through the real task queue (TASKS_SYNC off): a one-off schedule due after the
player's delay, which a worker runs once it is due."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone
from django_q.brokers import get_broker
from django_q.models import Schedule
from django_q.scheduler import scheduler

from play import creation
from play.creation import SeatSpec
from play.models import NotificationPrefs
from play.notifications import TURN_TASK
from tests.play.workers import work

pytestmark = pytest.mark.django_db(transaction=True)  # the queue is written after commit


@pytest.fixture(autouse=True)
def queue_on(settings) -> None:
    settings.TASKS_SYNC = False


def test_the_email_waits_for_the_delay_then_a_worker_sends_it(core_pack, alice, bob) -> None:
    NotificationPrefs.objects.create(user=alice, turn_delay=3600)
    NotificationPrefs.objects.create(user=bob, turn_delay=3600)
    match = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)
    [due] = Schedule.objects.filter(func=TURN_TASK)
    assert due.schedule_type == Schedule.ONCE
    assert 3500 < (due.next_run - timezone.now()).total_seconds() <= 3600
    scheduler(get_broker())
    assert work() == 0  # not due yet: nothing runs
    assert mail.outbox == []
    Schedule.objects.filter(pk=due.pk).update(next_run=timezone.now())  # an hour later
    scheduler(get_broker())
    assert work() == 1
    [sent] = mail.outbox
    decider = match.seats.get(index=match.turn_seat).user
    assert sent.to == [decider.email] and sent.subject == "Your turn: Alice – Bob"
