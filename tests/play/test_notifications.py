"""Turn and campaign e-mails: scheduled when the turn passes, sent only if still due, opt-out.

Tasks are captured (`queued`) instead of run, so each test decides when "the delay is over" by
calling the task function itself, the way a worker would.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail, signing
from django.test import Client

from campaign.models import Campaign
from play import creation, notifications, services
from play.creation import SeatSpec
from play.engine import legal_actions
from play.models import Match, NotificationPrefs, SeatNotice
from play.notifications import CAMPAIGN_TASK, TURN_TASK, send_turn_email

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch) -> list[tuple]:
    """Collect the tasks the notifications module hands to the queue (nothing runs)."""
    calls: list[tuple] = []

    def enqueue(func_path: str, *args, delay_seconds: float = 0) -> None:
        calls.append((func_path, args, delay_seconds))

    monkeypatch.setattr(notifications, "_enqueue", enqueue)
    return calls


@pytest.fixture
def match(core_pack, alice, bob, django_capture_on_commit_callbacks, queued) -> Match:
    """Return a fresh alice-vs-bob standard game (its creation's task is in `queued`)."""
    with django_capture_on_commit_callbacks(execute=True):
        return creation.create_standard_match(
            core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)


def move(match: Match, notation: str, capture) -> Match:
    """Play `notation` for whoever decides, with the after-commit signal delivered."""
    with capture(execute=True):
        return services.play(match.pk, match.turn_seat, notation, match.version)


def user_of(match: Match, index: int):
    return match.seats.get(index=index).user


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# -- scheduling -------------------------------------------------------------------------------


def test_a_new_turn_schedules_one_email_after_the_players_delay(
        match, queued, bob, alice, django_capture_on_commit_callbacks) -> None:
    first = match.turn_seat
    assert queued == [(TURN_TASK, (match.pk, first, match.version), 900)]
    other = 1 - first
    NotificationPrefs.objects.create(user=user_of(match, other), turn_delay=3600)
    match = move(match, "end", django_capture_on_commit_callbacks)
    assert queued[-1] == (TURN_TASK, (match.pk, other, match.version), 3600)
    # The seat's own next actions in the same turn schedule nothing more: they are at the board.
    play = next(a.notation for a in legal_actions(services.engine_state(match))
                if a.notation.startswith("play"))
    move(match, play, django_capture_on_commit_callbacks)
    assert len(queued) == 2


def test_no_email_is_scheduled_for_a_player_who_turned_them_off(
        core_pack, alice, bob, queued, django_capture_on_commit_callbacks) -> None:
    NotificationPrefs.objects.create(user=alice, turn_emails=False)
    NotificationPrefs.objects.create(user=bob, turn_emails=False)
    with django_capture_on_commit_callbacks(execute=True):
        creation.create_standard_match(
            core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)], seed=3)
    assert queued == []


def test_no_email_is_scheduled_for_a_bot_or_after_the_end(
        core_pack, alice, queued, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = creation.create_standard_match(
            core_pack, [SeatSpec("Alice", alice), SeatSpec("Bot", bot="random")], seed=3)
    assert [args[1] for _f, args, _d in queued] == [0]  # alice's turn, never the bot's
    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(game.pk, 0, game.version)
    assert queued == []


# -- sending ----------------------------------------------------------------------------------


def test_the_player_who_has_not_looked_gets_one_email_with_links(match) -> None:
    seat = match.seats.get(index=match.turn_seat)
    assert send_turn_email(match.pk, seat.index, match.version) is True
    assert send_turn_email(match.pk, seat.index, match.version) is False  # once per turn
    [sent] = mail.outbox
    assert sent.to == [seat.user.email]
    assert sent.subject == "Your turn: Alice – Bob"
    assert f"http://127.0.0.1:8000/play/{match.pk}/" in sent.body
    opponent = "Bob" if seat.name == "Alice" else "Alice"
    assert f"Your opponent: {opponent}." in sent.body
    assert "after 15 minutes" in sent.body
    assert re.search(r"/play/notifications/stop/\S+/", sent.body)
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "#" not in sent.subject and f"seat {seat.index}" not in sent.body


@pytest.mark.parametrize("page", ["", "board/", "state.json"])
def test_no_email_when_the_player_saw_the_board(match, page: str) -> None:
    decider = user_of(match, match.turn_seat)
    response = client_for(decider).get(f"/play/{match.pk}/{page}")
    assert response.status_code == 200
    assert send_turn_email(match.pk, match.turn_seat, match.version) is False
    assert mail.outbox == []


def test_the_opponent_looking_does_not_cancel_the_players_email(match) -> None:
    waiting = user_of(match, 1 - match.turn_seat)
    client_for(waiting).get(f"/play/{match.pk}/")
    assert send_turn_email(match.pk, match.turn_seat, match.version) is True


def test_no_email_when_the_player_already_moved(match, django_capture_on_commit_callbacks
                                                ) -> None:
    mover, version = match.turn_seat, match.version
    move(match, "end", django_capture_on_commit_callbacks)
    assert send_turn_email(match.pk, mover, version) is False
    assert mail.outbox == []


def test_no_email_when_the_player_opted_out_meanwhile_or_has_no_address(match) -> None:
    decider = user_of(match, match.turn_seat)
    NotificationPrefs.objects.create(user=decider, turn_emails=False)
    assert send_turn_email(match.pk, match.turn_seat, match.version) is False
    NotificationPrefs.objects.filter(user=decider).update(turn_emails=True)
    decider.email = ""
    decider.save(update_fields=["email"])
    assert send_turn_email(match.pk, match.turn_seat, match.version) is False
    assert mail.outbox == []


def test_no_email_once_the_game_is_over(match, django_capture_on_commit_callbacks) -> None:
    decider, version = match.turn_seat, match.version
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(match.pk, 1 - decider, version)
    assert send_turn_email(match.pk, decider, version + 1) is False


def test_a_vanished_match_sends_nothing(match) -> None:
    pk, seat, version = match.pk, match.turn_seat, match.version
    match.delete()
    assert send_turn_email(pk, seat, version) is False


# -- languages --------------------------------------------------------------------------------


def test_subjects_follow_the_players_saved_language(match) -> None:
    decider = user_of(match, match.turn_seat)
    NotificationPrefs.objects.create(user=decider, language="ru")
    send_turn_email(match.pk, match.turn_seat, match.version)
    assert mail.outbox[0].subject == "Ваш ход: Alice – Bob"
    assert "Откройте партию:" in mail.outbox[0].body
    assert "Соперник: " in mail.outbox[0].body
    assert "через 15 минут" in mail.outbox[0].body


def test_the_language_the_board_was_last_seen_in_is_used(
        match, django_capture_on_commit_callbacks) -> None:
    first = match.turn_seat
    client_for(user_of(match, first)).get(f"/play/{match.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert SeatNotice.objects.get(seat__match=match, seat__index=first).language == "ru"
    match = move(match, "end", django_capture_on_commit_callbacks)
    match = move(match, "end", django_capture_on_commit_callbacks)
    assert match.turn_seat == first
    assert send_turn_email(match.pk, first, match.version) is True
    assert mail.outbox[0].subject == "Ваш ход: Alice – Bob"


def test_english_is_the_fallback(match) -> None:
    send_turn_email(match.pk, match.turn_seat, match.version)
    assert mail.outbox[0].subject == "Your turn: Alice – Bob"
    assert "Open the board:" in mail.outbox[0].body


# -- opting out -------------------------------------------------------------------------------


def stop_link(message) -> str:
    return re.search(r"http://127\.0\.0\.1:8000(/play/notifications/stop/\S+/)", message.body)[1]


def test_the_stop_link_works_logged_out_get_confirms_and_post_turns_off(match) -> None:
    decider = user_of(match, match.turn_seat)
    send_turn_email(match.pk, match.turn_seat, match.version)
    link = stop_link(mail.outbox[0])
    visitor = Client()
    page = visitor.get(link)
    assert page.status_code == 200
    assert "Turn off “your turn” e-mails for " in page.content.decode()
    assert NotificationPrefs.of(decider).turn_emails is True  # a GET changes nothing
    done = visitor.post(link)
    assert done.status_code == 200 and 'id="unsubscribed"' in done.content.decode()
    prefs = NotificationPrefs.objects.get(user=decider)
    assert prefs.turn_emails is False and prefs.campaign_emails is True


def test_mail_clients_one_click_post_needs_no_csrf_token(match) -> None:
    decider = user_of(match, match.turn_seat)
    send_turn_email(match.pk, match.turn_seat, match.version)
    client = Client(enforce_csrf_checks=True)
    response = client.post(stop_link(mail.outbox[0]), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert NotificationPrefs.objects.get(user=decider).turn_emails is False


@pytest.mark.parametrize("token", ["nonsense", "WzEsInR1cm4iXQ:1abc:forged", "²"])
def test_a_forged_stop_link_is_404(client, alice, token: str) -> None:
    assert client.get(f"/play/notifications/stop/{token}/").status_code == 404
    assert client.post(f"/play/notifications/stop/{token}/").status_code == 404
    assert not NotificationPrefs.objects.exists()


def test_a_stop_link_of_another_kind_cannot_be_made_from_a_turn_link(alice) -> None:
    token = notifications.unsubscribe_token(alice.pk, "turn")
    assert notifications.read_unsubscribe_token(token) == (alice, "turn")
    _payload, stamp, signature = token.split(":")
    other = signing.b64_encode(f'[{alice.pk},"campaign"]'.encode()).decode()
    assert notifications.read_unsubscribe_token(f"{other}:{stamp}:{signature}") is None
    assert notifications.read_unsubscribe_token(
        notifications.unsubscribe_token(alice.pk, "everything")) is None


# -- the preferences page ---------------------------------------------------------------------


def test_preferences_need_a_login(client) -> None:
    response = client.get("/play/notifications/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_preferences_show_the_defaults_and_save_with_the_pages_language(alice_client, alice
                                                                         ) -> None:
    html = alice_client.get("/play/notifications/").content.decode()
    assert 'name="turn_emails" checked' in html.replace(' id="id_turn_emails"', "")
    assert '<option value="900" selected>after 15 minutes</option>' in html
    assert "alice@example.test" in html
    response = alice_client.post("/play/notifications/", {"turn_delay": "3600",
                                                          "campaign_emails": "on"},
                                 HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 302
    prefs = NotificationPrefs.objects.get(user=alice)
    assert (prefs.turn_emails, prefs.turn_delay, prefs.campaign_emails, prefs.language) == (
        False, 3600, True, "ru")


def test_a_bad_delay_is_a_form_error_that_keeps_what_was_typed(alice_client, alice) -> None:
    response = alice_client.post("/play/notifications/", {"turn_delay": "7",
                                                          "campaign_emails": "on"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Select a valid choice" in html
    assert re.search(r'<input type="checkbox" name="turn_emails"(?![^>]*checked)[^>]*>', html)
    assert re.search(r'<input type="checkbox" name="campaign_emails"[^>]*checked', html)
    assert not NotificationPrefs.objects.exists()


def test_preferences_say_when_there_is_no_address(client, alice) -> None:
    alice.email = ""
    alice.save(update_fields=["email"])
    client.force_login(alice)
    assert 'id="no-email"' in client.get("/play/notifications/").content.decode()


def test_the_preferences_page_reads_in_russian(alice_client) -> None:
    html = alice_client.get("/play/notifications/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Уведомления по почте" in html and "через 15 минут" in html


# -- campaign invitations ---------------------------------------------------------------------


@pytest.fixture
def open_campaign(legacy, alice) -> Campaign:
    """Return alice's campaign whose second seat waits for whoever follows its invite link."""
    return Campaign.start(legacy, "Friday box", alice, [(alice, "Alice"), (None, "Second seat")])


def test_an_accepted_campaign_invitation_mails_the_other_members_at_once(
        open_campaign, alice, bob) -> None:
    seat = open_campaign.seats.get(index=1)
    client_for(bob).post(f"/campaigns/join/{seat.invite_token}/")
    [sent] = mail.outbox  # the tasks ran at once (TASKS_SYNC); bob gets nothing
    assert sent.to == [alice.email]
    assert sent.subject == "bob joined “Friday box”"
    assert "took the seat “Second seat”" in sent.body
    assert f"http://127.0.0.1:8000/campaigns/{open_campaign.pk}/" in sent.body


def test_the_campaign_email_is_queued_with_no_delay(open_campaign, bob, queued) -> None:
    seat = open_campaign.seats.get(index=1)
    client_for(bob).post(f"/campaigns/join/{seat.invite_token}/")
    assert queued == [(CAMPAIGN_TASK, (open_campaign.pk, 1, open_campaign.creator_id), 0)]


def test_no_campaign_email_for_a_member_who_turned_them_off(open_campaign, alice, bob) -> None:
    NotificationPrefs.objects.create(user=alice, campaign_emails=False)
    seat = open_campaign.seats.get(index=1)
    client_for(bob).post(f"/campaigns/join/{seat.invite_token}/")
    assert mail.outbox == []


def test_the_campaign_email_is_russian_for_a_russian_reader(open_campaign, alice, bob) -> None:
    NotificationPrefs.objects.create(user=alice, language="ru")
    seat = open_campaign.seats.get(index=1)
    client_for(bob).post(f"/campaigns/join/{seat.invite_token}/")
    assert mail.outbox[0].subject == "bob присоединился(-ась) к «Friday box»"


def test_the_campaign_stop_link_turns_off_only_campaign_emails(open_campaign, alice, bob) -> None:
    seat = open_campaign.seats.get(index=1)
    client_for(bob).post(f"/campaigns/join/{seat.invite_token}/")
    Client().post(stop_link(mail.outbox[0]))
    prefs = NotificationPrefs.objects.get(user=alice)
    assert (prefs.turn_emails, prefs.campaign_emails) == (True, False)


def test_the_stop_page_reads_in_russian_and_names_the_kind(alice) -> None:
    token = notifications.unsubscribe_token(alice.pk, "campaign")
    html = Client().get(f"/play/notifications/stop/{token}/",
                        HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Отключить письма о принятых приглашениях в кампанию для alice?" in html


def test_the_creator_hears_when_the_last_player_joins_and_it_is_their_turn(
        core_pack, alice, bob, queued, django_capture_on_commit_callbacks) -> None:
    """Seeing the board while it waited for players is not seeing one's turn."""
    for seed in range(20):  # a game where alice, the creator, has the first turn
        waiting = creation.create_standard_match(
            core_pack, [SeatSpec("Alice", alice), SeatSpec("Friend")], seed=seed)
        if waiting.turn_seat == 0:
            break
    client_for(alice).get(f"/play/{waiting.pk}/")
    friend = waiting.seats.get(index=1)
    with django_capture_on_commit_callbacks(execute=True):
        client_for(bob).post(f"/play/join/{friend.invite_token}/")
    waiting.refresh_from_db()
    assert waiting.status == "active"
    assert queued[-1] == (TURN_TASK, (waiting.pk, 0, waiting.version), 900)
    assert send_turn_email(waiting.pk, 0, waiting.version) is True
    assert mail.outbox[0].to == [alice.email]
