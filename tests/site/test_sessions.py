"""The session store (`config/sessions.py`): Django's database sessions, read in plain SQL."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.sessions.backends import db as django_db_sessions
from django.contrib.sessions.models import Session
from django.utils import timezone

from config.sessions import SessionStore


def test_a_stored_session_reads_as_django_reads_it(db) -> None:
    store = SessionStore()
    store["cart"] = {"n": 3, "name": "Звёздные империи"}
    store.save()
    assert SessionStore(store.session_key).load() == django_db_sessions.SessionStore(store.session_key).load()
    assert SessionStore(store.session_key)["cart"] == {"n": 3, "name": "Звёздные империи"}


def test_an_expired_or_unknown_session_reads_as_empty_and_gets_a_new_key(db) -> None:
    store = SessionStore()
    store["x"] = 1
    store.save()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1))
    for key in (store.session_key, "no-such-session-key-at-all-000000"):
        reread = SessionStore(key)
        assert reread.load() == {}
        assert reread.session_key is None


def test_a_logged_in_request_goes_through_the_store(client, alice) -> None:
    client.force_login(alice)
    page = client.get("/play/")
    assert page.status_code == 200
    assert page.wsgi_request.user == alice
    Session.objects.all().update(expire_date=timezone.now() - timedelta(seconds=1))
    assert client.get("/play/").status_code == 302  # expired: back to the log-in page
