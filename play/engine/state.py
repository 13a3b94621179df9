"""The changing state of one game: zones as lists of int card ids, pools, the effect stack.

Card instances are small ints; `state.design[i]` is the (possibly upgraded or copied) design of
instance i. Decks keep their top card at the END of the list (so drawing is `pop()`); views and
setups speak "top card first". Everything here serializes to JSON and clones without deepcopy.

This is the data layer: it imports only content, setup and actions, never the modules that act on
it (ops, effects, rules) or read it (view). See "Layers" in docs/engine.md.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .actions import Action
from .chance import shuffler_from_data
from .content import Design
from .setup import Game, upgraded_design

# A frame of the effect stack: [seat, source card, effects tuple, next index, last_count]
Frame = list

# Copy on write (issue 23: `clone` is the search bots' inner loop). These fields change rarely
# in a game (an upgrade, a copied card, an elimination, the bases in play), a few times a turn
# (the trade row, the authority pools, the turn counters), only by appending (the history, the
# trade deck's pops) or are empty nearly always (damage, discounts, next_acquire, acquiring),
# so a clone shares them with its original instead of copying them. A state writes one in place
# only while it holds the field's bit in `own`; `writable(state, name)` copies the field first
# otherwise. `clone()` clears `own` on both states: after a clone, either
# one copies before its first write and the other never sees it.
SHARED = ("rng", "design", "trade_deck", "explorers", "heap", "history", "upgrades", "rows_used",
          "vp_awarded", "copied", "alive", "stats", "damage", "discounts", "next_acquire",
          "acquiring", "row", "authority", "turns", "bases")
OWN_BIT = {name: 1 << k for k, name in enumerate(SHARED)}
OWN_ALL = (1 << len(SHARED)) - 1
OWN_HISTORY = OWN_BIT["history"]
OWN_STATS = OWN_BIT["stats"]  # the per-seat counters: written through `seat_stats` only
OWN_BASES = OWN_BIT["bases"]  # the bases in play: written through `seat_bases` only
OWN_ROW = OWN_BIT["row"]
OWN_TURNS = OWN_BIT["turns"]
OWN_AUTHORITY = OWN_BIT["authority"]

DECISION_KINDS = ("discard", "opp_discard", "scrap", "destroy_base", "acquire_free", "recycle",
                  "copy_ship", "copy_base", "choose", "may", "destination", "target", "bequeath",
                  "give")


class Decision:
    """A pending decision: who decides, between which options, how many picks.

    Card decisions (`pick <id>` / `done`) take one card at a time; `min`/`max` bound the picks.
    Choice decisions (`choose <n>`) take one option index. `depth` is the stack frame that asked.
    """

    __slots__ = ("kind", "seat", "options", "min", "max", "picked", "depth", "data", "src")

    def __init__(self, kind: str, seat: int, options: list, low: int, high: int, depth: int,
                 data: Any = None, src: int = -1) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options
        self.min = low
        self.max = high
        self.picked = 0
        self.depth = depth
        self.data = data
        self.src = src

    def copy(self) -> Decision:
        d = _new_decision(Decision)
        d.kind = self.kind
        d.seat = self.seat
        d.options = self.options[:]
        d.min = self.min
        d.max = self.max
        d.picked = self.picked
        d.depth = self.depth
        d.data = self.data
        d.src = self.src
        return d

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "options": list(self.options),
                "min": self.min, "max": self.max, "picked": self.picked, "depth": self.depth,
                "data": encode(self.data), "src": self.src}

    @classmethod
    def from_dict(cls, data: dict) -> Decision:
        d = cls(data["kind"], data["seat"], list(data["options"]), data["min"], data["max"],
                data["depth"], decode(data["data"]), data["src"])
        d.picked = data["picked"]
        return d


@dataclass(frozen=True)
class Outcome:
    """How a game ended. `winner` is the winning seat (None if nobody won).

    `reason`: "authority" (C26), "political" (L19), "scenario" (a victory RULE), "resign".
    `upgrades`: [{"seat", "copy", "sticker", "side"}]; `vp_cards`: [{"vp", "seat"}].
    """

    winner: int | None
    winning_team: int | None
    reason: str
    upgrades: list = field(default_factory=list)
    vp_cards: list = field(default_factory=list)
    turns: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


class GameState:
    """The mutable state, data only. Use the functions of `play.engine` rather than the fields.

    The rules act on it and the view reads it; it never calls them. States made through the
    facade are `PlayState`s (play/engine/playstate.py), which add `apply`, `legal_actions`,
    `resign` and `view` methods on top.

    `listed` is the tuple of actions `legal_actions` last listed for this state, until the state
    changes (None otherwise): `apply` runs a listed action without checking it a second time.
    Only the rules set it; `apply`, `resign` and `clone` clear it.
    """

    __slots__ = (
        "game", "rng", "design", "deck", "hand", "discard", "ships", "bases", "trade_deck", "row",
        "explorers", "heap", "authority", "trade", "combat", "active", "turn", "turns", "used",
        "played", "stack", "pending", "next_acquire", "discounts", "damage", "log", "prev_log",
        "outcome", "stats", "upgrades", "rows_used", "vp_awarded", "copied", "alive", "history",
        "acquiring", "own", "listed", "listed_uses",
    )

    @property
    def decider(self) -> int | None:
        """The seat that must act now, None when the game is over."""
        if self.outcome is not None:
            return None
        return self.pending.seat if self.pending is not None else self.active

    def clone(self) -> GameState:
        """Return an independent copy: the fields in `SHARED` are shared copy-on-write, the
        rest copied one level (lists of ints; no deepcopy)."""
        cls = self.__class__  # keeps the facade's PlayState a PlayState
        s = _new_state(cls)
        self.own = 0  # from now on the shared fields are the clone's too
        s.own = 0
        s.game = self.game
        s.rng = self.rng
        s.design = self.design
        deck, hand, discard, ships = self.deck, self.hand, self.discard, self.ships
        if len(deck) == 2:  # two seats, most games and every core search: 40% of map's cost
            s.deck = [_copy_list(deck[0]), _copy_list(deck[1])]
            s.hand = [_copy_list(hand[0]), _copy_list(hand[1])]
            s.discard = [_copy_list(discard[0]), _copy_list(discard[1])]
            s.ships = [_copy_list(ships[0]), _copy_list(ships[1])]
        else:  # map: half the cost of a list comprehension
            s.deck = list(map(_copy_list, deck))
            s.hand = list(map(_copy_list, hand))
            s.discard = list(map(_copy_list, discard))
            s.ships = list(map(_copy_list, ships))
        s.bases = self.bases
        s.trade_deck = self.trade_deck
        s.row = self.row
        s.explorers = self.explorers
        s.heap = self.heap
        s.authority = self.authority
        s.trade = self.trade[:]
        s.combat = self.combat[:]
        s.active = self.active
        s.turn = self.turn
        s.turns = self.turns
        s.used = self.used.copy()
        s.played = self.played[:]
        s.stack = list(map(_copy_list, self.stack)) if self.stack else []
        s.pending = self.pending.copy() if self.pending is not None else None
        s.next_acquire = self.next_acquire
        s.discounts = self.discounts
        s.damage = self.damage
        s.log = self.log[:]
        s.prev_log = self.prev_log  # replaced at the end of a turn, never changed in place
        s.outcome = self.outcome
        s.stats = self.stats
        s.upgrades = self.upgrades
        s.rows_used = self.rows_used
        s.vp_awarded = self.vp_awarded
        s.copied = self.copied
        s.alive = self.alive
        s.history = self.history
        s.acquiring = self.acquiring
        s.listed = None  # a clone may be changed outside `apply` (a search bot's sampled world)
        s.listed_uses = None
        return s

    # -- serialization --------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """Return the whole state as JSON-safe data (including hidden parts: server side only)."""
        return {
            "format": 1,
            "setup": self.game.setup.to_dict(),
            "rng": self.rng.to_data(),
            "upgraded": {str(i): [sticker, side] for _seat, i, sticker, side in self.upgrades},
            "copied": {str(i): target for i, target in self.copied.items()},
            "deck": self.deck, "hand": self.hand, "discard": self.discard, "ships": self.ships,
            "bases": self.bases, "trade_deck": self.trade_deck, "row": self.row,
            "explorers": self.explorers, "heap": self.heap,
            "authority": {str(t): a for t, a in self.authority.items()},
            "trade": self.trade, "combat": self.combat, "active": self.active, "turn": self.turn,
            "turns": self.turns, "used": sorted(self.used), "played": self.played,
            "stack": [[f[0], f[1], encode(f[2]), f[3], f[4]] for f in self.stack],
            "pending": self.pending.to_dict() if self.pending is not None else None,
            "next_acquire": [list(x) for x in self.next_acquire],
            "discounts": [list(x) for x in self.discounts],
            "damage": {str(i): d for i, d in self.damage.items()},
            "log": encode(self.log), "prev_log": encode(self.prev_log),
            "outcome": self.outcome.to_dict() if self.outcome is not None else None,
            "stats": self.stats, "upgrades": [list(u) for u in self.upgrades],
            "rows_used": sorted(self.rows_used), "vp_awarded": [list(v) for v in self.vp_awarded],
            "alive": self.alive, "history": [a.notation for a in self.history],
            "acquiring": self.acquiring,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        # to_dict leaves out each instance's card (the setup gives it): compare those too
        return self.to_dict() == other.to_dict() and (
            [d.id for d in self.design] == [d.id for d in other.design])

    __hash__ = None  # type: ignore[assignment]


_new_state = object.__new__
_new_decision = object.__new__
_copy_list = list.copy
_copy_dict = dict.copy


def writable(state: GameState, name: str) -> Any:
    """Return the shared field `name` (one of `SHARED`) ready to be changed in place: copied
    first unless this state owns it (see `SHARED`)."""
    bit = OWN_BIT[name]
    value = getattr(state, name)
    if not state.own & bit:
        value = value.copy()
        setattr(state, name, value)
        state.own |= bit
    return value


def seat_stats(state: GameState, seat: int) -> dict:
    """Return the seat's counters ready to be changed (every seat's copied first unless this
    state owns them: they are shared with its clones, see `SHARED`)."""
    if not state.own & OWN_STATS:
        state.stats = list(map(_copy_dict, state.stats))
        state.own |= OWN_STATS
    return state.stats[seat]


def seat_bases(state: GameState, seat: int) -> list[int]:
    """Return the seat's bases in play ready to be changed (every seat's copied first unless this
    state owns them: they are shared with its clones, see `SHARED`)."""
    if not state.own & OWN_BASES:
        state.bases = list(map(_copy_list, state.bases))
        state.own |= OWN_BASES
    return state.bases[seat]


def replace_shared(state: GameState, name: str, value: Any) -> None:
    """Give the shared field `name` (one of `SHARED`) a new value that this state alone holds."""
    setattr(state, name, value)
    state.own |= OWN_BIT[name]


def clear_shared(state: GameState, name: str) -> None:
    """Empty the shared field `name` (one of `SHARED`): a fresh empty value if it holds anything
    (a clone sharing the old one keeps it)."""
    value = getattr(state, name)
    if value:
        replace_shared(state, name, value.__class__())


def state_from_dict(data: dict, game: Game, cls: type[GameState] | None = None) -> GameState:
    """Rebuild a state saved with `GameState.to_dict` (the caller rebuilt `game` from its setup).

    `cls` is the class to build (a GameState subclass such as the facade's `PlayState`).
    """
    cls = cls or GameState
    s = cls.__new__(cls)
    s.own = OWN_ALL
    s.game = game
    s.rng = shuffler_from_data(data["rng"])
    for key in ("deck", "hand", "discard", "ships", "bases"):
        setattr(s, key, [list(z) for z in data[key]])
    for key in ("trade_deck", "row", "explorers", "heap", "trade", "combat", "turns", "played",
                "alive", "acquiring"):
        setattr(s, key, list(data[key]))
    s.active, s.turn = data["active"], data["turn"]
    s.authority = {int(t): a for t, a in data["authority"].items()}
    s.used = set(data["used"])
    s.stack = [[f[0], f[1], decode(f[2]), f[3], f[4]] for f in data["stack"]]
    s.pending = Decision.from_dict(data["pending"]) if data["pending"] else None
    s.next_acquire = [tuple(x) for x in data["next_acquire"]]
    s.discounts = [tuple(x) for x in data["discounts"]]
    s.damage = {int(i): d for i, d in data["damage"].items()}
    s.log, s.prev_log = decode(data["log"]), decode(data["prev_log"])
    s.log, s.prev_log = list(s.log), list(s.prev_log)
    s.outcome = Outcome(**data["outcome"]) if data["outcome"] else None
    s.stats = [dict(x) for x in data["stats"]]
    s.upgrades = [tuple(u) for u in data["upgrades"]]
    s.rows_used = set(data["rows_used"])
    s.vp_awarded = [tuple(v) for v in data["vp_awarded"]]
    s.copied = {int(i): t for i, t in data["copied"].items()}
    s.history = [Action.parse(n) for n in data["history"]]
    s.design = list(game.initial_design)
    for i, (sticker, side) in data["upgraded"].items():
        s.design[int(i)] = upgraded_design(game, s.design[int(i)], sticker, side)
    for i, target in s.copied.items():
        s.design[i] = copied_design(s.design[i], s.design[target])
    s.listed = s.listed_uses = None
    return s


def copied_design(needle: Design, target: Design) -> Design:
    """Return a card that gained another card's factions and abilities this turn (copy_ship,
    copy_base)."""
    offset = len(needle.abilities)
    extra = tuple(a._replace(index=offset + k) for k, a in enumerate(target.abilities))
    return needle.derive(abilities=needle.abilities + extra[: 16 - offset],
                         factions=needle.factions + target.factions,
                         fmask=needle.fmask | target.fmask)


def encode(value: Any) -> Any:
    """Turn nested tuples into lists for JSON (dicts inside are MATCH objects, kept as they are)."""
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    return value


def decode(value: Any) -> Any:
    """Inverse of `encode`: lists back to tuples."""
    if isinstance(value, list):
        return tuple(decode(v) for v in value)
    return value
