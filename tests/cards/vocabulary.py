"""Abilities that together use the whole effect vocabulary of docs/content-format.md, also what
no shipped pack uses yet: the site must write each so that it reads back (test_parse_round_trip).
"""
from __future__ import annotations

from typing import Any


def primary(*effects: Any) -> dict[str, Any]:
    return {"when": "primary", "do": list(effects)}


def cond_if(cond: dict[str, Any], then: list[Any], other: list[Any] | None = None) -> Any:
    value: dict[str, Any] = {"cond": cond, "then": then}
    if other:
        value["else"] = other
    return {"if": value}


def count(counter: str, op: str, n: int) -> dict[str, Any]:
    return {"count": counter, op: n}


VOCABULARY = [
    # amounts and card counts
    primary({"authority": -2}, {"opponent_discards": 2}),
    primary({"discard": 2}, {"draw": 3}),
    primary({"discard": {"min": 1, "max": 3}}),
    # scraps: exact, a range, optional from the trade row; destroying bases
    primary({"scrap": {"from": "discard", "min": 1, "max": 1}}),
    primary({"scrap": {"from": "hand", "min": 1, "max": 2}}),
    primary({"scrap": {"from": "trade_row", "min": 0, "max": 3}}),
    {"when": "scrap", "do": [{"destroy_base": 3}]},
    # acquiring, the next acquisition, discounts, the discard pile
    primary({"acquire_free": {"type": "base", "max_cost": 5, "faction": "machine",
                              "to": "discard"}}),
    primary({"acquire_free": {"type": "any", "max_cost": None, "faction": "empire",
                              "to": "deck_top"}}),
    primary({"next_acquire": {"type": "base", "to": "hand"}}),
    primary({"next_acquire": {"type": "any", "to": "discard"}}),
    primary({"discount": {"n": 3, "type": "ship", "faction": "kingdom"}}),
    primary({"recycle": {"from": "discard", "to": "deck_top", "min": 0, "max": 2,
                         "type": "base"}}),
    # copies and on-buy
    primary({"copy_ship": True}),
    primary({"copy_base": True}),
    {"when": "onbuy", "do": [{"this_to_hand": True}]},
    # repeats, choices, "you may"
    primary({"repeat": {"times": 3, "do": [{"draw": 1}, {"discard": 1}]}}),
    primary({"repeat": {"times": {"per": "hand", "times": 2}, "do": [{"trade": 1}]}}),
    primary({"choose": [[{"trade": 1}], [{"combat": 1}], [{"authority": 3}]]}),
    primary({"choose": [[{"draw": 1}], []]}),
    primary({"may": [{"authority": -3}, {"draw": 2}]}),
    # conditions: at most, all / any / not (nested), game statistics
    primary(cond_if(count("turn", "at_most", 3), [{"trade": 2}])),
    primary(cond_if({"all": [count("deck", "at_least", 5), count("discard", "at_most", 2)]},
                    [{"draw": 1}])),
    primary(cond_if({"any": [{"all": [count("cards_played", "at_least", 3),
                                      count("ships_played", "at_least", 2)]},
                             count("faction_in_play:machine", "at_least", 2)]},
                    [{"combat": 4}])),
    primary(cond_if({"not": count("trade_row_faction:blob", "at_least", 1)}, [{"trade": 1}],
                    [{"combat": 1}])),
    primary(cond_if(count("stat:bases_destroyed", "at_least", 2), [{"draw": 1}])),
    primary(cond_if(count("stat:acquired:blob", "at_least", 2), [{"draw": 1}])),
    # the trade row
    primary({"purge_trade_row": "most_expensive"}),
    primary({"purge_trade_row": "slot:2"}),
    # "for each" with every counter, times and caps
    primary({"trade": {"per": "bases_in_play", "times": 2, "max": 6}}),
    primary({"authority": {"per": "opponent_bases_in_play"}}),
    primary({"draw": {"per": "faction_in_play:empire", "max": 2}}),
    primary({"combat": {"per": "authority"}}, {"combat": {"per": "opponent_authority", "max": 1}}),
    primary({"trade": {"per": "other_ships_played"}}, {"trade": {"per": "cards_played"}},
            {"combat": {"per": "turn"}}),
    primary({"draw": {"per": "scrapped_this_turn"}},
            {"trade": {"per": "trade_row_faction:federation"}}),
    # statics
    {"when": "static", "do": [{"ally_for_all": True}, {"defense": 3}]},
    {"when": "static", "do": [{"on_play": {"match": {"type": "outpost"},
                                           "do": [{"authority": 2}]}}]},
    {"when": "static", "do": [{"on_play": {"match": {"faction": "machine"}, "do": [
        {"may": [{"scrap": {"from": "hand", "min": 0, "max": 1}}]}]}}]},
    # nested inside allies
    {"when": "ally", "faction": "consortium",
     "do": [{"choose": [[{"may": [{"draw": 1}, {"discard": 1}]}], [{"trade": 2}]]}]},
    {"when": "ally", "faction": "scavengers",
     "do": [cond_if(count("last_count", "at_least", 1),
                    [{"choose": [[{"trade": 1}], [{"combat": 2}]]}])]},
]
