"""Card rendering and deck exports: the default pack's post-campaign deck after
`simulate_campaign --seed 1` (issue 8's Performance part).

Sets up a temporary SQLite database, lets the bots play the campaign, builds the finished deck
(trade deck with every upgraded copy + post-campaign pack, personal decks, explorers), then per
run, with an empty card cache: every face at 300 dpi ("print", 744x1039) from cold, the same
again from the cache, the whole PDF (faces cached; their JPEG copies made on the way), the whole
PDF from an empty cache (`pdf_cold_seconds`: every face drawn too), the TTS zip
(faces drawn, sheets composed fresh), and the PDF again through the campaign page's async view.
Every copy number is printed, so each of the deck's cards is a distinct face.
Reports the median of the runs; the last line is one JSON object.

    python benchmarks/card_render.py [--runs 3] [--seed 1]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="starledger-bench-"))
os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'bench.sqlite3'}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.test.utils import setup_test_environment

from campaign.deck import campaign_deck
from campaign.simulation import Simulation
from cards.export import pdf, tts
from cards.export.deck import Deck
from cards.export.faces import card_face
from cards.loading import load_pack_file
from cards.render import face_png


def faces_seconds(deck: Deck) -> float:
    """Return the seconds to get every physical card's print face (drawn or cached)."""
    started = time.perf_counter()
    for _part, card in deck.cards:
        face_png(card_face(deck, card), "en", "print")
    return time.perf_counter() - started


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def run(deck: Deck, client: Client, url: str, k: int, distinct: int) -> dict[str, float]:
    """One run on a fresh, empty card cache."""
    # The PDF from nothing: every face drawn on the way (what a fresh site does on first export).
    settings.CARD_CACHE_DIR = WORK / f"cache-pdf-{k}"
    pdf_cold_seconds = timed(lambda: pdf.dumps(deck, "en", "a4"))
    settings.CARD_CACHE_DIR = WORK / f"cache-{k}"
    n = len(deck)
    cold = faces_seconds(deck)
    cached = faces_seconds(deck)
    pdf_seconds = timed(lambda: pdf.dumps(deck, "en", "a4"))
    tts_seconds = timed(lambda: tts.zip_bytes(deck, "https://starledger.example/cards/tts/", "en"))
    page = timed(lambda: client.get(url))
    return {"ms_per_card_cold": cold * 1000 / n, "ms_per_distinct_face_cold": cold * 1000 / distinct,
            "ms_per_card_cached": cached * 1000 / n,
            "pdf_seconds": pdf_seconds, "pdf_cold_seconds": pdf_cold_seconds,
            "tts_seconds": tts_seconds, "page_pdf_seconds": page}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup_test_environment()  # lets the test client talk to "testserver"
    call_command("migrate", verbosity=0)
    pack = load_pack_file(ROOT / "fixtures" / "packs" / "legacy-default.json").pack
    simulation = Simulation(pack, args.seed)
    simulation.run()
    campaign = simulation.campaign
    deck = campaign_deck(campaign)
    client = Client()
    client.force_login(campaign.creator)
    url = f"/campaigns/{campaign.pk}/deck/export/pdf/"
    distinct = len({card_face(deck, card) for _part, card in deck.cards})
    results = []
    for k in range(args.runs):
        result = run(deck, client, url, k, distinct)
        results.append(result)
        print(f"run {k + 1}: " + ", ".join(f"{key} {value:.2f}" for key, value in result.items()))

    def median(key: str, digits: int) -> float:
        return round(statistics.median(r[key] for r in results), digits)

    print(json.dumps({
        "bench": "card_render", "cards": len(deck), "distinct_faces": distinct,
        "runs": args.runs, "ms_per_card_cold": median("ms_per_card_cold", 1),
        "ms_per_distinct_face_cold": median("ms_per_distinct_face_cold", 1),
        "ms_per_card_cached": median("ms_per_card_cached", 2),
        "pdf_seconds": median("pdf_seconds", 2), "pdf_cold_seconds": median("pdf_cold_seconds", 2),
        "tts_seconds": median("tts_seconds", 2),
        "page_pdf_seconds": median("page_pdf_seconds", 2),
    }))


if __name__ == "__main__":
    main()
