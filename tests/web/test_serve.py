"""`batallas serve` without a browser: what each tab runs, and that it runs hosted."""

from __future__ import annotations

import shlex
import sys

from tui import serve
from tui.cli import build_parser, main


def test_the_tab_command_forwards_the_display_and_saves_options(tmp_path):
    saves = tmp_path / "my saves"
    args = build_parser().parse_args(
        ["--letters", "serve", "--port", "9", "--saves-dir", str(saves), "--theme", "nord"]
    )
    argv = shlex.split(serve.app_command(args))
    assert argv[:3] == [sys.executable, "-m", "tui.serve"]
    assert argv[3:] == ["--saves-dir", str(saves.resolve()), "--theme", "nord", "--letters"]


def test_options_before_serve_still_count_and_defaults_add_nothing():
    args = build_parser().parse_args(["--no-mouse", "serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    assert shlex.split(serve.app_command(args))[3:] == ["--no-mouse"]


def test_each_tab_runs_the_menu_hosted(tmp_path, monkeypatch):
    from tui.app import BatallasApp

    seen = {}

    def fake_run(app, mouse=True):
        seen.update(hosted=app.hosted, root=app.store.root, mouse=mouse)

    monkeypatch.setattr(BatallasApp, "run", fake_run)
    assert serve.app_main(["--saves-dir", str(tmp_path), "--no-mouse"]) == 0
    assert seen == {"hosted": True, "root": tmp_path, "mouse": False}


def test_an_unknown_theme_is_refused_before_serving(capsys):
    assert main(["serve", "--theme", "no-such-theme"]) == 2
    assert "Unknown theme" in capsys.readouterr().err
