"""A row of cards with a cursor: arrows move, space or a digit toggles, clicks toggle.

The card under the cursor of the focused row is announced (``Highlighted``) so the screen can
spell it out in full: a card seven columns wide shows its name abbreviated."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from engine.i18n import N_
from tui.widgets.card import CardFace, CardView, fitted


class HandView(Horizontal, can_focus=True):
    """A hand of cards. It posts ``Toggled`` and leaves the meaning to the screen."""

    BINDINGS = [
        Binding("left", "move(-1)", N_("Left"), show=False),
        Binding("right", "move(1)", N_("Right"), show=False),
        Binding("home", "jump(0)", N_("First"), show=False),
        Binding("end", "jump(-1)", N_("Last"), show=False),
        Binding("space", "toggle", N_("Toggle"), show=False),
        Binding("1", "toggle_index(0)", N_("Toggle"), key_display="1-9", show=False),
        *[Binding(str(n), f"toggle_index({n - 1})", show=False) for n in range(2, 10)],
    ]

    cursor = reactive(0)
    SEAT_UI = ("cursor",)  # in hot seat, each player's own (``GameScreen.turn_seat_ui_to``)

    class Highlighted(Message):
        """The cursor moved, the cards changed, or the row got or lost the focus."""

        def __init__(self, hand: HandView) -> None:
            super().__init__()
            self.hand = hand

    class Toggled(Message):
        def __init__(self, hand: HandView, index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

    def __init__(self, *, numbered: bool = False, id: str | None = None) -> None:
        super().__init__(id=id, classes="hand")
        self.numbered = numbered
        self.faces: tuple[CardFace, ...] = ()

    @property
    def current(self) -> CardFace | None:
        """The face under the cursor (None for an empty row)."""
        return self.faces[self.cursor] if self.cursor < len(self.faces) else None

    def fit(self) -> None:
        """The cards share the row: as wide as the room allows (names and hints read better),
        narrower with many cards (down to 6 columns) so all stay seen."""
        cards = list(self.query(CardView))
        if not cards or not self.size.width:
            return
        widest = 13 if self.screen.has_class("compact") else 16
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
        self.post_message(self.Highlighted(self))

    def watch_cursor(self) -> None:
        self._show_cursor()
        self.post_message(self.Highlighted(self))

    def on_focus(self) -> None:
        self._show_cursor()
        self.post_message(self.Highlighted(self))

    def on_blur(self) -> None:
        self._show_cursor()
        self.post_message(self.Highlighted(self))

    def _show_cursor(self) -> None:
        for i, view in enumerate(self.query(CardView)):
            view.set_class(self.has_focus and i == self.cursor, "cursor")

    def action_move(self, step: int) -> None:
        if self.faces:
            self.cursor = (self.cursor + step) % len(self.faces)

    def action_jump(self, index: int) -> None:
        if self.faces:
            self.cursor = index % len(self.faces)

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


class CardDetailLine:
    """Mixed into a card game's screen: one line under the hands spells out the card under
    the cursor of the focused hand (else of the player's own, ``#my-hand``), in the longest
    form that fits the width. The screen fills ``details`` (hand id -> each card's forms,
    longest first) and has a ``Static`` with id ``detail``."""

    details: dict[str, list[list[str]]]

    def show_detail(self) -> None:
        focused = self.focused
        hand = (
            focused
            if isinstance(focused, HandView) and focused.id in self.details
            else self.query_one("#my-hand", HandView)
        )
        lines = self.details.get(hand.id or "", [])
        said = lines[hand.cursor] if hand.cursor < len(lines) else []
        self.query_one("#detail", Static).update(Text(fitted(said, self.app.size.width - 4)))
