"""The review screen: opened from a finished game's result dialog (and from its replay), it
computes the review in a worker with a progress bar (Escape cancels, nothing kept), then
draws each human's chance as a chart and lists the costliest decisions, whose keys open the
replay at that step; it fits 80×24 in every language."""

from __future__ import annotations

import threading

import attrs
import pytest
from textual_plotext import PlotextPlot

from engine import review as review_module
from engine.coach import Judgement
from engine.i18n import _
from engine.registry import get
from engine.review import Moment, moment_line, summary_line
from saves.reviews import ReviewStore, review_name
from tests.saves.support import played_record
from tests.tui.conftest import settle
from tests.tui.fit import FITS, footer_drawn, missing, screen_lines, speak
from tui.screens.gallic import GallicScreen
from tui.screens.game import ResultScreen
from tui.screens.replay import ReplayMixin
from tui.screens.review import ReviewScreen

BLUNDER = 2  # the second decision judged is the planted blunder


class Coach:
    def __init__(self, gate: threading.Event | None = None):
        self.calls = 0
        self.gate = gate

    def judge(self, view, seat, played, rng):
        if self.gate is not None:
            self.gate.wait(5)
        self.calls += 1
        if self.calls == BLUNDER:
            return Judgement(0.7, 0.15, "kept the [b]Galli[/b]", "exchanged the Galli", False)
        return Judgement(0.5 + self.calls / 100, 0.0, "kept", "kept", True)


@pytest.fixture
def coach(monkeypatch):
    fake = Coach()
    monkeypatch.setattr(review_module, "coach_of", lambda game_id: fake)
    return fake


@pytest.fixture
def saved(store):
    return store.save(played_record(get("gallic"), seed=2))


def resumed(app):
    app.resume("game")


async def open_review(pilot, app) -> ReviewScreen:
    await settle(pilot, app)
    assert isinstance(app.screen, ResultScreen)
    buttons = (_("New game (n)"), _("Menu (m)"), _("Review (r)"), _("Board (b)"))
    assert not missing(app, *buttons), screen_lines(app)
    await pilot.press("r")
    await settle(pilot, app)
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


def flat(app) -> str:
    return " ".join(" ".join(screen_lines(app)).split())


async def test_result_dialog_review_then_key_1_opens_the_replay_there(
    make_app, store, saved, coach
):
    app = make_app(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, app)
        review = screen.review
        assert review is not None and coach.calls == len(review.moments)
        assert screen.query_one(PlotextPlot).display
        blunder = review.moments[BLUNDER - 1]
        assert review.costliest(0) == (blunder,)
        shown = flat(app)
        assert summary_line(review, 0) in shown
        assert f"1. {moment_line(blunder)}" in shown  # [b] shown as typed, not markup
        await pilot.press("1")
        await settle(pilot, app)
        assert isinstance(app.screen, ReplayMixin)
        assert app.screen.session.index == blunder.index
        # Back in the review, then from the replay's own key: read, not computed again.
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("1", "r")
        await settle(pilot, app)
        assert isinstance(app.screen, ReviewScreen) and app.screen.review == review
        assert coach.calls == len(review.moments)


async def test_escape_while_it_thinks_cancels_and_keeps_nothing(
    make_app, store, saved, monkeypatch
):
    gate = threading.Event()
    slow = Coach(gate)
    monkeypatch.setattr(review_module, "coach_of", lambda game_id: slow)
    app = make_app(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert "The expert is looking at every decision" in flat(app)
        await pilot.press("escape")
        gate.set()
        await settle(pilot, app)
        assert isinstance(app.screen, GallicScreen)  # back to the board
    assert slow.calls <= 1
    record = store.load("game")
    assert ReviewStore.of(store).load(review_name(store, record), {}, record) is None
    assert not list(ReviewStore.of(store).root.glob("*.json"))


@pytest.mark.parametrize(("size", "language"), FITS)
async def test_the_review_fits(make_app, store, saved, coach, size, language):
    speak(language)
    app = make_app(resumed)
    async with app.run_test(size=size) as pilot:
        screen = await open_review(pilot, app)
        review = screen.review
        shown = flat(app)
        assert summary_line(review, 0) in shown
        assert moment_line(review.costliest(0)[0]) in shown
        line = await footer_drawn(pilot, app)
        assert _("Open in the replay") in line and _("Back") in line
        assert screen.query_one(PlotextPlot).size.height >= 8


def test_a_moment_worth_one_point_says_point_in_every_language() -> None:
    """ "+1 point", "+1 punto": the number agrees with its noun (it read "+1 punti")."""
    one = Moment(3, 0, "Giro 8", 0.5, 0.01, "a", "b", False)
    assert moment_line(one).endswith("+1 point of win chance")
    speak("it")
    assert "+1 punto di probabilità" in moment_line(one)
    speak("es")
    assert "+1 punto de probabilidad" in moment_line(one)
    assert "+2 puntos" in moment_line(attrs.evolve(one, cost=0.02))
