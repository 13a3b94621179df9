"""One seat's board: the parts (cards, log, decision, moves, players) put together for the
match template (templates/jinja2/play/_board.html)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from play.board.actions import ActionMenu
from play.board.cards import PackTexts, ShownCards
from play.board.log import LogLines
from play.board.prompts import Prompts
from play.board.seats import with_names
from play.board.table import PlayerTable
from play.engine import GameState

if TYPE_CHECKING:
    from play.faces import MatchFaces


class Board:
    """Presents one seat's view; `context()` is the template's `board`."""

    def __init__(self, view: dict, pack_data: dict, state: GameState | None = None,
                 faces: MatchFaces | None = None, names: list[str] | None = None,
                 mode: str = "", waiting: bool = False) -> None:
        if waiting:  # nobody moves before every seat is taken: no actions to offer
            view = {**view, "legal": [], "labels": {}}
        self.view, self.state, self.waiting = with_names(view, names), state, waiting
        self.texts = PackTexts(pack_data, faces)
        self.cards = ShownCards(self.texts, faces)
        self.log = LogLines(self.view, state, self.texts, faces)
        self.prompts = Prompts(self.view, self.texts, self.cards)
        self.menu = ActionMenu(self.view, state, self.texts, self.cards, self.prompts)
        self.table = PlayerTable(self.view, self.cards, mode)

    def context(self) -> dict[str, Any]:
        v, cards = self.view, self.cards
        me = v["seat"]
        players = [self.table.player(p) for p in v["players"]]
        log, previous_turn_log = self.log.lines("log", "previous_turn_log")
        board = {
            "seat": me, "me": players[me], "others": [p for p in players if p["seat"] != me],
            "players": players, "turn": v["turn"],
            "my_decision": v["decider"] == me and v["outcome"] is None and not self.waiting,
            "waiting": self.waiting,
            "decider_name": players[v["decider"]]["name"] if v["decider"] is not None else "",
            "hand": cards.cards(v["hand"] or []),
            **self.common(),
            "pending": self.prompts.pending(v["pending"]),
            "actions": self.menu.actions(v["legal"], v["labels"]),
            "log": log, "previous_turn_log": previous_turn_log,
            "last_turn": self.log.last_turn(),
            "outcome": v["outcome"], "result_text": self.table.result_text(players),
            "multi": False, "team_pools": None,  # N-player parts (`table`); here so the
        }  # templates never look up a missing key, which costs Django an exception each time
        board["dock"] = self.menu.attach(v["legal"], v["labels"], players)
        if len(players) > 2:
            board.update(self.table.table(players))
        if board["pending"]:
            in_hand = {c["id"] for c in board["hand"]}
            board["pending"]["extra_cards"] = [c for c in board["pending"]["cards"]
                                               if c["id"] not in in_hand]
        return board

    def common(self) -> dict[str, Any]:
        """Return what every board shows alike: the trade row, explorers and the scrap heap."""
        v, cards = self.view, self.cards
        cost = self.texts.explorer_cost(v)
        return {"trade_row": [cards.card(c) if c else None for c in v["trade_row"]],
                "trade_deck_size": v["trade_deck_size"], "explorers": v["explorers"],
                "explorer": cards.explorer(cost), "explorer_cost": cost,
                "acquiring": cards.cards(v["acquiring"]),
                "scrap_heap": cards.cards(v["scrap_heap"])}
