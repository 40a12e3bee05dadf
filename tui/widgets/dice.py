"""Dice as faces and numbers (⚂ 3), so a roll reads with or without a font for the glyphs."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

FACES = "⚀⚁⚂⚃⚄⚅"


def face(value: int) -> str:
    """The die face that shows ``value`` (``?`` for a number no die has)."""
    return FACES[value - 1] if 1 <= value <= 6 else "?"


def dice_text(values: tuple[int, ...], label: str = "") -> Text:
    text = Text()
    if label:
        text.append(f"{label} ", style="bold")
    for i, value in enumerate(values):
        if i:
            text.append("  ")
        text.append(f"{face(value)} {value}", style="bold")
    return text


class Dice(Static):
    """The last roll; ``show`` replaces it (an empty roll shows a dash)."""

    def show(self, values: tuple[int, ...], label: str = "") -> None:
        self.update(dice_text(values, label) if values else Text(f"{label} —", style="dim"))
