"""A playing card face (or back), drawn from plain data so any card game can use it."""

from __future__ import annotations

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
    kind: str = ""
    face_down: bool = False
    back_label: str = ""
    note: str = ""
    dim: bool = False
    selected: bool = False


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
        if face.face_down:
            pattern = "▚" * width
            lines = [pattern] * max(1, self.content_size.height)
            if face.back_label and len(lines) >= 2:
                middle = len(lines) // 2
                lines[middle] = face.back_label[:width].center(width, "▚")
            return Text("\n".join(lines), style="dim")
        text = Text(no_wrap=False, overflow="fold")
        text.append(face.corner, style="bold")
        text.append("\n")
        text.append(face.title)
        body_lines = max(1, self.content_size.height - 2)
        name_lines = len(Text(face.title).wrap(self.app.console, width))
        text.append("\n" * max(1, body_lines - name_lines + 1))
        text.append(face.footer[:width], style="italic")
        return text

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))
