"""The legacy sections of the pack format: sides, sticker sheets, VP cards and scenarios."""

from __future__ import annotations

from typing import Any

from .cards import CardReader
from .model import Pack, Sticker
from .reader import show
from .rule_checks import validate_rules
from .vocabulary import SIDES


class LegacyReader(CardReader):
    """Reads the parts only a legacy pack has."""

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
                raise self.fail(f"personal_deck.{card}", f"unknown card {show(card)}")
            self.int_(count, f"personal_deck.{card}", 0)
        pack.sides[sid] = raw

    def sheet(self, i: int, raw: Any, pack: Pack) -> None:
        raw, sid = self.entry("sticker_sheets", i, raw, "sheet")
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
        raw, vid = self.entry("vp_cards", i, raw, "VP card")
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
                raise self.fail(f"vp_cards[{v}]", f"unknown VP card {show(vid)}")
        pack.scenarios[number] = raw
