"""The bots: legal from a view alone, sensible choices, and strong beats easy."""

from __future__ import annotations

import random

import pytest

from engine.metauro import ai
from engine.metauro.actions import Advance, EndMove, Move, NoAdvance, Pair, Pass
from engine.metauro.board import board_of, casualties, occupancy
from engine.metauro.data import CAVALRY, EDGE_NEIGHBOURS, ELEPHANT, GENERAL, INFANTRY, distance
from engine.metauro.movement import contact_squares, reach
from engine.metauro.panel import PANEL
from engine.metauro.rules import METAURO
from engine.metauro.state import ADVANCE, MOVE, PAIR, Fought, Unit

from .helpers import C, R, play, rigged, with_dice

easy, strong = METAURO.bots["easy"], METAURO.bots["strong"]


def bot_turn(state, seat, bot=strong, seed=0):
    """Let ``bot`` play for ``seat`` until the turn passes to the other side or the game ends."""
    rnd = random.Random(seed)
    actions = []
    while METAURO.outcome(state) is None and METAURO.to_move(state) == (seat,):
        action = bot(METAURO.view(state, seat), seat, rnd)
        assert action in METAURO.legal_actions(state, seat)
        actions.append(action)
        state = METAURO.apply(state, seat, action)
        if state.phase == MOVE and state.mover != seat:
            break
    return state, actions


def test_strong_takes_both_standards_when_it_can() -> None:
    state = rigged(
        (R, CAVALRY, "n5"),
        (R, CAVALRY, "n7"),
        (R, GENERAL, "a11"),
        (C, GENERAL, "k1"),
        (C, INFANTRY, "k11"),
    )
    state, _ = bot_turn(state, R)
    assert METAURO.outcome(state).winners == (R,)


def test_strong_goes_for_the_enemy_general() -> None:
    state = rigged(
        (R, CAVALRY, "e5"),
        (R, GENERAL, "a11"),
        (C, GENERAL, "h5"),
        (C, INFANTRY, "m9"),
        scenario="zama",
    )
    state, _ = bot_turn(state, R)
    fought = [e.fight for e in state.log if isinstance(e, Fought)]
    assert fought and (fought[0].a, fought[0].b) == (0, 2)


def test_strong_keeps_its_general_out_of_reach() -> None:
    state = rigged(
        (R, GENERAL, "f5"),
        (R, INFANTRY, "d4"),
        (R, INFANTRY, "d6"),
        (C, ELEPHANT, "i5"),
        (C, GENERAL, "p11"),
        scenario="zama",
    )
    state, actions = bot_turn(state, R)
    assert actions[-1] == EndMove()
    general = next(u for u in state.units if u.kind == GENERAL and u.side == R)
    elephant = next(u for u in state.units if u.kind == ELEPHANT)
    occ = occupancy(state.units)
    contact = contact_squares(state.units, C)
    can_reach = set(reach(board_of(state), occ, C, ELEPHANT, elephant.square, contact))
    open_sides = [sq for sq in EDGE_NEIGHBOURS[general.square] if sq not in occ]
    assert not can_reach & set(open_sides)


def test_strong_pairs_for_the_best_odds() -> None:
    """The cavalryman faces an infantryman in forest and one on the plain: it takes the plain."""
    state = rigged(
        (R, CAVALRY, "g6"),
        (C, INFANTRY, "h6"),
        (C, INFANTRY, "g5"),
        (R, GENERAL, "a11"),
        (C, GENERAL, "p1"),
    )
    state = play(state, (R, Pass()))
    assert state.phase == PAIR
    assert strong(METAURO.view(state, R), R, random.Random(0)) == Pair(0, 2)


def test_strong_does_not_advance_its_general_into_danger() -> None:
    state = rigged(
        (R, GENERAL, "e5"),
        (C, INFANTRY, "f5"),
        (C, CAVALRY, "h5"),
        (C, CAVALRY, "h6"),
        (R, INFANTRY, "d5"),
        (C, GENERAL, "p1"),
        scenario="zama",
        mover=C,
    )
    state = play(state, (C, Pass()))
    state = METAURO.apply(with_dice(state, 1, 6), C, Pair(1, 0))  # the general wins and kills
    assert state.phase == ADVANCE
    assert strong(METAURO.view(state, R), R, random.Random(0)) == NoAdvance()
    assert Advance() in METAURO.legal_actions(state, R)


def play_game(seed, bots, scenario):
    state = METAURO.new({"scenario": scenario}, seed, 2)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    while METAURO.outcome(state) is None:
        (seat,) = METAURO.to_move(state)
        state = METAURO.apply(state, seat, bots[seat](METAURO.view(state, seat), seat, rngs[seat]))
    return METAURO.outcome(state).winners


def test_strong_beats_easy_on_both_sides_and_both_boards() -> None:
    won = 0
    for seed in range(12):
        me = seed % 2
        bots = [easy, easy]
        bots[me] = strong
        won += play_game(seed, bots, ("metauro", "zama")[seed // 2 % 2]) == (me,)
    assert won >= 9, won


def test_easy_is_legal_and_varied() -> None:
    state = METAURO.new({}, 4, 2)
    state, _ = bot_turn(state, C, easy)
    state, _ = bot_turn(state, R, easy)
    seat = state.mover
    view = METAURO.view(state, seat)
    picks = {easy(view, seat, random.Random(i)) for i in range(60)}
    assert picks <= set(METAURO.legal_actions(state, seat)) and len(picks) > 3
    assert any(isinstance(p, Move) for p in picks)


def test_strong_plays_on_a_quiet_battle_it_leads_and_takes_the_draw_when_behind() -> None:
    """After the enemy's pass a pass draws (house rule): ahead, strong does not throw its lead
    away; behind, it takes the draw."""
    units = ((R, INFANTRY, "c5"), (R, GENERAL, "a11"), (C, INFANTRY, "n5"), (C, GENERAL, "p1"))
    lost_carthaginian = (Unit(id=4, side=C, kind=INFANTRY, square="k5"),)
    ahead = rigged(*units, scenario="zama", passes=1, fallen=lost_carthaginian)
    assert isinstance(strong(METAURO.view(ahead, R), R, random.Random(0)), Move)
    lost_roman = (Unit(id=4, side=R, kind=INFANTRY, square="k5"),)
    behind = rigged(*units, scenario="zama", passes=1, fallen=lost_roman)
    assert strong(METAURO.view(behind, R), R, random.Random(0)) == Pass()


# --- a bot is a function of (view, seat, rng) alone -------------------------------------------


def bot_game(seed, levels, scenario, record=None):
    """A seeded bot-only battle; returns its action log. ``record`` collects the mid-turn
    positions (some units already moved) with the seat to move."""
    state = METAURO.new({"scenario": scenario}, seed, 2)
    rngs = (random.Random(2 * seed), random.Random(2 * seed + 1))
    bots = tuple(METAURO.bots[level] for level in levels)
    log = []
    while METAURO.outcome(state) is None:
        (seat,) = METAURO.to_move(state)
        if record is not None and state.phase == MOVE and state.moved:
            record.append((state, seat))
        action = bots[seat](METAURO.view(state, seat), seat, rngs[seat])
        log.append((seat, action))
        state = METAURO.apply(state, seat, action)
    return log


def test_strong_answers_a_mid_turn_position_the_same_cold_or_warm() -> None:
    """Asked with nothing remembered, or after many other positions (among them the turns
    these positions come from), the strong bot picks the same move."""
    positions = []
    games = [(0, ("strong", "strong")), (1, ("easy", "strong")), (2, ("strong", "easy"))]
    for seed, levels in games:
        for scenario in ("metauro", "zama"):
            bot_game(seed, levels, scenario, positions)
    assert len(positions) > 300
    cold = []
    for state, seat in positions:
        ai.clear_caches()
        cold.append(strong(METAURO.view(state, seat), seat, random.Random(7)))
    for seed, levels in games:  # warm every cache the bot may keep, then ask again
        bot_game(seed, levels, "metauro")
    order = list(range(len(positions)))
    random.Random(3).shuffle(order)
    differ = []
    for i in order:
        state, seat = positions[i]
        warm = strong(METAURO.view(state, seat), seat, random.Random(7))
        if warm != cold[i]:
            differ.append((i, cold[i], warm))
    assert differ == []


@pytest.mark.parametrize("scenario", ["metauro", "zama"])
@pytest.mark.parametrize("level", ["easy", "strong"])
def test_two_identical_bot_games_in_one_process_are_identical(scenario, level) -> None:
    for seed in (5, 6):
        assert bot_game(seed, (level, level), scenario) == bot_game(seed, (level, level), scenario)


# --- a line that never moves (issue 26) -------------------------------------------------------

# Metauro, turn 14: the Romans have marched up to a Carthaginian line that passes every turn,
# nobody has lost a soldier yet. Waiting only draws (two passes, or level losses at the turn
# limit); the riders can go round the south of the line to the two standards on the far bank.
LINE = (
    (R, GENERAL, "c6"),
    (R, CAVALRY, "j2"),
    (R, CAVALRY, "j2"),
    (R, INFANTRY, "i2"),
    (R, INFANTRY, "i2"),
    (R, INFANTRY, "i3"),
    (R, INFANTRY, "i3"),
    (C, GENERAL, "m6"),
    (C, ELEPHANT, "l6"),
    (C, INFANTRY, "l4"),
    (C, INFANTRY, "l4"),
    (C, INFANTRY, "l5"),
    (C, INFANTRY, "m5"),
    (C, INFANTRY, "l7"),
    (C, INFANTRY, "m7"),
    (C, INFANTRY, "l8"),
    (C, INFANTRY, "l8"),
)


def test_strong_beats_a_line_that_only_passes_instead_of_marking_time() -> None:
    """Against a line that never moves, level on losses, strong must go and win: its riders
    take both standards within a few turns (it used to shuffle a unit back and forth until the
    turn limit drew the battle)."""
    hold_line = PANEL["hold-line"]
    state = rigged(*LINE, turn=14, passes=1)
    rnd = random.Random(0)
    while METAURO.outcome(state) is None and state.turn < 40:
        (seat,) = METAURO.to_move(state)
        bot = strong if seat == R else hold_line
        state = METAURO.apply(state, seat, bot(METAURO.view(state, seat), seat, rnd))
    outcome = METAURO.outcome(state)
    assert outcome is not None and outcome.winners == (R,), (state.turn, casualties(state))


# Metauro, turn 23 of a battle against rush-general: the Roman army fights far east while a
# lone Carthaginian soldier has slipped round to the consul on his home edge.
HUNTED = (
    (R, GENERAL, "b6"),
    (R, INFANTRY, "j3"),
    (R, INFANTRY, "k3"),
    (R, INFANTRY, "k3"),
    (R, INFANTRY, "i4"),
    (R, INFANTRY, "k4"),
    (R, INFANTRY, "k4"),
    (R, INFANTRY, "k4"),
    (C, GENERAL, "m6"),
    (C, ELEPHANT, "l6"),
    (C, INFANTRY, "k6"),
    (C, INFANTRY, "k6"),
    (C, INFANTRY, "c7"),
)


def test_strong_calls_soldiers_back_to_a_general_a_lone_hunter_reaches() -> None:
    """A general alone with an enemy soldier closing in is killed sooner or later: strong sends
    soldiers back to him (it used to leave him to fend for himself)."""
    state = rigged(*HUNTED, turn=23)

    def guard_distance(state) -> int:
        general = next(u.square for u in state.units if u.side == R and u.kind == GENERAL)
        return min(
            distance(u.square, general) for u in state.units if u.side == R and u.kind != GENERAL
        )

    before = guard_distance(state)
    after, _ = bot_turn(state, R)
    assert guard_distance(after) < before
