"""Bots depend on the rules, never the reverse: only the bot table names engine.alamo.ai."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import engine.alamo
from engine.alamo import ai
from engine.alamo.rules import ALAMO
from engine.core import BotTable

AI = "engine.alamo.ai"
PACKAGE = Path(engine.alamo.__file__).parent


def imports_of_ai(tree: ast.AST) -> list[int]:
    """Line numbers of every import of the bots module, at any depth (functions included):
    ``import engine.alamo.ai``, ``from engine.alamo import ai``, ``from . import ai``,
    ``from .ai import x``, ``from engine.alamo.ai import x``, ``import_module("...ai")``."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(a.name == AI or a.name.startswith(AI + ".") for a in node.names):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                hits = module == "ai" or module.startswith("ai.")
                hits |= not module and any(a.name == "ai" for a in node.names)
            else:
                hits = module == AI or module.startswith(AI + ".")
                hits |= module == "engine.alamo" and any(a.name == "ai" for a in node.names)
            if hits:
                lines.append(node.lineno)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and any(
                isinstance(arg, ast.Constant) and arg.value == AI for arg in node.args
            ):
                lines.append(node.lineno)
    return lines


def test_only_the_bots_import_the_bots() -> None:
    """The searching ``expert`` and its helpers play ``strong`` in their playouts, and the
    coach (the expert, watched) builds its plans the bots' way; nothing else of the game
    imports the bots."""
    bots = {"ai.py", "expert.py", "evaluation.py", "sampling.py", "solo.py", "panel.py"}
    bots |= {"coach.py"}
    modules = sorted(p for p in PACKAGE.glob("*.py") if p.name not in bots)
    assert {"rules.py", "siege.py", "solitaire.py", "tally.py"} <= {p.name for p in modules}
    found = {
        p.name: lines
        for p in modules
        if (lines := imports_of_ai(ast.parse(p.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_check_catches_every_form_of_import() -> None:
    sources = [
        "import engine.alamo.ai",
        "from engine.alamo import ai",
        "from engine.alamo.ai import easy",
        "from . import ai",
        "from .ai import strong",
        "def f():\n    from engine.alamo import ai\n    return ai",
        "import importlib\nimportlib.import_module('engine.alamo.ai')",
    ]
    for source in sources:
        assert imports_of_ai(ast.parse(source)), source
    assert imports_of_ai(ast.parse("from engine.alamo import tally, rules")) == []
    assert imports_of_ai(ast.parse("BotTable('engine.alamo.ai', ('easy',))")) == []


def test_the_bot_table_finds_the_bots_by_name() -> None:
    assert isinstance(ALAMO.bots, BotTable)
    assert (ALAMO.bots.module, ALAMO.bots.levels) == (AI, ("easy", "strong", "expert"))
    assert ALAMO.bots["easy"] is ai.easy and ALAMO.bots["strong"] is ai.strong


def test_loading_the_rules_does_not_load_the_bots() -> None:
    code = (
        "import sys; from engine.alamo.rules import ALAMO; list(ALAMO.bots); "
        f"print({AI!r} in sys.modules); ALAMO.bots['easy']; print({AI!r} in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["False", "True"]
