"""The searching bot: legal moves from a view alone, blind to what its seat cannot see, worlds
that fit the view, and the plain good sense a player would expect of it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ataque import expert as expert_module
from engine.ataque.actions import Attack, EndPhase
from engine.ataque.board import objective_met
from engine.ataque.data import CARD_COUNT, CONTINENTS, OBJECTIVES, TERRITORIES
from engine.ataque.evaluation import FEATURES, WEIGHTS, features, win_chances
from engine.ataque.inference import beliefs
from engine.ataque.plans import PLANS
from engine.ataque.rules import ATAQUE
from engine.ataque.sampling import possible_objectives
from engine.ataque.state import ATTACK, EXCHANGE, OVER, PLACE, REGROUP, Placed, TurnEnded
from engine.core import HIDDEN, IllegalAction

from .helpers import CONT, leader_one_short, rigged, t
from .test_rules import ASIA_SUR, DESTROY_BLACK, OCCUPY_18, OCCUPY_24

expert = ATAQUE.bots["expert"]


def legal(state, seat, action) -> bool:
    try:
        ATAQUE.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


def positions(seed: int, players: int = 4, plies: int = 600):
    """Positions of a game of ``strong`` bots, one every few plies, of every phase."""
    strong = ATAQUE.bots["strong"]
    state = ATAQUE.new({}, seed, players)
    rng = random.Random(seed)
    out = []
    for ply in range(plies):
        if ATAQUE.outcome(state) is not None:
            break
        (seat,) = ATAQUE.to_move(state)
        if ply % 23 == 0:
            out.append(state)
        state = ATAQUE.apply(state, seat, strong(ATAQUE.view(state, seat), seat, rng))
    return out


@pytest.fixture(scope="module")
def game_positions():
    return positions(7)


def test_expert_and_oracles_move_legally_in_real_positions(game_positions) -> None:
    phases = Counter()
    for i, state in enumerate(game_positions):
        (seat,) = ATAQUE.to_move(state)
        phases[state.phase] += 1
        action = expert(ATAQUE.view(state, seat), seat, random.Random(i))
        assert legal(state, seat, action), (state.phase, action)
        if i % 3 == 0:
            action = expert_module.oracle(state, seat, random.Random(i))
            assert legal(state, seat, action), (state.phase, action)
        if i % 3 == 1:
            action = expert_module.oracle_secrets(state, seat, random.Random(i))
            assert legal(state, seat, action), (state.phase, action)
    assert {PLACE, ATTACK, REGROUP} <= set(phases)


def test_a_world_fits_the_view(game_positions) -> None:
    for i, state in enumerate(game_positions[:12]):
        seat = (state.active + 1) % len(state.players)
        view = ATAQUE.view(state, seat)
        world = expert_module.determinize(view, seat, random.Random(i))
        assert ATAQUE.view(world, seat) == view
        assert world.rng is not None and world.rng != state.rng
        cards = [c for p in world.players for c in p.hand] + list(world.deck + world.discard)
        assert sorted(cards) == list(range(CARD_COUNT))
        objectives = [p.objective for p in world.players]
        assert HIDDEN not in objectives and len(set(objectives)) == len(objectives)
        assert not any(objective_met(world, s) for s, p in enumerate(world.players) if p.alive)


def test_an_objective_already_met_is_never_dealt() -> None:
    # Black holds every territory of Asia and América del Sur: that cannot be his objective.
    owners = {name: 1 for c in ("Asia", "América del Sur") for name in _territories(c)}
    owners["Argelia"] = 0
    state = rigged(owners, objectives=(OCCUPY_24, OCCUPY_18, DESTROY_BLACK))
    possible = possible_objectives(ATAQUE.view(state, 0), 0)
    assert ASIA_SUR not in possible[1] and ASIA_SUR in possible[2]
    assert OCCUPY_24 not in possible[1] + possible[2]  # White's own card
    assert all(o < len(OBJECTIVES) for o in possible[1])


def _territories(continent: str) -> list[str]:
    from engine.ataque.data import TERRITORIES

    return [TERRITORIES[x] for x in CONTINENTS[CONT[continent]].territories]


def test_the_answer_depends_only_on_what_the_seat_sees(game_positions) -> None:
    """Two games that differ in the other objectives, hands, draw pile and dice give the
    same view, and the same answer from the same rng."""
    checked = 0
    for i, state in enumerate(game_positions):
        if state.phase not in (PLACE, ATTACK):
            continue
        (seat,) = ATAQUE.to_move(state)
        view = ATAQUE.view(state, seat)
        other = expert_module.determinize(view, seat, random.Random(1000 + i))
        assert ATAQUE.view(other, seat) == view
        assert [p.objective for p in other.players] != [p.objective for p in state.players] or (
            [p.hand for p in other.players] != [p.hand for p in state.players]
        )
        a = expert(view, seat, random.Random(i))
        b = expert(ATAQUE.view(other, seat), seat, random.Random(i))
        assert a == b
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_it_takes_the_last_territory_of_its_objective() -> None:
    """White holds Asia and América del Sur but Brasil, with 20 armies beside it against 1:
    one throw wins the game, and stopping would leave it to the others."""
    owners = {name: 0 for c in ("Asia", "América del Sur") for name in _territories(c)}
    owners["Brasil"] = 1
    state = rigged(
        owners, armies={"Argentina": 20}, objectives=(ASIA_SUR, OCCUPY_24, DESTROY_BLACK)
    )
    action = expert(ATAQUE.view(state, 0), 0, random.Random(1))
    assert action == Attack(t("Argentina"), t("Brasil"), 3)


def test_it_stops_rather_than_throw_its_armies_away() -> None:
    """Attacking with 2 against 20 only loses armies, and the card is won already: it ends
    the attacks."""
    from engine.ataque.data import NEIGHBOURS, TERRITORIES

    walls = {TERRITORIES[n]: 20 for n in NEIGHBOURS[t("Argelia")]}
    state = rigged(
        {"Argelia": 0, "Islandia": 0},
        armies={"Argelia": 2, **walls},
        objectives=(OCCUPY_18, OCCUPY_24, DESTROY_BLACK),
        conquered=True,
    )
    action = expert(ATAQUE.view(state, 0), 0, random.Random(2))
    assert action == EndPhase()


def test_a_placement_follows_the_plan_it_started() -> None:
    """Before its first army every plan is followed; after some armies, only the plans that
    would have placed them, and always the one whose moves were played."""
    state = next(
        s
        for s in positions(11)
        if s.phase == PLACE and s.to_place >= 4 and not isinstance(s.log[-1], Placed)
    )
    seat = state.active
    view = ATAQUE.view(state, seat)
    assert expert_module.following(view, seat) == PLANS
    first = {plan: plan(view, seat) for plan in PLANS}
    assert len(set(first.values())) > 1
    checked = 0
    for plan in PLANS:
        played = ATAQUE.apply(state, seat, first[plan])
        if played.phase != PLACE:
            continue  # all placed at once
        view = expert_module.this_turn(ATAQUE.view(played, seat))
        same = tuple(p for p in PLANS if first[p] == first[plan])
        assert expert_module.following(view, seat) == same
        checked += 1
        played = ATAQUE.apply(played, seat, plan(view, seat))
        if played.phase == PLACE:
            view = expert_module.this_turn(ATAQUE.view(played, seat))
            assert plan in expert_module.following(view, seat)
    assert checked >= 2


def test_a_clear_decision_is_settled_at_the_first_look(monkeypatch) -> None:
    """Taking the last territory of the objective wins at once, stopping does not: the
    first look's worlds settle it, the full budget is never spent."""
    owners = {name: 0 for c in ("Asia", "América del Sur") for name in _territories(c)}
    owners["Brasil"] = 1
    state = rigged(
        owners,
        armies={"Argentina": 20},
        objectives=(ASIA_SUR, OCCUPY_24, DESTROY_BLACK),
        conquered=True,
    )
    turns = []
    finish = expert_module.finish_turn
    monkeypatch.setattr(
        expert_module, "finish_turn", lambda *args: turns.append(1) or finish(*args)
    )
    action = expert(ATAQUE.view(state, 0), 0, random.Random(3))
    assert action == Attack(t("Argentina"), t("Brasil"), 3)
    assert len(turns) == 2 * expert_module.EARLY


def test_routine_steps_are_strongs(game_positions) -> None:
    strong = ATAQUE.bots["strong"]
    for i, state in enumerate(game_positions):
        if state.phase not in (EXCHANGE, REGROUP):
            continue
        (seat,) = ATAQUE.to_move(state)
        view = ATAQUE.view(state, seat)
        assert expert(view, seat, random.Random(i)) == strong(view, seat, random.Random(i))


def test_the_evaluation_favours_the_army_close_to_its_objective() -> None:
    near = {name: 0 for c in ("Asia", "América del Sur") for name in _territories(c)}
    near["Brasil"] = 1
    far = {"Argelia": 0, "Brasil": 1}
    objectives = (ASIA_SUR, OCCUPY_24, DESTROY_BLACK)
    close = win_chances(rigged(near, objectives=objectives))
    away = win_chances(rigged(far, objectives=objectives))
    assert close[0] > away[0] and abs(sum(close) - 1.0) < 1e-9
    state = rigged(far, objectives=objectives)
    assert len(features(state, 0)) == len(FEATURES) == len(WEIGHTS)


def test_the_look_ahead_plays_the_others_until_its_next_turn(game_positions) -> None:
    """After the bot's turn the others play theirs (each as its moves so far suggest): the
    playout is judged where the bot's next turn starts, or where somebody met his
    objective."""
    state = next(s for s in game_positions if s.phase == ATTACK)
    seat = state.active
    view = ATAQUE.view(state, seat)
    world = expert_module.determinize(view, seat, random.Random(5))
    players = expert_module.models(world, seat, beliefs(view, seat), random.Random(5))
    ended = expert_module.finish_turn(world, seat, PLANS[0])
    after = expert_module.others_play(ended, seat, players, random.Random(5))
    assert after.phase == OVER or (after.active == seat and after.turn > ended.turn)
    played = {e.seat for e in after.log[len(ended.log) :] if isinstance(e, TurnEnded)}
    alive = {s for s, p in enumerate(after.players) if p.alive and s != seat}
    assert seat not in played and (played >= alive or after.phase == OVER)


def test_no_plan_throws_a_single_die_for_nothing_but_a_card() -> None:
    # Brasil's 2 armies could throw one die at Argelia's 1 (42%): a card at most, no objective,
    # no continent, nobody near winning. Every plan, the bold one too, leaves it.
    owners = {name: 1 + i % 3 for i, name in enumerate(TERRITORIES)} | {"Brasil": 0, "Alaska": 0}
    state = rigged(owners, players=4, armies={"Brasil": 2}, objectives=(OCCUPY_18,) * 4)
    view = ATAQUE.view(state, 0)
    for plan in PLANS:
        assert plan(view, 0) == EndPhase()


def test_a_long_turn_searches_fewer_worlds_for_its_later_attacks() -> None:
    # A turn's time is its searches': from the fourth attack begun, half the budget; from the
    # sixth, strong's own move, unsearched.
    walls = {name: 30 for name in ("Brasil", "Congo", "Egipto", "Francia")} | {"Sudán": 300}
    state = rigged({"Argelia": 0}, players=4, armies={"Argelia": 60} | walls, default_owner=1)
    full = expert_module.PLAYOUTS
    budgets = []
    targets = ("Brasil", "Brasil", "Congo", "Egipto", "Francia", "Sudán")
    for target in targets:
        budgets.append(expert_module.playouts_now(state))
        state = ATAQUE.apply(state, 0, Attack(t("Argelia"), t(target), 3))
    assert budgets == [full, full, full, full, full // 2, full // 2]
    view = ATAQUE.view(state, 0)
    assert expert_module.settled(view, 0) == ATAQUE.bots["strong"](view, 0, random.Random(0))


def test_the_expert_hits_the_player_one_territory_short_of_24() -> None:
    # A person won against three experts by occupying 24 territories in plain sight.
    state = leader_one_short()
    for seed in (0, 1):
        assert expert(ATAQUE.view(state, 0), 0, random.Random(seed)) == Attack(
            t("Brasil"), t("Argelia"), 3
        )
