"""After a game: a rematch (same seats and decks, new seed; other people must accept their seats)
and the campaign's next scenario (L1: scenarios in order)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from play import creation, rematch, services
from play.creation import SeatSpec
from play.models import Match


@pytest.fixture
def duel(core_pack, alice, bob) -> Match:
    """alice against bob, finished: bob gave up."""
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bob", bob)], seed=99)
    return services.resign(match.pk, 1, match.version)


def ask(client: Client, match: Match):
    return client.post(reverse("play:rematch", args=[match.pk]))


def test_rematch_seats_the_asker_and_offers_the_other_seat(duel: Match, alice_client: Client,
                                                           bob) -> None:
    response = ask(alice_client, duel)
    new = Match.objects.exclude(pk=duel.pk).get()
    assert response.status_code == 302 and response.url == new.get_absolute_url()
    seats = list(new.seats.order_by("index"))
    assert (seats[0].user.username, seats[1].user, seats[1].offered_to) == ("alice", None, bob)
    assert new.status == Match.Status.WAITING
    assert list(Match.objects.offered_to(bob)) == [new]
    old_setup = {k: v for k, v in duel.setup.items() if k != "seed"}
    assert {k: v for k, v in new.setup.items() if k != "seed"} == old_setup
    assert new.setup["seed"] != duel.setup["seed"]  # a fresh draw (equal once in 2**31)
    assert creation.join(new.seats.get(index=1), bob)
    assert Match.objects.get(pk=new.pk).status == Match.Status.ACTIVE


def test_rematch_is_linked_both_ways_and_asked_twice_is_the_same_match(duel: Match,
                                                                       alice_client: Client,
                                                                       bob) -> None:
    ask(alice_client, duel)
    new = Match.objects.exclude(pk=duel.pk).get()
    bob_client = Client()
    bob_client.force_login(bob)
    assert ask(bob_client, duel).url == new.get_absolute_url()  # bob asks too: the same game
    assert Match.objects.count() == 2
    old_page = alice_client.get(duel.get_absolute_url()).content.decode()
    assert 'id="rematch-link"' in old_page and new.get_absolute_url() in old_page
    new_page = alice_client.get(new.get_absolute_url()).content.decode()
    assert 'id="rematch-of"' in new_page and duel.get_absolute_url() in new_page
    assert rematch.original_of(new) == duel and creation.rematch_of(duel) == new


def test_a_new_game_with_other_people_is_no_rematch(duel: Match, core_pack, alice, outsider
                                                    ) -> None:
    other = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("O", outsider)], seed=5)
    assert creation.rematch_of(duel) is None and rematch.original_of(other) is None


def test_bots_stay_bots(core_pack, alice, alice_client: Client) -> None:
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bot", bot="random")], seed=3)
    match = services.resign(match.pk, 0, match.version)
    ask(alice_client, match)
    new = Match.objects.exclude(pk=match.pk).get()
    assert [(s.user_id, s.bot) for s in new.seats.order_by("index")] == [(alice.pk, ""),
                                                                        (None, "random")]
    assert new.status != Match.Status.WAITING


def test_finished_page_offers_the_rematch_button(duel: Match, alice_client: Client) -> None:
    page = alice_client.get(duel.get_absolute_url()).content.decode()
    assert 'id="rematch"' in page and reverse("play:rematch", args=[duel.pk]) in page


def test_rematch_refused_while_playing_and_hidden_from_outsiders(core_pack, alice, bob,
                                                                 alice_client: Client,
                                                                 client: Client, outsider) -> None:
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bob", bob)], seed=8)
    response = ask(alice_client, match)
    assert response.status_code == 302 and Match.objects.count() == 1
    client.force_login(outsider)
    assert ask(client, match).status_code == 404
    assert client.get(reverse("play:rematch", args=[match.pk])).status_code == 405


# -- campaign games: no rematch, the next scenario -------------------------------------------------


@pytest.fixture
def scenario_game(started_campaign: Campaign, alice) -> Match:
    """Scenario 1 of alice (Star Empire) against bob, who has not come online: alice resigns."""
    match = creation.create_campaign_match(started_campaign, {}, seed=12)
    match = services.resign(match.pk, 0, match.version, alice)
    assert match.recorded
    return match


def test_campaign_game_offers_no_rematch(scenario_game: Match, alice_client: Client) -> None:
    page = alice_client.get(scenario_game.get_absolute_url()).content.decode()
    assert 'id="rematch"' not in page
    ask(alice_client, scenario_game)
    assert Match.objects.count() == 1


def test_l1_next_envelope_is_opened_on_the_campaign_page_first(scenario_game: Match,
                                                               alice_client: Client) -> None:
    page = alice_client.get(scenario_game.get_absolute_url()).content.decode()
    assert "Open the envelope of scenario 2 on the campaign page" in page
    assert 'id="next-step-campaign"' in page


def test_next_scenario_starts_from_the_finished_page(scenario_game: Match, alice,
                                                     alice_client: Client) -> None:
    """L5: the Federation won scenario 1, so it plays first in scenario 2 (its card side has no
    choice to make): the game can start at once from the finished page."""
    campaign = Campaign.objects.get(pk=scenario_game.campaign_id)
    campaign.apply_event("scenario_opened", {"number": 2}, alice, campaign.version)
    page = alice_client.get(scenario_game.get_absolute_url()).content.decode()
    assert 'id="play-next-scenario"' in page and "Play scenario 2" in page
    response = alice_client.post(reverse("play:campaign", args=[campaign.pk]),
                                 {f"c{campaign.pk}-bot": "heuristic"})
    new = Match.objects.get(scenario=2)
    assert response.url == new.get_absolute_url()
    page = alice_client.get(scenario_game.get_absolute_url()).content.decode()
    assert 'id="continue-next-scenario"' in page and new.get_absolute_url() in page


def test_choices_are_named_when_they_block_the_next_game(started_campaign: Campaign, alice,
                                                         alice_client: Client) -> None:
    """L6: the Empire won, so scenario 2 uses the Empire side, whose choice must be made first."""
    match = creation.create_campaign_match(started_campaign, {}, seed=12)
    match = services.resign(match.pk, 1, match.version, alice)
    campaign = Campaign.objects.get(pk=match.campaign_id)
    campaign.apply_event("scenario_opened", {"number": 2}, alice, campaign.version)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert "the first player makes its choices on the campaign page" in page
