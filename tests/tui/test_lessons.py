"""The first lessons: the driver without a screen; each lesson played to its end by the keys
its text names, at 80×24 in every language, its text whole at every step; "Learn" in the menu
and `batallas learn`; a lesson's game leaves no save (no Continue, nothing for Records)."""

from __future__ import annotations

import pytest

from engine.gallic.rules import GALLIC
from engine.gallic.state import DISCARD
from saves.record import SeatInfo
from saves.session import Session
from tests.tui import test_lessons_ataque as ataque_lesson
from tests.tui import test_lessons_metauro as metauro_lesson
from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, screen_text
from tests.tui.lessons import walk
from tui.cli import _lesson_starter, main
from tui.lessons import LESSONS
from tui.lessons.driver import LessonDriver
from tui.lessons.lesson import Lesson, Step
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for
from tui.screens.setup import GamePicker, SetupScreen

# The keys a learner presses at each step, following its text.
SCRIPTS = {
    "gallic": [
        ["enter"],
        ["enter"],
        ["enter"],
        ["1", "4", "5", "8", "enter"],  # the two Penalties and the two idle Tactics
        ["enter"],  # the next battle
        ["5", "6", "enter"],  # the third Strategy and the third Morale
        ["enter"],  # a real game
    ],
    "alamo": [
        ["enter"],
        ["t"],  # pay the Texans' gun with the top card of the deck
        ["enter"],
        ["1", "2", "3", "4", "5", "enter"],  # Castrillón, his Toluca, two troops, a Brecha
        [],  # the Texans defend and pay
        ["1", "2", "3", "enter"],  # keep 20 + 10 + 20 of the 50 won by
        ["enter"],
    ],
    "mates": [
        ["enter"],
        ["enter"],
        ["right", "right", "down", "enter"],  # the black queen on g3
        ["enter"],
        ["b"],  # Black 2720
        ["enter"],
    ],
    "ataque": ataque_lesson.SCRIPT,
    "metauro": metauro_lesson.SCRIPT,
}


# --- the driver ---------------------------------------------------------------------------
def toy(last_until=None) -> Lesson:
    """Read, then do (the view's count reaches 2), then the last step."""
    return Lesson(
        game_id="gallic",
        title="toy",
        config={},
        seed=1,
        players=2,
        seat=0,
        bot="easy",
        steps=(
            Step("Read me."),
            Step("Count to {n}.", until=lambda view, seat: view >= 2, fill=lambda v, s: {"n": "2"}),
            Step("The end.", until=last_until),
        ),
    )


def test_a_read_step_goes_on_by_enter_only():
    lesson = LessonDriver(toy())
    assert lesson.waits_for_enter and not lesson.changed(5)  # a move does not read for you
    assert lesson.go_on() and lesson.index == 1 and not lesson.praised


def test_a_step_to_do_goes_on_when_its_until_holds_after_a_move():
    lesson = LessonDriver(toy())
    lesson.go_on()
    assert lesson.text(0) == "Count to 2."
    assert not lesson.go_on() and lesson.index == 1  # Enter does not skip it
    assert not lesson.changed(1) and lesson.index == 1
    assert lesson.changed(2) and lesson.index == 2 and lesson.praised


def test_the_lesson_is_over_at_its_last_step():
    lesson = LessonDriver(toy())
    lesson.go_on()
    assert not lesson.over
    lesson.changed(2)
    assert lesson.over and not lesson.waits_for_enter and not lesson.go_on()


def test_a_last_step_to_do_ends_the_lesson_when_done():
    lesson = LessonDriver(toy(last_until=lambda view, seat: view >= 3))
    lesson.go_on()
    lesson.changed(2)
    assert not lesson.over
    assert lesson.changed(3) and lesson.over and lesson.index == 2


# --- playing the lessons ------------------------------------------------------------------
def learning(game_id: str):
    def start(app):
        app.open_lesson(game_id)

    return start


@pytest.mark.parametrize("game_id", sorted(SCRIPTS))
async def test_a_lesson_is_played_to_its_end_by_keys_then_a_real_game_is_set_up(
    make_app, store, game_id
):
    """At 80×24; every step's text is whole in every language (``walk``)."""
    app = make_app(learning(game_id))
    async with app.run_test(size=TIGHT) as pilot:
        await walk(pilot, app, SCRIPTS[game_id])
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game.id == game_id, screen_text(app)
    assert store.list() == []  # nothing saved: no Continue, nothing for Records


def test_every_lesson_has_a_script():
    assert set(LESSONS) <= set(SCRIPTS)


async def test_gallic_lesson_teaches_on_a_hand_with_both_penalties(make_app):
    app = make_app(learning("gallic"))
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.press("enter", "enter")
        await settle(pilot, app)
        view = app.screen.lesson_view()
        assert view.phase == DISCARD and app.screen.lesson.index == 2
        assert "Territorio Ostile -2 and Politica Romana -1" in app.screen.lesson.text(view)


async def test_after_a_lesson_a_real_game_s_enter_is_the_game_s_again(make_app, store):
    """The lesson's Enter, and a spectator's "not while watching" keys, belong to their own
    screen only: a real game opened after both keeps its hand on Enter and a battle is
    fought (they once went into the keys every later screen of the game shared)."""
    app = make_app(learning("gallic"))
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        seats = (SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "easy"))
        spectator = screen_for(Session.new(GALLIC, store, seats, {}, seed=7, title="Gergovia"))
        spectator.refuse_acting_keys()  # what a spectator's screen does on mounting
        game = screen_for(Session.new(GALLIC, store, seats, {}, seed=7, title="Alesia"))
        await app.push_screen(game)
        await settle(pilot, app)
        assert game.view.phase == DISCARD and not game.view.battles
        await pilot.press("enter")  # keep the hand
        await settle(pilot, app)
        assert game.view.battles, screen_text(app)


# --- from the menu and the command line ---------------------------------------------------
async def test_learn_in_the_menu_opens_a_lesson_and_leaves_no_save(make_app, store):
    app = make_app()
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, GamePicker), screen_text(app)
        assert "What counts in a hand" in screen_text(app)
        await pilot.press("enter")  # the first: La Guerra Gallica
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.lesson is not None
        await pilot.press("enter", "enter", "enter", "1", "4", "5", "8", "enter")
        await settle(pilot, app)
        assert len(screen.session.record.actions) >= 2  # moves were made
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "Continue" not in screen_text(app)
    assert store.list() == [] and store.most_recent() is None


async def test_batallas_learn_starts_the_lesson(make_app):
    app = make_app(_lesson_starter("gallic"))
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen) and app.screen.lesson is not None
        assert "Step 1 of" in screen_text(app)


def test_batallas_learn_an_unknown_game_says_so_in_one_sentence(tmp_path, capsys):
    assert main(["--saves-dir", str(tmp_path), "learn", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("No lesson for 'chess'; lessons: gallic") and err.count("\n") == 1


async def test_a_lesson_speaks_the_language_chosen_in_the_middle_of_it(make_app):
    app = make_app(learning("gallic"))
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        await app.set_language("es")
        await pilot.pause()
        assert "Diriges Roma" in screen_text(app) and "Paso 1 de" in screen_text(app)


async def test_a_lesson_cannot_be_saved_as_a_game(make_app, store):
    app = make_app(learning("gallic"))
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        assert "Save as" not in screen_text(app)  # not in the footer
        app.screen.action_save_as()  # the palette's command
        await pilot.pause()
        await pilot.press(*"mine", "enter")
        await pilot.pause()
        said = [note.message for note in app._notifications]
        assert any("A lesson is not saved" in note for note in said), said
    assert store.list() == []


async def test_learn_is_in_the_command_palette(make_app):
    app = make_app()
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"learn")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GamePicker), screen_text(app)
