"""The Jinja boards' strings reach the catalogue (every app's catalogue: tests/test_catalogues.py); the
Russian board names cards in Russian (from the pack's texts), not by id or in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from play import creation, services
from play.board import Board
from play.creation import SeatSpec
from play.engine import legal_actions, view
from tests.cards.locale_check import (
    PROJECT,
    extracted_msgids,
    gettext_tools_missing,
)


@pytest.mark.skipif(gettext_tools_missing(), reason="gettext tools not installed")
def test_makemessages_finds_every_string_of_the_jinja_boards(tmp_path: Path) -> None:
    """The boards are Jinja2 templates (play/jinja.py): each `_("...")` in them must reach the
    catalogue through makemessages as a `{% translate %}` would, or Russian players see English."""
    in_templates = set()
    for template in (PROJECT / "templates" / "jinja2" / "play").glob("*.html"):
        text = template.read_text(encoding="utf-8")
        in_templates |= set(re.findall(r'_\("([^"]*)"\)', text))
        in_templates |= set(re.findall(r"_\('([^']*)'\)", text))
    assert {"Every move as a list", "Authority %(n)s",
            'A rematch of <a href="%(url)s">this earlier game</a>.'} <= in_templates
    assert in_templates - extracted_msgids("play", tmp_path) == set()


def test_russian_board_shows_russian_card_names_and_moves(core_pack, alice, alice_client) -> None:
    match = creation.create_standard_match(
        core_pack, [SeatSpec("alice", alice), SeatSpec("bot", bot="heuristic")], seed=2)
    page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Разведчик" in page and ">Scout<" not in page
    assert "Торговый ряд" in page and "Закончить ход" in page
    match = services.play(match.pk, 0, "end", match.version)
    page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "bot: ход окончен" in page  # the bot's turn in the log, in Russian
    assert "Player 1" not in page and "ended their turn" not in page


def test_log_lines_match_the_engine_english_ones(core_pack, alice, alice_client) -> None:
    """The translated log says what the engine's log says: in English the lines are identical
    up to the players' names, but for plurals in words ("drew 1 card", "drew 5 cards") and the
    gains of nothing the board leaves out ("gained 0 combat", issue 20)."""
    match = creation.create_standard_match(
        core_pack, [SeatSpec("Player 1", alice), SeatSpec("Player 2", bot="random")], seed=4)
    for _ in range(40):
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        match = services.play(match.pk, 0, legal[0], match.version)
        if match.is_over:
            break
        state = services.engine_state(match)
        board = Board(view(state, 0), core_pack.data, state).context()
        english = view(state, 0)
        assert board["log"] == _as_board_says(english["log"])
        assert board["previous_turn_log"] == _as_board_says(english["previous_turn_log"])
        assert not any(" gained 0 " in line for line in board["log"] + board["previous_turn_log"])


def _as_board_says(lines: list[str]) -> list[str]:
    """Return the engine's English lines with its "card(s)" in words and its gains of 0 left out."""
    kept = [line for line in lines if not re.search(r" (gained|drew) 0 ", line)]
    return [re.sub(r"(\d+) card\(s\)", lambda m: m[1] + (" card" if m[1] == "1" else " cards"),
                   line) for line in kept]
