"""What a card, a deck and a seat are worth per turn: the yields the bots plan and search with.

A card's `Yield` is what playing it brings on average: trade, combat, authority and cards drawn
from its primary abilities, plus its ally abilities weighted by how often an ally fires
(`ALLY_CHANCE`) and its scrap abilities by how often they are worth the card (`SCRAP_CHANCE`).
A seat's per-turn yield is the mean over every card it owns, times the cards it draws a turn
(a drawn card draws in turn), plus what its bases in play give every turn. Only public facts
and the seat's own cards go in: the same on every determinization of hidden cards.
`deck_yield`, the search bot's evaluation, weights each ally ability by how often the seat's own
deck brings a card of its faction along instead (the heuristic keeps `seat_yield`).

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
        for d in map(design.__getitem__, zone):  # the heuristic asks often: kept lean
            t, c, a, dr = _CACHE.get(d) or card_yield(d)
            trade += t
            combat += c
            authority += a
            draw += dr
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


# -- the search's view of a deck: allies that fire as often as the deck makes them --------------------

_PARTS: dict[Design, tuple] = {}
_CHANCES: dict[tuple[int, int, float], float] = {}  # _pair_chance by (others, cards, hand)


def card_parts(design: Design) -> tuple[Yield, tuple[tuple[int, Yield], ...], Yield]:
    """Return a card's primary yield, its ally abilities as (faction bit, yield), its scrap yield."""
    found = _PARTS.get(design)
    if found is None:
        primary, scrap, allies = NOTHING, NOTHING, []
        for ability in design.abilities:
            if ability.when == "primary":
                primary = primary.plus(effects_yield(ability.effects))
            elif ability.when == "ally":
                allies.append((ability.fbit, effects_yield(ability.effects)))
            elif ability.when == "scrap":
                scrap = scrap.plus(effects_yield(ability.effects), SCRAP_CHANCE)
        if len(_PARTS) > 50_000:  # derived designs must not grow the cache forever
            _PARTS.clear()
        found = _PARTS[design] = (primary, tuple(allies), scrap)
    return found


def deck_yield(state: GameState, seat: int) -> Yield:
    """Return the seat's per-turn yield with each ally ability weighted by the chance that a
    hand drawn from its own cards holds another card of that faction (1 with such a base in
    play), instead of `seat_yield`'s flat ALLY_CHANCE: a deck of one faction is worth more
    than the same cards spread over four (the search bot's evaluation; the heuristic keeps
    `seat_yield`)."""
    design = state.design
    copies: dict[Design, int] = {}  # the seat's cards (not bases in play), by design
    n = 0
    for zone in (state.deck[seat], state.hand[seat], state.discard[seat], state.ships[seat]):
        n += len(zone)
        for c in zone:
            d = design[c]
            copies[d] = copies.get(d, 0) + 1
    based = 0
    for b in state.bases[seat]:
        based |= design[b].ally_mask
    t = c = a = dr = 0.0
    if n:
        parts = [(d, k, _PARTS.get(d) or card_parts(d)) for d, k in copies.items()]
        draw = sum(k * (primary[3] + scrap[3]) for _d, k, (primary, _a, scrap) in parts)
        hand = state.game.hand_size[seat] * (1.0 + min(draw / n, 0.8))
        marked: dict[int, int] = {}  # cards of each faction bit
        for d, k, (primary, allies, scrap) in parts:
            t += k * (primary[0] + scrap[0])
            c += k * (primary[1] + scrap[1])
            a += k * (primary[2] + scrap[2])
            dr += k * (primary[3] + scrap[3])
            for bit, y in allies:
                if bit & based:
                    p = k
                else:
                    m = marked.get(bit)
                    if m is None:
                        m = marked[bit] = sum(j for e, j in copies.items() if e.ally_mask & bit)
                    key = (m - (1 if d.ally_mask & bit else 0), n, hand)
                    p = _CHANCES.get(key)
                    if p is None:
                        if len(_CHANCES) > 50_000:
                            _CHANCES.clear()
                        p = _CHANCES[key] = _pair_chance(key[0], n - 1, hand - 1.0)
                    p *= k
                t += p * y[0]
                c += p * y[1]
                a += p * y[2]
                dr += p * y[3]
        scale = hand / n
        t, c, a, dr = t * scale, c * scale, a * scale, dr * scale
    sums = [t, c, a, dr]
    for b in state.bases[seat]:  # a base in play gives its primary (and allies) every turn
        primary, allies, _scrap = card_parts(design[b])
        for i in range(4):
            sums[i] += BASE_TURN * primary[i]
        for bit, y in allies:
            if bit & based & ~design[b].ally_mask or any(e.ally_mask & bit for e in copies):
                for i in range(4):
                    sums[i] += BASE_TURN * 0.5 * y[i]
    return Yield(*sums)


def _pair_chance(others: int, pool: int, draws: float) -> float:
    """Return the chance that `draws` cards drawn from `pool` hold one of `others` marked ones."""
    if others <= 0 or pool <= 0 or draws <= 0:
        return 0.0
    miss = 1.0
    k = 0
    while k < draws and k < pool:
        step = min(1.0, draws - k)  # a fractional last draw counts in part
        miss *= 1.0 - step * others / (pool - k)
        k += 1
        if miss <= 0.0:
            return 1.0
    return 1.0 - max(miss, 0.0)
