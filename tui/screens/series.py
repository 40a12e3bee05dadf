"""Campaigns in the war-gaming sense: a new campaign's setup, a campaign's history, and the
step from a finished game to the campaign's next one.

Titles, names and reasons come from files and players: they are shown as ``Content`` built
from plain text (``visible`` makes control characters harmless), never parsed as markup.
"""

from __future__ import annotations

import importlib.util

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Header,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from engine import registry
from engine.i18n import N_, _, ngettext, number
from saves.campaigns import (
    CUSTOM,
    GALLIC_WARS,
    KINDS,
    LADDER,
    MAX_CUSTOM_GAMES,
    PUNIC,
    Status,
    campaigns_of,
    setup_players,
)
from saves.paths import MAX_TITLE, title_problem, unprintable_problem, visible
from saves.record import BOT, HUMAN, SaveError, SeatInfo, level_name
from saves.replay import ReplaySession
from tui.campaign_words import last_played_width, score_text, seat_text
from tui.language import when
from tui.messages import NextCampaignGame, OpenGame, OpenReplay, ResumeGame
from tui.screens.setup import (
    default_bot_level,
    light_focused_row,
    named_seats,
    seat_choices,
    seed_and_start,
)
from tui.textual_i18n import recompose_keeping_input
from tui.widgets.footer import KeysFooter

# The option each kind offers, as (option key, the game whose option it is, label msgid).
KIND_OPTIONS = {
    PUNIC: ("consul", "metauro", N_("Roman consul")),
    GALLIC_WARS: ("battles", "gallic", N_("Length")),
    LADDER: ("deck", "mates", N_("Deck")),
}
NAME = {"max_length": 24, "compact": True}  # a name field, as in the new-game setup


def common_levels() -> tuple[str, ...]:
    """The bot levels every game has: a custom series may mix any games."""
    games = [registry.get(e.id) for e in registry.ENTRIES]
    return tuple(level for level in games[0].bots if all(level in g.bots for g in games))


def players_text(count: int) -> str:
    """``2 players``: how many a game of a custom series seats."""
    return ngettext("{n} player", "{n} players", count).format(n=number(count))


def notify_plain(where, message: str, severity: str = "error") -> None:
    """A notification (of the app or a screen) whose text is shown as it is written."""
    where.notify(visible(message), severity=severity, timeout=8, markup=False)


# --- a new campaign ------------------------------------------------------------------------


class SeriesSetupScreen(Screen):
    """The kind of campaign, its name, the seats (kept for every game of it), the kind's one
    option (or, for a custom series, the games in order and the bots' level) and a seed."""

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start"), priority=True),
    ]
    DEFAULT_CSS = """
    #setup.series #custom-games { height: auto; max-height: 7; width: 1fr; max-width: 60; }
    #setup.series #custom-chosen { padding: 0 0 0 17; }
    """

    def __init__(self, kind: str = PUNIC, chosen: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.kind = KINDS[kind]
        self.chosen = list(chosen)  # a custom series' games, in order

    @property
    def game(self):
        return registry.get(self.kind.game_id) if self.kind.game_id else None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup", classes="series"):
            yield Static(_("New campaign"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Campaign"), classes="field-label")
                yield Select(
                    [(_(k.name), k.id) for k in KINDS.values()],
                    value=self.kind.id,
                    allow_blank=False,
                    compact=True,
                    id="kind",
                )
            yield Static(Content(_(self.kind.about)), classes="subtitle")
            with Horizontal(classes="row"):
                yield Label(_("Name"), classes="field-label")
                yield Input(
                    placeholder=_(self.kind.name), id="title", max_length=MAX_TITLE, compact=True
                )
            yield from self.compose_seats()
            yield from self.compose_options()
            yield from seed_and_start(_("random — or a number to replay the campaign's deals"))
        yield KeysFooter()

    def compose_seats(self) -> ComposeResult:
        player = self.app.player or ""
        if self.game is None:
            with Horizontal(classes="row"):
                yield Label(_("You"), classes="field-label")
                placeholder = _("name (Player {number})").format(number=1)
                yield Input(value=player, placeholder=placeholder, id="name-0", **NAME)
            return
        labels = self.game.seat_labels(self.kind.players)
        for i, label in enumerate(labels):
            with Horizontal(classes="row seat"):
                yield Label(label, classes="field-label")
                if self.kind.id != LADDER:  # the ladder's solver is a human
                    yield Select(
                        seat_choices(self.game),
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{i}",
                        value=HUMAN if i == 0 else f"bot:{default_bot_level(self.game)}",
                    )
                yield Input(
                    value=player if i == 0 else "",
                    placeholder=_("name (Player {number})").format(number=i + 1),
                    id=f"name-{i}",
                    **NAME,
                )

    def compose_options(self) -> ComposeResult:
        if self.kind.id in KIND_OPTIONS:
            key, game_id, label = KIND_OPTIONS[self.kind.id]
            option = next(o for o in registry.get(game_id).options if o.key == key)
            with Horizontal(classes="row"):
                yield Label(_(label), classes="field-label")
                yield Select(
                    [(_(text), value) for text, value in option.choices],
                    value=option.default,
                    allow_blank=False,
                    compact=True,
                    id=f"option-{key}",
                )
        if self.kind.id != CUSTOM:
            return
        with Horizontal(classes="row"):
            yield Label(_("Bots"), classes="field-label")
            yield Select(
                [(level_name(level), level) for level in common_levels()],
                value=common_levels()[0],
                allow_blank=False,
                compact=True,
                id="option-level",
            )
        with Horizontal(classes="row"):
            yield Label(_("Add a game"), classes="field-label")
            yield OptionList(
                *[
                    Option(f"{e.name} · {players_text(setup_players(registry.get(e.id)))}", id=e.id)
                    for e in registry.ENTRIES
                ],
                id="custom-games",
                compact=True,
            )
        yield Static(self.chosen_text(), id="custom-chosen", classes="hint")
        with Horizontal(classes="row buttons"):
            yield Button(_("Remove the last game"), id="remove", compact=True)

    def chosen_text(self) -> Content:
        if not self.chosen:
            return Content(_("Enter on a game adds it to the series, in order."))
        names = [f"{i}. {registry.entry(g).name}" for i, g in enumerate(self.chosen, 1)]
        return Content(_("Series: {games}").format(games=", ".join(names)))

    def on_mount(self) -> None:
        self.query_one("#kind", Select).focus()

    def on_descendant_focus(self) -> None:
        light_focused_row(self)

    async def language_changed(self) -> None:
        """Composed again in the language just chosen, with what was typed and chosen."""
        await recompose_keeping_input(self)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "kind" and event.value != self.kind.id:
            self.app.switch_screen(SeriesSetupScreen(str(event.value)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if len(self.chosen) >= MAX_CUSTOM_GAMES:
            self.refuse(_("A series has at most {n} games.").format(n=number(MAX_CUSTOM_GAMES)))
            return
        self.chosen.append(event.option.id or "")
        self.query_one("#custom-chosen", Static).update(self.chosen_text())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "remove":
            if self.chosen:
                self.chosen.pop()
            self.query_one("#custom-chosen", Static).update(self.chosen_text())
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter moves on to the next field; only Start (or ctrl+s) starts."""
        event.stop()
        self.focus_next()

    def action_back(self) -> None:
        self.app.pop_screen()

    def refuse(self, problem: str) -> None:
        self.notify(problem, severity="error", timeout=8, markup=False)

    def chosen_seats(self) -> tuple[SeatInfo, ...]:
        seats = []
        for i in range(self.kind.players):
            name = self.query_one(f"#name-{i}", Input).value
            kinds = self.query(f"#kind-{i}")
            kind = kinds.first(Select).value if kinds else HUMAN
            if kind == HUMAN:
                seats.append(SeatInfo(kind=HUMAN, name=name))
            else:
                seats.append(SeatInfo(kind=BOT, name=name, level=str(kind).split(":", 1)[1]))
        game = self.game or registry.get(registry.ENTRIES[0].id)
        return named_seats(game, seats)

    def options(self) -> dict:
        if self.kind.id in KIND_OPTIONS:
            key = KIND_OPTIONS[self.kind.id][0]
            return {key: self.query_one(f"#option-{key}", Select).value}
        if self.kind.id == CUSTOM:
            return {
                "games": list(self.chosen),
                "level": self.query_one("#option-level", Select).value,
            }
        return {}

    def action_start(self) -> None:
        title = self.query_one("#title", Input)
        fields = [(title, _("The campaign's name"))] + [
            (self.query_one(f"#name-{i}", Input), _("Player {number}'s name").format(number=i + 1))
            for i in range(self.kind.players)
        ]
        for field, what in fields:
            check = title_problem if field is title else unprintable_problem
            problem = check(field.value, what)
            if problem:
                field.focus()
                self.refuse(problem)
                return
        if self.kind.id == CUSTOM and not self.chosen:
            self.query_one("#custom-games", OptionList).focus()
            self.refuse(_("Add at least one game to the series."))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        campaigns = campaigns_of(self.app.store)
        try:
            campaign = campaigns.create(
                self.kind.id,
                title.value.strip() or _(self.kind.name),
                self.chosen_seats(),
                self.options(),
                seed=int(seed_text) if seed_text else None,
            )
        except SaveError as err:
            self.refuse(_("Cannot start the campaign: {reason}").format(reason=err.reason))
            return
        try:
            session = campaigns.start_next(campaign.name, 0, player=self.app.player)
        except SaveError as err:
            self.refuse(
                _("The campaign is saved but its first game did not start: {reason}").format(
                    reason=err.reason
                )
            )
            return
        self.post_message(OpenGame(session))


# --- a campaign's history --------------------------------------------------------------------


def replay_available() -> bool:
    """Whether this version has the replay screen (saves and screens of a replay)."""
    return importlib.util.find_spec("tui.screens.replay") is not None


class SeriesScreen(Screen):
    """One campaign: its score, its seats, and every game of it so far (Enter opens one;
    ``c`` resumes the game in progress or starts the next; ``p`` replays a finished one)."""

    BINDINGS = [
        Binding("enter", "open", N_("Open game"), priority=True),
        Binding("c", "continue", N_("Continue campaign")),
        Binding("p", "replay", N_("Replay")),
        Binding("escape,q", "app.pop_screen", N_("Back")),
    ]
    DEFAULT_CSS = """
    SeriesScreen #series-head { height: auto; padding: 0 1; }
    SeriesScreen #series-games { height: 1fr; }
    SeriesScreen #series-detail { height: auto; border-top: solid $primary; padding: 0 1; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.campaign_name = name
        self.status: Status | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="series-head")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="series-games")
        yield Static(id="series-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = _("Campaign")
        self.reload()
        self.query_one(DataTable).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def language_changed(self) -> None:
        """The campaign said again in the language just chosen, the same game selected."""
        self.sub_title = _("Campaign")
        self.reload()

    def on_resize(self) -> None:
        if self.status is not None:
            self.reload()

    def reload(self) -> None:
        campaigns = campaigns_of(self.app.store)
        head = self.query_one("#series-head", Static)
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        try:
            campaign = campaigns.load(self.campaign_name)
        except SaveError as err:
            self.status = None
            said = _("{name} cannot be read: {reason}").format(
                name=self.campaign_name, reason=err.reason
            )
            head.update(Content(visible(said)))
            return
        rows = {e.name: e for e in self.app.store.list()}
        self.status = status = campaigns.status(campaign, rows)
        head.update(
            Content.assemble(
                (visible(campaign.title), "bold"),
                (f" · {campaign.kind_name}", "dim"),
                "\n",
                visible(score_text(status)),
                "\n",
                (visible(seat_text(status)), "dim"),
            )
        )
        width = max(self.app.size.width - 2 - 4 * 2, 40)
        count, last = 2, max(last_played_width(), len(_("Last played")))
        labels = [len(visible(e.label)) for e in status.entries]
        game = min(max([len(_("Game")), *labels]), 24, (width - count - last) // 2)
        table.add_column("#", width=count)
        table.add_column(_("Game"), width=game)
        table.add_column(_("Result or progress"), width=width - count - game - last)
        table.add_column(_("Last played"), width=last)
        for entry in status.entries:
            if entry.problem:
                result = Text(visible(f"⚠ {entry.problem}"), style="bold")
            else:
                result = Text(visible(entry.progress))
            table.add_row(
                number(entry.number),
                Text(visible(entry.label)),
                result,
                Text(when(entry.updated), style="dim"),
                key=str(entry.number),
                height=None,
            )
        if status.entries:
            table.move_cursor(row=min(row, len(status.entries) - 1))
        self.show_detail()
        self.refresh_bindings()

    def selected(self):
        if self.status is None or not self.status.entries:
            return None
        table = self.query_one(DataTable)
        return self.status.entries[min(table.cursor_row, len(self.status.entries) - 1)]

    def on_data_table_row_highlighted(self) -> None:
        self.show_detail()
        self.refresh_bindings()

    def show_detail(self) -> None:
        entry = self.selected()
        detail = self.query_one("#series-detail", Static)
        if entry is None:
            detail.update(Content(_("No game played yet: c starts the first.")))
            return
        game = number(entry.number)
        if entry.problem and entry.result is not None:
            said = _("Game {number}: {problem}. Its result was kept: {reason}").format(
                number=game, problem=entry.problem, reason=entry.result.reason
            )
        elif entry.problem:
            said = _("Game {number}: {problem}.").format(number=game, problem=entry.problem)
        elif entry.result is not None:
            said = _("Game {number}: {reason}").format(number=game, reason=entry.result.reason)
        else:
            said = _("Game {number}, in progress: {progress}. Enter resumes it.").format(
                number=game, progress=entry.progress
            )
        detail.update(Content(visible(said)))

    def action_open(self) -> None:
        """Resume an unfinished game, or open a finished one on its result."""
        entry = self.selected()
        if entry is None:
            self.action_continue()
            return
        if entry.problem:
            notify_plain(
                self.app,
                _("Game {number} cannot be opened: {problem}.").format(
                    number=number(entry.number), problem=entry.problem
                ),
            )
            return
        self.post_message(ResumeGame(entry.save))

    def on_data_table_row_selected(self) -> None:
        self.action_open()

    def action_continue(self) -> None:
        self.post_message(NextCampaignGame(self.campaign_name))

    def action_replay(self) -> None:
        entry = self.selected()
        if entry is None or entry.problem or not entry.finished:
            return
        try:
            session = ReplaySession.load(self.app.store, entry.save)
        except SaveError as err:
            said = _("Cannot replay game {number}: {reason}")
            notify_plain(self, said.format(number=number(entry.number), reason=err.reason))
            return
        self.post_message(OpenReplay(session))

    def check_action(self, action: str, parameters) -> bool | None:
        status = self.status
        if action == "continue":
            return status is not None and (status.ready or status.current is not None)
        if action == "replay":
            entry = self.selected()
            return (
                replay_available()
                and entry is not None
                and entry.finished
                and entry.problem is None
            )
        return True
