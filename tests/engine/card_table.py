"""Helpers shared by the card behaviour tables (core set, Colony Wars): find a card in the views,
name a pending option, and read the numbers a case compares. They read only `view()` output."""
from __future__ import annotations

from collections import Counter
from typing import Any

from play.engine import GameState, decider, legal_actions, view


def instance(cards: list[dict | None], card_id: str) -> int:
    """Return the instance id of the first card of that design among `cards`."""
    for card in cards:
        if card is not None and card["card"] == card_id:
            return card["id"]
    raise AssertionError(f"no {card_id} among {[c and c['card'] for c in cards]}")


def option(state: GameState, spec: str) -> int:
    """Return the pending option named "card" or "card@zone" (hand, discard, row, theirs, mine)."""
    card_id, _, where = spec.partition("@")
    seat = decider(state)
    options = view(state, seat)["pending"]["options"]
    if where:
        allowed = {c["id"] for c in zone(state, seat, where)}
        options = [o for o in options if o["id"] in allowed]
    return instance(options, card_id)


def zone(state: GameState, seat: int, where: str) -> list[dict]:
    """Return the cards of one zone as `seat` sees them."""
    mine = view(state, seat)
    return {"hand": mine["hand"], "discard": mine["players"][seat]["discard"],
            "row": [c for c in mine["trade_row"] if c],
            "theirs": mine["players"][1 - seat]["bases"],
            "mine": mine["players"][seat]["bases"]}[where]


def snapshot(state: GameState) -> dict[str, Any]:
    """Return the numbers and piles the cases compare, read from the views."""
    me, them = view(state, 0), view(state, 1)
    p0, p1 = me["players"]
    return {
        "trade": p0["trade"], "combat": p0["combat"], "authority": p0["authority"],
        "opp_authority": p1["authority"], "hand": len(me["hand"]), "deck": p0["deck_size"],
        "discard": len(p0["discard"]), "opp_hand": len(them["hand"]),
        "opp_discard": len(p1["discard"]), "opp_bases": len(p1["bases"]),
        "trade_deck": me["trade_deck_size"], "explorers": me["explorers"],
        "heap": Counter(c["card"] for c in me["scrap_heap"]),
    }


def legal(state: GameState) -> set[str]:
    """Return the notations of every legal action now."""
    return {a.notation for a in legal_actions(state)}


def plays(steps: tuple[str, ...]) -> int:
    """Return how many of a case's steps play a card."""
    return sum(step.startswith("play ") for step in steps)
