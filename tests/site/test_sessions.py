"""Sessions: Django's cached_db engine over a database cache every process shares (issue 21 item 3:
the read of each request is one plain SELECT), with the session table behind it."""

from __future__ import annotations

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as TableOnly
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


def test_a_request_reads_its_session_from_the_cache_table_not_the_session_table(
        alice_client: Client) -> None:
    with CaptureQueriesContext(connection) as queries:
        assert alice_client.get("/play/").status_code == 200
    read = [q["sql"] for q in queries if Session._meta.db_table in q["sql"]]
    assert read == []
    assert any(settings.SESSION_CACHE_TABLE in q["sql"] for q in queries)


def test_a_log_out_ends_the_session_for_every_copy_of_its_cookie(alice_client: Client) -> None:
    copy = Client()
    copy.cookies["sessionid"] = alice_client.cookies["sessionid"].value
    assert copy.get("/play/").status_code == 200
    alice_client.post("/accounts/logout/")
    assert copy.get("/play/").status_code == 302  # gone from the cache table, not only the table


def test_a_session_made_before_the_cache_existed_is_read_from_the_table(alice) -> None:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    old = TableOnly()
    old.update({SESSION_KEY: str(alice.pk), HASH_SESSION_KEY: alice.get_session_auth_hash(),
                BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0]})
    old.create()
    client = Client()
    client.cookies["sessionid"] = old.session_key
    assert client.get("/play/").wsgi_request.user == alice


def test_a_made_up_session_key_is_refused_and_replaced(alice) -> None:
    client = Client()
    client.cookies["sessionid"] = "x" * 32
    page = client.get("/play/")
    assert page.status_code == 302 and not page.wsgi_request.user.is_authenticated
