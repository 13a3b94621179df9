"""The cards section of the pack format: card designs, their abilities and static abilities."""

from __future__ import annotations

from typing import Any

from .effect_checks import EffectReader
from .model import Ability, Design, uses_effect
from .reader import show
from .vocabulary import MAX_ABILITIES, ROLES, WHENS


class CardReader(EffectReader):
    """Reads cards into `Design`s."""

    def card(self, i: int, raw: Any) -> Design:
        raw, cid = self.entry("cards", i, raw, "card")
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
        raise self.fail(path, f"unknown static {show(kind)}")
