"""Players by name: a seat's name as the match shows it, or "Player 2" for a seat without one."""

from __future__ import annotations

from django.utils.translation import gettext as _


def player_name(player: dict) -> str:
    """Return a view player's name, or "Player N" when the seat has none."""
    return player["name"] or _("Player %(n)s") % {"n": player["seat"] + 1}


def seat_name(view: dict, seat: int) -> str:
    """Return the name of `seat` in a view (a seat out of range is "Player N" too)."""
    players = view["players"]
    if 0 <= seat < len(players) and players[seat]["name"]:
        return players[seat]["name"]
    return _("Player %(n)s") % {"n": seat + 1}


def with_names(view: dict, names: list[str] | None) -> dict:
    """Return the view with the seats' current names (a guest's seat takes the joiner's name)."""
    if not names:
        return view
    players = [{**p, "name": names[p["seat"]] or p["name"]} if p["seat"] < len(names) else p
               for p in view["players"]]
    return {**view, "players": players}
