"""Why a game of Mates Hostiles ended, as players read it: worded from the final position in
the current language (``end_reason``), while the state keeps its English record for replays."""

from __future__ import annotations

import gettext
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import i18n
from engine.mates.rounds import ROUND_LIMIT, begin_round
from engine.mates.rules import MATES, end_reason
from engine.mates.state import OVER, MatesState

from .helpers import EMPTY, card, random_game, table


def same_words(state: MatesState) -> None:
    assert state.phase == OVER
    assert end_reason(state) == state.reason
    assert MATES.outcome(state).reason == state.reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**64 - 1), st.sampled_from([1, 2, 3, 4]))
def test_random_games_are_told_as_the_record_says(seed, players) -> None:
    final, _actions, _states = random_game(players, seed, random.Random(seed))
    same_words(final)
    same_words(MATES.view(final, 0))  # a player's view says it the same way


@pytest.mark.parametrize(("piles", "winners"), [([3, 2, 1], (0,)), ([3, 3, 1], (0, 1))])
def test_the_round_limit_names_whoever_holds_the_most_cards(piles, winners) -> None:
    cards = [card(EMPTY, 2000 + i, 2600) for i in range(sum(piles) + 1)]
    ids = iter(range(len(cards)))
    state = table(cards, [[next(ids) for _ in range(n + (s == 2))] for s, n in enumerate(piles)], 2)
    state = begin_round(attrs.evolve(state, round=None, rounds=ROUND_LIMIT), 2)
    assert state.winners == winners
    same_words(state)


class Marked(gettext.NullTranslations):
    """Every message in marks: what a player of another language would read translated."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, one, many, n):
        return f"⟦{one if n == 1 else many}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"


def test_the_reason_is_read_in_the_language_spoken_and_kept_in_english() -> None:
    final, _actions, _states = random_game(2, 7, random.Random(7))
    i18n.install(Marked(), "xx")
    try:
        reason = MATES.outcome(final).reason
    finally:
        i18n.install(gettext.NullTranslations(), "en")
    assert reason.startswith("⟦") and reason.endswith("won every card.⟧")
    assert final.reason.endswith(" won every card.") and "⟦" not in final.reason
