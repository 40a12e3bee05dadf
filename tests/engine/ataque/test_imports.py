"""Bots depend on the rules, never the reverse: no module of engine/ataque but the bots'
own imports ``engine.ataque.ai`` or ``engine.ataque.teg``, not even inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.ataque
from engine.ataque.rules import ATAQUE
from engine.core import BotTable

PACKAGE = Path(engine.ataque.__file__).parent
BOTS = "engine.ataque.ai"
TEG = "engine.ataque.teg"


def imported_modules(tree: ast.AST, package: str) -> set[str]:
    """Every module an ``import`` statement anywhere in ``tree`` names, relative ones
    resolved against ``package`` (``from engine.ataque import ai`` counts as the module)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def test_the_finder_sees_every_form_of_import() -> None:
    source = (
        "def f():\n    from engine.ataque import ai\n"
        "def g():\n    import engine.ataque.ai as bots\n"
        "from .ai import strong\n"
    )
    found = imported_modules(ast.parse(source), "engine.ataque")
    assert BOTS in found and f"{BOTS}.strong" in found


def test_no_module_of_the_game_imports_its_bots() -> None:
    offenders = []
    for path in sorted(PACKAGE.glob("*.py")):
        bots = ("ai", "teg", "expert", "plans", "evaluation", "sampling", "inference", "panel")
        if path.stem in bots or path.stem == "coach":  # the coach is the expert, watched
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if {BOTS, TEG} & imported_modules(tree, "engine.ataque"):
            offenders.append(path.name)
    assert offenders == [], f"these modules import the bots: {offenders}"


def test_the_bot_table_finds_the_bots_by_name() -> None:
    assert isinstance(ATAQUE.bots, BotTable)
    assert (ATAQUE.bots.module, tuple(ATAQUE.bots)) == (BOTS, ("easy", "teg", "strong", "expert"))
    assert all(callable(ATAQUE.bots[level]) for level in ATAQUE.bots)
