"""The board's log: the engine's public events phrased in the active language, and the strip of
the previous turn's notable events with their cards' faces."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from play.board.cards import PackTexts
from play.board.phrases import ACQUIRE, AMOUNTS, EVENTS, REASONS, WHEN
from play.board.seats import seat_name
from play.engine import GameState

if TYPE_CHECKING:
    from play.faces import MatchFaces

# Events of the previous turn shown in the "last turn" strip: what a player at the table notices.
LAST_TURN_KINDS = ("play", "acquire", "upgrade", "scrap", "destroy", "attack", "recycle", "copy",
                   "resign", "damage", "out", "gift", "give")
CARD_EVENTS = ("play", "discard", "scrap", "acquire", "upgrade", "destroy", "copy", "damage", "gift",
               "give")
NAMES_A_CARD = ("play", "discard", "scrap", "acquire", "upgrade", "use", "copy", "destroy",
                "to_hand")


class LogLines:
    """Phrases one view's log events; `state` holds them (without it, the view's English lines)."""

    def __init__(self, view: dict, state: GameState | None, texts: PackTexts,
                 faces: MatchFaces | None = None) -> None:
        self.view, self.state, self.texts, self.faces = view, state, texts, faces

    def lines(self, *keys: str) -> list[list[str]]:
        """Return the view's log lines, translated from the engine's events when the state is here.

        The engine renders English sentences; with the state at hand the same public events
        (`state.log`, `state.prev_log`, exactly what the view renders) are phrased in the active
        language. Without it, the view's English lines are shown.
        """
        if self.state is None:
            return [self.view[k] for k in keys]
        events = [self.state.log, self.state.prev_log]
        return [[self.event_line(e, english) for e, english in zip(events[i], self.view[k])
                 if not nothing_gained(e)] for i, k in enumerate(keys)]

    def last_turn(self) -> dict[str, Any] | None:
        """Return the other player's notable events (played, bought, attacked...) with faces.

        On your turn that is the previous turn; while another player moves, their turn so far.
        """
        if self.state is None:
            return None
        now = self.state.active != self.view["seat"] and bool(self.state.log)
        events = self.state.log if now else self.state.prev_log
        seat = next((e[1] for e in events if e[0] == "end" and e[1] >= 0),
                    next((e[1] for e in events if e[1] >= 0), -1))
        items: list[dict[str, Any]] = []
        for event in events:
            if event[0] not in LAST_TURN_KINDS or event[1] < 0:
                continue
            text = self.event_line(event, "")
            if items and items[-1]["text"] == text:  # three Scouts played: one entry, "×3"
                items[-1]["count"] += 1
                continue
            items.append(self.strip_item(event, text))
        if seat < 0:
            return None
        return {"who": seat_name(self.view, seat), "mine": seat == self.view["seat"], "now": now,
                "items": items}

    def strip_item(self, event: tuple, text: str) -> dict[str, Any]:
        item = {"text": text, "kind": event[0], "face_url": "", "alt": "", "count": 1}
        if event[0] in CARD_EVENTS:
            sticker = event[3] if event[0] == "upgrade" else None
            item["alt"] = self.texts.design_name(event[2])
            item["face_url"] = self.faces.url(event[2], sticker) if self.faces else ""
        return item

    def event_line(self, event: tuple, english: str) -> str:
        """Return one event in the active language (`english`: the engine's line, a fallback)."""
        kind, seat = event[0], event[1]
        template = EVENTS.get(kind)
        if template is None or seat < 0:
            return english
        values = {"who": self.name(seat)}
        if kind in NAMES_A_CARD:
            values["card"] = self.texts.design_name(event[2])
        if kind in ("trade", "combat", "draw", "scrapped_all"):
            values["n"] = event[2]
        if kind == "authority":
            values["n"] = abs(event[2])
            template = EVENTS["authority"] if event[2] >= 0 else EVENTS["authority_lost"]
        if kind == "acquire":
            template = ACQUIRE.get(event[3], template)
        if kind == "recycle" and event[3] != "hand":
            template = EVENTS["recycle_top"]  # which card went on top stays hidden
        return str(template % {**values, **self.details(kind, event)})

    def details(self, kind: str, event: tuple) -> dict[str, Any]:
        """Return the values of an event beyond who did it, what card and how much."""
        text = self.texts
        if kind == "destroy":
            return {"whose": self.name(event[3])}
        if kind == "upgrade":
            return text.sticker(event[3])
        if kind == "use":
            return {"when": str(WHEN.get(event[3], event[3]))}
        if kind == "attack":
            return {"whom": self.name(event[2]), "n": event[3]}
        if kind == "damage":  # partial damage on a base (C18, C19, M7)
            return {"card": text.design_name(event[2]), "whose": self.name(event[3]),
                    "n": event[4]}
        if kind in ("gift", "give"):  # an eliminated player's bequest (M6, M7) or M6 passing
            return {"card": text.design_name(event[2]), "whom": self.name(event[3])}
        if kind == "recycle" and event[3] == "hand":
            return {"card": text.design_name(event[2])}
        if kind == "copy":
            return {"other": text.design_name(event[3])}
        if kind == "over":
            return {"reason": str(REASONS.get(event[2], event[2]))}
        return {}

    def name(self, seat: int) -> str:
        return seat_name(self.view, seat)


def nothing_gained(event: tuple) -> bool:
    """Whether an event gains nothing ("+0 combat" of a counter with nothing to count)."""
    return event[0] in AMOUNTS and len(event) > 2 and event[2] == 0
