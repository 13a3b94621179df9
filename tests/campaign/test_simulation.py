"""The bot campaign: `simulate_campaign` plays 12 scenarios and the after-campaign step."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from campaign.backup import dumps, export_campaign, import_campaign
from campaign.models import Campaign


@pytest.fixture
def summary(db) -> dict:
    out = StringIO()
    call_command("simulate_campaign", "--seed", "3", stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])


def test_bot_campaign_finishes_all_12_scenarios_with_a_winner(summary: dict) -> None:
    assert summary["scenarios"] == 12
    assert summary["winner"] in ("empire", "federation")
    assert summary["invariants"] == []
    assert summary["seconds"] < 30


def test_l25_l26_bot_campaign_ends_with_full_upgrades_and_the_post_campaign_pack(summary) -> None:
    """L25: at most 20 each (the default pack has 4 cost-8 rows but 3 cost-8 cards, so one side
    may stop at 19); L26: 60 trade copies + 24 post-campaign cards."""
    assert all(19 <= n <= 20 for n in summary["upgrades"].values())
    assert summary["trade_deck"] == 84
    campaign = Campaign.objects.get(pk=summary["campaign"])
    assert campaign.current_state.phase == "finished"


def test_bot_campaign_backup_round_trip_is_identical(summary: dict) -> None:
    campaign = Campaign.objects.get(pk=summary["campaign"])
    exported = dumps(export_campaign(campaign))
    copy = import_campaign(exported, campaign.creator)
    assert copy.state == campaign.state
    assert dumps(export_campaign(copy)) == exported


def test_cached_state_equals_the_state_derived_from_the_log(summary: dict) -> None:
    from campaign.state import derive
    campaign = Campaign.objects.get(pk=summary["campaign"])
    assert derive(campaign.content, campaign.log()).to_dict() == campaign.state
