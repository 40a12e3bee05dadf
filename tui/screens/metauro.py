"""Metauro (and Zama): the grid with the state of the battle beside it; under the grid, what
the moment asks for (the stack picked, the pairs of a clash, the last fight, or the legend)
beside the log. Select a stack, choose its units, pick a destination.

Laid out for 80×24 first: the side panel holds 13 columns, the box under the grid 40 by as
many rows as the terminal leaves, and nothing in them breaks a word or is cut unsaid. A clash
lists each kind of pair once, with its number and the chance to win; a list longer than the box
says how many more there are, and picking a square on the grid narrows it. 120×40 shows the
same with more room.
"""

from __future__ import annotations

import inspect

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from engine.i18n import N_, _, number
from engine.metauro import rules
from engine.metauro.actions import (
    Advance,
    AutoPair,
    DefaultDeployment,
    Deploy,
    EndMove,
    Move,
    NoAdvance,
    Pair,
    Pass,
    Place,
    Retreat,
    TimeUp,
)
from engine.metauro.board import square_order
from engine.metauro.data import (
    KINDS,
    kind_name,
    side_name,
)
from engine.metauro.state import (
    ADVANCE,
    DEPLOY,
    MOVE,
    OVER,
    PAIR,
    RETREAT,
)
from tui.screens.game import STYLES, GameScreen
from tui.widgets.dice import face
from tui.widgets.log import EventLog
from tui.widgets.metauro_grid import SIDE_COLOURS, MetauroGrid
from tui.widgets.metauro_log import describe
from tui.widgets.metauro_panels import kind_column, legend, percent, side_panel

GRID_HEIGHT = {False: 12, True: 23}  # compact, roomy
CHROME = 3  # header, status line and footer
MAX_PICK = 9  # pairs are picked with the keys 1–9

# The roomy layout (6×2 squares: 99 columns and 23 rows of grid) needs 13 columns of side
# panel beside the grid (plus padding) and 9 lines under it, for a clash's nine numbered pairs;
# below that the compact grid (4×1 squares: 67 columns, 12 rows) is used.
ROOMY_WIDTH, ROOMY_HEIGHT = 2 + 99 + 2 + 13, CHROME + 23 + 1 + MAX_PICK

# The screen's own actions, so check_game_action leaves the shared ones (rules, menu) alone.
GAME_ACTIONS = frozenset(
    {
        "confirm_deployment",
        "default",
        "end_move",
        "pass_turn",
        "toggle_unit",
        "pick_pair",
        "auto_pair",
        "auto_clash",
        "advance",
        "deselect",
        "new_game",
    }
)


class MetauroScreen(GameScreen):
    BINDINGS = [  # the game's keys first: at 80 columns the footer has room for few
        # One key may do different things by phase: the first binding whose action applies
        # now runs, and the footer shows only that one.
        # Descriptions are English msgids: the footer shows them translated.
        Binding("e", "confirm_deployment", N_("Deploy")),
        Binding("e", "end_move", N_("End move")),
        Binding("e", "pass_turn", N_("Pass")),
        Binding("d", "default", N_("Default")),
        Binding("1", "pick_pair(1)", N_("Fight"), key_display="1-9"),
        *[Binding(str(i), f"pick_pair({i})", show=False) for i in range(2, 10)],
        Binding("1", "toggle_unit(1)", N_("Units"), key_display="1-9"),
        *[Binding(str(i), f"toggle_unit({i})", show=False) for i in range(2, 10)],
        Binding("a", "auto_pair", N_("Best pair")),
        Binding("A,shift+a", "auto_clash", N_("All auto"), key_display="A"),
        Binding("y", "advance(True)", N_("Advance")),
        Binding("n", "advance(False)", N_("Stay")),
        Binding("n", "new_game", N_("New game")),
        Binding("x", "deselect", N_("Deselect")),
        *GameScreen.BINDINGS,
    ]
    CSS_PATH = STYLES / "metauro.tcss"
    SEAT_UI = ("selected_square", "chosen_units", "pair_squares", "auto_clash")

    def __init__(self, session) -> None:
        super().__init__(session)
        self.selected_square: str | None = None
        self.chosen_units: tuple[int, ...] = ()
        self.pair_squares: tuple[str, ...] = ()  # the squares a clash's pair list is narrowed to
        self.shown_pairs: tuple[tuple[int, int], ...] = ()  # what keys 1–9 fight, as listed
        self.auto_clash = False  # A: every remaining pair of this clash is picked automatically
        self.can_reset = False  # the deployment differs from the default one
        self.log_width = -1
        self.clock_left = 0
        self.clock_timer = None
        self.clock_running = False

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="field"):
            yield MetauroGrid(id="grid")
            yield Static(id="side")
        with Horizontal(id="lower"):
            yield Static(id="detail")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        self.query_one(MetauroGrid).focus()
        self.query_one(EventLog).border_title = _("Log")
        self.clock_timer = self.set_interval(1, self.tick_clock, pause=True)

    async def language_changed(self) -> None:
        """The battle in the language just chosen, as it stands (selection, chosen units, the
        pair list's narrowing): the log's title, and every line drawn from the view."""
        inherited = getattr(super(), "language_changed", None)
        if inherited is not None:
            result = inherited()
            if inspect.isawaitable(result):
                await result
        self.query_one(EventLog).border_title = _("Log")
        if self.view is not None:
            self.render_view(self.view)

    # --- layout ------------------------------------------------------------------------------
    @property
    def roomy(self) -> bool:
        width, height = self.app.size
        return width >= ROOMY_WIDTH and height >= ROOMY_HEIGHT

    def on_resize(self, event=None) -> None:
        """Choose the layout for the new size, then redraw the panels for it (how many pairs
        fit, the footer's spacing) and rewrap the log, without waiting for the next move."""
        super().on_resize()
        self.set_class(self.roomy, "roomy")
        self.call_after_refresh(self.relayout)

    def relayout(self) -> None:
        log = self.query_one(EventLog)
        width = log.scrollable_content_region.width
        if width != self.log_width:  # RichLog wraps a line once, when it is written
            self.log_width = width
            log.clear()
            log.shown = []
        if self.view is not None:
            self.render_view(self.view)

    def detail_rows(self) -> int:
        """Lines the box under the grid holds (its title sits on its top border)."""
        return max(3, self.app.size.height - CHROME - GRID_HEIGHT[self.roomy] - 1)

    # --- reading the view --------------------------------------------------------------------
    def units_by_id(self, view) -> dict:
        return {u.id: u for u in (*view.fallen, *view.units)}

    def unit_label(self, view, unit_id: int) -> str:
        unit = self.units_by_id(view).get(unit_id)
        return rules.unit_name(view, unit) if unit else _("unit {id}").format(id=unit_id)

    def labels(self, view) -> dict[str, tuple[str, int]]:
        out = {}
        for sq, units in rules.occupancy(view.units).items():
            label = rules.stack_label(units)
            side = units[0].side
            out[sq] = (label if side == 0 else label.lower(), side)
        return out

    def stack_here(self, view, square: str) -> list:
        return [u for u in view.units if u.square == square]

    def pair_choices(self, view) -> list[tuple[int, int]]:
        """The pairs a clash offers, each kind of pair once: two infantry of one stack against
        the same enemy are the same choice. Narrowed to ``pair_squares`` when some are picked;
        sorted as the board reads, north to south."""
        units = self.units_by_id(view)
        seen: dict[tuple, tuple[int, int]] = {}
        for a, b in rules.facing_pairs(view):
            ua, ub = units[a], units[b]
            seen.setdefault((ua.square, ua.kind, ub.square, ub.kind), (a, b))
        keys = sorted(
            seen,
            key=lambda k: (
                square_order(k[0]),
                KINDS.index(k[1]),
                square_order(k[2]),
                KINDS.index(k[3]),
            ),
        )
        return [seen[k] for k in keys if all(sq in (k[0], k[2]) for sq in self.pair_squares)]

    def render_view(self, view) -> None:
        self.run_clock(view)  # first: the side panel shows the time left
        grid = self.query_one(MetauroGrid)
        reach: frozenset[str] = frozenset()
        marked: frozenset[str] = frozenset()
        selected = frozenset({self.selected_square} if self.selected_square else ())
        if view.phase != PAIR:
            self.pair_squares = ()
        if view.clash is None or view.phase == OVER:
            self.auto_clash = False
        if self.my_turn and view.phase == MOVE and self.chosen_units:
            reach = frozenset(rules.reachable(view, self.chosen_units))
        elif self.my_turn and view.phase == DEPLOY:
            legal = self.game.legal_actions(self.session.state, self.me)
            self.can_reset = DefaultDeployment() in legal
            if self.chosen_units:
                reach = frozenset(
                    a.square for a in legal if isinstance(a, Place) and a.unit in self.chosen_units
                )
        elif self.my_turn and view.phase == RETREAT:
            reach = frozenset(
                a.to
                for a in self.game.legal_actions(self.session.state, self.me)
                if isinstance(a, Retreat)
            )
        if view.phase == PAIR and view.clash is not None:
            if self.pair_squares and not self.pair_choices(view):
                self.pair_squares = ()  # the pairs it narrowed to have fought
            units = self.units_by_id(view)
            choices = self.pair_choices(view) if self.my_turn else rules.facing_pairs(view)
            marked = frozenset(units[i].square for pair in choices for i in pair)
            selected = frozenset(self.pair_squares)
        grid.show(rules.board_rows(view), self.labels(view), reach, selected, marked)
        self.query_one("#side", Static).update(self.side_panel(view))
        detail = self.query_one("#detail", Static)
        title, body = self.detail(view)
        detail.border_title = title
        detail.update(body)
        log = self.query_one(EventLog)
        log.show(self.logged(view))
        self.refresh_bindings()

    @property
    def me(self) -> int:
        return self.viewer

    def side_panel(self, view) -> Text:
        return side_panel(view, self.my_turn, self.clock_left, self.roomy)

    def detail(self, view) -> tuple[str, Text]:
        """The box under the grid: its title and lines of at most 40 characters."""
        rows = self.detail_rows()
        text = Text()
        self.shown_pairs = ()
        if view.phase == OVER:
            text.append(f"{rules.end_reason(view)}\n")
            self.fight_lines(view, text)
            return _("Battle over"), text
        if view.phase == PAIR and view.clash is not None and self.my_turn:
            return self.pair_list(view, rows)
        if self.selected_square and view.phase in (MOVE, DEPLOY):
            for i, u in enumerate(self.stack_here(view, self.selected_square), start=1):
                mark = "■" if u.id in self.chosen_units else "□"
                name = rules.unit_name(view, u)
                if u.id in view.moved:
                    name = _("{unit} (moved)").format(unit=name)
                text.append(f"{i} {mark} {name}\n")
            return _("Stack on {square}").format(square=self.selected_square), text
        if view.clash is not None and view.clash.fight is not None:
            self.fight_lines(view, text)
            return _("Last fight"), text
        for separator, row in legend():
            for n, (key, words) in enumerate(row):
                if n:
                    text.append(separator)
                text.append(key, style="bold")
                text.append(f" {words}")
            text.append("\n")
        return _("Legend"), text

    def pair_list(self, view, rows: int) -> tuple[str, Text]:
        """One numbered line a pair: your soldier, the enemy, your chance to win. As many as
        the box holds (at most 9); the rest are counted, and a square picked on the grid
        narrows the list to them."""
        choices = self.pair_choices(view)
        room = min(MAX_PICK, rows if len(choices) <= rows else rows - 1)
        self.shown_pairs = tuple(choices[:room])
        units = self.units_by_id(view)
        kinds = kind_column()
        text = Text()
        for i, (a, b) in enumerate(self.shown_pairs, start=1):
            ua, ub = units[a], units[b]
            win = rules.clash_odds(view, a, b).win
            text.append(f"{i} ", style="bold")
            text.append(f"{ua.square:>3} {kinds[ua.kind]}", style=SIDE_COLOURS[ua.side])
            text.append(" × ")
            text.append(f"{ub.square:>3} {kinds[ub.kind]}", style=SIDE_COLOURS[ub.side])
            text.append(f" {percent(win):>4}\n")
        more = len(choices) - len(self.shown_pairs)
        if more:
            said = _("+{count} more: pick a square to narrow").format(count=number(more))
            text.append(f"{said}\n", style="italic")
        elif rows - len(choices) >= 4 and view.clash.fight is not None:
            text.append(_("Last fight:") + "\n", style="bold")
            self.fight_lines(view, text)
        if self.pair_squares:
            squares = " & ".join(self.pair_squares)
            return _("Pairs at {squares}, chance to win").format(squares=squares), text
        return _("Pairs: yours × theirs, chance to win"), text

    def fight_lines(self, view, text: Text) -> None:
        fight = view.clash.fight if view.clash is not None else None
        if fight is None:
            return
        for unit, roll, bonus in (
            (fight.a, fight.roll_a, fight.bonus_a),
            (fight.b, fight.roll_b, fight.bonus_b),
        ):
            name = self.unit_label(view, unit)
            text.append(f"{name} {face(roll)} {roll}+{bonus} = {roll + bonus}\n")
        if fight.winner is None:
            text.append(_("A tie: both stay.") + "\n")
        else:
            said = _("{unit} wins and kills.") if fight.killed else _("{unit} wins.")
            text.append(said.format(unit=self.unit_label(view, fight.winner)) + "\n")

    def prompt_text(self, view) -> str:
        """One line of at most 78 characters: what the player is asked, and the keys."""
        if view.phase == OVER:
            return _("The battle is over: n for a new game, escape for the menu.")
        if not self.my_turn:
            return _("Waiting for the {side}…").format(side=side_name(view.active))
        phase = view.phase
        if phase == DEPLOY:
            if self.chosen_units:
                return _("Pick a lit start square for the marked units (1–9 toggle, x deselect).")
            return _("Deploy: select a stack (arrows + Enter, or click) to move it; e when done.")
        if phase == MOVE:
            if self.chosen_units:
                if view.moved:
                    return _(
                        "Pick a lit square to move there (1–9 units, x deselect); e ends the move."
                    )
                return _("Pick a lit square to move there (1–9 units, x deselect); e passes.")
            if view.moved:
                return _("Select a stack to move (arrows + Enter, or click); e ends the move.")
            return _("Select a stack to move (arrows + Enter, or click); e passes.")
        if phase == PAIR:
            return _("Clash: 1–9 fights that pair, a the best one, A all of them for you.")
        if phase == RETREAT:  # beaten, or a panicking elephant (Zama)
            unit = rules.unit_at(view, view.clash.retreating) if view.clash else None
            if unit is None:
                return _("Retreat your unit: pick a lit square (arrows + Enter, or click).")
            return _(
                "Retreat the {kind} on {square}: pick a lit square (arrows + Enter, or click)."
            ).format(kind=kind_name(unit.kind), square=unit.square)
        if phase == ADVANCE:
            square = view.clash.vacated if view.clash is not None else None
            return _("You won: y to advance into {square}, n to stay.").format(square=square)
        return ""

    # --- the log -----------------------------------------------------------------------------
    def describe(self, e, view) -> str | None:
        """The log's sentence for an event (``tui.widgets.metauro_log``)."""
        return describe(e, view, self.unit_label)

    # --- input -------------------------------------------------------------------------------
    def on_metauro_grid_picked(self, event: MetauroGrid.Picked) -> None:
        view = self.view
        if view is None or not self.my_turn:
            return
        sq = event.square
        if view.phase == RETREAT:
            self.act(Retreat(sq))
            return
        if view.phase == PAIR:
            self.narrow_pairs(view, sq)
            return
        if view.phase not in (MOVE, DEPLOY):
            return
        if self.chosen_units and sq != self.selected_square:
            if view.phase == MOVE:
                units, frm = self.chosen_units, self.selected_square
                self.deselect()
                self.act(Move(frm, sq, units))
            else:
                units = self.chosen_units
                self.deselect()
                for unit in units:
                    if not self._apply(self.me, Place(unit, sq), advance=False):
                        break
                self.advance()
            return
        if sq == self.selected_square:
            self.action_deselect()
            return
        own = [u for u in self.stack_here(view, sq) if u.side == self.me]
        if view.phase == MOVE:
            own = [u for u in own if u.id not in view.moved]
        if not own:
            self.notify(_("None of your units here can move now."), severity="warning")
            return
        self.selected_square = sq
        self.chosen_units = tuple(u.id for u in own)
        self.view = view

    def narrow_pairs(self, view, sq: str) -> None:
        """A square picked during a clash narrows the pair list to the pairs fought from it
        (a second square: between the two); picking it again widens the list."""
        if sq in self.pair_squares:
            self.pair_squares = tuple(s for s in self.pair_squares if s != sq)
            self.view = view
            return
        before = self.pair_squares
        self.pair_squares = (*before, sq)[-2:]
        if not self.pair_choices(view):
            self.pair_squares = (sq,)
            if not self.pair_choices(view):
                self.pair_squares = before
                self.notify(_("No pair fights on {square}.").format(square=sq), severity="warning")
                return
        self.view = view

    def deselect(self) -> None:
        self.selected_square = None
        self.chosen_units = ()
        self.pair_squares = ()

    def action_deselect(self) -> None:
        self.deselect()
        self.view = self.view

    def action_toggle_unit(self, n: int) -> None:
        view = self.view
        if view is None or not self.selected_square:
            return
        stack = self.stack_here(view, self.selected_square)
        if n <= len(stack):
            uid = stack[n - 1].id
            chosen = set(self.chosen_units) ^ {uid}
            self.chosen_units = tuple(u.id for u in stack if u.id in chosen)
            self.view = view

    def action_pick_pair(self, n: int) -> None:
        """Fight the pair listed under number ``n`` (as the list shows it now)."""
        if n > len(self.shown_pairs):
            self.notify(
                _("There is no pair {n} in the list.").format(n=number(n)), severity="warning"
            )
            return
        own, enemy = self.shown_pairs[n - 1]
        self.pair_squares = ()
        self.act(Pair(own, enemy))

    def action_confirm_deployment(self) -> None:
        self.deselect()
        self.act(Deploy())

    def action_end_move(self) -> None:
        self.deselect()
        self.act(EndMove())

    def action_pass_turn(self) -> None:
        self.deselect()
        self.act(Pass())

    def action_auto_pair(self) -> None:
        self.pair_squares = ()
        self.act(AutoPair())

    def action_auto_clash(self) -> None:
        """Fight every remaining pair of this clash the way ``a`` would, one after another;
        the player is still asked where a beaten unit of theirs retreats and whether a winner
        advances."""
        self.auto_clash = True
        self.auto_step()

    def auto_step(self) -> None:
        view = self.view
        if self.auto_clash and view is not None and view.phase == PAIR and self.my_turn:
            self.action_auto_pair()

    def advance(self) -> None:
        super().advance()
        view = self.view
        if self.auto_clash and view is not None and view.phase == PAIR and self.my_turn:
            self.call_after_refresh(self.auto_step)  # each fight is drawn before the next

    def action_default(self) -> None:
        self.deselect()
        self.act(DefaultDeployment())

    def action_advance(self, yes: bool) -> None:
        self.act(Advance() if yes else NoAdvance())

    def action_new_game(self) -> None:
        self.new_game_same_setup()

    def check_game_action(self, action: str, parameters) -> bool | None:
        """Only the keys that do something now are live and shown in the footer."""
        if action not in GAME_ACTIONS:
            return True
        view = self.view
        if view is None:
            return False
        if view.phase == OVER:
            return action == "new_game"
        if not self.my_turn:
            return False
        phase = view.phase
        picking = self.selected_square is not None and phase in (MOVE, DEPLOY)
        return {
            "confirm_deployment": phase == DEPLOY,
            "default": phase == DEPLOY and self.can_reset,
            "end_move": phase == MOVE and bool(view.moved),
            "pass_turn": phase == MOVE and not view.moved,
            "toggle_unit": picking,
            "pick_pair": phase == PAIR,
            "auto_pair": phase == PAIR,
            "auto_clash": phase == PAIR,
            "advance": phase == ADVANCE,
            "deselect": picking or (phase == PAIR and bool(self.pair_squares)),
            "new_game": False,
        }[action]

    # --- the optional move clock ---------------------------------------------------------------
    def run_clock(self, view) -> None:
        running = bool(view.clock) and view.phase == MOVE and self.my_turn
        if running == self.clock_running or self.clock_timer is None:
            return
        self.clock_running = running
        self.clock_left = view.clock
        if running:
            self.clock_timer.resume()
        else:
            self.clock_timer.pause()

    def tick_clock(self) -> None:
        view = self.view
        if view is None or not (view.clock and view.phase == MOVE and self.my_turn):
            return
        self.clock_left -= 1
        if self.clock_left <= 0:
            self.deselect()
            self.act(TimeUp())
            return
        self.query_one("#side", Static).update(self.side_panel(view))
