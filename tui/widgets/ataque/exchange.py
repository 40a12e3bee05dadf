"""The exchange dialog: which set of cards to hand in (a wildcard may be worth keeping, and a
card showing a territory you hold puts 2 armies there). The same small dialog asks which
territory a search meant."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.ataque.data import (
    CARD_BONUS,
    CARD_FIGURE,
    FIGURE_GLYPHS,
    TERRITORIES,
    card_name,
    card_territory,
)
from engine.i18n import N_, _
from engine.words import listing
from tui.textual_i18n import recompose_keeping_input


class ChoiceDialog(ModalScreen[int | None]):
    """One of a few choices: which set of cards to hand in, which territory a search meant.
    Escape chooses none."""

    BINDINGS = [Binding("escape", "choose_none", N_("Cancel"))]

    def __init__(self, question: Callable[[], str], choices: list[str | Text]) -> None:
        super().__init__()
        self.question = question  # asked again when the language changes
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.question()), classes="title")  # it may quote typed text
            yield OptionList(*[Option(c, id=str(i)) for i, c in enumerate(self.choices)])
            yield Static(_("Enter chooses, Escape cancels."), classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_choose_none(self) -> None:
        self.dismiss(None)

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)


def set_text(view, me: int, cards: tuple[int, ...]) -> Text:
    """A set as the dialog offers it: its cards, and the armies it puts on ``me``'s own
    territories."""
    text = Text()
    for c in cards:
        text.append(f"{FIGURE_GLYPHS.get(CARD_FIGURE[c], '?')} {card_name(c)}  ")
    bonus = [
        TERRITORIES[t]
        for c in cards
        if (t := card_territory(c)) is not None and view.owner[t] == me
    ]
    if bonus:
        said = _("(+{bonus} on {territories})").format(bonus=CARD_BONUS, territories=listing(bonus))
        text.append(said, style="bold green")
    text.rstrip()
    return text


def exchange_dialog(view, me: int, sets: list[tuple[int, ...]]) -> ChoiceDialog:
    """Which of ``sets`` to hand in."""
    choices: list[str | Text] = [set_text(view, me, cards) for cards in sets]
    return ChoiceDialog(lambda: _("Which set do you exchange?"), choices)
