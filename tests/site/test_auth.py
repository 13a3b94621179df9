"""Authentication: Django's and allauth's backends reading the user in one query (common/auth.py),
one path for sync and async requests (issue 21); sessions made under any former backend path stay
logged in (home/migrations/0001 and 0002)."""

from __future__ import annotations

import importlib

from asgiref.sync import async_to_sync
from django.apps import apps
from django.conf import settings
from django.core.cache import caches
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from common.auth import AuthenticationBackend, ModelBackend

TO_DJANGO = importlib.import_module("home.migrations.0001_session_backends")
TO_ONE_QUERY = importlib.import_module("home.migrations.0002_one_query_backends")


def _client_with_session(user, backend_path: str) -> tuple[Client, str]:
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: backend_path,
                    HASH_SESSION_KEY: user.get_session_auth_hash()})
    session.create()
    client = Client()
    client.cookies["sessionid"] = session.session_key
    return client, session.session_key


def _migrate_sessions() -> None:
    TO_DJANGO.rename_backends(apps, None)
    TO_ONE_QUERY.rename_backends(apps, None)
    # Both run before home 0003 creates the session cache, so no server has read a session
    # through it yet; here the test's own requests before the migrations filled it.
    caches[settings.SESSION_CACHE_ALIAS].clear()


def test_sessions_of_every_former_backend_path_stay_logged_in_after_the_migrations(alice) -> None:
    former = [*TO_DJANGO.RENAMED, *TO_ONE_QUERY.RENAMED]
    clients = [_client_with_session(alice, old) for old in former]
    assert all(c.get("/play/").status_code == 302 for c, _key in clients)  # before: logged out
    _migrate_sessions()
    for client, key in clients:
        page = client.get("/play/")
        assert page.status_code == 200 and page.wsgi_request.user == alice
        assert SessionStore(key)[BACKEND_SESSION_KEY] in settings.AUTHENTICATION_BACKENDS


def test_migrating_backwards_restores_the_standard_paths(alice) -> None:
    _client, key = _client_with_session(alice, "common.auth.AuthenticationBackend")
    TO_ONE_QUERY.restore_backends(apps, None)
    assert SessionStore(key)[BACKEND_SESSION_KEY] == (
        "allauth.account.auth_backends.AuthenticationBackend")


def test_a_path_nobody_configures_still_logs_out(alice) -> None:
    client, _key = _client_with_session(alice, "some.removed.Backend")
    _migrate_sessions()
    assert client.get("/play/").status_code == 302


def test_a_changed_password_still_ends_other_sessions(alice) -> None:
    client, _key = _client_with_session(alice, "common.auth.AuthenticationBackend")
    assert client.get("/play/").status_code == 200
    alice.set_password("a whole new secret 42")
    alice.save()
    assert client.get("/play/").status_code == 302


def test_the_user_is_read_in_one_query_the_same_as_django_reads_it(alice) -> None:
    for backend in (ModelBackend(), AuthenticationBackend()):
        with CaptureQueriesContext(connection) as queries:
            user = backend.get_user(alice.pk)
        assert len(queries) == 1
        expected = DjangoModelBackend().get_user(alice.pk)
        assert [getattr(user, f.attname) for f in get_user_model()._meta.concrete_fields] == [
            getattr(expected, f.attname) for f in get_user_model()._meta.concrete_fields]
        assert async_to_sync(backend.aget_user)(alice.pk) == alice


def test_unknown_inactive_and_malformed_ids_give_no_user(alice) -> None:
    backend = ModelBackend()
    assert backend.get_user(alice.pk + 1000) is None
    assert backend.get_user("not a number") is None
    alice.is_active = False
    alice.save()
    assert backend.get_user(alice.pk) is None
