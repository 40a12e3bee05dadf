"""Ataque's end: the result screen reveals every player's objective, and seat names typed by
players are shown as typed, never read as markup."""

from __future__ import annotations

import attrs
from textual.widgets import Static

from engine.ataque.actions import Attack, EndPhase
from engine.ataque.rules import ATAQUE
from engine.ataque.state import REGROUP
from saves.record import SeatInfo
from saves.session import Session
from tests.engine.ataque.helpers import rigged, t
from tests.engine.ataque.test_rules import ASIA_SUR, DESTROY_BLACK, OCCUPY_24
from tests.tui.conftest import settle
from tui.screens.game import ResultScreen
from tui.screens.registry import screen_for

SEATS = (
    SeatInfo(kind="human", name="[b]Ana[/b]"),
    SeatInfo(kind="bot", name="Teg [red]x[/red]", level="teg"),
    SeatInfo(kind="bot", name="Strong", level="strong"),
)


def finished(objectives: tuple[int, ...], **fields):
    """White (seat 0) takes Brasil, Black's last territory."""
    state = rigged(
        {"Argelia": 0, "Brasil": 1}, armies={"Argelia": 30}, objectives=objectives, **fields
    )
    while ATAQUE.outcome(state) is None:
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    return state


def starting_at(state):
    def start(app):
        session = Session.new(ATAQUE, app.store, SEATS, {}, seed=1, players=3)
        session.record = attrs.evolve(session.record, state=state)
        return screen_for(session)

    return start


async def result_of(make_app, state) -> tuple[str, str]:
    app = make_app(starting_at(state))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        headline, details = (str(s.render()) for s in app.screen.query(Static)[:2])
        return headline, details


async def test_every_objective_is_shown_at_the_end(make_app):
    state = finished((DESTROY_BLACK, OCCUPY_24, ASIA_SUR))
    headline, details = await result_of(make_app, state)
    assert headline == "White · [b]Ana[/b] wins!"
    lines = details.splitlines()
    white = next(line for line in lines if line.startswith("W White · [b]Ana[/b]:"))
    assert "Destroy the Black army completely." in white and "met" in white
    black = next(line for line in lines if line.startswith("K Black · Teg [red]x[/red]"))
    assert "Occupy 24 territories" in black and "eliminated by White" in black
    red = next(line for line in lines if line.startswith("R Red · Strong"))
    assert "Conquer Asia and América del Sur." in red and "not met" in red
    assert "Asia 12/12, América del Sur 3/4" in red  # Brasil fell to White


async def test_objectives_are_shown_after_a_draw_too(make_app):
    state = rigged(
        {"Alaska": 0},
        phase=REGROUP,
        active=2,
        round_limit=3,
        default_owner=1,
        objectives=(OCCUPY_24, ASIA_SUR, OCCUPY_24),
    )
    state = ATAQUE.apply(state, 2, EndPhase())
    headline, details = await result_of(make_app, state)
    assert headline == "A draw."
    lines = details.splitlines()
    assert lines[0] == "No objective was met in 3 rounds: the game is drawn."
    assert any(
        line.startswith("K Black") and "Conquer Asia and América del Sur." in line for line in lines
    )
    white = next(line for line in lines if line.startswith("W White"))
    assert "Occupy 24 territories" in white and "not met: territories 1/24" in white
