"""The board's words (issue 20 (4)): prompts name the card, no rule code reaches a page, counts
in the plural form their number takes (Russian has three), bot names and quotes in the reader's
language. A long random game of each mode is rendered in Russian and in English."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from play import creation
from play.board import Board
from play.board.phrases import COUNTS
from play.bot_names import bot_seat_name, shown_name
from play.creation import SeatSpec
from play.engine import apply, get_bot, new_game, read_pack, setup_for, view
from play.jinja import counted
from tests.play.conftest import CORE_SET

GAMES = [("standard", 2), ("ffa", 4), ("hunter", 4), ("first-blood", 4), ("hydra", 4),
         ("emperor", 6), ("raid", 4)]
RULE_CODE = re.compile(r"\(?\b[CLM]\d{1,2}\b\)?")
# A Russian count: "1 карта/карту", "2 карты", "5 карт"; after "до" the genitive: "до 1 карты".
RU_COUNT = re.compile(r"(?P<upto>до )?(?P<n>\d+) (?P<word>карт[аыу]?|баз[аыу]?)(?!\w)")
SINGULAR, FEW, MANY = 0, 1, 2


def ru_form(n: int) -> int:
    """Return the plural form of `n` in Russian (one, few, many)."""
    if n % 10 == 1 and n % 100 != 11:
        return SINGULAR
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return FEW
    return MANY


def ru_form_ok(n: int, word: str, upto: bool) -> bool:
    stem, ending = word[:-1] if word[-1] in "аыу" else word, word[-1] if word[-1] in "аыу" else ""
    form = ru_form(n)
    if upto:  # genitive: "до 1 карты", "до 2 карт", "до 5 карт"
        return ending == ("ы" if form == SINGULAR else "")
    return ending in {SINGULAR: ("а", "у"), FEW: ("ы",), MANY: ("",)}[form] and bool(stem)


def board_words(mode: str, players: int, seed: int, language: str) -> list[str]:
    """Play a random-bot game of `mode`; return every prompt and log line its boards showed."""
    with open(CORE_SET, encoding="utf-8") as handle:
        import json
        data = json.load(handle)
    state = new_game(setup_for(mode, read_pack(CORE_SET), players=players, seed=seed))
    bots = [get_bot("random", seed=seed + k) for k in range(players)]
    names = [f"p{k}" for k in range(players)]
    words: list[str] = []
    rng = random.Random(seed)
    with translation.override(language):
        for step in range(1500):
            if state.outcome is not None:
                break
            seat = state.decider
            if state.pending is not None or step % 15 == 0:
                board = Board(view(state, seat), data, state, names=names, mode=mode).context()
                if board["pending"]:
                    words.append(board["pending"]["prompt"])
                words += board["log"] + board["previous_turn_log"]
                words += [counted("hand", p["hand_size"]) for p in board["others"]]
            apply(state, bots[seat].choose(state, seat))
        words += [counted(key, rng.randrange(0, 30)) for key in COUNTS]
    return words


@pytest.mark.parametrize("mode, players", GAMES, ids=[g[0] for g in GAMES])
def test_every_prompt_and_log_line_of_a_long_game_in_russian(mode: str, players: int) -> None:
    """M1-M7: no "(s)", no rule code, no English; every count's word agrees with its number."""
    words = board_words(mode, players, seed=31, language="ru")
    assert len(words) > 100
    counts = 0
    for line in set(words):
        assert "(s)" not in line and not RULE_CODE.search(line), line
        assert not re.search(r"\b(card|cards|played|gained|choose|scrap)\b", line), line
        for found in RU_COUNT.finditer(line):
            counts += 1
            assert ru_form_ok(int(found["n"]), found["word"], bool(found["upto"])), line
    assert counts >= 8  # the check saw counts at all


@pytest.mark.parametrize("mode, players", GAMES[:3], ids=[g[0] for g in GAMES[:3]])
def test_english_counts_agree_and_nothing_gains_zero(mode: str, players: int) -> None:
    words = board_words(mode, players, seed=7, language="en")
    for line in set(words):
        assert "(s)" not in line and not RULE_CODE.search(line), line
        assert not re.search(r"\b1 (cards|bases)\b", line), line
        assert not re.search(r"\b(0|[2-9]|\d\d+) (card|base)\b", line), line
        assert " gained 0 " not in line and "’s " not in line, line


def test_russian_plural_forms_of_the_counts() -> None:
    with translation.override("ru"):
        assert counted("hand", 1) == "Рука: 1 карта"
        assert counted("hand", 3) == "Рука: 3 карты"
        assert counted("hand", 5) == "Рука: 5 карт"
        assert counted("hand", 11) == "Рука: 11 карт"
        assert counted("hand", 21) == "Рука: 21 карта"
        assert counted("bases", 2) == "2 базы"


def test_bot_names_are_shown_in_the_readers_language(core_pack, alice, alice_client) -> None:
    """"Vega (Heuristic bot)" made in English reads "Вега (Эвристический бот)" in Russian, and
    back; a name typed by hand stays as it is."""
    with translation.override("en"):
        names = [bot_seat_name("heuristic", k) for k in range(3)]
    assert names[0] == "Vega (Heuristic bot)"
    seats = [SeatSpec("alice", alice)] + [SeatSpec(n, bot="heuristic") for n in names]
    match = creation.create_mode_match("ffa", seats, pack=core_pack, seed=3)
    page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Вега (Эвристический бот)" in page and "Ригель (Эвристический бот)" in page
    assert "Heuristic bot" not in page and "Vega" not in page
    with translation.override("ru"):
        russian = bot_seat_name("random")
    with translation.override("en"):
        assert shown_name(russian, "random") == "Random bot"
        assert shown_name("Vega (Heuristic bot)", "random") == "Vega (Heuristic bot)"
        assert shown_name("My own bot", "heuristic") == "My own bot"
