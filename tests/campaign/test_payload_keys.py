"""Unknown keys in an event's payload are refused, from a page's post and from a backup alike."""
from __future__ import annotations

import json

import pytest

from campaign.backup import BackupError, dumps, export_campaign, import_campaign
from campaign.content import PackContent
from campaign.models import Campaign
from campaign.state import (
    AFTER_CAMPAIGN_UPGRADE,
    CAMPAIGN_FINISHED,
    CHOICE_MADE,
    GAME_RECORDED,
    PAYLOAD_KEYS,
    SCENARIO_OPENED,
    SIDE_WISHED,
    SIDES_CHOSEN,
    UNDO,
    CampaignState,
    Event,
    EventRefused,
    apply,
    derive,
)
from tests.campaign.packs import legacy_pack

CONTENT = PackContent(legacy_pack())

VALID = {
    SIDES_CHOSEN: {"wishes": ["empire", "federation"], "coin": 0},
    SIDE_WISHED: {"seat": 0, "side": "empire", "coin": 1},
    SCENARIO_OPENED: {"number": 1},
    CHOICE_MADE: {"choice": "tribute", "option": "gold"},
    GAME_RECORDED: {"winner": "empire", "how": "authority", "upgrades": [], "vp_cards": []},
    AFTER_CAMPAIGN_UPGRADE: {"copy": "kingdom-ship-2#2", "sticker": "empire-1:2:ship",
                             "side": "empire"},
    CAMPAIGN_FINISHED: {},
}


def test_every_kind_lists_its_keys() -> None:
    assert set(PAYLOAD_KEYS) == set(VALID) | {UNDO}
    for kind, payload in VALID.items():
        assert set(payload) == PAYLOAD_KEYS[kind], kind


@pytest.mark.parametrize("kind", sorted(VALID))
def test_an_unknown_key_is_refused_and_named(kind: str) -> None:
    payload = {**VALID[kind], "extra_note": "hello"}
    with pytest.raises(EventRefused, match="unknown field “extra_note”"):
        apply(CONTENT, CampaignState(), kind, payload)


def test_the_same_payload_without_the_key_is_accepted() -> None:
    state = apply(CONTENT, CampaignState(), SIDES_CHOSEN, VALID[SIDES_CHOSEN])
    assert state.sides == {"empire": 0, "federation": 1}


@pytest.mark.parametrize(("field", "item"), [
    ("upgrades", {"copy": "kingdom-ship-2#2", "sticker": "empire-1:2:ship", "side": "empire",
                  "seat": 0}),
    ("vp_cards", {"card": "s1-first-blood", "side": "empire", "points": 9}),
])
def test_an_unknown_key_inside_an_upgrade_or_vp_card_is_refused(field: str, item: dict) -> None:
    events = [Event(1, SIDES_CHOSEN, {"wishes": ["empire", "federation"]}),
              Event(2, SCENARIO_OPENED, {"number": 1}),
              Event(3, GAME_RECORDED, {"winner": "empire", "how": "authority", field: [item]})]
    unknown = (set(item) - {"copy", "sticker", "side", "card"}).pop()
    with pytest.raises(EventRefused, match=f"Change 3 .*unknown field “{unknown}”"):
        derive(CONTENT, events)
    clean = {k: v for k, v in item.items() if k != unknown}
    events[2] = Event(3, GAME_RECORDED, {"winner": "empire", "how": "authority", field: [clean]})
    assert derive(CONTENT, events).scenario_finished(1)


def test_an_undo_with_an_unknown_key_is_refused() -> None:
    events = [Event(1, SIDES_CHOSEN, {"wishes": ["empire", "federation"]}),
              Event(2, UNDO, {"seq": 1, "why": "oops"})]
    with pytest.raises(EventRefused, match="unknown field “why”"):
        derive(CONTENT, events)


def test_a_huge_key_is_shown_shortened() -> None:
    with pytest.raises(EventRefused) as info:
        apply(CONTENT, CampaignState(), SCENARIO_OPENED, {"number": 1, "k" * 100_000: 1})
    assert len(str(info.value)) < 200 and "kkk…" in str(info.value)


def test_a_change_posted_through_the_model_with_an_unknown_key_changes_nothing(
        started: Campaign, alice) -> None:
    before = (started.version, started.state)
    with pytest.raises(EventRefused, match="unknown field “is_admin”"):
        started.apply_event(GAME_RECORDED, {"winner": "empire", "how": "authority",
                                            "is_admin": True}, alice, started.version)
    started.refresh_from_db()
    assert (started.version, started.state) == before
    assert started.events.count() == 2


def test_a_backup_with_an_unknown_key_is_refused_and_creates_nothing(started: Campaign,
                                                                     outsider) -> None:
    data = export_campaign(started)
    data["events"][1]["payload"]["spoiler"] = "scenario 12 text"
    with pytest.raises(BackupError, match="Change 2 .*unknown field “spoiler”"):
        import_campaign(json.dumps(data), outsider)
    assert not Campaign.objects.filter(creator=outsider).exists()


def test_a_clean_backup_still_imports(started: Campaign, outsider) -> None:
    copy = import_campaign(dumps(export_campaign(started)), outsider)
    assert copy.state == started.state
