"""The sheet's own rules are the defaults; TEG's habits are setup options marked as house
rules; what the sheet leaves open is labelled in the in-app rules."""

from __future__ import annotations

import json
import re
from itertools import combinations_with_replacement

import attrs
import pytest

from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place
from engine.ataque.board import objective_report
from engine.ataque.data import (
    CARD_FIGURE,
    CIRCLE,
    FIGURES,
    HAND_LIMIT,
    SQUARE,
    TRIANGLE,
    WILD,
    exchange_armies,
    sets_in,
)
from engine.ataque.rules import ATAQUE
from engine.ataque.state import (
    ATTACK,
    EXCHANGE,
    MOVE_IN,
    OVER,
    PLACE,
    REGROUP,
    AtaqueState,
    CardDrawn,
    DeckReshuffled,
    Exchanged,
    GameEnded,
    NothingDrawn,
)
from engine.core import HIDDEN, IllegalAction
from engine.rng import Rng
from saves.convert import converter_for

from .helpers import rigged, t
from .test_rules import ASIA_SUR, DESTROY_BLACK, DICE_SEED, OCCUPY_18, OCCUPY_24, of


def option(key: str):
    return next(o for o in ATAQUE.options if o.key == key)


def labels(key: str) -> dict:
    return {value: label for label, value in option(key).choices}


def take_brasil(state):
    """Seat 0 attacks Brasil from Argelia with the most dice until it falls."""
    while state.owner[t("Brasil")] != 0:
        assert state.phase == ATTACK
        dice = min(3, state.armies[t("Argelia")] - 1)
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), dice))
    return state


# --- conquest: one army moves in ---------------------------------------------------------------


def test_by_default_exactly_one_army_moves_in_after_a_conquest() -> None:
    # "El ganador puede avanzar con un solo ejército al territorio conquistado."
    assert option("conquest_move").default == 1
    assert ATAQUE.new({}, 5, 3).conquest_most == 1
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 5, "Brasil": 3},
        rng=Rng.from_seed(DICE_SEED),  # the sheet's example: 6-4-2 vs 5-4-3, then 5-3 vs 4-2
    )
    state = take_brasil(state)
    assert state.phase == ATTACK and state.pending is None
    assert state.armies[t("Brasil")] == 1 and state.armies[t("Argelia")] == 2
    assert not any(isinstance(a, MoveIn) for a in ATAQUE.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        ATAQUE.apply(state, 0, MoveIn(1))


def test_up_to_three_armies_is_a_setup_option_marked_as_a_house_rule() -> None:
    moves = labels("conquest_move")
    assert set(moves) == {1, 3}
    assert "as printed" in moves[1].lower()
    assert "house rule" in moves[3].lower() and "house rule" not in moves[1].lower()
    state = ATAQUE.new({"conquest_move": 3}, 5, 3)
    assert state.conquest_most == 3
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 9, "Brasil": 1},
        conquest_most=3,
    )
    state = take_brasil(state)
    assert state.phase == MOVE_IN and ATAQUE.legal_actions(state, 0)[-1] == MoveIn(2)


# --- exchanged cards leave the game --------------------------------------------------------------


def test_exchanged_cards_leave_the_game() -> None:
    # "deberá entregarlas al Distribuidor, el que las separa del juego"
    assert option("reshuffle").default is False
    assert ATAQUE.new({}, 5, 3).reshuffle is False
    circles = of(CIRCLE, 3)
    state = rigged({"Alaska": 0}, hands={0: circles}, phase=REGROUP, active=2, default_owner=1)
    state = ATAQUE.apply(state, 2, EndPhase())
    state = ATAQUE.apply(state, 0, Exchange(circles))
    assert state.discard == circles and not set(circles) & set(state.deck)
    # Later the draw pile runs out: the cards handed in do not come back.
    state = attrs.evolve(state, phase=REGROUP, conquered=True, deck=(), arrived=(0,) * 42)
    state = ATAQUE.apply(state, 0, EndPhase())
    assert state.players[0].hand == () and state.deck == () and state.discard == circles
    assert not any(isinstance(e, DeckReshuffled | CardDrawn) for e in state.log)


def test_an_empty_draw_pile_gives_nothing_and_the_log_says_so() -> None:
    state = rigged({"Alaska": 0}, phase=REGROUP, conquered=True, deck=(), discard=(5, 6, 7))
    state = ATAQUE.apply(state, 0, EndPhase())
    assert state.players[0].hand == ()
    (empty,) = [e for e in state.log if isinstance(e, NothingDrawn)]
    assert empty.seat == 0 and empty.visible_to is None  # everybody reads it
    assert state.active == 1 and state.phase == PLACE


def test_teg_reshuffle_is_a_setup_option_marked_as_a_house_rule() -> None:
    choices = labels("reshuffle")
    assert set(choices) == {False, True}
    assert "as printed" in choices[False].lower()
    assert "house rule" in choices[True].lower() and "house rule" not in choices[False].lower()
    assert ATAQUE.new({"reshuffle": True}, 5, 3).reshuffle is True
    state = rigged(
        {"Alaska": 0}, phase=REGROUP, conquered=True, deck=(), discard=(5, 6, 7), reshuffle=True
    )
    state = ATAQUE.apply(state, 0, EndPhase())
    assert any(isinstance(e, DeckReshuffled) for e in state.log)
    (card,) = state.players[0].hand
    assert card in (5, 6, 7) and len(state.deck) == 2 and state.discard == ()
    assert not any(isinstance(e, NothingDrawn) for e in state.log)


def test_the_options_are_checked() -> None:
    with pytest.raises(ValueError, match="reshuffle"):
        ATAQUE.new({"reshuffle": "yes"}, 1, 4)


# --- old saves -----------------------------------------------------------------------------------


def test_new_rules_version_and_an_old_config() -> None:
    assert ATAQUE.rules_version == 2
    # A config saved before the reshuffle option existed keeps its own conquest_move, and
    # the missing key takes the printed rule.
    old = ATAQUE.new({"conquest_move": 3, "round_limit": 100}, 1, 4)
    assert (old.conquest_most, old.reshuffle) == (3, False)
    old = ATAQUE.new({"conquest_move": 1, "round_limit": 100}, 1, 4)
    assert (old.conquest_most, old.reshuffle) == (1, False)


def test_a_state_saved_before_the_reshuffle_option_loads() -> None:
    conv = converter_for(ATAQUE)
    state = ATAQUE.new({"conquest_move": 3}, 1, 4)
    plain = json.loads(json.dumps(conv.unstructure(state, AtaqueState)))
    del plain["reshuffle"]  # written by rules version 1
    loaded = conv.structure(plain, AtaqueState)
    assert loaded.conquest_most == 3 and loaded.reshuffle is False


# --- more than 5 cards after an elimination ------------------------------------------------------


def eliminating(mine: tuple[int, ...], theirs: tuple[int, ...], **fields):
    """Seat 0, holding ``mine``, is about to take Brasil, Black's last territory, from
    Argelia; Black holds ``theirs``."""
    return rigged(
        {"Argelia": 0, "Brasil": 1, "Egipto": 0},
        armies={"Argelia": 30, "Brasil": 1},
        hands={0: mine, 1: theirs},
        objectives=(OCCUPY_18, OCCUPY_18, OCCUPY_18),
        **fields,
    )


NO_SET_OF_4 = of(CIRCLE, 2) + of(SQUARE, 2)


def test_more_than_five_cards_after_an_elimination_are_exchanged_at_once() -> None:
    assert not sets_in(NO_SET_OF_4)
    state = take_brasil(eliminating(NO_SET_OF_4, of(TRIANGLE, 2)))
    assert len(state.players[0].hand) == 6 > HAND_LIMIT
    assert state.phase == EXCHANGE and state.active == 0
    with pytest.raises(IllegalAction, match="compulsory"):
        ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Sudán"), 3))
    with pytest.raises(IllegalAction):
        ATAQUE.apply(state, 0, EndPhase())
    legal = ATAQUE.legal_actions(state, 0)
    assert legal and all(isinstance(a, Exchange) for a in legal)
    state = ATAQUE.apply(state, 0, legal[0])
    assert len(state.players[0].hand) == 3  # at most 4: no further exchange now
    (ex,) = [e for e in state.log if isinstance(e, Exchanged)]
    assert (ex.number, ex.armies) == (1, exchange_armies(1))
    # The armies are placed at once, then the attack goes on.
    assert state.phase == PLACE and state.to_place == exchange_armies(1)
    state = ATAQUE.apply(state, 0, Place(t("Egipto"), state.to_place))
    assert state.phase == ATTACK
    assert ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Sudán"), 3)).phase != EXCHANGE


def test_set_after_set_until_at_most_four() -> None:
    mine = NO_SET_OF_4
    theirs = of(TRIANGLE, 3) + of(CIRCLE, 1, skip=2)  # 8 cards in all
    state = take_brasil(eliminating(mine, theirs))
    assert state.phase == EXCHANGE and len(state.players[0].hand) == 8
    state = ATAQUE.apply(state, 0, Exchange(of(TRIANGLE, 3)))
    assert state.phase == EXCHANGE and len(state.players[0].hand) == 5  # still above 4
    state = ATAQUE.apply(state, 0, ATAQUE.legal_actions(state, 0)[0])
    assert len(state.players[0].hand) == 2 and state.phase == PLACE
    assert state.to_place == exchange_armies(1) + exchange_armies(2)


def test_five_cards_wait_for_the_next_turn() -> None:
    state = take_brasil(eliminating(NO_SET_OF_4, of(TRIANGLE, 1)))
    assert len(state.players[0].hand) == HAND_LIMIT and state.phase == ATTACK


def test_the_move_in_comes_first_under_the_up_to_three_option() -> None:
    state = take_brasil(eliminating(NO_SET_OF_4, of(TRIANGLE, 2), conquest_most=3))
    assert state.phase == MOVE_IN
    state = ATAQUE.apply(state, 0, MoveIn(2))
    assert state.phase == EXCHANGE and state.armies[t("Brasil")] == 3


def test_an_elimination_that_wins_ends_the_game_at_once() -> None:
    state = eliminating(NO_SET_OF_4, of(TRIANGLE, 2))
    state = attrs.evolve(
        state,
        players=(attrs.evolve(state.players[0], objective=DESTROY_BLACK),) + state.players[1:],
    )
    state = take_brasil(state)
    assert state.phase == OVER and ATAQUE.outcome(state).winners == (0,)


def test_every_hand_of_five_cards_holds_a_set() -> None:
    # Why a hand above 5 can always be brought down to 4: any 5 cards include a set.
    cards = {f: [c for c in range(44) if CARD_FIGURE[c] == f] for f in (*FIGURES, WILD)}
    for figures in combinations_with_replacement((*FIGURES, WILD), HAND_LIMIT):
        if figures.count(WILD) > 2:
            continue
        hand = tuple(cards[f][i] for f in set(figures) for i in range(figures.count(f)))
        assert sets_in(hand), figures


# --- the end: every objective is shown -----------------------------------------------------------


def test_at_the_end_every_objective_is_reported() -> None:
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 30},
        objectives=(DESTROY_BLACK, OCCUPY_24, ASIA_SUR),
    )
    state = take_brasil(state)
    assert ATAQUE.outcome(state).winners == (0,)
    (ended,) = [e for e in state.log if isinstance(e, GameEnded)]
    assert ended.objectives == (DESTROY_BLACK, OCCUPY_24, ASIA_SUR)
    view = ATAQUE.view(state, 2)
    report = objective_report(view)
    assert [line.objective for line in report] == [DESTROY_BLACK, OCCUPY_24, ASIA_SUR]
    assert [line.met for line in report] == [True, False, False]
    assert report[1].eliminated_by == 0 and not report[1].alive
    assert "Asia" in report[2].progress and "América del Sur" in report[2].progress
    # A view from the middle of a game never reveals them.
    hidden = attrs.evolve(state, phase=ATTACK, winners=(), reason="")
    assert objective_report(ATAQUE.view(hidden, 2))[0].objective == HIDDEN


# --- the in-app rules label every decision -------------------------------------------------------


def house_rules() -> list[str]:
    text = ATAQUE.rules_markdown()
    items = re.split(r"\n(?=- )", text.split("## House rules", 1)[1])
    return [" ".join(i.split()) for i in items if i.startswith("- **House rule")]


@pytest.mark.parametrize(
    "words",
    [
        ("4, 6, 8, 10, 12, 15", "WAR"),
        ("blanco", "negro", "rojo", "azul", "amarillo", "verde"),
        ("tie", "throw again"),
        ("24 territories", "destroy"),
        ("up to 3", "setup"),
        ("reshuffled", "setup"),
        ("draw pile is empty", "nothing"),
        ("more than 5", "at most 4"),
        ("always", "set"),
        ("objectives shown at the end", "however the game ended"),
        ("Tabla II", "América del Norte 5", "Asia 7", "Oceanía 2"),
    ],
)
def test_the_in_app_rules_label_each_decision_as_a_house_rule(words: tuple[str, ...]) -> None:
    assert any(all(w.lower() in rule.lower() for w in words) for rule in house_rules()), words


def test_the_in_app_rules_state_the_printed_defaults() -> None:
    text = " ".join(ATAQUE.rules_markdown().split("## House rules", 1)[0].split())
    assert "exactly 1 army" in text.lower()
    assert "leave the game" in text.lower()
    # No hand limit is printed: 6 cards between turns is the sheet's, not ours.
    assert "no hand limit" in text and "6 between turns" in text
    assert not any("at most 5 cards" in rule for rule in house_rules())
    # Showing every objective at the end is printed, not a house rule.
    assert "o si el juego termina y otro jugador ha ganado" in text


def test_the_in_app_rules_describe_every_bot_level() -> None:
    bots = ATAQUE.rules_markdown().split("## Bots", 1)[1]
    for level in ATAQUE.bots:
        assert f"- **{level}**" in bots, level
