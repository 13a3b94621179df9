"""Bot levels (issue 23 item 4): the form shows each level with the rating stored by
benchmarks/bot_ladder.py and the player's record against it; every place a bot is chosen takes
a level, stores it on the seat, and the worker plays that level; a bad level is a form error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from play import creation, services
from play.bot_levels import level_rows, records
from play.creation import SeatSpec
from play.engine import LEVEL_KEYS
from play.engine.bots.erratic import ErraticBot
from play.engine.bots.heuristic import HeuristicBot
from play.engine.bots.search import SearchBot
from play.models import Match

pytestmark = pytest.mark.django_db


def _ratings(path: Path, **elo: int) -> None:
    """Write a ratings file as bot_ladder.py --write does (only the parts the site reads)."""
    levels = {key.replace("_", "-"): {"elo": value, "ci95": [value - 40, value + 40]}
              for key, value in elo.items()}
    path.write_text(json.dumps({"bench": "bot_ladder", "levels": levels}))


@pytest.fixture
def ratings_file(tmp_path, settings) -> Path:
    path = tmp_path / "bot_ratings.json"
    settings.BOT_RATINGS_FILE = str(path)
    return path


def _finish(match: Match, winner: int) -> None:
    """End a match as the engine would have (only what the record reads)."""
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, result={"winner": winner, "winning_team": winner,
                                              "reason": "authority"})


def test_the_form_shows_the_ratings_the_file_holds(alice_client, core_pack, ratings_file) -> None:
    _ratings(ratings_file, cadet=210, captain=480, admiral=610, grand_admiral=705)
    page = alice_client.get(reverse("play:create")).content.decode()
    assert "Elo 705 (95%: 665–745)" in page and "Grand Admiral · Elo 705" in page
    assert "Cadet · Elo 210" in page
    _ratings(ratings_file, cadet=190, captain=500, admiral=640, grand_admiral=777)
    page = alice_client.get(reverse("play:create")).content.decode()
    assert "Grand Admiral · Elo 777" in page and "Elo 705" not in page


def test_levels_without_a_rating_file_say_so(alice_client, core_pack, ratings_file) -> None:
    assert not ratings_file.exists()
    page = alice_client.get(reverse("play:create")).content.decode()
    assert page.count("not rated yet") >= len(LEVEL_KEYS)
    ratings_file.write_text("{not json")  # a broken file is not an error page either
    assert alice_client.get(reverse("play:create")).status_code == 200
    assert all(row.elo is None for row in level_rows(None))


def test_the_page_reads_the_levels_in_russian(alice_client, core_pack, ratings_file) -> None:
    _ratings(ratings_file, cadet=210, captain=480, admiral=610, grand_admiral=705)
    page = alice_client.get(reverse("play:create"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Гранд-адмирал · Эло 705" in page and "Уровни ботов" in page
    assert "Grand Admiral" not in page and "вы с ним ещё не играли" in page


def test_the_record_counts_finished_two_player_games_per_level(alice, bob, alice_client,
                                                               core_pack, ratings_file) -> None:
    def versus(bot: str, winner: int, first_seat_is_alice: bool = True) -> None:
        seats = [SeatSpec("alice", alice), SeatSpec("Bot", bot=bot)]
        if not first_seat_is_alice:
            seats.reverse()
        match = creation.create_standard_match(core_pack, seats, seed=1)
        _finish(match, winner)

    versus("admiral", 0)          # alice won
    versus("admiral", 0, False)   # the bot (seat 0) won
    versus("admiral", 1, False)   # alice (seat 1) won
    versus("captain", 1)          # the bot won
    versus("heuristic", 0)        # an older match: the heuristic played as the Captain
    versus("random", 0)           # the random bot is no level
    creation.create_standard_match(core_pack, [SeatSpec("alice", alice),
                                               SeatSpec("Bot", bot="cadet")], seed=2)  # running
    three = creation.create_mode_match("ffa", [SeatSpec("alice", alice),
                                               SeatSpec("Vega", bot="cadet"),
                                               SeatSpec("Altair", bot="cadet")], pack=core_pack)
    _finish(three, 0)  # a 3-player game: not a game against one level
    bobs = creation.create_standard_match(core_pack, [SeatSpec("bob", bob),
                                                      SeatSpec("Bot", bot="admiral")], seed=3)
    _finish(bobs, 0)  # someone else's game
    assert records(alice) == {"cadet": (0, 0), "captain": (1, 1), "admiral": (2, 1),
                              "grand-admiral": (0, 0)}
    page = alice_client.get(reverse("play:create")).content.decode()
    assert "your record: 2 won, 1 lost" in page and "your record: 1 won, 1 lost" in page


@pytest.mark.parametrize("level", LEVEL_KEYS)
def test_a_standard_game_stores_the_chosen_level(alice_client, core_pack, level) -> None:
    response = alice_client.post(reverse("play:create"),
                                 {"deck": f"pack-{core_pack.pk}", "opponent": level})
    assert response.status_code == 302
    bot_seat = Match.objects.get().seats.get(bot__gt="")
    assert bot_seat.bot == level


def test_a_mode_game_stores_each_seats_level(alice_client, core_pack) -> None:
    response = alice_client.post(reverse("play:create"), {
        "deck": f"pack-{core_pack.pk}", "mode": "ffa", "players": "4", "seat1": "me",
        "seat2": "cadet", "seat3": "admiral", "seat4": "grand-admiral"})
    assert response.status_code == 302
    assert [s.bot for s in Match.objects.get().seats.order_by("index")] == [
        "", "cadet", "admiral", "grand-admiral"]


def test_a_campaign_scenario_stores_the_chosen_level(alice_client, bot_campaign) -> None:
    response = alice_client.post(reverse("play:campaign", args=[bot_campaign.pk]),
                                 {f"c{bot_campaign.pk}-bot": "grand-admiral"})
    assert response.status_code == 302
    assert Match.objects.get(campaign=bot_campaign).seats.get(index=1).bot == "grand-admiral"


def test_a_bad_level_is_a_form_error_and_starts_nothing(alice_client, core_pack,
                                                        bot_campaign) -> None:
    response = alice_client.post(reverse("play:create"),
                                 {"deck": f"pack-{core_pack.pk}", "opponent": "overlord"})
    assert response.status_code == 200 and "overlord is not one of the available" in \
        response.content.decode()
    response = alice_client.post(reverse("play:create"), {
        "deck": f"pack-{core_pack.pk}", "mode": "ffa", "players": "3", "seat1": "me",
        "seat2": "captain", "seat3": "grand-admirals"})
    assert response.status_code == 200
    assert "grand-admirals is not one of the available" in response.content.decode()
    response = alice_client.post(reverse("play:campaign", args=[bot_campaign.pk]),
                                 {f"c{bot_campaign.pk}-bot": "admirall"})
    page = response.content.decode()
    assert response.status_code == 400 and "admirall is not one of the available" in page
    assert f'id="campaign-{bot_campaign.pk}"' in page
    assert not Match.objects.exists()
    with pytest.raises(services.MatchError):
        SeatSpec("Bot", bot="overlord")


def test_the_worker_plays_the_seats_level(settings) -> None:
    """Each level is its bot with its budget; the server's BOT_TURN_MS scales the budgets and
    BOT_SEARCH_MS caps a decision; older seats' bot names still play."""
    settings.BOT_TURN_MS, settings.BOT_SEARCH_MS = 1000, 1500
    assert isinstance(services._bot("cadet", 1), ErraticBot)
    assert isinstance(services._bot("captain", 1), HeuristicBot)
    admiral, grand = services._bot("admiral", 1), services._bot("grand-admiral", 1)
    assert isinstance(admiral, SearchBot) and isinstance(grand, SearchBot)
    assert admiral.turn_budget < grand.turn_budget == 3.0
    assert grand.depth == 6  # six main phases ahead (the Admiral: the game's default)
    settings.BOT_TURN_MS, settings.BOT_SEARCH_MS = 500, 100
    grand = services._bot("grand-admiral", 1)
    assert (grand.turn_budget, grand.time_limit) == (1.5, 0.1)
    assert isinstance(services._bot("search", 1), SearchBot)
    assert isinstance(services._bot("heuristic", 1), HeuristicBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        services._bot("overlord", 1)


def test_a_level_seat_is_named_in_the_readers_language(alice, alice_client, core_pack) -> None:
    """A seat made in English as "Vega (Grand Admiral)" reads "Вега (Гранд-адмирал)" in Russian."""
    from django.utils import translation

    from play.bot_names import bot_seat_name

    with translation.override("en"):
        name = bot_seat_name("grand-admiral", 0)
    assert name == "Vega (Grand Admiral)"
    match = creation.create_mode_match("ffa", [SeatSpec("alice", alice),
                                               SeatSpec(name, bot="grand-admiral"),
                                               SeatSpec("Cadet", bot="cadet")], pack=core_pack)
    page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Вега (Гранд-адмирал)" in page and "Кадет" in page and "Grand Admiral" not in page
