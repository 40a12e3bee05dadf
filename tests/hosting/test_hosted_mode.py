"""`batallas --hosted` without sshd: the player's folder, the refused options, and the app
features that would act on the server (suspend, screenshots, browsers, the deck file path)."""

from __future__ import annotations

import argparse
import os

import pytest
from textual.app import App

from engine import registry
from saves.store import SaveStore
from tui import hosting
from tui.app import BatallasApp
from tui.cli import main
from tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Saves under tmp, and none of the caller's own player or SSH variables. Hosted mode
    cleans os.environ, so the tests get a copy (pytest's own TEXTUAL_* variables survive)."""
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path))
    for name in ("BATALLAS_PLAYER", "SSH_ORIGINAL_COMMAND", "TEXTUAL_ALLOW_SIGNALS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("USER", "carol")
    monkeypatch.setattr(hosting, "has_terminal", lambda: True)
    return tmp_path


def saves_line(capsys) -> str:
    return capsys.readouterr().out.strip()


def test_each_player_has_a_folder_named_by_player_env_or_login(home, capsys, monkeypatch):
    players = home / "saves" / "players"

    def folders() -> list[str]:
        return sorted(folder.name for folder in players.iterdir())

    assert main(["--hosted", "--player", "alice", "saves"]) == 0
    assert saves_line(capsys) == "No saved games yet."  # the folder is not named to a player
    assert folders() == ["alice"]
    assert main(["--hosted", "saves"]) == 0
    assert folders() == ["alice", "carol"]
    monkeypatch.setenv("BATALLAS_PLAYER", "bruno")
    assert main(["--hosted", "saves"]) == 0
    assert folders() == ["alice", "bruno", "carol"]
    assert main(["--hosted", "--player", "dora", "saves"]) == 0  # --player wins
    assert folders() == ["alice", "bruno", "carol", "dora"]


@pytest.mark.parametrize(
    ("raw", "folder"), [("john.doe", "john-doe"), ("Ana María", "Ana-María"), ("x_1", "x_1")]
)
def test_player_names_are_sanitised(raw, folder):
    assert hosting.player_name(raw, {}) == (folder, None)


@pytest.mark.parametrize("raw", ["../bob", "a/b", ".hidden", "...", "\x1b[31mred", "_-_", " "])
def test_unusable_player_names_are_refused(raw, capsys, home):
    assert main(["--hosted", "--player", raw, "saves"]) == 2
    assert "cannot be a saves folder" in capsys.readouterr().err
    assert not (home / "saves" / "players").exists() or not any(
        (home / "saves" / "players").iterdir()
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hosted", "--saves-dir", "/tmp", "saves"], "--saves-dir is not available"),
        (["--hosted", "new", "mates", "--deck", "/etc/passwd"], "--deck is not available"),
        (["--hosted", "mates-deck", "in.pgn", "-o", "out.json"], "mates-deck` is not available"),
        (["--player", "alice", "saves"], "--player only makes sense with --hosted"),
    ],
)
def test_file_options_are_refused_when_hosted(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_the_app_needs_a_terminal_but_printing_commands_do_not(monkeypatch, capsys):
    monkeypatch.setattr(hosting, "has_terminal", lambda: False)
    assert main(["--hosted", "--player", "alice"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
    assert main(["--hosted", "--player", "alice", "rules", "gallic"]) == 0


def test_the_environment_is_cleaned_before_textual_reads_it():
    environ = {
        "USER": "alice",
        "SSH_ORIGINAL_COMMAND": "batallas --saves-dir /",
        "TEXTUAL_ALLOW_SIGNALS": "1",
        "TEXTUAL_LOG": "/tmp/log",
        "TEXTUAL_DRIVER": "evil:Driver",
        "TEXTUAL_COLOR_SYSTEM": "256",
        "TEXTUAL_ANIMATIONS": "none",
        "COLORTERM": "truecolor",
    }
    args = argparse.Namespace(
        hosted=True, player=None, saves_dir=None, command=None, no_animations=False
    )
    folder, problem = hosting.prepare(args, environ)
    assert problem == "" and folder.name == "alice" and folder.is_dir()
    assert environ == {
        "USER": "alice",
        "TEXTUAL_COLOR_SYSTEM": "256",
        "TEXTUAL_ANIMATIONS": "none",
        "COLORTERM": "truecolor",
    }


def test_main_starts_a_hosted_app_without_animations(monkeypatch):
    started = []
    monkeypatch.setattr(BatallasApp, "run", lambda app, **kw: started.append((app, kw)))
    assert main(["--hosted", "--player", "alice", "--no-animations", "--no-mouse"]) == 0
    ((app, options),) = started
    assert app.hosted and app.animation_level == "none" and options == {"mouse": False}
    assert app.store.root.name == "alice"


def hosted_app(tmp_path, hosted=True) -> BatallasApp:
    return BatallasApp(SaveStore(tmp_path / "saves"), bot_delay=0, hosted=hosted)


@pytest.mark.parametrize("hosted", [True, False])
async def test_suspend_screenshots_and_browsers_only_when_not_hosted(tmp_path, monkeypatch, hosted):
    calls = []
    monkeypatch.setattr(App, "action_suspend_process", lambda app: calls.append("suspend"))
    monkeypatch.setattr(App, "open_url", lambda app, url, **kw: calls.append("url"))
    monkeypatch.setattr(App, "deliver_screenshot", lambda app, *a, **kw: calls.append("shot"))
    app = hosted_app(tmp_path, hosted)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+z")  # Textual binds nothing to it; hosted, nothing may
        await pilot.pause()
        app.action_suspend_process()
        app.open_url("https://example.org")
        await app.run_action("app.screenshot('x.svg', '/tmp')")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert ("Screenshot" in titles) is not hosted
        assert app.is_running
    assert calls == ([] if hosted else ["suspend", "url", "shot"])
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize("hosted", [True, False])
async def test_the_deck_file_field_is_hidden_when_hosted(tmp_path, hosted):
    app = hosted_app(tmp_path, hosted)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(SetupScreen(registry.get("mates")))
        await pilot.pause()
        assert bool(app.screen.query("Input#deck-file")) is not hosted
        await pilot.press("ctrl+s")  # the game still starts with the built-in deck
        await pilot.pause()
        assert app.screen.session.game.id == "mates"
