"""Every saved change of a match keeps `turn_seat`/`moved_at` and announces itself after commit."""

from __future__ import annotations

import pytest

from play import creation, services
from play.creation import SeatSpec
from play.models import Match
from play.services import StaleMatch
from play.signals import MatchChange, match_changed


@pytest.fixture()
def changes() -> list[MatchChange]:
    seen: list[MatchChange] = []

    def receiver(sender: type, change: MatchChange, **_kwargs: object) -> None:
        seen.append(change)

    match_changed.connect(receiver)
    yield seen
    match_changed.disconnect(receiver)


def two_people(core_pack, alice, bob) -> Match:
    return creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)


@pytest.mark.django_db(transaction=True)
def test_a_move_announces_the_new_version_and_whose_turn(core_pack, alice, bob, changes) -> None:
    match = two_people(core_pack, alice, bob)
    state = services.engine_state(match)
    assert match.turn_seat == state.decider and match.moved_at is not None
    assert changes == [MatchChange(match.pk, match.version, state.decider, "active",
                                   mover=None, bot_decides=False)]
    mover = state.decider
    match = services.play(match.pk, mover, "end", match.version)
    stored = Match.objects.get(pk=match.pk)
    assert stored.turn_seat == 1 - mover == services.engine_state(stored).decider
    assert changes[-1] == MatchChange(match.pk, stored.version, 1 - mover, "active",
                                      mover=mover, bot_decides=False)


@pytest.mark.django_db(transaction=True)
def test_a_refused_move_announces_nothing(core_pack, alice, bob, changes) -> None:
    match = two_people(core_pack, alice, bob)
    changes.clear()
    with pytest.raises(StaleMatch):
        services.play(match.pk, match.turn_seat, "end", match.version + 5)
    assert changes == []


@pytest.mark.django_db(transaction=True)
def test_the_end_of_a_game_leaves_nobody_to_move(core_pack, alice, bob, changes) -> None:
    """C26: after a resignation the game is over; no seat has a decision."""
    match = two_people(core_pack, alice, bob)
    match = services.resign(match.pk, 0, match.version)
    stored = Match.objects.get(pk=match.pk)
    assert stored.status == "finished" and stored.turn_seat is None
    assert changes[-1].status == "finished" and changes[-1].turn_seat is None
