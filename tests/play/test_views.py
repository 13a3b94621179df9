"""The match pages through the test client: create, play to the end, refusals, hidden info (C25)."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from play import creation, services
from play.creation import SeatSpec
from play.engine import GameSetup, SeatSetup, legal_actions
from play.models import Match, MatchAction

SEED = 918273645


def act(client: Client, match: Match, notation: str, version: int | None = None, **headers):
    data = {"notation": notation, "version": match.version if version is None else version}
    return client.post(reverse("play:act", args=[match.pk]), data, **headers)


def state_json(client: Client, match: Match) -> dict:
    response = client.get(reverse("play:state", args=[match.pk]))
    assert response.status_code == 200
    return response.json()


@pytest.fixture
def bot_match(alice_client: Client, core_pack) -> Match:
    response = alice_client.post(reverse("play:create"),
                                 {"deck": f"pack-{core_pack.pk}", "opponent": "heuristic"})
    assert response.status_code == 302
    return Match.objects.get()


@pytest.fixture
def duel(core_pack, alice, bob) -> Match:
    """alice (seat 0, first) against bob, whose first hand is stacked with two big Blob ships."""
    pack = core_pack.engine_pack()
    bob_deck = ["mothership", "blob-carrier", "scout", "scout", "scout", "viper", "scout", "scout"]
    setup = GameSetup(
        pack=pack, seed=SEED, first=0,
        seats=[SeatSetup(name="alice"), SeatSetup(name="bob", deck_order=bob_deck,
                                                  deck={"mothership": 1, "blob-carrier": 1,
                                                        "scout": 5, "viper": 1})],
        trade_deck=[f"trade-pod#{i}" for i in range(1, 4)] + [f"blob-fighter#{i}" for i in
                                                                range(1, 4)])
    return creation.create_match(core_pack, setup, [SeatSpec("alice", alice), SeatSpec("bob", bob)])


def test_create_against_a_bot_and_play_to_the_end_with_random_legal_posts(bot_match, alice_client
                                                                         ) -> None:
    """C26: the game ends when an authority reaches 0; every POST answered by the bot in-request."""
    rng = random.Random(7)
    match = bot_match
    for _ in range(3000):
        data = state_json(alice_client, match)
        if data["status"] == "finished":
            break
        legal = data["view"]["legal"]
        assert data["view"]["decider"] == 0 and legal  # the bot never leaves the move to nobody
        preferred = [n for n in legal if n.startswith(("play", "attack", "buy"))]
        response = act(alice_client, match, rng.choice(preferred or legal), data["version"])
        assert response.status_code == 302
    match.refresh_from_db()
    assert match.is_over and match.result["winner"] in (0, 1)
    assert services.replay_match(match) == services.engine_state(match)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert "Game over" in page and 'id="moves"' not in page


def test_match_page_shows_the_board_and_every_legal_action(bot_match, alice_client) -> None:
    page = alice_client.get(bot_match.get_absolute_url()).content.decode()
    state = services.engine_state(bot_match)
    for action in legal_actions(state):
        assert f'value="{action.notation}"' in page
    for section in ('id="hand"', 'id="trade-row"', "Explorers:", "Trade deck:", "Authority 50"):
        assert section in page


def test_stale_version_is_409_and_changes_nothing(bot_match, alice_client) -> None:
    """A second tab (or a double click) posts against the version the first POST moved past."""
    shown = bot_match.version
    assert act(alice_client, bot_match, "end", shown).status_code == 302
    bot_match.refresh_from_db()
    moved = bot_match.version
    response = act(alice_client, bot_match, "end", shown, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "moved on" in response.content.decode()
    assert f'data-version="{moved}"' in response.content.decode()  # the fresh board comes back
    assert Match.objects.get(pk=bot_match.pk).version == moved


def test_illegal_action_is_400_with_the_engine_message(bot_match, alice_client) -> None:
    response = act(alice_client, bot_match, "play 999")
    assert response.status_code == 400
    assert "That move is not allowed" in response.content.decode()
    response = act(alice_client, bot_match, "end", "not a number")
    assert response.status_code == 400
    assert Match.objects.get(pk=bot_match.pk).version == bot_match.version


def test_the_seat_whose_decision_it_is_not_is_refused(duel: Match, bob) -> None:
    client = Client()
    client.force_login(bob)
    assert act(client, duel, "end").status_code == 403
    assert not MatchAction.objects.filter(match=duel).exists()


def test_opponent_move_reaches_the_poll(duel: Match, alice_client, bob) -> None:
    """The polling endpoint answers 204 until the version changes, then the new board."""
    bob_client = Client()
    bob_client.force_login(bob)
    poll = reverse("play:board", args=[duel.pk])
    assert bob_client.get(poll, {"version": duel.version}).status_code == 204
    assert act(alice_client, duel, "end").status_code == 302
    response = bob_client.get(poll, {"version": duel.version})
    assert response.status_code == 200 and 'data-version="1"' in response.content.decode()


def test_c25_pages_and_json_hide_the_other_hand_deck_order_and_seed(duel: Match, alice_client
                                                                    ) -> None:
    """C25: alice sees bob's hand size only; never its cards, any deck order, or the seed."""
    state = services.engine_state(duel)
    hidden_ids = set(state.hand[1]) | set(state.deck[0]) | set(state.deck[1])
    shown = [alice_client.get(duel.get_absolute_url()).content.decode(),
             json.dumps(state_json(alice_client, duel)),
             alice_client.get(reverse("play:board", args=[duel.pk])).content.decode()]
    for text in shown:
        assert "Mothership" not in text and "Blob Carrier" not in text
        assert "mothership" not in text and "blob-carrier" not in text
        assert str(SEED) not in text
        ids = {int(i) for i in re.findall(r'data-card-id="(\d+)"', text)}
        ids |= {int(i) for i in re.findall(r'"id": (\d+)', text)}
        assert not ids & hidden_ids
    bob = Client()
    bob.force_login(duel.seats.get(index=1).user)
    assert "Mothership" in bob.get(duel.get_absolute_url()).content.decode()  # the check can fail


def test_resign_button_ends_the_game(bot_match, alice_client) -> None:
    response = alice_client.post(reverse("play:resign", args=[bot_match.pk]),
                                 {"version": bot_match.version})
    assert response.status_code == 302
    bot_match.refresh_from_db()
    assert bot_match.is_over and bot_match.result["reason"] == "resign"


@pytest.mark.parametrize("name", ["match", "board", "state"])
def test_outsiders_get_404_and_visitors_the_login_page(name, duel, client, outsider) -> None:
    url = reverse(f"play:{name}", args=[duel.pk])
    assert client.get(url).status_code == 302  # anonymous: to the login page
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    assert act(client, duel, "end").status_code == 404


def test_an_outsiders_move_is_404_whatever_its_version_and_changes_nothing(duel, client,
                                                                          outsider) -> None:
    """The move's service finds the seat under the lock before it checks anything else, so a
    stranger cannot tell a stale version (409) or an illegal move (400) from no match at all."""
    client.force_login(outsider)
    before = (duel.version, duel.state)
    for version in (duel.version, duel.version + 5):
        for notation in ("end", "play 999", ""):
            assert act(client, duel, notation, version).status_code == 404
    assert act(client, duel, "end", HTTP_HX_REQUEST="true").status_code == 404
    missing = client.post(reverse("play:act", args=[duel.pk + 1000]), {"notation": "end",
                                                                       "version": 0})
    assert missing.status_code == 404
    duel.refresh_from_db()
    assert (duel.version, duel.state) == before


def test_invite_link_seats_a_friend(core_pack, alice, bob) -> None:
    match = creation.create_standard_match(core_pack, [SeatSpec("alice", alice), SeatSpec("?")])
    assert match.status == Match.Status.WAITING
    token = match.seats.get(index=1).invite_token
    client = Client()
    client.force_login(bob)
    assert client.post(reverse("play:join", args=[token])).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seat_of(bob).index == 1
    assert client.post(reverse("play:join", args=[token])).status_code == 302  # already seated
    other = Client()
    other.force_login(alice)
    assert other.get(reverse("play:join", args=["nope"])).status_code == 404


def test_create_against_a_registered_user_and_unknown_user(alice_client, core_pack, bob) -> None:
    url, deck = reverse("play:create"), f"pack-{core_pack.pk}"
    response = alice_client.post(url, {"deck": deck, "opponent": "user", "username": "zz"})
    assert response.status_code == 200 and "no other user" in response.content.decode()
    response = alice_client.post(url, {"deck": deck, "opponent": "user", "username": "bob"})
    assert response.status_code == 302
    assert Match.objects.offered_to(bob).count() == 1


def test_a_seat_is_offered_and_only_its_user_accepting_takes_it(alice_client, core_pack, bob,
                                                                outsider) -> None:
    """Issue 10, finding 5: naming a user offers them the seat; nobody is seated unasked."""
    alice_client.post(reverse("play:create"), {"deck": f"pack-{core_pack.pk}", "opponent": "user",
                                               "username": "bob"})
    match = Match.objects.get()
    assert match.status == Match.Status.WAITING
    assert match.seat_of(bob) is None and not Match.objects.for_user(bob).exists()
    seat = match.seats.get(index=1)
    stranger = Client()
    stranger.force_login(outsider)
    assert stranger.post(reverse("play:join", args=[seat.invite_token])).status_code == 404
    invited = Client()
    invited.force_login(bob)
    home = invited.get("/").content.decode()
    assert "You are invited to play" in home and seat.invite_token in home
    assert invited.post(reverse("play:join", args=[seat.invite_token])).status_code == 302
    match.refresh_from_db()
    assert match.seat_of(bob).index == 1 and match.status == Match.Status.ACTIVE
    assert not Match.objects.offered_to(bob).exists()
    assert "You are invited to play" not in invited.get("/").content.decode()


def test_home_lists_the_match(bot_match, alice_client) -> None:
    assert bot_match.get_absolute_url() in alice_client.get("/").content.decode()


def test_a_match_that_no_longer_replays_gets_a_clear_409_page(bot_match, alice_client) -> None:
    """E.g. its pack was edited under it: the pages say so instead of a server error."""
    MatchAction.objects.create(match=bot_match, seq=bot_match.version + 1, notation="play 999",
                               seat=0)
    Match.objects.filter(pk=bot_match.pk).update(state={}, version=bot_match.version + 1)
    for url in (bot_match.get_absolute_url(), reverse("play:board", args=[bot_match.pk])):
        response = alice_client.get(url)
        assert response.status_code == 409 and "no longer replays" in response.content.decode()
    response = act(alice_client, bot_match, "end", bot_match.version + 1, HTTP_HX_REQUEST="true")
    assert response.status_code == 409 and "<html" not in response.content.decode()


def test_c13_choose_options_are_the_cards_own_text_in_the_active_language(core_pack, alice,
                                                                         bob) -> None:
    """C13: Blob World's "or" shows both branches as buttons, rendered like the card's text."""
    setup = GameSetup(pack=core_pack.engine_pack(), seed=3, first=0,
                      seats=[SeatSetup(name="alice", deck={"blob-world": 1, "scout": 9},
                                       deck_order=["blob-world"] + ["scout"] * 9),
                             SeatSetup(name="bob")])
    match = creation.create_match(core_pack, setup, [SeatSpec("alice", alice),
                                                     SeatSpec("bob", bob)])
    state = services.engine_state(match)
    world = next(c for c in state.hand[0] if state.design[c].id == "blob-world")
    match = services.play(match.pk, 0, f"play {world}", match.version)
    use = next(a.notation for a in legal_actions(services.engine_state(match))
               if a.kind == "use")
    match = services.play(match.pk, 0, use, match.version)
    client = Client()
    client.force_login(alice)
    pages = {lang: client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
             for lang in ("en", "ru")}
    en = re.findall(r'data-notation="choose \d">([^<]+)<', pages["en"])
    ru = re.findall(r'data-notation="choose \d">([^<]+)<', pages["ru"])
    assert len(en) == len(ru) == 2
    assert "combat" in en[0] and "Blob card" in en[1]  # not the engine's "draw 1 per ..."
    assert "боя" in ru[0] and "Слизни" in ru[1]
