"""Mixing content packs (issue 12): one game's trade deck from several packs.

`merge_packs([first, *others])` keeps everything of the first pack (scouts, vipers, explorers,
starters, sides, sticker sheets) and adds the other packs' trade cards; a card id in two packs is
refused. The simulation CLI mixes the packs of a comma-separated `--pack` list the same way.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from play.engine import (
    GameSetup,
    PackError,
    SeatSetup,
    SetupError,
    apply,
    deserialize,
    legal_actions,
    load_pack,
    merge_packs,
    new_game,
    replay,
    serialize,
    view,
)
from play.engine.bots.registry import get_bot
from play.engine.bulk import seat_setups
from play.engine.simulate import main

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "fixtures" / "packs"
CORE_RAW = json.loads((PACKS / "core-set.json").read_text(encoding="utf-8"))
CW_RAW = json.loads((PACKS / "colony-wars.json").read_text(encoding="utf-8"))
LEGACY_RAW = json.loads((PACKS / "legacy-default.json").read_text(encoding="utf-8"))
CORE, CW, LEGACY = load_pack(CORE_RAW), load_pack(CW_RAW), load_pack(LEGACY_RAW)
MIXED = merge_packs([CORE, CW])


def _copies_by_pack(copies: list[str]) -> Counter[str]:
    cw_ids = {c["id"] for c in CW_RAW["cards"] if c["role"] == "trade"}
    return Counter("colony-wars" if c.split("#")[0] in cw_ids else "first" for c in copies)


def test_the_trade_deck_is_the_union_and_the_rest_comes_from_the_first_pack() -> None:
    assert MIXED.id == "core-set+colony-wars"
    assert MIXED.kind == "core"
    assert len(MIXED.default_trade_deck) == 160
    assert _copies_by_pack([c for c, _ in MIXED.default_trade_deck]) == {"first": 80,
                                                                         "colony-wars": 80}
    for role in ("scout", "viper", "explorer"):
        designs = MIXED.designs_with_role(role)
        assert [d.id for d in designs] == [role]
        assert designs[0].raw is CORE.by_id[role].raw
    assert MIXED.raw["pack"]["name"]["en"] == "Star Realms: Core Set + Star Realms: Colony Wars"


def test_one_pack_is_returned_as_it_is() -> None:
    assert merge_packs([CW]) is CW


def test_a_card_id_in_two_packs_is_refused_naming_it() -> None:
    """The engine tells cards apart by id: a clash would merge two designs, so it is refused."""
    clashing = copy.deepcopy(CW_RAW)
    clashing["pack"]["id"] = "homebrew"
    next(c for c in clashing["cards"] if c["id"] == "predator")["id"] = "ram"
    with pytest.raises(PackError, match='cannot mix pack "homebrew" with "core-set": both have '
                                        'a card with the id "ram"'):
        merge_packs([CORE, load_pack(clashing)])


def test_the_same_pack_twice_is_refused() -> None:
    with pytest.raises(PackError, match='"colony-wars" into the game twice'):
        merge_packs([CORE, CW, CW])


def test_no_pack_is_refused() -> None:
    with pytest.raises(PackError, match="at least one pack"):
        merge_packs([])


def test_a_mixed_game_plays_to_the_end_replays_and_reloads() -> None:
    """C1-C26 over 160 trade cards: two heuristic bots finish; setup + actions rebuild it."""
    state = new_game(GameSetup(pack=MIXED, seed=5, first=0))
    assert view(state, 0)["trade_deck_size"] == 160 - 5
    bots = [get_bot("heuristic", seed=1), get_bot("random", seed=2)]
    for _ in range(5000):
        if state.outcome is not None:
            break
        apply(state, bots[state.decider].choose(state, state.decider))
    assert state.outcome is not None
    notations = [a.notation for a in state.history]
    assert serialize(replay(state.game.setup, notations)) == serialize(state)
    assert serialize(deserialize(serialize(state), merge_packs([CORE, CW]))) == serialize(state)


def test_a_saved_mixed_setup_needs_the_same_mix() -> None:
    """A setup names its pack: a mixed game cannot be reloaded with the core set alone."""
    data = GameSetup(pack=MIXED, seed=1).to_dict()
    assert data["pack"] == "core-set+colony-wars"
    with pytest.raises(SetupError, match="core-set\\+colony-wars"):
        GameSetup.from_dict(data, CORE)
    assert GameSetup.from_dict(data, MIXED).pack is MIXED


def test_c14_cards_of_two_packs_are_allies() -> None:
    """C14: a core Blob Fighter and a Colony Wars Predator are both Blob: each unlocks the other."""
    setup = GameSetup(pack=MIXED, seats=[
        SeatSetup(deck_order=["blob-fighter", "predator", "scout"] + ["viper"] * 7),
        SeatSetup()], seed=3, first=0)
    state = new_game(setup)
    hand = {state.design[c].id: c for c in state.hand[0]}
    apply(state, f"play {hand['blob-fighter']}")
    apply(state, f"play {hand['predator']}")
    uses = {a.notation for a in legal_actions(state) if a.kind == "use"}
    assert uses == {f"use {hand['blob-fighter']} 1", f"use {hand['predator']} 1"}


def test_a_finished_campaign_deck_mixes_with_colony_wars() -> None:
    """L26 + issue 12: the legacy pack's sides and starters, its trade copies plus Colony Wars'."""
    mixed = merge_packs([LEGACY, CW])
    assert mixed.kind == "legacy" and set(mixed.sides) == {"empire", "federation"}
    deck = LEGACY.trade_copies(("trade", "post_campaign")) + CW.trade_copies()
    setup = GameSetup(pack=mixed, seed=8, first=None, explorers=20,
                      seats=[SeatSetup(side=side, deck=dict(LEGACY.sides[side]["personal_deck"]))
                             for side in ("empire", "federation")],
                      trade_deck=deck)
    state = new_game(setup)
    assert len(state.trade_deck) + 5 == 60 + 24 + 80
    starters = Counter(state.design[c].role for c in state.deck[0] + state.hand[0])
    assert starters["starter"] == 2


def test_simulate_mixes_a_comma_separated_pack_list(capsys) -> None:
    packs = f"{PACKS / 'core-set.json'},{PACKS / 'colony-wars.json'}"
    assert main(["--pack", packs, "--bots", "heuristic,random", "--games", "4", "--seed", "2"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 4 and summary["draws"] == 0


def test_simulate_mixes_a_legacy_pack_first(capsys) -> None:
    """The legacy pack gives the seats their sides and sheets; Colony Wars adds trade cards."""
    assert seat_setups(merge_packs([LEGACY, CW]))[0].side == "empire"
    packs = f"{PACKS / 'legacy-default.json'},{PACKS / 'colony-wars.json'}"
    assert main(["--pack", packs, "--bots", "heuristic,heuristic", "--games", "2"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["games"] == 2


def test_simulate_refuses_a_clash_and_a_missing_file_clearly(tmp_path, capsys) -> None:
    clashing = copy.deepcopy(CW_RAW)
    clashing["pack"]["id"] = "homebrew"
    next(c for c in clashing["cards"] if c["id"] == "predator")["id"] = "ram"
    path = tmp_path / "homebrew.json"
    path.write_text(json.dumps(clashing), encoding="utf-8")
    assert main(["--pack", f"{PACKS / 'core-set.json'},{path}", "--games", "1"]) == 2
    assert 'cannot mix these packs: cannot mix pack "homebrew"' in capsys.readouterr().err
    assert main(["--pack", f"{PACKS / 'core-set.json'},nowhere.json", "--games", "1"]) == 2
    assert "cannot read pack 'nowhere.json'" in capsys.readouterr().err
    assert main(["--pack", ",", "--games", "1"]) == 2
    assert "at least one pack file" in capsys.readouterr().err
