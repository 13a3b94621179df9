"""The N-player board's presenter (play.board.PlayerTable.table) against the view contract of
docs/modes.md: roles and teams by name, shared team authority, team pools (M5), a fellow
raider's hand (M7), the attack chooser with an amount (C18); the 2-player board is unchanged."""

from __future__ import annotations

import pytest
from django.utils import translation

from play.engine import GameSetup, SeatSetup, load_pack, new_game, view
from play.forms import ActionForm
from play.board import Board


@pytest.fixture
def four(core_pack) -> tuple[dict, dict]:
    """A 4-seat game where seat 0 has played its hand: its view and the pack data."""
    pack = core_pack.engine_pack()
    setup = GameSetup(pack=pack, seed=4, first=0,
                      seats=[SeatSetup(name=n) for n in ("ann", "ben", "cyd", "dov")])
    state = new_game(setup)
    # the fields docs/modes.md adds are given by each test; without them: an engine before modes
    plain = {k: v for k, v in view(state, 0).items() if k not in ("reach", "mode")}
    plain["players"] = [{k: v for k, v in p.items() if k not in ("role", "hand")}
                        for p in plain["players"]]
    return plain, core_pack.data


def _with(v: dict, **extra) -> dict:
    return {**v, **extra}


def test_m2_opponents_are_listed_by_name_and_targets_are_the_legal_attacks(four) -> None:
    v, data = four
    legal = ["attack 1", "attack 3", "end"]
    players = [{**p, "combat": 6 if p["seat"] == 0 else 0} for p in v["players"]]
    board = Board(_with(v, legal=legal, labels={n: n for n in legal}, players=players),
                  data).context()
    assert board["multi"] and [p["name"] for p in board["opponents"]] == ["ben", "cyd", "dov"]
    assert [o["name"] for o in board["targets"]["options"]] == ["ben", "dov"]
    assert board["targets"]["combat"] == 6 and not board["targets"]["amounts"]
    assert not board["mates"] and board["team_pools"] is None


def test_c18_the_chooser_takes_an_amount_when_the_view_reports_reach(four) -> None:
    v, data = four
    legal = ["attack 2", "end"]
    board = Board(_with(v, legal=legal, labels={n: n for n in legal},
                        reach={"players": [2], "combat": 7}), data).context()
    assert board["targets"]["amounts"] and board["targets"]["combat"] == 7


def test_m5_hydra_teams_share_authority_and_pool(four) -> None:
    v, data = four
    players = [{**p, "team": 0 if p["seat"] < 2 else 1, "role": None} for p in v["players"]]
    mode = {"id": "hydra", "pooling": True, "shared_authority": True,
            "teams": [{"team": 0, "seats": [0, 1], "trade": 3, "combat": 5},
                      {"team": 1, "seats": [2, 3], "trade": 0, "combat": 0}]}
    with translation.override("en"):
        board = Board(_with(v, players=players, mode=mode), data, mode="hydra").context()
    assert [p["name"] for p in board["mates"]] == ["ben"]
    assert [p["name"] for p in board["opponents"]] == ["cyd", "dov"]
    assert board["team_pools"] == {"trade": 3, "combat": 5}
    assert all(p["shared"] for p in board["players"])
    assert board["opponents"][0]["role_text"] == "Team B" and board["mates"][0]["role_text"] == \
        "Team A"


def test_m7_a_fellow_raiders_hand_is_shown_and_roles_are_named(four) -> None:
    v, data = four
    hand = v["hand"][:1]
    players = [{**p, "team": 0 if p["seat"] == 3 else 1,
                "role": "boss" if p["seat"] == 3 else "raider",
                "hand": hand if p["seat"] == 1 else None} for p in v["players"]]
    with translation.override("ru"):
        board = Board(_with(v, players=players, mode={"id": "raid", "shared_authority": False}),
                      data, mode="raid").context()
    ben = next(p for p in board["players"] if p["name"] == "ben")
    assert [c["id"] for c in ben["shown_hand"]] == [c["id"] for c in hand]
    assert next(p for p in board["players"] if p["name"] == "dov")["role_text"] == "Босс"
    assert not ben["shared"]


def test_target_decision_options_are_named_players(four) -> None:
    v, data = four
    pending = {"kind": "target", "seat": 0, "min": 1, "max": 1, "picked": 0, "optional": False,
               "source": None, "prompt": "Choose an opponent", "options": []}
    legal = ["choose 1", "choose 2"]
    with translation.override("en"):
        board = Board(_with(v, pending=pending, legal=legal, labels={n: n for n in legal}),
                      data).context()
    assert [c["label"] for c in board["dock"]["choices"]] == ["ben", "cyd"]


def test_names_given_by_the_match_replace_the_setups(four) -> None:
    v, data = four
    board = Board(v, data, names=["ann", "carol", "", "dov"]).context()
    assert [p["name"] for p in board["players"]] == ["ann", "carol", "cyd", "dov"]


def test_a_waiting_game_offers_no_move(four) -> None:
    v, data = four
    board = Board(v, data, waiting=True).context()
    assert board["waiting"] and not board["my_decision"] and board["actions"] == []


@pytest.mark.parametrize("post, notation", [
    ({"notation": "attack 2", "amount": "3"}, "attack 2 3"),
    ({"notation": "attack 2", "amount": ""}, "attack 2"),
    ({"notation": "end", "amount": "3"}, "end"),
])
def test_c18_the_chooser_form_adds_the_amount_to_the_attack(post, notation) -> None:
    form = ActionForm({**post, "version": "4"})
    assert form.is_valid() and form.cleaned_data["notation"] == notation


def test_a_bad_amount_is_a_form_error() -> None:
    assert not ActionForm({"notation": "attack 2", "amount": "-1", "version": "4"}).is_valid()


def test_the_two_player_board_has_no_n_player_parts() -> None:
    """The 2-player board keeps its own opponent section: no N-player parts."""
    from play.engine import tiny_pack

    state = new_game(GameSetup(pack=load_pack(tiny_pack()), seed=1))
    board = Board(view(state, 0), tiny_pack()).context()
    assert not board["multi"] and "opponents" not in board


def _parses(notation: str) -> bool:
    from play.engine import Action, IllegalAction

    try:
        return Action.parse(notation).notation == notation
    except IllegalAction:
        return False


@pytest.mark.skipif(not _parses("give 1") or not _parses("attack 2 5"),
                    reason="the engine has no mode notations yet (docs/modes.md)")
def test_m6_c18_passing_a_card_and_partial_attacks_are_labelled_by_name(four) -> None:
    v, data = four
    legal = ["give 1", "attack 2 5", "end"]
    with translation.override("en"):
        board = Board(_with(v, legal=legal, labels={n: n for n in legal}), data).context()
    assert [g["label"] for g in board["dock"]["gives"]] == [
        "Pass a card from your discard pile to ben (1 trade)"]
    assert "Attack cyd with 5 combat" in [a["label"] for a in board["actions"]]
    assert board["targets"] is None  # an attack with its amount fixed is not a chooser target


def test_m6_m7_a_bequest_names_who_receives_the_card(four) -> None:
    v, data = four
    pending = {"kind": "bequeath", "seat": 0, "min": 0, "max": 1, "picked": 0, "optional": True,
               "source": None, "prompt": "Choose a card", "options": [], "recipient": 2}
    with translation.override("ru"):
        board = Board(_with(v, pending=pending, legal=["done"], labels={"done": "done"}),
                      data).context()
    assert board["pending"]["prompt"] == "Вы выбыли: выберите карту, которую получит cyd"


@pytest.mark.parametrize("event, english, russian", [
    (("out", 2), "cyd is out of the game", "cyd выбывает из игры"),
    (("damage", 0, "blob-wheel", 3, 2), "ann dealt 2 damage to Blob Wheel of dov",
     "ann наносит 2 урона: Колесо Слизней (dov)"),
    (("gift", 1, "scout", 2), "ben handed Scout on to cyd", "ben передаёт Разведчик: cyd"),
    (("give", 1, "scout", 0), "ben passed Scout to ann", "ben передаёт Разведчик: ann"),
    (("scrapped_all", 3, 9), "The remaining 9 cards of dov were scrapped",
     "Оставшиеся 9 карт игрока dov отправлены в утиль"),
    (("scrapped_all", 3, 1), "The remaining 1 card of dov was scrapped",
     "Оставшаяся 1 карта игрока dov отправлена в утиль"),
    (("scrapped_all", 3, 3), "The remaining 3 cards of dov were scrapped",
     "Оставшиеся 3 карты игрока dov отправлены в утиль"),
])
def test_m2_m7_new_log_lines_name_players_in_both_languages(four, event, english, russian
                                                            ) -> None:
    """Names, never "Player 3": eliminations, partial damage and passed cards in the log."""
    v, data = four
    for lang, expected in (("en", english), ("ru", russian)):
        with translation.override(lang):
            assert Board(v, data).log.event_line(event, "Player 3") == expected


def test_m5_a_team_win_names_every_winner(four) -> None:
    v, data = four
    players = [{**p, "team": 0 if p["seat"] < 2 else 1} for p in v["players"]]
    outcome = {"winner": 2, "winning_team": 1, "reason": "authority", "upgrades": [],
               "vp_cards": [], "turns": 30}
    with translation.override("en"):
        board = Board(_with(v, players=players, outcome=outcome), data).context()
    assert board["result_text"] == "cyd, dov win (authority reduced to 0)."
