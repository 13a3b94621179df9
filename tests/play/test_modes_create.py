"""Creating a game of a multiplayer mode (M2-M7) through the create form: seats, offers, invites,
bots, waiting until every seat is taken; bad input is a form error, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from play import creation, modes_web, services
from play.engine import MODES as ENGINE_MODES
from play.engine import view
from play.models import Match

pytestmark = pytest.mark.django_db


def _post(client: Client, core_pack, **fields) -> object:
    data = {"deck": f"pack-{core_pack.pk}", "mode": "ffa", "players": "4", "seat1": "me",
            "seat2": "heuristic", "seat3": "random", "seat4": "heuristic"}
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(reverse("play:create"), data)


def test_m2_free_for_all_with_three_bots_starts_at_once(alice_client, core_pack) -> None:
    """M2: 4 seats, hands 3/4/5/5 in turn order; the bots answer until it is alice's decision."""
    response = _post(alice_client, core_pack)
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.status == Match.Status.ACTIVE and match.seats.count() == 4
    names = [s.name for s in match.seats.order_by("index")]
    assert names[0] == "alice" and all("bot" in n for n in names[1:]) and len(set(names)) == 4
    state = services.engine_state(match)
    assert state.decider == 0 and state.outcome is None
    assert match.setup["mode"] == "ffa" and len(match.setup["seats"]) == 4
    assert sorted(view(state, 0)["reach"]["players"]) == [1, 2, 3]


def test_m3_hunter_targets_only_the_next_player(alice_client, core_pack) -> None:
    """M3: the hunter's setup lets a seat attack only the next living opponent."""
    assert _post(alice_client, core_pack, mode="hunter", players=3).status_code == 302
    match = Match.objects.get()
    assert match.setup["mode"] == "hunter"
    state = services.engine_state(match)
    assert view(state, 0)["reach"]["players"] == [1]


def test_a_named_user_is_offered_a_seat_and_the_game_waits_for_them(alice_client, core_pack,
                                                                    bob) -> None:
    """Nobody is seated without accepting; the bots do not move before the last acceptance."""
    response = _post(alice_client, core_pack, seat3="user", seat3_user="bob", seat2="invite")
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.status == Match.Status.WAITING and match.version == 0
    assert match.seat_of(bob) is None and Match.objects.offered_to(bob).count() == 1
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert page.count("/play/join/") == 2  # one invite link per open seat
    bob_client, carol_client = Client(), Client()
    bob_client.force_login(bob)
    seats = {s.index: s for s in match.seats.all()}
    assert bob_client.post(reverse("play:join", args=[seats[2].invite_token])).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.WAITING and match.version == 0
    from tests.factories import UserFactory
    carol_client.force_login(UserFactory(username="carol"))
    assert carol_client.post(reverse("play:join", args=[seats[1].invite_token])).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seats.get(index=1).name == "carol"
    state = services.engine_state(match)
    assert state.outcome is not None or state.decider != 3  # the bot moved when it began


@pytest.mark.parametrize("fields, field", [
    ({"players": 7}, "players"), ({"players": "x"}, "players"),
    ({"mode": "hydra", "players": 5}, "players"), ({"mode": "emperor", "players": 4}, "players"),
    ({"mode": "nonsense"}, "mode"),
    ({"seat1": "heuristic"}, "seat1"), ({"seat2": "me"}, "seat1"),
    ({"seat2": "user", "seat2_user": "nobody"}, "seat2_user"),
    ({"seat2": "user", "seat2_user": "alice"}, "seat2_user"),
    ({"seat2": "robot"}, "seat2"), ({"seat4": ""}, "seat4"),
])
def test_bad_seats_are_form_errors_that_keep_what_was_typed(alice_client, core_pack, fields,
                                                            field) -> None:
    response = _post(alice_client, core_pack, **fields)
    assert response.status_code == 200 and not Match.objects.exists()
    form = response.context["form"]
    assert field in form.errors
    assert form["deck"].value() == f"pack-{core_pack.pk}"


def test_the_same_user_cannot_take_two_seats(alice_client, core_pack, bob) -> None:
    response = _post(alice_client, core_pack, seat2="user", seat2_user="bob", seat3="user",
                     seat3_user="bob")
    assert response.status_code == 200 and "seat3_user" in response.context["form"].errors


def test_every_mode_of_the_engine_is_offered(alice_client, core_pack) -> None:
    """M1-M7: the form offers each mode of the engine's mode table, and only those."""
    page = alice_client.get(reverse("play:create")).content.decode()
    for mode in modes_web.MODES:
        assert f'value="{mode.key}"' in page
    assert {m.key for m in modes_web.available_modes()} == set(ENGINE_MODES)


def test_a_standard_game_still_needs_no_mode_field(alice_client, core_pack) -> None:
    response = alice_client.post(reverse("play:create"),
                                 {"deck": f"pack-{core_pack.pk}", "opponent": "random"})
    assert response.status_code == 302 and Match.objects.get().seats.count() == 2


def test_l26_m2_a_finished_campaigns_deck_for_three_players(legacy, alice, alice_client) -> None:
    """L26 with M2: the campaign's trade deck (upgrades kept); the seats take the sides'
    personal decks (L7) in turn; the page renders for the creator."""
    from campaign.models import Campaign
    from campaign.simulation import Simulation
    from play.creation import SeatSpec

    Simulation(pack=legacy, seed=1).run()
    campaign = Campaign.objects.get()
    match = creation.create_mode_match(
        "ffa", [SeatSpec("alice", alice), SeatSpec("Vega", bot="heuristic"),
                SeatSpec("Altair", bot="random")], campaign=campaign, seed=3)
    sides = [seat["side"] for seat in match.setup["seats"]]
    assert sides == ["empire", "federation", "empire"]
    assert any(isinstance(c, dict) and c.get("sticker") for c in match.setup["trade_deck"])
    state = services.engine_state(match)
    assert state.decider == 0 or state.outcome is not None
    page = alice_client.get(match.get_absolute_url())
    assert page.status_code == 200 and 'id="opponents"' in page.content.decode()


def test_an_unfinished_campaign_deck_is_refused(started_campaign, alice) -> None:
    from play.creation import SeatSpec
    from play.services import MatchError

    with pytest.raises(MatchError):
        creation.create_mode_match("ffa", [SeatSpec("alice", alice), SeatSpec("b", bot="random"),
                                            SeatSpec("c", bot="random")],
                                    campaign=started_campaign)


def test_seat_roles_match_the_engines_seat_plan() -> None:
    """M5-M7: the roles the form names before the game are the engine's (docs/modes.md)."""
    from play.engine import load_pack, tiny_pack
    from play.engine.setup import setup_for

    pack = load_pack(tiny_pack())
    for mode in ("hydra", "emperor", "raid"):
        for n in modes_web.BY_KEY[mode].counts:
            seats = setup_for(mode, pack, players=n).seats
            roles = modes_web.seat_roles(mode, n)
            assert [s.role for s in seats] == [r.role or None for r in roles]
            if mode == "hydra":
                assert [s.team for s in seats] == [r.team for r in roles]
