"""The card vocabulary of each language: the phrases the site writes and reads back.

One table per language serves both directions (docs/ARCHITECTURE "Owners' sets"): the renderer
(`cards/text.py`) writes the FIRST form of each entry, the parser (`cards/parser.py`) reads every
form. A form after the first is another way a card prints the same thing ("+4 Combat", "gain 4
combat"); it uses the same slots as the first, so the site can write it too (a test fills every
form and reads it back). Card wording is game content with its own plural rules, so it lives here
rather than in the gettext catalogue: the output is the same on every machine.

A form is a template: ``{slot}`` is filled from the effect (its type comes from the slot's name, or
from ``{slot:type}``), ``{{`` and ``}}`` are literal braces. A `Form` adds slot values that the
words imply ("discard up to {b} cards" means a = 0) and a tag the parser acts on: "did" ("if you
did, …" reads the effect before it), "loose" ("you may" without a colon belongs to the effect
after it when that effect is optional anyway: "you may destroy target base, +2 combat"), "alone"
(a word that means something only at the end of a sentence: "+3 authority for each.").
Reading ignores case, "ё", extra spaces and line breaks, and treats ",", ";", "." and "«»" as
optional.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("en", "ru")


@dataclass(frozen=True)
class Form:
    """A way to say a phrase whose words imply some slot values (`fixed`)."""

    template: str
    fixed: dict[str, Any] = field(default_factory=dict)
    tag: str = ""


def form(template: str, tag: str = "", **fixed: Any) -> Form:
    """Return a `Form`: `form("discard up to {b} cards", a=0)`."""
    return Form(template, fixed, tag)


LAST_COUNT_AT_LEAST_1 = {"count": "last_count", "at_least": 1}  # "if you did" / "if you do"


def _gains(word: str) -> tuple[str, ...]:
    """Return the English ways to print "+N <word>" (trade, combat, authority)."""
    return (f"+{{n}} {word}", f"{{n}} {word}", f"gain {{n}} {word}", f"gain +{{n}} {word}",
            f"add {{n}} {word}", f"+{{n}} {word} more", f"{{n}} more {word}",
            f"gain an additional {{n}} {word}", f"gain an additional +{{n}} {word}",
            f"an additional +{{n}} {word}", f"an additional {{n}} {word}",
            f"gain another {{n}} {word}", f"{word} +{{n}}", f"{word}: +{{n}}",
            f"{{{{{word} {{n}}}}}}", f"{{{{{word}}}}} {{n}}", f"+{{n}} {{{{{word}}}}}")


def _ru_gains(genitive: str, dative: str, nominative: str) -> tuple[str, ...]:
    """Return the Russian ways to print "+N <word>" ("+3 боя", "получите 3 боя", "бой +3")."""
    g = genitive
    return (f"+{{n}} {g}", f"{{n}} {g}", f"получите {{n}} {g}", f"получите +{{n}} {g}",
            f"+{{n}} к {dative}", f"ещё +{{n}} {g}", f"ещё {{n}} {g}", f"+{{n}} {g} дополнительно",
            f"получите ещё {{n}} {g}", f"получите ещё +{{n}} {g}", f"дополнительно +{{n}} {g}",
            f"+{{n}} очко {g}", f"+{{n}} очка {g}", f"+{{n}} очков {g}", f"{{n}} очко {g}",
            f"{{n}} очка {g}", f"{{n}} очков {g}", f"получите {{n}} очко {g}",
            f"получите {{n}} очка {g}", f"получите {{n}} очков {g}", f"+{{n}} {nominative}",
            f"{nominative} +{{n}}", f"{nominative}: +{{n}}", f"{{{{{nominative} {{n}}}}}}",
            f"{{{{{nominative}}}}} {{n}}", f"+{{n}} {{{{{nominative}}}}}")


# key -> forms; the first form is the one the site writes. Keys in EFFECT_ORDER are effects; the
# ability keys (primary, ally, ...) end with "{effects}" and their text before it is the header.
PHRASES: dict[str, dict[str, tuple[str | Form, ...]]] = {
    "en": {
        "trade": _gains("trade"), "combat": _gains("combat"), "authority": _gains("authority"),
        "lose_authority": ("lose {n} authority", "-{n} authority", "lose {n} authority points"),
        "per": ("{base} for {counter}",
                form("draw that many cards", base=("draw", 1), counter="last_count")),
        "max": (" (at most {n})", " (up to {n})", " (max {n})", " (maximum {n})", ", at most {n}",
                " (at most {n} in all)"),
        "draw": ("draw {cards}", form("draw", cards=1), "draw {cards} from your deck"),
        "discard": ("discard {cards}", form("discard", cards=1),
                    "discard {cards} from your hand"),
        "discard_range": ("discard {a} to {b} cards", form("discard up to {b} cards", a=0),
                          form("you may discard {b:cards}", a=0),
                          form("you may discard up to {b} cards", a=0),
                          form("you may discard", a=0, b=1),
                          form("discard up to {b} cards from your hand", a=0),
                          form("you may discard {b:cards} from your hand", a=0)),
        "opponent_discards": ("target opponent discards {cards}", "opponent discards {cards}",
                              "your opponent discards {cards}",
                              "target opponent must discard {cards}",
                              "target opponent discards {cards} from their hand"),
        "scrap": ("scrap {cards} from {zone}", "scrap {cards} in {zone}"),
        "scrap_range": ("scrap {a} to {b} cards from {zone}", "scrap {a} to {b} cards in {zone}"),
        "scrap_may": ("you may scrap {cards} from {zone}", "you may scrap {cards} in {zone}",
                      "scrap {cards} from {zone}", "scrap {cards} in {zone}"),
        "destroy_base": ("you may destroy up to {n} target base(s)",
                         "destroy up to {n} target bases", "you may destroy up to {n} bases",
                         "destroy up to {n} bases", "you may destroy {n} target bases",
                         "destroy {n} target bases"),
        "destroy_one": ("you may destroy target base", "destroy target base",
                        "you may destroy a target base", "destroy a target base",
                        "you may destroy target base without attacking it",
                        "destroy target base without attacking it", "destroy a base",
                        "you may destroy a base", "destroy an opponent's base",
                        "you may destroy an opponent's base"),
        "acquire_free": ("you may acquire {what} for free{to}", "acquire {what} for free{to}",
                         "acquire {what} without paying its cost{to}",
                         "you may acquire {what} without paying its cost{to}",
                         "gain {what} for free{to}", "take {what} for free{to}",
                         "you may take {what} for free{to}"),
        "cost_up_to": (" costing up to {n}", " of cost {n} or less", " costing {n} or less",
                       " with cost {n} or less", " with a cost of {n} or less",
                       " that costs {n} or less", " of cost up to {n}", " costing at most {n}",
                       " with a cost of up to {n}"),
        "of_faction": (" of the {faction} faction", " of {faction}", " from the {faction} faction"),
        "next_acquire": ("you may put the next {what} you acquire this turn {to}",
                         "put the next {what} you acquire this turn {to}",
                         "the next {what} you acquire this turn goes {to}",
                         "the next {what} you acquire this turn may go {to}",
                         "you may put the next {what} you acquire {to}",
                         "put the next {what} you acquire {to}",
                         "you may put the next {what} you buy this turn {to}",
                         "put the next {what} you buy this turn {to}",
                         "the next {what} you buy this turn goes {to}",
                         "the next {what} you acquire goes {to}", "the next {what} goes {to}",
                         "next {what} goes {to}", "your next {what} goes {to}",
                         "your next {what} this turn goes {to}"),
        "discount": ("the next {what} you acquire this turn costs {n} less",
                     "the next {what} you acquire this turn costs {n} trade less",
                     "the next {what} you acquire this turn costs {n} less trade",
                     "the next {what} you buy this turn costs {n} less"),
        "recycle": ("you may move {cards} from your discard pile {to}",
                    "move {cards} from your discard pile {to}",
                    "you may put {cards} from your discard pile {to}",
                    "put {cards} from your discard pile {to}",
                    "you may return {cards} from your discard pile {to}"),
        "copy_ship": ("copy another ship you played this turn",
                      "copy another ship you've played this turn",
                      form("copy another ship you've played this turn. {name} has that ship's "
                           "faction in addition to {faction}"),
                      form("copy another ship you played this turn. {name} has that ship's "
                           "faction in addition to {faction}"),
                      form("copy another ship you've played this turn (with its factions too)")),
        "copy_base": ("this card becomes a copy of any base in play until your turn ends "
                      "(with that base's factions too)",
                      "until your turn ends, this card becomes a copy of any base in play",
                      form("until your turn ends, {name} becomes a copy of any base in play"),
                      form("until your turn ends, {name} becomes a copy of any base in play. "
                           "{name} has that base's faction in addition to {faction}")),
        "this_to_hand": ("put this card into your hand", "put this card in your hand",
                         "put it into your hand", "put it in your hand"),
        "repeat_times": ("{n} times: {effects}", "{n} times, {effects}", "do {n} times: {effects}"),
        "repeat_per": ("for {counter}: {effects}", "for {counter}, {effects}",
                       form("gain {options} for {counter}")),
        "repeat_per_n": ("{n} times for {counter}: {effects}",),
        "choose": ("choose one: {options}", "{options}", "choose: {options}", "either {options}",
                   "choose one of: {options}"),
        "or": ("; or ", " or ", ", or ", "; or else ", " or else "),
        "nothing": ("nothing", "do nothing"),
        "may": ("you may: {effects}", form("you may {effects}", "loose")),
        "if": ("if {cond}: {then}", "if {cond}, {then}", "if {cond} {then}",
               form("if you did, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("if you do, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("if you did: {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("if you do: {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("if you did so, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("if you do so, {then}", "did", cond=LAST_COUNT_AT_LEAST_1)),
        "else": ("; otherwise {other}", "; otherwise, {other}", "; if not, {other}",
                 "; if you didn't, {other}", "; if you don't, {other}", "; else {other}",
                 ". otherwise, {other}", ". if not, {other}"),
        "purge": ("scrap the {which} card of the trade row",
                  "scrap the {which} card in the trade row"),
        "cheapest": ("cheapest",), "most_expensive": ("most expensive",),
        "slot": ("card in slot {n}",),
        "ally_for_all": ("counts as an ally of every faction", "counts as an ally for all factions",
                         "counts as an ally of all factions",
                         form("{name} counts as an ally for all factions"),
                         form("{name} counts as an ally of every faction"),
                         form("{name} counts as an ally of all factions")),
        "on_play": ("whenever you play {match}: {effects}", "whenever you play {match}, {effects}",
                    "when you play {match}, {effects}", "when you play {match}: {effects}",
                    "all of your {match:what_pl} get {effects}",
                    "all your {match:what_pl} get {effects}",
                    "your {match:what_pl} get {effects}"),
        "static_defense": ("your bases have +{n} defense", "your bases get +{n} defense",
                           "all of your bases get +{n} defense", "all your bases get +{n} defense",
                           "your bases have +{n} shield", "your bases get +{n} shield"),
        "primary": ("{effects}",),
        "ally": ("Ally ({faction}): {effects}", "{faction} ally: {effects}",
                 "{faction} ally ability: {effects}", "ally {faction}: {effects}",
                 "ally ability ({faction}): {effects}", "({faction} ally): {effects}",
                 "{{{faction} ally}}: {effects}", "{{{faction} ally}} {effects}",
                 "[{faction} ally]: {effects}", "[{faction} ally] {effects}",
                 "{{{faction}}}: {effects}", "[{faction}]: {effects}", "{faction}: {effects}"),
        "ally_any": ("Ally: {effects}", "ally ability: {effects}", "{{ally}}: {effects}",
                     "{{ally}} {effects}", "[ally]: {effects}", "[ally] {effects}",
                     "(ally): {effects}", "ally - {effects}"),
        "scrap_ability": ("Scrap: {effects}", "{{scrap}}: {effects}", "{{scrap}} {effects}",
                          "[scrap]: {effects}", "[scrap] {effects}", "(scrap): {effects}",
                          "scrap ability: {effects}", "scrap this card: {effects}",
                          "trash: {effects}", "trash can: {effects}", "{{trash}}: {effects}",
                          "{{trash}} {effects}", "[trash]: {effects}", "[trash] {effects}",
                          "{{trash can}}: {effects}", "{{trash can}} {effects}",
                          "🗑: {effects}", "🗑 {effects}", "scrap - {effects}"),
        "onbuy": ("On buy: {effects}", "when you acquire this card, {effects}",
                  "when you acquire this card: {effects}", "when acquired: {effects}",
                  "on acquire: {effects}", "when you buy this card, {effects}",
                  "on purchase: {effects}", "when you acquire this, {effects}"),
        "static": ("{effects}",),
        "and": ("and {effects}", "and also {effects}"),
        "at_least": ("{counter} ≥ {n}", "{n} or more {counter}", "at least {n} {counter}"),
        "at_most": ("{counter} ≤ {n}", "{n} or fewer {counter}", "{n} or less {counter}",
                    "at most {n} {counter}"),
        "all": (" and ",), "any": (" or ",), "not": ("not ({cond})",),
        "to_discard": ("",),
        "to_hand": (" and put it into your hand", " into your hand", " and put it in your hand",
                    " and place it into your hand", " to your hand", ", putting it into your hand"),
        "to_deck_top": (" and put it on top of your deck", " on top of your deck",
                        " and place it on top of your deck", " and put it onto your deck",
                        ", putting it on top of your deck"),
        "place_hand": ("into your hand", "in your hand", "to your hand"),
        "place_deck_top": ("on top of your deck", "onto your deck", "on your deck"),
        "place_discard": ("into your discard pile", "in your discard pile"),
        "up_to": ("up to {n} {things}", "{n} {things}"),
    },
    "ru": {
        "trade": _ru_gains("торговли", "торговле", "торговля"),
        "combat": _ru_gains("боя", "бою", "бой") + _ru_gains("атаки", "атаке", "атака"),
        "authority": _ru_gains("влияния", "влиянию", "влияние"),
        "lose_authority": ("потеряйте {n} влияния", "-{n} влияния", "потеряйте {n} очков влияния",
                           "потеряйте {n} очка влияния"),
        "per": ("{base} за {counter}",
                form("возьмите столько же карт", base=("draw", 1), counter="last_count"),
                form("возьмите столько же карт из колоды", base=("draw", 1),
                     counter="last_count")),
        "max": (" (не больше {n})", " (не более {n})", " (максимум {n})", ", но не больше {n}",
                " (всего не больше {n})"),
        "draw": ("возьмите {cards}", "взять {cards}", "возьмите {cards} из колоды",
                 "возьмите из колоды {cards}", "возьмите {cards} из своей колоды",
                 "вытяните {cards}"),
        "discard": ("сбросьте {cards}", "сбросить {cards}", "сбросьте {cards} с руки"),
        "discard_range": ("сбросьте от {a} до {b} карт", form("сбросьте до {b} карт", a=0),
                          form("можете сбросить {b:cards}", a=0),
                          form("вы можете сбросить {b:cards}", a=0),
                          form("можете сбросить до {b} карт", a=0),
                          form("сбросьте с руки до {b} карт", a=0),
                          form("можете сбросить с руки до {b} карт", a=0),
                          form("сбросить до {b} карт", a=0)),
        "opponent_discards": ("противник сбрасывает {cards}",
                              "выбранный противник сбрасывает {cards}",
                              "соперник сбрасывает {cards}", "противник сбрасывает {cards} с руки",
                              "выбранный соперник сбрасывает {cards}",
                              "противник должен сбросить {cards}"),
        "scrap": ("отправьте в утиль {cards} {zone}", "отправить в утиль {cards} {zone}",
                  "отправьте {cards} {zone} в утиль"),
        "scrap_range": ("отправьте в утиль от {a} до {b} карт {zone}",),
        "scrap_may": ("можете отправить в утиль {cards} {zone}",
                      "вы можете отправить в утиль {cards} {zone}",
                      "отправьте в утиль {cards} {zone}", "отправить в утиль {cards} {zone}",
                      "можете отправить {cards} {zone} в утиль"),
        "destroy_base": ("можете уничтожить до {n} баз противника",
                         "можете уничтожить до {n} выбранных баз",
                         "уничтожьте до {n} выбранных баз",
                         "уничтожьте до {n} баз противника"),
        "destroy_one": ("можете уничтожить базу противника", "уничтожьте выбранную базу",
                        "можете уничтожить выбранную базу", "уничтожьте базу противника",
                        "уничтожить выбранную базу", "уничтожить базу противника",
                        "вы можете уничтожить выбранную базу", "можете уничтожить базу",
                        "уничтожьте базу"),
        "acquire_free": ("можете бесплатно получить {what}{to}", "бесплатно получите {what}{to}",
                         "получите {what} бесплатно{to}", "купите {what} бесплатно{to}",
                         "бесплатно купите {what}{to}", "можете бесплатно купить {what}{to}",
                         "можете купить {what} бесплатно{to}", "приобретите {what} бесплатно{to}",
                         "бесплатно приобретите {what}{to}", "получить {what} бесплатно{to}",
                         "купите {what}, не платя за неё{to}",
                         "купите {what}, не платя за него{to}"),
        "cost_up_to": (" стоимостью до {n}", " стоимостью {n} или меньше",
                       " стоимостью не более {n}", " стоимостью не больше {n}",
                       " стоимостью {n} или дешевле", " ценой до {n}",
                       " с ценой не больше {n}", " стоимостью {n} или ниже"),
        "of_faction": (" фракции «{faction}»", " фракции {faction}", " {faction}"),
        "next_acquire": ("следующее приобретение в этот ход ({what}) можете положить {to}",
                         "можете положить следующий купленный в этот ход {what} {to}",
                         "положите следующий купленный в этот ход {what} {to}",
                         "можете положить следующую купленную в этот ход {what} {to}",
                         "положите следующую купленную в этот ход {what} {to}",
                         "можете положить следующий {what}, купленный в этот ход, {to}",
                         "положите следующий {what}, купленный в этот ход, {to}",
                         "можете положить следующую {what}, купленную в этот ход, {to}",
                         "положите следующую {what}, купленную в этот ход, {to}",
                         "следующий {what}, купленный в этот ход, можете положить {to}",
                         "следующую {what}, купленную в этот ход, можете положить {to}",
                         "следующий купленный в этот ход {what} кладётся {to}",
                         "следующая купленная в этот ход {what} кладётся {to}",
                         "следующий {what} кладётся {to}", "следующая {what} кладётся {to}"),
        "discount": ("следующее приобретение в этот ход ({what}) стоит на {n} меньше",
                     "следующий {what}, купленный в этот ход, стоит на {n} меньше",
                     "следующая {what}, купленная в этот ход, стоит на {n} меньше",
                     "следующий купленный в этот ход {what} стоит на {n} меньше",
                     "следующая купленная в этот ход {what} стоит на {n} меньше"),
        "recycle": ("можете переложить {cards} из сброса {to}", "переложите {cards} из сброса {to}",
                    "можете положить {cards} из сброса {to}", "положите {cards} из сброса {to}",
                    "можете вернуть {cards} из сброса {to}", "верните {cards} из сброса {to}",
                    "можете переложить {cards} из стопки сброса {to}",
                    "переложите {cards} из стопки сброса {to}",
                    "можете положить {cards} из стопки сброса {to}",
                    "положите {cards} из стопки сброса {to}",
                    "можете вернуть {cards} из стопки сброса {to}",
                    "верните {cards} из стопки сброса {to}"),
        "copy_ship": ("скопируйте другой корабль, разыгранный в этот ход",
                      "скопируйте другой корабль, разыгранный вами в этот ход",
                      "скопируйте другой разыгранный в этот ход корабль",
                      form("скопируйте другой корабль, разыгранный в этот ход. {name} получает "
                           "фракцию этого корабля в дополнение к {faction}"),
                      form("скопируйте другой корабль, разыгранный вами в этот ход. {name} "
                           "получает фракцию этого корабля в дополнение к {faction}")),
        "copy_base": ("до конца хода эта карта становится копией любой базы в игре "
                      "(и получает фракции этой базы)",
                      "до конца хода эта карта становится копией любой базы в игре",
                      form("до конца хода {name} становится копией любой базы в игре"),
                      form("до конца хода {name} становится копией любой базы в игре. {name} "
                           "получает фракцию этой базы в дополнение к {faction}")),
        "this_to_hand": ("возьмите эту карту в руку", "взять эту карту в руку",
                         "положить эту карту в руку", "положите эту карту в руку",
                         "взять её в руку", "взять его в руку", "возьмите её в руку"),
        "repeat_times": ("{n} раз(а): {effects}", "{n} раза: {effects}", "{n} раз: {effects}"),
        "repeat_per": ("за {counter}: {effects}", "за {counter} {effects}",
                       form("получите {options} за {counter}")),
        "repeat_per_n": ("{n} раз(а) за {counter}: {effects}",),
        "choose": ("выберите одно: {options}", "{options}", "выберите: {options}",
                   "выберите одно из двух: {options}", "либо {options}",
                   "выберите одно из: {options}"),
        "or": ("; или ", " или ", ", или ", "; либо ", " либо ", ", либо "),
        "nothing": ("ничего", "ничего не делайте"),
        "may": ("можете: {effects}", form("можете {effects}", "loose"), "вы можете: {effects}",
                form("вы можете {effects}", "loose")),
        "if": ("если {cond}: {then}", "если {cond}, {then}", "если {cond} — {then}",
               form("если отправили — {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если отправили, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если сбросили — {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если сбросили, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если вы это сделали, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если сделали, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если вы так сделали, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если вы сбросили карту, {then}", "did", cond=LAST_COUNT_AT_LEAST_1),
               form("если вы отправили карту в утиль, {then}", "did",
                    cond=LAST_COUNT_AT_LEAST_1)),
        "else": ("; иначе {other}", "; иначе, {other}", ", если нет — {other}",
                 "; если нет — {other}", "; если нет, {other}", ". иначе {other}",
                 ". если нет — {other}", ". если нет, {other}"),
        "purge": ("отправьте в утиль {which} карту торгового ряда",
                  "отправьте в утиль {which} карту из торгового ряда",
                  "отправьте в утиль {which} карту в торговом ряду"),
        "cheapest": ("самую дешёвую",), "most_expensive": ("самую дорогую",),
        "slot": ("карту в ячейке {n}",),
        "ally_for_all": ("считается союзником любой фракции", "считается союзником всех фракций",
                         "является союзником любой фракции",
                         form("{name} считается союзником любой фракции"),
                         form("{name} считается союзником всех фракций"),
                         form("{name} — союзник любой фракции")),
        "on_play": ("когда вы разыгрываете {match}: {effects}",
                    "когда вы разыгрываете {match}, {effects}",
                    "каждый раз, когда вы разыгрываете {match}, {effects}",
                    "разыгрывая {match}, {effects}",
                    "все ваши {match:what_pl} получают {effects}",
                    "ваши {match:what_pl} получают {effects}"),
        "static_defense": ("ваши базы получают +{n} к прочности",
                           "ваши базы получают +{n} к обороне",
                           "все ваши базы получают +{n} к обороне",
                           "все ваши базы получают +{n} к прочности",
                           "+{n} к обороне ваших баз", "+{n} к прочности ваших баз"),
        "primary": ("{effects}",),
        "ally": ("Союзное свойство ({faction}): {effects}", "союз ({faction}): {effects}",
                 "{faction}, союз: {effects}", "{faction} союз: {effects}",
                 "союз {faction}: {effects}", "союз с {faction}: {effects}",
                 "союзник {faction}: {effects}", "союзное свойство {faction}: {effects}",
                 "({faction}, союз): {effects}", "{{{faction}}}: {effects}",
                 "[{faction}]: {effects}", "{faction}: {effects}"),
        "ally_any": ("Союзное свойство: {effects}", "союз: {effects}", "союзник: {effects}",
                     "{{союз}}: {effects}", "{{союз}} {effects}", "[союз]: {effects}",
                     "[союз] {effects}", "союз - {effects}"),
        "scrap_ability": ("Утиль: {effects}", "{{утиль}}: {effects}", "{{утиль}} {effects}",
                          "[утиль]: {effects}", "[утиль] {effects}", "(утиль): {effects}",
                          "утилизация: {effects}", "утилизационное свойство: {effects}",
                          "мусорный бак: {effects}", "{{мусорный бак}}: {effects}",
                          "корзина: {effects}", "{{корзина}}: {effects}",
                          "отправьте эту карту в утиль: {effects}", "🗑: {effects}",
                          "🗑 {effects}", "утиль - {effects}"),
        "onbuy": ("При покупке: {effects}", "когда вы покупаете эту карту, {effects}",
                  "когда вы покупаете эту карту: {effects}",
                  "когда вы приобретаете эту карту, {effects}", "при приобретении: {effects}",
                  "купив эту карту, {effects}", "при покупке этой карты {effects}"),
        "static": ("{effects}",),
        "and": ("и {effects}", "а также {effects}"),
        "at_least": ("{counter} ≥ {n}", "{counter} не меньше {n}", "{counter} не менее {n}"),
        "at_most": ("{counter} ≤ {n}", "{counter} не больше {n}", "{counter} не более {n}"),
        "all": (" и ",), "any": (" или ",), "not": ("не ({cond})",),
        "to_discard": ("",),
        "to_hand": (" в руку", " и возьмите её в руку", " и возьмите его в руку",
                    " и положите её в руку", " и положите его в руку", " себе в руку",
                    " и возьмите её себе в руку", " и возьмите его себе в руку"),
        "to_deck_top": (" на верх колоды", " на верх своей колоды", " на верх вашей колоды",
                        " и положите её на верх колоды", " и положите его на верх колоды",
                        " и положите её на верх своей колоды",
                        " и положите его на верх своей колоды", " поверх колоды",
                        " и положите её поверх колоды", " и положите его поверх колоды"),
        "place_hand": ("в руку", "себе в руку"),
        "place_deck_top": ("на верх колоды", "на верх своей колоды", "на верх вашей колоды",
                           "поверх колоды", "поверх своей колоды"),
        "place_discard": ("в сброс", "в стопку сброса"),
        "up_to": ("до {n} {things}",),
    },
}

# The effect keys the parser tries, first first: when two read the same words, the earlier wins
# ("scrap a card from your hand" is the exact `scrap`, not `scrap_may`; Supply Depot's "gain 2
# trade or 2 combat for each card discarded" is one `repeat`, not a choice with a "for each").
EFFECT_ORDER = (
    "per", "lose_authority", "trade", "combat", "authority", "draw", "discard_range", "discard",
    "opponent_discards", "scrap_range", "scrap", "scrap_may", "destroy_one", "destroy_base",
    "acquire_free", "next_acquire", "discount", "recycle", "copy_ship", "copy_base",
    "this_to_hand", "purge", "repeat_per_n", "repeat_times", "repeat_per", "if", "may", "choose",
)
STATIC_ORDER = ("ally_for_all", "on_play", "static_defense")
HEADER_ORDER = ("ally", "ally_any", "scrap_ability", "onbuy")
HEADER_WHEN = {"ally": "ally", "ally_any": "ally", "scrap_ability": "scrap", "onbuy": "onbuy"}

ZONES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"hand": ("your hand", "hand"),
           "discard": ("your discard pile", "discard pile", "your discard"),
           "hand_or_discard": ("your hand or discard pile", "your hand and/or discard pile",
                               "your hand or your discard pile", "hand or discard pile",
                               "your discard pile or hand", "your hand and/or your discard pile",
                               "hand and/or discard pile"),
           "trade_row": ("the trade row", "trade row")},
    "ru": {"hand": ("из руки", "с руки", "из вашей руки", "с вашей руки"),
           "discard": ("из сброса", "из стопки сброса", "из вашего сброса",
                       "из вашей стопки сброса"),
           "hand_or_discard": ("из руки или сброса", "с руки или из стопки сброса",
                               "с руки и/или из стопки сброса", "из руки или из сброса",
                               "из руки и/или сброса", "с руки или из сброса",
                               "из руки или из стопки сброса", "из руки и/или из стопки сброса",
                               "с руки и/или из сброса", "из руки или стопки сброса",
                               "с руки или стопки сброса", "из руки и/или стопки сброса"),
           "trade_row": ("из торгового ряда", "в торговом ряду")},
}

# (forms with "each", plural forms) per counter; "{f}" is the faction's name.
COUNTERS: dict[str, dict[str, tuple[tuple[str | Form, ...], tuple[str, ...]]]] = {
    "en": {
        "ships_played": (("each ship you played", "each ship you've played this turn",
                          "each ship you played this turn", "each ship played this turn",
                          "every ship you played this turn"),
                         ("ships you played", "ships you've played this turn",
                          "ships you played this turn", "ships played this turn")),
        "other_ships_played": (("each other ship you played",
                                "each other ship you've played this turn",
                                "each other ship you played this turn",
                                "each other ship played this turn"),
                               ("other ships you played", "other ships you've played this turn",
                                "other ships played this turn")),
        "cards_played": (("each card you played", "each card you've played this turn",
                          "each card you played this turn", "each card played this turn"),
                         ("cards you played", "cards you've played this turn",
                          "cards played this turn")),
        "faction_played": (("each {f} card you played", "each {f} card you've played this turn",
                            "each {f} card that you've played this turn",
                            "each {f} card you played this turn",
                            "each {f} card that you played this turn",
                            "each {f} card played this turn",
                            "each card of the {f} faction you played",
                            "each other {f} card you've played this turn"),
                           ("{f} cards you played", "{f} cards you've played this turn",
                            "{f} cards played this turn")),
        "bases_in_play": (("each base you have in play", "each of your bases in play",
                           "each base you control", "each base you have"),
                          ("bases you have in play", "your bases in play", "bases you control")),
        "outposts_in_play": (("each outpost you have in play", "each of your outposts in play",
                              "each outpost you control", "each outpost you have"),
                             ("outposts you have in play", "your outposts in play",
                              "outposts you control")),
        "faction_in_play": (("each {f} card you have in play", "each {f} card you control",
                             "each of your {f} cards in play", "each {f} card in play"),
                            ("{f} cards you have in play", "{f} cards you control")),
        "hand": (("each card in your hand",), ("cards in your hand",)),
        "deck": (("each card in your deck",), ("cards in your deck",)),
        "discard": (("each card in your discard pile",), ("cards in your discard pile",)),
        "authority": (("each point of your authority",), ("your authority",)),
        "opponent_authority": (("each point of opponent authority",),
                               ("opponent authority", "your opponent's authority",
                                "target opponent's authority")),
        "trade_row_faction": (("each {f} card in the trade row",),
                              ("{f} cards in the trade row",)),
        "last_count": (("each card discarded or scrapped this way", "each card scrapped this way",
                        "each card discarded this way", "each card you scrapped this way",
                        "each card you discarded this way", "each card scrapped",
                        "each card discarded", "each one", form("each", "alone")),
                       ("cards discarded or scrapped this way", "cards scrapped this way",
                        "cards discarded this way")),
        "turn": (("each of your turns",), ("your turn number",)),
        "opponent_bases_in_play": (("each base your opponents have in play",
                                    "each base your opponent has in play",
                                    "each base an opponent has in play",
                                    "each opponent base in play"),
                                   ("bases your opponents have in play",
                                    "bases your opponent has in play")),
        "scrapped_this_turn": (("each card you scrapped from your hand or discard pile this turn",
                                "each card scrapped from your hand and/or discard pile this turn",
                                "each card scrapped from your hand or discard pile this turn",
                                "each card you scrapped from your hand and/or discard pile "
                                "this turn", "each card you scrapped this turn",
                                "each card scrapped this turn"),
                               ("cards you scrapped from your hand or discard pile this turn",
                                "cards scrapped from your hand and/or discard pile this turn",
                                "cards you scrapped this turn")),
    },
    "ru": {
        "ships_played": (("каждый разыгранный корабль", "каждый корабль, разыгранный в этот ход",
                          "каждый разыгранный в этот ход корабль",
                          "каждый корабль, разыгранный вами в этот ход"),
                         ("разыгранных кораблей", "разыгранных в этот ход кораблей")),
        "other_ships_played": (("каждый другой разыгранный корабль",
                                "каждый другой корабль, разыгранный в этот ход",
                                "каждый другой разыгранный в этот ход корабль"),
                               ("других разыгранных кораблей",)),
        "cards_played": (("каждую разыгранную карту", "каждую карту, разыгранную в этот ход",
                          "каждую разыгранную в этот ход карту"),
                         ("разыгранных карт", "разыгранных в этот ход карт")),
        "faction_played": (("каждую разыгранную карту фракции «{f}»",
                            "каждую разыгранную в этот ход карту {f}",
                            "каждую карту {f}, разыгранную в этот ход",
                            "каждую карту {f}, разыгранную вами в этот ход",
                            "каждую разыгранную карту {f}",
                            "каждую карту фракции «{f}», разыгранную в этот ход",
                            "каждую вашу карту {f}, разыгранную в этот ход"),
                           ("разыгранных карт фракции «{f}»", "разыгранных в этот ход карт {f}",
                            "разыгранных карт {f}")),
        "bases_in_play": (("каждую вашу базу в игре", "каждую вашу базу",
                           "каждую вашу разыгранную базу"),
                          ("ваших баз в игре", "ваших баз")),
        "outposts_in_play": (("каждый ваш аванпост в игре", "каждый ваш аванпост",
                              "каждый ваш разыгранный аванпост"),
                             ("ваших аванпостов в игре", "ваших аванпостов")),
        "faction_in_play": (("каждую вашу карту фракции «{f}» в игре",
                             "каждую вашу карту {f} в игре"),
                            ("ваших карт фракции «{f}» в игре", "ваших карт {f} в игре")),
        "hand": (("каждую карту в руке", "каждую карту у вас в руке"),
                 ("карт в руке", "карт у вас в руке")),
        "deck": (("каждую карту в колоде",), ("карт в колоде",)),
        "discard": (("каждую карту в сбросе", "каждую карту в стопке сброса"),
                    ("карт в сбросе", "карт в стопке сброса")),
        "authority": (("каждое очко вашего влияния",), ("вашего влияния", "ваше влияние")),
        "opponent_authority": (("каждое очко влияния противника",),
                               ("влияния противника", "влияние противника")),
        "trade_row_faction": (("каждую карту фракции «{f}» в торговом ряду",
                               "каждую карту {f} в торговом ряду"),
                              ("карт фракции «{f}» в торговом ряду", "карт {f} в торговом ряду")),
        # "таким образом" first (what the faces say): "…в утиль так." at the end of a card's
        # text read as if it had been cut off
        "last_count": (("каждую карту, сброшенную или отправленную в утиль таким образом",
                        "каждую карту, сброшенную или отправленную в утиль так",
                        "каждую карту, отправленную в утиль так",
                        "каждую карту, отправленную в утиль таким образом",
                        "каждую карту, сброшенную так", "каждую карту, сброшенную таким образом",
                        "каждую сброшенную так карту", "каждую сброшенную таким образом карту",
                        "каждую отправленную в утиль так карту", "каждую сброшенную карту",
                        "каждую отправленную в утиль карту", "каждую такую карту",
                        form("каждую", "alone")),
                       ("карт, сброшенных или отправленных в утиль таким образом",
                        "карт, сброшенных или отправленных в утиль так",
                        "сброшенных так карт", "отправленных в утиль так карт")),
        "turn": (("каждый ваш ход",), ("номер вашего хода",)),
        "opponent_bases_in_play": (("каждую базу противника в игре", "каждую базу противника",
                                    "каждую базу соперника"),
                                   ("баз противника в игре", "баз противника")),
        "scrapped_this_turn": (("каждую карту, отправленную в утиль из руки или сброса в этот ход",
                                "каждую карту, отправленную в утиль с руки и/или из стопки "
                                "сброса в этот ход",
                                "каждую карту, отправленную в утиль с руки или из стопки "
                                "сброса в этот ход",
                                "каждую карту, отправленную в утиль в этот ход"),
                               ("карт, отправленных в утиль из руки или сброса в этот ход",
                                "карт, отправленных в утиль в этот ход")),
    },
}

# Other ways a card says a count condition (the site writes the generic "≥"/"≤" phrase);
# (counter, "at_least" | "at_most") -> forms with {n} (or a fixed n) and "{f}" for a faction.
CONDITIONS: dict[str, dict[tuple[str, str], tuple[str | Form, ...]]] = {
    "en": {
        ("bases_in_play", "at_least"): (
            "you have {n} or more bases in play",
            "you have {n} or more bases in play (including this one)",
            "you have at least {n} bases in play", "you have {n} or more bases",
            "you control {n} or more bases", "you have {n}+ bases in play"),
        ("outposts_in_play", "at_least"): ("you have {n} or more outposts in play",
                                           form("you have an outpost in play", n=1)),
        ("opponent_bases_in_play", "at_least"): (
            form("an opponent controls a base", n=1), form("an opponent has a base in play", n=1),
            form("your opponent has a base in play", n=1), form("an opponent has a base", n=1),
            form("target opponent has a base in play", n=1),
            form("an opponent controls a base in play", n=1),
            "an opponent has {n} or more bases in play"),
        ("faction_played", "at_least"): (
            form("you've played a {f} card this turn", n=1),
            form("you have played a {f} card this turn", n=1),
            form("you played a {f} card this turn", n=1),
            form("you've played another {f} card this turn", n=1),
            "you've played {n} or more {f} cards this turn"),
        ("ships_played", "at_least"): ("you've played {n} or more ships this turn",
                                       "you played {n} or more ships this turn"),
        ("cards_played", "at_least"): ("you've played {n} or more cards this turn",),
        ("authority", "at_least"): ("you have {n} or more authority",
                                    "your authority is {n} or more",
                                    "you have at least {n} authority"),
        ("authority", "at_most"): ("you have {n} or less authority",
                                   "your authority is {n} or less"),
        ("opponent_authority", "at_most"): ("an opponent has {n} or less authority",
                                            "target opponent has {n} or less authority",
                                            "your opponent has {n} or less authority"),
    },
    "ru": {
        ("bases_in_play", "at_least"): (
            "у вас в игре {n} или больше баз", "у вас в игре {n} или более баз",
            "у вас есть {n} или больше баз в игре", "у вас в игре не меньше {n} баз",
            "у вас в игре {n} или больше баз (включая эту)",
            "у вас в игре {n} или более баз (включая эту)",
            "у вас {n} или больше баз в игре", "у вас в игре хотя бы {n} базы"),
        ("outposts_in_play", "at_least"): ("у вас в игре {n} или больше аванпостов",
                                           form("у вас в игре есть аванпост", n=1)),
        ("opponent_bases_in_play", "at_least"): (
            form("у противника есть база", n=1), form("у противника есть база в игре", n=1),
            form("у противника в игре есть база", n=1), form("противник контролирует базу", n=1),
            form("у соперника есть база", n=1),
            "у противника в игре {n} или больше баз"),
        ("faction_played", "at_least"): (
            form("в этот ход вы разыграли карту {f}", n=1),
            form("вы разыграли карту {f} в этот ход", n=1),
            form("в этот ход вы разыграли карту фракции «{f}»", n=1),
            form("вы уже разыграли карту {f} в этот ход", n=1),
            form("в этот ход вы уже разыграли карту {f}", n=1),
            form("в этот ход вы разыграли другую карту {f}", n=1)),
        ("ships_played", "at_least"): ("в этот ход вы разыграли {n} или больше кораблей",),
        ("authority", "at_least"): ("у вас {n} или больше влияния",
                                    "ваше влияние {n} или больше"),
        ("authority", "at_most"): ("у вас {n} или меньше влияния", "ваше влияние {n} или меньше"),
        ("opponent_authority", "at_most"): ("у противника {n} или меньше влияния",
                                            "влияние противника {n} или меньше"),
    },
}

# The names of a card type: (accusative "acquire a ship", nominative "the next ship", plural after
# a number "up to 2 ships", plural "all of your ships"); "{faction}" may stand before the noun.
TYPE_NAMES: dict[str, dict[str, tuple[tuple[str, ...], ...]]] = {
    "en": {
        "any": (("a card", "any card", "a ship or base", "any ship or base", "a {faction} card",
                 "any {faction} card", "one card"),
                ("card", "ship or base", "{faction} card", "ship or base card"),
                ("cards", "ships or bases"), ("cards", "{faction} cards")),
        "ship": (("a ship", "any ship", "a {faction} ship", "any {faction} ship", "one ship"),
                 ("ship", "{faction} ship"), ("ships",), ("ships", "{faction} ships")),
        "base": (("a base", "any base", "a {faction} base", "any {faction} base", "one base"),
                 ("base", "{faction} base"), ("bases",), ("bases", "{faction} bases")),
        "outpost": (("an outpost", "any outpost", "a {faction} outpost"),
                    ("outpost", "{faction} outpost"), ("outposts",),
                    ("outposts", "{faction} outposts")),
    },
    "ru": {
        "any": (("карту", "любую карту", "корабль или базу", "любой корабль или базу",
                 "карту {faction}", "любую карту {faction}", "одну карту"),
                ("карта", "карту", "корабль или база", "корабль или базу", "карта {faction}",
                 "карту {faction}"),
                ("карт", "кораблей или баз"), ("карты", "карты {faction}")),
        "ship": (("корабль", "любой корабль", "корабль {faction}", "любой корабль {faction}",
                  "один корабль"),
                 ("корабль", "корабль {faction}"), ("кораблей",),
                 ("корабли", "корабли {faction}")),
        "base": (("базу", "любую базу", "базу {faction}", "любую базу {faction}"),
                 ("база", "базу", "база {faction}", "базу {faction}"), ("баз",),
                 ("базы", "базы {faction}")),
        "outpost": (("аванпост", "любой аванпост", "аванпост {faction}"),
                    ("аванпост", "аванпост {faction}"), ("аванпостов",),
                    ("аванпосты", "аванпосты {faction}")),
    },
}
ACCUSATIVE, NOMINATIVE, COUNTED, PLURAL = range(4)

# How many cards: (one card, a number of cards [, Russian: a number ending in 2-4]).
CARD_COUNTS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"one": ("a card", "one card", "1 card", "a single card"),
           "many": ("{n} cards", "{n} card"), "few": ("{n} cards",)},
    "ru": {"one": ("карту", "одну карту", "1 карту", "по карте", "по одной карте", "одна карта"),
           "many": ("{n} карт", "{n} карту"), "few": ("{n} карты",)},
}

NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"zero": 0, "one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12},
    "ru": {"ноль": 0, "один": 1, "одна": 1, "одну": 1, "одно": 1, "одного": 1, "одной": 1,
           "два": 2, "две": 2, "двух": 2, "три": 3, "трёх": 3, "четыре": 4, "четырёх": 4,
           "пять": 5, "пяти": 5, "шесть": 6, "шести": 6, "семь": 7, "семи": 7, "восемь": 8,
           "восьми": 8, "девять": 9, "девяти": 9, "десять": 10, "десяти": 10},
}

# Between the effects of one ability; the first is written. "and/or" makes the next effect
# optional ("you may destroy target base and/or scrap a card in the trade row"). SENTENCES only
# separate effects at the top of an ability, never inside "choose", "if" or "you may".
SEPARATORS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"list": (", ", ", then ", " then ", ", and then ", " and then ", ", and ", " and ",
                    "; ", "; then "),
           "and_or": (" and/or ", ", and/or "),
           "sentence": (". ", ".\n", "\n", ": ", ". then ")},
    "ru": {"list": (", ", ", затем ", " затем ", ", а затем ", " а затем ", ", потом ", " и ",
                    ", и ", "; ", "; затем "),
           "and_or": (" и/или ", ", и/или "),
           "sentence": (". ", ".\n", "\n", ": ", ". затем ")},
}

# -- templates --------------------------------------------------------------------------------

# A slot's type comes from its name, unless the phrase or the slot says otherwise.
SLOT_TYPES = {
    "n": "num", "a": "num", "b": "num", "cards": "cards", "zone": "zone", "what": "what",
    "to": "to", "faction": "faction", "f": "faction", "effects": "effects", "then": "effects",
    "other": "effects", "options": "options", "cond": "cond", "counter": "each", "base": "base",
    "which": "which", "match": "what", "name": "name", "things": "things",
}
PHRASE_SLOT_TYPES = {
    "scrap_may": {"cards": "upto"}, "recycle": {"cards": "upto", "to": "place"},
    "next_acquire": {"what": "what_nom", "to": "place"}, "discount": {"what": "what_nom"},
    "at_least": {"counter": "plural"}, "at_most": {"counter": "plural"},
}

_SLOT = re.compile(r"\{\{|\}\}|\{(\w+)(?::(\w+))?\}")


@dataclass(frozen=True)
class Slot:
    """A `{name}` in a template, with the type of value it holds."""

    name: str
    type: str


def template_parts(template: str, phrase: str = "") -> list[str | Slot]:
    """Split a template into literal text and `Slot`s (typed by name, phrase or `{name:type}`)."""
    parts: list[str | Slot] = []
    text, last = "", 0
    for match in _SLOT.finditer(template):
        text += template[last:match.start()]
        last = match.end()
        if match.group(0) in ("{{", "}}"):
            text += match.group(0)[0]
            continue
        if text:
            parts.append(text)
            text = ""
        name, typed = match.group(1), match.group(2)
        parts.append(Slot(name, typed or PHRASE_SLOT_TYPES.get(phrase, {}).get(name)
                          or SLOT_TYPES.get(name, name)))
    text += template[last:]
    if text:
        parts.append(text)
    return parts


def as_form(entry: str | Form) -> Form:
    """Return an entry of a table as a `Form`."""
    return entry if isinstance(entry, Form) else Form(entry)


def written(entry: str | Form) -> str:
    """Return the template of an entry."""
    return as_form(entry).template
