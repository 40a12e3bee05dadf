"""What every game screen shares: the session, whose view is shown, bots in workers,
hot-seat hand-over, the result screen, save-as, rules and the menu.

A game's screen subclasses ``GameScreen`` and supplies ``compose_board``, ``render_view``
and ``prompt_text``; it turns player input into actions with ``act``.

The session is a ``Session`` (everyone at this terminal) or a ``TableSession`` (a shared
table: this terminal plays one seat, the viewer never changes, other players' moves arrive
by polling the table file, and a move made on an old position is refused and reloaded).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Static

from engine.core import IllegalAction, Outcome
from saves.session import Session
from saves.store import SaveError
from saves.tables import TableChanged, TableSession, bot_seed
from tui.widgets.status import StatusBar, Thinking

MAX_BOT_RETRIES = 3
BOT_SPEEDS = (0.0, 0.15, 0.3, 0.6, 1.0, 1.6)
STYLES = Path(__file__).parent.parent / "styles"
TABLE_POLL = 0.25  # seconds between looks at a shared table's file (a stat when idle)


class BotChose(Message):
    def __init__(self, seat: int, action, serial: int) -> None:
        super().__init__()
        self.seat = seat
        self.action = action
        self.serial = serial


class HandOverScreen(Screen):
    """Hides the table between two humans sharing one terminal."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, name: str, side: str) -> None:
        super().__init__()
        self.player = name
        self.side = side

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handover"):
            yield Static(
                f"Pass the terminal to [b]{self.player}[/b] ({self.side}).", classes="title"
            )
            yield Static("Everyone else, look away.\n\nPress Enter when you are ready.")
            yield Button("I am ready", variant="primary", id="ready")
        yield Footer()

    def on_button_pressed(self) -> None:
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)


class ResultScreen(ModalScreen[str]):
    """The end of a game: who won and why, then a new game, the menu, or a last look."""

    AUTO_FOCUS = "#new"

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("m", "choose('menu')", "Menu"),
        Binding("escape,b", "choose('board')", "Look at the board"),
    ]

    def __init__(self, headline: str, details: str) -> None:
        super().__init__()
        self.headline = headline
        self.details = details

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog result"):
            yield Static(self.headline, classes="title")
            yield Static(self.details)
            with Horizontal(classes="buttons"):
                yield Button("New game (n)", variant="primary", id="new")
                yield Button("Menu (m)", id="menu")
                yield Button("Board (b)", id="board")

    def on_mount(self) -> None:
        # Keys pressed a moment before the game ended (Enter at the reveal) must not start a
        # new game by accident: the choices wake up after a short pause.
        self.armed = self.app.bot_delay <= 0
        if not self.armed:
            self.set_timer(min(0.6, self.app.bot_delay), self.arm)

    def arm(self) -> None:
        self.armed = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id)

    def action_choose(self, what: str) -> None:
        if self.armed:
            self.dismiss(what)


class GameScreen(Screen):
    BINDINGS = [
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("ctrl+s", "save_as", "Save as"),
        Binding("escape", "menu", "Menu"),
        Binding("full_stop", "skip_bots", "Skip bots", show=False),
        Binding("plus", "bot_speed(-1)", "Bots faster", show=False),
        Binding("minus", "bot_speed(1)", "Bots slower", show=False),
    ]

    view = reactive(None, always_update=True, init=False)

    def __init__(self, session: Session | TableSession) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        self.seats = session.record.seats
        self.at_table = isinstance(session, TableSession)
        humans = self.human_seats
        self.viewer = session.seat if self.at_table else humans[0] if humans else 0
        self.thinking: dict[int, int] = {}  # seat -> serial of the worker running for it
        self.retries = 0
        self.result_shown = False
        self.handing_over = False
        self.skipping = False  # bots play without pauses until a human must act
        self._poll_error: str | None = None  # the last table read problem, said once

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield from self.compose_board()
        yield StatusBar(id="status")
        yield Footer()

    def compose_board(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.title = self.game.name
        if self.at_table:
            self.title += f" · table {self.session.name} · {self.session.player}"
            self.set_interval(TABLE_POLL, self.poll_table)
        self.on_resize()
        self.advance()

    def on_resize(self) -> None:
        """Two layouts: compact below 100×34, roomy above (cards, log, labels grow)."""
        size = self.app.size
        self.set_class(size.width < 100 or size.height < 34, "compact")

    # --- seats --------------------------------------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == "human"

    def is_local(self, seat: int) -> bool:
        """A human playing at this terminal: at a table, only our own seat."""
        return self.is_human(seat) and (not self.at_table or seat == self.session.seat)

    def seat_name(self, seat: int, with_label: bool = True) -> str:
        """ "Rome · Ana", "Gauls · Strong bot", "Gauls · Brennus (strong bot)"."""
        info = self.seats[seat]
        who = info.name
        if info.kind != "human" and info.level not in info.name.lower():
            who = f"{info.name} ({info.level} bot)"
        if not with_label:
            return who
        return f"{self.game.seat_labels(len(self.seats))[seat]} · {who}"

    # --- the loop: after any change, decide who acts next -------------------------------------
    def advance(self) -> None:
        state = self.session.state
        pending = self.game.to_move(state)
        human_pending = [s for s in pending if self.is_local(s)]
        if human_pending:
            self.skipping = False
        if human_pending and self.viewer not in human_pending and not self.handing_over:
            following = human_pending[0]
            if self.game.hidden_information and len(self.human_seats) > 1:
                self.hand_over(following)
                return
            self.viewer = following
        self.view = self.session.view(self.viewer)
        for seat in pending:
            if not self.is_human(seat) and seat not in self.thinking:
                self.start_bot(seat)
        self.update_thinking()
        self.refresh_bindings()
        outcome = self.game.outcome(state)
        if outcome is not None and not self.result_shown:
            self.result_shown = True
            self.call_after_refresh(self.show_result, outcome)

    def watch_view(self, view) -> None:
        if view is None:
            return
        self.render_view(view)
        self.query_one(StatusBar).prompt(self.waiting_text() or self.prompt_text(view))
        self.sub_title = self.game.progress(self.session.state)

    def render_view(self, view) -> None:
        """Subclasses draw the board from the view (the only game state they may read)."""

    def prompt_text(self, view) -> str:
        return ""

    def waiting_text(self) -> str:
        """At a table, when only people at other terminals can move: whom we wait for."""
        if not self.at_table or self.my_turn:
            return ""
        away = [
            self.seats[s].name
            for s in self.game.to_move(self.session.state)
            if self.is_human(s) and not self.is_local(s)
        ]
        return f"Waiting for {' and '.join(away)}…" if away else ""

    @property
    def my_turn(self) -> bool:
        state = self.session.state
        return self.is_human(self.viewer) and self.viewer in self.game.to_move(state)

    def act(self, action) -> bool:
        """Apply a human action for the viewing seat; refuse illegal ones with the reason."""
        if not self.my_turn:
            self.notify("Wait: it is not your turn.", severity="warning")
            return False
        return self._apply(self.viewer, action)

    def act_for_local_humans(self, action) -> bool:
        """One key press answers for every human at this terminal (e.g. 'continue')."""
        pending = [s for s in self.game.to_move(self.session.state) if self.is_local(s)]
        done = False
        for seat in pending:
            done = self._apply(seat, action, advance=False) or done
        self.advance()
        return done

    def _apply(self, seat: int, action, advance: bool = True) -> bool:
        try:
            self.session.apply(seat, action)
        except IllegalAction as err:
            self.notify(err.reason, title="Not allowed", severity="warning")
            return False
        except TableChanged as err:  # the session already holds the new position
            self.notify(str(err), severity="warning")
            self.table_moved()
            return False
        except SaveError as err:
            if self.at_table:  # the table could not be read or written: nothing was played
                self.notify(f"The move was not made: {err}", severity="error", timeout=10)
                return False
            self.notify(f"Autosave failed: {err}", severity="error", timeout=10)
        if advance:
            self.advance()
        return True

    # --- shared tables ------------------------------------------------------------------------
    def poll_table(self) -> None:
        """Someone at another terminal (or their client's bot) moved: show it."""
        try:
            moved = self.session.refresh()
        except SaveError as err:
            if self._poll_error != err.reason:
                self.notify(f"Cannot read the table: {err.reason}", severity="error")
            self._poll_error = err.reason
            return
        self._poll_error = None
        if moved:
            self.table_moved()

    def table_moved(self) -> None:
        """Forget bots thinking about an older position, then carry on from the new one."""
        version = len(self.session.record.actions)
        self.thinking = {s: v for s, v in self.thinking.items() if v == version}
        self.advance()

    # --- bots ---------------------------------------------------------------------------------
    def start_bot(self, seat: int) -> None:
        serial = len(self.session.record.actions)
        self.thinking[seat] = serial
        level = self.seats[seat].level
        bot = self.game.bots[level]
        seed = bot_seed(self.session.record.seed, serial, seat, self.retries)
        self.think(bot, self.session.view(seat), seat, serial, seed)

    @work(thread=True, group="bots")
    def think(self, bot, view, seat: int, serial: int, seed: str) -> None:
        """Runs off the UI thread with only the bot's own view; never touches widgets."""
        started = time.monotonic()
        action = bot(view, seat, random.Random(seed))
        pause = self.app.bot_delay - (time.monotonic() - started)
        if pause > 0 and not self.skipping:
            time.sleep(pause)
        self.post_message(BotChose(seat, action, serial))

    def on_bot_chose(self, message: BotChose) -> None:
        if self.thinking.get(message.seat) != message.serial:
            return
        del self.thinking[message.seat]
        if self.game.outcome(self.session.state) is not None:
            return
        if message.seat not in self.game.to_move(self.session.state):
            self.advance()
            return
        try:
            self.session.apply(message.seat, message.action)
            self.retries = 0
        except TableChanged:  # another client landed this move (or another) first
            self.table_moved()
            return
        except IllegalAction:
            self.retries += 1  # the position moved on while it thought: think again
            if self.retries > MAX_BOT_RETRIES:
                self.notify("A bot could not find a legal move.", severity="error")
                return
        except SaveError as err:
            self.notify(f"Autosave failed: {err}", severity="error", timeout=10)
        self.advance()

    def update_thinking(self) -> None:
        names = tuple(self.seat_name(s) for s in sorted(self.thinking))
        self.query_one(Thinking).names = names

    # --- hand-over, result ----------------------------------------------------------------------
    def hand_over(self, seat: int) -> None:
        self.handing_over = True
        label = self.game.seat_labels(len(self.seats))[seat]

        def ready(_: bool | None) -> None:
            self.viewer = seat
            self.handing_over = False
            self.advance()

        self.app.push_screen(HandOverScreen(self.seats[seat].name, label), ready)

    def result_text(self, outcome: Outcome) -> tuple[str, str]:
        if outcome.is_draw and len(self.seats) == 1:
            return "Defeat.", outcome.reason  # a solitaire has no draw: nobody won, you lost
        if outcome.is_draw:
            return "A draw.", outcome.reason
        names = " and ".join(self.seat_name(s) for s in outcome.winners)
        return f"{names} wins!", outcome.reason

    def show_result(self, outcome: Outcome) -> None:
        headline, details = self.result_text(outcome)

        def chosen(what: str | None) -> None:
            if what == "new":
                self.new_game_same_setup()
            elif what == "menu":
                self.app.pop_screen()

        self.app.push_screen(ResultScreen(headline, details), chosen)

    def new_game_same_setup(self) -> None:
        if self.at_table:
            self.notify("Start another table with `batallas table new`.", timeout=6)
            self.app.pop_screen()
            return
        record = self.session.record
        session = Session.new(
            self.game, self.app.store, record.seats, record.config, players=record.players
        )
        self.app.open_session(session)

    # --- commands ------------------------------------------------------------------------------
    def action_skip_bots(self) -> None:
        self.skipping = True

    def action_bot_speed(self, step: int) -> None:
        """The pause after each bot step, so their turns can be followed (or hurried)."""
        speeds = BOT_SPEEDS
        now = min(range(len(speeds)), key=lambda i: abs(speeds[i] - self.app.bot_delay))
        self.app.bot_delay = speeds[max(0, min(len(speeds) - 1, now + step))]
        self.notify(f"Bots pause {self.app.bot_delay:.1f} s after each step.", timeout=2)

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_menu(self) -> None:
        self.notify(f"Saved as “{self.session.record.title}”.", timeout=3)
        self.app.pop_screen()

    def check_action(self, action: str, parameters) -> bool | None:
        """At a shared table there is nothing to save as (every move is already on the table);
        everything else is the game screen's to say (``check_game_action``)."""
        if action == "save_as" and self.at_table:
            return False
        return self.check_game_action(action, parameters)

    def check_game_action(self, action: str, parameters) -> bool | None:
        """Which of the game's own keys work now (the footer shows only those)."""
        return True

    def action_save_as(self) -> None:
        from tui.screens.dialogs import PromptDialog

        def done(title: str | None) -> None:
            if not title:
                return
            try:
                self.session.save_as(title)
            except SaveError as err:
                self.notify(str(err), severity="error")
                return
            self.notify(f"Saved as “{self.session.record.title}”.")

        self.app.push_screen(PromptDialog("Save this game as:", self.session.record.title), done)


def screen_for(session: Session | TableSession) -> GameScreen:
    """The screen class for a session's game."""
    from tui.screens.alamo import AlamoScreen
    from tui.screens.ataque import AtaqueScreen
    from tui.screens.gallic import GallicScreen
    from tui.screens.mates import MatesScreen
    from tui.screens.metauro import MetauroScreen

    screens: dict[str, type[GameScreen]] = {
        "gallic": GallicScreen,
        "alamo": AlamoScreen,
        "metauro": MetauroScreen,
        "mates": MatesScreen,
        "ataque": AtaqueScreen,
    }
    return screens[session.game.id](session)
