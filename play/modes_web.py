"""The multiplayer modes on the site (M2-M7): which modes the create form offers, who sits where
(teams and roles), the engine setup of a mode, and creating and starting such a match.

The engine knows the rules; this module only knows what the site needs around them: a mode's
name and summary in the active language, the seat counts it allows, the role and team of each
seat (shown on the form before the game exists), and that a match with open seats waits (no
bot moves, no moves at all) until every seat is taken by someone who accepted it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.engine import MODES as ENGINE_MODES
from play.models import Match

STANDARD = "standard"
TEAM_NAMES = (gettext_lazy("Team A"), gettext_lazy("Team B"), gettext_lazy("Team C"))


@dataclass(frozen=True)
class Mode:
    """A way to play: its key (the engine's `--mode` name), name, seat counts and summary."""

    key: str
    name: Promise
    counts: tuple[int, ...]
    summary: Promise


@dataclass(frozen=True)
class SeatRole:
    """Where a seat sits in a mode: its team (None: on its own) and role ("" when all equal)."""

    team: int | None
    role: str = ""


MODES: tuple[Mode, ...] = (
    Mode(STANDARD, gettext_lazy("Standard (2 players)"), (2,),
         gettext_lazy("One against one; the first player draws 3 cards, the other 5.")),
    Mode("ffa", gettext_lazy("Free-for-all"), (3, 4, 5, 6),
         gettext_lazy("Attack any opponents in any combination; the last one standing wins.")),
    Mode("hunter", gettext_lazy("Hunter"), (3, 4, 5, 6),
         gettext_lazy("Attack only the player on your left; the last one standing wins.")),
    Mode("first-blood", gettext_lazy("Hunter: first blood"), (3, 4, 5, 6),
         gettext_lazy("As hunter, but the first elimination ends the game: the player to the "
                      "right of the fallen one wins.")),
    Mode("hydra", gettext_lazy("Hydra (teams)"), (4, 6),
         gettext_lazy("Two teams with shared authority take their turns together and pool "
                      "combat and trade.")),
    Mode("emperor", gettext_lazy("Emperor (3 against 3)"), (6,),
         gettext_lazy("Each team protects its emperor; admirals fight the admiral opposite.")),
    Mode("raid", gettext_lazy("Raid (one boss)"), (3, 4, 5, 6),
         gettext_lazy("One boss against 2-5 raiders who see each other's hands.")),
)
BY_KEY = {mode.key: mode for mode in MODES}
ROLE_NAMES = {"emperor": gettext_lazy("Emperor"), "admiral": gettext_lazy("Admiral"),
              "boss": gettext_lazy("Boss"), "raider": gettext_lazy("Raider")}


def available_modes() -> list[Mode]:
    """Return the modes the create form offers (those of the engine's mode table), standard first."""
    return [m for m in MODES if m.key in ENGINE_MODES]


def seat_roles(mode: str, n: int) -> list[SeatRole]:
    """Return each seat's team and role in turn order from the first seat."""
    if mode == "hydra":  # teammates sit together and take their turn together (M5)
        return [SeatRole(k * 2 // n) for k in range(n)]
    if mode == "emperor":  # the emperor between two admirals (M6)
        return [SeatRole(k // 3, "emperor" if k % 3 == 1 else "admiral") for k in range(n)]
    if mode == "raid":  # the boss plays first, then the raiders clockwise (M7)
        return [SeatRole(0, "boss")] + [SeatRole(1, "raider") for _k in range(n - 1)]
    return [SeatRole(None) for _k in range(n)]


def role_label(mode: str, n: int, seat: int) -> str:
    """Return "Team A · Emperor", "Boss", "" ... for one seat of a mode, in the active language."""
    role = seat_roles(mode, n)[seat]
    parts = []
    if role.team is not None and mode != "raid":
        parts.append(str(TEAM_NAMES[role.team]))
    if role.role:
        parts.append(str(ROLE_NAMES[role.role]))
    return " · ".join(parts)


def counts_text(counts: tuple[int, ...]) -> str:
    """Return "3–6" or "4 or 6": the numbers of players a mode allows."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return _(" or ").join(str(n) for n in counts)


def mode_of(match: Match) -> str:
    """Return the mode a match is played in (its setup says so, or its seats and targeting)."""
    setup = match.setup or {}
    if setup.get("mode") in BY_KEY and setup.get("mode") != STANDARD:
        return str(setup["mode"])
    if len(setup.get("seats") or []) <= 2:
        return STANDARD
    return "hunter" if setup.get("targeting") == "next" else "ffa"


def invites(match: Match, link: Any) -> list[dict[str, Any]]:
    """Return each open seat with its invite link (`link(token)`), name and role."""
    seats = list(match.seat_list)
    mode = mode_of(match)
    return [{"link": link(s.invite_token), "name": s.name, "offered_to": s.offered_to,
             "role": role_label(mode, len(seats), s.index) if mode != STANDARD else ""}
            for s in seats if s.is_open]
