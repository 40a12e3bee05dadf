"""A spectator at a shared table: the public view only, updated as the players move, and no key
that acts. Players see how many are watching; the menu lists the live tables to watch.

The players' clients are played here, move by move through the table (``TableStore.apply``),
each seat choosing from its own view; the spectator's app only reads the table.
"""

from __future__ import annotations

import random
import re
import time

import attrs
import pytest
from textual.widgets import OptionList

from engine.alamo.data import MEXICANS, TEXANS
from engine.alamo.data import card as alamo_card
from engine.alamo.state import (
    Attacked,
    Defended,
    Drew,
    Removed,
    Repelled,
    Returned,
    Revealed,
)
from engine.ataque.data import CARD_FIGURE as ATAQUE_FIGURE
from engine.ataque.data import FIGURE_GLYPHS, OBJECTIVES, card_name
from engine.ataque.state import OVER as ATAQUE_OVER
from engine.core import HIDDEN
from engine.gallic.data import card as gallic_card
from engine.gallic.state import DISCARD
from saves.store import SaveStore
from saves.tables import WATCHING, Table, TableStore, TableWatch, bot_seed, count_watchers
from tests.engine.test_public_view import redacted_alike, told_to_all
from tests.tui.fit import screen_text
from tui.app import BatallasApp
from tui.screens.game import GameScreen, ResultScreen
from tui.screens.menu import MenuScreen
from tui.screens.registry import screen_for
from tui.screens.watch import WatchScreen

SIZE = (120, 40)


@attrs.frozen
class Case:
    game_id: str
    owners: tuple[str, ...]
    config: dict
    seed: int
    batch: int = 4  # the most moves between two looks of the spectator

    @property
    def name(self) -> str:
        return f"{self.game_id}-{len(self.owners)}"


CASES = (
    Case("gallic", ("ana", "bob"), {"battles": 4}, 1, batch=1),
    Case("alamo", ("ana", "bob"), {}, 1, batch=10),
    Case("alamo", ("ana",), {}, 2),
    Case("mates", ("ana", "bob", "cai"), {}, 2, batch=8),
    Case("mates", ("ana",), {"puzzles": 10}, 1),
    Case("ataque", ("ana", "bob", "cai"), {"round_limit": 4}, 1),
    Case("metauro", ("ana", "bob"), {}, 2, batch=12),
)


# --- what is secret at a moment, as it would read on screen -------------------------------------


def gallic_secrets(state, public) -> set[str]:
    if state.phase != DISCARD:
        return set()  # from the reveal on, both hands are open to all
    hidden = {gallic_card(s, c).name for s, side in enumerate(state.sides) for c in side.hand}
    hidden |= {gallic_card(s, c).name for s, side in enumerate(state.sides) for c in side.deck}
    shown = {gallic_card(s, c).name for s, side in enumerate(public.sides) for c in side.discard}
    for battle in public.battles:
        shown |= {gallic_card(s, c).name for s, hand in enumerate(battle.hands) for c in hand}
    return hidden - shown


ALAMO_SIDE = {Removed: MEXICANS, Revealed: MEXICANS, Attacked: MEXICANS}
ALAMO_SIDE |= {Defended: TEXANS, Repelled: TEXANS}


def alamo_secrets(state, public) -> set[str]:
    def cards(side, ids) -> set:
        return {alamo_card(side, c) for c in ids if c != HIDDEN}

    hidden: set = set()
    for s, side in enumerate(state.sides):
        hidden |= cards(s, side.hand) | cards(s, side.deck)
        if HIDDEN in public.sides[s].table:  # the solitaire's attack, face down
            hidden |= cards(s, side.table)
    shown: set = set()
    for s, side in enumerate(public.sides):
        shown |= cards(s, side.discard) | cards(s, side.table)
    if public.battle is not None:
        shown |= cards(MEXICANS, public.battle.attack) | cards(TEXANS, public.battle.defence)
    for event in public.log:
        if isinstance(event, (Drew, Returned)):
            continue  # a hand's cards, drawn or put back: never a spectator's to know
        side = ALAMO_SIDE.get(type(event), getattr(event, "seat", None))
        for field in ("card", "cards", "used"):
            value = getattr(event, field, None)
            if side is not None and value is not None:
                shown |= cards(side, value if isinstance(value, tuple) else (value,))
    # Public words that name a card: the shown cards' names and bonus notes ("+10 with Santa
    # Anna"), and the solitaire's dice ("Santa Anna's army").
    public_words = " ".join(f"{c.name} {c.note}" for c in shown) + " Santa Anna's army"
    return (
        {c.name for c in hidden}
        - {c.name for c in shown}
        - set(shown_secrets(public_words, {c.name for c in hidden}))
    )


def mates_secrets(state, public) -> set[str]:
    def people(cards) -> set[str]:
        return {
            p for c in cards if c != HIDDEN for p in (state.cards[c].white, state.cards[c].black)
        }

    hidden = people(c for pile in state.piles for c in pile) | people(state.unused)
    r = public.round
    if r is not None and r.card == HIDDEN:  # the attacker's card, until he shows it
        hidden |= people([state.round.card])
    shown: set[str] = set()
    if r is not None:
        shown |= people([r.card])
        for duel in r.duels:
            for stack in (duel.attack, duel.defence):
                shown |= people(
                    [*stack.shown, *([stack.active] if stack.active is not None else [])]
                )
    for event in public.log:
        card = getattr(event, "card", None)
        if isinstance(card, int):
            shown |= people([card])
    return hidden - shown


def ataque_secrets(state, public) -> set[str]:
    hidden = set()
    for player in state.players:
        for c in player.hand:
            hidden |= {f"{FIGURE_GLYPHS[ATAQUE_FIGURE[c]]} {card_name(c)}", f"card {card_name(c)}"}
        if state.phase != ATAQUE_OVER:
            hidden |= {OBJECTIVES[player.objective].text, "Objective:"}
    return hidden


SECRETS = {
    "gallic": gallic_secrets,
    "alamo": alamo_secrets,
    "mates": mates_secrets,
    "ataque": ataque_secrets,
    "metauro": lambda state, public: set(),  # nothing is secret in Metauro
}


def shown_secrets(text: str, secrets: set[str]) -> list[str]:
    """The secrets written on screen as whole words (a short name inside a longer public one,
    "Tribù" in "Una Tribù alla volta", is that public name, not the secret)."""
    return [s for s in secrets if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text)]


# --- the players and the spectator ---------------------------------------------------------------


def play_moves(tables: TableStore, name: str, count: int) -> Table:
    """The players' clients: ``count`` moves (fewer if the game ends), each seat choosing from
    its own view, as a bot would; the table as they leave it."""
    table = tables.load(name)
    game = tables.game(table)
    for _ in range(count):
        state = table.record.state
        if game.outcome(state) is not None:
            break
        seat = game.to_move(state)[0]
        rng = random.Random(bot_seed(table.record.seed, table.version, seat))
        action = game.bots["easy"](game.view(state, seat), seat, rng)
        table = tables.apply(name, table.version, seat, action)
    return table


def watcher_app(tmp_path, tables: TableStore, name: str, player: str | None = None):
    def start(app):
        return screen_for(TableWatch.open(TableStore(tables.root), name))

    return BatallasApp(
        SaveStore(tmp_path / "saves-watcher"),
        start=start,
        bot_delay=0,
        player=player,
        tables=TableStore(tables.root),  # a client of its own, as in another process
    )


def check_spectator_screen(app, screen: GameScreen, table: Table) -> None:
    """The screen holds the table's latest public view, which hides everything any seat's view
    hides, and no secret of the moment is written on screen."""
    game, state = screen.game, table.record.state
    assert screen.session.version == table.version
    public = game.view(state, None)
    assert screen.view == public
    bare, shown = attrs.evolve(state, log=()), attrs.evolve(screen.view, log=())
    for seat in range(len(table.owners)):
        seen = attrs.evolve(game.view(state, seat), log=())
        redacted_alike(bare, seen, shown, f"seat {seat}")
    assert all(told_to_all(e) for e in screen.view.log)  # only events meant for all
    assert not screen.thinking, "a bot ran in the spectator's client"
    assert not [w for w in app.workers if w.group == "bots"]
    secrets = SECRETS[game.id](state, public)
    leaked = shown_secrets(screen_text(app), secrets)
    assert not leaked, f"secrets on screen: {leaked}\n{screen_text(app)}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
async def test_a_spectator_follows_a_whole_game_and_never_sees_a_secret(tmp_path, case):
    tables = TableStore(tmp_path / "tables")
    name = tables.create(case.game_id, case.owners, seed=case.seed, config=case.config).name
    app = watcher_app(tmp_path, tables, name)
    batches = random.Random(case.seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.watching and screen.viewer is None
        updates = 0
        table = tables.load(name)
        while screen.game.outcome(table.record.state) is None:
            table = play_moves(tables, name, batches.randint(1, case.batch))
            screen.poll_table()  # what the 4-a-second poll does, without waiting for it
            await pilot.pause()
            assert app.screen is screen or isinstance(app.screen, ResultScreen), app.screen
            if app.screen is screen:  # the result screen covers it at the end
                check_spectator_screen(app, screen, table)
            updates += 1
        await pilot.pause()
        assert updates > 3
        assert isinstance(app.screen, ResultScreen)
        check_spectator_screen(app, screen, table)
        assert table.version == len(table.record.actions)  # only the players wrote


async def test_a_move_reaches_the_spectator_within_a_second(tmp_path):
    tables = TableStore(tmp_path / "tables")
    tables.create("gallic", ["ana", "bob"], seed=4)
    app = watcher_app(tmp_path, tables, "gallic-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        play_moves(tables, "gallic-1", 1)
        started = time.monotonic()
        while screen.session.version != 1:
            assert time.monotonic() - started < 1.0, "the move did not show within a second"
            await pilot.pause(0.02)
        assert 0 in screen.view.chosen  # ana exchanged: the spectator sees that she did
        assert set(screen.view.sides[0].hand) == {HIDDEN}  # but not her cards


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
async def test_every_key_that_would_act_says_you_are_watching(tmp_path, case):
    tables = TableStore(tmp_path / "tables")
    name = tables.create(case.game_id, case.owners, seed=case.seed, config=case.config).name
    app = watcher_app(tmp_path, tables, name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        acting = {
            binding.key
            for bindings in type(screen)._merged_bindings.key_to_bindings.values()
            for binding in bindings
            if not screen.may_watch(binding.action.split("(")[0], ()) and "." not in binding.action
        }
        assert {"enter", "1"} & acting, acting
        for key in sorted(acting - {"escape", "ctrl+q"}):
            app.clear_notifications()
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, f"{key} opened {app.screen}"
            said = [n.message for n in app._notifications]
            assert WATCHING in said, f"{key}: {said}"
        state = screen.session.state
        seat = screen.game.to_move(state)[0]
        assert screen.act(screen.game.legal_actions(state, seat)[0]) is False
        assert tables.load(name).version == 0  # nothing was played
        assert "Save" not in screen_text(app).splitlines()[-1]  # nothing to save as
        footer = screen_text(app).splitlines()[-1]
        assert "Rules" in footer or "? " in footer, footer


@pytest.mark.parametrize("game_id, target", [("gallic", "#my-hand"), ("metauro", "#grid")])
async def test_a_click_that_would_move_says_you_are_watching(tmp_path, game_id, target):
    tables = TableStore(tmp_path / "tables")
    name = tables.create(game_id, ["ana", "bob"], seed=3).name
    app = watcher_app(tmp_path, tables, name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click(target, offset=(4, 3))
        await pilot.pause()
        assert WATCHING in [n.message for n in app._notifications]
        assert tables.load(name).version == 0


async def test_a_spectator_has_no_hand_over_and_runs_no_bot(tmp_path):
    tables = TableStore(tmp_path / "tables")
    tables.create("gallic", ["bot:easy", "bot:easy"], seed=5)
    app = watcher_app(tmp_path, tables, "gallic-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.6)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.watching
        assert tables.load("gallic-1").version == 0  # the bots wait for a player's client
        assert not screen.thinking
        assert "You are watching: Rome" in screen_text(app)


# --- players see the spectators ------------------------------------------------------------------


def player_app(tmp_path, tables: TableStore, player: str, table: str):
    return BatallasApp(
        SaveStore(tmp_path / f"saves-{player}"),
        start=lambda app: app.open_table(table),
        bot_delay=0,
        player=player,
        tables=TableStore(tables.root),
    )


async def wait_for(pilot, check, timeout: float = 5.0) -> None:
    """Until ``check()`` holds; fails after ``timeout`` seconds."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, "not within the time allowed"
        await pilot.pause(0.05)


async def test_players_see_how_many_are_watching(tmp_path):
    tables = TableStore(tmp_path / "tables")
    tables.create("metauro", ["ana", "bob"], seed=3)
    ana = player_app(tmp_path, tables, "ana", "metauro-1")
    async with ana.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = ana.screen
        assert screen.title == "Metauro · table metauro-1 · ana"
        first = TableWatch.open(TableStore(tables.root), "metauro-1")
        second = TableWatch.open(TableStore(tables.root), "metauro-1")
        await wait_for(pilot, lambda: screen.title.endswith("· ana · 2 watching"))
        # the header has room for it at 80 columns (drawn a frame after the title changes)
        await wait_for(pilot, lambda: "2 watching" in screen_text(ana))
        second.close()
        await wait_for(pilot, lambda: screen.title.endswith("· ana · 1 watching"))
        first.close()
        await wait_for(pilot, lambda: screen.title == "Metauro · table metauro-1 · ana")


async def test_the_spectator_counts_itself_and_leaving_ends_its_count(tmp_path):
    tables = TableStore(tmp_path / "tables")
    tables.create("gallic", ["ana", "bob"], seed=4)
    app = watcher_app(tmp_path, tables, "gallic-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.title.endswith("· spectator · 1 watching"), app.screen.title
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert count_watchers(tables.root, "gallic-1") == 0


# --- the menu's Watch list -----------------------------------------------------------------------


def menu_app(tmp_path, tables: TableStore, player: str):
    return BatallasApp(
        SaveStore(tmp_path / f"saves-{player}"),
        bot_delay=0,
        player=player,
        tables=TableStore(tables.root),
    )


def options(app) -> list[str]:
    menu = app.screen.query_one(OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_menu_offers_watch_and_still_fits(tmp_path, size):
    tables = TableStore(tmp_path / "tables")
    tables.create("gallic", ["ana", "bob"], seed=1)
    tables.create("ataque", ["ana", "cai", "bot:easy"], seed=1)
    app = menu_app(tmp_path, tables, "ana")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert menu.max_scroll_y == 0, "the menu scrolls"
        lines = screen_text(app).splitlines()
        assert any("│ Watch " in line for line in lines), screen_text(app)
        assert "w Watch" in lines[-1], lines[-1]


async def test_the_watch_list_shows_live_tables_and_opens_one_as_a_spectator(tmp_path):
    tables = TableStore(tmp_path / "tables")
    tables.create("gallic", ["bob", "cai"], seed=1, name="Alesia")
    play_moves(tables, "Alesia", 1)
    tables.create("metauro", ["ana", "dan"], seed=1, name="Zama")
    over = tables.create("gallic", ["bob", "dan"], seed=2, config={"battles": 1}, name="Done")
    play_moves(tables, over.name, 200)
    assert tables.game(tables.load("Done")).outcome(tables.load("Done").record.state)
    watcher = TableWatch.open(TableStore(tables.root), "Alesia")
    app = menu_app(tmp_path, tables, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        shown = options(app)
        assert len(shown) == 3 and "Done" in shown[-1]  # finished: last, to replay
        assert "over: " in shown[-1]
        alesia = next(o for o in shown if "Alesia" in o)
        assert "La Guerra Gallica" in alesia and "bob, cai" in alesia
        assert "cai's turn" in alesia or "bob's turn" in alesia or "to move" in alesia
        assert re.search(r"last move \d+ s ago", alesia), alesia
        assert "1 watching" in alesia
        zama = next(o for o in shown if "Zama" in o)
        assert "your seat" in zama and "no move yet" in zama and "nobody watching" in zama
        text = screen_text(app)
        assert "Alesia" in text and "Zama" in text
        menu = app.screen.query_one(OptionList)
        menu.highlighted = shown.index(alesia)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.watching and screen.viewer is None
        await pilot.pause(1.2)
        assert screen.title.endswith("· 2 watching"), screen.title
    watcher.close()


async def test_the_watch_list_sits_you_at_your_own_table(tmp_path):
    tables = TableStore(tmp_path / "tables")
    tables.create("metauro", ["ana", "dan"], seed=1, name="Zama")
    app = menu_app(tmp_path, tables, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.watching and screen.viewer == 0


async def test_a_finished_table_is_replayed_from_the_watch_list(tmp_path):
    """Its players look for their game where they played it: Enter opens its replay."""
    from tui.screens.replay import ReplayMixin

    tables = TableStore(tmp_path / "tables")
    over = tables.create("gallic", ["bob", "dan"], seed=2, config={"battles": 1}, name="Done")
    play_moves(tables, over.name, 200)
    app = menu_app(tmp_path, tables, "bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert "Done" in options(app)[0]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayMixin)
        assert app.screen.session.count == len(tables.load("Done").record.actions)
        assert "Replay · action 0/" in screen_text(app)
