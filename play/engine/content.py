"""Load and validate content packs (docs/content-format.md) into precomputed card designs.

`load_pack(dict) -> Pack` checks every field the engine interprets and raises `PackError` whose
message names the card / sticker sheet / scenario and the JSON path of the bad field. It has no side
effects, so the `cards` app can call it to validate an uploaded pack.

Abilities are turned into tuples once here (effects as ``(kind, arg)`` pairs, factions as bit
masks), so the rules code never re-reads JSON while a game runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import PackError

KNOWN_FACTIONS = ("blob", "federation", "empire", "machine", "consortium", "kingdom", "scavengers")
SIDES = ("empire", "federation")
ROLES = ("trade", "scout", "viper", "explorer", "starter", "post_campaign", "token")
WHENS = ("primary", "ally", "scrap", "onbuy", "static")
CARD_TYPES = ("ship", "base", "any")
ACQUIRE_TO = ("discard", "hand", "deck_top")
SCRAP_ZONES = ("hand", "discard", "hand_or_discard", "trade_row")
WHO = ("all", "first", "second", "empire", "federation")
FORBID_ACTIONS = ("attack_player", "attack_base", "buy")
TRIGGER_EVENTS = ("acquire", "play", "scrap", "destroy_base")
PLAIN_COUNTERS = (
    "ships_played", "other_ships_played", "cards_played", "bases_in_play", "outposts_in_play",
    "hand", "deck", "discard", "authority", "opponent_authority", "last_count", "turn",
    "opponent_bases_in_play", "scrapped_this_turn",
)
FACTION_COUNTERS = ("faction_played:", "faction_in_play:", "trade_row_faction:")
STATS = (
    "bases_destroyed", "cards_scrapped", "cards_acquired", "upgrades", "damage_dealt",
    "authority_gained", "outpost_turn_starts", "ships_played_total",
)
MATCH_KEYS = ("card", "faction", "type", "role", "cost_at_least", "cost_at_most", "upgraded")
MAX_REPEAT = 32  # a "repeat" runs its effects at most this often (a counter may say more)
MAX_ABILITIES = 16  # ability indexes are packed into a small int per card instance


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
    )

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
        self.simple_primary = tuple(simple) if all(
            k in _SIMPLE and a.__class__ is int for k, a in simple) else None

    def __repr__(self) -> str:
        return f"<Design {self.id}>"


_SIMPLE = ("trade", "combat", "draw", "authority")


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
        return [d for d in self.designs if d.role == role]

    def trade_copies(self, roles: tuple[str, ...] = ("trade",)) -> list[str]:
        """Return the copy ids (`<card>#<n>`) of every card with one of these roles."""
        return [f"{d.id}#{n}" for d in self.designs if d.role in roles
                for n in range(1, d.quantity + 1)]

    def __repr__(self) -> str:
        return f"<Pack {self.id} ({len(self.designs)} designs)>"


def load_pack(raw: Any, source: str = "") -> Pack:
    """Validate a pack dict and return the `Pack`; raise `PackError` naming the bad field.

    >>> load_pack({"format": 1, "pack": {"id": "x", "version": 1, "kind": "core"},
    ...            "factions": [], "cards": []}).id
    'x'
    """
    return _Loader(source).load(raw)


MIX_SEPARATOR = "+"  # the id of a mixed pack joins its packs' ids: "core-set+colony-wars"


def merge_packs(packs: Sequence[Pack]) -> Pack:
    """Return one pack for a game mixing several (the first pack's, plus the others' trade cards).

    Everything but the trade deck comes from the first pack: scouts, vipers, explorers, starters,
    sides, sheets, scenarios. The other packs add their `trade` cards (and factions), so the
    default trade deck is the union. A card id must not be in two of the packs: such a mix is
    refused with `PackError` naming the id and both packs (the engine tells cards apart by id, so
    a clash would silently merge two designs). The result's id joins the ids with "+" in order,
    so a saved setup names exactly the mix it was made with.

    >>> from play.engine import tiny_pack
    >>> other = tiny_pack(); other["pack"]["id"] = "other"
    >>> merge_packs([load_pack(tiny_pack()), load_pack(other)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    play.engine.errors.PackError: cannot mix pack "other" with "tiny": ... id "blob-fighter"
    >>> other["cards"] = [dict(c, id="other-" + c["id"]) for c in other["cards"]]
    >>> mixed = merge_packs([load_pack(tiny_pack()), load_pack(other)])
    >>> mixed.id, len(mixed.default_trade_deck), len(mixed.designs_with_role("scout"))
    ('tiny+other', 20, 1)
    """
    if not packs:
        raise PackError("mixing packs needs at least one pack")
    first = packs[0]
    if len(packs) == 1:
        return first
    seen_packs = {first.id}
    owner = {card.get("id"): first.id for card in first.raw["cards"] if isinstance(card, dict)}
    cards = list(first.raw["cards"])
    factions = list(first.raw.get("factions", []))
    faction_ids = {f.get("id") for f in factions if isinstance(f, dict)}
    for pack in packs[1:]:
        if pack.id in seen_packs:
            raise PackError(f'cannot mix pack "{pack.id}" into the game twice')
        seen_packs.add(pack.id)
        for faction in pack.raw.get("factions", []):
            if faction.get("id") not in faction_ids:
                faction_ids.add(faction.get("id"))
                factions.append(faction)
        for card in pack.raw["cards"]:
            if card.get("role") != "trade":
                continue  # the first pack's scouts, vipers, explorers and starters are used
            if card["id"] in owner:
                raise PackError(f'cannot mix pack "{pack.id}" with "{owner[card["id"]]}": both '
                                f'have a card with the id "{card["id"]}"')
            owner[card["id"]] = pack.id
            cards.append(card)
    header = dict(first.raw["pack"], id=MIX_SEPARATOR.join(p.id for p in packs))
    names = [p.raw["pack"].get("name") for p in packs]
    if all(isinstance(n, dict) for n in names):
        header["name"] = {lang: " + ".join(str(n.get(lang, "")) for n in names)
                          for lang in ("en", "ru")}
    raw = dict(first.raw, pack=header, factions=factions, cards=cards)
    return load_pack(raw, source=header["id"])


class _Loader:
    """Walks a pack once, keeping the current JSON path for error messages."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.where = ""
        self.bits: dict[str, int] = {f: 1 << i for i, f in enumerate(KNOWN_FACTIONS)}
        self.card_ids: set[str] = set()
        self.seen: set[str] = set()

    # -- errors and small checks ----------------------------------------------------------------

    def fail(self, path: str, message: str) -> PackError:
        parts = [p for p in (self.source and self.source + ":", self.where) if p]
        prefix = " ".join(parts)
        location = f"{prefix}: {path}" if prefix and path else (prefix or path)
        return PackError(f"{location}: {message}" if location else message)

    def obj(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {_show(value)}")
        return value

    def lst(self, value: Any, path: str) -> list:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {_show(value)}")
        return value

    def int_(self, value: Any, path: str, low: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(path, f"expected an integer, got {_show(value)}")
        if low is not None and value < low:
            raise self.fail(path, f"must be at least {low}, got {value}")
        return value

    def choice(self, value: Any, options: tuple, path: str, what: str) -> Any:
        if value not in options:
            raise self.fail(path, f"unknown {what} {_show(value)} (expected one of "
                                  f"{', '.join(map(str, options))})")
        return value

    def text(self, value: Any, path: str) -> dict:
        value = self.obj(value, path)
        for lang in ("en", "ru"):
            if not isinstance(value.get(lang), str):
                raise self.fail(f"{path}.{lang}", "missing text (both en and ru are needed)")
        return value

    def keys(self, value: dict, allowed: tuple, path: str) -> None:
        for key in value:
            if key not in allowed:
                raise self.fail(f"{path}.{key}", f"unknown field {_show(key)}")

    def faction(self, value: Any, path: str) -> str:
        if value not in self.bits:
            raise self.fail(path, f"unknown faction {_show(value)}")
        return value

    # -- top level ------------------------------------------------------------------------------

    def load(self, raw: Any) -> Pack:
        raw = self.obj(raw, "pack file")
        if raw.get("format") != 1:
            raise self.fail("format", f"unsupported format {_show(raw.get('format'))} (expected 1)")
        meta = self.obj(raw.get("pack"), "pack")
        if not isinstance(meta.get("id"), str) or not meta["id"]:
            raise self.fail("pack.id", "missing pack id")
        self.choice(meta.get("kind"), ("core", "legacy"), "pack.kind", "pack kind")
        for i, faction in enumerate(self.lst(raw.get("factions", []), "factions")):
            fid = self.obj(faction, f"factions[{i}]").get("id")
            if not isinstance(fid, str) or not fid:
                raise self.fail(f"factions[{i}].id", "missing faction id")
            self.bits.setdefault(fid, 1 << len(self.bits))
        cards = self.lst(raw.get("cards"), "cards")
        self.card_ids = {c.get("id") for c in cards if isinstance(c, dict)}
        designs = [self.card(i, c) for i, c in enumerate(cards)]
        pack = Pack(raw, designs, dict(self.bits))
        if meta["kind"] == "legacy":
            self.legacy(raw, pack)
        return pack

    # -- cards ----------------------------------------------------------------------------------

    def card(self, i: int, raw: Any) -> Design:
        self.where = f"cards[{i}]"
        raw = self.obj(raw, "")
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            raise self.fail("id", "missing card id")
        self.where = f'cards[{i}] "{cid}"'
        if cid in self.seen:
            raise self.fail("id", "duplicate card id")
        self.seen.add(cid)
        self.text(raw.get("name"), "name")
        ctype = self.choice(raw.get("type"), ("ship", "base"), "type", "card type")
        role = self.choice(raw.get("role"), ROLES, "role", "role")
        cost = raw.get("cost")
        if cost is not None:
            self.int_(cost, "cost", 0)
        elif role in ("trade", "explorer", "post_campaign"):
            raise self.fail("cost", f"a {role} card needs a cost")
        defense = raw.get("defense")
        outpost = bool(raw.get("outpost", False))
        if ctype == "base":
            self.int_(defense, "defense", 1)
        elif defense is not None or outpost:
            raise self.fail("defense" if defense is not None else "outpost", "only bases have this")
        factions = tuple(self.faction(f, f"factions[{j}]")
                         for j, f in enumerate(self.lst(raw.get("factions", []), "factions")))
        quantity = self.int_(raw.get("quantity", 1), "quantity", 0)
        abilities = self.abilities(raw.get("abilities", []), "abilities")
        design = Design(
            idx=i, id=cid, name=raw["name"], type=ctype, is_base=ctype == "base",
            is_ship=ctype == "ship", outpost=outpost, defense=defense or 0, cost=cost,
            printed_cost=cost, factions=factions, fmask=self.mask(factions), role=role,
            quantity=quantity, abilities=abilities, upgrade=None, raw=raw,
        )
        design.regroup()
        return design

    def mask(self, factions: tuple) -> int:
        mask = 0
        for f in factions:
            mask |= self.bits[f]
        return mask

    def abilities(self, raw: Any, path: str, first_index: int = 0) -> tuple:
        result = []
        for j, ab in enumerate(self.lst(raw, path)):
            result.append(self.ability(ab, f"{path}[{j}]", first_index + j))
        if first_index + len(result) > MAX_ABILITIES:
            raise self.fail(path, f"at most {MAX_ABILITIES} abilities per card")
        return tuple(result)

    def ability(self, raw: Any, path: str, index: int) -> Ability:
        raw = self.obj(raw, path)
        self.keys(raw, ("when", "faction", "do", "text"), path)
        when = self.choice(raw.get("when"), WHENS, f"{path}.when", "ability kind")
        faction = None
        if when == "ally":
            faction = self.faction(raw.get("faction"), f"{path}.faction")
        elif "faction" in raw:
            raise self.fail(f"{path}.faction", "only ally abilities name a faction")
        text = self.text(raw["text"], f"{path}.text") if "text" in raw else None
        do = self.lst(raw.get("do"), f"{path}.do")
        if when == "static":
            effects = tuple(self.static(s, f"{path}.do[{k}]") for k, s in enumerate(do))
        else:
            effects = self.effects(do, f"{path}.do")
            if when != "onbuy" and uses_effect(effects, "this_to_hand"):
                raise self.fail(f"{path}.do", '"this_to_hand" belongs in an on-buy ability')
        return Ability(when, faction, self.bits.get(faction, 0), effects, index, text)

    def static(self, raw: Any, path: str) -> tuple:
        kind, arg = self.single(raw, path, "static")
        if kind == "ally_for_all":
            if arg is not True:
                raise self.fail(f"{path}.ally_for_all", "must be true")
            return ("ally_for_all", True)
        if kind == "on_play":
            arg = self.obj(arg, f"{path}.on_play")
            self.keys(arg, ("match", "do"), f"{path}.on_play")
            match = self.match(arg.get("match", {}), f"{path}.on_play.match")
            return ("on_play", (match, self.effects(arg.get("do"), f"{path}.on_play.do")))
        if kind == "defense":
            return ("defense", self.int_(arg, f"{path}.defense"))
        raise self.fail(path, f"unknown static {_show(kind)}")

    def single(self, raw: Any, path: str, what: str) -> tuple[str, Any]:
        raw = self.obj(raw, path)
        if len(raw) != 1:
            raise self.fail(path, f"an {what} has exactly one key, got {sorted(raw)}")
        return next(iter(raw.items()))

    # -- effects --------------------------------------------------------------------------------

    def effects(self, raw: Any, path: str) -> tuple:
        return tuple(self.effect(e, f"{path}[{k}]") for k, e in enumerate(self.lst(raw, path)))

    def effect(self, raw: Any, path: str) -> tuple:
        kind, arg = self.single(raw, path, "effect")
        check = _EFFECT_CHECKS.get(kind)
        if check is None:
            raise self.fail(path, f"unknown effect {_show(kind)}")
        return (kind, check(self, arg, f"{path}.{kind}"))

    def amount(self, raw: Any, path: str, low: int | None = 0) -> Any:
        if isinstance(raw, dict):
            self.keys(raw, ("per", "times", "max"), path)
            counter = self.counter(raw.get("per"), f"{path}.per")
            times = self.int_(raw.get("times", 1), f"{path}.times")
            cap = raw.get("max")
            if cap is not None:
                self.int_(cap, f"{path}.max", 0)
            return ("per", counter, times, cap)
        return self.int_(raw, path, low)

    def pick(self, raw: Any, path: str) -> tuple[int, int]:
        if isinstance(raw, dict):
            self.keys(raw, ("min", "max"), path)
            low = self.int_(raw.get("min", 0), f"{path}.min", 0)
            high = self.int_(raw.get("max"), f"{path}.max", max(low, 1))
            return (low, high)
        n = self.int_(raw, path, 1)
        return (n, n)

    def counter(self, raw: Any, path: str) -> str:
        if not isinstance(raw, str):
            raise self.fail(path, f"expected a counter name, got {_show(raw)}")
        if raw in PLAIN_COUNTERS:
            return raw
        for prefix in FACTION_COUNTERS:
            if raw.startswith(prefix):
                self.faction(raw[len(prefix):], path)
                return raw
        if raw.startswith("stat:"):
            stat = raw[5:]
            if stat in STATS or (stat.startswith("acquired:") and stat[9:] in self.bits):
                return raw
        raise self.fail(path, f"unknown counter {_show(raw)}")

    def cond(self, raw: Any, path: str) -> tuple:
        raw = self.obj(raw, path)
        if "count" in raw:
            self.keys(raw, ("count", "at_least", "at_most"), path)
            counter = self.counter(raw["count"], f"{path}.count")
            if ("at_least" in raw) == ("at_most" in raw):
                raise self.fail(path, "a count condition needs exactly one of at_least / at_most")
            op = "at_least" if "at_least" in raw else "at_most"
            return ("count", counter, op, self.int_(raw[op], f"{path}.{op}"))
        kind, arg = self.single(raw, path, "condition")
        if kind in ("all", "any"):
            return (kind, tuple(self.cond(c, f"{path}.{kind}[{k}]")
                                for k, c in enumerate(self.lst(arg, f"{path}.{kind}"))))
        if kind == "not":
            return ("not", self.cond(arg, f"{path}.not"))
        raise self.fail(path, f"unknown condition {_show(kind)}")

    def match(self, raw: Any, path: str) -> dict:
        raw = self.obj(raw, path)
        self.keys(raw, MATCH_KEYS, path)
        if "card" in raw:
            cards = raw["card"] if isinstance(raw["card"], list) else [raw["card"]]
            for card in cards:
                if card not in self.card_ids:
                    raise self.fail(f"{path}.card", f"unknown card {_show(card)}")
        if "faction" in raw:
            self.faction(raw["faction"], f"{path}.faction")
        if "type" in raw:
            self.choice(raw["type"], ("ship", "base", "outpost"), f"{path}.type", "card type")
        if "role" in raw:
            self.choice(raw["role"], ROLES, f"{path}.role", "role")
        for key in ("cost_at_least", "cost_at_most"):
            if key in raw:
                self.int_(raw[key], f"{path}.{key}")
        if "upgraded" in raw and not isinstance(raw["upgraded"], bool):
            raise self.fail(f"{path}.upgraded", "must be true or false")
        return dict(raw)

    def fields(self, raw: Any, path: str, allowed: tuple) -> dict:
        raw = self.obj(raw, path)
        self.keys(raw, allowed, path)
        return raw

    # -- legacy parts ---------------------------------------------------------------------------

    def legacy(self, raw: dict, pack: Pack) -> None:
        for i, side in enumerate(self.lst(raw.get("sides", []), "sides")):
            self.side(i, side, pack)
        for i, sheet in enumerate(self.lst(raw.get("sticker_sheets", []), "sticker_sheets")):
            self.sheet(i, sheet, pack)
        for i, vp in enumerate(self.lst(raw.get("vp_cards", []), "vp_cards")):
            self.vp_card(i, vp, pack)
        for i, scenario in enumerate(self.lst(raw.get("scenarios", []), "scenarios")):
            self.scenario(i, scenario, pack)
        self.where = ""
        if sorted(pack.scenarios) != list(range(1, 13)):
            raise self.fail("scenarios", "a legacy pack has exactly 12 scenarios numbered 1..12")

    def side(self, i: int, raw: Any, pack: Pack) -> None:
        self.where = f"sides[{i}]"
        raw = self.obj(raw, "")
        sid = self.choice(raw.get("id"), SIDES, "id", "side")
        self.where = f'sides[{i}] "{sid}"'
        deck = self.obj(raw.get("personal_deck"), "personal_deck")
        for card, count in deck.items():
            if card not in pack.by_id:
                raise self.fail(f"personal_deck.{card}", f"unknown card {_show(card)}")
            self.int_(count, f"personal_deck.{card}", 0)
        pack.sides[sid] = raw

    def sheet(self, i: int, raw: Any, pack: Pack) -> None:
        self.where = f"sticker_sheets[{i}]"
        raw = self.obj(raw, "")
        sid = raw.get("id")
        if not isinstance(sid, str) or not sid:
            raise self.fail("id", "missing sheet id")
        self.where = f'sticker_sheets[{i}] "{sid}"'
        self.choice(raw.get("side"), SIDES, "side", "side")
        self.int_(raw.get("scenario"), "scenario", 1)
        rows = self.lst(raw.get("rows"), "rows")
        costs = [self.int_(self.obj(r, f"rows[{k}]").get("cost"), f"rows[{k}].cost", 0)
                 for k, r in enumerate(rows)]
        if len(rows) != 5 or len(set(costs)) != 5:
            raise self.fail("rows", "a sheet has five rows with five different costs (L13)")
        for k, row in enumerate(rows):
            for ctype in ("ship", "base"):
                self.sticker(row, k, ctype, sid, pack)
        pack.sheets[sid] = raw

    def sticker(self, row: dict, k: int, ctype: str, sheet: str, pack: Pack) -> None:
        path = f"rows[{k}].{ctype}"
        raw = self.obj(row.get(ctype), path)
        self.keys(raw, ("and", "abilities", "text"), path)
        cost = row["cost"]
        if not any(d.type == ctype and d.printed_cost == cost
                   and d.role in ("trade", "post_campaign") for d in pack.designs):
            raise self.fail(f"rows[{k}].cost", f"no trade {ctype} costs {cost} (L13)")
        extends = raw.get("and", False)
        if not isinstance(extends, bool):
            raise self.fail(f"{path}.and", "must be true or false")
        abilities = self.abilities(raw.get("abilities"), f"{path}.abilities")
        if extends and any(a.when != "primary" for a in abilities):
            raise self.fail(f"{path}.abilities", 'an "and" sticker may only add primary effects')
        text = self.text(raw["text"], f"{path}.text") if "text" in raw else None
        sticker_id = f"{sheet}:{cost}:{ctype}"
        pack.stickers[sticker_id] = Sticker(sticker_id, sheet, cost, ctype, extends, abilities,
                                            text)

    def vp_card(self, i: int, raw: Any, pack: Pack) -> None:
        self.where = f"vp_cards[{i}]"
        raw = self.obj(raw, "")
        vid = raw.get("id")
        if not isinstance(vid, str) or not vid:
            raise self.fail("id", "missing VP card id")
        self.where = f'vp_cards[{i}] "{vid}"'
        self.int_(raw.get("scenario"), "scenario", 1)
        self.int_(raw.get("points"), "points", 0)
        award = raw.get("award")
        if award != "winner":
            award = self.obj(award, "award")
            kind, cond = self.single(award, "award", "award")
            self.choice(kind, ("first_to", "at_end"), "award", "award")
            raw = dict(raw, _award=(kind, self.cond(cond, f"award.{kind}")))
        else:
            raw = dict(raw, _award=("winner", None))
        pack.vp_cards[vid] = raw

    def scenario(self, i: int, raw: Any, pack: Pack) -> None:
        self.where = f"scenarios[{i}]"
        raw = self.obj(raw, "")
        number = self.int_(raw.get("number"), "number", 1)
        self.where = f"scenarios[{i}] {number}"
        if number in pack.scenarios or number > 12:
            raise self.fail("number", "scenario numbers are 1..12, each once")
        sides = self.obj(raw.get("sides"), "sides")
        for sid in SIDES:
            side = self.obj(sides.get(sid), f"sides.{sid}")
            validate_rules(side.get("rules", []), pack, self, f"sides.{sid}.rules")
            for c, choice in enumerate(self.lst(side.get("choices", []), f"sides.{sid}.choices")):
                cpath = f"sides.{sid}.choices[{c}]"
                for o, option in enumerate(self.lst(self.obj(choice, cpath).get("options"),
                                                    f"{cpath}.options")):
                    opath = f"{cpath}.options[{o}]"
                    option = self.obj(option, opath)
                    validate_rules(option.get("rules", []), pack, self, f"{opath}.rules")
                    validate_rules(option.get("lasting_rules", []), pack, self,
                                   f"{opath}.lasting_rules")
        for v, vid in enumerate(self.lst(raw.get("vp_cards", []), "vp_cards")):
            if vid not in pack.vp_cards:
                raise self.fail(f"vp_cards[{v}]", f"unknown VP card {_show(vid)}")
        pack.scenarios[number] = raw


def validate_rules(raw: Any, pack: Pack, loader: _Loader | None = None, path: str = "rules",
                   ) -> list[tuple]:
    """Validate a list of scenario RULEs and return them normalized as ``(kind, dict)`` pairs."""
    if loader is None:
        loader = _Loader("")
        loader.bits = dict(pack.faction_bits)
        loader.card_ids = set(pack.by_id)
    return [_rule(loader, r, f"{path}[{k}]", pack) for k, r in enumerate(loader.lst(raw, path))]


def _rule(ld: _Loader, raw: Any, path: str, pack: Pack) -> tuple:
    """Validate one RULE; return ``(kind, arguments)`` with MATCH/COND/effects normalized."""
    kind, arg = ld.single(raw, path, "rule")
    p = f"{path}.{kind}"
    if kind in ("trade_row_size", "explorers"):
        return (kind, {"n": ld.int_(arg, p, 0)})
    check = _RULE_CHECKS.get(kind)
    if check is None:
        raise ld.fail(path, f"unknown rule {_show(kind)}")
    keys, check = check
    arg = ld.fields(arg, p, ("who",) + keys)
    if "who" in arg:
        ld.choice(arg["who"], WHO, f"{p}.who", "player selector")
    out = dict(arg, who=arg.get("who", "all"))
    out.update(check(ld, arg, p, pack, kind))
    return (kind, out)


def _rule_n(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.int_(arg.get("n"), f"{p}.n", 1 if kind == "starting_authority" else 0)
    return {}


def _rule_card_stat(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    for key in ("cost", "defense"):
        if key in arg:
            ld.int_(arg[key], f"{p}.{key}")
    return {"match": ld.match(arg.get("match", {}), f"{p}.match")}


def _rule_grant(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    return {"match": ld.match(arg.get("match", {}), f"{p}.match"),
            "ability": ld.ability(arg.get("ability"), f"{p}.ability", MAX_ABILITIES - 1)}


def _rule_start_of_turn(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.int_(arg.get("from_turn", 1), f"{p}.from_turn", 1)
    return {"do": ld.effects(arg.get("do"), f"{p}.do")}


def _rule_start_in_play(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    card = pack.by_id.get(arg.get("card"))
    if card is None or not card.is_base:
        raise ld.fail(f"{p}.card", f"unknown base {_show(arg.get('card'))}")
    return {}


def _rule_add_to_deck(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    for card, count in ld.obj(arg.get("cards"), f"{p}.cards").items():
        if card not in pack.by_id:
            raise ld.fail(f"{p}.cards.{card}", f"unknown card {_show(card)}")
        ld.int_(count, f"{p}.cards.{card}", 0)
    return {}


def _rule_forbid(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.choice(arg.get("action"), FORBID_ACTIONS, f"{p}.action", "action")
    out = {"match": ld.match(arg.get("match", {}), f"{p}.match")}
    if "until_turn" in arg:
        ld.int_(arg["until_turn"], f"{p}.until_turn", 1)
    if "unless" in arg:
        out["unless"] = ld.cond(arg["unless"], f"{p}.unless")
    return out


def _rule_trigger(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.choice(arg.get("on"), TRIGGER_EVENTS, f"{p}.on", "event")
    return {"match": ld.match(arg.get("match", {}), f"{p}.match"),
            "do": ld.effects(arg.get("do"), f"{p}.do")}


def _rule_victory(ld: _Loader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    return {"cond": ld.cond(arg.get("cond"), f"{p}.cond")}


# rule kind -> (its fields besides "who", checker returning the normalized fields)
_RULE_CHECKS = {
    "starting_authority": (("n",), _rule_n), "starting_hand": (("n",), _rule_n),
    "hand_size": (("n",), _rule_n), "card_stat": (("match", "cost", "defense"), _rule_card_stat),
    "grant": (("match", "ability"), _rule_grant),
    "start_of_turn": (("do", "from_turn"), _rule_start_of_turn),
    "start_in_play": (("card",), _rule_start_in_play),
    "add_to_deck": (("cards",), _rule_add_to_deck),
    "forbid": (("action", "match", "until_turn", "unless"), _rule_forbid),
    "trigger": (("on", "match", "do"), _rule_trigger), "victory": (("cond",), _rule_victory),
}


# -- one checker per effect kind: validate the JSON value and return the normalized argument -----

def _check_gain(ld: _Loader, arg: Any, path: str) -> Any:
    return ld.amount(arg, path)


def _check_authority(ld: _Loader, arg: Any, path: str) -> Any:
    return ld.amount(arg, path, low=None)


def _check_opponent_discards(ld: _Loader, arg: Any, path: str) -> int:
    return ld.int_(arg, path, 1)


def _check_scrap(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("from", "min", "max"))
    zone = ld.choice(arg.get("from"), SCRAP_ZONES, f"{path}.from", "zone")
    low = ld.int_(arg.get("min", 0), f"{path}.min", 0)
    return (zone, low, ld.int_(arg.get("max", 1), f"{path}.max", max(low, 1)))


def _check_destroy_base(ld: _Loader, arg: Any, path: str) -> int:
    return ld.int_(arg, path, 1)


def _check_type(ld: _Loader, arg: dict, path: str) -> str:
    return ld.choice(arg.get("type", "any"), CARD_TYPES, f"{path}.type", "card type")


def _check_faction_opt(ld: _Loader, arg: dict, path: str) -> str | None:
    faction = arg.get("faction")
    return None if faction is None else ld.faction(faction, f"{path}.faction")


def _check_acquire_free(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("type", "max_cost", "faction", "to"))
    max_cost = arg.get("max_cost")
    if max_cost is not None:
        ld.int_(max_cost, f"{path}.max_cost", 0)
    to = ld.choice(arg.get("to", "discard"), ACQUIRE_TO, f"{path}.to", "destination")
    return (_check_type(ld, arg, path), max_cost, _check_faction_opt(ld, arg, path), to)


def _check_next_acquire(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("type", "to"))
    to = ld.choice(arg.get("to", "deck_top"), ACQUIRE_TO, f"{path}.to", "destination")
    return (_check_type(ld, arg, path), to)


def _check_discount(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("n", "type", "faction"))
    n = ld.int_(arg.get("n"), f"{path}.n", 1)
    return (n, _check_type(ld, arg, path), _check_faction_opt(ld, arg, path))


def _check_recycle(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("from", "to", "min", "max", "type"))
    ld.choice(arg.get("from", "discard"), ("discard",), f"{path}.from", "zone")
    to = ld.choice(arg.get("to", "deck_top"), ("deck_top", "hand"), f"{path}.to", "destination")
    low = ld.int_(arg.get("min", 0), f"{path}.min", 0)
    high = ld.int_(arg.get("max", 1), f"{path}.max", max(low, 1))
    return ("discard", to, low, high, _check_type(ld, arg, path))


def _check_true(ld: _Loader, arg: Any, path: str) -> bool:
    if arg is not True:
        raise ld.fail(path, "must be true")
    return True


def _check_choose(ld: _Loader, arg: Any, path: str) -> tuple:
    branches = ld.lst(arg, path)
    if not 2 <= len(branches) <= 16:
        raise ld.fail(path, "a choice needs two to sixteen branches")
    return tuple(ld.effects(b, f"{path}[{k}]") for k, b in enumerate(branches))


def _check_may(ld: _Loader, arg: Any, path: str) -> tuple:
    return ld.effects(arg, path)


def _check_if(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("cond", "then", "else"))
    cond = ld.cond(arg.get("cond"), f"{path}.cond")
    return (cond, ld.effects(arg.get("then", []), f"{path}.then"),
            ld.effects(arg.get("else", []), f"{path}.else"))


def _check_repeat(ld: _Loader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("times", "do"))
    times = ld.amount(arg.get("times"), f"{path}.times")
    if times.__class__ is int and times > MAX_REPEAT:
        raise ld.fail(f"{path}.times", f"at most {MAX_REPEAT} repetitions")
    return (times, ld.effects(arg.get("do"), f"{path}.do"))


def _check_purge(ld: _Loader, arg: Any, path: str) -> tuple:
    if arg in ("cheapest", "most_expensive"):
        return (arg, 0)
    if isinstance(arg, str) and arg.startswith("slot:") and arg[5:].isdigit():
        return ("slot", int(arg[5:]))
    raise ld.fail(path, f'expected "cheapest", "most_expensive" or "slot:N", got {_show(arg)}')


_EFFECT_CHECKS = {
    "trade": _check_gain, "combat": _check_gain, "draw": _check_gain,
    "authority": _check_authority, "discard": _Loader.pick,
    "opponent_discards": _check_opponent_discards, "scrap": _check_scrap,
    "destroy_base": _check_destroy_base, "acquire_free": _check_acquire_free,
    "next_acquire": _check_next_acquire, "discount": _check_discount, "recycle": _check_recycle,
    "copy_ship": _check_true, "choose": _check_choose, "may": _check_may, "if": _check_if,
    "purge_trade_row": _check_purge, "this_to_hand": _check_true, "copy_base": _check_true,
    "repeat": _check_repeat,
}


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


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."
