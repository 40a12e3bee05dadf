"""Ataque: the world map (or the territory table, or the continents), your cards and secret
objective, every player's strength, and the footer telling what can be done now.

The cursor moves with the arrows, a click (which only looks: nothing is played), or by typing
part of a name after `/`; Enter acts on the territory under it. Everything fits 80×24: the map
shows all 42 army counts and every border, and the lines below it (selection, players,
objective, cards, prompt) each fit one line, shortening words before losing facts.
"""

from __future__ import annotations

import inspect
import unicodedata
from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from engine.ataque import rules
from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.data import (
    CARD_BONUS,
    CARD_FIGURE,
    CONTINENT_OF,
    CONTINENTS,
    FALLBACK,
    FIGURE_GLYPHS,
    MAX_DICE,
    NEIGHBOURS,
    TERRITORIES,
    card_name,
    card_territory,
    colour_letter,
    colour_name,
    objective_text,
    sets_in,
)
from engine.ataque.odds import attack_dice
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, OVER, PLACE, REGROUP, GameEnded
from engine.core import HIDDEN, Outcome
from engine.i18n import N_, _, ngettext, number, pgettext
from engine.words import listing, plural
from tui.screens.game import STYLES, GameScreen
from tui.textual_i18n import recompose_keeping_input
from tui.widgets.log import EventLog, literal
from tui.widgets.world_map import Holding, WorldMap, short

SEAT_STYLES = ("#f0f0f0", "#a0a0a0", "#ff5f5f", "#5f87ff", "#ffd75f", "#5fd75f")
INDEX = {name: i for i, name in enumerate(TERRITORIES)}
NEIGHBOUR_NAMES = {
    TERRITORIES[t]: frozenset(TERRITORIES[n] for n in NEIGHBOURS[t])
    for t in range(len(TERRITORIES))
}

# Key descriptions are English msgids: the footer shows them translated.
DICE = Binding.Group(N_("Dice"), compact=True)
STOP = Binding.Group(N_("Down to N"), compact=True)
COUNT = Binding.Group(N_("Count"), compact=True)
VIEWS = Binding.Group(N_("View"), compact=True)

# What Enter does now: one binding per meaning, so the footer names it.
ENTER = {
    "place": "+1",
    "select": N_("Select"),
    "roll": N_("Roll"),
    "move": N_("Move"),
    "exchange": N_("Exchange"),
    "result": N_("Result"),
}
MAP_ACTIONS = {"pick", "place", "all", "blitz", "dice", "stop_at", "count", "digit"}


def percent(chance: float) -> str:
    """A chance as a whole percentage that never claims certainty it does not have."""
    if 0.995 <= chance < 1.0:
        return ">" + _("{percent}%").format(percent=number(99))
    if 0.0 < chance < 0.005:
        return "<" + _("{percent}%").format(percent=number(1))
    return _("{percent}%").format(percent=number(round(chance * 100)))


def armies(n: int) -> str:
    return plural(n, "army", "armies")


def strength(s) -> str:
    """A player's territories, armies and cards, tersely: "12t 30a 2c"."""
    # Translators: t, a and c are the initials of territories, armies and cards.
    return _("{territories}t {armies}a {cards}c").format(
        territories=s.territories, armies=s.armies, cards=s.cards
    )


def folded(text: str) -> str:
    """Lower case without accents: what a search compares ("sudan" finds Sudán)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def matches(query: str) -> list[str]:
    """The territories a search means, keeping only the best kind of match found: the whole
    name, then a whole word of it, the start of the name, the start of a word, anywhere."""
    wanted = " ".join(folded(query).split())
    if not wanted:
        return []
    ranked: dict[int, list[str]] = {}
    for name in TERRITORIES:
        full = folded(name)
        words = full.split()
        if full == wanted:
            rank = 0
        elif wanted in words:
            rank = 1
        elif full.startswith(wanted):
            rank = 2
        elif any(word.startswith(wanted) for word in words):
            rank = 3
        elif wanted in full:
            rank = 4
        else:
            continue
        ranked.setdefault(rank, []).append(name)
    return ranked[min(ranked)] if ranked else []


def shown(description: str) -> str:
    """A key's description as the footer shows it: in the current language."""
    return _(description) if description else description


def fit(width: int, *variants: str) -> str:
    """The first (fullest) wording that fits ``width``; the last one otherwise."""
    return next((v for v in variants if len(v) <= width), variants[-1])


class ChoiceDialog(ModalScreen[int | None]):
    """One of a few choices: which set of cards to hand in, which territory a search meant.
    Escape chooses none."""

    BINDINGS = [Binding("escape", "choose_none", N_("Cancel"))]

    def __init__(self, question: Callable[[], str], choices: list[str | Text]) -> None:
        super().__init__()
        self.question = question  # asked again when the language changes
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.question()), classes="title")  # it may quote typed text
            yield OptionList(*[Option(c, id=str(i)) for i, c in enumerate(self.choices)])
            yield Static(_("Enter chooses, Escape cancels."), classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_choose_none(self) -> None:
        self.dismiss(None)

    async def language_changed(self) -> None:
        await recompose_keeping_input(self)


GAME_KEYS = [
    *(
        Binding("enter", f"pick('{what}')", label, show=what != "exchange")
        for what, label in ENTER.items()
    ),
    Binding("f", "place(5)", "+5"),
    Binding("a", "all", N_("All")),
    Binding("b", "blitz", N_("Blitz")),
    Binding("1", "dice(1)", N_("1 die"), group=DICE),
    Binding("2", "dice(2)", N_("2 dice"), group=DICE),
    Binding("3", "dice(3)", N_("3 dice"), group=DICE),
    Binding("left_square_bracket", "stop_at(-1)", "N−1", group=STOP),
    Binding("right_square_bracket", "stop_at(1)", "N+1", group=STOP),
    Binding("plus", "count(1)", N_("One more"), group=COUNT),
    Binding("minus", "count(-1)", N_("One less"), group=COUNT),
    Binding("equals_sign", "count(1)", N_("One more"), show=False),
    *(Binding(str(d), f"digit({d})", N_("Type the count"), show=False) for d in range(10)),
    Binding("x", "exchange", N_("Exchange")),
    Binding("e", "end_phase('attack')", N_("End attacks")),
    Binding("e", "end_phase('turn')", N_("End turn")),
    Binding("slash", "search", N_("Find")),
    Binding("m", "tab('map')", N_("Map"), group=VIEWS),
    Binding("t", "tab('table')", N_("Table"), group=VIEWS),
    Binding("c", "tab('continents')", N_("Continents"), group=VIEWS),
    Binding("tab", "filter", N_("Filter")),
    Binding("escape", "close_box", N_("Close")),
    Binding("escape", "menu", N_("Menu")),
]
# Every game screen's commands (Rules, Save, and whatever GameScreen shows), then Quit, the
# app's. They take the footer's room the game's keys leave (KeysFooter shows those that fit,
# Keys always, in SHARED_KEYS's order). Ctrl+Q is the app's, which quits first whatever the
# screen says: the screen only decides whether it is shown.
LABELS = {"save_as": N_("Save")}


def command_keys() -> tuple[list[Binding], list[tuple[str, Binding]]]:
    keys: list[Binding] = []
    commands: list[tuple[str, Binding]] = []
    for b in Binding.make_bindings(GameScreen.BINDINGS):
        if b.action == "menu":
            continue  # Escape is bound above, after closing boxes
        if b.show and b.action not in {action for action, _ in commands}:  # its first key
            shown = Binding(b.key, f"command('{b.action}')", LABELS.get(b.action, b.description))
            keys.append(shown)
            commands.append((b.action, shown))
        keys.append(Binding(b.key, b.action, b.description, show=False, priority=b.priority))
    quit_shown = Binding("ctrl+q", "command('quit')", N_("Quit"), priority=True)
    keys += [
        quit_shown,
        Binding("ctrl+q", "command('quiet')", N_("Quit"), show=False, priority=True),
    ]
    return keys, [*commands, ("quit", quit_shown)]


COMMAND_KEYS, COMMANDS = command_keys()


# The tabs' titles and the boxes' hints (English msgids, ``_`` where shown).
TAB_TITLES = {
    "map": N_("Map (m)"),
    "table": N_("Territories (t)"),
    "continents": N_("Continents (c)"),
}
PLACEHOLDERS = {
    "filter": N_("filter by owner, continent or name"),
    "search": N_("part of a territory's name, then Enter (Escape closes)"),
}


class AtaqueScreen(GameScreen, inherit_bindings=False):
    # The game's keys come first in the footer, then the ones every game screen has.
    BINDINGS = [*GAME_KEYS, *COMMAND_KEYS, *Screen.BINDINGS]
    CSS_PATH = STYLES / "ataque.tcss"
    WATCH_ACTIONS = frozenset(
        {"command", "tab", "filter", "close_box", "search", ("pick", ("result",))}
    )
    SEAT_UI = ("source", "dice", "stop_at", "count", "typed", "sort_key", "sort_reverse")
    # The footer shows these after the game's keys, as many as fit (Keys always).
    SHARED_KEYS = tuple(
        f"command('{action}')" if action != "menu" else "menu"
        for action in ("keys", "menu", "rules", "log", "save_as", "quit")
    )

    def __init__(self, session) -> None:
        super().__init__(session)
        self.source: int | None = None  # attack / regroup: the territory armies leave from
        self.dice = MAX_DICE  # the most dice the player wants to throw (1–3 keys)
        self.stop_at = 1  # "attack until taken or down to N" ([ and ] keys)
        self.count: int | None = None  # armies to move in or regroup (None: the usual)
        self.typed = ""  # digits typed for the count
        self.sort_key: str | None = None  # the territory table's sort column, and direction
        self.sort_reverse = False

    def compose_board(self) -> ComposeResult:
        continents = {name: CONTINENTS[CONTINENT_OF[i]].name for i, name in enumerate(TERRITORIES)}
        with TabbedContent(id="tabs", initial="map"):
            with TabPane(_(TAB_TITLES["map"]), id="map"):
                yield WorldMap(continents, NEIGHBOUR_NAMES, id="world")
            with TabPane(_(TAB_TITLES["table"]), id="table"):
                yield Input(placeholder=_(PLACEHOLDERS["filter"]), id="filter")
                yield DataTable(id="territories", cursor_type="row", zebra_stripes=True)
            with TabPane(_(TAB_TITLES["continents"]), id="continents"):
                yield Static(id="continent-summary")
        with Vertical(id="info"):
            yield Static(id="selection")
            yield Static(id="players")
            yield Static(id="mine")
        yield Input(placeholder=_(PLACEHOLDERS["search"]), id="search")
        yield EventLog(id="log")

    async def language_changed(self) -> None:
        """The board in the language just chosen, as it stands (cursor, selection, the
        table's filter and sort, anything typed): tab titles, hints and the table's headers
        are renamed, and every line drawn from the view is drawn again."""
        inherited = getattr(super(), "language_changed", None)
        if inherited is not None:
            result = inherited()
            if inspect.isawaitable(result):
                await result
        tabs = self.query_one("#tabs", TabbedContent)
        for pane, title in TAB_TITLES.items():
            tabs.get_tab(pane).label = _(title)
        for box, hint in PLACEHOLDERS.items():
            self.query_one(f"#{box}", Input).placeholder = _(hint)
        table = self.query_one("#territories", DataTable)
        table.clear(columns=True)
        self.add_columns(table)
        if self.view is not None:
            self.view = self.view

    def on_mount(self) -> None:
        """Runs before GameScreen.on_mount (Textual calls each class's handler, subclass
        first), so the table has its columns before the first view is drawn."""
        self.add_columns(self.query_one("#territories", DataTable))
        self.query_one("#search", Input).display = False
        self.query_one(WorldMap).focus()

    def on_resize(self) -> None:
        """Every line below the map is fitted to the width: write them again. At 80 columns
        the footer is tight, so its keys sit closer and the palette's key (ctrl+p, in the
        menu's help too) gives its room to the game's."""
        super().on_resize()
        footer = self.query_one(Footer)
        footer.compact = not self.wide
        if footer.show_command_palette != self.wide:
            footer.show_command_palette = self.wide
            footer.refresh(recompose=True)

    COLUMNS = (
        (N_("Territory"), "t"),
        (N_("Continent"), "c"),
        (N_("Owner"), "o"),
        (N_("Armies"), "a"),
        (N_("Enemy neighbours"), "n"),
    )

    @classmethod
    def add_columns(cls, table: DataTable) -> None:
        for label, key in cls.COLUMNS:
            table.add_column(_(label), key=key)

    # --- drawing -------------------------------------------------------------------------------
    def owner_label(self, seat: int) -> str:
        return f"{colour_letter(seat)} {colour_name(seat)}"

    @property
    def wide(self) -> bool:
        return not self.has_class("compact")

    @property
    def line_width(self) -> int:
        """Room on one line of the panel under the map (its padding is one column a side)."""
        return max(20, self.app.size.width - 2)

    def render_view(self, view) -> None:
        world = self.query_one(WorldMap)
        holdings = {
            TERRITORIES[t]: Holding(
                colour_letter(view.owner[t]), SEAT_STYLES[view.owner[t]], view.armies[t]
            )
            for t in range(len(TERRITORIES))
        }
        marked: set[str] = set()
        chosen: set[str] = set()
        if self.source is not None and view.phase in (ATTACK, REGROUP):
            chosen.add(TERRITORIES[self.source])
            for n in NEIGHBOURS[self.source]:
                enemy = view.owner[n] != self.me
                if (view.phase == ATTACK and enemy) or (view.phase == REGROUP and not enemy):
                    marked.add(TERRITORIES[n])
        if view.phase == MOVE_IN and view.pending is not None:
            chosen.add(TERRITORIES[view.pending.source])
            marked.add(TERRITORIES[view.pending.target])
        if view.phase == PLACE and self.my_turn and view.bonus_left:
            for c, left in enumerate(view.bonus_left):  # where a continent bonus must go
                if left:
                    marked |= {TERRITORIES[t] for t in CONTINENTS[c].territories}
        world.show(holdings, marked, chosen)
        self.query_one("#selection", Static).update(self.selection_text(view))
        self.query_one("#players", Static).update(self.players_text(view))
        self.query_one("#mine", Static).update(self.mine_text(view))
        self.fill_table(view)
        self.query_one("#continent-summary", Static).update(self.continents_text(view))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e, view)) is not None])
        self.refresh_bindings()

    @property
    def me(self) -> int:
        return self.viewer

    def cursor_territory(self) -> int:
        return INDEX[self.query_one(WorldMap).cursor]

    def count_range(self, view) -> tuple[int, int] | None:
        """The armies that may move now (move in after a conquest, or regroup from the
        source), lowest and highest, or None when nothing is moving."""
        if view.phase == MOVE_IN and view.pending is not None:
            return 0, view.pending.most
        if view.phase == REGROUP and self.source is not None:
            most = rules.movable(self.session.state, self.source)
            return (1, most) if most else None
        return None

    def chosen_count(self, view) -> int:
        """How many move: the player's count, or all that may move in / one army to regroup."""
        low, high = self.count_range(view) or (0, 0)
        usual = high if view.phase == MOVE_IN else low
        return max(low, min(high, usual if self.count is None else self.count))

    def selection_text(self, view, room: int | None = None) -> Text:
        """The territory under the cursor, then what picking would do: one line at 80
        columns (names abbreviated if need be), two when there is room."""
        t = self.cursor_territory()

        def name(i: int) -> str:
            return TERRITORIES[i] if room is None else short(TERRITORIES[i], room)

        text = Text()
        text.append(name(t), style="bold")
        if self.wide:
            continent = CONTINENTS[CONTINENT_OF[t]].name
            text.append(
                f" ({continent}) · {self.owner_label(view.owner[t])} · {armies(view.armies[t])}"
            )
        else:
            text.append(f" · {colour_letter(view.owner[t])} {view.armies[t]}")
        context = self.selection_context(view, t, name)
        if context.plain:
            text.append("\n" if self.wide else " ")
            text.append_text(context)
        if not self.wide and room is None and text.cell_len > self.line_width:
            return self.selection_text(view, 7)
        return text

    def selection_context(self, view, t: int, name) -> Text:
        text = Text()
        if not self.my_turn:
            return text
        src = self.source
        if view.phase == ATTACK and src is not None:
            dice = self.throw_dice(view.armies[src])
            text.append(f"← {name(src)} {view.armies[src]}", style="bold")
            text.append(" · ")
            text.append(
                _("{dice} · down to {n}").format(
                    dice=plural(dice, "die", "dice"), n=number(self.stop_at)
                )
            )
            if t == src:
                text.append(" " + _("(Enter here: cancel)"), style="dim")
            elif view.owner[t] != self.me and t in NEIGHBOURS[src] and view.armies[src] > 1:
                chance = rules.attack_chance(view, src, t, self.stop_at, self.dice)
                said = _("win chance {chance}").format(chance=percent(chance))
                text.append(f" → {said}", style="bold yellow")
        elif view.phase == REGROUP and src is not None:
            bounds = self.count_range(view)
            most = bounds[1] if bounds else 0
            count = self.chosen_count(view)
            text.append("← " + _("from {territory}").format(territory=name(src)), style="bold")
            text.append(" · ")
            text.append(
                _("{count} of {most} to move").format(count=number(count), most=number(most))
            )
            if t == src:
                text.append(" " + _("(Enter here: cancel)"), style="dim")
            elif view.owner[t] == self.me and t in NEIGHBOURS[src]:
                said = _("Enter moves {count} here").format(count=number(count))
                text.append(f" → {said}", style="bold green")
        elif view.phase == MOVE_IN and view.pending is not None:
            p = view.pending
            text.append(
                _("{territory} taken! {count} more of up to {most} follow in.").format(
                    territory=name(p.target),
                    count=number(self.chosen_count(view)),
                    most=number(p.most),
                ),
                style="bold green",
            )
        elif view.phase == PLACE and view.owner[t] == self.me:
            here = rules.placeable(self.session.state, t)
            lead = "" if self.wide else "· "
            said = _("{armies} may be placed here").format(armies=armies(here))
            text.append(f"{lead}{said}", style="dim")
        return text

    def players_text(self, view) -> Text:
        """Every player on one line: names shortened, then left out, before numbers are."""
        summaries = rules.player_summaries(view)
        width = self.line_width

        def line(name_room: int | None, gap: str, terse: bool) -> Text:
            # Translators: the initials of territories, armies and cards, as in "12t 30a 2c".
            legend = pgettext("territories/armies/cards", "t/a/c") + " "
            text = Text(legend if terse else "", style="dim")
            for i, s in enumerate(summaries):
                if i:
                    text.append(gap)
                style = SEAT_STYLES[s.seat] if s.alive else "dim strike"
                marker = "▶" if s.seat == view.active else " "
                text.append(f"{marker}{colour_letter(s.seat)}", style=style)
                name = self.seats[s.seat].name
                if name_room is not None:
                    cut = name if len(name) <= name_room else name[: name_room - 1] + "…"
                    text.append(f" {cut}", style=style)
                if not s.alive:
                    text.append(" " + pgettext("player", "out"), style="dim")
                elif terse:
                    text.append(f" {s.territories}/{s.armies}/{s.cards}", style="dim")
                else:
                    text.append(" " + strength(s), style="dim")
            return text

        longest = max(len(self.seats[s.seat].name) for s in summaries)
        attempts = [(longest, "  ", False)]
        attempts += [(room, "  ", False) for room in (12, 8, 5) if room < longest]
        attempts += [(None, "  ", False), (None, " ", False), (None, "  ", True), (None, " ", True)]
        for room, gap, terse in attempts:
            text = line(room, gap, terse)
            if text.cell_len <= width:
                return text
        return text

    def mine_text(self, view) -> Text:
        """The objective, how far it is, and the cards: a line each (a bot's too in a replay
        with everything shown)."""
        text = Text()
        if not self.is_human(self.me) and not getattr(self.session, "revealed", False):
            return text
        me = view.players[self.me]
        text.append(_("Objective:") + " ", style="bold")
        text.append(objective_text(rules.effective_objective(view, self.me)))
        progress = rules.objective_progress(view, self.me)
        text.append("\n→ ", style="bold")
        text.append(progress or "", style="italic")
        text.append("\n")
        text.append_text(self.cards_text(me.hand, view.phase == EXCHANGE and self.my_turn))
        return text

    def cards_text(self, hand: tuple[int, ...], exchanging: bool) -> Text:
        exchange = " " + _("(x: exchange a set)") if exchanging else ""
        for room in (None, 7, 5):
            text = Text(_("Cards:") + " ", style="bold")
            if not hand:
                text.append(pgettext("cards", "none"), style="dim")
            for c in hand:
                terr = card_territory(c)
                glyph = FIGURE_GLYPHS.get(CARD_FIGURE[c], "?")
                name = card_name(c) if terr is None else TERRITORIES[terr]
                text.append(f"{glyph} {name if room is None else short(name, room)}  ")
            text.rstrip()
            text.append(exchange, style="bold yellow")
            if text.cell_len <= self.line_width:
                break
        return text

    def fill_table(self, view) -> None:
        table = self.query_one("#territories", DataTable)
        wanted = folded(self.query_one("#filter", Input).value.strip())
        at = table.cursor_row
        keep = None
        if table.row_count and 0 <= at < table.row_count:
            keep = table.coordinate_to_cell_key((at, 0)).row_key.value
        rows = []
        for r in rules.territory_rows(view):
            owner = self.owner_label(r.owner)
            enemies = ", ".join(
                TERRITORIES[n] if self.wide else short(TERRITORIES[n], 7)
                for n in r.enemy_neighbours
            )
            row = (r.name, r.continent, owner, r.armies, enemies)
            if wanted and not any(wanted in folded(str(x)) for x in row[:3]):
                continue
            rows.append((r.name, row))
        table.clear()
        for key, row in rows:
            table.add_row(*row, key=key)
        if self.sort_key is not None:
            table.sort(self.sort_key, reverse=self.sort_reverse)
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)

    def continents_text(self, view) -> Text:
        """Each continent (bonus, holder, who has how much), then each player: a line each,
        all worded alike, shorter when the lines are narrow."""
        width = self.line_width - 2  # the view's own padding
        continents = []
        for row in rules.continent_summary(view):
            if row.holder is None:
                holder = pgettext("continent held by", "nobody")
            else:
                holder = self.owner_label(row.holder)
            counts = [(colour_letter(s), n) for s, n in enumerate(row.counts) if n]
            full = "  ".join(f"{letter} {n}" for letter, n in counts)
            terse = " ".join(f"{letter}{n}" for letter, n in counts)
            continents.append(  # the name first, in the first 18 columns (drawn bold)
                (
                    f"{row.name:<18} "
                    + _("+{bonus}  held by {holder}  {counts}  (of {size})").format(
                        bonus=row.bonus, holder=f"{holder:<9}", counts=full, size=row.size
                    ),
                    f"{row.name:<17} "
                    + _("+{bonus} {holder} {counts} of {size}").format(
                        bonus=row.bonus, holder=f"{holder:<9}", counts=terse, size=row.size
                    ),
                )
            )
        players = []
        for s in rules.player_summaries(view):
            marker = "▶" if s.seat == view.active else " "
            who = f"{marker}{self.owner_label(s.seat)} · "
            name = self.seats[s.seat].name
            if not s.alive:
                out = who + _("{name} — out of the game").format(name=name)
                players.append((s, (out, out, who + _("{name} — out").format(name=name[:12]))))
                continue
            held = ", ".join(CONTINENTS[c].name for c in s.continents) or _("no continent")
            numbers = (
                f"{plural(s.territories, 'territory', 'territories')}, {armies(s.armies)}, "
                f"{plural(s.cards, 'card', 'cards')}"
            )
            brief = strength(s)
            players.append(
                (
                    s,
                    (
                        f"{who}{name}: {numbers}, {held}",
                        f"{who}{name}: {brief}, {held}",
                        f"{who}{name[:12]}: {brief}, {held}",
                    ),
                )
            )
        text = Text()
        pick = next((i for i in (0, 1) if all(len(c[i]) <= width for c in continents)), 1)
        for wording in continents:
            line = wording[pick]
            text.append(line[:18], style="bold")
            text.append(line[18:] + "\n")
        pick = next((i for i in (0, 1, 2) if all(len(p[1][i]) <= width for p in players)), 2)
        for s, wording in players:
            style = SEAT_STYLES[s.seat] if s.alive else "dim strike"
            text.append(wording[pick] + "\n", style=style)
        text.rstrip()
        return text

    def prompt_text(self, view) -> str:
        """What to do now, worded to fit the status line (keys are in the footer too)."""
        width = max(20, self.app.size.width - 2)
        if view.phase == OVER:
            return fit(
                width,
                _("Game over — {reason}  (Enter: the result)").format(
                    reason=rules.end_reason(view)
                ),
                _("Game over."),
            )
        if not self.my_turn:
            who = self.seat_name(view.active)
            width -= len(who) + 14  # the spinner beside it names the thinking bot too
            return fit(
                width,
                _("{player} is playing…  (. skips to your turn)").format(player=who),
                _("{player} is playing…").format(player=who),
                _("{player} is playing…").format(player=colour_name(view.active)),
            )
        if view.phase == EXCHANGE:
            sets = len(sets_in(view.players[self.me].hand))
            if sets > 1:
                return fit(
                    width,
                    ngettext(
                        "You hold {count} possible set of cards: x chooses which to exchange.",
                        "You hold {count} possible sets of cards: x chooses which to exchange.",
                        sets,
                    ).format(count=number(sets)),
                    _("x: choose which set of cards to exchange."),
                )
            return fit(
                width,
                _("You hold a set of cards: x exchanges it for armies."),
                _("x: exchange"),
            )
        if view.phase == PLACE:
            return self.place_prompt(view, width)
        src = None if self.source is None else TERRITORIES[self.source]
        if view.phase == ATTACK:
            if src is None:
                return fit(
                    width,
                    _(
                        "Attack: Enter on one of your territories with 2+ armies, then on an "
                        "enemy neighbour; e ends the attacks."
                    ),
                    _("Attack: Enter on yours (2+ armies), then on an enemy neighbour; e: stop."),
                    _("Attack: Enter on yours, then on an enemy; e: stop."),
                )
            n = number(self.stop_at)
            return fit(
                width,
                _(
                    "From {territory}: Enter rolls · b attacks until taken or down to {n} · "
                    "1 2 3 dice · [ ] change N"
                ).format(territory=src, n=n),
                _(
                    "From {territory}: Enter rolls · b until taken or down to {n} · 1 2 3 dice "
                    "· [ ] N"
                ).format(territory=src, n=n),
                _("{territory}: Enter rolls · b until taken or down to {n}").format(
                    territory=src, n=n
                ),
                _("Enter rolls · b until taken or down to {n}").format(n=n),
            )
        if view.phase == MOVE_IN and view.pending is not None:
            counts = {"count": number(self.chosen_count(view)), "most": number(view.pending.most)}
            target = TERRITORIES[view.pending.target]
            return fit(
                width,
                _(
                    "{territory} taken! Move in {count} more (0–{most}): + − or a digit to "
                    "change, Enter moves them, a all."
                ).format(territory=target, **counts),
                _(
                    "{territory} taken! Move in {count} more (0–{most}): + − or a digit, then "
                    "Enter."
                ).format(territory=target, **counts),
                _("Move in {count} more (0–{most}): + − or a digit, then Enter.").format(**counts),
            )
        if view.phase == REGROUP:
            if src is None:
                return fit(
                    width,
                    _(
                        "Regroup: Enter on a territory of yours, then on a neighbour of yours; "
                        "e ends your turn."
                    ),
                    _("Regroup: Enter on yours, then on a neighbour of yours; e ends the turn."),
                    _("Regroup: Enter on yours, then a neighbour; e: end."),
                )
            moving = armies(self.chosen_count(view))
            return fit(
                width,
                _(
                    "From {territory}: Enter on a neighbour of yours moves {armies} (+ − or a "
                    "digit to change), a all; Enter on {territory} cancels."
                ).format(territory=src, armies=moving),
                _(
                    "From {territory}: Enter on a neighbour moves {armies} (+ − or a digit), a all."
                ).format(territory=src, armies=moving),
                _("Enter moves {armies} (+ − or a digit), a all.").format(armies=moving),
            )
        return ""

    def place_prompt(self, view, width: int) -> str:
        """How many to place, and which of them are a continent bonus that must go inside
        its continent (the engine refuses them elsewhere)."""
        left = armies(rules.armies_to_place(view))
        bonus = [(CONTINENTS[c].name, n) for c, n in enumerate(view.bonus_left) if n]
        if not bonus:
            return fit(
                width,
                _(
                    "Place {armies}: Enter +1, f +5, a all on the territory under the cursor."
                ).format(armies=left),
                _("Place {armies}: Enter +1, f +5, a all.").format(armies=left),
            )
        where = listing(
            _("{count} in {continent}").format(count=number(n), continent=name) for name, n in bonus
        )
        short_form = _("Place {armies}: {where} (bonus).").format(armies=left, where=where)
        if view.to_place == 0:
            inside = listing(name for name, _n in bonus)
            if len(bonus) == 1:
                full = _(
                    "Place {armies}, all inside {continents}: its continent bonus. Enter +1, "
                    "f +5, a all."
                )
                brief = _("Place {armies}, all inside {continents} (its continent bonus).")
            else:
                full = _(
                    "Place {armies}, all inside {continents}: continent bonuses. Enter +1, "
                    "f +5, a all."
                )
                brief = _("Place {armies}, all inside {continents} (continent bonuses).")
            return fit(
                width,
                full.format(armies=left, continents=inside),
                brief.format(armies=left, continents=inside),
                short_form,
            )
        (first, n), *more = bonus
        must = listing(
            [
                _("{count} of them must go into {continent}").format(
                    count=number(n), continent=first
                ),
                *(
                    _("{count} into {continent}").format(count=number(k), continent=name)
                    for name, k in more
                ),
            ]
        )
        return fit(
            width,
            _("Place {armies}; {must} (continent bonus). Enter +1, f +5, a all.").format(
                armies=left, must=must
            ),
            _("Place {armies}; {must} (continent bonus).").format(armies=left, must=must),
            _("Place {armies}; {must}.").format(armies=left, must=must),
            short_form,
        )

    def describe(self, e, view) -> str | None:
        """The log's line for an event of ``view``'s log, worded now from the event's data
        (a save reads in whatever language is spoken): markup, every typed name literal."""
        from engine.ataque import state as s

        def who(seat: int) -> str:  # a typed name inside a markup line
            return f"{colour_name(seat)} ({literal(self.seats[seat].name)})"

        if isinstance(e, s.TurnStarted):
            said = _("— Round {round}: {player} —").format(
                round=number(e.round), player=who(e.seat)
            )
            return f"[b]{said}[/b]"
        if isinstance(e, s.Reinforced):
            if not e.continents:
                return _("{player} receives {armies}.").format(
                    player=who(e.seat), armies=armies(e.armies)
                )
            bonuses = listing(
                _("+{bonus} in {continent}").format(
                    bonus=CONTINENTS[c].bonus, continent=CONTINENTS[c].name
                )
                for c in e.continents
            )
            return _(
                "{player} receives {armies}, and {bonuses} (continent bonus, placed there)."
            ).format(player=who(e.seat), armies=armies(e.armies), bonuses=bonuses)
        if isinstance(e, s.Exchanged):
            said = {"player": who(e.seat), "number": number(e.number), "armies": armies(e.armies)}
            if not e.bonus_on:
                return _("{player} exchanges a set (#{number}) for {armies}.").format(**said)
            return _(
                "{player} exchanges a set (#{number}) for {armies}, and +{bonus} on {territories} "
                "(the cards' own territories)."
            ).format(
                bonus=number(CARD_BONUS),
                territories=listing(TERRITORIES[t] for t in e.bonus_on),
                **said,
            )
        if isinstance(e, s.DealerRolled):
            throws = ", ".join(
                _("{player} {value}").format(player=who(seat), value=number(value))
                for seat, value in zip(e.seats, e.values, strict=True)
            )
            return _("Roll for the dealer: {throws}.").format(throws=throws)
        if isinstance(e, s.DealerChosen):
            return _("{player} deals (the highest roll).").format(player=who(e.seat))
        if isinstance(e, s.Placed):
            return _("{player} places {armies} on {territory}.").format(
                player=who(e.seat), armies=armies(e.count), territory=TERRITORIES[e.territory]
            )
        if isinstance(e, s.Battle):
            return _("{source} → {target}: {attack} vs {defence}, losses {lost}/{killed}.").format(
                source=TERRITORIES[e.source],
                target=TERRITORIES[e.target],
                attack="-".join(map(str, e.attack)),
                defence="-".join(map(str, e.defence)),
                lost=e.attacker_lost,
                killed=e.defender_lost,
            )
        if isinstance(e, s.Conquered):
            said = _("{player} takes {territory}.").format(
                player=who(e.seat), territory=TERRITORIES[e.target]
            )
            return f"[b]{said}[/b]"
        if isinstance(e, s.MovedIn):
            said = ngettext("{count} more moves in.", "{count} more move in.", e.count)
            return "  " + said.format(count=number(e.count))
        if isinstance(e, s.Eliminated):
            return ngettext(
                "[b]{victim} is destroyed by {player}[/b] ({count} card passes).",
                "[b]{victim} is destroyed by {player}[/b] ({count} cards pass).",
                e.cards,
            ).format(victim=who(e.victim), player=who(e.by), count=number(e.cards))
        # A seat's own secrets; in a replay with everything shown, any seat's, named.
        if isinstance(e, s.CardsTaken) and HIDDEN not in e.cards:
            if e.seat == self.me:
                said = _("You take {colour}'s cards: {cards}.")
            else:
                said = _("{player} takes {colour}'s cards: {cards}.")
            return said.format(
                player=who(e.seat),
                colour=colour_name(e.victim),
                cards=", ".join(card_name(c) for c in e.cards),
            )
        if isinstance(e, s.ObjectiveChanged):
            if e.seat == self.me:
                said = _("Your objective is now: {objective}")
            else:
                said = _("{player}'s objective is now: {objective}")
            said = said.format(player=who(e.seat), objective=escape(objective_text(FALLBACK)))
            return f"[b]{said}[/b]"
        if isinstance(e, s.Regrouped):
            return _("{player} moves {armies} from {source} to {target}.").format(
                player=who(e.seat),
                armies=armies(e.count),
                source=TERRITORIES[e.source],
                target=TERRITORIES[e.target],
            )
        if isinstance(e, s.CardDrawn):
            if e.card < 0:
                return _("{player} draws a card.").format(player=who(e.seat))
            if e.seat == self.me:
                return _("You draw the card {card}.").format(card=card_name(e.card))
            return _("{player} draws the card {card}.").format(
                player=who(e.seat), card=card_name(e.card)
            )
        if isinstance(e, s.NothingDrawn):
            return _("{player} conquered but draws no card: the draw pile is empty.").format(
                player=who(e.seat)
            )
        if isinstance(e, s.DeckReshuffled):
            return ngettext(
                "The {count} exchanged card is shuffled into a new draw pile.",
                "The {count} exchanged cards are shuffled into a new draw pile.",
                e.cards,
            ).format(count=number(e.cards))
        if isinstance(e, s.GameEnded):
            # The last event: ``view`` is the final position, which words the reason.
            return f"[b]{literal(rules.end_reason(view))}[/b]"
        return None

    # --- the end -------------------------------------------------------------------------------
    def result_text(self, outcome: Outcome) -> tuple[str, str]:
        """Who won and why, then every player's objective — revealed now — with whether it was
        met and how far he got. The result screen reads markup and seat names are typed by
        players, so every name is escaped."""
        view = self.session.view(self.viewer)
        ended = next((e for e in reversed(view.log) if isinstance(e, GameEnded)), None)
        report = rules.objective_report(view, ended.objectives if ended is not None else None)
        if outcome.is_draw:
            headline = _("A draw.")
        else:
            names = listing(escape(self.seat_name(s)) for s in outcome.winners)
            # English says "wins" of a winning side however many seats it has; other
            # languages may agree the verb with the number of winners.
            won = ngettext("{names} wins!", "{names} wins!", len(outcome.winners))
            headline = won.format(names=names)
        title = _("Objectives")
        lines = [escape(outcome.reason), "", f"[b]{title}[/b]"]
        for line in report:
            who = f"{colour_letter(line.seat)} {escape(self.seat_name(line.seat))}"
            if line.objective == HIDDEN:
                lines.append(_("{player}: secret").format(player=who))
                continue
            card = escape(objective_text(line.objective))
            progress = escape(line.progress)
            if line.met:
                status = _("[b]met[/b] ({progress})").format(progress=progress)
            elif not line.alive and line.eliminated_by is not None:
                status = _("eliminated by {colour}").format(colour=colour_name(line.eliminated_by))
            else:
                status = _("not met: {progress}").format(progress=progress)
            lines.append(
                _("{player}: {objective} — {status}").format(
                    player=who, objective=card, status=status
                )
            )
        return headline, "\n".join(lines)

    # --- input -------------------------------------------------------------------------------
    def on_world_map_picked(self, event: WorldMap.Picked) -> None:
        """A double click: what Enter would do."""
        self.action_pick()

    def on_world_map_moved(self) -> None:
        """A cursor move changes a few lines of the map and the selection line, nothing else:
        no layout pass, so over SSH a keypress sends those lines and not the whole screen."""
        self.typed = ""
        if self.view is not None:
            selection = self.query_one("#selection", Static)
            selection.update(self.selection_text(self.view), layout=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.query_one(WorldMap).cursor = str(event.row_key.value)
        self.action_tab("map")

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a header sorts by it; a second click on the same one reverses."""
        key = event.column_key.value
        self.sort_reverse = key == self.sort_key and not self.sort_reverse
        self.sort_key = key
        event.data_table.sort(event.column_key, reverse=self.sort_reverse)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.focus_tab(event.pane.id or "map")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter" and self.view is not None:
            self.fill_table(self.view)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "search":
            return
        wanted = event.value.strip()
        self.action_close_box()
        found = matches(wanted)
        if not found:
            self.notify(
                _("No territory called “{name}”.").format(name=wanted),
                severity="warning",
                markup=False,
            )
        elif len(found) == 1:
            self.go_to(found[0])
        else:

            def chosen(index: int | None) -> None:
                if index is not None:
                    self.go_to(found[index])

            def question() -> str:
                return ngettext(
                    "{count} territory matches “{name}”:",
                    "{count} territories match “{name}”:",
                    len(found),
                ).format(count=number(len(found)), name=wanted)

            self.app.push_screen(ChoiceDialog(question, list(found)), chosen)

    def go_to(self, name: str) -> None:
        self.query_one(WorldMap).cursor = name
        self.action_tab("map")

    async def on_key(self, event: events.Key) -> None:
        """`/` opens the search box here, as the key passes the screen, not later at the app:
        the letters typed right after it (a burst over SSH, a paste) are still on their way
        through the screen, and go into the box. The box's own Enter and Backspace pass here
        too; each is handled once, here."""
        search = self.query_one("#search", Input)
        if self.focused is not search:
            if event.key == "slash" and self.check_game_action("search", ()):
                self.action_search()
            else:
                return
        elif event.is_printable and event.character:
            search.insert_text_at_cursor(event.character)
        elif event.key == "backspace":
            search.action_delete_left()
        elif event.key == "enter":
            await search.action_submit()
        else:
            return
        event.stop()
        event.prevent_default()

    def action_search(self) -> None:
        """Focus moves at once (not after a refresh): letters typed right after `/` are
        part of the name, never commands."""
        self.action_tab("map")
        search = self.query_one("#search", Input)
        search.display = True
        self.add_class("searching")
        self.set_focus(search)
        self.refresh_bindings()

    def action_close_box(self) -> None:
        """Escape in the search box closes it; in the table's filter it goes back to the
        table. Only then does Escape mean the menu."""
        search = self.query_one("#search", Input)
        if search.display:
            search.value = ""
            search.display = False
            self.remove_class("searching")
            self.set_focus(self.query_one(WorldMap))
        elif self.query_one("#filter", Input).has_focus:
            self.set_focus(self.query_one("#territories", DataTable))
        self.refresh_bindings()

    def action_filter(self) -> None:
        self.set_focus(self.query_one("#filter", Input))
        self.refresh_bindings()

    def action_tab(self, tab: str) -> None:
        self.query_one("#tabs", TabbedContent).active = tab
        self.focus_tab(tab)

    def focus_tab(self, tab: str) -> None:
        """The shown view takes the keys: the map its cursor, the table its rows."""
        if tab == "map":
            self.set_focus(self.query_one(WorldMap))
            if self.view is not None:
                self.view = self.view
        elif tab == "table":
            self.set_focus(self.query_one("#territories", DataTable))
        else:
            self.set_focus(None)
        self.refresh_bindings()

    def act(self, action) -> bool:
        self.count = None
        self.typed = ""
        return super().act(action)

    def action_pick(self, what: str = "") -> None:
        view = self.view
        if view is None:
            return
        if view.phase == OVER:
            self.show_result(self.game.outcome(self.session.state))
            return
        if not self.my_turn:
            return
        t = self.cursor_territory()
        if view.phase == PLACE:
            self.act(Place(t, 1))
        elif view.phase == MOVE_IN:
            self.act(MoveIn(self.chosen_count(view)))
        elif view.phase == EXCHANGE:
            self.action_exchange()
        elif self.source is None or t == self.source:
            self.select(view, t)
        elif view.phase == ATTACK:
            if view.owner[t] == self.me:  # another of mine: attack from there instead
                self.select(view, t)
                return
            self.act(Attack(self.source, t, self.throw_dice(view.armies[self.source])))
            self.keep_source()
        else:
            bounds = self.count_range(view)
            self.act(Regroup(self.source, t, self.chosen_count(view) if bounds else 1))
            self.keep_source()

    def select(self, view, t: int) -> None:
        """Pick (or drop) the territory armies leave from, saying why when it cannot be."""
        name = TERRITORIES[t]
        attack = view.phase == ATTACK
        if t == self.source:
            self.source = None
            if attack:
                said = _("{territory} is no longer selected: pick a territory to attack from.")
            else:
                said = _("{territory} is no longer selected: pick a territory to move armies from.")
            self.notify(said.format(territory=name), timeout=3, markup=False)
        elif view.owner[t] != self.me:
            self.notify(_("Start from one of your own territories."), severity="warning")
            return
        elif attack and view.armies[t] < 2:
            self.notify(
                _("{territory} has only its occupying army: it cannot attack.").format(
                    territory=name
                ),
                timeout=4,
                markup=False,
            )
            return
        elif not attack and not rules.movable(self.session.state, t):
            self.notify(
                _(
                    "No army can leave {territory}: one must stay, and armies that arrived in "
                    "this regroup may not move again."
                ).format(territory=name),
                timeout=5,
                markup=False,
            )
            return
        else:
            self.source = t
        self.count = None
        self.typed = ""
        self.view = view

    def throw_dice(self, armies: int) -> int:
        """The dice the next roll throws: the player's choice, as far as the armies allow."""
        return max(1, min(self.dice, attack_dice(armies)))

    def action_dice(self, dice: int) -> None:
        """Shown in the selection line, beside the win chance it changes: no message."""
        self.dice = dice
        self.view = self.view

    def action_stop_at(self, step: int) -> None:
        view = self.view
        most = view.armies[self.source] - 1 if view is not None and self.source is not None else 1
        self.stop_at = max(1, min(self.stop_at + step, max(1, most)))
        self.view = self.view

    def action_count(self, step: int) -> None:
        view = self.view
        bounds = self.count_range(view) if view is not None else None
        if bounds is None:
            return
        self.typed = ""
        self.count = max(bounds[0], min(bounds[1], self.chosen_count(view) + step))
        self.view = view

    def action_digit(self, digit: int) -> None:
        """Digits type the count; a number too big for it starts again from this digit."""
        view = self.view
        bounds = self.count_range(view) if view is not None else None
        if bounds is None:
            return
        typed = self.typed + str(digit)
        if int(typed) > bounds[1]:
            typed = str(digit)
        self.typed = typed
        self.count = max(bounds[0], min(bounds[1], int(typed)))
        self.view = view

    def keep_source(self) -> None:
        """After a roll the attack goes on from the same place, while it can."""
        view = self.view
        if self.source is not None and (
            view.owner[self.source] != self.me
            or view.armies[self.source] < 2
            or view.phase not in (ATTACK, REGROUP)
        ):
            self.source = None
            self.view = view

    def action_place(self, count: int) -> None:
        view = self.view
        if view is not None and view.phase == PLACE:
            t = self.cursor_territory()
            self.act(Place(t, min(count, max(1, rules.placeable(self.session.state, t)))))

    def action_all(self) -> None:
        view = self.view
        if view is None:
            return
        t = self.cursor_territory()
        if view.phase == PLACE:
            self.act(Place(t, max(1, rules.placeable(self.session.state, t))))
        elif view.phase == MOVE_IN and view.pending is not None:
            self.act(MoveIn(view.pending.most))
        elif view.phase == REGROUP and self.source is not None:
            self.act(
                Regroup(self.source, t, max(1, rules.movable(self.session.state, self.source)))
            )
            self.keep_source()

    def action_blitz(self) -> None:
        view = self.view
        if view is None or view.phase != ATTACK or self.source is None:
            return
        target = self.cursor_territory()
        if rules.blitz_step(view, self.source, target, self.stop_at, self.dice) is None:
            self.notify(
                _(
                    "No attack: pick an enemy neighbour, with more than {armies} in {territory}."
                ).format(armies=armies(self.stop_at), territory=TERRITORIES[self.source]),
                severity="warning",
                markup=False,
            )
            return
        while self.my_turn:
            now = self.session.view(self.me)
            step = rules.blitz_step(now, self.source, target, self.stop_at, self.dice)
            if step is None or not self._apply(self.me, step, advance=False):
                break
        self.advance()
        self.keep_source()

    def action_exchange(self) -> None:
        """One set: hand it in. Several: the player chooses (a wildcard may be worth keeping,
        and a card showing a territory he holds puts 2 armies there)."""
        view = self.view
        if view is None:
            return
        sets = sets_in(view.players[self.me].hand)
        if not sets:
            self.notify(_("You hold no set of three to exchange."), severity="warning")
            return
        if len(sets) == 1:
            self.act(Exchange(sets[0]))
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.act(Exchange(sets[index]))

        choices = [self.set_text(view, cards) for cards in sets]
        self.app.push_screen(ChoiceDialog(lambda: _("Which set do you exchange?"), choices), chosen)

    def set_text(self, view, cards: tuple[int, ...]) -> Text:
        text = Text()
        for c in cards:
            text.append(f"{FIGURE_GLYPHS.get(CARD_FIGURE[c], '?')} {card_name(c)}  ")
        bonus = [
            TERRITORIES[t]
            for c in cards
            if (t := card_territory(c)) is not None and view.owner[t] == self.me
        ]
        if bonus:
            said = _("(+{bonus} on {territories})").format(
                bonus=CARD_BONUS, territories=listing(bonus)
            )
            text.append(said, style="bold green")
        text.rstrip()
        return text

    def action_end_phase(self, what: str = "") -> None:
        self.source = None
        self.act(EndPhase())

    async def action_command(self, action: str) -> None:
        """A command of every game screen, from its shown key (see ``COMMANDS``)."""
        if action == "quit":
            await self.app.action_quit()
        elif action != "quiet":
            await self.app.run_action(action, self)

    def check_game_action(self, action: str, parameters) -> bool | None:
        """Which of the game's keys work now: the footer shows only those."""
        view = self.view
        if action == "command":
            if parameters[0] == "quiet":
                return True
            if parameters[0] == "save_as" and self.at_table:
                return False
            return True  # the footer shows those that fit after the game's keys
        if action in ("close_box", "filter", "tab"):
            return self.box_check(action, parameters)
        game = MAP_ACTIONS | {"exchange", "end_phase", "search"}
        if view is None or action not in game:
            return True
        if self.focused is not None and isinstance(self.focused, Input):
            return False  # typing: letters are text, not commands
        if action in MAP_ACTIONS and self.query_one("#tabs", TabbedContent).active != "map":
            return False
        if action == "search":
            return True
        if view.phase == OVER:
            return action == "pick" and parameters == ("result",)
        if not self.my_turn:
            return False
        phase, source = view.phase, self.source
        if action == "pick":
            return self.enter_means(view) == parameters[0]
        if action in ("count", "digit"):
            return self.count_range(view) is not None
        if action == "end_phase":
            return (parameters[0], phase) in (("attack", ATTACK), ("turn", REGROUP))
        return {
            "place": phase == PLACE,
            "all": phase in (PLACE, MOVE_IN) or (phase == REGROUP and source is not None),
            "blitz": phase == ATTACK and source is not None,
            "dice": phase == ATTACK,
            "stop_at": phase == ATTACK and source is not None,
            "exchange": phase == EXCHANGE,
        }[action]

    def enter_means(self, view) -> str:
        """What Enter does now (a key of ``ENTER``)."""
        if view.phase == PLACE:
            return "place"
        if view.phase == EXCHANGE:
            return "exchange"
        if view.phase == MOVE_IN:
            return "move"
        if view.phase == ATTACK:
            return "select" if self.source is None else "roll"
        return "select" if self.source is None else "move"

    def box_check(self, action: str, parameters) -> bool:
        """Escape closes the search box or leaves the filter; Tab goes to the filter."""
        search = self.query_one("#search", Input)
        flt = self.query_one("#filter", Input)
        if action == "close_box":
            return search.display or flt.has_focus
        if action == "filter":
            shown = self.query_one("#tabs", TabbedContent).active == "table"
            return shown and not flt.has_focus and not search.display
        active = self.query_one("#tabs", TabbedContent).active
        return parameters != (active,) and not isinstance(self.focused, Input)
