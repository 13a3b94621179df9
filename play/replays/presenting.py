"""The public view of a replayed or watched match, for templates/jinja2/play/_public_board.html.

Every step shows `view(state, None)`: sizes of hands and decks, never their cards, never the
seed. Only once the game has ended are every player's hands shown, at every step (the game is
over: nothing is hidden any more, except the decks' order).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from play.board import Board
from play.engine import Action, GameState, log_line, view
from play.engine import view_card as engine_card
from play.faces import MatchFaces
from play.models import RESIGN, Match
from play.replays.model import Replay, Step


class PublicBoard(Board):
    """Presents the spectator view (seat None), read-only, maybe with both hands shown."""

    def public_context(self, hands: list[list[dict]] | None = None) -> dict[str, Any]:
        """Return the template's `board`: every player alike, no hand unless `hands` are given."""
        v = self.view
        players = [self.table.player(p) for p in v["players"]]
        for p in players:
            p["hand"] = self.cards.cards(hands[p["seat"]]) if hands is not None else None
            p["deciding"] = p["seat"] == v["decider"] and v["outcome"] is None
        this_turn, previous = self.log.lines("log", "previous_turn_log")
        return {
            "players": players, "turn": v["turn"],
            "decider_name": players[v["decider"]]["name"] if v["decider"] is not None else "",
            **self.common(),
            "pending": self.public_pending(v["pending"]),
            "log": this_turn, "previous_turn_log": previous,
            "outcome": v["outcome"], "result_text": self.table.result_text(players),
        }

    def public_pending(self, pending: dict | None) -> str:
        """Return "Bob decides: Discard 1 card(s) from your hand" (no options: they may be a hand)."""
        if pending is None:
            return ""
        prompt = self.prompts.pending({**pending, "options": []})["prompt"]
        return _("%(name)s decides: %(prompt)s") % {"name": self.log.name(pending["seat"]),
                                                    "prompt": prompt}

    def step_lines(self, step: Step) -> list[str]:
        """Return what a step did, in words: its public events, or what kind of move it was."""
        lines = [self.log.event_line(e, log_line(self.state, e)) for e in step.events]
        if lines:
            return lines
        who = self.log.name(step.seat)
        kind = Action.parse(step.notation).kind if step.notation != RESIGN else "resign"
        return [{"done": _("%(who)s is done"), "choose": _("%(who)s made a choice"),
                 "pick": _("%(who)s chose a card")}.get(kind, _("%(who)s moved")) % {"who": who}]


def public_board(match: Match, state: GameState, faces: MatchFaces,
                 show_hands: bool) -> PublicBoard:
    """Return the presenter of `state`'s public view (both hands only when `show_hands`)."""
    presenter = PublicBoard(with_seat_names(view(state, None), match), match.pack.data, state,
                            faces)
    presenter.hands = ([[engine_card(state, c) for c in hand] for hand in state.hand]
                       if show_hands else None)
    return presenter


def with_seat_names(public: dict, match: Match) -> dict:
    """Return the view with the seats' names as the match shows them (a guest's is who joined)."""
    names = {seat.index: seat.shown_name for seat in match.seat_list}
    players = [{**p, "name": names.get(p["seat"]) or p["name"]} for p in public["players"]]
    return {**public, "players": players}


def nav(number: int, total: int) -> dict[str, int | None]:
    """Return the steps of the first/previous/next/last links (None where there is none)."""
    return {"first": 0 if number > 0 else None, "prev": number - 1 if number > 0 else None,
            "next": number + 1 if number < total else None,
            "last": total if number < total else None}


def turn_steps(presenter: PublicBoard, replay: Replay, number: int) -> list[dict[str, Any]]:
    """Return the steps of the turn step `number` belongs to, each with its first line."""
    if not replay.steps:
        return []
    turn = replay.steps[max(number, 1) - 1].turn
    found = []
    for step in replay.steps:
        if step.turn == turn:
            found.append({"number": step.number, "text": presenter.step_lines(step)[0],
                          "current": step.number == number})
    return found
