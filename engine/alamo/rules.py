"""El Álamo: the Game object the registry lists (``ALAMO``).

Two modes, picked by the number of players: 2 is the two-player siege, 1 the solitaire, where
the Texan faces the dice and the Mexican deck. Only real choices wait for an action from
``active``; everything else runs inside ``apply``. The rules live beside this module, one seam
each:

- ``siege``: the two-player turn — draw, bombardment, discard, attack, battle, survivors;
- ``solitaire``: the solitaire turn — roll, Texan fire, Mexican artillery and muskets, assault;
- ``payment``: paying a debt card by card in both games, and giving back unneeded cards;
- ``tally``: totals, battle-hand limits and payment values of cards;
- ``common``: the state plumbing they share.

The helpers the screen and the bots need are re-exported here (see ``__all__``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

import attrs

from engine.alamo import siege, solitaire
from engine.alamo.actions import (
    ACTION_TYPES,
    AddCard,
    Confirm,
    Decline,
    Discard,
    Fire,
    PayTopOfDeck,
    PayWith,
    RemoveCard,
    ReturnToDeck,
    Roll,
    StopFiring,
)
from engine.alamo.common import card_in, card_name, without
from engine.alamo.data import DECK_SIZE, MEXICANS, SIDES, TEXANS
from engine.alamo.payment import auto_payment, pay_card, pay_options
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    EVENT_TYPES,
    FIRE,
    FOR_BOMBARDMENT,
    FOR_MUSKETS,
    OVER,
    PAY,
    REPEL,
    ROLL,
    SOLITAIRE,
    SURVIVORS,
    TWO_PLAYER,
    AlamoState,
    Drew,
    Side,
)
from engine.alamo.tally import (
    ATTACK_NEEDS,
    Tally,
    attack_tally,
    battle_total,
    cheapest_cover,
    defence_tally,
    pay_value,
    repel_choices,
    selection_tally,
    solitaire_tally,
)
from engine.core import (
    HIDDEN,
    Bot,
    BotTable,
    IllegalAction,
    Outcome,
    Seat,
    check_seat,
    rules_text,
    visible_log,
)
from engine.i18n import N_, _, ngettext, number
from engine.rng import Rng

__all__ = [
    "ALAMO",
    "ATTACK_NEEDS",
    "AlamoGame",
    "Tally",
    "attack_tally",
    "auto_payment",
    "battle_total",
    "cheapest_cover",
    "defence_tally",
    "end_reason",
    "pay_value",
    "repel_choices",
    "selection_tally",
    "solitaire_tally",
]

# The phases in which a player builds a selection, and the module that judges it.
_SELECTING: Mapping[str, ModuleType] = {
    ATTACK: siege,
    DEFEND: siege,
    SURVIVORS: siege,
    REPEL: solitaire,
}

_ASKED = {
    ROLL: N_("Roll for the next turn first."),
    BOMBARD: N_("Fire an Artillery card or stop the bombardment."),
    FIRE: N_("Choose which of your guns fires at the attack."),
    PAY: N_("Pay what you owe first."),
    DISCARD: N_("Bring your hand down to 7 cards first."),
    ATTACK: N_("Build your attack and confirm it, or decline to attack."),
    DEFEND: N_("Choose your defence and confirm it (with no cards, if you like)."),
    SURVIVORS: N_("Choose the played cards to keep, then confirm."),
    REPEL: N_("Choose the cards you used to repel the attack, then confirm."),
}


def _asked(state: AlamoState) -> str:
    """Why an action of the wrong kind was refused: what the game is waiting for."""
    return _(_ASKED.get(state.phase, N_("That move is not possible now.")))


def end_reason(state: AlamoState) -> str:
    """Why a finished game ended, in the current language. ``state.reason`` is the English
    record the state and the log keep whatever language is spoken (a replay must rebuild the
    state byte for byte): a msgid, but for the solitaire won, worded here from its counters."""
    if state.mode == SOLITAIRE and state.winners:
        return ngettext(
            "The Mexican deck is spent with {count} section of men left: "
            "Santa Anna loses more men than in history.",
            "The Mexican deck is spent with {count} sections of men left: "
            "Santa Anna loses more men than in history.",
            state.counters,
        ).format(count=number(state.counters))
    return _(state.reason)


class AlamoGame:
    """The Game protocol for El Álamo; stateless, so one shared instance suffices."""

    id = "alamo"
    name = "El Álamo"
    description = N_(
        "The siege of 1836: Santa Anna's columns against the mission's defenders, "
        "for two players or as a Texan solitaire against the dice."
    )
    min_players = 1
    max_players = 2
    hidden_information = True
    options = ()
    bots: Mapping[str, Bot] = BotTable(
        "engine.alamo.ai", ("easy", "strong", "expert"), elsewhere={"expert": "engine.alamo.expert"}
    )
    state_type = AlamoState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    # 2: a payment gives back every card it turned out not to need.
    rules_version = 2

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        """The sides in the current language: shown, never stored (saves keep seat numbers)."""
        return tuple(_(side) for side in (SIDES[:1] if players == 1 else SIDES))

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> AlamoState:
        if players not in (1, 2):
            raise ValueError("El Álamo is for 1 player (solitaire) or 2 players")
        mode = SOLITAIRE if players == 1 else TWO_PLAYER
        if config.get("mode", mode) != mode:
            raise ValueError(f"mode {config.get('mode')!r} does not fit {players} player(s)")
        rng = Rng.from_seed(seed)
        texan, rng = rng.shuffle(range(DECK_SIZE))
        mexican, rng = rng.shuffle(range(DECK_SIZE))
        flow = solitaire if mode == SOLITAIRE else siege
        return flow.new_state(rng, texan, mexican)

    def to_move(self, state: AlamoState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def legal_actions(self, state: AlamoState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        if phase == ROLL:
            return (Roll(),)
        if phase == BOMBARD:
            return siege.bombard_options(state, seat)
        if phase == FIRE:
            return solitaire.fire_options(state)
        if phase == PAY:
            return pay_options(state)
        if phase == DISCARD:
            return siege.trim_options(state, seat)
        if phase in _SELECTING:
            rules = _SELECTING[phase]
            adds = tuple(AddCard(c) for c in rules.addable(state))
            removes = tuple(RemoveCard(c) for c in state.selection)
            end: tuple[Any, ...] = ()
            if rules.confirm_problem(state) is None:
                end = (Confirm(),)
            if phase == ATTACK:
                end += (Decline(),)
            return adds + removes + end
        return ()

    # -- apply --

    def apply(self, state: AlamoState, seat: Seat, action: Any) -> AlamoState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(_("That is not a move in El Álamo."))
        phase = state.phase
        if isinstance(action, Roll):
            if phase != ROLL:
                raise IllegalAction(_asked(state))
            return solitaire.roll(state)
        if isinstance(action, (Fire, StopFiring)):
            if phase == BOMBARD:
                return siege.bombard(state, seat, action)
            if phase == FIRE and isinstance(action, Fire):
                return solitaire.fire(state, seat, action)
            raise IllegalAction(_asked(state))
        if isinstance(action, (PayWith, PayTopOfDeck)):
            return self._pay(state, seat, action)
        if isinstance(action, (Discard, ReturnToDeck)):
            if phase != DISCARD:
                raise IllegalAction(_asked(state))
            return siege.trim(state, seat, action)
        if isinstance(action, Decline):
            if phase != ATTACK:
                raise IllegalAction(_asked(state))
            return siege.decline(state)
        return self._choose(state, seat, action)

    def _pay(self, state: AlamoState, seat: Seat, action: PayWith | PayTopOfDeck) -> AlamoState:
        if state.phase != PAY:
            raise IllegalAction(_asked(state))
        p = state.payment
        assert p is not None
        side = state.sides[seat]
        flow = solitaire if state.mode == SOLITAIRE else siege
        if isinstance(action, PayTopOfDeck):
            if state.mode == SOLITAIRE:
                raise IllegalAction(_("In the solitaire you pay with the cards in your hand."))
            if not side.deck:
                raise IllegalAction(_("Your deck is empty."))
            if p.cause == FOR_BOMBARDMENT and p.cards:
                raise IllegalAction(_("You started paying from your hand: finish with hand cards."))
            return flow.payment_step(pay_card(state, side.deck[0], from_deck=True))
        c = card_in(seat, action.card, side.hand)
        if PayWith(c) not in pay_options(state):
            if state.mode == SOLITAIRE and p.cause == FOR_MUSKETS:
                raise IllegalAction(
                    _("Standing Defence cards cannot pay for muskets and carbines.")
                )
            if state.mode == SOLITAIRE:
                raise IllegalAction(_("Pay with your Standing Defence cards first."))
            raise IllegalAction(
                _("Your hand cannot cover this bombardment: pay with the top of your deck.")
            )
        return flow.payment_step(pay_card(state, c, from_deck=False))

    def _choose(self, state: AlamoState, seat: Seat, action: Any) -> AlamoState:
        """AddCard / RemoveCard / Confirm while an attack, defence, survivors or the cards used
        to repel are being chosen."""
        phase = state.phase
        if phase not in _SELECTING:
            raise IllegalAction(_asked(state))
        rules = _SELECTING[phase]
        if isinstance(action, AddCard):
            where = state.sides[seat].table if phase == SURVIVORS else state.sides[seat].hand
            refusal = (
                N_("{card} is not among your played cards.")
                if phase == SURVIVORS
                else N_("{card} is not in your hand.")
            )
            c = card_in(seat, action.card, where, refusal)
            if c in state.selection:
                raise IllegalAction(_("{card} is already chosen.").format(card=card_name(seat, c)))
            if c not in rules.addable(state):
                raise IllegalAction(rules.add_problem(state, c))
            return attrs.evolve(state, selection=tuple(sorted(state.selection + (c,))))
        if isinstance(action, RemoveCard):
            c = card_in(seat, action.card, state.selection, N_("{card} is not chosen."))
            return attrs.evolve(state, selection=without(state.selection, (c,)))
        problem = rules.confirm_problem(state)
        if problem is not None:
            raise IllegalAction(problem)
        return rules.commit(state, seat)

    # -- view / outcome --

    def view(self, state: AlamoState, seat: Seat | None) -> AlamoState:
        """Decks (order and content), the RNG, the other side's hand, anyone else's selection
        in progress and the solitaire's face-down attack are hidden; a spectator (``seat``
        None) sees no hand and no selection in progress."""
        sides = []
        for s, side in enumerate(state.sides):
            table = side.table
            if state.mode == SOLITAIRE and s == MEXICANS and not state.revealed:
                table = (HIDDEN,) * len(table)
            hand = side.hand if s == seat else (HIDDEN,) * len(side.hand)
            sides.append(
                Side(
                    deck=(HIDDEN,) * len(side.deck),
                    hand=hand,
                    discard=side.discard,
                    table=table,
                )
            )
        selection = state.selection if state.active == seat else ()
        log = visible_log(state.log, seat)
        if seat is None:  # the solitaire logs its draws for all: a spectator gets their number
            log = tuple(attrs.evolve(e, cards=()) if isinstance(e, Drew) else e for e in log)
        return attrs.evolve(
            state,
            rng=None,
            sides=(sides[0], sides[1]),
            selection=selection,
            log=log,
        )

    def outcome(self, state: AlamoState) -> Outcome | None:
        """The reason in the current language (``end_reason``), not the stored English one.
        A solitaire ends won or lost, never drawn: the state records a fall as no winners."""
        if state.phase != OVER:
            return None
        lost = (TEXANS,) if state.mode == SOLITAIRE and not state.winners else ()
        return Outcome(state.winners, end_reason(state), losers=lost)

    def progress(self, state: AlamoState) -> str:
        tex, mex = state.sides
        turn = number(state.turn)
        if state.phase != OVER:
            if state.mode == SOLITAIRE:
                return ngettext(
                    "Turn {turn} · {count} section of men · Mexican deck {deck}",
                    "Turn {turn} · {count} sections of men · Mexican deck {deck}",
                    state.counters,
                ).format(turn=turn, count=number(state.counters), deck=number(len(mex.deck)))
            return _("Turn {turn} · decks: Texans {texans}, Mexicans {mexicans}").format(
                turn=turn, texans=number(len(tex.deck)), mexicans=number(len(mex.deck))
            )
        if state.mode == SOLITAIRE and not state.winners:
            return _("The Alamo fell on turn {turn}").format(turn=turn)
        if not state.winners:
            return _("Drawn on turn {turn}").format(turn=turn)
        if state.winners[0] == TEXANS:
            return _("Texans won on turn {turn}").format(turn=turn)
        return _("Mexicans won on turn {turn}").format(turn=turn)

    def chapter(self, state: AlamoState) -> str:
        """A replay steps a turn at a time, in both modes (the turn's draw, fire, battle...)."""
        return _("Turn {turn}").format(turn=number(state.turn))

    def rules_markdown(self) -> str:
        return rules_text("engine.alamo")


ALAMO = AlamoGame()
