"""The engine's imports point one way: state is data, the rules act on it, the view reads it.

Read from the source with `ast`, so an import hidden inside a function counts too. Layers and
their reasons: docs/engine.md, "Layers".
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

import play.engine

ENGINE = Path(play.engine.__file__).parent
PACKAGE = "play.engine"

# Lower numbers sit lower: a module may import only modules of a strictly lower layer.
LAYERS: dict[str, int] = {
    "errors": 0,
    "chance": 0,  # where shuffles come from (keyed hash of the secret seed)
    "campaign_figures": 0,  # arithmetic of whole bot campaigns' results (imports no engine module)
    "packformat": 1,  # the pack loader's sections (their order: packformat/__init__.py)
    "content": 2,
    "actions": 2,
    "modes": 2,
    "setup": 3,
    "state": 4,
    "ops": 5,
    "effects": 6,
    "rules": 7,
    "observer": 8,
    "legacy": 8,
    "playstate": 9,
    "bots": 10,  # the bots package and its modules
    "bulk": 11,  # games in bulk
    "balance": 12,  # the scenario balance method (manage.py balance, forecasts)
    "ladder": 12,  # the bot levels' round robin and Elo fit (benchmarks/bot_ladder.py)
    "__init__": 13,  # the facade: the only module other packages import (pyproject's contracts)
    "simulate": 14,  # the command line of bulk games (python -m play.engine.simulate)
}
ACTING_ON_STATE = {"ops", "effects", "rules", "observer", "playstate"}


def module_name(path: Path) -> str:
    """Return the dotted name of an engine source file, relative to the engine package."""
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def layer(name: str) -> int:
    """Return the layer of an engine module (`bots.search` is in the `bots` layer)."""
    top = name.split(".")[0]
    if top not in LAYERS:
        pytest.fail(f"play/engine/{name.replace('.', '/')}.py has no layer: add it to LAYERS "
                    "here and to the layer list in docs/engine.md")
    return LAYERS[top]


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Return (absolute module, line) for every import in an engine file."""
    return imports_in(path.read_text(), module_name(path), path.name == "__init__.py")


def imports_in(source: str, name: str, is_package: bool) -> list[tuple[str, int]]:
    """Return (absolute module, line) for every import in `source`, inside functions too."""
    here = PACKAGE if name == "__init__" else f"{PACKAGE}.{name}"
    package = here if is_package else here.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source)):  # walk reaches function bodies: no lazy import hides
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:  # `from . import ops` imports the module ops
                sub = f"{base}.{alias.name}"
                found.append((sub if is_engine_module(sub) else base, node.lineno))
    return found


def is_engine_module(module: str) -> bool:
    """Tell whether `module` names a module file or package of the engine."""
    if not module.startswith(PACKAGE + "."):
        return False
    path = ENGINE.joinpath(*module.split(".")[2:])
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def engine_target(module: str) -> str | None:
    """Return the engine-relative name of an imported engine module, None outside the engine."""
    if module == PACKAGE:
        return "__init__"
    if module.startswith(PACKAGE + "."):
        return module[len(PACKAGE) + 1:]
    return None


def engine_imports(name: str, found: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Keep the imports of other engine modules, as (engine-relative name, line)."""
    return [(target, line) for module, line in found
            if (target := engine_target(module)) is not None and target != name]


def upward(graph: dict[str, list[tuple[str, int]]]) -> list[str]:
    """Return every import of a module of the same or a higher layer (outside its own package)."""
    return [f"{name} (layer {layer(name)}) line {line} imports {target} (layer {layer(target)})"
            for name, targets in graph.items() for target, line in targets
            if target.split(".")[0] != name.split(".")[0] and layer(target) >= layer(name)]


def cycle(graph: dict[str, list[tuple[str, int]]]) -> list[str]:
    """Return one import cycle as a list of module names, [] when there is none."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return []
        for target, _line in graph.get(name, []):
            if found := visit(target, [*path, name]):
                return found
        done.add(name)
        return []

    return next((found for name in graph if (found := visit(name, []))), [])


SOURCES = sorted(ENGINE.rglob("*.py"))


@functools.cache
def engine_graph() -> dict[str, list[tuple[str, int]]]:
    """Return each engine module's imports of other engine modules (parsed once, on first use:
    parsing the engine at import cost every test process 0.7 s of collection)."""
    return {module_name(p): engine_imports(module_name(p), imports_of(p)) for p in SOURCES}


def test_engine_modules_import_only_lower_layers() -> None:
    assert upward(engine_graph()) == []


def test_state_imports_nothing_that_acts_on_it() -> None:
    acting = [t for t, _line in engine_graph()["state"] if t.split(".")[0] in ACTING_ON_STATE]
    assert acting == []


def test_engine_imports_have_no_cycle() -> None:
    assert cycle(engine_graph()) == []


def test_engine_imports_only_the_standard_library() -> None:
    outside = sorted({f"{module_name(p)}: {m}" for p in SOURCES for m, _line in imports_of(p)
                      if engine_target(m) is None
                      and m.split(".")[0] not in sys.stdlib_module_names | {"__future__"}})
    assert outside == []


def test_a_lazy_upward_import_inside_a_function_is_caught() -> None:
    source = ("import random\n\ndef view(self):\n    from .observer import view\n"
              "    return view(self)\n")
    graph = {"state": engine_imports("state", imports_in(source, "state", False)),
             "observer": []}
    assert upward(graph) == ["state (layer 4) line 4 imports observer (layer 8)"]


def test_a_circular_import_is_caught() -> None:
    graph = {"ops": engine_imports("ops", imports_in("from . import effects\n", "ops", False)),
             "effects": engine_imports("effects", imports_in("from .ops import draw\n",
                                                             "effects", False))}
    assert cycle(graph) == ["ops", "effects", "ops"]
