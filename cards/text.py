"""Render ability JSON (docs/content-format.md) as readable English or Russian card text.

`ability_text({"when": "ally", "faction": "blob", "do": [{"draw": 1}]}, "en")` gives
"Ally (Blob): draw a card". Card wording is game content with its own plural rules, so the phrases
live in this module's two tables rather than in the gettext catalogue: the output is the same on
every machine whether or not catalogues were compiled. Anything outside the vocabulary renders as
its JSON instead of failing, because the card editor previews abilities before they are validated.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language

FactionNames = Mapping[str, str]

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "trade": "+{n} trade", "combat": "+{n} combat", "authority": "+{n} authority",
        "lose_authority": "lose {n} authority", "per": "{base} for {counter}",
        "max": " (at most {n})", "draw": "draw {cards}", "discard": "discard {cards}",
        "discard_range": "discard {a} to {b} cards",
        "opponent_discards": "target opponent discards {cards}",
        "scrap": "scrap {cards} from {zone}", "scrap_may": "you may scrap {cards} from {zone}",
        "destroy_base": "you may destroy up to {n} target base(s)",
        "destroy_one": "you may destroy target base",
        "acquire_free": "you may acquire {what} for free{to}",
        "cost_up_to": " costing up to {n}", "of_faction": " of the {faction} faction",
        "next_acquire": "you may put the next {what} you acquire this turn {to}",
        "discount": "the next {what} you acquire this turn costs {n} less",
        "recycle": "you may move {cards} from your discard pile {to}",
        "copy_ship": "copy another ship you played this turn",
        "copy_base": "this card becomes a copy of any base in play until your turn ends "
                     "(with that base's factions too)",
        "this_to_hand": "put this card into your hand",
        "repeat_times": "{n} times: {effects}", "repeat_per": "for {counter}: {effects}",
        "choose": "choose one: {options}", "or": "; or ", "nothing": "nothing",
        "may": "you may: {effects}", "if": "if {cond}: {then}", "else": "; otherwise {other}",
        "purge": "scrap the {which} card of the trade row",
        "cheapest": "cheapest", "most_expensive": "most expensive", "slot": "card in slot {n}",
        "ally_for_all": "counts as an ally of every faction",
        "on_play": "whenever you play {match}: {effects}",
        "static_defense": "your bases have +{n} defense",
        "primary": "{effects}", "ally": "Ally ({faction}): {effects}",
        "ally_any": "Ally: {effects}",
        "scrap_ability": "Scrap: {effects}", "onbuy": "On buy: {effects}",
        "static": "{effects}", "and": "and {effects}",
        "at_least": "{counter} ≥ {n}", "at_most": "{counter} ≤ {n}",
        "all": " and ", "any": " or ", "not": "not ({cond})",
        "to_discard": "", "to_hand": " and put it into your hand",
        "to_deck_top": " and put it on top of your deck",
        "place_hand": "into your hand", "place_deck_top": "on top of your deck",
        "place_discard": "into your discard pile",
        "up_to": "up to {n} cards",
    },
    "ru": {
        "trade": "+{n} торговли", "combat": "+{n} боя", "authority": "+{n} влияния",
        "lose_authority": "потеряйте {n} влияния", "per": "{base} за {counter}",
        "max": " (не больше {n})", "draw": "возьмите {cards}", "discard": "сбросьте {cards}",
        "discard_range": "сбросьте от {a} до {b} карт",
        "opponent_discards": "противник сбрасывает {cards}",
        "scrap": "отправьте в утиль {cards} {zone}",
        "scrap_may": "можете отправить в утиль {cards} {zone}",
        "destroy_base": "можете уничтожить до {n} баз противника",
        "destroy_one": "можете уничтожить базу противника",
        "acquire_free": "можете бесплатно получить {what}{to}",
        "cost_up_to": " стоимостью до {n}", "of_faction": " фракции «{faction}»",
        "next_acquire": "следующее приобретение в этот ход ({what}) можете положить {to}",
        "discount": "следующее приобретение в этот ход ({what}) стоит на {n} меньше",
        "recycle": "можете переложить {cards} из сброса {to}",
        "copy_ship": "скопируйте другой корабль, разыгранный в этот ход",
        "copy_base": "до конца хода эта карта становится копией любой базы в игре "
                     "(и получает фракции этой базы)",
        "this_to_hand": "возьмите эту карту в руку",
        "repeat_times": "{n} раз(а): {effects}", "repeat_per": "за {counter}: {effects}",
        "choose": "выберите одно: {options}", "or": "; или ", "nothing": "ничего",
        "may": "можете: {effects}", "if": "если {cond}: {then}", "else": "; иначе {other}",
        "purge": "отправьте в утиль {which} карту торгового ряда",
        "cheapest": "самую дешёвую", "most_expensive": "самую дорогую",
        "slot": "карту в ячейке {n}",
        "ally_for_all": "считается союзником любой фракции",
        "on_play": "когда вы разыгрываете {match}: {effects}",
        "static_defense": "ваши базы получают +{n} к прочности",
        "primary": "{effects}", "ally": "Союзное свойство ({faction}): {effects}",
        "ally_any": "Союзное свойство: {effects}",
        "scrap_ability": "Утиль: {effects}", "onbuy": "При покупке: {effects}",
        "static": "{effects}", "and": "и {effects}",
        "at_least": "{counter} ≥ {n}", "at_most": "{counter} ≤ {n}",
        "all": " и ", "any": " или ", "not": "не ({cond})",
        "to_discard": "", "to_hand": " в руку", "to_deck_top": " на верх колоды",
        "place_hand": "в руку", "place_deck_top": "на верх колоды", "place_discard": "в сброс",
        "up_to": "до {n} карт",
    },
}

ZONES = {
    "en": {"hand": "your hand", "discard": "your discard pile",
           "hand_or_discard": "your hand or discard pile", "trade_row": "the trade row"},
    "ru": {"hand": "из руки", "discard": "из сброса", "hand_or_discard": "из руки или сброса",
           "trade_row": "из торгового ряда"},
}

# (singular with "each", plural) per counter; "{f}" is the faction's name.
COUNTERS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "ships_played": ("each ship you played", "ships you played"),
        "other_ships_played": ("each other ship you played", "other ships you played"),
        "cards_played": ("each card you played", "cards you played"),
        "faction_played": ("each {f} card you played", "{f} cards you played"),
        "bases_in_play": ("each base you have in play", "bases you have in play"),
        "outposts_in_play": ("each outpost you have in play", "outposts you have in play"),
        "faction_in_play": ("each {f} card you have in play", "{f} cards you have in play"),
        "hand": ("each card in your hand", "cards in your hand"),
        "deck": ("each card in your deck", "cards in your deck"),
        "discard": ("each card in your discard pile", "cards in your discard pile"),
        "authority": ("each point of your authority", "your authority"),
        "opponent_authority": ("each point of opponent authority", "opponent authority"),
        "trade_row_faction": ("each {f} card in the trade row", "{f} cards in the trade row"),
        "last_count": ("each card discarded or scrapped this way",
                       "cards discarded or scrapped this way"),
        "turn": ("each of your turns", "your turn number"),
        "opponent_bases_in_play": ("each base your opponents have in play",
                                   "bases your opponents have in play"),
        "scrapped_this_turn": ("each card you scrapped from your hand or discard pile this turn",
                               "cards you scrapped from your hand or discard pile this turn"),
    },
    "ru": {
        "ships_played": ("каждый разыгранный корабль", "разыгранных кораблей"),
        "other_ships_played": ("каждый другой разыгранный корабль",
                               "других разыгранных кораблей"),
        "cards_played": ("каждую разыгранную карту", "разыгранных карт"),
        "faction_played": ("каждую разыгранную карту фракции «{f}»",
                           "разыгранных карт фракции «{f}»"),
        "bases_in_play": ("каждую вашу базу в игре", "ваших баз в игре"),
        "outposts_in_play": ("каждый ваш аванпост в игре", "ваших аванпостов в игре"),
        "faction_in_play": ("каждую вашу карту фракции «{f}» в игре",
                            "ваших карт фракции «{f}» в игре"),
        "hand": ("каждую карту в руке", "карт в руке"),
        "deck": ("каждую карту в колоде", "карт в колоде"),
        "discard": ("каждую карту в сбросе", "карт в сбросе"),
        "authority": ("каждое очко вашего влияния", "вашего влияния"),
        "opponent_authority": ("каждое очко влияния противника", "влияния противника"),
        "trade_row_faction": ("каждую карту фракции «{f}» в торговом ряду",
                              "карт фракции «{f}» в торговом ряду"),
        "last_count": ("каждую карту, сброшенную или отправленную в утиль так",
                       "карт, сброшенных или отправленных в утиль так"),
        "turn": ("каждый ваш ход", "номер вашего хода"),
        "opponent_bases_in_play": ("каждую базу противника в игре", "баз противника в игре"),
        "scrapped_this_turn": ("каждую карту, отправленную в утиль из руки или сброса в этот ход",
                               "карт, отправленных в утиль из руки или сброса в этот ход"),
    },
}

# The accusative ("acquire a ship") and nominative ("the next ship") names of a card type.
TYPE_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"any": ("a card", "card"), "ship": ("a ship", "ship"), "base": ("a base", "base"),
           "outpost": ("an outpost", "outpost")},
    "ru": {"any": ("карту", "карта"), "ship": ("корабль", "корабль"), "base": ("базу", "база"),
           "outpost": ("аванпост", "аванпост")},
}


def active_language() -> str:
    """Return "ru" when Russian is active, else "en"."""
    return "ru" if (get_language() or "en").lower().startswith("ru") else "en"


def _cards(n: int, lang: str) -> str:
    """Return "a card" / "2 cards" / "карту" / "2 карты" / "5 карт"."""
    if lang == "en":
        return "a card" if n == 1 else f"{n} cards"
    if n == 1:
        return "карту"
    last_two, last = n % 100, n % 10
    form = "карты" if 2 <= last <= 4 and not 12 <= last_two <= 14 else "карт"
    return f"{n} {form}"


class _Renderer:
    """Renders one language; the faction names come from the pack (or fall back to the ids)."""

    def __init__(self, lang: str, factions: FactionNames | None = None) -> None:
        self.lang = lang if lang in PHRASES else "en"
        self.p = PHRASES[self.lang]
        self.factions = factions or {}

    def faction(self, faction_id: str) -> str:
        return self.factions.get(faction_id, faction_id.replace("_", " ").title())

    def effects(self, effects: Any) -> str:
        if not isinstance(effects, list):
            return _raw(effects)
        if not effects:
            return self.p["nothing"]
        return ", ".join(self.effect(e) for e in effects)

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
        text = self.p["per"].format(base=self.p[key].format(n=value.get("times", 1)),
                                    counter=self.counter(value["per"]))
        if value.get("max") is not None:
            text += self.p["max"].format(n=value["max"])
        return text

    def cards_amount(self, key: str, value: Any) -> str:
        """Render "draw 2 cards" or "draw a card for each card scrapped this way"."""
        if isinstance(value, int):
            return self.p[key].format(cards=_cards(value, self.lang))
        return self.p["per"].format(base=self.p[key].format(cards=_cards(value.get("times", 1),
                                                                         self.lang)),
                                    counter=self.counter(value["per"]))

    def up_to(self, maximum: int) -> str:
        return _cards(1, self.lang) if maximum == 1 else self.p["up_to"].format(n=maximum)

    def counter(self, counter: str, *, plural: bool = False) -> str:
        name, _, arg = counter.partition(":")
        forms = COUNTERS[self.lang].get(name)
        if forms is None:  # e.g. "stat:bases_destroyed": readable enough spelled out
            return counter.replace("_", " ").replace(":", ": ")
        return forms[plural].format(f=self.faction(arg) if arg else "")

    def cond(self, cond: Any) -> str:
        if not isinstance(cond, dict):
            return _raw(cond)
        if "all" in cond or "any" in cond:
            key = "all" if "all" in cond else "any"
            return self.p[key].join(self.cond(c) for c in cond[key])
        if "not" in cond:
            return self.p["not"].format(cond=self.cond(cond["not"]))
        key = "at_least" if "at_least" in cond else "at_most"
        return self.p[key].format(counter=self.counter(cond["count"], plural=True), n=cond[key])

    def what(self, spec: Mapping[str, Any], *, nominative: bool = False) -> str:
        """Render "a ship costing up to 3 of the Blob faction" from type/max_cost/faction."""
        names = TYPE_NAMES[self.lang]
        text = names.get(spec.get("type") or "any", names["any"])[nominative]
        if spec.get("max_cost") is not None:
            text += self.p["cost_up_to"].format(n=spec["max_cost"])
        if spec.get("faction"):
            text += self.p["of_faction"].format(faction=self.faction(spec["faction"]))
        return text


def _raw(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _scrap(r: _Renderer, v: Mapping[str, Any]) -> str:
    zone = ZONES[r.lang].get(v.get("from", "hand"), v.get("from", ""))
    if v.get("min", 0) == 0:
        return r.p["scrap_may"].format(cards=r.up_to(v.get("max", 1)), zone=zone)
    return r.p["scrap"].format(cards=_cards(v.get("max", 1), r.lang), zone=zone)


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
    return r.p["recycle"].format(cards=r.up_to(v.get("max", 1)),
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
    text = r.p["repeat_per"].format(counter=r.counter(times["per"]), effects=effects)
    if times.get("times", 1) != 1:
        text = r.p["repeat_times"].format(n=times["times"], effects=text)
    return text


def _purge(r: _Renderer, which: str) -> str:
    if which.startswith("slot:"):
        return r.p["purge"].format(which=r.p["slot"].format(n=which.partition(":")[2]))
    return r.p["purge"].format(which=r.p[which])


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


def faction_names(pack_data: Mapping[str, Any], lang: str | None = None) -> dict[str, str]:
    """Return {faction id: name in `lang`} from a pack's `factions` list."""
    lang = lang or active_language()
    names = {}
    for faction in pack_data.get("factions", []) or []:
        if isinstance(faction, dict) and isinstance(faction.get("name"), dict):
            names[faction.get("id")] = faction["name"].get(lang) or faction["name"].get("en", "")
    return names
