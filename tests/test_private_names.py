"""No module reaches into another module's private names (issue 21, STYLE.md).

A leading underscore says "this module's own business": another module that imports or uses such a
name ties itself to details the owner may change at any time. Read from the source with `ast`, so a
lazy import inside a function counts too. Tests may look inside (they pin details down); the
project's own packages may not. Django's `_meta` is its documented Model API and stays allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
PACKAGES = ("ratelimits", "common", "cards", "campaign", "play", "story", "home", "config")
ALLOWED = {"_meta"}  # Django's documented Model._meta API


def project_modules() -> dict[str, Path]:
    """Return {dotted name: path} of every project module outside tests and migrations."""
    found = {}
    for package in PACKAGES:
        for path in (PROJECT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(PROJECT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = project_modules()


def _absolute(node: ast.ImportFrom, here: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    package = here if is_package else here.rsplit(".", 1)[0]
    if node.level > 1:
        package = package.rsplit(".", node.level - 1)[0]
    return f"{package}.{node.module}" if node.module else package


def private_uses(source: str, here: str, is_package: bool = False) -> list[str]:
    """Return "line: what" for each private name of another project module used in `source`."""
    tree = ast.parse(source)
    found: list[str] = []
    module_names: dict[str, str] = {}  # local name -> project module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            origin = _absolute(node, here, is_package)
            for alias in node.names:
                if f"{origin}.{alias.name}" in MODULES:  # `from play import services`
                    module_names[alias.asname or alias.name] = f"{origin}.{alias.name}"
                elif (origin in MODULES and origin != here and _private(alias.name)):
                    found.append(f"{node.lineno}: from {origin} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES and alias.asname:
                    module_names[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in module_names and module_names[node.value.id] != here
                and _private(node.attr)):
            found.append(f"{node.lineno}: {module_names[node.value.id]}.{node.attr}")
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in ALLOWED


def test_no_module_uses_another_modules_private_names() -> None:
    offences = [f"{path.relative_to(PROJECT)}:{use}"
                for name, path in MODULES.items()
                for use in private_uses(path.read_text(), name, path.name == "__init__.py")]
    assert offences == []


def test_the_check_reads_every_package_and_catches_both_ways_in() -> None:
    assert len(MODULES) > 100 and {"play.services", "cards.models", "play.engine"} <= set(MODULES)
    source = ("from play import services\nfrom play.services import _save\n"
              "def f():\n    return services._change(1)\n")
    assert private_uses(source, "play.views") == ["2: from play.services import _save",
                                                  "4: play.services._change"]
    relative = "from .services import _save\nfrom . import rows\nrows._queries()\n"
    assert private_uses(relative, "play.views") == ["1: from play.services import _save",
                                                    "3: play.rows._queries"]
    assert private_uses("from play import services\nservices._meta\n", "play.views") == []
