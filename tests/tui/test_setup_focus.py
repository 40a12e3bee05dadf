"""Setup forms: a player sees at once which field takes the keys, and starts at the first
seat's name, so typing never lands in another field (a Select takes typed letters as a search
and changes its value: the Mates deck changed that way without anyone noticing)."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.widgets import Input, Label, Select

from engine import registry
from tui.screens.series import SeriesSetupScreen
from tui.screens.setup import SetupScreen

STANDS_OUT = 60  # the least distance (RGB) between a focused field and a field at rest


def background(widget) -> Color:
    return Color.from_rich_color(widget.rich_style.bgcolor)


def distance(a: Color, b: Color) -> float:
    return sum((x - y) ** 2 for x, y in zip(a.rgb, b.rgb, strict=True)) ** 0.5


def shown_part(field):
    """The part of a field that shows its value (a Select's current choice)."""
    return field.query_one("SelectCurrent") if isinstance(field, Select) else field


def label_of(field) -> Label:
    return field.parent.query_one(".field-label", Label)


@pytest.mark.parametrize("game_id", ["mates", "gallic"])
async def test_setup_starts_at_the_first_seats_name(make_app, game_id):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(registry.get(game_id)))
        await pilot.pause(0.2)
        assert app.focused is app.screen.query_one("#name-0", Input)
        await pilot.press(*"Ana")
        assert app.screen.query_one("#name-0", Input).value == "Ana"
        assert app.screen.query_one("#kind-0", Select).value == "human"


@pytest.mark.parametrize("screen", [lambda: SetupScreen(registry.get("mates")), SeriesSetupScreen])
async def test_the_focused_field_stands_out_from_the_others(make_app, screen):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(screen())
        await pilot.pause(0.2)
        fields = list(app.screen.query("Input, Select"))
        for field in fields[:4]:
            field.focus()
            await pilot.pause(0.1)
            for other in fields:
                if other is field or type(other) is not type(field):
                    continue
                gap = distance(background(shown_part(field)), background(shown_part(other)))
                assert gap >= STANDS_OUT, (field, other, gap)
                if field.parent.query(".field-label") and other.parent.query(".field-label"):
                    assert label_of(field).rich_style != label_of(other).rich_style
