"""`load_pack` and `validate_pack` commands: idempotent loading; broken packs load nothing."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from cards.models import CardDesign, ContentPack, Scenario, Sticker, VPCard
from tests.cards.packs import find_card, legacy_pack

pytestmark = pytest.mark.django_db


def _write(tmp_path: Path, data: Any, name: str = "legacy-test.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _table_sizes() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (ContentPack, CardDesign, Sticker, Scenario, VPCard))


def _run(*args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_load_creates_the_pack_and_its_catalogue(tmp_path: Path):
    output = _run("load_pack", str(_write(tmp_path, legacy_pack())))
    assert "legacy-test v1: created" in output
    pack = ContentPack.objects.get()
    assert pack.is_builtin and pack.owner is None and pack.kind == "legacy"
    assert _table_sizes() == (1, 47, 80, 12, 12)
    assert Sticker.objects.filter(sticker_id="empire-1:3:ship").exists()


def test_loading_twice_is_idempotent(tmp_path: Path):
    path = str(_write(tmp_path, legacy_pack()))
    _run("load_pack", path)
    before = _table_sizes()
    first_ids = set(CardDesign.objects.values_list("id", flat=True))
    assert "unchanged" in _run("load_pack", path)
    assert _table_sizes() == before
    assert set(CardDesign.objects.values_list("id", flat=True)) == first_ids


def test_same_version_with_other_content_is_refused_without_replace(tmp_path: Path):
    _run("load_pack", str(_write(tmp_path, legacy_pack())))
    changed = legacy_pack()
    find_card(changed, "kingdom-ship-1")["name"]["en"] = "Lancer"
    path = str(_write(tmp_path, changed))
    with pytest.raises(CommandError, match="--replace"):
        _run("load_pack", path)
    assert not CardDesign.objects.filter(name_en="Lancer").exists()
    assert "replaced" in _run("load_pack", path, "--replace")
    assert CardDesign.objects.filter(name_en="Lancer").count() == 1
    assert ContentPack.objects.count() == 1


def test_a_new_version_is_a_new_row(tmp_path: Path):
    _run("load_pack", str(_write(tmp_path, legacy_pack())))
    newer = legacy_pack()
    newer["pack"]["version"] = 2
    _run("load_pack", str(_write(tmp_path, newer)))
    assert sorted(ContentPack.objects.values_list("version", flat=True)) == [1, 2]


def _missing_ru(pack: dict) -> None:
    del find_card(pack, "consortium-ship-1")["name"]["ru"]


def _fifty_nine_trade_cards(pack: dict) -> None:
    find_card(pack, "scavengers-ship-1")["quantity"] = 1


def _row_without_card(pack: dict) -> None:
    pack["sticker_sheets"][0]["rows"][4]["cost"] = 8


def _duplicate_scenario(pack: dict) -> None:
    pack["scenarios"][11]["number"] = 11


@pytest.mark.parametrize(("breakage", "expected"), [
    (_missing_ru, '"consortium-ship-1".name.ru: missing text'),
    (_fifty_nine_trade_cards, "found 59"),
    (_row_without_card, 'sticker_sheets[0] "empire-1".rows[4].cost'),
    (_duplicate_scenario, "scenario number 11 appears 2 times"),
])
def test_broken_pack_loads_nothing_and_keeps_the_old_version(tmp_path, breakage, expected):
    _run("load_pack", str(_write(tmp_path, legacy_pack())))
    before = _table_sizes()
    broken = legacy_pack()
    breakage(broken)
    path = str(_write(tmp_path, broken, "broken.json"))
    from io import StringIO

    out = StringIO()
    with pytest.raises(CommandError, match="nothing was loaded"):
        call_command("load_pack", path, "--replace", stdout=out, stderr=StringIO())
    assert "broken.json: " in out.getvalue() and expected in out.getvalue()
    assert _table_sizes() == before


def test_bad_json_loads_nothing(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError):
        _run("load_pack", str(path))
    assert _table_sizes() == (0, 0, 0, 0, 0)


def test_validate_pack_command_exit_codes(tmp_path: Path):
    good = str(_write(tmp_path, legacy_pack()))
    assert "OK (legacy pack legacy-test v1, 47 designs, 126 cards)" in _run("validate_pack", good)
    broken = legacy_pack()
    _missing_ru(broken)
    with pytest.raises(CommandError) as info:
        _run("validate_pack", good, str(_write(tmp_path, broken, "broken.json")))
    assert info.value.returncode == 1
    assert "1 of 2 pack(s) have problems" in str(info.value)
    assert _table_sizes() == (0, 0, 0, 0, 0)
