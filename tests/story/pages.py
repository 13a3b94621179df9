"""Reading the story pages in tests: a plot's data table (its text alternative) as rows,
the texts its figure draws."""

from __future__ import annotations

import re
from html import unescape


def figure_table(html: str, plot: str) -> list[list[str]]:
    """Return the rows (head first) of the data table under plot `plot` on a page."""
    found = re.search(rf'<figure class="plot" id="plot-{plot}".*?</figure>', html, re.DOTALL)
    assert found, f"no plot {plot}"
    rows = re.findall(r"<tr>(.*?)</tr>", found.group(0), re.DOTALL)
    return [[unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.DOTALL)] for row in rows]


def figure_svg_texts(html: str, plot: str) -> list[str]:
    """Return the texts drawn in plot `plot`'s figure (tick labels, axis labels, legend)."""
    found = re.search(rf'<figure class="plot" id="plot-{plot}".*?</figure>', html, re.DOTALL)
    assert found, f"no plot {plot}"
    svg = found.group(0)[found.group(0).index("<svg"):found.group(0).index("</svg>")]
    return [unescape(text).strip() for text in re.findall(r"<text[^>]*>(.*?)</text>", svg,
                                                          re.DOTALL) if text.strip()]


def as_columns(table: list[list[str]]) -> dict[str, list[str]]:
    """Return a table's columns by their heading."""
    head, *rows = table
    return {name: [row[k] for row in rows] for k, name in enumerate(head)}
