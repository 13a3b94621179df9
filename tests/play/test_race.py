"""Two moves made against one version (two tabs, two server processes): exactly one applies."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from play import creation, services
from play.creation import SeatSpec
from play.models import Match, MatchAction


@pytest.mark.django_db(transaction=True)
def test_two_racing_moves_apply_exactly_once(core_pack, alice, bob, monkeypatch) -> None:
    """Real race, forced: the second move is submitted while the first holds the match's lock.

    The first writer pauses inside its transaction (after locking the row: SELECT ... FOR UPDATE
    on PostgreSQL, BEGIN IMMEDIATE on SQLite) until the second has started, so the second meets
    the lock and then the bumped version. A writer slipping past the lock would apply twice or
    crash on the unique (match, seq) pair.
    """
    match = creation.create_standard_match(core_pack, [SeatSpec("a", alice), SeatSpec("b", bob)],
                                           seed=1)
    seat = services.engine_state(match).decider
    first_inside, second_started = threading.Event(), threading.Event()
    engine_state = services.engine_state

    def paused_engine_state(m: Match):
        if not first_inside.is_set():
            first_inside.set()
            second_started.wait(5)
            time.sleep(0.2)
        return engine_state(m)

    monkeypatch.setattr(services, "engine_state", paused_engine_state)
    outcomes: dict[str, str] = {}

    def submit(name: str) -> None:
        try:
            if name == "second":
                first_inside.wait(5)
                second_started.set()
            services.play(match.pk, seat, "end", 0)
            outcomes[name] = "applied"
        except Exception as error:  # noqa: BLE001 - the test counts every outcome
            outcomes[name] = type(error).__name__
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(n,)) for n in ("first", "second")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == {"first": "applied", "second": "StaleMatch"}
    assert Match.objects.get(pk=match.pk).version == 1
    assert list(MatchAction.objects.filter(match=match).values_list("seq", "notation")) == [
        (1, "end")]
