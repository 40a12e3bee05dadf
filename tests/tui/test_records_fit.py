"""Records at 80×24 in every language: no word is broken across lines (a column is never
narrower than the longest word it holds; ``solitari`` / ``o`` was)."""

from __future__ import annotations

import re

import attrs
import pytest

from engine.i18n import _, ngettext, pgettext
from saves.records import ALAMO_HELD, MATES_SOLO, Line, PlayerRecords, Records, Streak, Tally
from tests.tui.fit import TIGHT, screen_lines, speak
from tui import language
from tui.screens import records as records_screen
from tui.screens.records import RecordsScreen


def records() -> Records:
    """Lines as ``compute`` words them, in the language installed."""
    solo = pgettext("opposition", "solo")
    lines = (
        Line("Mates Hostiles", solo, Tally(12, 7, 5, 0)),
        Line(
            "La Guerra Gallica",
            ngettext("{levels} bot", "{levels} bots", 2).format(levels="experto"),
            Tally(3, 1, 1, 1),
        ),
        Line("El Álamo", solo, Tally(4, 2, 2, 0)),
    )
    streaks = (
        Streak(_(MATES_SOLO), 7, "Mates Hostiles · 3 dic 2026"),
        Streak(_(ALAMO_HELD), 2, "El Álamo · 1 dic 2026"),
    )
    return Records((PlayerRecords("Anastasia Wilhelmina", lines, streaks),), finished=19)


@pytest.mark.parametrize("code", language.LANGUAGES)
async def test_records_never_break_a_word(make_app, monkeypatch, code):
    speak(code)
    shown = records()
    monkeypatch.setattr(records_screen, "compute", lambda store, player: shown)
    app = make_app()
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.pause()
        app.push_screen(RecordsScreen())
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        tokens = {t for line in screen_lines(app) for t in re.findall(r"\w+", line)}
        person = shown.players[0]
        cells = [person.name, *(f"{x.game} {x.against}" for x in person.lines)]
        cells += [s.what for s in person.streaks]
        for word in re.findall(r"\w+", " ".join(cells)):
            assert word in tokens, f"{word!r} is broken\n" + "\n".join(screen_lines(app))


@pytest.mark.parametrize(
    "code, finished, unread, said",
    [
        ("it", 1, 0, "1 giocatore: 1 partita finita contata"),
        ("it", 19, 1, "1 giocatore: 19 partite finite contate; 1 salvataggio illeggibile escluso"),
        ("es", 1, 2, "1 jugador: 1 partida terminada contada; 2 partidas ilegibles sin contar"),
        ("en", 1, 0, "1 player: 1 finished game counted"),
    ],
)
async def test_the_count_agrees_with_its_number(
    make_app, monkeypatch, code, finished, unread, said
):
    """ "1 partita finita contate" put a plural participle after one game."""
    speak(code)
    shown = attrs.evolve(records(), finished=finished, unread=unread)
    monkeypatch.setattr(records_screen, "compute", lambda store, player: shown)
    app = make_app()
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.pause()
        app.push_screen(RecordsScreen())
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert said in "\n".join(screen_lines(app))
