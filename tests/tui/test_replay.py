"""Replays: a saved game stepped through on its own screen, exactly as it was played.

Every game is a short seeded game of easy bots (seat 0 a human called Ana, whose moves a bot
makes here), saved like any game; the replay must show, at every step, the engine's own
``steps(...)[i]`` as Ana saw it, and everything only once the game is over.
"""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, steps
from engine.i18n import _
from engine.registry import get
from saves.record import SaveRecord, SeatInfo
from saves.replay import CHECKPOINT, ReplaySession
from saves.session import Session
from tests.tui.fit import assert_on_screen, footer, footer_drawn, screen_text, speak
from tui import cli
from tui.screens.campaigns import CampaignsScreen
from tui.screens.replay import replay_screen
from tui.textual_i18n import key_display
from tui.widgets.hand import HandView

# Small games: Gallic of 5 battles, Ataque of 8 rounds; the others as they come.
GAMES = {
    "gallic": (2, {"battles": 5}),
    "alamo": (2, {}),
    "mates": (2, {}),
    "ataque": (3, {"round_limit": 8}),
    "metauro": (2, {}),
}
SECRET = ("gallic", "alamo", "mates", "ataque")  # games with hidden information


def bot_game(store, game_id: str, seed: int = 1, stop: int | None = None) -> SaveRecord:
    """A saved game of easy bots, played to the end or stopped after ``stop`` moves."""
    players, config = GAMES[game_id]
    game = get(game_id)
    seats = [SeatInfo("human", "Ana")] + [SeatInfo("bot", "Bot", "easy")] * (players - 1)
    session = Session.new(game, store, seats, config, seed=seed, title=f"{game.name} {seed}")
    moves = 0
    while game.outcome(session.state) is None and (stop is None or moves < stop):
        seat = game.to_move(session.state)[0]
        view = game.view(session.state, seat)
        session.apply(seat, game.bots["easy"](view, seat, random.Random(f"{seed}:{moves}")))
        moves += 1
    session.close()
    return session.record


def all_steps(record: SaveRecord) -> list:
    game = get(record.game_id)
    return steps(game, record.config, record.seed, record.players, list(record.actions))


def chapter_runs(chapters: list[str]) -> list[int]:
    """The first step of every chapter."""
    return [i for i, c in enumerate(chapters) if i == 0 or chapters[i - 1] != c]


def expected_after(key: str, index: int, chapters: list[str]) -> int:
    """Where a key takes the replay from ``index``, worked out from the chapter runs."""
    last = len(chapters) - 1
    runs = chapter_runs(chapters)
    start = max(r for r in runs if r <= index)
    return {
        "right": min(last, index + 1),
        "left": max(0, index - 1),
        "pagedown": min([r for r in runs if r > index] or [last]),
        "pageup": start if start < index else max([r for r in runs if r < start] or [0]),
        "home": 0,
        "end": last,
    }[key]


# --- the session: exact at every step, in any order ------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_is_the_engines_state(store, game_id):
    record = bot_game(store, game_id)
    game = get(game_id)
    states = all_steps(record)
    replay = ReplaySession.load(store, record.name)
    assert replay.count == len(record.actions) == len(states) - 1
    assert replay.chapters == tuple(game.chapter(s) for s in states)
    assert replay.finished
    # Forwards, then backwards and by jumps (each replayed from its checkpoint).
    order = [*range(len(states)), *reversed(range(len(states))), 0, len(states) - 1, 1]
    for i in order:
        replay.go(i)
        assert replay.index == i
        assert replay.state == states[i]
        assert replay.view(0) == game.view(states[i], 0)
        assert replay.record.actions == record.actions[:i]
    assert game_id == "gallic" or len(states) > 2 * CHECKPOINT  # checkpoints were crossed
    with pytest.raises(IllegalAction, match="This is a replay."):
        replay.apply(0, None)


def test_an_unfinished_game_cannot_be_revealed(store):
    record = bot_game(store, "gallic", stop=5)
    replay = ReplaySession.load(store, record.name)
    assert not replay.finished
    with pytest.raises(IllegalAction, match="only once the game is over"):
        replay.reveal(True)
    assert replay.view(0) == get("gallic").view(replay.state, 0)


def test_a_save_from_older_rules_is_not_replayed(store):
    record = bot_game(store, "gallic", stop=3)
    import attrs

    older = attrs.evolve(record, rules_version=0)
    with pytest.raises(Exception, match="older rules"):
        ReplaySession(get("gallic"), older)


# --- the screen -------------------------------------------------------------------------------

KEYS = ("right", "right", "right", "left", "pagedown", "pagedown", "pageup", "pageup",
        "end", "pageup", "left", "pagedown", "home", "pagedown")  # fmt: skip


@pytest.mark.parametrize("game_id", GAMES)
async def test_stepping_shows_each_state_as_the_first_human_saw_it(store, make_app, game_id):
    record = bot_game(store, game_id)
    game = get(game_id)
    states = all_steps(record)
    chapters = [game.chapter(s) for s in states]
    label = game.seat_labels(record.players)[0]
    replay = ReplaySession.load(store, record.name)
    app = make_app(start=lambda app: replay_screen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        index = 0
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()
            index = expected_after(key, index, chapters)
            assert replay.index == index, key
            assert screen.session.state == states[index]
            assert screen.view == game.view(states[index], 0)
            count = len(states) - 1
            assert_on_screen(
                app, f"Replay · action {index}/{count} · {chapters[index]} · as {label} saw it"
            )
        # The replay's keys are in the footer, at 80 columns.
        assert_on_screen(app, "←→ Step", "PgUp/Dn Chapter", "Home/End Ends", "Rules", "Back")
        assert "Resume" not in screen_text(app)
        if game_id in SECRET:  # over: `v` shows everything, and again hides it
            assert_on_screen(app, "v Show all")
            await pilot.press("v")
            await pilot.pause()
            assert screen.view == states[index]
            assert_on_screen(app, "everything shown", "v Hide")
            await pilot.press("end", "v")
            await pilot.pause()
            assert screen.view == game.view(states[-1], 0)
            assert_on_screen(app, f"as {label} saw it")


async def test_an_unfinished_game_never_shows_the_other_hand(store, make_app):
    """Gallic, stopped in the third battle: at every step the Gauls' cards are face down
    except at a reveal, the view is Rome's own, and `v` only says why it cannot show more."""
    from engine.gallic.state import OVER, REVEAL

    record = bot_game(store, "gallic", stop=9)
    game = get("gallic")
    states = all_steps(record)
    replay = ReplaySession.load(store, record.name)
    app = make_app(start=lambda app: replay_screen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "Show all" not in screen_text(app)
        hidden_seen = 0
        for index in range(len(states)):
            if index:
                await pilot.press("right")
                await pilot.pause()
            assert screen.view == game.view(states[index], 0)
            faces = screen.query_one("#opp-hand", HandView).faces
            if states[index].phase not in (REVEAL, OVER):
                assert faces and all(f.face_down for f in faces)
                hidden_seen += 1
        assert hidden_seen > 3
        await pilot.press("pagedown", "v")
        await pilot.pause()
        assert screen.view == game.view(states[-1], 0)
        assert not replay.revealed
        assert any("not over" in str(n.message) for n in app._notifications)


async def test_game_keys_do_nothing_in_a_replay(store, make_app):
    """Keys that would play (mark a card, exchange) are not bound, and the save is not
    changed by the replay."""
    record = bot_game(store, "gallic", stop=2)
    before = (store.root / f"{record.name}.json").read_bytes()
    replay = ReplaySession.load(store, record.name)
    app = make_app(start=lambda app: replay_screen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("end", "1", "2", "enter", "x", "n")
        await pilot.pause()
        assert replay.index == 2 and screen.selected == set()
        assert screen.act(None) is False
        await pilot.pause()
        assert any("This is a replay" in str(n.message) for n in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
    assert (store.root / f"{record.name}.json").read_bytes() == before


async def test_campaigns_p_opens_the_replay(store, make_app):
    record = bot_game(store, "alamo", stop=20)
    app = make_app(start=lambda app: CampaignsScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await footer_drawn(pilot, app)
        assert_on_screen(app, "p Replay")
        await pilot.press("p")
        await pilot.pause()
        assert_on_screen(app, "Replay · action 0/20 · ")
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.session.state == record.state
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)


async def test_campaigns_p_on_a_broken_save_says_why(store, make_app):
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "mangled.json").write_text("not json at all")
    app = make_app(start=lambda app: CampaignsScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert any("cannot be replayed" in str(n.message) for n in app._notifications)


async def test_batallas_replay_opens_the_save(store, make_app):
    record = bot_game(store, "mates", stop=6)
    start = cli._replay_starter(store, record.name)
    app = make_app(start=start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_on_screen(app, "Replay · action 0/6 · ")


def test_batallas_replay_of_no_such_save_is_one_line(tmp_path, capsys):
    assert cli.main(["--saves-dir", str(tmp_path), "replay", "nope"]) == 2
    err = capsys.readouterr().err
    assert err == "Cannot replay nope: no save named 'nope'.\n"


async def test_everything_shown_turns_the_board_to_each_seat(store, make_app):
    """El Álamo, over, `v` then `s`: the Mexican hand at the bottom, face up; `v` again hides
    it and the board is the Texans' again."""
    record = bot_game(store, "alamo")
    states = all_steps(record)
    index = max(i for i, state in enumerate(states) if state.sides[1].hand)
    mexicans = states[index].sides[1].hand
    replay = ReplaySession.load(store, record.name)
    app = make_app(start=lambda app: replay_screen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "v")
        app.screen.show_step(index)
        await pilot.pause()
        assert_on_screen(app, "s Seat")
        await pilot.press("s")
        await pilot.pause()
        faces = app.screen.query_one("#my-hand", HandView).faces
        assert len(faces) == len(mexicans) and not any(f.face_down for f in faces)
        assert_on_screen(app, "everything shown, as Mexicans")
        await pilot.press("v")
        await pilot.pause()
        assert app.screen.viewer == 0 and "s Seat" not in screen_text(app)


async def test_everything_shown_tells_each_ataque_players_objective_and_cards(store, make_app):
    from engine.ataque.data import card_name, objective_text

    record = bot_game(store, "ataque")
    replay = ReplaySession.load(store, record.name)
    app = make_app(start=lambda app: replay_screen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "v")
        await pilot.pause()
        for seat in (1, 2):
            await pilot.press("s")
            await pilot.pause()
            player = record.state.players[seat]
            panel = str(app.screen.query_one("#mine").render())
            assert objective_text(player.objective)[:30] in panel, (seat, panel)
            for card in player.hand:
                assert card_name(card)[:5] in panel, (seat, panel)


@pytest.mark.parametrize("code", ["en", "es", "it"])
async def test_everything_shown_fits_80_columns_in_every_language(store, make_app, code):
    """Ataque's longest chapter names: the header says whose side is shown, the footer keeps
    every replay key."""
    record = bot_game(store, "ataque")
    speak(code)
    replay = ReplaySession.load(store, record.name)
    app = make_app(start=lambda app: replay_screen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "v", "s")
        await pilot.pause()
        screen = app.screen
        assert_on_screen(app, screen.replay_line(78))
        assert _("everything shown, as {seat}").format(seat=screen.seat_label) in screen_text(app)
        for key, name in (("s", "Seat"), ("v", "Hide"), ("escape", "Back")):
            shown = key_display("esc") if key == "escape" else key
            assert f"{shown} {_(name)}" in footer(app), footer(app)
