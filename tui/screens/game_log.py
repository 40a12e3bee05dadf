"""A game screen's log: the lines the log under the board shows, the whole log (``l``), and
the toast that sums up what happened since a player's last move. Mixed into ``GameScreen``."""

from __future__ import annotations

from rich.text import Text

from engine.i18n import N_, _
from engine.words import plural
from tui.screens.log_view import LogScreen
from tui.widgets.log import EventLog

SUMMARY = N_("Since your last move")  # the title of the summary toast (``_`` where shown)


class GameLog:
    """The log of the view on screen, as the game's ``EventLog`` widget shows it."""

    # --- the log ---------------------------------------------------------------------------
    def logged(self, view) -> list[str]:
        """The log lines of ``view`` (markup), with the coach's notes where they were made and
        the table's chat where it was said."""
        said = [
            (i, line)
            for i, e in enumerate(view.log)
            if (line := self.describe(e, view)) is not None
        ]
        return self.with_notes(self.with_chat(said))

    def log_lines(self) -> list[str]:
        """The log lines of the view on screen (the same the log under the board shows)."""
        logs = self.query(EventLog)
        return list(logs.first().shown) if logs else []

    def log_length(self) -> int:
        """How many log lines are shown, without copying them (asked after every move)."""
        logs = self.query(EventLog)
        return len(logs.first().shown) if logs else 0

    def since_last_move(self, seat: int | None) -> int | None:
        """Where the lines after ``seat``'s last move begin, if others moved since."""
        return self.match.since_last_move(seat, self.log_length())

    def summarize_since_last_move(self, seat: int) -> None:
        """When a turn comes back after several moves by others, say what happened (the log
        under the board holds two or three lines; ``l`` shows everything)."""
        start = self.match.summary_from(seat, self.log_length())
        if start is not None:
            self.call_after_refresh(self._show_summary, start)

    def _show_summary(self, start: int) -> None:
        new = self.log_lines()[start:]
        logs = self.query(EventLog)
        if not new or (logs and len(new) <= logs.first().size.height):
            return  # the log under the board already shows all of it
        if self.match.outcome() is not None:
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
        self.app.push_screen(LogScreen(*self.log_contents(), source=self.log_contents))

    def action_keys(self) -> None:
        """Every key of this screen, the footer's and the rest (Textual's help panel)."""
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()
