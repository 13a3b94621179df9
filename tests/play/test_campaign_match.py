"""A campaign's open scenario played online, and its result written back (L5, L20, L21)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from campaign.state import GAME_RECORDED, missing_choices
from cards.loading import load_pack_file
from play import creation, services
from play.engine import legal_actions
from play.models import Match
from play.services import MatchError
from tests.engine.packs import keys_reversed


def start(client: Client, campaign: Campaign, bot: str = "heuristic") -> Match:
    response = client.post(reverse("play:campaign", args=[campaign.pk]),
                           {f"c{campaign.pk}-bot": bot})
    assert response.status_code == 302
    return Match.objects.get(campaign=campaign)


def test_l5_scenario_match_maps_campaign_seats_and_the_bot(bot_campaign, alice_client) -> None:
    """L5: the Star Empire plays first in scenario 1; the seat without a user is a bot."""
    match = start(alice_client, bot_campaign)
    seats = list(match.seats.order_by("index"))
    assert (seats[0].user.username, seats[0].bot, seats[1].user, seats[1].bot) == (
        "alice", "", None, "heuristic")
    assert match.scenario == 1 and match.campaign_version == bot_campaign.version
    assert match.setup["first"] == 0 and match.setup["seats"][0]["side"] == "empire"
    assert start(alice_client, bot_campaign) == match  # a second click resumes the same game


def test_c2_l7_a_stored_setup_deals_the_same_game_whatever_its_key_order(bot_campaign) -> None:
    """C2, L7: personal decks are mappings (card -> count) in the stored setup, and PostgreSQL's
    jsonb gives mappings back with their keys re-sorted: the deal must not depend on key order."""
    match = creation.create_campaign_match(bot_campaign, {1: "random"}, seed=5)
    played = services.engine_state(match)
    stored = Match.objects.get(pk=match.pk)
    assert len(stored.setup["seats"][0]["deck"]) > 1  # a mapping whose order can differ
    stored.setup, stored.state = keys_reversed(stored.setup), {}  # rebuilt from the setup alone
    again = services.replay_match(stored)
    # State equality compares card instances by number; the deal shows in the instances' cards.
    assert _cards_by_zone(again) == _cards_by_zone(played)


def _cards_by_zone(state) -> list[list[str]]:
    """Return the card ids in every seat's hand, deck and discard pile, in order."""
    return [[state.design[card].id for card in zone]
            for zone in (*state.hand, *state.deck, *state.discard)]


def test_l20_l21_finished_game_is_recorded_in_the_campaign(bot_campaign, alice_client) -> None:
    """The game played to the end through the pages lands in the campaign log as game_recorded."""
    match = start(alice_client, bot_campaign, bot="random")
    assert match.seats.get(index=1).bot == "random"  # the bot chosen on the form
    version = bot_campaign.version
    rng = random.Random(3)
    while not match.is_over:
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        moves = [n for n in legal if n.startswith(("play", "attack", "buy"))]
        response = alice_client.post(reverse("play:act", args=[match.pk]),
                                     {"notation": rng.choice(moves or legal),
                                      "version": match.version})
        assert response.status_code == 302
        match.refresh_from_db()
    bot_campaign.refresh_from_db()
    assert match.recorded and not match.record_problem
    assert bot_campaign.version == version + 1
    event = bot_campaign.events.order_by("-seq").first()
    assert event.kind == GAME_RECORDED
    winner = ("empire", "federation")[match.result["winner"]]
    assert bot_campaign.current_state.current()["result"]["winner"] == winner


def test_resignation_is_recorded_as_a_resignation(bot_campaign, alice_client) -> None:
    match = start(alice_client, bot_campaign)
    alice_client.post(reverse("play:resign", args=[match.pk]), {"version": match.version})
    result = Campaign.objects.get(pk=bot_campaign.pk).current_state.current()["result"]
    assert result["winner"] == "federation" and result["how"] == "resign"


def test_campaign_changed_meanwhile_is_not_overwritten(bot_campaign, alice, alice_client) -> None:
    """The result was entered by hand while the online game ran: nothing is recorded twice."""
    match = start(alice_client, bot_campaign)
    bot_campaign.apply_event(GAME_RECORDED, {"winner": "empire", "how": "authority"}, alice,
                             bot_campaign.version)
    alice_client.post(reverse("play:resign", args=[match.pk]), {"version": match.version})
    match.refresh_from_db()
    assert not match.recorded and "changed" in match.record_problem
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert 'id="record-result"' in page
    response = alice_client.post(reverse("play:record", args=[match.pk]), follow=True)
    assert "no longer stands" in response.content.decode()
    campaign = Campaign.objects.get(pk=bot_campaign.pk)
    assert campaign.events.filter(kind=GAME_RECORDED).count() == 1
    assert campaign.current_state.current()["result"]["winner"] == "empire"


def test_record_button_records_when_the_campaign_still_sets_up_the_same_game(
        bot_campaign, alice, alice_client) -> None:
    """A change that leaves the game the same (here: an undone undo) does not block the button."""
    match = start(alice_client, bot_campaign)
    bot_campaign.undo(alice, bot_campaign.version)          # scenario 1 closed
    bot_campaign.apply_event("scenario_opened", {"number": 1}, alice, bot_campaign.version)
    alice_client.post(reverse("play:resign", args=[match.pk]), {"version": match.version})
    match.refresh_from_db()
    assert not match.recorded
    alice_client.post(reverse("play:record", args=[match.pk]))
    match.refresh_from_db()
    assert match.recorded
    assert Campaign.objects.get(pk=bot_campaign.pk).current_state.current()["result"]


def test_no_open_scenario_is_refused(legacy, alice) -> None:
    campaign = Campaign.start(legacy, "New", alice, [(alice, "A"), (None, "B")])
    with pytest.raises(MatchError):
        creation.create_campaign_match(campaign, {})


def test_outsider_cannot_start_someone_elses_campaign_game(bot_campaign, outsider) -> None:
    client = Client()
    client.force_login(outsider)
    response = client.post(reverse("play:campaign", args=[bot_campaign.pk]))
    assert response.status_code == 404 and not Match.objects.exists()


def test_create_page_lists_the_playable_campaign(bot_campaign, alice_client, core_pack) -> None:
    page = alice_client.get(reverse("play:create")).content.decode()
    assert "Alice vs the bot" in page and reverse("play:campaign", args=[bot_campaign.pk]) in page


def test_l26_finished_campaign_deck_as_a_standard_game(legacy, alice, alice_client) -> None:
    """L26: after the campaign, its trade deck (upgrades and post-campaign pack) is played."""
    from campaign.simulation import Simulation

    Simulation(pack=legacy, seed=1).run()
    campaign = Campaign.objects.get()
    campaign.seats.filter(index=0).update(user=alice)
    response = alice_client.get(reverse("play:create"))
    assert f"campaign-{campaign.pk}" in response.content.decode()
    response = alice_client.post(reverse("play:create"), {"deck": f"campaign-{campaign.pk}",
                                                          "opponent": "heuristic"})
    assert response.status_code == 302
    match = Match.objects.get()
    upgraded = [c for c in match.setup["trade_deck"] if isinstance(c, dict)]
    state = campaign.current_state
    assert len(upgraded) == len(state.upgrades) > 0
    assert len(match.setup["trade_deck"]) == len(state.trade_deck(campaign.content))
    assert services.engine_state(match).decider == 0


UPGRADE_DEAL = 11


def test_l11_buy_with_a_sticker_is_offered_as_a_choice_and_applied(alice, alice_client) -> None:
    """L11-L17: when an upgrade is legal, the buy button comes with a sticker choice.

    The real default legacy pack (the test pack's cards only give combat: nothing is bought).
    """
    pack = load_pack_file(Path(settings.BASE_DIR) / "fixtures" / "packs" / "legacy-default.json"
                          ).pack
    campaign = Campaign.start(pack, "Real", alice, [(alice, "Alice"), (None, "Fed")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    for choice in missing_choices(campaign.content, campaign.current_state):  # L6
        campaign.apply_event("choice_made", {"choice": choice["id"],
                                             "option": choice["options"][0]["id"]},
                             alice, campaign.version)
    # A fixed deal: from a random one, 400 random plays do not always reach a legal upgrade.
    match = creation.create_campaign_match(campaign, {1: "heuristic"}, seed=UPGRADE_DEAL)
    rng = random.Random(5)
    upgrade = None
    for _ in range(400):
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        upgrade = next((n for n in legal if n.startswith("buy") and " up " in n), None)
        if upgrade or match.is_over:
            break
        moves = [n for n in legal if n.startswith("play")] or legal
        match = services.play(match.pk, 0, rng.choice(moves), match.version)
    assert upgrade is not None
    page = alice_client.get(match.get_absolute_url()).content.decode()
    # each upgrade is a radio with its whole sticker text, never cut off in a select (issue 20)
    assert f'<input type="radio" name="notation" value="{upgrade}">' in page
    assert "upgrade with" in page
    card = upgrade.split()[1]
    response = alice_client.post(reverse("play:act", args=[match.pk]),
                                 {"notation": upgrade, "version": match.version})
    assert response.status_code == 302
    state = services.engine_state(Match.objects.get(pk=match.pk))
    upgraded = [e for e in state.log + state.prev_log if e[0] == "upgrade"]
    assert upgraded and upgraded[0][3] == upgrade.split(" up ")[1]
    assert int(card) in state.discard[0] + state.hand[0] + state.deck[0]
