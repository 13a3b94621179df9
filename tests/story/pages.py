"""Reading the story pages in tests: a plot's data table (its text alternative) as rows."""

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


def as_columns(table: list[list[str]]) -> dict[str, list[str]]:
    """Return a table's columns by their heading."""
    head, *rows = table
    return {name: [row[k] for row in rows] for k, name in enumerate(head)}
