"""Why a battle ended, as players read it: worded from the final position in the current
language (``end_reason``), while the state keeps its English record for replays."""

from __future__ import annotations

import gettext
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import i18n
from engine.metauro.actions import EndMove, Move, Pair, Pass
from engine.metauro.data import BOARDS, CAVALRY, GENERAL, INFANTRY, MAX_TURNS
from engine.metauro.rules import METAURO, end_reason
from engine.metauro.state import OVER, MetauroState, Unit

from .helpers import C, R, play, random_game, rigged, with_dice

GENERALS = ((R, GENERAL, "a11"), (C, GENERAL, "p1"))


def same_words(state: MetauroState) -> None:
    """In English the reworded reason is the record, a lone soldier told in the singular."""
    assert state.phase == OVER
    assert end_reason(state) == state.reason.replace(" 1 soldiers", " 1 soldier")
    assert METAURO.outcome(state).reason == end_reason(state)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**64 - 1), st.sampled_from(sorted(BOARDS)))
def test_random_battles_are_told_as_the_record_says(seed, scenario) -> None:
    final, _actions, _states = random_game(seed, random.Random(seed), {"scenario": scenario})
    same_words(final)


@pytest.mark.parametrize("generals", [("Livius", "Hasdrubal"), ("", "")])
def test_a_fallen_general_named_or_not(generals) -> None:
    state = rigged((R, INFANTRY, "e5"), (C, GENERAL, "g5"), (R, GENERAL, "a11"), generals=generals)
    state = play(state, (R, Move("e5", "f5", (0,))), (R, EndMove()))
    state = METAURO.apply(with_dice(state, 6, 1), R, Pair(0, 1))
    same_words(state)


@pytest.mark.parametrize("side", [R, C])
def test_both_standards_held_by_either_side(side) -> None:
    standards = BOARDS["zama"].standards[1 - side]  # on plain, where cavalry rides
    west = {R: "n", C: "c"}[side]
    units = [(side, CAVALRY, f"{west}{sq[1:]}") for sq in standards]
    state = rigged(*units, *GENERALS, scenario="zama", mover=side)
    moves = [(side, Move(f"{west}{sq[1:]}", sq, (i,))) for i, sq in enumerate(standards)]
    state = play(state, *moves, (side, EndMove()))
    assert METAURO.outcome(state).winners == (side,)
    same_words(state)


def test_a_side_with_nobody_left() -> None:
    state = rigged((R, INFANTRY, "e5"), (C, INFANTRY, "g5"), (R, GENERAL, "a11"), scenario="zama")
    state = play(state, (R, Move("e5", "f5", (0,))), (R, EndMove()))
    state = METAURO.apply(with_dice(state, 6, 1), R, Pair(0, 1))
    same_words(state)


@pytest.mark.parametrize("fallen", [0, 1, 2])
def test_quiet_turns_drawn_or_won_on_losses(fallen) -> None:
    lost = tuple(Unit(id=9 + i, side=C, kind=INFANTRY, square="k5") for i in range(fallen))
    state = rigged((R, INFANTRY, "e5"), *GENERALS, scenario="zama", fallen=lost)
    same_words(play(state, (R, Pass()), (C, Pass())))


def test_the_turn_limit() -> None:
    state = rigged((R, INFANTRY, "e5"), *GENERALS, scenario="zama", turn=MAX_TURNS)
    same_words(play(state, (R, Move("e5", "e6", (0,))), (R, EndMove())))


class Marked(gettext.NullTranslations):
    """Every message in marks: what a player of another language would read translated."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, one, many, n):
        return f"⟦{one if n == 1 else many}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"


def test_the_reason_is_read_in_the_language_spoken_and_kept_in_english() -> None:
    state = rigged((R, INFANTRY, "e5"), *GENERALS, scenario="zama")
    state = play(state, (R, Pass()), (C, Pass()))
    i18n.install(Marked(), "xx")
    try:
        assert METAURO.outcome(state).reason.startswith("⟦Both sides passed in a row")
        assert METAURO.progress(state) == "⟦Zama: drawn on turn 6⟧"
    finally:
        i18n.install(gettext.NullTranslations(), "en")
    assert state.reason.startswith("Both sides passed in a row")
