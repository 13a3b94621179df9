"""The common shapes of a scenario rule as form fields, both ways (issue 19).

A rule row is (shape, who, number, faction, card type, counter, effect text). `rule_of` builds
the pack's RULE from a row (docs/content-format.md); `row_of` reads a stored rule back into a
row, or None when the rule has another shape (it is then kept in the JSON box).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from cards.owners.printed import read_card_text

SHAPES = [
    ("", _("— none —")),
    ("starting_authority", _("Start with N authority")),
    ("starting_hand", _("First hand: N cards")),
    ("hand_size", _("Draw N cards at the end of each turn")),
    ("trade_row_size", _("N cards in the trade row")),
    ("explorers", _("N explorers in the pile")),
    ("price", _("Cards cost N more (less if negative)")),
    ("start_of_turn", _("At the start of each turn: the effect below")),
    ("forbid_attack", _("No attacks on a player before turn N")),
    ("victory", _("Wins at once on reaching N of the counter")),
]
WHO = [("all", _("every player")), ("first", _("the first player")),
       ("second", _("the second player")), ("empire", _("the Star Empire")),
       ("federation", _("the Trade Federation"))]
TYPES = [("", _("any card")), ("ship", _("ships")), ("base", _("bases"))]
COUNTERS = [("stat:bases_destroyed", _("bases destroyed in the game")),
            ("stat:cards_scrapped", _("cards scrapped in the game")),
            ("stat:cards_acquired", _("cards acquired in the game")),
            ("stat:upgrades", _("upgrades in the game")),
            ("stat:damage_dealt", _("combat damage dealt to a player")),
            ("stat:authority_gained", _("authority gained in the game")),
            ("bases_in_play", _("bases in play")), ("authority", _("authority"))]
PLAIN = ("starting_authority", "starting_hand", "hand_size")


class RuleError(ValueError):
    """A row that does not make a rule; the message names the field's problem for the owner."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def rule_of(row: Mapping[str, Any], pack_data: Mapping[str, Any]) -> dict[str, Any] | None:
    """Return the RULE a row describes (None for an empty row); RuleError for a bad one."""
    shape, who, n = row.get("shape") or "", row.get("who") or "all", row.get("n")
    if not shape:
        return None
    if shape != "start_of_turn" and n is None:
        raise RuleError("n", str(_("Give the number N.")))
    if shape in PLAIN:
        return {shape: {"who": who, "n": n}}
    if shape in ("trade_row_size", "explorers"):
        return {shape: n}
    if shape == "price":
        match = {k: v for k, v in (("faction", row.get("faction")), ("type", row.get("type")))
                 if v}
        return {"card_stat": {"match": match, "cost": n}}
    if shape == "forbid_attack":
        return {"forbid": {"action": "attack_player", "who": who, "until_turn": n}}
    if shape == "victory":
        return {"victory": {"who": who, "cond": {"count": row.get("counter") or COUNTERS[0][0],
                                                 "at_least": n}}}
    reading = read_card_text(row.get("text") or "", pack_data, [])
    primary = [a for a in reading.abilities if a.get("when") == "primary"]
    if not reading.complete or len(primary) != 1 or len(reading.abilities) != 1:
        raise RuleError("text", str(_("Type the effect as a card prints it, e.g. “+1 Trade” or "
                                      "“draw a card”.")))
    return {"start_of_turn": {"who": who, "do": primary[0]["do"], "from_turn": 1}}


def row_of(rule: Any, lang: str) -> dict[str, Any] | None:
    """Return the row showing a stored rule, or None when it has no shape of the form."""
    if not isinstance(rule, dict) or len(rule) != 1:
        return None
    kind, arg = next(iter(rule.items()))
    if kind in PLAIN and isinstance(arg, dict) and set(arg) <= {"who", "n"}:
        return {"shape": kind, "who": arg.get("who", "all"), "n": arg.get("n")}
    if kind in ("trade_row_size", "explorers") and isinstance(arg, int):
        return {"shape": kind, "n": arg}
    if kind == "card_stat" and isinstance(arg, dict) and set(arg) == {"match", "cost"} \
            and set(arg["match"]) <= {"faction", "type"}:
        return {"shape": "price", "n": arg["cost"], **arg["match"]}
    if kind == "forbid" and isinstance(arg, dict) and set(arg) == {"action", "who", "until_turn"} \
            and arg["action"] == "attack_player":
        return {"shape": "forbid_attack", "who": arg["who"], "n": arg["until_turn"]}
    if kind == "victory" and isinstance(arg, dict) and set(arg.get("cond", {})) == {
            "count", "at_least"} and arg["cond"]["count"] in dict(COUNTERS):
        return {"shape": "victory", "who": arg.get("who", "all"),
                "counter": arg["cond"]["count"], "n": arg["cond"]["at_least"]}
    if kind == "start_of_turn" and isinstance(arg, dict) and arg.get("from_turn", 1) == 1:
        from cards.text import ability_text

        text = ability_text({"when": "primary", "do": arg.get("do", [])}, lang)
        return {"shape": "start_of_turn", "who": arg.get("who", "all"), "text": text}
    return None
