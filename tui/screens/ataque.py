"""Ataque: the world map (or the territory table, or the continents), your cards and secret
objective, every player's strength, and the footer telling what can be done now. Select with
arrows, the mouse, or by typing part of a name after `/`."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static, TabbedContent, TabPane

from engine.ataque import rules
from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.data import (
    CARD_FIGURE,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    CONTINENT_OF,
    CONTINENTS,
    FIGURE_GLYPHS,
    MAX_DICE,
    NEIGHBOURS,
    OBJECTIVES,
    TERRITORIES,
    card_name,
    card_territory,
    sets_in,
)
from engine.ataque.odds import attack_dice
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, OVER, PLACE, REGROUP
from tui.screens.game import STYLES, GameScreen
from tui.widgets.log import EventLog
from tui.widgets.world_map import Holding, WorldMap

SEAT_STYLES = ("#f0f0f0", "#a0a0a0", "#ff5f5f", "#5f87ff", "#ffd75f", "#5fd75f")
INDEX = {name: i for i, name in enumerate(TERRITORIES)}


def percent(chance: float) -> str:
    """A chance as a whole percentage that never claims certainty it does not have."""
    if 0.995 <= chance < 1.0:
        return ">99%"
    if 0.0 < chance < 0.005:
        return "<1%"
    return f"{chance:.0%}"


class AtaqueScreen(GameScreen):
    BINDINGS = [
        Binding("enter", "pick", "Pick"),
        Binding("f", "place(5)", "+5"),
        Binding("a", "all", "All"),
        Binding("b", "blitz", "Attack until taken"),
        Binding("1", "dice(1)", "1 die", show=False),
        Binding("2", "dice(2)", "2 dice", show=False),
        Binding("3", "dice(3)", "3 dice", show=False),
        Binding("left_square_bracket", "stop_at(-1)", "Down to N−1", show=False),
        Binding("right_square_bracket", "stop_at(1)", "Down to N+1", show=False),
        Binding("x", "exchange", "Exchange"),
        Binding("e", "end_phase", "End phase"),
        Binding("slash", "search", "Find"),
        Binding("m", "tab('map')", "Map", show=False),
        Binding("t", "tab('table')", "Table", show=False),
        Binding("c", "tab('continents')", "Continents", show=False),
    ]
    CSS_PATH = STYLES / "ataque.tcss"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.source: int | None = None  # attack / regroup: the territory armies leave from
        self.dice = MAX_DICE  # the most dice the player wants to throw (1–3 keys)
        self.stop_at = 1  # "attack until taken or down to N" ([ and ] keys)

    def compose_board(self) -> ComposeResult:
        continents = {name: CONTINENTS[CONTINENT_OF[i]].name for i, name in enumerate(TERRITORIES)}
        with TabbedContent(id="tabs", initial="map"):
            with TabPane("Map (m)", id="map"):
                yield WorldMap(continents, id="world")
            with TabPane("Territories (t)", id="table"):
                yield Input(placeholder="filter by owner, continent or name", id="filter")
                yield DataTable(id="territories", cursor_type="row", zebra_stripes=True)
            with TabPane("Continents (c)", id="continents"):
                yield Static(id="continent-summary")
        with Vertical(id="info"):
            yield Static(id="selection")
            yield Static(id="players")
            yield Static(id="mine")
        yield Input(placeholder="type part of a territory's name, Enter", id="search")
        yield EventLog(id="log")

    def on_mount(self) -> None:
        """Runs before GameScreen.on_mount (Textual calls each class's handler, subclass
        first), so the table has its columns before the first view is drawn."""
        self.add_columns(self.query_one("#territories", DataTable))
        self.query_one("#search", Input).display = False
        self.query_one(WorldMap).focus()

    @staticmethod
    def add_columns(table: DataTable) -> None:
        for label, key in (
            ("Territory", "t"),
            ("Continent", "c"),
            ("Owner", "o"),
            ("Armies", "a"),
            ("Enemy neighbours", "n"),
        ):
            table.add_column(label, key=key)

    # --- drawing -------------------------------------------------------------------------------
    def owner_label(self, seat: int) -> str:
        return f"{COLOUR_LETTERS[seat]} {COLOUR_NAMES[seat]}"

    def render_view(self, view) -> None:
        world = self.query_one(WorldMap)
        holdings = {
            TERRITORIES[t]: Holding(
                COLOUR_LETTERS[view.owner[t]], SEAT_STYLES[view.owner[t]], view.armies[t]
            )
            for t in range(len(TERRITORIES))
        }
        marked: set[str] = set()
        chosen: set[str] = set()
        if self.source is not None:
            chosen.add(TERRITORIES[self.source])
            for n in NEIGHBOURS[self.source]:
                enemy = view.owner[n] != self.me
                if (view.phase == ATTACK and enemy) or (view.phase == REGROUP and not enemy):
                    marked.add(TERRITORIES[n])
        if view.phase == MOVE_IN and view.pending is not None:
            chosen.add(TERRITORIES[view.pending.source])
            marked.add(TERRITORIES[view.pending.target])
        world.show(holdings, marked, chosen)
        self.query_one("#selection", Static).update(self.selection_text(view))
        self.query_one("#players", Static).update(self.players_text(view))
        self.query_one("#mine", Static).update(self.mine_text(view))
        self.fill_table(view)
        self.query_one("#continent-summary", Static).update(self.continents_text(view))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e)) is not None])

    @property
    def me(self) -> int:
        return self.viewer

    def cursor_territory(self) -> int:
        return INDEX[self.query_one(WorldMap).cursor]

    def selection_text(self, view) -> Text:
        t = self.cursor_territory()
        text = Text()
        text.append(f"{TERRITORIES[t]}", style="bold")
        continent = CONTINENTS[CONTINENT_OF[t]].name
        if self.has_class("compact"):  # one line at 80 columns, so the map is never cut
            text.append(f" · {COLOUR_LETTERS[view.owner[t]]} {view.armies[t]}")
        else:
            text.append(
                f" ({continent}) · {self.owner_label(view.owner[t])} · {view.armies[t]} armies"
            )
        if self.source is not None and view.phase == ATTACK:
            src = self.source
            dice = self.throw_dice(view.armies[src])
            text.append(f" ← {TERRITORIES[src]} {view.armies[src]}", style="bold")
            text.append(f" · {dice} {'die' if dice == 1 else 'dice'} · down to {self.stop_at}")
            if t == src:
                text.append(" (Enter here: cancel)", style="dim")
            if view.owner[t] != self.me and t in NEIGHBOURS[src] and view.armies[src] > 1:
                chance = rules.attack_chance(view, src, t, self.stop_at, self.dice)
                text.append(f" → win chance {percent(chance)}", style="bold yellow")
        if view.phase == MOVE_IN and view.pending is not None:
            p = view.pending
            text.append(
                f"   {TERRITORIES[p.target]} taken! Move in up to {p.most} more "
                "(a: all, Enter: just the one).",
                style="bold green",
            )
        return text

    def players_text(self, view) -> Text:
        text = Text()
        for s in rules.player_summaries(view):
            if text:
                text.append("  ")
            style = SEAT_STYLES[s.seat] if s.alive else "dim strike"
            marker = "▶" if s.seat == view.active else " "
            text.append(f"{marker}{COLOUR_LETTERS[s.seat]} {self.seats[s.seat].name}", style=style)
            text.append(f" {s.territories}t {s.armies}a {s.cards}c", style="dim")
        return text

    def mine_text(self, view) -> Text:
        text = Text()
        if not self.is_human(self.me):
            return text
        me = view.players[self.me]
        objective = OBJECTIVES[rules.effective_objective(view, self.me)]
        text.append("Objective: ", style="bold")
        text.append(objective.text)
        progress = rules.objective_progress(view, self.me)
        if progress:
            text.append(f" — {progress}", style="italic")
        text.append("\nCards: ", style="bold")
        if not me.hand:
            text.append("none", style="dim")
        for c in me.hand:
            terr = card_territory(c)
            glyph = FIGURE_GLYPHS.get(CARD_FIGURE[c], "?")
            text.append(f"{glyph} {card_name(c) if terr is None else TERRITORIES[terr]}  ")
        if sets_in(me.hand):
            text.append(" (x: exchange a set)", style="bold yellow")
        return text

    def fill_table(self, view) -> None:
        table = self.query_one("#territories", DataTable)
        wanted = self.query_one("#filter", Input).value.strip().lower()
        rows = []
        for r in rules.territory_rows(view):
            owner = self.owner_label(r.owner)
            enemies = ", ".join(TERRITORIES[n] for n in r.enemy_neighbours)
            row = (r.name, r.continent, owner, r.armies, enemies)
            if wanted and not any(wanted in str(x).lower() for x in row[:3]):
                continue
            rows.append((r.name, row))
        table.clear()
        for key, row in rows:
            table.add_row(*row, key=key)

    def continents_text(self, view) -> Text:
        text = Text()
        for row in rules.continent_summary(view):
            holder = "nobody" if row.holder is None else self.owner_label(row.holder)
            text.append(f"{row.name:<18} +{row.bonus}  held by {holder:<12}", style="bold")
            counts = "  ".join(f"{COLOUR_LETTERS[s]} {n}" for s, n in enumerate(row.counts) if n)
            text.append(f"  {counts}  (of {row.size})\n")
        return text

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            return f"Game over — {view.reason}  (n: new game, escape: menu)"
        if not self.my_turn:
            return f"{self.seat_name(view.active)} is playing…  (. skips to your turn)"
        if view.phase == EXCHANGE:
            return "You hold a set: x exchanges it for armies."
        if view.phase == PLACE:
            left = rules.armies_to_place(view)
            return f"Place {left} armies: Enter +1, f +5, a all on the territory under the cursor."
        if view.phase == ATTACK:
            if self.source is None:
                return (
                    "Attack: Enter on one of your territories (2+ armies), then on an enemy "
                    "neighbour; e ends the attacks."
                )
            return (
                f"Enter rolls · b: until taken or down to {self.stop_at} · 1 2 3: dice · "
                "[ ]: change N"
            )
        if view.phase == MOVE_IN:
            return "Move in: a moves all it may, Enter only the one army."
        if view.phase == REGROUP:
            return (
                "Regroup: Enter on a territory, then on a neighbour of yours (a: all that "
                "may move); e ends your turn."
            )
        return ""

    def describe(self, e) -> str | None:
        from engine.ataque import state as s

        def who(seat: int) -> str:
            return f"{COLOUR_NAMES[seat]} ({self.seats[seat].name})"

        if isinstance(e, s.TurnStarted):
            return f"[b]— Round {e.round}: {who(e.seat)} —[/b]"
        if isinstance(e, s.Reinforced):
            return f"{who(e.seat)} receives {e.armies} armies."
        if isinstance(e, s.Exchanged):
            return f"{who(e.seat)} exchanges a set (#{e.number}) for {e.armies} armies."
        if isinstance(e, s.Placed):
            return f"{who(e.seat)} places {e.count} on {TERRITORIES[e.territory]}."
        if isinstance(e, s.Battle):
            return (
                f"{TERRITORIES[e.source]} → {TERRITORIES[e.target]}: "
                f"{'-'.join(map(str, e.attack))} vs {'-'.join(map(str, e.defence))}, "
                f"losses {e.attacker_lost}/{e.defender_lost}."
            )
        if isinstance(e, s.Conquered):
            return f"[b]{who(e.seat)} takes {TERRITORIES[e.target]}.[/b]"
        if isinstance(e, s.MovedIn):
            return f"  {e.count} more move in."
        if isinstance(e, s.Eliminated):
            return f"[b]{who(e.victim)} is destroyed by {who(e.by)}[/b] ({e.cards} cards pass)."
        if isinstance(e, s.Regrouped):
            return (
                f"{who(e.seat)} moves {e.count} from {TERRITORIES[e.source]} to "
                f"{TERRITORIES[e.target]}."
            )
        if isinstance(e, s.CardDrawn):
            if e.seat == self.me and e.card >= 0:
                return f"You draw the card {card_name(e.card)}."
            return f"{who(e.seat)} draws a card."
        if isinstance(e, s.GameEnded):
            return f"[b]{e.reason}[/b]"
        return None

    # --- input -------------------------------------------------------------------------------
    def on_world_map_picked(self, event: WorldMap.Picked) -> None:
        self.action_pick()

    def on_world_map_moved(self) -> None:
        """A cursor move changes two rows of the map and the selection line, nothing else: no
        layout pass, so over SSH a keypress sends those lines and not the whole screen."""
        if self.view is not None:
            selection = self.query_one("#selection", Static)
            selection.update(self.selection_text(self.view), layout=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.query_one(WorldMap).cursor = str(event.row_key.value)
        self.query_one("#tabs", TabbedContent).active = "map"
        self.query_one(WorldMap).focus()
        self.view = self.view

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        event.data_table.sort(event.column_key)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter" and self.view is not None:
            self.fill_table(self.view)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "search":
            return
        wanted = event.value.strip().lower()
        event.input.value = ""
        event.input.display = False
        match = next((n for n in TERRITORIES if wanted and wanted in n.lower()), None)
        world = self.query_one(WorldMap)
        world.focus()
        if match is None:
            self.notify(f"No territory called “{wanted}”.", severity="warning")
            return
        world.cursor = match
        self.view = self.view

    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    def action_tab(self, tab: str) -> None:
        self.query_one("#tabs", TabbedContent).active = tab

    def action_pick(self) -> None:
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
            self.act(MoveIn(0))
        elif view.phase in (ATTACK, REGROUP):
            if self.source is None or t == self.source:
                if self.source is None and view.owner[t] != self.me:
                    self.notify("Start from one of your own territories.", severity="warning")
                    return
                self.source = None if t == self.source else t
                self.view = view
            elif view.phase == ATTACK:
                self.act(Attack(self.source, t, self.throw_dice(view.armies[self.source])))
                self.keep_source()
            else:
                self.act(Regroup(self.source, t, 1))
                self.keep_source()
        elif view.phase == EXCHANGE:
            self.action_exchange()

    def throw_dice(self, armies: int) -> int:
        """The dice the next roll throws: the player's choice, as far as the armies allow."""
        return max(1, min(self.dice, attack_dice(armies)))

    def action_dice(self, dice: int) -> None:
        self.dice = dice
        self.notify(f"Attacks throw at most {dice} {'die' if dice == 1 else 'dice'}.")
        self.view = self.view

    def action_stop_at(self, step: int) -> None:
        view = self.view
        most = view.armies[self.source] - 1 if view is not None and self.source is not None else 1
        self.stop_at = max(1, min(self.stop_at + step, max(1, most)))
        self.notify(f"b attacks until taken or down to {self.stop_at}.")
        self.view = self.view

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
                f"No attack: pick an enemy neighbour, with more than {self.stop_at} "
                f"{'army' if self.stop_at == 1 else 'armies'} in {TERRITORIES[self.source]}.",
                severity="warning",
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
        view = self.view
        sets = sets_in(view.players[self.me].hand) if view is not None else ()
        if not sets:
            self.notify("You hold no set of three to exchange.", severity="warning")
            return
        self.act(Exchange(sets[0]))

    def action_end_phase(self) -> None:
        self.source = None
        self.act(EndPhase())

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        names = ("pick", "place", "all", "blitz", "exchange", "end_phase", "dice", "stop_at")
        if view is None or action not in names:
            return True
        if view.phase == OVER:
            return action == "pick"
        if not self.my_turn:
            return False
        return {
            "pick": True,
            "place": view.phase == PLACE,
            "all": view.phase in (PLACE, MOVE_IN)
            or (view.phase == REGROUP and self.source is not None),
            "blitz": view.phase == ATTACK and self.source is not None,
            "dice": view.phase == ATTACK,
            "stop_at": view.phase == ATTACK and self.source is not None,
            "exchange": bool(sets_in(view.players[self.me].hand)),
            "end_phase": view.phase in (ATTACK, REGROUP),
        }[action]
