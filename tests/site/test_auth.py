"""Authentication is Django's and allauth's own (issue 21: one path for sync and async requests);
sessions made under the site's former backend classes stay logged in (home/migrations/0001)."""

from __future__ import annotations

import importlib

from django.apps import apps
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

MIGRATION = importlib.import_module("home.migrations.0001_session_backends")


def _client_with_session(user, backend_path: str) -> tuple[Client, str]:
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: backend_path,
                    HASH_SESSION_KEY: user.get_session_auth_hash()})
    session.create()
    client = Client()
    client.cookies["sessionid"] = session.session_key
    return client, session.session_key


def test_sessions_of_the_former_backend_paths_stay_logged_in_after_the_migration(alice) -> None:
    clients = [_client_with_session(alice, old) for old in MIGRATION.RENAMED]
    assert all(c.get("/play/").status_code == 302 for c, _key in clients)  # before: logged out
    MIGRATION.rename_backends(apps, None)
    for (client, key), new in zip(clients, MIGRATION.RENAMED.values(), strict=True):
        page = client.get("/play/")
        assert page.status_code == 200 and page.wsgi_request.user == alice
        assert SessionStore(key)[BACKEND_SESSION_KEY] == new


def test_a_path_nobody_configures_still_logs_out(alice) -> None:
    client, _key = _client_with_session(alice, "some.removed.Backend")
    MIGRATION.rename_backends(apps, None)
    assert client.get("/play/").status_code == 302


def test_a_changed_password_still_ends_other_sessions(alice) -> None:
    client, _key = _client_with_session(alice, "allauth.account.auth_backends.AuthenticationBackend")
    assert client.get("/play/").status_code == 200
    alice.set_password("a whole new secret 42")
    alice.save()
    assert client.get("/play/").status_code == 302
