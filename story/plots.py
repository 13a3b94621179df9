"""The chronicle's plots, drawn by matplotlib as SVG: the pages show it, the book embeds it.

matplotlib (README, "Plots") draws on the server with no browser library. Each figure is drawn
ONCE, as SVG with real <text> (small, sharp, selectable) whose ink is `currentColor`: a page
takes its text colour, light or dark; the book (fpdf2 turns SVG into PDF vector paths) gets the
same drawing with a dark ink on white. So page and book show the very same figure, from the same
numbers (story/chronicle.py computes them once). The series colours (Okabe-Ito, safe for
colour-blind readers) read on both backgrounds.

Only matplotlib's object API is used (no pyplot: it keeps global figures and is not thread-safe);
the few rc settings are applied under one lock. Drawn figures are kept by a key naming what they
show (the campaign's version, the pack's checksum, the language), so a warm page draws nothing
and a book made after the chronicle page was seen draws nothing either.

The axes are placed by hand (`fit`): the margins are measured from the tick labels and axis
labels before drawing. matplotlib's constrained layout found them by laying every figure out
twice more, about half of each figure's drawing time (issue 22: a cold chronicle page, a book).

Loaded when first needed: importing matplotlib costs ~0.7 s and fpdf2 ~0.5 s, which every process
that loads the URLconf (each web worker, the task workers, every manage.py command) paid at start.
So the views import this module, story/book.py and fpdf2 (cards/export/pdf.py) inside the function
that draws: a process starts ~1.2 s sooner and pays once, on its first plot, book or PDF.
"""
from __future__ import annotations

import io
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import matplotlib
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import text_to_path

from common.caching import BoundedCache

matplotlib.use("Agg")  # no display on a server; set before anything draws

INK = "#123456"  # drawn as this, replaced by currentColor in a page's SVG
PAPER_INK = "#1b1f2a"
SIDE_COLOURS = {"empire": "#E69F00", "federation": "#56B4E9"}
OTHER_COLOURS = ["#009E73", "#CC79A7", "#D55E00", "#0072B2", "#F0E442"]
PLAIN = "#8a8f9c"
MARKERS = {"empire": "o", "federation": "s"}
FONT_FAMILY = "DejaVu Sans"  # the book registers its font under this name for the SVG's text
FONT_SIZE = 11.0
LEGEND_SIZE = 10.0
RC = {"svg.fonttype": "none", "font.family": FONT_FAMILY, "font.size": FONT_SIZE,
      "axes.titlesize": FONT_SIZE, "svg.hashsalt": "starledger"}  # the salt: the same SVG always
NO_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}  # nothing to show
_LOCK = threading.Lock()
SVGS: BoundedCache[tuple, str] = BoundedCache(1024)


def colour(column: str, index: int = 0) -> str:
    """Return a series' colour: a side's own, grey for "not upgraded", else the palette."""
    if column == "plain":
        return PLAIN
    return SIDE_COLOURS.get(column, OTHER_COLOURS[index % len(OTHER_COLOURS)])


# -- layout: margins measured from the labels, in points ------------------------------------------

TICK = 3.5 + 3.5  # a tick's length and its label's pad (matplotlib's defaults)
GAP = 5.0  # between tick labels and an axis label, around a legend, at the figure's edges
LINE = 1.3  # a line of text is this many times its font size high
WIDEST_SHARE = 0.45  # long labels (card names) take at most this share of the figure's width


def text_width(texts: list[str], size: float = FONT_SIZE) -> float:
    """Return the width of the widest of `texts` in points (0 for none), as matplotlib draws it."""
    font = FontProperties(family=FONT_FAMILY, size=size)
    widths = [text_to_path.get_text_width_height_descent(text, font, ismath=False)[0]
              for line in texts for text in str(line).splitlines() or [""]]
    return max(widths, default=0.0)


def tick_labels(axis: Any) -> list[str]:
    """Return the labels an axis will draw at its major ticks (its limits must be set)."""
    return list(axis.get_major_formatter().format_ticks(axis.get_majorticklocs()))


@dataclass
class _Margins:
    """What surrounds an axes, in points: room for labels left of and below it."""

    left: float
    bottom: float
    right: float = GAP
    top: float = GAP + FONT_SIZE * LINE / 2  # the top tick label reaches above the axes


def y_room(labels: list[str], axis_label: bool, width: float) -> float:
    """Return the room left of an axes: its tick labels and (rotated) axis label."""
    room = TICK + min(text_width(labels), WIDEST_SHARE * width) + GAP
    return room + (FONT_SIZE * LINE + GAP if axis_label else 0)


def x_room(legend_rows: int = 0) -> float:
    """Return the room below an axes: its tick labels, axis label and a legend's rows."""
    room = TICK + 2 * (FONT_SIZE * LINE + GAP)
    return room + (legend_rows * LEGEND_SIZE * 1.6 + GAP if legend_rows else 0)


def place(figure: Figure, ax: Any, margins: _Margins, share: tuple[float, float] = (0, 1)
          ) -> None:
    """Put `ax` inside `margins`, over the `share` (from, to) of the width between them."""
    width, height = (72 * size for size in figure.get_size_inches())
    inner = width - margins.left - margins.right
    x0 = (margins.left + share[0] * inner) / width
    ax.set_position([x0, margins.bottom / height, (share[1] - share[0]) * inner / width,
                     (height - margins.bottom - margins.top) / height])


def fit(figure: Figure, ax: Any, axis_label_y: bool = True, legend_rows: int = 0) -> None:
    """Place a lone axes so its tick labels, axis labels and a legend below it fit the figure."""
    width = 72 * figure.get_size_inches()[0]
    right = GAP + text_width(tick_labels(ax.xaxis)[-1:]) / 2  # the last x label overhangs
    place(figure, ax, _Margins(left=y_room(tick_labels(ax.yaxis), axis_label_y, width),
                               bottom=x_room(legend_rows), right=right))


# -- the figures (data: story/chronicle.py; words: already in the page's language) -----------------


def vp_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """Each side's VP after each scenario: one line per side."""
    return _race(data, words, ink, words["vp_axis"])


def upgrades_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """Each side's upgrades so far after each scenario."""
    return _race(data, words, ink, words["upgrades_axis"])


def _race(data: dict, words: dict[str, str], ink: str, axis: str) -> Figure:
    figure, ax = _figure(ink, (6.4, 3.2))
    x = list(range(len(data["labels"])))
    for k, (side, values) in enumerate(data["sides"].items()):
        ax.plot(x, values, marker=MARKERS.get(side, "o"), color=colour(side, k), linewidth=2.2,
                label=words.get(side, side))
    ax.set_xticks(x, [words.get(f"step:{label}", label) for label in data["labels"]])
    ax.set_xlabel(words["scenario_axis"])
    ax.set_ylabel(axis)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_ylim(bottom=0)
    _legend(ax, ink)
    fit(figure, ax)
    return figure


def deck_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """The trade deck at one point: its cost curve and faction mix, stacked by who upgraded."""
    figure = Figure(figsize=(6.4, 3.4))
    figure.patch.set_alpha(0)
    costs_ax, factions_ax = figure.add_axes((0, 0, 1, 1)), figure.add_axes((0, 0, 1, 1))
    for ax in (costs_ax, factions_ax):
        _style(ax, ink)
    columns = data["columns"]
    costs = list(data["costs"])
    _stacked(costs_ax, costs, [data["costs"][c] for c in costs], columns, words, vertical=True)
    costs_ax.set_xlabel(words["cost_axis"])
    costs_ax.set_ylabel(words["copies_axis"])
    costs_ax.yaxis.get_major_locator().set_params(integer=True)  # copies come whole
    factions = list(data["factions"])
    _stacked(factions_ax, [words.get(f, f) for f in factions],
             [data["factions"][f] for f in factions], columns, words, vertical=False)
    factions_ax.invert_yaxis()
    factions_ax.set_xlabel(words["copies_axis"])
    factions_ax.xaxis.get_major_locator().set_params(integer=True)
    _legend_below(figure, costs_ax, ink)
    _place_deck(figure, costs_ax, factions_ax)
    return figure


def _place_deck(figure: Figure, costs_ax: Any, factions_ax: Any) -> None:
    """Put the cost curve (3/5 of the room) and the faction bars (2/5) side by side."""
    width = 72 * figure.get_size_inches()[0]
    faction_room = y_room(tick_labels(factions_ax.yaxis), False, width / 2)
    margins = _Margins(left=y_room(tick_labels(costs_ax.yaxis), True, width),
                       bottom=x_room(legend_rows=1),
                       right=GAP + text_width(tick_labels(factions_ax.xaxis)[-1:]) / 2)
    inner = width - margins.left - margins.right - faction_room
    costs_share = 0.6 * inner / (inner + faction_room)
    place(figure, costs_ax, margins, (0, costs_share))
    place(figure, factions_ax, margins,
          (costs_share + faction_room / (inner + faction_room), 1))


def most_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """The cards with the most upgraded copies, stacked by side."""
    cards = data["cards"] or [["", [0] * len(data["columns"])]]
    figure, ax = _figure(ink, (6.4, 1.2 + 0.32 * len(cards)))
    _stacked(ax, [words.get(f"card:{c}", c) for c, _v in cards], [v for _c, v in cards],
             data["columns"], words, vertical=False)
    ax.invert_yaxis()
    ax.set_xlabel(words["copies_axis"])
    ax.xaxis.get_major_locator().set_params(integer=True)
    _legend_below(figure, ax, ink)  # the bars fill the axes: a legend inside would hide some
    fit(figure, ax, axis_label_y=False, legend_rows=1)
    return figure


def _stacked(ax: Any, labels: list[str], rows: list[list[int]], columns: list[str],
             words: dict[str, str], vertical: bool) -> None:
    base = [0] * len(rows)
    for k, column in enumerate(columns):
        values = [row[k] for row in rows]
        bar = ax.bar if vertical else ax.barh
        extra = {"bottom": base} if vertical else {"left": base}
        bar(labels, values, color=colour(column, k), label=words.get(column, column), **extra)
        base = [b + v for b, v in zip(base, values, strict=True)]


def _figure(ink: str, size: tuple[float, float]) -> tuple[Figure, Any]:
    figure = Figure(figsize=size)
    figure.patch.set_alpha(0)
    ax = figure.add_axes((0, 0, 1, 1))  # placed by `fit` once its labels are known
    _style(ax, ink)
    return figure, ax


def _style(ax: Any, ink: str) -> None:
    ax.set_facecolor("none")
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    for spine in ("left", "bottom"):
        ax.spines[spine].set_color(ink)
    ax.tick_params(colors=ink, labelcolor=ink)
    ax.xaxis.label.set_color(ink)
    ax.yaxis.label.set_color(ink)
    ax.grid(axis="y", color=ink, alpha=0.15, linewidth=0.8)
    ax.set_axisbelow(True)


def _legend_below(figure: Figure, ax: Any, ink: str) -> None:
    """Put the legend of `ax`'s series in one row at the bottom of the figure (if any)."""
    handles, labels = ax.get_legend_handles_labels()
    if not labels:
        return
    legend = figure.legend(handles, labels, loc="lower center", ncols=len(labels),
                           frameon=False, fontsize=LEGEND_SIZE)
    for text in legend.get_texts():
        text.set_color(ink)


def _legend(ax: Any, ink: str) -> None:
    if not ax.get_legend_handles_labels()[1]:
        return  # no series yet (sides not chosen): nothing to name
    legend = ax.legend(frameon=False, fontsize=LEGEND_SIZE)
    for text in legend.get_texts():
        text.set_color(ink)


def balance_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """A set's balance: the first side's win rate per scenario with its 95% interval, and the
    plain game's (the baseline), against the 45-55% band."""
    figure, ax = _figure(ink, (6.4, 3.2))
    numbers = [row["scenario"] for row in data["rows"]]
    ax.axhspan(45, 55, color=ink, alpha=0.08, linewidth=0)
    ax.axhline(50, color=ink, alpha=0.3, linewidth=0.8)
    rates = [row["empire"] for row in data["rows"]]
    errors = [row["ci"] for row in data["rows"]]
    ax.errorbar(numbers, rates, yerr=errors, fmt="o", color=colour("empire"), capsize=3,
                linewidth=1.6, label=words["scenario_games"])
    ax.plot(numbers, [row["baseline"] for row in data["rows"]], linestyle="none", marker="_",
            markersize=14, markeredgewidth=2, color=colour("federation"),
            label=words["plain_games"])
    ax.set_xticks(range(1, 13))
    ax.set_xlim(0.5, 12.5)
    ax.set_ylim(20, 80)
    ax.set_xlabel(words["scenario_axis"])
    ax.set_ylabel(words["rate_axis"])
    _legend(ax, ink)
    fit(figure, ax)
    return figure


FIGURES: dict[str, Callable[[dict, dict[str, str], str], Figure]] = {
    "vp": vp_figure, "upgrades": upgrades_figure, "deck": deck_figure, "most": most_figure,
    "balance": balance_figure}


# -- output ----------------------------------------------------------------------------------------


def svg(key: tuple, name: str, data: dict, words: dict[str, str]) -> str:
    """Return figure `name` as an inline SVG element whose ink follows the page's text colour."""
    def draw() -> str:
        out = io.StringIO()
        with _LOCK, matplotlib.rc_context(RC):
            FIGURES[name](data, words, INK).savefig(out, format="svg", metadata=NO_METADATA)
        text = out.getvalue()
        text = text[text.index("<svg"):]  # drop the XML prolog and doctype: inline in HTML
        return text.replace(INK, "currentColor").replace(
            "<svg ", '<svg role="img" aria-hidden="true" focusable="false" ', 1)
    return SVGS.get_or_make((*key, name), draw)


def paper_svg(key: tuple, name: str, data: dict, words: dict[str, str]) -> bytes:
    """Return the page's very figure `name` as a standalone SVG in dark ink (the book)."""
    return svg(key, name, data, words).replace("currentColor", PAPER_INK).encode()
