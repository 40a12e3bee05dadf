"""A playing card face (or back), drawn from plain data so any card game can use it."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widget import Widget


@dataclass(frozen=True)
class CardFace:
    """What a card shows. ``kind`` picks the colour class; the letter in ``corner`` says the
    same for players without colour."""

    title: str
    corner: str = ""
    footer: str = ""
    hint: str = ""
    kind: str = ""
    face_down: bool = False
    back_label: str = ""
    note: str = ""
    dim: bool = False
    selected: bool = False


def wrap(text: str, width: int) -> list[str]:
    """Word-wrap for narrow cards; words longer than the card are split."""
    return textwrap.wrap(text, width, break_long_words=True) or [""]


class CardView(Widget):
    """One card. Clicking posts ``CardView.Clicked`` with its index in the hand."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, face: CardFace, index: int, label: str = "") -> None:
        super().__init__(classes="card")
        self.index = index
        self.label = label
        self.face = face
        self.apply_face(face)

    def apply_face(self, face: CardFace) -> None:
        for cls in list(self.classes):
            if cls.startswith("kind-"):
                self.remove_class(cls)
        self.face = face
        self.add_class(f"kind-{face.kind or 'none'}")
        self.set_class(face.face_down, "face-down")
        self.set_class(face.dim, "dim")
        self.set_class(face.selected, "selected")
        self.border_title = self.label
        self.border_subtitle = face.note
        self.refresh()

    def render(self) -> Text:
        face = self.face
        width = max(1, self.content_size.width)
        height = max(1, self.content_size.height)
        if face.face_down:
            lines = ["▚" * width] * height
            if face.back_label and height >= 2:
                lines[height // 2] = face.back_label[:width].center(width, "▚")
            return Text("\n".join(lines), style="dim")
        # Corner and name first, then the hint, then the footer where room is left.
        title = wrap(face.title, width)[: max(1, height - (1 if height <= 3 else 2))]
        room = height - 1 - len(title)
        hint = wrap(face.hint, width)[:room] if face.hint else []
        room -= len(hint)
        footer = [face.footer[:width]] if face.footer and room >= 1 and height >= 4 else []
        room -= len(footer)
        text = Text(no_wrap=True, overflow="crop")
        text.append(face.corner[:width], style="bold")
        for line in title:
            text.append("\n" + line)
        for line in hint:
            text.append("\n" + line, style="dim")
        text.append("\n" * max(0, room))
        for line in footer:
            text.append("\n" + line, style="italic")
        return text

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))
