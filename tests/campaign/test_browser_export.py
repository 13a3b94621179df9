"""In Chromium, a player downloads the campaign's deck as CSV and PDF from the Export menu."""
from __future__ import annotations

import csv
import io
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from campaign.models import Campaign
from tests.factories import PERSONA_PASSWORD, UserFactory, make_pack

pytestmark = pytest.mark.django_db(transaction=True)


def test_export_csv_and_pdf_from_the_campaign_page(live_server, browser: Browser,
                                                    tmp_path: Path) -> None:
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    campaign = Campaign.start(make_pack(), "Frontier", alice, [(alice, "Alice"), (bob, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    context = browser.new_context(accept_downloads=True, locale="en-US")
    # The PDF draws 100 card faces when the cache is empty: ~7 s alone, three times that on a
    # 2-core machine shared with another test process and other jobs.
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.locator("input[name=login]").fill("alice")
    page.locator("input[name=password]").fill(PERSONA_PASSWORD)
    page.locator("form input[name=password]").press("Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")

    page.locator("#export-menu summary").click()
    with page.expect_download() as info:
        page.locator("#export-csv").click()
    download = info.value
    assert download.suggested_filename.endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(
        Path(download.path()).read_bytes().decode("utf-8-sig"), newline="")))
    assert len(rows) == 60 + 20 + 20  # trade deck, two personal decks, explorers

    page.locator("select[name=paper]").select_option("letter")
    page.locator("input[name=backs]").check()
    with page.expect_download() as info:
        page.locator("#export-pdf").click()
    download = info.value
    assert download.suggested_filename.endswith(".pdf")
    saved = tmp_path / "deck.pdf"
    download.save_as(saved)
    out = subprocess.run(["pdfinfo", str(saved)], capture_output=True, text=True, check=True)
    info_lines = dict(line.split(":", 1) for line in out.stdout.splitlines() if ":" in line)
    assert info_lines["Page size"].split("(")[1].startswith("letter")
    assert int(info_lines["Pages"]) == 24  # ceil(100 / 9) face pages, each with its back page
    context.close()
