"""What every game screen shares: it observes the turn driver (``tui/match.py``: whose view,
which bots, hand-overs, the result) and draws it; runs bots in workers; opens the hand-over
and the result (``game_dialogs.py``); save-as, rules and the menu. Shared tables and
spectators (``table_play.py``), the log (``game_log.py``) and our own save
(``own_save.py``) are mixed in.

A game's screen subclasses ``GameScreen`` and supplies ``compose_board``, ``render_view``
and ``prompt_text``; it turns player input into actions with ``act``.

The session is a ``Session`` (everyone at this terminal) or a ``TableSession`` (a shared
table: this terminal plays one seat, the viewer never changes, other players' moves arrive
by polling the table file, and a move made on an old position is refused and reloaded), or a
``TableWatch`` (a spectator of a shared table: the viewer is None, the view is the public
one, no bot runs here and every key that would act says "You are watching.").

Just over 600 lines because what is left here is one flow, a move from the key to the next
seat (act, apply, save, start the bot, hand over, show the result); every concern beside it
already lives in its own mixin, and cutting the flow itself would spread one turn over files.
"""

from __future__ import annotations

import copy
import random
import time
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header
from textual.worker import Worker

from engine.core import IllegalAction, Outcome
from engine.i18n import N_, _, number
from saves import ratings
from saves.locks import Busy
from saves.paths import tables_path
from saves.record import HUMAN
from saves.session import Session
from saves.store import SaveConflict, SaveError
from saves.table_chat import ChatFeed
from saves.tables import (
    TableChanged,
    TableSession,
    TableWatch,
)
from tui import terminal
from tui.crash import log_crash
from tui.match import BotJob, Match
from tui.messages import NextCampaignGame, OpenGame, OpenReview, OpenRules
from tui.screens.coach_play import COACH, CoachPlay
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.screens.game_dialogs import HandOverScreen, ResultScreen, Told
from tui.screens.game_log import GameLog
from tui.screens.lesson_play import LessonPlay
from tui.screens.own_save import OwnSave
from tui.screens.table_chat import TableChat
from tui.screens.table_clock import TableClock
from tui.screens.table_play import BOT_TABLE_WAIT, STILL_WAITING, TABLE_POLL, TablePlay
from tui.widgets.footer import KeysFooter
from tui.widgets.log import literal
from tui.widgets.status import StatusBar, Thinking

BOT_SPEEDS = (0.0, 0.15, 0.3, 0.6, 1.0, 1.6)
STYLES = Path(__file__).parent.parent / "styles"
SAVE_POLL = 2.0  # seconds between looks at our own save: did another session continue it?


class BotChose(Message):
    def __init__(self, seat: int, action, serial: int, epoch: int = 0) -> None:
        super().__init__()
        self.seat = seat
        self.action = action
        self.serial = serial
        self.epoch = epoch  # the takebacks before it started: a later one drops the answer


class GameScreen(LessonPlay, TablePlay, TableChat, TableClock, GameLog, CoachPlay, OwnSave, Screen):
    BINDINGS = [
        Binding("k", "keys", N_("Keys")),  # first: it lists every key the footer leaves out
        Binding("question_mark,f1", "rules", N_("Rules")),
        Binding("ctrl+s", "save_as", N_("Save as")),
        Binding("escape", "menu", N_("Menu")),
        # Before any key of the game's own: while a move waits for the table, Escape stops it
        # (the status line says so; the footer's room stays the game's).
        Binding("escape", "cancel_table_wait", N_("Cancel the move"), show=False, priority=True),
        Binding("l", "log", N_("Log")),
        Binding("h", "chat", N_("Chat")),  # at a shared table (``table_chat.py``)
        Binding("full_stop", "skip_bots", N_("Skip to my turn"), show=False),
        Binding("plus", "bot_speed(-1)", N_("Bots faster"), show=False),
        Binding("minus", "bot_speed(1)", N_("Bots slower"), show=False),
        # The coach (``coach_play.py``): listed by ``k``; free in every game's screen. The
        # function keys work while a box has the focus (Mates solo's answer takes letters).
        Binding("i,f5", "coach_hint", N_("Coach's hint"), show=False),
        Binding("u,f6", "take_back", N_("Take back"), show=False),
        # At a shared table (``table_clock.py``): resign, and take a seat back from its bot.
        Binding("f8", "resign", N_("Resign"), show=False),
        Binding("f9", "claim_back", N_("Claim your seat back"), show=False),
    ]

    # The footer shows these after the game's keys, in this order, as many as fit (Keys always).
    SHARED_KEYS = ("keys", "chat", "menu", "rules", "log", "save_as")

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
        self.match = Match(session)  # whose move, bots, hand-overs: this screen draws them
        self.handing_over = False
        self._said_storage: str | None = None  # the last save problem, said once
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
        self.deadline_timer = None  # the timer set for the table's next deadline
        # The coach's notes in the log, (where, line), and how long the last hint took.
        self.coach_notes: list[tuple[int, str]] = []
        self.hint_asked = 0.0
        self.hint_seconds: float | None = None
        self.chat = ChatFeed(session.store.root, session.name) if self.at_table else None
        coached = self.coached_so_far()
        if coached is not None:
            self.coach_notes.append((0, f"[i]{literal(coached)}[/i]"))
        if self.watching:
            self.refuse_acting_keys()

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield from self.compose_board()
        yield from self.compose_lesson()
        yield StatusBar(id="status")
        yield KeysFooter()

    def compose_board(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.title = self.game.name
        if self.at_table:
            self.count_watchers()
            self.chat.poll()
            self.set_interval(TABLE_POLL, self.poll_table)
            if not self.watching:
                self.start_clock()
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

    # --- the match's seats and turn, as the game screens read them ----------------------------
    seats = property(lambda self: self.match.seats)
    at_table = property(lambda self: self.match.at_table)
    watching = property(lambda self: self.match.watching)
    human_seats = property(lambda self: self.match.human_seats)
    hot_seat = property(lambda self: self.match.hot_seat)
    read_only = property(lambda self: self.match.read_only)
    my_turn = property(lambda self: self.match.my_turn)
    thinking = property(lambda self: self.match.thinking)

    @property
    def viewer(self) -> int | None:
        """The seat whose view is drawn (None: the public one)."""
        return self.match.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.match.viewer = seat

    @property
    def shown_seat(self) -> int | None:
        return self.match.shown_seat

    @shown_seat.setter
    def shown_seat(self, seat: int | None) -> None:
        self.match.shown_seat = seat

    def is_human(self, seat: int | None) -> bool:
        return self.match.is_human(seat)

    def is_local(self, seat: int) -> bool:
        return self.match.is_local(seat)

    def seat_name(self, seat: int, with_label: bool = True) -> str:
        return self.match.seat_name(seat, with_label)

    # --- after any change, draw who acts next ---------------------------------------------------
    def advance(self) -> None:
        terminal.guard(all_saved=getattr(self.app, "all_saved", lambda: True)())
        if self.read_only:
            self.shown_seat = self.viewer
            self.view = self.session.view(self.viewer)
            self.refresh_bindings()
            return
        turn = self.match.advance(self.handing_over)
        if turn is None:
            return  # the hand-over covers the table; the player's "ready" carries on
        if turn.hand_over is not None:
            self.hand_over(turn.hand_over)
            return
        self.view = self.session.view(self.viewer)
        self.lesson_changed()
        if turn.human_due:
            self.summarize_since_last_move(self.viewer)
        for seat in turn.bots:
            self.start_bot(seat)
        self.update_thinking()
        self.refresh_bindings()
        if self.at_table and not self.watching:
            self.schedule_clock()
        if turn.result is not None:
            self.call_after_refresh(self.show_result, turn.result)

    @property
    def title_is_only_the_name(self) -> bool:
        """Whether the header's title says nothing but the game's name (not a table's)."""
        return self.title == self.game.name

    def watch_view(self, view) -> None:
        if view is None:
            return
        self.turn_seat_ui_to(self.viewer)
        self.render_view(view)
        self.show_lesson()
        self.show_prompt(view)
        self.sub_title = self.game.progress(self.session.state)

    def show_prompt(self, view) -> None:
        """The line under the board: what is asked now (a lesson's Enter first)."""
        said = (
            self.lesson_prompt()
            or self.resigned_prompt()
            or self.waiting_text()
            or self.prompt_text(view)
        )
        self.query_one(StatusBar).prompt(said)

    def render_view(self, view) -> None:
        """Subclasses draw the board from the view (the only game state they may read)."""

    def prompt_text(self, view) -> str:
        return ""

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
        pending = self.match.local_due()
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
            self._said_storage = None  # saved: the next problem is news again
            self.match.moved(seat, bot, self.log_length())
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
            if not self.match.bot_refused():  # else the position moved on: think again
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

    # --- bots ---------------------------------------------------------------------------------
    def start_bot(self, seat: int) -> None:
        self.think(self.match.bot_job(seat))

    @work(thread=True, group="bots")
    def think(self, job: BotJob) -> None:
        """Runs off the UI thread with only the bot's own view; never touches widgets."""
        started = time.monotonic()
        action = job.bot(job.view, job.seat, random.Random(job.seed))
        pause = self.app.bot_delay - (time.monotonic() - started)
        if pause > 0 and not self.match.skipping:
            time.sleep(pause)
        self.post_message(BotChose(job.seat, action, job.serial, job.epoch))

    def on_bot_chose(self, message: BotChose) -> None:
        due = self.match.bot_answer_due(message.seat, message.serial, message.epoch)
        if due is None:
            return
        if not due:
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
        if self.match.hinting is not None:
            names += (_(COACH),)
        self.query_one(Thinking).names = names

    # --- hot seat: shared moments, each player's own cursor ------------------------------------
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
        self.view = self.session.view(seat)

    def result_text(self, outcome: Outcome) -> tuple[Content, Content]:
        """Headline and details for the result screen; names are plain text (``Content``)."""
        headline, details = self.match.result_words(outcome)
        return Content(headline), Content(details)

    def show_result(self, outcome: Outcome) -> None:
        headline, details = self.result_text(outcome)
        step = self.campaign_step()

        def chosen(what: str | None) -> None:
            if what == "new":
                self.new_game_same_setup()
            elif what == "menu":
                self.app.pop_screen()
            elif what == "review":
                self.post_message(OpenReview(self.session.record))
            elif what == "rematch":
                self.rematch()

        def retell() -> Told:
            # Asked again: the reason is worded when the outcome is asked for.
            now = self.match.outcome() or outcome
            headline, details = self.result_text(now)
            again = self.campaign_step() if step is not None else None
            return headline, details, Content(again.line) if again is not None else None

        line, has_next = (Content(step.line), step.has_next) if step else (None, False)
        rematch = self.rematch_said if self.at_table and not self.watching else None
        result = ResultScreen(headline, details, line, has_next, retell=retell, rematch=rematch)
        self.app.push_screen(result, chosen)
        if not self.watching and self.lesson is None:
            self.rate_result(result)

    @work(thread=True, group="rating")
    def rate_result(self, result: ResultScreen) -> None:
        """The player's rating change on the result screen, worked out off the UI thread
        (the first look after a game may read many saves); a failure only leaves it out."""
        app, session = self.app, self.session
        humans = [s.name for s in session.record.seats if s.kind == HUMAN]
        try:
            said = ratings.change_for(
                ratings.club_saves(app.store.root, app.hosted),
                session.store.root if self.at_table else tables_path(),
                None if self.at_table else session.store.root,
                session.name,
                session.player if self.at_table else (humans or [None])[0],
                app.store.games,
            )
        except Exception:  # noqa: BLE001 - never a traceback for a line of extra news
            log_crash("working out a rating change")
            return
        app.call_from_thread(result.show_rating, said)

    def campaign_step(self):
        """The campaign whose latest game this is, if any."""
        return self.match.campaign_step(self.app.store)

    def new_game_same_setup(self) -> None:
        """A new game like this one; in a campaign, the campaign's next game; after a
        lesson, a real game set up from the start."""
        if self.lesson is not None:
            self.start_real_game()
            return
        if self.at_table:
            if self.app.shows_paths:
                self.notify(_("Start another table with `batallas table new`."), timeout=6)
            else:  # a remote player has no shell to type it in
                self.notify(_("The host of this server starts new tables."), timeout=6)
            self.app.pop_screen()
            return
        step = self.campaign_step()
        if step is not None and step.has_next:
            self.post_message(NextCampaignGame(step.name))
            return
        record = self.session.record
        session = Session.new(
            self.game, self.app.store, record.seats, record.config, players=record.players
        )
        self.post_message(OpenGame(session))

    # --- commands ------------------------------------------------------------------------------
    def action_skip_bots(self) -> None:
        self.match.skipping = True

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
        self.post_message(OpenRules(self.game))

    def action_menu(self) -> None:
        """Back to the menu, saying truthfully whether the game is saved (a lesson's is
        never saved: nothing to say)."""
        if self.at_table or self.lesson is not None:
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

        def answer(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        def question() -> str:  # the problem itself stays in the words it was said in
            return _("{problem} Leave anyway?").format(problem=problem)

        self.app.push_screen(ConfirmDialog(question, yes=lambda: _("Leave")), answer)

    def check_action(self, action: str, parameters) -> bool | None:
        """At a shared table or in a lesson there is nothing to save as (every move is already
        on the table; a lesson is never kept), Escape cancels a move of ours waiting for the
        table, Enter is the lesson's when it says so, and a spectator has only the keys that
        look; everything else is the game screen's to say (``check_game_action``)."""
        if action == "cancel_table_wait":
            return self.table_wait is not None and not self.table_wait_bot
        works = self.table_key_works(action)
        if works is not None:
            return works
        if action == "lesson":
            return self.lesson_key_works()
        if action == "chat":  # a spectator too: told whether they may write
            return self.at_table
        if action == "save_as" and (self.at_table or self.lesson is not None):
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
