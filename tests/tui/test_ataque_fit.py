"""Ataque fits 80×24 (in every language) and 120×40 with 3 and with 6 players: every army count of
the map is on screen, and the selection, players, objective, prompt and footer lines are whole —
in the placing, attacking and regrouping states, and in the territory table and continents
views."""

from __future__ import annotations

import re

import attrs
import pytest
from rich.text import Text
from textual.widgets import Footer

from engine.ataque import rules
from engine.ataque.data import CONTINENTS, TERRITORIES, colour_letter, objective_text
from engine.ataque.rules import ATAQUE
from engine.ataque.state import ATTACK, PLACE, REGROUP
from engine.i18n import _
from saves.record import SeatInfo
from saves.session import Session
from tests.engine.ataque.helpers import CONT, rigged
from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, assert_on_screen, fits, fits_each, screen_lines, speak
from tui.screens.ataque import AtaqueScreen, folded
from tui.screens.registry import screen_for
from tui.textual_i18n import key_display
from tui.widgets.world_map import ABBREVIATIONS, WorldMap

ARMY = re.compile(r"[A-Z] {0,2}\d{1,3}\b")  # the owner letters are translated
NAMES = ("Anastasia Featherstone", "Bartholomew", "Strong", "Teg", "Easy", "Cornelius")
LONGEST = 9  # "Conquer Europa, América del Sur and one more continent."
SUR = set(CONTINENTS[CONT["América del Sur"]].territories)


def seats(players: int) -> tuple[SeatInfo, ...]:
    return (SeatInfo(kind="human", name=NAMES[0]),) + tuple(
        SeatInfo(kind="bot", name=NAMES[i], level="easy") for i in range(1, players)
    )


def position(players: int, phase: str):
    """Seat 0 (the human) holds América del Sur and a share of the rest; armies from 1 to
    three figures; four cards in hand; the longest objective."""
    owners = {name: i % players for i, name in enumerate(TERRITORIES)}
    for t in SUR:
        owners[TERRITORIES[t]] = 0
    owners["Argelia"] = 0
    owners["Sudán"] = 1
    armies = {name: 1 + (i * 7) % 23 for i, name in enumerate(TERRITORIES)}
    armies["Argelia"] = 120
    armies["Brasil"] = 14
    fields = {}
    if phase == PLACE:
        bonus = [0] * len(CONTINENTS)
        bonus[CONT["América del Sur"]] = 2
        fields = {"to_place": 7, "bonus_left": tuple(bonus)}
    return rigged(
        owners,
        players=players,
        armies=armies,
        phase=phase,
        objectives=(LONGEST,) * players,
        hands={0: (0, 11, 30, 42)},
        **fields,
    )


def start_at(state, players: int):
    def start(app):
        session = Session.new(ATAQUE, app.store, seats(players), {}, seed=1, players=players)
        session.record = attrs.evolve(session.record, state=state)
        return screen_for(session)

    return start


def typed(name: str) -> list[str]:
    """Keys that find a territory by its name typed without accents."""
    return ["slash", *("space" if c == " " else c for c in folded(name)), "enter"]


def footer_text(app) -> str:
    return screen_lines(app)[-1]


def assert_footer_shows_every_key(app, screen: AtaqueScreen) -> None:
    """Every game key that works now is in the footer, with its label; the shared keys as
    room allows, Keys (which lists them all) always."""
    footer = footer_text(app)
    assert f"k {_('Keys')}" in footer, footer
    for active in app.screen.active_bindings.values():
        binding = active.binding
        if not binding.show or not active.enabled or active.node is not screen:
            continue
        if binding.action in screen.SHARED_KEYS:
            continue
        display = app.get_key_display(binding)
        label = binding.description if binding.group is None else binding.group.description
        assert display in footer and label in footer, f"{display} {label!r} not in {footer!r}"


# The game keys a player needs in each state: as the footer shows the key, and its words (the
# shared keys, Menu among them, follow as room allows: k lists them all).
EXPECTED = {
    PLACE: (("⏎", "+1"), ("f", "+5"), ("a", "All"), ("/", "Find"), ("tc", "View")),
    ATTACK: (
        ("⏎", "Roll"),
        ("b", "Blitz"),
        ("123", "Dice"),
        ("[]", "Down to N"),
        ("e", "End attacks"),
        ("tc", "View"),
    ),
    REGROUP: (
        ("⏎", "Move"),
        ("a", "All"),
        ("+-", "Count"),
        ("e", "End turn"),
        ("/", "Find"),
        ("tc", "View"),
    ),
    "t": (("tab", "Filter"), ("mc", "View"), ("/", "Find")),
    "c": (("mt", "View"), ("/", "Find")),
}


def assert_expected_keys(app, state: str) -> None:
    footer = footer_text(app)
    for display, description in EXPECTED[state]:
        assert f"{key_display(display)} {_(description)}" in footer, footer


def assert_map_counts(app) -> None:
    """42 army counts (an owner's letter and a number) in the map's part of the screen, each
    where its territory's box shows it."""
    world = app.screen.query_one(WorldMap)
    lines = screen_lines(app)
    region = world.region
    shown = lines[region.y : min(region.bottom, app.size.height - 1)]
    counts = sum(len(ARMY.findall(line[region.x : region.right])) for line in shown)
    assert counts == len(TERRITORIES), "\n".join(shown)
    for name in TERRITORIES:
        x, y, text = world.army_spot(name)
        line = lines[region.y + y]
        shown = line[region.x + x : region.x + x + len(text)]
        assert shown == text and text.strip(), f"{name}: {text!r} shown as {shown!r}"


def assert_panel_whole(app, screen: AtaqueScreen) -> None:
    view = screen.view
    objective = f"{_('Objective:')} {objective_text(LONGEST)}"
    assert_on_screen(app, objective, screen.prompt_text(view))
    players = screen.players_text(view).plain
    assert_on_screen(app, players)
    for seat in range(len(view.players)):
        assert colour_letter(seat) in players
    selection = screen.selection_text(view).plain.split("\n")
    assert_on_screen(app, *selection)


@fits_each("players", (3, 6))
@pytest.mark.parametrize("phase", [PLACE, ATTACK, REGROUP])
async def test_the_map_and_its_panel_fit(make_app, size, language, players, phase):
    speak(language)
    app = make_app(start_at(position(players, phase), players))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AtaqueScreen)
        if phase in (ATTACK, REGROUP):
            await pilot.press(*typed("Brasil"), "enter", *typed("Argentina"))
            assert screen.source is not None
        else:
            await pilot.press(*typed("Brasil"))
        await pilot.pause()
        assert_map_counts(app)
        assert_panel_whole(app, screen)
        assert_footer_shows_every_key(app, screen)
        assert_expected_keys(app, phase)
        assert app.screen.query_one(Footer).region.y == size[1] - 1


@fits_each("players", (3, 6))
@pytest.mark.parametrize("view", ["t", "c"])
async def test_the_table_and_continents_fit(make_app, size, language, players, view):
    speak(language)
    app = make_app(start_at(position(players, ATTACK), players))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press(view)
        await pilot.pause()
        assert_panel_whole(app, screen)
        assert_footer_shows_every_key(app, screen)
        assert_expected_keys(app, view)
        if view == "c":
            for continent in CONTINENTS:
                assert_on_screen(app, continent.name)
        else:
            assert_on_screen(app, _("Territory"), _("Armies"))


async def test_names_use_the_room_at_120_columns(make_app):
    app = make_app(start_at(position(3, PLACE), 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        full = [n for n in TERRITORIES if len(n) <= 10]
        assert_on_screen(app, *full)  # "Madagascar", "Inglaterra", "Venezuela"… in full
        assert_on_screen(app, "M. Oriente", "N. Guinea", "Groenland.", "Vladivost.")


async def test_without_colour_the_map_is_whole(make_app, monkeypatch):
    """NO_COLOR's filter needs every piece of the map styled (a bare blank crashed it)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(start_at(position(3, ATTACK), 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press(*typed("Argelia"), "enter", *typed("Congo"))
        assert_map_counts(app)
        assert_on_screen(app, "◆W120", "»K  2")  # the source and a target, without colour


def neighbour_names(name: str) -> set[str]:
    """How a neighbour may be written whole: its name or one of its abbreviations."""
    return {name, *ABBREVIATIONS.get(name, ())}


def assert_whole_names(cell: str, enemies: list[str]) -> None:
    """``cell`` names the first enemies whole, in order, then "+N" for the rest."""
    named, more = re.fullmatch(r"(.*?)(?:\s*\+(\d+))?", cell).groups()
    items = [item.strip() for item in named.split(",")] if named.strip() else []
    assert len(items) + int(more or 0) == len(enemies), (cell, enemies)
    for item, enemy in zip(items, enemies, strict=False):
        assert item in neighbour_names(enemy), (cell, enemies)


@fits
async def test_the_table_names_every_enemy_neighbour_whole(make_app, size, language):
    """Each row's enemy neighbours are whole names (or "+N" more), never cut mid-word; the
    highlighted territory's are all named in full on the line under the table."""
    speak(language)
    app = make_app(start_at(position(3, ATTACK), 3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        enemies = {
            r.name: [TERRITORIES[n] for n in r.enemy_neighbours]
            for r in rules.territory_rows(screen.view)
        }
        lines = screen_lines(app)
        header = next(i for i, line in enumerate(lines) if _("Enemy neighbours") in line)
        x = lines[header].index(_("Enemy neighbours"))
        seen = 0
        for line in lines[header + 1 :]:
            name = line[:x].strip().split("  ")[0]
            if name not in enemies:
                break
            assert_whole_names(line[x : size[0] - 2].strip(), enemies[name])
            seen += 1
        assert seen >= 8, "\n".join(lines)

        most = max(enemies, key=lambda name: len(enemies[name]))
        await pilot.press("tab", *typed(most)[1:-1])
        await pilot.pause()
        lines = screen_lines(app)
        detail = next((line for line in lines if line.strip().startswith(f"{most}:")), "")
        for enemy in enemies[most]:
            assert any(form in detail for form in neighbour_names(enemy)), (
                enemy,
                "\n".join(lines),
            )


def shown_whole(line: str, said: list[str]) -> str | None:
    """The log line ``line`` shows in full, or cut with "…" at its end; None if neither."""
    line = line.strip()
    for whole in said:
        if line == whole or (line.endswith("…") and whole.startswith(line[:-1].rstrip())):
            return whole
    return None


@fits
async def test_the_log_under_the_map_shows_whole_lines(make_app, size, language):
    """Every line of the log under the map is one event's line, whole or cut with "…", the
    latest last: never the tail of a wrapped line."""
    speak(language)
    state = position(3, ATTACK)
    state = attrs.evolve(state, log=ATAQUE.new({}, 7, 3).log[:2])  # the dealer: a long line
    app = make_app(start_at(state, 3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        said = [
            Text.from_markup(line, emoji=False).plain
            for e in view.log
            if (line := screen.describe(e, view)) is not None
        ]
        log = screen.query_one("#log")
        if size == TIGHT:
            assert max(map(len, said)) > log.scrollable_content_region.width, (
                said
            )  # too long for a row
        room = log.scrollable_content_region
        lines = screen_lines(app)[room.y : room.bottom]
        shown = [line[room.x : room.right] for line in lines if line[room.x : room.right].strip()]
        assert shown, "\n".join(screen_lines(app))
        for line in shown:
            assert shown_whole(line, said), (line, said)
        assert shown_whole(shown[-1], said) == said[-1], (shown, said)
