"""``engine`` and ``saves`` never import textual or the UI; ``engine`` never imports ``saves``.

Checked twice: by importing every module in a fresh interpreter (catches indirect imports)
and by reading the sources (catches imports hidden in functions that the first check never
runs).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ("textual", "tui")

_PROBE = """
import importlib, json, pkgutil, sys

def load_all(package):
    pkg = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        importlib.import_module(info.name)
        names.append(info.name)
    return names

def loaded(prefixes):
    return sorted(m for m in sys.modules if m.split(".")[0] in prefixes)

engine = load_all("engine")
after_engine = loaded(("textual", "tui", "saves"))
saves = load_all("saves")
print(json.dumps({"engine": engine, "saves": saves, "after_engine": after_engine,
                  "after_all": loaded(("textual", "tui"))}))
"""


def test_importing_engine_and_saves_pulls_in_no_ui():
    result = subprocess.run(
        [sys.executable, "-c", _PROBE],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert "engine.core" in report["engine"] and "saves.store" in report["saves"]
    assert report["after_engine"] == [], "engine imported these"
    assert report["after_all"] == [], "engine or saves imported these"


_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))", re.M)


def _imported_packages(path: Path) -> set[str]:
    found = set()
    for source, targets in _IMPORT.findall(path.read_text(encoding="utf-8")):
        for module in [source] if source else targets.split(","):
            found.add(module.strip().split(".")[0])
    return found


def test_sources_never_mention_ui_imports():
    offenders = []
    for package, banned in (("engine", (*UI, "saves")), ("saves", UI)):
        files = sorted((ROOT / package).rglob("*.py"))
        assert files, f"no sources under {package}/"
        for path in files:
            bad = _imported_packages(path) & set(banned)
            if bad:
                offenders.append(f"{path.relative_to(ROOT)}: {', '.join(sorted(bad))}")
    assert offenders == []


def test_the_static_check_would_notice(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os, textual.app\n    from tui.screens import x\nfrom engine import y\n"
    )
    assert _imported_packages(sample) == {"os", "textual", "tui", "engine"}


def test_the_base_game_screen_knows_no_game():
    """Game screens are found through tui/screens/registry.py; the base screen and the app
    import none of them (and so no game's rules) by name."""
    games = ("gallic", "alamo", "mates", "ataque", "metauro")
    for name in ("tui/screens/game.py", "tui/app.py"):
        text = (ROOT / name).read_text(encoding="utf-8")
        for game in games:
            assert f"tui.screens.{game}" not in text, f"{name} imports the {game} screen"
            assert f"engine.{game}" not in text, f"{name} imports the {game} engine"
