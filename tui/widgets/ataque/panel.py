"""The panel under the map: the territory under the cursor and what picking it would do,
every player's strength, then your objective, how far it is, and your cards. At 80 columns
each is one line, shortening words before losing facts."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from engine.ataque import rules
from engine.ataque.data import (
    CARD_FIGURE,
    CONTINENT_OF,
    CONTINENTS,
    FIGURE_GLYPHS,
    NEIGHBOURS,
    TERRITORIES,
    card_name,
    card_territory,
    colour_letter,
    objective_text,
)
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, PLACE, REGROUP
from engine.i18n import _, number, pgettext
from engine.words import plural
from tui.widgets.ataque.words import (
    SEAT_STYLES,
    Turn,
    armies,
    owner_label,
    percent,
    strength,
    thrown,
)
from tui.widgets.world_map import short


def selection_text(turn: Turn, room: int | None = None) -> Text:
    """The territory under the cursor, then what picking would do: one line at 80
    columns (names abbreviated if need be), two when there is room."""
    view, t = turn.view, turn.cursor

    def name(i: int) -> str:
        return TERRITORIES[i] if room is None else short(TERRITORIES[i], room)

    text = Text()
    text.append(name(t), style="bold")
    if turn.wide:
        continent = CONTINENTS[CONTINENT_OF[t]].name
        text.append(f" ({continent}) · {owner_label(view.owner[t])} · {armies(view.armies[t])}")
    else:
        text.append(f" · {colour_letter(view.owner[t])} {view.armies[t]}")
    context = selection_context(turn, name)
    if context.plain:
        text.append("\n" if turn.wide else " ")
        text.append_text(context)
    if not turn.wide and room is None and text.cell_len > turn.width:
        return selection_text(turn, 7)
    return text


def selection_context(turn: Turn, name) -> Text:
    """What Enter on the territory under the cursor would do now."""
    text = Text()
    if not turn.my_turn:
        return text
    view, t, src = turn.view, turn.cursor, turn.source
    if view.phase == ATTACK and src is not None:
        dice = thrown(turn.dice, view.armies[src])
        text.append(f"← {name(src)} {view.armies[src]}", style="bold")
        text.append(" · ")
        text.append(
            _("{dice} · down to {n}").format(
                dice=plural(dice, "die", "dice"), n=number(turn.stop_at)
            )
        )
        if t == src:
            text.append(" " + _("(Enter here: cancel)"), style="dim")
        elif view.owner[t] != turn.me and t in NEIGHBOURS[src] and view.armies[src] > 1:
            chance = rules.attack_chance(view, src, t, turn.stop_at, turn.dice)
            said = _("win chance {chance}").format(chance=percent(chance))
            text.append(f" → {said}", style="bold yellow")
    elif view.phase == REGROUP and src is not None:
        text.append("← " + _("from {territory}").format(territory=name(src)), style="bold")
        text.append(" · ")
        text.append(
            _("{count} of {most} to move").format(count=number(turn.count), most=number(turn.most))
        )
        if t == src:
            text.append(" " + _("(Enter here: cancel)"), style="dim")
        elif view.owner[t] == turn.me and t in NEIGHBOURS[src]:
            said = _("Enter moves {count} here").format(count=number(turn.count))
            text.append(f" → {said}", style="bold green")
    elif view.phase == MOVE_IN and view.pending is not None:
        p = view.pending
        text.append(
            _("{territory} taken! {count} more of up to {most} follow in.").format(
                territory=name(p.target), count=number(turn.count), most=number(p.most)
            ),
            style="bold green",
        )
    elif view.phase == PLACE and view.owner[t] == turn.me:
        lead = "" if turn.wide else "· "
        said = _("{armies} may be placed here").format(armies=armies(turn.placeable))
        text.append(f"{lead}{said}", style="dim")
    return text


def players_text(turn: Turn) -> Text:
    """Every player on one line: names shortened, then left out, before numbers are."""
    view = turn.view
    summaries = rules.player_summaries(view)

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
            name = turn.names[s.seat]
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

    longest = max(len(turn.names[s.seat]) for s in summaries)
    attempts = [(longest, "  ", False)]
    attempts += [(room, "  ", False) for room in (12, 8, 5) if room < longest]
    attempts += [(None, "  ", False), (None, " ", False), (None, "  ", True), (None, " ", True)]
    for room, gap, terse in attempts:
        text = line(room, gap, terse)
        if text.cell_len <= turn.width:
            return text
    return text


def mine_text(turn: Turn) -> Text:
    """The objective, how far it is, and the cards: a line each (a bot's too in a replay
    with everything shown)."""
    text = Text()
    if not turn.secrets:
        return text
    view, me = turn.view, turn.me
    text.append(_("Objective:") + " ", style="bold")
    text.append(objective_text(rules.effective_objective(view, me)))
    progress = rules.objective_progress(view, me)
    text.append("\n→ ", style="bold")
    text.append(progress or "", style="italic")
    text.append("\n")
    exchanging = view.phase == EXCHANGE and turn.my_turn
    text.append_text(cards_text(view.players[me].hand, exchanging, turn.width))
    return text


def cards_text(hand: tuple[int, ...], exchanging: bool, width: int) -> Text:
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
        if text.cell_len <= width:
            break
    return text


class SidePanel(Vertical):
    """The selection, the players, and your objective and cards, each its own line(s)."""

    def compose(self) -> ComposeResult:
        yield Static(id="selection")
        yield Static(id="players")
        yield Static(id="mine")

    def show(self, turn: Turn) -> None:
        self.show_selection(turn)
        self.query_one("#players", Static).update(players_text(turn))
        self.query_one("#mine", Static).update(mine_text(turn))

    def show_selection(self, turn: Turn, layout: bool = True) -> None:
        """Only the selection follows a cursor move: no layout pass then."""
        self.query_one("#selection", Static).update(selection_text(turn), layout=layout)
