"""Spectators follow the live stream (issue 10): a campaign member without a seat may open the
match's event stream, as they may open /play/<id>/watch/; it carries version numbers only.

The stream is read the way uvicorn reads it (tests/play/test_live.py explains how).
"""

from __future__ import annotations

import re

import pytest
from django.test import AsyncClient, Client
from django.urls import reverse

from campaign.models import Campaign
from play import live, services
from play.models import Match
from tests.play.test_live import (  # noqa: F401 (autouse fixtures: a fresh hub, no loop marker)
    fresh_hub,
    no_running_loop_marker,
    run_scenario,
    stream_around,
)

pytestmark = pytest.mark.django_db(transaction=True)

EVENT = re.compile(r"id: (\d+)\nevent: (version|over)\ndata: \1\n\n")


async def _status(user, match: Match) -> int:
    client = AsyncClient()
    if user is not None:
        await client.aforce_login(user)
    return (await client.get(reverse("play:events", args=[match.pk]))).status_code


def test_a_spectator_gets_the_stream_outsiders_404_and_visitors_the_login(
        watched: Match, alice, bob, outsider) -> None:
    async def scenario() -> tuple[int, int, int, int]:
        return (await _status(None, watched), await _status(outsider, watched),
                await _status(bob, watched), await _status(alice, watched))

    anonymous, stranger, spectator, player = run_scenario(scenario)
    assert anonymous == 302 and stranger == 404
    # The async test client is an ASGI request: both get the stream, not the WSGI 204.
    assert spectator == 200 and player == 200


def test_a_member_of_another_campaign_gets_404(watched: Match, legacy, outsider) -> None:
    Campaign.start(legacy, "Outsider's own", outsider, [(outsider, "Out"), (None, "Bot")])

    async def scenario() -> int:
        return await _status(outsider, watched)

    assert run_scenario(scenario) == 404


def test_a_move_reaches_the_spectators_stream_as_a_version_number_only(watched: Match,
                                                                        bob) -> None:
    mover = watched.turn_seat
    assert watched.seats.get(index=mover).user_id is not None  # alice's turn, not the bot's

    retry, first, moved = stream_around(bob, watched, services.play, watched.pk, mover, "end",
                                        watched.version)
    new = Match.objects.get(pk=watched.pk).version
    assert new > watched.version
    assert retry == f"retry: {live.retry_ms()}\n\n"
    assert first == f"id: {watched.version}\nevent: version\ndata: {watched.version}\n\n"
    assert moved == f"id: {new}\nevent: version\ndata: {new}\n\n"


def test_the_spectators_stream_says_over_when_the_game_ends(watched: Match, bob) -> None:
    """C26: a resignation ends the game; the spectator's page fetches the last public board."""

    seen = stream_around(bob, watched, services.resign, watched.pk, 0, watched.version,
                         to_end=True)
    final = Match.objects.get(pk=watched.pk)
    assert final.status == "finished"
    assert [EVENT.fullmatch(chunk).groups() for chunk in seen[1:]] == [
        (str(watched.version), "version"), (str(final.version), "version"),
        (str(final.version), "over")]


def test_the_spectator_page_follows_the_stream_and_polls_only_as_a_fallback(
        watched: Match, bob) -> None:
    client = Client()
    client.force_login(bob)
    html = client.get(reverse("play:spectate", args=[watched.pk])).content.decode()
    assert f'data-live-events="{reverse("play:events", args=[watched.pk])}"' in html
    assert f'data-live-board="{reverse("play:spectate_board", args=[watched.pk])}"' in html
    assert "js/board.js" in html and f'data-version="{watched.version}"' in html
    services.resign(watched.pk, 0, watched.version)
    html = client.get(reverse("play:spectate", args=[watched.pk])).content.decode()
    assert "data-live-events" not in html  # a finished game has nothing more to follow
