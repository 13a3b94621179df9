"""A campaign's deck exports: what they hold (L7, L15-L17, L25, L26, M8), spoilers (L4), who may
download them, and the export_deck command (issue 8 part 3)."""
from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from campaign.deck import campaign_deck
from campaign.models import Campaign
from campaign.simulation import Simulation
from cards.export import csvfile, packjson
from cards.loading import load_pack_data, load_pack_file
from cards.validation import validate_pack

pytestmark = pytest.mark.long

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def finished(db) -> Campaign:
    """Return the default pack's campaign played through by bots (simulate_campaign --seed 1)."""
    pack = load_pack_file(ROOT / "fixtures/packs/legacy-default.json").pack
    simulation = Simulation(pack, 1)
    simulation.run()
    return simulation.campaign


@pytest.fixture
def upgraded(started: Campaign, alice) -> Campaign:
    """Return scenario 1 recorded with one Empire upgrade (sheet empire-1 is open)."""
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority", "upgrades": [
        {"copy": "kingdom-ship-2#2", "sticker": "empire-1:2:ship", "side": "empire"}]}, alice, 2)
    return started


# -- what the decks hold ------------------------------------------------------------------------


def test_l26_post_campaign_deck_holds_every_copy_and_the_personal_decks(finished) -> None:
    """L25/L26: 60 trade copies (40 upgraded) + 24 post-campaign; L7/M8 personal decks apart."""
    deck = campaign_deck(finished)
    parts = {part.key: part.cards for part in deck.parts}
    assert len(parts["trade"]) == 84
    assert sum(1 for card in parts["trade"] if card.sticker) == 40
    assert len(parts["personal-empire"]) == len(parts["personal-federation"]) == 11
    assert len(parts["explorers"]) == 20 and len(deck) == 126
    assert deck.title["en"].endswith("post-campaign deck")


def test_l15_l16_l17_upgraded_copies_are_baked_into_their_own_designs(finished) -> None:
    deck = campaign_deck(finished)
    data = packjson.deck_pack(deck)
    by_id = {card["id"]: card for card in data["cards"]}
    for card in (c for _part, c in deck.cards if c.sticker):
        baked = by_id[packjson.upgraded_id(card.card_id, card.sticker.id)]
        assert baked["quantity"] == 1
        assert card.sticker.side in baked["factions"]  # L16
        assert all(a["when"] != "onbuy" for a in baked["abilities"])  # L17
        printed = [a for a in card.design["abilities"] if a["when"] != "onbuy"]
        if card.sticker.extends_primary:  # L15: "and" extends the primary ability
            assert len(baked["abilities"]) == len(printed)
            assert len(baked["abilities"][0]["do"]) > len(printed[0]["do"])
        else:
            assert len(baked["abilities"]) > len(printed)


def test_post_campaign_json_round_trips_identically(finished) -> None:
    first = packjson.dumps(campaign_deck(finished))
    data = json.loads(first)
    assert validate_pack(data, filename="deck.json") == []
    loaded = load_pack_data(data, filename="deck.json").pack
    from cards.export.deck import pack_deck
    assert packjson.dumps(pack_deck(loaded.data)) == first


def test_l4_running_campaign_export_has_no_unopened_envelope(upgraded) -> None:
    """A running campaign exports its trade deck with the sticker used so far, nothing sealed."""
    deck = campaign_deck(upgraded)
    roles = {card.role for _part, card in deck.cards}
    assert "post_campaign" not in roles and "token" not in roles
    assert [card.sticker.id for _p, card in deck.cards if card.sticker] == ["empire-1:2:ship"]
    assert not any(s["scenario"] > 1 for s in deck.pack_data["sticker_sheets"])
    text = packjson.dumps(deck).decode() + csvfile.dumps(deck, "en").decode("utf-8-sig")
    assert "relic" not in text.lower() and "sheet 2" not in text


def test_csv_of_a_campaign_names_the_sticker(upgraded) -> None:
    raw = csvfile.dumps(campaign_deck(upgraded), "en")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    upgraded_rows = [r for r in rows if r["sticker_sheet"]]
    assert len(rows) == 60 + 20 + 20 and len(upgraded_rows) == 1
    row = upgraded_rows[0]
    assert (row["sticker_sheet"], row["sticker_row_cost"]) == ("empire sheet 1", "2")
    assert row["sticker_factions"] == "Empire" and row["copy_number"] == "2"
    # issue 20: the printed text and the sticker in columns of their own, never joined
    plain = next(r for r in rows if r["name_en"] == row["name_en"] and not r["sticker_sheet"])
    assert row["ability_text_en"] == plain["ability_text_en"]
    assert row["sticker_text"] and row["sticker_text"] not in row["ability_text_en"]
    assert row["played_text_en"] != row["ability_text_en"] and not plain["played_text_en"]


def test_l7_tts_save_holds_each_pile_as_its_own_named_deck(finished) -> None:
    """Issue 20: the trade deck, each side's personal deck and the explorers are separate decks,
    named, side by side on the table, each on sheets of its own (L7, L26). In English: the faces
    are those the download test below draws (a Russian save: tests/cards/test_export_formats.py)."""
    from cards.export import tts
    deck = campaign_deck(finished)
    saved = tts.saved_object(deck, tts.build_sheets(deck, "en"), "https://example.org/cards/tts/",
                             "en")
    piles = saved["ObjectStates"]
    sizes = {part.key: len(part.cards) for part in deck.parts}
    assert [len(p["ContainedObjects"]) for p in piles] == list(sizes.values())
    assert [p["Nickname"] for p in piles] == [part.name["en"] for part in deck.parts]
    xs = [p["Transform"]["posX"] for p in piles]
    assert xs == sorted(xs) and len(set(xs)) == len(piles)  # side by side, none on another
    keys = [set(p["CustomDeck"]) for p in piles]
    assert all(not a & b for i, a in enumerate(keys) for b in keys[i + 1:])  # own sheets
    for pile in piles:
        assert pile["Name"] == "DeckCustom"
        assert {c["CardID"] // 100 for c in pile["ContainedObjects"]} == set(map(int, pile["CustomDeck"]))


# -- the page -------------------------------------------------------------------------------


def _url(campaign: Campaign, fmt: str, query: str = "") -> str:
    return f"/campaigns/{campaign.pk}/deck/export/{fmt}/{query}"


def test_members_download_and_outsiders_get_404(upgraded, alice_client, outsider) -> None:
    response = alice_client.get(_url(upgraded, "csv"))
    assert response.status_code == 200
    assert "alice-vs-bob" in response["Content-Disposition"]
    visitor = Client()
    visitor.force_login(outsider)
    assert visitor.get(_url(upgraded, "csv")).status_code == 404
    assert Client().get(_url(upgraded, "csv")).status_code == 302  # to the login page


def test_campaign_pdf_and_tts_from_the_page(upgraded, alice_client) -> None:
    response = alice_client.get(_url(upgraded, "pdf", "?paper=letter&backs=1"))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    response = alice_client.get(_url(upgraded, "tts"))
    assert response.status_code == 200
    assert any(n.endswith(".json") for n in zipfile.ZipFile(io.BytesIO(response.content)).namelist())


def test_bad_campaign_export_requests(upgraded, alice_client) -> None:
    assert alice_client.get(_url(upgraded, "xls")).status_code == 404
    assert alice_client.get(_url(upgraded, "pdf", "?paper=tabloid")).status_code == 400
    assert alice_client.get(f"/campaigns/{upgraded.pk + 99}/deck/export/csv/").status_code == 404


def test_dashboard_shows_the_export_menu(upgraded, alice_client) -> None:
    page = alice_client.get(f"/campaigns/{upgraded.pk}/").content.decode()
    assert 'id="export-menu"' in page and _url(upgraded, "csv") in page


# -- the command ----------------------------------------------------------------------------


def test_command_exports_a_campaign_and_a_pack(upgraded, tmp_path: Path) -> None:
    out = tmp_path / "deck.csv"
    call_command("export_deck", "--campaign", str(upgraded.pk), "--format", "csv",
                 "--output", str(out), stdout=io.StringIO())
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    out = tmp_path / "pack.json"
    call_command("export_deck", "--pack", "test-legacy", "--format", "json", "--output", str(out),
                 stdout=io.StringIO())
    assert json.loads(out.read_text())["pack"]["id"] == "test-legacy-deck"
    out = tmp_path / "tts.zip"
    call_command("export_deck", "--campaign", str(upgraded.pk), "--format", "tts",
                 "--base-url", "https://starledger.example", "--output", str(out),
                 stdout=io.StringIO())
    assert b"https://starledger.example/cards/tts/" in zipfile.ZipFile(out).read(
        next(n for n in zipfile.ZipFile(out).namelist() if n.endswith(".json")))


@pytest.mark.parametrize("args, message", [
    (["--campaign", "9999", "--format", "csv"], "no campaign 9999"),
    (["--pack", "nope", "--format", "csv"], "no builtin pack 'nope'"),
    (["--pack", "test-legacy", "--format", "tts"], "--base-url"),
    (["--pack", "test-legacy", "--format", "docx"], "invalid choice"),
    (["--format", "csv"], "one of the arguments --campaign --pack is required"),
])
def test_command_errors(upgraded, tmp_path: Path, args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("export_deck", *args, "--output", str(tmp_path / "out"))


def test_command_refuses_a_missing_directory(upgraded, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no such directory"):
        call_command("export_deck", "--pack", "test-legacy", "--format", "csv",
                     "--output", str(tmp_path / "missing" / "out.csv"))


def test_l7_tts_download_loads_as_a_tabletop_simulator_save(finished, client) -> None:
    """Issue 20: the zip's saved object, read with json as TTS reads it, follows the save format
    (tests/tts_save.py): decks whose DeckIDs are their cards' CardIDs, sheets with FaceURL,
    BackURL, NumWidth and NumHeight, each sheet image in the zip and cut into that grid."""
    from PIL import Image

    from tests import tts_save
    client.force_login(finished.creator)
    response = client.get(_url(finished, "tts"))
    assert response.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    (name,) = [n for n in archive.namelist() if n.endswith(".json")]
    saved = json.loads(archive.read(name).decode("utf-8"))
    assert tts_save.problems(saved) == []
    deck = campaign_deck(finished)
    assert len(saved["ObjectStates"]) == len(deck.parts)
    assert sum(len(o.get("ContainedObjects", [o])) for o in saved["ObjectStates"]) == sum(
        len(part.cards) for part in deck.parts)
    for entry in tts_save.sheet_entries(saved).values():
        for url_key in ("FaceURL", "BackURL"):
            image = archive.read("images/" + entry[url_key].rsplit("/", 1)[1])
            with Image.open(io.BytesIO(image)) as sheet:
                width, height = sheet.size
            if url_key == "FaceURL":
                assert width % entry["NumWidth"] == 0 and height % entry["NumHeight"] == 0
                assert 0.6 < (width / entry["NumWidth"]) / (height / entry["NumHeight"]) < 0.8


def test_tts_save_checker_finds_what_tts_would_not_read() -> None:
    """The checker above can fail: each broken rule of the format is named."""
    from tests import tts_save
    entry = {"FaceURL": "https://x.org/a.jpg", "BackURL": "https://x.org/b.jpg", "NumWidth": 10,
             "NumHeight": 2, "BackIsHidden": True}
    transform = dict.fromkeys(tts_save.TRANSFORM, 0.0)

    def card(card_id: int) -> dict:
        return {"Name": "Card", "Nickname": "Scout", "Transform": transform, "CardID": card_id,
                "CustomDeck": {str(card_id // 100): entry}}

    deck = {"Name": "DeckCustom", "Nickname": "Trade deck", "Transform": transform,
            "DeckIDs": [100, 101], "CustomDeck": {"1": entry},
            "ContainedObjects": [card(100), card(101)]}
    assert tts_save.problems({"ObjectStates": [deck]}) == []
    assert tts_save.problems({"ObjectStates": [dict(deck, DeckIDs=[101, 100])]})
    assert tts_save.problems({"ObjectStates": [dict(deck, ContainedObjects=[card(100), card(119)],
                                                    DeckIDs=[100, 119])]})  # the hidden slot
    for broken in (dict(entry, NumWidth=11), dict(entry, FaceURL="a.jpg"), dict(entry, NumHeight=0)):
        assert tts_save.problems({"ObjectStates": [dict(deck, CustomDeck={"1": broken})]})
    other = dict(entry, NumHeight=3)  # sheet key 1 used again for another sheet
    clash = dict(deck, CustomDeck={"1": other}, ContainedObjects=[
        dict(card(100), CustomDeck={"1": other}), dict(card(101), CustomDeck={"1": other})])
    assert tts_save.problems({"ObjectStates": [clash]}) == []
    assert tts_save.problems({"ObjectStates": [deck, clash]})
    assert tts_save.problems({"Objects": []}) == ["ObjectStates is not a non-empty list"]
