"""The campaign book: its pages (poppler reads them), its cover drawn, both languages and papers."""

from __future__ import annotations

import re
import subprocess
from html import unescape
from pathlib import Path

import pytest
from django.urls import reverse
from PIL import Image, ImageStat

from campaign import names
from tests.story.pages import figure_svg_texts, figure_table

pytestmark = [pytest.mark.long, pytest.mark.django_db]
PLOTS = 4  # the VP race, upgrades by side, the deck after the campaign, the most upgraded cards


def poppler(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def page_texts(path: Path, pages: int) -> list[str]:
    """Return each page's text (pdftotext page by page)."""
    return [poppler("pdftotext", "-layout", "-f", str(n), "-l", str(n), str(path), "-")
            for n in range(1, pages + 1)]


def download(client, campaign, tmp_path: Path, lang: str, paper: str) -> Path:
    response = client.get(reverse("story:book", args=[campaign.pk]),
                          {"lang": lang, "paper": paper})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert f"-{lang}-{paper}.pdf" in response["Content-Disposition"]
    path = tmp_path / f"book-{lang}-{paper}.pdf"
    path.write_bytes(response.content)
    return path


def test_the_book_of_a_whole_campaign_has_its_pages_and_a_drawn_cover(
        full_campaign, alice_client, tmp_path) -> None:
    """L25/L26: cover, one page (or more) per scenario, the plots, the standing, the deck."""
    campaign, content = full_campaign, full_campaign.content
    path = download(alice_client, campaign, tmp_path, "en", "a4")
    info = poppler("pdfinfo", str(path))
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert "595.28 x 841.89 pts (A4)" in info
    texts = page_texts(path, pages)
    starts = [text.strip().splitlines()[0] if text.strip() else "" for text in texts]
    scenario_pages = [k for k, line in enumerate(starts) if re.match(r"Scenario \d+: ", line)]
    assert [int(re.match(r"Scenario (\d+)", starts[k]).group(1)) for k in scenario_pages] == \
        list(range(1, 13))
    assert scenario_pages[0] == 1  # right after the cover
    assert sum(1 for line in starts if line.startswith(("The VP race", "Upgrades by each side",
                                                        "The trade deck: cost", "The most up"))
               ) == PLOTS
    assert any(line.startswith("Final standing") for line in starts)
    assert starts[-1].startswith("The post-campaign deck") or \
        "The post-campaign deck" in "".join(texts[-3:])
    assert pages >= 1 + 12 + PLOTS + 2
    for number, text in enumerate(texts[1:], start=2):  # each page after the cover is numbered
        assert f"{campaign.name} · {number}" in text

    cover = texts[0]
    state = campaign.current_state
    assert "The long war" in cover and "Alice" in cover and "Bob" in cover
    assert names.side_name(content, state.campaign_winner) in cover
    for side in state.sides:
        assert f"{state.vp_points(content, side)} VP" in cover

    vp_page = next(text for text in texts if text.strip().startswith("The VP race"))
    in_book = [line.split() for line in vp_page.splitlines()
               if re.fullmatch(r"\s*(start|\d+)(\s+\d+){2}\s*", line)]
    page = alice_client.get(reverse("story:chronicle", args=[campaign.pk])).content.decode()
    assert in_book == figure_table(page, "vp")[1:]  # the plot's numbers: the page's, the book's

    poppler("pdftoppm", "-f", "1", "-l", "1", "-r", "40", "-png", str(path),
            str(tmp_path / "cover"))
    image = Image.open(next(tmp_path.glob("cover*.png"))).convert("L")
    width, height = image.size
    band = ImageStat.Stat(image.crop((0, 0, width, height // 10))).mean[0]
    body = image.crop((0, height // 3, width, height * 2 // 3))
    assert band < 80  # the dark title band is drawn
    assert ImageStat.Stat(body).extrema[0][0] < 100  # text on the white half: not blank


def book_rows(text: str) -> list[list[str]]:
    """Return a page's lines (pdftotext -layout) split into cells at runs of 2+ spaces."""
    return [re.split(r"\s{2,}", line.strip()) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_plot_in_the_book_is_the_pages_figure_with_the_pages_numbers(
        full_campaign, alice_client, tmp_path, lang) -> None:
    """The book embeds the chronicle page's own drawing of each plot (its labels are the PDF's
    text) and lists the same numbers as the page's table under the plot."""
    alice_client.cookies["django_language"] = lang
    page = alice_client.get(reverse("story:chronicle", args=[full_campaign.pk])).content.decode()
    path = download(alice_client, full_campaign, tmp_path, lang, "a4")
    pages = int(re.search(r"Pages:\s+(\d+)", poppler("pdfinfo", str(path))).group(1))
    texts = page_texts(path, pages)
    titles = re.findall(r'<figure class="plot" id="plot-(\w+)".*?<strong>(.*?)</strong>', page,
                        re.DOTALL)
    assert [name for name, _title in titles] == ["vp", "upgrades", "deck", "most"]
    for name, title in titles:
        text = next(t for t in texts if t.strip().startswith(unescape(title)[:20]))
        table = figure_table(page, name)
        rows = book_rows(text)
        start = rows.index(table[0])
        assert rows[start:start + len(table)] == table, name
        words = " ".join(text.split())
        labels = figure_svg_texts(page, name)
        assert len(labels) > 5
        for label in labels:  # tick labels, axis labels, legend: the same drawing
            assert label in words, (name, label)


def test_the_russian_book_on_letter_paper(halfway, alice_client, tmp_path) -> None:
    """The book so far, in Russian, on US Letter: the scenario not played yet says so."""
    path = download(alice_client, halfway, tmp_path, "ru", "letter")
    info = poppler("pdfinfo", str(path))
    assert "612 x 792 pts (letter)" in info
    text = poppler("pdftotext", str(path), "-")
    assert "Сценарий 1:" in text and "Сценарий 6:" in text and "Сценарий 7:" not in text
    assert "Пока не сыгран" in text and "Scenario" not in text


@pytest.mark.parametrize("query, status", [({"lang": "de"}, 400), ({"paper": "a3"}, 400),
                                           ({"lang": "ru", "paper": ""}, 200)])
def test_a_book_in_a_language_or_paper_not_offered_is_refused(halfway, alice_client, query,
                                                               status) -> None:
    """An empty field means the default (the page's language, A4); anything else is refused."""
    response = alice_client.get(reverse("story:book", args=[halfway.pk]), query)
    assert response.status_code == status
    if status == 400:
        assert "English or Russian" in response.content.decode()
