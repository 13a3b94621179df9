"""Game modes (M1-M9) as configuration of the one N-seat engine: a table, never a fork.

A `Mode` is a set of switches (who may attack whom, grouped turns, shared authority, gifts of an
eliminated player, ...). `plan(...)` turns a mode and a list of seats into the per-seat numbers
the engine starts from (teams, roles, authority pools, first hands, draw sizes). docs/modes.md is
the reference; docs/rules.md M1-M9 the rules.

>>> MODES["hunter"].rule, MODES["hunter"].players
('M3', (3, 4, 5, 6))
>>> plan("raid", [None, None, None, None], 0, 50, 5, None).authority
[70, 50, 50, 50]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import SetupError

NORMAL_AUTHORITY = 50  # mode tables are written for 50 (C1); they scale with starting_authority
BOSS = {2: (50, 7), 3: (70, 7), 4: (70, 8), 5: (90, 8)}  # M7: raiders -> boss authority, hand
ROLES = (None, "emperor", "admiral", "boss", "raider")


@dataclass(frozen=True)
class Mode:
    """One way to play: its rule id, names, seat counts and the switches the engine reads.

    `reach`: who a seat may attack and target ("setup": `GameSetup.targeting`; "all" living
    opponents (in raid the teams make that the boss for a raider); "hunter": the left
    neighbour, bases of both neighbours; "emperor": M6). `outposts`: the default
    scope of C20 ("team" or "player", M9). `gifts`: what an eliminated player hands on
    ("emperor": 1 card to the emperor; "raiders": 1 card to each other raider).
    `team_after_team`: turns go team by team, the first seat's team first (M6); `team_turns`
    (M5) implies it and also plays each team's turn together.
    """

    id: str
    rule: str
    name: dict[str, str]
    players: tuple[int, ...]
    reach: str = "all"
    team_turns: bool = False
    shared_authority: bool = False
    outposts: str = "player"
    scrap_eliminated: bool = True
    gifts: str = ""
    first_blood: bool = False
    leader_takes_team: bool = False
    team_hands: bool = False
    card_passing: bool = False
    boss_base_damage: bool = False
    team_after_team: bool = False


MODES: dict[str, Mode] = {m.id: m for m in (
    Mode("standard", "M1", {"en": "Standard", "ru": "Стандартный"}, (2,), reach="setup",
         shared_authority=True, outposts="team", scrap_eliminated=False),
    Mode("ffa", "M2", {"en": "Free-for-all", "ru": "Куча-мала"}, (3, 4, 5, 6)),
    Mode("hunter", "M3", {"en": "Hunter", "ru": "Охотник"}, (3, 4, 5, 6), reach="hunter"),
    Mode("first-blood", "M4", {"en": "Hunter: First Blood", "ru": "Охотник: первая кровь"},
         (3, 4, 5, 6), reach="hunter", first_blood=True),
    Mode("hydra", "M5", {"en": "Hydra", "ru": "Гидра"}, (4, 6), team_turns=True,
         shared_authority=True, outposts="team"),
    Mode("emperor", "M6", {"en": "Emperor", "ru": "Император"}, (6,), reach="emperor",
         gifts="emperor", leader_takes_team=True, card_passing=True, team_after_team=True),
    Mode("raid", "M7", {"en": "Raid", "ru": "Налёт"}, (3, 4, 5, 6),
         gifts="raiders", team_hands=True, boss_base_damage=True),
)}


def choices() -> list[tuple[str, dict[str, str], tuple[int, ...]]]:
    """Return (id, name, allowed seat counts) of every mode, for a form."""
    return [(m.id, m.name, m.players) for m in MODES.values()]


def get(mode_id: str) -> Mode:
    """Return a mode by id; `SetupError` naming the known ones otherwise."""
    mode = MODES.get(mode_id) if isinstance(mode_id, str) else None
    if mode is None:
        raise SetupError(f"unknown mode {mode_id!r} (known: {', '.join(MODES)})")
    return mode


@dataclass
class Plan:
    """Per-seat starting numbers of one game (seat order = clockwise; `turn_order` from `first`).

    `team`: friend or foe; `purse`: whose authority a seat spends and loses (its team's where
    authority is shared, else its own seat); `facing`: the seat opposite (emperor admirals).
    """

    mode: Mode
    first: int
    team: list[int]
    purse: list[int]
    role: list[str | None]
    authority: list[int]
    first_hand: list[int]
    hand_size: list[int]
    outposts: str
    facing: list[int | None]


def plan(mode_id: str, seats: Sequence[Any], first: int | None, authority: int, draw: int,
         hand_sizes: Sequence[int] | None, seed: Any = 0, outposts: str | None = None) -> Plan:
    """Return the per-seat plan of a game; `SetupError` for seats the mode cannot seat.

    `seats` are `SeatSetup`s (or None for defaults): their `team` and `role` are read.
    """
    mode = get(mode_id)
    n = len(seats)
    if mode.id != "standard" and n not in mode.players:
        counts = ", ".join(map(str, mode.players))
        raise SetupError(f"{mode.name['en']} ({mode.rule}) is for {counts} players, not {n}")
    if outposts not in (None, "player", "team"):
        raise SetupError(f"outposts is 'player' or 'team' (M9), not {outposts!r}")
    given_team = [getattr(s, "team", None) for s in seats]
    given_role = [getattr(s, "role", None) for s in seats]
    for k, role in enumerate(given_role):
        if role not in ROLES:
            raise SetupError(f"seat {k}: role is one of {', '.join(map(str, ROLES[1:]))}")
    layout = _LAYOUTS.get(mode.id, _layout_free)
    team, role, first = layout(mode, n, given_team, given_role, first, seed)
    purse = team if mode.shared_authority else list(range(n))
    result_plan = Plan(mode, first, team, purse, role, [0] * n, [0] * n, [draw] * n,
                       outposts or mode.outposts, [None] * n)
    _numbers(result_plan, n, authority, draw, hand_sizes)
    if mode.reach == "emperor":
        result_plan.facing = [(s + 3) % 6 for s in range(6)]
    return result_plan


def _first(first: int | None, n: int, seed: Any) -> int:
    if first is None:  # C3: a random first player, drawn from the seed (replay stays exact)
        first = random.Random(f"first-player:{seed}").randrange(n)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise SetupError(f"first player must be a seat 0..{n - 1}")
    return first


def _layout_free(mode: Mode, n: int, team: list, role: list, first: int | None, seed: Any
                 ) -> tuple[list[int], list[str | None], int]:
    """Standard, ffa, hunter: one team per seat unless the setup names teams (standard only)."""
    if mode.id == "standard":
        teams = [t if t is not None else k for k, t in enumerate(team)]
    else:
        if any(t is not None for t in team):
            raise SetupError(f"{mode.name['en']} has no teams: every player plays alone")
        teams = list(range(n))
    if any(r is not None for r in role):
        raise SetupError(f"{mode.name['en']} has no roles")
    return teams, [None] * n, _first(first, n, seed)


def _layout_hydra(mode: Mode, n: int, team: list, role: list, first: int | None, seed: Any
                  ) -> tuple[list[int], list[str | None], int]:
    """Two equal teams; by default the first half of the seats against the second half."""
    if all(t is None for t in team):
        team = [0 if k < n // 2 else 1 for k in range(n)]
    if any(t is None for t in team) or sorted(team) != sorted([0, 1] * (n // 2)):
        raise SetupError("Hydra (M5) needs two teams 0 and 1 of equal size")
    if any(r is not None for r in role):
        raise SetupError("Hydra has no roles")
    if first is None:  # a random first TEAM: its first seat starts
        pick = random.Random(f"first-player:{seed}").randrange(2)
        first = team.index(pick)
    return list(team), [None] * n, _first(first, n, seed)


def _layout_emperor(mode: Mode, n: int, team: list, role: list, first: int | None, seed: Any
                    ) -> tuple[list[int], list[str | None], int]:
    """Seats 0-2 against 3-5; emperors in the middle (1 and 4), so seat k faces seat k+3.

    Any seat may be asked to start: it is Player 1 and its team is team A (`turn_order`).
    """
    teams = [0, 0, 0, 1, 1, 1]
    roles: list[str | None] = ["admiral", "emperor", "admiral"] * 2
    if any(t is not None and t != teams[k] for k, t in enumerate(team)) or \
            any(r is not None and r != roles[k] for k, r in enumerate(role)):
        raise SetupError("Emperor (M6) seats: team 0 = seats 1-3, team 1 = seats 4-6, the "
                         "emperors in the middle (seats 2 and 5)")
    return teams, roles, _first(0 if first is None else first, n, seed)


def _layout_raid(mode: Mode, n: int, team: list, role: list, first: int | None, seed: Any
                 ) -> tuple[list[int], list[str | None], int]:
    """One boss (team 0, default seat 0) against the raiders (team 1); the boss starts."""
    bosses = [k for k, r in enumerate(role) if r == "boss"]
    if not bosses:
        bosses = [0]
    if len(bosses) != 1 or any(r not in (None, "boss", "raider") for r in role):
        raise SetupError("Raid (M7) has exactly one boss; the others are raiders")
    boss = bosses[0]
    roles: list[str | None] = ["boss" if k == boss else "raider" for k in range(n)]
    teams = [0 if k == boss else 1 for k in range(n)]
    if any(t is not None and t != teams[k] for k, t in enumerate(team)):
        raise SetupError("Raid (M7): the boss is team 0, the raiders team 1")
    return teams, roles, boss


_LAYOUTS = {"hydra": _layout_hydra, "emperor": _layout_emperor, "raid": _layout_raid}


def _scaled(value: int, authority: int) -> int:
    return max(1, round(value * authority / NORMAL_AUTHORITY))


def _numbers(p: Plan, n: int, authority: int, draw: int, hand_sizes: Sequence[int] | None
             ) -> None:
    """Fill authority, first hands and draw sizes (C1, C3, M1-M7)."""
    order = turn_order(p, n)  # hydra, emperor: the first seat's team, then the other team
    mode = p.mode
    if mode.id == "hydra":
        p.authority = [_scaled(75 if n == 4 else 100, authority)] * n
        hands = [3 if p.team[s] == p.team[p.first] else 5 for s in order]
    elif mode.id == "emperor":
        p.authority = [_scaled(60 if r == "emperor" else 50, authority) for r in p.role]
        hands = [3 if p.team[s] == p.team[p.first] else 5 for s in order]
    elif mode.id == "raid":
        boss_authority, boss_hand = BOSS[n - 1]
        p.authority = [_scaled(boss_authority if r == "boss" else 50, authority) for r in p.role]
        p.hand_size = [boss_hand if r == "boss" else draw for r in p.role]
        hands = [boss_hand - 2 if p.role[s] == "boss" else 5 for s in order]
    else:
        p.authority = [authority] * n
        hands = [3, 5] if n == 2 else [3, 4] + [5] * (n - 2)
    if hand_sizes is not None:
        if len(hand_sizes) != n:
            raise SetupError(f"hand_sizes needs {n} numbers, one per seat in turn order")
        hands = list(hand_sizes)
    for k, seat in enumerate(order):
        p.first_hand[seat] = hands[k]


def _team_order(p: Plan, n: int) -> list[int]:
    """Return the seats team by team: the first seat's team, then the other's, each clockwise
    from the first seat (M5; M6: "Player 1 and all of team A, then all of team B")."""
    first_team = p.team[p.first]
    clockwise = [(p.first + k) % n for k in range(n)]
    return [s for s in clockwise if p.team[s] == first_team] + \
        [s for s in clockwise if p.team[s] != first_team]


def turn_order(p: Plan, n: int) -> list[int]:
    """Return the seats in the order they take main phases (hydra, emperor: team by team)."""
    if p.mode.team_turns or p.mode.team_after_team:
        return _team_order(p, n)
    return [(p.first + k) % n for k in range(n)]
