"""Where saves go, and file names that cannot escape the folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from saves.paths import (
    MAX_NAME,
    MAX_TITLE,
    fit_title,
    sanitize_name,
    saves_dir,
    title_problem,
    title_width,
)


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("../etc/passwd", "etc-passwd"),
        ("..", "save"),
        (".hidden", "hidden"),
        ("...dots...", "dots"),
        ("a/b\\c:d", "a-b-c-d"),
        ("", "save"),
        ("   ", "save"),
        ("\x00\x1b[31mred\x07", "31mred"),
        ("line\nbreak\ttab", "line-break-tab"),
        ("Città di Cesare", "Città-di-Cesare"),
        ("Cafe\u0301 Ñandú", "Café-Ñandú"),  # decomposed accents are composed first
        ("Roma vs. Galli!", "Roma-vs-Galli"),
        ("  --spaced  out__ ", "spaced-out"),
        ("snake_case-kebab", "snake_case-kebab"),
        ("Ελλάδα 2", "Ελλάδα-2"),
        ("con", "con_"),
        ("LPT1", "LPT1_"),
        ("?*<>|\"'", "save"),
    ],
)
def test_sanitize_name(title, name):
    assert sanitize_name(title) == name


def test_sanitize_name_is_bounded_and_idempotent():
    name = sanitize_name("Una battaglia " * 20)
    assert len(name) <= MAX_NAME
    assert not name.endswith("-")
    assert sanitize_name(name) == name


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    monkeypatch.delenv("BATALLAS_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path", lambda app: tmp_path / "platform" / app)
    return tmp_path


def test_default_is_the_platform_data_folder(clean_env):
    path = saves_dir()
    assert path == clean_env / "platform" / "batallas" / "saves"
    assert path.is_dir()


def test_batallas_home_beats_the_platform_folder(clean_env, monkeypatch):
    monkeypatch.setenv("BATALLAS_HOME", str(clean_env / "home"))
    assert saves_dir() == clean_env / "home" / "saves"
    assert (clean_env / "home" / "saves").is_dir()


def test_empty_batallas_home_is_ignored(clean_env, monkeypatch):
    monkeypatch.setenv("BATALLAS_HOME", "")
    assert saves_dir() == clean_env / "platform" / "batallas" / "saves"


def test_override_beats_batallas_home(clean_env, monkeypatch):
    monkeypatch.setenv("BATALLAS_HOME", str(clean_env / "home"))
    assert saves_dir(clean_env / "cli") == clean_env / "cli"
    assert saves_dir(str(clean_env / "cli2")) == clean_env / "cli2"
    assert (clean_env / "cli2").is_dir()
    assert not (clean_env / "home").exists()


def test_override_expands_the_home_folder(clean_env, monkeypatch):
    monkeypatch.setenv("HOME", str(clean_env / "user"))
    assert saves_dir("~/my-saves") == Path(clean_env / "user" / "my-saves")


# --- titles --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "title",
    ["a" * 100_000, "Guerra " * 20, "戦" * 31, "x\x1b" * 40, "a" * MAX_TITLE + "\u202e"],
    ids=["100000", "words", "wide", "escapes", "bidi-past-the-end"],
)
def test_a_title_is_cut_to_the_columns_every_screen_has(title):
    cut = fit_title(title)
    assert title_width(cut) <= MAX_TITLE and cut.endswith("…")
    assert title.startswith(cut[:-1]) and fit_title(cut) == cut


def test_a_title_that_fits_is_kept_as_it_is():
    for title in ("a" * MAX_TITLE, "戦" * (MAX_TITLE // 2), ""):
        assert fit_title(title) == title and title_problem(title, "A title") is None


def test_a_typed_title_past_the_limit_is_refused_in_one_sentence():
    assert "at most 60 characters" in title_problem("a" * (MAX_TITLE + 1), "A title")
    assert "at most" in title_problem("戦" * (MAX_TITLE // 2 + 1), "A title")
    assert "control" in title_problem("a\x1b", "A title")
