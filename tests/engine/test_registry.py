"""The menu's listing of the games must say what the games themselves say."""

from __future__ import annotations

import subprocess
import sys

from engine import registry


def test_every_entry_matches_its_game():
    for entry in registry.ENTRIES:
        game = registry.get(entry.id)
        assert (game.id, game.name, game.description) == (entry.id, entry.name, entry.description)
        assert (game.min_players, game.max_players) == (entry.min_players, entry.max_players)


def test_the_menu_listing_imports_no_game():
    code = (
        "import sys; from engine import registry; [e.name for e in registry.ENTRIES]; "
        "print(sorted(m for m in sys.modules if m.endswith('.rules')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
