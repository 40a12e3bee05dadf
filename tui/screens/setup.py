"""New-game setup: seats (human or bot with level), names, optional seed and game options."""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from engine import registry
from engine.i18n import N_, _
from saves.paths import unprintable_problem
from saves.record import SeatInfo, bot_name, level_name
from saves.session import Session
from tui.deck_file import read_deck
from tui.messages import OpenGame
from tui.textual_i18n import recompose_keeping_input
from tui.widgets.footer import KeysFooter

HUMAN = "human"


def seat_choices(game) -> list[tuple[str, str]]:
    bots = [
        (_("Bot · {level}").format(level=level_name(level)), f"bot:{level}") for level in game.bots
    ]
    return [(_("Human"), HUMAN), *bots]


def default_bot_level(game) -> str:
    return "strong" if "strong" in game.bots else next(iter(game.bots))


BOT_STYLES = {
    "gallic": {
        "easy": N_("exchanges cards at random"),
        "strong": N_("exchanges for the best expected battle total"),
        "expert": N_("searches its exchanges in sampled deals, for this battle and the next"),
    },
    "alamo": {
        "easy": N_("fires, pays and fights at random"),
        "strong": N_("plans each attack and defence by the expected margin"),
        "expert": N_("searches the sensible moves on sampled worlds"),
    },
    "mates": {
        "easy": N_("attacks and counters at random"),
        "strong": N_("weighs every attack against the cards it has not seen"),
        "expert": N_("counts every card shown and plays the round out in sampled worlds"),
    },
    "ataque": {
        "easy": N_("cautious: one pile, attacks only with a clear edge"),
        "teg": N_("the classic TEG robot"),
        "strong": N_("plays for its objective by the exact odds"),
        "expert": N_("tries bold, usual and careful plans on sampled worlds"),
    },
    "metauro": {
        "easy": N_("marches at the enemy, fights at random"),
        "strong": N_("plans every unit's fight and guards its general"),
        "expert": N_("tests the strong plan against its best alternatives over sampled dice"),
    },
}


def bot_style(game, level: str) -> str:
    """How a bot level plays, in a few words; a level not listed here, by the first line of
    its docstring (in English: list it here to have it translated)."""
    known = BOT_STYLES.get(game.id, {}).get(level)
    if known:
        return _(known)
    doc = (game.bots[level].__doc__ or "").strip()
    return doc.splitlines()[0].rstrip(".") if doc else _("a bot")


def bot_levels_text(game) -> str:
    levels = " · ".join(
        _("{level} — {style}").format(level=level_name(level), style=bot_style(game, level))
        for level in game.bots
    )
    return _("Bots: {levels}").format(levels=levels)


def player_name(number: int) -> str:
    """The name of a person's seat left blank: ``Player 2``."""
    return _("Player {n}").format(n=number)


def named_seats(game, seats: list[SeatInfo]) -> tuple[SeatInfo, ...]:
    """Fill in names a player left blank, so logs and saves always say who is who."""
    out = []
    for i, seat in enumerate(seats):
        name = seat.name.strip()
        if not name:
            name = player_name(i + 1) if seat.kind == HUMAN else bot_name(seat.level)
        out.append(SeatInfo(kind=seat.kind, name=name, level=seat.level))
    return tuple(out)


def seed_and_start(placeholder: str) -> ComposeResult:
    """The last rows of a setup: the seed (digits only) and Start / Back."""
    with Horizontal(classes="row"):
        yield Label(_("Seed"), classes="field-label")
        yield Input(
            placeholder=placeholder,
            id="seed",
            restrict=r"[0-9]*",
            max_length=19,
            compact=True,
        )
    with Horizontal(classes="row buttons"):
        yield Button(_("Start"), variant="primary", id="start", compact=True)
        yield Button(_("Back"), id="back", compact=True)


def light_focused_row(screen: Screen) -> None:
    """Mark the form row holding the focus (its label turns to an accent block). Textual does
    not restyle a focused field's siblings, so ``:focus-within`` alone would leave the label of
    the row the focus came from lit."""
    row = screen.focused.parent if screen.focused is not None else None
    for each in screen.query(".row"):
        each.set_class(each is row, "-focused")


class SetupScreen(Screen):
    """Builds the seats and options, then starts a Session and opens the game's screen."""

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start"), priority=True),
    ]

    def __init__(self, game, players: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.players = players or min(game.max_players, max(2, game.min_players))

    def compose(self) -> ComposeResult:
        """One line per field (compact widgets), so that six seats, the options and the Start
        button all fit 80×24 without scrolling."""
        labels = self.game.seat_labels(self.players)
        with VerticalScroll(id="setup"):
            yield Static(
                Content.assemble(_("New game"), " · ", (self.game.name, "bold")), classes="title"
            )
            yield Static(_(self.game.description), classes="subtitle")
            if self.game.min_players != self.game.max_players:
                with Horizontal(classes="row"):
                    yield Label(_("Players"), classes="field-label")
                    yield Select(
                        [
                            (str(n), n)
                            for n in range(self.game.min_players, self.game.max_players + 1)
                        ],
                        value=self.players,
                        allow_blank=False,
                        compact=True,
                        id="players",
                    )
            for i, label in enumerate(labels):
                with Horizontal(classes="row seat"):
                    yield Label(_(label), classes="field-label")
                    yield Select(
                        seat_choices(self.game),
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{i}",
                        value=HUMAN if i == 0 else f"bot:{default_bot_level(self.game)}",
                    )
                    yield Input(
                        placeholder=_("name ({default})").format(default=player_name(i + 1)),
                        id=f"name-{i}",
                        max_length=24,
                        compact=True,
                    )
            yield Static(Content(bot_levels_text(self.game)), id="bot-levels", classes="hint")
            for option in self.game.options:
                with Horizontal(classes="row"):
                    yield Label(_(option.label), classes="field-label")
                    yield Select(
                        [(_(text), value) for text, value in option.choices],
                        value=option.default,
                        allow_blank=False,
                        compact=True,
                        id=f"option-{option.key}",
                    )
            if hasattr(self.game, "load_deck") and not self.app.hosted:  # no paths over SSH
                with Horizontal(classes="row"):
                    yield Label(_("Deck file"), classes="field-label")
                    yield Input(
                        placeholder=_("optional: a file from `batallas mates-deck`"),
                        id="deck-file",
                        compact=True,
                    )
            yield from seed_and_start(_("random — or a number to replay a deal"))
        yield KeysFooter()

    def on_mount(self) -> None:
        """The first seat's name: what a player types first (the seat is already Human)."""
        self.query_one("#name-0", Input).focus()

    def on_descendant_focus(self) -> None:
        light_focused_row(self)

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and event.value != self.players:
            self.app.switch_screen(SetupScreen(self.game, int(event.value)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter moves on to the next field: only Start (or ctrl+s) starts a game, so a name
        typed first never starts one with the other seats left as they were."""
        event.stop()
        self.focus_next()

    def action_back(self) -> None:
        self.app.pop_screen()

    def chosen_seats(self) -> tuple[SeatInfo, ...]:
        seats = []
        for i in range(self.players):
            kind = self.query_one(f"#kind-{i}", Select).value
            name = self.query_one(f"#name-{i}", Input).value
            if kind == HUMAN:
                seats.append(SeatInfo(kind=HUMAN, name=name))
            else:
                seats.append(SeatInfo(kind="bot", name=name, level=str(kind).split(":", 1)[1]))
        return named_seats(self.game, seats)

    def refuse(self, problem: str) -> None:
        """Say why the game cannot start (it quotes what was typed: plain text)."""
        self.notify(problem, severity="error", timeout=8, markup=False)

    def action_start(self) -> None:
        for i in range(self.players):
            name = self.query_one(f"#name-{i}", Input)
            problem = unprintable_problem(
                name.value, _("{player}'s name").format(player=player_name(i + 1))
            )
            if problem:
                name.focus()
                self.refuse(problem)
                return
        config = {
            o.key: self.query_one(f"#option-{o.key}", Select).value for o in self.game.options
        }
        deck_inputs = self.query("#deck-file")
        if deck_inputs and deck_inputs.first(Input).value.strip():
            deck, problem = read_deck(self.game, deck_inputs.first(Input).value.strip())
            if problem:
                self.refuse(problem)
                return
            config["deck"] = deck
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        try:
            session = Session.new(
                self.game,
                self.app.store,
                self.chosen_seats(),
                config,
                seed=seed,
                players=self.players,
            )
        except ValueError as err:  # the game refuses this setup (a deck too small for the seats)
            self.refuse(_("Cannot start {game}: {reason}.").format(game=self.game.name, reason=err))
            return
        self.post_message(OpenGame(session))


class GamePicker(ModalScreen[str]):
    """Which game? Used by the palette, the menu's Rules and Learn entries."""

    BINDINGS = [Binding("escape", "dismiss_none", N_("Back"))]

    def __init__(self, prompt: str, about: Mapping[str, str] | None = None) -> None:
        """``prompt``: a msgid (``N_``), shown in the current language. ``about``: only these
        games, each with its words (msgids) dimmed beneath its name."""
        super().__init__()
        self.prompt = prompt
        self.about = about

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_(self.prompt), classes="title")
            options = [self.option(g) for g in registry.ENTRIES if self.offers(g.id)]
            yield OptionList(*options, classes="" if self.about is None else "about")

    def offers(self, game_id: str) -> bool:
        return self.about is None or game_id in self.about

    def option(self, game) -> Option:
        if self.about is None:
            return Option(game.name, id=game.id)
        about = Content.styled(_(self.about[game.id]), "dim")
        return Option(Content.assemble((game.name, "bold"), "\n", about), id=game.id)

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
