"""The review of a finished game: each human seat's chance to win at every one of its
decisions, drawn over the game (``textual-plotext``), how often its decisions were the
expert's, what the dice took, and the three decisions that cost the most, each a key (1-9)
that opens the replay at that step.

The review is read from where it is kept or computed in a worker (``saves.reviews``), with a
progress bar; Escape while it thinks cancels it and nothing is kept. Words from the coach and
names from the save are shown as plain text (``Content``), never markup.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, ProgressBar, Static
from textual_plotext import PlotextPlot

from engine.i18n import N_, _
from engine.review import Cancelled, Moment, Review
from saves.paths import visible
from saves.record import SaveError, SaveRecord
from saves.replay import ReplaySession
from saves.reviews import review_of
from saves.store import SaveStore
from tui.crash import log_crash
from tui.messages import OpenReplay
from tui.review_words import retold, seat_lines, seat_title
from tui.widgets.footer import KeysFooter

MOMENT_KEYS = 9


class ReviewScreen(Screen):
    """A finished game's review (``record``), computed on first opening."""

    BINDINGS = [
        Binding("escape,q", "back", N_("Back")),
        Binding("1", "moment(1)", N_("Open in the replay"), key_display="1-3"),
        *(Binding(str(n), f"moment({n})", show=False) for n in range(2, MOMENT_KEYS + 1)),
    ]
    DEFAULT_CSS = """
    ReviewScreen #review-progress { height: auto; padding: 1 2; }
    ReviewScreen #review-progress ProgressBar { margin-top: 1; }
    ReviewScreen #review-chart { height: 1fr; min-height: 8; }
    ReviewScreen #review-text { height: auto; max-height: 60%; padding: 0 1; }
    ReviewScreen .review-seat { text-style: bold; }
    """

    def __init__(self, record: SaveRecord) -> None:
        super().__init__()
        self.record = record
        self.review: Review | None = None
        self.keyed: list[Moment] = []
        self.cancelled = False

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="review-progress"):
            yield Static(_("The expert is looking at every decision of the game…"))
            yield ProgressBar(id="review-bar", show_eta=False)
        yield PlotextPlot(id="review-chart")
        yield VerticalScroll(id="review-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = _("Review")
        self.query_one("#review-chart").display = False
        self.compute()

    @property
    def game(self):
        return self.app.store.games[self.record.game_id]

    # --- the worker -------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="review")
    def compute(self) -> None:
        """Off the UI thread, with a store of its own (nothing shared with the screens): the
        review kept, else a new one (then kept)."""
        store = SaveStore(self.app.store.root, self.app.store.games)

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.progressed, done, total)

        try:
            review, problem = review_of(store, self.record, progress, lambda: self.cancelled)
            review = retold(self.game, self.record, review)
        except Cancelled:
            return
        except SaveError as err:
            self.app.call_from_thread(self.failed, err.reason)
            return
        except Exception:  # never a traceback: say so, and log the details
            _path, stamp = log_crash("reviewing a game")
            self.app.call_from_thread(
                self.failed, _("it could not be made (logged at {stamp})").format(stamp=stamp)
            )
            return
        self.app.call_from_thread(self.show, review, problem)

    def progressed(self, done: int, total: int) -> None:
        if self.is_attached:
            self.query_one("#review-bar", ProgressBar).update(total=total, progress=done)

    def failed(self, reason: str) -> None:
        if self.is_attached:
            said = _("No review: {reason}.").format(reason=visible(reason))
            self.query_one("#review-progress").query_one(Static).update(Content(said))
            self.query_one("#review-bar").display = False

    # --- what it shows ----------------------------------------------------------------------------
    def show(self, review: Review, problem: str | None = None) -> None:
        if not self.is_attached:
            return  # the player left before the end
        self.review = review
        self.query_one("#review-progress").display = False
        self.draw_chart(review)
        self.write(review)
        self.refresh_bindings()
        if problem:
            self.notify(problem, severity="warning", timeout=6, markup=False)

    def draw_chart(self, review: Review) -> None:
        chart = self.query_one("#review-chart", PlotextPlot)
        chart.display = True
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        for seat in review.seats:
            mine = review.of(seat)
            if mine:
                label = self.game.seat_labels(self.record.players)[seat]
                xs = [m.index + 1 for m in mine]
                plt.plot(xs, [round(100 * m.chance) for m in mine], label=label, marker="braille")
        plt.ylim(0, 100)
        plt.yticks([0, 25, 50, 75, 100])
        moves = [m.index + 1 for m in review.moments] or [1]
        low, high = min(moves), max(moves)
        plt.xticks(sorted({round(low + k * (high - low) / 4) for k in range(5)}))
        plt.xlabel(_("move"))
        plt.ylabel(_("chance %"))
        chart.refresh()

    def write(self, review: Review) -> None:
        """Each seat's summary and its costliest decisions, numbered on across the seats for
        the keys (under each seat's name when several humans played)."""
        box = self.query_one("#review-text", VerticalScroll)
        box.remove_children()
        self.keyed = []
        widgets = []
        for seat in review.seats:
            if len(review.seats) > 1:
                title = visible(seat_title(self.game, self.record, seat))
                widgets.append(Static(Content(title), classes="review-seat"))
            lines = seat_lines(review, seat, first=len(self.keyed) + 1)
            widgets.extend(Static(Content(visible(line))) for line in lines)
            self.keyed.extend(review.costliest(seat))
        box.mount_all(widgets)

    async def language_changed(self) -> None:
        self.sub_title = _("Review")
        if self.review is not None:
            self.review = retold(self.game, self.record, self.review)
            self.draw_chart(self.review)
            self.write(self.review)

    # --- keys -------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if action == "moment":
            return parameters[0] <= len(self.keyed)
        return True

    def action_moment(self, n: int) -> None:
        """The replay at the step before decision ``n``, from that seat's side."""
        moment = self.keyed[n - 1]
        try:
            session = ReplaySession(self.game, self.record, moment.seat)
        except SaveError as err:
            self.notify(err.reason, severity="error", timeout=6, markup=False)
            return
        session.go(moment.index)
        self.post_message(OpenReplay(session))

    def action_back(self) -> None:
        self.cancelled = True  # a review still thinking stops, and keeps nothing
        self.app.pop_screen()
