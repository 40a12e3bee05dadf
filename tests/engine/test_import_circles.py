"""Bots depend on the rules, never the reverse, and no game package imports itself in a circle;
the app layer runs one way (cli → app → screens → widgets) and ``saves`` never reaches the UI.

Read from the source with ``ast`` (every ``import``, also those inside functions), so a late
import that hides a circle at run time is caught as well. A game's rules reach their bots only
by name, through ``engine.core.BotTable``.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

import pytest

import engine
from engine.core import BotTable
from engine.registry import ENTRIES, GAMES

ENGINE = Path(engine.__file__).parent
ROOT = ENGINE.parent
PACKAGES = sorted(p.parent.name for p in ENGINE.glob("*/__init__.py"))
# The command line's modules import each subcommand's needs when it runs (start-up time): the
# only modules of ``tui`` with imports of our own packages inside functions.
LATE_IMPORTS_ALLOWED = {"tui.cli", "tui.tables_cli", "tui.serve"}
OURS = ("engine", "saves", "tui")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path) -> str:
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports(tree: ast.AST, package: str, known: set[str]) -> set[str]:
    """The modules an ``import`` anywhere in ``tree`` names. Relative imports are resolved
    against ``package``; ``from P import m`` names the module ``P.m`` when ``P.m`` is one of
    the ``known`` modules, else ``P``."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                out.add(sub if sub in known else source)
    return out


def modules_of(*packages: str) -> dict[str, tuple[Path, set[str]]]:
    """Every module of ``packages``: its file and the modules it imports."""
    paths = sorted(p for package in packages for p in (ROOT / package).rglob("*.py"))
    known = {module_name(p) for p in paths}
    out = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        out[module_name(path)] = (path, imports(tree, package_of(path), known))
    return out


def engine_modules() -> dict[str, tuple[Path, set[str]]]:
    """Every module of ``engine``: its file and the modules it imports."""
    return modules_of("engine")


def late_imports(tree: ast.Module) -> list[ast.stmt]:
    """The ``import`` statements that are not at the top of the module (inside a function, a
    class, an ``if``)."""
    top = {id(node) for node in tree.body}
    found = (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom))
    return [node for node in found if id(node) not in top]


def names_ours(node: ast.stmt) -> bool:
    """Whether an import names a module of ours (relative imports are ours too)."""
    if isinstance(node, ast.ImportFrom):
        return bool(node.level) or (node.module or "").split(".")[0] in OURS
    return any(alias.name.split(".")[0] in OURS for alias in node.names)


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One circle of imports for each group of modules that import one another (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [circle(graph, group) for group in groups]


def circle(graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """A path that starts and ends at the same module, inside one group of ``cycles``."""
    start = min(group)
    path = [start]
    seen = {start}
    while True:
        nxt = min(n for n in graph[path[-1]] if n in group)
        path.append(nxt)
        if nxt in seen:
            return path[path.index(nxt) :]
        seen.add(nxt)


MODULES = engine_modules()


def test_the_finder_sees_every_form_of_import() -> None:
    source = (
        "import engine.mates.board as b\n"
        "from . import table\n"
        "from .state import Piece\n"
        "from engine.mates import data, MATES\n"
        "def f():\n"
        "    from engine.mates import ai\n"
    )
    known = {f"engine.mates.{m}" for m in ("ai", "board", "data", "state", "table")}
    found = imports(ast.parse(source), "engine.mates", known)
    assert found == known | {"engine.mates"}


def test_the_circle_finder_finds_circles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"a"}}) == [["a", "a"]]


def reached_from(start: str) -> set[str]:
    """Every engine module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen or name not in MODULES:
            continue
        seen.add(name)
        todo.extend(MODULES[name][1])
    return seen


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_the_rules_never_reach_the_bots(entry) -> None:
    """Bots (``ai`` and the modules a level lives in elsewhere, such as ``expert``) may import
    one another and the rules; nothing the rules or the registry import leads to a bot."""
    bots = GAMES[entry.id].bots
    bot_modules = {bots.module, *bots.elsewhere.values()}
    reached = reached_from(entry.module) | reached_from("engine.registry")
    assert sorted(reached & bot_modules) == []


def test_the_reach_finder_follows_imports() -> None:
    assert "engine.core" in reached_from("engine.registry")
    assert "engine.gallic.ai" in reached_from("engine.gallic.ai")


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_inside_a_game(package: str) -> None:
    prefix = f"engine.{package}"
    inside = {n for n in MODULES if n == prefix or n.startswith(f"{prefix}.")}
    graph = {n: {m for m in MODULES[n][1] if m in inside} for n in inside}
    assert cycles(graph) == []


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_each_game_finds_its_bots_by_name(entry) -> None:
    bots = GAMES[entry.id].bots
    package = entry.module.rpartition(".")[0]
    assert isinstance(bots, BotTable) and bots.module == f"{package}.ai"
    assert len(bots) >= 1 and all(callable(bots[level]) for level in bots)


APP = modules_of("tui", "saves")


def inside(graph: Mapping[str, tuple[Path, set[str]]], prefix: str) -> dict[str, set[str]]:
    names = {n for n in graph if n == prefix or n.startswith(f"{prefix}.")}
    return {n: {m for m in graph[n][1] if m in names} for n in names}


def test_the_late_import_finder_sees_only_late_ones() -> None:
    source = (
        "import os\n"
        "from tui import app\n"
        "def f():\n"
        "    import json\n"
        "    from saves.store import SaveStore\n"
        "    from . import menu\n"
        "if True:\n"
        "    from engine import core\n"
    )
    late = late_imports(ast.parse(source))
    assert len(late) == 4
    assert [names_ours(node) for node in late] == [False, True, True, True]


@pytest.mark.parametrize("package", ["tui", "saves"])
def test_no_import_circle_in_the_app_or_the_saves(package: str) -> None:
    """Function-level imports included: a circle hidden in a function is still a circle."""
    assert cycles(inside(APP, package)) == []


def test_no_import_circle_between_the_app_and_the_saves() -> None:
    assert cycles({n: set(imported) for n, (_path, imported) in APP.items()}) == []


def test_the_saves_never_import_the_app_or_textual() -> None:
    wrong = {
        name: sorted(m for m in imported if m.split(".")[0] in ("tui", "textual", "rich"))
        for name, (_path, imported) in APP.items()
        if name.startswith("saves")
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_screens_and_widgets_never_import_the_app_or_the_cli() -> None:
    """Attributes down, messages up: a screen asks the app to go somewhere with a message
    (``tui/messages.py``); it never imports the app, the command line or another screen's
    module to navigate."""
    above = {"tui.app", "tui.cli", "tui.tables_cli", "tui.serve", "tui.export"}
    wrong = {
        name: sorted(imported & above)
        for name, (_path, imported) in APP.items()
        if name.startswith(("tui.screens", "tui.widgets"))
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_screens_never_import_the_screens_the_app_opens_on_request() -> None:
    """The menu, the campaigns, a campaign's history, the records, the live tables and the
    rules are opened by the app when a screen posts the message asking for them."""
    opened = {f"tui.screens.{m}" for m in ("menu", "campaigns", "series", "records", "watch")}
    opened.add("tui.screens.rules")
    wrong = {
        name: sorted(imported & opened)
        for name, (_path, imported) in APP.items()
        if name.startswith("tui.screens")
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_widgets_never_import_screens() -> None:
    wrong = {
        name: sorted(m for m in imported if m.startswith("tui.screens"))
        for name, (_path, imported) in APP.items()
        if name.startswith("tui.widgets")
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_only_the_command_line_imports_inside_functions() -> None:
    """Anywhere else an import inside a function hides which way a module depends."""
    late = {}
    for name, (path, _imported) in APP.items():
        if name in LATE_IMPORTS_ALLOWED or not name.startswith("tui"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found = [node.lineno for node in late_imports(tree) if names_ours(node)]
        if found:
            late[name] = found
    assert late == {}


def test_the_turn_driver_has_no_textual() -> None:
    """``tui/match.py`` is tested without a screen: nothing it imports reaches Textual."""
    seen, todo = set(), ["tui.match"]
    while todo:
        name = todo.pop()
        if name in seen or name not in APP:
            continue
        seen.add(name)
        todo.extend(APP[name][1])
    path_of = {name: APP[name][0] for name in seen}
    textual = sorted(
        name
        for name, path in path_of.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import | ast.ImportFrom)
        and any(
            part.split(".")[0] == "textual"
            for part in (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
            )
        )
    )
    assert textual == []
