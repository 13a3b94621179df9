"""The authentication backends (`config/auth.py`): the user of every request read in plain SQL,
exactly as Django's backends read it, and sessions of the old backend paths still logged in."""

from __future__ import annotations

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.test import Client

from config.auth import RENAMED, AuthenticationBackend, ModelBackend
from config.sessions import SessionStore


def _fields(user) -> dict:
    return {f.attname: getattr(user, f.attname) for f in get_user_model()._meta.concrete_fields}


def test_the_user_read_in_sql_is_the_user_the_orm_reads(alice) -> None:
    alice.first_name, alice.email = "Алиса", "alice@example.org"
    alice.save()
    for backend in (ModelBackend(), AuthenticationBackend()):
        user = backend.get_user(str(alice.pk))  # sessions hold the id as a string
        assert type(user) is get_user_model() and user._state.adding is False
        assert _fields(user) == _fields(DjangoModelBackend().get_user(alice.pk))
        assert user.get_session_auth_hash() == alice.get_session_auth_hash()


def test_unknown_malformed_and_inactive_users_are_nobody(alice) -> None:
    backend = ModelBackend()
    assert backend.get_user(alice.pk + 1000) is None
    assert backend.get_user("not-an-id") is None
    alice.is_active = False
    alice.save()
    assert backend.get_user(alice.pk) is None


def _client_with_session(user, backend_path: str, auth_hash: str | None = None) -> Client:
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: backend_path,
                    HASH_SESSION_KEY: auth_hash or user.get_session_auth_hash()})
    session.create()
    client = Client()
    client.cookies["sessionid"] = session.session_key
    return client


def test_sessions_of_the_old_backend_paths_stay_logged_in(alice) -> None:
    for old_path in RENAMED:
        page = _client_with_session(alice, old_path).get("/play/")
        assert page.status_code == 200 and page.wsgi_request.user == alice
    stranger = _client_with_session(alice, "some.removed.Backend").get("/play/")
    assert stranger.status_code == 302  # a path nobody configures logs out, as in Django


def test_a_changed_password_still_ends_other_sessions(alice) -> None:
    client = _client_with_session(alice, "config.auth.AuthenticationBackend")
    assert client.get("/play/").status_code == 200
    alice.set_password("a whole new secret 42")
    alice.save()
    assert client.get("/play/").status_code == 302


def test_logging_in_through_allauth_stores_one_of_the_new_paths(client, alice) -> None:
    alice.set_password("correct horse 7")
    alice.save()
    response = client.post("/accounts/login/", {"login": alice.username,
                                                 "password": "correct horse 7"})
    assert response.status_code == 302
    session = SessionStore(client.cookies["sessionid"].value)
    assert session[BACKEND_SESSION_KEY] in RENAMED.values()
    assert client.get("/play/").status_code == 200
