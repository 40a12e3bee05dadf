"""The screens a game opens over its board: the hand-over between two players sharing the
terminal, the result, and the coach's hint."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.markup import MarkupError
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from engine.coach import Hint
from engine.i18n import N_, _
from saves.paths import visible
from tui.match import choice_words
from tui.screens.dialogs import Deliberate, Said, say
from tui.textual_i18n import recompose_keeping_input
from tui.widgets.footer import KeysFooter

REMATCH_POLL = 1.0  # seconds between looks for a rematch another player proposed


class HandOverScreen(Screen):
    """Hides the table between two humans sharing one terminal. ``side`` is the seat's label,
    or a function saying it (then a language switch renames it too)."""

    BINDINGS = [Binding("enter,space", "ready", N_("Ready"))]

    def __init__(self, name: str, side: Said) -> None:
        super().__init__()
        self.player = name
        self.side = side

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handover"):
            yield Static(
                Content.from_markup(
                    _("Pass the terminal to [b]$player[/b] ($side)."),
                    player=visible(self.player),
                    side=say(self.side),
                ),
                classes="title",
            )
            yield Static(_("Everyone else, look away.\n\nPress Enter or Space when you are ready."))
            yield Button(_("Ready"), variant="primary", id="ready")
        yield KeysFooter()

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_button_pressed(self) -> None:
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)


def shown(text: str | Content) -> Content:
    """Markup (or Content) for a Static; markup that does not parse is shown as it is written,
    so a name a caller failed to make literal cannot take the screen down."""
    if isinstance(text, Content):
        return text
    try:
        return Content.from_markup(text)
    except MarkupError:
        return Content(text)


Told = tuple[str | Content, str | Content, Content | None]  # headline, details, campaign


class ResultScreen(Deliberate, ModalScreen[str]):
    """The end of a game: who won and why, then a new game, the menu, the game's review
    (``tui/screens/review.py``), or a last look. Keys
    pressed a moment before the game ended (Enter at the reveal) do not answer it.

    ``headline`` and ``details`` are ``Content`` (names shown as typed), or markup strings
    whose every name the caller made literal."""

    AUTO_FOCUS = "#new, #rematch"

    BINDINGS = [
        Binding("n", "choose('new')", N_("New game")),
        Binding("n", "choose('rematch')", N_("Rematch")),  # instead, at a table, for its players
        Binding("m", "choose('menu')", N_("Menu")),
        Binding("r", "choose('review')", N_("Review")),
        Binding("escape,b", "choose('board')", N_("Look at the board")),
    ]

    def __init__(
        self,
        headline: str | Content,
        details: str | Content,
        campaign: Content | None = None,
        next_battle: bool = False,
        retell: Callable[[], Told] | None = None,
        rematch: Callable[[], str] | None = None,
    ) -> None:
        """``campaign``: the score of the campaign this game belongs to; ``next_battle``: n
        goes on to the campaign's next game instead of a new one; ``retell``: headline,
        details and campaign score said again, after a language switch; ``rematch``: at a
        table, Rematch instead of New game, and what it would do now (asked again every
        second: another player may propose one meanwhile)."""
        super().__init__()
        self.headline = headline
        self.details = details
        self.campaign = campaign
        self.next_battle = next_battle
        self.retell = retell
        self.rematch = rematch
        self.rating: Said = ""  # the player's rating change, once worked out (``show_rating``)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog result"):
            yield Static(shown(self.headline), classes="title")
            yield Static(shown(self.details))
            if self.campaign is not None:
                yield Static(self.campaign, id="campaign-score")
            if self.rematch is not None:
                yield Static(Content(self.rematch()), id="rematch-note")
            rating = Static(Content(say(self.rating)), id="rating-change")
            rating.display = bool(say(self.rating))
            yield rating
            with Horizontal(classes="buttons"):
                if self.rematch is not None:
                    yield Button(_("Rematch (n)"), variant="primary", id="rematch")
                else:
                    new = _("Next battle (n)") if self.next_battle else _("New game (n)")
                    yield Button(new, variant="primary", id="new")
                yield Button(_("Menu (m)"), id="menu")
                yield Button(_("Review (r)"), id="review")
                yield Button(_("Board (b)"), id="board")

    def on_mount(self) -> None:
        if self.rematch is not None:
            self.set_interval(REMATCH_POLL, self.poll_rematch)

    def poll_rematch(self) -> None:
        """Say it when another player proposed a rematch meanwhile."""
        self.query_one("#rematch-note", Static).update(Content(self.rematch()))

    def check_action(self, action: str, parameters) -> bool | None:
        """At a table, n is the rematch; anywhere else, a new game."""
        if action == "choose" and parameters in (("new",), ("rematch",)):
            return (parameters == ("rematch",)) == (self.rematch is not None)
        return True

    async def language_changed(self) -> None:
        """Told again in the language just chosen; the pause before the keys wake up is not
        started again."""
        if self.retell is not None:
            self.headline, self.details, self.campaign = self.retell()
        await recompose_keeping_input(self)

    def show_rating(self, rating: Said) -> None:
        """The player's rating change ("Rating: 23.4 → 25.1, +1.7"), or why unrated."""
        self.rating = rating
        if self.is_attached:
            line = self.query_one("#rating-change", Static)
            line.update(Content(say(rating)))
            line.display = bool(say(rating))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id)

    def action_choose(self, what: str) -> None:
        self.answer(what)


class HintDialog(Deliberate, ModalScreen[bool]):
    """The coach's hint: the best move with its value, why, and the next two. Enter plays the
    best move, Escape closes. An Enter meant for the board, pressed as the hint appeared,
    plays nothing (``Deliberate``). Every text is plain (``Content``): the coach's words may
    quote names from the save."""

    BINDINGS = [
        Binding("enter", "play", N_("Play it")),
        Binding("escape", "close", N_("Close")),
    ]

    def __init__(self, hint: Hint, seat: str) -> None:
        super().__init__()
        self.hint = hint
        self.seat = seat

    def compose(self) -> ComposeResult:
        hint = self.hint
        with Vertical(classes="dialog coach"):
            title = _("Hint for {seat}:").format(seat=self.seat)
            yield Static(Content(visible(title)), classes="title")
            yield Static(Content(visible(choice_words(hint.best))), id="hint-best")
            if hint.why:
                yield Static(Content(visible(hint.why)), id="hint-why", classes="hint")
            if hint.others:
                others = "\n".join(f"  {visible(choice_words(c))}" for c in hint.others)
                yield Static(Content(_("Next:") + "\n" + others), id="hint-others")
            with Horizontal(classes="buttons"):
                yield Button(_("Play it (Enter)"), variant="primary", id="play")
                yield Button(_("Close (Esc)"), id="close")

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id == "play")

    def action_play(self) -> None:
        self.answer(True)

    def action_close(self) -> None:
        self.dismiss(False)
