"""What a loaded pack is made of: card designs with their abilities, stickers and the `Pack`.

Abilities are turned into tuples once (effects as ``(kind, arg)`` pairs, factions as bit masks),
so the rules code never re-reads JSON while a game runs.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .vocabulary import WHENS

_SIMPLE = ("trade", "combat", "draw", "authority")


class Ability(NamedTuple):
    """One ability of a card: when it acts, its ally faction (bit), its effects in order."""

    when: str
    faction: str | None
    fbit: int
    effects: tuple
    index: int
    text: dict | None


class Design:
    """A card design with everything the rules need precomputed. Never mutated after creation."""

    __slots__ = (
        "idx", "id", "name", "type", "is_base", "is_ship", "outpost", "defense", "cost",
        "printed_cost", "factions", "fmask", "role", "quantity", "abilities", "primaries",
        "allies", "scraps", "onbuys", "statics", "ally_for_all", "on_play", "static_defense",
        "upgrade", "raw", "usable", "simple_primary",
        "onbuy_effects", "acquired_keys", "primary_indices", "use_slots", "ally_mask",
        "free_slots", "simple_uses", "list_price",
    )
    # Shortcuts the rules read in their inner loop (issue 23), recomputed with the groups; not
    # part of what a pack says (tests/engine/test_pack_identity.py leaves them out).
    SHORTCUTS = ("onbuy_effects", "acquired_keys", "primary_indices", "use_slots", "ally_mask",
                 "free_slots", "simple_uses", "list_price")

    def __init__(self, **fields: Any) -> None:
        for key in self.__slots__:
            setattr(self, key, fields.get(key))

    def derive(self, **changes: Any) -> Design:
        """Return a copy with some fields changed and the ability groups recomputed."""
        fields = {key: getattr(self, key) for key in self.__slots__}
        fields.update(changes)
        design = Design(**fields)
        design.regroup()
        return design

    def regroup(self) -> None:
        """Recompute the per-kind ability tuples and static summaries from `abilities`."""
        by_when: dict[str, list[Ability]] = {w: [] for w in WHENS}
        for ability in self.abilities:
            by_when[ability.when].append(ability)
        self.primaries = tuple(by_when["primary"])
        self.allies = tuple(by_when["ally"])
        self.scraps = tuple(by_when["scrap"])
        self.onbuys = tuple(by_when["onbuy"])
        self.statics = tuple(by_when["static"])
        statics = [s for ability in self.statics for s in ability.effects]
        self.ally_for_all = any(kind == "ally_for_all" for kind, _ in statics)
        self.on_play = tuple(arg for kind, arg in statics if kind == "on_play")
        self.static_defense = sum(arg for kind, arg in statics if kind == "defense")
        # abilities a player triggers with `use` (C10 base primaries, C14 ally, C15 scrap)
        self.usable = tuple(a for a in self.abilities if a.when in ("ally", "scrap")
                            or a.when == "primary" and self.type == "base")
        # a ship whose primaries only add fixed numbers resolves without the effect stack
        simple = [e for a in self.primaries for e in a.effects]
        self.simple_primary = tuple(simple) if _simple(simple) else None
        # the same for the usable abilities, by ability index (those that add fixed numbers)
        self.simple_uses = {a.index: a.effects for a in self.usable if _simple(a.effects)}
        self.onbuy_effects = tuple(e for a in self.onbuys for e in a.effects)
        self.acquired_keys = tuple("acquired:" + f for f in self.factions)
        self.primary_indices = tuple(a.index for a in self.primaries)
        # (ability index, ally faction bit or None) of each usable ability, for `legal_actions`
        self.use_slots = tuple((a.index, a.fbit if a.when == "ally" else None)
                               for a in self.usable)
        # the same for the abilities that cost nothing to use: allies and a base's primaries
        self.free_slots = tuple((a.index, a.fbit if a.when == "ally" else None)
                                for a in self.usable if a.when != "scrap")
        # what buying it costs without a discount or an upgrade (C17; a card without a cost: 0)
        self.list_price = self.cost or 0
        # the faction bits this card gives the OTHER cards' ally abilities (all of them: C24)
        self.ally_mask = -1 if self.ally_for_all else self.fmask

    def __repr__(self) -> str:
        return f"<Design {self.id}>"


def _simple(effects: Any) -> bool:
    """Tell whether effects only add fixed numbers (no choice, no counter: no effect stack)."""
    return all(kind in _SIMPLE and arg.__class__ is int for kind, arg in effects)



class Sticker(NamedTuple):
    """One ability sticker (L13): which sheet row it sits on and what it adds."""

    id: str
    sheet: str
    cost: int
    type: str
    extends: bool
    abilities: tuple
    text: dict | None


class Pack:
    """A validated content pack: designs by id plus the legacy parts (sides, sheets, scenarios)."""

    def __init__(self, raw: dict, designs: list[Design], faction_bits: dict[str, int]) -> None:
        self.raw = raw
        self.id: str = raw["pack"]["id"]
        self.kind: str = raw["pack"]["kind"]
        self.designs = designs
        self.by_id = {d.id: d for d in designs}
        self.position = {d.id: k for k, d in enumerate(designs)}  # the order the pack lists cards
        # every trackable copy id of a trade-deck card -> its design (see `trade_copies`)
        self.copies = {f"{d.id}#{n}": d for d in designs if d.role in ("trade", "post_campaign")
                       for n in range(1, max(d.quantity, 1) + 1)}
        # (copy id, design) of the default trade deck: every copy of every `trade` card
        self.default_trade_deck = [(f"{d.id}#{n}", d) for d in designs if d.role == "trade"
                                   for n in range(1, d.quantity + 1)]
        self.faction_bits = faction_bits
        self.sides: dict[str, dict] = {}
        self.sheets: dict[str, dict] = {}
        self.stickers: dict[str, Sticker] = {}
        self.vp_cards: dict[str, dict] = {}
        self.scenarios: dict[int, dict] = {}

    def designs_with_role(self, role: str) -> list[Design]:
        """Return the designs of one role, in pack order."""
        by_role = self.__dict__.setdefault("_by_role", {})  # a pack never changes once loaded
        if role not in by_role:
            by_role[role] = [d for d in self.designs if d.role == role]
        return list(by_role[role])

    def default_trade_columns(self) -> tuple[tuple[str, ...], tuple[Design, ...]]:
        """Return the copy ids and the designs of `default_trade_deck`, as two tuples."""
        columns = self.__dict__.get("_trade_columns")  # a pack never changes once loaded
        if columns is None:
            deck = self.default_trade_deck
            columns = self._trade_columns = (tuple(c for c, _ in deck), tuple(d for _, d in deck))
        return columns

    def ship_statics(self) -> bool:
        """Tell whether a ship could have a C24 static (printed, or added by a sticker, L13)."""
        found = self.__dict__.get("_ship_statics")  # a pack never changes once loaded
        if found is None:
            found = self._ship_statics = any(d.on_play for d in self.designs if not d.is_base) \
                or any(a.when == "static" for s in self.stickers.values() for a in s.abilities)
        return found

    def trade_copies(self, roles: tuple[str, ...] = ("trade",)) -> list[str]:
        """Return the copy ids (`<card>#<n>`) of every card with one of these roles."""
        return [f"{d.id}#{n}" for d in self.designs if d.role in roles
                for n in range(1, d.quantity + 1)]

    def __repr__(self) -> str:
        return f"<Pack {self.id} ({len(self.designs)} designs)>"


def uses_effect(effects: tuple, kind: str) -> bool:
    """Return whether normalized effects use `kind`, also inside choose / may / if / repeat."""
    for k, arg in effects:
        if k == kind:
            return True
        if k == "choose" and any(uses_effect(branch, kind) for branch in arg):
            return True
        if k == "may" and uses_effect(arg, kind):
            return True
        if k == "if" and (uses_effect(arg[1], kind) or uses_effect(arg[2], kind)):
            return True
        if k == "repeat" and uses_effect(arg[1], kind):
            return True
    return False


def matches(design: Design, match: dict, fbits: dict[str, int]) -> bool:
    """Return whether a design satisfies a MATCH object (printed cost, L13)."""
    for key, want in match.items():
        if key == "card":
            if design.id not in (want if isinstance(want, list) else (want,)):
                return False
        elif key == "faction":
            if not design.fmask & fbits.get(want, 0):
                return False
        elif key == "type":
            if not (design.outpost if want == "outpost" else design.type == want):
                return False
        elif key == "role":
            if design.role != want:
                return False
        elif key == "cost_at_least":
            if design.printed_cost is None or design.printed_cost < want:
                return False
        elif key == "cost_at_most":
            if design.printed_cost is None or design.printed_cost > want:
                return False
        elif key == "upgraded":
            if (design.upgrade is not None) != want:
                return False
    return True
