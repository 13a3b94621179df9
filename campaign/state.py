"""Derive a campaign's state from its event log; validate proposed events (docs/rules.md L1-L26).

This module is pure: no database, no clock, no randomness (the coin flip of L2 arrives as part of
an event's payload). ``derive(content, events)`` folds the effective events into a
:class:`CampaignState`; ``apply(content, state, kind, payload)`` checks one proposed event and
returns the next state, raising :class:`EventRefused` with a message that says why.

Undo is an event too: it names the seq of the last effective event and drops it, so the log keeps
everything while the state steps back exactly one change.

    >>> from campaign.content import PackContent
    >>> from tests.campaign.packs import legacy_pack
    >>> content = PackContent(legacy_pack())
    >>> state = derive(content, [Event(1, SIDES_CHOSEN, {"wishes": ["empire", "federation"]})])
    >>> state.sides
    {'empire': 0, 'federation': 1}
"""
from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign import names
from campaign.content import UPGRADES_PER_SIDE, ContentError, PackContent
from cards.language import pack_text
from play.engine import StickerRef, winner_by_tie_breaks

SIDES_CHOSEN = "sides_chosen"
SIDE_WISHED = "side_wished"
SCENARIO_OPENED = "scenario_opened"
CHOICE_MADE = "choice_made"
GAME_RECORDED = "game_recorded"
AFTER_CAMPAIGN_UPGRADE = "after_campaign_upgrade"
CAMPAIGN_FINISHED = "campaign_finished"
UNDO = "undo"
EVENT_KINDS = (SIDES_CHOSEN, SIDE_WISHED, SCENARIO_OPENED, CHOICE_MADE, GAME_RECORDED,
               AFTER_CAMPAIGN_UPGRADE, CAMPAIGN_FINISHED, UNDO)

# The keys each kind's payload may carry. Anything else is refused, not ignored: a backup or a
# post that smuggles extra data would otherwise be stored for good in the append-only log.
PAYLOAD_KEYS: dict[str, frozenset[str]] = {
    SIDES_CHOSEN: frozenset({"wishes", "coin"}),
    SIDE_WISHED: frozenset({"seat", "side", "coin"}),
    SCENARIO_OPENED: frozenset({"number"}),
    CHOICE_MADE: frozenset({"choice", "option"}),
    GAME_RECORDED: frozenset({"winner", "how", "upgrades", "vp_cards"}),
    AFTER_CAMPAIGN_UPGRADE: frozenset({"copy", "sticker", "side"}),
    CAMPAIGN_FINISHED: frozenset(),
    UNDO: frozenset({"seq"}),
}
UPGRADE_KEYS = frozenset({"copy", "sticker", "side"})  # one item of game_recorded's "upgrades"
VP_CARD_KEYS = frozenset({"card", "side"})             # one item of game_recorded's "vp_cards"
SHOWN_KEY_MAX = 40  # a hostile key can be megabytes long; the message shows its start only

SETUP, PLAYING, AFTER_CAMPAIGN, FINISHED = "setup", "playing", "after_campaign", "finished"
# How a scenario game was won. "resign": the other side gave up; it is a win like any other
# (L21: the winner takes the victory VP card, L5: plays first next; upgrades made stay, L12).
WIN_HOWS = ("authority", "political", "scenario", "resign")


class EventRefused(ValueError):
    """A proposed event breaks a rule; the message says which and why, for the player."""


@dataclass(frozen=True)
class Event:
    """One entry of the log as the derivation sees it."""

    seq: int
    kind: str
    payload: dict


@dataclass
class CampaignState:
    """Everything the tracker derives from the log; JSON-ready (string keys, plain values)."""

    phase: str = SETUP
    sides: dict[str, int] = field(default_factory=dict)          # side id -> seat index
    wishes: dict[str, str] = field(default_factory=dict)          # seat index -> wished side
    coin_flip: dict | None = None                                 # L2, when both wanted one side
    scenario: int = 0                                             # highest opened scenario
    scenarios: dict[str, dict] = field(default_factory=dict)      # "N" -> progress of scenario N
    lasting_rules: list[dict] = field(default_factory=list)
    upgrades: dict[str, dict] = field(default_factory=dict)       # copy id -> upgrade
    used_rows: dict[str, dict[str, str]] = field(default_factory=dict)  # sheet -> cost -> kind
    opened_sheets: dict[str, list[str]] = field(default_factory=dict)   # side -> sheet ids
    vp_cards: dict[str, list[str]] = field(default_factory=dict)        # side -> VP card ids
    last_after_upgrade: str | None = None
    campaign_winner: str | None = None
    post_campaign_added: bool = False
    last_seq: int = 0                                             # last effective event

    def to_dict(self) -> dict:
        return copy.deepcopy(asdict(self))

    @classmethod
    def from_dict(cls, data: dict) -> CampaignState:
        return cls(**copy.deepcopy(data))

    # -- questions the pages ask ---------------------------------------------------------

    def side_of_seat(self, seat: int) -> str | None:
        return next((side for side, s in self.sides.items() if s == seat), None)

    def current(self) -> dict | None:
        """Return the progress of the highest opened scenario, or None before scenario 1."""
        return self.scenarios.get(str(self.scenario))

    def scenario_finished(self, number: int) -> bool:
        return bool(self.scenarios.get(str(number), {}).get("result"))

    def upgrades_of(self, side: str) -> list[tuple[str, dict]]:
        return [(c, u) for c, u in self.upgrades.items() if u["side"] == side]

    def vp_points(self, content: PackContent, side: str) -> int:
        return sum(int(content.vp_cards[i].get("points", 0)) for i in self.vp_cards.get(side, []))

    def scenario_wins(self, side: str) -> int:
        return sum(1 for s in self.scenarios.values() if (s.get("result") or {}).get("winner") == side)

    def next_first_player(self) -> str | None:
        """Return who plays first in the next scenario to open (L5)."""
        if not self.sides or self.scenario >= 12 and self.scenario_finished(self.scenario):
            return None
        if self.scenario == 0:
            return "empire"
        if not self.scenario_finished(self.scenario):
            return self.current()["first_player"]
        return self.current()["result"]["winner"]

    def trade_deck(self, content: PackContent) -> list[str]:
        """Return the copy ids of the trade deck as it stands (L8, L26)."""
        extra = content.post_campaign_copies if self.post_campaign_added else []
        return content.trade_copies + extra


# -- derivation --------------------------------------------------------------------------------


def derive(content: PackContent, events: Iterable[Event]) -> CampaignState:
    """Fold the log into the campaign state; raise EventRefused naming the first bad event."""
    history = [CampaignState()]
    for event in events:
        try:
            history = _step(content, history, event)
        except EventRefused as error:
            raise EventRefused(_("Change %(seq)s (%(kind)s): %(error)s")
                               % {"seq": event.seq, "kind": names.event_kind_name(event.kind),
                                  "error": error}) from None
    return history[-1]


def _step(content: PackContent, history: list[CampaignState], event: Event) -> list[CampaignState]:
    """Return the stack of states after ``event`` (undo pops, everything else pushes)."""
    if event.kind == UNDO:
        check_undo(history[-1], event.payload)
        return history[:-1]
    state = apply(content, history[-1], event.kind, event.payload)
    state.last_seq = event.seq
    return history + [state]


def check_undo(state: CampaignState, payload: dict) -> None:
    """Refuse an undo that does not name the last effective event."""
    check_keys(payload, PAYLOAD_KEYS[UNDO])
    if state.last_seq == 0:
        raise EventRefused(_("There is nothing to undo."))
    if not _is_whole(payload.get("seq")) or payload["seq"] != state.last_seq:
        raise EventRefused(_("Only the last change (number %(seq)s) can be undone.")
                           % {"seq": state.last_seq})


def apply(content: PackContent, state: CampaignState, kind: str, payload: Any) -> CampaignState:
    """Validate one proposed event against ``state`` and return the new state (a copy)."""
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise EventRefused(_("This kind of change is unknown to the tracker."))
    if not isinstance(payload, dict):
        raise EventRefused(_("The event's data must be an object."))
    check_keys(payload, PAYLOAD_KEYS[kind])
    new = CampaignState.from_dict(state.to_dict())
    try:
        handler(content, new, payload)
    except EventRefused:
        raise
    except (ContentError, KeyError, TypeError, ValueError) as error:  # a payload missing a field
        raise EventRefused(_("Malformed event data: %(error)s") % {"error": error}) from None
    return new


def check_keys(data: Any, known: frozenset[str]) -> None:
    """Refuse an object of a payload that carries a key the tracker does not know."""
    if not isinstance(data, dict):
        return  # the handler refuses a wrong type with its own message
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        key = unknown[0] if len(unknown[0]) <= SHOWN_KEY_MAX else unknown[0][:SHOWN_KEY_MAX] + "…"
        raise EventRefused(_("The change's data has an unknown field “%(key)s”.") % {"key": key})


def _is_whole(value: Any) -> bool:
    """Return whether a payload value is a plain int: JSON's true and 1.0 equal 1 in Python, but
    as state keys they become "True" and "1.0" and the campaign falls apart."""
    return type(value) is int


# -- L2: sides --------------------------------------------------------------------------------


def _sides_chosen(content: PackContent, state: CampaignState, payload: dict) -> None:
    if state.phase != SETUP:
        raise EventRefused(_("The sides are already chosen: each player keeps one side for the "
                             "whole campaign."))
    wishes = list(payload["wishes"])
    if len(wishes) != 2 or any(w not in content.side_ids for w in wishes):
        raise EventRefused(_("Each seat must wish for one of the sides: %(sides)s.")
                           % {"sides": _side_list(content)})
    winner_seat = 0
    if wishes[0] == wishes[1]:
        winner_seat = payload.get("coin")
        if not _is_whole(winner_seat) or winner_seat not in (0, 1):
            raise EventRefused(_("Both wish for the same side: a coin flip must decide."))
        state.coin_flip = {"side": wishes[0], "won_by_seat": winner_seat}
    wanted = wishes[winner_seat]
    other = next(s for s in content.side_ids if s != wanted)
    state.sides = {wanted: winner_seat, other: 1 - winner_seat}
    state.opened_sheets = {side: [] for side in content.side_ids}
    state.vp_cards = {side: [] for side in content.side_ids}
    state.wishes = {"0": wishes[0], "1": wishes[1]}
    state.phase = PLAYING


def _side_wished(content: PackContent, state: CampaignState, payload: dict) -> None:
    """One seat says which side it wants; the second wish settles the sides (with a coin if equal)."""
    seat, side = payload["seat"], payload["side"]
    if state.phase != SETUP:
        raise EventRefused(_("The sides are already chosen: each player keeps one side for the "
                             "whole campaign."))
    if not _is_whole(seat) or seat not in (0, 1) or side not in content.side_ids:
        raise EventRefused(_("Each seat must wish for one of the sides: %(sides)s.")
                           % {"sides": _side_list(content)})
    state.wishes[str(seat)] = side
    if len(state.wishes) == 2:
        wishes = [state.wishes["0"], state.wishes["1"]]
        _sides_chosen(content, state, {"wishes": wishes, "coin": payload.get("coin")})


def _side_list(content: PackContent) -> str:
    return ", ".join(names.side_name(content, s) for s in content.side_ids)


def needs_coin_flip(state: CampaignState, seat: int, side: str) -> bool:
    """Return whether ``seat`` wishing for ``side`` now would need a coin flip (L2)."""
    return state.wishes.get(str(1 - seat)) == side


# -- L1, L4-L6: opening a scenario and its choices -------------------------------------------


def _scenario_opened(content: PackContent, state: CampaignState, payload: dict) -> None:
    number = payload["number"]
    if not _is_whole(number):
        raise EventRefused(_("A scenario number must be a whole number."))
    if state.phase != PLAYING:
        raise EventRefused(_("No scenario can be opened now (the campaign is at the step: "
                             "%(phase)s).") % {"phase": names.phase_name(state.phase)})
    if number != state.scenario + 1:
        raise EventRefused(_("Scenarios open in order: the next one is %(next)s.")
                           % {"next": state.scenario + 1})
    if state.scenario and not state.scenario_finished(state.scenario):
        raise EventRefused(_("Scenario %(n)s must be finished before the next one opens.")
                           % {"n": state.scenario})
    content.scenario(number)
    first = state.next_first_player()
    state.scenario = number
    state.scenarios[str(number)] = {"number": number, "first_player": first,
                                    "card_side": first, "choices": {}, "result": None}
    for sheet in content.sheets_of_scenario(number):
        state.opened_sheets.setdefault(sheet["side"], []).append(sheet["id"])


def _choice_made(content: PackContent, state: CampaignState, payload: dict) -> None:
    progress = _open_unfinished(state)
    choice = _find_choice(content, progress, payload["choice"])
    options = {o["id"]: o for o in choice.get("options", [])}
    if payload["option"] not in options:
        raise EventRefused(_("This is not one of the options of “%(prompt)s”.")
                           % {"prompt": pack_text(choice.get("prompt"))})
    if choice["id"] in progress["choices"]:
        raise EventRefused(_("This choice is already made."))
    progress["choices"][choice["id"]] = payload["option"]
    state.lasting_rules.extend(options[payload["option"]].get("lasting_rules", []))


def _open_unfinished(state: CampaignState) -> dict:
    progress = state.current()
    if state.phase != PLAYING or progress is None or progress["result"]:
        raise EventRefused(_("Open the next scenario first."))
    return progress


def _find_choice(content: PackContent, progress: dict, choice_id: str) -> dict:
    choices = content.scenario_choices(progress["number"], progress["card_side"])
    for choice in choices:
        if choice["id"] == choice_id:
            return choice
    raise EventRefused(_("This side of the scenario card has no such choice."))


def missing_choices(content: PackContent, state: CampaignState) -> list[dict]:
    """Return the current scenario's choices the first player has not made yet."""
    progress = state.current()
    if progress is None or progress["result"]:
        return []
    choices = content.scenario_choices(progress["number"], progress["card_side"])
    return [c for c in choices if c["id"] not in progress["choices"]]


# -- L11-L21: recording a game ---------------------------------------------------------------


def _game_recorded(content: PackContent, state: CampaignState, payload: dict) -> None:
    progress = _open_unfinished(state)
    if missing_choices(content, state):
        raise EventRefused(_("The first player must make the scenario's choices first."))
    winner, how = payload["winner"], payload["how"]
    _check_side(content, state, winner)
    for upgrade in payload.get("upgrades", []):
        add_upgrade(content, state, upgrade, scenario=progress["number"])
    _check_how(content, state, progress, winner, how)
    earned = _award_vp_cards(content, state, progress["number"], winner, payload.get("vp_cards", []))
    progress["result"] = {"winner": winner, "how": how, "vp_cards": earned}
    if progress["number"] == content.scenario_count:
        state.phase = AFTER_CAMPAIGN
        state.campaign_winner = campaign_winner(content, state)


def _check_side(content: PackContent, state: CampaignState, side: str) -> None:
    if side not in state.sides:
        raise EventRefused(_("The side must be one of: %(sides)s.")
                           % {"sides": ", ".join(names.side_name(content, s)
                                                 for s in sorted(state.sides))})


def _check_how(content: PackContent, state: CampaignState, progress: dict, winner: str,
               how: str) -> None:
    if how not in WIN_HOWS:
        raise EventRefused(_("A game is won by authority, political victory, the scenario or "
                             "the opponent's resignation."))
    number = progress["number"]
    if how == "political":
        _check_political(content, state, number, winner)
    if how == "scenario" and not _has_victory_rule(content, state, progress):
        raise EventRefused(_("Scenario %(n)s has no victory condition of its own.") % {"n": number})


def _check_political(content: PackContent, state: CampaignState, number: int, side: str) -> None:
    """L19: only in scenarios that allow it, with all five stickers of THAT scenario's sheet."""
    if not content.scenario(number).get("political_victory"):
        raise EventRefused(_("Scenario %(n)s allows no political victory.") % {"n": number})
    sheet = content.sheet_of_scenario(number, side)
    used = len(state.used_rows.get(sheet["id"], {})) if sheet else 0
    if sheet is None or used < len(sheet.get("rows", [])):
        raise EventRefused(ngettext(
            "A political victory needs all five stickers of this scenario's sheet; %(used)s is "
            "used.",
            "A political victory needs all five stickers of this scenario's sheet; %(used)s are "
            "used.", used) % {"used": used})


def _has_victory_rule(content: PackContent, state: CampaignState, progress: dict) -> bool:
    side = content.scenario(progress["number"])["sides"].get(progress["card_side"], {})
    rules = list(side.get("rules", [])) + list(state.lasting_rules)
    for choice in side.get("choices", []):
        for option in choice.get("options", []):
            if progress["choices"].get(choice["id"]) == option["id"]:
                rules += option.get("rules", [])
    return any("victory" in rule for rule in rules)


def _award_vp_cards(content: PackContent, state: CampaignState, number: int, winner: str,
                    earned: list[dict]) -> list[dict]:
    """L21: the winner takes the victory VP card; other VP cards go as the players recorded."""
    victory = content.victory_vp_card(number)
    awarded = [{"card": victory["id"], "side": winner}] if victory else []
    allowed = {vp["id"] for vp in content.vp_cards_of_scenario(number)} - {a["card"] for a in awarded}
    for item in earned:
        check_keys(item, VP_CARD_KEYS)
        card, side = item["card"], item["side"]
        _check_side(content, state, side)
        if card not in allowed:
            raise EventRefused(_("The VP card “%(card)s” cannot be earned here (it is not one of "
                                 "this scenario's, or it was already given).")
                               % {"card": names.vp_card_name(content, card)})
        allowed.discard(card)
        awarded.append({"card": card, "side": side})
    for item in awarded:
        state.vp_cards[item["side"]].append(item["card"])
    return awarded


def add_upgrade(content: PackContent, state: CampaignState, upgrade: dict,
                scenario: int | None) -> None:
    """Put a sticker on a copy, enforcing L12-L14, L16 and L18; ``scenario`` None = after it."""
    check_keys(upgrade, UPGRADE_KEYS)
    copy_id, side = upgrade["copy"], upgrade["side"]
    _check_side(content, state, side)
    if not content.is_trade_copy(copy_id):
        raise EventRefused(_("%(copy)s is not a card of the trade deck.")
                           % {"copy": _capital(names.copy_name(content, copy_id))})
    card = content.card_of_copy(copy_id)
    name = names.copy_name(content, copy_id)
    if copy_id in state.upgrades:
        raise EventRefused(_("%(copy)s is already upgraded: a card takes one sticker only.")
                           % {"copy": name})
    ref, sheet, _sticker = _sticker_or_refuse(content, upgrade["sticker"])
    _check_sheet(content, state, sheet, side)
    _check_match(content, ref, card, copy_id)
    if str(ref.cost) in state.used_rows.get(ref.sheet_id, {}):
        raise EventRefused(_("The cost %(cost)s row of the sheet “%(sheet)s” is already used: one "
                             "sticker per row.")
                           % {"cost": ref.cost, "sheet": names.sheet_name(content, ref.sheet_id)})
    state.used_rows.setdefault(ref.sheet_id, {})[str(ref.cost)] = ref.kind
    state.upgrades[copy_id] = {"sticker": ref.id, "side": side, "scenario": scenario}


def _capital(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:]


def _sticker_or_refuse(content: PackContent, sticker_id: str) -> tuple[StickerRef, dict, dict]:
    try:
        return content.sticker(sticker_id)
    except ContentError:
        raise EventRefused(_("This sticker is not in the campaign's pack.")) from None


def _check_sheet(content: PackContent, state: CampaignState, sheet: dict, side: str) -> None:
    """L4a, L18: a side uses its own opened sheets; an unopened sheet is never named (spoiler)."""
    if sheet["side"] != side:
        raise EventRefused(_("This sticker's sheet belongs to the other side (%(side)s).")
                           % {"side": names.side_name(content, sheet["side"])})
    if sheet["id"] not in state.opened_sheets.get(side, []):
        raise EventRefused(_("This sticker's sheet has not been opened yet: its envelope comes "
                             "later."))


def _check_match(content: PackContent, ref: StickerRef, card: dict, copy_id: str) -> None:
    """L13: the sticker matches the PRINTED type and cost, whatever effects changed them."""
    if card.get("type") == ref.kind and card.get("cost") == ref.cost:
        return
    raise EventRefused(mismatch_message(content, copy_id, ref.id))


def mismatch_message(content: PackContent, copy_id: str, sticker_id: str) -> str:
    """Return why a sticker does not fit a card copy (L13: printed type and cost), by name."""
    card, ref = content.card_of_copy(copy_id), StickerRef.parse(sticker_id)
    values = {"copy": names.copy_name(content, copy_id), "type": names.kind_name(card.get("type")),
              "cost": card.get("cost"), "sticker": names.sticker_name(content, sticker_id),
              "kind": names.kind_name(ref.kind), "sticker_cost": ref.cost}
    if card.get("type") != ref.kind:
        return _("%(copy)s is a %(type)s; the sticker “%(sticker)s” is for a %(kind)s.") % values
    return _("%(copy)s has printed cost %(cost)s; the sticker “%(sticker)s” is for cost "
             "%(sticker_cost)s.") % values


# -- L22, L25, L26: the end -------------------------------------------------------------------


def campaign_winner(content: PackContent, state: CampaignState) -> str:
    """Return the winning side by the pack's ordered tie-breaks (L22)."""
    last = (state.scenarios.get(str(content.scenario_count), {}).get("result") or {})
    values = {side: {"vp": state.vp_points(content, side),
                     "scenario_wins": state.scenario_wins(side),
                     "winner_of_12": int(last.get("winner") == side)} for side in state.sides}
    return winner_by_tie_breaks(values, content.winner_order)[0]


def sides_needing_upgrades(content: PackContent, state: CampaignState) -> list[str]:
    """Return the sides that must still upgrade after the campaign and can (L25)."""
    return [side for side in sorted(state.sides)
            if len(state.upgrades_of(side)) < UPGRADES_PER_SIDE and legal_upgrades(content, state, side, 1)]


def next_after_campaign_side(content: PackContent, state: CampaignState) -> str | None:
    """Return whose turn it is to upgrade after the campaign (L25: alternate while both must)."""
    if state.phase != AFTER_CAMPAIGN:
        return None  # before scenario 12 is recorded nobody upgrades outside a game
    needing = sides_needing_upgrades(content, state)
    if len(needing) < 2:
        return needing[0] if needing else None
    if state.last_after_upgrade in needing:
        return next(s for s in needing if s != state.last_after_upgrade)
    last = state.scenarios[str(content.scenario_count)]["result"]
    return last["winner"]  # L5's logic: the last winner goes first


def legal_upgrades(content: PackContent, state: CampaignState, side: str,
                   limit: int | None = None) -> list[tuple[str, str]]:
    """Return (copy id, sticker id) pairs ``side`` may still use, at most ``limit`` of them."""
    found: list[tuple[str, str]] = []
    free = [c for c in state.trade_deck(content) if c not in state.upgrades]
    for sheet_id in state.opened_sheets.get(side, []):
        for row in content.sheets[sheet_id]["rows"]:
            if str(row["cost"]) in state.used_rows.get(sheet_id, {}):
                continue
            for copy_id in free:
                card = content.card_of_copy(copy_id)
                if card.get("cost") == row["cost"] and card.get("type") in row:
                    found.append((copy_id, f"{sheet_id}:{row['cost']}:{card['type']}"))
                    if limit and len(found) >= limit:
                        return found
    return found


def _after_campaign_upgrade(content: PackContent, state: CampaignState, payload: dict) -> None:
    if state.phase != AFTER_CAMPAIGN:
        raise EventRefused(_("Upgrades outside a game are made only after the campaign."))
    side = payload["side"]
    _check_side(content, state, side)
    if len(state.upgrades_of(side)) >= UPGRADES_PER_SIDE:
        raise EventRefused(_("This side already has %(n)s upgrades.")
                           % {"n": UPGRADES_PER_SIDE})
    turn = next_after_campaign_side(content, state)
    if turn is not None and turn != side:
        raise EventRefused(_("It is the other side's turn to upgrade: the sides take turns "
                             "while both still need upgrades."))
    add_upgrade(content, state, payload, scenario=None)
    state.last_after_upgrade = side


def _campaign_finished(content: PackContent, state: CampaignState, payload: dict) -> None:
    if state.phase != AFTER_CAMPAIGN:
        raise EventRefused(_("The campaign can be finished only after the last scenario."))
    if sides_needing_upgrades(content, state):
        raise EventRefused(_("Each side must first fill up to %(n)s upgrades.")
                           % {"n": UPGRADES_PER_SIDE})
    state.post_campaign_added = True
    state.phase = FINISHED


_HANDLERS = {
    SIDES_CHOSEN: _sides_chosen,
    SIDE_WISHED: _side_wished,
    SCENARIO_OPENED: _scenario_opened,
    CHOICE_MADE: _choice_made,
    GAME_RECORDED: _game_recorded,
    AFTER_CAMPAIGN_UPGRADE: _after_campaign_upgrade,
    CAMPAIGN_FINISHED: _campaign_finished,
}
