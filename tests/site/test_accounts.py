"""Accounts through django-allauth: sign up, log in, log out, password reset."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.factories import PERSONA_PASSWORD

pytestmark = pytest.mark.django_db


def test_signup_creates_the_user_and_logs_them_in(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "email": "carol@example.test",
            "password1": PERSONA_PASSWORD,
            "password2": PERSONA_PASSWORD,
        },
        follow=True,
    )
    assert get_user_model().objects.filter(username="carol").exists()
    assert "Welcome, carol" in response.content.decode()  # new: not "Welcome back"


def test_signup_with_mismatched_passwords_shows_an_error(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "dave",
            "email": "d@example.test",
            "password1": PERSONA_PASSWORD,
            "password2": "something-else-77",
        },
    )
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="dave").exists()
    assert 'class="errorlist' in response.content.decode()


@pytest.mark.parametrize("login", ["alice", "alice@example.test"])
def test_login_by_username_or_email_then_logout(client: Client, alice, login: str) -> None:
    response = client.post("/accounts/login/", {"login": login, "password": PERSONA_PASSWORD})
    assert response.status_code == 302
    assert "Welcome back, alice" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "How to start" in client.get("/").content.decode()


def test_wrong_password_is_refused_with_a_message(client: Client, alice) -> None:
    response = client.post("/accounts/login/", {"login": "alice", "password": "nope-nope-1"})
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


def test_password_reset_sends_a_working_link(client: Client, alice) -> None:
    client.post("/accounts/password/reset/", {"email": "alice@example.test"})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+)", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    form_page = client.get(link.group(1), follow=True)
    new_password = "Another-Good-Passphrase-4"
    client.post(
        form_page.request["PATH_INFO"], {"password1": new_password, "password2": new_password}
    )
    alice.refresh_from_db()
    assert alice.check_password(new_password)
