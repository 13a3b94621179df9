"""What one player (or a spectator) may see, as JSON-safe dicts (C25).

Never included: another player's hand, any deck's order or contents (only sizes), the seed or the
generator state. Event-log tuples become readable English lines here, not during play.
"""

from __future__ import annotations

from typing import Any

from . import ops
from .actions import EXPLORER, Action
from .rules import ability_of, decider, legal_actions
from .state import GameState


def view(state: GameState, seat: int | None = None) -> dict[str, Any]:
    """Return the view of `seat` (None: the public spectator view)."""
    game = state.game
    me = seat if isinstance(seat, int) and 0 <= seat < game.n else None
    legal = legal_actions(state) if me is not None and decider(state) == me else None
    return {
        "seat": me,
        "active": state.active,
        "decider": decider(state),
        "turn": state.turn,
        "players": [_player(state, s, me) for s in range(game.n)],
        "hand": [card(state, c) for c in state.hand[me]] if me is not None else None,
        "trade_row": [card(state, c) if c >= 0 else None for c in state.row],
        "trade_deck_size": len(state.trade_deck),
        "explorers": len(state.explorers),
        "acquiring": [card(state, c) for c in state.acquiring],
        "scrap_heap": [card(state, c) for c in state.heap],
        "pending": _pending(state, me),
        "legal": [a.notation for a in legal] if legal else [],
        "labels": {a.notation: label(state, a) for a in legal} if legal else {},
        "log": [render(state, e) for e in state.log],
        "previous_turn_log": [render(state, e) for e in state.prev_log],
        "outcome": state.outcome.to_dict() if state.outcome is not None else None,
        "rules": _rules(state),
        "vp_cards": _vp_cards(state),
        "mode": _mode(state),
        "reach": _reach(state, me) if me is not None else None,
    }


def _mode(state: GameState) -> dict[str, Any]:
    """Return the mode and its teams with their shared authority and pools (docs/modes.md)."""
    game = state.game
    mode = game.mode
    teams = []
    for team in game.teams:
        seats = game.team_seats[team]
        shared = len({game.purse[s] for s in seats}) == 1
        teams.append({"team": team, "seats": list(seats),
                      "alive": any(state.alive[s] for s in seats),
                      "authority": state.authority[game.purse[seats[0]]] if shared else None,
                      "trade": sum(state.trade[s] for s in seats),
                      "combat": sum(state.combat[s] for s in seats)})
    return {"id": mode.id, "rule": mode.rule, "name": dict(mode.name),
            "team_turns": mode.team_turns, "pooling": mode.team_turns,
            "shared_authority": any(t["authority"] is not None and len(t["seats"]) > 1
                                    for t in teams),
            "outposts": "team" if game.outposts_by_team else "player",
            "card_passing": mode.card_passing, "teams": teams}


def _reach(state: GameState, me: int) -> dict[str, Any]:
    """Return whom the viewer may attack and target now under its mode (not needing combat)."""
    game = state.game
    alive = state.alive[me] and state.outcome is None
    foes = ops.enemies(state, me) if alive else []
    return {
        "players": [s for s in foes if not ops.protected(state, s)],
        "targets": foes,
        "bases": ops.targetable_bases(state, me) if alive else [],
        "combat": state.combat[me],
        "base_combat": ops.combat_pool(state, me),
        "trade": ops.trade_pool(state, me),
        "give_to": [s for s in game.mates_beside[me] if state.alive[s]] if alive else [],
    }


def _rules(state: GameState) -> dict[str, Any]:
    """Return the game's public rule values after the scenario's changes (L6, L8)."""
    game = state.game
    explorer = next((d for d in game.designs if d.role == "explorer"), None)
    return {"explorer_cost": explorer.cost if explorer is not None else None,
            "trade_row_size": game.row_size, "hand_size": list(game.hand_size),
            "starting_authority": list(game.authority)}


def _vp_cards(state: GameState) -> list[dict[str, Any]]:
    """Return the scenario's VP cards: who holds one already and how far each seat is (L21).

    Only public counters are counted (stats, sizes, cards in play), as in the players' entries.
    """
    held = dict(state.vp_awarded)
    cards = []
    for vid, kind, cond in state.game.vp_cards:
        goals = [{"counter": leaf[1], "op": leaf[2], "n": leaf[3],
                  "have": [ops.count(state, s, leaf[1], None) for s in range(state.game.n)]}
                 for leaf in _count_leaves(cond)]
        cards.append({"vp": vid, "award": kind, "holder": held.get(vid), "goals": goals})
    return cards


def _count_leaves(cond: tuple | None) -> list[tuple]:
    """Return the count conditions a COND needs all of; none for "any"/"not" (no single goal)."""
    if cond is None:
        return []
    if cond[0] == "count":
        return [cond]
    if cond[0] == "all":
        return [leaf for c in cond[1] for leaf in _count_leaves(c)]
    return []


def label(state: GameState, action: Action) -> str:
    """Return a short English label for a legal action ("Buy Cutter for 2 trade")."""
    kind = action.kind

    def name(inst: int) -> str:
        return state.design[inst].name.get("en", state.design[inst].id)

    if kind == "play":
        return f"Play {name(action.card)}"
    if kind == "use":
        ability = ability_of(state, state.active, action.card, action.index)
        when = {"primary": "Use", "ally": "Ally ability of", "scrap": "Scrap"}.get(
            ability.when if ability else "", "Use")
        return f"{when} {name(action.card)}"
    if kind == "buy":
        if action.card == EXPLORER:
            return "Buy an explorer"
        upgrade = f" and upgrade it ({action.sticker})" if action.sticker else ""
        return f"Buy {name(action.card)}{upgrade}"
    if kind == "attack":
        n = state.combat[state.active] if action.card < 0 else action.card
        return f"Attack Player {action.index + 1} with {n} combat"
    if kind == "destroy":
        if action.index >= 0:
            return f"Spend {action.index} combat on {name(action.card)}"
        return f"Destroy {name(action.card)}"
    if kind == "give":
        return f"Pass a card to Player {action.index + 1} for 1 trade"
    if kind == "pick":
        upgrade = f" and upgrade it ({action.sticker})" if action.sticker else ""
        return f"Choose {name(action.card)}{upgrade}"
    if kind == "choose":
        return _choice_label(state, state.pending, action.index)
    return {"end": "End turn", "done": "Done"}.get(kind, action.notation)


def card(state: GameState, inst: int) -> dict[str, Any]:
    """Return the public face of one card instance."""
    d = state.design[inst]
    data: dict[str, Any] = {"id": inst, "card": d.id, "name": d.name, "type": d.type,
                            "cost": d.cost, "factions": list(d.factions)}
    if d.is_base:
        data["defense"] = d.defense
        data["outpost"] = d.outpost
    if d.upgrade is not None:
        data["upgrade"] = {"sticker": d.upgrade[0], "side": d.upgrade[1]}
    copy_id = state.game.copy_id[inst]
    if copy_id:
        data["copy"] = copy_id
    return data


def _player(state: GameState, seat: int, me: int | None) -> dict[str, Any]:
    game = state.game
    bases = []
    for b in state.bases[seat]:
        face = card(state, b)
        face["defense"] = ops.defense(state, b, seat)
        face["damage"] = state.damage.get(b, 0)
        bases.append(face)
    return {
        "seat": seat,
        "name": game.setup.seats[seat].name,
        "side": game.setup.seats[seat].side,
        "team": game.team[seat],
        "alive": state.alive[seat],
        "authority": state.authority[game.purse[seat]],
        "role": game.role[seat],
        "hand_size": len(state.hand[seat]),
        "hand": ([card(state, c) for c in state.hand[seat]] if _sees_hand(state, me, seat)
                 else None),
        "deck_size": len(state.deck[seat]),
        "discard": [card(state, c) for c in state.discard[seat]],
        "in_play": [card(state, c) for c in state.ships[seat]],
        "bases": bases,
        "trade": state.trade[seat],
        "combat": state.combat[seat],
        "turns": state.turns[seat],
        "stats": dict(state.stats[seat]),
        "political": ({"used": ops.political_progress(state, seat),
                       "needed": ops.POLITICAL_STICKERS}
                      if game.scenario_sheet[seat] else None),
    }


def _sees_hand(state: GameState, me: int | None, seat: int) -> bool:
    """Tell whether `me` may see `seat`'s hand: its own, or a fellow raider's (M7)."""
    if me is None:
        return False
    if me == seat:
        return True
    game = state.game
    return game.mode.team_hands and game.role[me] == "raider" and game.role[seat] == "raider"


_PROMPTS = {
    "discard": "Discard {n} card(s) from your hand",
    "opp_discard": "Discard {n} card(s): your opponent made you (C23)",
    "scrap": "Scrap up to {n} card(s) from your {zone}",
    "destroy_base": "Destroy up to {n} base(s) of your opponent",
    "acquire_free": "Acquire a card from the trade row for free (you may decline)",
    "recycle": "Move up to {n} card(s) from your discard pile",
    "copy_ship": "Choose a ship you played this turn to copy",
    "copy_base": "Choose a base in play to copy until your turn ends",
    "choose": "Choose one",
    "may": "Do you use this ability?",
    "destination": "Where does the card you acquired go?",
    "target": "Choose the opponent",
    "bequeath": "You are out: give 1 card to Player {to} (you may decline)",
    "give": "Choose a card of your discard pile to pass to Player {to} (1 trade)",
}


def _pending(state: GameState, me: int | None) -> dict[str, Any] | None:
    d = state.pending
    if d is None:
        return None
    data = {"kind": d.kind, "seat": d.seat, "min": d.min, "max": d.max, "picked": d.picked,
            "optional": d.picked >= d.min,
            "source": state.design[d.src].id if d.src >= 0 else None,
            "prompt": _PROMPTS[d.kind].format(
                n=d.max - d.picked, zone=str(d.data).replace("_", " "),
                to=d.data + 1 if d.kind in ("bequeath", "give") else "")}
    if d.kind in ("bequeath", "give"):
        data["recipient"] = d.data
    if me != d.seat:
        return data  # the options may be the decider's hand: only they see them
    if d.kind in ("choose", "may", "destination", "target"):
        data["options"] = [{"choose": i, "label": _choice_label(state, d, i)} for i in d.options]
    else:
        data["options"] = [card(state, c) for c in d.options]
    return data


def _choice_label(state: GameState, d: Any, i: int) -> str:
    if d.kind == "may":
        return "yes" if i == 1 else "no"
    if d.kind == "target":
        return f"Player {i + 1}"
    if d.kind == "destination":
        return {"discard": "discard pile", "hand": "hand", "deck_top": "top of deck"}[
            d.data[2] if i == 1 else d.data[1]]
    return "; ".join(describe(e) for e in d.data[i]) or "nothing"


def describe(effect: tuple) -> str:
    """Return a short English text for a normalized effect."""
    kind, arg = effect
    if kind in ("trade", "combat", "authority", "draw"):
        n = arg if isinstance(arg, int) else f"1 per {arg[1]}"
        return f"{'draw' if kind == 'draw' else '+'}{' ' if kind == 'draw' else ''}{n}" + (
            "" if kind == "draw" else f" {kind}")
    return kind.replace("_", " ")


def render(state: GameState, event: tuple) -> str:
    """Turn one event-log tuple into a readable line."""
    kind, seat = event[0], event[1]
    who = f"Player {seat + 1}"
    names = state.game.pack.by_id

    def name(card_id: str) -> str:
        design = names.get(card_id)
        return design.name.get("en", card_id) if design else card_id

    if kind == "play":
        return f"{who} played {name(event[2])}"
    if kind in ("trade", "combat"):
        return f"{who} gained {event[2]} {kind}"
    if kind == "authority":
        return f"{who} {'gained' if event[2] >= 0 else 'lost'} {abs(event[2])} authority"
    if kind == "draw":
        return f"{who} drew {event[2]} card(s)"
    if kind == "reshuffle":
        return f"{who} shuffled their discard pile into a new deck"
    if kind == "discard":
        return f"{who} discarded {name(event[2])}"
    if kind == "scrap":
        return f"{who} scrapped {name(event[2])}"
    if kind == "destroy":
        return f"{who} destroyed {name(event[2])} of Player {event[3] + 1}"
    if kind == "acquire":
        where = {"discard": "", "hand": " into their hand",
                 "deck_top": " onto their deck"}[event[3]]
        return f"{who} acquired {name(event[2])}{where}"
    if kind == "upgrade":
        return f"{who} upgraded {name(event[2])} with sticker {event[3]}"
    if kind == "use":
        return f"{who} used the {event[3]} ability of {name(event[2])}"
    if kind == "attack":
        return f"{who} attacked Player {event[2] + 1} for {event[3]}"
    if kind == "damage":
        return f"{who} dealt {event[4]} damage to {name(event[2])} of Player {event[3] + 1}"
    if kind == "out":
        return f"{who} is out"
    if kind == "scrapped_all":
        return f"{who}'s {event[2]} remaining card(s) were scrapped"
    if kind == "gift":
        return f"{who} gave {name(event[2])} to Player {event[3] + 1}"
    if kind == "give":
        return f"{who} passed {name(event[2])} to Player {event[3] + 1}"
    if kind == "recycle":
        if event[3] == "hand":
            return f"{who} took {name(event[2])} from their discard pile into their hand"
        return f"{who} put a card from their discard pile on top of their deck"
    if kind == "copy":
        return f"{who}'s {name(event[2])} copied {name(event[3])}"
    if kind == "to_hand":
        return f"{who} put {name(event[2])} into their hand"
    if kind == "end":
        return f"{who} ended their turn"
    if kind == "resign":
        return f"{who} resigned"
    if kind == "over":
        return "Game over" + (f": Player {seat + 1} wins ({event[2]})" if seat >= 0 else "")
    return " ".join(map(str, event))
