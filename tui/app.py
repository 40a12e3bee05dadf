"""The Batallas app: owns the save store and the screen stack, nothing about any one game."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from saves.session import Session
from saves.store import SaveStore
from saves.tables import TableStore
from tui.hosting import HostedGuards
from tui.screens.game import STYLES, GameScreen, screen_for
from tui.screens.menu import MenuScreen
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
        self._too_small: TooSmallScreen | None = None

    def get_default_screen(self) -> Screen:
        return MenuScreen()

    def on_mount(self) -> None:
        if self._initial_theme:
            self.theme = self._initial_theme
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self.hang_up)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # no SIGHUP on this platform, or not the main thread (tests)
        if self._start is not None:
            screen = self._start(self)
            if screen is not None:
                self.push_screen(screen)
        self.check_size()

    # --- the terminal -----------------------------------------------------------------------
    def on_resize(self) -> None:
        self.check_size()

    def check_size(self) -> None:
        """Below 80×24 nothing fits: cover everything with a request to enlarge the window."""
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None

    def hang_up(self) -> None:
        """A dropped connection: save what is on screen and leave without touching the tty."""
        self.autosave()
        self.exit(return_code=0)

    def autosave(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.session.save()

    async def action_quit(self) -> None:
        self.autosave()
        self.exit()

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
            self.notify(f"Cannot open table {name}: {err}", severity="error", timeout=8)
            return
        self.open_session(session)

    def resume(self, name: str) -> None:
        from saves.store import SaveError

        try:
            session = Session.load(self.store, name)
        except SaveError as err:
            self.notify(f"Cannot open {name}: {err}", severity="error", timeout=8)
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
