"""A game screen's own save: a write the disk refused (said once, retried at the next move),
and a game another session continued (the newer game, or ours kept as a copy). Mixed into
``GameScreen``."""

from __future__ import annotations

from engine.i18n import _, ngettext, number
from engine.words import sentence_start
from saves.store import SaveConflict, SaveError
from tui.messages import ResumeGame
from tui.screens.dialogs import ConflictDialog


class OwnSave:
    """Saving, as the player is told of it; the screen sets ``_said_storage`` and
    ``_conflict_open`` up."""

    # --- our own save -----------------------------------------------------------------------
    def storage_failed(self, reason: str) -> None:
        """Said once per problem: the moves stay here and the next move saves them all."""
        if reason == self._said_storage:
            return
        self._said_storage = reason
        # The reason is a whole clause ("could not save 'Gallia': no space left on device"):
        # said as the sentence's start, not after a second "could not save".
        self.notify(
            _(
                "{reason}. Your moves are kept on screen and will be saved as soon as the disk "
                "allows."
            ).format(reason=sentence_start(reason)),
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
        self.post_message(ResumeGame(self.session.name, takeover=True))
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
