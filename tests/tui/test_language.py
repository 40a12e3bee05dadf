"""Choosing the language (``--lang``, the palette's remembered choice, the environment),
putting it in place (catalog, argparse, numbers, dates), and switching it in the app."""

from __future__ import annotations

import datetime as dt
import gettext
import json
import os
import time

import pytest
from textual.widgets import Input, Label

from engine import i18n
from engine.gallic.rules import GALLIC
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import footer, screen_text
from tui import language, serve
from tui.cli import main
from tui.screens.menu import TAGLINE, MenuScreen
from tui.screens.registry import screen_for
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
MARK = "¡"


class Marked(gettext.NullTranslations):
    """A stand-in catalog: every message comes back marked, so that a test can tell a
    translated text from an English one whatever the real catalogs hold so far."""

    def gettext(self, message):
        return MARK + message

    def ngettext(self, one, many, n):
        return MARK + (one if n == 1 else many)

    def pgettext(self, context, message):
        return MARK + message


@pytest.fixture(autouse=True)
def clean_language(monkeypatch, tmp_path):
    """No locale from the machine running the tests, a config folder of the test's own, and
    English again afterwards (the language is process-wide). Hosted mode cleans os.environ,
    so the tests get a copy."""
    monkeypatch.setattr(os, "environ", dict(os.environ))
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path / "home"))
    yield
    i18n.install(gettext.NullTranslations(), "en")


@pytest.fixture
def marked_spanish(monkeypatch):
    """Spanish is the marked stand-in catalog; every other language has none (English)."""

    def catalog(code):
        return Marked() if code == "es" else gettext.NullTranslations()

    monkeypatch.setattr(language, "catalog", catalog)


# --- choosing ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("es_ES.UTF-8", "es"),
        ("es_AR", "es"),
        ("it_IT.utf8@euro", "it"),
        ("it", "it"),
        ("en_GB.UTF-8", "en"),
        ("C", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("fr_FR.UTF-8", None),
        ("", None),
    ],
)
def test_locale_names_mean_a_language_or_none(value, code):
    assert language.code_of(value) == code


def test_the_environment_language_list_comes_first_then_posix_order():
    env = language.from_environment
    assert env({"LANGUAGE": "fr:it:es", "LANG": "es_ES.UTF-8"}) == "it"
    assert env({"LANGUAGE": "fr", "LC_ALL": "es_ES.UTF-8", "LANG": "it_IT.UTF-8"}) == "es"
    assert env({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "es_ES.UTF-8"}) == "it"
    assert env({"LANG": "es_ES.UTF-8"}) == "es"
    # The first set of LC_ALL, LC_MESSAGES, LANG decides alone: C means English.
    assert env({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) is None
    assert env({"LANG": "de_DE.UTF-8"}) is None
    assert env({}) is None


def test_lang_is_found_before_argparse_runs():
    assert language.from_argv(["--lang", "es", "--help"]) == "es"
    assert language.from_argv(["new", "gallic", "--lang=it"]) == "it"
    assert language.from_argv(["--lang", "fr"]) is None  # argparse says what is wrong
    assert language.from_argv(["--", "--lang", "es"]) is None
    assert language.from_argv(["--lang"]) is None


def test_lang_wins_then_the_remembered_choice_then_the_environment_then_english():
    env = {"LANG": "it_IT.UTF-8"}
    assert language.choose("en", "es", env) == "en"
    assert language.choose(None, "es", env) == "es"
    assert language.choose(None, None, env) == "it"
    assert language.choose(None, None, {"LANG": "C.UTF-8"}) == "en"


def test_main_follows_the_same_order(marked_spanish, monkeypatch, capsys, tmp_path):
    saves = ["--saves-dir", str(tmp_path / "saves"), "saves"]
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(saves) == 0
    assert capsys.readouterr().out.startswith(MARK + "No saved games")
    assert language.remember("it") is None  # the palette's choice beats the environment
    assert main(saves) == 0
    assert i18n.language() == "it"
    assert main(["--lang", "es", *saves]) == 0  # and --lang beats both
    assert i18n.language() == "es"
    assert capsys.readouterr().out.count(MARK + "No saved games") == 1


# --- the remembered choice --------------------------------------------------------------------
def test_the_choice_is_remembered_atomically_and_keeps_other_settings(tmp_path):
    path = language.config_path()
    assert path == tmp_path / "home" / "config.json"
    assert language.remembered() is None
    path.parent.mkdir(parents=True)
    path.write_text('{"other": 1}')
    assert language.remember("es") is None
    assert json.loads(path.read_text()) == {"other": 1, "language": "es"}
    assert language.remembered() == "es"
    assert [p.name for p in path.parent.iterdir()] == ["config.json"]  # no temp file left


@pytest.mark.parametrize(
    "content", ["not json", "[1, 2]", '{"language": "klingon"}', '{"language": 3}', "[" * 5000]
)
def test_a_config_that_makes_no_sense_is_ignored(content):
    path = language.config_path()
    path.parent.mkdir(parents=True)
    path.write_text(content)
    assert language.remembered() is None


def test_a_config_that_is_not_a_regular_file_is_never_opened():
    path = language.config_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # opening it for reading would wait for a writer forever
    assert language.remembered() is None


def test_a_choice_that_cannot_be_written_is_one_sentence(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("BATALLAS_HOME", str(blocker))
    problem = language.remember("es")
    assert problem.startswith("The language could not be remembered") and "\n" not in problem


def test_each_hosted_player_has_a_choice_of_their_own():
    assert language.config_path("ana").name == "ana.json"
    assert language.remember("it") is None  # the server user's own choice
    assert language.remember("es", "ana") is None
    assert language.remembered("ana") == "es"
    assert language.remembered("bruno") is None


def test_hosted_players_get_their_own_choice_never_the_servers(marked_spanish, capsys):
    language.remember("it")
    language.remember("es", "ana")
    assert main(["--hosted", "--player", "ana", "saves"]) == 0
    assert capsys.readouterr().out.startswith(MARK + "No saved games")
    assert main(["--hosted", "--player", "bruno", "saves"]) == 0
    assert i18n.language() == "en"  # no choice of bruno's: his LANG (none), not the server's


# --- putting it in place ----------------------------------------------------------------------
def test_numbers_and_dates_as_each_language_writes_them():
    moment = dt.datetime(2025, 12, 31, 18, 5)
    language.install("en")
    assert i18n.number(1500) == "1,500"
    assert language.when(moment) == "2025-12-31 18:05"
    language.install("es")
    assert i18n.number(1500) == "1.500"
    assert language.when(moment) == "31/12/2025 18:05"
    language.install("it")
    assert language.when(moment) == "31/12/2025 18:05"
    assert language.when("not a time") == "not a time"


def test_time_stamps_are_shown_in_local_time():
    before = os.getenv("TZ")  # the process's own environment: tzset reads that one
    os.putenv("TZ", "America/Argentina/Buenos_Aires")  # UTC-3, no summer time
    time.tzset()
    try:
        language.install("en")
        assert language.when("2025-12-31T18:05:00.000Z") == "2025-12-31 15:05"
    finally:
        if before is None:
            os.unsetenv("TZ")
        else:
            os.putenv("TZ", before)
        time.tzset()


def test_help_and_argparse_errors_speak_the_chosen_language(marked_spanish, capsys):
    """argparse's own words (usage:, the group titles, its error prefix) come from our
    catalog, as does every help text."""
    with pytest.raises(SystemExit) as done:
        main(["--lang", "es", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for text in (
        "usage: batallas",
        "positional arguments:",
        "options:",
        "show this help message and exit",
        "Five historical war games",
        "start a new game",
    ):
        assert MARK + text in out, text
    with pytest.raises(SystemExit):
        main(["--lang", "es", "new", "chess"])
    err = capsys.readouterr().err
    assert f"{MARK}batallas new: error: {MARK}argument game: {MARK}invalid choice" in err


def test_batallas_lang_es_help_is_spanish(capsys):
    """The real Spanish catalog: every word of --help's first lines is translated."""
    with pytest.raises(SystemExit):
        main(["--lang", "es", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    spanish = language.catalog("es")
    words = (
        "usage: ",
        "positional arguments",
        "options",
        "show this help message and exit",
        "Five historical war games from old print-and-play rule sheets.",
        "start a new game",
    )
    untranslated = [w for w in words if spanish.gettext(w) == w]
    assert not untranslated, f"not translated into Spanish yet: {untranslated}"
    for word in words:
        assert " ".join(spanish.gettext(word).split()) in out


def test_a_browser_tab_speaks_the_browsers_language():
    assert serve.browser_language("es-ES,es;q=0.9,en;q=0.8") == "es"
    assert serve.browser_language("fr-FR,fr;q=0.9,it;q=0.5,es;q=0.4") == "it"
    assert serve.browser_language("en;q=0.1, es;q=0.8") == "es"
    assert serve.browser_language("it;q=0, fr") is None
    assert serve.browser_language("") is None


def test_a_browser_tabs_app_gets_the_browsers_language():
    session_class = serve._session_class()
    session = session_class.__new__(session_class)  # its environment needs no connection
    session.debug = False
    assert "LANGUAGE" not in session._build_environment()
    session.language = "it"
    assert session._build_environment()["LANGUAGE"] == "it"


def test_a_browser_tab_is_told_lang_by_the_server():
    args = type("Args", (), {"lang": "it", "saves_dir": None, "theme": None})()
    assert serve.app_command(args).endswith("--lang it")


# --- switching in the app ------------------------------------------------------------------------
async def pick_language(pilot, app, name: str) -> None:
    """ctrl+p, "Language", then the language by its name, as a player would."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"Language")
    await wait_for(pilot, lambda: "Choose the language" in screen_text(app))
    await pilot.press("enter")
    await wait_for(pilot, lambda: "Choose a language" in screen_text(app))
    await pilot.press(*name[:4])
    await pilot.pause(0.3)
    await pilot.press("enter")
    await wait_for(pilot, lambda: i18n.language() != "en")
    await pilot.pause()


async def wait_for(pilot, condition, tries: int = 50) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


async def test_the_palette_switches_the_menu_at_once_and_remembers(make_app, marked_spanish):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert MARK not in screen_text(app)
        await pick_language(pilot, app, "Español")
        assert i18n.language() == "es"
        assert isinstance(app.screen, MenuScreen)
        shown = screen_text(app)
        assert MARK + TAGLINE in shown
        assert MARK + "Campaigns  " + MARK + "series of battles" in shown
        assert MARK + "Campaigns" in footer(app)  # the key descriptions too
        assert MARK + "Rules" in footer(app)
    assert language.remembered() == "es"


async def test_a_switch_keeps_what_was_typed_in_a_setup(make_app, marked_spanish):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SetupScreen(GALLIC))
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = "Ana"
        app.screen.query_one("#seed", Input).focus()
        await pilot.pause()
        await app.set_language("es")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#name-0", Input).value == "Ana"
        assert app.focused is setup.query_one("#seed", Input)
        labels = [str(label.render()) for label in setup.query(Label)]
        assert MARK + "Seed" in labels
        assert MARK + "Start" in footer(app)
        await pilot.press("escape")  # the menu beneath was switched as well
        await pilot.pause()
        assert MARK + "Campaigns" in screen_text(app)


async def test_a_choice_that_cannot_be_kept_still_switches_and_says_why(
    make_app, marked_spanish, tmp_path, monkeypatch
):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("BATALLAS_HOME", str(blocker))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.set_language("es")
        await settle(pilot, app)
        assert i18n.language() == "es"
        notes = [n.message for n in app._notifications]
        assert any("could not be remembered" in n for n in notes), notes


async def test_a_browser_tab_remembers_nothing(make_app, marked_spanish):
    app = make_app(hosted=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.set_language("es")
        await pilot.pause()
    assert language.remembered() is None
    assert not language.config_path().exists()


async def test_the_rules_follow_the_switch_and_h_finds_their_house_rules(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(RulesScreen(GALLIC))
        await pilot.pause()
        assert "## House rules" in app.screen.markdown
        await app.set_language("es")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert "## Reglas de la casa" in rules.markdown  # engine/gallic/RULES.es.md
        assert rules.check_action("house_rules", ()) is True
        await pilot.press("h")
        await pilot.pause(0.3)
        assert not app._notifications  # no "These rules have no house rules section."
        assert "Reglas de la casa" in screen_text(app)


async def test_a_game_screen_keeps_its_board_and_its_keys_follow_at_once(
    make_app, store, marked_spanish
):
    seats = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Bot", level="easy"))
    app = make_app(lambda app: screen_for(Session.new(GALLIC, store, seats, {}, seed=7)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        board = app.screen.query_one("#status").region
        await app.set_language("es")
        await settle(pilot, app)
        assert MARK + "Rules" in footer(app)
        assert app.screen.query_one("#status").region == board
        assert "Ana" in screen_text(app)  # nothing was emptied
