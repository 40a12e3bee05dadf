"""Every game screen's footer at 80×24, in every language: the game's keys first, then the
keys every screen shares; each key whole (none cut at the edge, mid-word), the ones left out
folded into ``k``, whose panel describes every key the screen has."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.widgets._footer import FooterKey
from textual.widgets._key_panel import BindingsTable

from engine import registry
from saves.record import SeatInfo
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, footer, speak
from tests.tui.test_mates_play import elo_choice, table_start
from tui import language
from tui.screens.registry import screen_for
from tui.textual_i18n import key_display
from tui.widgets.card import CardView
from tui.widgets.footer import KeysFooter

PLAYERS = {"gallic": 2, "alamo": 2, "metauro": 2, "ataque": 3}
SHARED = {"keys", "menu", "rules", "log", "save_as", "quit"}


def plain_start(game_id: str):
    """A human against bots, at the human's first move."""
    players = PLAYERS[game_id]
    seats = (SeatInfo(kind="human", name="Ana"),) + tuple(
        SeatInfo(kind="bot", name=f"Bot {n}", level="easy") for n in range(1, players)
    )

    def start(app):
        game = registry.get(game_id)
        return screen_for(Session.new(game, app.store, seats, {}, seed=5, players=players))

    return start


STARTS = {game_id: plain_start(game_id) for game_id in PLAYERS} | {
    "mates": table_start(2, elo_choice)  # the Elo keys are a group: "w b Elo"
}
CASES = [
    pytest.param(game_id, code, id=f"{game_id}-{code}")
    for game_id in STARTS
    for code in language.LANGUAGES
]


def action_name(action: str) -> str:
    """``keys`` for ``keys`` and for Ataque's ``command('keys')``."""
    return action.split("'")[1] if action.startswith("command(") else action.split("(")[0]


def panel_rows(app) -> list[tuple[str, str]]:
    """The keys panel's rows: (keys, description)."""
    table = app.screen.query_one(BindingsTable).render_bindings_table()
    keys, words = (column._cells for column in table.columns)
    return [
        (Text.from_markup(str(k)).plain if isinstance(k, str) else k.plain, w.plain)
        for k, w in zip(keys, words, strict=True)
        if isinstance(w, Text) and (k.plain if isinstance(k, Text) else k)
    ]


@pytest.mark.parametrize("game_id, code", CASES)
async def test_the_games_keys_come_first_whole_and_k_describes_every_key(make_app, game_id, code):
    speak(code)
    app = make_app(STARTS[game_id])
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        await pilot.pause(0.2)
        screen = app.screen
        line = footer(app)
        keys = list(screen.query_one(KeysFooter).query(FooterKey))
        for key in keys:
            assert 0 < key.region.width and key.region.right <= TIGHT[0], (key, line)
            if "-grouped" not in key.classes:
                assert f"{key.key_display} {key.description}".strip() in line, (key, line)
        names = [action_name(key.action) for key in keys if "-command-palette" not in key.classes]
        assert "keys" in names, line
        first_shared = min(i for i, name in enumerate(names) if name in SHARED)
        assert not SHARED & set(names[:first_shared]), line
        assert not set(names[first_shared:]) - SHARED, f"a game key after the shared ones: {line}"

        await pilot.press("k")
        await pilot.pause(0.2)
        rows = panel_rows(app)
        assert rows
        for shown, words in rows:
            assert words.strip(), f"{shown!r} has no description: {rows}"
        listed = " ".join(shown for shown, _words in rows)
        for active in screen.active_bindings.values():
            binding = active.binding
            if binding.show and not binding.system:
                assert app.get_key_display(binding) in listed, (binding, rows)


def test_tab_and_escape_are_named_in_the_players_language():
    """Like space, del and the page keys: the tab is named in Spanish and Italian; Escape
    stays "esc" as their keyboards print it ("escape" left 80-column footers no room)."""
    speak("es")
    assert key_display("tab") == "tabul."
    speak("it")
    assert key_display("tab") == "tabul."


@pytest.mark.parametrize("game_id", ["gallic", "alamo"])
async def test_the_keys_panel_lies_over_the_game_and_never_squeezes_the_cards(make_app, game_id):
    """Opened beside the game it shrank every card to five columns, so "R 10" read "R 1":
    the panel covers the right of the screen and the cards keep their width and their values."""
    speak("en")
    app = make_app(STARTS[game_id])
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        await pilot.pause(0.2)
        before = [card.region.width for card in app.screen.query(CardView)]
        await pilot.press("k")
        await pilot.pause(0.2)
        after = [card.region.width for card in app.screen.query(CardView)]
        assert before and after == before
