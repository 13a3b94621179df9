"""A set's balance from its page: the steps give `manage.py balance`'s figures, kept per version."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from cards.models import ContentPack
from play.engine import balance_json_safe, run_balance
from story import setbalance
from story.models import SetBalance
from tests.story.conftest import DEFAULT_PACK

pytestmark = pytest.mark.django_db
GAMES, CAMPAIGNS = 4, 2  # a small run: 2 bot campaigns, 4 + 4 games per scenario


@pytest.fixture
def own_set(default_pack, alice) -> ContentPack:
    """Return alice's own copy of the default legacy set (she may run the method on it)."""
    pack = ContentPack(slug="alices-box", owner=alice)
    pack.set_data(default_pack.data)
    pack.save()
    pack.rebuild_catalogue()
    return pack


def test_the_steps_give_the_figures_of_one_balance_run(own_set, alice) -> None:
    """The page's chain of short tasks and `manage.py balance` (run_balance): the same figures."""
    run = setbalance.start(own_set, alice, GAMES, seed=11, campaigns=CAMPAIGNS)
    run.refresh_from_db()
    assert run.status == "done", run.error
    assert run.done == run.total == CAMPAIGNS * 11 + 12 * 2 * GAMES
    at_once = run_balance(str(settings.BASE_DIR / DEFAULT_PACK), list(range(1, 13)), GAMES,
                          seed=11, campaigns=CAMPAIGNS)
    assert run.entries == [balance_json_safe(entry) for entry in at_once]


def test_the_page_runs_for_the_owner_only_and_keeps_the_run(own_set, default_pack, alice_client,
                                                            bob, settings) -> None:
    settings.TASKS_SYNC = False  # queued: the page shows the run waiting
    url = reverse("story:balance", args=[own_set.pk])
    stranger = Client()
    stranger.force_login(bob)
    assert stranger.get(url).status_code == 404  # alice's own set is hers alone
    assert stranger.post(url, {"games": "100"}).status_code == 404
    shipped = reverse("story:balance", args=[default_pack.pk])  # everyone sees it, staff runs it
    assert 'id="start-balance"' not in stranger.get(shipped).content.decode()
    refused = stranger.post(shipped, {"games": "100"}, follow=True)
    assert "Only the set&#x27;s owner" in refused.content.decode()
    assert not SetBalance.objects.exists()
    assert alice_client.post(url, {"games": "7"}).status_code == 400
    assert not SetBalance.objects.exists()
    alice_client.post(url, {"games": "100"})
    alice_client.post(url, {"games": "100"})
    run = SetBalance.objects.get()  # the same set at the same settings: one run
    assert run.checksum == own_set.checksum and run.status == "queued"
    assert "waiting for a worker" in alice_client.get(url).content.decode()
    assert url in alice_client.get(reverse("cards:pack", args=[own_set.pk])).content.decode()
    alice_client.post(reverse("story:balance_cancel", args=[own_set.pk, run.pk]))
    run.refresh_from_db()
    assert run.status == "cancelled"


def test_a_scenario_title_shows_only_once_its_envelope_is_open(own_set, default_pack, alice,
                                                               alice_client) -> None:
    """L4: the table names scenario 1 to the owner who opened its envelope, and says how its
    games ended; of a sealed scenario (2 here; both on the shipped set, to anyone) it shows
    neither, since a share won by "the scenario's own victory" tells that its card has one."""
    title_1, title_2 = (own_set.data["scenarios"][k]["title"]["en"] for k in (0, 1))
    for pack in (own_set, default_pack):
        SetBalance.objects.create(pack=pack, checksum=pack.checksum, games=100, campaigns=64,
                                  bot="heuristic", seed=1, total=1, status="done",
                                  entries=[fake_entry(n) for n in (1, 2)])
    ContentPack.objects.filter(pk=own_set.pk).update(revealed_scenarios=1)
    mine = alice_client.get(reverse("story:balance", args=[own_set.pk])).content.decode()
    assert title_1 in mine and title_2 not in mine and "(sealed envelope)" in mine
    assert ends_column(mine) == ["authority 60%, scenario condition 40%", "sealed"]
    shipped = alice_client.get(reverse("story:balance", args=[default_pack.pk])).content.decode()
    assert title_1 not in shipped and shipped.count("(sealed envelope)") == 2
    assert ends_column(shipped) == ["sealed", "sealed"]
    assert "scenario condition" not in shipped


def ends_column(page: str) -> list[str]:
    """Return the "Ended by" cell of each row of the balance table."""
    return [re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r'<td class="balance-ends">(.*?)</td>', page, re.DOTALL)]


def fake_entry(number: int) -> dict:
    """Return a balance entry with made-up figures (only the page's wording is tested here)."""
    return {"scenario": number, "games": 10, "empire_win_rate": 0.5, "empire_ci95": 0.3,
            "first_win_rate": 0.5, "mean_turns": 20.0, "reasons": {"authority": 6, "scenario": 4},
            "baseline": {"empire_win_rate": 0.5}, "delta": {"empire_win_rate": 0.0},
            "differs": []}
