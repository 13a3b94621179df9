"""The effects section of the pack format: effects, amounts, counters, conditions, MATCH objects.

`EffectReader` reads the parts every ability, sticker and scenario rule shares; `EFFECT_CHECKS`
holds one checker per effect kind that validates the JSON value and returns the normalized
argument.
"""

from __future__ import annotations

from typing import Any

from .reader import Reader, show
from .vocabulary import (
    ACQUIRE_TO,
    CARD_TYPES,
    FACTION_COUNTERS,
    MATCH_KEYS,
    MAX_REPEAT,
    PLAIN_COUNTERS,
    ROLES,
    SCRAP_ZONES,
    STATS,
)


class EffectReader(Reader):
    """Reads effects and the values inside them."""

    def effects(self, raw: Any, path: str) -> tuple:
        return tuple(self.effect(e, f"{path}[{k}]") for k, e in enumerate(self.lst(raw, path)))

    def effect(self, raw: Any, path: str) -> tuple:
        kind, arg = self.single(raw, path, "effect")
        check = EFFECT_CHECKS.get(kind)
        if check is None:
            raise self.fail(path, f"unknown effect {show(kind)}")
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
            raise self.fail(path, f"expected a counter name, got {show(raw)}")
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
        raise self.fail(path, f"unknown counter {show(raw)}")

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
        raise self.fail(path, f"unknown condition {show(kind)}")

    def match(self, raw: Any, path: str) -> dict:
        raw = self.obj(raw, path)
        self.keys(raw, MATCH_KEYS, path)
        if "card" in raw:
            cards = raw["card"] if isinstance(raw["card"], list) else [raw["card"]]
            for card in cards:
                if card not in self.card_ids:
                    raise self.fail(f"{path}.card", f"unknown card {show(card)}")
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


# -- one checker per effect kind: validate the JSON value and return the normalized argument -----

def _check_gain(ld: EffectReader, arg: Any, path: str) -> Any:
    return ld.amount(arg, path)


def _check_authority(ld: EffectReader, arg: Any, path: str) -> Any:
    return ld.amount(arg, path, low=None)


def _check_opponent_discards(ld: EffectReader, arg: Any, path: str) -> int:
    return ld.int_(arg, path, 1)


def _check_scrap(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("from", "min", "max"))
    zone = ld.choice(arg.get("from"), SCRAP_ZONES, f"{path}.from", "zone")
    low = ld.int_(arg.get("min", 0), f"{path}.min", 0)
    return (zone, low, ld.int_(arg.get("max", 1), f"{path}.max", max(low, 1)))


def _check_destroy_base(ld: EffectReader, arg: Any, path: str) -> int:
    return ld.int_(arg, path, 1)


def _check_type(ld: EffectReader, arg: dict, path: str) -> str:
    return ld.choice(arg.get("type", "any"), CARD_TYPES, f"{path}.type", "card type")


def _check_faction_opt(ld: EffectReader, arg: dict, path: str) -> str | None:
    faction = arg.get("faction")
    return None if faction is None else ld.faction(faction, f"{path}.faction")


def _check_acquire_free(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("type", "max_cost", "faction", "to"))
    max_cost = arg.get("max_cost")
    if max_cost is not None:
        ld.int_(max_cost, f"{path}.max_cost", 0)
    to = ld.choice(arg.get("to", "discard"), ACQUIRE_TO, f"{path}.to", "destination")
    return (_check_type(ld, arg, path), max_cost, _check_faction_opt(ld, arg, path), to)


def _check_next_acquire(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("type", "to"))
    to = ld.choice(arg.get("to", "deck_top"), ACQUIRE_TO, f"{path}.to", "destination")
    return (_check_type(ld, arg, path), to)


def _check_discount(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("n", "type", "faction"))
    n = ld.int_(arg.get("n"), f"{path}.n", 1)
    return (n, _check_type(ld, arg, path), _check_faction_opt(ld, arg, path))


def _check_recycle(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("from", "to", "min", "max", "type"))
    ld.choice(arg.get("from", "discard"), ("discard",), f"{path}.from", "zone")
    to = ld.choice(arg.get("to", "deck_top"), ("deck_top", "hand"), f"{path}.to", "destination")
    low = ld.int_(arg.get("min", 0), f"{path}.min", 0)
    high = ld.int_(arg.get("max", 1), f"{path}.max", max(low, 1))
    return ("discard", to, low, high, _check_type(ld, arg, path))


def _check_true(ld: EffectReader, arg: Any, path: str) -> bool:
    if arg is not True:
        raise ld.fail(path, "must be true")
    return True


def _check_choose(ld: EffectReader, arg: Any, path: str) -> tuple:
    branches = ld.lst(arg, path)
    if not 2 <= len(branches) <= 16:
        raise ld.fail(path, "a choice needs two to sixteen branches")
    return tuple(ld.effects(b, f"{path}[{k}]") for k, b in enumerate(branches))


def _check_may(ld: EffectReader, arg: Any, path: str) -> tuple:
    return ld.effects(arg, path)


def _check_if(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("cond", "then", "else"))
    cond = ld.cond(arg.get("cond"), f"{path}.cond")
    return (cond, ld.effects(arg.get("then", []), f"{path}.then"),
            ld.effects(arg.get("else", []), f"{path}.else"))


def _check_repeat(ld: EffectReader, arg: Any, path: str) -> tuple:
    arg = ld.fields(arg, path, ("times", "do"))
    times = ld.amount(arg.get("times"), f"{path}.times")
    if times.__class__ is int and times > MAX_REPEAT:
        raise ld.fail(f"{path}.times", f"at most {MAX_REPEAT} repetitions")
    return (times, ld.effects(arg.get("do"), f"{path}.do"))


def _check_purge(ld: EffectReader, arg: Any, path: str) -> tuple:
    if arg in ("cheapest", "most_expensive"):
        return (arg, 0)
    if isinstance(arg, str) and arg.startswith("slot:") and arg[5:].isdigit():
        return ("slot", int(arg[5:]))
    raise ld.fail(path, f'expected "cheapest", "most_expensive" or "slot:N", got {show(arg)}')


EFFECT_CHECKS = {
    "trade": _check_gain, "combat": _check_gain, "draw": _check_gain,
    "authority": _check_authority, "discard": EffectReader.pick,
    "opponent_discards": _check_opponent_discards, "scrap": _check_scrap,
    "destroy_base": _check_destroy_base, "acquire_free": _check_acquire_free,
    "next_acquire": _check_next_acquire, "discount": _check_discount, "recycle": _check_recycle,
    "copy_ship": _check_true, "choose": _check_choose, "may": _check_may, "if": _check_if,
    "purge_trade_row": _check_purge, "this_to_hand": _check_true, "copy_base": _check_true,
    "repeat": _check_repeat,
}
