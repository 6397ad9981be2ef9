"""The house's imports go one way: no circle between modules, and no import up a layer.

Read from the source (every import, inside functions too, except those only for type checkers),
as harlequin tests its boundaries. The layers, from the bottom:

    i18n  <  engine  <  variants  <  storage, tableserver  <  app, screens, widgets  <  cli, serve

A module may import its own layer and the layers below it, never one above.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rummy_tui", "variants")

LAYERS = [  # (layer, module-name prefixes), bottom first; the longest matching prefix decides
    ("i18n", ("rummy_tui.i18n",)),
    ("engine", ("rummy_tui.engine",)),
    ("variants", ("variants",)),
    ("services", ("rummy_tui.storage", "rummy_tui.tableserver")),
    (
        "app",
        (
            "rummy_tui.app",
            "rummy_tui.screens",
            "rummy_tui.widgets",
            "rummy_tui.binding_words",
            "rummy_tui.plain",
            "rummy_tui.quiet_input",
            "rummy_tui.quiet_driver",
            "rummy_tui.crash",
            "rummy_tui.textual_guards",
            "rummy_tui.shared_css",
            "rummy_tui.layout_once",
            "rummy_tui.covered_lines",
            "rummy_tui.lazy_strips",
            "rummy_tui.reactive_reads",
            "rummy_tui.dispatch_plans",
            "rummy_tui.setting_titles",
            "rummy_tui.served",
            "rummy_tui.lines",
            "rummy_tui.action_words",
            "rummy_tui.display",
        ),
    ),
    (
        "entry",
        ("rummy_tui.cli", "rummy_tui.cli_words", "rummy_tui.ascii_streams", "rummy_tui.__main__", "rummy_tui.serve"),
    ),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}


def layer_of(module: str) -> int:
    if module == "rummy_tui":  # the package itself: its version, nothing more
        return 0
    best, rank = -1, -1
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    assert rank >= 0, f"{module} is in no layer: add it to LAYERS"
    return rank


def _names_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` anywhere in an ``if``'s test."""
    return any(
        (isinstance(node, ast.Name) and node.id == "TYPE_CHECKING")
        or (isinstance(node, ast.Attribute) and node.attr == "TYPE_CHECKING")
        for node in ast.walk(test)
    )


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _names_type_checking(node.test):
            hidden.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return hidden


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([name] if name else []))


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(module, path.name == "__init__.py", node.level, node.module)
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found.add(submodule if submodule in MODULES else target)
    return {name for name in found if name in MODULES and name != module}


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Each module's imports of the house's modules. Read when a test asks, not when the file is
    collected: every xdist worker collects every file, and reading all the code took a third of
    the collection's time."""
    return {module: imports_of(module) for module in MODULES}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other, directly or round a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


# Circles not yet taken apart. The list may only shrink: a new circle fails, and so does a listed
# one that is gone (then delete it here).
KNOWN_CIRCLES: list[list[str]] = []


def test_no_new_import_circle():
    found = circles(import_graph())
    assert [group for group in found if group not in KNOWN_CIRCLES] == []
    assert [group for group in KNOWN_CIRCLES if group not in found] == [], "a known circle is gone: delete it"


def test_no_import_goes_up_a_layer():
    upward = sorted(
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {other} ({LAYERS[layer_of(other)][0]})"
        for module, others in import_graph().items()
        for other in others
        if layer_of(other) > layer_of(module)
    )
    assert upward == []


def test_rules_never_import_their_ai():
    ai_modules = {
        m for m in MODULES if m.startswith("variants.") and m.rsplit(".", 1)[-1] in {"ai", "hard", "computer"}
    }
    rules_modules = {m for m in MODULES if m.startswith("variants.") and m.rsplit(".", 1)[-1] == "rules"}
    assert sorted((rules, ai) for rules in rules_modules for ai in import_graph()[rules] if ai in ai_modules) == []


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ({"a": {"b"}, "b": set()}, []),
    ],
)
def test_the_circle_finder_finds_circles(graph, expected):
    assert circles(graph) == expected


def test_every_module_has_a_layer():
    assert all(layer_of(module) >= 0 for module in MODULES)


def test_the_reader_sees_imports_inside_functions():
    graph = import_graph()
    assert "variants.gin.ai" in graph["variants.gin"]  # the package installs its computer player
    assert "rummy_tui.screens.start" in graph["rummy_tui.app"]  # imported inside methods only


def test_layers_are_ordered_bottom_first():
    assert (
        layer_of("rummy_tui.i18n")
        < layer_of("rummy_tui.engine.game")
        < layer_of("variants.gin.rules")
        < layer_of("rummy_tui.storage.saves")
        < layer_of("rummy_tui.screens.table")
        < layer_of("rummy_tui.cli")
    )


APP_ON_ITS_OWN = """
import asyncio, sys
from rummy_tui.app import RummyApp

async def main():
    seats = [{"name": "Ann", "kind": "human", "level": None}, {"name": "Bot", "kind": "ai", "level": "easy"}]
    app = RummyApp(table_options={"variant": "gin", "players": 2, "settings": None, "seed": 7, "seats": seats})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        print(type(app.screen).__name__, "variants" in sys.modules)

asyncio.run(main())
"""


def test_the_app_installs_the_variant_registry_itself():
    """RummyApp used as a library starts a Gin game with nothing imported by hand."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", APP_ON_ITS_OWN], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["TableScreen", "True"]
