"""The card behaviour tables' machinery, shared by the core set and Colony Wars tables: a stacked
game per case, steps in words, and the comparison of what a player sees before and after (the
helpers that find cards and read numbers use only `view()` output)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from play.engine import (
    GameSetup,
    GameState,
    Pack,
    SeatSetup,
    apply,
    decider,
    deserialize,
    legal_actions,
    load_pack,
    new_game,
    replay,
    serialize,
    view,
)


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


# -- the stacked game both tables play ---------------------------------------------------------------

# The numbers a case may change; every one it does not name must stay as it was.
COUNTED = ("trade", "combat", "authority", "opp_authority", "hand", "deck", "discard",
           "opp_hand", "opp_discard", "opp_bases", "trade_deck", "explorers")
FILLER = ("viper",) * 10           # seat 0's deck under the hand: every draw is a viper
OPPONENT_DECK = ("scout",) * 10 + ("viper",) * 10
PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"


@dataclass(frozen=True)
class Case:
    """One stacked situation and what the card must change in it.

    `hand` is seat 0's whole hand; `mine`/`theirs` are bases in play from the start (allies,
    targets); `row` is the trade row (empty: the table's own; the trade deck follows);
    `before` are steps taken before the "before" snapshot (e.g. playing allies). `expect` holds
    changes of the COUNTED keys (`hand` does not count the cards the steps play), `heap` the
    cards added to the scrap heap, `deck_top` the card now on top of the deck.
    """

    id: str
    card: str
    hand: tuple[str, ...]
    steps: tuple[str, ...]
    expect: dict[str, int] = field(default_factory=dict)
    heap: tuple[str, ...] = ()
    deck_top: str | None = None
    discard: tuple[str, ...] = ()
    mine: tuple[str, ...] = ()
    theirs: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    row: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardTable:
    """One pack's card table: a 2-player game where seat 0 starts its second turn with a known
    hand, discard pile, deck (vipers, so draws are visible), bases in play and trade row (`row`,
    then `deck_after_row`); seat 1 holds scouts and vipers. Cases are written as readable steps:
    "play ram", "use ram ally", "use stealth-needle #2", "pick scout@hand", "buy cutter"."""

    pack_file: str
    row: tuple[str, ...]
    deck_after_row: tuple[str, ...]
    seed: int

    @cached_property
    def raw(self) -> dict[str, Any]:
        return json.loads((PACKS / self.pack_file).read_text(encoding="utf-8"))

    @cached_property
    def pack(self) -> Pack:
        return load_pack(self.raw)

    @cached_property
    def abilities(self) -> dict[str, list[dict]]:
        return {card["id"]: card["abilities"] for card in self.raw["cards"]}

    def stacked_game(self, case: Case) -> GameState:
        """Return a game at the start of seat 0's second turn, stacked as the case says."""
        rules: list[dict] = [{"hand_size": {"who": "first", "n": len(case.hand)}}]
        rules += [{"start_in_play": {"who": "first", "card": b}} for b in case.mine]
        rules += [{"start_in_play": {"who": "second", "card": b}} for b in case.theirs]
        copies: Counter[str] = Counter()
        trade_deck = []
        for card in (case.row or self.row) + self.deck_after_row:
            copies[card] += 1
            trade_deck.append(f"{card}#{copies[card]}")
        setup = GameSetup(
            pack=self.pack,
            seats=[SeatSetup(deck_order=[*case.discard, *case.hand, *FILLER]),
                   SeatSetup(deck_order=list(OPPONENT_DECK))],
            trade_deck=trade_deck, trade_deck_order=True,
            hand_sizes=[len(case.discard), 5], rules=rules, seed=self.seed)
        state = new_game(setup)
        apply(state, "end")  # turn 1: the first hand (case.discard) goes to the discard pile
        apply(state, "end")  # seat 1's turn
        return state

    def run_step(self, state: GameState, step: str) -> None:
        """Turn one readable step into an action notation and apply it."""
        verb, *rest = step.split()
        if verb == "play":
            apply(state, f"play {instance(view(state, 0)['hand'], rest[0])}")
        elif verb == "use":
            apply(state, f"use {self.in_play(state, rest[0])} "
                         f"{self.ability_index(rest[0], rest[1])}")
        elif verb == "buy":
            apply(state, f"buy {instance(view(state, 0)['trade_row'], rest[0])}")
        elif verb == "pick":
            apply(state, f"pick {option(state, rest[0])}")
        else:
            apply(state, step)  # "choose 1", "done", "end"

    def in_play(self, state: GameState, card_id: str) -> int:
        """Return the instance id of seat 0's ship or base of that design in play."""
        me = view(state, 0)["players"][0]
        return instance(me["in_play"] + me["bases"], card_id)

    def ability_index(self, card_id: str, which: str) -> int:
        """Return the index of the card's first ability of that kind ("#2" gives it directly)."""
        if which.startswith("#"):
            return int(which[1:])
        return next(k for k, a in enumerate(self.abilities[card_id]) if a["when"] == which)

    def check_case(self, case: Case) -> None:
        """Play the case and compare what a player sees before and after with what it expects."""
        state = self.stacked_game(case)
        for step in case.before:
            self.run_step(state, step)
        before = snapshot(state)
        for step in case.steps:
            self.run_step(state, step)
        assert state.pending is None, f"a decision is still pending: {view(state, 0)['pending']}"
        after = snapshot(state)
        changes = {key: after[key] - before[key] for key in COUNTED}
        changes["hand"] += plays(case.steps)
        assert changes == {key: case.expect.get(key, 0) for key in COUNTED}
        assert after["heap"] - before["heap"] == Counter(case.heap)
        if case.deck_top is not None:
            assert deck_top(state) == case.deck_top

    def check_replay(self, case: Case) -> None:
        """Setup + actions rebuild the same state, and a saved state reloads (engine contract)."""
        state = self.stacked_game(case)
        for step in case.before + case.steps:
            self.run_step(state, step)
        notations = [a.notation for a in state.history]
        assert serialize(replay(state.game.setup, notations)) == serialize(state)
        reloaded = deserialize(serialize(state), self.pack)
        assert serialize(reloaded) == serialize(state)
        assert legal(reloaded) == legal(state)


def deck_top(state: GameState) -> str:
    """Return the design on top of seat 0's deck (deck order is only in the server-side state)."""
    return state.design[serialize(state)["deck"][0][-1]].id
