"""Build small content packs and stacked games for engine tests.

`card(...)` returns one CARD dict; `core_pack(*cards)` a core pack with scouts, vipers, explorers
plus the given cards; `legacy_pack(*cards, sheets=...)` a legacy pack with two sides, sticker
sheets and 12 minimal scenarios. `stacked(pack, hands=..., row=...)` starts a game whose decks
are in a known order (top card first), so a test knows every draw.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

from play.engine import GameSetup, GameState, SeatSetup, load_pack, new_game, replay
from play.engine.content import Pack

TEXT = {"en": "x", "ru": "x"}


def card(cid: str, *, type: str = "ship", cost: int | None = 1, factions: tuple = (),
         role: str = "trade", quantity: int = 5, defense: int | None = None,
         outpost: bool = False, **abilities: Any) -> dict:
    """Return a CARD dict. Abilities as keywords: primary=[...], ally={"blob": [...]},
    scrap=[...], onbuy=[...], static=[...]."""
    result: dict[str, Any] = {
        "id": cid, "name": {"en": cid.replace("-", " ").title(), "ru": cid}, "type": type,
        "cost": cost, "factions": list(factions), "role": role, "quantity": quantity,
        "abilities": [],
    }
    if type == "base":
        result["defense"] = defense or 5
        result["outpost"] = outpost
    for when in ("primary", "ally", "scrap", "onbuy", "static"):
        if when not in abilities:
            continue
        if when == "ally":
            for faction, do in abilities["ally"].items():
                result["abilities"].append({"when": "ally", "faction": faction, "do": do})
        else:
            result["abilities"].append({"when": when, "do": abilities[when]})
    return result


BASICS = [
    card("scout", cost=None, role="scout", quantity=16, primary=[{"trade": 1}]),
    card("viper", cost=None, role="viper", quantity=4, primary=[{"combat": 1}]),
    card("explorer", cost=2, role="explorer", quantity=10, primary=[{"trade": 2}],
         scrap=[{"combat": 2}]),
]

FACTIONS = ["blob", "federation", "empire", "machine", "consortium", "kingdom", "scavengers"]


def core_dict(*cards: dict, pid: str = "test-core") -> dict:
    return {"format": 1, "pack": {"id": pid, "version": 1, "kind": "core", "name": TEXT},
            "factions": [{"id": f, "name": TEXT} for f in FACTIONS],
            "cards": [dict(c) for c in BASICS] + [dict(c) for c in cards]}


def core_pack(*cards: dict) -> Pack:
    """Return a loaded core pack: scouts, vipers, explorers and these cards."""
    return load_pack(core_dict(*cards))


def sheet(sid: str, side: str, scenario: int, costs: tuple = (1, 2, 3, 4, 5),
          ship: list | None = None, base: list | None = None, extends: bool = False) -> dict:
    """Return a sticker SHEET: every ship sticker adds `ship` (default +1 combat) as primary."""
    ship = ship or [{"combat": 1}]
    base = base or [{"authority": 1}]
    return {"id": sid, "side": side, "scenario": scenario, "name": TEXT, "rows": [
        {"cost": c,
         "ship": {"and": extends, "abilities": [{"when": "primary", "do": ship}]},
         "base": {"and": extends, "abilities": [{"when": "primary", "do": base}]}}
        for c in costs]}


def legacy_dict(*cards: dict, sheets: list | None = None, scenarios: list | None = None,
                vp_cards: list | None = None) -> dict:
    """Return a legacy pack dict; trade cards must cover the sheets' costs (ships and bases)."""
    starters = [card("imperial-fighter", cost=None, role="starter", factions=("empire",),
                     primary=[{"combat": 2}]),
                card("federation-shuttle", cost=None, role="starter", factions=("federation",),
                     primary=[{"trade": 2}])]
    data = core_dict(*starters, *cards, pid="test-legacy")
    data["pack"]["kind"] = "legacy"
    data["sides"] = [
        {"id": "empire", "name": TEXT,
         "personal_deck": {"scout": 8, "viper": 1, "imperial-fighter": 1}},
        {"id": "federation", "name": TEXT,
         "personal_deck": {"scout": 8, "viper": 1, "federation-shuttle": 1}},
    ]
    data["sticker_sheets"] = sheets or []
    data["vp_cards"] = vp_cards or [
        {"id": f"s{n}-victory", "scenario": n, "points": 2, "name": TEXT, "text": TEXT,
         "award": "winner"} for n in range(1, 13)]
    data["scenarios"] = scenarios or [
        {"number": n, "title": TEXT, "story": TEXT,
         "sides": {s: {"text": TEXT, "rules": [], "choices": []} for s in ("empire", "federation")},
         "vp_cards": [f"s{n}-victory"], "political_victory": n <= 4} for n in range(1, 13)]
    return data


def legacy_pack(*cards: dict, **kwargs: Any) -> Pack:
    return load_pack(legacy_dict(*cards, **kwargs))


def stacked(pack: Pack, hands: tuple[list[str], list[str]] = ((), ()), row: list[str] = (),
            decks: tuple[list[str], list[str]] | None = None, **setup: Any) -> GameState:
    """Start a 2-player game with known decks: seat 0 draws `hands[0]` (3 cards), seat 1
    `hands[1]` (5 cards); the rest of each deck (`decks`, default scouts) lies under them in order.
    The trade row is `row` (copy ids or card ids: "#1", "#2"... added), then the trade deck.
    """
    seats = setup.pop("seats", None) or [SeatSetup(), SeatSetup()]
    decks = decks or ([], [])
    fill = ["scout"] * 12
    for seat, hand in enumerate(hands):
        size = 3 if seat == 0 else 5
        hand = list(hand) + ["scout"] * (size - len(hand))
        seats[seat].deck_order = hand + list(decks[seat] or fill)
    counts: dict[str, int] = {}
    copies = []
    for cid in row:
        if "#" not in cid:
            counts[cid] = counts.get(cid, 0) + 1
            cid = f"{cid}#{counts[cid]}"
        copies.append(cid)
    setup.setdefault("trade_deck", copies)
    setup.setdefault("trade_deck_order", True)
    return new_game(GameSetup(pack=pack, seats=seats, **setup))


def inst(state: GameState, cid: str, zone: str = "hand", seat: int = 0) -> int:
    """Return the id of the first card with design `cid` in a seat's zone (or the trade row)."""
    if zone == "row":
        cards = [c for c in state.row if c >= 0]
    else:
        cards = getattr(state, zone)[seat]
    for c in cards:
        if state.design[c].id == cid:
            return c
    raise AssertionError(f"no {cid} in {zone} of seat {seat}")


def facing_bases(pack: Pack, *cids: str, hand: list[str]) -> GameState:
    """Return a game where seat 1 has the bases `cids` in play and seat 0 starts its second
    turn holding `hand` (scouts under it)."""
    state = stacked(pack, hands=([], list(cids)), decks=(hand + ["scout"] * 10, []))
    state.apply("end")
    for cid in cids:
        state.apply(f"play {inst(state, cid, seat=1)}")
    state.apply("end")
    return state


def keys_reversed(value: Any) -> Any:
    """Return `value` with every mapping's keys in reverse order, the data unchanged (as a
    database that re-sorts keys, like PostgreSQL's jsonb, may give it back)."""
    if isinstance(value, dict):
        return {key: keys_reversed(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [keys_reversed(item) for item in value]
    return value


def ids(state: GameState, cards: list[int]) -> list[str]:
    """Return the design ids of card instances."""
    return [state.design[c].id for c in cards]


def play_all(state: GameState) -> None:
    """Play every card in the active seat's hand."""
    seat = state.active
    while state.hand[seat] and state.pending is None:
        state.apply(f"play {state.hand[seat][0]}")


# A legacy pack whose cards use every effect, static and decision kind, so random play meets them.
EVERYTHING = legacy_pack(
    card("raider", cost=1, factions=("kingdom",), primary=[{"combat": 2}],
         ally={"kingdom": [{"opponent_discards": 1}]}, onbuy=[{"combat": 2}]),
    card("trader", cost=2, factions=("consortium",),
         primary=[{"choose": [[{"trade": 2}], [{"authority": 3}], []]}],
         ally={"consortium": [{"draw": 1}, {"discard": 1}]},
         onbuy=[{"may": [{"draw": 1}, {"discard": 1}]}]),
    card("scrapper", cost=3, factions=("scavengers",),
         primary=[{"scrap": {"from": "hand_or_discard", "min": 0, "max": 2}},
                  {"combat": {"per": "last_count", "times": 2}}],
         scrap=[{"scrap": {"from": "trade_row", "max": 1}}],
         onbuy=[{"scrap": {"from": "hand", "max": 1}}]),
    card("bomber", cost=4, factions=("kingdom",), primary=[{"combat": 3}],
         ally={"kingdom": [{"destroy_base": 1}]}, scrap=[{"purge_trade_row": "cheapest"}]),
    card("carrier", cost=5, factions=("kingdom",), primary=[{"combat": 4}],
         ally={"kingdom": [{"acquire_free": {"type": "ship", "to": "deck_top"}}]}),
    card("needle", cost=4, factions=("scavengers",), primary=[{"copy_ship": True}]),
    card("freighter", cost=4, factions=("consortium",), primary=[{"trade": 3}],
         ally={"consortium": [{"next_acquire": {"type": "ship", "to": "deck_top"}},
                              {"discount": {"n": 2}}]}),
    card("shack", type="base", cost=1, defense=2, factions=("consortium",),
         primary=[{"authority": 1}]),
    card("salvage-yard", type="base", cost=2, defense=3, factions=("scavengers",),
         primary=[{"recycle": {"from": "discard", "to": "hand", "max": 1}}]),
    card("wall", type="base", cost=3, defense=4, outpost=True, factions=("kingdom",),
         primary=[{"combat": 1}], scrap=[{"combat": 3}]),
    card("exchange", type="base", cost=4, defense=5, factions=("consortium",),
         primary=[{"if": {"cond": {"count": "bases_in_play", "at_least": 2},
                          "then": [{"trade": 3}], "else": [{"trade": 1}]}}]),
    card("mech", type="base", cost=5, defense=6, outpost=True, factions=("scavengers",),
         static=[{"ally_for_all": True}]),
    card("hq", type="base", cost=5, defense=7, factions=("kingdom",),
         static=[{"on_play": {"match": {"type": "ship"}, "do": [{"combat": 1}]}},
                 {"defense": 1}]),
    sheets=[sheet("empire-1", "empire", 1, costs=(1, 2, 3, 4, 5)),
            sheet("federation-1", "federation", 1, costs=(1, 2, 3, 4, 5), extends=True,
                  ship=[{"trade": 1}], base=[{"combat": 1}])],
)

SEATS = [dict(side="empire", sheets=["empire-1"], scenario_sheet="empire-1"),
         dict(side="federation", sheets=["federation-1"], scenario_sheet="federation-1")]


# How many random games the playout tests play, as a multiple of their default sample (which CI
# runs): `STARLEDGER_PLAYOUTS=4 pytest tests/engine` plays four times as many, with other seeds
# past the default ones (after a change to the engine, before a release).
PLAYOUT_SCALE = max(1, int(os.environ.get("STARLEDGER_PLAYOUTS", "1") or 1))


def playouts(games: int) -> range:
    """Return the seeds of `games` random games times PLAYOUT_SCALE (the first ones are CI's)."""
    return range(games * PLAYOUT_SCALE)


def playout_setup(pack, seed: int, seats: list[dict] | None, authority: int) -> GameSetup:
    """A 2-seat setup; `seats=None` for a core game without sides or sheets."""
    seat_setups = [SeatSetup(**s) for s in seats] if seats else [SeatSetup(), SeatSetup()]
    return GameSetup(pack=pack, seats=seat_setups, seed=seed, first=seed % 2,
                     starting_authority=authority)


def random_playout(setup: GameSetup, bots: list, *, check_step: Callable[[GameState], None],
                   check_sample: Callable[[GameState], None], sample_every: int, seed: int,
                   max_steps: int, replay_check: bool) -> GameState:
    """Play a game to its end with `bots` (one per seat), checking every step and a random
    sample of about one step in `sample_every`; with `replay_check`, replaying the game's
    actions from its setup must rebuild the same final state."""
    state = new_game(setup)
    rng = random.Random(seed)
    steps = 0
    while state.outcome is None:
        seat = state.decider
        state.apply(bots[seat].choose(state, seat))
        steps += 1
        check_step(state)
        if rng.randrange(sample_every) == 0:
            check_sample(state)
        assert steps < max_steps, "game does not end"
    if replay_check:
        assert replay(setup, [a.notation for a in state.history]) == state
    return state


def default_scenario_start(number: int) -> GameState:
    """Return a game of the default campaign's scenario `number` at its start, from a heuristic
    bot campaign's state before it, the Empire first with its choices drawn by seed 1."""
    import json
    from dataclasses import replace
    from pathlib import Path

    from play.engine.balance import campaign_prefix, pick_choices
    from play.engine.legacy import scenario_setup

    path = Path(__file__).resolve().parents[2] / "fixtures" / "packs" / "legacy-default.json"
    legacy = load_pack(json.loads(path.read_text()))
    base = campaign_prefix(legacy, number, "heuristic", 5)[number - 1]
    snapshot = replace(base, first_side="empire", choices={
        **base.choices, number: pick_choices(legacy, number, "empire", random.Random(1))})
    return new_game(scenario_setup(legacy, snapshot, number, seed=1, check_first=False))
