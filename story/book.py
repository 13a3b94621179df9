"""The campaign book: a PDF to keep (fpdf2, DejaVu, English or Russian, A4 or US Letter).

A cover with the two sides and their players, a page per scenario (result, choices, the upgraded
copies' faces, VP cards), the plots with their numbers, the final standing and the deck list.
`load` reads everything from the database in the request's thread (under the book's language);
`render` makes the PDF from that alone, in a worker thread (story/book_views.py), like the deck
exports. The plots are the chronicle page's own SVG figures (story/plots.py), drawn once from
the same numbers (story/chronicle.py) and embedded as vector drawings, so page and book agree.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from fpdf import FPDF

from campaign import names, presenters
from campaign.models import Campaign
from cards.render import face_of, face_png
from cards.render.fonts import FILES, FONT_DIR
from common.caching import BoundedCache
from story import chronicle, plots

PAPERS = {"a4": "A4", "letter": "Letter"}
LANGS = ("en", "ru")
MARGIN = 15.0  # mm
FACE_W, FACE_H = 38.0, 53.0  # mm: a card face, 63x88 scaled down
FONT = plots.FONT_FAMILY  # one name for the book's text and the plots' SVG text
BOOKS: BoundedCache[tuple, bytes] = BoundedCache(8)
HEAD_FILL = (235, 237, 243)  # a table's heading row
STRIPE_FILL = (246, 247, 251)  # every other row of a table
RULE = (200, 204, 214)  # the line under each row
TABLE_SIZE = 8.5  # pt
TABLE_LINE = 4.2  # mm: one line of a table's text
CELL_PAD = 1.2  # mm: left and right of a cell's text
ROW_PAD = 0.8  # mm: above and below a row's text


@dataclass
class BookData:
    """Everything the book shows, read and worded beforehand (no database while drawing)."""

    key: tuple
    lang: str
    title: str
    pack_name: str
    sides: list[dict]
    winner: str
    phase: str
    stories: list[chronicle.ScenarioStory]
    plots: list[dict]
    deck: list[dict]
    pack_data: dict
    made: date


def book_key(campaign: Campaign, lang: str, paper: str) -> tuple:
    """Return what a book depends on: the campaign's version, its pack, seats, language, paper.

    The seats' names are there because one changes when someone joins, without a new version.
    """
    seats = tuple(campaign.seats.order_by("index").values_list("name", flat=True))
    return (campaign.pk, campaign.created, campaign.version, campaign.pack.checksum, seats, lang,
            paper)


def load(campaign: Campaign, lang: str, paper: str) -> BookData:
    """Read and word everything of the book in `lang` (database work: the caller's thread)."""
    with translation.override(lang):
        content, state = campaign.content, campaign.current_state
        players = chronicle.player_names(campaign, state)
        words = chronicle.column_names(content)
        data = chronicle.plot_data(content, state)
        sides = [{"name": words[side], "player": players.get(side, ""),
                  "vp": state.vp_points(content, side), "wins": state.scenario_wins(side),
                  "upgrades": len(state.upgrades_of(side))} for side in sorted(state.sides)]
        return BookData(
            key=book_key(campaign, lang, paper), lang=lang, title=campaign.name,
            pack_name=campaign.pack.name, sides=sides,
            winner=words.get(state.campaign_winner or "", ""), phase=state.phase,
            stories=chronicle.timeline(campaign), plots=_plots(campaign, data),
            deck=_deck(campaign), pack_data=campaign.pack.data,
            made=timezone.localdate())


def _plots(campaign: Campaign, data: dict[str, Any]) -> list[dict]:
    """Return each plot as the page shows it by default (the deck at its latest point)."""
    words = chronicle.plot_words(campaign.content, data)
    titles = chronicle.plot_titles()
    key = chronicle.plot_key(campaign)
    shown = []
    for name in ("vp", "upgrades", "deck", "most"):
        point = list(data["deck"])[-1] if data["deck"] else None
        if name == "deck" and point is None or name == "most" and not data["most"]["cards"]:
            continue
        figure_data = data["deck"][point] if name == "deck" else data[name]
        title = titles[name] + (f" · {chronicle.point_name(point)}" if name == "deck" else "")
        shown.append({"title": title,
                      "svg": plots.paper_svg((*key, point) if name == "deck" else key, name,
                                             figure_data, words),
                      "table": chronicle.plot_table(name, data, words, point)})
    return shown


def _deck(campaign: Campaign) -> list[dict]:
    """Return the deck list: every copy with cost, type, factions and its upgrade."""
    rows = presenters.deck_rows(campaign.content, campaign.current_state, {})
    for row in rows:
        row["sticker_text"] = names.sticker_text(
            campaign.content, campaign.content.sticker(row["upgrade"]["sticker"])[2]) \
            if row["upgrade"] else ""
    return rows


# -- drawing --------------------------------------------------------------------------------------


class Book(FPDF):
    """An fpdf2 document with the book's fonts and a page footer."""

    def __init__(self, paper: str, footer: str) -> None:
        super().__init__(unit="mm", format=PAPERS[paper])
        self.footer_text = footer
        self.add_font(FONT, "", str(FONT_DIR / FILES["sans"]))
        self.add_font(FONT, "B", str(FONT_DIR / FILES["bold"]))
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(True, MARGIN + 5)

    def footer(self) -> None:
        if self.page_no() == 1:
            return
        self.set_y(-MARGIN)
        self.set_font(FONT, "", 8)
        self.set_text_color(90, 90, 90)
        self.cell(0, 5, f"{self.footer_text} · {self.page_no()}", align="C")
        self.set_text_color(0, 0, 0)


def render(book: BookData, paper: str) -> bytes:
    """Return the book's PDF (no database: a worker thread may run it); kept per version."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: use a4 or letter")
    return BOOKS.get_or_make(book.key, lambda: _render(book, paper))


def _render(book: BookData, paper: str) -> bytes:
    with translation.override(book.lang):
        pdf = Book(paper, book.title)
        pdf.set_title(_("Chronicle of %(name)s") % {"name": book.title})
        pdf.set_creator("Starledger")
        pdf.set_lang(book.lang)
        _cover(pdf, book)
        for story in book.stories:
            _scenario(pdf, book, story)
        for plot in book.plots:
            _plot(pdf, plot)
        _standing(pdf, book)
        _deck_list(pdf, book)
        return bytes(pdf.output())


def _heading(pdf: Book, text: str, size: int = 16) -> None:
    pdf.set_font(FONT, "B", size)
    pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    pdf.set_font(FONT, "", 10.5)


def _line(pdf: Book, text: str, size: float = 10.5, bold: bool = False) -> None:
    pdf.set_font(FONT, "B" if bold else "", size)
    pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")


def _cover(pdf: Book, book: BookData) -> None:
    pdf.add_page()
    pdf.set_fill_color(24, 28, 46)
    pdf.rect(0, 0, pdf.w, 95, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_xy(MARGIN, 30)
    pdf.set_font(FONT, "", 13)
    pdf.cell(0, 8, _("The campaign book"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "B", 28)
    pdf.multi_cell(0, 13, book.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 12)
    pdf.multi_cell(0, 7, book.pack_name, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.set_y(110)
    for side in book.sides:
        _line(pdf, side["name"], 18, bold=True)
        _line(pdf, side["player"] or "—", 13)
        pdf.ln(1)
        _line(pdf, _("%(vp)s VP · %(wins)s scenarios won · %(up)s upgrades")
              % {"vp": side["vp"], "wins": side["wins"], "up": side["upgrades"]})
        pdf.ln(8)
    played = sum(1 for s in book.stories if s.played)
    _line(pdf, _("Scenarios played: %(n)s of 12") % {"n": played})
    if book.winner:
        pdf.ln(2)
        _line(pdf, _("Campaign winner: %(side)s") % {"side": book.winner}, 14, bold=True)
    pdf.set_y(pdf.h - MARGIN - 10)
    _line(pdf, _("Made by Starledger on %(day)s") % {"day": book.made.isoformat()}, 9)


def _scenario(pdf: Book, book: BookData, story: chronicle.ScenarioStory) -> None:
    pdf.add_page()
    _heading(pdf, _("Scenario %(n)s: %(title)s") % {"n": story.number, "title": story.title})
    _line(pdf, _("%(side)s played first.") % {"side": story.first_side_name})
    if story.played:
        result = _("%(side)s won: %(how)s") % {"side": story.winner_name, "how": story.how_label}
        if story.turns:
            result += " · " + ngettext("%(n)s turn", "%(n)s turns", story.turns) % {
                "n": story.turns}
        _line(pdf, result, 12, bold=True)
    else:
        _line(pdf, _("Not played yet."), 12, bold=True)
    for choice in story.choices:
        _line(pdf, f"{choice['prompt']} {choice['label']}")
    for vp in story.vp_cards:
        _line(pdf, _("VP card “%(name)s” (%(points)s VP) to %(side)s")
              % {"name": vp["name"], "points": vp["points"], "side": vp["side_name"]})
    if story.upgrades:
        pdf.ln(3)
        _line(pdf, _("Upgrades"), 12, bold=True)
        _faces(pdf, book, story.upgrades)


def _faces(pdf: Book, book: BookData, upgrades: list[chronicle.Upgrade]) -> None:
    """Draw the upgraded copies' faces in rows, each with its name and who upgraded it."""
    gap = 6.0
    per_row = max(1, int((pdf.w - 2 * MARGIN + gap) // (FACE_W + gap)))
    caption_h = 16.0
    y = pdf.get_y() + 2
    for k, up in enumerate(upgrades):
        column = k % per_row
        if column == 0 and k:
            y += FACE_H + caption_h + 4
        if column == 0 and y + FACE_H + caption_h > pdf.h - MARGIN - 5:
            pdf.add_page()
            y = pdf.get_y()
        x = MARGIN + column * (FACE_W + gap)
        face = face_of(book.pack_data, up.card_id, sticker_id=up.sticker, copy_number=up.number)
        pdf.image(str(face_png(face, book.lang, "web")), x=x, y=y, w=FACE_W, h=FACE_H)
        pdf.set_xy(x, y + FACE_H + 1)
        pdf.set_font(FONT, "", 7.5)
        pdf.multi_cell(FACE_W, 3.4, f"{up.label}\n" + _("by %(side)s") % {"side": up.side_name},
                       align="L", new_x="LEFT", new_y="NEXT")  # justified, a narrow line gapes
    pdf.set_y(y + FACE_H + caption_h + 2)


def _plot(pdf: Book, plot: dict) -> None:
    pdf.add_page()
    _heading(pdf, plot["title"], 14)
    width = pdf.w - 2 * MARGIN
    pdf.image(io.BytesIO(plot["svg"]), x=MARGIN, w=width)
    pdf.ln(4)
    _table(pdf, plot["table"].head, plot["table"].rows)


def _table(pdf: Book, head: list[str], rows: list[list[Any]], widths: tuple | None = None) -> None:
    """Draw a table: a shaded heading (again on each new page), every other row shaded, a rule
    under each row; `widths` are the columns' shares (equal by default).

    Drawn cell by cell: a text that fits its column is one `cell`, only a longer one is broken
    into lines by `multi_cell`. fpdf2's own `table()` laid out every cell twice with line
    breaking, which was a quarter of the book's time (issue 22).
    """
    shares = widths or (1,) * len(head)
    room = pdf.w - pdf.l_margin - pdf.r_margin
    columns = [room * share / sum(shares) for share in shares]
    heading = _cells(pdf, columns, head, bold=True)
    _table_row(pdf, columns, heading, HEAD_FILL, bold=True)
    for k, values in enumerate(rows):
        cells = _cells(pdf, columns, values)
        if pdf.get_y() + _row_height(cells) > pdf.page_break_trigger:
            pdf.add_page()
            _table_row(pdf, columns, heading, HEAD_FILL, bold=True)
        _table_row(pdf, columns, cells, STRIPE_FILL if k % 2 else None)
    pdf.set_x(pdf.l_margin)


def _cells(pdf: Book, columns: list[float], values: list[Any], bold: bool = False
           ) -> list[list[str]]:
    """Return each cell's text broken into the lines its column shows."""
    pdf.set_font(FONT, "B" if bold else "", TABLE_SIZE)
    cells = []
    for width, value in zip(columns, values, strict=True):
        text = str(value)
        if "\n" not in text and pdf.get_string_width(text) <= width - 2 * CELL_PAD:
            cells.append([text])
        else:
            cells.append(pdf.multi_cell(width, TABLE_LINE, text, dry_run=True, output="LINES",
                                        padding=(0, CELL_PAD)))
    return cells


def _row_height(cells: list[list[str]]) -> float:
    return max(len(lines) for lines in cells) * TABLE_LINE + 2 * ROW_PAD


def _table_row(pdf: Book, columns: list[float], cells: list[list[str]], fill: tuple | None,
               bold: bool = False) -> None:
    pdf.set_font(FONT, "B" if bold else "", TABLE_SIZE)
    x, y = pdf.l_margin, pdf.get_y()
    height = _row_height(cells)
    if fill:
        pdf.set_fill_color(*fill)
        pdf.rect(x, y, sum(columns), height, style="F")
    for width, lines in zip(columns, cells, strict=True):
        for n, line in enumerate(lines):
            pdf.set_xy(x + CELL_PAD, y + ROW_PAD + n * TABLE_LINE)
            pdf.cell(width - 2 * CELL_PAD, TABLE_LINE, line)
        x += width
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.2)
    pdf.line(pdf.l_margin, y + height, pdf.l_margin + sum(columns), y + height)
    pdf.set_y(y + height)


def _standing(pdf: Book, book: BookData) -> None:
    pdf.add_page()
    final = book.phase in ("after_campaign", "finished")
    _heading(pdf, _("Final standing") if final else _("Standing so far"))
    if book.winner:
        _line(pdf, _("Campaign winner: %(side)s") % {"side": book.winner}, 13, bold=True)
        pdf.ln(2)
    _table(pdf, [_("Side"), _("Player"), _("VP"), _("Scenarios won"), _("Upgrades")],
           [[s["name"], s["player"] or "—", s["vp"], s["wins"], s["upgrades"]]
            for s in book.sides])
    pdf.ln(4)
    _table(pdf, [_("Scenario"), _("Winner"), _("How"), _("Turns")],
           [[f"{s.number}. {s.title}", s.winner_name or "—", s.how_label or "—", s.turns or "—"]
            for s in book.stories])


def _deck_list(pdf: Book, book: BookData) -> None:
    pdf.add_page()
    final = book.phase == "finished"
    _heading(pdf, _("The post-campaign deck") if final else _("The trade deck so far"))
    _table(pdf, [_("Card"), pgettext("a narrow column", "Cost"), _("Factions"), _("Upgrade")],
           [[row["label"], row["cost"], ", ".join(row["faction_names"]),
             f"{row['sticker_text']} — {row['by_name']}" if row["upgrade"] else ""]
            for row in book.deck], widths=(34, 8, 22, 56))



