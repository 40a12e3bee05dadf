"""Ataque with the keyboard: a three-player game, one human and two bots, to the end."""

from __future__ import annotations

import attrs
import pytest
from textual import events
from textual.widgets import DataTable, OptionList

from engine.ataque.actions import Place
from engine.ataque.data import BORDERS, CARD_FIGURE, CONTINENTS, NEIGHBOURS, TERRITORIES, sets_in
from engine.ataque.rules import ATAQUE
from engine.ataque.state import (
    ATTACK,
    EXCHANGE,
    MOVE_IN,
    PLACE,
    REGROUP,
    Battle,
    Conquest,
    MovedIn,
    NothingDrawn,
)
from saves.record import SeatInfo
from saves.session import Session
from tests.engine.ataque.helpers import CONT, rigged, t
from tests.tui.conftest import settle
from tests.tui.fit import assert_on_screen, screen_lines
from tui.screens.ataque import NEIGHBOUR_NAMES, AtaqueScreen, ChoiceDialog, folded, matches
from tui.screens.game import ResultScreen
from tui.screens.registry import screen_for
from tui.widgets.world_map import Layout, WorldMap, short

SEATS = (
    SeatInfo(kind="human", name="Ana"),
    SeatInfo(kind="bot", name="Teg", level="teg"),
    SeatInfo(kind="bot", name="Strong", level="strong"),
)


def starter(seed):
    def start(app):
        return screen_for(Session.new(ATAQUE, app.store, SEATS, {}, seed=seed, players=3))

    return start


def find(name: str) -> list[str]:
    """Select a territory by typing its name without accents, as a player would."""
    return ["slash", *("space" if c == " " else c for c in folded(name)), "enter"]


def human_keys(screen: AtaqueScreen) -> list[str]:
    view = screen.view
    me = screen.me
    mine = [t for t in range(len(TERRITORIES)) if view.owner[t] == me]
    if view.phase == EXCHANGE or sets_in(view.players[me].hand) and view.phase == PLACE:
        return ["x"]
    if view.phase == PLACE:
        border = max(
            mine, key=lambda t: (any(view.owner[n] != me for n in NEIGHBOURS[t]), view.armies[t])
        )
        return [*find(TERRITORIES[border]), "a"]
    if view.phase == MOVE_IN:
        return ["a"]
    if view.phase == ATTACK:
        for t in sorted(mine, key=lambda t: -view.armies[t]):
            weak = [
                n
                for n in NEIGHBOURS[t]
                if view.owner[n] != me and view.armies[n] * 2 < view.armies[t]
            ]
            if view.armies[t] >= 4 and weak:
                return [*find(TERRITORIES[t]), "enter", *find(TERRITORIES[weak[0]]), "b"]
        return ["e"]
    if view.phase == REGROUP:
        return ["e"]
    raise AssertionError(view.phase)


async def test_a_three_player_game_with_keys_only(make_app):
    app = make_app(starter(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AtaqueScreen)
        for _ in range(3000):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
            if screen.my_turn:
                before = len(screen.session.record.actions)
                await pilot.press(*human_keys(screen))
                await pilot.pause()
                if len(screen.session.record.actions) == before and screen.view.phase == ATTACK:
                    await pilot.press("e")  # nothing came of it: end the attacks
        else:
            raise AssertionError("the game did not end")
        state = screen.session.state
        assert ATAQUE.outcome(state) is not None
        assert any(type(e).__name__ == "Placed" and e.seat == 0 for e in state.log)


def rigged_start(state):
    def start(app):
        session = Session.new(ATAQUE, app.store, SEATS, {}, seed=1, players=3)
        session.record = attrs.evolve(session.record, state=state)
        return screen_for(session)

    return start


async def test_choosing_dice_and_attacking_until_down_to_n(make_app):
    state = rigged(
        {"Argelia": 0, "Brasil": 1, "Egipto": 0},
        armies={"Argelia": 9, "Brasil": 7},
        default_owner=2,
    )
    app = make_app(rigged_start(state))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press(*find("Argelia"), "enter", *find("Brasil"))
        assert "3 dice" in str(screen.query_one("#selection").render())
        await pilot.press("1", "enter")
        battles = [e for e in screen.session.state.log if isinstance(e, Battle)]
        assert [len(b.attack) for b in battles] == [1]
        assert "1 die" in str(screen.query_one("#selection").render())
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        assert screen.stop_at == 4
        assert "down to 4" in str(screen.query_one("#selection").render())
        await pilot.press("b")
        await pilot.pause()
        after = screen.session.state
        battles = [e for e in after.log if isinstance(e, Battle)]
        assert len(battles) > 1 and all(len(b.attack) == 1 for b in battles)
        taken = after.owner[t("Brasil")] == 0
        assert taken or after.armies[t("Argelia")] == 4  # it stopped at N, not at 1


def test_a_win_chance_never_rounds_to_certainty():
    from tui.screens.ataque import percent

    assert percent(0.998) == ">99%" and percent(1.0) == "100%"
    assert percent(0.001) == "<1%" and percent(0.0) == "0%"
    assert percent(0.734) == "73%"


# --- the map -----------------------------------------------------------------------------------


def app_at(make_app, state, seats=SEATS):
    """An app that opens on ``state`` (the caller runs it at the size it wants)."""

    def start(app):
        session = Session.new(ATAQUE, app.store, seats, {}, seed=1, players=len(seats))
        session.record = attrs.evolve(session.record, state=state)
        return screen_for(session)

    return make_app(start)


def shown(app) -> str:
    return "\n".join(screen_lines(app))


async def test_borders_are_drawn_and_the_sea_lines_labelled(make_app):
    state = rigged({"Alaska": 0}, armies={"Alaska": 3}, phase=PLACE)
    app = app_at(make_app, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = shown(app)
        assert "Groenl.─Island." in text  # Groenlandia borders Islandia
        assert "Island. Suecia" in text  # Islandia and Suecia do not
        assert "≈Alaska" in text and "≈China─Omsk" in text and "≈Omsk─China" in text
        assert "Brasil ───────╯" in text  # the Atlantic line, up to Argelia
    app = app_at(make_app, state)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        text = shown(app)
        assert "│Inglaterra├┤Alemania" in text and "Labrador  ││Inglaterra" in text
        assert "├────────────┤Japón" in text  # China – Japón, past the empty place


@pytest.mark.parametrize("cell", [(8, 2), (12, 4)])
def test_every_border_is_drawn(cell):
    """Each of the 79 borders has a joint, a line or a labelled stub on the map, at 80 and at
    120 columns; and nothing joins two territories that do not border each other."""
    layout = Layout(*cell, NEIGHBOUR_NAMES)
    drawn = {tag[1] for row in layout.tags for tag in row if tag and tag[0] in ("link", "label")}
    borders = {frozenset((TERRITORIES[a], TERRITORIES[b])) for a, b in map(tuple, BORDERS)}
    assert len(borders) == 79
    assert borders <= drawn | {pair for ends in drawn for pair in pairs(ends)}
    for ends in drawn:
        assert all(pair in borders for pair in pairs(ends) if len(ends) == 2)


def pairs(ends: frozenset[str]) -> set[frozenset[str]]:
    """A line shared by two borders (China–Japón and China–Vladivostok) joins three names."""
    return {frozenset((a, b)) for a in ends for b in ends if a < b}


def underlined(world, name: str) -> bool:
    """Whether a territory's name is drawn underlined: lit as a neighbour of the cursor. At
    80×24 a name starts one column left of its army count, on the line above."""
    x, y, _ = world.army_spot(name)
    at = 0
    for segment in world.render_line(y - 1):
        if at == x - 1:
            assert segment.text.startswith(short(name, 7)), segment.text
            return bool(segment.style and segment.style.underline)
        at += len(segment.text)
    raise AssertionError(f"{name} not found on its line")


async def test_the_cursor_lights_its_neighbours(make_app):
    app = app_at(make_app, rigged({"Alaska": 0}, phase=PLACE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        world = app.screen.query_one(WorldMap)
        await pilot.press(*find("Alaska"))
        assert underlined(world, "Vladivostok") and underlined(world, "Mackenzie")
        assert not underlined(world, "Ottawa")
        await pilot.press(*find("Ottawa"))
        assert world.cursor == "Ottawa"
        assert not underlined(world, "Vladivostok") and underlined(world, "Mackenzie")


async def test_a_click_looks_and_enter_acts(make_app):
    state = rigged({"Alaska": 0, "Brasil": 0}, phase=PLACE, to_place=3)
    app = app_at(make_app, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        world = screen.query_one(WorldMap)
        x, y, _ = world.army_spot("Brasil")
        await pilot.click(WorldMap, offset=(x, y))
        await pilot.pause()
        assert world.cursor == "Brasil"
        assert screen.session.state.armies[t("Brasil")] == 1  # nothing placed by looking
        assert "Brasil" in str(screen.query_one("#selection").render())
        await pilot.press("enter")
        assert screen.session.state.armies[t("Brasil")] == 2
        x, y, _ = world.army_spot("Alaska")
        await pilot.double_click(WorldMap, offset=(x, y))  # a double click acts, like Enter
        await pilot.pause()
        assert world.cursor == "Alaska" and screen.session.state.armies[t("Alaska")] == 2


# --- placing -----------------------------------------------------------------------------------


def bonus_state(to_place: int, bonus: int):
    left = [0] * len(CONTINENTS)
    left[CONT["América del Sur"]] = bonus
    owners = {name: 0 for name in ("Argentina", "Brasil", "Perú", "Venezuela", "Alaska")}
    return rigged(owners, phase=PLACE, to_place=to_place, bonus_left=tuple(left))


async def test_the_prompt_says_where_a_continent_bonus_must_go(make_app):
    app = app_at(make_app, bonus_state(3, 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        prompt = screen.prompt_text(screen.view)
        assert prompt.startswith("Place 5 armies; 2 of them must go into América del Sur")
        assert_on_screen(app, prompt)
        await pilot.press(*find("Alaska"), "a")  # the general pool goes anywhere
        prompt = screen.prompt_text(screen.view)
        assert prompt.startswith("Place 2 armies, all inside América del Sur")
        assert_on_screen(app, prompt)


async def test_one_army_is_one_army(make_app):
    app = app_at(make_app, bonus_state(1, 0))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.prompt_text(screen.view).startswith("Place 1 army:")
        await pilot.press(*find("Perú"))
        assert "· 1 army" in str(screen.query_one("#selection").render())
        assert "1 armies" not in shown(app)


# --- attacking ---------------------------------------------------------------------------------


async def test_dice_and_n_are_shown_in_place_without_messages(make_app):
    state = rigged({"Argelia": 0, "Brasil": 1}, armies={"Argelia": 9, "Brasil": 3})
    app = app_at(make_app, state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press(*find("Argelia"), "enter", *find("Brasil"))
        await pilot.press("right_square_bracket", "right_square_bracket", "2")
        await pilot.pause()
        assert not app._notifications
        selection = str(screen.query_one("#selection").render())
        assert "2 dice · down to 3" in selection and "win chance" in selection
        assert_on_screen(app, selection)


# --- moving in and regrouping ------------------------------------------------------------------


async def test_move_in_offers_every_number(make_app):
    state = rigged(
        {"Argelia": 0, "Brasil": 0},
        armies={"Argelia": 6},
        phase=MOVE_IN,
        conquest_most=3,
        pending=Conquest(t("Argelia"), t("Brasil"), 2),
    )
    app = app_at(make_app, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert "Move in 2 more (0–2)" in screen.prompt_text(screen.view)
        assert "+- Count" in screen_lines(app)[-1]
        await pilot.press("minus")
        assert "Move in 1 more (0–2)" in screen.prompt_text(screen.view)
        await pilot.press("enter")
        moved = [e for e in screen.session.state.log if isinstance(e, MovedIn)]
        assert [e.count for e in moved] == [1]
        assert screen.session.state.armies[t("Brasil")] == 2


async def test_regroup_shows_its_source_and_moves_the_number_typed(make_app):
    owners = {"Argentina": 0, "Brasil": 0, "Perú": 0}
    state = rigged(owners, armies={"Brasil": 12}, phase=REGROUP)
    app = app_at(make_app, state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        screen = app.screen
        world = screen.query_one(WorldMap)
        await pilot.press(*find("Brasil"), "enter")
        assert world.army_spot("Brasil")[2].strip().startswith("◆")  # the source, marked
        await pilot.press(*find("Perú"))
        assert "← from Brasil" in str(screen.query_one("#selection").render())
        await pilot.press("1", "0")
        assert "moves 10 armies" in screen.prompt_text(screen.view)
        await pilot.press("enter")
        assert screen.session.state.armies[t("Perú")] == 11
        assert screen.source == t("Brasil")  # still the source, for the next move
        await pilot.press(*find("Brasil"), "enter")  # picked again: dropped
        assert screen.source is None
        assert any("no longer selected" in n.message for n in app._notifications)


# --- cards -------------------------------------------------------------------------------------


async def test_the_player_chooses_which_set_to_exchange(make_app):
    triangles = [c for c in range(42) if CARD_FIGURE[c] == "triángulo"][:3]
    wildcard = 42
    hand = (*triangles, wildcard)
    state = rigged({"Alaska": 0}, phase=EXCHANGE, hands={0: hand})
    app = app_at(make_app, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert len(sets_in(hand)) > 1
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        options = dialog.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        plain = next(i for i, p in enumerate(prompts) if "Comodín" not in p)
        options.highlighted = plain
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.players[0].hand == (wildcard,)  # the wildcard is kept


# --- search, boxes and the table ---------------------------------------------------------------


def test_search_ignores_accents_and_prefers_whole_words():
    for typed, name in (
        ("sudan", "Sudán"),
        ("mexico", "México"),
        ("peru", "Perú"),
        ("japon", "Japón"),
        ("moscu", "Moscú"),
        ("sudafrica", "Sudáfrica"),
        ("SUDÁN", "Sudán"),
        ("york", "Nueva York"),
    ):
        assert matches(typed) == [name], typed
    assert set(matches("sud")) == {"Sudán", "Sudáfrica"}
    assert set(matches("nueva")) == {"Nueva York", "Nueva Guinea"}


async def test_an_ambiguous_search_offers_every_match(make_app):
    app = app_at(make_app, rigged({"Alaska": 0}, phase=PLACE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("slash", "s", "u", "d", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "2 territories match “sud”" in shown(app)
        options = dialog.query_one(OptionList)
        names = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        options.highlighted = names.index("Sudán")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one(WorldMap).cursor == "Sudán"


async def test_letters_typed_right_after_the_slash_go_into_the_search(make_app):
    """A burst of keys (over SSH, or typed fast) reaches the app before the box opens."""
    app = app_at(make_app, rigged({"Alaska": 0}, phase=PLACE, to_place=3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        screen = app.screen
        for key in ["slash", *"alaska", "enter"]:
            app.post_message(
                events.Key(key, "/" if key == "slash" else None if key == "enter" else key)
            )
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(WorldMap).cursor == "Alaska"
        assert screen.session.state.armies[t("Alaska")] == 1  # no letter acted on the map
        assert not app._notifications


async def test_escape_closes_the_search_box_and_leaves_the_filter_first(make_app):
    app = app_at(make_app, rigged({"Alaska": 0}, phase=PLACE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("slash", "b", "r")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.query_one("#search").display
        await pilot.press("t", "tab")
        assert screen.query_one("#filter").has_focus
        assert "tab" not in screen_lines(app)[-1] and "esc Close" in screen_lines(app)[-1]
        await pilot.press("b", "r", "escape")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#territories").has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen  # and now Escape is the menu


async def test_the_table_sorts_both_ways_and_keeps_its_order(make_app):
    owners = {"Alaska": 0, "Brasil": 0}
    state = rigged(owners, armies={"Alaska": 7, "Brasil": 3}, phase=PLACE, to_place=6)
    app = app_at(make_app, state)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        await pilot.press("t")
        table = screen.query_one("#territories", DataTable)
        x = sum(c.get_render_width(table) for c in list(table.columns.values())[:3]) + 1

        def armies_column() -> list[int]:
            return [table.get_row_at(i)[3] for i in range(table.row_count)]

        await pilot.click(DataTable, offset=(x, 0))
        assert armies_column() == sorted(armies_column())
        await pilot.click(DataTable, offset=(x, 0))
        assert armies_column() == sorted(armies_column(), reverse=True)
        screen.act(Place(t("Brasil"), 5))  # the position changes: the table is filled again
        await pilot.pause()
        assert armies_column() == sorted(armies_column(), reverse=True)
        assert armies_column()[0] == 8


# --- the log -----------------------------------------------------------------------------------


async def test_an_empty_draw_pile_is_told_and_names_stay_literal(make_app):
    seats = (SeatInfo(kind="human", name="[b]Ana[/b]"), *SEATS[1:])
    state = rigged({"Argelia": 0, "Brasil": 1}, phase=REGROUP, conquered=True, deck=())
    app = app_at(make_app, state, seats=seats)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("e")
        await settle(pilot, app)
        screen = next(s for s in app.screen_stack if isinstance(s, AtaqueScreen))
        log = "\n".join(screen.query_one("#log").shown)
        assert "White (\\[b]Ana\\[/b]) conquered but draws no card: the draw pile is empty." in log
        assert any(isinstance(e, NothingDrawn) for e in screen.session.state.log)


# --- against the expert ------------------------------------------------------------------------

EXPERTS = (
    SeatInfo(kind="human", name="Ana"),
    SeatInfo(kind="bot", name="Experta", level="expert"),
    SeatInfo(kind="bot", name="Experto", level="expert"),
)


async def test_a_human_plays_expert_bots_to_the_result_screen(make_app):
    """White places and ends his turn by keys; Black, whose objective is to destroy him, next
    door with 20 armies, takes his last territory at once and wins."""
    from tests.engine.ataque.test_rules import DESTROY_WHITE, OCCUPY_18, OCCUPY_24

    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Brasil": 20},
        objectives=(OCCUPY_24, DESTROY_WHITE, OCCUPY_18),
        phase=PLACE,
        to_place=3,
    )
    app = app_at(make_app, state, seats=EXPERTS)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AtaqueScreen) and screen.my_turn
        await pilot.press(*find("Argelia"), "a")
        assert screen.session.state.armies[t("Argelia")] == 4
        await pilot.press("e", "e")  # no attack; end the turn
        for _ in range(20):
            await settle(pilot, app)
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)
        final = screen.session.state
        assert ATAQUE.outcome(final).winners == (1,)
        assert not final.players[0].alive and final.players[0].eliminated_by == 1
