"""Every page carries one htmx configuration, and it settles swaps at once.

htmx wires up the buttons of a swapped-in board in its settle step. With its default 20 ms
settle delay, a click landing in that gap (a fast player, a browser test) submitted the move's
form the plain way and reloaded the whole page (seen in CI in the free-for-all browser test).
A second <meta name="htmx-config"> would be ignored by htmx, so each page must have exactly one.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from play.models import Match

META = re.compile(r"""<meta name="htmx-config" content='([^']*)'>""")


def _configs(response) -> list[dict]:
    assert response.status_code == 200
    assert "{#" not in response.content.decode()  # a template comment that spilled onto the page
    return [json.loads(html.unescape(found)) for found in META.findall(response.content.decode())]


@pytest.mark.django_db
def test_a_plain_page_settles_swaps_at_once(client) -> None:
    assert _configs(client.get(reverse("home"))) == [{"defaultSettleDelay": 0}]


@pytest.mark.django_db(transaction=True)
def test_the_match_and_watch_pages_keep_their_answer_handling_and_settle_at_once(
        watched: Match, client, alice, bob) -> None:
    client.force_login(alice)
    (board,) = _configs(client.get(reverse("play:match", args=[watched.pk])))
    assert board["defaultSettleDelay"] == 0
    # a refused move's answer (400/403/409) carries the board with the reason: it is swapped in
    assert {"code": "40[039]", "swap": True, "error": False} in board["responseHandling"]
    client.force_login(bob)
    (watch,) = _configs(client.get(reverse("play:spectate", args=[watched.pk])))
    assert watch["defaultSettleDelay"] == 0 and watch["responseHandling"]
