"""What every game screen shares: the session, whose view is shown, bots in workers,
hot-seat hand-over, the result screen, save-as, rules and the menu.

A game's screen subclasses ``GameScreen`` and supplies ``compose_board``, ``render_view``
and ``prompt_text``; it turns player input into actions with ``act``.

The session is a ``Session`` (everyone at this terminal) or a ``TableSession`` (a shared
table: this terminal plays one seat, the viewer never changes, other players' moves arrive
by polling the table file, and a move made on an old position is refused and reloaded), or a
``TableWatch`` (a spectator of a shared table: the viewer is None, the view is the public
one, no bot runs here and every key that would act says "You are watching.").
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable
from pathlib import Path

import attrs
from textual import work
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.markup import MarkupError
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Static
from textual.worker import Worker, get_current_worker

from engine.core import IllegalAction, Outcome
from engine.i18n import N_, _, ngettext, number
from engine.words import listing, plural
from saves.locks import Busy
from saves.paths import visible
from saves.record import level_name, says_level
from saves.session import Session
from saves.store import SaveConflict, SaveError
from saves.tables import (
    WATCHING,
    TableChanged,
    TableSession,
    TableWatch,
    bot_seed,
    count_watchers,
    watching_text,
)
from tui import terminal
from tui.screens.dialogs import ConflictDialog, Deliberate, Said, say
from tui.sides import side_wins
from tui.textual_i18n import recompose_keeping_input
from tui.widgets.footer import KeysFooter
from tui.widgets.status import StatusBar, Thinking

MAX_BOT_RETRIES = 3
BOT_SPEEDS = (0.0, 0.15, 0.3, 0.6, 1.0, 1.6)
STYLES = Path(__file__).parent.parent / "styles"
TABLE_POLL = 0.25  # seconds between looks at a shared table's file (a stat when idle)
SUMMARY = N_("Since your last move")  # the title of the summary toast (``_`` where shown)
SAVE_POLL = 2.0  # seconds between looks at our own save: did another session continue it?
WATCHERS_POLL = 1.0  # seconds between counts of a table's spectators
# keys a spectator may use (a spectator never writes, so never has a move to cancel)
LOOK_ACTIONS = frozenset({"rules", "menu", "log", "keys", "cancel_table_wait"})
TABLE_WAIT = N_("Waiting for the table… Escape cancels your move.")
BOT_TABLE_WAIT = N_("Waiting for the table…")
STILL_WAITING = N_("Your move is still waiting for the table: Escape cancels it.")


class BotChose(Message):
    def __init__(self, seat: int, action, serial: int) -> None:
        super().__init__()
        self.seat = seat
        self.action = action
        self.serial = serial


class TableWritten(Message):
    """A move that waited for the table's lock was written, or not (``error`` says why)."""

    def __init__(self, worker: Worker, seat: int, bot: bool, error: Exception | None) -> None:
        super().__init__()
        self.worker = worker
        self.seat = seat
        self.bot = bot
        self.error = error


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
    """The end of a game: who won and why, then a new game, the menu, or a last look. Keys
    pressed a moment before the game ended (Enter at the reveal) do not answer it.

    ``headline`` and ``details`` are ``Content`` (names shown as typed), or markup strings
    whose every name the caller made literal."""

    AUTO_FOCUS = "#new"

    BINDINGS = [
        Binding("n", "choose('new')", N_("New game")),
        Binding("m", "choose('menu')", N_("Menu")),
        Binding("escape,b", "choose('board')", N_("Look at the board")),
    ]

    def __init__(
        self,
        headline: str | Content,
        details: str | Content,
        campaign: Content | None = None,
        next_battle: bool = False,
        retell: Callable[[], Told] | None = None,
    ) -> None:
        """``campaign``: the score of the campaign this game belongs to; ``next_battle``: n
        goes on to the campaign's next game instead of a new one; ``retell``: headline,
        details and campaign score said again, after a language switch."""
        super().__init__()
        self.headline = headline
        self.details = details
        self.campaign = campaign
        self.next_battle = next_battle
        self.retell = retell

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog result"):
            yield Static(shown(self.headline), classes="title")
            yield Static(shown(self.details))
            if self.campaign is not None:
                yield Static(self.campaign, id="campaign-score")
            with Horizontal(classes="buttons"):
                new = _("Next battle (n)") if self.next_battle else _("New game (n)")
                yield Button(new, variant="primary", id="new")
                yield Button(_("Menu (m)"), id="menu")
                yield Button(_("Board (b)"), id="board")

    async def language_changed(self) -> None:
        """Told again in the language just chosen; the pause before the keys wake up is not
        started again."""
        if self.retell is not None:
            self.headline, self.details, self.campaign = self.retell()
        await recompose_keeping_input(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id)

    def action_choose(self, what: str) -> None:
        self.answer(what)


class GameScreen(Screen):
    BINDINGS = [
        Binding("k", "keys", N_("Keys")),  # first: it lists every key the footer leaves out
        Binding("question_mark,f1", "rules", N_("Rules")),
        Binding("ctrl+s", "save_as", N_("Save as")),
        Binding("escape", "menu", N_("Menu")),
        # Before any key of the game's own: while a move waits for the table, Escape stops it
        # (the status line says so; the footer's room stays the game's).
        Binding("escape", "cancel_table_wait", N_("Cancel the move"), show=False, priority=True),
        Binding("l", "log", N_("Log")),
        Binding("full_stop", "skip_bots", N_("Skip to my turn"), show=False),
        Binding("plus", "bot_speed(-1)", N_("Bots faster"), show=False),
        Binding("minus", "bot_speed(1)", N_("Bots slower"), show=False),
    ]

    # The footer shows these after the game's keys, in this order, as many as fit (Keys always).
    SHARED_KEYS = ("keys", "menu", "rules", "log", "save_as")

    view = reactive(None, always_update=True, init=False)

    # The game's own keys a spectator may use, as action names or (name, parameters): they
    # only look (another tab, the result). Every other key of the screen says "You are
    # watching." to a spectator.
    WATCH_ACTIONS: frozenset = frozenset()

    # The screen's attributes that are one player's own (marks, the chosen territory): in hot
    # seat each player keeps theirs (``turn_seat_ui_to``), as widgets keep their ``SEAT_UI``.
    SEAT_UI: tuple[str, ...] = ()

    def __init__(self, session: Session | TableSession | TableWatch) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        # Names as shown: a save or table file may carry control characters in them.
        self.seats = tuple(attrs.evolve(s, name=visible(s.name)) for s in session.record.seats)
        self.at_table = isinstance(session, (TableSession, TableWatch))
        self.watching = isinstance(session, TableWatch)  # no seat: the public view, no moves
        humans = self.human_seats
        self.viewer = session.seat if self.at_table else humans[0] if humans else 0
        # The seat whose view is on screen; None until the first one, and after a moment every
        # player at this terminal watched together (a reveal), so the next view is handed over.
        self.shown_seat: int | None = None
        self.thinking: dict[int, int] = {}  # seat -> serial of the worker running for it
        self.retries = 0
        self.result_shown = False
        self.handing_over = False
        self.skipping = False  # bots play without pauses until a human must act
        self._poll_error: str | None = None  # the last table read problem, said once
        self._said_storage: str | None = None  # the last save problem, said once
        # seat -> (actions, log lines) just after that seat's last move, for "since then"
        self._last_move: dict[int, tuple[int, int]] = {}
        self._summarized = -1  # the action count whose summary was shown
        self._conflict_open = False
        # Each seat's own cursor, marks and selection while another seat's view is on screen.
        self._seat_ui: dict[int | None, dict] = {}
        self._fresh_ui: dict | None = None  # the screen's state before the first view
        self._ui_seat: int | None = None  # whose they are now
        self.watchers = 0  # spectators of this table, as last counted
        self._watchers_counted = 0.0
        # A move waiting for the table's lock in a worker, and whether a bot made it.
        self.table_wait: Worker | None = None
        self.table_wait_bot = False
        if self.watching:
            self.refuse_acting_keys()

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield from self.compose_board()
        yield StatusBar(id="status")
        yield KeysFooter()

    def compose_board(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.title = self.game.name
        if self.at_table:
            self.count_watchers()
            self.set_interval(TABLE_POLL, self.poll_table)
        elif not self.read_only:
            self.set_interval(SAVE_POLL, self.poll_save)
        self.on_resize()
        self.advance()
        if self.session.save_error:
            self.storage_failed(self.session.save_error)

    def on_unmount(self) -> None:
        self.session.close()

    def language_changed(self) -> None:
        """The board in the language just chosen, as it stands: every line drawn from the view
        (cards, log, prompt, the header's progress) is drawn again, as after a resize; what
        only the screen holds (the cursor, marked cards, the focus) stays as it was. A game
        screen that also builds labels once (tab titles, columns) renames them in its own
        ``language_changed`` and calls this one."""
        if self.at_table:
            self.count_watchers()  # the title says "table …" and who watches
        else:
            self.title = self.game.name
        self.on_resize()
        self.update_thinking()

    def on_resize(self) -> None:
        """Two layouts: compact below 100×34, roomy above (cards, log, labels grow). In the
        compact one the footer's keys sit closer and the palette's key (ctrl+p still works)
        gives its room to the game's. The board is drawn again for the new size at once."""
        size = self.app.size
        compact = size.width < 100 or size.height < 34
        self.set_class(compact, "compact")
        footers = self.query(Footer)
        if footers:
            footer = footers.first()
            footer.compact = compact
            if footer.show_command_palette == compact:
                footer.show_command_palette = not compact
                footer.refresh(recompose=True)
        if self.view is not None:
            self.view = self.view

    # --- seats --------------------------------------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        """Several people share this terminal and each has secrets: views need hand-overs."""
        return not self.at_table and self.game.hidden_information and len(self.human_seats) > 1

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].kind == "human"

    def is_local(self, seat: int) -> bool:
        """A human playing at this terminal: at a table, only our own seat."""
        return self.is_human(seat) and (not self.at_table or seat == self.session.seat)

    def seat_name(self, seat: int, with_label: bool = True) -> str:
        """ "Rome · Ana", "Gauls · Strong bot", "Gauls · Brennus (strong bot)"."""
        info = self.seats[seat]
        who = info.name
        if info.kind != "human":
            if not says_level(info.name, info.level or ""):
                level = level_name(info.level or "")
                who = _("{name} ({level} bot)").format(name=info.name, level=level)
        if not with_label:
            return who
        return f"{self.game.seat_labels(len(self.seats))[seat]} · {who}"

    # --- the loop: after any change, decide who acts next -------------------------------------
    @property
    def read_only(self) -> bool:
        """A replay (``saves.replay.ReplaySession``): the board shows one step of a saved game;
        no bot starts, nothing is handed over, polled or applied, and no result screen opens."""
        return getattr(self.session, "read_only", False)

    def advance(self) -> None:
        terminal.guard(all_saved=getattr(self.app, "all_saved", lambda: True)())
        if self.read_only:
            self.shown_seat = self.viewer
            self.view = self.session.view(self.viewer)
            self.refresh_bindings()
            return
        state = self.session.state
        pending = self.game.to_move(state)
        human_pending = [s for s in pending if self.is_local(s)]
        if human_pending:
            self.skipping = False
        if self.handing_over:
            return  # the hand-over covers the table; the player's "ready" carries on
        if self.hot_seat and self.watched_together(state, human_pending):
            self.viewer = None  # nobody's own view: the public one, said in the third person
        elif human_pending and self.viewer not in human_pending:
            self.viewer = human_pending[0]
        if self.hot_seat and self.viewer is not None and self.shown_seat != self.viewer:
            self.hand_over(self.viewer)
            return
        self.shown_seat = self.viewer
        self.view = self.session.view(self.viewer)
        if self.viewer in human_pending:
            self.summarize_since_last_move(self.viewer)
        # Bots are the players' clients' work, and stop once another session took the game.
        stopped = self.watching or self.session.conflict is not None
        for seat in () if stopped else pending:
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
        self.turn_seat_ui_to(self.viewer)
        self.render_view(view)
        self.query_one(StatusBar).prompt(self.waiting_text() or self.prompt_text(view))
        self.sub_title = self.game.progress(self.session.state)

    def render_view(self, view) -> None:
        """Subclasses draw the board from the view (the only game state they may read)."""

    def prompt_text(self, view) -> str:
        return ""

    def waiting_text(self) -> str:
        """At a table: the lock a move waits for, or, when only people at other terminals can
        move, whom we wait for."""
        if self.table_wait is not None:
            return _(BOT_TABLE_WAIT) if self.table_wait_bot else _(TABLE_WAIT)
        if self.watching:
            return self.watching_prompt()
        if not self.at_table or self.my_turn:
            return ""
        away = [
            self.seats[s].name
            for s in self.game.to_move(self.session.state)
            if self.is_human(s) and not self.is_local(s)
        ]
        return _("Waiting for {names}…").format(names=listing(away)) if away else ""

    @property
    def my_turn(self) -> bool:
        if self.read_only:
            return False
        state = self.session.state
        return self.is_human(self.viewer) and self.viewer in self.game.to_move(state)

    def act(self, action) -> bool:
        """Apply a human action for the viewing seat; refuse illegal ones with the reason."""
        if self.watching:
            self.action_watching()
            return False
        if self.read_only:
            self.notify(_("This is a replay: nothing can be played here."), severity="warning")
            return False
        if not self.my_turn:
            self.notify(_("Wait: it is not your turn."), severity="warning")
            return False
        return self._apply(self.viewer, action)

    def act_for_local_humans(self, action) -> bool:
        """One key press answers for every human at this terminal (e.g. 'continue').

        When it answers for several, they were all looking: nobody's private view may follow
        until the hand-over."""
        if self.watching:
            self.action_watching()
            return False
        pending = [s for s in self.game.to_move(self.session.state) if self.is_local(s)]
        done = False
        for seat in pending:
            done = self._apply(seat, action, advance=False) or done
        if done and len(pending) > 1:
            self.shown_seat = None
        self.advance()
        return done

    def _apply(self, seat: int, action, advance: bool = True) -> bool:
        if self.table_wait is not None:
            waiting = _(BOT_TABLE_WAIT) if self.table_wait_bot else _(STILL_WAITING)
            self.notify(waiting, severity="warning", timeout=4)
            return False
        error = self.write(seat, action, bot=False)
        if isinstance(error, Busy):
            return False  # it waits for the table; ``on_table_written`` carries on
        done = self.move_done(seat, False, error)
        if done and advance:
            self.advance()
        return done

    def write(self, seat: int, action, bot: bool) -> Exception | None:
        """Apply a move; the error that stopped it, if any. A table whose lock another client
        holds is never waited for here, on the screen's own thread: the move waits in a
        worker (``Busy`` is returned meanwhile) and the screen stays responsive."""
        try:
            terminal.guard(all_saved=False)
            if self.at_table:
                self.session.apply(seat, action, wait=0)
            else:
                self.session.apply(seat, action)
        except Busy as err:
            self.wait_for_table(seat, action, bot)
            return err
        except (IllegalAction, TableChanged, SaveError) as err:
            return err
        return None

    def move_done(self, seat: int, bot: bool, error: Exception | None) -> bool:
        """Say why a move was refused, if it was; True when the game goes on from it (made,
        or kept on screen though not saved), False when it was not made."""
        if error is None:
            if bot:
                self.retries = 0
            else:
                self._last_move[seat] = (len(self.session.record.actions), self.log_length())
            return True
        if isinstance(error, TableChanged):  # the session already holds the new position
            if not bot:
                self.notify(str(error), severity="warning", markup=False)
            self.table_moved()
            return False
        if isinstance(error, IllegalAction):
            if not bot:
                self.notify(error.reason, title=_("Not allowed"), severity="warning", markup=False)
                return False
            self.retries += 1  # the position moved on while it thought: think again
            if self.retries > MAX_BOT_RETRIES:
                self.notify(_("A bot could not find a legal move."), severity="error")
                return False
            return True
        if isinstance(error, SaveConflict):
            self.show_conflict(error)
            return True
        if self.at_table and not bot:  # the table could not be read or written
            self.notify(
                _("The move was not made: {reason}").format(reason=error),
                severity="error",
                timeout=10,
                markup=False,
            )
            return False
        self.storage_failed(error.reason)
        return True

    # --- waiting for a table another client holds ---------------------------------------------
    def wait_for_table(self, seat: int, action, bot: bool) -> None:
        self.table_wait = self.write_when_free(seat, action, bot)
        self.table_wait_bot = bot
        self.table_wait_changed()

    @work(thread=True, group="table")
    def write_when_free(self, seat: int, action, bot: bool) -> None:
        """Wait for the table's lock as long as it takes, off the UI thread, then write the
        move; Escape (or leaving the screen, which cancels the worker) stops the wait. The
        table is not polled meanwhile, so only this thread uses the session."""
        worker = get_current_worker()
        error: Exception | None = None
        try:
            self.session.apply(seat, action, wait=None, cancel=worker.cancelled_event)
        except (IllegalAction, TableChanged, SaveError) as err:
            error = err
        self.post_message(TableWritten(worker, seat, bot, error))

    def on_table_written(self, message: TableWritten) -> None:
        if message.worker is not self.table_wait:
            return
        self.table_wait = None
        self.table_wait_changed()
        if self.move_done(message.seat, message.bot, message.error):
            self.advance()

    def action_cancel_table_wait(self) -> None:
        """Stop waiting: the worker gives up at once and says the move was not made (unless
        the lock came first, and the move with it)."""
        if self.table_wait is not None:
            self.table_wait.cancelled_event.set()

    def table_wait_changed(self) -> None:
        """The status line and the footer (Escape cancels) say whether a move waits."""
        if self.view is not None:
            self.query_one(StatusBar).prompt(self.waiting_text() or self.prompt_text(self.view))
        self.refresh_bindings()

    # --- shared tables ------------------------------------------------------------------------
    def poll_table(self) -> None:
        """Someone at another terminal (or their client's bot) moved: show it. Not while a
        move waits for the table: its worker has the session until it is written."""
        if self.table_wait is not None:
            return
        try:
            moved = self.session.refresh()
        except SaveError as err:
            if self._poll_error != err.reason:
                self.notify(
                    _("Cannot read the table: {reason}").format(reason=err.reason),
                    severity="error",
                    markup=False,
                )
            self._poll_error = err.reason
            return
        self._poll_error = None
        if moved:
            self.table_moved()
        if time.monotonic() - self._watchers_counted >= WATCHERS_POLL:
            self.count_watchers()

    def count_watchers(self) -> None:
        """Count the table's spectators (no lock is taken) and say it in the title."""
        self._watchers_counted = time.monotonic()
        self.watchers = count_watchers(self.session.store.root, self.session.name)
        who = _("spectator") if self.watching else self.session.player
        table = _("table {name}").format(name=self.session.name)
        self.title = self.game.name + visible(f" · {table} · {who}")
        self.title += watching_text(self.watchers)

    # --- spectators ---------------------------------------------------------------------------
    def watching_prompt(self) -> str:
        """A spectator's status line: whom the table waits for, or how the game ended."""
        room = self.app.size.width - 2
        outcome = self.game.outcome(self.session.state)
        if outcome is not None:
            said = _("Game over — {reason}").format(reason=outcome.reason)
            return said if len(said) <= room else _("Game over (see the log).")
        pending = self.game.to_move(self.session.state)
        labels = self.game.seat_labels(len(self.seats))
        for names in (
            [self.seat_name(s) for s in pending],
            [labels[s] for s in pending],
        ):
            said = _("You are watching: {names} to play.").format(names=listing(names))
            if len(said) <= room:
                return said
        return _(WATCHING)

    def may_watch(self, action: str, parameters) -> bool:
        """Whether a spectator may use this key: it only looks, it never acts."""
        return (
            action in LOOK_ACTIONS
            or action in self.WATCH_ACTIONS
            or (action, tuple(parameters)) in self.WATCH_ACTIONS
        )

    def refuse_acting_keys(self) -> None:
        """Every key bound to something a spectator may not do still answers: "You are
        watching." Bound after the screen's own keys, it runs when ``check_action`` refuses
        theirs."""
        refused = set()
        for bindings in self._bindings.key_to_bindings.values():
            for binding in bindings:
                namespace, action, parameters = parse(binding.action)
                if not namespace and not self.may_watch(action, parameters):
                    refused.add((binding.key, binding.priority))
        for key, priority in sorted(refused):
            self._bindings.bind(
                key, "watching", N_("Not while watching"), show=False, priority=priority
            )

    def action_watching(self) -> None:
        self.notify(_(WATCHING), severity="warning", timeout=3)

    def refuse_to_spectator(self) -> None:
        """A click or Enter on the board that would be a move: a spectator is told why not."""
        if self.watching and self.game.outcome(self.session.state) is None:
            self.action_watching()

    def on_hand_view_toggled(self) -> None:
        self.refuse_to_spectator()

    def on_chess_card_clicked(self) -> None:
        self.refuse_to_spectator()

    def on_metauro_grid_picked(self) -> None:
        self.refuse_to_spectator()

    def on_world_map_picked(self) -> None:
        self.refuse_to_spectator()

    def table_moved(self) -> None:
        """Forget bots thinking about an older position, then carry on from the new one."""
        version = len(self.session.record.actions)
        self.thinking = {s: v for s, v in self.thinking.items() if v == version}
        self.advance()

    # --- the log ---------------------------------------------------------------------------
    def log_lines(self) -> list[str]:
        """The log lines of the view on screen (the same the log under the board shows)."""
        from tui.widgets.log import EventLog

        logs = self.query(EventLog)
        return list(logs.first().shown) if logs else []

    def log_length(self) -> int:
        """How many log lines are shown, without copying them (asked after every move)."""
        from tui.widgets.log import EventLog

        logs = self.query(EventLog)
        return len(logs.first().shown) if logs else 0

    def since_last_move(self, seat: int) -> int | None:
        """Where the lines after ``seat``'s last move begin, if others moved since."""
        moved = self._last_move.get(seat)
        if moved is None:
            return None
        actions, lines = moved
        others = [s for s, _action in self.session.record.actions[actions:] if s != seat]
        return lines if others and lines <= self.log_length() else None

    def summarize_since_last_move(self, seat: int) -> None:
        """When a turn comes back after several moves by others, say what happened (the log
        under the board holds two or three lines; ``l`` shows everything)."""
        now = len(self.session.record.actions)
        moved = self._last_move.get(seat)
        if moved is None or self._summarized == now or now - moved[0] < 2:
            return
        start = self.since_last_move(seat)
        if start is None:
            return
        self._summarized = now
        self.call_after_refresh(self._show_summary, start)

    def _show_summary(self, start: int) -> None:
        from rich.text import Text

        from tui.widgets.log import EventLog

        new = self.log_lines()[start:]
        logs = self.query(EventLog)
        if not new or (logs and len(new) <= logs.first().size.height):
            return  # the log under the board already shows all of it
        if self.game.outcome(self.session.state) is not None:
            return
        shown = [Text.from_markup(line, emoji=False).plain for line in new[-3:]]
        if len(new) > len(shown):
            earlier = plural(len(new) - len(shown), "earlier line", "earlier lines")
            shown.insert(0, _("… {earlier} (l: the whole log)").format(earlier=earlier))
        title = _(SUMMARY)
        for note in list(self.app._notifications):  # one summary at a time, the newest
            if note.title == title:
                self.app._unnotify(note)
        self.notify("\n".join(shown), title=title, timeout=8, markup=False)

    def log_contents(self) -> tuple[str, list[str], int | None]:
        """The log screen's title, lines and where the lines since the viewer's last move
        begin; asked again when the language changes while it is open."""
        if self.viewer is None and self.hot_seat:  # a moment everyone here looks at
            title = _("{game} · the log as all players see it").format(game=self.game.name)
        elif self.viewer is None:
            title = _("{game} · the log as spectators see it").format(game=self.game.name)
        else:
            title = _("{game} · the log as {seat} saw it").format(
                game=self.game.name, seat=self.seat_name(self.viewer)
            )
        return title, self.log_lines(), self.since_last_move(self.viewer)

    def action_log(self) -> None:
        from tui.screens.log_view import LogScreen

        self.app.push_screen(LogScreen(*self.log_contents(), source=self.log_contents))

    def action_keys(self) -> None:
        """Every key of this screen, the footer's and the rest (Textual's help panel)."""
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()

    # --- our own save -----------------------------------------------------------------------
    def storage_failed(self, reason: str) -> None:
        """Said once per problem: the moves stay here and the next move saves them all."""
        if reason == self._said_storage:
            return
        self._said_storage = reason
        self.notify(
            _(
                "Could not save: {reason}. Your moves are kept on screen and will be saved as "
                "soon as the disk allows."
            ).format(reason=reason),
            title=_("Not saved"),
            severity="error",
            timeout=10,
            markup=False,
        )

    def poll_save(self) -> None:
        """Another session (a reconnection, another browser tab) continued this game."""
        if self._conflict_open:
            return
        conflict = self.session.moved_elsewhere()
        if conflict is not None:
            self.show_conflict(conflict)

    def show_conflict(self, conflict: SaveConflict) -> None:
        """Stop playing here until the player chooses: the newer game, or ours as a copy."""
        if self._conflict_open:
            return
        self._conflict_open = True

        def chosen(what: str | None) -> None:
            if what == "load":  # this screen gives way: it must never ask again meanwhile
                self.load_newer()
            else:
                self._conflict_open = False
                self.keep_as_copy()

        dialog = ConflictDialog(conflict.reason, unsaved=self.session.moves_not_saved)
        self.app.push_screen(dialog, chosen)

    def load_newer(self) -> None:
        """The other session's game, here; the moves this screen had played beyond it are
        gone, and the player is told (a move that met the conflict looked made)."""
        dropped = self.session.moves_not_saved
        self.session.close()
        self.app.resume(self.session.name, takeover=True)
        if dropped:
            self.app.notify(
                ngettext(
                    "The last move played here was not made: the game goes on from the other "
                    "session's position.",
                    "The last {n} moves played here were not made: the game goes on from the "
                    "other session's position.",
                    dropped,
                ).format(n=number(dropped)),
                severity="warning",
                timeout=10,
            )

    def keep_as_copy(self) -> None:
        title = _("{title} (copy)").format(title=self.session.record.title)
        try:
            self.session.save_as(title)
        except SaveError as err:
            self.storage_failed(err.reason)
            return
        self.notify(
            _(
                "Your game is saved as “{title}”; the other session's game keeps the old name."
            ).format(title=self.session.record.title),
            timeout=8,
            markup=False,
        )
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
        if self.table_wait is not None:
            return  # our move waits for the table; bots think again once it is written
        error = self.write(message.seat, message.action, bot=True)
        if isinstance(error, Busy):
            return
        if self.move_done(message.seat, True, error):
            self.advance()

    def update_thinking(self) -> None:
        labels = self.game.seat_labels(len(self.seats))  # short: the status line is narrow
        names = tuple(labels[s] for s in sorted(self.thinking))
        self.query_one(Thinking).names = names

    # --- hot seat: shared moments, each player's own cursor ------------------------------------
    def watched_together(self, state, local: list[int]) -> bool:
        """Whether everyone at this terminal may be looking: no human here is due (the game
        is over, or bots play), or every human due gives the same single answer (Gallic's
        "next battle" after the reveal). Such a moment shows nobody's own view."""
        if len(local) < 2:
            return not local
        answers = {self.game.legal_actions(state, seat) for seat in local}
        return len(answers) == 1 and len(next(iter(answers))) == 1

    def seat_ui(self) -> dict:
        """What only the screen holds for the player looking at it: the screen's ``SEAT_UI``
        attributes and each widget's ``SEAT_UI`` (its cursor)."""
        widgets = {
            w.id: {name: getattr(w, name) for name in w.SEAT_UI}
            for w in self.query("*")
            if w.id is not None and getattr(w, "SEAT_UI", ())
        }
        mine = {name: copy.copy(getattr(self, name)) for name in self.SEAT_UI}
        return {"screen": mine, "widgets": widgets}

    def restore_seat_ui(self, saved: dict) -> None:
        for name, value in saved["screen"].items():
            setattr(self, name, copy.copy(value))  # a copy: marks change in place
        for widget_id, values in saved["widgets"].items():
            for widget in self.query(f"#{widget_id}"):
                for name, value in values.items():
                    setattr(widget, name, value)

    def turn_seat_ui_to(self, seat: int | None) -> None:
        """Players sharing the terminal each keep their own cursor, marks and selection: the
        state of the seat leaving the screen is kept, the arriving seat's is put back (a seat
        new to the screen, or everyone watching together, starts from the screen's first)."""
        if self._fresh_ui is None:
            self._fresh_ui = self.seat_ui()
        elif seat != self._ui_seat:
            self._seat_ui[self._ui_seat] = self.seat_ui()
            self.restore_seat_ui(self._seat_ui.get(seat, self._fresh_ui))
        self._ui_seat = seat

    # --- hand-over, result ----------------------------------------------------------------------
    def hand_over(self, seat: int) -> None:
        """Cover the whole terminal until ``seat``'s player is ready, then show their view.

        Their view is drawn beneath the cover at once: whenever the cover lifts, the table
        already shows their view, never a moment of the previous player's."""
        self.handing_over = True

        def label() -> str:
            return self.game.seat_labels(len(self.seats))[seat]

        def ready(_ready: bool | None) -> None:
            self.handing_over = False
            self.advance()

        self.app.push_screen(HandOverScreen(self.seats[seat].name, label), ready)
        self.viewer = self.shown_seat = seat
        self.view = self.session.view(seat)

    def result_text(self, outcome: Outcome) -> tuple[str | Content, str | Content]:
        """Headline and details for the result screen; names are plain text (``Content``)."""
        reason = Content(outcome.reason)
        if outcome.is_draw:
            return _("A draw."), reason
        if not outcome.winners:
            return _("Defeat."), reason  # a lost solitaire: nobody won, its player lost
        if len(outcome.winners) == 1:
            (seat,) = outcome.winners
            label = self.game.seat_labels(len(self.seats))[seat]
            agreeing = side_wins(label, self.seat_name(seat, with_label=False))
            if agreeing:
                return Content(agreeing), reason
        names = listing(self.seat_name(s) for s in outcome.winners)
        # English says "wins" of a winning side however many seats it has; other languages
        # may agree the verb with the number of winners.
        won = ngettext("{names} wins!", "{names} wins!", len(outcome.winners))
        return Content(won.format(names=names)), reason

    def show_result(self, outcome: Outcome) -> None:
        headline, details = self.result_text(outcome)
        step = self.campaign_step()

        def chosen(what: str | None) -> None:
            if what == "new":
                self.new_game_same_setup()
            elif what == "menu":
                self.app.pop_screen()

        def retell() -> Told:
            # Asked again: the reason is worded when the outcome is asked for.
            now = self.game.outcome(self.session.state) or outcome
            headline, details = self.result_text(now)
            again = self.campaign_step() if step is not None else None
            return headline, details, again.line if again is not None else None

        line, has_next = (step.line, step.has_next) if step else (None, False)
        result = ResultScreen(headline, details, line, has_next, retell=retell)
        self.app.push_screen(result, chosen)

    def campaign_step(self):
        """The campaign whose latest game this is (``tui/screens/series.py``), if any."""
        if not isinstance(self.session, Session):
            return None
        from tui.screens.series import campaign_step

        return campaign_step(self.app, self.session.name)

    def new_game_same_setup(self) -> None:
        """A new game like this one; in a campaign, the campaign's next game."""
        if self.at_table:
            if self.app.shows_paths:
                self.notify(_("Start another table with `batallas table new`."), timeout=6)
            else:  # a remote player has no shell to type it in
                self.notify(_("The host of this server starts new tables."), timeout=6)
            self.app.pop_screen()
            return
        step = self.campaign_step()
        if step is not None and step.has_next:
            from tui.screens.series import continue_campaign

            continue_campaign(self.app, step.name)
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
        self.notify(
            _("Bots pause {seconds} s after each step.").format(
                seconds=number(round(self.app.bot_delay, 1))
            ),
            timeout=2,
        )

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_menu(self) -> None:
        """Back to the menu, saying truthfully whether the game is saved."""
        if self.at_table:
            self.app.pop_screen()
            return
        problem = self.app.save_or_explain(self.session)
        if problem is None:
            self.notify(
                _("Saved as “{title}”.").format(title=self.session.record.title),
                timeout=3,
                markup=False,
            )
            self.app.pop_screen()
            return
        from tui.screens.dialogs import ConfirmDialog

        def answer(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        def question() -> str:  # the problem itself stays in the words it was said in
            return _("{problem} Leave anyway?").format(problem=problem)

        self.app.push_screen(ConfirmDialog(question, yes=lambda: _("Leave")), answer)

    def check_action(self, action: str, parameters) -> bool | None:
        """At a shared table there is nothing to save as (every move is already on the table),
        Escape cancels a move of ours waiting for the table, and a spectator has only the keys
        that look; everything else is the game screen's to say (``check_game_action``)."""
        if action == "cancel_table_wait":
            return self.table_wait is not None and not self.table_wait_bot
        if action == "save_as" and self.at_table:
            return False
        if self.watching and action == "watching":
            return True
        if self.watching and not self.may_watch(action, parameters):
            return False  # the "watching" binding on the same key says why
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
                self.notify(str(err), severity="error", markup=False)
                return
            self.notify(
                _("Saved as “{title}”.").format(title=self.session.record.title), markup=False
            )

        prompt = PromptDialog(lambda: _("Save this game as:"), self.session.record.title)
        self.app.push_screen(prompt, done)
