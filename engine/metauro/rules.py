"""Metauro rules: the Game object, from one frozen ``MetauroState`` to the next.

A battle is a deployment (Carthaginians first, then Romans, each on its own start squares),
lots for the first move, then alternate turns. In a turn the mover moves any of his units, each
once (``movement``), then the turn ends; if enemies then share an edge, a clash follows and the
mover picks the pairs one by one (``clash``); then the battle is won or the other side moves
(``turn``). Who stands where, and the board as the screen draws it, is ``board``.

The pure helpers the screen reads are re-exported here (``rules.reachable``,
``rules.facing_pairs``, ``rules.board_rows``...). The bots are listed by name only: this module
never imports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from engine.core import (
    Bot,
    BotTable,
    IllegalAction,
    Option,
    Outcome,
    Seat,
    check_seat,
    rules_text,
    visible_log,
)
from engine.i18n import N_, _, number
from engine.metauro.actions import (
    ACTION_TYPES,
    Advance,
    AutoPair,
    DefaultDeployment,
    Deploy,
    EndMove,
    Move,
    NoAdvance,
    Pair,
    Pass,
    Place,
    Retreat,
    TimeUp,
)
from engine.metauro.board import (
    STACKING_RULE,
    add_events,
    board_of,
    board_rows,
    casualties,
    default_squares,
    default_units,
    fits,
    occupancy,
    own_unit,
    relocate,
    square_order,
    stack_label,
    standards_held,
    unit_at,
    unit_name,
)
from engine.metauro.clash import (
    advance,
    choose_pair,
    clash_odds,
    end_turn,
    facing_pairs,
    retreat,
    retreat_options,
)
from engine.metauro.data import BOARDS, CARTHAGINIANS, CONSULS, ROMANS, is_square, side_name
from engine.metauro.movement import movable, move_options, move_units, reachable
from engine.metauro.state import (
    ADVANCE,
    DEPLOY,
    EVENT_TYPES,
    MOVE,
    OVER,
    PAIR,
    RETREAT,
    Deployed,
    LotsDrawn,
    MetauroState,
    Passed,
    TimeRanOut,
)
from engine.metauro.turn import end_reason, start_turn
from engine.rng import Rng

__all__ = [  # the Game object, and the helpers the screen reads through this module
    "METAURO",
    "MetauroGame",
    "board_rows",
    "casualties",
    "clash_odds",
    "end_reason",
    "facing_pairs",
    "movable",
    "occupancy",
    "reachable",
    "retreat_options",
    "stack_label",
    "standards_held",
    "unit_at",
    "unit_name",
]

# What each phase asks for (English msgids, translated when a move is refused).
_PHASE_ASK = {
    DEPLOY: N_("Arrange your army on your start squares, then confirm the deployment."),
    MOVE: N_("Move your units, then end your move (or pass)."),
    PAIR: N_("Choose the next pair to fight."),
    RETREAT: N_("Choose where your beaten unit retreats."),
    ADVANCE: N_("Choose whether your winner advances."),
}


def _asked(phase: str, otherwise: str) -> str:
    """What ``phase`` asks for, else ``otherwise`` (already translated), in the current
    language."""
    asked = _PHASE_ASK.get(phase)
    return _(asked) if asked else otherwise


class MetauroGame:
    """The Game protocol for Metauro and Zama; stateless, so one shared instance suffices."""

    id = "metauro"
    name = "Metauro"
    description = N_(
        "Romans against Carthaginians on a square grid: the Metaurus, 207 BC, "
        "or Zama, 202 BC — kill the enemy general or take both his standards."
    )
    min_players = 2
    max_players = 2
    hidden_information = False
    options = (
        Option(
            "scenario",
            N_("Battle"),
            ((N_("Metauro, 207 BC"), "metauro"), (N_("Zama, 202 BC (house scenario)"), "zama")),
        ),
        # The consuls' names are names: the setup shows them as printed.
        Option("consul", N_("Roman consul (Metauro)"), tuple((c, c) for c in CONSULS)),
        Option(
            "clock",
            N_("Move clock"),
            (
                (N_("Off"), 0),
                (N_("1 minute a move"), 60),
                (N_("2 minutes a move"), 120),
                (N_("30 seconds a move"), 30),
            ),
        ),
        Option(
            "trumpet",
            N_("Trumpet rule (Zama)"),
            ((N_("On (house rule)"), True), (N_("Off"), False)),
        ),
    )
    bots: Mapping[str, Bot] = BotTable(
        "engine.metauro.ai",
        ("easy", "strong", "expert"),
        elsewhere={"expert": "engine.metauro.expert"},
    )
    state_type = MetauroState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    # 2: contact with the enemy is by an edge for stopping as for fighting (was: any corner
    # stopped a unit too). 3: two passes in a row draw the battle (were: won on losses).
    rules_version = 3

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        """The sides in the current language: shown, never stored (saves keep seat numbers)."""
        return (side_name(ROMANS), side_name(CARTHAGINIANS))

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> MetauroState:
        if players != 2:
            raise ValueError(_("Metauro is for exactly 2 players"))
        scenario = config.get("scenario", "metauro")
        if scenario not in BOARDS:
            raise ValueError(
                _("unknown battle {battle}; known: {known}").format(
                    battle=repr(scenario), known=", ".join(BOARDS)
                )
            )
        consul = config.get("consul", CONSULS[0])
        if consul not in CONSULS:
            raise ValueError(
                _("the consul is one of {consuls}, not {consul}").format(
                    consuls=", ".join(CONSULS), consul=repr(consul)
                )
            )
        clock = config.get("clock", 0)
        if isinstance(clock, bool) or not isinstance(clock, int) or clock < 0:
            raise ValueError(
                _("the move clock is a number of seconds, not {clock}").format(clock=repr(clock))
            )
        trumpet = config.get("trumpet", True)
        if not isinstance(trumpet, bool):
            raise ValueError(
                _("the trumpet rule is on or off, not {trumpet}").format(trumpet=repr(trumpet))
            )
        board = BOARDS[scenario]
        generals = (consul, board.generals[1]) if scenario == "metauro" else board.generals
        return MetauroState(
            scenario=scenario,
            rng=Rng.from_seed(seed),
            phase=DEPLOY,
            active=CARTHAGINIANS,
            mover=CARTHAGINIANS,
            units=default_units(board),
            clock=clock,
            trumpet_rule=trumpet,
            generals=generals,
        )

    def to_move(self, state: MetauroState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def legal_actions(self, state: MetauroState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        if phase == DEPLOY:
            return self._deploy_options(state, seat)
        if phase == MOVE:
            return move_options(state, seat)
        if phase == PAIR:
            return tuple(Pair(a, b) for a, b in facing_pairs(state)) + (AutoPair(),)
        if phase == RETREAT:
            clash = state.clash
            assert clash is not None and clash.retreating is not None
            return tuple(Retreat(sq) for sq in retreat_options(state, clash.retreating))
        if phase == ADVANCE:
            return (Advance(), NoAdvance())
        return ()

    def _deploy_options(self, state: MetauroState, seat: Seat) -> tuple[Any, ...]:
        board = board_of(state)
        occ = occupancy(state.units)
        starts = sorted(board.start[seat], key=square_order)
        out: list[Any] = []
        for u in state.units:
            if u.side != seat:
                continue
            for sq in starts:
                if sq != u.square and fits(board, sq, [x.kind for x in occ.get(sq, ())] + [u.kind]):
                    out.append(Place(u.id, sq))
        if {u.id: u.square for u in state.units if u.side == seat} != default_squares(state, seat):
            out.append(DefaultDeployment())
        out.append(Deploy())
        return tuple(out)

    # -- apply --

    def apply(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(_("That is not a move in Metauro."))
        phase = state.phase
        if isinstance(action, (Place, DefaultDeployment, Deploy)):
            if phase != DEPLOY:
                raise IllegalAction(_("The armies are already deployed."))
            return self._deploy(state, seat, action)
        if isinstance(action, (Move, EndMove, Pass, TimeUp)):
            if phase != MOVE:
                raise IllegalAction(_asked(phase, _("That is not possible now.")))
            return self._move(state, seat, action)
        if isinstance(action, (Pair, AutoPair)):
            if phase != PAIR:
                raise IllegalAction(_asked(phase, _("There is no clash to fight.")))
            return choose_pair(state, seat, action)
        if isinstance(action, Retreat):
            if phase != RETREAT:
                raise IllegalAction(_asked(phase, _("No unit of yours must retreat.")))
            return retreat(state, action)
        if phase != ADVANCE:
            raise IllegalAction(_asked(phase, _("No unit of yours may advance.")))
        return advance(state, action)

    def _deploy(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        if isinstance(action, Deploy):
            state = add_events(
                attrs.evolve(state, deployed=state.deployed | {seat}), Deployed(seat=seat)
            )
            if len(state.deployed) < 2:
                other = 1 - seat
                return attrs.evolve(state, active=other, mover=other)
            rng = state.rng
            assert rng is not None
            first, rng = rng.below(2)
            state = add_events(attrs.evolve(state, rng=rng, first=first), LotsDrawn(first=first))
            return start_turn(state, first)
        if isinstance(action, DefaultDeployment):
            return relocate(state, default_squares(state, seat))
        u = own_unit(state, seat, action.unit)
        sq = action.square
        board = board_of(state)
        if not is_square(sq):
            raise IllegalAction(_("{value} is not a square on the board.").format(value=repr(sq)))
        if sq not in board.start[seat]:
            raise IllegalAction(_("{square} is not one of your start squares.").format(square=sq))
        if sq == u.square:
            raise IllegalAction(_("That unit already stands on {square}.").format(square=sq))
        there = [x.kind for x in state.units if x.square == sq]
        if not fits(board, sq, there + [u.kind]):
            raise IllegalAction(
                _("{square} has no room for it: {rule}.").format(square=sq, rule=_(STACKING_RULE))
            )
        return relocate(state, {u.id: sq})

    def _move(self, state: MetauroState, seat: Seat, action: Any) -> MetauroState:
        if isinstance(action, EndMove):
            if not state.moved:
                raise IllegalAction(_("You have moved nothing: pass instead."))
            return end_turn(state)
        if isinstance(action, Pass):
            if state.moved:
                raise IllegalAction(_("You have already moved: end your move instead."))
            return end_turn(add_events(state, Passed(seat=seat)))
        if isinstance(action, TimeUp):
            if not state.clock:
                raise IllegalAction(_("This battle is played without a move clock."))
            event = TimeRanOut(seat=seat) if state.moved else Passed(seat=seat, timed_out=True)
            return end_turn(add_events(state, event))
        return move_units(state, seat, action)

    # -- view / outcome --

    def view(self, state: MetauroState, seat: Seat | None) -> MetauroState:
        """Nothing on the battlefield is secret: only the RNG is hidden, from a spectator
        (``seat`` None) as from the players."""
        return attrs.evolve(state, rng=None, log=visible_log(state.log, seat))

    def outcome(self, state: MetauroState) -> Outcome | None:
        """The reason in the current language (``end_reason``), not the stored English one."""
        if state.phase != OVER:
            return None
        return Outcome(state.winners, end_reason(state))

    def progress(self, state: MetauroState) -> str:
        battle = board_of(state).name
        turn = number(state.turn)
        if state.phase == OVER:
            if not state.winners:
                return _("{battle}: drawn on turn {turn}").format(battle=battle, turn=turn)
            return _("{battle}: the {side} won on turn {turn}").format(
                battle=battle, side=side_name(state.winners[0]), turn=turn
            )
        if state.phase == DEPLOY:
            return _("{battle}: the {side} deploy").format(
                battle=battle, side=side_name(state.active)
            )
        # The losses are the side panel's: with them this line overflowed an 80-column header.
        return _("{battle} · turn {turn} · {side} to move").format(
            battle=battle, turn=turn, side=side_name(state.mover)
        )

    def chapter(self, state: MetauroState) -> str:
        """A replay steps a turn at a time (the moves and the clash after them); both
        deployments come first, as one chapter."""
        if state.turn:
            return _("Turn {turn}").format(turn=number(state.turn))
        return _("Deployment")

    def rules_markdown(self) -> str:
        return rules_text("engine.metauro")


METAURO = MetauroGame()
