"""What a card, a deck and a seat are worth per turn: the yields the bots plan and search with.

A card's `Yield` is what playing it brings on average: trade, combat, authority and cards drawn
from its primary abilities, plus its ally abilities weighted by how often an ally fires
(`ALLY_CHANCE`) and its scrap abilities by how often they are worth the card (`SCRAP_CHANCE`).
A seat's per-turn yield is the mean over every card it owns, times the cards it draws a turn
(a drawn card draws in turn), plus what its bases in play give every turn. Only public facts
and the seat's own cards go in: the same on every determinization of hidden cards.

>>> from play.engine import load_pack, tiny_pack
>>> pack = load_pack(tiny_pack())
>>> card_yield(pack.by_id["blob-fighter"]).combat
3.0
"""

from __future__ import annotations

from typing import NamedTuple

from .. import ops
from ..content import Design
from ..state import GameState

ALLY_CHANCE = 0.45   # how often an ally ability fires in a typical hand
SCRAP_CHANCE = 0.25  # how often a scrap ability is used (it costs the card)
CHOICE_WEIGHTS = {"trade": 1.0, "combat": 1.1, "authority": 0.35, "draw": 1.6}
BASE_TURN = 0.8      # a base in play: its yield each turn (it may be destroyed)


class Yield(NamedTuple):
    """Average trade, combat, authority and cards drawn (a per-card or per-turn figure)."""

    trade: float = 0.0
    combat: float = 0.0
    authority: float = 0.0
    draw: float = 0.0

    def plus(self, other: Yield, weight: float = 1.0) -> Yield:
        return Yield(self.trade + weight * other.trade, self.combat + weight * other.combat,
                     self.authority + weight * other.authority, self.draw + weight * other.draw)

    def worth(self) -> float:
        """Return one number for comparing yields (trade-equivalents)."""
        return sum(CHOICE_WEIGHTS[k] * v for k, v in zip(("trade", "combat", "authority", "draw"),
                                                          self, strict=True))


NOTHING = Yield()
_CACHE: dict[Design, Yield] = {}  # designs hash by identity; upgrades and copies are new designs


def card_yield(design: Design) -> Yield:
    """Return what playing this card brings on average (module docstring)."""
    found = _CACHE.get(design)
    if found is None:
        found = NOTHING
        for ability in design.abilities:
            if ability.when == "primary":
                found = found.plus(effects_yield(ability.effects))
            elif ability.when == "ally":
                found = found.plus(effects_yield(ability.effects), ALLY_CHANCE)
            elif ability.when == "scrap":
                found = found.plus(effects_yield(ability.effects), SCRAP_CHANCE)
        if len(_CACHE) > 50_000:  # derived designs must not grow the cache forever
            _CACHE.clear()
        _CACHE[design] = found
    return found


def effects_yield(effects: tuple) -> Yield:
    """Return the plain numbers a list of effects adds (a choice takes its best branch)."""
    total = NOTHING
    for kind, arg in effects:
        if kind in ("trade", "combat", "authority", "draw"):
            n = arg if arg.__class__ is int else _typical_amount(arg)
            total = total.plus(Yield(**{kind: float(n)}))
        elif kind == "choose":
            total = total.plus(max((effects_yield(b) for b in arg), key=Yield.worth))
        elif kind == "may":
            total = total.plus(effects_yield(arg))
        elif kind == "if":
            total = total.plus(effects_yield(arg[1]), 0.5).plus(effects_yield(arg[2]), 0.5)
        elif kind == "repeat":
            times = arg[0] if arg[0].__class__ is int else _typical_amount(arg[0])
            total = total.plus(effects_yield(arg[1]), float(times))
    return total


def _typical_amount(amount: tuple) -> float:
    """Return a typical value of a per-counter amount (about two of whatever it counts)."""
    _, _counter, times, cap = amount
    n = 2 * times
    return float(n if cap is None else min(n, cap))


def seat_yield(state: GameState, seat: int) -> Yield:
    """Return what the seat can expect each turn: its cards' mean times a hand, plus bases."""
    design = state.design
    trade = combat = authority = draw = 0.0
    count = 0
    for zone in (state.deck[seat], state.hand[seat], state.discard[seat], state.ships[seat]):
        count += len(zone)
        for c in zone:
            y = _CACHE.get(design[c]) or card_yield(design[c])
            trade += y[0]
            combat += y[1]
            authority += y[2]
            draw += y[3]
    if count:  # a hand's worth of the mean card (a drawn card draws in turn)
        hand = state.game.hand_size[seat] * (1.0 + min(draw / count, 0.8)) / count
        trade, combat, authority, draw = trade * hand, combat * hand, authority * hand, draw * hand
    for b in state.bases[seat]:  # a base in play gives its primary every turn without a card
        y = card_yield(design[b])
        trade += BASE_TURN * y[0]
        combat += BASE_TURN * y[1]
        authority += BASE_TURN * y[2]
        draw += BASE_TURN * y[3]
    return Yield(trade, combat, authority, draw)


def wall(state: GameState, seat: int) -> int:
    """Return the defense of the seat's outposts (combat that must go there first, C20)."""
    design = state.design
    return sum(ops.defense(state, b, seat) - state.damage.get(b, 0)
               for b in state.bases[seat] if design[b].outpost)
