"""Random games of every mode the site offers, played through the web layer (services + views):
every seat's page, board partial and JSON hide the other hands (except where the mode shows a
teammate's hand: raid, M7), every deck order and the seed (C25); moves are server-checked."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from play import creation, modes_web, services
from play.creation import SeatSpec
from play.models import Match
from tests.factories import UserFactory

pytestmark = [pytest.mark.long, pytest.mark.django_db]

SEED = 581726354
NAMES = ("ann", "ben", "cyd", "dov", "eve", "fay")
CHECK_EVERY = 30
MAX_ACTIONS = 140
SEATS = {"ffa": 6, "hunter": 3, "first-blood": 4, "hydra": 4, "emperor": 6, "raid": 4}


def _ids(text: str) -> set[int]:
    found = {int(i) for i in re.findall(r'data-card-id="(\d+)"', text)}
    return found | {int(i) for i in re.findall(r'"id": (\d+)', text)}


def _visible_hands(match: Match, state, seat: int) -> set[int]:
    """Return the seats whose hands `seat` may see: its own, and a fellow raider's (M7)."""
    seen = {seat}
    if modes_web.mode_of(match) == "raid" and state.game.team[seat] == 1:
        seen |= {s for s in range(state.game.n) if state.game.team[s] == 1}
    return seen


def _scan(match: Match, clients: list[Client]) -> None:
    """Check every seat's three answers against the server's full state."""
    match.refresh_from_db()
    state = services.engine_state(match)
    n = state.game.n
    for seat, client in enumerate(clients):
        shown = [client.get(match.get_absolute_url()).content.decode(),
                 client.get(reverse("play:board", args=[match.pk])).content.decode(),
                 json.dumps(client.get(reverse("play:state", args=[match.pk])).json())]
        hidden = set(state.trade_deck)
        for other in range(n):
            hidden |= set(state.deck[other])
            if other not in _visible_hands(match, state, seat):
                hidden |= set(state.hand[other])
        pending = state.pending
        if pending is not None and pending.seat == seat:  # its own options (a bequest: its deck)
            hidden -= set(pending.options)
        for text in shown[:2]:  # the pages name players, never by seat number
            assert not re.search(r"Player \d", text)
        for text in shown:
            assert str(SEED) not in text
            leaked = _ids(text) & hidden
            assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)[:5]}"


def _play(match: Match, clients: list[Client], rng: random.Random) -> int:
    """Play random legal moves through the views; scan every seat now and then."""
    for step in range(MAX_ACTIONS):
        match.refresh_from_db()
        if match.is_over:
            return step
        if step % CHECK_EVERY == 0:
            _scan(match, clients)
        decider = match.turn_seat
        data = clients[decider].get(reverse("play:state", args=[match.pk])).json()
        legal = data["view"]["legal"]
        assert legal, "the deciding seat always has a move"
        preferred = [n for n in legal if n.startswith(("attack", "play", "destroy"))]
        notation = rng.choice(preferred or legal)
        response = clients[decider].post(reverse("play:act", args=[match.pk]),
                                         {"notation": notation, "version": data["version"]})
        assert response.status_code == 302, (notation, response.status_code)
    _scan(match, clients)
    return MAX_ACTIONS


def _match(mode: str, n: int, core_pack) -> tuple[Match, list[Client]]:
    users = [UserFactory(username=name) for name in NAMES[:n]]
    match = creation.create_mode_match(mode, [SeatSpec(u.username, u) for u in users],
                                        pack=core_pack, seed=SEED)
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    return match, clients


@pytest.mark.one_database
@pytest.mark.parametrize("mode, n", [(mode, SEATS[mode])
                                     for mode in sorted(m.key for m in modes_web.available_modes() if m.key != "standard")])
def test_m2_m7_every_seat_sees_only_its_own_hidden_information(mode, n, core_pack) -> None:
    """C25 per seat in every offered mode, at many steps of a random game played online."""
    match, clients = _match(mode, n, core_pack)
    steps = _play(match, clients, random.Random(f"{mode}{n}"))
    match.refresh_from_db()
    assert steps > 20 and match.version >= steps
    assert services.replay_match(match) == services.engine_state(match)


def test_the_scan_can_fail_a_raider_sees_what_the_boss_cannot(core_pack) -> None:
    """The check above is live: another seat's hand ids do appear on that seat's own page."""
    match, clients = _match("ffa", 3, core_pack)
    state = services.engine_state(match)
    other = clients[1].get(match.get_absolute_url()).content.decode()
    assert _ids(other) & set(state.hand[1])
    assert not _ids(clients[0].get(match.get_absolute_url()).content.decode()) & set(
        state.hand[1])


def test_stale_and_out_of_turn_moves_are_refused_in_a_four_player_game(core_pack) -> None:
    match, clients = _match("ffa", 4, core_pack)
    decider = match.turn_seat
    waiting = (decider + 1) % 4
    url = reverse("play:act", args=[match.pk])
    assert clients[waiting].post(url, {"notation": "end", "version": match.version}
                                 ).status_code == 403
    assert clients[decider].post(url, {"notation": "end", "version": match.version + 5}
                                 ).status_code == 409
    assert clients[decider].post(url, {"notation": "attack 9", "version": match.version}
                                 ).status_code == 400
    match.refresh_from_db()
    assert match.version == 0


def test_nobody_moves_while_a_seat_is_open(core_pack, alice) -> None:
    match = creation.create_mode_match(
        "ffa", [SeatSpec("alice", alice), SeatSpec("Guest 1"), SeatSpec("Vega", bot="random")],
        pack=core_pack, seed=SEED)
    client = Client()
    client.force_login(alice)
    state = services.engine_state(match)
    assert state.history == []  # the bot did not move either
    response = client.post(reverse("play:act", args=[match.pk]),
                           {"notation": "end", "version": 0})
    assert response.status_code == 409 and state.outcome is None
    assert "every seat is taken" in response.content.decode()
    match.refresh_from_db()
    assert match.version == 0 and match.status == Match.Status.WAITING


def test_m7_raiders_see_each_others_hands_and_the_boss_does_not(core_pack) -> None:
    """M7: the exception the scan allows is real: a fellow raider's hand is on a raider's page."""
    match, clients = _match("raid", 3, core_pack)
    state = services.engine_state(match)
    boss = next(s for s in range(3) if state.game.team[s] == 0)
    raiders = [s for s in range(3) if s != boss]
    raider_page = clients[raiders[0]].get(match.get_absolute_url()).content.decode()
    boss_page = clients[boss].get(match.get_absolute_url()).content.decode()
    assert set(state.hand[raiders[1]]) <= _ids(raider_page)
    assert not _ids(boss_page) & set(state.hand[raiders[1]])
    assert not _ids(raider_page) & set(state.hand[boss])


@pytest.mark.one_database
@pytest.mark.parametrize("mode", sorted(m.key for m in modes_web.available_modes() if m.key != "standard"))
def test_m2_m7_every_mode_plays_to_the_end_online_with_a_person_and_bots(mode, core_pack) -> None:
    """One person (random legal posts) and heuristic bots answering in the same requests."""
    ann = UserFactory(username="ann")
    n = SEATS[mode]
    seats = [SeatSpec("ann", ann)] + [SeatSpec(f"{star} (bot)", bot="heuristic")
                                      for star in ("Vega", "Altair", "Rigel", "Deneb", "Sirius")
                                      [:n - 1]]
    match = creation.create_mode_match(mode, seats, pack=core_pack, seed=77)
    client = Client()
    client.force_login(ann)
    rng = random.Random(mode)
    for _post in range(800):
        match.refresh_from_db()
        if match.is_over:
            break
        data = client.get(reverse("play:state", args=[match.pk])).json()
        legal = data["view"]["legal"]
        assert legal and data["view"]["decider"] == 0  # bots never leave the move to nobody
        preferred = [a for a in legal if a.startswith(("play", "attack", "destroy", "buy"))]
        response = client.post(reverse("play:act", args=[match.pk]),
                               {"notation": rng.choice(preferred or legal),
                                "version": data["version"]})
        assert response.status_code == 302
    match.refresh_from_db()
    assert match.is_over and match.result["winner"] is not None
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Game over" in page
    assert services.replay_match(match) == services.engine_state(match)
