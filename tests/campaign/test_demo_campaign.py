"""The demo campaign scripts/serve gives the demo account: played by bots up to a point."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from campaign.models import Campaign
from tests.factories import make_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def default_pack():
    return make_pack("legacy-default")


def test_demo_campaign_has_the_first_scenarios_played_and_the_next_one_waiting(alice, default_pack):
    """L1: scenarios 1-2 are finished in order; scenario 3's envelope is still sealed."""
    call_command("demo_campaign", alice.username, "--scenarios", "2")
    campaign = Campaign.objects.for_user(alice).get()
    state = campaign.current_state
    assert campaign.seat_of(alice).index == 0
    assert [state.scenario_finished(n) for n in (1, 2)] == [True, True]
    assert "3" not in state.scenarios and 3 not in state.scenarios


def test_demo_campaign_is_created_once(alice, default_pack):
    call_command("demo_campaign", alice.username, "--scenarios", "1")
    call_command("demo_campaign", alice.username, "--scenarios", "1")
    assert Campaign.objects.for_user(alice).count() == 1


def test_demo_campaign_for_an_unknown_user_is_a_clear_error(default_pack):
    with pytest.raises(CommandError, match="no user 'nobody'"):
        call_command("demo_campaign", "nobody")
