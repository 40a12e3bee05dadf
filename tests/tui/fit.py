"""What a player actually sees: the whole screen as plain text lines, for the "fit" tests
that check nothing a player needs is cut at 80×24 or 120×40, in every language."""

from __future__ import annotations

import itertools
import re

import pytest

from tui import language

TIGHT, ROOMY = (80, 24), (120, 40)
DEFAULT = language.DEFAULT
SIZES = (TIGHT, ROOMY)
# (size, language) for the fit tests: every language at the tight size, where a longer
# translation is cut first; the roomy size in English only, each case costing seconds.
FITS = (
    *(pytest.param(TIGHT, code, id=f"80x24-{code}") for code in language.LANGUAGES),
    pytest.param(ROOMY, DEFAULT, id=f"120x40-{DEFAULT}"),
)
fits = pytest.mark.parametrize("size, language", FITS)


def fits_each(name: str, values: tuple) -> pytest.MarkDecorator:
    """``size, language`` and ``name``: English at both sizes with every value of ``name``;
    each other language at 80×24 with one value in turn. For a parameter that changes the
    board rather than the words (a scenario, the number of players), every value is still seen
    in a translation and every translation is checked, for a fraction of the time."""
    others = [code for code in language.LANGUAGES if code != DEFAULT]
    english = [
        pytest.param(size, DEFAULT, value, id=f"{size[0]}x{size[1]}-{DEFAULT}-{value}")
        for size in SIZES
        for value in values
    ]
    translated = [
        pytest.param(TIGHT, code, value, id=f"80x24-{code}-{value}")
        for code, value in zip(others, itertools.cycle(values))
    ]
    return pytest.mark.parametrize(f"size, language, {name}", english + translated)


def speak(code: str) -> None:
    """Install ``code`` before the app starts (the autouse fixture puts English back)."""
    language.install(code)


def screen_lines(app) -> list[str]:
    """Every line of the current screen (modal dialogs included), as plain text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def missing(app, *needles: str) -> list[str]:
    """The needles that do not appear whole on one line of the screen."""
    lines = screen_lines(app)
    return [n for n in needles if not any(n in line for line in lines)]


def assert_on_screen(app, *needles: str) -> None:
    gone = missing(app, *needles)
    assert not gone, f"not on screen in full: {gone}\n" + screen_text(app)


def footer(app) -> str:
    """The footer: the screen's last line."""
    return screen_lines(app)[-1]


async def footer_drawn(pilot, app) -> str:
    """The footer once its keys are drawn: Textual composes them after a refresh, which a
    loaded machine may draw a moment after the rest of the screen."""
    for _wait in range(50):
        line = footer(app)
        if line.strip():
            return line
        await pilot.pause(0.1)
    return footer(app)


def _shows(line: str, key: str) -> bool:
    return re.search(rf"(?<!\S){re.escape(key)}(?!\S)", line) is not None


def assert_footer_exactly(app, always, game_keys, *keys: str) -> None:
    """These game keys (and the ``always`` ones) are in the footer whole; the other
    ``game_keys`` are not."""
    line = footer(app)
    for key in (*always, *keys):
        assert _shows(line, key), f"{key!r} not in {line!r}"
    for key in set(game_keys) - set(keys):
        assert not _shows(line, key), f"{key!r} in {line!r}"


def assert_footer_has_every_working_key(app, screen, game_actions, *keys: str) -> None:
    """These keys are in the footer whole, and so is every game key that works now."""
    line = footer(app)
    for key in keys:
        assert key in line, f"{key!r} not in {line!r}"
    for active in screen.active_bindings.values():
        binding = active.binding
        name = binding.action.split("(")[0]
        if binding.show and active.enabled and name in game_actions:
            shown = f"{app.get_key_display(binding)} {binding.description}"
            assert shown in line, f"{shown!r} not in {line!r}"
