"""Idempotent accept (issue 25 F6): a user who already holds the seat they accept gets the board.

A double-clicked "Accept and join" sends two requests. The first takes the seat; the second, which
found the seat open a moment earlier, then finds it taken and answered "seat taken" (404) to the
very user who got it (SQLite 4 of 10, PostgreSQL 2 of 10). The same holds for a campaign's invite.
Someone else's request for a taken seat stays a 404.
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from campaign.models import Seat as CampaignSeat
from cards.loading import load_pack_data
from play.creation import SeatSpec, create_standard_match
from play.models import Match, MatchSeat
from tests.cards.packs import core_pack
from tests.factories import make_pack

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def waiting_match(alice) -> Match:
    core = load_pack_data(core_pack(), filename="core-test.json").pack
    return create_standard_match(core, [SeatSpec("Alice", alice), SeatSpec("Friend")])


@pytest.fixture
def open_campaign(alice) -> Campaign:
    return Campaign.start(make_pack(), "Alice's campaign", alice,
                          [(alice, "Alice"), (None, "Friend")])


def _forced_double_click(monkeypatch, seat_class, url: str, user) -> list[int]:
    """Post `url` twice as `user`; the second request checks the seat (open) before the first
    takes it, and tries to take it right after: the interleaving of the finding."""
    real_join = seat_class.join
    second_checked, first_done = threading.Event(), threading.Event()
    order: list[str] = []
    lock = threading.Lock()

    def paced_join(seat, who):
        with lock:
            first = not order
            order.append("first" if first else "second")
        if first:
            second_checked.wait(5)
            try:
                return real_join(seat, who)
            finally:
                first_done.set()
        second_checked.set()
        first_done.wait(5)
        return real_join(seat, who)

    monkeypatch.setattr(seat_class, "join", paced_join)
    answers: list[int] = []

    def click() -> None:
        client = Client()
        client.force_login(user)
        try:
            answers.append(client.post(url).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert order == ["first", "second"]
    return answers


def test_double_clicked_accept_of_a_match_seat_shows_the_board_twice(monkeypatch, waiting_match,
                                                                    bob) -> None:
    seat = waiting_match.seats.get(user__isnull=True)
    answers = _forced_double_click(monkeypatch, MatchSeat, reverse("play:join",
                                                                   args=[seat.invite_token]), bob)
    assert answers == [302, 302]
    seat.refresh_from_db()
    assert seat.user == bob
    assert Match.objects.get(pk=waiting_match.pk).status == Match.Status.ACTIVE


def test_double_clicked_accept_of_a_campaign_seat_shows_the_campaign_twice(monkeypatch,
                                                                          open_campaign,
                                                                          bob) -> None:
    seat = open_campaign.seats.get(user__isnull=True)
    url = reverse("campaign:join", args=[seat.invite_token])
    assert _forced_double_click(monkeypatch, CampaignSeat, url, bob) == [302, 302]
    seat.refresh_from_db()
    assert seat.user == bob


def test_ten_simultaneous_accepts_of_one_user_all_get_the_board(waiting_match, bob) -> None:
    seat = waiting_match.seats.get(user__isnull=True)
    url = reverse("play:join", args=[seat.invite_token])
    start = threading.Barrier(10)
    answers: list[tuple[int, str]] = []

    def click() -> None:
        client = Client()
        client.force_login(bob)
        try:
            start.wait(5)
            response = client.post(url)
            answers.append((response.status_code, response.get("Location", "")))
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [(302, waiting_match.get_absolute_url())] * 10
    assert MatchSeat.objects.filter(match=waiting_match, user=bob).count() == 1


def test_someone_else_accepting_a_taken_seat_still_gets_404(monkeypatch, waiting_match, bob,
                                                            outsider) -> None:
    seat = waiting_match.seats.get(user__isnull=True)
    url = reverse("play:join", args=[seat.invite_token])
    real_join = MatchSeat.join

    def bob_first(taken_seat, who):  # bob takes the seat just before the outsider's request does
        MatchSeat.objects.filter(pk=taken_seat.pk).update(user=bob)
        return real_join(taken_seat, who)

    monkeypatch.setattr(MatchSeat, "join", bob_first)
    client = Client()
    client.force_login(outsider)
    assert client.post(url).status_code == 404
    assert MatchSeat.objects.get(pk=seat.pk).user == bob
