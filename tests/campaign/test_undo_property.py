"""Undo returns exactly to the previous state, over random event sequences (property test)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.content import PackContent
from campaign.state import (
    AFTER_CAMPAIGN,
    AFTER_CAMPAIGN_UPGRADE,
    CAMPAIGN_FINISHED,
    CHOICE_MADE,
    GAME_RECORDED,
    PLAYING,
    SCENARIO_OPENED,
    SETUP,
    SIDES_CHOSEN,
    UNDO,
    CampaignState,
    Event,
    EventRefused,
    derive,
    legal_upgrades,
    missing_choices,
    next_after_campaign_side,
)
from tests.campaign.packs import legacy_pack

CONTENT = PackContent(legacy_pack())


def _candidates(state: CampaignState, pick: int) -> list[tuple[str, dict]]:
    """Return plausible next events (some of them are refused by the rules, on purpose)."""
    sides = ["empire", "federation"]
    if state.phase == SETUP:
        return [(SIDES_CHOSEN, {"wishes": [sides[pick % 2], sides[pick // 2 % 2]], "coin": pick % 2})]
    if state.phase == AFTER_CAMPAIGN:
        side = next_after_campaign_side(CONTENT, state) or sides[pick % 2]
        options = legal_upgrades(CONTENT, state, side, 3)
        moves = [(AFTER_CAMPAIGN_UPGRADE, {"copy": c, "sticker": s, "side": side}) for c, s in options]
        return moves + [(CAMPAIGN_FINISHED, {})]
    if state.phase != PLAYING:
        return []
    if state.scenario == 0 or state.scenario_finished(state.scenario):
        return [(SCENARIO_OPENED, {"number": state.scenario + 1 + pick % 2})]
    for choice in missing_choices(CONTENT, state):
        return [(CHOICE_MADE, {"choice": choice["id"], "option": choice["options"][pick % 2]["id"]})]
    side = sides[pick % 2]
    upgrades = [{"copy": c, "sticker": s, "side": side}
                for c, s in legal_upgrades(CONTENT, state, side, pick % 4)]
    how = ["authority", "political", "scenario"][pick % 3]
    return [(GAME_RECORDED, {"winner": sides[pick // 2 % 2], "how": how, "upgrades": upgrades,
                             "vp_cards": []})]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.booleans()), min_size=1, max_size=40))
def test_undo_returns_exactly_to_the_previous_state(moves: list[tuple[int, bool]]) -> None:
    events: list[Event] = []
    states = [CampaignState().to_dict()]  # the effective states, as a stack
    for pick, undo in moves:
        if undo and len(states) > 1:
            current = derive(CONTENT, events)
            events.append(Event(len(events) + 1, UNDO, {"seq": current.last_seq}))
            states.pop()
            assert derive(CONTENT, events).to_dict() == states[-1]
            continue
        for kind, payload in _candidates(derive(CONTENT, events), pick)[:1]:
            proposal = events + [Event(len(events) + 1, kind, payload)]
            try:
                new_state = derive(CONTENT, proposal)
            except EventRefused:
                assert derive(CONTENT, events).to_dict() == states[-1]
                continue
            events = proposal
            states.append(new_state.to_dict())
