"""The Batallas app: owns the save store and the screen stack, nothing about any one game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.content import Content
from textual.drivers.linux_driver import LinuxDriver
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.theme import ThemeProvider
from textual.widgets import HelpPanel

from engine import i18n, registry
from engine.i18n import N_, _, ngettext, number
from saves.campaigns import CampaignMoved, campaigns_of
from saves.locks import HeldElsewhere
from saves.record import SaveError
from saves.replay import ReplaySession
from saves.session import Session, keep_unsaved_moves
from saves.store import SaveStore
from saves.tables import TableSession, TableStore, tables_dir
from tui import language, messages, terminal, textual_i18n
from tui.crash import log_crash
from tui.hosting import HostedGuards
from tui.lessons import LESSONS, lesson_session
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog
from tui.screens.game import STYLES, GameScreen
from tui.screens.menu import MenuScreen
from tui.screens.ratings import RatingsScreen
from tui.screens.records import RecordsScreen
from tui.screens.registry import lesson_screen, screen_for
from tui.screens.replay import replay_screen
from tui.screens.review import ReviewScreen
from tui.screens.rules import RulesScreen
from tui.screens.series import SeriesScreen, SeriesSetupScreen, notify_plain
from tui.screens.setup import GamePicker, SetupScreen
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui.screens.watch import WatchScreen
from tui.widgets.keys_panel import KeysPanel

HEADER_CHROME = 18  # the header's columns beside its title: the icon's 8, the clock's 10


class BatallasApp(HostedGuards, App):
    """Menu first; game screens are pushed on top and pop back to it.

    ``hosted`` (SSH, docs/hosting.md): HostedGuards refuses suspend, screenshots and browsers.
    """

    TITLE = "Batallas"
    CSS_PATH = [STYLES / "app.tcss", STYLES / "cards.tcss"]
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
    ]
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        store: SaveStore,
        *,
        theme: str | None = None,
        start: Callable[[BatallasApp], Screen | None] | None = None,
        bot_delay: float = 0.6,
        hosted: bool = False,
        letters: bool = False,
        player: str | None = None,
        tables: TableStore | None = None,
    ) -> None:
        textual_i18n.translate_bindings()
        super().__init__()
        self.player = player  # who is at this terminal, when known: the menu lists their tables
        if tables is None and player is not None:
            tables = TableStore(tables_dir())
        self.tables = tables
        self.letters = letters  # chess pieces as K Q R B N P instead of ♔ ♕ ♖ ♗ ♘ ♙
        self.store = store
        self.bot_delay = bot_delay
        self.hosted = hosted
        self._start = start
        self._initial_theme = theme
        self._hung_up = False

    def get_driver_class(self):
        """Textual's own driver, except on a Linux terminal: there, one that notices the
        terminal going away (``tui/terminal.py``)."""
        driver = super().get_driver_class()
        return terminal.GuardedDriver if driver is LinuxDriver else driver

    def get_default_screen(self) -> Screen:
        return MenuScreen()

    def on_mount(self) -> None:
        if self._initial_theme:
            self.theme = self._initial_theme
        try:
            terminal.on_hang_up(self)
        except (AttributeError, ValueError):
            pass  # no SIGHUP on this platform, or not the main thread (tests)
        self.screen_change_signal.subscribe(self, self.hide_toasts_under_dialogs)
        if self._start is not None:
            screen = self._start(self)
            if screen is not None:
                self.push_screen(screen)
        self.check_size()

    def hide_toasts_under_dialogs(self, screen: Screen) -> None:
        """No toast while a dialog is up: the dialog's own, and the screen's beneath it
        showing through (app.tcss hides them under ``-dialog``; their time runs on)."""
        self.set_class(isinstance(screen, ModalScreen), "-dialog")

    # --- the terminal -----------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size)  # the app's own size is updated only after this handler
        self.call_later(self.retitle)

    def retitle(self) -> None:
        """The header asks ``format_title`` again at the new width (Textual asks only when a
        title changes): the sub-title is set anew, which its watchers redraw from."""
        screen = self.screen
        if screen.sub_title:
            sub_title, screen.sub_title = screen.sub_title, ""
            screen.sub_title = sub_title

    def check_size(self, size: Size | None = None) -> None:
        """Below 80×24 nothing fits: a request to enlarge the window covers everything, on top
        of whatever screen or dialog is showing, and lifts when the window is large enough.

        One cover at most, always on top: a screen opened while the window is too small (a
        bot's news, the palette) is covered again (``TooSmallScreen`` calls this when it is
        suspended), and a cover left beneath it is taken out of Textual's stack, so that no
        stale cover is ever found when the screens above it close."""
        width, height = size or self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        stack = self._screen_stack
        if not stack:
            return  # not started yet: on_mount looks again
        for buried in [s for s in stack[:-1] if isinstance(s, TooSmallScreen)]:
            stack.remove(buried)
            buried.remove()
        covered = isinstance(stack[-1], TooSmallScreen)
        if small and not covered:
            self.push_screen(TooSmallScreen())
        elif covered and not small:
            self.pop_screen()

    def hang_up(self) -> None:
        """The terminal is gone (SIGHUP, or its input ended): save what can be saved, write
        nothing more to it, and be gone within seconds whatever the disk or Textual does."""
        if self._hung_up:
            return
        self._hung_up = True
        real_terminal = isinstance(self._driver, terminal.GuardedDriver)  # not a test
        if real_terminal:
            terminal.forget_terminal(self)
            terminal.exit_soon()  # in case a save waits on a lock or a slow disk
        for session in self.open_sessions():
            try:
                keep_unsaved_moves(session)
            except SaveError:
                pass  # the disk refuses: with nobody left to tell, nothing more can be done
            except Exception:  # a failure nobody foresaw must not keep the process alive
                log_crash("autosave on hang-up")
        if real_terminal:
            # Everything is on disk (written and fsynced); a graceful exit would only keep
            # bots thinking and try to restore a terminal that is gone.
            terminal.end_now()
        self.exit(return_code=0)

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: Textual's bookkeeping (tests re-raise it), but the player
        sees one short message, never a traceback (``tui/crash.py``)."""
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        path, stamp = log_crash("unexpected error", error)
        lost = []
        for session in self.open_sessions():
            try:
                keep_unsaved_moves(session)
            except Exception:
                lost.append(session)
        saved = (
            _("Your game could not be saved: its last moves are lost.")
            if lost
            else _("Your game was saved: choose Continue next time.")
        )
        if self.hosted or path is None:
            where = _(
                "The details were logged on the server at {stamp}; please tell its host."
            ).format(stamp=stamp)
        else:
            where = _("The details are in {path} ({stamp}).").format(path=path, stamp=stamp)
        closed = _("Batallas met an unexpected error and had to close.")
        self._exit_renderables.append(Text(f"{closed} {saved} {where}"))
        self._close_messages_no_wait()

    def all_saved(self) -> bool:
        """Whether every move of every open game is on disk (safe from any thread)."""
        try:
            return not any(session.unsaved for session in self.open_sessions())
        except Exception:  # the screen stack changing under us: take the careful path
            return False

    def open_sessions(self) -> list:
        return [s.session for s in self.screen_stack if isinstance(s, GameScreen)]

    def save_or_explain(self, session) -> str | None:
        """Save what is not saved yet; None when all is on disk, else a sentence saying
        what would be lost and why."""
        if not session.unsaved:
            return None
        try:
            session.save()
            return None
        except SaveError as err:
            lost = len(session.record.actions) - session.saved_moves
            if lost <= 0:
                return _("The game could not be saved ({reason}).").format(reason=err.reason)
            return ngettext(
                "{n} move could not be saved ({reason}).",
                "{n} moves could not be saved ({reason}).",
                lost,
            ).format(n=number(lost), reason=err.reason)

    async def action_quit(self) -> None:
        """Save and quit; with moves that cannot be saved, ask before losing them."""
        problems = [p for p in map(self.save_or_explain, self.open_sessions()) if p]
        if not problems:
            self.exit()
            return

        def answer(leave: bool | None) -> None:
            if leave:
                self.exit()

        def question() -> str:
            return " ".join([*problems, _("Quit anyway?")])

        self.push_screen(ConfirmDialog(question, yes=lambda: _("Quit")), answer)

    # --- opening games ------------------------------------------------------------------------
    def open_session(self, session: Session) -> None:
        """Show a game: its screen goes on top of the menu (anything else is closed)."""
        self.show_game(screen_for(session))

    def show_game(self, screen: GameScreen) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.push_screen(screen)

    def open_lesson(self, game_id: str) -> None:
        """The first lesson of ``game_id``: its game on the lesson's seed, never saved."""
        lesson = LESSONS[game_id]
        self.show_game(lesson_screen(lesson_session(lesson, self.store, self.player), lesson))

    def pick_lesson(self) -> None:
        """Which game to learn, each with what its lesson teaches."""
        about = {game_id: lesson.title for game_id, lesson in LESSONS.items()}

        def go(game_id: str | None) -> None:
            if game_id is not None:
                self.open_lesson(game_id)

        self.push_screen(GamePicker(N_("Learn a game"), about), go)

    def open_replay(self, session: ReplaySession) -> None:
        """Step through a finished game on its own board (``tui/screens/replay.py``)."""
        self.push_screen(replay_screen(session))

    def open_table(self, name: str) -> None:
        """Sit down at a shared table as ``self.player``."""
        try:
            session = TableSession.join(self.tables, name, self.player)
        except SaveError as err:
            self.notify(
                _("Cannot open table {name}: {reason}").format(name=name, reason=err),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.open_session(session)

    def resume(self, name: str, takeover: bool = False) -> None:
        """Open a save; if another live session has it open, offer to take it over."""
        try:
            session = Session.load(self.store, name, player=self.player, takeover=takeover)
        except HeldElsewhere as held:

            def answer(yes: bool | None) -> None:
                if yes:
                    self.resume(name, takeover=True)

            reason = held.reason

            def question() -> str:
                return _(
                    "{reason} It may be a connection that froze. Take it over here? The other "
                    "session will save nothing more and will be told."
                ).format(reason=reason)

            self.push_screen(ConfirmDialog(question, yes=lambda: _("Take over")), answer)
            return
        except SaveError as err:
            self.notify(
                _("Cannot open {name}: {reason}").format(name=name, reason=err),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.open_session(session)

    def continue_campaign(self, name: str, again: bool = True) -> None:
        """Resume the campaign's unfinished game, else start its next one; a campaign that is
        over opens its history. Says why when none of that can be done."""
        campaigns = campaigns_of(self.store)
        try:
            campaign = campaigns.load(name)
        except SaveError as err:
            said = _("Cannot open the campaign {name}: {reason}")
            notify_plain(self, said.format(name=name, reason=err.reason))
            return
        status = campaigns.status(campaign)
        if status.current is not None:
            self.resume(status.current)
            return
        if not status.ready:
            self.push_screen(SeriesScreen(name))
            return
        try:
            session = campaigns.start_next(name, len(campaign.played), player=self.player)
        except CampaignMoved as err:
            if again:  # another session started it: play that one
                self.continue_campaign(name, again=False)
            else:
                notify_plain(self, err.reason)
            return
        except SaveError as err:
            said = _("Cannot go on with {title}: {reason}")
            notify_plain(self, said.format(title=campaign.title, reason=err.reason))
            return
        self.open_session(session)

    def pick_game_then(self, what: str) -> None:
        """Ask which game (unless there is only one), then open its setup or its rules."""

        def go(game_id: str | None) -> None:
            if game_id is None:
                return
            game = registry.get(game_id)
            self.push_screen(SetupScreen(game) if what == "new" else RulesScreen(game))

        if len(registry.GAMES) == 1:
            go(next(iter(registry.GAMES)))
        else:
            prompt = N_("New game") if what == "new" else N_("Rules of…")
            self.push_screen(GamePicker(prompt), go)

    # --- where the screens ask to go (``tui/messages.py``) ------------------------------------
    def on_open_game(self, message: messages.OpenGame) -> None:
        self.open_session(message.session)

    def on_resume_game(self, message: messages.ResumeGame) -> None:
        self.resume(message.name, takeover=message.takeover)

    def on_open_table(self, message: messages.OpenTable) -> None:
        self.open_table(message.name)

    def on_open_replay(self, message: messages.OpenReplay) -> None:
        self.open_replay(message.session)

    def on_open_review(self, message: messages.OpenReview) -> None:
        self.push_screen(ReviewScreen(message.record))

    def on_next_campaign_game(self, message: messages.NextCampaignGame) -> None:
        self.continue_campaign(message.name)

    def on_open_campaign_history(self, message: messages.OpenCampaignHistory) -> None:
        self.push_screen(SeriesScreen(message.name))

    def on_new_campaign(self) -> None:
        self.push_screen(SeriesSetupScreen())

    def on_open_campaigns(self) -> None:
        self.push_screen(CampaignsScreen())

    def on_open_records(self) -> None:
        self.push_screen(RecordsScreen())

    def on_open_ratings(self) -> None:
        self.push_screen(RatingsScreen())

    def on_open_watch(self) -> None:
        self.push_screen(WatchScreen())

    def on_new_game(self, message: messages.NewGame) -> None:
        if message.game is None:
            self.pick_game_then("new")
        else:
            self.push_screen(SetupScreen(message.game))

    def on_open_lessons(self) -> None:
        self.pick_lesson()

    def on_open_lesson(self, message: messages.OpenLesson) -> None:
        self.open_lesson(message.game_id)

    def on_open_rules(self, message: messages.OpenRules) -> None:
        if message.game is None:
            self.pick_game_then("rules")
        else:
            self.push_screen(RulesScreen(message.game))

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer and the key panel name it, in the player's language."""
        return textual_i18n.key_display(super().get_key_display(binding))

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header's line; when a game screen's title is only the game's name and it does
        not fit beside the sub-title (a game's result, its score), the sub-title alone, whole:
        the name is known already. A title that says more (a table, its player, how many
        watch) keeps its place, and the sub-title is cut at the end."""
        room = self.size.width - HEADER_CHROME
        only_the_name = getattr(self.screen, "title_is_only_the_name", False)
        if only_the_name and sub_title and cell_len(f"{title} — {sub_title}") > room:
            return Content(sub_title)
        return super().format_title(title, sub_title)

    def action_show_help_panel(self) -> None:
        """The keys panel with a range of keys on one row (``1-9 Fire``), each with its words."""
        if not self.screen.query(HelpPanel):
            self.screen.mount(KeysPanel())

    # --- the command palette --------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand(
            _("New game"), _("Set up a new game"), lambda: self.pick_game_then("new")
        )
        yield SystemCommand(_("Learn"), _("Play a guided first game"), self.pick_lesson)
        yield SystemCommand(
            _("Load"),
            _("Open the campaigns (saved games)"),
            self.on_open_campaigns,
        )
        if isinstance(screen, GameScreen):
            yield SystemCommand(
                _("Save as…"), _("Save this game under a new name"), screen.action_save_as
            )
            yield SystemCommand(
                _("Rules"),
                _("Rules of this game"),
                lambda: self.push_screen(RulesScreen(screen.game)),
            )
        else:
            yield SystemCommand(
                _("Rules"), _("Read a game's rules"), lambda: self.pick_game_then("rules")
            )
        yield SystemCommand(_("Ratings"), _("Each player's rating per game"), self.on_open_ratings)
        yield SystemCommand(
            _("Language"),
            _("Choose the language: English, Español, Italiano"),
            self.action_language,
        )
        textual = super().get_system_commands(screen)
        if self.hosted:
            textual = (command for command in textual if command.title != "Screenshot")
        yield from textual_i18n.translated_commands(textual)

    def action_command_palette(self) -> None:
        """Textual's palette, its search prompt in the current language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def search_themes(self) -> None:
        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
        )

    def action_help_quit(self) -> None:
        """ctrl+c, out of habit: say which key quits (Textual's own message, translated)."""
        self.notify(_("Press ctrl+q to quit."), title=_("Do you want to quit?"))

    # --- the language -------------------------------------------------------------------------
    def action_language(self) -> None:
        """Choose among the languages, each by its own name; the current one says so."""
        current = i18n.language()
        now = _("The language shown now")
        self.search_commands(
            [
                (name, partial(self.set_language, code), now if code == current else None)
                for code, name in language.LANGUAGES.items()
            ],
            placeholder=_("Choose a language…"),
        )

    async def set_language(self, code: str) -> None:
        """Speak ``code`` at once on every screen, and remember it for next time (per player
        when hosted; a browser tab, whose visitor is nobody in particular, forgets it)."""
        language.install(code)
        problem = None
        if not self.hosted:
            problem = language.remember(code)
        elif self.player:
            problem = language.remember(code, self.player)
        for screen in list(self.screen_stack):
            await textual_i18n.relabel(screen)
        if problem:
            self.notify(problem, severity="warning", timeout=8, markup=False)
