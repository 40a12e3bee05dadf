"""What a player actually sees: the whole screen as plain text lines, for the "fit" tests
that check nothing a player needs is cut at 80×24 or 120×40."""

from __future__ import annotations

SIZES = ((80, 24), (120, 40))


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
