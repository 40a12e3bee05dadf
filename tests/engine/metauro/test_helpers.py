"""The pure helpers the screen and the bots share."""

from __future__ import annotations

import pytest

from engine.metauro.actions import Deploy, Move
from engine.metauro.board import board_rows, casualties, stack_label, standards_held, unit_name
from engine.metauro.clash import advantage, clash_odds, fight_odds
from engine.metauro.data import (
    CAVALRY,
    ELEPHANT,
    GENERAL,
    HEIGHT,
    INFANTRY,
    TRUMPET,
    WIDTH,
)
from engine.metauro.movement import movable, reachable
from engine.metauro.rules import METAURO as GAME
from engine.metauro.state import Unit

from .helpers import C, R, play, rigged


def test_fight_odds_match_the_seed_examples() -> None:
    even = fight_odds(0, 0)
    assert (even.win, even.tie, even.lose) == pytest.approx((15 / 36, 6 / 36, 15 / 36))
    assert even.kill == pytest.approx(5 / 36)  # only a 6 kills on equal terms
    elephant = fight_odds(2, 0)  # "ELEFANTES, DOS PUNTOS"
    assert elephant.kill == pytest.approx(17 / 36)
    assert elephant.win + elephant.tie + elephant.lose == pytest.approx(1)
    trumpet = fight_odds(0, 0, trumpet_a=True)
    assert trumpet.win == 0 and trumpet.killed == trumpet.lose == pytest.approx(15 / 36)


def test_advantage_points() -> None:
    state = rigged(
        (R, CAVALRY, "e5"),
        (C, ELEPHANT, "l6"),
        (R, INFANTRY, "h6"),  # forest
        (C, INFANTRY, "k1"),  # accessible mountain
        (R, INFANTRY, "g9"),  # ruins
        (R, GENERAL, "e6"),
    )
    assert [advantage(state, u) for u in state.units] == [1, 2, 1, 1, 1, 0]


def test_clash_odds_count_a_blocked_retreat_as_a_kill() -> None:
    state = rigged((R, INFANTRY, "f5"), (C, INFANTRY, "g5"), scenario="zama")
    open_field = clash_odds(state, 0, 1)
    assert open_field.kill == pytest.approx(5 / 36)
    walled = rigged(
        (R, INFANTRY, "f5"),
        (C, INFANTRY, "g5"),
        *((C, ELEPHANT, sq) for sq in ("h4", "h5", "h6")),
        scenario="zama",
    )
    assert clash_odds(walled, 0, 1).kill == pytest.approx(15 / 36)


def test_board_rows_give_terrain_units_standards_and_start_squares() -> None:
    state = GAME.new({}, 1, 2)
    rows = board_rows(state)
    assert len(rows) == HEIGHT and all(len(r) == WIDTH for r in rows)
    assert "".join(c.terrain for c in rows[0]) == "ff.....#..^^..~."
    a4 = rows[3][0]
    assert (a4.square, a4.standard, a4.units) == ("a4", R, ())
    d4 = rows[3][3]
    assert d4.start == R and stack_label(d4.units) == "I2" and d4.side == R
    assert rows[4][15].standard == C and rows[5][12].units[0].kind == GENERAL
    placed = sum(len(c.units) for row in rows for c in row)
    assert placed == len(state.units) == 21


def test_stack_labels() -> None:
    def units(*kinds):
        return [Unit(id=i, side=R, kind=k, square="e5") for i, k in enumerate(kinds)]

    assert stack_label(units(INFANTRY, INFANTRY, INFANTRY)) == "I3"
    assert stack_label(units(CAVALRY, CAVALRY)) == "C2"
    assert stack_label(units(ELEPHANT)) == "E"
    assert stack_label(units(INFANTRY, GENERAL, INFANTRY)) == "GI2"
    assert stack_label(units(CAVALRY, INFANTRY)) == "IC"
    assert stack_label(units(TRUMPET)) == "T"
    assert stack_label(()) == ""


def test_reachable_refuses_what_cannot_move_together() -> None:
    state = rigged((R, INFANTRY, "d5"), (R, INFANTRY, "d6"), (C, INFANTRY, "k5"), scenario="zama")
    assert reachable(state, (0, 1)) == ()  # not on one square
    assert reachable(state, (2,)) == ()  # not the mover's
    assert reachable(state, ()) == () and reachable(state, (99,)) == ()
    moved = GAME.apply(state, R, Move("d5", "e5", (0,)))
    assert reachable(moved, (0,)) == () and movable(moved) == (1,)
    assert reachable(state, (0,)) == ("c4", "d4", "e4", "c5", "e5", "c6", "d6", "e6")  # sorted


def test_names_progress_casualties_and_rules_text() -> None:
    state = GAME.new({"consul": "Porcius"}, 0, 2)
    general = next(u for u in state.units if u.side == R and u.kind == GENERAL)
    cavalry = next(u for u in state.units if u.kind == CAVALRY)
    assert unit_name(state, general) == "Porcius" and unit_name(state, cavalry) == "Roman cavalry"
    assert GAME.progress(state) == "Metauro: the Carthaginians deploy"
    state = play(state, (C, Deploy()), (R, Deploy()))
    assert GAME.progress(state).startswith("Metauro · turn 1 · ")
    assert casualties(state) == (0, 0) and standards_held(state, R) == ()
    text = GAME.rules_markdown()
    assert text.startswith("# Metauro") and "## House rules" in text
    assert text.count("**House rule:**") >= 12 and "Zama" in text
    assert GAME.seat_labels(2) == ("Romans", "Carthaginians")


def test_the_rules_screen_shows_the_contact_rule_as_a_house_rule() -> None:
    """Stopping next to an enemy is by an edge, as for the clash: a decision of ours, so the
    in-app rules mark it, quoting the sheet's rule 10 it rests on."""
    text = GAME.rules_markdown()
    house = [p for p in text.split("\n- ") if p.startswith("**House rule:**")]
    contact = [p for p in house if "sharing an" in p and "edge" in p and "diagonal" in p]
    assert contact and "por cualquiera de sus bordes" in contact[0]
    # ... and the sheet's rule 4 it departs from: contiguous squares touch at any point.
    assert "por algún punto" in " ".join(contact[0].split())
    rule5 = " ".join(text.split("5. **Enemies.**")[1].split("6. **Clash.**")[0].split())
    assert "enters a square facing an enemy" in rule5 and "diagonal to an enemy" in rule5


def test_the_rules_screen_labels_the_mountain_reading_and_cites_the_advance_departure() -> None:
    """Infantry onto the accessible mountain is our reading of rule 4's "EXCEPTO por MONTAÑA";
    the advance house rule names the sheet rules it rests on and departs from."""
    text = GAME.rules_markdown()
    items = [" ".join(p.split()) for p in text.split("\n- ")]
    (mountain,) = [p for p in items if p.startswith("**Reading:**")]
    assert "EXCEPTO por MONTAÑA" in mountain and "accessible mountain" in mountain
    (advance,) = [p for p in items if p.startswith("**House rule:** the winner may advance")]
    assert "rule 12" in advance and "rule 8" in advance
