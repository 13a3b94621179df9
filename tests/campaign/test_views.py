"""Campaign pages: the whole flow through the views, 409 on stale forms, refusals shown."""
from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Campaign


def url(name: str, campaign: Campaign, *args) -> str:
    return reverse(f"campaign:{name}", args=[campaign.pk, *args])


def test_create_campaign_with_a_name_only_seat(alice_client, pack) -> None:
    response = alice_client.post(reverse("campaign:create"), {
        "pack": pack.pk, "name": "Winter", "creator_plays": "on", "second_seat": "Bob"})
    campaign = Campaign.objects.get(name="Winter")
    assert response.status_code == 302 and response.url == campaign.get_absolute_url()
    assert [(s.name, s.user and s.user.username) for s in campaign.seats.all()] == [
        ("alice", "alice"), ("Bob", None)]


def test_invite_link_lets_a_friend_join_the_open_seat(client, pack, alice, bob) -> None:
    campaign = Campaign.start(pack, "W", alice, [(alice, "Alice"), (None, "Bob")])
    seat = campaign.seats.get(index=1)
    join = reverse("campaign:join", args=[seat.invite_token])
    # logged out: what the invitation is, with sign-in and sign-up side by side (issue 20)
    page = client.get(join).content.decode()
    assert "invites you to play the seat “Bob”" in page and "Join the campaign" not in page
    assert f'href="/accounts/login/?next={join}"' in page.replace("%2F", "/")
    assert f'href="/accounts/signup/?next={join}"' in page.replace("%2F", "/")
    assert client.post(join).status_code == 302  # nothing taken before signing in
    assert campaign.seats.get(index=1).user is None
    client.force_login(bob)
    assert "invites you to play the seat “Bob”" in client.get(join).content.decode()
    client.post(join)
    seat.refresh_from_db()
    assert seat.user == bob
    assert client.get(campaign.get_absolute_url()).status_code == 200


def test_taken_seat_cannot_be_joined_by_a_third_user(client, campaign, outsider) -> None:
    client.force_login(outsider)
    token = campaign.seats.get(index=1).invite_token
    assert client.post(reverse("campaign:join", args=[token])).status_code == 404


def test_l2_both_pick_the_same_side_and_the_coin_flip_is_recorded(client, campaign, alice,
                                                                   bob) -> None:
    client.force_login(alice)
    client.post(url("wish", campaign), {"version": 0, "seat": 0, "side": "federation"})
    client.force_login(bob)
    client.post(url("wish", campaign), {"version": 1, "seat": 1, "side": "federation"})
    campaign.refresh_from_db()
    state = campaign.current_state
    assert state.coin_flip["side"] == "federation" and len(state.sides) == 2
    assert campaign.events.last().payload["coin"] in (0, 1)


def test_l2_dashboard_says_who_has_picked_a_side_without_naming_it(alice_client, campaign,
                                                                    alice) -> None:
    campaign.wish_side(0, "federation", alice, 0)
    page = alice_client.get(campaign.get_absolute_url()).content.decode()
    assert "Alice: has picked · Bob: has not picked yet" in page


def test_user_cannot_pick_for_the_other_users_seat(alice_client, campaign) -> None:
    alice_client.post(url("wish", campaign), {"version": 0, "seat": 1, "side": "empire"})
    campaign.refresh_from_db()
    assert campaign.version == 0


def test_record_a_game_with_an_upgrade_and_a_vp_card(alice_client, started) -> None:
    response = alice_client.post(url("record", started), {
        "version": 2, "winner": "empire", "how": "authority",
        "copy_0": "kingdom-ship-2#2", "sticker_0": "empire-1:2:ship", "by_0": "empire",
        "vp_s1-first-blood": "federation"})
    assert response.status_code == 302
    started.refresh_from_db()
    state = started.current_state
    assert state.upgrades["kingdom-ship-2#2"]["side"] == "empire"
    assert state.vp_cards == {"empire": ["s1-victory"], "federation": ["s1-first-blood"]}
    page = alice_client.get(started.get_absolute_url()).content.decode()
    assert "Kingdom Ship 2, copy 2" in page and "Open scenario 2" in page


def test_l13_refusal_is_shown_on_the_form_and_nothing_saved(alice_client, started) -> None:
    response = alice_client.post(url("record", started), {
        "version": 2, "winner": "empire", "how": "authority",
        "copy_0": "kingdom-ship-2#2", "sticker_0": "empire-1:3:ship", "by_0": "empire"})
    assert response.status_code == 200
    assert "printed cost 2" in response.content.decode()
    started.refresh_from_db()
    assert started.version == 2


def test_stale_form_gets_409_and_changes_nothing(alice_client, started) -> None:
    response = alice_client.post(url("record", started), {
        "version": 1, "winner": "empire", "how": "authority"})
    assert response.status_code == 409
    assert "NOT saved" in response.content.decode()
    started.refresh_from_db()
    assert started.version == 2


def test_open_button_refusal_comes_back_as_a_message(alice_client, started) -> None:
    response = alice_client.post(url("open", started), {"version": 2}, follow=True)
    assert "must be finished" in response.content.decode()


def test_undo_confirmation_names_what_will_be_undone(alice_client, started) -> None:
    page = alice_client.get(url("undo", started)).content.decode()
    assert "Scenario 1 opened" in page
    alice_client.post(url("undo", started), {"version": 2})
    started.refresh_from_db()
    assert started.current_state.scenario == 0
    history = alice_client.get(url("history", started)).content.decode()
    assert "undone" in history and "Undone: Scenario 1 opened" in history


def test_l4_later_envelopes_are_never_shown(alice_client, started) -> None:
    assert alice_client.get(url("scenario", started, 1)).status_code == 200
    assert alice_client.get(url("scenario", started, 2)).status_code == 404
    page = alice_client.get(started.get_absolute_url()).content.decode()
    assert "empire sheet 1" in page and "empire sheet 2" not in page
    assert "Victory 2" not in page and "Scenario 2" not in page.replace("Open scenario 2", "")


def test_deck_filter_returns_the_htmx_fragment(alice_client, started) -> None:
    response = alice_client.get(url("deck", started), {"type": "base", "cost": "3"},
                                HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "<html" not in body and "4 copies" in body and "Ship" not in body.split("</thead>")[1]


def test_export_then_import_through_the_pages(alice_client, started) -> None:
    exported = alice_client.get(url("export", started))
    assert exported["Content-Type"] == "application/json"
    from django.core.files.uploadedfile import SimpleUploadedFile
    upload = SimpleUploadedFile("backup.json", exported.content, "application/json")
    response = alice_client.post(reverse("campaign:import"), {"file": upload})
    assert response.status_code == 302
    assert Campaign.objects.count() == 2
    copy = Campaign.objects.exclude(pk=started.pk).get()
    assert copy.seat_of(started.creator).name == "Alice"  # the importer is seated, by their name
    assert [s.is_open for s in copy.seats.all()] == [False, True]


def test_import_of_a_broken_file_shows_the_reason(alice_client, pack) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile
    upload = SimpleUploadedFile("x.json", b"{nope", "application/json")
    response = alice_client.post(reverse("campaign:import"), {"file": upload})
    assert "not JSON" in response.content.decode() and not Campaign.objects.exists()


def test_soft_delete_and_restore(alice_client, campaign) -> None:
    alice_client.post(url("delete", campaign))
    assert alice_client.get(campaign.get_absolute_url()).status_code == 404
    assert campaign.name in alice_client.get(reverse("campaign:list")).content.decode()
    alice_client.post(url("restore", campaign))
    assert alice_client.get(campaign.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("lang, expected", [("en", "Next step"), ("ru", "Следующий шаг")])
def test_dashboard_speaks_both_languages(alice_client, started, lang, expected) -> None:
    alice_client.cookies["django_language"] = lang
    assert expected in alice_client.get(started.get_absolute_url()).content.decode()


def test_poll_asks_an_outdated_dashboard_to_refresh(alice_client, started) -> None:
    current = alice_client.get(url("poll", started), {"version": started.version})
    assert current.status_code == 204
    outdated = alice_client.get(url("poll", started), {"version": started.version - 1})
    assert outdated["HX-Refresh"] == "true"


def test_create_offers_the_users_own_legacy_pack_but_not_someone_elses(alice_client, pack, alice,
                                                                       bob) -> None:
    from tests.factories import make_pack
    own = make_pack("alice-box", owner=alice, builtin=False)
    other = make_pack("bob-box", owner=bob, builtin=False)
    form = alice_client.get(reverse("campaign:create")).context["form"]
    offered = set(form.fields["pack"].queryset)
    assert own in offered and pack in offered and other not in offered


def test_l25_after_campaign_upgrade_and_finish_through_the_pages(alice_client,
                                                                 after_campaign) -> None:
    page = alice_client.get(after_campaign.get_absolute_url()).content.decode()
    assert "Campaign winner: Star Empire" in page and "Star Empire upgrades a card" in page
    alice_client.post(url("after_upgrade", after_campaign), {
        "version": after_campaign.version, "copy": "kingdom-ship-2#1",
        "sticker": "empire-1:2:ship"})
    after_campaign.refresh_from_db()
    assert after_campaign.current_state.upgrades["kingdom-ship-2#1"]["scenario"] is None
    refused = alice_client.post(url("finish", after_campaign), {"version": after_campaign.version},
                                follow=True)
    assert "fill up to 20" in refused.content.decode()


def test_l2_refused_wish_comes_back_as_a_message(alice_client, campaign) -> None:
    response = alice_client.post(url("wish", campaign), {"version": 0, "seat": 0, "side": "blob"},
                                 follow=True)
    assert "This choice is not offered" in response.content.decode()
    campaign.refresh_from_db()
    assert campaign.version == 0


def test_l6_first_players_choice_through_the_dashboard(alice_client, started, alice) -> None:
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice, 2)
    started.apply_event("scenario_opened", {"number": 2}, alice, 3)
    page = alice_client.get(started.get_absolute_url()).content.decode()
    assert "Demand a tribute?" in page and "Record the game" not in page
    alice_client.post(url("choose", started), {"version": 4, "choice": "tribute", "option": "gold"})
    page = alice_client.get(started.get_absolute_url()).content.decode()
    assert "Empire starts with 55 authority" in page  # the reminder card
    assert "Record the game of scenario 2" in page
