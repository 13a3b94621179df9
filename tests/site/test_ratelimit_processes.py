"""Rate limits hold across server processes by default (issue 25 F7).

Before, the counts lived in each process's memory: 140 `POST /play/` over fresh connections to
two uvicorn workers got 103 accepted against a limit of 60 per hour. Now they are rows in the
database, added to by one UPDATE each. Here two real uvicorn processes on two ports serve the test
database (SQLite file or PostgreSQL) and the requests alternate between them, four at a time, each
on a new connection.
"""
from __future__ import annotations

import http.client
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from cards.loading import load_pack_file
from common.ratelimit import hit
from play.models import Match
from tests.play.test_browser_live import Uvicorn, servers  # noqa: F401 - two uvicorn processes

pytestmark = pytest.mark.django_db(transaction=True)

HOUR = 3600
REQUESTS = 140


def _post_on_a_fresh_connection(server: Uvicorn, session: str, form: dict[str, str]) -> int:
    csrf = secrets.token_hex(16)  # a CSRF secret of our own, sent as cookie and header alike
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("POST", "/play/", body=urlencode(form), headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={session}; "
                      f"{settings.CSRF_COOKIE_NAME}={csrf}",
            "X-CSRFToken": csrf})
        return conn.getresponse().status
    finally:
        conn.close()


def test_the_match_limit_holds_over_two_server_processes(servers, alice) -> None:  # noqa: F811
    limit = settings.RATE_LIMITS["match-create"][0]  # 60 unless the environment says otherwise
    core = load_pack_file(Path(settings.BASE_DIR) / "fixtures" / "packs" / "core-set.json").pack
    client = Client()
    client.force_login(alice)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    form = {"deck": f"pack-{core.pk}", "opponent": "random"}

    def post(number: int) -> int:
        return _post_on_a_fresh_connection(servers[number % 2], session, form)

    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(post, range(REQUESTS)))
    assert {status: statuses.count(status) for status in set(statuses)} == {
        302: limit, 429: REQUESTS - limit}
    assert Match.objects.filter(seats__user=alice).count() == limit


def test_simultaneous_requests_never_count_as_one(settings) -> None:
    """Twenty threads, each with its own database connection, count on one key at once."""
    settings.RATE_LIMITS = {"pack-copy": (5, HOUR)}
    start, waits = threading.Barrier(20), []

    def count() -> None:
        try:
            start.wait(5)
            waits.append(hit("pack-copy", "user-1", now=9 * HOUR + 1))
        finally:
            connection.close()

    threads = [threading.Thread(target=count) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(waits) == [0] * 5 + [HOUR - 1] * 15
