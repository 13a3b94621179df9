"""Card texts as an owner types them from the printed cards of the core set and Colony Wars.

English: the wording of the printed English cards (Star Realms 2014, Colony Wars 2016), line by
line as on the card, faction icons written as words ("Ally:", "Scrap:"). Russian: in the style
of the Russian edition ("Звёздные империи", Мир Хобби: "+3 боя", "Союз:", "Утиль:", "отправьте в
утиль", "выбранную базу", "купите … бесплатно"). Both are typed from memory of the cards, not
copied from the site, so they test what the parser reads rather than what the site writes.
`{card id: (English, Russian)}`; each test compares the result with the card's abilities in the
shipped pack (fixtures/packs/core-set.json, colony-wars.json).
"""
from __future__ import annotations

STARTERS = {
    "scout": ("+1 Trade", "+1 торговли"),
    "viper": ("+1 Combat", "+1 боя"),
    "explorer": ("+2 Trade\nScrap: +2 Combat", "+2 торговли\nУтиль: +2 боя"),
}

CORE_SET = {
    **STARTERS,
    "blob-fighter": ("+3 Combat\nBlob Ally: Draw a card.", "+3 боя. Союз: возьмите карту."),
    "trade-pod": ("+3 Trade\nAlly: +2 Combat", "+3 торговли\nСоюз (Слизни): +2 боя"),
    "battle-pod": ("+4 Combat. You may scrap a card in the trade row.\nAlly: +2 Combat",
                   "+4 боя. Можете отправить в утиль карту из торгового ряда.\nСоюз: +2 боя"),
    "ram": ("+5 Combat\nAlly: +2 Combat\nScrap: +3 Trade",
            "+5 боя\nСоюз: +2 боя\nУтиль: +3 торговли"),
    "blob-destroyer": (
        "+6 Combat\nAlly: You may destroy target base and/or scrap a card in the trade row.",
        "+6 боя\nСоюз: можете уничтожить выбранную базу и/или отправить в утиль карту из "
        "торгового ряда."),
    "battle-blob": ("+8 Combat\nAlly: Draw a card.\nScrap: +4 Combat",
                    "+8 боя\nСоюз: возьмите карту.\nУтиль: +4 боя"),
    "blob-carrier": (
        "+7 Combat\nAlly: Acquire any ship for free and put it on top of your deck.",
        "+7 боя\nСоюз: купите любой корабль бесплатно и положите его на верх своей колоды."),
    "mothership": ("+6 Combat\nDraw a card.\nAlly: Draw a card.",
                   "+6 боя\nВозьмите карту.\nСоюз: возьмите карту."),
    "blob-wheel": ("+1 Combat\nScrap: +3 Trade", "+1 боя\nУтиль: +3 торговли"),
    "the-hive": ("+3 Combat\nAlly: Draw a card.", "+3 боя\nСоюз: возьмите карту."),
    "blob-world": (
        "+5 Combat or draw a card for each Blob card that you've played this turn.",
        "+5 боя или возьмите по карте за каждую карту Слизней, разыгранную в этот ход."),
    "federation-shuttle": ("+2 Trade\nAlly: +4 Authority", "+2 торговли\nСоюз: +4 влияния"),
    "cutter": ("+4 Authority +2 Trade\nAlly: +4 Combat", "+4 влияния +2 торговли\nСоюз: +4 боя"),
    "embassy-yacht": (
        "+3 Authority +2 Trade\nIf you have two or more bases in play, draw two cards.",
        "+3 влияния +2 торговли\nЕсли у вас в игре две или больше баз, возьмите две карты."),
    "freighter": (
        "+4 Trade\nAlly: You may put the next ship you acquire this turn on top of your deck.",
        "+4 торговли\nСоюз: можете положить следующий купленный в этот ход корабль на верх "
        "своей колоды."),
    "trade-escort": ("+4 Authority +4 Combat\nAlly: Draw a card.",
                     "+4 влияния +4 боя\nСоюз: возьмите карту."),
    "flagship": ("+5 Combat\nDraw a card.\nAlly: +5 Authority",
                 "+5 боя\nВозьмите карту.\nСоюз: +5 влияния"),
    "command-ship": ("+4 Authority +5 Combat\nDraw two cards.\nAlly: Destroy target base.",
                     "+4 влияния +5 боя\nВозьмите две карты.\nСоюз: уничтожьте выбранную базу."),
    "trading-post": ("+1 Authority or +1 Trade\nScrap: +3 Combat",
                     "+1 влияния или +1 торговли\nУтиль: +3 боя"),
    "barter-world": ("+2 Authority or +2 Trade\nScrap: +5 Combat",
                     "+2 влияния или +2 торговли\nУтиль: +5 боя"),
    "defense-center": ("+3 Authority or +2 Combat\nAlly: +2 Combat",
                       "+3 влияния или +2 боя\nСоюз: +2 боя"),
    "port-of-call": ("+3 Trade\nScrap: Draw a card. You may destroy target base.",
                     "+3 торговли\nУтиль: возьмите карту. Можете уничтожить выбранную базу."),
    "central-office": (
        "+2 Trade\nYou may put the next ship you acquire this turn on top of your deck.\n"
        "Ally: Draw a card.",
        "+2 торговли\nМожете положить следующий корабль, купленный в этот ход, на верх своей "
        "колоды.\nСоюз: возьмите карту."),
    "imperial-fighter": ("+2 Combat\nTarget opponent discards a card.\nAlly: +2 Combat",
                         "+2 боя\nПротивник сбрасывает карту.\nСоюз: +2 боя"),
    "corvette": ("+1 Combat\nDraw a card.\nAlly: +2 Combat",
                 "+1 боя\nВозьмите карту.\nСоюз: +2 боя"),
    "survey-ship": ("+1 Trade\nDraw a card.\nScrap: Target opponent discards a card.",
                    "+1 торговли\nВозьмите карту.\nУтиль: противник сбрасывает карту."),
    "imperial-frigate": (
        "+4 Combat\nTarget opponent discards a card.\nAlly: +2 Combat\nScrap: Draw a card.",
        "+4 боя\nПротивник сбрасывает карту.\nСоюз: +2 боя\nУтиль: возьмите карту."),
    "battlecruiser": (
        "+5 Combat\nDraw a card.\nAlly: Target opponent discards a card.\n"
        "Scrap: Draw a card. You may destroy target base.",
        "+5 боя\nВозьмите карту.\nСоюз: противник сбрасывает карту.\n"
        "Утиль: возьмите карту. Можете уничтожить выбранную базу."),
    "dreadnaught": ("+7 Combat\nDraw a card.\nScrap: +5 Combat",
                    "+7 боя\nВозьмите карту.\nУтиль: +5 боя"),
    "space-station": ("+2 Combat\nAlly: +2 Combat\nScrap: +4 Trade",
                      "+2 боя\nСоюз: +2 боя\nУтиль: +4 торговли"),
    "recycling-station": (
        "+1 Trade or discard up to two cards, then draw that many cards.",
        "+1 торговли или сбросьте до двух карт, затем возьмите столько же карт."),
    "war-world": ("+3 Combat\nAlly: +4 Combat", "+3 боя\nСоюз: +4 боя"),
    "royal-redoubt": ("+3 Combat\nAlly: Target opponent discards a card.",
                      "+3 боя\nСоюз: противник сбрасывает карту."),
    "fleet-hq": ("All of your ships get +1 Combat.", "Все ваши корабли получают +1 боя."),
    "trade-bot": ("+1 Trade\nYou may scrap a card in your hand or discard pile.\nAlly: +2 Combat",
                  "+1 торговли\nМожете отправить в утиль карту с руки или из стопки сброса.\n"
                  "Союз: +2 боя"),
    "missile-bot": (
        "+2 Combat\nYou may scrap a card in your hand or discard pile.\nAlly: +2 Combat",
        "+2 боя\nМожете отправить в утиль карту с руки или из стопки сброса.\nСоюз: +2 боя"),
    "supply-bot": (
        "+2 Trade\nYou may scrap a card in your hand or discard pile.\nAlly: +2 Combat",
        "+2 торговли\nМожете отправить в утиль карту с руки или из стопки сброса.\nСоюз: +2 боя"),
    "patrol-mech": (
        "+3 Trade or +5 Combat\nAlly: You may scrap a card in your hand or discard pile.",
        "+3 торговли или +5 боя\nСоюз: можете отправить в утиль карту с руки или из стопки "
        "сброса."),
    "stealth-needle": (
        "Copy another ship you've played this turn. Stealth Needle has that ship's faction in "
        "addition to Machine Cult.",
        "Скопируйте другой корабль, разыгранный в этот ход. Игла получает фракцию этого "
        "корабля в дополнение к Технокульту."),
    "battle-mech": (
        "+4 Combat\nYou may scrap a card in your hand or discard pile.\nAlly: Draw a card.",
        "+4 боя\nМожете отправить в утиль карту с руки или из стопки сброса.\n"
        "Союз: возьмите карту."),
    "missile-mech": ("+6 Combat\nYou may destroy target base.\nAlly: Draw a card.",
                     "+6 боя\nМожете уничтожить выбранную базу.\nСоюз: возьмите карту."),
    "battle-station": ("Scrap: +5 Combat", "Утиль: +5 боя"),
    "mech-world": ("Mech World counts as an ally for all factions.",
                   "Техномир считается союзником любой фракции."),
    "junkyard": ("You may scrap a card in your hand or discard pile.",
                 "Можете отправить в утиль карту с руки или из стопки сброса."),
    "machine-base": ("Draw a card, then scrap a card from your hand.",
                     "Возьмите карту, затем отправьте в утиль карту с руки."),
    "brain-world": (
        "Scrap up to two cards from your hand and/or discard pile. Draw a card for each card "
        "scrapped this way.",
        "Отправьте в утиль до двух карт с руки и/или из стопки сброса. Возьмите по карте за "
        "каждую карту, отправленную в утиль таким образом."),
}

COLONY_WARS = {
    **STARTERS,
    "swarmer": ("+3 Combat\nYou may scrap a card in the trade row.\nAlly: +2 Combat",
                "+3 боя\nМожете отправить в утиль карту из торгового ряда.\nСоюз: +2 боя"),
    "predator": ("+4 Combat\nAlly: Draw a card.", "+4 боя\nСоюз: возьмите карту."),
    "cargo-pod": ("+3 Trade\nAlly: +3 Combat\nScrap: +3 Combat",
                  "+3 торговли\nСоюз: +3 боя\nУтиль: +3 боя"),
    "ravager": ("+6 Combat\nYou may scrap up to two cards in the trade row.",
                "+6 боя\nМожете отправить в утиль до двух карт из торгового ряда."),
    "parasite": (
        "+6 Combat or acquire a card of cost six or less for free.\nAlly: Draw a card.",
        "+6 боя или бесплатно купите карту стоимостью 6 или меньше.\nСоюз: возьмите карту."),
    "moonwurm": (
        "+8 Combat\nDraw a card.\nAlly: Acquire a card of cost two or less for free and put it "
        "into your hand.",
        "+8 боя\nВозьмите карту.\nСоюз: бесплатно купите карту стоимостью 2 или меньше и "
        "возьмите её в руку."),
    "leviathan": (
        "+9 Combat\nDraw a card.\nYou may destroy target base.\nAlly: Acquire a card of cost "
        "three or less for free and put it into your hand.",
        "+9 боя\nВозьмите карту.\nМожете уничтожить выбранную базу.\nСоюз: бесплатно купите "
        "карту стоимостью 3 или меньше и возьмите её в руку."),
    "stellar-reef": ("+1 Trade\nScrap: +3 Combat", "+1 торговли\nУтиль: +3 боя"),
    "bioformer": ("+3 Combat\nScrap: +3 Trade", "+3 боя\nУтиль: +3 торговли"),
    "plasma-vent": (
        "+4 Combat\nWhen you acquire this card, if you've played a Blob card this turn, you may "
        "put this card into your hand.\nScrap: Destroy target base.",
        "+4 боя\nКогда вы покупаете эту карту, если в этот ход вы разыграли карту Слизней, "
        "можете взять её в руку.\nУтиль: уничтожьте выбранную базу."),
    "solar-skiff": ("+2 Trade\nAlly: Draw a card.", "+2 торговли\nСоюз: возьмите карту."),
    "trade-hauler": ("+3 Trade\nAlly: +3 Authority", "+3 торговли\nСоюз: +3 влияния"),
    "patrol-cutter": ("+2 Trade +3 Combat\nAlly: +4 Authority",
                      "+2 торговли +3 боя\nСоюз: +4 влияния"),
    "frontier-ferry": ("+3 Trade +4 Authority\nScrap: Destroy target base.",
                       "+3 торговли +4 влияния\nУтиль: уничтожьте выбранную базу."),
    "colony-seed-ship": (
        "+3 Trade +3 Combat +3 Authority\nWhen you acquire this card, if you've played a Trade "
        "Federation card this turn, you may put this card into your hand.",
        "+3 торговли +3 боя +3 влияния\nКогда вы покупаете эту карту, если в этот ход вы "
        "разыграли карту Торговой федерации, можете взять её в руку."),
    "peacekeeper": ("+6 Combat +6 Authority\nAlly: Draw a card.",
                    "+6 боя +6 влияния\nСоюз: возьмите карту."),
    "storage-silo": ("+2 Authority\nAlly: +2 Trade", "+2 влияния\nСоюз: +2 торговли"),
    "central-station": (
        "+2 Trade\nIf you have three or more bases in play (including this one), gain 4 "
        "Authority and draw a card.",
        "+2 торговли\nЕсли у вас в игре три или больше баз (включая эту), получите 4 влияния и "
        "возьмите карту."),
    "federation-shipyard": (
        "+2 Trade\nAlly: Put the next ship or base you acquire this turn on top of your deck.",
        "+2 торговли\nСоюз: положите следующий купленный в этот ход корабль или базу на верх "
        "своей колоды."),
    "loyal-colony": ("+3 Trade +3 Combat +3 Authority", "+3 торговли +3 боя +3 влияния"),
    "factory-world": (
        "+3 Trade\nPut the next ship or base you acquire this turn into your hand.",
        "+3 торговли\nПоложите следующий купленный в этот ход корабль или базу в руку."),
    "star-barge": ("+2 Trade\nAlly: +2 Combat. Target opponent discards a card.",
                   "+2 торговли\nСоюз: +2 боя. Противник сбрасывает карту."),
    "lancer": (
        "+4 Combat\nIf an opponent controls a base, gain an additional 2 Combat.\n"
        "Ally: Target opponent discards a card.",
        "+4 боя\nЕсли у противника есть база, получите ещё 2 боя.\n"
        "Союз: противник сбрасывает карту."),
    "falcon": ("+2 Combat\nDraw a card.\nScrap: Target opponent discards a card.",
               "+2 боя\nВозьмите карту.\nУтиль: противник сбрасывает карту."),
    "gunship": ("+5 Combat\nTarget opponent discards a card.\nScrap: +4 Trade",
                "+5 боя\nПротивник сбрасывает карту.\nУтиль: +4 торговли"),
    "heavy-cruiser": ("+4 Combat\nDraw a card.\nAlly: Draw a card.",
                      "+4 боя\nВозьмите карту.\nСоюз: возьмите карту."),
    "aging-battleship": ("+5 Combat\nAlly: Draw a card.\nScrap: +2 Combat. Draw two cards.",
                         "+5 боя\nСоюз: возьмите карту.\nУтиль: +2 боя. Возьмите две карты."),
    "emperors-dreadnaught": (
        "+8 Combat\nDraw a card.\nTarget opponent discards a card.\nWhen you acquire this card, "
        "if you've played a Star Empire card this turn, you may put this card into your hand.",
        "+8 боя\nВозьмите карту.\nПротивник сбрасывает карту.\nКогда вы покупаете эту карту, "
        "если в этот ход вы разыграли карту Звёздной империи, можете взять её в руку."),
    "orbital-platform": ("Discard a card. If you do, draw a card.\nAlly: +3 Combat",
                         "Сбросьте карту. Если сбросили, возьмите карту.\nСоюз: +3 боя"),
    "command-center": (
        "+2 Trade\nWhenever you play a Star Empire ship, gain +2 Combat.",
        "+2 торговли\nКогда вы разыгрываете корабль Звёздной империи, получите +2 боя."),
    "supply-depot": (
        "Discard up to two cards. Gain 2 Trade or 2 Combat for each card discarded this way.\n"
        "Ally: Draw a card.",
        "Сбросьте до двух карт. Получите 2 торговли или 2 боя за каждую сброшенную так карту.\n"
        "Союз: возьмите карту."),
    "imperial-palace": ("Draw a card.\nTarget opponent discards a card.\nAlly: +4 Combat",
                        "Возьмите карту.\nПротивник сбрасывает карту.\nСоюз: +4 боя"),
    "battle-bot": ("+2 Combat\nYou may scrap a card in your hand.\nAlly: +2 Combat",
                   "+2 боя\nМожете отправить в утиль карту с руки.\nСоюз: +2 боя"),
    "repair-bot": ("+2 Trade\nYou may scrap a card in your discard pile.\nScrap: +2 Combat",
                   "+2 торговли\nМожете отправить в утиль карту из стопки сброса.\nУтиль: +2 боя"),
    "convoy-bot": (
        "+4 Combat\nYou may scrap a card in your hand or discard pile.\nAlly: +2 Combat",
        "+4 боя\nМожете отправить в утиль карту с руки или из стопки сброса.\nСоюз: +2 боя"),
    "mining-mech": (
        "+3 Trade\nYou may scrap a card in your hand or discard pile.\nAlly: +3 Combat",
        "+3 торговли\nМожете отправить в утиль карту с руки или из стопки сброса.\nСоюз: +3 боя"),
    "mech-cruiser": (
        "+6 Combat\nYou may scrap a card in your hand or discard pile.\n"
        "Ally: Destroy target base.",
        "+6 боя\nМожете отправить в утиль карту с руки или из стопки сброса.\n"
        "Союз: уничтожьте выбранную базу."),
    "the-wrecker": (
        "+6 Combat\nYou may scrap up to two cards in your hand and/or discard pile.\n"
        "Ally: Draw a card.",
        "+6 боя\nМожете отправить в утиль до двух карт с руки и/или из стопки сброса.\n"
        "Союз: возьмите карту."),
    "warning-beacon": (
        "+2 Combat\nWhen you acquire this card, if you've played a Machine Cult card this turn, "
        "you may put this card into your hand.",
        "+2 боя\nКогда вы покупаете эту карту, если в этот ход вы разыграли карту Технокульта, "
        "можете взять её в руку."),
    "the-oracle": ("You may scrap a card in your hand.\nAlly: +3 Combat",
                   "Можете отправить в утиль карту с руки.\nСоюз: +3 боя"),
    "stealth-tower": (
        "Until your turn ends, Stealth Tower becomes a copy of any base in play. Stealth Tower "
        "has that base's faction in addition to Machine Cult.",
        "До конца хода Башня-невидимка становится копией любой базы в игре. Башня-невидимка "
        "получает фракцию этой базы в дополнение к Технокульту."),
    "frontier-station": ("+2 Trade or +3 Combat", "+2 торговли или +3 боя"),
    "the-incinerator": (
        "Scrap up to two cards in your hand and/or discard pile.\nAlly: Gain 2 Combat for each "
        "card scrapped from your hand and/or discard pile this turn.",
        "Отправьте в утиль до двух карт с руки и/или из стопки сброса.\nСоюз: получите 2 боя за "
        "каждую карту, отправленную в утиль с руки и/или из стопки сброса в этот ход."),
}
