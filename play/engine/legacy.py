"""Legacy scenario setups: turn a campaign's state into the engine's `GameSetup` (L4-L23).

Pure, standard library only. The campaign app (online play, the bot campaign) and the balance
tool describe "where the campaign stands" as a small `CampaignSnapshot`; `scenario_setup` builds
the game of scenario N from it, and `apply_outcome` turns the finished game back into what the
campaign records (winner side, upgrades with their sides, VP cards per side).

Readings we chose (the rulebook leaves them open):

- A choice's `lasting_rules` apply from the game in which the choice is made onwards (the same
  reading as `campaign/state.py`, which adds them when the choice is recorded).
- A lasting rule written for "first"/"second" is pinned to the side that was first/second when
  the choice was made, so it keeps meaning the same player in later games.

>>> from play.engine import load_pack
>>> from play.engine import CampaignSnapshot, scenario_setup, apply_outcome
>>> from play.engine.legacy import example_pack
>>> pack = load_pack(example_pack())
>>> snap = CampaignSnapshot(sides=("empire", "federation"), first_side="empire")
>>> setup = scenario_setup(pack, snap, 1, seed=7)
>>> setup.first, setup.seats[0].sheets, setup.seats[0].scenario_sheet, setup.explorers
(0, ['empire-1'], 'empire-1', 20)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .content import Pack
from .errors import SetupError
from .packformat.vocabulary import SIDES
from .setup import GameSetup, SeatSetup
from .state import Outcome

EXPLORERS = 20          # L8
POLITICAL_LAST = 4      # L19: political victory exists in scenarios 1-4


@dataclass
class CampaignSnapshot:
    """Where a campaign stands before scenario N is played.

    `sides[seat]` is the side of each seat (seat 0, seat 1). `first_side` plays first in the
    scenario about to be played (L5). `upgrades` are the upgrades made so far, as the campaign
    records them (``{"copy", "sticker", "side"}``). `choices` maps a scenario number to the first
    player's choices in it (``{choice_id: option_id}``), this scenario's included.
    `first_sides` maps earlier scenario numbers to the side that played first in them: it tells
    which scenario-card side their choices were made on (L6) and who "first" meant then.
    """

    sides: tuple[str, str] = ("empire", "federation")
    first_side: str = "empire"
    upgrades: list[dict] = field(default_factory=list)
    choices: dict[int, dict[str, str]] = field(default_factory=dict)
    first_sides: dict[int, str] = field(default_factory=dict)

    def seat_of(self, side: str) -> int:
        """Return the seat that plays `side`."""
        if side not in self.sides:
            raise SetupError(f"no seat plays side {side!r} (sides are {list(self.sides)})")
        return self.sides.index(side)

    def other(self, side: str) -> str:
        """Return the opposing side."""
        return self.sides[1 - self.seat_of(side)]


@dataclass
class GameRecord:
    """What a finished scenario game adds to the campaign (L5, L20, L21).

    `winner` is a side (None if nobody won, e.g. a bot game cut short); `how` is the engine's
    reason ("authority", "political", "scenario", "resign"); `upgrades` carry the upgrading side;
    `vp_cards` maps each side to the VP card ids it earned in this game.
    """

    scenario: int
    winner: str | None
    how: str
    upgrades: list[dict]
    vp_cards: dict[str, list[str]]
    turns: int


def scenario_setup(pack: Pack, snapshot: CampaignSnapshot, number: int, seed: int = 0,
                   check_first: bool = True) -> GameSetup:
    """Return the engine setup of scenario `number` played from `snapshot`.

    Seats keep the snapshot's seat order (so the outcome's seat numbers map back through
    `snapshot.sides`); `first` is the seat of `snapshot.first_side` (L5). `check_first=False`
    lets the balance tool play scenario 1 with the Federation first too (its card is the same on
    both sides); a campaign never does.
    """
    _check_snapshot(pack, snapshot, number, check_first)
    first = snapshot.seat_of(snapshot.first_side)
    scenario = pack.scenarios[number]
    seats = [_seat(pack, side, number, scenario) for side in snapshot.sides]
    return GameSetup(
        pack=pack, seats=seats, first=first, seed=seed,
        trade_deck=trade_deck(pack, snapshot.upgrades),
        explorers=EXPLORERS,
        rules=scenario_rules(pack, snapshot, number),
        vp_cards=list(scenario.get("vp_cards", [])),
        used_rows=used_rows(snapshot.upgrades),
    )


def plain_setup(pack: Pack, snapshot: CampaignSnapshot, number: int, seed: int = 0) -> GameSetup:
    """Return a plain game at the point of scenario `number`: the campaign without its scenario.

    The same trade deck (upgraded copies included), personal decks (L7), sheets opened by
    scenario N (L18) and lasting rules of EARLIER scenarios' choices (they are campaign state, like
    upgrades), but not scenario N's card, its choices, VP cards or political victory. The balance
    tool compares every scenario with this baseline.
    """
    _check_snapshot(pack, snapshot, number, check_first=False)
    seats = [SeatSetup(side=side, deck=dict(pack.sides[side]["personal_deck"]),
                       sheets=opened_sheets(pack, side, number), name=side)
             for side in snapshot.sides]
    return GameSetup(pack=pack, seats=seats, first=snapshot.seat_of(snapshot.first_side),
                     seed=seed, trade_deck=trade_deck(pack, snapshot.upgrades),
                     explorers=EXPLORERS, used_rows=used_rows(snapshot.upgrades),
                     rules=lasting_rules(pack, snapshot, number, this_one=False))


def _check_snapshot(pack: Pack, snapshot: CampaignSnapshot, number: int, check_first: bool) -> None:
    if pack.kind != "legacy":
        raise SetupError(f"pack {pack.id!r} is not a legacy pack")
    if number not in pack.scenarios:
        raise SetupError(f"pack {pack.id!r} has no scenario {number} (1..12)")
    if sorted(snapshot.sides) != sorted(SIDES):
        raise SetupError(f"the two seats must play {' and '.join(SIDES)}, not {snapshot.sides}")
    if snapshot.first_side not in SIDES:
        raise SetupError(f"first side must be one of {SIDES}, not {snapshot.first_side!r}")
    if check_first and number == 1 and snapshot.first_side != "empire":
        raise SetupError("the Star Empire plays first in scenario 1 (L5)")


def _seat(pack: Pack, side: str, number: int, scenario: dict) -> SeatSetup:
    """One seat: its side's personal deck (L7), opened sheets (L18), scenario sheet (L19)."""
    sheets = opened_sheets(pack, side, number)
    political = scenario.get("political_victory") and number <= POLITICAL_LAST
    own = [s for s in sheets if pack.sheets[s]["scenario"] == number]
    return SeatSetup(side=side, deck=dict(pack.sides[side]["personal_deck"]), sheets=sheets,
                     scenario_sheet=own[0] if political and own else None, name=side)


def opened_sheets(pack: Pack, side: str, number: int) -> list[str]:
    """Return the side's sticker sheets opened by scenario `number` (L18: scenarios <= N)."""
    return [sid for sid, sheet in pack.sheets.items()
            if sheet["side"] == side and sheet["scenario"] <= number]


def trade_deck(pack: Pack, upgrades: list[dict]) -> list[Any]:
    """Return every trade copy; upgraded ones as ``{"copy", "sticker", "side"}`` (L20, L23)."""
    by_copy: dict[str, dict] = {}
    for up in upgrades:
        copy_id = up.get("copy")
        if copy_id not in pack.copies:
            raise SetupError(f"upgrade of unknown card copy {copy_id!r}")
        if copy_id in by_copy:
            raise SetupError(f"card copy {copy_id!r} is upgraded twice (L12: once only)")
        if up.get("sticker") not in pack.stickers:
            raise SetupError(f"upgrade of {copy_id!r} uses unknown sticker {up.get('sticker')!r}")
        if up.get("side") not in SIDES:
            raise SetupError(f"upgrade of {copy_id!r} names no side (L16)")
        by_copy[copy_id] = {"copy": copy_id, "sticker": up["sticker"], "side": up["side"]}
    return [by_copy.get(c, c) for c in pack.trade_copies()]


def used_rows(upgrades: list[dict]) -> list[str]:
    """Return the sticker rows already used (``"empire-1:3"``, L14); a row used twice is refused."""
    rows: list[str] = []
    for up in upgrades:
        row = up["sticker"].rsplit(":", 1)[0]
        if row in rows:
            raise SetupError(f"sticker row {row!r} is used twice (L14: one sticker per row)")
        rows.append(row)
    return rows


def scenario_rules(pack: Pack, snapshot: CampaignSnapshot, number: int) -> list[dict]:
    """Return the rules of scenario N: its card side (L6), the choices made, lasting rules."""
    card = pack.scenarios[number]["sides"][snapshot.first_side]
    rules = list(card.get("rules", []))
    for choice_id, option_id in _in_card_order(pack, number, snapshot.first_side,
                                               snapshot.choices.get(number, {})):
        rules.extend(_option(pack, number, snapshot.first_side, choice_id, option_id)
                     .get("rules", []))
    _check_all_chosen(card, snapshot.choices.get(number, {}), number)
    return rules + lasting_rules(pack, snapshot, number)


def lasting_rules(pack: Pack, snapshot: CampaignSnapshot, number: int,
                  this_one: bool = True) -> list[dict]:
    """Return the lasting rules in force in scenario N: of choices made in scenarios < N, and
    in N itself unless `this_one` is False."""
    firsts = {**snapshot.first_sides, number: snapshot.first_side}
    rules = []
    for scen in sorted(n for n in snapshot.choices if n < number or this_one and n == number):
        chooser = firsts.get(scen)
        for choice_id, option_id in _in_card_order(pack, scen, chooser, snapshot.choices[scen]):
            option = _option(pack, scen, chooser, choice_id, option_id)
            rules.extend(_pin(rule, chooser, snapshot) for rule in option.get("lasting_rules", []))
    return rules


def _in_card_order(pack: Pack, number: int, side: str | None,
                   chosen: dict[str, str]) -> list[tuple[str, str]]:
    """Return the (choice, option) pairs made in scenario N in the order its card lists them.

    Not in the mapping's key order: a snapshot read back from PostgreSQL's jsonb has its keys
    re-sorted, and rules added in another order may play out differently.
    """
    listed = [choice["id"] for s in ([side] if side else SIDES)
              for choice in pack.scenarios[number]["sides"][s].get("choices", [])]
    return sorted(chosen.items(), key=lambda pair: (
        listed.index(pair[0]) if pair[0] in listed else len(listed), pair[0]))


def _option(pack: Pack, number: int, chooser: str | None, choice_id: str, option_id: str) -> dict:
    """Find an option on the card side used; if that side is unknown, on either side."""
    sides = [chooser] if chooser else list(SIDES)
    for side in sides:
        for choice in pack.scenarios[number]["sides"][side].get("choices", []):
            if choice["id"] != choice_id:
                continue
            for option in choice.get("options", []):
                if option["id"] == option_id:
                    return option
            raise SetupError(f"scenario {number}: choice {choice_id!r} has no option {option_id!r}")
    raise SetupError(f"scenario {number}: no choice {choice_id!r} on the {'/'.join(sides)} side")


def _check_all_chosen(card: dict, made: dict[str, str], number: int) -> None:
    missing = [c["id"] for c in card.get("choices", []) if c["id"] not in made]
    if missing:
        raise SetupError(f"scenario {number}: the first player has not chosen {missing} yet (L6)")


def _pin(rule: dict, chooser: str | None, snapshot: CampaignSnapshot) -> dict:
    """Pin a lasting rule's "first"/"second" to the sides they meant when it was chosen."""
    (kind, arg), = rule.items()
    who = arg.get("who") if isinstance(arg, dict) else None
    if who not in ("first", "second"):
        return rule
    if chooser is None:
        raise SetupError(f"a lasting {kind!r} rule names {who!r}: give first_sides for its scenario")
    side = chooser if who == "first" else snapshot.other(chooser)
    return {kind: {**arg, "who": side}}


def apply_outcome(snapshot: CampaignSnapshot, outcome: Outcome, number: int) -> GameRecord:
    """Return what the campaign records after scenario `number` ended with `outcome`.

    Seats are mapped to sides through `snapshot.sides`.

    >>> out = Outcome(winner=1, winning_team=1, reason="authority",
    ...               upgrades=[{"seat": 1, "copy": "c#1", "sticker": "federation-1:2:ship",
    ...                          "side": "federation"}],
    ...               vp_cards=[{"vp": "s1-victory", "seat": 1}], turns=31)
    >>> rec = apply_outcome(CampaignSnapshot(), out, 1)
    >>> rec.winner, rec.vp_cards, rec.upgrades[0]["side"]
    ('federation', {'empire': [], 'federation': ['s1-victory']}, 'federation')
    """
    upgrades = [{"copy": u["copy"], "sticker": u["sticker"], "side": snapshot.sides[u["seat"]]}
                for u in outcome.upgrades]
    vp: dict[str, list[str]] = {side: [] for side in snapshot.sides}
    for award in outcome.vp_cards:
        vp[snapshot.sides[award["seat"]]].append(award["vp"])
    winner = snapshot.sides[outcome.winner] if outcome.winner is not None else None
    return GameRecord(scenario=number, winner=winner, how=outcome.reason, upgrades=upgrades,
                      vp_cards=vp, turns=outcome.turns)


def next_snapshot(snapshot: CampaignSnapshot, record: GameRecord,
                  tie_first: str | None = None) -> CampaignSnapshot:
    """Return the snapshot before the next scenario: upgrades kept (L20), winner first (L5).

    A game without a winner (a bot game cut short) gives first play to `tie_first`, else to the
    same side as before. The next scenario's choices are not known yet: add them to `choices`.
    """
    first = record.winner or tie_first or snapshot.first_side
    return replace(snapshot, first_side=first, upgrades=snapshot.upgrades + record.upgrades,
                   first_sides={**snapshot.first_sides, record.scenario: snapshot.first_side},
                   choices=dict(snapshot.choices))


def example_pack() -> dict:
    """Return a minimal legacy pack dict (for the doctest above): one sheet per side."""
    text = {"en": "x", "ru": "x"}

    def sheet(side: str) -> dict:
        sticker = {"and": False, "abilities": [{"when": "primary", "do": [{"combat": 1}]}]}
        return {"id": f"{side}-1", "side": side, "scenario": 1, "name": text,
                "rows": [{"cost": c, "ship": sticker, "base": sticker} for c in (1, 2, 3, 4, 5)]}

    cards = [{"id": "scout", "name": text, "type": "ship", "cost": None, "factions": [],
              "role": "scout", "quantity": 16, "abilities": [{"when": "primary", "do": [{"trade": 1}]}]},
             {"id": "explorer", "name": text, "type": "ship", "cost": 2, "factions": [],
              "role": "explorer", "quantity": 20, "abilities": []}]
    for cost in (1, 2, 3, 4, 5):
        for kind in ("ship", "base"):
            cards.append({"id": f"{kind}-{cost}", "name": text, "type": kind, "cost": cost,
                          "factions": [], "role": "trade", "quantity": 1, "abilities": [],
                          **({"defense": 3, "outpost": False} if kind == "base" else {})})
    return {"format": 1, "pack": {"id": "example", "version": 1, "kind": "legacy", "name": text},
            "factions": [{"id": f, "name": text} for f in SIDES],
            "cards": cards,
            "sides": [{"id": s, "name": text, "personal_deck": {"scout": 10}} for s in SIDES],
            "sticker_sheets": [sheet(s) for s in SIDES],
            "vp_cards": [{"id": f"s{n}-victory", "scenario": n, "points": 1, "name": text,
                          "text": text, "award": "winner"} for n in range(1, 13)],
            "scenarios": [{"number": n, "title": text, "story": text, "vp_cards": [f"s{n}-victory"],
                           "sides": {s: {"text": text, "rules": [], "choices": []} for s in SIDES},
                           "political_victory": n <= 4} for n in range(1, 13)]}
