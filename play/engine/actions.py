"""Actions: small immutable values with a text notation that round-trips.

| notation                  | meaning                                                         |
|---------------------------|-----------------------------------------------------------------|
| `play 12`                 | play card 12 from your hand (C9)                                |
| `use 12 1`                | use ability #1 of card 12 in play (base primary, ally, scrap)   |
| `buy 12`                  | buy trade-row card 12 (C17)                                     |
| `buy 12 up empire-1:3:ship` | buy it and upgrade it with that sticker (L11-L17)             |
| `buy explorer`            | buy an explorer (C4)                                            |
| `attack 1`                | attack seat 1 with all your combat (C18)                        |
| `attack 1 5`              | attack seat 1 with 5 of your combat (C18: any amount)           |
| `destroy 12`              | spend combat equal to base 12's remaining defense (C19)         |
| `destroy 12 3`            | spend 3 combat on base 12 (less than needed leaves damage)      |
| `give 4`                  | pass a card from your discard pile to teammate 4 (M6)           |
| `end`                     | end your main phase: discard, draw, next player (C21, C22)      |
| `pick 12` / `pick 12 up S`| answer a pending card decision with card 12 (sticker S: L11)    |
| `choose 1`                | answer a pending choice with option #1                          |
| `done`                    | finish a pending "up to N" decision (or decline an optional one) |

An attack's amount is kept in `card` (-1: all combat) and a base attack's amount in `index`
(-1: exactly what the base still needs), so the common actions stay the ones they always were.

Actions are interned: the same action is the same object, so building legal-action lists is cheap.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalAction

KINDS = ("play", "use", "buy", "attack", "destroy", "end", "pick", "choose", "done")
MODE_KINDS = ("give",)  # only some modes have these (M6 card passing)
EXPLORER = -1  # `card` of `buy explorer`


class Action(NamedTuple):
    """One player action. Compare with `==`; store and send `notation`.

    >>> Action.parse("buy 12 up empire-1:3:ship") == Action("buy", 12, -1, "empire-1:3:ship")
    True
    >>> Action.parse(Action("use", 7, 2).notation)
    Action(kind='use', card=7, index=2, sticker='')
    """

    kind: str
    card: int = -1
    index: int = -1
    sticker: str = ""

    @property
    def notation(self) -> str:
        """Return the text form, e.g. ``"buy 12 up empire-1:3:ship"``."""
        kind = self.kind
        if kind in ("end", "done"):
            return kind
        if kind == "attack" and self.card >= 0:
            return f"attack {self.index} {self.card}"
        if kind in ("attack", "choose", "give"):
            return f"{kind} {self.index}"
        if kind == "destroy" and self.index >= 0:
            return f"destroy {self.card} {self.index}"
        if kind == "use":
            return f"use {self.card} {self.index}"
        if kind == "buy" and self.card == EXPLORER:
            return "buy explorer"
        if self.sticker:
            return f"{kind} {self.card} up {self.sticker}"
        return f"{kind} {self.card}"

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read a notation back; raise `IllegalAction` with a readable message if malformed."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is a text like 'play 12', not {text!r}")
        words = text.split()
        try:
            return _parse_words(words)
        except (ValueError, IndexError):
            raise IllegalAction(f"cannot read the action {text!r}") from None


def _parse_words(words: list[str]) -> Action:
    kind = words[0]
    if kind in ("end", "done") and len(words) == 1:
        return intern(kind)
    if kind in ("attack", "choose", "give") and len(words) == 2:
        return intern(kind, index=_number(words[1]))
    if kind == "attack" and len(words) == 3:
        return intern(kind, _number(words[2]), _number(words[1]))
    if kind == "destroy" and len(words) == 3:
        return intern(kind, _number(words[1]), _number(words[2]))
    if kind == "use" and len(words) == 3:
        return intern("use", _number(words[1]), _number(words[2]))
    if kind == "buy" and words[1:] == ["explorer"]:
        return intern("buy", EXPLORER)
    if kind in ("play", "destroy", "buy", "pick") and len(words) == 2:
        return intern(kind, _number(words[1]))
    if kind in ("buy", "pick") and len(words) == 4 and words[2] == "up" and words[3]:
        return intern(kind, _number(words[1]), sticker=words[3])
    raise ValueError(kind)


def _number(word: str) -> int:
    if not word.isdigit():
        raise ValueError(word)
    return int(word)


_INTERNED: dict[tuple, Action] = {}


def intern(kind: str, card: int = -1, index: int = -1, sticker: str = "") -> Action:
    """Return the one shared Action object for these fields."""
    key = (kind, card, index, sticker)
    action = _INTERNED.get(key)
    if action is None:
        if len(_INTERNED) > 100_000:  # parse() of hostile input must not grow memory forever
            _INTERNED.clear()
        action = _INTERNED[key] = Action(kind, card, index, sticker)
    return action


END = intern("end")
DONE = intern("done")
BUY_EXPLORER = intern("buy", EXPLORER)
PLAY = tuple(intern("play", i) for i in range(1024))
PICK = tuple(intern("pick", i) for i in range(1024))
BUY = tuple(intern("buy", i) for i in range(1024))
DESTROY = tuple(intern("destroy", i) for i in range(1024))
CHOOSE = tuple(intern("choose", index=i) for i in range(16))
ATTACK = tuple(intern("attack", index=i) for i in range(8))
GIVE = tuple(intern("give", index=i) for i in range(8))
