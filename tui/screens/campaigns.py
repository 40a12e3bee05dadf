"""Campaigns: the campaigns (series of games with a running score, ``saves/campaigns.py``)
above, and every single game in a table below, to resume, replay, rename or delete; broken
files say why.

Every cell, option and message quotes a file (its name, title, seats, dates, why it cannot be
read): they are ``Text`` / ``Content`` and messages plain, never markup, with control
characters made visible.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from engine.words import plural
from saves.campaigns import BrokenCampaign, Campaign, Status, campaigns_of
from saves.paths import visible
from saves.record import BrokenSave
from saves.store import SaveError
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.screens.series import SeriesScreen, SeriesSetupScreen, continue_campaign, seat_text


def when(iso: str) -> str:
    return iso[:16].replace("T", " ")


def file_name(broken: BrokenSave) -> str:
    return Path(broken.path).name


LAST_PLAYED = len("2025-01-01 12:00")
MIN_TITLE = 24  # the title column never gets narrower than this while progress needs room
CELL_PADDING = 2  # DataTable's padding around each cell
SCROLLBAR = 2


def campaign_prompt(item: Status | BrokenCampaign) -> Content:
    """A campaign in two lines: its name and kind; its score, next game and last played."""
    if isinstance(item, BrokenCampaign):
        return Content.assemble(
            (visible(Path(item.path).name), "bold"),
            (" · unreadable campaign", "dim italic"),
            "\n  ",
            (visible(f"⚠ {item.reason}"), "bold"),
        )
    campaign = item.campaign
    if item.standing.over:
        about = item.standing.verdict
    else:
        about = f"{item.standing.score} · next: {item.next_text}"
    return Content.assemble(
        (visible(campaign.title), "bold"),
        (f" · {campaign.kind_name}", "dim"),
        "\n  ",
        visible(about),
        (f" ·\u00a0{when(item.updated)}".replace(" ", "\u00a0"), "dim"),  # never split
    )


class CampaignsScreen(Screen):
    """The campaigns in a list (hidden while there are none), each on two lines: its name and
    kind, then its score, next game and when it was last played. Enter goes on with the
    selected campaign (resumes its game in progress or starts the next), ``h`` opens its
    history, ``n`` sets up a new one. Tab moves between the campaigns and the single games.

    The single games (saves that belong to no campaign) in two columns whose cells wrap, so
    that no title, progress or reason is ever cut:

    - Campaign: the title, and under it (dim, cut with an ellipsis if it must) the game and
      seats;
    - Progress: the progress, and under it when it was last played; for an unreadable file,
      why it cannot be read.

    The column widths follow the window, and a detail line under the table says everything
    about the selected row in full (every seat, the whole reason of a broken file).
    """

    BINDINGS = [
        Binding("enter", "resume", "Resume", priority=True),
        Binding("n", "new_campaign", "New campaign"),
        Binding("h", "history", "History"),
        Binding("p", "replay", "Replay"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    CampaignsScreen #series-list {
        height: auto; max-height: 9; border: round $primary; padding: 0; margin: 0 0 1 0;
    }
    CampaignsScreen #series-list:focus { border: round $accent; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="campaigns-where", classes="hint")
        yield OptionList(id="series-list")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="campaigns")
        yield Static(id="campaign-detail", classes="hint")
        yield Footer()

    laid_out_for: int | None = None  # the window width the columns were sized for
    series: dict  # campaign file name -> Status or BrokenCampaign

    def on_mount(self) -> None:
        self.sub_title = "Campaigns"
        self.series = {}
        self.query_one("#series-list", OptionList).border_title = "Campaigns"
        self.reload()
        if self.series:
            self.query_one("#series-list", OptionList).focus()
        else:
            self.query_one(DataTable).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_resize(self) -> None:
        # Eight keys share the footer: at 80 columns they sit closer to keep them all.
        self.query_one(Footer).compact = self.app.size.width < 100
        if self.laid_out_for != self.app.size.width:
            self.reload()

    def column_widths(self, entries: list) -> tuple[int, int]:
        """(campaign, progress): progress whole on one line when it can be, the rest for titles,
        and the two always within the window."""
        width = max(self.app.size.width - SCROLLBAR - 2 * CELL_PADDING, 2 * len("Progress"))
        saves = [e for e in entries if not isinstance(e, BrokenSave)]
        progress = max([LAST_PLAYED, *(len(visible(e.progress)) for e in saves)])
        titles = max([len("Single game"), *(len(visible(e.title)) for e in saves)])
        if titles + progress > width:
            progress = min(progress, max(width - MIN_TITLE, width // 2))
        return width - progress, progress

    def reload_series(self, rows: dict) -> set[str]:
        """The campaigns' list; returns the saves that are games of a campaign."""
        campaigns = campaigns_of(self.app.store)
        series: dict = {}
        games: set[str] = set()
        for item in campaigns.list():
            if isinstance(item, Campaign):
                games |= {p.save for p in item.played}
                try:
                    item = campaigns.status(item, rows)
                except Exception as exc:  # a campaign its games cannot describe: listed
                    reason = f"cannot be read ({type(exc).__name__}: {exc})"
                    item = BrokenCampaign(item.name, str(campaigns.path(item.name)), reason)
            series[item.name if isinstance(item, BrokenCampaign) else item.campaign.name] = item
        self.series = series
        listing = self.query_one("#series-list", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options([Option(campaign_prompt(v), id=k) for k, v in series.items()])
        listing.display = bool(series)
        if series:
            listing.highlighted = min(highlighted or 0, len(series) - 1)
        elif listing.has_focus:
            self.query_one(DataTable).focus()
        return games

    def reload(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        everything = self.app.store.list()
        in_campaigns = self.reload_series({e.name: e for e in everything})
        entries = [e for e in everything if e.name not in in_campaigns]
        title_width, progress_width = self.column_widths(entries)
        self.laid_out_for = self.app.size.width
        table.clear(columns=True)
        table.add_column("Single game", width=title_width)
        table.add_column("Progress", width=progress_width)
        self.entries = {}
        for entry in entries:
            self.entries[entry.name] = entry
            if isinstance(entry, BrokenSave):
                campaign = Text.assemble(
                    visible(file_name(entry)), "\n", ("unreadable file", "dim italic")
                )
                progress = Text(visible(f"⚠ {entry.reason}"), style="bold")
            else:
                about = Text(visible(f"{entry.game_name} · {', '.join(entry.seats)}"), "dim")
                about.truncate(title_width, overflow="ellipsis")  # the detail line has it all
                campaign = Text.assemble((visible(entry.title), "bold"), "\n", about)
                progress = Text.assemble(
                    visible(entry.progress), "\n", (visible(when(entry.updated)), "dim")
                )
            table.add_row(campaign, progress, key=entry.name, height=None)
        count = len(self.entries)
        where = self.query_one("#campaigns-where", Static)
        root = visible(str(self.app.store.root))
        if self.series:
            said = f"{plural(len(self.series), 'campaign')} and {plural(count, 'single game')}"
            said += f" in {root}"
        elif count:
            said = f"{plural(count, 'save')} in {root} · n: a new campaign"
        else:
            said = (
                f"No saves yet in {root}. Start a game from the menu, or a campaign with n: "
                "every game saves itself after every move."
            )
        where.update(Content(said))
        if count:
            table.move_cursor(row=min(row, count - 1))
        self.show_detail()

    def on_data_table_row_highlighted(self) -> None:
        self.show_detail()

    def on_option_list_option_highlighted(self) -> None:
        self.show_detail()

    def on_descendant_focus(self) -> None:
        self.show_detail()
        self.refresh_bindings()

    @property
    def on_campaigns(self) -> bool:
        """Whether the keys act on the campaigns' list (else on the single games)."""
        listing = self.query_one("#series-list", OptionList)
        return bool(self.series) and self.focused is listing

    def selected_campaign(self) -> Status | BrokenCampaign | None:
        listing = self.query_one("#series-list", OptionList)
        if not self.series or listing.highlighted is None:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        return self.series.get(option.id)

    def show_detail(self) -> None:
        """Everything about the selected row, in full: its title, game, every seat, progress and
        date, or the whole reason why a file cannot be read."""
        detail = self.query_one("#campaign-detail", Static)
        if self.on_campaigns:
            item = self.selected_campaign()
            if isinstance(item, BrokenCampaign):
                lines: tuple[str, ...] = (
                    f"{Path(item.path).name} cannot be read: {item.reason}. "
                    "It is listed and left as it is.",
                )
            elif item is not None:
                campaign = item.campaign
                lines = (
                    f"{campaign.title} · {campaign.kind_name} · "
                    f"{plural(len(item.entries), 'game')} played",
                    item.standing.verdict or f"{item.standing.score} · next: {item.next_text}",
                    seat_text(item),
                )
            else:
                lines = ()
            detail.update(Content("\n".join(map(visible, lines))))
            return
        entry = self.selected()
        if entry is None:
            detail.update("")
        elif isinstance(entry, BrokenSave):
            detail.update(
                Content(
                    visible(
                        f"{file_name(entry)} cannot be read: {entry.reason}. "
                        "It is listed and left as it is."
                    )
                )
            )
        else:
            lines = (
                entry.title,
                f"{entry.game_name} · {entry.progress} · last played {when(entry.updated)}",
                f"Seats: {', '.join(entry.seats)}",
            )
            detail.update(Content("\n".join(map(visible, lines))))

    def selected(self):
        table = self.query_one(DataTable)
        if not self.entries:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.entries.get(key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_resume()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        if self.on_campaigns:
            self.go_on_with_campaign()
            return
        entry = self.selected()
        if entry is None:
            return
        if isinstance(entry, BrokenSave):
            self.notify(
                visible(
                    f"{entry.name} cannot be opened: {entry.reason}. The file is left as it is."
                ),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.app.resume(entry.name)

    def action_replay(self) -> None:
        """Step through the selected game from its first move (``tui/screens/replay.py``)."""
        from saves.replay import ReplaySession
        from tui.screens.replay import replay_screen

        entry = self.selected()
        if entry is None:
            return
        if isinstance(entry, BrokenSave):
            self.notify(
                visible(f"{entry.name} cannot be replayed: {entry.reason}."),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        try:
            session = ReplaySession.load(self.app.store, entry.name)
        except SaveError as err:
            self.notify(
                visible(f"{entry.title} cannot be replayed: {err.reason}."),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.app.push_screen(replay_screen(session))

    # --- campaigns ---------------------------------------------------------------------------
    def refuse_broken(self, item: BrokenCampaign, doing: str) -> None:
        self.notify(
            visible(
                f"{Path(item.path).name} cannot be {doing}: {item.reason}. "
                "The file is left as it is."
            ),
            severity="error",
            timeout=8,
            markup=False,
        )

    def go_on_with_campaign(self) -> None:
        item = self.selected_campaign()
        if isinstance(item, BrokenCampaign):
            self.refuse_broken(item, "opened")
        elif item is not None:
            continue_campaign(self.app, item.campaign.name)

    def action_history(self) -> None:
        item = self.selected_campaign()
        if isinstance(item, BrokenCampaign):
            self.refuse_broken(item, "opened")
        elif item is not None:
            self.app.push_screen(SeriesScreen(item.campaign.name))

    def action_new_campaign(self) -> None:
        self.app.push_screen(SeriesSetupScreen())

    def rename_campaign(self) -> None:
        item = self.selected_campaign()
        if item is None:
            return
        if isinstance(item, BrokenCampaign):
            self.notify(
                "An unreadable campaign is left untouched; it cannot be renamed here.",
                severity="warning",
            )
            return

        def done(title: str | None) -> None:
            if title is None:
                return
            try:
                campaigns_of(self.app.store).rename(item.campaign, title)
            except SaveError as err:
                self.notify(visible(err.reason), severity="error", markup=False)
            self.reload()

        self.app.push_screen(
            PromptDialog("New name for this campaign:", item.campaign.title, "A campaign's name"),
            done,
        )

    def delete_campaign(self) -> None:
        item = self.selected_campaign()
        if item is None:
            return
        if isinstance(item, BrokenCampaign):
            name, label, games = item.name, Path(item.path).name, ""
        else:
            name, label = item.campaign.name, item.campaign.title
            games = f" Its {plural(len(item.entries), 'game')} stay, as single games."
        label = visible(label)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                campaigns_of(self.app.store).delete(name)
            except SaveError as err:
                self.notify(f"Not deleted: {err.reason}", severity="error", markup=False)
            else:
                self.notify(f"Deleted the campaign {label}.", markup=False)
            self.reload()

        self.app.push_screen(
            ConfirmDialog(f"Delete the campaign “{label}”?{games}", yes="Delete"), done
        )

    def check_action(self, action: str, parameters) -> bool | None:
        """``h`` is for a campaign, ``p`` for a single game (a campaign's games replay from
        its history)."""
        if action == "history":
            return self.on_campaigns
        if action == "replay":
            return not self.on_campaigns
        return True

    # --- single games --------------------------------------------------------------------------
    def action_rename(self) -> None:
        if self.on_campaigns:
            self.rename_campaign()
            return
        entry = self.selected()
        if entry is None:
            return
        if isinstance(entry, BrokenSave):
            self.notify(
                "An unreadable save is left untouched; it cannot be renamed here.",
                severity="warning",
            )
            return

        def done(title: str | None) -> None:
            if title is None:
                return
            try:
                self.app.store.rename(entry.name, title)
            except SaveError as err:
                self.notify(visible(str(err)), severity="error", markup=False)
            self.reload()

        self.app.push_screen(PromptDialog("New title for this campaign:", entry.title), done)

    def action_delete(self) -> None:
        if self.on_campaigns:
            self.delete_campaign()
            return
        entry = self.selected()
        if entry is None:
            return
        label = visible(entry.name if isinstance(entry, BrokenSave) else entry.title)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.store.delete(entry.name)
            except SaveError as err:
                self.notify(f"Not deleted: {err.reason}", severity="error", markup=False)
            else:
                self.notify(f"Deleted {label}.", markup=False)
            self.reload()

        self.app.push_screen(ConfirmDialog(f"Delete “{label}” for good?", yes="Delete"), done)
