"""The pure campaign state: derivation from events and the L-rules the tracker enforces."""
from __future__ import annotations

import pytest

from campaign.content import PackContent
from campaign.state import (
    AFTER_CAMPAIGN,
    AFTER_CAMPAIGN_UPGRADE,
    CAMPAIGN_FINISHED,
    CHOICE_MADE,
    FINISHED,
    GAME_RECORDED,
    PLAYING,
    SCENARIO_OPENED,
    SIDES_CHOSEN,
    UNDO,
    CampaignState,
    Event,
    EventRefused,
    apply,
    derive,
    legal_upgrades,
    next_after_campaign_side,
)
from tests.campaign.packs import legacy_pack

CONTENT = PackContent(legacy_pack())


class Log:
    """Build a campaign event by event through the same validation the model uses."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.state = CampaignState()

    def add(self, kind: str, payload: dict) -> CampaignState:
        self.state = apply(CONTENT, self.state, kind, payload)
        self.events.append(Event(len(self.events) + 1, kind, payload))
        self.state.last_seq = len(self.events)
        return self.state

    def refused(self, kind: str, payload: dict) -> str:
        with pytest.raises(EventRefused) as info:
            apply(CONTENT, self.state, kind, payload)
        return str(info.value)


def game(winner: str = "empire", how: str = "authority", upgrades: list | None = None,
         vp_cards: list | None = None) -> dict:
    return {"winner": winner, "how": how, "upgrades": upgrades or [], "vp_cards": vp_cards or []}


def up(copy: str, sticker: str, side: str = "empire") -> dict:
    return {"copy": copy, "sticker": sticker, "side": side}


@pytest.fixture
def log() -> Log:
    started = Log()
    started.add(SIDES_CHOSEN, {"wishes": ["empire", "federation"]})
    return started


def open_and_win(log: Log, number: int, winner: str = "empire", **kwargs) -> None:
    log.add(SCENARIO_OPENED, {"number": number})
    if number == 2 and log.state.current()["card_side"] == "empire":
        log.add(CHOICE_MADE, {"choice": "tribute", "option": "gold"})
    log.add(GAME_RECORDED, game(winner, **kwargs))


# -- L2 sides -----------------------------------------------------------------------------------


def test_l2_different_wishes_give_each_seat_its_side(log: Log) -> None:
    assert log.state.sides == {"empire": 0, "federation": 1}
    assert log.state.coin_flip is None
    assert log.state.phase == PLAYING


def test_l2_same_wish_needs_a_coin_flip_and_the_flip_decides() -> None:
    fresh = Log()
    assert "coin flip" in fresh.refused(SIDES_CHOSEN, {"wishes": ["federation", "federation"]})
    state = fresh.add(SIDES_CHOSEN, {"wishes": ["federation", "federation"], "coin": 1})
    assert state.sides == {"federation": 1, "empire": 0}
    assert state.coin_flip == {"side": "federation", "won_by_seat": 1}


def test_l2_sides_are_chosen_once_for_the_whole_campaign(log: Log) -> None:
    assert "already chosen" in log.refused(SIDES_CHOSEN, {"wishes": ["federation", "empire"]})


def test_l2_unknown_side_is_refused() -> None:
    assert "one of the sides" in Log().refused(SIDES_CHOSEN, {"wishes": ["blob", "empire"]})


# -- L1, L4-L6 scenarios ----------------------------------------------------------------------------


def test_l1_scenarios_open_in_order(log: Log) -> None:
    assert "next one is 1" in log.refused(SCENARIO_OPENED, {"number": 2})
    log.add(SCENARIO_OPENED, {"number": 1})
    assert "must be finished" in log.refused(SCENARIO_OPENED, {"number": 2})
    log.add(GAME_RECORDED, game())
    log.add(SCENARIO_OPENED, {"number": 2})
    assert log.state.scenario == 2


def test_l4_opening_brings_each_side_its_sheet(log: Log) -> None:
    log.add(SCENARIO_OPENED, {"number": 1})
    assert log.state.opened_sheets == {"empire": ["empire-1"], "federation": ["federation-1"]}


def test_l5_empire_plays_first_in_scenario_1_then_the_previous_winner(log: Log) -> None:
    log.add(SCENARIO_OPENED, {"number": 1})
    assert log.state.current()["first_player"] == "empire"
    log.add(GAME_RECORDED, game("federation"))
    assert log.state.next_first_player() == "federation"
    log.add(SCENARIO_OPENED, {"number": 2})
    assert log.state.current()["first_player"] == "federation"


def test_l6_card_side_is_the_first_players_and_its_choices_come_first(log: Log) -> None:
    open_and_win(log, 1, "empire")
    log.add(SCENARIO_OPENED, {"number": 2})
    assert log.state.current()["card_side"] == "empire"
    assert "choices first" in log.refused(GAME_RECORDED, game())
    assert "no such choice" in log.refused(CHOICE_MADE, {"choice": "nope", "option": "gold"})
    assert "not one of the options" in log.refused(CHOICE_MADE, {"choice": "tribute", "option": "x"})
    log.add(CHOICE_MADE, {"choice": "tribute", "option": "gold"})
    assert log.state.current()["choices"] == {"tribute": "gold"}
    assert log.state.lasting_rules == [{"starting_authority": {"who": "empire", "n": 55}}]
    assert "already made" in log.refused(CHOICE_MADE, {"choice": "tribute", "option": "ships"})


def test_l6_federation_side_of_scenario_2_has_no_choice(log: Log) -> None:
    open_and_win(log, 1, "federation")
    log.add(SCENARIO_OPENED, {"number": 2})
    assert "no such choice" in log.refused(CHOICE_MADE, {"choice": "tribute", "option": "gold"})
    log.add(GAME_RECORDED, game())


# -- L11-L19 upgrades ------------------------------------------------------------------------------


@pytest.fixture
def in_scenario_1(log: Log) -> Log:
    log.add(SCENARIO_OPENED, {"number": 1})
    return log


def test_l13_sticker_must_match_printed_type(in_scenario_1: Log) -> None:
    message = in_scenario_1.refused(
        GAME_RECORDED, game(upgrades=[up("consortium-base-1#1", "empire-1:1:ship")]))
    assert "is a base" in message and "“Ship, cost 1 — +1 trade”" in message


def test_l13_sticker_must_match_printed_cost(in_scenario_1: Log) -> None:
    message = in_scenario_1.refused(
        GAME_RECORDED, game(upgrades=[up("consortium-ship-1#1", "empire-1:2:ship")]))
    assert "printed cost 1" in message


def test_l12_a_copy_is_upgraded_once_only(in_scenario_1: Log) -> None:
    twice = [up("consortium-ship-1#1", "empire-1:1:ship"),
             up("consortium-ship-1#1", "federation-1:1:ship", "federation")]
    assert "already upgraded" in in_scenario_1.refused(GAME_RECORDED, game(upgrades=twice))


def test_l14_one_sticker_per_row_of_a_sheet(in_scenario_1: Log) -> None:
    same_row = [up("kingdom-ship-2#1", "empire-1:2:ship"), up("kingdom-base-2#1", "empire-1:2:base")]
    assert "is already used: one sticker per row" in in_scenario_1.refused(
        GAME_RECORDED, game(upgrades=same_row))


def test_l14_used_rows_are_remembered_across_games(in_scenario_1: Log) -> None:
    in_scenario_1.add(GAME_RECORDED, game(upgrades=[up("kingdom-ship-2#1", "empire-1:2:ship")]))
    assert in_scenario_1.state.used_rows == {"empire-1": {"2": "ship"}}
    in_scenario_1.add(SCENARIO_OPENED, {"number": 2})
    in_scenario_1.add(CHOICE_MADE, {"choice": "tribute", "option": "ships"})
    message = in_scenario_1.refused(GAME_RECORDED,
                                    game(upgrades=[up("kingdom-base-2#1", "empire-1:2:base")]))
    assert "one sticker per row" in message


def test_l4a_sheet_must_belong_to_the_upgrading_side(in_scenario_1: Log) -> None:
    wrong = [up("consortium-ship-1#1", "federation-1:1:ship", "empire")]
    assert "other side" in in_scenario_1.refused(GAME_RECORDED, game(upgrades=wrong))


def test_l18_sheet_of_a_later_envelope_cannot_be_used(in_scenario_1: Log) -> None:
    later = [up("consortium-ship-1#1", "empire-2:1:ship")]
    assert "not been opened" in in_scenario_1.refused(GAME_RECORDED, game(upgrades=later))


def test_upgrade_of_an_unknown_copy_or_sticker_is_refused(in_scenario_1: Log) -> None:
    assert "not a card of the trade deck" in in_scenario_1.refused(
        GAME_RECORDED, game(upgrades=[up("consortium-ship-1#9", "empire-1:1:ship")]))
    assert "sticker is not in the campaign's pack" in in_scenario_1.refused(
        GAME_RECORDED, game(upgrades=[up("consortium-ship-1#1", "empire-1:9:ship")]))


def test_l16_upgrade_records_copy_sticker_side_and_scenario(in_scenario_1: Log) -> None:
    in_scenario_1.add(GAME_RECORDED, game(upgrades=[up("kingdom-ship-2#3", "empire-1:2:ship")]))
    assert in_scenario_1.state.upgrades == {
        "kingdom-ship-2#3": {"sticker": "empire-1:2:ship", "side": "empire", "scenario": 1}}


def _five_stickers(sheet: str, side: str) -> list[dict]:
    ships = ["consortium-ship-1", "kingdom-ship-2", "scavengers-ship-3", "consortium-ship-4",
             "kingdom-ship-5"]
    return [up(f"{card}#1", f"{sheet}:{cost}:ship", side) for cost, card in enumerate(ships, 1)]


def test_l19_political_victory_needs_all_five_stickers_of_that_sheet(in_scenario_1: Log) -> None:
    four = _five_stickers("empire-1", "empire")[:4]
    message = in_scenario_1.refused(GAME_RECORDED, game(how="political", upgrades=four))
    assert "4 are used" in message
    one = _five_stickers("empire-1", "empire")[:1]
    assert "; 1 is used." in in_scenario_1.refused(GAME_RECORDED, game(how="political", upgrades=one))  # issue 20
    in_scenario_1.add(GAME_RECORDED, game(how="political", upgrades=_five_stickers("empire-1", "empire")))
    assert in_scenario_1.state.current()["result"]["how"] == "political"


def test_l19_stickers_of_earlier_sheets_do_not_count(log: Log) -> None:
    open_and_win(log, 1, upgrades=_five_stickers("empire-1", "empire"))
    log.add(SCENARIO_OPENED, {"number": 2})
    log.add(CHOICE_MADE, {"choice": "tribute", "option": "ships"})
    assert "0 are used" in log.refused(GAME_RECORDED, game(how="political"))


def test_l19_no_political_victory_after_scenario_4(log: Log) -> None:
    for number in range(1, 5):
        open_and_win(log, number)
    log.add(SCENARIO_OPENED, {"number": 5})
    assert "allows no political victory" in log.refused(GAME_RECORDED, game(how="political"))


def test_scenario_victory_needs_a_victory_rule_in_the_scenario(in_scenario_1: Log) -> None:
    assert "no victory condition" in in_scenario_1.refused(GAME_RECORDED, game(how="scenario"))


# -- L21 VP cards ---------------------------------------------------------------------------------


def test_l21_winner_earns_the_victory_vp_card_and_others_as_recorded(in_scenario_1: Log) -> None:
    state = in_scenario_1.add(GAME_RECORDED, game(
        "federation", vp_cards=[{"card": "s1-first-blood", "side": "empire"}]))
    assert state.vp_cards == {"empire": ["s1-first-blood"], "federation": ["s1-victory"]}
    assert state.vp_points(CONTENT, "federation") == 2


def test_l21_vp_card_of_another_scenario_is_refused(in_scenario_1: Log) -> None:
    message = in_scenario_1.refused(GAME_RECORDED, game(vp_cards=[{"card": "s2-victory",
                                                                   "side": "empire"}]))
    assert "cannot be earned here" in message


# -- L22, L25, L26 the end ------------------------------------------------------------------------


@pytest.fixture
def after_12(log: Log) -> Log:
    for number in range(1, 13):
        open_and_win(log, number, "federation" if number % 4 == 0 else "empire")
    return log


def test_l22_campaign_winner_by_vp_after_scenario_12(after_12: Log) -> None:
    assert after_12.state.phase == AFTER_CAMPAIGN
    assert after_12.state.campaign_winner == "empire"
    assert after_12.state.next_first_player() is None


def test_l22_ties_are_broken_by_the_packs_order() -> None:
    pack = legacy_pack()
    for vp in pack["vp_cards"]:
        vp["points"] = 1
    content = PackContent(pack)
    state = CampaignState(sides={"empire": 0, "federation": 1},
                          vp_cards={"empire": ["s1-victory"], "federation": ["s2-victory"]},
                          scenarios={"12": {"result": {"winner": "federation"}}})
    from campaign.state import campaign_winner
    assert campaign_winner(content, state) == "federation"


def test_l25_after_campaign_sides_alternate_from_the_last_winner(after_12: Log) -> None:
    assert next_after_campaign_side(CONTENT, after_12.state) == "federation"
    copy, sticker = legal_upgrades(CONTENT, after_12.state, "empire", 1)[0]
    assert "other side's turn" in after_12.refused(AFTER_CAMPAIGN_UPGRADE, up(copy, sticker))
    copy, sticker = legal_upgrades(CONTENT, after_12.state, "federation", 1)[0]
    after_12.add(AFTER_CAMPAIGN_UPGRADE, up(copy, sticker, "federation"))
    assert next_after_campaign_side(CONTENT, after_12.state) == "empire"


def test_l25_l26_fill_to_20_each_then_post_campaign_pack_joins(after_12: Log) -> None:
    assert "fill up to 20" in after_12.refused(CAMPAIGN_FINISHED, {})
    while (side := next_after_campaign_side(CONTENT, after_12.state)) is not None:
        copy, sticker = legal_upgrades(CONTENT, after_12.state, side, 1)[0]
        after_12.add(AFTER_CAMPAIGN_UPGRADE, up(copy, sticker, side))
    state = after_12.state
    assert [len(state.upgrades_of(s)) for s in ("empire", "federation")] == [20, 20]
    assert all(len(rows) == 5 for rows in state.used_rows.values()) and len(state.used_rows) == 8
    after_12.add(CAMPAIGN_FINISHED, {})
    assert after_12.state.phase == FINISHED
    assert len(after_12.state.trade_deck(CONTENT)) == 60 + 4


def test_l25_no_after_campaign_upgrade_during_the_campaign(in_scenario_1: Log) -> None:
    message = in_scenario_1.refused(AFTER_CAMPAIGN_UPGRADE,
                                    up("consortium-ship-1#1", "empire-1:1:ship"))
    assert "after the campaign" in message


# -- the log -------------------------------------------------------------------------------------


def test_derive_replays_the_log_and_undo_steps_back_one_change(in_scenario_1: Log) -> None:
    before = in_scenario_1.state.to_dict()
    in_scenario_1.add(GAME_RECORDED, game(upgrades=[up("kingdom-ship-2#1", "empire-1:2:ship")]))
    events = in_scenario_1.events + [Event(4, UNDO, {"seq": 3})]
    assert derive(CONTENT, events).to_dict() == before


def test_undo_must_name_the_last_effective_event(in_scenario_1: Log) -> None:
    with pytest.raises(EventRefused, match="Only the last change"):
        derive(CONTENT, in_scenario_1.events + [Event(3, UNDO, {"seq": 1})])
    with pytest.raises(EventRefused, match="nothing to undo"):
        derive(CONTENT, [Event(1, UNDO, {"seq": 0})])


def test_malformed_payload_gives_a_message_not_a_crash(log: Log) -> None:
    assert "Malformed" in log.refused(SCENARIO_OPENED, {})
    assert "kind of change is unknown" in log.refused("teleport", {})
    with pytest.raises(EventRefused, match="must be an object"):
        apply(CONTENT, log.state, SCENARIO_OPENED, [1])


def test_l2_each_seat_wishes_and_the_second_wish_settles_the_sides() -> None:
    from campaign.state import SIDE_WISHED, needs_coin_flip
    fresh = Log()
    fresh.add(SIDE_WISHED, {"seat": 1, "side": "empire"})
    assert fresh.state.phase == "setup" and fresh.state.wishes == {"1": "empire"}
    assert needs_coin_flip(fresh.state, 0, "empire")
    assert "coin flip" in fresh.refused(SIDE_WISHED, {"seat": 0, "side": "empire"})
    fresh.add(SIDE_WISHED, {"seat": 0, "side": "empire", "coin": 0})
    assert fresh.state.sides == {"empire": 0, "federation": 1}
    assert fresh.state.coin_flip == {"side": "empire", "won_by_seat": 0}
    assert "already chosen" in fresh.refused(SIDE_WISHED, {"seat": 1, "side": "federation"})


def test_l20_upgraded_copies_stay_in_the_trade_deck(in_scenario_1: Log) -> None:
    in_scenario_1.add(GAME_RECORDED, game(upgrades=[up("kingdom-ship-2#3", "empire-1:2:ship")]))
    deck = in_scenario_1.state.trade_deck(CONTENT)
    assert "kingdom-ship-2#3" in deck and len(deck) == 60


def test_l3_each_side_keeps_its_sheets_and_vp_cards_between_games(log: Log) -> None:
    open_and_win(log, 1, "federation")
    open_and_win(log, 2, "empire")
    assert log.state.opened_sheets == {"empire": ["empire-1", "empire-2"],
                                       "federation": ["federation-1", "federation-2"]}
    assert log.state.vp_cards == {"empire": ["s2-victory"], "federation": ["s1-victory"]}
