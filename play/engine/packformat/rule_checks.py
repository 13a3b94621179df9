"""Scenario RULEs of the pack format (used by scenario cards, their choices and game setups)."""

from __future__ import annotations

from typing import Any

from .cards import CardReader
from .model import Pack
from .reader import show
from .vocabulary import FORBID_ACTIONS, MAX_ABILITIES, TRIGGER_EVENTS, WHO


def validate_rules(raw: Any, pack: Pack, loader: CardReader | None = None, path: str = "rules",
                   ) -> list[tuple]:
    """Validate a list of scenario RULEs and return them normalized as ``(kind, dict)`` pairs."""
    if loader is None:
        loader = CardReader("")
        loader.bits = dict(pack.faction_bits)
        loader.card_ids = set(pack.by_id)
    return [_rule(loader, r, f"{path}[{k}]", pack) for k, r in enumerate(loader.lst(raw, path))]


def _rule(ld: CardReader, raw: Any, path: str, pack: Pack) -> tuple:
    """Validate one RULE; return ``(kind, arguments)`` with MATCH/COND/effects normalized."""
    kind, arg = ld.single(raw, path, "rule")
    p = f"{path}.{kind}"
    if kind in ("trade_row_size", "explorers"):
        return (kind, {"n": ld.int_(arg, p, 0)})
    check = RULE_CHECKS.get(kind)
    if check is None:
        raise ld.fail(path, f"unknown rule {show(kind)}")
    keys, check = check
    arg = ld.fields(arg, p, ("who",) + keys)
    if "who" in arg:
        ld.choice(arg["who"], WHO, f"{p}.who", "player selector")
    out = dict(arg, who=arg.get("who", "all"))
    out.update(check(ld, arg, p, pack, kind))
    return (kind, out)


def _rule_n(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.int_(arg.get("n"), f"{p}.n", 1 if kind == "starting_authority" else 0)
    return {}


def _rule_card_stat(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    for key in ("cost", "defense"):
        if key in arg:
            ld.int_(arg[key], f"{p}.{key}")
    return {"match": ld.match(arg.get("match", {}), f"{p}.match")}


def _rule_grant(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    return {"match": ld.match(arg.get("match", {}), f"{p}.match"),
            "ability": ld.ability(arg.get("ability"), f"{p}.ability", MAX_ABILITIES - 1)}


def _rule_start_of_turn(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.int_(arg.get("from_turn", 1), f"{p}.from_turn", 1)
    return {"do": ld.effects(arg.get("do"), f"{p}.do")}


def _rule_start_in_play(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    card = pack.by_id.get(arg.get("card"))
    if card is None or not card.is_base:
        raise ld.fail(f"{p}.card", f"unknown base {show(arg.get('card'))}")
    return {}


def _rule_add_to_deck(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    for card, count in ld.obj(arg.get("cards"), f"{p}.cards").items():
        if card not in pack.by_id:
            raise ld.fail(f"{p}.cards.{card}", f"unknown card {show(card)}")
        ld.int_(count, f"{p}.cards.{card}", 0)
    return {}


def _rule_forbid(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.choice(arg.get("action"), FORBID_ACTIONS, f"{p}.action", "action")
    out = {"match": ld.match(arg.get("match", {}), f"{p}.match")}
    if "until_turn" in arg:
        ld.int_(arg["until_turn"], f"{p}.until_turn", 1)
    if "unless" in arg:
        out["unless"] = ld.cond(arg["unless"], f"{p}.unless")
    return out


def _rule_trigger(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    ld.choice(arg.get("on"), TRIGGER_EVENTS, f"{p}.on", "event")
    return {"match": ld.match(arg.get("match", {}), f"{p}.match"),
            "do": ld.effects(arg.get("do"), f"{p}.do")}


def _rule_victory(ld: CardReader, arg: dict, p: str, pack: Pack, kind: str) -> dict:
    return {"cond": ld.cond(arg.get("cond"), f"{p}.cond")}


# rule kind -> (its fields besides "who", checker returning the normalized fields)
RULE_CHECKS = {
    "starting_authority": (("n",), _rule_n), "starting_hand": (("n",), _rule_n),
    "hand_size": (("n",), _rule_n), "card_stat": (("match", "cost", "defense"), _rule_card_stat),
    "grant": (("match", "ability"), _rule_grant),
    "start_of_turn": (("do", "from_turn"), _rule_start_of_turn),
    "start_in_play": (("card",), _rule_start_in_play),
    "add_to_deck": (("cards",), _rule_add_to_deck),
    "forbid": (("action", "match", "until_turn", "unless"), _rule_forbid),
    "trigger": (("on", "match", "do"), _rule_trigger), "victory": (("cond",), _rule_victory),
}
