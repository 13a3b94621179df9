"""Bad input to every campaign page: a clear refusal, never a 500, and the database unchanged.

The cases come from the QA pass of issue 5 (a script posting garbage, stale versions, other
users' ids and out-of-order steps at every URL). The ones that crashed before their fix are
marked "was a 500".
"""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.backup import dumps, export_campaign
from campaign.content import PackContent
from campaign.models import Campaign, CampaignEvent, Seat
from campaign.state import CampaignState, Event, EventRefused, derive
from tests.campaign.packs import legacy_pack

pytestmark = pytest.mark.long

POST_ONLY = ("wish", "open", "choose", "after_upgrade", "finish", "delete", "restore")
VERSION_BUTTONS = ("open", "finish", "undo")


def url(name: str, campaign: Campaign, *args) -> str:
    return reverse(f"campaign:{name}", args=[campaign.pk, *args])


def snapshot() -> tuple:
    """Return everything a refused request must leave as it was."""
    return (Campaign.objects.count(), Seat.objects.count(), CampaignEvent.objects.count(),
            list(Campaign.objects.order_by("pk").values_list("version", "state", "deleted_at")))


def test_l25_after_campaign_upgrade_during_the_campaign_is_refused(alice_client: Client,
                                                                     started: Campaign) -> None:
    """L25: was a 500 (KeyError looking for scenario 12's result) when posted before it."""
    before = snapshot()
    response = alice_client.post(url("after_upgrade", started),
                                 {"version": started.version, "copy": "x", "sticker": "y"},
                                 follow=True)
    assert response.status_code == 200
    assert "No side needs an upgrade now" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("name", POST_ONLY)
def test_get_on_a_post_only_url_is_405(alice_client: Client, started: Campaign, name: str) -> None:
    before = snapshot()
    assert alice_client.get(url(name, started)).status_code == 405
    assert snapshot() == before


@pytest.mark.parametrize("name", VERSION_BUTTONS)
@pytest.mark.parametrize("version", ["", "abc", "-1", "1.5", "99999999999999999999999"])
def test_garbage_version_changes_nothing(alice_client: Client, started: Campaign, name: str,
                                         version: str) -> None:
    before = snapshot()
    response = alice_client.post(url(name, started), {"version": version})
    assert response.status_code in (200, 302, 409)
    assert snapshot() == before


@pytest.mark.parametrize("name", VERSION_BUTTONS)
def test_stale_version_is_409_on_every_button(alice_client: Client, started: Campaign,
                                              alice, name: str) -> None:
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    before = snapshot()
    response = alice_client.post(url(name, started), {"version": 2})
    assert response.status_code == 409
    assert snapshot() == before


def test_l1_record_before_any_scenario_is_opened_is_refused(alice_client: Client,
                                                             campaign: Campaign) -> None:
    """L1: the record page sends you back to open a scenario; nothing is written."""
    before = snapshot()
    response = alice_client.post(url("record", campaign),
                                 {"version": 0, "winner": "empire", "how": "authority"},
                                 follow=True)
    assert "Open the next scenario first" in response.content.decode()
    assert snapshot() == before


def test_l1_second_scenario_cannot_open_before_the_first_is_played(alice_client: Client,
                                                                    started: Campaign) -> None:
    before = snapshot()
    response = alice_client.post(url("open", started), {"version": started.version}, follow=True)
    assert "must be finished before the next one opens" in response.content.decode()
    assert snapshot() == before


def test_undo_on_an_empty_log_says_so(alice_client: Client, campaign: Campaign) -> None:
    before = snapshot()
    response = alice_client.post(url("undo", campaign), {"version": 0})
    assert response.status_code == 200
    assert "There is nothing to undo." in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("data, message", [
    ({"winner": "klingon", "how": "authority"}, "This choice is not offered"),
    ({"winner": "empire", "how": "magic"}, "This choice is not offered"),
    ({"winner": "empire", "how": "authority", "copy_0": "kingdom-ship-2#1"}, "Upgrade row 1"),
    ({"winner": "empire", "how": "authority", "copy_0": "nope#1", "sticker_0": "empire-1:2:ship",
      "by_0": "empire"}, "This choice is not offered"),
    ({"winner": "empire", "how": "authority", "copy_0": "kingdom-ship-2#1",
      "sticker_0": "empire-1:2:ship", "by_0": "federation"}, "belongs to the other side"),
    ({"winner": "empire", "how": "authority", "copy_0": "kingdom-ship-2#1",
      "sticker_0": "empire-1:2:ship", "by_0": "empire", "copy_1": "kingdom-ship-2#1",
      "sticker_1": "empire-1:2:ship", "by_1": "empire"}, "already upgraded"),
    ({"winner": "empire", "how": "scenario"}, "no victory condition of its own"),
])
@pytest.mark.parametrize("htmx", [False, True])
def test_l11_l19_bad_record_form_is_refused_on_the_form(alice_client: Client, started: Campaign,
                                                        data: dict, message: str,
                                                        htmx: bool) -> None:
    """L11-L19: each bad game record names what is wrong and saves nothing."""
    before = snapshot()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = alice_client.post(url("record", started), {"version": started.version, **data},
                                 **headers)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("data", [
    {}, {"seat": "x", "side": "empire"}, {"seat": 5, "side": "empire"},
    {"seat": 0, "side": "e" * 100_000}, {"seat": ["0", "1"], "side": "empire"},
])
def test_l2_garbage_wish_changes_nothing(alice_client: Client, campaign: Campaign,
                                         data: dict) -> None:
    before = snapshot()
    response = alice_client.post(url("wish", campaign), {"version": 0, **data}, follow=True)
    assert response.status_code == 200 and 'class="error"' in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("data", [{"choice": "nope", "option": "x"},
                                  {"choice": "tribute", "option": "bogus"},
                                  {"choice": "tribute"}])
def test_l6_garbage_choice_changes_nothing(alice_client: Client, started: Campaign, alice,
                                           data: dict) -> None:
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    started.apply_event("scenario_opened", {"number": 2}, alice, 3)
    before = snapshot()
    alice_client.post(url("choose", started), {"version": started.version, **data})
    assert snapshot() == before


@pytest.mark.parametrize("query", ["?cost=abc", "?faction=" + "x" * 5000, "?upgraded=maybe",
                                   "?by=nobody&type=zz", "?cost=3&cost=4"])
def test_deck_filters_with_garbage_show_an_empty_or_full_deck(alice_client: Client,
                                                              started: Campaign,
                                                              query: str) -> None:
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        assert alice_client.get(url("deck", started) + query, **headers).status_code == 200


def test_scenario_page_of_a_far_away_number_is_404(alice_client: Client,
                                                   started: Campaign) -> None:
    assert alice_client.get(url("scenario", started, 0)).status_code == 404
    far = url("scenario", started, 1).replace("/scenarios/1/", f"/scenarios/{10**20}/")
    assert alice_client.get(far).status_code == 404  # beyond 64 bits: no route, not a 500


def test_restore_of_a_campaign_that_is_not_deleted_is_404(alice_client: Client,
                                                          campaign: Campaign) -> None:
    before = snapshot()
    assert alice_client.post(url("restore", campaign)).status_code == 404
    assert snapshot() == before


# -- backups -------------------------------------------------------------------------------------


def _backup(campaign: Campaign, change=None) -> bytes:
    data = json.loads(dumps(export_campaign(campaign)))
    if change:
        change(data)
    return json.dumps(data).encode()


def _import(client: Client, content: bytes):
    upload = SimpleUploadedFile("backup.json", content, content_type="application/json")
    return client.post(reverse("campaign:import"), {"file": upload})


def _set(path: list, value):
    """Return a change that sets data[path[0]][path[1]]... to value."""
    def change(data: dict) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


BROKEN_BACKUPS = [
    # (how the file is broken, change to a good export, words of the message)
    ("pack version not a number (was a 500)", _set(["pack", "version"], "abc"), "whole number"),
    ("pack version a list (was a 500)", _set(["pack", "version"], [1]), "whole number"),
    ("pack slug a list", _set(["pack", "slug"], ["test-legacy"]), "names no pack"),
    ("NUL in the name (a 500 on PostgreSQL)", _set(["name"], "a\x00b"), "NUL character"),
    ("NUL in a payload (a 500 on PostgreSQL)", _set(["events", 0, "payload", "x"], "\x00"),
     "NUL character"),
    ("NUL in a seat name (a 500 on PostgreSQL)", _set(["seats", 0, "name"], "\x00"),
     "NUL character"),
    ("Infinity in a payload (a 500 on PostgreSQL)", _set(["events", 0, "payload", "x"],
                                                         float("inf")), "too large, or NaN"),
    ("name too long (was cut silently)", _set(["name"], "x" * 121), "longer than 120"),
    ("seat name too long (was cut silently)", _set(["seats", 1, "name"], "x" * 81),
     "longer than 80"),
    ("actor not a name (was stored as a dict's repr)", _set(["events", 0, "actor"], {"a": 1}),
     "actor must be a name"),
    ("seq true instead of 1", _set(["events", 0, "seq"], True), "out of order"),
    ("unknown schema version", _set(["schema_version"], 99), "schema version 99"),
    ("foreign pack", _set(["pack"], {"slug": "core-set", "version": 1}), "not on this site"),
    ("events not a list", _set(["events"], {}), "list of events"),
    ("bad date", _set(["events", 0, "created_at"], "99999-01-01"), "bad date"),
    ("payload of a wrong shape", _set(["events", 0, "payload"], {"wishes": 5}), "Malformed"),
    ("upgrade of a wrong shape", lambda data: data["events"].append({
        "seq": 3, "kind": "game_recorded", "created_at": "2026-01-01T00:00:00+00:00",
        "payload": {"winner": "empire", "how": "authority",
                    "upgrades": [{"copy": [1], "sticker": {"a": 1}, "side": "empire"}]}}),
     "breaks the campaign rules"),
    ("L1: scenario 5 after scenario 1", _set(["events", 1, "payload", "number"], 5),
     "Scenarios open in order"),
    # JSON's true and 1.0 equal 1 in Python, but became state keys "True"/"1.0" (was imported)
    ("scenario number 1.0", _set(["events", 1, "payload", "number"], 1.0), "whole number"),
    ("scenario number true", _set(["events", 1, "payload", "number"], True), "whole number"),
    ("L2: coin true", _set(["events", 0, "payload"], {"wishes": ["empire", "empire"],
                                                       "coin": True}), "coin flip must decide"),
    ("L2: seat true", _set(["events", 0], {
        "seq": 1, "kind": "side_wished", "created_at": "2026-01-01T00:00:00+00:00",
        "payload": {"seat": True, "side": "empire"}}), "Each seat must wish"),
    ("undo naming seq true", lambda data: data["events"].append({
        "seq": 3, "kind": "undo", "created_at": "2026-01-01T00:00:00+00:00",
        "payload": {"seq": True}}), "Only the last change"),
]


@pytest.mark.parametrize("what, change, message", BROKEN_BACKUPS,
                         ids=[case[0] for case in BROKEN_BACKUPS])
def test_broken_backup_is_refused_with_its_reason_and_creates_nothing(
        alice_client: Client, started: Campaign, what: str, change, message: str) -> None:
    content = _backup(started, change)
    before = snapshot()
    response = _import(alice_client, content)
    assert response.status_code == 200, what
    assert message in " ".join(response.context["form"].errors["file"]), what
    assert snapshot() == before


@pytest.mark.parametrize("content, message", [
    (b"not json", "not JSON"), (b"\xff\xfe\x00", "not JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "not JSON"),  # was a 500 (RecursionError)
    (b"[]", "not a Starledger campaign backup"), (b"null", "not a Starledger campaign backup"),
    (b'{"schema_version": 1, "pack": "x", "name": "x", "players": 5, "log": []}',
     "schema 1 backup is incomplete"),
])
def test_file_that_is_no_backup_at_all_is_refused(alice_client: Client, pack,
                                                  content: bytes, message: str) -> None:
    before = snapshot()
    response = _import(alice_client, content)
    assert message in " ".join(response.context["form"].errors["file"])
    assert snapshot() == before


def test_import_without_a_file_is_a_form_error(alice_client: Client, pack) -> None:
    response = alice_client.post(reverse("campaign:import"), {"file": "just text"})
    assert response.status_code == 200 and response.context["form"].errors["file"]


# -- creating ------------------------------------------------------------------------------------


@pytest.mark.parametrize("data, field", [
    ({"pack": "abc", "name": "x", "second_seat": "b"}, "pack"),
    ({"pack": 10**20, "name": "x", "second_seat": "b"}, "pack"),
    ({"name": "   ", "second_seat": "b"}, "name"),
    ({"name": "x" * 121, "second_seat": "b"}, "name"),
    ({"name": "a\x00b", "second_seat": "b"}, "name"),
    ({"name": "x", "second_seat": ""}, "second_seat"),
    ({"name": "x", "second_seat": "b", "first_seat": "y" * 81}, "first_seat"),
])
def test_create_with_bad_fields_names_the_field(alice_client: Client, pack, data: dict,
                                                field: str) -> None:
    before = snapshot()
    response = alice_client.post(reverse("campaign:create"), {"pack": pack.pk, **data})
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert snapshot() == before


def test_two_friends_following_one_invite_at_once_only_one_gets_the_seat(client, pack, alice, bob,
                                                                         outsider) -> None:
    """Both loaded the join page while the seat was open; the second POST must not steal it."""
    campaign = Campaign.start(pack, "W", alice, [(alice, "Alice"), (None, "")])
    seat = campaign.seats.get(index=1)
    stale_copy = Seat.objects.get(pk=seat.pk)
    assert seat.join(bob) is True
    assert stale_copy.join(outsider) is False
    seat.refresh_from_db()
    assert (seat.user, seat.name) == (bob, "bob")
    client.force_login(outsider)
    assert client.post(reverse("campaign:join", args=[seat.invite_token])).status_code == 404


# -- any payload at all (a backup can carry anything) -------------------------------------------

KIND_KEYS = {
    "sides_chosen": ("wishes", "coin"), "side_wished": ("seat", "side", "coin"),
    "scenario_opened": ("number",), "choice_made": ("choice", "option"),
    "game_recorded": ("winner", "how", "upgrades", "vp_cards"),
    "after_campaign_upgrade": ("copy", "sticker", "side"), "campaign_finished": (),
    "undo": ("seq",), "bogus": ("x",),
}
NUMBERS = st.sampled_from([0, 1, 2, 3, -1, True, False, 1.0, 0.0, None, "1", 10**20])
SIDE_IDS = st.sampled_from(["empire", "federation", "blob", "", None, 1, True])
WORDS = st.sampled_from(["authority", "political", "scenario", "tribute", "gold", "ships",
                         "kingdom-ship-2#1", "kingdom-ship-2#99", "empire-1:2:ship",
                         "empire-2:2:ship", "federation-1:2:ship", "s1-first-blood",
                         "s1-victory", "", None, 0])
ANY = st.recursive(NUMBERS | SIDE_IDS | WORDS | st.text(max_size=3),
                   lambda inner: st.lists(inner, max_size=3)
                   | st.dictionaries(st.sampled_from(("copy", "sticker", "side", "card")), inner,
                                     max_size=3), max_leaves=6)
ITEM = st.fixed_dictionaries({}, optional={"copy": WORDS, "sticker": WORDS, "side": SIDE_IDS,
                                           "card": WORDS})
VALUE_OF = {"wishes": st.lists(SIDE_IDS, max_size=3) | ANY, "coin": NUMBERS, "seat": NUMBERS,
            "side": SIDE_IDS, "number": NUMBERS, "choice": WORDS, "option": WORDS,
            "winner": SIDE_IDS, "how": WORDS, "upgrades": st.lists(ITEM, max_size=2) | ANY,
            "vp_cards": st.lists(ITEM, max_size=2) | ANY, "copy": WORDS, "sticker": WORDS,
            "seq": NUMBERS, "x": ANY}
OPENING = [("sides_chosen", {"wishes": ["empire", "federation"]}),
           ("scenario_opened", {"number": 1}),
           ("game_recorded", {"winner": "empire", "how": "authority"})]


@pytest.mark.parametrize("opened", range(len(OPENING) + 1))
@pytest.mark.parametrize("kind", sorted(KIND_KEYS))
def test_any_payload_is_either_applied_sanely_or_refused_with_a_reason(kind: str,
                                                                       opened: int) -> None:
    """Whatever a backup's event holds, derive() answers a sane state or EventRefused.

    Each kind is tried after each stage of a valid opening (nothing, sides chosen, scenario 1
    opened, its game recorded), with payloads of every shape for its fields.
    """
    content = PackContent(legacy_pack())
    prefix = [Event(seq, k, p) for seq, (k, p) in enumerate(OPENING[:opened], start=1)]

    @settings(max_examples=60, deadline=None, database=None)
    @given(payload=st.fixed_dictionaries({key: VALUE_OF[key] for key in KIND_KEYS[kind]}))
    def check(payload: dict) -> None:
        try:
            state = derive(content, prefix + [Event(opened + 1, kind, payload)])
        except EventRefused:
            return
        assert CampaignState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        assert set(state.wishes) <= {"0", "1"}
        assert all(type(seat) is int for seat in state.sides.values())
        assert all(key.isdigit() for key in state.scenarios)  # no "True" or "1.0" keys

    check()


@pytest.mark.parametrize("data, message", [
    ({"copy": "nope#1", "sticker": "empire-1:2:ship"}, "This choice is not offered"),
    ({"copy": "kingdom-ship-2#1", "sticker": "federation-1:2:ship"}, "This choice is not offered"),
    ({"copy": "kingdom-ship-2#1", "sticker": "empire-1:3:ship"}, "printed cost 2"),
    ({"copy": "kingdom-ship-2#1"}, "This field is required"),
])
def test_l25_bad_after_campaign_upgrade_is_refused_with_a_message(
        alice_client: Client, after_campaign: Campaign, data: dict, message: str) -> None:
    """L13, L25: the side whose turn it is may only use its own open rows on a matching card."""
    before = snapshot()
    response = alice_client.post(url("after_upgrade", after_campaign),
                                 {"version": after_campaign.version, **data}, follow=True)
    assert message in response.content.decode()
    assert snapshot() == before


def test_l26_finish_twice_and_steps_after_the_end_are_refused(alice_client: Client,
                                                               after_campaign: Campaign,
                                                               alice) -> None:
    from campaign.state import legal_upgrades, next_after_campaign_side
    content = after_campaign.content
    while (side := next_after_campaign_side(content, after_campaign.current_state)) is not None:
        copy_id, sticker = legal_upgrades(content, after_campaign.current_state, side)[0]
        after_campaign.apply_event("after_campaign_upgrade",
                                   {"copy": copy_id, "sticker": sticker, "side": side},
                                   alice, after_campaign.version)
    alice_client.post(url("finish", after_campaign), {"version": after_campaign.version})
    after_campaign.refresh_from_db()
    assert after_campaign.current_state.phase == "finished"
    before = snapshot()
    for name in ("finish", "open", "after_upgrade"):
        response = alice_client.post(url(name, after_campaign),
                                     {"version": after_campaign.version}, follow=True)
        assert response.status_code == 200 and 'class="error"' in response.content.decode()
    assert alice_client.get(url("record", after_campaign)).status_code == 302
    assert snapshot() == before
