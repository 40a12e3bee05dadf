"""Ataque's keys: what each does now (Enter's meaning is named in the footer), and which of
the commands every game screen has still fit in the footer after the game's own."""

from __future__ import annotations

from textual.binding import Binding

from engine.i18n import N_
from tui.screens.game import GameScreen

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
