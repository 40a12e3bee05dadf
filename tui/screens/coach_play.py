"""The coach on a game screen: a hint worked out in a worker and shown in a dialog whose best
move one key plays, and the takeback. What may be done and when is the turn driver's
(``tui/match.py``: ``hint_refusal``, ``hint_job``, ``hint_due``, ``take_back``); this draws it
and says it in the log. Mixed into ``GameScreen``.
"""

from __future__ import annotations

import random
import time

from textual import work
from textual.message import Message

from engine.coach import Hint, coach_of
from engine.i18n import N_, _
from saves.record import coach_counts
from saves.store import SaveConflict, SaveError
from tui.crash import log_crash
from tui.match import HintJob, TakenBack, choice_words
from tui.screens.game_dialogs import HintDialog
from tui.widgets.log import literal

COACH = N_("Coach")  # the name the thinking indicator gives the hint's worker
PENDING = -1  # a log note pinned where the log ends at the next drawing


class HintReady(Message):
    """The coach answered ``job`` (``hint`` None: it failed, and the crash log says why)."""

    def __init__(self, job: HintJob, hint: Hint | None) -> None:
        super().__init__()
        self.job = job
        self.hint = hint


class CoachPlay:
    """Hints and takebacks on a game screen; the screen sets ``coach_notes``, ``hint_asked``
    and ``hint_seconds`` up (when the last hint was asked, and how long until it showed)."""

    # --- the log's notes ----------------------------------------------------------------------
    def with_notes(self, lines: list[str]) -> list[str]:
        """The log's lines with the coach's notes where they were made: "Hint: …", "Took
        back to Battle 3." Notes after the end (a takeback went back past them) go."""
        self.coach_notes = [(at, note) for at, note in self.coach_notes if at <= len(lines)]
        self.coach_notes = [(len(lines) if at == PENDING else at, n) for at, n in self.coach_notes]
        out = list(lines)
        for at, note in reversed(self.coach_notes):
            out.insert(at, note)
        return out

    def note(self, text: str) -> None:
        """A note at the end of the log (plain text), drawn at once."""
        self.coach_notes.append((PENDING, f"[i]{literal(text)}[/i]"))
        if self.view is not None:
            self.view = self.view

    def coached_so_far(self) -> str | None:
        """What an opened save says of the coach's help before this session, if any."""
        record = self.session.record
        if not record.coached:
            return None
        counts = coach_counts(record.hints, record.takebacks)
        return _("Played with the coach's help so far: {counts}.").format(counts=counts)

    # --- hints --------------------------------------------------------------------------------
    def action_coach_hint(self) -> None:
        """The expert's move for the player due, from their view only, in a worker."""
        refusal = self.match.hint_refusal()
        if refusal is not None:
            self.notify(refusal, severity="warning", timeout=4)
            return
        if self.match.hinting is not None:
            return  # already asked: the indicator says the coach thinks
        self.hint_asked = time.monotonic()
        self.coach_thinks(self.match.hint_job())
        self.update_thinking()

    @work(thread=True, group="coach", exclusive=True)
    def coach_thinks(self, job: HintJob) -> None:
        """Runs off the UI thread with the seat's view only; never touches widgets."""
        try:
            hint = coach_of(job.game_id).hint(job.view, job.seat, random.Random(job.seed))
        except Exception:  # a coach that fails says so in one sentence, never a traceback
            log_crash("working out a hint")
            hint = None
        self.post_message(HintReady(job, hint))

    def on_hint_ready(self, message: HintReady) -> None:
        due = self.match.hint_due(message.job)
        self.update_thinking()
        if not due:
            return  # the position changed meanwhile: this hint is for a move gone by
        hint = message.hint
        if hint is None:
            self.notify(_("The coach found no hint here."), severity="warning")
            return
        self.note(_("Hint: {move}").format(move=choice_words(hint.best)))
        self.mark(self.session.mark_hint)

        def chosen(play: bool | None) -> None:
            if not play:
                return
            # As if the player made it, step by step (a set of cards, then its confirmation):
            # a step no longer legal is refused with the reason, and the rest is not played.
            for step in (hint.best.action, *hint.best.then):
                if not self.act(step):
                    break

        self.app.push_screen(HintDialog(hint, self.seat_name(hint.seat)), chosen)
        self.hint_seconds = time.monotonic() - self.hint_asked

    # --- takebacks ----------------------------------------------------------------------------
    def action_take_back(self) -> None:
        """Back to just before the player's previous decision; the bots' replies after it go
        too, and the result if the game had ended."""
        if self.table_wait is not None:
            return
        taken: TakenBack | str | None = self.mark(self.match.take_back)
        if isinstance(taken, str):
            self.notify(taken, severity="warning", timeout=4)
            return
        self.workers.cancel_group(self, "bots")
        self.workers.cancel_group(self, "coach")
        self.advance()  # the view of the position taken back to, then the note at its end
        self.note(
            _("Took back to {chapter}.").format(chapter=self.game.chapter(self.session.state))
        )

    def mark(self, change):
        """Run a change that writes the save (a hint counted, a takeback): a problem writing
        is said as after a move (a conflict offers the other session's game)."""
        try:
            return change()
        except SaveConflict as err:
            self.show_conflict(err)
        except SaveError as err:
            self.storage_failed(err.reason)
        return None
