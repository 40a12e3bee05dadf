"""Ataque: the world map (or the territory table, or the continents), your cards and secret
objective, every player's strength, and the footer telling what can be done now.

The cursor moves with the arrows, a click (which only looks: nothing is played), or by typing
part of a name after `/`; Enter acts on the territory under it. The screen maps keys to
actions and holds the player's picks (the source, dice, N, the count); what it shows is drawn
by the widgets of ``tui.widgets.ataque`` and ``tui.widgets.world_map``.

Just over 600 lines because one turn has five phases (exchange, place, attack, move in,
regroup), each with its own keys over the same cursor and picks; the keys' table is already in
``tui.screens.ataque_keys`` and nothing else here draws.
"""

from __future__ import annotations

import inspect

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, TabbedContent, TabPane

from engine.ataque import rules
from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.data import (
    CONTINENT_OF,
    CONTINENTS,
    MAX_DICE,
    NEIGHBOURS,
    TERRITORIES,
    colour_letter,
    sets_in,
)
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, OVER, PLACE, REGROUP
from engine.core import Outcome
from engine.i18n import N_, _, ngettext, number
from tui.screens.ataque_keys import COMMAND_KEYS, GAME_KEYS, MAP_ACTIONS
from tui.screens.game import STYLES, GameScreen
from tui.widgets.ataque.continents import ContinentSummary
from tui.widgets.ataque.exchange import ChoiceDialog, exchange_dialog
from tui.widgets.ataque.log import LatestLines, describe
from tui.widgets.ataque.panel import SidePanel, players_text, selection_text
from tui.widgets.ataque.prompt import prompt_text
from tui.widgets.ataque.result import result_text
from tui.widgets.ataque.table import TerritoryTable
from tui.widgets.ataque.words import (
    INDEX,
    NEIGHBOUR_NAMES,
    SEAT_STYLES,
    Turn,
    armies,
    folded,
    matches,
    percent,
    thrown,
)
from tui.widgets.world_map import Holding, WorldMap

__all__ = ["AtaqueScreen", "ChoiceDialog", "NEIGHBOUR_NAMES", "folded", "matches", "percent"]


# The tabs' titles and the boxes' hints (English msgids, ``_`` where shown).
TAB_TITLES = {
    "map": N_("Map (m)"),
    "table": N_("Territories (t)"),
    "continents": N_("Continents (c)"),
}
SEARCH_HINT = N_("part of a territory's name, then Enter (Escape closes)")


class AtaqueScreen(GameScreen, inherit_bindings=False):
    # The game's keys come first in the footer, then the ones every game screen has.
    BINDINGS = [*GAME_KEYS, *COMMAND_KEYS, *Screen.BINDINGS]
    CSS_PATH = STYLES / "ataque.tcss"
    WATCH_ACTIONS = frozenset(
        {"command", "tab", "filter", "close_box", "search", ("pick", ("result",))}
    )
    SEAT_UI = ("source", "dice", "stop_at", "count", "typed")
    # The footer shows these after the game's keys, as many as fit (Keys always).
    SHARED_KEYS = tuple(
        f"command('{action}')" if action != "menu" else "menu"
        for action in ("keys", "chat", "menu", "rules", "log", "save_as", "quit")
    )

    def __init__(self, session) -> None:
        super().__init__(session)
        self.source: int | None = None  # attack / regroup: the territory armies leave from
        self.dice = MAX_DICE  # the most dice the player wants to throw (1–3 keys)
        self.stop_at = 1  # "attack until taken or down to N" ([ and ] keys)
        self.count: int | None = None  # armies to move in or regroup (None: the usual)
        self.typed = ""  # digits typed for the count

    def compose_board(self) -> ComposeResult:
        continents = {name: CONTINENTS[CONTINENT_OF[i]].name for i, name in enumerate(TERRITORIES)}
        with TabbedContent(id="tabs", initial="map"):
            with TabPane(_(TAB_TITLES["map"]), id="map"):
                yield WorldMap(continents, NEIGHBOUR_NAMES, id="world")
            with TabPane(_(TAB_TITLES["table"]), id="table"):
                yield TerritoryTable(id="territory-table")
            with TabPane(_(TAB_TITLES["continents"]), id="continents"):
                yield ContinentSummary(id="continent-summary")
        yield SidePanel(id="info")
        yield Input(placeholder=_(SEARCH_HINT), id="search")
        yield LatestLines(id="log")

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
        self.query_one("#search", Input).placeholder = _(SEARCH_HINT)
        self.query_one(TerritoryTable).language_changed()
        if self.view is not None:
            self.view = self.view

    def on_mount(self) -> None:
        """Runs before GameScreen.on_mount (Textual calls each class's handler, subclass
        first), so the table has its columns before the first view is drawn."""
        self.query_one(TerritoryTable).add_columns()
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

    # --- drawing -------------------------------------------------------------------------------
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
        self.query_one(SidePanel).show(self.turn(view))
        self.query_one(TerritoryTable).show(view, self.wide, self.app.size.width)
        self.query_one(ContinentSummary).show(view, self.names, self.line_width)
        log = self.query_one(LatestLines)
        log.show(self.logged(view))
        self.refresh_bindings()

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name as typed (control characters made visible)."""
        return tuple(seat.name for seat in self.seats)

    def turn(self, view) -> Turn:
        """What the panel and the prompt draw besides ``view``: the player's picks, the room."""
        bounds = self.count_range(view)
        cursor = self.cursor_territory()
        placing = view.phase == PLACE and self.my_turn and view.owner[cursor] == self.me
        return Turn(
            view=view,
            me=self.me,
            my_turn=self.my_turn,
            names=self.names,
            active_name=self.seat_name(view.active),
            cursor=cursor,
            source=self.source,
            dice=self.dice,
            stop_at=self.stop_at,
            count=self.chosen_count(view),
            most=bounds[1] if bounds else 0,
            placeable=rules.placeable(self.session.state, cursor) if placing else 0,
            secrets=self.is_human(self.me) or getattr(self.session, "revealed", False),
            wide=self.wide,
            width=self.line_width,
        )

    # What is drawn, as the fit tests and the replay read it.
    def selection_text(self, view):
        return selection_text(self.turn(view))

    def players_text(self, view):
        return players_text(self.turn(view))

    def prompt_text(self, view) -> str:
        return prompt_text(self.turn(view))

    def describe(self, e, view) -> str | None:
        return describe(e, view, self.me, self.names)

    def result_text(self, outcome: Outcome) -> tuple[str, str]:
        return result_text(self.session.view(self.viewer), outcome, self.seat_name)

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

    def on_world_map_picked(self, event: WorldMap.Picked) -> None:
        """A double click: what Enter would do."""
        self.action_pick()

    def on_world_map_moved(self) -> None:
        """A cursor move changes a few lines of the map and the selection line, nothing else:
        no layout pass, so over SSH a keypress sends those lines and not the whole screen."""
        self.typed = ""
        if self.view is not None:
            self.query_one(SidePanel).show_selection(self.turn(self.view), layout=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.query_one(WorldMap).cursor = str(event.row_key.value)
        self.action_tab("map")

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.focus_tab(event.pane.id or "map")

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
            self.show_result(self.match.outcome())
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
            self.act(Attack(self.source, t, thrown(self.dice, view.armies[self.source])))
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

        self.app.push_screen(exchange_dialog(view, self.me, sets), chosen)

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
            if parameters[0] == "chat":
                return self.at_table
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
