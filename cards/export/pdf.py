"""PDF export: printable proxies, 63x88 mm (poker size), 3x3 per page, with crop marks.

Faces are the renderer's 300 dpi faces (744x1039 px) as cached JPEG files (cards.export.faces),
placed by file path: fpdf2 embeds a JPEG file as it is and each distinct image only once. The grid is centred on A4 or US Letter;
crop marks run in the margins along every cut line. With ``backs=True`` each face page is
followed by its back page, whose columns are mirrored (long-edge duplex flips left and right), so
every back lands behind its own face. Print at 100% ("actual size"), never "fit to page".
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from cards.export.deck import Deck
from cards.export.faces import back_jpeg, card_face, face_jpeg
from cards.language import pack_text

if TYPE_CHECKING:
    from fpdf import FPDF

CARD_W, CARD_H = 63.0, 88.0  # mm
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, portrait
MARK_GAP, MARK_LENGTH, MARK_WIDTH = 1.0, 5.0, 0.2  # mm


def page_count(cards: int, backs: bool) -> int:
    """Return how many pages a deck of ``cards`` cards prints on."""
    return math.ceil(cards / PER_PAGE) * (2 if backs else 1)


def dumps(deck: Deck, lang: str = "en", paper: str = "a4", backs: bool = False) -> bytes:
    """Return the PDF's bytes; raise ValueError for an unknown paper size."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: use a4 or letter")
    width, height = PAPERS[paper]
    from fpdf import FPDF  # on first use (0.5 s a process start): story/plots.py
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_title(pack_text(deck.title, lang))
    pdf.set_creator("Starledger")
    left, top = (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2
    cards = [(part.back, face_jpeg(card_face(deck, card), lang)) for part, card in deck.cards]
    for start in range(0, len(cards), PER_PAGE):
        sheet = cards[start:start + PER_PAGE]
        _page(pdf, [(i, path) for i, (_back, path) in enumerate(sheet)], left, top)
        if backs:
            _page(pdf, [(_mirrored(i), back_jpeg(back, lang)) for i, (back, _p) in enumerate(sheet)],
                  left, top)
    return bytes(pdf.output())


def _mirrored(slot: int) -> int:
    """Return the slot behind ``slot`` on the other side of the sheet (columns swap)."""
    row, column = divmod(slot, COLUMNS)
    return row * COLUMNS + (COLUMNS - 1 - column)


def _page(pdf: FPDF, images: list[tuple[int, Path]], left: float, top: float) -> None:
    """Add a page with each image in its grid slot, then the crop marks."""
    pdf.add_page()
    for slot, path in images:
        row, column = divmod(slot, COLUMNS)
        pdf.image(str(path), x=left + column * CARD_W, y=top + row * CARD_H, w=CARD_W, h=CARD_H)
    _crop_marks(pdf, left, top)


def _crop_marks(pdf: FPDF, left: float, top: float) -> None:
    """Draw short lines in the margins along every vertical and horizontal cut."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(MARK_WIDTH)
    right, bottom = left + COLUMNS * CARD_W, top + ROWS * CARD_H
    for column in range(COLUMNS + 1):
        x = left + column * CARD_W
        pdf.line(x, top - MARK_GAP - MARK_LENGTH, x, top - MARK_GAP)
        pdf.line(x, bottom + MARK_GAP, x, bottom + MARK_GAP + MARK_LENGTH)
    for row in range(ROWS + 1):
        y = top + row * CARD_H
        pdf.line(left - MARK_GAP - MARK_LENGTH, y, left - MARK_GAP, y)
        pdf.line(right + MARK_GAP, y, right + MARK_GAP + MARK_LENGTH, y)
