"""Ataque rules: pure functions from one frozen ``AtaqueState`` to the next.

Setup (dealer roll, objectives, dealing) runs inside ``new``; a turn is Exchange (compulsory
while a set is held) → Place → Attack (with MoveIn after a conquest under the "up to 3" option)
→ Regroup; the card is drawn and the next player's turn set up inside ``apply``. A player who
takes an eliminated player's cards and then holds more than 5 goes back to Exchange and Place
in the middle of his attack. Every action ends with a victory check for every seat, the active
one first: the game ends the moment an objective is met.

The pure questions about a position (``placeable``, ``objective_progress``, ``blitz_step``…)
live in ``engine.ataque.board``; the ones the screen reads are re-exported here. The bots are
listed by name only (``BotTable``): this module never imports them.

Over 600 lines because every phase's step writes the state through the same private plumbing
(``_log``, ``_with_player``, ``_start_turn``, ``_check_victory``…); the position's questions,
the data, the actions and the events each have their own module already.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from engine.ataque.actions import (
    ACTION_TYPES,
    Attack,
    EndPhase,
    Exchange,
    MoveIn,
    Place,
    Regroup,
)
from engine.ataque.board import (
    armies_to_place,
    attack_chance,
    blitz_step,
    continent_summary,
    continents_of,
    effective_objective,
    end_reason,
    movable,
    objective_met,
    objective_progress,
    objective_report,
    placeable,
    played_this_round,
    player_summaries,
    reinforcement_total,
    reinforcements,
    seat_count,
    territories_of,
    territory_rows,
    turn_order,
)
from engine.ataque.data import (
    ADJACENT,
    CARD_BONUS,
    CARD_COUNT,
    COLOUR_NAMES,
    CONTINENT_OF,
    CONTINENTS,
    DESTROY,
    HAND_LIMIT,
    MIN_REINFORCEMENT,
    NEIGHBOURS,
    OBJECTIVES,
    TERRITORIES,
    TERRITORY_COUNT,
    card_name,
    card_territory,
    colour_name,
    exchange_armies,
    is_set,
    sets_in,
)
from engine.ataque.odds import attack_dice, compare, defence_dice
from engine.ataque.state import (
    ATTACK,
    EVENT_TYPES,
    EXCHANGE,
    MOVE_IN,
    OVER,
    PLACE,
    REGROUP,
    AtaqueState,
    Battle,
    CardDrawn,
    CardsTaken,
    Conquered,
    Conquest,
    DealerChosen,
    DealerRolled,
    DeckReshuffled,
    Eliminated,
    Exchanged,
    GameEnded,
    MovedIn,
    NothingDrawn,
    ObjectiveChanged,
    ObjectiveDrawn,
    Placed,
    Player,
    Regrouped,
    Reinforced,
    TerritoriesDealt,
    TurnEnded,
    TurnStarted,
)
from engine.core import (
    HIDDEN,
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
from engine.rng import Rng
from engine.words import listing, plural

__all__ = [
    "ATAQUE",
    "AtaqueGame",
    "armies_to_place",
    "attack_chance",
    "blitz_step",
    "continent_summary",
    "continents_of",
    "effective_objective",
    "end_reason",
    "movable",
    "objective_met",
    "objective_progress",
    "objective_report",
    "placeable",
    "played_this_round",
    "player_summaries",
    "reinforcement_total",
    "reinforcements",
    "territories_of",
    "territory_rows",
    "turn_order",
]

DEFAULT_ROUND_LIMIT = 100
PLACE_STEPS = (1, 5)  # besides "all"

# --- state plumbing ----------------------------------------------------------------------------


def _log(state: AtaqueState, *events: Any) -> AtaqueState:
    return attrs.evolve(state, log=state.log + events)


def _with_player(state: AtaqueState, seat: Seat, player: Player) -> AtaqueState:
    players = state.players[:seat] + (player,) + state.players[seat + 1 :]
    return attrs.evolve(state, players=players)


def _others(state: AtaqueState, seat: Seat) -> frozenset[Seat]:
    return frozenset(s for s in range(seat_count(state)) if s != seat)


def _private(state: AtaqueState, seat: Seat, mine: Any, theirs: Any) -> AtaqueState:
    """Log ``mine`` for ``seat`` and its redacted twin ``theirs`` for everybody else."""
    return _log(
        state,
        attrs.evolve(mine, visible_to=frozenset({seat})),
        attrs.evolve(theirs, visible_to=_others(state, seat)),
    )


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _end(state: AtaqueState, winners: tuple[Seat, ...], reason: str) -> AtaqueState:
    """End the game. ``reason`` is the English record the state and the log keep, the same
    whatever language is spoken (a replay must give the same state, byte for byte); players
    read ``end_reason``, worded from the final position in their language."""
    objectives = tuple(p.objective for p in state.players)
    state = attrs.evolve(state, phase=OVER, winners=winners, reason=reason, pending=None)
    return _log(state, GameEnded(winners=winners, reason=reason, objectives=objectives))


def _check_victory(state: AtaqueState) -> AtaqueState:
    if state.phase == OVER:
        return state
    n = seat_count(state)
    alive = [s for s in range(n) if state.players[s].alive]
    for i in range(n):
        seat = (state.active + i) % n
        if objective_met(state, seat):
            objective = OBJECTIVES[effective_objective(state, seat)]
            return _end(
                state,
                (seat,),
                f"{COLOUR_NAMES[seat]} met the objective: {objective.text}",
            )
    if len(alive) == 1:
        return _end(state, (alive[0],), f"{COLOUR_NAMES[alive[0]]} is the last army standing.")
    return state


def _start_turn(state: AtaqueState, seat: Seat) -> AtaqueState:
    base, conts = reinforcements(state, seat)
    bonus = [0] * len(CONTINENTS)
    for c in conts:
        bonus[c] = CONTINENTS[c].bonus
    hand = state.players[seat].hand
    state = attrs.evolve(
        state,
        active=seat,
        phase=EXCHANGE if sets_in(hand) else PLACE,
        to_place=base,
        bonus_left=tuple(bonus),
        conquered=False,
        pending=None,
        arrived=(),
    )
    return _log(
        state,
        TurnStarted(seat=seat, round=state.round, turn=state.turn),
        Reinforced(
            seat=seat,
            territories=len(territories_of(state, seat)),
            armies=base,
            continents=conts,
            first_round=state.round == 1,
        ),
    )


def _draw_card(state: AtaqueState, seat: Seat) -> AtaqueState:
    """The conqueror's card. Exchanged cards left the game, so an empty pile gives nothing
    (and the log says so) unless the setup chose TEG's reshuffle of the exchanged cards."""
    deck, discard, rng = state.deck, state.discard, state.rng
    if not deck:
        if not (state.reshuffle and discard):
            return _log(state, NothingDrawn(seat=seat))
        assert rng is not None
        deck, rng = rng.shuffle(discard)
        discard = ()
        state = _log(
            attrs.evolve(state, deck=deck, discard=discard, rng=rng),
            DeckReshuffled(cards=len(deck)),
        )
    card = deck[0]
    player = state.players[seat]
    state = _with_player(state, seat, attrs.evolve(player, hand=player.hand + (card,)))
    state = attrs.evolve(state, deck=deck[1:])
    return _private(state, seat, CardDrawn(seat=seat, card=card), CardDrawn(seat=seat, card=HIDDEN))


def _next_seat(state: AtaqueState) -> Seat:
    n = seat_count(state)
    for i in range(1, n + 1):
        seat = (state.active + i) % n
        if state.players[seat].alive:
            return seat
    return state.active


def _end_turn(state: AtaqueState) -> AtaqueState:
    seat = state.active
    if state.conquered:
        state = _draw_card(state, seat)
    state = _log(state, TurnEnded(seat=seat))
    nxt = _next_seat(state)
    n = seat_count(state)
    new_round = (nxt - state.starter) % n <= (seat - state.starter) % n
    rnd = state.round + 1 if new_round else state.round
    if state.round_limit and rnd > state.round_limit:
        state = attrs.evolve(state, arrived=(), to_place=0, bonus_left=())
        return _end(
            state,
            (),
            f"No objective was met in {state.round_limit} "
            f"{'round' if state.round_limit == 1 else 'rounds'}: the game is drawn.",
        )
    state = attrs.evolve(state, round=rnd, turn=state.turn + 1)
    return _check_victory(_start_turn(state, nxt))


def _must_exchange(state: AtaqueState, hand: tuple[int, ...]) -> bool:
    """At the start of a turn every set held is exchanged; after taking an eliminated
    player's cards (once the player has conquered this turn), only until 4 cards are left."""
    if state.conquered:
        return len(hand) >= HAND_LIMIT and bool(sets_in(hand))
    return bool(sets_in(hand))


def _after_conquest(state: AtaqueState) -> AtaqueState:
    """Back to the attack, unless the conqueror now holds more than 5 cards (taken from an
    eliminated player): then he exchanges at once and places those armies first."""
    hand = state.players[state.active].hand
    if len(hand) > HAND_LIMIT and _must_exchange(state, hand):
        return attrs.evolve(state, phase=EXCHANGE, to_place=0)
    return attrs.evolve(state, phase=ATTACK)


def _eliminate(state: AtaqueState, victim: Seat, by: Seat) -> AtaqueState:
    loser = state.players[victim]
    cards = loser.hand
    state = _with_player(state, victim, attrs.evolve(loser, hand=(), alive=False, eliminated_by=by))
    winner = state.players[by]
    state = _with_player(state, by, attrs.evolve(winner, hand=winner.hand + cards))
    state = _log(state, Eliminated(victim=victim, by=by, cards=len(cards)))
    if cards:
        state = _private(
            state,
            by,
            CardsTaken(seat=by, victim=victim, cards=cards),
            CardsTaken(seat=by, victim=victim, cards=(HIDDEN,) * len(cards)),
        )
    for s, p in enumerate(state.players):
        card = OBJECTIVES[p.objective]
        if p.alive and s != by and card.kind == DESTROY and card.colour == victim:
            state = _log(state, ObjectiveChanged(seat=s, colour=victim, visible_to=frozenset({s})))
    return state


# --- the game ----------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class AtaqueGame:
    """The Game protocol for Ataque; stateless, so one shared instance suffices."""

    id = "ataque"
    name = "Ataque"
    description = N_(
        "World conquest: 42 territories, dice battles, card exchanges and a "
        "secret objective for each army."
    )
    min_players = 3
    max_players = 6
    hidden_information = True
    options = (
        Option(
            "conquest_move",
            N_("After a conquest"),
            (
                (N_("Exactly 1 army moves in (as printed)"), 1),
                (N_("Up to 3 armies move in (house rule, TEG)"), 3),
            ),
        ),
        Option(
            "reshuffle",
            N_("Exchanged cards"),
            (
                (N_("Leave the game (as printed)"), False),
                (N_("Reshuffled when the pile runs out (house rule, TEG)"), True),
            ),
        ),
        Option(
            "round_limit",
            N_("Round limit"),
            ((N_("100 rounds"), 100), (N_("50 rounds"), 50), (N_("200 rounds"), 200)),
        ),
    )
    bots = BotTable(
        "engine.ataque.ai",
        ("easy", "teg", "strong", "expert"),
        elsewhere={"teg": "engine.ataque.teg", "expert": "engine.ataque.expert"},
    )
    state_type = AtaqueState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    rules_version = 2  # 2: one army moves in and exchanged cards leave the game, as printed

    def seat_labels(self, players: int = 4) -> tuple[str, ...]:
        """The colours in the current language: shown, never stored (saves keep seat
        numbers)."""
        return tuple(colour_name(s) for s in range(players))

    def new(self, config: Mapping[str, Any], seed: int, players: int = 4) -> AtaqueState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Ataque is for 3 to 6 players")
        # A key missing from the config (a save from before the option) plays as printed.
        most = config.get("conquest_move", 1)
        if not _is_int(most) or most not in (1, 3):
            raise ValueError(f"conquest_move must be 1 or 3, not {most!r}")
        reshuffle = config.get("reshuffle", False)
        if not isinstance(reshuffle, bool):
            raise ValueError(f"reshuffle must be true or false, not {reshuffle!r}")
        limit = config.get("round_limit", DEFAULT_ROUND_LIMIT)
        if not _is_int(limit) or limit < 0:
            raise ValueError(f"round_limit must be a whole number of rounds, not {limit!r}")
        rng = Rng.from_seed(seed)
        log: list[Any] = []
        # The dealer: everybody throws a die; the highest deals, ties throw again.
        contenders = tuple(range(players))
        while len(contenders) > 1:
            values, rng = rng.roll(len(contenders))
            log.append(DealerRolled(seats=contenders, values=values))
            top = max(values)
            contenders = tuple(s for s, v in zip(contenders, values, strict=True) if v == top)
        dealer = contenders[0]
        log.append(DealerChosen(seat=dealer))
        # Objectives: destroy cards for colours not in play are removed first.
        pool = [
            i for i, o in enumerate(OBJECTIVES) if not (o.kind == DESTROY and o.colour >= players)
        ]
        shuffled, rng = rng.shuffle(pool)
        objectives = [0] * players
        for i in range(players):
            objectives[(dealer + i) % players] = shuffled[i]
        # Territories: dealt one by one from the dealer round to his left.
        cards, rng = rng.shuffle(range(TERRITORY_COUNT))
        owner = [0] * TERRITORY_COUNT
        for i, t in enumerate(cards):
            owner[t] = (dealer + i) % players
        starter = (dealer + TERRITORY_COUNT) % players  # after the one who got the last card
        deck, rng = rng.shuffle(range(CARD_COUNT))
        first = max(MIN_REINFORCEMENT, owner.count(starter) // 2)
        state = AtaqueState(
            rng=rng,
            phase=PLACE,
            owner=tuple(owner),
            armies=(1,) * TERRITORY_COUNT,
            players=tuple(Player(objective=o) for o in objectives),
            deck=deck,
            discard=(),
            dealer=dealer,
            starter=starter,
            active=starter,
            first_round_armies=first,
            conquest_most=most,
            reshuffle=reshuffle,
            round_limit=limit,
            log=tuple(log),
        )
        for i in range(players):
            seat = (dealer + i) % players
            state = _private(
                state,
                seat,
                ObjectiveDrawn(seat=seat, objective=objectives[seat]),
                ObjectiveDrawn(seat=seat, objective=HIDDEN),
            )
        for seat in range(players):
            state = _log(
                state, TerritoriesDealt(seat=seat, territories=territories_of(state, seat))
            )
        return _check_victory(_start_turn(state, starter))

    def to_move(self, state: AtaqueState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def legal_actions(self, state: AtaqueState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        if phase == EXCHANGE:
            return tuple(Exchange(s) for s in sets_in(state.players[seat].hand))
        if phase == PLACE:
            out: list[Any] = []
            for t in range(TERRITORY_COUNT):
                most = placeable(state, t)
                if most:
                    counts = sorted({n for n in PLACE_STEPS if n < most} | {most})
                    out.extend(Place(t, n) for n in counts)
            return tuple(out)
        if phase == ATTACK:
            out = []
            owner, armies = state.owner, state.armies
            for t in range(TERRITORY_COUNT):
                if owner[t] != seat or armies[t] < 2:
                    continue
                top = attack_dice(armies[t])
                for n in NEIGHBOURS[t]:
                    if owner[n] != seat:
                        out.extend(Attack(t, n, k) for k in range(top, 0, -1))
            out.append(EndPhase())
            return tuple(out)
        if phase == MOVE_IN:
            pending = state.pending
            assert pending is not None
            return tuple(MoveIn(k) for k in range(pending.most + 1))
        if phase == REGROUP:
            out = []
            for t in range(TERRITORY_COUNT):
                most = movable(state, t)
                if not most:
                    continue
                for n in NEIGHBOURS[t]:
                    if state.owner[n] == seat:
                        out.extend(Regroup(t, n, k) for k in sorted({1, most}))
            out.append(EndPhase())
            return tuple(out)
        return ()

    # -- apply --

    def apply(self, state: AtaqueState, seat: Seat, action: Any) -> AtaqueState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(_("That is not a move in Ataque."))
        if isinstance(action, Exchange):
            state = self._exchange(state, seat, action)
        elif isinstance(action, Place):
            state = self._place(state, seat, action)
        elif isinstance(action, Attack):
            state = self._attack(state, seat, action)
        elif isinstance(action, MoveIn):
            state = self._move_in(state, seat, action)
        elif isinstance(action, Regroup):
            state = self._regroup(state, seat, action)
        else:
            return self._end_phase(state)
        return _check_victory(state)

    def _asked(self, state: AtaqueState) -> str:
        phase = state.phase
        if phase == EXCHANGE:
            return _("Hand in a set of three cards first: exchanging is compulsory.")
        if phase == PLACE:
            return _("Place your {armies} first.").format(
                armies=plural(armies_to_place(state), "army", "armies")
            )
        if phase == ATTACK:
            return _("Attack, or end the attack phase.")
        if phase == MOVE_IN:
            return _("Choose how many more armies move into the conquered territory.")
        if phase == REGROUP:
            return _("Regroup your armies, or end your turn.")
        return _("That move is not possible now.")

    def _territory(self, t: Any) -> int:
        if not _is_int(t) or not 0 <= t < TERRITORY_COUNT:
            raise IllegalAction(_("{value} is not a territory.").format(value=repr(t)))
        return t

    def _own(self, state: AtaqueState, seat: Seat, t: Any) -> int:
        t = self._territory(t)
        if state.owner[t] != seat:
            raise IllegalAction(_("{territory} is not yours.").format(territory=TERRITORIES[t]))
        return t

    def _count(self, n: Any, low: int, high: int, refused: str) -> int:
        """``n`` armies, between ``low`` and ``high``; ``refused`` says why not otherwise."""
        if not _is_int(n):
            raise IllegalAction(_("{value} is not a number of armies.").format(value=repr(n)))
        if n < low or n > high:
            raise IllegalAction(refused)
        return n

    def _exchange(self, state: AtaqueState, seat: Seat, action: Exchange) -> AtaqueState:
        if state.phase != EXCHANGE:
            if state.phase == PLACE and state.players[seat].hand:
                raise IllegalAction(
                    _("Cards are exchanged at the start of the turn, before placing.")
                )
            raise IllegalAction(self._asked(state))
        cards = action.cards
        player = state.players[seat]
        if not isinstance(cards, tuple) or not all(_is_int(c) for c in cards):
            raise IllegalAction(_("An exchange is three of your cards."))
        if len(cards) != 3 or len(set(cards)) != 3:
            raise IllegalAction(_("An exchange is exactly three different cards."))
        missing = [c for c in cards if c not in player.hand]
        if missing:
            c = missing[0]
            name = card_name(c) if 0 <= c < CARD_COUNT else repr(c)
            raise IllegalAction(_("The {card} card is not in your hand.").format(card=name))
        if not is_set(cards):
            raise IllegalAction(
                _(
                    "Those cards are not a set: three of one figure or three different figures "
                    "(a wildcard stands for any)."
                )
            )
        cards = tuple(sorted(cards))
        nth = player.exchanges + 1
        armies = exchange_armies(nth)
        bonus_on = tuple(
            t for c in cards if (t := card_territory(c)) is not None and state.owner[t] == seat
        )
        hand = tuple(c for c in player.hand if c not in cards)
        state = _with_player(state, seat, attrs.evolve(player, hand=hand, exchanges=nth))
        counts = list(state.armies)
        for t in bonus_on:
            counts[t] += CARD_BONUS
        state = attrs.evolve(
            state,
            armies=tuple(counts),
            discard=state.discard + cards,  # handed to the dealer: out of the game
            to_place=state.to_place + armies,
            phase=EXCHANGE if _must_exchange(state, hand) else PLACE,
        )
        return _log(
            state,
            Exchanged(seat=seat, cards=cards, number=nth, armies=armies, bonus_on=bonus_on),
        )

    def _place(self, state: AtaqueState, seat: Seat, action: Place) -> AtaqueState:
        if state.phase != PLACE:
            raise IllegalAction(self._asked(state))
        t = self._own(state, seat, action.territory)
        most = placeable(state, t)
        if not most:
            inside = listing(CONTINENTS[c].name for c, n in enumerate(state.bonus_left) if n)
            raise IllegalAction(
                _(
                    "Your remaining armies are a continent bonus: place them inside {continents}."
                ).format(continents=inside)
            )
        n = self._count(
            action.count,
            1,
            most,
            _("Exactly 1 army can be placed on {territory}.").format(territory=TERRITORIES[t])
            if most == 1
            else _("Between 1 and {most} armies can be placed on {territory}.").format(
                most=most, territory=TERRITORIES[t]
            ),
        )
        c = CONTINENT_OF[t]
        from_bonus = min(n, state.bonus_left[c])
        bonus_left = _set(state.bonus_left, c, state.bonus_left[c] - from_bonus)
        to_place = state.to_place - (n - from_bonus)
        state = attrs.evolve(
            state,
            armies=_set(state.armies, t, state.armies[t] + n),
            bonus_left=bonus_left,
            to_place=to_place,
            phase=PLACE if to_place or any(bonus_left) else ATTACK,
        )
        return _log(state, Placed(seat=seat, territory=t, count=n))

    def _attack(self, state: AtaqueState, seat: Seat, action: Attack) -> AtaqueState:
        if state.phase != ATTACK:
            raise IllegalAction(self._asked(state))
        src = self._territory(action.source)
        if state.owner[src] != seat:
            raise IllegalAction(
                _("{territory} is not yours to attack from.").format(territory=TERRITORIES[src])
            )
        dst = self._territory(action.target)
        if state.owner[dst] == seat:
            raise IllegalAction(
                _("{territory} is yours: attack an enemy territory.").format(
                    territory=TERRITORIES[dst]
                )
            )
        if dst not in ADJACENT[src]:
            raise IllegalAction(self._apart(src, dst))
        armies = state.armies[src]
        if armies < 2:
            raise IllegalAction(
                _("{territory} has only its occupying army, which may not attack.").format(
                    territory=TERRITORIES[src]
                )
            )
        top = attack_dice(armies)
        dice = action.dice
        if not _is_int(dice) or not 1 <= dice <= top:
            raise IllegalAction(
                _("From {territory} you may throw 1 to {most} dice.").format(
                    territory=TERRITORIES[src], most=top
                )
                if top > 1
                else _("From {territory} you may throw only 1 die.").format(
                    territory=TERRITORIES[src]
                )
            )
        rng = state.rng
        assert rng is not None
        attack, rng = rng.roll(dice)
        defence, rng = rng.roll(defence_dice(state.armies[dst]))
        lost_a, lost_d = compare(attack, defence)
        defender = state.owner[dst]
        counts = list(state.armies)
        counts[src] -= lost_a
        counts[dst] -= lost_d
        state = attrs.evolve(state, rng=rng, armies=tuple(counts))
        state = _log(
            state,
            Battle(
                attacker=seat,
                defender=defender,
                source=src,
                target=dst,
                attack=tuple(sorted(attack, reverse=True)),
                defence=tuple(sorted(defence, reverse=True)),
                attacker_lost=lost_a,
                defender_lost=lost_d,
            ),
        )
        if counts[dst] > 0:
            return state
        # Conquest: exactly one army moves in at once ("avanza con un ejército").
        counts[dst] = 1
        counts[src] -= 1
        owner = _set(state.owner, dst, seat)
        state = attrs.evolve(state, owner=owner, armies=tuple(counts), conquered=True)
        state = _log(state, Conquered(seat=seat, previous=defender, source=src, target=dst))
        if defender not in owner:
            state = _eliminate(state, defender, seat)
        extra = min(state.conquest_most - 1, counts[src] - 1)
        if extra > 0:
            return attrs.evolve(state, phase=MOVE_IN, pending=Conquest(src, dst, extra))
        return _after_conquest(state)

    def _move_in(self, state: AtaqueState, seat: Seat, action: MoveIn) -> AtaqueState:
        if state.phase != MOVE_IN:
            raise IllegalAction(self._asked(state))
        pending = state.pending
        assert pending is not None
        n = self._count(
            action.count,
            0,
            pending.most,
            _("Between 0 and {most} armies can follow into {territory}.").format(
                most=pending.most, territory=TERRITORIES[pending.target]
            ),
        )
        state = attrs.evolve(state, pending=None)
        if n:
            counts = list(state.armies)
            counts[pending.source] -= n
            counts[pending.target] += n
            state = attrs.evolve(state, armies=tuple(counts))
            state = _log(
                state, MovedIn(seat=seat, source=pending.source, target=pending.target, count=n)
            )
        return _after_conquest(state)

    def _regroup(self, state: AtaqueState, seat: Seat, action: Regroup) -> AtaqueState:
        if state.phase != REGROUP:
            if state.phase == ATTACK:
                raise IllegalAction(_("End the attack phase before regrouping."))
            raise IllegalAction(self._asked(state))
        src = self._own(state, seat, action.source)
        dst = self._own(state, seat, action.target)
        if dst not in ADJACENT[src]:
            raise IllegalAction(self._apart(src, dst))
        most = movable(state, src)
        if not most:
            raise IllegalAction(
                _(
                    "No army can leave {territory}: one must stay, and armies that arrived in "
                    "this regroup may not move again."
                ).format(territory=TERRITORIES[src])
            )
        n = self._count(
            action.count,
            1,
            most,
            _("Exactly 1 army can leave {territory}.").format(territory=TERRITORIES[src])
            if most == 1
            else _("Between 1 and {most} armies can leave {territory}.").format(
                most=most, territory=TERRITORIES[src]
            ),
        )
        arrived = state.arrived or (0,) * TERRITORY_COUNT
        counts = list(state.armies)
        counts[src] -= n
        counts[dst] += n
        state = attrs.evolve(
            state, armies=tuple(counts), arrived=_set(arrived, dst, arrived[dst] + n)
        )
        return _log(state, Regrouped(seat=seat, source=src, target=dst, count=n))

    @staticmethod
    def _apart(src: int, dst: int) -> str:
        return _("{source} and {target} do not border each other.").format(
            source=TERRITORIES[src], target=TERRITORIES[dst]
        )

    def _end_phase(self, state: AtaqueState) -> AtaqueState:
        if state.phase == ATTACK:
            return attrs.evolve(state, phase=REGROUP, arrived=(0,) * TERRITORY_COUNT)
        if state.phase == REGROUP:
            return _end_turn(state)
        raise IllegalAction(self._asked(state))

    # -- view / outcome --

    def view(self, state: AtaqueState, seat: Seat | None) -> AtaqueState:
        """Other players' objectives (until the game is over) and cards, the draw pile's
        order and contents, and the RNG are hidden; the log keeps what ``seat`` may see. A
        spectator (``seat`` None) sees no hand, and the objectives only once the game is
        over, as the players do."""
        over = state.phase == OVER
        players = tuple(
            p
            if s == seat
            else attrs.evolve(
                p,
                objective=p.objective if over else HIDDEN,
                hand=(HIDDEN,) * len(p.hand),
            )
            for s, p in enumerate(state.players)
        )
        return attrs.evolve(
            state,
            rng=None,
            players=players,
            deck=(HIDDEN,) * len(state.deck),
            log=visible_log(state.log, seat),
        )

    def outcome(self, state: AtaqueState) -> Outcome | None:
        """The reason in the current language (``end_reason``), not the stored English one."""
        if state.phase != OVER:
            return None
        return Outcome(state.winners, end_reason(state))

    def progress(self, state: AtaqueState) -> str:
        if state.phase != OVER:
            held = len(territories_of(state, state.active))
            return _("Round {round} · {colour} to play · {territories}").format(
                round=number(state.round),
                colour=colour_name(state.active),
                territories=plural(held, "territory", "territories"),
            )
        if not state.winners:
            return _("Drawn in round {round}").format(round=number(state.round))
        return _("{colour} won in round {round}").format(
            colour=colour_name(state.winners[0]), round=number(state.round)
        )

    def chapter(self, state: AtaqueState) -> str:
        """A replay steps a player's turn at a time, named by its round and colour."""
        return _("Round {round} · {colour}").format(
            round=number(state.round), colour=colour_name(state.active)
        )

    def rules_markdown(self) -> str:
        return rules_text("engine.ataque")


ATAQUE = AtaqueGame()
