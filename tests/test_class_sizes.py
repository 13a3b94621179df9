"""No class of the project runs over 200 lines (issue 21, STYLE.md).

A class that long mixes concerns (the 840-line board presenter once did): split it by what its
parts do, as play/board/ and cards/owners/scenario_initial.py show. Read with `ast`, so a class's
docstring, comments and blank lines count too: what a reader scrolls through.
"""

from __future__ import annotations

import ast

from tests.test_private_names import MODULES

MAX_LINES = 200


def class_sizes() -> list[tuple[str, int]]:
    """Return (module.Class, lines) for every class of the project's modules."""
    sizes = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                sizes.append((f"{name}.{node.name}", node.end_lineno - node.lineno + 1))
    return sizes


def test_the_classes_are_found() -> None:
    names = dict(class_sizes())
    assert names["play.board.board.Board"] > 10 and len(names) > 100


def test_no_class_is_over_200_lines() -> None:
    too_long = [(name, lines) for name, lines in class_sizes() if lines > MAX_LINES]
    assert too_long == []
