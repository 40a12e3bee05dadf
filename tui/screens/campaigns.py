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

from engine.i18n import N_, _, ngettext, number
from engine.words import plural
from saves.campaigns import BrokenCampaign, Campaign, Status, campaigns_of
from saves.paths import visible
from saves.record import BrokenSave
from saves.replay import ReplaySession
from saves.store import SaveError
from tui.campaign_words import last_played_width, score_text, seat_text
from tui.language import when
from tui.messages import NewCampaign, NextCampaignGame, OpenCampaignHistory, OpenReplay, ResumeGame
from tui.screens.dialogs import ConfirmDialog, PromptDialog
from tui.widgets.footer import KeysFooter


def file_name(broken: BrokenSave) -> str:
    return Path(broken.path).name


MIN_TITLE = 24  # the title column never gets narrower than this while progress needs room
CELL_PADDING = 2  # DataTable's padding around each cell
SCROLLBAR = 2


def campaign_prompt(item: Status | BrokenCampaign) -> Content:
    """A campaign in two lines: its name and kind; its score, next game and last played."""
    if isinstance(item, BrokenCampaign):
        return Content.assemble(
            (visible(Path(item.path).name), "bold"),
            (" · " + _("unreadable campaign"), "dim italic"),
            "\n  ",
            (visible(f"⚠ {item.reason}"), "bold"),
        )
    campaign = item.campaign
    about = score_text(item)
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
        Binding("enter", "resume", N_("Resume"), priority=True),
        Binding("n", "new_campaign", N_("New campaign")),
        Binding("h", "history", N_("History")),
        Binding("p", "replay", N_("Replay")),
        Binding("r", "rename", N_("Rename")),
        Binding("d,delete", "delete", N_("Delete")),
        Binding("escape,q", "app.pop_screen", N_("Back")),
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
        yield KeysFooter()

    laid_out_for: int | None = None  # the window width the columns were sized for
    series: dict  # campaign file name -> Status or BrokenCampaign

    def on_mount(self) -> None:
        self.series = {}
        self.name_parts()
        self.reload()
        if self.series:
            self.query_one("#series-list", OptionList).focus()
        else:
            self.query_one(DataTable).focus()

    def name_parts(self) -> None:
        self.sub_title = _("Campaigns")
        self.query_one("#series-list", OptionList).border_title = _("Campaigns")

    def on_screen_resume(self) -> None:
        self.reload()

    def language_changed(self) -> None:
        """Everything in the language just chosen, the same row selected (the store reads a
        save's progress and reasons again for a new language)."""
        self.name_parts()
        self.reload()

    def on_resize(self) -> None:
        # Eight keys share the footer: at 80 columns they sit closer to keep them all.
        self.query_one(Footer).compact = self.app.size.width < 100
        if self.laid_out_for != self.app.size.width:
            self.reload()

    def column_widths(self, entries: list) -> tuple[int, int]:
        """(campaign, progress): progress whole on one line when it can be, the rest for titles,
        and the two always within the window."""
        width = max(self.app.size.width - SCROLLBAR - 2 * CELL_PADDING, 2 * len(_("Progress")))
        saves = [e for e in entries if not isinstance(e, BrokenSave)]
        progress = max([last_played_width(), *(len(visible(e.progress)) for e in saves)])
        titles = max([len(_("Single game")), *(len(visible(e.title)) for e in saves)])
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
                    problem = f"{type(exc).__name__}: {exc}"
                    reason = _("cannot be read ({reason})").format(reason=problem)
                    item = BrokenCampaign(item.name, str(campaigns.path(item.name)), reason)
            series[item.name if isinstance(item, BrokenCampaign) else item.campaign.name] = item
        self.series = series
        options = self.query_one("#series-list", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        options.add_options([Option(campaign_prompt(v), id=k) for k, v in series.items()])
        options.display = bool(series)
        if series:
            options.highlighted = min(highlighted or 0, len(series) - 1)
        elif options.has_focus:
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
        table.add_column(_("Single game"), width=title_width)
        table.add_column(_("Progress"), width=progress_width)
        self.entries = {}
        for entry in entries:
            self.entries[entry.name] = entry
            if isinstance(entry, BrokenSave):
                campaign = Text.assemble(
                    visible(file_name(entry)), "\n", (_("unreadable file"), "dim italic")
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
        self.query_one("#campaigns-where", Static).update(Content(self.where_text(count)))
        if count:
            table.move_cursor(row=min(row, count - 1))
        self.show_detail()

    def where_text(self, count: int) -> str:
        """How many campaigns and games, and in which folder when the player may see it."""
        folder = visible(str(self.app.store.root)) if self.app.shows_paths else None
        if self.series:
            counted = {
                "campaigns": plural(len(self.series), "campaign", "campaigns"),
                "games": plural(count, "single game", "single games"),
            }
            if folder is None:
                return _("{campaigns} and {games}").format(**counted)
            return _("{campaigns} and {games} in {folder}").format(folder=folder, **counted)
        if count:
            saves = plural(count, "save", "saves")
            if folder is None:
                return _("{saves} · n: a new campaign").format(saves=saves)
            return _("{saves} in {folder} · n: a new campaign").format(saves=saves, folder=folder)
        if folder is None:
            return _(
                "No saves yet. Start a game from the menu, or a campaign with n: every game "
                "saves itself after every move."
            )
        return _(
            "No saves yet in {folder}. Start a game from the menu, or a campaign with n: "
            "every game saves itself after every move."
        ).format(folder=folder)

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
        options = self.query_one("#series-list", OptionList)
        return bool(self.series) and self.focused is options

    def selected_campaign(self) -> Status | BrokenCampaign | None:
        options = self.query_one("#series-list", OptionList)
        if not self.series or options.highlighted is None:
            return None
        option = options.get_option_at_index(options.highlighted)
        return self.series.get(option.id)

    def show_detail(self) -> None:
        """Everything about the selected row, in full: its title, game, every seat, progress and
        date, or the whole reason why a file cannot be read."""
        detail = self.query_one("#campaign-detail", Static)
        if self.on_campaigns:
            item = self.selected_campaign()
            if isinstance(item, BrokenCampaign):
                lines: tuple[str, ...] = (
                    _("{file} cannot be read: {reason}. It is listed and left as it is.").format(
                        file=Path(item.path).name, reason=item.reason
                    ),
                )
            elif item is not None:
                campaign = item.campaign
                played = ngettext("{n} game played", "{n} games played", len(item.entries))
                lines = (
                    f"{campaign.title} · {campaign.kind_name} · "
                    + played.format(n=number(len(item.entries))),
                    score_text(item),
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
                        _(
                            "{file} cannot be read: {reason}. It is listed and left as it is."
                        ).format(file=file_name(entry), reason=entry.reason)
                    )
                )
            )
        else:
            lines = (
                entry.title,
                _("{game} · {progress} · last played {when}").format(
                    game=entry.game_name, progress=entry.progress, when=when(entry.updated)
                ),
                _("Seats: {seats}").format(seats=", ".join(entry.seats))
                + (f" · {entry.coached}" if entry.coached else ""),
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
                    _("{name} cannot be opened: {reason}. The file is left as it is.").format(
                        name=entry.name, reason=entry.reason
                    )
                ),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.post_message(ResumeGame(entry.name))

    def action_replay(self) -> None:
        """Step through the selected game from its first move (``tui/screens/replay.py``)."""
        entry = self.selected()
        if entry is None:
            return
        if isinstance(entry, BrokenSave):
            self.notify(
                visible(
                    _("{name} cannot be replayed: {reason}.").format(
                        name=entry.name, reason=entry.reason
                    )
                ),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        try:
            session = ReplaySession.load(self.app.store, entry.name)
        except SaveError as err:
            self.notify(
                visible(
                    _("{name} cannot be replayed: {reason}.").format(
                        name=entry.title, reason=err.reason
                    )
                ),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.post_message(OpenReplay(session))

    # --- campaigns ---------------------------------------------------------------------------
    def refuse_broken(self, item: BrokenCampaign) -> None:
        self.notify(
            visible(
                _("{name} cannot be opened: {reason}. The file is left as it is.").format(
                    name=Path(item.path).name, reason=item.reason
                )
            ),
            severity="error",
            timeout=8,
            markup=False,
        )

    def go_on_with_campaign(self) -> None:
        item = self.selected_campaign()
        if isinstance(item, BrokenCampaign):
            self.refuse_broken(item)
        elif item is not None:
            self.post_message(NextCampaignGame(item.campaign.name))

    def action_history(self) -> None:
        item = self.selected_campaign()
        if isinstance(item, BrokenCampaign):
            self.refuse_broken(item)
        elif item is not None:
            self.post_message(OpenCampaignHistory(item.campaign.name))

    def action_new_campaign(self) -> None:
        self.post_message(NewCampaign())

    def rename_campaign(self) -> None:
        item = self.selected_campaign()
        if item is None:
            return
        if isinstance(item, BrokenCampaign):
            self.notify(
                _("An unreadable campaign is left untouched; it cannot be renamed here."),
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
            PromptDialog(
                lambda: _("New name for this campaign:"),
                item.campaign.title,
                lambda: _("A campaign's name"),
            ),
            done,
        )

    def delete_campaign(self) -> None:
        item = self.selected_campaign()
        if item is None:
            return
        if isinstance(item, BrokenCampaign):
            name, label = item.name, Path(item.path).name
        else:
            name, label = item.campaign.name, item.campaign.title
        label = visible(label)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                campaigns_of(self.app.store).delete(name)
            except SaveError as err:
                self.notify(
                    _("Not deleted: {reason}").format(reason=err.reason),
                    severity="error",
                    markup=False,
                )
            else:
                self.notify(_("Deleted the campaign {name}.").format(name=label), markup=False)
            self.reload()

        def question() -> str:
            asked = _("Delete the campaign “{name}”?").format(name=label)
            if isinstance(item, BrokenCampaign):
                return asked
            games = ngettext(
                "Its {n} game stays, as a single game.",
                "Its {n} games stay, as single games.",
                len(item.entries),
            ).format(n=number(len(item.entries)))
            return f"{asked} {games}"

        self.app.push_screen(ConfirmDialog(question, yes=lambda: _("Delete")), done)

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
                _("An unreadable save is left untouched; it cannot be renamed here."),
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

        prompt = PromptDialog(lambda: _("New title for this game:"), entry.title)
        self.app.push_screen(prompt, done)

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
                self.notify(
                    _("Not deleted: {reason}").format(reason=err.reason),
                    severity="error",
                    markup=False,
                )
            else:
                self.notify(_("Deleted {name}.").format(name=label), markup=False)
            self.reload()

        def question() -> str:
            return _("Delete “{name}” for good?").format(name=label)

        self.app.push_screen(ConfirmDialog(question, yes=lambda: _("Delete")), done)
