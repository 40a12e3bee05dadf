"""What the player is told when saving goes wrong: a full disk, another session on the same
game, an unexpected error. The moves are never dropped and the game is never said saved when
it is not."""

from __future__ import annotations

import os

import pytest
from textual import events

from engine.gallic.rules import GALLIC
from saves.record import SeatInfo
from saves.session import Session
from saves.store import SaveConflict, SaveStore
from tests.tui.conftest import settle
from tests.tui.fit import fits, screen_lines, speak
from tui.screens import dialogs
from tui.screens import game as game_screen
from tui.screens.campaigns import CampaignsScreen
from tui.screens.dialogs import ConfirmDialog, ConflictDialog, say
from tui.screens.game import GameScreen, ResultScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for

VS_BOT = (SeatInfo(kind="human", name="Ana"), SeatInfo(kind="bot", name="Easy bot", level="easy"))


def _disk_full(fd):
    raise OSError(28, "No space left on device")


def starter(title="Trust", seed=11):
    def start(app):
        return screen_for(Session.new(GALLIC, app.store, VS_BOT, {}, seed=seed, title=title))

    return start


def messages(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def wait_for_conflict(pilot, app) -> None:
    """Until the dialog is shown (a key made before that is no answer)."""
    for _ in range(200):
        if isinstance(app.screen, ConflictDialog):
            await pilot.pause()
            return
        await pilot.pause(0.05)
    raise AssertionError(f"no conflict dialog: {app.screen_stack}")


async def play_one(pilot, app) -> None:
    """Keep the hand (one human action), then let the bot answer."""
    await pilot.press("enter")
    await settle(pilot, app)


async def test_escape_after_a_failed_autosave_does_not_claim_saved(make_app, store, monkeypatch):
    app = make_app(starter())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        monkeypatch.setattr(os, "fsync", _disk_full)
        await play_one(pilot, app)
        session = app.screen.session
        assert session.unsaved
        assert any("No space left on device" in m for m in messages(app))
        app._notifications.clear()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert not any("Saved as" in m for m in messages(app))
        await pilot.press("n")  # stay: the moves are still here
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.session is session
        monkeypatch.undo()
        moves = len(session.record.actions)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("Saved as" in m for m in messages(app))
    assert len(store.load(session.name).actions) == moves


async def test_a_disk_that_fills_again_after_a_save_is_said_again(make_app, store, monkeypatch):
    """Full, freed (the moves are saved), full again: the player hears of it both times, or
    the second time he would go on believing every move is on disk."""
    app = make_app(starter())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        for _ in range(2):
            app._notifications.clear()
            monkeypatch.setattr(os, "fsync", _disk_full)
            await play_one(pilot, app)
            assert any("No space left on device" in m for m in messages(app)), messages(app)
            monkeypatch.undo()
            await play_one(pilot, app)
            assert not app.screen.session.unsaved


async def test_quit_with_unsaved_moves_asks_instead_of_crashing(make_app, store, monkeypatch):
    app = make_app(starter())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        monkeypatch.setattr(os, "fsync", _disk_full)
        await play_one(pilot, app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "could not be saved" in say(app.screen.question)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_new_game_on_a_full_disk_starts_and_says_so(make_app, store, monkeypatch):
    monkeypatch.setattr(os, "fsync", _disk_full)
    app = make_app(starter(title="Full"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        said = [m for m in messages(app) if "could not save" in m.lower()]
        assert said and all(m.lower().count("could not save") == 1 for m in said), said
        assert said[0].startswith("Could not save 'Full': ")
        monkeypatch.undo()
        await play_one(pilot, app)
        assert not app.screen.session.unsaved
    assert len(store.load("Full").actions) >= 2


async def test_opening_a_game_open_elsewhere_offers_to_take_it_over(make_app, store):
    other = Session.new(GALLIC, store, VS_BOT, {}, seed=3, title="Shared")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.resume("Shared")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "open in another session" in say(app.screen.question)
        await pilot.press("y")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        await play_one(pilot, app)
        mine = app.screen.session.record
    # The other session is refused at its next write and nothing of ours is overwritten.
    with pytest.raises(Exception, match="continued in another session"):
        hand = other.state.sides[0].hand
        from engine.gallic.actions import Discard

        other.apply(0, Discard(tuple(sorted(hand[:1]))))
    assert store.load("Shared") == mine


async def test_a_game_continued_elsewhere_stops_here_and_keeps_a_copy(make_app, store, monkeypatch):
    monkeypatch.setattr(game_screen, "SAVE_POLL", 0.05)
    app = make_app(starter(title="Race"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await play_one(pilot, app)
        ours = app.screen.session
        newer = Session.load(SaveStore(store.root), "Race", takeover=True)
        await wait_for_conflict(pilot, app)
        assert "continued in another session" in app.screen.reason
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert ours.name != "Race"
        copy = ours.name
        await play_one(pilot, app)
    assert store.load("Race") == newer.record
    assert store.load(copy).actions[: len(newer.record.actions)] == newer.record.actions


async def test_load_the_newer_game_after_a_conflict(make_app, store, monkeypatch):
    monkeypatch.setattr(game_screen, "SAVE_POLL", 0.05)
    app = make_app(starter(title="Newer"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        newer = Session.load(SaveStore(store.root), "Newer", takeover=True)
        from engine.gallic.actions import Discard

        newer.apply(0, Discard(()))
        await wait_for_conflict(pilot, app)
        newer.close()
        await pilot.press("l")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.record.actions[:1] == newer.record.actions[:1]


async def test_deleting_a_save_that_cannot_be_deleted_says_why(make_app, store, monkeypatch):
    Session.new(GALLIC, store, VS_BOT, {}, seed=3, title="Keep")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)

        def refuse(path):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(type(store.path("Keep")), "unlink", refuse)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        monkeypatch.undo()
        assert isinstance(app.screen, CampaignsScreen)
        assert any("Not deleted" in m and "Permission denied" in m for m in messages(app))
    assert store.load("Keep")


class Boom(Exception):
    pass


@pytest.mark.parametrize("hosted", [False, True])
async def test_an_unexpected_error_shows_no_traceback_and_is_logged(
    make_app, store, tmp_path, monkeypatch, hosted
):
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path / "home"))
    app = make_app(starter(title="Crash"), hosted=hosted)

    def explode(self) -> None:
        raise Boom("secret /srv/path")

    monkeypatch.setattr(GameScreen, "action_skip_bots", explode)
    printed = []
    monkeypatch.setattr(
        type(app), "_print_error_renderables", lambda self: printed.extend(self._exit_renderables)
    )
    with pytest.raises(Boom):
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("full_stop")
            await pilot.pause()
    shown = " ".join(str(r) for r in printed)
    assert "unexpected error" in shown and "saved" in shown
    assert "Traceback" not in shown and "secret" not in shown
    if hosted:
        assert str(tmp_path) not in shown  # no server path reaches a remote player
    log = (tmp_path / "home" / "logs" / "errors.log").read_text()
    assert "Traceback" in log and "secret /srv/path" in log


async def reconnected_elsewhere(pilot, app, store) -> Session:
    """A game on screen, then a reconnection takes it over in another session."""
    await settle(pilot, app)
    return Session.load(SaveStore(store.root), app.screen.session.name, takeover=True)


async def test_an_enter_pressed_as_the_conflict_appears_does_not_answer_it(
    make_app, store, monkeypatch
):
    """The player keeps the hand (Enter): the move meets the conflict, and the next Enter,
    pressed at once, does not load the newer game unread, nor does a click that soon; once the
    moment has passed, Enter loads it, and the screen says the move was not made."""
    monkeypatch.setattr(dialogs, "ANSWER_DELAY", 60.0)  # "at once", however slow the machine
    app = make_app(starter(title="Reconnected"))
    async with app.run_test(size=(120, 40)) as pilot:
        newer = await reconnected_elsewhere(pilot, app, store)
        ours = app.screen.session
        await pilot.press("enter")
        await pilot.press("enter")
        assert isinstance(app.screen, ConflictDialog)
        assert "not saved" in str(app.screen.query_one("#unsaved").render())
        await pilot.click("#load")
        await pilot.pause(app.screen.query_one("#load").active_effect_duration)
        assert isinstance(app.screen, ConflictDialog)
        monkeypatch.setattr(dialogs, "ANSWER_DELAY", 0.0)  # the moment has passed
        await pilot.press("enter")  # Load the newer game, read at last
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen) and app.screen.session is not ours
        assert app.screen.session.record.actions == newer.record.actions
        assert any("move played here was not made" in m for m in messages(app))


async def test_keys_queued_behind_the_move_do_not_answer_the_conflict(make_app, store, monkeypatch):
    """Two Enters sent together: the first plays and meets the conflict; the second, queued
    behind it on the board, reaches the dialog's buttons only after it appeared, and is not
    an answer either."""
    monkeypatch.setattr(dialogs, "ANSWER_DELAY", 60.0)
    app = make_app(starter(title="Queued"))
    async with app.run_test(size=(120, 40)) as pilot:
        await reconnected_elsewhere(pilot, app, store)
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("enter", "\r"))
        for _ in range(20):
            await pilot.pause(0.02)
        assert isinstance(app.screen, ConflictDialog)
        monkeypatch.setattr(dialogs, "ANSWER_DELAY", 0.0)
        await pilot.press("k")  # now an answer
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.session.name != "Queued"


async def test_a_key_made_before_the_dialog_showed_is_no_answer(make_app, store):
    """However late it is read (a busy machine), a key pressed before the question was on
    screen does not answer it, even with no pause at all."""
    app = make_app(starter(title="Early"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        early = events.Key("y", "y")
        dialog = ConfirmDialog("Leave?")
        answers = []
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        app.post_message(early)
        await pilot.pause()
        assert app.screen is dialog and not answers
        await pilot.press("y")
        assert answers == [True]


@fits
async def test_the_conflict_dialog_says_everything_at_80x24(make_app, store, size, language):
    """The reason, the moves left out, the two choices: whole, in every language."""
    speak(language)
    ours = Session.new(GALLIC, store, VS_BOT, {}, seed=3, title="Fit")
    Session.load(SaveStore(store.root), "Fit", takeover=True)
    with pytest.raises(SaveConflict):
        ours.apply(0, GALLIC.legal_actions(ours.state, 0)[0])
    conflict = ours.conflict
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(ConflictDialog(conflict.reason, unsaved=ours.moves_not_saved))
        await pilot.pause()
        box = app.screen.query_one(".dialog").region
        lines = screen_lines(app)[box.y : box.bottom]
        shown = " ".join(line[box.x : box.right].strip(" █▀▄▔▁") for line in lines)
        for widget in app.screen.query("Static, Button"):
            text = " ".join(str(widget.render()).split())
            assert text in " ".join(shown.split()), "\n".join(lines)


async def test_the_result_takes_no_answer_at_once_even_with_bots_at_full_speed(
    make_app, monkeypatch
):
    """The Enter meant for the last move must not start a new game: the result waits its
    moment too, whatever the bots' speed (it used to follow it, and not wait at speed 0)."""
    monkeypatch.setattr(dialogs, "ANSWER_DELAY", 60.0)
    app = make_app(starter(title="Over"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert app.bot_delay == 0
        answers = []
        app.push_screen(ResultScreen("Ana wins", "By a hair."), answers.append)
        await pilot.pause()
        await pilot.press("enter", "n", "m")
        assert isinstance(app.screen, ResultScreen) and not answers
        monkeypatch.setattr(dialogs, "ANSWER_DELAY", 0.0)
        await pilot.press("m")
        assert answers == ["menu"]
