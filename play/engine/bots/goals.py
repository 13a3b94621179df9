"""What a seat plays for: its routes to victory and the VP cards on offer (C26, L19, L21, RULEs).

A Legacy scenario may add routes to the usual one (bring every opponent to 0 authority, C26):
political victory with the scenario's sticker sheet (L19) and the scenario's own victory rules
("wins at once when it has dealt 47 damage"). Its VP cards (L21) score campaign points for a
side, whoever wins the game. `Goals` reads all of that from the game once per seat;
`closest_route` estimates, from public facts and the seat's own cards, how many turns each route
still needs and names the nearest; `goal_terms` measures a seat's progress in three terms the
search bot's evaluation weighs, and `goal_score` sums them as one figure (its own routes and VP
cards minus the opponents' routes).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import ops
from ..state import GameState
from .assess import Yield, seat_yield, wall

AUTHORITY = "authority"  # C26: the opponents' authority to 0
POLITICAL = "political"  # L19: the five stickers of the scenario's sheet
POLITICAL_STICKERS = ops.POLITICAL_STICKERS

# How fast a scenario counter grows per turn when the seat works at it (rough, for comparing
# routes): combat and authority come from the seat's yield, the rest from these.
COUNTER_RATE = {"stat:bases_destroyed": 0.35, "stat:upgrades": 0.5, "stat:cards_acquired": 1.5,
                "stat:outpost_turn_starts": 0.5}


@dataclass(frozen=True)
class Goals:
    """One seat's scenario routes and VP cards.

    `victories`: the seat's own victory conditions (COND tuples); `threats`: (seat, COND) of
    the opponents'; `vp_cards`: (id, kind, COND, points) of the game's VP cards ("winner",
    "first_to", "at_end"); `sheet`: the scenario sheet (L19) or None.
    """

    victories: tuple
    threats: tuple
    vp_cards: tuple
    sheet: str | None

    @property
    def scenario(self) -> bool:
        """Tell whether anything beyond authority is worth playing for."""
        return bool(self.victories or self.threats or self.vp_cards or self.sheet)


_GOALS: dict[tuple[int, int], tuple[object, Goals]] = {}


def goals_of(state: GameState, seat: int) -> Goals:
    """Return the seat's goals (cached per game)."""
    game = state.game
    key = (id(game), seat)
    kept = _GOALS.get(key)
    if kept is not None and kept[0] is game:
        return kept[1]
    points = {vid: int(card.get("points", 1)) for vid, card in game.pack.vp_cards.items()}
    found = Goals(
        victories=tuple(cond for s, cond in game.victories if s == seat),
        threats=tuple((s, cond) for s, cond in game.victories if game.team[s] != game.team[seat]),
        vp_cards=tuple((vid, kind, cond, points.get(vid, 1)) for vid, kind, cond in game.vp_cards),
        sheet=game.scenario_sheet[seat])
    if len(_GOALS) > 4096:
        _GOALS.clear()
    _GOALS[key] = (game, found)
    return found


def progress(state: GameState, seat: int, cond: tuple) -> float:
    """Return how far the seat is along a COND, from 0 to 1 (1: it holds)."""
    kind = cond[0]
    if kind == "count":
        value = ops.count(state, seat, cond[1], None)
        if cond[2] == "at_least":
            return 1.0 if value >= cond[3] else max(0.0, value / cond[3]) if cond[3] > 0 else 0.0
        return 1.0 if value <= cond[3] else 0.0
    if kind == "all":
        return min(progress(state, seat, c) for c in cond[1])
    if kind == "any":
        return max(progress(state, seat, c) for c in cond[1])
    return 1.0 if ops.check(state, seat, cond, None) else 0.0


def stickers_used(state: GameState, seat: int) -> int:
    """Return how many stickers of the seat's scenario sheet are used (L19)."""
    return ops.political_progress(state, seat)


def turns_left(state: GameState, seat: int, cond: tuple, per_turn: Yield) -> float:
    """Return a rough count of the seat's turns a COND still needs (`per_turn`: the seat's
    `seat_yield`)."""
    kind = cond[0]
    if kind == "all":
        return max(turns_left(state, seat, c, per_turn) for c in cond[1])
    if kind == "any":
        return min(turns_left(state, seat, c, per_turn) for c in cond[1])
    if kind != "count" or cond[2] != "at_least":
        return 0.0 if ops.check(state, seat, cond, None) else 30.0
    missing = cond[3] - ops.count(state, seat, cond[1], None)
    if missing <= 0:
        return 0.0
    counter = cond[1]
    if counter == "stat:damage_dealt":
        rate = per_turn.combat
    elif counter in ("authority", "stat:authority_gained"):
        rate = per_turn.authority
    elif counter.startswith("stat:acquired:"):
        rate = 0.6
    else:
        rate = COUNTER_RATE.get(counter, 0.5)
    return missing / max(rate, 0.1)


def closest_route(state: GameState, seat: int) -> tuple[str, tuple | None]:
    """Return the route the seat is nearest to finishing: (AUTHORITY, None), (POLITICAL, None)
    or ("scenario", COND) of one of its own victory rules."""
    goals = goals_of(state, seat)
    if not goals.victories and not goals.sheet:
        return AUTHORITY, None
    # once: every route's estimate reads the yield; the first nearest route wins a tie
    _turns, route, cond = min(route_turns(state, seat, seat_yield(state, seat)),
                              key=lambda found: found[0])
    return route, cond


def route_turns(state: GameState, seat: int, per_turn: Yield
                ) -> list[tuple[float, str, tuple | None]]:
    """Return (turns it still needs, route, COND or None) for each of the seat's routes to
    victory: the opponents' authority first, then its scenario sheet (two turns a sticker, L19)
    and its own victory rules (`per_turn`: the seat's yield a turn)."""
    goals = goals_of(state, seat)
    found: list[tuple[float, str, tuple | None]] = [
        (authority_turns(state, seat, per_turn), AUTHORITY, None)]
    if goals.sheet:
        found.append((2.0 * (POLITICAL_STICKERS - stickers_used(state, seat)), POLITICAL, None))
    for cond in goals.victories:
        found.append((turns_left(state, seat, cond, per_turn), "scenario", cond))
    return found


def turns_to_win(state: GameState, seat: int, per_turn: Yield) -> float:
    """Return roughly how many of its turns the seat needs on its nearest route to victory."""
    return min(turns for turns, _route, _cond in route_turns(state, seat, per_turn))


def authority_turns(state: GameState, seat: int, per_turn: Yield) -> float:
    """Return roughly how many turns the seat needs to bring its weakest opponent to 0
    (`per_turn`: the seat's `seat_yield`)."""
    foes = ops.enemies(state, seat)
    if not foes:
        return 0.0
    combat = max(per_turn.combat, 0.5)
    purse = state.game.purse
    return min((state.authority[purse[f]] + wall(state, f)) / combat for f in foes)


def goal_score(state: GameState, seat: int) -> float:
    """Return the seat's scenario progress minus its opponents', in "fractions of a win".

    Counts its own victory rules (the nearest one), the political route (L19) and the VP cards
    already earned or near (worth their points against the victory card's), minus the same for
    the opponents' victory rules.
    """
    goals = goals_of(state, seat)
    score = 0.0
    if goals.victories:
        score += 0.5 * max(progress(state, seat, cond) for cond in goals.victories) ** 2
    if goals.threats:
        score -= 0.5 * max(progress(state, s, cond) for s, cond in goals.threats) ** 2
    if goals.sheet:
        score += 0.4 * (stickers_used(state, seat) / POLITICAL_STICKERS) ** 2
    if goals.vp_cards:
        score += vp_score(state, seat, goals)
    return score


def goal_terms(state: GameState, seat: int) -> tuple[float, float, float]:
    """Return the seat's own scenario progress as the three terms of `goal_score`: its nearest
    victory rule (0.5 progress²), its scenario sheet (0.4 (stickers / 5)², L19) and its VP cards
    (`vp_score`). The search weighs them (search.SCENARIO_WEIGHTS)."""
    goals = goals_of(state, seat)
    route = 0.5 * max(progress(state, seat, cond) for cond in goals.victories) ** 2 \
        if goals.victories else 0.0
    political = 0.4 * (stickers_used(state, seat) / POLITICAL_STICKERS) ** 2 if goals.sheet \
        else 0.0
    vp = vp_score(state, seat, goals) if goals.vp_cards else 0.0
    return route, political, vp


def vp_score(state: GameState, seat: int, goals: Goals) -> float:
    """Return the VP cards' worth to the seat: earned ones fully, near ones by progress, less
    the ones its opponents earned (scaled to the scenario's victory card, L21)."""
    top = max((p for _vid, kind, _c, p in goals.vp_cards if kind == "winner"), default=3)
    team = state.game.team
    earned = {vid: s for vid, s in state.vp_awarded}
    total = 0.0
    for vid, kind, cond, points in goals.vp_cards:
        if kind == "winner" or cond is None:
            continue
        weight = 0.15 * points / top
        if vid in earned:
            total += weight if team[earned[vid]] == team[seat] else -weight
        elif kind == "first_to":
            total += 0.5 * weight * progress(state, seat, cond)
        else:  # at_end: holds or not when the game ends
            total += 0.5 * weight * progress(state, seat, cond)
    return total
