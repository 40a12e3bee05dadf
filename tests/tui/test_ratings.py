"""Ratings in the app and on the command line: `batallas ratings` in columns that line up in
every language with names escaped, the Ratings screen at 80×24, and the rating change on
the result screen of a rated game."""

from __future__ import annotations

import os

import pytest

from engine.i18n import _
from saves import ratings
from saves.paths import PLAYERS
from saves.record import SeatInfo
from tests.saves.test_ratings import SEAT0_WINS, bot, write_save
from tests.tui.conftest import settle
from tests.tui.fit import TIGHT, missing, screen_text, speak
from tui import language
from tui.cli import main
from tui.screens.game import ResultScreen
from tui.screens.ratings import RatingsScreen, headers


@pytest.mark.parametrize("code", language.LANGUAGES)
def test_ratings_prints_columns_that_line_up_and_escapes_names(tmp_path, monkeypatch, capsys, code):
    monkeypatch.setenv("BATALLAS_HOME", str(tmp_path))
    for key, value in os.environ.items():  # hosted, the app clears them: put back afterwards
        if key.startswith("TEXTUAL_"):
            monkeypatch.setenv(key, value)
    club = tmp_path / "saves"
    for i, name in enumerate(("ana", "Bartholomew-the-Long")):
        seats = [SeatInfo("human", name), bot("expert" if i else "easy")]
        write_save(club / PLAYERS / name, "g", SEAT0_WINS, seats, f"2026-01-0{i + 1}T10:00Z")
    hostile = SeatInfo("human", "Eve\x1b[2J")  # the host's own save: the name typed in it
    write_save(club, "g", SEAT0_WINS, [hostile, bot("easy")], "2026-01-03T10:00Z")
    assert main(["--lang", code, "--hosted", "--player", "ana", "ratings", "gallic"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Eve\\x1b[2J" in out
    lines = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(lines) == 6  # the header, three people and two bot levels
    speak(code)
    rating = headers()[2]
    end = lines[0].index(rating) + len(rating)  # the ratings end under their header
    assert all(line[end - 1].isdigit() and line[end] == " " for line in lines[1:])
    when = lines[0].index(headers()[4])  # and the dates start together
    assert all(line[when].isdigit() and line[when - 1] == " " for line in lines[1:])


def standing(player: str, name: str, mu: float, games: int) -> ratings.Standing:
    return ratings.Standing(player, name, ratings.Rating(mu, 2.5), games, "2026-12-03T18:05Z")


SHOWN = ratings.Ratings(
    standings={
        "gallic": (
            standing("bot:expert", "bot:expert", 40.0, 120),
            standing("anastasia", "Anastasia-Wilhelmina", 31.2, 7),
            standing("bob", "bob", 20.0, 1),
        )
    },
    changes={},
    unrated={},
)


@pytest.mark.parametrize("code", language.LANGUAGES)
async def test_the_ratings_screen_fits_80x24(make_app, monkeypatch, code):
    speak(code)
    monkeypatch.setattr(ratings, "compute", lambda *args: SHOWN)
    app = make_app(player="anastasia")
    async with app.run_test(size=TIGHT) as pilot:
        await pilot.pause()
        await pilot.press("a")  # from the menu
        assert isinstance(app.screen, RatingsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        names = ["La Guerra Gallica", "El Álamo", "Mates Hostiles", "Ataque", "Metauro"]
        cells = ["Anastasia-Wilhelmina", ratings.points(31.2 - 7.5), *headers()]
        cells.append(language.when("2026-12-03T18:05Z"))  # the last column, whole
        assert missing(app, *names, *cells, ratings.label("bot:expert", "")) == []
        said = " ".join(screen_text(app).split())
        assert " ".join(_(ratings.ORDINAL).split()) in said  # whole, in its language
        table = app.screen.query_one("DataTable")
        assert table.cursor_row == 1  # the login's own row
        await pilot.press("right")
        assert "El Álamo" in app.screen.query_one("#ratings-where").render().plain


async def test_a_rated_game_shows_the_rating_change_on_its_result(make_app, store):
    write_save(store.root, "won", SEAT0_WINS, [SeatInfo("human", "Ana"), bot("easy")], "2026Z")

    def start(app):
        app.resume("won")

    app = make_app(start)
    async with app.run_test(size=TIGHT) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        assert "Rating: 0.0 → " in screen_text(app)
