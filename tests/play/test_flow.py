"""Flow around a game (issue 20 (6)): an invite link opened while logged out says what the
invitation is and offers sign-in and sign-up; after recording a campaign game the campaign
page confirms it and its header moves to the next scenario."""

from __future__ import annotations

from django.urls import reverse

from play import creation
from play.creation import SeatSpec


def test_a_match_invite_opened_logged_out_explains_and_offers_both_entrances(
        client, core_pack, alice) -> None:
    match = creation.create_mode_match(
        "ffa", [SeatSpec("alice", alice), SeatSpec("Guest 1"), SeatSpec("Bot", bot="random")],
        pack=core_pack, seed=2)
    seat = match.seat_list[1]
    join = reverse("play:join", args=[seat.invite_token])
    for language, words in (("en", "You are invited to play"), ("ru", "Вас приглашают")):
        response = client.get(join, HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 200 and words in page
        assert 'id="join-sign-in"' in page and 'id="join-sign-up"' in page
        assert f"/accounts/login/?next={join}" in page and f"/accounts/signup/?next={join}" in page
    assert client.post(join).status_code == 302  # to the login page; the seat stays open
    seat.refresh_from_db()
    assert seat.user is None
