"""The Spanish and Italian rules (``RULES.es.md``, ``RULES.it.md``) follow our English rules:
the same headings in the same order, every house-rule marker, and every printed name (cards,
territories, units, leaders, places) left as printed, so the rules match what the game shows."""

from __future__ import annotations

import gettext
import importlib.resources
import re

import pytest

from engine import i18n
from engine.alamo import data as alamo
from engine.ataque import data as ataque
from engine.core import rules_text
from engine.gallic import data as gallic
from engine.mates import data as mates
from engine.metauro import data as metauro

GAMES = ("gallic", "alamo", "mates", "ataque", "metauro")
LANGUAGES = ("es", "it")

# The marker that opens a house rule ("**House rule:**", "*House rule:*", "**House rule
# (variant):**"), the house-rules section's heading, and any mention at all in running text.
MARKER = {"en": "House rule", "es": "Regla de la casa", "it": "Regola della casa"}
SECTION = {"en": "House rules", "es": "Reglas de la casa", "it": "Regole della casa"}
# A reading (how we take words of the sheet that can be read two ways) is marked apart.
READING = {"en": "Reading", "es": "Interpretación", "it": "Interpretazione"}
MENTION = {
    "en": r"house rules?",
    "es": r"reglas? de la casa",
    "it": r"regol[ae] della casa",
}


def printed_names(game: str) -> frozenset[str]:
    """Every name a game's data holds as printed: these never change with the language."""
    if game == "gallic":
        return frozenset(c.name for deck in gallic.DECKS for c in deck)
    if game == "alamo":
        return frozenset(c.name for deck in alamo.DECKS for c in deck)
    if game == "mates":
        cards = mates.extended_deck()
        return frozenset(n for c in cards for n in (c.white, c.black, c.event, c.site) if n)
    if game == "ataque":
        return frozenset(ataque.TERRITORIES) | {c.name for c in ataque.CONTINENTS}
    boards = metauro.BOARDS.values()
    return (
        frozenset(b.name for b in boards)
        | {g for b in boards for g in b.generals}
        | set(metauro.CONSULS)
    )


def read(game: str, language: str) -> str:
    name = "RULES.md" if language == "en" else f"RULES.{language}.md"
    return importlib.resources.files(f"engine.{game}").joinpath(name).read_text("utf-8")


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of every #, ## and ### heading outside fenced blocks."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"(#{1,3}) (.+)", line)):
            found.append((len(m[1]), m[2].strip()))
    return found


def flat(text: str) -> str:
    """The text with every run of white space (line breaks included) as one space."""
    return " ".join(text.split())


def count_name(text: str, name: str) -> int:
    return len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text))


CASES = [(g, lang) for g in GAMES for lang in LANGUAGES]


@pytest.mark.parametrize(("game", "language"), CASES)
def test_same_headings_in_the_same_order(game: str, language: str) -> None:
    english, translated = headings(read(game, "en")), headings(read(game, language))
    assert [level for level, _ in translated] == [level for level, _ in english]
    assert translated[0] == english[0]  # the game's printed title
    # The house-rules section keeps its place, under the one title every language uses.
    where = english.index((2, SECTION["en"]))
    assert translated[where] == (2, SECTION[language])


@pytest.mark.parametrize(("game", "language"), CASES)
def test_every_house_rule_is_marked(game: str, language: str) -> None:
    english, translated = flat(read(game, "en")), flat(read(game, language))
    for marker in (r"\*\*{}", r"(?<!\*)\*{}"):
        expected = len(re.findall(marker.format(MARKER["en"]), english))
        assert len(re.findall(marker.format(MARKER[language]), translated)) == expected
    mentions = len(re.findall(MENTION["en"], english, re.IGNORECASE))
    assert len(re.findall(MENTION[language], translated, re.IGNORECASE)) == mentions
    assert "House rule" not in translated


@pytest.mark.parametrize(("game", "language"), CASES)
def test_every_reading_is_marked_and_explained_at_the_top(game: str, language: str) -> None:
    english, translated = flat(read(game, "en")), flat(read(game, language))
    expected = len(re.findall(r"\*\*Reading:\*\*", english))
    assert len(re.findall(rf"\*\*{READING[language]}:\*\*", translated)) == expected
    for lang in ("en", language) if expected else ():  # explained once, before any section
        top = read(game, lang).split("\n## ")[0]
        assert len(re.findall(rf"\*\*{READING[lang]}\*\*", top, re.IGNORECASE)) == 1


@pytest.mark.parametrize(("game", "language"), CASES)
def test_printed_names_are_kept(game: str, language: str) -> None:
    english, translated = flat(read(game, "en")), flat(read(game, language))
    kept = {n: count_name(english, n) for n in printed_names(game) if count_name(english, n)}
    missing = {n: c for n, c in kept.items() if count_name(translated, n) < c}
    assert not missing, missing


def test_the_names_checked_are_the_printed_ones() -> None:
    """The name lists reach the rules: each game's English rules name some of them (the Mates
    cards' players and events are not named in the rules, so it has none)."""
    named = {g: [n for n in printed_names(g) if count_name(flat(read(g, "en")), n)] for g in GAMES}
    assert {"Vercingetorix", "Politica Romana"} <= set(named["gallic"])
    assert {"Batallón de zapadores", "Santa Anna"} <= set(named["alamo"])
    assert {"Argelia", "América del Sur"} <= set(named["ataque"])
    assert {"Hasdrubal", "Zama", "Nero"} <= set(named["metauro"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_text_reads_the_current_language(language: str) -> None:
    i18n.install(gettext.NullTranslations(), language)
    try:
        for game in GAMES:
            assert rules_text(f"engine.{game}") == read(game, language)
    finally:
        i18n.install(gettext.NullTranslations(), "en")
    assert rules_text("engine.gallic") == read("gallic", "en")
