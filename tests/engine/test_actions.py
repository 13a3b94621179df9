"""Action values and their text notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.engine import Action, IllegalAction
from play.engine.actions import KINDS


def test_notation_examples_round_trip() -> None:
    for text in ("play 12", "use 12 1", "buy 12", "buy 12 up empire-1:3:ship", "buy explorer",
                 "attack 1", "destroy 7", "end", "pick 3", "pick 3 up federation-2:5:base",
                 "choose 0", "done"):
        assert Action.parse(text).notation == text
        assert Action.parse(text) is Action.parse(text)  # interned


@given(kind=st.sampled_from(KINDS), card=st.integers(0, 2000), index=st.integers(0, 15),
       sticker=st.sampled_from(["", "empire-1:3:ship"]))
def test_parse_of_notation_gives_the_same_action(kind: str, card: int, index: int,
                                                 sticker: str) -> None:
    fields = {"play": (card, -1, ""), "use": (card, index, ""), "buy": (card, -1, sticker),
              "attack": (-1, index, ""), "destroy": (card, -1, ""), "end": (-1, -1, ""),
              "pick": (card, -1, sticker), "choose": (-1, index, ""), "done": (-1, -1, "")}
    action = Action(kind, *fields[kind])
    assert Action.parse(action.notation) == action


@pytest.mark.parametrize("text", ["", "fly 3", "play", "play x", "use 3", "buy 3 up", "attack",
                                  "play -1", None, 12])
def test_unreadable_notation_is_an_illegal_action(text) -> None:
    with pytest.raises(IllegalAction, match="cannot read|an action is a text"):
        Action.parse(text)
