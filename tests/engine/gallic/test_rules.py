"""The Gallic rules through the engine contract, one rule (and one house rule) at a time."""

from __future__ import annotations

import attrs
import pytest

from engine import i18n
from engine.core import HIDDEN, IllegalAction
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import DECK_SIZE, DECKS, GAULS, ROME
from engine.gallic.rules import GALLIC, streaks, wins
from engine.gallic.state import (
    DISCARD,
    OVER,
    REVEAL,
    BattleResolved,
    BattleStarted,
    Exchanged,
    GameEnded,
    Reshuffled,
)
from engine.registry import get

from .helpers import Marked, past, rigged

STRONG = (0, 2, 3, 10, 11, 18, 19, 26)  # L10 R10 R9 T10 T9 S10 S9 M10 = 77
WEAK = (34, 35, 9, 17, 25, 33, 8, 16)  # penalties and threes/fours


def both_keep(state):
    state = GALLIC.apply(state, ROME, Discard())
    return GALLIC.apply(state, GAULS, Discard())


def test_registered_and_described() -> None:
    assert get("gallic") is GALLIC
    assert GALLIC.seat_labels(2) == ("Rome", "Gauls")
    assert GALLIC.options[0].default == 8
    assert set(GALLIC.bots) == {"easy", "strong", "expert"}
    assert "58" in GALLIC.rules_markdown()
    assert GALLIC.rules_markdown().count("House rule") >= 7


def test_decks_hold_all_36_listed_cards() -> None:
    # House rule: the sheet says 35 cards but lists 36; we ship all 36.
    assert len(DECKS[ROME]) == len(DECKS[GAULS]) == DECK_SIZE == 36
    state = GALLIC.new({}, seed=5)
    for side in state.sides:
        assert len(side.hand) == 8 and len(side.deck) == 28
        assert sorted(side.deck + side.hand) == list(range(36))


def test_new_game_defaults_and_determinism() -> None:
    state = GALLIC.new({}, seed=42)
    assert state.battles_to_play == 8 and state.number == 1 and state.phase == DISCARD
    assert state.log == (BattleStarted(number=1),)
    assert GALLIC.new({}, seed=42) == state
    assert GALLIC.new({}, seed=43) != state
    assert GALLIC.new({"battles": 5}, seed=42).battles_to_play == 5
    assert GALLIC.to_move(state) == (ROME, GAULS)
    assert GALLIC.progress(state) == "Battle 1/8 · Rome 0, Gauls 0"
    with pytest.raises(ValueError):
        GALLIC.new({"battles": 0}, seed=1)


def test_full_hand_has_163_exchanges() -> None:
    state = GALLIC.new({}, seed=1)
    actions = GALLIC.legal_actions(state, ROME)
    assert len(actions) == 163 == len(set(actions))
    assert all(list(a.cards) == sorted(a.cards) for a in actions)
    assert Discard() in actions


def test_exchange_draws_at_once_and_logs_privately() -> None:
    state = GALLIC.new({}, seed=3)
    hand = state.sides[ROME].hand
    out = tuple(sorted(hand[:3]))
    after = GALLIC.apply(state, ROME, Discard(out[::-1]))  # order does not matter
    assert after == GALLIC.apply(state, ROME, Discard(out))
    side = after.sides[ROME]
    assert side.exchanged == out and len(side.hand) == 8
    assert side.hand[:5] == tuple(c for c in hand if c not in out)
    assert side.hand[5:] == state.sides[ROME].deck[:3]
    assert after.chosen == {ROME} and GALLIC.to_move(after) == (GAULS,)
    mine, theirs = after.log[-2:]
    assert mine == Exchanged(seat=ROME, count=3, cards=out, visible_to=frozenset({ROME}))
    assert theirs == Exchanged(seat=ROME, count=3, visible_to=frozenset({GAULS}))
    assert after.sides[GAULS] == state.sides[GAULS]


def test_reveal_then_continue_starts_next_battle() -> None:
    state = both_keep(rigged(STRONG, WEAK))
    assert state.phase == REVEAL
    (battle,) = state.battles
    assert battle.totals == (77, 3 + 3 + 3 + 3 + 4 + 4 - 3) and battle.winner == ROME
    assert battle.hands == (STRONG, WEAK)
    assert state.log[-1] == BattleResolved(number=1, totals=battle.totals, winner=ROME)
    assert GALLIC.to_move(state) == (ROME, GAULS)
    assert GALLIC.legal_actions(state, ROME) == (Continue(),)
    assert GALLIC.progress(state) == "Battle 1/8 · Rome 1, Gauls 0"
    state = GALLIC.apply(state, GAULS, Continue())
    assert state.phase == REVEAL and GALLIC.to_move(state) == (ROME,)
    state = GALLIC.apply(state, ROME, Continue())
    assert state.phase == DISCARD and state.number == 2 and state.log[-1] == BattleStarted(2)
    assert state.chosen == state.ready == frozenset()
    for seat, hand in ((ROME, STRONG), (GAULS, WEAK)):
        side = state.sides[seat]
        assert side.discard[-8:] == hand and len(side.hand) == 8 and side.exchanged == ()


def test_exchanged_cards_join_the_discard_pile() -> None:
    state = rigged(STRONG, WEAK)
    state = GALLIC.apply(state, ROME, Discard())
    state = GALLIC.apply(state, GAULS, Discard((34, 35)))
    assert state.sides[GAULS].exchanged == (34, 35)
    state = GALLIC.apply(GALLIC.apply(state, ROME, Continue()), GAULS, Continue())
    assert state.sides[GAULS].discard[-2:] == (34, 35)


def test_discard_count_includes_this_battles_face_down_exchange() -> None:
    # House rule: exchanged cards lie face down on the discard pile, and the count says so,
    # for their owner and for the opponent alike, until the pile is reshuffled.
    state = rigged(STRONG, WEAK, deck=tuple(range(20, 34)))
    before = len(state.sides[GAULS].discard)
    state = GALLIC.apply(state, GAULS, Discard((34, 35)))
    for seat in (ROME, GAULS):
        assert GALLIC.view(state, seat).sides[GAULS].discard_count == before + 2
    state = GALLIC.apply(state, ROME, Discard())
    assert state.phase == REVEAL
    assert GALLIC.view(state, ROME).sides[GAULS].discard_count == before + 2
    state = GALLIC.apply(GALLIC.apply(state, ROME, Continue()), GAULS, Continue())
    assert state.sides[GAULS].discard_count == before + 2 + 8  # the hand joins the pile
    reshuffled = GALLIC.apply(rigged(STRONG, WEAK, deck=(4, 5)), ROME, Discard((3, 11, 19, 26)))
    assert reshuffled.sides[ROME].discard_count == 0  # all shuffled into the new deck


def test_equal_totals_draw_the_battle() -> None:
    state = both_keep(rigged(STRONG, STRONG))
    assert state.battles[-1].winner is None
    assert streaks(state) == (0, 0) and wins(state) == (0, 0)


def test_drawn_battle_breaks_both_streaks() -> None:
    state = both_keep(rigged(STRONG, STRONG, battles=past(GAULS, ROME, ROME)))
    assert streaks(state) == (0, 0)
    state = both_keep(rigged(STRONG, WEAK, battles=past(ROME, ROME, None)))
    assert GALLIC.outcome(state) is None and streaks(state) == (1, 0)


def test_three_in_a_row_wins_at_once() -> None:
    state = both_keep(rigged(WEAK, STRONG, battles=past(ROME, GAULS, GAULS)))
    assert state.phase == OVER and GALLIC.to_move(state) == ()
    result = GALLIC.outcome(state)
    assert result.winners == (GAULS,)
    assert result.reason == "Gauls won three battles in a row."
    assert state.log[-1] == GameEnded(winners=(GAULS,), reason=result.reason)
    assert GALLIC.progress(state) == "Gauls won after 4 battles, Rome 1, Gauls 3"
    assert GALLIC.legal_actions(state, ROME) == ()


def test_last_battle_winner_wins_the_game() -> None:
    history = past(ROME, ROME, GAULS, ROME, ROME, None, ROME)  # Rome 5, Gauls 1
    state = both_keep(rigged(WEAK, STRONG, battles=history))
    result = GALLIC.outcome(state)
    assert state.phase == OVER and result.winners == (GAULS,)
    assert result.reason == "Gauls won the last battle."
    assert GALLIC.progress(state) == "Gauls won after 8 battles, Rome 5, Gauls 2"


def test_no_ninth_battle() -> None:
    history = past(ROME, GAULS, ROME, GAULS, ROME, GAULS, ROME)
    state = both_keep(rigged(STRONG, WEAK, battles=history))
    assert state.phase == OVER and len(state.battles) == 8
    assert GALLIC.outcome(state).winners == (ROME,)


def test_drawn_last_battle_goes_to_more_wins() -> None:
    history = past(ROME, GAULS, ROME, None, GAULS, ROME, ROME)  # Rome 4, Gauls 2
    state = both_keep(rigged(STRONG, STRONG, battles=history))
    result = GALLIC.outcome(state)
    assert result.winners == (ROME,)
    assert "Rome won more battles (4–2)" in result.reason


def test_drawn_last_battle_with_equal_wins_is_a_draw() -> None:
    history = past(ROME, GAULS, ROME, GAULS, None, ROME, GAULS)
    state = both_keep(rigged(STRONG, STRONG, battles=history))
    result = GALLIC.outcome(state)
    assert result.is_draw and "draw" in result.reason
    assert GALLIC.progress(state) == "Draw after 8 battles, Rome 3, Gauls 3"


def test_a_game_played_in_another_language_keeps_the_english_record() -> None:
    """A save made in one language reads in another: the state and its log are the same in
    every language, and whatever a player reads is worded when asked, in the current one."""
    english = both_keep(rigged(WEAK, STRONG, battles=past(ROME, GAULS, GAULS)))
    i18n.install(Marked(), "xx")
    state = both_keep(rigged(WEAK, STRONG, battles=past(ROME, GAULS, GAULS)))
    assert state == english
    assert state.log[-1].reason == "Gauls won three battles in a row."
    assert GALLIC.outcome(state).reason == "«Gauls won «three» battles in a row.»"
    assert GALLIC.progress(state) == "«Gauls won after 4 battles, Rome 1, Gauls 3»"
    assert GALLIC.seat_labels(2) == ("«Rome»", "«Gauls»")
    with pytest.raises(IllegalAction, match="^«Choose the cards to exchange"):
        GALLIC.apply(rigged(WEAK, STRONG), ROME, Continue())


def test_quick_game_ends_after_five() -> None:
    history = past(ROME, GAULS, None, GAULS)
    state = both_keep(rigged(STRONG, WEAK, battles=history, battles_to_play=5))
    assert GALLIC.outcome(state).winners == (ROME,)
    assert GALLIC.outcome(state).reason == "Rome won the last battle."


def test_reshuffle_when_deck_runs_out_during_exchange() -> None:
    state = rigged(STRONG, WEAK, deck=(4, 5))  # two cards left in each deck
    out = (3, 11, 19, 26)
    state = GALLIC.apply(state, ROME, Discard(out))
    side = state.sides[ROME]
    assert side.hand[:4] == (0, 2, 10, 18) and set(side.hand[4:6]) == {4, 5}
    pile = 36 - 8 - 2  # the discard pile, then the four just exchanged
    assert state.log[-1] == Reshuffled(seat=ROME, cards=pile + 4)
    assert side.discard == () and side.exchanged == ()
    assert len(side.deck) == pile + 4 - 2
    assert sorted(side.deck + side.hand) == list(range(36))


def test_reshuffle_when_deck_runs_out_at_battle_start() -> None:
    state = both_keep(rigged(STRONG, WEAK, deck=(4, 5, 6)))
    state = GALLIC.apply(GALLIC.apply(state, ROME, Continue()), GAULS, Continue())
    assert state.log[-3:] == (
        BattleStarted(number=2),
        Reshuffled(seat=ROME, cards=36 - 3),
        Reshuffled(seat=GAULS, cards=36 - 3),
    )
    for side in state.sides:
        assert side.hand[:3] == (4, 5, 6) and len(side.hand) == 8
        assert len(side.deck) == 36 - 8 and side.discard == ()


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (ROME, Discard((0, 2, 3, 10, 11)), "You may exchange at most 4 cards."),
        (ROME, Discard((1,)), "Labienus is not in your hand."),
        (GAULS, Discard((2,)), "Galli is not in your hand."),
        (ROME, Discard((2, 2)), "You chose Legioni twice."),
        (ROME, Discard((99,)), "Card 99 is not in your hand."),
        (ROME, Discard(("Caesar",)), "'Caesar' is not a card."),
        (ROME, Continue(), "Choose the cards to exchange (or none) before the reveal."),
        (2, Discard(), "It is not your turn."),
        (ROME, "surrender", "That is not a move in La Guerra Gallica."),
    ],
)
def test_illegal_actions_are_refused_with_reasons(seat, action, reason) -> None:
    state = rigged(STRONG, WEAK[:4] + (3, 11, 19, 27))
    with pytest.raises(IllegalAction) as err:
        GALLIC.apply(state, seat, action)
    assert err.value.reason == reason


def test_acting_out_of_turn_or_phase() -> None:
    state = GALLIC.apply(rigged(STRONG, WEAK), ROME, Discard())
    with pytest.raises(IllegalAction, match="already chosen"):
        GALLIC.apply(state, ROME, Discard())
    assert GALLIC.legal_actions(state, ROME) == ()
    state = GALLIC.apply(state, GAULS, Discard())
    with pytest.raises(IllegalAction, match="continue to the next battle"):
        GALLIC.apply(state, ROME, Discard())
    state = GALLIC.apply(state, ROME, Continue())
    with pytest.raises(IllegalAction, match="waiting for the other player"):
        GALLIC.apply(state, ROME, Continue())


def test_game_over_refuses_everything() -> None:
    state = both_keep(rigged(STRONG, WEAK, battles=past(ROME, ROME)))
    assert state.phase == OVER
    for action in (Discard(), Continue()):
        with pytest.raises(IllegalAction, match="The game is over."):
            GALLIC.apply(state, ROME, action)


def test_view_hides_secrets_until_the_reveal() -> None:
    state = GALLIC.new({}, seed=9)
    state = GALLIC.apply(state, GAULS, Discard(tuple(sorted(state.sides[GAULS].hand[:2]))))
    view = GALLIC.view(state, ROME)
    assert view.rng is None
    assert view.sides[ROME].hand == state.sides[ROME].hand
    assert view.sides[GAULS].hand == (HIDDEN,) * 8
    assert view.sides[GAULS].exchanged == (HIDDEN,) * 2
    assert all(
        side.deck == (HIDDEN,) * len(real.deck)
        for side, real in zip(view.sides, state.sides, strict=True)
    )
    assert all(e.cards == () for e in view.log if isinstance(e, Exchanged))
    # Two games that differ only in Gallic secrets look the same to Rome.
    other = attrs.evolve(
        state,
        sides=(
            state.sides[ROME],
            attrs.evolve(state.sides[GAULS], hand=state.sides[GAULS].hand[::-1]),
        ),
    )
    assert GALLIC.view(other, ROME) == view
    own = GALLIC.view(state, GAULS)
    assert own.sides[GAULS].exchanged == state.sides[GAULS].exchanged
    assert any(isinstance(e, Exchanged) and e.cards for e in own.log)
    revealed = GALLIC.view(GALLIC.apply(state, ROME, Discard()), ROME)
    assert HIDDEN not in revealed.sides[GAULS].hand + revealed.sides[GAULS].exchanged
