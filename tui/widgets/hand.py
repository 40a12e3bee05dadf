"""A row of cards with a cursor: arrows move, space or a digit toggles, clicks toggle."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive

from tui.widgets.card import CardFace, CardView


class HandView(Horizontal, can_focus=True):
    """A hand of cards. It posts ``Toggled`` and leaves the meaning to the screen."""

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("space", "toggle", "Toggle", show=False),
        *[Binding(str(n), f"toggle_index({n - 1})", show=False) for n in range(1, 10)],
    ]

    cursor = reactive(0)

    class Toggled(Message):
        def __init__(self, hand: HandView, index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

    def __init__(self, *, numbered: bool = False, id: str | None = None) -> None:
        super().__init__(id=id, classes="hand")
        self.numbered = numbered
        self.faces: tuple[CardFace, ...] = ()

    def fit(self) -> None:
        """Many cards share the row: each gets narrower (down to 6 columns) so all stay seen."""
        cards = list(self.query(CardView))
        if not cards or not self.size.width:
            return
        widest = 9 if self.screen.has_class("compact") else 14
        width = max(6, min(widest, self.size.width // len(cards)))
        for view in cards:
            view.styles.width = width

    def on_resize(self) -> None:
        self.fit()

    def set_cards(self, faces: tuple[CardFace, ...] | list[CardFace]) -> None:
        faces = tuple(faces)
        if faces == self.faces:
            return
        old = list(self.query(CardView))
        if len(old) == len(faces):
            for view, face in zip(old, faces, strict=True):
                view.apply_face(face)
        else:
            self.remove_children()
            self.mount_all(
                CardView(face, i, str(i + 1) if self.numbered else "")
                for i, face in enumerate(faces)
            )
        self.faces = faces
        self.cursor = min(self.cursor, max(0, len(faces) - 1))
        self.call_after_refresh(self.fit)
        self.call_after_refresh(self._show_cursor)

    def watch_cursor(self) -> None:
        self._show_cursor()

    def on_focus(self) -> None:
        self._show_cursor()

    def on_blur(self) -> None:
        self._show_cursor()

    def _show_cursor(self) -> None:
        for i, view in enumerate(self.query(CardView)):
            view.set_class(self.has_focus and i == self.cursor, "cursor")

    def action_move(self, step: int) -> None:
        if self.faces:
            self.cursor = (self.cursor + step) % len(self.faces)

    def action_toggle(self) -> None:
        if self.faces:
            self.post_message(self.Toggled(self, self.cursor))

    def action_toggle_index(self, index: int) -> None:
        if index < len(self.faces):
            self.cursor = index
            self.post_message(self.Toggled(self, index))

    def on_card_view_clicked(self, event: CardView.Clicked) -> None:
        event.stop()
        self.focus()
        self.cursor = event.index
        self.post_message(self.Toggled(self, event.index))
