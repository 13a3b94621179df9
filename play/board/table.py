"""The players around the table: each player's zone, and in an N-player game (M2-M7) the
opponents, teammates, roles, shared pools, the attack chooser and the result."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from play import modes_web
from play.board.actions import spent
from play.board.cards import ShownCards
from play.board.phrases import REASONS
from play.board.seats import player_name
from play.engine import Action


class PlayerTable:
    """Presents the view's players; `mode` is the site's mode key (play.modes_web)."""

    def __init__(self, view: dict, cards: ShownCards, mode: str = "") -> None:
        self.view, self.cards, self.mode = view, cards, mode

    def player(self, data: dict) -> dict[str, Any]:
        """Return one player's zone: name, pools, cards in play and discard pile."""
        # a defeated player's authority may be below 0 (C26): shown as 0, and out of the game
        out = not data.get("alive", True) or data["authority"] <= 0
        cards = self.cards
        return {"role_text": "", **data, "name": player_name(data),
                "authority": max(0, data["authority"]), "out": out,
                "discard": cards.cards(data["discard"]), "in_play": cards.cards(data["in_play"]),
                "bases": cards.cards(data["bases"]), "attack": None,
                # a fellow raider's hand (M7): only what the view shows this seat
                "shown_hand": cards.cards(data.get("hand") or [])
                if data["seat"] != self.view["seat"] else []}

    def table(self, players: list[dict]) -> dict[str, Any]:
        """Return the N-player parts (M2-M7): opponents, teammates, team pools, the targets.

        Each player gets its role ("Team A · Admiral"), whether it shares its team's authority,
        and whether it is the one deciding; targets are exactly the legal attacks.
        """
        v, me = self.view, self.view["seat"]
        mode = v.get("mode") or {}
        team_of = [p["team"] for p in players]
        for p in players:
            together = team_of.count(p["team"]) > 1
            p["role_text"] = self.role_text(p, len(players), together)
            p["shared"] = together and mode.get("shared_authority", True)
            p["deciding"] = p["seat"] == v["decider"] and v["outcome"] is None
            p["mate"] = p["team"] == team_of[me] and p["seat"] != me
        return {
            "multi": True, "mates": [p for p in players if p["mate"]],
            "opponents": [p for p in players if p["team"] != team_of[me]],
            "targets": self.targets(players), "team_pools": self.team_pools(team_of[me]),
            "mode_name": str(modes_web.BY_KEY[self.mode].name) if self.mode in modes_web.BY_KEY
            else "",
        }

    def role_text(self, player: dict, n: int, together: bool) -> str:
        """Return a player's team and role in the active language ("" in a free-for-all)."""
        if "role" not in player:  # an engine view without modes: the site's seat plan
            known = modes_web.BY_KEY.get(self.mode)
            return modes_web.role_label(self.mode, n, player["seat"]) if known and (
                n in known.counts) else ""
        parts = []
        if together and player["role"] not in ("boss", "raider") and 0 <= player["team"] < len(
                modes_web.TEAM_NAMES):
            parts.append(str(modes_web.TEAM_NAMES[player["team"]]))
        if player["role"] in modes_web.ROLE_NAMES:
            parts.append(str(modes_web.ROLE_NAMES[player["role"]]))
        return " · ".join(parts)

    def targets(self, players: list[dict]) -> dict[str, Any] | None:
        """Return the attack chooser: each legal target by name, and the combat to spend.

        An engine that reports the seat's reach (docs/modes.md) takes any amount (`attack T N`,
        C18); without it an attack spends all the combat.
        """
        options = []
        for notation in self.view["legal"]:
            action = Action.parse(notation)
            if action.kind == "attack" and spent(action) is None:
                target = players[action.index]
                options.append({"notation": notation, "name": target["name"],
                                "authority": target["authority"],
                                "role": target.get("role_text", "")})
        if not options:
            return None
        reach = self.view.get("reach") or {}
        combat = reach.get("combat", players[self.view["seat"]]["combat"])
        return {"options": options, "combat": combat, "amounts": "reach" in self.view}

    def team_pools(self, team: int) -> dict[str, int] | None:
        """Return the team's trade and combat where teammates pool them (M5), else None."""
        mode = self.view.get("mode") or {}
        if not mode.get("pooling"):
            return None
        entry = next((t for t in mode.get("teams", []) if t.get("team") == team), None)
        return {"trade": entry["trade"], "combat": entry["combat"]} if entry else None

    def result_text(self, players: list[dict]) -> str:
        """Return "Alice wins (authority)" in the active language, or "" while the game goes on."""
        outcome = self.view["outcome"]
        if outcome is None:
            return ""
        if outcome["winner"] is None:
            return _("Nobody won.")
        reason = str(REASONS.get(outcome["reason"], outcome["reason"]))
        team = outcome.get("winning_team")
        winners = [p["name"] for p in players if team is not None and p["team"] == team]
        if len(winners) > 1:  # a team wins together (M5-M7)
            return _("%(names)s win (%(reason)s).") % {"names": ", ".join(winners),
                                                        "reason": reason}
        return _("%(name)s wins (%(reason)s).") % {
            "name": players[outcome["winner"]]["name"], "reason": reason}
