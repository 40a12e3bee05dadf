"""Metauro (and Zama): the grid, a side panel with the turn, the selected stack, the clash
pairs and the last fight, and the log. Select a stack, choose its units, pick a destination."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

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
from engine.metauro.data import KIND_NAMES, SIDES
from engine.metauro.state import (
    ADVANCE,
    DEPLOY,
    MOVE,
    OVER,
    PAIR,
    RETREAT,
    Advanced,
    ClashEnded,
    ClashStarted,
    Deployed,
    Eliminated,
    Fought,
    GameEnded,
    LotsDrawn,
    Moved,
    PanicRolled,
    Passed,
    Retreated,
    TimeRanOut,
    TurnStarted,
)
from tui.screens.game import STYLES, GameScreen
from tui.widgets.log import EventLog
from tui.widgets.metauro_grid import SIDE_COLOURS, MetauroGrid


class MetauroScreen(GameScreen):
    BINDINGS = [
        Binding("e", "end", "End move"),
        Binding("a", "auto_pair", "Auto pair"),
        Binding("d", "default", "Default deployment"),
        Binding("y", "advance(True)", "Advance"),
        Binding("n", "advance(False)", "Stay"),
        Binding("x", "deselect", "Deselect", show=False),
        *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
    ]
    CSS_PATH = STYLES / "metauro.tcss"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.selected_square: str | None = None
        self.chosen_units: tuple[int, ...] = ()
        self.clock_left = 0
        self.clock_timer = None
        self.clock_running = False

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="field"):
            yield MetauroGrid(id="grid")
            yield Static(id="panel")
        yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        self.query_one(MetauroGrid).focus()
        self.clock_timer = self.set_interval(1, self.tick_clock, pause=True)

    # --- reading the view --------------------------------------------------------------------
    def units_by_id(self, view) -> dict:
        return {u.id: u for u in (*view.fallen, *view.units)}

    def unit_label(self, view, unit_id: int) -> str:
        unit = self.units_by_id(view).get(unit_id)
        return rules.unit_name(view, unit) if unit else f"unit {unit_id}"

    def labels(self, view) -> dict[str, tuple[str, int]]:
        out = {}
        for sq, units in rules.occupancy(view.units).items():
            label = rules.stack_label(units)
            side = units[0].side
            out[sq] = (label if side == 0 else label.lower(), side)
        return out

    def stack_here(self, view, square: str) -> list:
        return [u for u in view.units if u.square == square]

    def render_view(self, view) -> None:
        grid = self.query_one(MetauroGrid)
        reach: frozenset[str] = frozenset()
        marked: frozenset[str] = frozenset()
        if self.my_turn and view.phase == MOVE and self.chosen_units:
            reach = frozenset(rules.reachable(view, self.chosen_units))
        elif self.my_turn and view.phase == DEPLOY and self.chosen_units:
            reach = frozenset(
                a.square
                for a in self.game.legal_actions(self.session.state, self.me)
                if isinstance(a, Place) and a.unit in self.chosen_units
            )
        elif self.my_turn and view.phase == RETREAT:
            reach = frozenset(
                a.to
                for a in self.game.legal_actions(self.session.state, self.me)
                if isinstance(a, Retreat)
            )
        if view.phase == PAIR and view.clash is not None:
            marked = frozenset(
                self.units_by_id(view)[i].square for pair in rules.facing_pairs(view) for i in pair
            )
        grid.show(rules.board_rows(view), self.labels(view), reach, self.selected_square, marked)
        self.query_one("#panel", Static).update(self.panel(view))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e, view)) is not None])
        self.run_clock(view)

    @property
    def me(self) -> int:
        return self.viewer

    def panel(self, view) -> Text:
        text = Text()
        if view.phase == DEPLOY:
            text.append("Deployment\n", style="bold")
        else:
            text.append(f"Turn {view.turn} · ", style="bold")
            text.append(f"{SIDES[view.mover]} to move\n", style=f"bold {SIDE_COLOURS[view.mover]}")
        lost = rules.casualties(view)
        for side in (0, 1):
            left = sum(1 for u in view.units if u.side == side)
            name = SIDES[side] if not self.has_class("compact") else SIDES[side][:8]
            text.append(f"{name} ", style=SIDE_COLOURS[side])
            text.append(f"{left}, lost {lost[side]}")
            held = rules.standards_held(view, side)
            if held:
                text.append(f", holds ⚑ {' '.join(held)}", style="bold")
            text.append("\n")
        if view.clock and view.phase == MOVE and self.my_turn:
            text.append(f"Clock: {self.clock_left}s\n", style="bold yellow")
        if self.selected_square:
            text.append(f"\nSelected {self.selected_square}:\n", style="bold")
            for i, u in enumerate(self.stack_here(view, self.selected_square), start=1):
                mark = "■" if u.id in self.chosen_units else "□"
                moved = " (moved)" if u.id in view.moved else ""
                text.append(f" {i} {mark} {rules.unit_name(view, u)}{moved}\n")
        if view.phase == PAIR and view.clash is not None:
            text.append("\nPairs to fight:\n", style="bold")
            for i, (a, b) in enumerate(rules.facing_pairs(view)[:9], start=1):
                odds = rules.clash_odds(view, a, b)
                ua, ub = self.units_by_id(view)[a], self.units_by_id(view)[b]
                chance = f" {odds.win:.0%}"
                text.append(
                    f" {i} {ua.square} {KIND_NAMES[ua.kind]} × {ub.square} "
                    f"{KIND_NAMES[ub.kind]}{chance}\n"
                )
        fight = view.clash.fight if view.clash is not None else None
        if fight is not None:
            text.append("\nLast fight:\n", style="bold")
            for unit, roll, bonus in (
                (fight.a, fight.roll_a, fight.bonus_a),
                (fight.b, fight.roll_b, fight.bonus_b),
            ):
                name = self.unit_label(view, unit)
                text.append(f" {name} ⚄ {roll}+{bonus} = {roll + bonus}\n")
        return text

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            return f"Game over — {view.reason}  (n: new game, escape: menu)"
        if not self.my_turn:
            return f"Waiting for the {SIDES[view.active]}…"
        phase = view.phase
        if phase == DEPLOY:
            return (
                "Deploy: select a stack (Enter), then a start square; d: default layout; e: done."
            )
        if phase == MOVE:
            if self.chosen_units:
                return "Pick a lit square to move there (1–9 choose units, x deselect); e: end."
            return "Select a stack to move (arrows + Enter, or click); e: end the move."
        if phase == PAIR:
            return "Clash: pick a pair to fight (1–9) or a: the best pairs automatically."
        if phase == RETREAT:
            return "Retreat: pick one of the lit squares."
        if phase == ADVANCE:
            return "You won: y to advance into the square the loser left, n to stay."
        return ""

    # --- the log -----------------------------------------------------------------------------
    def describe(self, e, view) -> str | None:
        if isinstance(e, Deployed):
            return f"The {SIDES[e.seat]} are deployed."
        if isinstance(e, LotsDrawn):
            return f"Lots drawn: the {SIDES[e.first]} move first."
        if isinstance(e, TurnStarted):
            return f"[b]— Turn {e.turn}: {SIDES[e.seat]} —[/b]"
        if isinstance(e, Moved):
            who = ", ".join(self.unit_label(view, u) for u in e.units)
            return f"{who}: {e.frm} → {e.to}."
        if isinstance(e, Passed):
            return f"The {SIDES[e.seat]} pass" + (" (time ran out)." if e.timed_out else ".")
        if isinstance(e, TimeRanOut):
            return f"The {SIDES[e.seat]}' time ran out."
        if isinstance(e, ClashStarted):
            return f"[b]Clash[/b]: {e.pairs} pair{'s' if e.pairs != 1 else ''} face each other."
        if isinstance(e, PanicRolled):
            verdict = "panics!" if e.panicked else "holds."
            return f"Trumpet: {self.unit_label(view, e.unit)} rolls {e.roll} and {verdict}"
        if isinstance(e, Fought):
            f = e.fight
            line = (
                f"{self.unit_label(view, f.a)} {f.roll_a}+{f.bonus_a}={f.total_a} against "
                f"{self.unit_label(view, f.b)} {f.roll_b}+{f.bonus_b}={f.total_b}: "
            )
            if f.winner is None:
                return line + "a tie, both stay."
            return (
                line
                + f"{self.unit_label(view, f.winner)} wins"
                + (" and kills." if f.killed else ".")
            )
        if isinstance(e, Retreated):
            return f"{self.unit_label(view, e.unit)} retreats {e.frm} → {e.to}."
        if isinstance(e, Eliminated):
            return f"[b]{self.unit_label(view, e.unit)} falls[/b] at {e.square} ({e.cause})."
        if isinstance(e, Advanced):
            return f"{self.unit_label(view, e.unit)} advances {e.frm} → {e.to}."
        if isinstance(e, ClashEnded):
            return f"The clash is over after {e.fights} fight{'s' if e.fights != 1 else ''}."
        if isinstance(e, GameEnded):
            return f"[b]{e.reason}[/b]"
        return None

    # --- input -------------------------------------------------------------------------------
    def on_metauro_grid_picked(self, event: MetauroGrid.Picked) -> None:
        view = self.view
        if view is None or not self.my_turn:
            return
        sq = event.square
        if view.phase == RETREAT:
            self.act(Retreat(sq))
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
            self.notify("None of your units here can move now.", severity="warning")
            return
        self.selected_square = sq
        self.chosen_units = tuple(u.id for u in own)
        self.view = view

    def deselect(self) -> None:
        self.selected_square = None
        self.chosen_units = ()

    def action_deselect(self) -> None:
        self.deselect()
        self.view = self.view

    def action_number(self, n: int) -> None:
        view = self.view
        if view is None or not self.my_turn:
            return
        if view.phase == PAIR:
            pairs = rules.facing_pairs(view)
            if n <= len(pairs):
                self.act(Pair(*pairs[n - 1]))
            return
        if self.selected_square:
            stack = self.stack_here(view, self.selected_square)
            if n <= len(stack):
                uid = stack[n - 1].id
                chosen = set(self.chosen_units) ^ {uid}
                self.chosen_units = tuple(u.id for u in stack if u.id in chosen)
                self.view = view

    def action_end(self) -> None:
        view = self.view
        if view is None:
            return
        if view.phase == OVER:
            self.show_result(self.game.outcome(self.session.state))
        elif view.phase == DEPLOY:
            self.deselect()
            self.act(Deploy())
        elif view.phase == MOVE:
            self.deselect()
            self.act(EndMove() if view.moved else Pass())

    def action_auto_pair(self) -> None:
        self.act(AutoPair())

    def action_default(self) -> None:
        self.deselect()
        self.act(DefaultDeployment())

    def action_advance(self, yes: bool) -> None:
        self.act(Advance() if yes else NoAdvance())

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None or action not in ("end", "auto_pair", "default", "advance"):
            return True
        if view.phase == OVER:
            return action == "end"
        if not self.my_turn:
            return False
        return {
            "end": view.phase in (MOVE, DEPLOY),
            "auto_pair": view.phase == PAIR,
            "default": view.phase == DEPLOY,
            "advance": view.phase == ADVANCE,
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
        self.query_one("#panel", Static).update(self.panel(view))
