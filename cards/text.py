"""Render ability JSON (docs/content-format.md) as readable English or Russian card text.

`ability_text({"when": "ally", "faction": "blob", "do": [{"draw": 1}]}, "en")` gives
"Ally (Blob): draw a card". The words come from `cards/phrases.py`, the tables the printed-text
parser (`cards/parser.py`) reads with, so every text written here reads back to the same effects.
Anything outside the vocabulary renders as its JSON instead of failing, because the card editor
previews abilities before they are validated.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from cards.language import active_language
from cards.phrases import (
    ACCUSATIVE,
    CARD_COUNTS,
    COUNTED,
    COUNTERS,
    NOMINATIVE,
    PHRASES,
    PLURAL,
    SEPARATORS,
    TYPE_NAMES,
    ZONES,
    Slot,
    template_parts,
    written,
)

FactionNames = Mapping[str, str]

# The first form of each entry of the shared tables is the one the site writes.
WRITTEN: dict[str, dict[str, str]] = {
    lang: {key: written(forms[0]) for key, forms in table.items()}
    for lang, table in PHRASES.items()
}


def _cards(n: int, lang: str) -> str:
    """Return "a card" / "2 cards" / "карту" / "2 карты" / "5 карт"."""
    counts = CARD_COUNTS[lang]
    if n == 1:
        return counts["one"][0]
    last_two, last = n % 100, n % 10
    few = lang == "ru" and 2 <= last <= 4 and not 12 <= last_two <= 14
    return counts["few" if few else "many"][0].format(n=n)


class _Renderer:
    """Renders one language; the faction names come from the pack (or fall back to the ids)."""

    def __init__(self, lang: str, factions: FactionNames | None = None) -> None:
        self.lang = lang if lang in PHRASES else "en"
        self.p = WRITTEN[self.lang]
        self.factions = factions or {}

    def faction(self, faction_id: str) -> str:
        return self.factions.get(faction_id, faction_id.replace("_", " ").title())

    def effects(self, effects: Any) -> str:
        if not isinstance(effects, list):
            return _raw(effects)
        if not effects:
            return self.p["nothing"]
        return SEPARATORS[self.lang]["list"][0].join(self.effect(e) for e in effects)

    def effect(self, effect: Any) -> str:
        if not isinstance(effect, dict) or len(effect) != 1:
            return _raw(effect)
        (kind, value), = effect.items()
        handler = EFFECTS.get(kind)
        try:
            return handler(self, value) if handler else _raw(effect)
        except (KeyError, TypeError, ValueError, AttributeError):
            return _raw(effect)

    def amount(self, key: str, value: Any) -> str:
        """Render "+N trade" or "+1 trade for each ship you played"."""
        if isinstance(value, int):
            if key == "authority" and value < 0:
                return self.p["lose_authority"].format(n=-value)
            return self.p[key].format(n=value)
        return self.per(self.p[key].format(n=value.get("times", 1)), value)

    def cards_amount(self, key: str, value: Any) -> str:
        """Render "draw 2 cards" or "draw a card for each card scrapped this way"."""
        if isinstance(value, int):
            return self.p[key].format(cards=_cards(value, self.lang))
        return self.per(self.p[key].format(cards=_cards(value.get("times", 1), self.lang)), value)

    def per(self, base: str, value: Mapping[str, Any]) -> str:
        """Render "<base> for each <counter>" with its cap, if any."""
        text = self.p["per"].format(base=base, counter=self.counter(value["per"]))
        if value.get("max") is not None:
            text += self.p["max"].format(n=value["max"])
        return text

    def up_to(self, maximum: int, card_type: str = "any") -> str:
        """Render "a card" / "up to 2 cards" ("a ship" / "up to 2 ships" for a type)."""
        names = TYPE_NAMES[self.lang].get(card_type, TYPE_NAMES[self.lang]["any"])
        if maximum == 1:
            return names[ACCUSATIVE][0].format(faction="")
        return self.p["up_to"].format(n=maximum, things=names[COUNTED][0])

    def counter(self, counter: str, *, plural: bool = False) -> str:
        name, _, arg = counter.partition(":")
        forms = COUNTERS[self.lang].get(name)
        if forms is None:  # e.g. "stat:bases_destroyed": readable enough spelled out
            return counter.replace("_", " ").replace(":", ": ")
        return forms[plural][0].format(f=self.faction(arg) if arg else "")

    def cond(self, cond: Any, *, inner: bool = False) -> str:
        if not isinstance(cond, dict):
            return _raw(cond)
        if "all" in cond or "any" in cond:
            key = "all" if "all" in cond else "any"
            text = self.p[key].join(self.cond(c, inner=True) for c in cond[key])
            return f"({text})" if inner else text  # "(A and B) or C" reads back unambiguously
        if "not" in cond:
            return self.p["not"].format(cond=self.cond(cond["not"]))
        key = "at_least" if "at_least" in cond else "at_most"
        return self.p[key].format(counter=self.counter(cond["count"], plural=True), n=cond[key])

    def what(self, spec: Mapping[str, Any], *, nominative: bool = False) -> str:
        """Render "a ship costing up to 3 of the Blob faction" from type/max_cost/faction."""
        names = TYPE_NAMES[self.lang]
        case = NOMINATIVE if nominative else ACCUSATIVE
        text = names.get(spec.get("type") or "any", names["any"])[case][0]
        if spec.get("max_cost") is not None:
            text += self.p["cost_up_to"].format(n=spec["max_cost"])
        if spec.get("faction"):
            text += self.p["of_faction"].format(faction=self.faction(spec["faction"]))
        return text

    def fill(self, template: str, slots: Mapping[str, Any], phrase: str = "") -> str:
        """Write any form of a phrase (not only the first) from its slot values."""
        return "".join(part if isinstance(part, str) else self.slot(part, slots[part.name])
                       for part in template_parts(template, phrase))

    def slot(self, slot: Slot, value: Any) -> str:
        """Write one slot value of a form."""
        writers: dict[str, Callable[[Any], str]] = {
            "num": str, "name": str, "cards": lambda v: _cards(v, self.lang),
            "upto": lambda v: self.up_to(*v), "zone": lambda v: ZONES[self.lang][v][0],
            "what": self.what, "what_nom": lambda v: self.what(v, nominative=True),
            "what_pl": lambda v: TYPE_NAMES[self.lang][v.get("type", "any")][PLURAL][0],
            "to": lambda v: self.p[f"to_{v}"], "place": lambda v: self.p[f"place_{v}"],
            "faction": self.faction, "each": self.counter,
            "plural": lambda v: self.counter(v, plural=True), "effects": self.effects,
            "options": lambda v: self.p["or"].join(self.effects(b) for b in v),
            "cond": self.cond, "base": lambda v: self.effect({v[0]: v[1]}), "which": self.which,
        }
        return writers[slot.type](value)

    def which(self, which: str) -> str:
        if which.startswith("slot:"):
            return self.p["slot"].format(n=which.partition(":")[2])
        return self.p[which]


def _raw(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _scrap(r: _Renderer, v: Mapping[str, Any]) -> str:
    zone = ZONES[r.lang].get(v.get("from", "hand"), (v.get("from", ""),))[0]
    low, high = v.get("min", 0), v.get("max", 1)
    if low == 0:
        return r.p["scrap_may"].format(cards=r.up_to(high), zone=zone)
    if low != high:
        return r.p["scrap_range"].format(a=low, b=high, zone=zone)
    return r.p["scrap"].format(cards=_cards(high, r.lang), zone=zone)


def _discard(r: _Renderer, v: Any) -> str:
    if isinstance(v, int):
        return r.p["discard"].format(cards=_cards(v, r.lang))
    return r.p["discard_range"].format(a=v.get("min", 0), b=v.get("max", 1))


def _destroy(r: _Renderer, n: int) -> str:
    return r.p["destroy_one"] if n == 1 else r.p["destroy_base"].format(n=n)


def _acquire_free(r: _Renderer, v: Mapping[str, Any]) -> str:
    return r.p["acquire_free"].format(what=r.what(v), to=r.p[f"to_{v.get('to', 'discard')}"])


def _next_acquire(r: _Renderer, v: Mapping[str, Any]) -> str:
    place = r.p[f"place_{v.get('to', 'deck_top')}"]
    return r.p["next_acquire"].format(what=r.what(v, nominative=True), to=place)


def _discount(r: _Renderer, v: Mapping[str, Any]) -> str:
    return r.p["discount"].format(what=r.what(v, nominative=True), n=v.get("n", 1))


def _recycle(r: _Renderer, v: Mapping[str, Any]) -> str:
    return r.p["recycle"].format(cards=r.up_to(v.get("max", 1), v.get("type", "any")),
                                 to=r.p[f"place_{v.get('to', 'deck_top')}"])


def _choose(r: _Renderer, branches: list[Any]) -> str:
    return r.p["choose"].format(options=r.p["or"].join(r.effects(b) for b in branches))


def _if(r: _Renderer, v: Mapping[str, Any]) -> str:
    text = r.p["if"].format(cond=r.cond(v["cond"]), then=r.effects(v["then"]))
    if v.get("else"):
        text += r.p["else"].format(other=r.effects(v["else"]))
    return text


def _repeat(r: _Renderer, v: Mapping[str, Any]) -> str:
    times, effects = v["times"], r.effects(v["do"])
    if isinstance(times, int):
        return r.p["repeat_times"].format(n=times, effects=effects)
    counter = r.counter(times["per"])
    if times.get("times", 1) != 1:
        return r.p["repeat_per_n"].format(n=times["times"], counter=counter, effects=effects)
    return r.p["repeat_per"].format(counter=counter, effects=effects)


def _purge(r: _Renderer, which: str) -> str:
    return r.p["purge"].format(which=r.which(which))


def _on_play(r: _Renderer, v: Mapping[str, Any]) -> str:
    return r.p["on_play"].format(match=r.what(v.get("match", {})), effects=r.effects(v["do"]))


EFFECTS: dict[str, Callable[[_Renderer, Any], str]] = {
    "trade": lambda r, v: r.amount("trade", v),
    "combat": lambda r, v: r.amount("combat", v),
    "authority": lambda r, v: r.amount("authority", v),
    "draw": lambda r, v: r.cards_amount("draw", v),
    "discard": _discard,
    "opponent_discards": lambda r, v: r.cards_amount("opponent_discards", v),
    "scrap": _scrap,
    "destroy_base": _destroy,
    "acquire_free": _acquire_free,
    "next_acquire": _next_acquire,
    "discount": _discount,
    "recycle": _recycle,
    "copy_ship": lambda r, _v: r.p["copy_ship"],
    "copy_base": lambda r, _v: r.p["copy_base"],
    "this_to_hand": lambda r, _v: r.p["this_to_hand"],
    "repeat": _repeat,
    "choose": _choose,
    "may": lambda r, v: r.p["may"].format(effects=r.effects(v)),
    "if": _if,
    "purge_trade_row": _purge,
    # statics (inside "when": "static")
    "ally_for_all": lambda r, _v: r.p["ally_for_all"],
    "on_play": _on_play,
    "defense": lambda r, n: r.p["static_defense"].format(n=n),
}


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


def ability_text(ability: Any, lang: str | None = None, factions: FactionNames | None = None,
                 *, extends_primary: bool = False) -> str:
    """Return the card text of one ability; its own `text` override wins when present.

    >>> ability_text({"when": "ally", "faction": "blob", "do": [{"draw": 1}]}, "en")
    'Ally (Blob): draw a card'
    """
    lang = lang or active_language()
    if not isinstance(ability, dict):
        return _raw(ability)
    override = ability.get("text")
    if isinstance(override, dict) and override.get(lang):
        return override[lang]
    r = _Renderer(lang, factions)
    effects = r.effects(ability.get("do", []))
    when = ability.get("when")
    if extends_primary and when == "primary":
        return r.p["and"].format(effects=effects)
    if when == "ally":
        if ability.get("faction"):
            return r.p["ally"].format(faction=r.faction(ability["faction"]), effects=effects)
        return r.p["ally_any"].format(effects=effects)
    key = {"scrap": "scrap_ability"}.get(when, when)
    return _capitalize(r.p.get(key, "{effects}").format(effects=effects))


def abilities_text(abilities: Any, lang: str | None = None,
                   factions: FactionNames | None = None) -> list[str]:
    """Return one line of card text per ability."""
    if not isinstance(abilities, list):
        return [_raw(abilities)]
    return [ability_text(a, lang, factions) for a in abilities]


def write_form(phrase: str, template: str, slots: Mapping[str, Any], lang: str,
               factions: FactionNames | None = None) -> str:
    """Return the text of one form of a phrase filled with slot values (any form, not only the
    one the site writes): how a test shows that every form the parser reads can be written."""
    return _Renderer(lang, factions).fill(template, slots, phrase)


def faction_names(pack_data: Mapping[str, Any], lang: str | None = None) -> dict[str, str]:
    """Return {faction id: name in `lang`} from a pack's `factions` list."""
    lang = lang or active_language()
    names = {}
    for faction in pack_data.get("factions", []) or []:
        if isinstance(faction, dict) and isinstance(faction.get("name"), dict):
            names[faction.get("id")] = faction["name"].get(lang) or faction["name"].get("en", "")
    return names
