"""The rules of the sheet, one by one, on new games and on rigged positions."""

from __future__ import annotations

import attrs
import pytest

from engine.ataque.actions import Attack, EndPhase, Exchange, MoveIn, Place, Regroup
from engine.ataque.data import (
    CARD_FIGURE,
    CIRCLE,
    CONTINENTS,
    DESTROY,
    OBJECTIVES,
    SQUARE,
    TERRITORIES,
    TERRITORY_COUNT,
    TRIANGLE,
)
from engine.ataque.rules import (
    ATAQUE,
    armies_to_place,
    effective_objective,
    reinforcements,
    territories_of,
)
from engine.ataque.state import (
    ATTACK,
    EXCHANGE,
    MOVE_IN,
    OVER,
    PLACE,
    REGROUP,
    Battle,
    CardDrawn,
    CardsTaken,
    DealerChosen,
    DealerRolled,
    Eliminated,
    Exchanged,
    ObjectiveChanged,
    ObjectiveDrawn,
    Reinforced,
    TerritoriesDealt,
)
from engine.core import HIDDEN, IllegalAction
from engine.rng import Rng

from .helpers import CONT, rigged, t

ASIA, SUR, EUROPA, OCEANIA = CONT["Asia"], CONT["América del Sur"], CONT["Europa"], CONT["Oceanía"]
DICE_SEED = 390727  # an Rng whose first throws are the seed's dice: 4-2-6, 5-3-4, 3-5, 4-2


def objective(text_start: str) -> int:
    return next(i for i, o in enumerate(OBJECTIVES) if o.text.startswith(text_start))


DESTROY_BLACK = objective("Destroy the Black")
DESTROY_RED = objective("Destroy the Red")
DESTROY_WHITE = objective("Destroy the White")
OCCUPY_24 = objective("Occupy 24")
OCCUPY_18 = objective("Occupy 18")
ASIA_SUR = objective("Conquer Asia and América del Sur")
EUROPA_SUR_ONE = objective("Conquer Europa, América del Sur")


def of(figure: str, n: int, skip: int = 0) -> tuple[int, ...]:
    return tuple(c for c in range(42) if CARD_FIGURE[c] == figure)[skip : skip + n]


# --- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_deals_dealer_objectives_and_territories(players: int, seed: int) -> None:
    state = ATAQUE.new({}, seed, players)
    rolls = [e for e in state.log if isinstance(e, DealerRolled)]
    (chosen,) = [e for e in state.log if isinstance(e, DealerChosen)]
    last = rolls[-1]
    assert max(last.values) == last.values[last.seats.index(chosen.seat)]
    assert last.values.count(max(last.values)) == 1  # ties throw again
    for earlier in rolls[:-1]:
        assert earlier.values.count(max(earlier.values)) > 1
    dealer = state.dealer
    assert dealer == chosen.seat
    # Objectives: one each, never a destroy card for a colour not in play.
    objectives = [p.objective for p in state.players]
    assert len(set(objectives)) == players
    for o in objectives:
        assert OBJECTIVES[o].kind != DESTROY or OBJECTIVES[o].colour < players
    drawn = [e for e in state.log if isinstance(e, ObjectiveDrawn)]
    for e in drawn:
        assert (e.objective == HIDDEN) == (e.visible_to != frozenset({e.seat}))
    # Territories: dealt from the dealer round to his left; 1 army each.
    counts = [len(territories_of(state, s)) for s in range(players)]
    extra = TERRITORY_COUNT % players
    for i in range(players):
        assert counts[(dealer + i) % players] == TERRITORY_COUNT // players + (i < extra)
    assert set(state.armies) == {1}
    dealt = [e for e in state.log if isinstance(e, TerritoriesDealt)]
    assert sorted(x for e in dealt for x in e.territories) == list(range(TERRITORY_COUNT))
    # The player after the one who got the last card starts; 44 cards in the pile.
    assert state.starter == (dealer + TERRITORY_COUNT) % players == state.active
    assert sorted(state.deck) == list(range(44))
    assert state.first_round_armies == max(3, counts[state.starter] // 2)
    assert state.phase == PLACE and state.to_place == state.first_round_armies


def test_first_round_everybody_gets_the_starters_figure() -> None:
    # Seat 1 holds 20 territories, but round 1 gives the starter's 4 to everybody.
    owners = {name: 1 for name in _names(20)}
    state = rigged(owners, phase=REGROUP, round=1, first_round_armies=4, default_owner=0)
    state = ATAQUE.apply(state, 0, EndPhase())
    assert state.active == 1 and state.round == 1
    reinforced = [e for e in state.log if isinstance(e, Reinforced)][-1]
    assert reinforced.first_round and reinforced.armies == 4 and state.to_place == 4
    # From round 2 it is the player's own territories, halved.
    state = attrs.evolve(state, round=2)
    assert reinforcements(state, 1) == (10, ())


def _names(n: int, but: tuple[str, ...] = ("Argelia", "Brasil")) -> list[str]:
    """The first ``n`` territories in id order, leaving out those named in ``but``."""
    return [name for name in TERRITORIES if name not in but][:n]


def test_reinforcements_the_seeds_example_and_the_minimum() -> None:
    # "Si el jugador tiene 9 territorios ocupados, le corresponderá 4 ejércitos".
    state = rigged({name: 0 for name in _names(9)}, default_owner=1, players=3)
    assert reinforcements(state, 0) == (4, ())
    # "El mínimo de ejércitos a recibir es SIEMPRE 3", even with fewer than 6 territories.
    state = rigged({name: 0 for name in _names(2)}, default_owner=1, players=3)
    assert reinforcements(state, 0) == (3, ())
    state = rigged({name: 0 for name in _names(7)}, default_owner=1, players=3)
    assert reinforcements(state, 0) == (3, ())


# --- continents ----------------------------------------------------------------------------


def oceania_for_seat_0(**fields):
    owners = {"Australia": 0, "Borneo": 0, "Nueva Guinea": 0, "Sumatra": 0, "Alaska": 0}
    state = rigged(owners, phase=REGROUP, active=2, default_owner=1, **fields)
    return ATAQUE.apply(state, 2, EndPhase())  # seat 0's turn starts


def test_continent_bonus_must_be_placed_inside_the_continent() -> None:
    state = oceania_for_seat_0()
    assert state.active == 0 and state.phase == PLACE
    assert state.to_place == 3 and state.bonus_left[OCEANIA] == 2
    assert armies_to_place(state) == 5
    reinforced = [e for e in state.log if isinstance(e, Reinforced)][-1]
    assert reinforced.continents == (OCEANIA,)
    legal = ATAQUE.legal_actions(state, 0)
    assert Place(t("Alaska"), 3) in legal and Place(t("Alaska"), 5) not in legal
    assert Place(t("Borneo"), 5) in legal
    with pytest.raises(IllegalAction, match="Between 1 and 3"):
        ATAQUE.apply(state, 0, Place(t("Alaska"), 4))
    state = ATAQUE.apply(state, 0, Place(t("Alaska"), 3))
    # Only the bonus is left: it goes inside Oceanía.
    with pytest.raises(IllegalAction, match="Oceanía"):
        ATAQUE.apply(state, 0, Place(t("Alaska"), 1))
    state = ATAQUE.apply(state, 0, Place(t("Sumatra"), 2))
    assert state.phase == ATTACK
    assert state.armies[t("Sumatra")] == 3 and state.armies[t("Alaska")] == 4


def test_bonus_is_spent_first_inside_its_continent() -> None:
    state = oceania_for_seat_0()
    state = ATAQUE.apply(state, 0, Place(t("Borneo"), 4))
    assert state.bonus_left[OCEANIA] == 0 and state.to_place == 1


# --- exchanges -----------------------------------------------------------------------------


def test_exchange_is_compulsory_and_follows_tabla_i_with_the_plus_two() -> None:
    circles = of(CIRCLE, 3)  # Alemania, Argelia, Brasil
    hand = circles + of(SQUARE, 1) + of(TRIANGLE, 1)
    owners = {"Alemania": 0, "Alaska": 0}
    state = rigged(owners, hands={0: hand}, phase=REGROUP, active=2, default_owner=1)
    state = ATAQUE.apply(state, 2, EndPhase())
    assert state.phase == EXCHANGE
    with pytest.raises(IllegalAction, match="before placing|compulsory"):
        ATAQUE.apply(state, 0, Place(t("Alaska"), 1))
    legal = ATAQUE.legal_actions(state, 0)
    assert all(isinstance(a, Exchange) for a in legal) and Exchange(circles) in legal
    with pytest.raises(IllegalAction, match="not a set"):
        ATAQUE.apply(state, 0, Exchange((circles[0], circles[1], hand[3])))
    state = ATAQUE.apply(state, 0, Exchange(circles))
    (ex,) = [e for e in state.log if isinstance(e, Exchanged)]
    assert (ex.number, ex.armies, ex.bonus_on) == (1, 4, (t("Alemania"),))
    assert state.armies[t("Alemania")] == 3  # +2 at once on the owned card's territory
    assert state.to_place == 3 + 4 and state.phase == PLACE
    assert state.discard == circles and state.players[0].hand == hand[3:]
    assert state.players[0].exchanges == 1


def test_later_exchanges_give_more_and_several_sets_are_all_exchanged() -> None:
    hand = of(CIRCLE, 3) + of(SQUARE, 3)
    state = rigged({"Alaska": 0}, hands={0: hand}, phase=REGROUP, active=2, default_owner=1)
    state = attrs.evolve(
        state, players=(attrs.evolve(state.players[0], exchanges=5),) + state.players[1:]
    )
    state = ATAQUE.apply(state, 2, EndPhase())
    state = ATAQUE.apply(state, 0, Exchange(of(CIRCLE, 3)))
    assert state.phase == EXCHANGE  # another set in hand: exchange again
    state = ATAQUE.apply(state, 0, Exchange(of(SQUARE, 3)))
    numbers = [(e.number, e.armies) for e in state.log if isinstance(e, Exchanged)]
    assert numbers == [(6, 15), (7, 20)]
    assert state.phase == PLACE and state.to_place == 3 + 15 + 20


# --- battles -------------------------------------------------------------------------------


def test_the_seeds_dice_example_in_a_battle() -> None:
    # 6-4-2 vs 5-4-3, then 5-3 vs 4-2. The attacker needs 3 armies left for his 2 dice.
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 5, "Brasil": 3},
        default_owner=2,
        rng=Rng.from_seed(DICE_SEED),
    )
    state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    battle = state.log[-1]
    assert isinstance(battle, Battle)
    assert (battle.attack, battle.defence) == ((6, 4, 2), (5, 4, 3))
    assert (battle.attacker_lost, battle.defender_lost) == (2, 1)
    assert state.armies[t("Argelia")] == 3 and state.armies[t("Brasil")] == 2
    state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 2))
    second = next(e for e in reversed(state.log) if isinstance(e, Battle))
    assert (second.attack, second.defence) == ((5, 3), (4, 2))
    assert (second.attacker_lost, second.defender_lost) == (0, 2)
    # Conquered: "el atacante avanza con un ejército de ocupación al territorio conquistado".
    assert state.owner[t("Brasil")] == 0 and state.conquered
    assert state.armies[t("Brasil")] == 1 and state.armies[t("Argelia")] == 2
    assert state.phase == ATTACK


def test_with_the_up_to_three_option_more_armies_may_follow() -> None:
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 5, "Brasil": 3},
        rng=Rng.from_seed(DICE_SEED),
        conquest_most=3,
    )
    state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 2))
    # One army moves in at once, then up to 2 more may follow (leaving one behind).
    assert state.armies[t("Brasil")] == 1 and state.armies[t("Argelia")] == 2
    assert state.phase == MOVE_IN
    assert ATAQUE.legal_actions(state, 0) == (MoveIn(0), MoveIn(1))
    state = ATAQUE.apply(state, 0, MoveIn(1))
    assert state.armies[t("Brasil")] == 2 and state.armies[t("Argelia")] == 1
    assert state.phase == ATTACK


def test_attack_limits() -> None:
    state = rigged(
        {"Argelia": 0, "Brasil": 1, "Egipto": 0},
        armies={"Argelia": 3, "Egipto": 1},
        default_owner=1,
    )
    legal = ATAQUE.legal_actions(state, 0)
    assert Attack(t("Argelia"), t("Brasil"), 2) in legal
    assert Attack(t("Argelia"), t("Brasil"), 1) in legal
    assert Attack(t("Argelia"), t("Brasil"), 3) not in legal
    assert not any(isinstance(a, Attack) and a.source == t("Egipto") for a in legal)
    with pytest.raises(IllegalAction, match="1 to 2 dice"):
        ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    with pytest.raises(IllegalAction, match="occupying army"):
        ATAQUE.apply(state, 0, Attack(t("Egipto"), t("Sudán"), 1))
    with pytest.raises(IllegalAction, match="do not border"):
        ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Perú"), 1))
    with pytest.raises(IllegalAction, match="is yours"):
        ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Egipto"), 1))
    with pytest.raises(IllegalAction, match="not your turn"):
        ATAQUE.apply(state, 1, EndPhase())
    with pytest.raises(IllegalAction, match="End the attack phase"):
        ATAQUE.apply(state, 0, Regroup(t("Argelia"), t("Egipto"), 1))


def test_defender_throws_as_many_dice_as_he_may() -> None:
    for defenders, dice in ((1, 1), (2, 2), (3, 3), (7, 3)):
        state = rigged({"Argelia": 0, "Brasil": 1}, armies={"Argelia": 9, "Brasil": defenders})
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
        battle = next(e for e in reversed(state.log) if isinstance(e, Battle))
        assert len(battle.defence) == dice and len(battle.attack) == 3


# --- regroup -------------------------------------------------------------------------------


def test_regroup_moves_each_army_once_and_keeps_one_behind() -> None:
    owners = {"Argentina": 0, "Brasil": 0, "Perú": 0, "Venezuela": 0}
    state = rigged(owners, armies={"Argentina": 5}, phase=REGROUP, default_owner=1)
    with pytest.raises(IllegalAction, match="Between 1 and 4"):
        ATAQUE.apply(state, 0, Regroup(t("Argentina"), t("Brasil"), 5))
    state = ATAQUE.apply(state, 0, Regroup(t("Argentina"), t("Brasil"), 4))
    assert state.armies[t("Brasil")] == 5 and state.arrived[t("Brasil")] == 4
    # Brasil's 4 newcomers may not move again: only its own army could, and it must stay.
    with pytest.raises(IllegalAction):
        ATAQUE.apply(state, 0, Regroup(t("Brasil"), t("Venezuela"), 2))
    state = ATAQUE.apply(state, 0, Regroup(t("Brasil"), t("Venezuela"), 1))
    assert state.armies[t("Brasil")] == 4 and state.armies[t("Venezuela")] == 2
    with pytest.raises(IllegalAction, match="No army can leave"):
        ATAQUE.apply(state, 0, Regroup(t("Argentina"), t("Perú"), 1))
    with pytest.raises(IllegalAction, match="do not border"):
        ATAQUE.apply(state, 0, Regroup(t("Argentina"), t("Venezuela"), 1))
    with pytest.raises(IllegalAction, match="not yours"):
        ATAQUE.apply(state, 0, Regroup(t("Venezuela"), t("México"), 1))
    legal = ATAQUE.legal_actions(state, 0)
    assert Regroup(t("Brasil"), t("Perú"), 1) not in legal  # nothing free left in Brasil
    assert legal[-1] == EndPhase()


# --- cards ---------------------------------------------------------------------------------


def test_a_card_only_after_a_conquest() -> None:
    state = rigged({"Alaska": 0}, phase=REGROUP)
    state = ATAQUE.apply(state, 0, EndPhase())
    assert state.players[0].hand == ()
    state = rigged({"Alaska": 0}, phase=REGROUP, conquered=True)
    state = ATAQUE.apply(state, 0, EndPhase())
    (card,) = state.players[0].hand
    assert card == 0 and len(state.deck) == 43
    drawn = [e for e in state.log if isinstance(e, CardDrawn)]
    assert {e.card for e in drawn} == {card, HIDDEN}


def test_the_victims_cards_pass_to_the_eliminator() -> None:
    cards = of(CIRCLE, 2) + (43,)
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 30, "Brasil": 1},
        hands={1: cards, 0: of(SQUARE, 1)},
    )
    state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    while state.owner[t("Brasil")] != 0:
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    assert not state.players[1].alive and state.players[1].eliminated_by == 0
    assert state.players[1].hand == () and state.players[0].hand == of(SQUARE, 1) + cards
    (gone,) = [e for e in state.log if isinstance(e, Eliminated)]
    assert (gone.victim, gone.by, gone.cards) == (1, 0, 3)
    taken = [e for e in state.log if isinstance(e, CardsTaken)]
    assert {e.cards for e in taken} == {cards, (HIDDEN,) * 3}
    # The eliminated seat never plays again.
    state = ATAQUE.apply(state, 0, MoveIn(0)) if state.phase == MOVE_IN else state
    state = ATAQUE.apply(ATAQUE.apply(state, 0, EndPhase()), 0, EndPhase())
    assert state.active == 2


# --- objectives ----------------------------------------------------------------------------


def test_destroy_objective_is_met_by_the_eliminator() -> None:
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 30},
        objectives=(DESTROY_BLACK, OCCUPY_18, OCCUPY_18),
    )
    while ATAQUE.outcome(state) is None:
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    assert ATAQUE.outcome(state).winners == (0,)
    assert "Destroy the Black" in ATAQUE.outcome(state).reason


def test_destroy_falls_back_to_24_when_another_player_eliminates_the_colour() -> None:
    # Seat 0 must destroy Red (seat 2) and holds 24 territories; Black destroys Red instead.
    owners = {name: 0 for name in _names(24)}
    owners.update({"Argelia": 1, "Brasil": 2})
    state = rigged(
        owners,
        armies={"Argelia": 30},
        objectives=(DESTROY_RED, OCCUPY_18, ASIA_SUR),
        default_owner=1,
        active=1,
    )
    assert effective_objective(state, 0) == DESTROY_RED
    while ATAQUE.outcome(state) is None:
        state = ATAQUE.apply(state, 1, Attack(t("Argelia"), t("Brasil"), 3))
    assert effective_objective(state, 0) == OCCUPY_24
    assert any(isinstance(e, ObjectiveChanged) and e.seat == 0 for e in state.log)
    assert ATAQUE.outcome(state).winners == (0,)  # met at once, on Black's turn


def test_destroy_your_own_colour_means_24_territories() -> None:
    state = rigged({name: 0 for name in _names(23)}, objectives=(DESTROY_WHITE, 8, 9))
    assert effective_objective(state, 0) == OCCUPY_24
    state = rigged(
        {**{name: 0 for name in _names(22)}, "Argelia": 0, "Brasil": 1},
        armies={"Argelia": 30},
        objectives=(DESTROY_WHITE, 8, 9),
    )
    while state.owner[t("Brasil")] != 0:
        assert ATAQUE.outcome(state) is None
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    assert ATAQUE.outcome(state).winners == (0,) and len(territories_of(state, 0)) == 24


def test_18_territories_with_two_armies_can_be_met_while_placing() -> None:
    owners = {name: 0 for name in _names(18)}
    armies = {name: 2 for name in _names(17)}
    state = rigged(owners, armies=armies, objectives=(OCCUPY_18, 7, 8), phase=PLACE, to_place=3)
    state = ATAQUE.apply(state, 0, Place(t(_names(18)[-1]), 1))
    assert ATAQUE.outcome(state).winners == (0,)


def test_continent_objectives() -> None:
    asia = [t_ for t_ in CONTINENTS[ASIA].territories]
    sur = list(CONTINENTS[SUR].territories)
    owners = {TERRITORIES[x]: 0 for x in asia + sur[1:]}
    owners[TERRITORIES[sur[0]]] = 1  # Argentina
    state = rigged(
        {**owners, "Brasil": 0},
        armies={"Brasil": 20},
        objectives=(ASIA_SUR, 7, 8),
    )
    assert ATAQUE.outcome(state) is None
    while ATAQUE.outcome(state) is None:
        state = ATAQUE.apply(state, 0, Attack(t("Brasil"), t("Argentina"), 3))
    assert ATAQUE.outcome(state).winners == (0,)
    # Europa, América del Sur and one more: the third can be any other continent.
    owners = {TERRITORIES[x]: 0 for c in (EUROPA, SUR, OCEANIA) for x in CONTINENTS[c].territories}
    state = rigged(owners, objectives=(EUROPA_SUR_ONE, 7, 8), phase=PLACE, to_place=3)
    state = ATAQUE.apply(state, 0, Place(t("Brasil"), 1))
    assert ATAQUE.outcome(state).winners == (0,)
    owners.pop("Sumatra")
    state = rigged(owners, objectives=(EUROPA_SUR_ONE, 7, 8), phase=PLACE, to_place=3)
    state = ATAQUE.apply(state, 0, Place(t("Brasil"), 1))
    assert ATAQUE.outcome(state) is None


def test_the_last_army_standing_wins() -> None:
    state = rigged(
        {"Argelia": 0, "Brasil": 1},
        armies={"Argelia": 50},
        players=3,
        default_owner=0,
        objectives=(OCCUPY_18, 7, 8),
    )
    state = attrs.evolve(
        state,
        players=state.players[:2] + (attrs.evolve(state.players[2], alive=False, eliminated_by=0),),
    )
    while ATAQUE.outcome(state) is None:
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t("Brasil"), 3))
    assert ATAQUE.outcome(state).winners == (0,)


def test_round_limit_ends_in_a_draw() -> None:
    state = rigged({"Alaska": 0}, phase=REGROUP, active=2, round_limit=3, default_owner=1)
    state = ATAQUE.apply(state, 2, EndPhase())
    assert state.phase == OVER and ATAQUE.outcome(state).winners == ()
    assert "3 rounds" in ATAQUE.outcome(state).reason
    assert ATAQUE.to_move(state) == () and ATAQUE.legal_actions(state, 0) == ()
    with pytest.raises(IllegalAction, match="over"):
        ATAQUE.apply(state, 0, EndPhase())


# --- views ---------------------------------------------------------------------------------


def test_views_hide_objectives_hands_and_the_pile_until_the_end() -> None:
    state = ATAQUE.new({}, 7, 4)
    state = attrs.evolve(
        state,
        players=tuple(attrs.evolve(p, hand=(s, 10 + s)) for s, p in enumerate(state.players)),
    )
    view = ATAQUE.view(state, 1)
    assert view.rng is None and set(view.deck) == {HIDDEN} and len(view.deck) == 44
    for s, p in enumerate(view.players):
        if s == 1:
            assert p == state.players[1]
        else:
            assert p.objective == HIDDEN and p.hand == (HIDDEN, HIDDEN)
    assert all(e.visible(1) for e in view.log)
    over = attrs.evolve(state, phase=OVER, winners=(0,), reason="test")
    assert [p.objective for p in ATAQUE.view(over, 1).players] == [
        p.objective for p in state.players
    ]


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        ATAQUE.new({}, 1, 2)
    with pytest.raises(ValueError):
        ATAQUE.new({"conquest_move": 2}, 1, 4)
    with pytest.raises(ValueError):
        ATAQUE.new({"round_limit": -1}, 1, 4)
    assert ATAQUE.seat_labels(3) == ("White", "Black", "Red")
    assert "House rule:" in ATAQUE.rules_markdown()
