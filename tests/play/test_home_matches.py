"""The home page lists the player's matches: players, what is played, whose turn, since when."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from play import creation, services
from play.creation import SeatSpec
from play.models import Match

pytestmark = pytest.mark.django_db


def game(core_pack, alice, other, *, turn: int | None = None, hours: float = 1,
         seed: int = 3) -> Match:
    """Return a standard game of alice (seat 0) against `other` (a user, a bot name or None)."""
    if other is None:
        second = SeatSpec("Friend")
    elif isinstance(other, str):
        second = SeatSpec("Robo", bot=other)
    else:
        second = SeatSpec(other.get_username().title(), other)
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice), second],
                                           seed=seed)
    fields = {"moved_at": timezone.now() - timedelta(hours=hours)}
    if turn is not None:
        fields["turn_seat"] = turn
    Match.objects.filter(pk=match.pk).update(**fields)
    return match


def rows(html: str) -> list[str]:
    """Return the text of each match line, in order, whitespace collapsed."""
    found = re.findall(r'<li class="match-row[^"]*">(.*?)</li>', html, re.DOTALL)
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in found]


def home(user, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    return client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_your_turn_comes_first_then_the_others_by_last_move_then_finished(
        core_pack, alice, bob) -> None:
    waiting_for_bob = game(core_pack, alice, bob, turn=1, hours=2)
    finished = game(core_pack, alice, bob, hours=0.1)
    services.resign(finished.pk, 1, Match.objects.get(pk=finished.pk).version)
    my_turn = game(core_pack, alice, bob, turn=0, hours=30)
    bot = game(core_pack, alice, "random", turn=1, hours=5)
    invite = game(core_pack, alice, None, hours=3)
    html = home(alice)
    core = "Standard game · Star Realms: Core Set"
    assert rows(html) == [
        f"Alice – Bob {core} Your turn · last move 1 day ago",
        f"Alice – Bob {core} Waiting for Bob · last move 2 hours ago",
        f"Alice – Friend {core} Waiting for a player to join · last move 3 hours ago",
        f"Alice – Robo {core} Robo is thinking · last move 5 hours ago",
        f"Alice – Bob {core} You won by resignation · last move just now",
    ]
    order = re.findall(r'href="/play/(\d+)/"', html.split('id="match-list"')[1])
    assert order == [str(m.pk) for m in (my_turn, waiting_for_bob, invite, bot, finished)]
    assert 'class="match-row my-turn"' in html and '<strong class="turn-badge">Your turn' in html


def test_the_loser_reads_who_won(core_pack, alice, bob) -> None:
    match = game(core_pack, alice, bob)
    services.resign(match.pk, 1, Match.objects.get(pk=match.pk).version)
    assert "Alice won by resignation" in rows(home(bob))[0]


def test_a_campaign_game_names_its_scenario_and_campaign(started_campaign, alice) -> None:
    creation.create_campaign_match(started_campaign, {})
    [row] = rows(home(alice))
    assert "Scenario 1 of “Alice vs Bob”" in row


def test_a_multiplayer_game_names_its_mode(core_pack, alice) -> None:
    from play.creation import create_mode_match

    create_mode_match("ffa", [SeatSpec("Alice", alice), SeatSpec("Robo", bot="random"),
                              SeatSpec("Tin", bot="random")], pack=core_pack)
    [row] = rows(home(alice))
    assert row.startswith("Alice – Robo – Tin Free-for-all · Star Realms: Core Set")


def test_the_list_reads_in_russian(core_pack, alice, bob) -> None:
    game(core_pack, alice, bob, turn=0, hours=3)
    game(core_pack, alice, bob, turn=1, hours=26)
    core = "Обычная игра · Звёздные империи: базовый набор"
    assert rows(home(alice, "ru")) == [
        f"Alice – Bob {core} Ваш ход · последний ход 3 часа назад",
        f"Alice – Bob {core} Ждём: Bob · последний ход 1 день назад",
    ]


def test_only_the_players_own_matches_are_listed(core_pack, alice, bob, outsider) -> None:
    game(core_pack, alice, bob)
    game(core_pack, alice, "random")
    assert len(rows(home(bob))) == 1
    assert rows(home(outsider)) == []
    assert "You are not in any online match" in home(outsider)


def test_the_list_costs_the_same_queries_for_2_or_12_matches_and_loads_no_game_state(
        core_pack, alice, bob, django_assert_max_num_queries) -> None:
    client = Client()
    client.force_login(alice)

    def count() -> tuple[int, list[str]]:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/").status_code == 200
        return len(captured), [q["sql"] for q in captured.captured_queries]

    for seed in range(2):
        game(core_pack, alice, bob, seed=seed)
    few, _sql = count()
    for seed in range(10):
        game(core_pack, alice, "random" if seed % 2 else bob, seed=seed)
    many, sql = count()
    assert many == few
    with django_assert_max_num_queries(8):
        client.get("/")
    assert len(rows(client.get("/").content.decode())) == 12
    # No game state or setup column is read (the mode is one key extracted inside the query).
    match_reads = [s for s in sql if 'FROM "play_match"' in s]
    assert match_reads and not any(re.search(r'"play_match"\."(state|snapshot)"', s)
                                   or re.search(r'(?<!\()"play_match"\."setup"', s)
                                   for s in match_reads)


def test_the_list_links_to_the_email_preferences(alice_client) -> None:
    assert 'href="/play/notifications/"' in alice_client.get("/").content.decode()
