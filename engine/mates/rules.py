"""Mates Hostiles: the Game object the registry lists (``MATES``).

Two modes, picked by the number of players: 2–4 play the card game at the table, 1 solves the
mates of the cards (the solo puzzles). Only real choices wait for an action: the attacker's
choice of attack, each defender's counter-attack, and the pieces announced to break a tied
duel; everything else runs inside ``apply``. The rules live beside this module, one seam each:

- ``board``: chess on the cards — a piece put on a card and scored (``placement``);
- ``table``: the piles, cards turned up and covered, who is still in;
- ``rounds``: who starts, the choice of attack, the Elo attack, the end of a round;
- ``duels``: a piece attack played out as duels, counter-attacks and ties;
- ``settling``: who pays whom once the duels are decided;
- ``solo``: the solo puzzles.

The helpers the screen needs are re-exported here (see ``__all__``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import chess

from engine.core import (
    HIDDEN,
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
from engine.i18n import N_, _, ngettext, number
from engine.mates.actions import ACTION_TYPES, EloAttack, PieceAttack
from engine.mates.board import (
    Placement,
    card_board,
    card_fen,
    color_name,
    pieces_on,
    placement,
    position,
    score_on,
)
from engine.mates.data import (
    ATTACKERS,
    BLACK,
    COLORS,
    DECK_DEFAULT,
    DECK_EXTENDED,
    PIECE_VALUES,
    WHITE,
    Card,
    DeckError,
    deck_from_config,
    load_deck,
    mating_moves,
    piece_words,
)
from engine.mates.duels import (
    announce,
    attack_placement,
    card_for,
    counter_placement,
    piece_attack,
)
from engine.mates.rounds import (
    ROUND_LIMIT,
    allowed_kinds,
    check_kind,
    elo_attack,
    record_kind,
    who_starts,
)
from engine.mates.solo import (
    HINT_COST,
    SOLVED_POINTS,
    hint_piece,
    parse_answer,
    play_solo,
    show_next,
    solo_actions,
)
from engine.mates.state import (
    CHOOSE,
    COUNTER,
    ELO,
    EVENT_TYPES,
    OVER,
    PIECE,
    PUZZLE,
    REVIEW,
    SOLO,
    TABLE,
    TIE_ATTACK,
    TIE_DEFEND,
    Dealt,
    MatesState,
    Piece,
    Solo,
    Stack,
)
from engine.mates.table import (
    alive,
    deal_size,
    facing_card,
    pile_counts,
    seat_name,
    seat_short,
    turn_order,
)
from engine.rng import Rng
from engine.words import listing, plural

__all__ = [
    "HINT_COST",
    "MATES",
    "ROUND_LIMIT",
    "SOLVED_POINTS",
    "MatesGame",
    "Placement",
    "alive",
    "allowed_kinds",
    "attack_placement",
    "card_board",
    "card_fen",
    "counter_placement",
    "deal_size",
    "end_reason",
    "facing_card",
    "hint_piece",
    "mating_moves",
    "parse_answer",
    "pieces_on",
    "pile_counts",
    "placement",
    "redacted_cards",
    "score_on",
    "turn_order",
]

_REDACTED: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}


def redacted_cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The deck as a view shows it: the played mating move blanked (it solves the puzzle)."""
    known = _REDACTED.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    out = tuple(attrs.evolve(c, mate_san="") if c.mate_san else c for c in cards)
    if len(_REDACTED) >= 64:
        _REDACTED.clear()
    _REDACTED[id(cards)] = (cards, out)
    return out


# What each phase asks for (English msgids, translated when a move is refused).
_ASKED = {
    CHOOSE: N_("Choose your attack: by Elo (White or Black) or with a piece of your card."),
    COUNTER: N_("Announce your counter-attack: a piece of your card, with colour and square."),
    TIE_DEFEND: N_("The duel is tied: announce a piece of your new card."),
    TIE_ATTACK: N_("The duel is tied: announce a piece of your new card."),
    PUZZLE: N_("Enter the mating move, ask for a hint or give up."),
    REVIEW: N_("Go on to the next card."),
}


def end_reason(state: MatesState) -> str:
    """Why a finished game ended, in the current language, from the final position (a view
    will do): the sentence the state keeps is the game's English record, so a save made in
    one language reads in another."""
    if state.mode == SOLO:
        solo = state.solo
        assert solo is not None
        return _("Solved {solved} of {total} mates · score {score} · best streak {best}.").format(
            solved=number(solo.solved),
            total=number(solo.total),
            score=number(solo.score),
            best=number(solo.best_streak),
        )
    if len(alive(state)) == 1:
        return _("{player} won every card.").format(player=seat_name(alive(state)[0]))
    counts = pile_counts(state)
    winners = state.winners
    return ngettext(
        "After {rounds} rounds {names} has the most cards ({count}).",
        "After {rounds} rounds {names} have the most cards ({count}).",
        len(winners),
    ).format(
        rounds=number(ROUND_LIMIT),
        names=listing(seat_name(s) for s in winners),
        count=number(max((counts[s] for s in winners), default=0)),
    )


class MatesGame:
    """The Game protocol for Mates Hostiles; stateless, so one shared instance suffices."""

    id = "mates"
    name = "Mates Hostiles"
    description = N_(
        "Chess-mate cards from real tournaments: attack with your card's Elo or with one of its "
        "pieces, for 2–4 players; or solve the mates alone."
    )
    min_players = 1
    max_players = 4
    hidden_information = True
    options = (
        Option(
            "deck",
            N_("Deck"),
            (
                (N_("Default (48 cards)"), DECK_DEFAULT),
                (N_("Extended (106 cards)"), DECK_EXTENDED),
            ),
        ),
        Option(
            "puzzles",
            N_("Solo puzzles"),
            ((N_("Every card"), 0), (N_("10 cards"), 10), (N_("20 cards"), 20)),
        ),
    )
    bots: Mapping[str, Bot] = BotTable(
        "engine.mates.ai", ("easy", "strong", "expert"), elsewhere={"expert": "engine.mates.expert"}
    )
    state_type = MatesState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    rules_version = 1
    # A deck file (from `batallas mates-deck`) replaces the deck option: text -> config["deck"].
    load_deck = staticmethod(load_deck)

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        """The seats in the current language: shown, never stored (saves keep seat numbers)."""
        if players == 1:
            return (_("Solver"),)
        return tuple(seat_name(s) for s in range(players))

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> MatesState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(_("Mates Hostiles is for 1 player (solo puzzles) or 2–4 players"))
        try:
            cards = deck_from_config(config.get("deck", DECK_DEFAULT))
        except DeckError as exc:
            raise ValueError(_("deck: {problem}").format(problem=exc)) from None
        rng = Rng.from_seed(seed)
        order, rng = rng.shuffle(range(len(cards)))
        if players == 1:
            limit = config.get("puzzles", 0)
            if type(limit) is not int or limit < 0:
                raise ValueError(_("puzzles must be a whole number (0 for every card)"))
            chosen = order[:limit] if limit else order
            state = MatesState(
                mode=SOLO,
                rng=rng,
                cards=cards,
                phase=PUZZLE,
                unused=order[len(chosen) :],
                solo=Solo(order=chosen, current=chosen[0], total=len(chosen)),
            )
            return show_next(state)
        each = deal_size(players, len(cards))
        if each < 1:
            raise ValueError(
                _("deck: {cards} are too few for {players} players").format(
                    cards=plural(len(cards), "card", "cards"), players=number(players)
                )
            )
        piles = tuple(order[s * each : (s + 1) * each] for s in range(players))
        state = MatesState(
            mode=TABLE,
            rng=rng,
            cards=cards,
            phase=CHOOSE,
            piles=piles,
            unused=order[players * each :],
            last_kind=("",) * players,
            log=(Dealt(players=players, each=each, unused=len(cards) - players * each),),
        )
        return who_starts(state)

    def to_move(self, state: MatesState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        return (state.active,)

    # -- legal actions --

    def allowed_kinds(self, state: MatesState) -> tuple[str, ...]:
        """The attack kinds the attacker may choose: both, except that with two players left
        each must differ from his previous one."""
        return allowed_kinds(state)

    def legal_actions(self, state: MatesState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        phase = state.phase
        if phase in (PUZZLE, REVIEW):
            return solo_actions(state)
        out: tuple[Any, ...] = ()
        kinds = allowed_kinds(state) if phase == CHOOSE else (PIECE,)
        if ELO in kinds:
            out += (EloAttack(WHITE), EloAttack(BLACK))
        card = card_for(state)
        if PIECE in kinds and card is not None and card != HIDDEN:
            out += tuple(
                PieceAttack(p.color, p.piece, p.square) for p in pieces_on(state.cards[card])
            )
        return out

    # -- apply --

    def apply(self, state: MatesState, seat: Seat, action: Any) -> MatesState:
        check_seat(self, state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(_("That is not a move in Mates Hostiles."))
        if state.mode == SOLO:
            return play_solo(state, action, self._asked(state))
        if isinstance(action, EloAttack):
            if state.phase != CHOOSE:
                raise IllegalAction(self._asked(state))
            side = action.side.lower() if isinstance(action.side, str) else action.side
            if side not in COLORS:
                raise IllegalAction(_("Name the side whose Elo attacks: white or black."))
            check_kind(state, ELO)
            return elo_attack(record_kind(state, ELO), side)
        if isinstance(action, PieceAttack):
            card = card_for(state)
            if card is None:
                raise IllegalAction(self._asked(state))
            if state.phase == CHOOSE:
                check_kind(state, PIECE)
            piece = self._check_piece(state.cards[card], action)
            return self._announce(state, piece)
        raise IllegalAction(_("That move belongs to the solo puzzles."))

    def _asked(self, state: MatesState) -> str:
        asked = _ASKED.get(state.phase)
        return _(asked) if asked else _("That move is not possible now.")

    def _check_piece(self, card: Card, action: PieceAttack) -> Piece:
        color, letter, square = action.color, action.piece, action.square
        if not isinstance(color, str) or color.lower() not in COLORS:
            raise IllegalAction(_("Name the piece's colour: white or black."))
        if not isinstance(letter, str) or letter.upper() not in PIECE_VALUES:
            raise IllegalAction(_("Name the piece by its letter: Q, R, B, N or P."))
        if not isinstance(square, str) or square.lower() not in chess.SQUARE_NAMES:
            raise IllegalAction(
                _("{square} is not a square: use a file a–h and a rank 1–8.").format(
                    square=repr(square)
                )
            )
        color, letter, square = color.lower(), letter.upper(), square.lower()
        if letter == "K":
            raise IllegalAction(_("The king cannot attack: choose another piece."))
        piece = Piece(color, letter, square)
        if piece not in pieces_on(card):
            there = position(card.fen).piece_at(chess.parse_square(square))
            if there is None:
                holds = _("{square} is empty").format(square=square)
            else:
                holds = _("{square} holds a {piece}").format(
                    square=square,
                    piece=piece_words(color_name(there.color), there.symbol().upper()),
                )
            raise IllegalAction(
                _("There is no {piece} on {square} of your card ({holds}).").format(
                    piece=piece_words(color, letter), square=square, holds=holds
                )
            )
        assert letter in ATTACKERS
        return piece

    def _announce(self, state: MatesState, piece: Piece) -> MatesState:
        if state.phase == CHOOSE:
            return piece_attack(record_kind(state, PIECE), piece)
        return announce(state, piece)

    # -- view / outcome --

    def view(self, state: MatesState, seat: Seat | None) -> MatesState:
        """Piles, the box, the face-down covers, the attacker's card until it is shown, the
        solo cards to come, the played mating moves and the RNG are hidden; a spectator
        (``seat`` None) sees the attacker's card only once it is shown."""
        r = state.round
        if r is not None:
            card = r.card if (r.revealed or seat == r.attacker) else HIDDEN
            duels = tuple(
                attrs.evolve(d, defence=_hide_blind(d.defence), attack=_hide_blind(d.attack))
                for d in r.duels
            )
            r = attrs.evolve(r, card=card, duels=duels)
        solo = state.solo
        if solo is not None:
            solo = attrs.evolve(solo, order=(HIDDEN,) * len(solo.order))
        return attrs.evolve(
            state,
            rng=None,
            cards=redacted_cards(state.cards),
            piles=tuple((HIDDEN,) * len(p) for p in state.piles),
            unused=(HIDDEN,) * len(state.unused),
            round=r,
            solo=solo,
            log=visible_log(state.log, seat),
        )

    def outcome(self, state: MatesState) -> Outcome | None:
        """The reason in the current language (``end_reason``), not the stored English one."""
        if state.phase != OVER:
            return None
        return Outcome(state.winners, end_reason(state))

    def progress(self, state: MatesState) -> str:
        if state.mode == SOLO:
            solo = state.solo
            assert solo is not None
            if state.phase == OVER:
                return _("Solved {solved} of {total} · score {score}").format(
                    solved=number(solo.solved), total=number(solo.total), score=number(solo.score)
                )
            nth = len(solo.history) + (1 if state.phase == PUZZLE else 0)
            return _("Card {n} of {total} · score {score} · streak {streak}").format(
                n=number(nth),
                total=number(solo.total),
                score=number(solo.score),
                streak=number(solo.streak),
            )
        if state.phase == OVER:
            return _("{names} won after {rounds}").format(
                names=listing(seat_name(s) for s in state.winners),
                rounds=plural(state.rounds, "round", "rounds"),
            )
        counts = ", ".join(
            f"{seat_short(s)} {number(len(p))}"
            for s, p in enumerate(state.piles)
            if s not in state.out
        )
        return _("Round {round} · piles: {counts}").format(
            round=number(state.rounds), counts=counts
        )

    def chapter(self, state: MatesState) -> str:
        """A replay steps a round at a time on the table, a card at a time in the solo (its
        puzzle and the review of the answer together)."""
        if state.mode == SOLO:
            solo = state.solo
            assert solo is not None
            nth = len(solo.history) + (1 if state.phase == PUZZLE else 0)
            return _("Card {n}").format(n=number(nth))
        return _("Round {round}").format(round=number(state.rounds))

    def rules_markdown(self) -> str:
        return rules_text("engine.mates")


def _hide_blind(stack: Stack) -> Stack:
    if not stack.blind:
        return stack
    return attrs.evolve(stack, blind=(HIDDEN,) * len(stack.blind))


MATES = MatesGame()
