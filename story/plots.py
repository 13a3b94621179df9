"""The chronicle's plots, drawn by matplotlib: SVG for the pages, PNG for the book.

matplotlib (README, "Plots") draws on the server with no browser library: the same figure goes
to the page and into the PDF, so both show the same numbers (story/chronicle.py computes them
once). Pages get SVG with real <text> (small, sharp, selectable), whose ink is `currentColor`:
the figure takes the page's text colour, light or dark. The series colours (Okabe-Ito, safe for
colour-blind readers) read on both backgrounds. The book gets PNG on white.

Only matplotlib's object API is used (no pyplot: it keeps global figures and is not thread-safe);
the few rc settings are applied under one lock. Drawn figures are kept by a key naming what they
show (the campaign's version, the pack's checksum, the language), so a warm page draws nothing.
"""
from __future__ import annotations

import io
import threading
from collections.abc import Callable
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from common.caching import BoundedCache

matplotlib.use("Agg")  # no display on a server; set before anything draws

INK = "#123456"  # drawn as this, replaced by currentColor in a page's SVG
PAPER_INK = "#1b1f2a"
SIDE_COLOURS = {"empire": "#E69F00", "federation": "#56B4E9"}
OTHER_COLOURS = ["#009E73", "#CC79A7", "#D55E00", "#0072B2", "#F0E442"]
PLAIN = "#8a8f9c"
MARKERS = {"empire": "o", "federation": "s"}
RC = {"svg.fonttype": "none", "font.family": "DejaVu Sans", "font.size": 11,
      "axes.titlesize": 11, "svg.hashsalt": "starledger"}  # the salt: the same SVG every time
_LOCK = threading.Lock()
SVGS: BoundedCache[tuple, str] = BoundedCache(1024)
PNGS: BoundedCache[tuple, bytes] = BoundedCache(256)


def colour(column: str, index: int = 0) -> str:
    """Return a series' colour: a side's own, grey for "not upgraded", else the palette."""
    if column == "plain":
        return PLAIN
    return SIDE_COLOURS.get(column, OTHER_COLOURS[index % len(OTHER_COLOURS)])


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
    return figure


def deck_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """The trade deck at one point: its cost curve and faction mix, stacked by who upgraded."""
    figure = Figure(figsize=(6.4, 3.4), layout="constrained")
    figure.patch.set_alpha(0)
    costs_ax, factions_ax = figure.subplots(1, 2, width_ratios=[3, 2])
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
    handles, labels = costs_ax.get_legend_handles_labels()
    legend = figure.legend(handles, labels, loc="outside lower center", ncols=len(columns),
                           frameon=False, fontsize=10)
    for text in legend.get_texts():
        text.set_color(ink)
    return figure


def most_figure(data: dict, words: dict[str, str], ink: str) -> Figure:
    """The cards with the most upgraded copies, stacked by side."""
    cards = data["cards"] or [["", [0] * len(data["columns"])]]
    figure, ax = _figure(ink, (6.4, 0.9 + 0.32 * len(cards)))
    _stacked(ax, [words.get(f"card:{c}", c) for c, _v in cards], [v for _c, v in cards],
             data["columns"], words, vertical=False)
    ax.invert_yaxis()
    ax.set_xlabel(words["copies_axis"])
    ax.xaxis.get_major_locator().set_params(integer=True)
    _legend(ax, ink)
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
    figure = Figure(figsize=size, layout="constrained")
    figure.patch.set_alpha(0)
    ax = figure.subplots()
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


def _legend(ax: Any, ink: str) -> None:
    legend = ax.legend(frameon=False, fontsize=10)
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
            FIGURES[name](data, words, INK).savefig(out, format="svg", metadata={"Date": None})
        text = out.getvalue()
        text = text[text.index("<svg"):]  # drop the XML prolog and doctype: inline in HTML
        return text.replace(INK, "currentColor").replace(
            "<svg ", '<svg role="img" aria-hidden="true" focusable="false" ', 1)
    return SVGS.get_or_make((*key, name), draw)


def png(key: tuple, name: str, data: dict, words: dict[str, str], dpi: int = 200) -> bytes:
    """Return figure `name` as a PNG on white (the book)."""
    def draw() -> bytes:
        out = io.BytesIO()
        with _LOCK, matplotlib.rc_context(RC):
            figure = FIGURES[name](data, words, PAPER_INK)
            figure.savefig(out, format="png", dpi=dpi, facecolor="white")
        return out.getvalue()
    return PNGS.get_or_make((*key, name, dpi), draw)
