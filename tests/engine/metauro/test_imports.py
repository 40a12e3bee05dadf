"""Bots depend on the rules, never the reverse: no module of engine/metauro but the bots' own
imports ``engine.metauro.ai``, not even inside a function; and no module reaches for another's
private names (the shared helpers have public homes: board, movement, clash, turn)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import engine.metauro
from engine.core import BotTable
from engine.metauro.rules import METAURO

PACKAGE = Path(engine.metauro.__file__).parent
NAME = "engine.metauro"
BOTS = f"{NAME}.ai"


def _resolve(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def imported_modules(tree: ast.AST, package: str) -> set[str]:
    """Every module an ``import`` statement anywhere in ``tree`` names, relative ones resolved
    against ``package`` (``from engine.metauro import ai`` counts as the module)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(node, package)
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names(tree: ast.AST, package: str) -> set[str]:
    """Every private name reached for from outside its module: ``module.name`` for an
    underscored name imported from a module of ``package``, and ``x._name`` for an underscored
    attribute of anything but ``self`` or ``cls`` (e.g. ``rules._terrain_map(board)``)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _resolve(node, package)
            if module == package or module.startswith(f"{package}."):
                out.update(f"{module}.{a.name}" for a in node.names if _private(a.name))
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value.id if isinstance(node.value, ast.Name) else "?"
            if owner not in ("self", "cls"):
                out.add(f"{owner}.{node.attr}")
    return out


def modules() -> list[Path]:
    return sorted(PACKAGE.glob("*.py"))


def test_the_finders_see_every_form_of_import() -> None:
    source = (
        "def f():\n    from engine.metauro import ai\n"
        "def g():\n    import engine.metauro.ai as bots\n"
        "from .ai import strong\n"
        "from .board import _hidden, fits\n"
        "def h(board):\n    return rules._terrain_map(board), self._cache\n"
    )
    tree = ast.parse(source)
    found = imported_modules(tree, NAME)
    assert BOTS in found and f"{BOTS}.strong" in found
    assert private_names(tree, NAME) == {f"{NAME}.board._hidden", "rules._terrain_map"}


def test_no_module_of_the_game_imports_its_bots() -> None:
    offenders = []
    for path in modules():
        if path.stem in ("ai", "expert", "panel", "coach"):  # the bots, the panel, the coach
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if BOTS in imported_modules(tree, NAME):
            offenders.append(path.name)
    assert offenders == [], f"these modules import the bots: {offenders}"


def test_no_module_reaches_for_private_names_of_another() -> None:
    found = {}
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names = private_names(tree, NAME)
        if names:
            found[path.name] = sorted(names)
    assert found == {}


def test_playing_by_the_rules_never_loads_the_bots() -> None:
    script = (
        "import sys\n"
        "from engine.metauro.rules import METAURO\n"
        "state = METAURO.new({}, 1, 2)\n"
        "METAURO.legal_actions(state, 1)\n"
        f"assert {BOTS!r} not in sys.modules, 'the rules loaded the bots'\n"
        "assert tuple(METAURO.bots) == ('easy', 'strong', 'expert')\n"
        f"assert {BOTS!r} not in sys.modules, 'listing the levels loaded the bots'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=PACKAGE.parents[1],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_the_bot_table_finds_the_bots_by_name() -> None:
    assert isinstance(METAURO.bots, BotTable)
    assert (METAURO.bots.module, tuple(METAURO.bots)) == (BOTS, ("easy", "strong", "expert"))
    assert all(callable(METAURO.bots[level]) for level in METAURO.bots)
