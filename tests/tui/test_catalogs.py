"""The translations are whole: every wrapped string of engine, saves and tui is in the
Spanish and Italian catalogs, translated, with the same placeholders; the compiled ``.mo``
files say what their ``.po`` say; and no English is left unwrapped on the screens.

Until the catalogs are filled and every string wrapped, these tests fail and list what is
left (the first 30 of each kind, and how many in all).
"""

from __future__ import annotations

import functools
import gettext
import importlib
import importlib.resources
import io
import json
import re
import string
import tomllib
from pathlib import Path

import attrs
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from textual.widgets import MarkdownViewer

from engine import i18n, registry
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tui.language import DEFAULT, LOCALE_DIR
from tui.language import LANGUAGES as SPOKEN
from tui.screens.registry import screen_for
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "saves", "tui")
LANGUAGES = tuple(code for code in SPOKEN if code != DEFAULT)  # English is the msgids
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "plural": (2, 3),
}
SHOWN = 30  # problems listed in a failure; the count says how many there are in all


@functools.cache
def extracted() -> dict[tuple[str | None, str], tuple[str | tuple[str, str], str]]:
    """Every msgid in the code, as Babel extracts it (``make i18n`` does the same):
    (context, msgid) → (the message, singular and plural for a plural, and where)."""
    found = {}
    for package in PACKAGES:
        for filename, lineno, message, _comments, context in extract_from_dir(
            ROOT / package, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            msgid = message[0] if isinstance(message, tuple) else message
            if msgid:
                found.setdefault((context, msgid), (message, f"{package}/{filename}:{lineno}"))
    return found


@functools.cache
def catalog(lang: str):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "batallas.po").open("rb") as f:
        return read_po(f, locale=lang)


def report(what: str, problems: list[str]) -> str:
    listed = "\n  ".join(problems[:SHOWN])
    more = f"\n  … and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
    return f"{len(problems)} {what}:\n  {listed}{more}"


def placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The ``{name}`` fields and the %-style ones (``%(prog)s``, ``%s``) of ``text``."""
    try:
        braces = frozenset(
            field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field
        )
    except ValueError:  # not a format string (a lone brace): its braces are text
        braces = frozenset()
    percents = tuple(sorted(re.findall(r"%(?:\(\w+\))?[sdrf]", text)))
    return braces, percents


def test_the_extraction_finds_the_strings():
    """The checks below mean something only if extraction sees the wrapped strings."""
    ids = {msgid for _ctx, msgid in extracted()}
    assert {
        "Quit anyway?",
        "usage: ",
        "historical war games from old print-and-play rule sheets",
    } <= ids
    assert ("bot level", "easy") in extracted()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_msgid_is_in_the_catalog(lang):
    """A msgid missing from a .po: run `make i18n`."""
    po = catalog(lang)
    missing = []
    for (context, msgid), (message, where) in extracted().items():
        entry = po.get(msgid, context=context)
        if entry is None:
            missing.append(f"{msgid!r} ({where})")
        elif isinstance(message, tuple) != entry.pluralizable:
            missing.append(f"{msgid!r} ({where}): plural in one place, not in the other")
    if missing:
        pytest.fail(report(f"msgids missing from {lang}.po (run `make i18n`)", missing), False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated(lang):
    po = catalog(lang)
    untranslated, fuzzy = [], []
    for (context, msgid), (_message, where) in extracted().items():
        entry = po.get(msgid, context=context)
        if entry is None:
            continue  # test_every_msgid_is_in_the_catalog says so
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy:
            fuzzy.append(f"{msgid!r} ({where})")
        elif not all(strings):
            untranslated.append(f"{msgid!r} ({where})")
    problems = []
    if untranslated:
        problems.append(report(f"untranslated in {lang}.po", untranslated))
    if fuzzy:
        problems.append(report(f"fuzzy in {lang}.po (check, then drop the fuzzy flag)", fuzzy))
    if problems:
        pytest.fail("\n".join(problems), False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders_and_every_plural_form(lang):
    """A placeholder the code does not fill is a KeyError on screen; one left out loses what
    it said. A plural needs every form the language's rule asks for."""
    po = catalog(lang)
    wrong = []
    for entry in po:
        if not entry.id or not entry.string:
            continue
        if entry.pluralizable:
            one, many = entry.id
            forms = entry.string
            if not any(forms):
                continue
            if len(forms) != po.num_plurals:
                wrong.append(f"{one!r}: {len(forms)} forms, {lang} has {po.num_plurals}")
                continue
            allowed = placeholders(one)[0] | placeholders(many)[0]
            for form in forms:
                if form and not placeholders(form)[0] <= allowed:
                    wrong.append(f"{one!r}: {form!r} has placeholders the code does not fill")
            if forms[-1] and placeholders(forms[-1]) != placeholders(many):
                wrong.append(f"{many!r}: {forms[-1]!r}")
        elif placeholders(entry.string) != placeholders(entry.id):
            wrong.append(f"{entry.id!r}: {entry.string!r}")
    if wrong:
        pytest.fail(report(f"translations in {lang}.po whose placeholders differ", wrong), False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_matches_its_po(lang):
    """The .mo the app reads says what the .po says (`make i18n` compiles it)."""
    mo_path = LOCALE_DIR / lang / "LC_MESSAGES" / "batallas.mo"
    with mo_path.open("rb") as f:
        shipped = gettext.GNUTranslations(f)._catalog
    fresh = io.BytesIO()
    write_mo(fresh, catalog(lang))
    fresh.seek(0)
    expected = gettext.GNUTranslations(fresh)._catalog
    # The header (key "") names the Babel version that compiled it: not compared.
    shipped.pop("", None)
    expected.pop("", None)
    stale = sorted(str(k) for k in set(shipped) ^ set(expected))
    stale += sorted(str(k) for k in set(shipped) & set(expected) if shipped[k] != expected[k])
    if stale:
        pytest.fail(report(f"entries where {lang}.mo is stale (run `make i18n`)", stale), False)


# --- English left unwrapped on screen ------------------------------------------------------------
OPEN, CLOSE = "⟦", "⟧"


class Pseudo(gettext.NullTranslations):
    """A complete catalog whose every translation is the English in marks: text on screen
    outside them was never looked up, or was looked up under a msgid extraction does not
    see (an unmarked table entry or key description), which no real catalog can hold."""

    def __init__(self) -> None:
        super().__init__()
        self.known = set(extracted())

    def marked(self, context: str | None, msgid: str, text: str) -> str:
        return f"{OPEN}{text}{CLOSE}" if (context, msgid) in self.known else text

    def gettext(self, message):
        return self.marked(None, message, message)

    def ngettext(self, one, many, n):
        return self.marked(None, one, one if n == 1 else many)

    def pgettext(self, context, message):
        return self.marked(context, message, message)


# Words that are no English to translate: the brand, the test's players, key names.
NOT_ENGLISH = {"Batallas", "Ana", "Bruno", "Carla", "Dario", "Elena", "Fede", "TEG", "Elo"}
KEY_NAMES = {"esc", "tab", "enter", "space", "ctrl", "shift", "alt", "del", "ins", "pgup", "pgdn"}
PLAYERS = ("Ana", "Bruno", "Carla", "Dario", "Elena", "Fede")


def strings_in(value, out: set[str], depth: int = 0) -> None:
    """Every string inside a data table (tuples, dicts, sets, attrs records), recursively."""
    if depth > 12:
        return
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            strings_in(key, out, depth + 1)
            strings_in(item, out, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            strings_in(item, out, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            strings_in(getattr(value, field.name), out, depth + 1)


@functools.cache
def name_words() -> frozenset[str]:
    """The words of every card, territory, unit, leader and place name: the strings of the
    games' data tables (``data.py`` and the JSON beside it) that are not msgids, since
    names keep their printed form in every language."""
    strings: set[str] = set()
    for entry in registry.ENTRIES:
        strings.add(entry.name)
        package = entry.module.rsplit(".", 1)[0]
        data = importlib.import_module(f"{package}.data")
        for name, value in vars(data).items():
            if not name.startswith("__"):
                strings_in(value, strings)
        for resource in importlib.resources.files(package).iterdir():
            if resource.name.endswith(".json"):
                strings_in(json.loads(resource.read_text(encoding="utf-8")), strings)
    msgids = {msgid for _ctx, msgid in extracted()}
    words = set()
    for text in strings - msgids:
        words.update(re.findall(r"[A-Za-z]+", text))
    return frozenset(words)


@functools.cache
def name_starts() -> frozenset[str]:
    """The beginnings of the names' words: a name cut short to fit ("Vladivos.") is still
    that name."""
    return frozenset(w[:end] for w in name_words() for end in range(min(3, len(w)), len(w)))


def unmarked(text: str) -> str:
    """``text`` without everything between marks (nested marks included)."""
    depth, kept = 0, []
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0:
            kept.append(ch)
    return "".join(kept)


def english_words(text: str) -> list[str]:
    """Words of plain ASCII letters (two or more) that are neither names, nor names cut
    short (followed by "." or "…"), nor keys."""
    names, starts = name_words(), name_starts()
    return [
        word
        for word, cut in re.findall(r"(\w+)([.…]?)", text)
        if len(word) > 1
        and word.isascii()
        and word.isalpha()
        and word not in names
        and not (cut and word in starts)
        and word not in NOT_ENGLISH
        and word.lower() not in KEY_NAMES
    ]


def stray_lines(app, skip: tuple[type, ...] = ()) -> list[str]:
    """Each widget's text on screen, read widget by widget (a wrapped message stays in one
    piece), and the lines of it that hold English outside the marks."""
    screen = app.screen
    strips = screen._compositor.render_strips()
    found = []
    for widget, (region, clip) in screen._compositor.visible_widgets.items():
        if widget.children or any(isinstance(a, skip) for a in widget.ancestors_with_self):
            continue
        shown = region.intersection(clip)
        rows = [strips[y].crop(shown.x, shown.right).text for y in range(shown.y, shown.bottom)]
        text = unmarked("\n".join(rows))
        for line in text.splitlines():
            words = english_words(line)
            if words:
                name = type(widget).__name__ + (f"#{widget.id}" if widget.id else "")
                found.append(f"{name}: {line.strip()!r} — {', '.join(dict.fromkeys(words))}")
    return found


@pytest.fixture
def pseudo():
    i18n.install(Pseudo(), "en")
    yield
    i18n.install(gettext.NullTranslations(), "en")


def seats_for(game) -> tuple[SeatInfo, ...]:
    """One person (the view on screen is theirs) and bots for the other seats."""
    players = max(2, game.min_players)
    bots = tuple(SeatInfo(kind="bot", name=name, level="easy") for name in PLAYERS[1:players])
    return (SeatInfo(kind="human", name=PLAYERS[0]), *bots)


def check(app, what: str, skip: tuple[type, ...] = ()) -> None:
    stray = stray_lines(app, skip)
    if stray:
        pytest.fail(report(f"lines of the {what} with English outside the marks", stray), False)


GAME_IDS = [entry.id for entry in registry.ENTRIES]


async def test_the_menu_shows_no_unwrapped_english(make_app, pseudo):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        check(app, "menu")


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_setup_shows_no_unwrapped_english(make_app, pseudo, game_id):
    game = registry.get(game_id)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SetupScreen(game, players=game.max_players))
        await pilot.pause()
        check(app, f"{game.name} setup")


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_rules_screen_shows_no_unwrapped_english(make_app, pseudo, game_id):
    """The rules text itself is a file per language (RULES.es.md): only the screen around it
    is checked here."""
    game = registry.get(game_id)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(RulesScreen(game))
        await pilot.pause()
        check(app, f"{game.name} rules screen", skip=(MarkdownViewer,))


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_game_screen_shows_no_unwrapped_english(make_app, store, pseudo, game_id):
    game = registry.get(game_id)
    app = make_app(lambda app: screen_for(Session.new(game, store, seats_for(game), {}, seed=7)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        check(app, f"{game.name} screen")


def test_pseudo_marks_are_read_as_translated():
    """The check itself: marked text passes, nested marks too, English outside fails."""
    assert english_words(unmarked("⟦Quit anyway?⟧ ⟦⟦Ana⟧ attacks ⟦Rome⟧⟧")) == []
    assert english_words(unmarked("⟦Quit⟧ anyway")) == ["anyway"]
    assert english_words(unmarked("esc ⟦Back⟧ Qxf7 80×24 Álamo Vladivos.")) == []
    assert english_words("Vladivos") == ["Vladivos"]


# --- the glossary: every term written one way, every side's sentence agreeing ------------------
@functools.cache
def glossary(lang: str) -> dict:
    return tomllib.loads((LOCALE_DIR / lang / "glossary.toml").read_text(encoding="utf-8"))


def key(entry: str) -> tuple[str | None, str]:
    """A glossary key as (context, msgid): ``"army colour|White"`` or plain ``"Texans"``."""
    context, _bar, msgid = entry.rpartition("|")
    return (context or None, msgid)


def msgstrs(entry) -> tuple[str, ...]:
    return entry.string if isinstance(entry.string, tuple) else (entry.string,)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_says_what_the_catalog_says(lang):
    """A term is translated as the glossary writes it (so the glossary is the catalog's own)."""
    po, terms = catalog(lang), glossary(lang)
    wrong = []
    for table in ("sides", "terms"):
        for name, entry in terms[table].items():
            assert entry["number"] in ("singular", "plural") and entry["gender"] in ("m", "f")
            if "term" not in entry:
                continue  # a card's printed name: no msgid, only its gender
            context, msgid = key(name)
            found = po.get(msgid, context=context)
            if found is None or found.string != entry["term"]:
                wrong.append(
                    f"{name}: glossary {entry['term']!r}, catalog {found and found.string!r}"
                )
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plural_side_is_a_name_wherever_it_is_the_noun(lang):
    """ "los Galos" in one message and "los galos" in the next: after an article a side is the
    noun and keeps its capital (the adjective, "fusiles mexicanos", stays small)."""
    terms = glossary(lang)
    articles = "|".join(re.escape(a) for a in terms["articles"])
    small = []
    for name, side in terms["sides"].items():
        if side["number"] != "plural" or "|" in name:
            continue
        pattern = re.compile(rf"(?<![\w])(?:{articles}) {re.escape(side['term'].lower())}\b")
        for entry in catalog(lang):
            small += [f"{s!r}" for s in msgstrs(entry) if s and pattern.search(s)]
    if small:
        pytest.fail(report(f"messages in {lang}.po with a side in small letters", small), False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_about_a_side_agrees_with_it(lang):
    """Each side's own message (context ``side:<Side>``) has the verb of the side's number,
    and every side that is plural in this language has its own message: "Vince Cartaginesi"
    is what the common, singular message would say."""
    terms = glossary(lang)
    sides = terms["sides"]
    wrong = []
    for msgid, verbs in terms["agreement"].items():
        for name, side in sides.items():
            if "|" in name:
                continue
            entry = catalog(lang).get(msgid, context=f"side:{name}")
            if entry is None:
                if side["number"] == "plural":
                    wrong.append(f"{name} ({side['term']}) has no message of its own for {msgid!r}")
                continue
            verb, other = (
                verbs[side["number"]],
                verbs["singular" if side["number"] == "plural" else "plural"],
            )
            said = entry.string
            words = re.findall(r"\w+", said)
            if verb not in words or (other != verb and other in words):
                wrong.append(f"{name}: {said!r} should say {verb!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES + (DEFAULT,))
def test_an_army_colour_letter_is_read_as_its_own_colour(lang):
    """An Italian reads G as Giallo: a letter is its colour's initial, or no colour's at all,
    and no two colours share one."""
    from engine.ataque.data import colour_letter, colour_name
    from tui import language

    try:
        language.install(lang)
        names = [colour_name(s) for s in range(6)]
        letters = [colour_letter(s) for s in range(6)]
    finally:
        language.install(DEFAULT)
    initials = {name[0] for name in names}
    assert len(set(letters)) == 6, letters
    for name, letter in zip(names, letters, strict=True):
        assert letter == name[0] or letter not in initials, (name, letter, names)


def test_side_sentences_agree_on_screen_in_italian():
    from engine.metauro.data import side_name
    from tui import language
    from tui.sides import side_wins, thinking

    try:
        language.install("it")
        carthaginians, romans = side_name(1), side_name(0)
        assert side_wins(carthaginians, "Ana") == "Vincono i Cartaginesi · Ana!"
        assert thinking((carthaginians,)) == "Cartaginesi pensano…"
        assert thinking((carthaginians, romans)) == "Cartaginesi, Romani pensano…"
        assert side_wins("Roma", "Ana") is None  # a singular side: the common message
    finally:
        language.install(DEFAULT)


def test_a_plural_side_wins_with_its_article_in_spanish():
    """ "¡Ganan los Galos · Ana!", as a Spanish speaker says it, not "¡Ganan Galos · Ana!"."""
    from engine.gallic.data import SIDES
    from engine.i18n import _
    from tui import language
    from tui.sides import side_wins

    try:
        language.install("es")
        assert side_wins(_(SIDES[1]), "Ana") == "¡Ganan los Galos · Ana!"
    finally:
        language.install(DEFAULT)


def test_the_footer_names_keys_in_the_players_language(make_app):
    """Textual writes "space" and "pgup" in English; a Spanish footer says "espacio"."""
    from textual.binding import Binding

    from tui import language

    app = make_app()
    try:
        language.install("es")
        assert app.get_key_display(Binding("space", "x", "X")) == "espacio"
        assert app.get_key_display(Binding("shift+pageup", "x", "X")) == "mayús+re pág"
        assert app.get_key_display(Binding("left", "x", "X")) == "←"
        language.install("it")
        assert app.get_key_display(Binding("space", "x", "X")) == "spazio"
    finally:
        language.install(DEFAULT)
    assert app.get_key_display(Binding("space", "x", "X")) == "space"
