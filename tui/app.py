"""The Batallas app: owns the save store and the screen stack, nothing about any one game."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from saves.locks import HeldElsewhere
from saves.record import SaveError
from saves.session import Session, keep_unsaved_moves
from saves.store import SaveStore
from saves.tables import TableStore
from tui import terminal
from tui.crash import log_crash
from tui.hosting import HostedGuards
from tui.screens.game import STYLES, GameScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen


class BatallasApp(HostedGuards, App):
    """Menu first; game screens are pushed on top and pop back to it.

    ``hosted`` (SSH, docs/hosting.md): HostedGuards refuses suspend, screenshots and browsers.
    """

    TITLE = "Batallas"
    CSS_PATH = [STYLES / "app.tcss", STYLES / "cards.tcss"]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
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
        super().__init__()
        self.player = player  # who is at this terminal, when known: the menu lists their tables
        if tables is None and player is not None:
            from saves.tables import tables_dir

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
        from textual.drivers.linux_driver import LinuxDriver

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
        if self._start is not None:
            screen = self._start(self)
            if screen is not None:
                self.push_screen(screen)
        self.check_size()

    # --- the terminal -----------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size)  # the app's own size is updated only after this handler

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
            "Your game could not be saved: its last moves are lost."
            if lost
            else "Your game was saved: choose Continue next time."
        )
        if self.hosted or path is None:
            where = f"The details were logged on the server at {stamp}; please tell its host."
        else:
            where = f"The details are in {path} ({stamp})."
        message = f"Batallas met an unexpected error and had to close. {saved} {where}"
        self._exit_renderables.append(Text(message))
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
            moves = f"{lost} move{'s' if lost != 1 else ''}" if lost > 0 else "The game"
            return f"{moves} could not be saved ({err.reason})."

    async def action_quit(self) -> None:
        """Save and quit; with moves that cannot be saved, ask before losing them."""
        problems = [p for p in map(self.save_or_explain, self.open_sessions()) if p]
        if not problems:
            self.exit()
            return
        from tui.screens.dialogs import ConfirmDialog

        def answer(leave: bool | None) -> None:
            if leave:
                self.exit()

        self.push_screen(ConfirmDialog(" ".join(problems) + " Quit anyway?", yes="Quit"), answer)

    # --- opening games ------------------------------------------------------------------------
    def open_session(self, session: Session) -> None:
        """Show a game: its screen goes on top of the menu (anything else is closed)."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.push_screen(screen_for(session))

    def open_table(self, name: str) -> None:
        """Sit down at a shared table as ``self.player``."""
        from saves.store import SaveError
        from saves.tables import TableSession

        try:
            session = TableSession.join(self.tables, name, self.player)
        except SaveError as err:
            self.notify(
                f"Cannot open table {name}: {err}", severity="error", timeout=8, markup=False
            )
            return
        self.open_session(session)

    def resume(self, name: str, takeover: bool = False) -> None:
        """Open a save; if another live session has it open, offer to take it over."""
        try:
            session = Session.load(self.store, name, player=self.player, takeover=takeover)
        except HeldElsewhere as held:
            from tui.screens.dialogs import ConfirmDialog

            def answer(yes: bool | None) -> None:
                if yes:
                    self.resume(name, takeover=True)

            question = (
                f"{held.reason} It may be a connection that froze. Take it over here? The "
                "other session will save nothing more and will be told."
            )
            self.push_screen(ConfirmDialog(question, yes="Take over"), answer)
            return
        except SaveError as err:
            self.notify(f"Cannot open {name}: {err}", severity="error", timeout=8, markup=False)
            return
        self.open_session(session)

    # --- the command palette --------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from tui.screens.campaigns import CampaignsScreen
        from tui.screens.rules import RulesScreen
        from tui.screens.setup import pick_game_then

        yield SystemCommand("New game", "Set up a new game", lambda: pick_game_then(self, "new"))
        yield SystemCommand(
            "Load", "Open the campaigns (saved games)", lambda: self.push_screen(CampaignsScreen())
        )
        if isinstance(screen, GameScreen):
            yield SystemCommand(
                "Save as…", "Save this game under a new name", screen.action_save_as
            )
            yield SystemCommand(
                "Rules", "Rules of this game", lambda: self.push_screen(RulesScreen(screen.game))
            )
        else:
            yield SystemCommand(
                "Rules", "Read a game's rules", lambda: pick_game_then(self, "rules")
            )
        for command in super().get_system_commands(screen):
            if command.title == "Screenshot" and self.hosted:
                continue
            yield command
